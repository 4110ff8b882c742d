//! Arenas through the API: twelve players play an arena to its end by
//! API clients (random moves, some resignations, some berserks), and the
//! standings are checked against the scoring rules recomputed here from
//! the games themselves; two players' streak and berserk worked by hand;
//! joining and creating refused as they should be.

use std::collections::HashMap;
use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio::sync::watch;

use crate::common::{Client, Lcg, TestServer, config, databases, ply, start, unique};

const PASSWORD: &str = "correct horse battery";

/// How a player plays one game.
#[derive(Clone, Copy, Debug)]
struct Plan {
    /// Berserk before the first move.
    berserk: bool,
    /// Resign on the turn after this many own moves (at least one).
    resign_after: Option<usize>,
}

impl Plan {
    /// Plays the game to its end, without berserking.
    const PLAY_ON: Plan = Plan {
        berserk: false,
        resign_after: None,
    };

    /// Resigns after `moves` own moves, without berserking.
    const fn resign_after(moves: usize) -> Plan {
        Plan {
            berserk: false,
            resign_after: Some(moves),
        }
    }
}

/// The number of moves `side` (`S`, `N`) has played in GAME: each
/// position before a move says whose turn it was; here the sides
/// alternate except in Kalah, so count the moves by their letter (South
/// plays `A..F`, North `a..f`).
fn own_moves(game: &Value, side: &str) -> usize {
    game["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| {
            let upper = m.as_str().unwrap().chars().all(|c| c.is_ascii_uppercase());
            upper == (side == "S")
        })
        .count()
}

/// Plays game `id` to its end by `plan`, on its WebSocket; the last
/// GAME.
async fn play_out(client: &Client, id: &str, rng: &mut Lcg, plan: Plan) -> Value {
    let mut ws = client.ws(id).await;
    let mut berserked = false;
    let mut sent_at: Option<usize> = None;
    loop {
        let game = ws.next_state().await;
        if game["status"] == "finished" {
            ws.close().await;
            return game;
        }
        let me = game["you"].as_str().expect("seated").to_owned();
        if plan.berserk && !berserked {
            berserked = true;
            ws.send(json!({ "type": "berserk" })).await;
            continue;
        }
        if game["to_move"] != me.as_str() || sent_at == Some(ply(&game)) {
            continue;
        }
        sent_at = Some(ply(&game));
        if plan
            .resign_after
            .is_some_and(|n| own_moves(&game, &me) >= n.max(1))
        {
            ws.send(json!({ "type": "resign" })).await;
        } else {
            let mv = rng.pick(game["legal"].as_array().unwrap()).to_owned();
            ws.send(json!({ "type": "move", "move": mv, "ply": ply(&game) }))
                .await;
        }
    }
}

/// A player's games in an arena: plays each game the tournament gives
/// it (`you.game`), looking again at every event of its stream (or every
/// two seconds), until `over` says the arena has ended and no game of its
/// is left.
async fn take_part(
    client: Client,
    tournament: String,
    seed: u64,
    mut over: watch::Receiver<bool>,
) -> Vec<Value> {
    let mut rng = Lcg(seed);
    let mut events = client.events().await;
    let mut games: Vec<Value> = Vec::new();
    loop {
        let ended = *over.borrow();
        let (status, t) = client.get(&format!("/api/tournaments/{tournament}")).await;
        assert_eq!(status, StatusCode::OK, "{t}");
        if let Some(id) = t["you"]["game"].as_str()
            && !games.iter().any(|g| g["id"] == id)
        {
            rng.0 = rng
                .0
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let roll = (rng.0 >> 40) % 12;
            let plan = Plan {
                berserk: roll < 3,
                resign_after: (roll % 3 == 1).then_some(3 + (roll as usize % 9)),
            };
            let id = id.to_owned();
            games.push(play_out(&client, &id, &mut rng, plan).await);
            continue;
        }
        if ended {
            return games;
        }
        tokio::select! {
            _ = events.within(Duration::from_secs(2)) => {}
            _ = over.changed() => {}
        }
    }
}

/// `name`'s result in GAME: `W`, `D` or `L`, its side and the opponent's.
/// The first player makes the tournament `body`; every player joins it
/// and takes part (`take_part`, seeded from `seed` on). The tournament,
/// the sender that tells the players it is over, and their tasks.
async fn everyone_takes_part(
    players: &[(String, Client)],
    body: Value,
    seed: u64,
) -> (
    Value,
    watch::Sender<bool>,
    Vec<tokio::task::JoinHandle<Vec<Value>>>,
) {
    let (status, t) = players[0].1.post("/api/tournaments", body).await;
    assert_eq!(status, StatusCode::OK, "{t}");
    let id = t["id"].as_str().unwrap().to_owned();
    let (over_tx, over) = watch::channel(false);
    let mut tasks = Vec::new();
    for (i, (_, client)) in players.iter().enumerate() {
        let (status, joined) = client
            .post(&format!("/api/tournaments/{id}/join"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{joined}");
        tasks.push(tokio::spawn(take_part(
            client.clone(),
            id.clone(),
            seed + i as u64,
            over.clone(),
        )));
    }
    (t, over_tx, tasks)
}

fn result_of<'a>(game: &'a Value, name: &str) -> (char, &'a str, &'a str) {
    let side = if game["players"]["S"]["name"] == name {
        "S"
    } else {
        "N"
    };
    let other = if side == "S" { "N" } else { "S" };
    let r = match game["result"].as_str().unwrap() {
        "draw" => 'D',
        w if w == side => 'W',
        _ => 'L',
    };
    (r, side, other)
}

/// The arena's scoring, written here from the rules (docs/TOURNAMENTS.md,
/// lila's ArenaSheet): `(result, plies, berserked)` oldest first → the
/// points of each game.
fn points_by_the_rules(games: &[(char, i64, bool)]) -> Vec<i64> {
    let mut points = Vec::new();
    for (i, &(result, plies, berserk)) in games.iter().enumerate() {
        let on_fire = i >= 2 && games[i - 1].0 == 'W' && games[i - 2].0 == 'W';
        let last_not_lost = games[..i].iter().rev().find(|g| g.0 != 'L').map(|g| g.0);
        let p = match result {
            'W' => (if on_fire { 4 } else { 2 }) + i64::from(berserk && plies >= 14),
            'D' if plies < 20 => 0,
            'D' if on_fire => 2,
            'D' if plies < 60 && last_not_lost == Some('D') => 0,
            'D' => 1,
            _ => 0,
        };
        points.push(p);
    }
    points
}

/// The line of the player `name` in TOURNAMENT `t`'s standings.
pub(super) fn standing<'a>(t: &'a Value, name: &str) -> &'a Value {
    t["standings"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["name"] == name)
        .unwrap()
}

/// Waits on the tournament's NDJSON stream for a TOURNAMENT satisfying
/// `pred`.
pub(super) async fn stream_until(
    client: &Client,
    id: &str,
    pred: impl Fn(&Value) -> bool,
) -> Value {
    Following::open(client, id).await.until(pred).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twelve_players_play_an_arena_to_its_end_scored_by_the_rules() {
    for db in databases() {
        twelve_player_arena(&db, 1).await;
    }
}

/// The same arena with two server processes sharing PostgreSQL, every
/// other player talking to the second: each player is paired once at a
/// time whichever process directs, and the standings are the rules'.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn twelve_players_through_two_processes_on_postgres() {
    let Ok(db) = std::env::var("WARI_TEST_POSTGRES") else {
        eprintln!("WARI_TEST_POSTGRES is not set: skipped");
        return;
    };
    twelve_player_arena(&db, 2).await;
}

/// A 12-player arena through `processes` server processes on `db`.
async fn twelve_player_arena(db: &str, processes: usize) {
    {
        let mut servers: Vec<TestServer> = Vec::new();
        for _ in 0..processes {
            servers.push(start(config(db)).await);
        }
        let server = &servers[0];
        let mut players = Vec::new();
        for i in 0..12 {
            let name = unique(&format!("P{i}"));
            let client = Client::sign_up(&server.base, &name, PASSWORD).await;
            let base = servers[i % processes].base.clone();
            players.push((name.clone(), Client { base, ..client }));
        }
        let creator = players[0].1.clone();
        let (t, over_tx, tasks) = everyone_takes_part(
            &players,
            json!({ "name": "Test arena", "rules": "abapa", "time_control": "5+3",
                    "minutes": 60, "rated": true }),
            1000,
        )
        .await;
        assert_eq!(t["kind"], "arena");
        assert_eq!(t["time_control"], "5+3");
        let id = t["id"].as_str().unwrap().to_owned();
        // Live standings: wait on the stream until 24 games are over.
        let running = stream_until(&creator, &id, |t| {
            t["games_played"].as_u64().unwrap_or(0) >= 24
        })
        .await;
        assert_eq!(running["status"], "started");
        assert_eq!(running["podium"], json!([]));
        let (status, ended) = creator
            .post(&format!("/api/tournaments/{id}/finish"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{ended}");
        assert_eq!(ended["status"], "finished");
        over_tx.send(true).unwrap();
        let mut games_of: HashMap<String, Vec<Value>> = HashMap::new();
        for (task, (name, _)) in tasks.into_iter().zip(&players) {
            games_of.insert(name.clone(), task.await.unwrap());
        }
        let (_, t) = creator.get(&format!("/api/tournaments/{id}")).await;
        let ends_at = t["ends_at"].as_i64().unwrap();

        // Each game is the tournament's, without takebacks; no player is
        // in two games at once.
        for (name, games) in &games_of {
            let mut spans: Vec<(i64, i64)> = Vec::new();
            for g in games {
                assert_eq!(g["tournament"], id.as_str());
                assert_eq!(g["rated"], true);
                spans.push((
                    g["started_at"].as_i64().unwrap(),
                    g["finished_at"].as_i64().unwrap(),
                ));
            }
            spans.sort_unstable();
            for w in spans.windows(2) {
                assert!(
                    w[0].1 <= w[1].0,
                    "{name} played two games at once: {spans:?}"
                );
            }
        }

        // The standings, recomputed from the games that ended in time.
        let mut recomputed: Vec<(String, i64, Vec<i64>, Option<i64>)> = Vec::new();
        for (name, games) in &games_of {
            let mut counted: Vec<&Value> = games
                .iter()
                .filter(|g| g["finished_at"].as_i64().unwrap() <= ends_at)
                .collect();
            counted.sort_by_key(|g| g["finished_at"].as_i64().unwrap());
            let results: Vec<(char, i64, bool)> = counted
                .iter()
                .map(|g| {
                    let (r, side, _) = result_of(g, name);
                    (r, ply(g) as i64, g["players"][side]["berserk"] == true)
                })
                .collect();
            let points = points_by_the_rules(&results);
            let performance = (!counted.is_empty()).then(|| {
                let opponents: i64 = counted
                    .iter()
                    .map(|g| {
                        let (_, _, other) = result_of(g, name);
                        g["players"][other]["rating"].as_i64().unwrap()
                    })
                    .sum();
                let margin: i64 = results
                    .iter()
                    .map(|r| match r.0 {
                        'W' => 500,
                        'L' => -500,
                        _ => 0,
                    })
                    .sum();
                ((opponents + margin) as f64 / counted.len() as f64).round() as i64
            });
            recomputed.push((name.clone(), points.iter().sum(), points, performance));
        }
        let standings = t["standings"].as_array().unwrap();
        assert_eq!(standings.len(), 12);
        let total_games: usize = games_of.values().map(Vec::len).sum();
        assert!(
            total_games >= 48,
            "24 games or more, two players each: {total_games}"
        );
        for line in standings {
            let name = line["name"].as_str().unwrap();
            let (_, score, points, performance) = recomputed.iter().find(|r| r.0 == name).unwrap();
            assert_eq!(line["score"], *score, "{name}: {line}");
            assert_eq!(line["sheet"], json!(points), "{name}: {line}");
            assert_eq!(line["performance"], json!(performance), "{name}: {line}");
        }
        for w in standings.windows(2) {
            assert!(w[0]["score"].as_i64() >= w[1]["score"].as_i64(), "{w:?}");
            assert_eq!(
                w[0]["rank"].as_u64().unwrap() + 1,
                w[1]["rank"].as_u64().unwrap()
            );
        }
        assert_eq!(t["podium"], json!(standings[..3]));
        for server in servers {
            server.server.stop().await;
        }
    }
}

/// Two players alone in an arena meet again and again; the winner's
/// streak and berserk, worked by hand.
#[tokio::test]
async fn a_streak_and_a_berserk_scored_as_worked_by_hand() {
    for db in databases() {
        let server = start(config(&db)).await;
        let ama_name = unique("Ama");
        let ama = Client::sign_up(&server.base, &ama_name, PASSWORD).await;
        let kofi = Client::sign_up(&server.base, &unique("Kofi"), PASSWORD).await;
        let (status, t) = ama
            .post(
                "/api/tournaments",
                json!({ "time_control": "3+2", "minutes": 30, "rated": false, "starts_in_s": 3600 }),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{t}");
        assert_eq!(t["status"], "created");
        assert_eq!(t["name"], "abapa 3+2 arena");
        let id = t["id"].as_str().unwrap().to_owned();
        // Kofi may not start Ama's tournament.
        let (status, _) = kofi
            .post(&format!("/api/tournaments/{id}/start"), json!({}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let mut ama_events = ama.events().await;
        let mut kofi_events = kofi.events().await;
        for c in [&ama, &kofi] {
            let (status, body) = c
                .post(&format!("/api/tournaments/{id}/join"), json!({}))
                .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
        let (status, started) = ama
            .post(&format!("/api/tournaments/{id}/start"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{started}");
        assert_eq!(started["status"], "started");

        // Games 1 and 2: Kofi resigns after a move; game 3: Ama
        // berserks and Kofi resigns after 7 moves each (14 plies); game
        // 4: Ama resigns after one move. Ama: 2, 2, on fire 4 + 1 = 5, 0
        // = 9; Kofi: 0, 0, 0, 2 = 2.
        let plans = [
            (Plan::PLAY_ON, Plan::resign_after(1)),
            (Plan::PLAY_ON, Plan::resign_after(1)),
            (
                Plan {
                    berserk: true,
                    ..Plan::PLAY_ON
                },
                Plan::resign_after(7),
            ),
            (Plan::resign_after(1), Plan::PLAY_ON),
        ];
        let mut rng = Lcg(7);
        let mut kofi_rng = Lcg(8);
        for (n, (ama_plan, kofi_plan)) in plans.into_iter().enumerate() {
            let a = ama_events.next_of("gameStart").await;
            let k = kofi_events.next_of("gameStart").await;
            assert_eq!(a["game"]["id"], k["game"]["id"]);
            let game = a["game"]["id"].as_str().unwrap().to_owned();
            if n == 0 {
                let (status, refused) = ama.offer(&game, "takeback").await;
                assert_eq!(status, StatusCode::CONFLICT, "{refused}");
            }
            let (ama_end, kofi_end) = tokio::join!(
                play_out(&ama, &game, &mut rng, ama_plan),
                play_out(&kofi, &game, &mut kofi_rng, kofi_plan)
            );
            assert_eq!(ama_end["finished_at"], kofi_end["finished_at"]);
            let (r, side, _) = result_of(&ama_end, &ama_name);
            assert_eq!(r, if n == 3 { 'L' } else { 'W' }, "game {n}: {ama_end}");
            assert_eq!(ama_end["players"][side]["berserk"] == true, n == 2);
            if n == 2 {
                assert!(ply(&ama_end) >= 14);
                assert_eq!(ama_end["clock"]["initial_ms"], 180_000);
            }
        }
        let t = stream_until(&ama, &id, |t| t["games_played"] == 4).await;
        let a = standing(&t, &ama_name);
        assert_eq!(a["sheet"], json!([2, 2, 5, 0]));
        assert_eq!(a["score"], 9);
        assert_eq!(a["rank"], 1);
        assert_eq!(a["berserks"], 1);
        let k = &t["standings"][1];
        assert_eq!(k["sheet"], json!([0, 0, 0, 2]));
        assert_eq!(k["fire"], false);
        // Withdrawn: paired no more until joining again.
        let (status, w) = kofi
            .post(&format!("/api/tournaments/{id}/withdraw"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{w}");
        assert_eq!(w["you"]["active"], false);
        let (status, ended) = ama
            .post(&format!("/api/tournaments/{id}/finish"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{ended}");
        assert_eq!(ended["podium"][0]["name"], ama_name.as_str());
        let (status, _) = kofi
            .post(&format!("/api/tournaments/{id}/join"), json!({}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT);
        let (_, list) = ama.get("/api/tournaments").await;
        assert!(
            list["finished"]
                .as_array()
                .unwrap()
                .iter()
                .any(|s| s["id"] == id.as_str())
        );
        server.server.stop().await;
    }
}

#[tokio::test]
async fn a_guest_a_bad_tournament_and_a_missing_rating_are_refused() {
    let server = start(config(&crate::common::sqlite_url())).await;
    let guest = Client::sign_in(&server.base, "Adjoa").await;
    let (status, body) = guest
        .post(
            "/api/tournaments",
            json!({ "time_control": "3+2", "minutes": 30 }),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let ama = Client::sign_up(&server.base, &unique("Ama"), PASSWORD).await;
    for (bad, word) in [
        (
            json!({ "time_control": "fast", "minutes": 30 }),
            "time_control",
        ),
        (json!({ "time_control": "3+2", "minutes": 0 }), "minutes"),
        (
            json!({ "time_control": "3+2", "minutes": 30, "rules": "chess" }),
            "chess",
        ),
        (
            json!({ "time_control": "3+2", "minutes": 30, "colour": "red" }),
            "colour",
        ),
        (
            json!({ "time_control": "3+2", "minutes": 30, "rules": "abapa,pits=4", "min_rating": 1600 }),
            "rating pool",
        ),
    ] {
        let (status, body) = ama.post("/api/tournaments", bad.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {body}");
        assert!(
            body["error"].as_str().unwrap().contains(word),
            "{bad}: {body}"
        );
    }
    let (status, t) = ama
        .post(
            "/api/tournaments",
            json!({ "time_control": "3+2", "minutes": 30, "min_rating": 1600, "starts_in_s": 600 }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{t}");
    let id = t["id"].as_str().unwrap();
    // A new player is rated 1500.
    let (status, body) = ama
        .post(&format!("/api/tournaments/{id}/join"), json!({}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(body["error"].as_str().unwrap().contains("1600"), "{body}");
    let (status, _) = ama.post("/api/tournaments/nothere/join", json!({})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = guest
        .post(&format!("/api/tournaments/{id}/join"), json!({}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (_, list) = guest.get("/api/tournaments").await;
    assert!(
        list["upcoming"]
            .as_array()
            .unwrap()
            .iter()
            .any(|s| s["id"] == id)
    );
    server.server.stop().await;
}

/// A Swiss event of five players and three rounds, played by API clients:
/// each round starts once the last one's games are over, nobody meets
/// anyone twice, the odd one out gets the bye (once a player), and the
/// standings count a win and a bye 1, a draw ½, with the tie-breaks.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_swiss_event_of_three_rounds_is_paired_round_by_round() {
    for db in databases() {
        let server = start(config(&db)).await;
        let mut players = Vec::new();
        for i in 0..5 {
            let name = unique(&format!("S{i}"));
            players.push((
                name.clone(),
                Client::sign_up(&server.base, &name, PASSWORD).await,
            ));
        }
        let creator = players[0].1.clone();
        let (t, over_tx, tasks) = everyone_takes_part(
            &players,
            json!({ "kind": "swiss", "rounds": 3, "time_control": "5+3", "starts_in_s": 3600 }),
            2000,
        )
        .await;
        assert_eq!(t["kind"], "swiss");
        assert_eq!(t["rounds"], 3);
        let id = t["id"].as_str().unwrap().to_owned();
        let (status, started) = creator
            .post(&format!("/api/tournaments/{id}/start"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{started}");
        let t = stream_until(&creator, &id, |t| t["status"] == "finished").await;
        over_tx.send(true).unwrap();
        let mut games: HashMap<String, Value> = HashMap::new();
        for task in tasks {
            for g in task.await.unwrap() {
                games.insert(g["id"].as_str().unwrap().to_owned(), g);
            }
        }
        assert_eq!(t["round"], 3);
        let pairings = t["pairings"].as_array().unwrap();
        let mut met = std::collections::HashSet::new();
        let mut byes = Vec::new();
        let mut points: HashMap<String, f64> = HashMap::new();
        for round in 1..=3 {
            let this: Vec<&Value> = pairings.iter().filter(|p| p["round"] == round).collect();
            assert_eq!(
                this.len(),
                3,
                "two games and a bye in round {round}: {this:?}"
            );
            for p in &this {
                let south = p["south"].as_str().unwrap().to_owned();
                if p["bye"] == true {
                    assert!(!byes.contains(&south), "{south} had two byes");
                    byes.push(south.clone());
                    *points.entry(south).or_default() += 1.0;
                    continue;
                }
                let north = p["north"].as_str().unwrap().to_owned();
                let pair = if south < north {
                    (south.clone(), north.clone())
                } else {
                    (north.clone(), south.clone())
                };
                assert!(met.insert(pair), "{south} and {north} met twice");
                let game = &games[p["game"].as_str().unwrap()];
                let (r, _, _) = result_of(game, &south);
                let (s, n) = match r {
                    'W' => (1.0, 0.0),
                    'L' => (0.0, 1.0),
                    _ => (0.5, 0.5),
                };
                *points.entry(south).or_default() += s;
                *points.entry(north).or_default() += n;
            }
            // The next round starts after every game of this one ended.
            let ended = this
                .iter()
                .filter_map(|p| p["game"].as_str())
                .map(|g| games[g]["finished_at"].as_i64().unwrap())
                .max()
                .unwrap();
            for p in pairings.iter().filter(|p| p["round"] == round + 1) {
                if let Some(g) = p["game"].as_str() {
                    assert!(games[g]["started_at"].as_i64().unwrap() >= ended);
                }
            }
        }
        let standings = t["standings"].as_array().unwrap();
        assert_eq!(standings.len(), 5);
        for line in standings {
            let name = line["name"].as_str().unwrap();
            assert_eq!(line["score"].as_f64().unwrap(), points[name], "{line}");
            assert!(line["buchholz"].as_f64().is_some(), "{line}");
        }
        for w in standings.windows(2) {
            assert!(w[0]["score"].as_f64() >= w[1]["score"].as_f64(), "{w:?}");
        }
        assert_eq!(t["podium"], json!(standings[..3]));
        server.server.stop().await;
    }
}

/// The operator's schedule file: a bad entry stops the start with a line
/// naming it; a good one makes the next arena, listed as upcoming.
#[tokio::test]
async fn the_schedule_file_makes_the_next_arena_or_stops_the_start() {
    let dir = std::env::temp_dir().join(format!("wari-schedule-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.json");
    std::fs::write(
        &bad,
        r#"{"arenas": [{"name": "Sunday", "time_control": "3+2", "minutes": 60, "every": "sundae", "at": "18:00"}]}"#,
    )
    .unwrap();
    let mut with_bad = config(&crate::common::sqlite_url());
    with_bad.tournaments = Some(bad);
    match wari_server::start(with_bad, None).await {
        Ok(server) => {
            server.stop().await;
            panic!("the server started with a bad schedule");
        }
        Err(e) => {
            assert!(matches!(e, wari_server::Error::Startup(_)), "{e:?}");
            assert!(e.to_string().contains("sundae"), "{e}");
        }
    }
    let good = dir.join("good.json");
    std::fs::write(
        &good,
        r#"{"arenas": [{"name": "Daily arena", "rules": "kalah", "time_control": "1+0", "minutes": 30, "every": "day", "at": "12:00", "rated": false}]}"#,
    )
    .unwrap();
    let mut with_good = config(&crate::common::sqlite_url());
    with_good.tournaments = Some(good);
    let server = start(with_good).await;
    let client = Client::anonymous(&server.base);
    // The director makes it at its first look: wait for it (60 s at most).
    let mut found = None;
    for _ in 0..600 {
        let (_, list) = client.get("/api/tournaments").await;
        found = list["upcoming"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["name"] == "Daily arena")
            .cloned();
        if found.is_some() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let t = found.expect("the scheduled arena is listed");
    assert_eq!(t["scheduled"], true);
    assert_eq!(t["rules"], "kalah");
    assert_eq!(t["time_control"], "1+0");
    assert_eq!(t["rated"], false);
    // Every day at 12:00 UTC: a whole number of days plus twelve hours.
    assert_eq!(
        t["starts_at"].as_i64().unwrap() % 86_400_000,
        12 * 3_600_000
    );
    server.server.stop().await;
}

/// One standings stream, read a TOURNAMENT at a time.
struct Following {
    body: std::pin::Pin<Box<dyn futures_util::Stream<Item = reqwest::Result<bytes::Bytes>> + Send>>,
    buffer: Vec<u8>,
}

impl Following {
    async fn open(client: &Client, id: &str) -> Following {
        let response = client
            .http
            .get(format!("{}/api/tournaments/{id}/stream", client.base))
            .header("cookie", client.cookie.clone().unwrap())
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()["content-type"], "application/x-ndjson");
        Following {
            body: Box::pin(response.bytes_stream()),
            buffer: Vec::new(),
        }
    }

    /// The next TOURNAMENT on this stream for which `pred` holds.
    async fn until(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        use futures_util::StreamExt;
        loop {
            while let Some(end) = self.buffer.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buffer.drain(..=end).collect();
                let text = String::from_utf8(line).unwrap();
                if text.trim().is_empty() {
                    continue;
                }
                let t: Value = serde_json::from_str(&text).unwrap();
                if pred(&t) {
                    return t;
                }
            }
            let chunk = tokio::time::timeout(Duration::from_secs(120), self.body.next())
                .await
                .expect("the standings change within two minutes")
                .expect("the stream is open")
                .unwrap();
            self.buffer.extend_from_slice(&chunk);
        }
    }
}

/// With two server processes sharing PostgreSQL, a standings stream on
/// the first hears what happens on the second: the streams read a
/// tournament again only when told of a change, so without the second
/// process's announcement (NOTIFY) none of these would arrive. A player
/// joins on the second, is paired by its director, and the game ends
/// there; one stream on the first process shows each step.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_stream_on_one_process_hears_joins_pairings_and_ends_on_another() {
    let Ok(db) = std::env::var("WARI_TEST_POSTGRES") else {
        eprintln!("WARI_TEST_POSTGRES is not set: skipped");
        return;
    };
    let servers = [start(config(&db)).await, start(config(&db)).await];
    let host_name = unique("Host");
    let host = Client::sign_up(&servers[0].base, &host_name, PASSWORD).await;
    let other = Client::sign_up(&servers[0].base, &unique("Other"), PASSWORD).await;
    let other = Client {
        base: servers[1].base.clone(),
        ..other
    };
    let (status, t) = host
        .post(
            "/api/tournaments",
            json!({ "time_control": "5+3", "minutes": 60 }),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{t}");
    let id = t["id"].as_str().unwrap().to_owned();
    let (status, _) = host
        .post(&format!("/api/tournaments/{id}/join"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    // The stream (on the first process) has sent the tournament with one
    // player before the other joins on the second.
    let mut following = Following::open(&host, &id).await;
    following.until(|t| t["players"] == 1).await;
    let (status, _) = other
        .post(&format!("/api/tournaments/{id}/join"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK);
    following.until(|t| t["players"] == 2).await;
    let paired = following.until(|t| t["you"]["game"].is_string()).await;
    let game = paired["you"]["game"].as_str().unwrap().to_owned();
    // The other player resigns it on the second process.
    let (status, body) = other
        .post(&format!("/api/games/{game}/resign"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let over = following.until(|t| t["games_played"] == 1).await;
    assert_eq!(over["standings"][0]["name"], host_name.as_str());
    assert_eq!(over["standings"][0]["score"], 2);
    for server in servers {
        server.server.stop().await;
    }
}
