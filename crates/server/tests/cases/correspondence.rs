//! Correspondence: days a move, given afresh after each move; no claim
//! (the game waits for the player); the server ends it on time, here after
//! a restart that found the time run out.

use reqwest::StatusCode;
use serde_json::json;
use sqlx::Executor;

use crate::common::{Client, config, databases, direct, start};

const DAY_MS: i64 = 86_400_000;

#[tokio::test]
async fn a_correspondence_game_waits_for_the_player_and_ends_on_time() {
    for db in databases() {
        let server = start(config(&db)).await;
        let ama = Client::sign_in(&server.base, "Ama").await;
        let kofi = Client::sign_in(&server.base, "Kofi").await;
        let created = ama
            .create_table(
                json!({"starts": "S", "opponent": {"kind": "human"}, "clock": {"days": 3}}),
            )
            .await;
        assert_eq!(created["table"]["clock"], json!({"days": 3}));
        let id = kofi.join(&created).await;
        let game = ama.game(&id).await;
        assert_eq!(game["clock"]["days"], 3);
        // South's three days run from the start (what is left at the
        // moment the state was sent); North's wait whole.
        assert_eq!(game["clock"]["running"], "S");
        assert_eq!(game["clock"]["initial_ms"], 3 * DAY_MS);
        assert!(game["clock"]["S_ms"].as_i64().unwrap() <= 3 * DAY_MS);
        assert_eq!(game["clock"]["N_ms"], 3 * DAY_MS);
        let (status, _) = ama.play(&id, "C", 0).await;
        assert_eq!(status, StatusCode::OK);
        // North has three days now, South's three wait for the next move.
        let game = kofi.game(&id).await;
        assert_eq!(game["clock"]["running"], "N");
        assert_eq!(game["clock"]["S_ms"], 3 * DAY_MS);
        // Away is not lost: a correspondence game is not claimed.
        let (status, body) = ama.post(&format!("/api/games/{id}/claim"), json!({})).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert!(body["error"].as_str().unwrap().contains("correspondence"));
        for bad in [json!({"days": 5}), json!({"days": 3, "increment_s": 2})] {
            let (status, _) = ama
                .post(
                    "/api/tables",
                    json!({"opponent": {"kind": "human"}, "clock": bad}),
                )
                .await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}");
        }
        server.server.stop().await;

        // Four days pass while the server is down: North's time ran out.
        let pool = direct(&db).await;
        pool.execute(
            format!(
                "UPDATE games SET clock_since = clock_since - {} WHERE id = '{id}'",
                4 * DAY_MS
            )
            .as_str(),
        )
        .await
        .unwrap();
        pool.close().await;
        let server = start(config(&db)).await;
        let ama = Client {
            base: server.base.clone(),
            ..ama
        };
        let mut ws = ama.ws(&id).await;
        let game = ws.state_where(|g| g["status"] == "finished").await;
        assert_eq!(game["reason"], "time");
        assert_eq!(game["result"], "S");
        server.server.stop().await;
    }
}
