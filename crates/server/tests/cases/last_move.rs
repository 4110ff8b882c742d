//! GAME's `last_move`: what the last move did, seed by seed, worked out by
//! hand from RULES.md for records set up to end on that move.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::{Client, config, sqlite_url, start};

/// Imports a finished record and returns its GAME.
async fn imported(client: &Client, record: &str) -> Value {
    let (status, reply) = client.post_raw("/api/archive", record.to_owned()).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    client.game(reply["game_id"].as_str().unwrap()).await
}

#[tokio::test]
async fn the_last_move_tells_each_seed_the_captures_and_the_end() {
    let server = start(config(&sqlite_url())).await;
    let ama = Client::sign_in(&server.base, "Ama").await;

    // 0,0,0,0,3,0/1,2,0,0,4,0 S 20-18: E sows F, a (1 -> 2) and b (2 -> 3);
    // b and a are taken (RULES.md §2.2), e's 4 stay; 25 is a majority.
    let oware = imported(
        &ama,
        "[FEN \"0-0-0-0-3-0-1-2-0-0-4-0-20-18-S\"]\n\n1. E+5 *\n",
    )
    .await;
    assert_eq!(
        oware["last_move"],
        json!({
            "move": "E", "by": "S",
            "drops": [{"pit": "F"}, {"pit": "a"}, {"pit": "b"}],
            "captures": [{"pit": "a", "seeds": 2}, {"pit": "b", "seeds": 3}],
            "captured_pits": ["a", "b"], "seeds": 5,
            "grand_slam": null, "extra_move": false,
            "end": "majority", "swept": [0, 0],
        })
    );

    // Kalah, 0,0,0,0,0,1/1,1,1,1,1,1 S 23-18: F's seed falls in South's
    // store, which leaves South's row empty: the game ends and North
    // takes its own six (RULES.md §3).
    let kalah = imported(
        &ama,
        "[Rules \"kalah\"]\n[FEN \"0-0-0-0-0-1-1-1-1-1-1-1-23-18-S\"]\n\n1. F *\n",
    )
    .await;
    assert_eq!(
        kalah["last_move"],
        json!({
            "move": "F", "by": "S",
            "drops": [{"store": "S"}],
            "captures": [], "captured_pits": [], "seeds": 0,
            "grand_slam": null, "extra_move": false,
            "end": "empty-side", "swept": [0, 6],
        })
    );
    assert_eq!(kalah["score"], "24-24");
    server.server.stop().await;
}
