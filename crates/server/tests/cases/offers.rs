//! Offers: ending by the cycle rule, takebacks, rematches, and claiming
//! a game the opponent left.

use reqwest::StatusCode;
use serde_json::json;
use wari_server::WallClock;

use crate::common::{Client, TestServer, config, databases, ply, sqlite_url, start};

/// Ama (South) and Kofi (North) at a new game; returns its id.
async fn seated(server: &TestServer, clock: serde_json::Value) -> (Client, Client, String) {
    let ama = Client::sign_in(&server.base, "Ama").await;
    let kofi = Client::sign_in(&server.base, "Kofi").await;
    let created = ama
        .create_table(json!({"starts": "S", "opponent": {"kind": "human"}, "clock": clock}))
        .await;
    let game_id = kofi.join(&created).await;
    (ama, kofi, game_id)
}

#[tokio::test]
async fn an_accepted_cycle_offer_ends_the_game_by_agreement() {
    for db in databases() {
        let server = start(config(&db)).await;
        let (ama, kofi, id) = seated(&server, serde_json::Value::Null).await;
        let mut watcher = Client::anonymous(&server.base).ws(&id).await;
        watcher.next_state().await;
        assert_eq!(ama.play(&id, "C", 0).await.0, StatusCode::OK);
        let (status, game) = ama.offer(&id, "cycle").await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert_eq!(game["offers"], json!([{"kind": "cycle", "by": "S"}]));
        let seen = watcher
            .state_where(|g| !g["offers"].as_array().unwrap().is_empty())
            .await;
        assert_eq!(seen["offers"][0]["kind"], "cycle");
        // The offerer cannot accept their own offer.
        let (status, _) = ama.answer(&id, "accept", "cycle").await;
        assert_eq!(status, StatusCode::CONFLICT);
        let (status, game) = kofi.answer(&id, "accept", "cycle").await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert_eq!(game["status"], "finished");
        assert_eq!(game["reason"], "agreement");
        // Each takes their own row: South 4+4+0+5+5+5 = 23, North 25.
        assert_eq!(game["score"], "23-25");
        assert_eq!(game["result"], "N");
        let seen = watcher.state_where(|g| g["status"] == "finished").await;
        assert_eq!(seen["reason"], "agreement");
        watcher.close().await;
        server.server.stop().await;
    }
}

#[tokio::test]
async fn a_declined_cycle_offer_leaves_the_game_going() {
    let server = start(config(&sqlite_url())).await;
    let (ama, kofi, id) = seated(&server, serde_json::Value::Null).await;
    let (status, _) = kofi.offer(&id, "cycle").await;
    assert_eq!(status, StatusCode::OK);
    let (status, game) = ama.answer(&id, "decline", "cycle").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(game["offers"], json!([]));
    assert_eq!(game["status"], "playing");
    let (status, _) = ama.answer(&id, "decline", "cycle").await;
    assert_eq!(status, StatusCode::CONFLICT);
    server.server.stop().await;
}

#[tokio::test]
async fn takebacks_undo_one_move_or_two() {
    for db in databases() {
        let server = start(config(&db)).await;
        let (ama, kofi, id) = seated(&server, json!({"initial_s": 300, "increment_s": 0})).await;
        // Kofi has no move to take back yet.
        assert_eq!(ama.play(&id, "C", 0).await.0, StatusCode::OK);
        let (status, _) = kofi.offer(&id, "takeback").await;
        assert_eq!(status, StatusCode::CONFLICT);
        // Ama takes back C before Kofi replies: one move.
        let (status, _) = ama.offer(&id, "takeback").await;
        assert_eq!(status, StatusCode::OK);
        let (status, game) = kofi.answer(&id, "accept", "takeback").await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert_eq!(ply(&game), 0);
        assert_eq!(game["to_move"], "S");
        assert_eq!(game["clock"]["running"], "S");
        // After Kofi's reply, Ama's takeback undoes both moves.
        assert_eq!(ama.play(&id, "D", 0).await.0, StatusCode::OK);
        assert_eq!(kofi.play(&id, "a", 1).await.0, StatusCode::OK);
        let (status, _) = ama.offer(&id, "takeback").await;
        assert_eq!(status, StatusCode::OK);
        let (_, game) = kofi.answer(&id, "accept", "takeback").await;
        assert_eq!(ply(&game), 0);
        assert_eq!(game["position"], "4,4,4,4,4,4/4,4,4,4,4,4 S 0-0");
        // The database agrees: the moves taken back are gone.
        assert_eq!(ama.play(&id, "F", 0).await.0, StatusCode::OK);
        let (_, _, ogn) = ama.get_text(&format!("/api/games/{id}/ogn")).await;
        assert!(ogn.contains("1. F *"), "{ogn}");
        server.server.stop().await;
    }
}

#[tokio::test]
async fn the_computer_declines_takebacks() {
    let server = start(config(&sqlite_url())).await;
    let ama = Client::sign_in(&server.base, "Ama").await;
    let id = ama
        .computer_game(json!({"starts": "S", "opponent": {"kind": "computer", "level": 2}}))
        .await;
    assert_eq!(ama.play(&id, "C", 0).await.0, StatusCode::OK);
    let (status, body) = ama.offer(&id, "takeback").await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(body["error"].as_str().unwrap().contains("declines"));
    server.server.stop().await;
}

#[tokio::test]
async fn a_rematch_swaps_the_colours() {
    for db in databases() {
        let server = start(config(&db)).await;
        let (ama, kofi, id) = seated(&server, json!({"initial_s": 60, "increment_s": 1})).await;
        let (status, _) = ama.offer(&id, "rematch").await;
        assert_eq!(status, StatusCode::CONFLICT, "no rematch before the end");
        let (status, game) = kofi
            .post(&format!("/api/games/{id}/resign"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(game["reason"], "resignation");
        assert_eq!(game["result"], "S");
        let mut ws = ama.ws(&id).await;
        ws.next_state().await;
        let (status, _) = kofi.offer(&id, "rematch").await;
        assert_eq!(status, StatusCode::OK);
        let offered = ws
            .state_where(|g| !g["offers"].as_array().unwrap().is_empty())
            .await;
        assert_eq!(offered["offers"], json!([{"kind": "rematch", "by": "N"}]));
        let (status, game) = ama.answer(&id, "accept", "rematch").await;
        assert_eq!(status, StatusCode::OK, "{game}");
        let next = game["rematch_game_id"]
            .as_str()
            .expect("a rematch game")
            .to_owned();
        let seen = ws.state_where(|g| g["rematch_game_id"].is_string()).await;
        assert_eq!(seen["rematch_game_id"], next.as_str());
        let rematch = ama.game(&next).await;
        assert_eq!(rematch["status"], "playing");
        assert_eq!(rematch["you"], "N");
        assert_eq!(rematch["players"]["S"]["name"], "Kofi");
        assert_eq!(rematch["clock"]["increment_ms"], 1000);
        assert_eq!(kofi.play(&next, "C", 0).await.0, StatusCode::OK);
        ws.close().await;
        server.server.stop().await;
    }
}

#[tokio::test]
async fn a_game_is_claimed_only_after_the_opponent_left_for_the_timeout() {
    let time = WallClock::stopped();
    let mut cfg = config(&sqlite_url());
    cfg.claim_timeout_s = 1;
    cfg.wall_clock = time.clone();
    let server = start(cfg).await;
    let (ama, kofi, id) = seated(&server, serde_json::Value::Null).await;
    let mut ama_ws = ama.ws(&id).await;
    let kofi_ws = kofi.ws(&id).await;
    let game = ama_ws
        .state_where(|g| g["players"]["N"]["connected"] == true)
        .await;
    assert_eq!(game["players"]["S"]["connected"], true);
    let (status, body) = ama.post(&format!("/api/games/{id}/claim"), json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    kofi_ws.close().await;
    ama_ws
        .state_where(|g| g["players"]["N"]["connected"] == false)
        .await;
    time.advance(std::time::Duration::from_millis(999));
    let (status, body) = ama.post(&format!("/api/games/{id}/claim"), json!({})).await;
    assert_eq!(status, StatusCode::CONFLICT, "too early: {body}");
    time.advance(std::time::Duration::from_millis(1));
    ama_ws.send(json!({"type": "claim"})).await;
    let game = ama_ws.state_where(|g| g["status"] == "finished").await;
    assert_eq!(game["result"], "S");
    assert_eq!(game["reason"], "resignation");
    ama_ws.close().await;
    server.server.stop().await;
}

#[tokio::test]
async fn the_computer_answers_a_cycle_offer() {
    // The offer must arrive while the computer searches its reply: two
    // seconds of search, not the tests' usual 20 ms, which a loaded
    // machine could spend before the offer's request is read.
    let mut config = config(&sqlite_url());
    config.computer_movetime_ms = 2_000;
    let server = start(config).await;
    let ama = Client::sign_in(&server.base, "Ama").await;
    // Not plain abapa: its opening book would answer F at once, before the
    // offer arrives; under cycle=3 the computer searches its reply.
    let id = ama.computer_game(json!({"rules": "abapa,cycle=3", "starts": "S", "opponent": {"kind": "computer", "level": 10}})).await;
    let mut ws = ama.ws(&id).await;
    ws.next_state().await;
    // On the computer's turn: judged with its move's search.
    assert_eq!(ama.play(&id, "F", 0).await.0, StatusCode::OK);
    let (status, body) = ama.offer(&id, "cycle").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let answered = ws
        .state_where(|g| {
            g["offers"].as_array().unwrap().is_empty() && (ply(g) == 2 || g["status"] == "finished")
        })
        .await;
    // After F South's row holds 20 seeds and North's 28: ending now gives
    // the computer (North) 8 seeds more than it can hope for, so it accepts.
    assert_eq!(answered["status"], "finished", "{answered}");
    assert_eq!(answered["reason"], "agreement");
    ws.close().await;
    server.server.stop().await;
}
