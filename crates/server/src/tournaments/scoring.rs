//! An arena's scoring, as lichess scores its arenas (lila's
//! `modules/tournament/src/main/arena/ArenaSheet.scala`, `Sheet.addResult`
//! and `Score.value`; `Pairing.quickDraw` and `notSoQuickFinish`):
//!
//! - a win scores 2, a draw 1, a loss 0;
//! - after two wins in a row a player is *on fire*: each further win
//!   scores 4 and a draw 2, until a game that is not a win;
//! - a draw in under 20 plies scores nothing (anti-draw), nor does a
//!   draw of under 60 plies when the player's last game that was not a
//!   loss was a draw too (a draw streak; lila's standard-chess length);
//! - a berserked win scores one point more when the game lasted 14 plies
//!   or more (seven moves each).

/// A tournament game's result for one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Won.
    Win,
    /// Drawn.
    Draw,
    /// Lost.
    Loss,
}

/// One finished game of a player, as the scoring sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The player's result.
    pub outcome: Outcome,
    /// Moves played in the game (both sides').
    pub plies: i64,
    /// Whether the player berserked.
    pub berserk: bool,
}

/// Plies under which a draw scores nothing (lila: `quickDraw`).
pub const QUICK_DRAW_PLIES: i64 = 20;
/// Plies from which a drawn game is long enough to score in a draw
/// streak (lila: `longGame`, standard chess).
pub const LONG_GAME_PLIES: i64 = 60;
/// Plies from which a berserked win earns its point (lila:
/// `notSoQuickFinish`).
pub const BERSERK_PLIES: i64 = 14;

/// A player's sheet: the points of each game in order, and the total.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sheet {
    /// Points of each game, in the order they ended.
    pub points: Vec<i64>,
    /// Their sum.
    pub total: i64,
    /// Whether the last two games were wins (the next win scores 4).
    pub on_fire: bool,
}

/// The sheet of a player's games, oldest first.
///
/// ```ignore
/// use Outcome::*;
/// let game = |outcome| Played { outcome, plies: 40, berserk: false };
/// // 2, 2, then on fire: 4, then a draw on fire: 2.
/// assert_eq!(sheet(&[game(Win), game(Win), game(Win), game(Draw)]).total, 10);
/// ```
#[must_use]
pub fn sheet(games: &[Played]) -> Sheet {
    let mut sheet = Sheet::default();
    let mut before: Vec<Outcome> = Vec::with_capacity(games.len());
    for game in games {
        let on_fire = before.len() >= 2 && before[before.len() - 2..] == [Outcome::Win; 2];
        let mut points = match game.outcome {
            Outcome::Win if on_fire => 4,
            Outcome::Win => 2,
            Outcome::Draw if game.plies < QUICK_DRAW_PLIES => 0,
            Outcome::Draw if on_fire => 2,
            Outcome::Draw if game.plies < LONG_GAME_PLIES && draw_streak(&before) => 0,
            Outcome::Draw => 1,
            Outcome::Loss => 0,
        };
        if game.outcome == Outcome::Win && game.berserk && game.plies >= BERSERK_PLIES {
            points += 1;
        }
        sheet.points.push(points);
        sheet.total += points;
        before.push(game.outcome);
    }
    sheet.on_fire = before.len() >= 2 && before[before.len() - 2..] == [Outcome::Win; 2];
    sheet
}

/// Whether the last game before that was not a loss was a draw.
fn draw_streak(before: &[Outcome]) -> bool {
    before
        .iter()
        .rev()
        .find(|&&o| o != Outcome::Loss)
        .is_some_and(|&o| o == Outcome::Draw)
}

#[cfg(test)]
mod tests {
    use super::Outcome::{Draw, Loss, Win};
    use super::*;

    fn game(outcome: Outcome, plies: i64, berserk: bool) -> Played {
        Played {
            outcome,
            plies,
            berserk,
        }
    }

    fn points(games: &[Played]) -> Vec<i64> {
        sheet(games).points
    }

    #[test]
    fn a_win_is_two_a_draw_one_a_loss_nothing() {
        let s = sheet(&[
            game(Win, 40, false),
            game(Loss, 40, false),
            game(Draw, 40, false),
        ]);
        assert_eq!(s.points, [2, 0, 1]);
        assert_eq!(s.total, 3);
        assert!(!s.on_fire);
    }

    #[test]
    fn two_wins_in_a_row_set_a_player_on_fire_until_a_game_that_is_not_a_win() {
        // W W: 2 2; on fire: W 4, W 4, D 2 (on fire still when it began);
        // the draw put the fire out: W 2, W 2, then W 4 again.
        let games = [
            game(Win, 30, false),
            game(Win, 30, false),
            game(Win, 30, false),
            game(Win, 30, false),
            game(Draw, 70, false),
            game(Win, 30, false),
            game(Win, 30, false),
            game(Win, 30, false),
        ];
        assert_eq!(points(&games), [2, 2, 4, 4, 2, 2, 2, 4]);
        assert!(sheet(&games).on_fire);
        // A loss puts it out too: W W L W is 2 2 0 2.
        let lost = [
            game(Win, 30, false),
            game(Win, 30, false),
            game(Loss, 30, false),
            game(Win, 30, false),
        ];
        assert_eq!(points(&lost), [2, 2, 0, 2]);
        assert!(!sheet(&lost).on_fire);
    }

    #[test]
    fn a_quick_draw_scores_nothing() {
        // 19 plies is a quick draw (0), 20 is not (1); on fire, a quick
        // draw still scores nothing.
        assert_eq!(
            points(&[
                game(Draw, 19, false),
                game(Loss, 40, false),
                game(Win, 40, false)
            ]),
            [0, 0, 2]
        );
        assert_eq!(points(&[game(Draw, 20, false)]), [1]);
        assert_eq!(
            points(&[
                game(Win, 40, false),
                game(Win, 40, false),
                game(Draw, 19, false)
            ]),
            [2, 2, 0]
        );
    }

    #[test]
    fn a_short_draw_after_a_draw_scores_nothing_losses_between_do_not_count() {
        // D(40) 1; D(40) after a draw: 0; L 0; D(40): the last game that
        // was not a loss was a draw: 0; D(60) is long: 1; W 2; D(40): the
        // last non-loss was a win: 1.
        let games = [
            game(Draw, 40, false),
            game(Draw, 40, false),
            game(Loss, 40, false),
            game(Draw, 40, false),
            game(Draw, 60, false),
            game(Win, 40, false),
            game(Draw, 40, false),
        ];
        assert_eq!(points(&games), [1, 0, 0, 0, 1, 2, 1]);
    }

    #[test]
    fn a_berserked_win_of_fourteen_plies_or_more_scores_one_more() {
        // Berserked: W(14) 3, W(13) 2 (too quick), on fire W(40) 5, a
        // berserked loss or draw nothing more: L 0, D 1.
        let games = [
            game(Win, 14, true),
            game(Win, 13, true),
            game(Win, 40, true),
            game(Loss, 40, true),
            game(Draw, 40, true),
        ];
        assert_eq!(points(&games), [3, 2, 5, 0, 1]);
        assert_eq!(sheet(&games).total, 11);
    }
}
