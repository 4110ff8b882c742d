//! `wari puzzles`: puzzles from engine self-play under one rule set:
//! positions where one move wins at least `--margin` seeds more than every
//! other, proven by searching every move to the end of the game (with the
//! endgame tables as the search's oracle: exact under Kalah, estimates
//! under Oware's cycle rule, which the search then plays out), tagged by
//! theme and graded by difficulty; written one JSON object a line
//! (docs/PUZZLES.md).

mod prove;
#[cfg(test)]
mod tests;
mod themes;

use std::collections::HashSet;
use std::io::Write;
use std::path::PathBuf;

use serde_json::json;
use wari_engine::random::{self, RngExt};
use wari_engine::{Engine, Level, Limits, Oracle};
use wari_rules::record::write_moves;
use wari_rules::{Game, Move, Position};

use prove::{clearly_best, prove_moves};

use crate::args::{RulesArg, at_least, between};
use crate::error::Error;
use crate::output::OutputFile;
use crate::progress;

/// Generate puzzles from engine self-play: positions with one clearly
/// best move, proven to the end of the game, one JSON object a line
/// (docs/PUZZLES.md).
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    rules: RulesArg,

    /// How many puzzles
    #[arg(long, default_value_t = 500, value_parser = at_least::<usize>(1))]
    count: usize,

    /// The file to write (NDJSON)
    #[arg(long, value_name = "FILE")]
    out: PathBuf,

    /// The answer must win at least this many seeds more than any other
    /// move
    #[arg(long, default_value_t = 2, value_parser = between::<i32>(1, 48))]
    margin: i32,

    /// Positions with at most this many seeds on the board are tried
    #[arg(long, default_value_t = 12, value_parser = between::<u8>(1, 96))]
    max_seeds: u8,

    /// Nodes the search may spend proving each move
    #[arg(long, default_value_t = 100_000, value_parser = at_least::<u64>(1000))]
    nodes: u64,

    /// The seed of the self-play games' random choices (the same seed
    /// gives the same puzzles)
    #[arg(long, default_value_t = 1)]
    seed: u64,

    /// Also print each puzzle on stdout as soon as it is found (the file
    /// is written at the end)
    #[arg(long)]
    stream: bool,

    /// Endgame tables for the proofs [default: $WARI_EGDB, else ./egdb,
    /// else ~/.local/share/wari/egdb; the small ones are built there]
    #[arg(long, value_name = "DIR")]
    egdb: Option<PathBuf>,
}

/// The depth of the self-play games' moves.
const PLAY_DEPTH: u32 = 6;
/// The depth of the quick look that picks positions worth proving.
const LOOK_DEPTH: u32 = 6;

pub fn run(args: &Args, out: &mut impl Write) -> Result<(), Error> {
    let rules = args.rules.rules_or_default()?;
    let file = OutputFile::check(&args.out)?;
    // A position near the end, for the tables' first use to build them.
    let m = usize::from(rules.pits());
    let row = |first: u8| {
        (0..m)
            .map(|i| if i == 0 { first } else { 0 }.to_string())
            .collect::<Vec<_>>()
            .join(",")
    };
    let near_end = Position::from_string(&format!("{}/{} S 0-0", row(1), row(1)), rules)
        .map_err(Error::input)?;
    crate::tablebase::build_on_first_use(args.egdb.as_deref(), &rules, &near_end, &mut |note| {
        eprintln!("wari: {note}");
    })?;
    let oracle = crate::tablebase::open(args.egdb.as_deref(), &rules)?;
    let mut prover = Engine::new();
    prover.set_hash_mb(64);
    prover.set_oracle(oracle.clone());
    let mut player = Engine::new();
    player.set_hash_mb(16);
    player.set_level(Level::new(8).map_err(Error::input)?);
    player.set_seed(Some(args.seed));
    player.new_game();
    let mut rng = random::seeded(args.seed);
    let bar = progress::bar(args.count as u64, "puzzles");
    let mut seen = HashSet::new();
    let mut lines = Vec::new();
    let mut games = 0u64;
    while lines.len() < args.count {
        games += 1;
        let mut game = Game::new(rules);
        // A few random moves first, so that no two games are alike.
        for _ in 0..rng.random_range(2..8) {
            let moves = game.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m = moves[rng.random_range(0..moves.len())];
            game.play(m).map_err(Error::input)?;
        }
        while !game.is_over() && lines.len() < args.count {
            // The game's position, and the positions each move leads to
            // (the moves not played are as instructive as the one played).
            let here = *game.position();
            let mut candidates = vec![here];
            candidates.extend(here.legal_moves().iter().filter_map(|&m| here.play(m).ok()));
            for position in candidates {
                if lines.len() < args.count
                    && !position.is_over()
                    && position.seeds_on_board() <= args.max_seeds
                    && position.count_legal_moves() >= 2
                    && seen.insert(position.to_string())
                    && let Some(puzzle) = find(
                        &mut prover,
                        oracle.as_deref(),
                        &Game::from_position(position),
                        args,
                    )
                {
                    let id = format!("{}-{:04}", rules.variant().name(), lines.len() + 1);
                    let line = puzzle.to_json(id);
                    if args.stream {
                        writeln!(out, "{line}")?;
                        out.flush()?;
                    }
                    lines.push(line);
                    bar.inc(1);
                }
            }
            let m = player
                .think(&game, &Limits::depth(PLAY_DEPTH))
                .best
                .ok_or_else(|| Error::input("the engine found no move in a game not over"))?;
            game.play(m).map_err(Error::input)?;
        }
    }
    bar.finish_and_clear();
    let mut text = String::new();
    for line in &lines {
        text.push_str(&line.to_string());
        text.push('\n');
    }
    file.write(&text)?;
    writeln!(
        out,
        "{} from {} to {}",
        progress::count(lines.len() as u64, "puzzle", "puzzles"),
        progress::count(games, "self-play game", "self-play games"),
        args.out.display()
    )?;
    Ok(())
}

/// A puzzle found: where, the moves of its answer (the solver's moves
/// and the opponent's replies between them), what the first move wins
/// over the next best, and how hard it is.
#[derive(Debug)]
pub struct Puzzle {
    game: Game,
    solution: Vec<Move>,
    value: i32,
    gap: i32,
    plies: u32,
    themes: Vec<&'static str>,
    rating: i32,
}

impl Puzzle {
    fn to_json(&self, id: String) -> serde_json::Value {
        let position = self.game.position();
        json!({
            "id": id,
            "rules": position.rules().to_string(),
            "position": position.to_string(),
            "solution": write_moves(&self.solution).replace(' ', ""),
            "value": self.value,
            "gap": self.gap,
            "plies": self.plies,
            "themes": self.themes,
            "rating": self.rating,
        })
    }
}

/// The puzzle at `game`'s position, if one move there is clearly best.
fn find(
    prover: &mut Engine,
    tables: Option<&dyn Oracle>,
    game: &Game,
    args: &Args,
) -> Option<Puzzle> {
    // A quick look first: a move must stand out before it is proven.
    let looked = look(prover, game);
    if looked.len() < 2 || looked[0].1 - looked[1].1 < args.margin * 100 {
        return None;
    }
    let order: Vec<Move> = looked.iter().map(|&(m, _)| m).collect();
    let proven = prove_moves(prover, tables, game, args.nodes, &order, Some(args.margin))?;
    let best = clearly_best(&proven, args.margin)?;
    let gap = best.margin - proven[1].margin;
    let mut solution = vec![best.pit];
    // One more move of the solver's, if the line goes on to another
    // position where one move is clearly best.
    let mut after = game.clone();
    after.play(best.pit).ok()?;
    let mover = game.position().turn();
    if !after.is_over() && after.position().turn() != mover && best.line.len() >= 2 {
        let reply = best.line[1];
        let mut next = after.clone();
        if next.play(reply).is_ok()
            && !next.is_over()
            && next.position().turn() == mover
            && next.legal_moves().len() >= 2
            && let Some(more) = prove_moves(prover, tables, &next, args.nodes, &[], None)
            && let Some(second) = clearly_best(&more, args.margin)
        {
            solution.extend([reply, second.pit]);
        }
    }
    let themes = themes::themes(game, best.pit, &best.line);
    // Harder: a longer proof, an answer a shallow look misses, more moves
    // to find.
    let shallow = prover.think(game, &Limits::depth(2)).best;
    let rating = (900
        + 60 * best.plies.min(20) as i32
        + if shallow == Some(best.pit) { 0 } else { 300 }
        + 200 * (solution.len() as i32 - 1) / 2)
        .clamp(600, 2600);
    Some(Puzzle {
        game: game.clone(),
        solution,
        value: best.margin,
        gap,
        plies: best.plies,
        themes,
        rating,
    })
}

/// Each legal move's score in hundredths of a seed at a small depth, best
/// first.
fn look(engine: &mut Engine, game: &Game) -> Vec<(Move, i32)> {
    let mover = game.position().turn();
    let mut scores: Vec<(Move, i32)> = game
        .legal_moves()
        .iter()
        .filter_map(|&m| {
            let mut child = game.clone();
            child.play(m).ok()?;
            let score = if child.is_over() {
                let outcome = child.outcome()?;
                (i32::from(outcome.halves(mover)) - i32::from(outcome.halves(mover.opposite())))
                    * 50
            } else {
                let c = engine
                    .think(&child, &Limits::depth(LOOK_DEPTH))
                    .score
                    .centiseeds();
                if child.position().turn() == mover {
                    c
                } else {
                    -c
                }
            };
            Some((m, score))
        })
        .collect();
    scores.sort_by_key(|&(_, s)| std::cmp::Reverse(s));
    scores
}
