//! One guest cannot hide the lobby, and abandoned games leave it
//! (issue 14, points 6 and 7): open tables are capped per session and
//! expire; an unclocked game both players left is adjourned (off the
//! lobby) and resumed when a player returns; a restart loads no game
//! until someone asks for it.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::{Client, config, databases, listed, start};

fn open_ids(lobby: &Value) -> Vec<String> {
    lobby["open"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["id"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn one_guest_cannot_fill_the_lobby() {
    for db in databases() {
        let server = start(config(&db)).await;
        let flood = Client::sign_in(&server.base, "Flood").await;
        let human = json!({"opponent": {"kind": "human"}});
        let mut floods = Vec::new();
        for _ in 0..3 {
            let t = flood.create_table(human.clone()).await;
            floods.push(t["table"]["id"].as_str().unwrap().to_owned());
        }
        let (status, reply) = flood.post("/api/tables", human.clone()).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{reply}");
        assert!(reply["error"].as_str().unwrap().contains("at most 3"));
        // Private tables count too; games against the computer do not.
        let (status, _) = flood
            .post(
                "/api/tables",
                json!({"opponent": {"kind": "human", "private": true}}),
            )
            .await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
        flood
            .create_table(json!({"opponent": {"kind": "computer", "level": 1}}))
            .await;
        // Another guest's table is listed beside the three.
        let ama = Client::sign_in(&server.base, "Ama").await;
        let mine = ama.create_table(human.clone()).await;
        let (_, lobby) = ama.get("/api/tables").await;
        let open = open_ids(&lobby);
        assert_eq!(open[0], mine["table"]["id"].as_str().unwrap(), "{lobby}");
        assert!(floods.iter().all(|t| open.contains(t)), "{lobby}");
        server.server.stop().await;
    }
}

#[tokio::test]
async fn an_open_table_expires() {
    for db in databases() {
        let mut cfg = config(&db);
        cfg.open_table_expiry_s = 0;
        let server = start(cfg).await;
        let ama = Client::sign_in(&server.base, "Ama").await;
        let kofi = Client::sign_in(&server.base, "Kofi").await;
        let created = ama
            .create_table(json!({"opponent": {"kind": "human"}}))
            .await;
        // Expired as soon as made: not listed, not joinable, not counted.
        let table = created["table"]["id"].as_str().unwrap();
        let (_, lobby) = kofi.get("/api/tables").await;
        assert!(!open_ids(&lobby).contains(&table.to_owned()), "{lobby}");
        let (status, reply) = kofi
            .post(&format!("/api/tables/{table}/join"), json!({}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{reply}");
        assert!(reply["error"].as_str().unwrap().contains("expired"));
        // A correspondence table waits a week: listed and joinable.
        let days = ama
            .create_table(json!({"opponent": {"kind": "human"}, "clock": {"days": 3}}))
            .await;
        let days = days["table"]["id"].as_str().unwrap();
        let (_, lobby) = kofi.get("/api/tables").await;
        assert!(open_ids(&lobby).contains(&days.to_owned()), "{lobby}");
        let (status, reply) = kofi
            .post(&format!("/api/tables/{days}/join"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{reply}");
        for _ in 0..4 {
            ama.create_table(json!({"opponent": {"kind": "human"}}))
                .await;
        }
        server.server.stop().await;
    }
}

/// Polls the lobby (every 100 ms, 20 s at most) until `pred` holds.
async fn lobby_until(client: &Client, pred: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..200 {
        let (_, lobby) = client.get("/api/tables").await;
        if pred(&lobby) {
            return lobby;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("the lobby never came to the state awaited");
}

#[tokio::test]
async fn a_game_both_players_left_is_adjourned_and_resumed_on_return() {
    for db in databases() {
        let mut cfg = config(&db);
        cfg.adjourn_after_s = 0;
        let server = start(cfg).await;
        let ama = Client::sign_in(&server.base, "Ama").await;
        let kofi = Client::sign_in(&server.base, "Kofi").await;
        let id = ama.game_against(&kofi).await;
        assert_eq!(ama.play(&id, "C", 0).await.0, StatusCode::OK);
        // Kofi watches: the game is not adjourned while he is there.
        let mut ws = kofi.ws(&id).await;
        ws.next_state().await;
        let lobby = lobby_until(&ama, |l| listed(l, "playing", &id)).await;
        assert!(listed(&lobby, "playing", &id));
        ws.close().await;
        // Both gone: adjourned, off the lobby, kept.
        lobby_until(&ama, |l| !listed(l, "playing", &id)).await;
        let game = ama.game(&id).await;
        assert_eq!(game["status"], "playing");
        assert_eq!(game["moves"], json!(["C"]));
        // Kofi returns: resumed, and he moves.
        let mut ws = kofi.ws(&id).await;
        ws.next_state().await;
        lobby_until(&ama, |l| listed(l, "playing", &id)).await;
        assert_eq!(kofi.play(&id, "d", 1).await.0, StatusCode::OK);
        ws.close().await;
        server.server.stop().await;
    }
}
