//! Players' pages: the profile (ratings, results, games being played),
//! the rating history, a player's games with filters, "my games" with
//! your turn first, the leaderboard of active established players, and
//! the archive by player.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::{Client, config, databases, start, unique};

const PASSWORD: &str = "correct horse battery";
const BLITZ: &str = r#"{"initial_s": 300, "increment_s": 3}"#;

/// `south` opens a table (`rated`, a 5+3 clock), `north` joins: the game.
async fn game(south: &Client, north: &Client, rated: bool) -> String {
    let created = south
        .create_table(json!({"starts": "S", "opponent": {"kind": "human"},
            "clock": serde_json::from_str::<Value>(BLITZ).unwrap(), "rated": rated}))
        .await;
    north.join(&created).await
}

/// South plays A and North a (on the standard boards of Oware and Kalah,
/// neither sows into a store): both have moved, so a rated game counts.
async fn both_move(south: &Client, north: &Client, id: &str) {
    for (who, mv, ply) in [(south, "A", 0), (north, "a", 1)] {
        let (status, body) = who.play(id, mv, ply).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
}

async fn resign(who: &Client, id: &str) {
    let (status, body) = who
        .post(&format!("/api/games/{id}/resign"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

fn ids(list: &Value) -> Vec<String> {
    list["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test]
async fn a_profile_shows_ratings_results_history_and_filtered_games() {
    for db in databases() {
        let server = start(config(&db)).await;
        let (a_name, b_name) = (unique("Ama"), unique("Kofi"));
        let ama = Client::sign_up(&server.base, &a_name, PASSWORD).await;
        let kofi = Client::sign_up(&server.base, &b_name, PASSWORD).await;
        let yaw = Client::sign_in(&server.base, &unique("Yaw")).await;
        // Rated: Kofi resigns. Casual: Ama resigns. Against a guest: a draw
        // is not to be had quickly, so Yaw resigns. One left going.
        let rated = game(&ama, &kofi, true).await;
        both_move(&ama, &kofi, &rated).await;
        resign(&kofi, &rated).await;
        let casual = game(&kofi, &ama, false).await;
        resign(&ama, &casual).await;
        let guest_game = game(&yaw, &ama, false).await;
        resign(&yaw, &guest_game).await;
        let going = game(&ama, &kofi, false).await;

        let (status, profile) = kofi
            .get(&format!("/api/players/{}", a_name.to_uppercase()))
            .await;
        assert_eq!(status, StatusCode::OK, "{profile}");
        assert_eq!(profile["name"], a_name.as_str());
        assert_eq!(
            profile["results"],
            json!({"won": 2, "drawn": 0, "lost": 1, "games": 3})
        );
        assert_eq!(profile["playing"], 1);
        let rating = profile["ratings"]["abapa-blitz"]["rating"]
            .as_f64()
            .unwrap();
        assert!(rating > 1500.0);
        assert_eq!(profile["ratings"].as_object().unwrap().len(), 1);

        let (_, history) = ama
            .get(&format!("/api/players/{a_name}/history?pool=abapa-blitz"))
            .await;
        let points = history["points"].as_array().unwrap();
        assert_eq!(points.len(), 1);
        assert_eq!(points[0][1].as_f64().unwrap(), rating);
        assert_eq!(points[0][3], rated.as_str());

        let list = |query: String| {
            let ama = ama.clone();
            let a_name = a_name.clone();
            async move {
                let (status, body) = ama
                    .get(&format!("/api/players/{a_name}/games?{query}"))
                    .await;
                assert_eq!(status, StatusCode::OK, "{query}: {body}");
                ids(&body)
            }
        };
        assert_eq!(
            list(String::new()).await,
            [guest_game.clone(), casual.clone(), rated.clone()]
        );
        assert_eq!(
            list("result=win".into()).await,
            [guest_game.clone(), rated.clone()]
        );
        assert_eq!(
            list("result=loss".into()).await,
            std::slice::from_ref(&casual)
        );
        assert_eq!(list("result=draw".into()).await, Vec::<String>::new());
        assert_eq!(
            list("rated=true".into()).await,
            std::slice::from_ref(&rated)
        );
        assert_eq!(
            list("rated=false".into()).await,
            [guest_game.clone(), casual.clone()]
        );
        assert_eq!(
            list(format!("opponent={}", b_name.to_lowercase())).await,
            [casual.clone(), rated.clone()]
        );
        assert_eq!(list("rules=abapa".into()).await.len(), 3);
        assert_eq!(list("rules=kalah".into()).await.len(), 0);
        let (_, page) = ama
            .get(&format!("/api/players/{a_name}/games?limit=1"))
            .await;
        assert_eq!(page["games"][0]["you"], "N");
        assert_eq!(page["games"][0]["players"]["N"]["account"], true);
        let (status, _) = ama
            .get(&format!("/api/players/{a_name}/games?result=maybe"))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            ama.get("/api/players/nobody_here/games").await.0,
            StatusCode::NOT_FOUND
        );

        // The archive by player: an account by its games, a guest by name.
        let (_, archive) = kofi.get(&format!("/api/games?player={a_name}")).await;
        assert_eq!(
            ids(&archive),
            [guest_game.clone(), casual.clone(), rated.clone()]
        );
        let (_, archive) = kofi
            .get(&format!("/api/games?player={b_name}&result=win"))
            .await;
        assert_eq!(ids(&archive), std::slice::from_ref(&casual));
        let guest_name = yaw.game(&guest_game).await["players"]["S"]["name"]
            .as_str()
            .unwrap()
            .to_owned();
        let (_, archive) = kofi.get(&format!("/api/games?player={guest_name}")).await;
        assert_eq!(ids(&archive), std::slice::from_ref(&guest_game));
        assert!(going.len() > 1);
        server.server.stop().await;
    }
}

#[tokio::test]
async fn my_games_lists_your_turn_first() {
    for db in databases() {
        let server = start(config(&db)).await;
        let ama = Client::sign_up(&server.base, &unique("Ama"), PASSWORD).await;
        let kofi = Client::sign_in(&server.base, "Kofi").await;
        let theirs = game(&kofi, &ama, false).await; // Kofi is South: his turn
        let mine = game(&ama, &kofi, false).await; // Ama is South: her turn
        let correspondence = {
            let created = kofi
                .create_table(
                    json!({"starts": "N", "opponent": {"kind": "human"}, "clock": {"days": 2}}),
                )
                .await;
            ama.join(&created).await
        };
        // Without a clock: Kofi is South, his turn.
        let unclocked = kofi.game_against(&ama).await;
        let (status, list) = ama.get("/api/account/games").await;
        assert_eq!(status, StatusCode::OK, "{list}");
        let games = list["games"].as_array().unwrap();
        assert_eq!(games.len(), 4);
        assert_eq!(games[3]["id"], unclocked.as_str());
        assert_eq!(
            (
                &games[3]["your_turn"],
                &games[3]["you"],
                &games[3]["to_move"]
            ),
            (&json!(false), &json!("N"), &json!("S"))
        );
        assert!(games[0]["your_turn"] == true && games[1]["your_turn"] == true);
        assert_eq!(games[2]["id"], theirs.as_str());
        assert_eq!(games[2]["your_turn"], false);
        // Of the two, the one whose clock runs out first comes first.
        assert_eq!(games[0]["id"], mine.as_str());
        assert_eq!(games[1]["id"], correspondence.as_str());
        assert_eq!(games[1]["clock"], json!({"days": 2}));
        // A guest has "my games" too.
        let (_, list) = kofi.get("/api/account/games").await;
        assert_eq!(list["games"].as_array().unwrap().len(), 4);
        assert_eq!(list["games"][0]["id"], theirs.as_str());
        assert_eq!(list["games"][1]["id"], unclocked.as_str());
        assert_eq!(list["games"][1]["your_turn"], true);
        server.server.stop().await;
    }
}

#[tokio::test]
async fn the_leaderboard_lists_established_players_only() {
    // SQLite only: the leaderboard of a shared database has every run's
    // players on it.
    let server = start(config(&crate::common::sqlite_url())).await;
    let ama = Client::sign_up(&server.base, "Ama", PASSWORD).await;
    let kofi = Client::sign_up(&server.base, "Kofi", PASSWORD).await;
    let esi = Client::sign_up(&server.base, "Esi", PASSWORD).await;
    let board = |client: &Client| {
        let client = client.clone();
        async move {
            let (status, body) = client.get("/api/leaderboard/kalah-blitz").await;
            assert_eq!(status, StatusCode::OK, "{body}");
            body["players"].as_array().unwrap().clone()
        }
    };
    let kalah = |south: &Client, north: &Client| {
        let (south, north) = (south.clone(), north.clone());
        async move {
            let created = south
                .create_table(
                    json!({"rules": "kalah", "starts": "S", "opponent": {"kind": "human"},
                    "clock": {"initial_s": 180, "increment_s": 2}, "rated": true}),
                )
                .await;
            let id = north.join(&created).await;
            both_move(&south, &north, &id).await;
            id
        }
    };
    // One game: both still provisional, nobody is listed.
    let id = kalah(&ama, &kofi).await;
    resign(&kofi, &id).await;
    assert!(board(&ama).await.is_empty());
    // Ama and Kofi play on until their deviations fall under 110; Esi
    // plays once and stays provisional.
    let id = kalah(&esi, &kofi).await;
    resign(&esi, &id).await;
    for n in 0..40 {
        let (winner, loser) = if n % 3 == 0 {
            (&kofi, &ama)
        } else {
            (&ama, &kofi)
        };
        let id = kalah(winner, loser).await;
        resign(loser, &id).await;
        let (_, profile) = ama.get("/api/players/Ama").await;
        if profile["ratings"]["kalah-blitz"]["provisional"] == false {
            let (_, other) = ama.get("/api/players/Kofi").await;
            if other["ratings"]["kalah-blitz"]["provisional"] == false {
                break;
            }
        }
    }
    let players = board(&esi).await;
    let names: Vec<&str> = players
        .iter()
        .map(|p| p["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["Ama", "Kofi"]);
    assert_eq!(players[0]["rank"], 1);
    assert!(players[0]["rating"].as_f64() > players[1]["rating"].as_f64());
    assert!(players.iter().all(|p| p["provisional"] == false));
    assert_eq!(
        ama.get("/api/leaderboard/kalah-slow").await.0,
        StatusCode::NOT_FOUND
    );
    server.server.stop().await;
}
