//! Chat: the players' room and the spectators', who reads and writes
//! which, the limits, muting the opponent, nothing for the player of a
//! game against the computer, and the messages kept with the game.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::{Client, Ws, config, databases, start};

async fn say(who: &Client, id: &str, room: &str, text: &str) -> (StatusCode, Value) {
    who.post(
        &format!("/api/games/{id}/chat"),
        json!({"room": room, "text": text}),
    )
    .await
}

/// The next chat message a socket receives (states skipped).
async fn heard(ws: &mut Ws) -> Value {
    loop {
        let m = ws.next().await;
        if m["type"] == "chat" && m.get("message").is_some() {
            return m["message"].clone();
        }
    }
}

/// The chat `who` reads of game `id`.
async fn history(who: &Client, id: &str) -> Value {
    let (status, chat) = who.get(&format!("/api/games/{id}/chat")).await;
    assert_eq!(status, StatusCode::OK, "{chat}");
    chat
}

#[tokio::test]
async fn players_and_spectators_chat_apart() {
    for db in databases() {
        let server = start(config(&db)).await;
        let ama = Client::sign_in(&server.base, "Ama").await;
        let kofi = Client::sign_in(&server.base, "Kofi").await;
        let esi = Client::sign_in(&server.base, "Esi").await;
        let yaw = Client::sign_in(&server.base, "Yaw").await;
        let id = ama.game_against(&kofi).await;
        let mut kofi_ws = kofi.ws(&id).await;
        let mut esi_ws = esi.ws(&id).await;
        let mut yaw_ws = yaw.ws(&id).await;
        assert_eq!(
            history(&kofi, &id).await,
            json!({"players": [], "spectators": null, "muted": false})
        );
        assert_eq!(
            history(&esi, &id).await,
            json!({"players": null, "spectators": [], "muted": false})
        );

        let (status, sent) = say(&ama, &id, "players", "  good luck  ").await;
        assert_eq!(status, StatusCode::OK, "{sent}");
        assert_eq!(sent["text"], "good luck");
        assert_eq!(sent["name"], "Ama");
        let got = heard(&mut kofi_ws).await;
        assert_eq!(got["text"], "good luck");
        assert!(got.get("author").is_none());
        // Spectators talk among themselves, over the socket too.
        esi_ws
            .send(json!({"type": "chat", "room": "spectators", "text": "nice opening"}))
            .await;
        assert_eq!(heard(&mut yaw_ws).await["text"], "nice opening");
        // Yaw's first chat message was Esi's: Ama's never reached him.
        assert_eq!(heard(&mut esi_ws).await["text"], "nice opening");

        for (who, room, status) in [
            (&esi, "players", StatusCode::FORBIDDEN),
            (&ama, "spectators", StatusCode::FORBIDDEN),
            (&ama, "lounge", StatusCode::BAD_REQUEST),
        ] {
            assert_eq!(say(who, &id, room, "hello").await.0, status, "{room}");
        }
        let (status, _) = Client::anonymous(&server.base)
            .post(
                &format!("/api/games/{id}/chat"),
                json!({"room": "spectators", "text": "hi"}),
            )
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(
            say(&ama, &id, "players", "").await.0,
            StatusCode::BAD_REQUEST
        );
        assert_eq!(
            say(&ama, &id, "players", &"x".repeat(141)).await.0,
            StatusCode::BAD_REQUEST
        );
        assert_eq!(
            say(&ama, &id, "players", &"é".repeat(140)).await.0,
            StatusCode::OK
        );
        assert_eq!(
            say(&ama, &id, "players", &"é".repeat(140)).await.0,
            StatusCode::BAD_REQUEST
        );
        // Five in ten seconds: "good luck", the 140 é, and three more.
        for n in 0..3 {
            assert_eq!(
                say(&ama, &id, "players", &format!("line {n}")).await.0,
                StatusCode::OK
            );
        }
        assert_eq!(
            say(&ama, &id, "players", "one too many").await.0,
            StatusCode::TOO_MANY_REQUESTS
        );

        // Kept with the game; the players read the spectators' once it ends.
        let (_, chat) = kofi.get(&format!("/api/games/{id}/chat")).await;
        assert_eq!(chat["players"].as_array().unwrap().len(), 5);
        assert_eq!(chat["spectators"], Value::Null);
        assert_eq!(
            ama.post(&format!("/api/games/{id}/resign"), json!({}))
                .await
                .0,
            StatusCode::OK
        );
        let (_, chat) = kofi.get(&format!("/api/games/{id}/chat")).await;
        assert_eq!(chat["spectators"][0]["text"], "nice opening");
        let (_, chat) = esi.get(&format!("/api/games/{id}/chat")).await;
        assert_eq!(chat["players"], Value::Null);
        server.server.stop().await;
    }
}

#[tokio::test]
async fn a_player_mutes_the_opponent() {
    for db in databases() {
        let server = start(config(&db)).await;
        let ama = Client::sign_in(&server.base, "Ama").await;
        let kofi = Client::sign_in(&server.base, "Kofi").await;
        let id = ama.game_against(&kofi).await;
        let mut kofi_ws = kofi.ws(&id).await;
        let (status, _) = kofi
            .post(
                &format!("/api/games/{id}/chat/mute"),
                json!({"muted": true}),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(
            say(&ama, &id, "players", "you will lose").await.0,
            StatusCode::OK
        );
        assert_eq!(
            say(&kofi, &id, "players", "good game").await.0,
            StatusCode::OK
        );
        // Kofi's own message is the first he hears: Ama's was held back.
        assert_eq!(heard(&mut kofi_ws).await["text"], "good game");
        let (_, chat) = kofi.get(&format!("/api/games/{id}/chat")).await;
        assert_eq!(chat["muted"], true);
        assert_eq!(chat["players"].as_array().unwrap().len(), 1);
        let (_, chat) = ama.get(&format!("/api/games/{id}/chat")).await;
        assert_eq!(chat["players"].as_array().unwrap().len(), 2);
        // Unmuted, he reads everything.
        kofi.post(
            &format!("/api/games/{id}/chat/mute"),
            json!({"muted": false}),
        )
        .await;
        let (_, chat) = kofi.get(&format!("/api/games/{id}/chat")).await;
        assert_eq!(chat["players"].as_array().unwrap().len(), 2);
        let esi = Client::sign_in(&server.base, "Esi").await;
        let (status, _) = esi
            .post(
                &format!("/api/games/{id}/chat/mute"),
                json!({"muted": true}),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        server.server.stop().await;
    }
}

#[tokio::test]
async fn the_player_of_a_computer_game_sees_no_chat() {
    let server = start(config(&crate::common::sqlite_url())).await;
    let ama = Client::sign_in(&server.base, "Ama").await;
    let esi = Client::sign_in(&server.base, "Esi").await;
    let created = ama
        .create_table(json!({"starts": "N", "opponent": {"kind": "computer", "level": 1}}))
        .await;
    let id = created["table"]["game_id"].as_str().unwrap();
    assert_eq!(
        say(&ama, id, "players", "hello computer").await.0,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        say(&esi, id, "spectators", "she plays well").await.0,
        StatusCode::OK
    );
    let (_, chat) = ama.get(&format!("/api/games/{id}/chat")).await;
    assert_eq!(
        chat,
        json!({"players": null, "spectators": null, "muted": false})
    );
    assert_eq!(
        ama.post(&format!("/api/games/{id}/resign"), json!({}))
            .await
            .0,
        StatusCode::OK
    );
    let (_, chat) = ama.get(&format!("/api/games/{id}/chat")).await;
    assert_eq!(chat["spectators"], Value::Null);
    let (_, chat) = esi.get(&format!("/api/games/{id}/chat")).await;
    assert_eq!(chat["spectators"][0]["text"], "she plays well");
    server.server.stop().await;
}
