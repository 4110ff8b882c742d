//! Arena load benchmark (issue 17's performance goal): `--players N`
//! accounts join one arena (abapa 3+2 unless `--tc`) and play it for
//! `--seconds S` over WebSocket, each answering its opponent after a think
//! time (uniform between 0 and twice `--think-ms`) with a random legal
//! move. Reported: the move latency (from sending a move to receiving the
//! state that holds it) and the pairing delay (from the state that ends a
//! player's game to the `gameStart` of its next one on its event stream),
//! median and 99th percentile. Each player comes from its own address
//! (`X-Forwarded-For`; the in-process server trusts loopback). At the
//! end, the time of one look at the arena (`GET /api/tournaments/{id}`:
//! its players and games read, the standings computed, the JSON made,
//! what each standings stream does at each change), median of 20.
//!
//!     cargo run --release -p wari-server --example arena_load -- --players 500 --seconds 120
//!
//! Without `--url` a server is started in this process on a temporary
//! SQLite file (`--database URL` for another).

use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

#[derive(Debug, Default)]
struct Stats {
    move_us: Mutex<Vec<u64>>,
    pairing_us: Mutex<Vec<u64>>,
    games: Mutex<u64>,
}

fn arg(name: &str) -> Option<String> {
    let args: Vec<String> = std::env::args().collect();
    args.iter()
        .position(|a| a == name)
        .and_then(|i| args.get(i + 1).cloned())
}

fn number(name: &str, default: u64) -> u64 {
    arg(name).and_then(|v| v.parse().ok()).unwrap_or(default)
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let i = ((sorted.len() as f64 - 1.0) * p).round() as usize;
    sorted[i] as f64 / 1000.0
}

/// A tiny generator for think times and moves.
fn next(seed: &mut u64) -> u64 {
    *seed = seed
        .wrapping_mul(6_364_136_223_846_793_005)
        .wrapping_add(1_442_695_040_888_963_407);
    *seed >> 33
}

async fn post(
    http: &reqwest::Client,
    url: &str,
    cookie: Option<&str>,
    from: &str,
    body: Value,
) -> Option<(Value, Option<String>)> {
    let mut request = http.post(url).header("x-forwarded-for", from).json(&body);
    if let Some(c) = cookie {
        request = request.header("cookie", c);
    }
    let response = request.send().await.ok()?;
    let cookie = response
        .headers()
        .get("set-cookie")
        .and_then(|c| c.to_str().ok())
        .and_then(|c| c.split(';').next())
        .map(str::to_owned);
    if !response.status().is_success() {
        return None;
    }
    Some((response.json().await.ok()?, cookie))
}

/// One player: joins, then plays every game the arena pairs it into.
#[allow(clippy::too_many_arguments)]
async fn player(
    base: String,
    tournament: String,
    name: String,
    from: String,
    cookie: String,
    think_ms: u64,
    until: Instant,
    stats: Arc<Stats>,
) {
    let http = reqwest::Client::new();
    let mut seed = name
        .bytes()
        .fold(17u64, |a, b| a.wrapping_mul(31).wrapping_add(u64::from(b)));
    let events = http
        .get(format!("{base}/api/stream/event"))
        .header("cookie", &cookie)
        .header("x-forwarded-for", &from)
        .send()
        .await;
    let Ok(events) = events else { return };
    let mut events = events.bytes_stream();
    let mut buffer: Vec<u8> = Vec::new();
    let _ = post(
        &http,
        &format!("{base}/api/tournaments/{tournament}/join"),
        Some(&cookie),
        &from,
        json!({}),
    )
    .await;
    let mut ended_at: Option<Instant> = None;
    while Instant::now() < until {
        // The next gameStart of the arena.
        let game = loop {
            if let Some(end) = buffer.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = buffer.drain(..=end).collect();
                let Ok(event) = serde_json::from_slice::<Value>(&line) else {
                    continue;
                };
                if event["type"] == "gameStart"
                    && event["game"]["tournament"] == tournament.as_str()
                {
                    break event["game"]["id"].as_str().map(str::to_owned);
                }
                continue;
            }
            match tokio::time::timeout_at(until.into(), events.next()).await {
                Ok(Some(Ok(chunk))) => buffer.extend_from_slice(&chunk),
                _ => break None,
            }
        };
        let Some(game) = game else { return };
        if let Some(at) = ended_at.take() {
            stats
                .pairing_us
                .lock()
                .unwrap()
                .push(at.elapsed().as_micros() as u64);
        }
        let Ok(mut request) = format!("{}/api/games/{game}/ws", base.replace("http://", "ws://"))
            .into_client_request()
        else {
            return;
        };
        request
            .headers_mut()
            .insert("cookie", cookie.parse().unwrap());
        request
            .headers_mut()
            .insert("x-forwarded-for", from.parse().unwrap());
        let Ok((mut socket, _)) = tokio_tungstenite::connect_async(request).await else {
            return;
        };
        let mut sent: Option<(usize, Instant)> = None;
        while let Ok(Some(Ok(message))) =
            tokio::time::timeout(Duration::from_secs(60), socket.next()).await
        {
            let Message::Text(text) = message else {
                continue;
            };
            let Ok(m) = serde_json::from_str::<Value>(text.as_str()) else {
                continue;
            };
            if m["type"] != "state" {
                continue;
            }
            let g = &m["game"];
            let ply = g["moves"].as_array().map_or(0, Vec::len);
            if let Some((at_ply, at)) = sent
                && ply > at_ply
            {
                stats
                    .move_us
                    .lock()
                    .unwrap()
                    .push(at.elapsed().as_micros() as u64);
                sent = None;
            }
            if g["status"] == "finished" {
                ended_at = Some(Instant::now());
                *stats.games.lock().unwrap() += 1;
                break;
            }
            if g["to_move"] != g["you"] || sent.is_some_and(|(p, _)| p == ply) {
                continue;
            }
            let legal = g["legal"].as_array().cloned().unwrap_or_default();
            if legal.is_empty() {
                continue;
            }
            let think = if think_ms == 0 {
                0
            } else {
                next(&mut seed) % (2 * think_ms)
            };
            tokio::time::sleep(Duration::from_millis(think)).await;
            let mv = legal[(next(&mut seed) as usize) % legal.len()].clone();
            sent = Some((ply, Instant::now()));
            if socket
                .send(Message::Text(
                    json!({"type": "move", "move": mv, "ply": ply})
                        .to_string()
                        .into(),
                ))
                .await
                .is_err()
            {
                break;
            }
        }
        let _ = socket.close(None).await;
    }
}

#[tokio::main]
async fn main() {
    let players = number("--players", 100) as usize;
    let seconds = number("--seconds", 60);
    let think_ms = number("--think-ms", 1000);
    let tc = arg("--tc").unwrap_or_else(|| "3+2".to_owned());
    let mut server = None;
    let base = if let Some(url) = arg("--url") {
        url
    } else {
        let db = arg("--database").unwrap_or_else(|| {
            let file =
                std::env::temp_dir().join(format!("wari-arena-load-{}.db", std::process::id()));
            format!("sqlite://{}?mode=rwc", file.display())
        });
        let mut config = wari_server::Config::new("127.0.0.1:0".parse().unwrap(), &db);
        config.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
        config.sign_ups_per_hour = 1_000_000;
        config.rate_per_s = 1000;
        let s = wari_server::start(config, None)
            .await
            .expect("the server starts");
        let base = format!("http://{}", s.addr());
        server = Some(s);
        base
    };
    let http = reqwest::Client::new();
    let tag = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() % 100_000);
    eprintln!("signing up {players} players…");
    let mut accounts = Vec::new();
    for i in 0..players {
        let from = format!("10.9.{}.{}", i / 250, i % 250 + 1);
        let name = format!("load{tag}_{i}");
        let made = post(
            &http,
            &format!("{base}/api/account"),
            None,
            &from,
            json!({"name": name, "password": "correct horse battery"}),
        )
        .await;
        let Some((_, Some(cookie))) = made else {
            eprintln!("sign-up {i} failed");
            continue;
        };
        accounts.push((name, from, cookie));
    }
    let (first_name, first_from, first_cookie) = accounts[0].clone();
    let _ = first_name;
    let (t, _) = post(
        &http,
        &format!("{base}/api/tournaments"),
        Some(&first_cookie),
        &first_from,
        json!({"time_control": tc, "minutes": 720, "rated": true}),
    )
    .await
    .expect("the arena is made");
    let id = t["id"].as_str().expect("an id").to_owned();
    let stats = Arc::new(Stats::default());
    let until = Instant::now() + Duration::from_secs(seconds);
    let tasks: Vec<_> = accounts
        .into_iter()
        .map(|(name, from, cookie)| {
            tokio::spawn(player(
                base.clone(),
                id.clone(),
                name,
                from,
                cookie,
                think_ms,
                until,
                Arc::clone(&stats),
            ))
        })
        .collect();
    for task in tasks {
        let _ = task.await;
    }
    let mut moves = stats.move_us.lock().unwrap().clone();
    let mut pairings = stats.pairing_us.lock().unwrap().clone();
    moves.sort_unstable();
    pairings.sort_unstable();
    println!(
        "arena of {players} players, {tc}, think {think_ms} ms, {seconds} s: {} games, {} moves; move latency p50 {:.1} ms p99 {:.1} ms; pairing delay p50 {:.1} ms p99 {:.1} ms ({} pairings)",
        stats.games.lock().unwrap(),
        moves.len(),
        percentile(&moves, 0.5),
        percentile(&moves, 0.99),
        percentile(&pairings, 0.5),
        percentile(&pairings, 0.99),
        pairings.len(),
    );
    let mut looks = Vec::new();
    let mut games_played = 0;
    for _ in 0..20 {
        let start = Instant::now();
        let Ok(response) = http
            .get(format!("{base}/api/tournaments/{id}"))
            .send()
            .await
        else {
            break;
        };
        let t: Value = response.json().await.unwrap_or(Value::Null);
        looks.push(start.elapsed().as_micros() as u64);
        games_played = t["games_played"].as_u64().unwrap_or(0);
    }
    looks.sort_unstable();
    println!(
        "a look at the arena ({games_played} games in it): p50 {:.1} ms, max {:.1} ms",
        percentile(&looks, 0.5),
        percentile(&looks, 1.0),
    );
    if let Some(s) = server {
        s.stop().await;
    }
}
