//! Aborting a game, as lichess has it: before both players have moved, a
//! player ends the game with no result (a person by the game's call or
//! its WebSocket; a bot by the bot API's). The game says `reason:
//! "aborted"` and `result: null` everywhere (GAME, the event stream, the
//! archive, after a restart), is never rated and counts as no game in
//! the profiles; once both have moved, or for someone not seated, the
//! abort is refused with one line.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::{Client, config, databases, start, unique};

const PASSWORD: &str = "correct horse battery";

/// A rated Kalah 5+3 game (the `kalah-blitz` pool: 300 + 40 × 3 = 420 s)
/// with `south` South and `north` North; its id.
async fn rated_game(south: &Client, north: &Client) -> String {
    let created = south
        .create_table(
            json!({"rules": "kalah", "starts": "S", "opponent": {"kind": "human"},
                             "clock": "5+3", "rated": true}),
        )
        .await;
    north.join(&created).await
}

/// The profile's ratings and results of `name`.
async fn standing(viewer: &Client, name: &str) -> (Value, Value) {
    let (status, profile) = viewer.get(&format!("/api/players/{name}")).await;
    assert_eq!(status, StatusCode::OK, "{profile}");
    (profile["ratings"].clone(), profile["results"].clone())
}

fn code(body: &Value) -> &str {
    body["code"].as_str().unwrap_or_default()
}

#[tokio::test]
async fn a_game_aborted_before_both_moved_has_no_result_and_changes_no_rating() {
    for db in databases() {
        let server = start(config(&db)).await;
        let base = server.base.clone();
        let (ama_name, kofi_name) = (unique("Ama"), unique("Kofi"));
        let ama = Client::sign_up(&base, &ama_name, PASSWORD).await;
        let kofi = Client::sign_up(&base, &kofi_name, PASSWORD).await;
        let yaw = Client::sign_in(&base, "Yaw").await;

        // Once both have moved it is too late: the game is resigned and
        // rated, which gives both players a rating to keep.
        let id = rated_game(&ama, &kofi).await;
        for (who, mv, ply) in [(&ama, "A", 0), (&kofi, "a", 1)] {
            let (status, body) = who.play(&id, mv, ply).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (status, body) = ama.post(&format!("/api/games/{id}/abort"), json!({})).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(code(&body), "abort-too-late");
        assert_eq!(ama.game(&id).await["status"], "playing");
        let (status, body) = ama
            .post(&format!("/api/games/{id}/resign"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["rated"], true);
        let before = [
            standing(&ama, &ama_name).await,
            standing(&ama, &kofi_name).await,
        ];
        assert_eq!(before[0].0["kalah-blitz"]["games"], 1, "{:?}", before[0]);
        assert_eq!(before[0].1["games"], 1);

        // South moves twice (C ends in Kalah's store: a move again); North
        // has not moved. Nobody but the players may abort.
        let id = rated_game(&ama, &kofi).await;
        let mut kofi_events = kofi.events().await;
        for (mv, ply) in [("C", 0), ("A", 1)] {
            let (status, body) = ama.play(&id, mv, ply).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (status, body) = yaw.post(&format!("/api/games/{id}/abort"), json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert_eq!(code(&body), "not-seated");
        let (status, _) = kofi.post("/api/games/no-such-game/abort", json!({})).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, game) = kofi
            .post(&format!("/api/games/{id}/abort"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{game}");
        assert_eq!(game["status"], "finished");
        assert_eq!(game["reason"], "aborted");
        assert_eq!(game["result"], Value::Null);
        assert_eq!(game["score"], Value::Null);
        assert_eq!(game["rated"], false);
        assert_eq!(game["clock"]["running"], Value::Null);
        assert!(game["players"]["S"].get("rating_diff").is_none());
        let finish = kofi_events.next_of("gameFinish").await;
        assert_eq!(finish["game"]["id"], id.as_str());
        assert_eq!(finish["game"]["reason"], "aborted");
        assert_eq!(finish["game"]["result"], Value::Null);
        let (status, body) = ama.play(&id, "B", 2).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        let (status, body) = ama.post(&format!("/api/games/{id}/abort"), json!({})).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");

        // A person aborts over the WebSocket before anyone moved.
        let third = rated_game(&ama, &kofi).await;
        let mut ws = ama.ws(&third).await;
        ws.send(json!({"type": "abort"})).await;
        let ended = ws.state_where(|g| g["status"] == "finished").await;
        assert_eq!(ended["reason"], "aborted");

        // Nobody's rating or results moved.
        let after = [
            standing(&ama, &ama_name).await,
            standing(&ama, &kofi_name).await,
        ];
        assert_eq!(after, before);
        // The archive lists them as aborted, with no result, not rated.
        let (_, listed) = ama.get(&format!("/api/players/{ama_name}/games")).await;
        let lines = listed["games"].as_array().unwrap();
        assert_eq!(lines.len(), 3, "{listed}");
        for line in &lines[..2] {
            assert_eq!(line["reason"], "aborted", "{line}");
            assert_eq!(line["result"], Value::Null);
            assert_eq!(line["rated"], false);
        }
        assert_eq!(lines[2]["reason"], "resignation");
        let (_, rated) = ama
            .get(&format!("/api/players/{ama_name}/games?rated=true"))
            .await;
        assert_eq!(rated["games"].as_array().unwrap().len(), 1, "{rated}");
        server.server.stop().await;

        // The database keeps the abort: a server started on it says the same.
        let server = start(config(&db)).await;
        let again = Client::anonymous(&server.base);
        let game = again.game(&id).await;
        assert_eq!(
            (
                &game["status"],
                &game["reason"],
                &game["result"],
                &game["rated"]
            ),
            (
                &json!("finished"),
                &json!("aborted"),
                &Value::Null,
                &json!(false)
            )
        );
        assert_eq!(game["moves"], json!(["C", "A"]));
        server.server.stop().await;
    }
}
