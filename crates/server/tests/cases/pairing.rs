//! Quick pairing and the event stream: two players in a pool are paired
//! into one rated game and their streams say so; guests are paired with
//! guests for casual games; a seek is cancelled, replaced, never paired
//! with its own player; and on PostgreSQL two server processes pair each
//! seek once. Challenges to a named player, accepted or declined.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::{Client, TestServer, config, databases, start, unique};

const PASSWORD: &str = "correct horse battery";

/// The SEEK once it is paired (looked at until then: looking keeps it
/// alive, as a client without a stream does).
async fn paired(client: &Client, seek: &Value) -> Value {
    let id = seek["id"].as_str().unwrap();
    let mut events = client.events().await;
    let started = events.next_of("gameStart").await;
    let (status, seek) = client.get(&format!("/api/seeks/{id}")).await;
    assert_eq!(status, StatusCode::OK, "{seek}");
    assert_eq!(seek["status"], "paired", "{seek}");
    assert_eq!(seek["game_id"], started["game"]["id"]);
    seek
}

#[tokio::test]
async fn two_players_in_a_pool_are_paired_into_a_rated_game_and_told() {
    for db in databases() {
        let server = start(config(&db)).await;
        let ama = Client::sign_up(&server.base, &unique("Ama"), PASSWORD).await;
        let kofi = Client::sign_up(&server.base, &unique("Kofi"), PASSWORD).await;
        let mut ama_events = ama.events().await;
        let mut kofi_events = kofi.events().await;
        let (_, pools) = ama.get("/api/pools").await;
        let pool = pools["pools"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["id"] == "abapa-5+3")
            .unwrap()
            .clone();
        assert_eq!(pool["rating_pool"], "abapa-blitz");
        assert_eq!(pool["clock"], json!({"initial_s": 300, "increment_s": 3}));

        let seek = ama.seek("abapa-5+3").await;
        assert_eq!(seek["status"], "open");
        assert_eq!(seek["rated"], true);
        kofi.seek("abapa-5+3").await;
        let a = ama_events.next_of("gameStart").await;
        let k = kofi_events.next_of("gameStart").await;
        assert_eq!(a["game"]["id"], k["game"]["id"]);
        assert_ne!(a["game"]["you"], k["game"]["you"]);
        assert_eq!(a["game"]["rated"], true);
        assert_eq!(a["game"]["pool"], "abapa-blitz");
        assert_eq!(a["game"]["opponent"]["rating"], 1500);
        let (_, seek) = ama
            .get(&format!("/api/seeks/{}", seek["id"].as_str().unwrap()))
            .await;
        assert_eq!(seek["status"], "paired");
        let id = a["game"]["id"].as_str().unwrap();
        let game = ama.game(id).await;
        assert_eq!(game["status"], "playing");
        assert_eq!(game["rated"], true);
        assert_eq!(game["clock"]["initial_ms"], 300_000);
        assert_eq!(game["you"], a["game"]["you"]);

        // Whose turn it is: South's stream hears it after North moves.
        let (south, north, south_events) = if game["you"] == "S" {
            (&ama, &kofi, &mut ama_events)
        } else {
            (&kofi, &ama, &mut kofi_events)
        };
        assert_eq!(south.play(id, "C", 0).await.0, StatusCode::OK);
        assert_eq!(north.play(id, "d", 1).await.0, StatusCode::OK);
        let turn = south_events.next_of("yourTurn").await;
        assert_eq!(turn["game"]["id"], id);
        assert_eq!(turn["game"]["moves_count"], 2);
        assert_eq!(
            north
                .post(&format!("/api/games/{id}/resign"), json!({}))
                .await
                .0,
            StatusCode::OK
        );
        let finish = south_events.next_of("gameFinish").await;
        assert_eq!(finish["game"]["result"], "S");
        assert!(finish["game"]["rating_diff"].as_i64().unwrap() > 0);
        server.server.stop().await;
    }
}

#[tokio::test]
async fn guests_pair_with_guests_and_a_seek_is_never_paired_with_its_player() {
    for db in databases() {
        let server = start(config(&db)).await;
        let name = unique("Esi");
        let esi = Client::sign_up(&server.base, &name, PASSWORD).await;
        let esi_phone = Client::sign_in_account(&server.base, &name, PASSWORD).await;
        // The same player from two browsers: the second seek replaces the
        // first, and nothing pairs them.
        let first = esi.seek("kalah-3+2").await;
        let second = esi_phone.seek("kalah-3+2").await;
        let (_, first) = esi
            .get(&format!("/api/seeks/{}", first["id"].as_str().unwrap()))
            .await;
        assert_eq!(first["status"], "cancelled");
        // A guest is not paired with the signed-in player (rated and casual
        // seekers wait apart); two guests are.
        let yaw = Client::sign_in(&server.base, "Yaw").await;
        let abena = Client::sign_in(&server.base, "Abena").await;
        let mut yaw_events = yaw.events().await;
        let yaw_seek = yaw.seek("kalah-3+2").await;
        assert_eq!(yaw_seek["rated"], false);
        // The pool counts each kind apart (on a fresh database: a shared
        // one may hold other runs' seeks).
        if db.starts_with("sqlite") {
            let (_, pools) = yaw.get("/api/pools").await;
            let kalah = pools["pools"]
                .as_array()
                .unwrap()
                .iter()
                .find(|p| p["id"] == "kalah-3+2")
                .unwrap()
                .clone();
            assert_eq!(
                [
                    &kalah["waiting"],
                    &kalah["waiting_rated"],
                    &kalah["waiting_casual"]
                ],
                [2, 1, 1],
                "{kalah}"
            );
        }
        let abena_seek = abena.seek("kalah-3+2").await;
        let started = yaw_events.next_of("gameStart").await;
        assert_eq!(started["game"]["rated"], false);
        assert_eq!(started["game"]["opponent"]["name"], "Abena");
        let abena_seek = paired(&abena, &abena_seek).await;
        assert_eq!(abena_seek["game_id"], started["game"]["id"]);
        let (_, second) = esi_phone
            .get(&format!("/api/seeks/{}", second["id"].as_str().unwrap()))
            .await;
        assert_eq!(second["status"], "open");
        // Cancelled, it stays so; someone else's seek is not yours to see.
        let id = second["id"].as_str().unwrap();
        assert_eq!(
            yaw.get(&format!("/api/seeks/{id}")).await.0,
            StatusCode::NOT_FOUND
        );
        let (status, _) = esi
            .post(&format!("/api/seeks/{id}/cancel"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK);
        let (_, second) = esi.get(&format!("/api/seeks/{id}")).await;
        assert_eq!(second["status"], "cancelled");
        let (status, _) = esi.post("/api/pools/nowhere-1+0/seek", json!({})).await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        server.server.stop().await;
    }
}

#[tokio::test]
async fn two_processes_on_postgres_pair_each_seek_once() {
    let Ok(db) = std::env::var("WARI_TEST_POSTGRES") else {
        eprintln!("WARI_TEST_POSTGRES is not set: skipped");
        return;
    };
    let servers: [TestServer; 2] = [start(config(&db)).await, start(config(&db)).await];
    let mut players = Vec::new();
    for n in 0..8 {
        let base = &servers[n % 2].base;
        players.push(Client::sign_up(base, &unique("P"), PASSWORD).await);
    }
    let mut streams = Vec::new();
    for p in &players {
        streams.push(p.events().await);
    }
    let seeks = futures_util::future::join_all(players.iter().map(|p| p.seek("warri-5+3"))).await;
    let mut games = std::collections::HashMap::new();
    for (n, stream) in streams.iter_mut().enumerate() {
        let started = stream.next_of("gameStart").await;
        let id = started["game"]["id"].as_str().unwrap().to_owned();
        games.entry(id).or_insert_with(Vec::new).push(n);
    }
    assert_eq!(games.len(), 4, "{games:?}");
    for (id, seated) in &games {
        assert_eq!(seated.len(), 2, "{id}: {seated:?}");
        // Each process serves the game, with both seats taken.
        for server in &servers {
            let game = Client::anonymous(&server.base).game(id).await;
            assert_eq!(game["status"], "playing");
        }
    }
    for (p, seek) in players.iter().zip(&seeks) {
        let (_, seek) = p
            .get(&format!("/api/seeks/{}", seek["id"].as_str().unwrap()))
            .await;
        assert_eq!(seek["status"], "paired");
        assert!(games.contains_key(seek["game_id"].as_str().unwrap()));
    }
    for s in servers {
        s.server.stop().await;
    }
}

#[tokio::test]
async fn a_challenge_reaches_the_named_player_who_accepts_or_declines() {
    for db in databases() {
        let server = start(config(&db)).await;
        let (ama_name, kofi_name) = (unique("Ama"), unique("Kofi"));
        let ama = Client::sign_up(&server.base, &ama_name, PASSWORD).await;
        let kofi = Client::sign_up(&server.base, &kofi_name, PASSWORD).await;
        let esi = Client::sign_up(&server.base, &unique("Esi"), PASSWORD).await;
        let mut kofi_events = kofi.events().await;
        let mut ama_events = ama.events().await;
        let created = ama
            .create_table(
                json!({"opponent": {"kind": "human", "player": kofi_name.to_lowercase()},
                "clock": {"days": 3}, "rated": true}),
            )
            .await;
        let challenge = kofi_events.next_of("challenge").await;
        assert_eq!(challenge["challenge"]["id"], created["table"]["id"]);
        assert_eq!(challenge["challenge"]["creator"]["name"], ama_name.as_str());
        assert_eq!(challenge["challenge"]["pool"], "abapa-correspondence");
        let invite = challenge["challenge"]["invite"]
            .as_str()
            .unwrap()
            .replace("/invite/", "");
        let (status, _) = esi
            .post(&format!("/api/invite/{invite}/join"), json!({}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, joined) = kofi
            .post(&format!("/api/invite/{invite}/join"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{joined}");
        let started = ama_events.next_of("gameStart").await;
        assert_eq!(started["game"]["id"], joined["game_id"]);
        assert_eq!(started["game"]["clock"], json!({"days": 3}));

        // A second challenge, declined: Ama hears it.
        let created = ama
            .create_table(
                json!({"opponent": {"kind": "human", "player": kofi_name}, "clock": {"days": 1}}),
            )
            .await;
        let table = created["table"]["id"].as_str().unwrap();
        // A new stream lists the challenges waiting.
        let mut again = kofi.events().await;
        let waiting = again.next_of("challenge").await;
        assert_eq!(waiting["challenge"]["id"], table);
        // So does "my games", both ways; the sender sees no invite to
        // accept, only their own table.
        let (_, mine) = kofi.get("/api/account/games").await;
        let received = &mine["challenges"]["received"];
        assert_eq!(received.as_array().unwrap().len(), 1, "{mine}");
        assert_eq!(received[0]["id"], table);
        assert_eq!(received[0]["clock"], json!({"days": 1}));
        assert!(received[0]["invite"].is_string(), "{mine}");
        assert_eq!(mine["challenges"]["sent"], json!([]));
        let (_, theirs) = ama.get("/api/account/games").await;
        assert_eq!(theirs["challenges"]["received"], json!([]));
        assert_eq!(theirs["challenges"]["sent"][0]["id"], table);
        assert_eq!(theirs["challenges"]["sent"][0]["yours"], true);
        let (_, esis) = esi.get("/api/account/games").await;
        assert_eq!(
            esis["challenges"],
            json!({"received": [], "sent": []}),
            "{esis}"
        );
        let (status, _) = kofi
            .post(&format!("/api/tables/{table}/cancel"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK);
        let declined = ama_events.next_of("challengeDeclined").await;
        assert_eq!(declined["challenge"]["id"], table);
        let (_, mine) = kofi.get("/api/account/games").await;
        assert_eq!(mine["challenges"]["received"], json!([]));
        let (_, theirs) = ama.get("/api/account/games").await;
        assert_eq!(theirs["challenges"]["sent"], json!([]));
        let (status, _) = ama
            .post(
                "/api/tables",
                json!({"opponent": {"kind": "human", "player": "nobody_at_all"}}),
            )
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        server.server.stop().await;
    }
}
