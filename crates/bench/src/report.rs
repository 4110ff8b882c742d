//! The bench's figures as a table for people or one JSON object for docs.

use std::fmt::Write as _;

use crate::{Lockstep, Options, PEER_NAME, PerftRow, Playouts};

fn mleaves(count: u64, seconds: f64) -> f64 {
    count as f64 / seconds / 1e6
}

pub(crate) fn table(
    options: &Options,
    rows: &[PerftRow],
    ours: &Playouts,
    peer: &Playouts,
    lockstep: &Lockstep,
) -> String {
    let mut out = String::new();
    let w = &mut out;
    let _ = writeln!(
        w,
        "Oware (abapa) from the start, one thread, best of {} runs",
        options.runs
    );
    let _ = writeln!(
        w,
        "ours: wari-rules {} perft; peer: {PEER_NAME} util::game_stats::perft_naive",
        env!("CARGO_PKG_VERSION")
    );
    let _ = writeln!(
        w,
        "(both count the last ply's moves without playing them)\n"
    );
    let _ = write!(
        w,
        "{:>5} {:>12} {:>9} {:>9} {:>9} {:>9} {:>9}",
        "depth", "count", "ours s", "ours M/s", "peer s", "peer M/s", "ours/peer"
    );
    if options.peer_memo {
        let _ = write!(w, " {:>9} {:>9}", "memo s", "memo M/s");
    }
    let _ = writeln!(w);
    for row in rows {
        let _ = write!(
            w,
            "{:>5} {:>12} {:>9.3} {:>9.1} {:>9.3} {:>9.1} {:>8.2}x",
            row.depth,
            row.count,
            row.ours_s,
            mleaves(row.count, row.ours_s),
            row.peer_s,
            mleaves(row.count, row.peer_s),
            row.peer_s / row.ours_s,
        );
        if let Some(memo) = row.peer_memo_s {
            let _ = write!(w, " {:>9.3} {:>9.1}", memo, mleaves(row.count, memo));
        }
        let _ = writeln!(w);
    }
    if let Some(row) = rows.last() {
        let _ = writeln!(
            w,
            "heap allocations in one perft {} run: ours {}, peer {}",
            row.depth, row.ours_allocations, row.peer_allocations
        );
    }
    let _ = writeln!(
        w,
        "\nrandom games from the start: {} games a run, seed {:#x}, uniform legal moves \
         (a ChaCha8 stream a game from wari_engine::random, the same for both)",
        options.games, options.seed
    );
    let _ = writeln!(
        w,
        "checked ply by ply on {} games: {} identical, {} ended early by the peer's lone-seed \
         stalemate rule, {} differ by the peer capturing a grand slam that takes the last seeds",
        lockstep.games, lockstep.identical, lockstep.peer_stalemate, lockstep.peer_last_seeds_slam
    );
    let _ = writeln!(
        w,
        "ours end by the cycle rule (a position's second occurrence, counted in `cycles`); \
         the peer has none, so a game still going after {} plies is stopped (capped)",
        options.max_plies
    );
    let _ = writeln!(
        w,
        "{:>5} {:>10} {:>11} {:>10} {:>10} {:>7} {:>7} {:>8} {:>7}",
        "",
        "games/s",
        "finished/s",
        "plies/game",
        "M plies/s",
        "cycles",
        "capped",
        "seconds",
        "allocs"
    );
    for (name, p) in [("ours", ours), ("peer", peer)] {
        let _ = writeln!(
            w,
            "{:>5} {:>10.0} {:>11.0} {:>10.2} {:>10.2} {:>7} {:>7} {:>8.3} {:>7}",
            name,
            p.games_per_s(),
            p.finished_games_per_s(),
            p.plies_per_game(),
            p.mplies_per_s(),
            p.cycles,
            p.capped,
            p.seconds,
            p.allocations
        );
    }
    let _ = writeln!(
        w,
        "ours/peer: {:.2}x games/s, {:.2}x finished games/s, {:.2}x plies/s",
        ours.games_per_s() / peer.games_per_s(),
        ours.finished_games_per_s() / peer.finished_games_per_s(),
        ours.mplies_per_s() / peer.mplies_per_s(),
    );
    out
}

pub(crate) fn json(
    options: &Options,
    rows: &[PerftRow],
    ours: &Playouts,
    peer: &Playouts,
    lockstep: &Lockstep,
) -> String {
    let mut out = String::new();
    let w = &mut out;
    let _ = write!(
        w,
        "{{\"peer\":\"{PEER_NAME}\",\"peer_perft\":\"board_game::util::game_stats::perft_naive\",\
         \"threads\":1,\"runs\":{},\"perft\":[",
        options.runs
    );
    for (i, row) in rows.iter().enumerate() {
        let _ = write!(
            w,
            "{}{{\"depth\":{},\"count\":{},\"ours_s\":{:.4},\"ours_mleaves_per_s\":{:.2},\
             \"ours_allocations\":{},\"peer_s\":{:.4},\"peer_mleaves_per_s\":{:.2},\
             \"peer_allocations\":{},\"ratio\":{:.3}",
            if i == 0 { "" } else { "," },
            row.depth,
            row.count,
            row.ours_s,
            mleaves(row.count, row.ours_s),
            row.ours_allocations,
            row.peer_s,
            mleaves(row.count, row.peer_s),
            row.peer_allocations,
            row.peer_s / row.ours_s
        );
        if let Some(memo) = row.peer_memo_s {
            let _ = write!(
                w,
                ",\"peer_memo_s\":{memo:.4},\"peer_memo_mleaves_per_s\":{:.2}",
                mleaves(row.count, memo)
            );
        }
        w.push('}');
    }
    let _ = write!(
        w,
        "],\"random_games\":{{\"games\":{},\"seed\":{},\"max_plies\":{},\
         \"lockstep\":{{\"games\":{},\"identical\":{},\"peer_stalemate\":{},\
         \"peer_last_seeds_slam\":{}}}",
        options.games,
        options.seed,
        options.max_plies,
        lockstep.games,
        lockstep.identical,
        lockstep.peer_stalemate,
        lockstep.peer_last_seeds_slam
    );
    for (name, p) in [("ours", ours), ("peer", peer)] {
        let _ = write!(
            w,
            ",\"{name}\":{{\"seconds\":{:.4},\"games_per_s\":{:.0},\"finished_games_per_s\":{:.0},\
             \"plies_per_game\":{:.3},\"mplies_per_s\":{:.3},\"cycles\":{},\"capped\":{},\"allocations\":{}}}",
            p.seconds,
            p.games_per_s(),
            p.finished_games_per_s(),
            p.plies_per_game(),
            p.mplies_per_s(),
            p.cycles,
            p.capped,
            p.allocations
        );
    }
    let _ = write!(
        w,
        ",\"ratio_games_per_s\":{:.3}}}}}",
        ours.games_per_s() / peer.games_per_s()
    );
    out
}
