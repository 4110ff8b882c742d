//! The accounts' side of several processes sharing one PostgreSQL
//! database: what a player does through one process reaches them through
//! the other: a challenge made through one reaches the challenged
//! player's event stream on the other, a chat message said through one
//! reaches a socket on the other, and a session signed out through one
//! is refused by the other well before its cache would let it go (a
//! minute: the sign-out is announced).

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;

use crate::common::{Client, TestServer, config, start, unique};

const PASSWORD: &str = "correct horse battery";

/// `client`'s browser talking to `server` (the same cookie).
fn through(client: &Client, server: &TestServer) -> Client {
    Client {
        base: server.base.clone(),
        ..client.clone()
    }
}

#[tokio::test]
async fn what_a_player_does_through_one_process_reaches_them_through_the_other() {
    let Ok(db) = std::env::var("WARI_TEST_POSTGRES") else {
        eprintln!("WARI_TEST_POSTGRES is not set: skipped");
        return;
    };
    let [a, b]: [TestServer; 2] = [start(config(&db)).await, start(config(&db)).await];
    let kofi_name = unique("Kofi");
    let ama = Client::sign_up(&a.base, &unique("Ama"), PASSWORD).await;
    let kofi_on_a = Client::sign_up(&a.base, &kofi_name, PASSWORD).await;
    let kofi = through(&kofi_on_a, &b);

    // A challenge made through A reaches Kofi's stream on B.
    let mut kofi_events = kofi.events().await;
    let created = ama
        .create_table(json!({"opponent": {"kind": "human", "player": kofi_name}, "clock": "5+3"}))
        .await;
    let challenge = kofi_events.next_of("challenge").await;
    assert_eq!(challenge["challenge"]["id"], created["table"]["id"]);
    let invite = challenge["challenge"]["invite"]
        .as_str()
        .unwrap()
        .replace("/invite/", "");
    let (status, joined) = kofi
        .post(&format!("/api/invite/{invite}/join"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    let id = joined["game_id"].as_str().unwrap();

    // Ama's word through A reaches Kofi's socket on B.
    let mut socket = kofi.ws(id).await;
    let (status, said) = ama
        .post(
            &format!("/api/games/{id}/chat"),
            json!({"room": "players", "text": "hello from A"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{said}");
    let heard = loop {
        let m = socket.next().await;
        if m["type"] == "chat" && m.get("message").is_some() {
            break m["message"].clone();
        }
    };
    assert_eq!(heard["text"], "hello from A");
    assert_eq!(heard["room"], "players");

    // Kofi signs out through A: B, which knows his session (it has just
    // served it), refuses it within seconds, not after its cache's minute.
    let (status, _) = kofi.get("/api/account").await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = kofi_on_a.post("/api/account/sign-out", json!({})).await;
    assert_eq!(status, StatusCode::OK);
    let mut refused = false;
    for _ in 0..100 {
        let (status, _) = kofi.get("/api/account").await;
        if status == StatusCode::UNAUTHORIZED {
            refused = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(refused, "B still takes a session signed out through A");
    for s in [a, b] {
        s.server.stop().await;
    }
}
