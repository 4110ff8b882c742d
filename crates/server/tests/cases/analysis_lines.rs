//! The analysis board's engine stream (`GET /api/analysis/lines`, issue
//! 16 point 1): three best lines deepening, exact values of small
//! positions worked out by hand, each move's table value from the mover's
//! side, and bad queries refused.

use std::sync::Arc;

use futures_util::StreamExt;
use reqwest::StatusCode;
use serde_json::Value;
use wari_engine::{Known, Oracle};
use wari_rules::{Game, Position, Side};
use wari_server::Tablebases;

use self::kalah_minimax::{Memo, still};
use crate::common::{TestServer, config, sqlite_url, start};

/// Kalah by plain minimax, shared with the CLI's puzzle tests.
#[path = "../../../rules/tests/support/kalah_minimax.rs"]
mod kalah_minimax;

/// Reads the stream of `query` to its end.
async fn lines(server: &TestServer, query: &[(&str, &str)]) -> Vec<Value> {
    let response = reqwest::Client::new()
        .get(format!("{}/api/analysis/lines", server.base))
        .query(query)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{query:?}");
    let mut body = response.bytes_stream();
    let mut text = String::new();
    while let Some(chunk) = body.next().await {
        text.push_str(std::str::from_utf8(&chunk.unwrap()).unwrap());
    }
    text.lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// Kalah with two pits a row: South has 2 in A and 1 in B, North 1 in b;
/// 21-23 in the stores. Worked out by hand with RULES.md §3:
/// - A: B gets 1, the store 1 (22, extra move); B (2): the store (23) and
///   North's a; South's row is empty, North adds a and b: 23-25, lost by 2.
/// - B: the store (22, extra move); A (2): B and the store (23, extra
///   move); B: the store (24); the row is empty, North adds b: 24-24.
const KALAH_2: &str = "2,1/0,1 S 21-23";

/// The last line's moves with their scores and whether proven.
fn last_lines(stream: &[Value]) -> Vec<(String, f64, bool)> {
    stream.last().unwrap()["lines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| {
            (
                l["move"].as_str().unwrap().to_owned(),
                l["score"].as_f64().unwrap(),
                l["exact"].as_bool().unwrap(),
            )
        })
        .collect()
}

#[tokio::test]
async fn without_tables_the_engine_proves_the_loss_and_the_draw() {
    // The engine's proofs tell a proven draw from an even estimate: B is 0
    // and exact, A exact, and the analysis ends solved.
    let server = start(config(&sqlite_url())).await;
    let stream = lines(
        &server,
        &[
            ("rules", "kalah,pits=2"),
            ("position", KALAH_2),
            ("movetime", "10000"),
        ],
    )
    .await;
    assert_eq!(stream[0]["tables"], serde_json::json!([]), "no tables here");
    assert_eq!(stream.last().unwrap()["done"], "solved", "{stream:?}");
    assert_eq!(
        last_lines(&stream),
        vec![("B".to_owned(), 0.0, true), ("A".to_owned(), -2.0, true)]
    );
    server.server.stop().await;
}

#[tokio::test]
async fn the_three_best_lines_deepen_from_the_start() {
    let server = start(config(&sqlite_url())).await;
    let stream = lines(
        &server,
        &[
            ("rules", "abapa"),
            ("position", "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0"),
            ("movetime", "1500"),
        ],
    )
    .await;
    let depths: Vec<&Value> = stream.iter().filter(|l| l.get("depth").is_some()).collect();
    assert!(depths.len() >= 2, "{stream:?}");
    let mut last_depth = 0;
    for report in depths {
        let depth = report["depth"].as_u64().unwrap();
        assert!(depth > last_depth, "depths go up: {stream:?}");
        last_depth = depth;
        let shown = report["lines"].as_array().unwrap();
        assert_eq!(shown.len(), 3, "three lines of six moves");
        let mut moves: Vec<&str> = shown.iter().map(|l| l["move"].as_str().unwrap()).collect();
        for l in shown {
            // Each line starts with its move and is legal from the start.
            let pv = l["pv"].as_str().unwrap();
            assert!(pv.starts_with(l["move"].as_str().unwrap()));
            let mut game = Game::default();
            for c in pv.chars() {
                game.play(c.to_string().parse().unwrap()).unwrap();
            }
        }
        let scores: Vec<f64> = shown.iter().map(|l| l["score"].as_f64().unwrap()).collect();
        assert!(
            scores.windows(2).all(|w| w[0] >= w[1]),
            "best first: {scores:?}"
        );
        moves.sort_unstable();
        moves.dedup();
        assert_eq!(moves.len(), 3, "three different moves");
    }
    assert_eq!(stream.last().unwrap()["done"], "time");
    server.server.stop().await;
}

/// Endgame "tables" for Kalah computed by plain minimax over the rules
/// library (no cycles in Kalah): what the player to move will still take
/// over the other.
#[derive(Debug)]
struct Minimax;

impl Oracle for Minimax {
    fn probe(&self, p: &Position) -> Option<Known> {
        (p.seeds_on_board() <= 6).then(|| Known::Exact(still(p, &mut Memo::new())))
    }
}

impl Tablebases for Minimax {
    fn oracle(&self, game: &Game) -> Option<Arc<dyn Oracle>> {
        game.rules()
            .is_kalah()
            .then(|| Arc::new(Minimax) as Arc<dyn Oracle>)
    }
}

#[tokio::test]
async fn each_move_gets_its_table_value_from_the_movers_side() {
    let server = wari_server::start(config(&sqlite_url()), Some(Arc::new(Minimax)))
        .await
        .unwrap();
    let server = TestServer {
        base: format!("http://{}", server.addr()),
        server,
    };
    // South's view (as worked out above), then North's: after South's B
    // the position seen by North is the mirror, so its values are the
    // same with North to move.
    for (position, turn) in [(KALAH_2, Side::South), ("0,1/2,1 N 23-21", Side::North)] {
        let stream = lines(
            &server,
            &[
                ("rules", "kalah,pits=2"),
                ("position", position),
                ("movetime", "2000"),
            ],
        )
        .await;
        let mut values: Vec<(String, i64, bool)> = stream[0]["tables"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| {
                (
                    v["move"].as_str().unwrap().to_owned(),
                    v["margin"].as_i64().unwrap(),
                    v["exact"].as_bool().unwrap(),
                )
            })
            .collect();
        values.sort();
        let (a, b) = if turn == Side::South {
            ("A", "B")
        } else {
            ("a", "b")
        };
        assert_eq!(
            values,
            vec![(a.to_owned(), -2, true), (b.to_owned(), 0, true)],
            "{position}"
        );
        // With the tables the draw is proven too, and the position solved.
        assert_eq!(stream.last().unwrap()["done"], "solved", "{stream:?}");
        assert_eq!(
            last_lines(&stream),
            vec![(b.to_owned(), 0.0, true), (a.to_owned(), -2.0, true)]
        );
    }
    server.server.stop().await;
}

#[tokio::test]
async fn bad_queries_are_refused_with_the_reason() {
    let server = start(config(&sqlite_url())).await;
    let http = reqwest::Client::new();
    for (query, reason) in [
        (vec![("position", "4,4,4/4,4,4 S 0-0")], "position"),
        (
            vec![
                ("rules", "chess"),
                ("position", "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0"),
            ],
            "rules",
        ),
        (
            vec![
                ("position", "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0"),
                ("moves", "CC"),
            ],
            "moves",
        ),
        (
            vec![
                ("position", "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0"),
                ("movetime", "999999"),
            ],
            "movetime",
        ),
        (
            vec![("position", "0,0,0,0,0,0/0,0,0,0,0,0 S 24-24")],
            "over",
        ),
    ] {
        let response = http
            .get(format!("{}/api/analysis/lines", server.base))
            .query(&query)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{query:?}");
        let body: Value = response.json().await.unwrap();
        assert!(body["error"].as_str().unwrap().contains(reason), "{body}");
    }
    server.server.stop().await;
}
