//! A paired game whose first move never comes is aborted, as lichess
//! aborts it: a quick pool's game when either player has not made their
//! first move 30 s (5+3: a quarter of 300 s, at most 30 s) after their
//! first turn began, with nobody connected; an arena's, with no points
//! for either and the player who did not come paused. The server runs on
//! a stopped wall clock that each test moves on: the deadline is exact,
//! and nothing sleeps. On PostgreSQL too (`WARI_TEST_POSTGRES`): the
//! deadline is stored with the game (`clock_deadline`), where the sweep
//! of any process finds it.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use wari_rules::ogn::Record;
use wari_server::{Config, WallClock};

use super::tournaments::{standing, stream_until};
use crate::common::{Client, config, databases, start, unique};

const PASSWORD: &str = "correct horse battery";

/// Both in the pool `pool`: the game, as `a` sees it when it starts,
/// and who is South and North.
async fn paired<'a>(a: &'a Client, b: &'a Client, pool: &str) -> (String, &'a Client, &'a Client) {
    let mut events = a.events().await;
    a.seek(pool).await;
    b.seek(pool).await;
    let started = events.next_of("gameStart").await;
    let id = started["game"]["id"].as_str().unwrap().to_owned();
    if started["game"]["you"] == "S" {
        (id, a, b)
    } else {
        (id, b, a)
    }
}

fn aborted_with_no_result(game: &Value) {
    assert_eq!(game["status"], "finished", "{game}");
    assert_eq!(game["reason"], "aborted", "{game}");
    assert_eq!(game["result"], Value::Null, "{game}");
    assert_eq!(game["rated"], false, "{game}");
}

#[tokio::test]
async fn a_pool_game_whose_first_move_never_comes_is_aborted_unrated() {
    for db in databases() {
        let time = WallClock::stopped();
        let server = start(Config {
            wall_clock: time.clone(),
            ..config(&db)
        })
        .await;
        let base = &server.base;
        let ama = Client::sign_up(base, &unique("Ama"), PASSWORD).await;
        let kofi = Client::sign_up(base, &unique("Kofi"), PASSWORD).await;

        // South never moves: 30 s after the start the game is aborted,
        // not lost on time (the clock had 300 s), and not rated.
        let (id, south, north) = paired(&ama, &kofi, "abapa-5+3").await;
        let game = south.game(&id).await;
        assert_eq!(game["rated"], true);
        assert_eq!(game["first_move"], json!({"side": "S", "left_ms": 30_000}));
        let mut north_events = north.events().await;
        time.advance(Duration::from_millis(29_999));
        let game = north.game(&id).await;
        assert_eq!(game["status"], "playing");
        assert_eq!(game["first_move"], json!({"side": "S", "left_ms": 1}));
        time.advance(Duration::from_millis(1));
        let finish = north_events.next_of("gameFinish").await;
        assert_eq!(finish["game"]["id"], id.as_str());
        let game = north.game(&id).await;
        aborted_with_no_result(&game);
        assert_eq!(game["first_move"], Value::Null);
        assert_eq!(game["clock"]["S_ms"], 300_000 - 30_000, "{game}");
        // Nobody's rating moved: neither player has a rated game.
        for player in [south, north] {
            let (_, me) = player.get("/api/account").await;
            let (_, profile) = player
                .get(&format!("/api/players/{}", me["name"].as_str().unwrap()))
                .await;
            assert_eq!(
                profile["results"],
                json!({"won": 0, "drawn": 0, "lost": 0, "games": 0}),
                "{profile}"
            );
        }
        // Its record says it was abandoned with no result, and reads back
        // so with the rules crate's reader.
        let (status, _, ogn) = north.get_text(&format!("/api/games/{id}/ogn")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(ogn.contains("[Result \"*\"]"), "{ogn}");
        assert!(ogn.contains("[Termination \"abandoned\"]"), "{ogn}");
        assert!(!ogn.contains("[Winner"), "{ogn}");
        let record = Record::read(&ogn).unwrap();
        assert!(record.abandoned);
        assert_eq!(record.game.outcome(), None);

        // North never answers South's first move: North's 30 s run from
        // that move.
        let (esi, yaw) = (
            Client::sign_up(base, &unique("Esi"), PASSWORD).await,
            Client::sign_up(base, &unique("Yaw"), PASSWORD).await,
        );
        let (id, south, north) = paired(&esi, &yaw, "abapa-5+3").await;
        time.advance(Duration::from_millis(10_000));
        let (_, moved) = south.play(&id, "C", 0).await;
        assert_eq!(
            moved["first_move"],
            json!({"side": "N", "left_ms": 30_000}),
            "{moved}"
        );
        let mut south_events = south.events().await;
        time.advance(Duration::from_millis(29_999));
        assert_eq!(north.game(&id).await["status"], "playing");
        time.advance(Duration::from_millis(1));
        south_events.next_of("gameFinish").await;
        let game = south.game(&id).await;
        aborted_with_no_result(&game);
        assert_eq!(game["moves"].as_array().unwrap().len(), 1);
        // Too late to move now.
        let (status, body) = north.play(&id, "d", 1).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        server.server.stop().await;
    }
}

#[tokio::test]
async fn once_both_have_moved_only_the_clock_ends_the_game() {
    let time = WallClock::stopped();
    let server = start(Config {
        wall_clock: time.clone(),
        ..config(&crate::common::sqlite_url())
    })
    .await;
    let ama = Client::sign_up(&server.base, &unique("Ama"), PASSWORD).await;
    let kofi = Client::sign_up(&server.base, &unique("Kofi"), PASSWORD).await;
    // 3+2: 30 s for each first move, 180 s on the clock. Each moves in
    // 10 s; then South's 172 s (180 - 10 + 2) run out, long after any
    // first move's 30 s: South loses on time.
    let (id, south, north) = paired(&ama, &kofi, "abapa-3+2").await;
    time.advance(Duration::from_millis(10_000));
    assert_eq!(south.play(&id, "C", 0).await.0, StatusCode::OK);
    time.advance(Duration::from_millis(10_000));
    let (status, moved) = north.play(&id, "d", 1).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(moved["first_move"], Value::Null, "{moved}");
    let mut events = north.events().await;
    time.advance(Duration::from_millis(171_999));
    let game = north.game(&id).await;
    assert_eq!(game["status"], "playing", "{game}");
    assert_eq!(game["clock"]["S_ms"], 1, "{game}");
    time.advance(Duration::from_millis(1));
    events.next_of("gameFinish").await;
    let game = north.game(&id).await;
    assert_eq!(game["reason"], "time", "{game}");
    assert_eq!(game["result"], "N", "{game}");
    assert_eq!(game["rated"], true, "{game}");
    server.server.stop().await;
}

#[tokio::test]
async fn an_arena_player_who_never_moves_is_paused_and_scores_nobody_a_point() {
    for db in databases() {
        let time = WallClock::stopped();
        let server = start(Config {
            wall_clock: time.clone(),
            ..config(&db)
        })
        .await;
        let ama_name = unique("Ama");
        let kofi_name = unique("Kofi");
        let ama = Client::sign_up(&server.base, &ama_name, PASSWORD).await;
        let kofi = Client::sign_up(&server.base, &kofi_name, PASSWORD).await;
        let (status, t) = ama
            .post(
                "/api/tournaments",
                json!({ "time_control": "3+2", "minutes": 30, "rated": true, "starts_in_s": 3600 }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{t}");
        let tid = t["id"].as_str().unwrap().to_owned();
        let mut ama_events = ama.events().await;
        for c in [&ama, &kofi] {
            let (status, body) = c
                .post(&format!("/api/tournaments/{tid}/join"), json!({}))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (status, started) = ama
            .post(&format!("/api/tournaments/{tid}/start"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{started}");
        let start = ama_events.next_of("gameStart").await;
        let id = start["game"]["id"].as_str().unwrap().to_owned();
        let (south_name, north_name, south) = if start["game"]["you"] == "S" {
            (&ama_name, &kofi_name, &ama)
        } else {
            (&kofi_name, &ama_name, &kofi)
        };
        // 3+2: 30 s for the first move. South never makes it.
        time.advance(Duration::from_millis(30_000));
        let finish = ama_events.next_of("gameFinish").await;
        assert_eq!(finish["game"]["id"], id.as_str());
        aborted_with_no_result(&ama.game(&id).await);
        let t = stream_until(&ama, &tid, |t| {
            t["standings"].as_array().is_some_and(|s| {
                s.iter()
                    .any(|l| l["name"] == south_name.as_str() && l["active"] == false)
            })
        })
        .await;
        // No game counted, no points; the one who did not come is paused,
        // the other still in.
        assert_eq!(t["games_played"], 0, "{t}");
        for name in [south_name, north_name] {
            let line = standing(&t, name);
            assert_eq!(line["score"], 0, "{t}");
            assert_eq!(line["sheet"], json!([]), "{t}");
        }
        assert_eq!(standing(&t, north_name)["active"], true, "{t}");
        let (_, mine) = south.get(&format!("/api/tournaments/{tid}")).await;
        assert_eq!(mine["you"]["active"], false, "{mine}");
        server.server.stop().await;
    }
}

/// A Swiss game is never aborted: a player who never moves loses on time,
/// and that is a forfeit (FIDE's unplayed game): the other scores the point
/// but no win over the board, the pairing says `forfeit`, and the no-show
/// is paused and sits the next round out, which pairs the two others with
/// no bye.
#[tokio::test]
async fn a_swiss_player_who_never_moves_loses_by_forfeit() {
    for db in databases() {
        let time = WallClock::stopped();
        let server = start(Config {
            wall_clock: time.clone(),
            ..config(&db)
        })
        .await;
        let mut players = Vec::new();
        for i in 0..3 {
            let name = unique(&format!("Forfeit{i}"));
            let client = Client::sign_up(&server.base, &name, PASSWORD).await;
            players.push((name, client));
        }
        let creator = &players[0].1;
        let (status, t) = creator
            .post(
                "/api/tournaments",
                json!({ "kind": "swiss", "rounds": 2, "time_control": "3+2", "starts_in_s": 3600 }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{t}");
        let tid = t["id"].as_str().unwrap().to_owned();
        for (_, c) in &players {
            let (status, body) = c
                .post(&format!("/api/tournaments/{tid}/join"), json!({}))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (status, started) = creator
            .post(&format!("/api/tournaments/{tid}/start"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{started}");
        let t = stream_until(creator, &tid, |t| t["round"] == 1).await;
        let game = t["pairings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["bye"] == false)
            .unwrap()
            .clone();
        let (south, north) = (game["south"].clone(), game["north"].clone());
        let bye = t["pairings"]
            .as_array()
            .unwrap()
            .iter()
            .find(|p| p["bye"] == true)
            .unwrap()["south"]
            .clone();

        // 3+2: South's 180 s run out without a move.
        time.advance(Duration::from_millis(180_000));
        let t = stream_until(creator, &tid, |t| t["round"] == 2).await;
        let pairings = t["pairings"].as_array().unwrap();
        let first = pairings.iter().find(|p| p["game"] == game["game"]).unwrap();
        assert_eq!(first["result"], "N", "{t}");
        assert_eq!(first["forfeit"], true, "{t}");
        let winner = standing(&t, north.as_str().unwrap());
        assert_eq!(winner["score"], 1.0, "{t}");
        assert_eq!(winner["wins"], 0, "a forfeit is no win over the board: {t}");
        let no_show = standing(&t, south.as_str().unwrap());
        assert_eq!(
            (no_show["score"].as_f64(), no_show["active"].as_bool()),
            (Some(0.0), Some(false)),
            "{t}"
        );
        let second: Vec<&Value> = pairings.iter().filter(|p| p["round"] == 2).collect();
        assert_eq!(second.len(), 1, "one game, no bye: {t}");
        assert_eq!(second[0]["bye"], false, "{t}");
        let mut paired = [second[0]["south"].clone(), second[0]["north"].clone()];
        paired.sort_by_key(|v| v.as_str().unwrap().to_owned());
        let mut expected = [north.clone(), bye.clone()];
        expected.sort_by_key(|v| v.as_str().unwrap().to_owned());
        assert_eq!(paired, expected, "{t}");
        server.server.stop().await;
    }
}
