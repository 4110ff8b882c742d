//! Load benchmark: many concurrent games over WebSocket on loopback.
//!
//! Each game is two guests at a human table; each side answers the
//! other's move after `--think-ms` with a random legal move over its
//! WebSocket. A move's latency is the time from sending it to receiving
//! the state that contains it. When a game ends the pair starts another.
//!
//!     cargo run --release -p wari-server --example load -- --games 200 --seconds 30
//!
//! Options: `--games N` (concurrent games, default 100), `--seconds S`
//! (default 20), `--think-ms MS` (default 1000), `--url http://HOST:PORT`
//! (a running `wari serve`; without it a server is started in this
//! process on a temporary SQLite file), `--database URL` (for that
//! in-process server), `--clocked` (the tables have a 15+10 clock),
//! `--rated` (the players are accounts at rated tables with a 15+10 clock,
//! so every game's end updates both ratings, while a tenth as many
//! accounts keep the quick pairing busy as browsers in the lobby would:
//! their event stream open, seek in the abapa 3+2 pool, resign the game
//! paired into, seek again 3 s later). The moves that end a game are
//! reported apart.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

#[derive(Debug, Default)]
struct Stats {
    latencies_us: Mutex<Vec<u64>>,
    /// The moves that ended a game (a rated game's end updates ratings).
    end_latencies_us: Mutex<Vec<u64>>,
    moves: AtomicU64,
    games_started: AtomicU64,
    games_finished: AtomicU64,
    /// Pool pairings made for the `--rated` churn.
    pairings: AtomicU64,
    errors: AtomicU64,
}

struct Options {
    games: usize,
    seconds: u64,
    think_ms: u64,
    url: Option<String>,
    database: Option<String>,
    rated: bool,
    clocked: bool,
}

fn options() -> Options {
    let mut o = Options {
        games: 100,
        seconds: 20,
        think_ms: 1000,
        url: None,
        database: None,
        rated: false,
        clocked: false,
    };
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    if let Some(i) = args.iter().position(|a| a == "--rated") {
        o.rated = true;
        args.remove(i);
    }
    if let Some(i) = args.iter().position(|a| a == "--clocked") {
        o.clocked = true;
        args.remove(i);
    }
    let mut i = 0;
    while i + 1 < args.len() {
        let value = args[i + 1].clone();
        match args[i].as_str() {
            "--games" => o.games = value.parse().expect("--games N"),
            "--seconds" => o.seconds = value.parse().expect("--seconds S"),
            "--think-ms" => o.think_ms = value.parse().expect("--think-ms MS"),
            "--url" => o.url = Some(value),
            "--database" => o.database = Some(value),
            other => panic!("unknown option {other}"),
        }
        i += 2;
    }
    o
}

/// The session cookie an answer sets (`wari_session=…`).
fn cookie(response: &reqwest::Response) -> String {
    response.headers()["set-cookie"]
        .to_str()
        .unwrap()
        .split(';')
        .next()
        .unwrap()
        .to_owned()
}

async fn sign_in(http: &reqwest::Client, base: &str, name: &str) -> String {
    let response = http
        .post(format!("{base}/api/session"))
        .json(&json!({ "name": name }))
        .send()
        .await
        .expect("sign in");
    assert!(
        response.status().is_success(),
        "sign in: {}",
        response.status()
    );
    cookie(&response)
}

/// Signs up an account (the `--rated` players): its cookie.
async fn sign_up(http: &reqwest::Client, base: &str, name: &str) -> String {
    let response = http
        .post(format!("{base}/api/account"))
        .json(&json!({ "name": name, "password": "load test password" }))
        .send()
        .await
        .expect("sign up");
    assert!(
        response.status().is_success(),
        "sign up: {} {:?}",
        response.status(),
        response.text().await
    );
    cookie(&response)
}

/// How long a churning player waits between a game and the next seek.
const CHURN_PAUSE: Duration = Duration::from_secs(3);

/// With `--rated`, players who keep the pairing and the ratings busy
/// beside the measured games, as a browser in the lobby would: each keeps
/// its event stream open, seeks in the abapa 3+2 pool, and when the
/// stream says a game started resigns it (a rated game's end: both
/// ratings updated) and seeks again.
async fn churn(base: String, cookie: String, stats: Arc<Stats>, deadline: Instant) {
    let http = reqwest::Client::new();
    let Ok(mut events) = http
        .get(format!("{base}/api/stream/event"))
        .header("cookie", &cookie)
        .send()
        .await
    else {
        stats.errors.fetch_add(1, Ordering::Relaxed);
        return;
    };
    let mut buffer = Vec::new();
    while Instant::now() < deadline {
        post(
            &http,
            format!("{base}/api/pools/abapa-3+2/seek"),
            &cookie,
            json!({}),
        )
        .await;
        let game = loop {
            if let Some(end) = buffer.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = buffer.drain(..=end).collect();
                if let Ok(event) = serde_json::from_slice::<Value>(&line)
                    && event["type"] == "gameStart"
                {
                    break event["game"]["id"].as_str().unwrap_or_default().to_owned();
                }
                continue;
            }
            let wait = deadline.saturating_duration_since(Instant::now());
            match tokio::time::timeout(wait, events.chunk()).await {
                Ok(Ok(Some(chunk))) => buffer.extend_from_slice(&chunk),
                _ => return,
            }
        };
        stats.pairings.fetch_add(1, Ordering::Relaxed);
        // The opponent may have resigned first.
        let _ = http
            .post(format!("{base}/api/games/{game}/resign"))
            .header("cookie", &cookie)
            .json(&json!({}))
            .send()
            .await;
        // A person looks at the result before seeking again.
        tokio::time::sleep(CHURN_PAUSE).await;
    }
}

async fn post(http: &reqwest::Client, url: String, cookie: &str, body: Value) -> Value {
    let response = http
        .post(url)
        .header("cookie", cookie)
        .json(&body)
        .send()
        .await
        .expect("post");
    assert!(response.status().is_success(), "{}", response.status());
    response.json().await.expect("json")
}

async fn open(base: &str, game: &str, cookie: &str) -> Socket {
    let mut request = format!("{}/api/games/{game}/ws", base.replace("http://", "ws://"))
        .into_client_request()
        .unwrap();
    request
        .headers_mut()
        .insert("cookie", cookie.parse().unwrap());
    tokio_tungstenite::connect_async(request)
        .await
        .expect("ws")
        .0
}

/// Reads states until one satisfies `pred`.
async fn until(socket: &mut Socket, pred: impl Fn(&Value) -> bool) -> Option<Value> {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(30), socket.next())
            .await
            .ok()??
            .ok()?;
        if let Message::Text(text) = message {
            let value: Value = serde_json::from_str(text.as_str()).ok()?;
            if value["type"] == "state" && pred(&value["game"]) {
                return Some(value["game"].clone());
            }
        }
    }
}

fn ply(game: &Value) -> usize {
    game["moves"].as_array().map_or(0, Vec::len)
}

/// A pair's two players: guests, or accounts with `--rated`.
async fn players(base: &str, n: usize, o: &Options, run: u128) -> [String; 2] {
    let http = reqwest::Client::new();
    if o.rated {
        [
            sign_up(&http, base, &format!("s{n}_{run}")).await,
            sign_up(&http, base, &format!("n{n}_{run}")).await,
        ]
    } else {
        [
            sign_in(&http, base, &format!("S{n}")).await,
            sign_in(&http, base, &format!("N{n}")).await,
        ]
    }
}

async fn pair(
    base: String,
    n: usize,
    cookies: [String; 2],
    o: Arc<Options>,
    stats: Arc<Stats>,
    deadline: Instant,
) {
    let http = reqwest::Client::new();
    let mut rng = 0x9E37_79B9_7F4A_7C15_u64 ^ (n as u64).wrapping_mul(0x1234_5678_9ABC_DEF1);
    while Instant::now() < deadline {
        let spec = if o.rated || o.clocked {
            json!({"starts": "S", "opponent": {"kind": "human"}, "rated": o.rated, "clock": "15+10"})
        } else {
            json!({"starts": "S", "opponent": {"kind": "human"}})
        };
        let created = post(&http, format!("{base}/api/tables"), &cookies[0], spec).await;
        let table = created["table"]["id"].as_str().unwrap().to_owned();
        let game = created["table"]["game_id"].as_str().unwrap().to_owned();
        post(
            &http,
            format!("{base}/api/tables/{table}/join"),
            &cookies[1],
            json!({}),
        )
        .await;
        let [south, north] = cookies.clone();
        stats.games_started.fetch_add(1, Ordering::Relaxed);
        let mut sockets = [
            open(&base, &game, &south).await,
            open(&base, &game, &north).await,
        ];
        let Some(mut state) = until(&mut sockets[0], |g| g["status"] == "playing").await else {
            stats.errors.fetch_add(1, Ordering::Relaxed);
            return;
        };
        // Start the games out of step, so moves do not come in waves.
        tokio::time::sleep(Duration::from_millis(rng % o.think_ms.max(1))).await;
        while state["status"] == "playing" && Instant::now() < deadline {
            let n = ply(&state);
            let mover = usize::from(state["to_move"] != "S");
            let socket = &mut sockets[mover];
            let Some(current) = until(socket, |g| ply(g) >= n).await else {
                stats.errors.fetch_add(1, Ordering::Relaxed);
                return;
            };
            let legal = current["legal"].as_array().cloned().unwrap_or_default();
            if legal.is_empty() {
                break;
            }
            rng = rng
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let mv = legal[(rng >> 33) as usize % legal.len()]
                .as_str()
                .unwrap()
                .to_owned();
            tokio::time::sleep(Duration::from_millis(o.think_ms)).await;
            let sent = Instant::now();
            let message = json!({"type": "move", "move": mv, "ply": n}).to_string();
            if socket.send(Message::Text(message.into())).await.is_err() {
                stats.errors.fetch_add(1, Ordering::Relaxed);
                return;
            }
            let Some(next) = until(socket, |g| ply(g) > n || g["status"] != "playing").await else {
                stats.errors.fetch_add(1, Ordering::Relaxed);
                return;
            };
            let us = u64::try_from(sent.elapsed().as_micros()).unwrap_or(u64::MAX);
            stats.latencies_us.lock().unwrap().push(us);
            if next["status"] == "finished" {
                stats.end_latencies_us.lock().unwrap().push(us);
            }
            stats.moves.fetch_add(1, Ordering::Relaxed);
            state = next;
        }
        if state["status"] == "finished" {
            stats.games_finished.fetch_add(1, Ordering::Relaxed);
        }
        for mut s in sockets {
            let _ = s.close(None).await;
        }
    }
}

/// CPU time this process has used (user and system), from
/// `/proc/self/stat` (Linux: clock ticks of 10 ms; zero elsewhere). On a
/// machine shared with other work, CPU per move is steadier than latency.
fn cpu_time() -> Duration {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return Duration::ZERO;
    };
    // After the command's name in parentheses the fields start at the
    // third: utime is the 14th, stime the 15th.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<u64>().ok())
            .unwrap_or(0)
    };
    Duration::from_millis((ticks(11) + ticks(12)) * 10)
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

#[tokio::main]
async fn main() {
    let o = Arc::new(options());
    let mut server = None;
    let base = match &o.url {
        Some(url) => url.clone(),
        None => {
            let db = o.database.clone().unwrap_or_else(|| {
                let file =
                    std::env::temp_dir().join(format!("wari-load-{}.db", std::process::id()));
                format!("sqlite://{}?mode=rwc", file.display())
            });
            let mut config = wari_server::Config::new("127.0.0.1:0".parse().unwrap(), &db);
            config.rate_per_s = 100_000;
            config.sign_ups_per_hour = 1_000_000;
            // Every simulated player connects from the same address.
            config.max_connections_per_address = 1_000_000;
            config.max_connections_per_client = 1_000_000;
            let s = wari_server::start(config).await.expect("the server starts");
            let base = format!("http://{}", s.addr());
            server = Some(s);
            base
        }
    };
    let stats = Arc::new(Stats::default());
    // Every player signs in (or up: a password hash each) before the clock
    // starts.
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis()
        % 100_000_000;
    let mut cookies = Vec::with_capacity(o.games);
    for n in 0..o.games {
        cookies.push(players(&base, n, &o, run).await);
    }
    let mut churners = Vec::new();
    if o.rated {
        let http = reqwest::Client::new();
        for n in 0..(o.games / 10).max(2) {
            churners.push(sign_up(&http, &base, &format!("c{n}_{run}")).await);
        }
    }
    let started = Instant::now();
    let cpu_at_start = cpu_time();
    let deadline = started + Duration::from_secs(o.seconds);
    let churn_tasks: Vec<_> = churners
        .into_iter()
        .map(|cookie| tokio::spawn(churn(base.clone(), cookie, Arc::clone(&stats), deadline)))
        .collect();
    let tasks: Vec<_> = cookies
        .into_iter()
        .enumerate()
        .map(|(n, pair_cookies)| {
            tokio::spawn(pair(
                base.clone(),
                n,
                pair_cookies,
                Arc::clone(&o),
                Arc::clone(&stats),
                deadline,
            ))
        })
        .collect();
    for t in tasks.into_iter().chain(churn_tasks) {
        let _ = t.await;
    }
    let elapsed = started.elapsed().as_secs_f64();
    let cpu = cpu_time().saturating_sub(cpu_at_start);
    let mut latencies = stats.latencies_us.lock().unwrap().clone();
    latencies.sort_unstable();
    let moves = stats.moves.load(Ordering::Relaxed);
    println!("server        {base}");
    println!(
        "games held    {} at once (think {} ms per move)",
        o.games, o.think_ms
    );
    println!(
        "games         {} started, {} finished",
        stats.games_started.load(Ordering::Relaxed),
        stats.games_finished.load(Ordering::Relaxed)
    );
    println!(
        "moves         {moves} in {elapsed:.1} s = {:.0} moves/s",
        moves as f64 / elapsed
    );
    println!(
        "latency ms    p50 {:.2}  p90 {:.2}  p99 {:.2}  max {:.2}",
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.90),
        percentile(&latencies, 0.99),
        percentile(&latencies, 1.0)
    );
    let mut ends = stats.end_latencies_us.lock().unwrap().clone();
    ends.sort_unstable();
    println!(
        "game ends     {} moves: p50 {:.2}  p90 {:.2}  max {:.2} ms{}",
        ends.len(),
        percentile(&ends, 0.50),
        percentile(&ends, 0.90),
        percentile(&ends, 1.0),
        if o.rated {
            " (rated: both ratings updated)"
        } else {
            ""
        }
    );
    if o.rated {
        println!(
            "pool pairings {} beside (each a rated game resigned at once)",
            stats.pairings.load(Ordering::Relaxed)
        );
    }
    println!(
        "cpu           {:.1} s = {:.3} ms a move (server and clients: this process)",
        cpu.as_secs_f64(),
        cpu.as_secs_f64() * 1000.0 / (moves.max(1) as f64)
    );
    println!("errors        {}", stats.errors.load(Ordering::Relaxed));
    if let Some(s) = server {
        s.stop().await;
    }
}
