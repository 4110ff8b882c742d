//! `wari replay`: play a move list and print the game's state as JSON.

use std::io::Write;

use serde_json::json;
use wari_rules::{
    Game, Side,
    record::{parse_moves, play_moves},
};

use crate::args::Start;
use crate::error::Error;

/// Play moves from the start (or --from) and print the game as one JSON
/// line.
///
/// The keys are position, to_move ("S"/"N"), over, result ("S", "N",
/// "draw" or null), reason (how the game ended, or null), score (the final
/// count, like "25-22" or "24½-23½" under cycle=even, or null), captured
/// ([south, north] in the position), legal (the legal moves' letters),
/// moves (the letters played) and rules. The cycle rule applies: a repeated position ends the
/// game.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    start: Start,

    /// The moves, as separate letters (C d A f), joined (CdAf) or one
    /// quoted string ("C d A f")
    #[arg(value_name = "MOVE")]
    moves: Vec<String>,
}

pub fn run(args: &Args, out: &mut impl Write) -> Result<(), Error> {
    let mut game = Game::from_position(args.start.position()?);
    let moves = parse_moves(&args.moves.join(" ")).map_err(Error::input)?;
    play_moves(&mut game, &moves).map_err(Error::input)?;
    serde_json::to_writer(&mut *out, &state(&game)).map_err(std::io::Error::from)?;
    writeln!(out)?;
    Ok(())
}

/// The game's state with the keys of `wari replay`'s contract.
fn state(game: &Game) -> serde_json::Value {
    let position = game.position();
    let outcome = game.outcome();
    let letters = |moves: &[wari_rules::Move]| -> Vec<String> {
        moves.iter().map(ToString::to_string).collect()
    };
    json!({
        "position": position.to_string(),
        "to_move": position.turn().letter().to_string(),
        "over": game.is_over(),
        "result": outcome.map(|o| o.result_name()),
        "reason": outcome.map(|o| o.reason().name()),
        "score": outcome.map(|o| o.score_text()),
        "captured": Side::ALL.map(|s| position.captured(s)),
        "legal": letters(&game.legal_moves()),
        "moves": letters(game.moves()),
        "rules": game.rules().to_string(),
    })
}
