//! `wari-bench`: wari-rules side by side with board-game's Oware, on one
//! thread in the same run: perft from the start and random playouts.
//!
//! The peer is `board_game::games::oware::OwareBoard<6>` (crates.io
//! `board-game`, by Karel Peeters). Its perft is its own
//! `util::game_stats::perft_naive`, which counts the last ply's moves
//! without playing them, as ours does; its `perft` adds a hash-map cache of
//! subtrees, a different algorithm, shown only with `--peer-memo`.
//!
//! Run it with `cargo run --release -p wari-bench`.

#![forbid(unsafe_code)]

use std::alloc::System;
use std::hint::black_box;
use std::process::ExitCode;
use std::time::Instant;

use board_game::board::{Board, BoardMoves};
use board_game::games::oware::OwareBoard;
use board_game::util::game_stats;
use clap::Parser;
use internal_iterator::InternalIterator;
use stats_alloc::{INSTRUMENTED_SYSTEM, StatsAlloc};
use wari_engine::random::{self, Rng, RngExt};
use wari_rules::{Position, perft};

mod report;

/// The system allocator, counting allocations (a reallocation counts as
/// one): the bench reports how many each measurement made, to show that
/// the move generator makes none.
#[global_allocator]
static ALLOCATOR: &StatsAlloc<System> = &INSTRUMENTED_SYSTEM;

fn allocations() -> u64 {
    let stats = ALLOCATOR.stats();
    (stats.allocations + stats.reallocations) as u64
}

/// The peer's board: six pits a row, four seeds a pit by default.
type Peer = OwareBoard<6>;

const PEER_NAME: &str = "board-game 0.8 (OwareBoard<6>)";

/// Perft from the Oware start, RULES.md §4 and the issue: d = 1..=11.
const REFERENCE: [u64; 11] = [
    6, 36, 190, 1014, 5219, 27332, 139_157, 0, 3_592_872, 18_137_964, 91_558_687,
];

/// Random games played by both libraries in lockstep, to check they play
/// the same games.
const LOCKSTEP_GAMES: u64 = 10_000;

/// Benchmarks wari-rules against board-game's Oware on one thread: perft
/// from the start and complete random games.
#[derive(Parser, Debug)]
#[command(version)]
struct Options {
    /// Deepest perft to time (from --min-depth up to this).
    #[arg(long, default_value_t = 11)]
    depth: u32,
    /// Shallowest perft to time.
    #[arg(long, default_value_t = 9)]
    min_depth: u32,
    /// Times each measurement is taken; the best is kept.
    #[arg(long, default_value_t = 3)]
    runs: u32,
    /// Random games per run, for each library.
    #[arg(long, default_value_t = 500_000)]
    games: u64,
    /// A random game still going after this many plies is stopped and
    /// counted as capped. Ours end by the cycle rule long before; the
    /// peer has no cycle rule, so a lone-seed chase would never end.
    #[arg(long, default_value_t = 1000)]
    max_plies: u32,
    /// Seed of the random move choices (the same for both libraries).
    #[arg(long, default_value_t = 0x5EED)]
    seed: u64,
    /// Also time the peer's memoizing `perft` (a hash map of subtrees).
    #[arg(long)]
    peer_memo: bool,
    /// Print the figures as one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

/// One perft depth timed for both libraries.
#[derive(Debug)]
struct PerftRow {
    depth: u32,
    count: u64,
    ours_s: f64,
    /// Heap allocations in one of our perft runs.
    ours_allocations: u64,
    peer_s: f64,
    peer_allocations: u64,
    peer_memo_s: Option<f64>,
}

/// Random playouts of one library.
#[derive(Debug)]
struct Playouts {
    games: u64,
    plies: u64,
    capped: u64,
    /// Games ended by the cycle rule (ours only: the peer has none).
    cycles: u64,
    max_plies: u64,
    seconds: f64,
    allocations: u64,
}

impl Playouts {
    fn games_per_s(&self) -> f64 {
        self.games as f64 / self.seconds
    }

    fn plies_per_game(&self) -> f64 {
        self.plies as f64 / self.games as f64
    }

    fn mplies_per_s(&self) -> f64 {
        self.plies as f64 / self.seconds / 1e6
    }

    /// Finished games a second, leaving out the capped ones and, in
    /// proportion to their plies, the time they took.
    fn finished_games_per_s(&self) -> f64 {
        let finished_plies = self.plies - self.capped * self.max_plies;
        let seconds = self.seconds * finished_plies as f64 / self.plies as f64;
        (self.games - self.capped) as f64 / seconds
    }
}

fn main() -> ExitCode {
    let options = Options::parse();
    if options.min_depth == 0 || options.min_depth > options.depth || options.runs == 0 {
        eprintln!("wari-bench: need 1 <= --min-depth <= --depth and --runs >= 1");
        return ExitCode::FAILURE;
    }

    let mut rows = Vec::new();
    for depth in options.min_depth..=options.depth {
        match time_perft(depth, &options) {
            Ok(row) => {
                if !options.json {
                    eprintln!("perft {depth}: {} leaves", row.count);
                }
                rows.push(row);
            }
            Err(message) => {
                eprintln!("wari-bench: {message}");
                return ExitCode::FAILURE;
            }
        }
    }

    let lockstep = match same_games_in_lockstep(options.seed, LOCKSTEP_GAMES, options.max_plies) {
        Ok(lockstep) => lockstep,
        Err(message) => {
            eprintln!("wari-bench: {message}");
            return ExitCode::FAILURE;
        }
    };
    let ours = best_of(options.runs, || playouts_ours(&options));
    let peer = best_of(options.runs, || playouts_peer(&options));

    if options.json {
        println!("{}", report::json(&options, &rows, &ours, &peer, &lockstep));
    } else {
        print!(
            "{}",
            report::table(&options, &rows, &ours, &peer, &lockstep)
        );
    }
    ExitCode::SUCCESS
}

/// Times perft at `depth` for both libraries, best of `runs` each, and
/// checks that the counts agree with each other and the reference.
fn time_perft(depth: u32, options: &Options) -> Result<PerftRow, String> {
    let start = Position::default();
    let peer_start = Peer::default();
    let (ours_s, count, ours_allocations) =
        best_time(options.runs, || perft(black_box(&start), depth));
    let (peer_s, peer_count, peer_allocations) = best_time(options.runs, || {
        game_stats::perft_naive(black_box(&peer_start), depth)
    });
    if count != peer_count {
        return Err(format!(
            "perft {depth} disagrees: wari-rules {count}, {PEER_NAME} {peer_count}"
        ));
    }
    let reference = REFERENCE.get(depth as usize - 1).copied().unwrap_or(0);
    if reference != 0 && count != reference {
        return Err(format!(
            "perft {depth} is {count}, the reference count is {reference}"
        ));
    }
    let peer_memo_s = if options.peer_memo {
        let (seconds, memo_count, _) = best_time(options.runs, || {
            game_stats::perft(black_box(&peer_start), depth)
        });
        if memo_count != count {
            return Err(format!(
                "perft {depth} disagrees: wari-rules {count}, {PEER_NAME} memoized {memo_count}"
            ));
        }
        Some(seconds)
    } else {
        None
    };
    Ok(PerftRow {
        depth,
        count,
        ours_s,
        ours_allocations,
        peer_s,
        peer_allocations,
        peer_memo_s,
    })
}

/// The shortest of `runs` timings of `f`, with its result and the heap
/// allocations of one run.
fn best_time(runs: u32, mut f: impl FnMut() -> u64) -> (f64, u64, u64) {
    let mut best = f64::INFINITY;
    let mut result = 0;
    let before = allocations();
    for _ in 0..runs {
        let t = Instant::now();
        result = black_box(f());
        best = best.min(t.elapsed().as_secs_f64());
    }
    (best, result, (allocations() - before) / u64::from(runs))
}

fn best_of(runs: u32, mut f: impl FnMut() -> Playouts) -> Playouts {
    (0..runs)
        .map(|_| f())
        .min_by(|a, b| a.seconds.total_cmp(&b.seconds))
        .expect("at least one run")
}

/// Complete random games with wari-rules: uniformly random legal moves
/// until `Position::is_over()` or the cycle rule (RULES.md §2.5, the
/// default `cycle=2`: a position's second occurrence ends the game). The
/// cycle rule compares `Position::key`s since the last capture, kept in a
/// buffer reused from game to game.
fn playouts_ours(options: &Options) -> Playouts {
    let start = Position::default();
    let (mut plies, mut capped, mut cycles) = (0, 0, 0);
    let mut since_capture: Vec<u128> = Vec::with_capacity(1024);
    let before = allocations();
    let t = Instant::now();
    for game in 0..options.games {
        let mut rng = game_rng(options.seed, game);
        let mut position = black_box(start);
        since_capture.clear();
        since_capture.push(position.key());
        let mut ply = 0;
        while !position.is_over() {
            if ply == options.max_plies {
                capped += 1;
                break;
            }
            let moves = position.legal_moves();
            let on_board = position.seeds_on_board();
            position.play_unchecked(moves[rng.random_range(0..moves.len())]);
            ply += 1;
            let key = position.key();
            if position.seeds_on_board() != on_board {
                since_capture.clear();
            } else if since_capture.contains(&key) {
                cycles += 1;
                break;
            }
            since_capture.push(key);
        }
        plies += u64::from(ply);
        black_box(position);
    }
    Playouts {
        games: options.games,
        plies,
        capped,
        cycles,
        max_plies: u64::from(options.max_plies),
        seconds: t.elapsed().as_secs_f64(),
        allocations: allocations() - before,
    }
}

/// Complete random games with the peer, through its public API: the
/// available moves gathered in one pass, then `play` (which checks the
/// move: the peer has no unchecked play).
fn playouts_peer(options: &Options) -> Playouts {
    let start = Peer::default();
    let (mut plies, mut capped) = (0, 0);
    let before = allocations();
    let t = Instant::now();
    for game in 0..options.games {
        let mut rng = game_rng(options.seed, game);
        let mut board = black_box(start.clone());
        let mut ply = 0;
        while !board.is_done() {
            if ply == options.max_plies {
                capped += 1;
                break;
            }
            let mut moves = [0; 6];
            let mut n = 0;
            board
                .available_moves()
                .expect("the game is not over")
                .for_each(|mv| {
                    moves[n] = mv;
                    n += 1;
                });
            board
                .play(moves[rng.random_range(0..n)])
                .expect("an available move is legal");
            ply += 1;
        }
        plies += u64::from(ply);
        black_box(board);
    }
    Playouts {
        games: options.games,
        plies,
        capped,
        cycles: 0,
        max_plies: u64::from(options.max_plies),
        seconds: t.elapsed().as_secs_f64(),
        allocations: allocations() - before,
    }
}

/// How the peer's games compare with ours, from [`same_games_in_lockstep`].
#[derive(Debug, Default)]
struct Lockstep {
    games: u64,
    /// Games the two libraries play identically to the end.
    identical: u64,
    /// Games the peer ends early by its own rule for two lone seeds chasing
    /// each other; our `Position` leaves that to the cycle rule of a `Game`
    /// (RULES.md §2.5).
    peer_stalemate: u64,
    /// Games where a move takes every seed of the opponent's row and the
    /// mover's row is empty: a grand slam under abapa (no capture,
    /// RULES.md §2.3), but the peer captures.
    peer_last_seeds_slam: u64,
}

/// The random stream of one game: both libraries draw from it, so they
/// play the same moves, and one game's length does not shift the next's.
fn game_rng(seed: u64, game: u64) -> Rng {
    random::seeded(random::derive(seed, game))
}

/// Plays `games` random games with both libraries in lockstep and checks
/// after every ply that the boards, the counts, the number of legal moves
/// and at the end the winner agree, up to the two known differences of
/// the peer's rules (see [`Lockstep`]).
fn same_games_in_lockstep(seed: u64, games: u64, max_plies: u32) -> Result<Lockstep, String> {
    use board_game::board::Player;
    use wari_rules::Side;

    let mut summary = Lockstep {
        games,
        ..Lockstep::default()
    };
    for game in 0..games {
        let mut rng = game_rng(seed, game);
        let mut position = Position::default();
        let mut board = Peer::default();
        let mut before = position;
        let mut last = None;
        for ply in 0..=max_plies {
            let same = position.row(Side::South) == board.pits()[0]
                && position.row(Side::North) == board.pits()[1]
                && position.captured(Side::South) == board.score(Player::A)
                && position.captured(Side::North) == board.score(Player::B);
            let known_slam = last.is_some_and(|m| {
                before.is_grand_slam(m) && position.row(m.side()).iter().all(|&s| s == 0)
            });
            match (position.is_over(), board.is_done()) {
                // At a majority the peer still sweeps a row: the winner is
                // what must agree then.
                (true, true) if same_winner(&position, &board) => {
                    summary.identical += 1;
                    break;
                }
                (false, false) if same => {}
                _ if known_slam => {
                    summary.peer_last_seeds_slam += 1;
                    break;
                }
                (false, true) if position.seeds_on_board() == 2 => {
                    summary.peer_stalemate += 1;
                    break;
                }
                _ => {
                    return Err(format!(
                        "game {game} ply {ply}: wari-rules and the peer disagree after \
                         {before:?}: {position:?} against\n{board}"
                    ));
                }
            }
            if ply == max_plies {
                summary.identical += 1;
                break;
            }
            let moves = position.legal_moves();
            let mut peer_moves = 0;
            board
                .available_moves()
                .expect("the game is not over")
                .for_each(|_| peer_moves += 1);
            if moves.len() != peer_moves {
                return Err(format!(
                    "game {game} ply {ply}: {} legal moves against the peer's {peer_moves} in \
                     {position:?}",
                    moves.len()
                ));
            }
            let m = moves[rng.random_range(0..moves.len())];
            before = position;
            last = Some(m);
            position.play_unchecked(m);
            board
                .play(m.column().into())
                .expect("an available move is legal");
        }
    }
    Ok(summary)
}

fn same_winner(position: &Position, board: &Peer) -> bool {
    use board_game::board::{Outcome, Player};
    use wari_rules::Side;

    let ours = position.outcome().map(|o| o.winner());
    let peer = board.outcome().map(|o| match o {
        Outcome::WonBy(Player::A) => Some(Side::South),
        Outcome::WonBy(Player::B) => Some(Side::North),
        Outcome::Draw => None,
    });
    ours.is_some() && ours == peer
}
