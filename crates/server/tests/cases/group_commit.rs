//! Moves played at once in many games are stored together (one
//! transaction for those that arrive while the last one runs): each is
//! answered only once stored, each game's moves are stored in order with
//! its version, and a game another writer stored anew meanwhile is not
//! written over (its move goes the room's own way and follows the stored
//! version), whatever batch it falls in.

use futures_util::future::join_all;
use reqwest::StatusCode;
use serde_json::{Value, json};
use sqlx::{AnyPool, Row};

use crate::common::{Client, config, databases, direct, start, store_elsewhere, stored_version};

/// Games played at once.
const GAMES: usize = 12;

/// Each game's moves, South's and North's in turn, legal from the start
/// of abapa, a table's default rules (`wari replay C d D e E c`).
const MOVES: [&str; 6] = ["C", "d", "D", "e", "E", "c"];

/// The moves stored for `id`, in ply order, and the game's version.
async fn stored(pool: &AnyPool, id: &str) -> (Vec<String>, i64) {
    let moves = sqlx::query(&format!(
        "SELECT mv FROM moves WHERE game_id = '{id}' ORDER BY ply"
    ))
    .fetch_all(pool)
    .await
    .unwrap()
    .iter()
    .map(|r| r.get::<String, _>("mv"))
    .collect();
    (moves, stored_version(pool, id).await)
}

#[tokio::test]
async fn moves_played_at_once_in_many_games_are_each_stored_in_order() {
    for db in databases() {
        let server = start(config(&db)).await;
        let mut games = Vec::new();
        for g in 0..GAMES {
            let south = Client::sign_in(&server.base, &format!("South{g}")).await;
            let north = Client::sign_in(&server.base, &format!("North{g}")).await;
            // Every other game with a clock, whose times a move stores.
            let id = if g % 2 == 0 {
                south.game_against(&north).await
            } else {
                let clock = json!({"initial_s": 600, "increment_s": 5});
                let spec = json!({"starts": "S", "opponent": {"kind": "human"}, "clock": clock});
                north.join(&south.create_table(spec).await).await
            };
            games.push((id, [south, north]));
        }
        let pool = direct(&db).await;
        let mut before = Vec::new();
        for (id, _) in &games {
            before.push(stored(&pool, id).await.1);
        }
        // Another writer stores the first game anew, ten versions on.
        store_elsewhere(&pool, &games[0].0, 10).await;

        for (ply, mv) in MOVES.iter().enumerate() {
            let played = join_all(
                games
                    .iter()
                    .map(|(id, players)| players[ply % 2].play(id, mv, ply)),
            )
            .await;
            for ((id, _), (status, body)) in games.iter().zip(&played) {
                assert_eq!(*status, StatusCode::OK, "{db} {id} ply {ply}: {body}");
                // Answered once stored: the database holds the move.
                let (moves, _) = stored(&pool, id).await;
                assert_eq!(moves.len(), ply + 1, "{db} {id} ply {ply}");
            }
        }

        let expected: Vec<Value> = MOVES.iter().map(|m| json!(m)).collect();
        let mut clocks = Vec::new();
        for (g, (id, players)) in games.iter().enumerate() {
            let (moves, version) = stored(&pool, id).await;
            assert_eq!(moves, MOVES, "{db} {id}");
            let moved_on = if g == 0 { 10 } else { 0 };
            assert_eq!(
                version,
                before[g] + moved_on + MOVES.len() as i64,
                "{db} {id}: one version a move, over the stored one"
            );
            let game = players[0].game(id).await;
            assert_eq!(game["moves"], json!(expected), "{db}");
            clocks.push(game["clock"].clone());
        }
        pool.close().await;
        server.server.stop().await;

        // What was answered is what a restart reads.
        let server = start(config(&db)).await;
        for ((id, players), clock) in games.iter().zip(&clocks) {
            let north = Client {
                base: server.base.clone(),
                ..players[1].clone()
            };
            let game = north.game(id).await;
            assert_eq!(game["moves"], json!(expected), "{db}");
            // South's clock runs (charged for the restart too); North's
            // time is what its last move left, as stored.
            assert_eq!(game["clock"]["running"], clock["running"], "{db} {id}");
            assert_eq!(game["clock"]["N_ms"], clock["N_ms"], "{db} {id}");
            if !clock.is_null() {
                assert_eq!(clock["running"], "S", "{db} {id}");
                assert!(clock["N_ms"].as_i64().unwrap() < 600_000 + 3 * 5_000);
            }
        }
        server.server.stop().await;
    }
}
