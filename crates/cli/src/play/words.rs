//! What `wari play` says, in the player's language: the messages of
//! `web/locales/<lang>/cli.ftl` (through [`wari_i18n`]), the language
//! chosen by `--lang` or the terminal's locale, and the game's things
//! (sides, scores) put into words; illegal moves and bad positions in
//! the rules' own words (`rules.ftl`, [`wari_i18n::Text`]).

use std::io;
use wari_engine::Score;
use wari_i18n::{Arg, Text, message};

use wari_rules::{Outcome, PlayError, PositionError, RulesError, Side};

pub use wari_i18n::Language;

/// The language `wari play` speaks: `--lang` if given, else the
/// terminal's (`LC_ALL`, `LC_MESSAGES`, `LANG`), else English.
///
/// ```ignore
/// assert_eq!(choose(Some("es".parse().unwrap())).code(), "es");
/// ```
pub fn choose(asked: Option<Language>) -> Language {
    asked.or_else(Language::from_env).unwrap_or_default()
}

/// A side as the catalogue selects on it: `south` or `north`.
pub fn side(side: Side) -> Arg<'static> {
    match side {
        Side::South => "south".into(),
        Side::North => "north".into(),
    }
}

/// A side's name alone: "South", "Sur".
pub fn side_name(lang: Language, s: Side) -> String {
    message(lang, "cli-side", &[("side", side(s))])
}

/// A finished game's winner as the catalogue selects on it: `south`,
/// `north` or `draw`.
pub fn winner(outcome: &Outcome) -> Arg<'static> {
    match outcome.winner() {
        Some(s) => side(s),
        None => "draw".into(),
    }
}

/// How a game ended, in words: `$winner` (who won, "South wins", "gana el
/// Sur"), `$reason` (why, "majority", "mayoría") and `$score` (`25-19`),
/// the arguments of `cli-game-over`.
pub fn outcome_args(lang: Language, outcome: &Outcome) -> [(&'static str, Arg<'static>); 3] {
    let winner = message(lang, "cli-winner", &[("winner", winner(outcome))]);
    let reason = message(
        lang,
        "cli-reason",
        &[("reason", outcome.reason().name().into())],
    );
    [
        ("winner", winner.into()),
        ("reason", reason.into()),
        ("score", outcome.score_text().into()),
    ]
}

/// An engine's score: `+1.25` seeds ahead (`+1,25` in Spanish), or a
/// proven margin `+3 (exact, 12 plies)`.
pub fn score(lang: Language, score: Score) -> String {
    match score {
        Score::Seeds(centi) => {
            let sign = if centi < 0 { "-" } else { "+" };
            let seeds = f64::from(centi.unsigned_abs()) / 100.0;
            message(
                lang,
                "cli-score-seeds",
                &[("sign", sign.into()), ("seeds", seeds.into())],
            )
        }
        Score::Exact { margin, plies } => message(
            lang,
            "cli-score-exact",
            &[
                ("margin", format!("{margin:+}").into()),
                ("plies", plies.into()),
            ],
        ),
    }
}

/// Why a file could not be read or written, in the player's language
/// for the failures a player can act on (no such file or folder, no
/// permission, a folder where a file should be, a full or read-only
/// disk); the system's own words for the rare others.
pub fn io_error(lang: Language, e: &io::Error) -> String {
    let key = match e.kind() {
        io::ErrorKind::NotFound => "cli-io-not-found",
        io::ErrorKind::PermissionDenied => "cli-io-permission-denied",
        io::ErrorKind::IsADirectory => "cli-io-is-a-directory",
        io::ErrorKind::NotADirectory => "cli-io-not-a-directory",
        io::ErrorKind::StorageFull => "cli-io-storage-full",
        io::ErrorKind::ReadOnlyFilesystem => "cli-io-read-only",
        io::ErrorKind::InvalidData => "cli-io-not-text",
        _ => return e.to_string(),
    };
    message(lang, key, &[])
}

/// Why a `--rules` string cannot be read: "bad rules \"oware\": unknown rule
/// set …" in the player's language (`rules.ftl`'s refusal).
pub fn rules_error(lang: Language, text: &str, e: &RulesError) -> String {
    let why = Text::from(e.clone()).render(lang);
    message(
        lang,
        "cli-bad-rules",
        &[("text", format!("{text:?}").into()), ("why", why.into())],
    )
}

/// Why a move cannot be played, in the rules' words (`rules.ftl`, as
/// the server says it).
pub fn play_error(lang: Language, e: &PlayError) -> String {
    Text::from(*e).render(lang)
}

/// Why a position string (`--from`) cannot be read (`rules.ftl`).
pub fn position_error(lang: Language, e: &PositionError) -> String {
    Text::from(e.clone()).render(lang)
}

#[cfg(test)]
mod tests {
    use super::*;
    use wari_rules::{Game, Move, Position, Rules};

    fn es() -> Language {
        "es".parse().unwrap()
    }

    #[test]
    fn scores_take_the_languages_decimal_mark() {
        assert_eq!(score(Language::ENGLISH, Score::Seeds(125)), "+1.25");
        assert_eq!(score(es(), Score::Seeds(-50)), "-0,50");
        assert_eq!(score(es(), Score::Seeds(300)), "+3,00");
        assert_eq!(
            score(
                es(),
                Score::Exact {
                    margin: 2,
                    plies: 1
                }
            ),
            "+2 (exacto, 1 media jugada)"
        );
        assert_eq!(
            score(
                Language::ENGLISH,
                Score::Exact {
                    margin: -4,
                    plies: 12
                }
            ),
            "-4 (exact, 12 plies)"
        );
    }

    #[test]
    fn illegal_moves_are_told_in_the_rules_words() {
        let game = Game::default();
        let e = game.clone().play("a".parse::<Move>().unwrap()).unwrap_err();
        assert_eq!(
            play_error(es(), &e),
            "el hoyo a es del Norte y es el turno del Sur"
        );
        // The English is the rules crate's own text, word for word.
        assert_eq!(play_error(Language::ENGLISH, &e), e.to_string());
        let start =
            Position::from_string("3,1,0,0,2,1/0,0,0,0,0,0 S 20-21", Rules::default()).unwrap();
        let e = Game::from_position(start)
            .play("A".parse().unwrap())
            .unwrap_err();
        assert_eq!(
            play_error(es(), &e),
            "A no llega a la fila vacía del Norte: el Sur debe alimentar al rival"
        );
        assert_eq!(play_error(Language::ENGLISH, &e), e.to_string());
    }

    #[test]
    fn file_errors_a_player_can_act_on_are_told_in_their_language() {
        let missing = std::fs::read_to_string("/nonexistent/wari/game.ogn").unwrap_err();
        assert_eq!(
            io_error(es(), &missing),
            "no existe ese archivo ni esa carpeta"
        );
        assert_eq!(
            io_error(Language::ENGLISH, &missing),
            "no such file or folder"
        );
        let other = io::Error::other("a disk on fire");
        assert_eq!(io_error(es(), &other), "a disk on fire");
    }

    #[test]
    fn bad_rules_are_told_in_the_rules_words() {
        let e = "oware".parse::<Rules>().unwrap_err();
        assert_eq!(
            rules_error(es(), "oware", &e),
            "reglas incorrectas \"oware\": reglas desconocidas \"oware\": se esperaba abapa, wari, warri o kalah"
        );
        assert_eq!(
            rules_error(Language::ENGLISH, "oware", &e),
            format!("bad rules \"oware\": {e}")
        );
    }

    #[test]
    fn bad_positions_are_told_in_english_as_the_rules_crate_does() {
        for text in ["4,4/4 S", "4,x/4,4 S 0-0", "4,4/4 S 0-0", "4,4/4,4 W 0-0"] {
            let e =
                Position::from_string(text, Rules::default().with_pits(2).unwrap()).unwrap_err();
            assert_eq!(position_error(Language::ENGLISH, &e), e.to_string());
        }
        let e = Position::from_string("4,4/4 S 0-0", Rules::default()).unwrap_err();
        assert_ne!(position_error(es(), &e), e.to_string());
    }
}
