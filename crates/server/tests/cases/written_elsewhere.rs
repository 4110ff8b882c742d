//! A game's row stored anew outside its room (another writer) is not
//! written over blindly: the next move is stored over the version the
//! database holds. (The group commit stores a move over the room's
//! version, its UPDATE checking it; when the stored one moved on, the
//! room's own transaction reads and locks the row, reloads the game and
//! stores the move over it.)

use reqwest::StatusCode;
use serde_json::json;

use crate::common::{Client, config, databases, direct, start, store_elsewhere, stored_version};

#[tokio::test]
async fn a_move_is_stored_over_the_version_another_writer_left() {
    for db in databases() {
        let server = start(config(&db)).await;
        let ama = Client::sign_in(&server.base, "Ama").await;
        let kofi = Client::sign_in(&server.base, "Kofi").await;
        let id = ama.game_against(&kofi).await;
        let (status, body) = ama.play(&id, "C", 0).await;
        assert_eq!(status, StatusCode::OK, "{body}");

        // Someone else stores the game again, ten versions on, while the
        // server runs.
        let pool = direct(&db).await;
        let before = stored_version(&pool, &id).await;
        store_elsewhere(&pool, &id, 10).await;

        let (status, body) = kofi.play(&id, "d", 1).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        // The move's version follows the one stored, not the server's.
        assert_eq!(stored_version(&pool, &id).await, before + 11, "{db}");
        let game = ama.game(&id).await;
        assert_eq!(game["moves"], json!(["C", "d"]), "{db}");
        let (status, body) = ama.play(&id, "A", 2).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(stored_version(&pool, &id).await, before + 12, "{db}");
        pool.close().await;
        server.server.stop().await;

        // What was stored is what a restart reads.
        let server = start(config(&db)).await;
        let kofi = Client {
            base: server.base.clone(),
            ..kofi
        };
        let game = kofi.game(&id).await;
        assert_eq!(game["moves"], json!(["C", "d", "A"]), "{db}");
        server.server.stop().await;
    }
}
