//! Fischer clocks: the flag falls on time with nobody connected, and a
//! move made too late loses instead. The server runs on a stopped wall
//! clock that each test moves on, so the time a side uses is exact and
//! nothing waits for real time to pass.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;

use wari_server::{Config, WallClock};

use crate::common::{Client, config, databases, start};

#[tokio::test]
async fn the_flag_falls_on_time_with_nobody_connected() {
    for db in databases() {
        let time = WallClock::stopped();
        let server = start(Config {
            wall_clock: time.clone(),
            ..config(&db)
        })
        .await;
        let ama = Client::sign_in(&server.base, "Ama").await;
        let kofi = Client::sign_in(&server.base, "Kofi").await;
        let created = ama
            .create_table(json!({"starts": "N", "opponent": {"kind": "human"}, "clock": {"initial_s": 1, "increment_s": 0}}))
            .await;
        let id = kofi.join(&created).await;
        let game = kofi.game(&id).await;
        assert_eq!(game["clock"]["running"], "S");
        assert_eq!(game["clock"]["S_ms"], 1000);
        // A spectator sees the game end; the players are not connected.
        let mut ws = Client::anonymous(&server.base).ws(&id).await;
        ws.next_state().await;
        time.advance(Duration::from_millis(999));
        let game = ama.game(&id).await;
        assert_eq!(game["status"], "playing", "{game}");
        assert_eq!(game["clock"]["S_ms"], 1);
        time.advance(Duration::from_millis(1));
        ws.state_where(|g| g["status"] == "finished").await;
        ws.close().await;
        let game = ama.game(&id).await;
        assert_eq!(game["status"], "finished", "{game}");
        assert_eq!(game["reason"], "time");
        assert_eq!(game["result"], "N");
        assert_eq!(game["clock"]["S_ms"], 0);
        assert_eq!(game["clock"]["running"], serde_json::Value::Null);
        let (_, _, ogn) = ama.get_text(&format!("/api/games/{id}/ogn")).await;
        assert!(
            ogn.contains("[Termination \"time\"]") && ogn.contains("[Winner \"N\"]"),
            "{ogn}"
        );
        // Aualé's Result is the counts of a game its board ended: this one
        // it has not.
        assert!(ogn.contains("[Result \"*\"]"), "{ogn}");
        // The record reads back to the same end.
        let record = wari_rules::ogn::Record::read(&ogn).unwrap();
        let outcome = record.game.outcome().unwrap();
        assert_eq!(outcome.reason(), wari_rules::EndReason::Time);
        assert_eq!(outcome.winner(), Some(wari_rules::Side::North));
        let (status, body) = kofi.play(&id, "C", 0).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        server.server.stop().await;
    }
}

#[tokio::test]
async fn watchers_see_the_flag_fall_and_the_clock_run() {
    let time = WallClock::stopped();
    let server = start(Config {
        wall_clock: time.clone(),
        ..config(&crate::common::sqlite_url())
    })
    .await;
    let ama = Client::sign_in(&server.base, "Ama").await;
    let created = ama
        .create_table(json!({"starts": "S", "opponent": {"kind": "human"}, "clock": {"initial_s": 2, "increment_s": 1}}))
        .await;
    let kofi = Client::sign_in(&server.base, "Kofi").await;
    let id = kofi.join(&created).await;
    let mut ws = Client::anonymous(&server.base).ws(&id).await;
    ws.next_state().await;
    time.advance(Duration::from_millis(300));
    let (status, game) = ama.play(&id, "C", 0).await;
    assert_eq!(status, StatusCode::OK);
    // South used 300 ms of 2 s and gained the 1 s increment.
    assert_eq!(game["clock"]["S_ms"], 2_000 - 300 + 1_000);
    assert_eq!(game["clock"]["running"], "N");
    assert_eq!(game["clock"]["N_ms"], 2_000);
    // North's 2 s run out.
    time.advance(Duration::from_millis(2_000));
    let over = ws.state_where(|g| g["status"] == "finished").await;
    assert_eq!(over["reason"], "time");
    assert_eq!(over["result"], "S");
    ws.close().await;
    server.server.stop().await;
}
