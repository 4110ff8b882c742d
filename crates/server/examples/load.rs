//! Load benchmark: many concurrent games over WebSocket on loopback.
//!
//! Each game is two guests at a human table; each side answers the
//! other's move after a think time (uniform between 0 and twice
//! `--think-ms`) with a random legal move over its WebSocket. A move's
//! latency is the time from sending it to receiving the state that
//! contains it. When a game ends the pair starts another. Each guest
//! comes from its own address (`X-Forwarded-For`, for a server run with
//! `--trusted-proxy 127.0.0.1`), so the server's per-address limits hold
//! each simulated player, not the generator.
//!
//!     cargo run --release -p wari-server --example load -- --games 200 --seconds 30
//!
//! Options: `--games N` (concurrent games, default 100), `--seconds S`
//! (default 20), `--think-ms MS` (default 1000), `--ramp-s S` (games
//! start spread over S seconds, and moves made then are not counted;
//! default 0), `--url http://HOST:PORT[,http://HOST2:PORT]` (running
//! servers, games shared out between them; without it a server is
//! started in this process on a temporary SQLite file), `--database URL`
//! (for that in-process server), `--computer` (each game is against the
//! computer at level 10, and the latency is the computer's reply: from
//! the state with the player's move to the state with the computer's),
//! `--attack N` (N clients from N addresses ask for 2-second analyses
//! without pause, issue 14's starvation attack), `--label TEXT`,
//! `--clocked` (the tables have a 15+10 clock), `--rated` (the players
//! are accounts at rated tables with a 15+10 clock, so every game's end
//! updates both ratings, while a tenth as many accounts keep the quick
//! pairing busy as browsers in the lobby would: their event stream open,
//! seek in the abapa 3+2 pool, make a move each in the game paired into
//! and South resigns, seek again 3 s later; give it `--ramp-s` for the
//! password hashes of the sign-ups).
//! The moves that end a game are reported apart, and the CPU time the
//! process used per move (steadier than latency on a shared machine).
//! `--review N` (issue 16): once the ramp is over, a random abapa game of
//! N plies or more, played by the rules library and imported into the
//! archive (`POST /api/archive`), is reviewed (`POST
//! /api/games/{id}/review`, read back every 250 ms until done) beside
//! the games: the review's time is printed with the figures.
//!
//! Run it twice at once, a big load and a small probe (`--games 20`), to
//! see what a player sees while the load runs: `tools/load.sh`.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

/// How long after the measured time the games' sockets close.
const CLOSE_AFTER: Duration = Duration::from_secs(5);

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

#[derive(Debug, Default)]
struct Stats {
    /// Each counted move's latency, by the 10-second slice of the
    /// measured time it was answered in: a tail spread over the run or
    /// bunched in a moment.
    slices_us: Mutex<Vec<Vec<u64>>>,
    moves: AtomicU64,
    games_started: AtomicU64,
    games_finished: AtomicU64,
    errors: AtomicU64,
    analyses: AtomicU64,
    refused: AtomicU64,
    /// The moves that ended a game (a rated game's end updates ratings).
    end_latencies_us: Mutex<Vec<u64>>,
    /// Pool pairings made for the `--rated` churn.
    pairings: AtomicU64,
    /// The process's CPU time when counting began, in milliseconds.
    cpu_at_count_ms: AtomicU64,
    /// `--review`: the game's plies and the review's time in ms, once
    /// done.
    review: Mutex<Option<(usize, u64)>>,
}

#[derive(Debug)]
struct Options {
    games: usize,
    seconds: u64,
    think_ms: u64,
    ramp_s: u64,
    urls: Vec<String>,
    database: Option<String>,
    computer: bool,
    attack: usize,
    label: String,
    rated: bool,
    clocked: bool,
    review: usize,
}

fn options() -> Options {
    let mut o = Options {
        games: 100,
        seconds: 20,
        think_ms: 1000,
        ramp_s: 0,
        urls: Vec::new(),
        database: None,
        computer: false,
        attack: 0,
        label: "load".to_owned(),
        rated: false,
        clocked: false,
        review: 0,
    };
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut i = 0;
    while i < args.len() {
        let flag = match args[i].as_str() {
            "--computer" => Some(&mut o.computer),
            "--rated" => Some(&mut o.rated),
            "--clocked" => Some(&mut o.clocked),
            _ => None,
        };
        if let Some(flag) = flag {
            *flag = true;
            i += 1;
            continue;
        }
        let value = args.get(i + 1).cloned().expect("a value after each option");
        match args[i].as_str() {
            "--games" => o.games = value.parse().expect("--games N"),
            "--seconds" => o.seconds = value.parse().expect("--seconds S"),
            "--think-ms" => o.think_ms = value.parse().expect("--think-ms MS"),
            "--ramp-s" => o.ramp_s = value.parse().expect("--ramp-s S"),
            "--url" => o.urls = value.split(',').map(str::to_owned).collect(),
            "--database" => o.database = Some(value),
            "--attack" => o.attack = value.parse().expect("--attack N"),
            "--label" => o.label = value,
            "--review" => o.review = value.parse().expect("--review PLIES"),
            other => panic!("unknown option {other}"),
        }
        i += 2;
    }
    o
}

/// The address guest `n` of this run comes from.
fn address(label: &str, n: usize) -> String {
    let run = label
        .bytes()
        .fold(7u8, |a, b| a.wrapping_mul(31).wrapping_add(b));
    format!("10.{run}.{}.{}", (n / 250) % 250, n % 250 + 1)
}

/// Signs in (retrying while the server is busy); the cookie.
async fn sign_in(http: &reqwest::Client, base: &str, name: &str, from: &str) -> Option<String> {
    enter(
        http,
        format!("{base}/api/session"),
        json!({ "name": name }),
        from,
    )
    .await
}

/// Posts `body` to `url`, a sign-in or sign-up, from `from` (retrying
/// while the server is busy); the cookie it sets.
async fn enter(http: &reqwest::Client, url: String, body: Value, from: &str) -> Option<String> {
    for _ in 0..20 {
        let response = http
            .post(&url)
            .header("x-forwarded-for", from)
            .json(&body)
            .send()
            .await;
        if let Ok(r) = response
            && r.status().is_success()
        {
            return r
                .headers()
                .get("set-cookie")?
                .to_str()
                .ok()?
                .split(';')
                .next()
                .map(str::to_owned);
        }
        tokio::time::sleep(Duration::from_millis(500)).await;
    }
    None
}

async fn post(
    http: &reqwest::Client,
    url: String,
    cookie: &str,
    from: &str,
    body: Value,
) -> Option<Value> {
    let response = http
        .post(url)
        .header("cookie", cookie)
        .header("x-forwarded-for", from)
        .json(&body)
        .send()
        .await
        .ok()?;
    if !response.status().is_success() {
        return None;
    }
    response.json().await.ok()
}

async fn open(base: &str, game: &str, cookie: &str, from: &str) -> Option<Socket> {
    let mut request = format!("{}/api/games/{game}/ws", base.replace("http://", "ws://"))
        .into_client_request()
        .ok()?;
    let headers = request.headers_mut();
    headers.insert("cookie", cookie.parse().ok()?);
    headers.insert("x-forwarded-for", from.parse().ok()?);
    // The generator holds 20,000 sockets: small buffers (the default
    // read buffer is 128 KiB a socket).
    let config = tokio_tungstenite::tungstenite::protocol::WebSocketConfig::default()
        .read_buffer_size(8 * 1024)
        .write_buffer_size(4 * 1024);
    let connect = tokio_tungstenite::connect_async_with_config(request, Some(config), false);
    Some(
        tokio::time::timeout(Duration::from_secs(30), connect)
            .await
            .ok()?
            .ok()?
            .0,
    )
}

/// Reads states until one satisfies `pred`.
async fn until(socket: &mut Socket, pred: impl Fn(&Value) -> bool) -> Option<Value> {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(60), socket.next())
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

/// Signs up an account (the `--rated` players, retrying while the server
/// is busy); the cookie.
async fn sign_up(http: &reqwest::Client, base: &str, name: &str, from: &str) -> Option<String> {
    let body = json!({ "name": name, "password": "load test password" });
    enter(http, format!("{base}/api/account"), body, from).await
}

/// How long a churning player waits between a game and the next seek.
const CHURN_PAUSE: Duration = Duration::from_secs(3);

/// With `--rated`, a player who keeps the pairing and the ratings busy
/// beside the measured games, as a browser in the lobby would: its event
/// stream open, it seeks in the abapa 3+2 pool, and in the game the
/// stream says started it makes one move (South A, North a: a game ended
/// before both players moved is not rated), then South resigns (a rated
/// game's end: both ratings updated); and it seeks again.
async fn churn(base: String, n: usize, run: Arc<Run>) {
    let http = client();
    let from = address(&run.o.label, 100_000 + n);
    let Some(cookie) = sign_up(&http, &base, &format!("c{n}_{}", run_tag()), &from).await else {
        return run.error();
    };
    let Ok(mut events) = reqwest::Client::new()
        .get(format!("{base}/api/stream/event"))
        .header("cookie", &cookie)
        .header("x-forwarded-for", &from)
        .send()
        .await
    else {
        return run.error();
    };
    let mut buffer = Vec::new();
    while Instant::now() < run.deadline {
        let seek = format!("{base}/api/pools/abapa-3+2/seek");
        if post(&http, seek, &cookie, &from, json!({})).await.is_none() {
            return run.error();
        }
        // Until this game's end: one move each, then South resigns.
        loop {
            let Some(end) = buffer.iter().position(|&b| b == b'\n') else {
                let wait = run.deadline.saturating_duration_since(Instant::now());
                match tokio::time::timeout(wait, events.chunk()).await {
                    Ok(Ok(Some(chunk))) => buffer.extend_from_slice(&chunk),
                    _ => return,
                }
                continue;
            };
            let line: Vec<u8> = buffer.drain(..=end).collect();
            let Ok(event) = serde_json::from_slice::<Value>(&line) else {
                continue;
            };
            let game = &event["game"];
            let id = game["id"].as_str().unwrap_or_default();
            if event["type"] == "gameStart" {
                run.stats.pairings.fetch_add(1, Ordering::Relaxed);
            }
            if event["type"] == "gameFinish" {
                break;
            }
            if game["your_turn"] != true {
                continue;
            }
            let ply = game["moves_count"].as_u64().unwrap_or(0);
            let (url, body) = if ply < 2 {
                let mv = if game["you"] == "S" { "A" } else { "a" };
                (
                    format!("{base}/api/games/{id}/moves"),
                    json!({"move": mv, "ply": ply}),
                )
            } else {
                (format!("{base}/api/games/{id}/resign"), json!({}))
            };
            // A refusal (the game ended meanwhile) ends it all the same.
            let _ = post(&http, url, &cookie, &from, body).await;
        }
        // A person looks at the result before seeking again.
        tokio::time::sleep(CHURN_PAUSE).await;
    }
}

/// A tag that makes this run's account names its own (a database may
/// outlive runs).
fn run_tag() -> u128 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() / 1000 % 100_000_000)
}

/// CPU time this process has used (user and system), in milliseconds,
/// from `/proc/self/stat` (Linux: clock ticks of 10 ms; zero elsewhere).
fn cpu_ms() -> u64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0;
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
    (ticks(11) + ticks(12)) * 10
}

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        self.0 >> 33
    }
}

struct Run {
    o: Options,
    stats: Stats,
    counted_from: Instant,
    deadline: Instant,
}

impl Run {
    fn error(&self) {
        self.stats.errors.fetch_add(1, Ordering::Relaxed);
    }

    /// A move's latency since `since`; `ended`: it ended the game.
    fn record(&self, since: Instant, ended: bool) {
        if Instant::now() >= self.counted_from {
            let us = u64::try_from(since.elapsed().as_micros()).unwrap_or(u64::MAX);
            let slice = (self.counted_from.elapsed().as_secs() / 10) as usize;
            let mut slices = self.stats.slices_us.lock().unwrap();
            if slices.len() <= slice {
                slices.resize_with(slice + 1, Vec::new);
            }
            slices[slice].push(us);
            if ended {
                self.stats.end_latencies_us.lock().unwrap().push(us);
            }
            self.stats.moves.fetch_add(1, Ordering::Relaxed);
        }
    }
}

/// One pair of players (or a player and the computer), game after game.
async fn pair(base: String, n: usize, run: Arc<Run>) {
    let o = &run.o;
    let ramp = o.ramp_s * 1000 * n as u64 / o.games.max(1) as u64;
    tokio::time::sleep(Duration::from_millis(ramp)).await;
    let http = client();
    let (south_from, north_from) = (address(&o.label, 2 * n), address(&o.label, 2 * n + 1));
    let tag = run_tag();
    let player = |side: &str, from: &str| {
        let (http, base, from) = (http.clone(), base.clone(), from.to_owned());
        let name = format!("{side}{n}");
        async move {
            if o.rated {
                sign_up(&http, &base, &format!("{name}_{tag}"), &from).await
            } else {
                sign_in(&http, &base, &name, &from).await
            }
        }
    };
    let Some(south) = player("s", &south_from).await else {
        return run.error();
    };
    let north = if o.computer {
        String::new()
    } else {
        let Some(c) = player("n", &north_from).await else {
            return run.error();
        };
        c
    };
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15_u64 ^ (n as u64).wrapping_mul(0x1234_5678_9ABC_DEF1));
    while Instant::now() < run.deadline {
        let spec = if o.computer {
            json!({"rules": "abapa,cycle=3", "starts": "S", "opponent": {"kind": "computer", "level": 10}})
        } else if o.rated || o.clocked {
            json!({"starts": "S", "opponent": {"kind": "human"}, "rated": o.rated, "clock": "15+10"})
        } else {
            json!({"starts": "S", "opponent": {"kind": "human"}})
        };
        let Some(created) = post(
            &http,
            format!("{base}/api/tables"),
            &south,
            &south_from,
            spec,
        )
        .await
        else {
            return run.error();
        };
        let table = created["table"]["id"].as_str().unwrap_or("").to_owned();
        let game = created["table"]["game_id"]
            .as_str()
            .unwrap_or("")
            .to_owned();
        let mut sockets = Vec::new();
        if !o.computer {
            let joined = post(
                &http,
                format!("{base}/api/tables/{table}/join"),
                &north,
                &north_from,
                json!({}),
            )
            .await;
            if joined.is_none() {
                return run.error();
            }
        }
        run.stats.games_started.fetch_add(1, Ordering::Relaxed);
        for (cookie, from) in [(&south, &south_from), (&north, &north_from)] {
            if cookie.is_empty() {
                continue;
            }
            let Some(s) = open(&base, &game, cookie, from).await else {
                return run.error();
            };
            sockets.push(s);
        }
        let Some(mut state) = until(&mut sockets[0], |g| g["status"] == "playing").await else {
            return run.error();
        };
        while state["status"] == "playing" && Instant::now() < run.deadline {
            let n = ply(&state);
            let mover = usize::from(state["to_move"] != "S");
            if o.computer && mover == 1 {
                // The computer's turn: its reply time is the latency.
                let asked = Instant::now();
                let Some(next) =
                    until(&mut sockets[0], |g| ply(g) > n || g["status"] != "playing").await
                else {
                    return run.error();
                };
                run.record(asked, next["status"] == "finished");
                state = next;
                continue;
            }
            let socket = &mut sockets[mover];
            // Against the computer the one socket has read every state;
            // between people, the mover's has the opponent's move to read.
            let current = if o.computer {
                state.clone()
            } else {
                let Some(current) = until(socket, |g| ply(g) >= n).await else {
                    return run.error();
                };
                current
            };
            let legal = current["legal"].as_array().cloned().unwrap_or_default();
            if legal.is_empty() {
                break;
            }
            let mv = legal[rng.next() as usize % legal.len()]
                .as_str()
                .unwrap_or("")
                .to_owned();
            let think = if o.think_ms == 0 {
                0
            } else {
                rng.next() % (2 * o.think_ms)
            };
            tokio::time::sleep(Duration::from_millis(think)).await;
            let sent = Instant::now();
            let message = json!({"type": "move", "move": mv, "ply": n}).to_string();
            if socket.send(Message::Text(message.into())).await.is_err() {
                return run.error();
            }
            let Some(next) = until(socket, |g| ply(g) > n || g["status"] != "playing").await else {
                return run.error();
            };
            if !o.computer {
                run.record(sent, next["status"] == "finished");
            }
            state = next;
        }
        if state["status"] == "finished" {
            run.stats.games_finished.fetch_add(1, Ordering::Relaxed);
        } else {
            // The measured time is over: the sockets close a while after
            // it, so that 20,000 closing at once (each a change of
            // presence to store) do not delay the other games' last
            // moves, which no player's leaving would.
            tokio::time::sleep_until(tokio::time::Instant::from_std(run.deadline + CLOSE_AFTER))
                .await;
        }
        for mut s in sockets {
            let _ = tokio::time::timeout(Duration::from_secs(5), s.close(None)).await;
        }
    }
}

/// A client asking for 2-second analyses without pause, from its own
/// address.
async fn attacker(base: String, n: usize, run: Arc<Run>) {
    let http = client();
    let from = address("attack", n);
    let mut rng = Rng(n as u64 + 1);
    while Instant::now() < run.deadline {
        // A different position each time: nothing comes from the cache.
        let mut pits = [4u64; 12];
        let (a, b) = (rng.next() as usize % 12, rng.next() as usize % 12);
        pits[a] -= 1;
        pits[b] += 1;
        let row = |r: &[u64]| r.iter().map(u64::to_string).collect::<Vec<_>>().join(",");
        let position = format!("{}/{} S 0-0", row(&pits[..6]), row(&pits[6..]));
        let answer = http
            .get(format!("{base}/api/analyze"))
            .query(&[("position", position.as_str()), ("movetime", "2000")])
            .header("x-forwarded-for", &from)
            .send()
            .await;
        match answer {
            Ok(r) if r.status().is_success() => {
                run.stats.analyses.fetch_add(1, Ordering::Relaxed);
            }
            Ok(_) => {
                run.stats.refused.fetch_add(1, Ordering::Relaxed);
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
        }
    }
}

/// A random abapa game of `plies` plies or more, to its end, as an OGN
/// record (the first seed whose game lasts long enough), and its plies.
fn long_game(plies: usize) -> (String, usize) {
    for seed in 1.. {
        let mut rng = Rng(seed);
        let mut game = wari_rules::Game::new(wari_rules::Rules::default());
        while !game.is_over() {
            let legal = game.legal_moves();
            let m = legal[rng.next() as usize % legal.len()];
            game.play(m).expect("a legal move");
        }
        let length = game.moves().len();
        if length >= plies {
            return (wari_rules::ogn::Record::new(game).to_string(), length);
        }
    }
    unreachable!("some random game is long enough")
}

/// `--review`: once the ramp is over, a long game imported and its
/// review asked for, then read back until done.
async fn review(base: String, run: Arc<Run>) {
    let http = client();
    let from = address("review", 0);
    let Some(cookie) = sign_in(&http, &base, "Reviewer", &from).await else {
        return run.error();
    };
    let (record, plies) = long_game(run.o.review);
    let imported = http
        .post(format!("{base}/api/archive"))
        .header("cookie", &cookie)
        .header("x-forwarded-for", &from)
        .body(record)
        .send()
        .await;
    let id = match imported {
        Ok(r) if r.status().is_success() => r
            .json::<Value>()
            .await
            .ok()
            .and_then(|v| v["game_id"].as_str().map(str::to_owned)),
        _ => None,
    };
    let Some(id) = id else {
        return run.error();
    };
    tokio::time::sleep_until(tokio::time::Instant::from_std(run.counted_from)).await;
    let url = format!("{base}/api/games/{id}/review");
    let started = Instant::now();
    if post(&http, url.clone(), &cookie, &from, json!({}))
        .await
        .is_none()
    {
        return run.error();
    }
    while Instant::now() < run.deadline + Duration::from_secs(50) {
        let answer = http
            .get(&url)
            .header("cookie", &cookie)
            .header("x-forwarded-for", &from)
            .send()
            .await;
        if let Ok(r) = answer
            && let Ok(v) = r.json::<Value>().await
            && v["status"] == "done"
        {
            let ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
            *run.stats.review.lock().unwrap() = Some((plies, ms));
            return;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    run.error();
}

/// An HTTP client whose calls give up after 30 s.
fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .expect("an HTTP client")
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
    let mut o = options();
    let mut server = None;
    if o.urls.is_empty() {
        let db = o.database.clone().unwrap_or_else(|| {
            let file = std::env::temp_dir().join(format!("wari-load-{}.db", std::process::id()));
            format!("sqlite://{}?mode=rwc", file.display())
        });
        let mut config = wari_server::Config::new("127.0.0.1:0".parse().unwrap(), &db);
        config.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
        config.sign_ups_per_hour = 1_000_000;
        let s = wari_server::start(config, None)
            .await
            .expect("the server starts");
        o.urls = vec![format!("http://{}", s.addr())];
        server = Some(s);
    }
    let started = Instant::now();
    let run = Arc::new(Run {
        counted_from: started + Duration::from_secs(o.ramp_s),
        deadline: started + Duration::from_secs(o.ramp_s + o.seconds),
        stats: Stats::default(),
        o,
    });
    let urls = run.o.urls.clone();
    let mut tasks: Vec<_> = (0..run.o.games)
        .map(|n| tokio::spawn(pair(urls[n % urls.len()].clone(), n, Arc::clone(&run))))
        .collect();
    tasks.extend(
        (0..run.o.attack)
            .map(|n| tokio::spawn(attacker(urls[n % urls.len()].clone(), n, Arc::clone(&run)))),
    );
    if run.o.review > 0 {
        tasks.push(tokio::spawn(review(urls[0].clone(), Arc::clone(&run))));
    }
    if run.o.rated {
        tasks.extend(
            (0..(run.o.games / 10).max(2))
                .map(|n| tokio::spawn(churn(urls[n % urls.len()].clone(), n, Arc::clone(&run)))),
        );
    }
    {
        let run = Arc::clone(&run);
        tokio::spawn(async move {
            tokio::time::sleep_until(tokio::time::Instant::from_std(run.counted_from)).await;
            run.stats.cpu_at_count_ms.store(cpu_ms(), Ordering::Relaxed);
        });
    }
    // Every task ends by the deadline; one that hangs is given up on a
    // minute after it.
    let give_up = tokio::time::Instant::from_std(run.deadline + Duration::from_secs(60));
    for t in tasks {
        if tokio::time::timeout_at(give_up, t).await.is_err() {
            run.error();
        }
    }
    let elapsed = run.o.seconds as f64;
    let cpu_s =
        cpu_ms().saturating_sub(run.stats.cpu_at_count_ms.load(Ordering::Relaxed)) as f64 / 1000.0;
    let mut slices = run.stats.slices_us.lock().unwrap().clone();
    let mut latencies = slices.concat();
    latencies.sort_unstable();
    let moves = run.stats.moves.load(Ordering::Relaxed);
    let o = &run.o;
    println!("[{}] servers {}", o.label, o.urls.join(" "));
    println!(
        "[{}] games {} at once, {}, think {} ms on average; ramp {} s, measured {:.0} s after it",
        o.label,
        o.games,
        if o.computer {
            "against the computer"
        } else {
            "between people"
        },
        o.think_ms,
        o.ramp_s,
        elapsed
    );
    println!(
        "[{}] games {} started, {} finished; moves {moves} = {:.0}/s; errors {}",
        o.label,
        run.stats.games_started.load(Ordering::Relaxed),
        run.stats.games_finished.load(Ordering::Relaxed),
        moves as f64 / elapsed,
        run.stats.errors.load(Ordering::Relaxed)
    );
    println!(
        "[{}] {} ms: p50 {:.2}  p90 {:.2}  p99 {:.2}  max {:.2}",
        o.label,
        if o.computer {
            "computer's reply"
        } else {
            "move latency"
        },
        percentile(&latencies, 0.50),
        percentile(&latencies, 0.90),
        percentile(&latencies, 0.99),
        percentile(&latencies, 1.0)
    );
    let slices: Vec<String> = slices
        .iter_mut()
        .map(|slice| {
            slice.sort_unstable();
            format!("{:.0}", percentile(slice, 0.99))
        })
        .collect();
    println!(
        "[{}] p99 ms of each 10 s, in order: {}",
        o.label,
        slices.join(" ")
    );
    let mut ends = run.stats.end_latencies_us.lock().unwrap().clone();
    ends.sort_unstable();
    println!(
        "[{}] game ends {} moves: p50 {:.2}  p90 {:.2}  max {:.2} ms{}",
        o.label,
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
            "[{}] pool pairings {} beside (each a rated game resigned after a move each)",
            o.label,
            run.stats.pairings.load(Ordering::Relaxed)
        );
    }
    println!(
        "[{}] cpu {cpu_s:.1} s = {:.3} ms a move (server and clients: this process)",
        o.label,
        cpu_s * 1000.0 / (moves.max(1) as f64)
    );
    if o.review > 0 {
        match *run.stats.review.lock().unwrap() {
            Some((plies, ms)) => println!(
                "[{}] review of a {plies}-ply game: {:.1} s from the request to the review done",
                o.label,
                ms as f64 / 1000.0
            ),
            None => println!("[{}] review: not done", o.label),
        }
    }
    if o.attack > 0 {
        println!(
            "[{}] attack: {} analyses answered, {} refused",
            o.label,
            run.stats.analyses.load(Ordering::Relaxed),
            run.stats.refused.load(Ordering::Relaxed)
        );
    }
    if let Some(s) = server {
        s.stop().await;
    }
}
