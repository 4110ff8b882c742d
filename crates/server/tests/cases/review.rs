//! Game reviews (`POST`/`GET /api/games/{id}/review`, followed by its
//! NDJSON stream): a deliberate blunder is marked as one, a review is
//! computed once (also when asked through two processes sharing
//! PostgreSQL, whose streams both see it end), and a game that is not
//! finished, or not there, is refused.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::{Client, Events, TestServer, config, databases, start};

/// abapa, `1,1,0,0,0,3/1,2,1,0,0,1 S 14-24` (48 seeds), then South's `B`
/// and North's `f`. Worked by hand (RULES.md §2):
///
/// - South's `F` sows a, b, c (2, 3, 2) and takes all three, 7 seeds (f
///   keeps its seed: not a grand slam): `1,1,0,0,0,0/0,0,0,0,0,1 N
///   21-24`. North's only move, f, sows A (1 -> 2) and takes it: 26 of
///   48, North wins at once, 21-26: F is worth exactly -5 to South.
/// - South's `B` (played) sows C and leaves A with its seed; North's `f`
///   sows A (1 -> 2) and takes it: 26, North wins at once, 14-26: -12
///   for South (North may have other replies, but this one ends it).
///
/// So the best move is worth -5 or more, and `B` lost at least 7 seeds: a
/// blunder (4 or more).
const BLUNDER: &str = "[FEN \"1-1-0-0-0-3-1-2-1-0-0-1-14-24-S\"]\n\n1. B f *\n";

/// Imports `record`; the game's id.
async fn imported(client: &Client, record: &str) -> String {
    let (status, reply) = client.post_raw("/api/archive", record.to_owned()).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    reply["game_id"].as_str().unwrap().to_owned()
}

/// Follows `id`'s review stream to its end: each line is the progress
/// (never going back) until the review, the last line.
async fn followed(mut stream: Events) -> Value {
    let mut done = 0;
    loop {
        let line = stream
            .next_or_end()
            .await
            .expect("the stream ends only after the review");
        match line["status"].as_str() {
            Some("done") => {
                assert_eq!(
                    stream.next_or_end().await,
                    None,
                    "the review is the last line"
                );
                return line;
            }
            Some("computing") => {
                let now = line["done"].as_u64().unwrap();
                assert!(
                    now >= done && now <= line["plies"].as_u64().unwrap(),
                    "{line}"
                );
                done = now;
            }
            _ => assert_eq!(line, json!({"status": "none"}), "never asked for yet"),
        }
    }
}

/// Opens `id`'s review stream (`none`: not asked for yet).
async fn watching(client: &Client, id: &str) -> Events {
    let mut stream = client
        .stream(&format!("/api/games/{id}/review/stream"))
        .await;
    assert_eq!(stream.next().await, json!({"status": "none"}));
    stream
}

/// Asks for `id`'s review and follows its stream until it is done.
async fn reviewed(client: &Client, id: &str) -> Value {
    let stream = watching(client, id).await;
    let path = format!("/api/games/{id}/review");
    let (status, first) = client.post(&path, json!({})).await;
    assert!(
        status == StatusCode::ACCEPTED || status == StatusCode::OK,
        "{status} {first}"
    );
    followed(stream).await
}

#[tokio::test]
async fn a_blunder_is_marked_and_the_review_is_computed_once() {
    for db in databases() {
        let server = start(config(&db)).await;
        let ama = Client::sign_in(&server.base, "Ama").await;
        let id = imported(&ama, BLUNDER).await;
        let path = format!("/api/games/{id}/review");
        let (status, none) = ama.get(&path).await;
        assert_eq!(
            (status, none["status"].as_str()),
            (StatusCode::OK, Some("none"))
        );

        let review = reviewed(&ama, &id).await;
        let blunder = &review["moves"][0];
        assert_eq!(blunder["move"], "B", "{review}");
        assert_eq!(blunder["side"], "S");
        assert_ne!(blunder["best"], "B");
        assert_eq!(blunder["mark"], "blunder");
        assert_eq!(blunder["value"], -12.0);
        assert!(blunder["loss"].as_f64().unwrap() >= 7.0, "{blunder}");
        // One move with a choice, losing 7 seeds or more: 100 / 2^(7/4)
        // = 29.73 at best.
        assert!(
            review["accuracy"]["S"].as_f64().unwrap() <= 29.74,
            "{review}"
        );
        assert_eq!(review["marks"]["S"]["blunder"], 1);
        // The graph ends at the result: 14-26 for South.
        let graph = review["graph"].as_array().unwrap();
        assert_eq!(graph.len(), 3);
        assert_eq!(graph[2], json!({"ply": 2, "value": -12.0, "exact": true}));

        // Asked again, by anyone: the same review, not a new one; its
        // stream is the review alone.
        let kofi = Client::sign_in(&server.base, "Kofi").await;
        let (status, again) = kofi.post(&path, json!({})).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(again, review);
        let mut stream = kofi.stream(&format!("{path}/stream")).await;
        assert_eq!(stream.next().await, review);
        assert_eq!(stream.next_or_end().await, None);
        server.server.stop().await;
    }
}

#[tokio::test]
async fn only_a_finished_game_that_exists_is_reviewed() {
    let server = start(config(&crate::common::sqlite_url())).await;
    let ama = Client::sign_in(&server.base, "Ama").await;
    for method in ["GET", "POST", "stream"] {
        let (status, body) = match method {
            "GET" => ama.get("/api/games/nosuchgame/review").await,
            "POST" => ama.post("/api/games/nosuchgame/review", json!({})).await,
            _ => ama.get("/api/games/nosuchgame/review/stream").await,
        };
        assert_eq!(status, StatusCode::NOT_FOUND, "{method} {body}");
    }
    let created = ama
        .create_table(json!({"opponent": {"kind": "human"}}))
        .await;
    let id = created["table"]["game_id"].as_str().unwrap();
    let (status, body) = ama
        .post(&format!("/api/games/{id}/review"), json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(body["error"].as_str().unwrap().contains("not finished"));
    let (status, body) = ama.get(&format!("/api/games/{id}/review/stream")).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    server.server.stop().await;
}

#[tokio::test]
async fn a_client_may_start_only_so_many_reviews_an_hour() {
    let mut config = config(&crate::common::sqlite_url());
    config.reviews_per_hour = 1;
    let server = start(config).await;
    let ama = Client::sign_in(&server.base, "Ama").await;
    let first = imported(&ama, BLUNDER).await;
    let second = imported(&ama, BLUNDER).await;
    reviewed(&ama, &first).await;
    // The one done is free to read again; a new one is over the limit.
    let (status, _) = ama
        .post(&format!("/api/games/{first}/review"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = ama
        .post(&format!("/api/games/{second}/review"), json!({}))
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    server.server.stop().await;
}

#[tokio::test]
async fn two_processes_compute_a_review_once() {
    let Ok(db) = std::env::var("WARI_TEST_POSTGRES") else {
        eprintln!("WARI_TEST_POSTGRES is not set: skipped");
        return;
    };
    let [a, b]: [TestServer; 2] = [start(config(&db)).await, start(config(&db)).await];
    let ama = Client::sign_in(&a.base, "Ama").await;
    let id = imported(&ama, BLUNDER).await;
    let kofi = Client::sign_in(&b.base, "Kofi").await;
    let path = format!("/api/games/{id}/review");
    // Both follow it before it is asked for, then both ask at once; one
    // process claims it and computes it, and the other's stream hears of
    // its progress and its end from the database (NOTIFY).
    let (on_a, on_b) = (watching(&ama, &id).await, watching(&kofi, &id).await);
    let (asked_a, asked_b) = tokio::join!(ama.post(&path, json!({})), kofi.post(&path, json!({})));
    for (status, body) in [&asked_a, &asked_b] {
        assert!(
            *status == StatusCode::ACCEPTED || *status == StatusCode::OK,
            "{status} {body}"
        );
    }
    let (through_a, through_b) = tokio::join!(followed(on_a), followed(on_b));
    // The same review, computed at the same instant by one of them.
    assert_eq!(through_a, through_b);
    a.server.stop().await;
    b.server.stop().await;
}
