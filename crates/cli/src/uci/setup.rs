//! A `position` command made into a game: the start (the rules' start or
//! a `fen`) and the moves played on it, so the cycle rule sees them.

use wari_rules::record::{parse_moves, play_moves};
use wari_rules::{Game, Position, Rules, auale};

use super::command::Setup;

/// The game a `position` command describes, under `rules`.
///
/// The `fen` is Aualé's notation (`4-4-4-4-4-4-4-4-4-4-4-4-0-0-S`), or
/// this project's position string (`4,4,4,4,4,4/4,4,4,4,4,4 S 0-0`).
///
/// # Errors
/// Why the position cannot be set up: a malformed fen, a letter that is
/// not a move, or the first illegal move and its ply (counted from 1 after
/// the fen).
pub fn game(setup: &Setup, rules: Rules) -> Result<Game, String> {
    let start = match &setup.fen {
        None => Position::new(rules),
        Some(fen) => read_fen(fen, rules)?,
    };
    let mut game = Game::from_position(start);
    let moves = parse_moves(&setup.moves).map_err(|e| format!("moves: {e}"))?;
    play_moves(&mut game, &moves).map_err(|e| format!("moves: {e}"))?;
    Ok(game)
}

fn read_fen(fen: &str, rules: Rules) -> Result<Position, String> {
    if fen.contains('/') {
        return Position::from_string(fen, rules).map_err(|e| format!("bad fen {fen:?}: {e}"));
    }
    auale::read_position(fen, rules).map_err(|e| format!("bad fen {fen:?}: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn setup(fen: Option<&str>, moves: &str) -> Setup {
        Setup {
            fen: fen.map(str::to_owned),
            moves: moves.to_owned(),
        }
    }

    #[test]
    fn joined_spaced_and_mixed_moves_agree() {
        let rules = Rules::default();
        let joined = game(&setup(None, "FfEa"), rules).unwrap();
        assert_eq!(game(&setup(None, "F f E a"), rules).unwrap(), joined);
        assert_eq!(game(&setup(None, "Ff E a"), rules).unwrap(), joined);
        assert_eq!(joined.moves().len(), 4);
    }

    #[test]
    fn auale_and_wari_fens_agree() {
        let rules = Rules::default();
        let a = game(&setup(Some("0-5-5-5-5-4-4-4-4-4-4-4-0-0-N"), ""), rules).unwrap();
        let b = game(&setup(Some("0,5,5,5,5,4/4,4,4,4,4,4 N 0-0"), ""), rules).unwrap();
        assert_eq!(a, b);
    }

    #[test]
    fn errors_name_the_ply() {
        let rules = Rules::default();
        let e = game(&setup(None, "CdC"), rules).unwrap_err();
        assert_eq!(e, "moves: ply 3 (C): pit C is empty");
        let e = game(&setup(None, "A A"), rules).unwrap_err();
        assert!(e.starts_with("moves: ply 2 (A): "), "{e}");
        let e = game(&setup(None, "AxB"), rules).unwrap_err();
        assert!(e.starts_with("moves: ply 2: "), "{e}");
        let e = game(&setup(Some("4-4-4"), ""), rules).unwrap_err();
        assert!(e.starts_with("bad fen \"4-4-4\": "), "{e}");
    }

    #[test]
    fn the_lone_seed_chase_ends_by_repetition() {
        let fen = Some("1-0-0-0-0-0-1-0-0-0-0-0-23-23-S");
        let rules = Rules::default();
        let almost = game(&setup(fen, "AaBbCcDdEeF"), rules).unwrap();
        assert!(!almost.is_over());
        let over = game(&setup(fen, "AaBbCcDdEeFf"), rules).unwrap();
        assert_eq!(
            over.outcome().map(|o| o.reason().name()),
            Some("repetition")
        );
    }

    proptest! {
        #[test]
        fn random_setups_never_panic(fen in "[0-9SN/, -]{0,40}", moves in "[A-Fa-g ]{0,30}") {
            for rules in ["abapa", "kalah,pits=4", "wari,cycle=3"] {
                let rules: Rules = rules.parse().unwrap();
                let _ = game(&setup(Some(&fen), &moves), rules);
                let _ = game(&setup(None, &moves), rules);
            }
        }
    }
}
