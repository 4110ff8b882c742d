//! The engine's replies as text: `info` lines, scores, `bestmove`.

use wari_engine::{Info, Score, SearchResult};
use wari_rules::Move;

/// Moves as one token of joined letters (`AfBe`), the form Aualé's
/// `pv\s+[a-fA-F]+` reads.
pub fn joined(moves: &[Move]) -> String {
    moves.iter().map(|m| m.letter()).collect()
}

/// A score in UCI's words, from the side to move's view: `cp X` with 100
/// per seed; a proven win or loss as `mate M`, M the full moves to the
/// end (`(plies + 1) / 2`), negative when the side to move loses; a
/// proven draw as `cp 0`.
pub fn score(score: Score) -> String {
    match score {
        Score::Seeds(cp) => format!("cp {cp}"),
        Score::Exact { margin: 0, .. } => "cp 0".to_owned(),
        Score::Exact { margin, plies } => {
            let moves = i64::from(plies.div_ceil(2));
            let moves = if margin > 0 { moves } else { -moves };
            format!("mate {moves}")
        }
    }
}

/// The lines that report one completed depth. `last_exact` remembers the
/// last exact result told in an `info string`, so it is told once until
/// it changes.
pub fn info(info: &Info, last_exact: &mut Option<Score>) -> Vec<String> {
    let mut line = format!(
        "info depth {} seldepth {} score {} nodes {} nps {} time {} hashfull {}",
        info.depth,
        info.seldepth,
        score(info.score),
        info.nodes,
        info.nps,
        info.time.as_millis(),
        info.hashfull
    );
    if !info.pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&joined(&info.pv));
    }
    let mut lines = vec![line];
    if let Score::Exact { margin, plies } = info.score
        && margin != 0
        && *last_exact != Some(info.score)
    {
        lines.push(format!(
            "info string exact margin {margin:+} in {}",
            crate::progress::count(u64::from(plies), "ply", "plies")
        ));
        *last_exact = Some(info.score);
    }
    lines
}

/// `bestmove X [ponder Y]`, or `bestmove 0000` without a move.
pub fn bestmove(result: &SearchResult) -> String {
    match (result.best, result.ponder) {
        (Some(best), Some(ponder)) => format!("bestmove {best} ponder {ponder}"),
        (Some(best), None) => format!("bestmove {best}"),
        (None, _) => NULL_MOVE.to_owned(),
    }
}

/// The answer to `go` when there is no move to play.
pub const NULL_MOVE: &str = "bestmove 0000";

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn moves(letters: &str) -> Vec<Move> {
        letters.chars().filter_map(Move::from_letter).collect()
    }

    #[test]
    fn scores_are_centiseeds_or_mates_in_full_moves() {
        assert_eq!(score(Score::Seeds(-250)), "cp -250");
        assert_eq!(
            score(Score::Exact {
                margin: 0,
                plies: 9
            }),
            "cp 0"
        );
        assert_eq!(
            score(Score::Exact {
                margin: 3,
                plies: 7
            }),
            "mate 4"
        );
        assert_eq!(
            score(Score::Exact {
                margin: 3,
                plies: 1
            }),
            "mate 1"
        );
        assert_eq!(
            score(Score::Exact {
                margin: -2,
                plies: 6
            }),
            "mate -3"
        );
    }

    #[test]
    fn info_lines_join_the_pv_and_tell_an_exact_margin_once() {
        let mut report = Info {
            depth: 7,
            seldepth: 12,
            score: Score::Exact {
                margin: 3,
                plies: 7,
            },
            nodes: 1234,
            nps: 5678,
            time: Duration::from_millis(217),
            pv: moves("AfBe"),
            hashfull: 3,
        };
        let mut last = None;
        assert_eq!(
            info(&report, &mut last),
            [
                "info depth 7 seldepth 12 score mate 4 nodes 1234 nps 5678 time 217 hashfull 3 pv AfBe",
                "info string exact margin +3 in 7 plies",
            ]
        );
        report.depth = 8;
        assert_eq!(info(&report, &mut last).len(), 1);
        report.score = Score::Seeds(50);
        report.pv.clear();
        assert_eq!(
            info(&report, &mut last),
            ["info depth 8 seldepth 12 score cp 50 nodes 1234 nps 5678 time 217 hashfull 3"]
        );
    }
}
