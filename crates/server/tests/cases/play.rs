//! Whole games: two people to the end with a spectator watching, and a
//! person against the computer.

use reqwest::StatusCode;
use serde_json::json;

use crate::common::{Client, Lcg, config, databases, listed, ply, start};

#[tokio::test]
async fn two_clients_play_a_whole_game_and_a_spectator_sees_every_state() {
    for db in databases() {
        let server = start(config(&db)).await;
        let ama = Client::sign_in(&server.base, "Ama").await;
        let kofi = Client::sign_in(&server.base, "Kofi").await;
        let watcher = Client::anonymous(&server.base);

        let created = ama
            .create_table(json!({"rules": "abapa", "starts": "S", "opponent": {"kind": "human", "private": false}, "clock": null}))
            .await;
        let table = &created["table"];
        let game_id = table["game_id"].as_str().unwrap().to_owned();
        assert!(created.get("invite").is_none());
        let (_, lobby) = kofi.get("/api/tables").await;
        let table_id = table["id"].as_str().unwrap();
        assert!(listed(&lobby, "open", table_id));
        let waiting = ama.game(&game_id).await;
        assert_eq!(waiting["status"], "waiting");
        assert_eq!(waiting["you"], "S");

        let mut ama_ws = ama.ws(&game_id).await;
        assert_eq!(ama_ws.next_state().await["status"], "waiting");
        let (status, joined) = kofi
            .post(&format!("/api/tables/{table_id}/join"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{joined}");
        assert_eq!(joined["game_id"], game_id.as_str());
        let (_, lobby) = kofi.get("/api/tables").await;
        assert!(!listed(&lobby, "open", table_id));
        assert!(listed(&lobby, "playing", &game_id));

        let mut kofi_ws = kofi.ws(&game_id).await;
        let mut spectator = watcher.ws(&game_id).await;
        let first = spectator.next_state().await;
        assert_eq!(first["status"], "playing");
        assert_eq!(first["you"], serde_json::Value::Null);

        // Moves alternate between the WebSocket and HTTP.
        let mut rng = Lcg(7);
        let mut game = kofi_ws.state_where(|g| g["status"] == "playing").await;
        let mut seen = 1;
        while game["status"] == "playing" {
            let n = ply(&game);
            let mover = if game["to_move"] == "S" { &ama } else { &kofi };
            let mv = rng.pick(game["legal"].as_array().unwrap()).to_owned();
            if n.is_multiple_of(2) {
                let ws = if game["to_move"] == "S" {
                    &mut ama_ws
                } else {
                    &mut kofi_ws
                };
                ws.send(json!({"type": "move", "move": mv, "ply": n})).await;
            } else {
                let (status, body) = mover.play(&game_id, &mv, n).await;
                assert_eq!(status, StatusCode::OK, "{body}");
            }
            game = spectator.state_where(|g| ply(g) == n + 1).await;
            seen += 1;
            assert_eq!(game["moves"][n], mv.as_str());
            assert!(n < 2000, "the game should have ended");
        }
        assert_eq!(game["status"], "finished");
        assert!(
            game["result"].is_string() && game["reason"].is_string() && game["score"].is_string()
        );
        assert!(seen > 10);

        let (status, content_type, ogn) =
            watcher.get_text(&format!("/api/games/{game_id}/ogn")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(content_type.starts_with("text/x-oware-ogn"));
        assert!(
            ogn.contains("[South \"Ama\"]") && ogn.contains("[North \"Kofi\"]"),
            "{ogn}"
        );
        assert!(ogn.contains(&format!(
            "[Termination \"{}\"]",
            game["reason"].as_str().unwrap()
        )));
        assert!(ogn.contains("[Rules \"abapa\"]"));

        let (_, archive) = watcher.get("/api/games?status=finished&limit=50").await;
        let line = archive["games"]
            .as_array()
            .unwrap()
            .iter()
            .find(|g| g["id"] == game_id.as_str())
            .cloned()
            .expect("in the archive");
        assert_eq!(line["moves_count"], ply(&game));
        assert_eq!(line["result"], game["result"]);
        for ws in [ama_ws, kofi_ws, spectator] {
            ws.close().await;
        }
        server.server.stop().await;
    }
}

#[tokio::test]
async fn a_person_plays_the_computer_to_the_end() {
    for db in databases() {
        let server = start(config(&db)).await;
        let ama = Client::sign_in(&server.base, "Ama").await;
        let game_id = ama.computer_game(json!({"rules": "abapa", "starts": "N", "opponent": {"kind": "computer", "level": 1}, "clock": {"initial_s": 600, "increment_s": 5}})).await;
        let mut ws = ama.ws(&game_id).await;
        let mut game = ws.next_state().await;
        assert_eq!(game["you"], "N");
        assert_eq!(game["players"]["S"]["kind"], "computer");
        assert_eq!(game["players"]["S"]["level"], 1);
        let mut rng = Lcg(11);
        // The state sent on connecting and the broadcast of the computer's
        // first move can both show ply 1: act once per ply, never on a
        // state older than one already seen.
        let mut seen = 0;
        let mut acted = None;
        loop {
            if game["status"] == "finished" {
                break;
            }
            let n = ply(&game);
            seen = seen.max(n);
            if game["to_move"] == "N"
                && game["status"] == "playing"
                && n == seen
                && acted != Some(n)
            {
                acted = Some(n);
                let mv = rng.pick(game["legal"].as_array().unwrap()).to_owned();
                let (status, body) = ama.play(&game_id, &mv, n).await;
                assert_eq!(status, StatusCode::OK, "{body}");
                assert!(n < 2000);
            }
            game = ws.next_state().await;
        }
        assert!(game["reason"].is_string());
        let moves = game["moves"].as_array().unwrap();
        assert!(moves.len() > 4);
        // Records the clock: both sides' time stays within the control.
        let clock = &game["clock"];
        assert!(clock["S_ms"].as_i64().unwrap() > 0 && clock["N_ms"].as_i64().unwrap() > 0);
        assert_eq!(clock["running"], serde_json::Value::Null);
        ws.close().await;
        server.server.stop().await;
    }
}

#[tokio::test]
async fn a_private_table_is_joined_by_its_invite_only() {
    let server = start(config(&crate::common::sqlite_url())).await;
    let ama = Client::sign_in(&server.base, "Ama").await;
    let kofi = Client::sign_in(&server.base, "Kofi").await;
    let created = ama
        .create_table(json!({"rules": "wari,cycle=3", "starts": "random", "opponent": {"kind": "human", "private": true}, "clock": "3+2"}))
        .await;
    let invite = created["invite"].as_str().unwrap().to_owned();
    assert!(invite.starts_with("/invite/"));
    let table_id = created["table"]["id"].as_str().unwrap();
    let (_, lobby) = kofi.get("/api/tables").await;
    assert!(!listed(&lobby, "open", table_id));
    let (status, _) = kofi
        .post(&format!("/api/tables/{table_id}/join"), json!({}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let token = invite.trim_start_matches("/invite/");
    let (status, own) = ama
        .post(&format!("/api/invite/{token}/join"), json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{own}");
    let (status, joined) = kofi
        .post(&format!("/api/invite/{token}/join"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    let game = kofi.game(joined["game_id"].as_str().unwrap()).await;
    assert_eq!(game["status"], "playing");
    assert_eq!(game["rules"], "wari,cycle=3");
    assert_eq!(game["clock"]["running"], "S");
    // "3+2": three minutes each, two seconds a move.
    assert_eq!(game["clock"]["initial_ms"], 180_000);
    assert_eq!(game["clock"]["increment_ms"], 2000);
    assert_eq!(game["clock"]["time_control"], "3+2");
    let (status, again) = Client::sign_in(&server.base, "Esi")
        .await
        .post(&format!("/api/invite/{token}/join"), json!({}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{again}");
    server.server.stop().await;
}

#[tokio::test]
async fn the_stream_sends_a_line_now_and_one_per_change() {
    let server = start(config(&crate::common::sqlite_url())).await;
    let ama = Client::sign_in(&server.base, "Ama").await;
    let game_id = ama
        .computer_game(json!({"starts": "S", "opponent": {"kind": "computer", "level": 1}}))
        .await;
    let mut response = reqwest::Client::new()
        .get(format!("{}/api/games/{game_id}/stream", server.base))
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["content-type"], "application/x-ndjson");
    let mut text = String::new();
    let mut lines = Vec::new();
    let (status, _) = ama.play(&game_id, "C", 0).await;
    assert_eq!(status, StatusCode::OK);
    while lines.len() < 3 {
        let chunk = tokio::time::timeout(std::time::Duration::from_secs(10), response.chunk())
            .await
            .unwrap()
            .unwrap()
            .unwrap();
        text.push_str(std::str::from_utf8(&chunk).unwrap());
        while let Some(i) = text.find('\n') {
            let line: String = text.drain(..=i).collect();
            if !line.trim().is_empty() {
                lines.push(serde_json::from_str::<serde_json::Value>(&line).unwrap());
            }
        }
    }
    // Now, after C, after the computer's reply (in some order of arrival).
    assert!(lines.iter().any(|g| ply(g) == 1));
    assert!(lines.iter().any(|g| ply(g) == 2));
    server.server.stop().await;
}
