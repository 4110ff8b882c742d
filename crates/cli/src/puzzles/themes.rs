//! What a puzzle is about, read from its position and its answer by the
//! rules library's description of a move (`Sowing`).

use wari_rules::{EndReason, Game, Move, Position, Sowing, Variant};

/// Every theme, as the puzzle files name them.
pub const THEMES: [&str; 6] = [
    "capture-chain",
    "grand-slam",
    "feeding",
    "cycle",
    "endgame",
    "extra-move",
];

/// The seeds on the board up to which a puzzle is an endgame (the tables'
/// ground: `wari serve` builds them to 12 seeds on first use).
pub const ENDGAME_SEEDS: u8 = 12;

/// The themes of the puzzle whose answer is `answer` at `position`, and
/// whose proven line (answer first) is `line`, played in `game`.
#[must_use]
pub fn themes(game: &Game, answer: Move, line: &[Move]) -> Vec<&'static str> {
    let position: Position = *game.position();
    let mut themes = Vec::new();
    let Ok(sowing) = Sowing::of(&position, answer) else {
        return themes;
    };
    // (A Kalah capture takes two pits, the landing pit and the one
    // opposite: not a chain.)
    if !position.rules().is_kalah() && sowing.captures().len() >= 2 {
        themes.push("capture-chain");
    }
    // A grand slam played, or one there to be avoided.
    if position
        .legal_moves()
        .iter()
        .any(|&m| position.is_grand_slam(m))
    {
        themes.push("grand-slam");
    }
    let opponent = position.turn().opposite();
    if !position.rules().is_kalah() && position.row(opponent).iter().all(|&s| s == 0) {
        themes.push("feeding");
    }
    if position.rules().variant() == Variant::Kalah && sowing.extra_move() {
        themes.push("extra-move");
    }
    let mut after = game.clone();
    for &m in line {
        if after.play(m).is_err() {
            break;
        }
    }
    if after
        .outcome()
        .is_some_and(|o| o.reason() == EndReason::Repetition)
    {
        themes.push("cycle");
    }
    if position.seeds_on_board() <= ENDGAME_SEEDS {
        themes.push("endgame");
    }
    debug_assert!(themes.iter().all(|t| THEMES.contains(t)));
    themes
}
