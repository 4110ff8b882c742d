//! A game in progress survives a restart: the moves, seats, sessions and
//! clocks are read back and play goes on.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;

use crate::common::{Client, config, databases, ply, start};

#[tokio::test]
async fn a_game_survives_a_restart_and_goes_on() {
    for db in databases() {
        let server = start(config(&db)).await;
        let ama = Client::sign_in(&server.base, "Ama").await;
        let kofi = Client::sign_in(&server.base, "Kofi").await;
        let created = ama
            .create_table(json!({"starts": "S", "opponent": {"kind": "human"}, "clock": {"initial_s": 120, "increment_s": 3}}))
            .await;
        let id = kofi.join(&created).await;
        for (n, (who, mv)) in [(&ama, "C"), (&kofi, "d"), (&ama, "A")]
            .into_iter()
            .enumerate()
        {
            let (status, body) = who.play(&id, mv, n).await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (status, _) = kofi.offer(&id, "cycle").await;
        assert_eq!(status, StatusCode::OK);
        let before = ama.game(&id).await;
        server.server.stop().await;

        tokio::time::sleep(Duration::from_millis(200)).await;
        let server = start(config(&db)).await;
        let ama = Client {
            base: server.base.clone(),
            ..ama
        };
        let kofi = Client {
            base: server.base.clone(),
            ..kofi
        };
        let after = ama.game(&id).await;
        assert_eq!(after["status"], "playing");
        assert_eq!(after["you"], "S");
        assert_eq!(after["moves"], before["moves"]);
        assert_eq!(after["position"], before["position"]);
        assert_eq!(after["offers"], before["offers"]);
        assert_eq!(after["players"]["N"]["name"], "Kofi");
        // North's clock ran through the downtime; South's did not move.
        assert_eq!(after["clock"]["running"], "N");
        assert_eq!(after["clock"]["S_ms"], before["clock"]["S_ms"]);
        let north_before = before["clock"]["N_ms"].as_i64().unwrap();
        let north_after = after["clock"]["N_ms"].as_i64().unwrap();
        assert!(north_after < north_before && north_after > north_before - 5_000);

        let mut ws = kofi.ws(&id).await;
        assert_eq!(ply(&ws.next_state().await), 3);
        ws.send(json!({"type": "move", "move": "f", "ply": 3}))
            .await;
        let game = ws.state_where(|g| ply(g) == 4).await;
        assert_eq!(game["moves"], json!(["C", "d", "A", "f"]));
        assert_eq!(game["offers"], json!([]));
        let (status, _) = ama.play(&id, "B", 4).await;
        assert_eq!(status, StatusCode::OK);
        ws.close().await;
        server.server.stop().await;
    }
}
