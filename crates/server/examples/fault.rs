//! Fault suite: `wari serve` killed with SIGKILL in a loop while people
//! play (clocked games between guests, and games against the computer),
//! then started again; with two processes on PostgreSQL, one of the two
//! is killed and the other carries on. After each kill it checks:
//!
//! - moves lost: every move the server answered 200 to is in the game;
//! - clocks: the side not to move kept its time, and the side to move lost
//!   no more than the wall-clock time since its last move (the downtime
//!   is charged once, to the side whose turn it was);
//! - seats: each player still holds their side;
//! - the computer's turn: every game against the computer where it was
//!   to move gets its reply (timed from the kill).
//!
//! ```text
//! cargo build --release -p wari -p wari-server --example fault
//! target/release/examples/fault --wari target/release/wari --rounds 10
//! target/release/examples/fault --wari target/release/wari --rounds 10 \
//!     --database postgres://postgres@127.0.0.1:54329/wari_fault --processes 2
//! ```
//!
//! Options: `--games N` (pairs of each kind, default 20), `--rounds R`,
//! `--processes 1|2`, `--database URL` (default a temporary SQLite file).

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use serve::Serve;

#[path = "support/serve.rs"]
mod serve;

struct Options {
    wari: String,
    database: Option<String>,
    processes: usize,
    games: usize,
    rounds: usize,
}

fn options() -> Options {
    let mut o = Options {
        wari: "target/release/wari".to_owned(),
        database: None,
        processes: 1,
        games: 20,
        rounds: 5,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    for pair in args.chunks(2) {
        let value = pair.get(1).cloned().expect("a value after each option");
        match pair[0].as_str() {
            "--wari" => o.wari = value,
            "--database" => o.database = Some(value),
            "--processes" => o.processes = value.parse().expect("--processes 1|2"),
            "--games" => o.games = value.parse().expect("--games N"),
            "--rounds" => o.rounds = value.parse().expect("--rounds R"),
            other => panic!("unknown option {other}"),
        }
    }
    o
}

fn spawn(o: &Options, database: &str, port: u16) -> Serve {
    Serve::spawn(
        &o.wari,
        port,
        &[
            "--database",
            database,
            "--computer-movetime-ms",
            "300",
            "--trusted-proxy",
            "127.0.0.1",
            "--rate-per-s",
            "1000",
            "--max-open-tables",
            "1000",
        ],
        |c| c,
    )
}

async fn up(http: &reqwest::Client, server: &Serve) -> Duration {
    server.up(http, Duration::from_secs(60)).await
}

#[derive(Clone)]
struct Player {
    cookie: String,
    side: &'static str,
}

struct Game {
    id: String,
    players: Vec<Player>,
    computer: bool,
    /// Moves the server answered 200 to.
    acknowledged: Vec<String>,
    /// The last state seen, and when.
    seen: Option<(Value, Instant)>,
}

async fn call(
    http: &reqwest::Client,
    method: &str,
    url: String,
    cookie: &str,
    body: Option<Value>,
) -> Option<(u16, Value)> {
    let mut request = http
        .request(method.parse().unwrap(), url)
        .header("cookie", cookie)
        .timeout(Duration::from_secs(5));
    if let Some(b) = body {
        request = request.json(&b);
    }
    let response = request.send().await.ok()?;
    let status = response.status().as_u16();
    Some((status, response.json().await.ok()?))
}

/// `GET /api/games/{id}` as the player with `cookie`: the status and GAME.
async fn game(http: &reqwest::Client, base: &str, id: &str, cookie: &str) -> Option<(u16, Value)> {
    call(http, "GET", format!("{base}/api/games/{id}"), cookie, None).await
}

async fn guest(http: &reqwest::Client, base: &str, name: &str) -> String {
    let r = http
        .post(format!("{base}/api/session"))
        .json(&json!({ "name": name }))
        .send()
        .await
        .expect("sign in");
    r.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned()
}

async fn new_games(http: &reqwest::Client, base: &str, n: usize) -> Vec<Game> {
    let mut games = Vec::new();
    for i in 0..n {
        let (a, b) = (
            guest(http, base, &format!("A{i}")).await,
            guest(http, base, &format!("B{i}")).await,
        );
        let (_, created) = call(http, "POST", format!("{base}/api/tables"), &a,
            Some(json!({"starts": "S", "opponent": {"kind": "human"}, "clock": {"initial_s": 600, "increment_s": 0}}))).await.expect("table");
        let table = created["table"]["id"].as_str().unwrap();
        let (_, joined) = call(
            http,
            "POST",
            format!("{base}/api/tables/{table}/join"),
            &b,
            Some(json!({})),
        )
        .await
        .expect("join");
        games.push(Game {
            id: joined["game_id"].as_str().unwrap().to_owned(),
            players: vec![
                Player {
                    cookie: a,
                    side: "S",
                },
                Player {
                    cookie: b,
                    side: "N",
                },
            ],
            computer: false,
            acknowledged: Vec::new(),
            seen: None,
        });
        let c = guest(http, base, &format!("C{i}")).await;
        let (_, created) = call(http, "POST", format!("{base}/api/tables"), &c,
            Some(json!({"rules": "abapa,cycle=3", "starts": "S", "opponent": {"kind": "computer", "level": 10}}))).await.expect("table");
        games.push(Game {
            id: created["table"]["game_id"].as_str().unwrap().to_owned(),
            players: vec![Player {
                cookie: c,
                side: "S",
            }],
            computer: true,
            acknowledged: Vec::new(),
            seen: None,
        });
    }
    games
}

/// Plays one move in each game whose turn is a person's.
async fn play_round(http: &reqwest::Client, base: &str, games: &mut [Game]) {
    for g in games.iter_mut() {
        let cookie = &g.players[0].cookie;
        let Some((200, state)) = game(http, base, &g.id, cookie).await else {
            continue;
        };
        g.acknowledged = state["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap().to_owned())
            .collect();
        if state["status"] != "playing" {
            g.seen = Some((state, Instant::now()));
            continue;
        }
        let to_move = state["to_move"].as_str().unwrap_or("");
        let Some(player) = g.players.iter().find(|p| p.side == to_move).cloned() else {
            g.seen = Some((state, Instant::now()));
            continue;
        };
        let legal = state["legal"].as_array().unwrap();
        let mv = legal[g.acknowledged.len() % legal.len()]
            .as_str()
            .unwrap()
            .to_owned();
        let ply = g.acknowledged.len();
        if let Some((200, after)) = call(
            http,
            "POST",
            format!("{base}/api/games/{}/moves", g.id),
            &player.cookie,
            Some(json!({"move": mv, "ply": ply})),
        )
        .await
        {
            g.acknowledged = after["moves"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().to_owned())
                .collect();
            g.seen = Some((after, Instant::now()));
        }
    }
}

#[derive(Default)]
struct Tally {
    kills: usize,
    moves_acknowledged: usize,
    moves_lost: usize,
    clock_errors: usize,
    seats_lost: usize,
    computer_waits_ms: Vec<u64>,
    computer_stalled: usize,
    downtime_ms: Vec<u64>,
}

async fn check(
    http: &reqwest::Client,
    base: &str,
    games: &[Game],
    killed_at: Instant,
    tally: &mut Tally,
) {
    for g in games {
        let p = &g.players[0];
        let Some((200, state)) = game(http, base, &g.id, &p.cookie).await else {
            tally.moves_lost += g.acknowledged.len();
            continue;
        };
        let moves: Vec<&str> = state["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        tally.moves_acknowledged += g.acknowledged.len();
        let kept = g
            .acknowledged
            .iter()
            .zip(&moves)
            .take_while(|(a, b)| a == b)
            .count();
        tally.moves_lost += g.acknowledged.len() - kept;
        for player in &g.players {
            let (_, seen) = game(http, base, &g.id, &player.cookie)
                .await
                .unwrap_or_default();
            if seen["you"] != player.side {
                tally.seats_lost += 1;
            }
        }
        if let Some((before, at)) = &g.seen
            && !g.computer
            && before["status"] == "playing"
            && state["status"] == "playing"
            && moves.len() == g.acknowledged.len()
        {
            let running = before["clock"]["running"].as_str().unwrap_or("S");
            let waiting = if running == "S" { "N" } else { "S" };
            let elapsed = i64::try_from(at.elapsed().as_millis()).unwrap();
            let key = |s: &str| format!("{s}_ms");
            let run_before = before["clock"][key(running)].as_i64().unwrap();
            let run_after = state["clock"][key(running)].as_i64().unwrap();
            let charged = run_before - run_after;
            // Kept, and charged the time since (downtime included), to
            // within the milliseconds between reads.
            if before["clock"][key(waiting)] != state["clock"][key(waiting)]
                || charged < elapsed - 200
                || charged > elapsed + 200
            {
                tally.clock_errors += 1;
            }
        }
        if g.computer && state["status"] == "playing" && state["to_move"] == "N" {
            // The computer's turn pending: its reply, timed from the kill.
            let start = Instant::now();
            let mut replied = false;
            while start.elapsed() < Duration::from_secs(20) {
                if let Some((200, s)) = game(http, base, &g.id, &p.cookie).await
                    && (s["to_move"] == "S" || s["status"] != "playing")
                {
                    replied = true;
                    break;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
            if replied {
                tally
                    .computer_waits_ms
                    .push(u64::try_from(killed_at.elapsed().as_millis()).unwrap());
            } else {
                tally.computer_stalled += 1;
            }
        }
    }
}

#[tokio::main]
async fn main() {
    let o = options();
    let database = o.database.clone().unwrap_or_else(|| {
        let file = std::env::temp_dir().join(format!("wari-fault-{}.db", std::process::id()));
        format!("sqlite://{}?mode=rwc", file.display())
    });
    let http = reqwest::Client::new();
    let ports = [18190u16, 18191];
    let mut servers: Vec<Serve> = (0..o.processes)
        .map(|i| spawn(&o, &database, ports[i]))
        .collect();
    for s in &servers {
        up(&http, s).await;
    }
    // With two processes the games are made through the one that dies,
    // and followed through the survivor.
    let victim = o.processes - 1;
    let mut games = new_games(&http, &servers[victim].base, o.games).await;
    let mut tally = Tally::default();
    let mut rng = 0x2545_F491_4F6C_DD1D_u64;
    for _round in 0..o.rounds {
        for _ in 0..3 {
            play_round(&http, &servers[victim].base, &mut games).await;
        }
        // Kill while moves are in flight.
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        let base = servers[victim].base.clone();
        let pending = tokio::spawn({
            let (http, base) = (http.clone(), base.clone());
            let cookies: Vec<(String, String)> = games
                .iter()
                .take(4)
                .map(|g| (g.id.clone(), g.players[0].cookie.clone()))
                .collect();
            async move {
                for (id, cookie) in cookies {
                    let _ = call(
                        &http,
                        "POST",
                        format!("{base}/api/games/{id}/resign"),
                        &cookie,
                        Some(json!({})),
                    )
                    .await;
                }
            }
        });
        tokio::time::sleep(Duration::from_millis(rng % 50)).await;
        servers[victim].child.kill().expect("kill -9");
        let killed_at = Instant::now();
        servers[victim].child.wait().unwrap();
        pending.abort();
        tally.kills += 1;
        let follow = if o.processes == 2 {
            servers[0].base.clone()
        } else {
            servers[victim] = spawn(&o, &database, ports[victim]);
            let down = up(&http, &servers[victim]).await;
            tally
                .downtime_ms
                .push(u64::try_from(down.as_millis()).unwrap());
            servers[victim].base.clone()
        };
        check(&http, &follow, &games, killed_at, &mut tally).await;
        if o.processes == 2 {
            servers[victim] = spawn(&o, &database, ports[victim]);
            up(&http, &servers[victim]).await;
        }
        // Games that ended (four were resigned) are replaced.
        let finished: Vec<usize> = games
            .iter()
            .enumerate()
            .filter(|(_, g)| {
                g.seen
                    .as_ref()
                    .is_some_and(|(s, _)| s["status"] != "playing")
            })
            .map(|(i, _)| i)
            .collect();
        if finished.len() > games.len() / 2 {
            games = new_games(&http, &servers[victim].base, o.games).await;
        }
    }
    drop(servers);
    tally.computer_waits_ms.sort_unstable();
    let waits = &tally.computer_waits_ms;
    println!(
        "processes {}  kills {}  moves acknowledged {} (summed over checks)  lost {}  clock errors {}  seats lost {}",
        o.processes,
        tally.kills,
        tally.moves_acknowledged,
        tally.moves_lost,
        tally.clock_errors,
        tally.seats_lost
    );
    println!(
        "computer's turn after a kill: {} replied (from the kill: median {} ms, max {} ms), {} stalled",
        waits.len(),
        waits.get(waits.len() / 2).copied().unwrap_or(0),
        waits.last().copied().unwrap_or(0),
        tally.computer_stalled
    );
    if !tally.downtime_ms.is_empty() {
        println!(
            "restart to healthy: max {} ms",
            tally.downtime_ms.iter().max().unwrap()
        );
    }
    let ok = tally.moves_lost == 0
        && tally.clock_errors == 0
        && tally.seats_lost == 0
        && tally.computer_stalled == 0;
    println!(
        "{}",
        if ok {
            "fault suite: ok"
        } else {
            "fault suite: FAILED"
        }
    );
    std::process::exit(i32::from(!ok));
}
