//! Runs `wari serve` as real processes: a smoke test on SQLite, the error
//! line for a bad database, a process killed while the computer thinks
//! (its successor moves), and, with `WARI_TEST_POSTGRES` set, two
//! processes sharing one PostgreSQL database: a move made through one
//! reaches WebSocket clients of the other, a player connected to one is
//! connected for the other, when one dies the other takes over its
//! players' presence and its computer's turns, and the quick pairing
//! pairs each seek once whichever process it reached. Bots in
//! tournaments: `serve/tournaments.rs`; `wari bot` over https: `serve/tls.rs`.

mod tls;
mod tournaments;

use std::net::TcpListener;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

#[path = "../../../server/examples/support/serve.rs"]
mod serve_process;
use serve_process::Serve;

/// The PostgreSQL database of `WARI_TEST_POSTGRES`, or `None` (saying
/// so: the two-process tests are skipped without it).
fn postgres() -> Option<String> {
    let url = std::env::var("WARI_TEST_POSTGRES").ok();
    if url.is_none() {
        eprintln!("WARI_TEST_POSTGRES is not set: two-process test skipped");
    }
    url
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

async fn serve(database: &str, dir: &std::path::Path) -> Serve {
    serve_with(database, dir, &["--computer-movetime-ms", "20"]).await
}

/// `wari serve` with more options.
async fn serve_with(database: &str, dir: &std::path::Path, options: &[&str]) -> Serve {
    serve_on(free_port(), database, dir, options).await
}

/// `wari serve` on `port`.
async fn serve_on(port: u16, database: &str, dir: &std::path::Path, options: &[&str]) -> Serve {
    let mut args = vec!["--database", database];
    args.extend_from_slice(options);
    // Accounts are made from loopback run after run, in a database that
    // outlives the runs.
    args.extend(["--sign-ups-per-hour", "100000"]);
    let server = Serve::spawn(env!("CARGO_BIN_EXE_wari"), port, &args, |c| {
        // The endgame tables the computer builds on first use.
        c.env("WARI_EGDB", dir.join("egdb")).current_dir(dir)
    });
    server
        .up(&reqwest::Client::new(), Duration::from_secs(30))
        .await;
    server
}

struct Guest {
    http: reqwest::Client,
    cookie: String,
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

impl Guest {
    async fn sign_in(base: &str, name: &str) -> Guest {
        let http = reqwest::Client::new();
        let response = http
            .post(format!("{base}/api/session"))
            .json(&json!({ "name": name }))
            .send()
            .await
            .unwrap();
        let cookie = cookie(&response);
        Guest { http, cookie }
    }

    /// POSTs `body` to `url` as this guest: the server's answer, whatever
    /// its status.
    async fn post_raw(&self, url: String, body: Value) -> reqwest::Response {
        self.http
            .post(url)
            .header("cookie", &self.cookie)
            .json(&body)
            .send()
            .await
            .unwrap()
    }

    async fn post(&self, url: String, body: Value) -> Value {
        let response = self.post_raw(url, body).await;
        assert!(
            response.status().is_success(),
            "{:?}",
            response.text().await
        );
        response.json().await.unwrap()
    }

    async fn ws(&self, base: &str, game: &str) -> Ws {
        let mut request = format!("{}/api/games/{game}/ws", base.replace("http://", "ws://"))
            .into_client_request()
            .unwrap();
        request
            .headers_mut()
            .insert("cookie", self.cookie.parse().unwrap());
        Ws(tokio_tungstenite::connect_async(request).await.unwrap().0)
    }
}

struct Ws(
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>,
);

impl Ws {
    async fn state_where(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let message = tokio::time::timeout(Duration::from_secs(10), self.0.next())
                .await
                .expect("a state within 10 s")
                .unwrap()
                .unwrap();
            if let Message::Text(text) = message {
                let value: Value = serde_json::from_str(text.as_str()).unwrap();
                if value["type"] == "chat" {
                    continue;
                }
                assert_eq!(value["type"], "state", "{value}");
                if pred(&value["game"]) {
                    return value["game"].clone();
                }
            }
        }
    }

    async fn send(&mut self, value: Value) {
        self.0
            .send(Message::Text(value.to_string().into()))
            .await
            .unwrap();
    }
}

fn moves(game: &Value) -> usize {
    game["moves"].as_array().unwrap().len()
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("wari-serve-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[tokio::test]
async fn wari_serve_keeps_games_in_a_sqlite_file_by_default() {
    let dir = temp_dir("sqlite");
    let server = Serve::spawn(env!("CARGO_BIN_EXE_wari"), free_port(), &[], |c| {
        c.env_remove("DATABASE_URL").current_dir(&dir)
    });
    server
        .up(&reqwest::Client::new(), Duration::from_secs(30))
        .await;
    let ama = Guest::sign_in(&server.base, "Ama").await;
    let created = ama
        .post(
            format!("{}/api/tables", server.base),
            json!({"starts": "S", "opponent": {"kind": "computer", "level": 1}}),
        )
        .await;
    assert!(created["table"]["game_id"].is_string());
    assert!(dir.join("wari.db").exists());
}

/// The computer at full strength (the analysis board) near the end of a
/// game builds the small endgame tables of its rules on first use, keeps
/// them, and answers from them.
#[tokio::test]
async fn the_computer_builds_and_uses_the_endgame_tables() {
    let dir = temp_dir("egdb");
    let database = format!("sqlite://{}?mode=rwc", dir.join("wari.db").display());
    let server = serve(&database, &dir).await;
    let table = dir.join("egdb").join("kalah").join("12.egdb");
    assert!(!table.exists());
    // Kalah(6,4) with 10 seeds left on the board: inside the tables.
    let url = format!(
        "{}/api/analyze?rules=kalah&position=1,0,2,0,3,0/0,2,0,1,0,1%20S%2020-18&movetime=50",
        server.base
    );
    let analysis: Value = reqwest::get(&url).await.unwrap().json().await.unwrap();
    assert!(table.exists(), "no table in {}", table.display());
    assert_eq!(analysis["exact"], json!(true), "{analysis}");
    // The same answer again, from the tables now on disk.
    let again: Value = reqwest::get(&url).await.unwrap().json().await.unwrap();
    assert_eq!(again["score"], analysis["score"]);
}

#[test]
fn a_bad_database_url_is_one_error_line() {
    let output = Command::new(env!("CARGO_BIN_EXE_wari"))
        .args([
            "serve",
            "--bind",
            "127.0.0.1:0",
            "--database",
            "mysql://nowhere",
        ])
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(
        stderr.starts_with("wari: error: unsupported database URL"),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
}

/// `wari serve` with `args`, expected to fail: its one error line.
fn serve_error(args: &[&str]) -> String {
    let output = Command::new(env!("CARGO_BIN_EXE_wari"))
        .args(["serve", "--bind", "127.0.0.1:0"])
        .args(args)
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert_eq!(stderr.lines().count(), 1, "{stderr}");
    stderr
        .trim_end()
        .strip_prefix("wari: error: ")
        .unwrap_or_else(|| panic!("{stderr}"))
        .to_owned()
}

#[tokio::test]
async fn a_sqlite_file_the_user_names_is_created() {
    let dir = temp_dir("named-sqlite");
    let file = dir.join("games.db");
    let server = serve(&format!("sqlite://{}", file.display()), &dir).await;
    let ama = Guest::sign_in(&server.base, "Ama").await;
    let created = ama
        .post(
            format!("{}/api/tables", server.base),
            json!({"opponent": {"kind": "human"}}),
        )
        .await;
    assert!(created["table"]["id"].is_string(), "{created}");
    assert!(file.exists());
    // In a directory that is not there: said so, nothing created.
    let missing = dir.join("no-such-dir").join("games.db");
    assert_eq!(
        serve_error(&["--database", &format!("sqlite://{}", missing.display())]),
        format!(
            "cannot open the database {}: there is no directory {}",
            missing.display(),
            dir.join("no-such-dir").display()
        )
    );
    assert!(!dir.join("no-such-dir").exists());
}

#[test]
fn an_unreachable_postgres_is_named_with_the_cause() {
    // Nothing listens on a port just freed: refused at once.
    let port = free_port();
    let message = serve_error(&[
        "--database",
        &format!("postgres://wari:secret@127.0.0.1:{port}/wari"),
    ]);
    assert!(
        message.starts_with(&format!(
            "cannot connect to the database at 127.0.0.1:{port}: "
        )),
        "{message}"
    );
    assert!(message.contains("refused"), "{message}");
    assert!(!message.contains("secret"), "{message}");
    // A listener that never answers: the server gives up after its
    // timeout, naming the host.
    let silent = TcpListener::bind("127.0.0.1:0").unwrap();
    let port = silent.local_addr().unwrap().port();
    let message = serve_error(&[
        "--database",
        &format!("postgres://wari@127.0.0.1:{port}/wari"),
    ]);
    assert_eq!(
        message,
        format!("cannot reach the database at 127.0.0.1:{port}: no answer within 5 s")
    );
    drop(silent);
}

#[tokio::test]
async fn two_processes_on_one_postgres_database_share_live_games() {
    let Some(url) = postgres() else { return };
    let dir = temp_dir("pg");
    let a = serve(&url, &dir).await;
    let b = serve(&url, &dir).await;

    // Ama sits down through A, Kofi joins through B.
    let ama = Guest::sign_in(&a.base, "Ama").await;
    let kofi = Guest::sign_in(&b.base, "Kofi").await;
    let created = ama
        .post(format!("{}/api/tables", a.base), json!({"starts": "S", "opponent": {"kind": "human"}, "clock": {"initial_s": 300, "increment_s": 2}}))
        .await;
    let game = created["table"]["game_id"].as_str().unwrap().to_owned();
    let mut ama_on_a = ama.ws(&a.base, &game).await;
    ama_on_a.state_where(|g| g["status"] == "waiting").await;
    let table = created["table"]["id"].as_str().unwrap();
    kofi.post(format!("{}/api/tables/{table}/join", b.base), json!({}))
        .await;
    // A learns of the join made through B.
    ama_on_a.state_where(|g| g["status"] == "playing").await;

    let mut kofi_on_b = kofi.ws(&b.base, &game).await;
    let watcher = Guest::sign_in(&b.base, "Esi").await;
    let mut watcher_on_b = watcher.ws(&b.base, &game).await;

    // A move through A reaches B's player and spectator...
    ama_on_a
        .send(json!({"type": "move", "move": "C", "ply": 0}))
        .await;
    let seen = kofi_on_b.state_where(|g| moves(g) == 1).await;
    assert_eq!(seen["moves"], json!(["C"]));
    assert_eq!(seen["you"], "N");
    watcher_on_b.state_where(|g| moves(g) == 1).await;
    // ...and a move through B reaches A.
    kofi_on_b
        .send(json!({"type": "move", "move": "d", "ply": 1}))
        .await;
    let seen = ama_on_a.state_where(|g| moves(g) == 2).await;
    assert_eq!(seen["moves"], json!(["C", "d"]));
    assert_eq!(seen["clock"]["running"], "S");
    // A move made twice from both sides at the same ply is applied once.
    let (first, second) = tokio::join!(
        ama.post_raw(
            format!("{}/api/games/{game}/moves", a.base),
            json!({"move": "A", "ply": 2})
        ),
        ama.post_raw(
            format!("{}/api/games/{game}/moves", b.base),
            json!({"move": "B", "ply": 2})
        ),
    );
    let codes = [first.status().as_u16(), second.status().as_u16()];
    assert!(codes.contains(&200) && codes.contains(&409), "{codes:?}");
    let seen = watcher_on_b.state_where(|g| moves(g) == 3).await;
    assert_eq!(seen["moves"].as_array().unwrap().len(), 3);
    // Offers too: Kofi on B offers the cycle end, Ama on A accepts it.
    kofi_on_b
        .send(json!({"type": "offer", "kind": "cycle"}))
        .await;
    ama_on_a
        .state_where(|g| !g["offers"].as_array().unwrap().is_empty())
        .await;
    ama_on_a
        .send(json!({"type": "accept", "kind": "cycle"}))
        .await;
    let over = watcher_on_b
        .state_where(|g| g["status"] == "finished")
        .await;
    assert_eq!(over["reason"], "agreement");

    // The computer moves once, whichever process applied the move.
    let vs_computer = ama
        .post(
            format!("{}/api/tables", a.base),
            json!({"starts": "S", "opponent": {"kind": "computer", "level": 1}}),
        )
        .await;
    let game = vs_computer["table"]["game_id"].as_str().unwrap().to_owned();
    let mut on_a = ama.ws(&a.base, &game).await;
    on_a.state_where(|g| g["status"] == "playing").await;
    ama.post(
        format!("{}/api/games/{game}/moves", b.base),
        json!({"move": "C", "ply": 0}),
    )
    .await;
    let replied = on_a.state_where(|g| moves(g) == 2).await;
    assert_eq!(replied["to_move"], "S");
}

/// Ama's game against the computer (level 10, searching; South, the
/// computer, moves first) created through `base`: its id.
async fn computer_to_move(ama: &Guest, base: &str) -> String {
    let created = ama
        .post(
            format!("{base}/api/tables"),
            json!({"rules": "abapa,cycle=3", "starts": "N", "opponent": {"kind": "computer", "level": 10}}),
        )
        .await;
    created["table"]["game_id"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn a_process_killed_while_the_computer_thinks_is_followed_by_its_successor() {
    let dir = temp_dir("kill-sqlite");
    let database = format!("sqlite://{}?mode=rwc", dir.join("wari.db").display());
    // A minute to think: the process dies in the middle.
    let mut first = serve_with(&database, &dir, &["--computer-movetime-ms", "60000"]).await;
    let ama = Guest::sign_in(&first.base, "Ama").await;
    let game = computer_to_move(&ama, &first.base).await;
    first.child.kill().unwrap();
    first.child.wait().unwrap();
    let second = serve(&database, &dir).await;
    let mut ws = ama.ws(&second.base, &game).await;
    let moved = ws.state_where(|g| moves(g) == 1).await;
    assert_eq!(moved["to_move"], "N");
}

#[tokio::test]
async fn with_two_processes_a_player_on_either_is_connected_for_both() {
    let Some(url) = postgres() else { return };
    let dir = temp_dir("pg-presence");
    let options = ["--computer-movetime-ms", "20", "--claim-timeout-s", "1"];
    let a = serve_with(&url, &dir, &options).await;
    let mut b = serve_with(&url, &dir, &options).await;
    let ama = Guest::sign_in(&a.base, "Ama").await;
    let kofi = Guest::sign_in(&b.base, "Kofi").await;
    let created = ama
        .post(
            format!("{}/api/tables", a.base),
            json!({"starts": "S", "opponent": {"kind": "human"}}),
        )
        .await;
    let game = created["table"]["game_id"].as_str().unwrap().to_owned();
    let table = created["table"]["id"].as_str().unwrap();
    kofi.post(format!("{}/api/tables/{table}/join", b.base), json!({}))
        .await;
    let mut ama_on_a = ama.ws(&a.base, &game).await;
    let _kofi_on_b = kofi.ws(&b.base, &game).await;
    // A sees Kofi, who is connected only to B.
    ama_on_a
        .state_where(|g| g["players"]["N"]["connected"] == true)
        .await;
    // Ama cannot claim through A: Kofi is there. (A server that took him
    // for away would say how long, not that he is connected.)
    let claim = ama
        .post_raw(format!("{}/api/games/{game}/claim", a.base), json!({}))
        .await;
    assert_eq!(claim.status().as_u16(), 409);
    let refusal: Value = claim.json().await.unwrap();
    assert!(
        refusal["error"].as_str().unwrap().contains("connected"),
        "{refusal}"
    );
    // B dies: A buries it within seconds, and Kofi is away from then.
    b.child.kill().unwrap();
    b.child.wait().unwrap();
    ama_on_a
        .state_where(|g| g["players"]["N"]["connected"] == false)
        .await;
    let start = Instant::now();
    loop {
        let claim = ama
            .post_raw(format!("{}/api/games/{game}/claim", a.base), json!({}))
            .await;
        if claim.status().is_success() {
            break;
        }
        assert_eq!(claim.status().as_u16(), 409);
        assert!(start.elapsed() < Duration::from_secs(10), "never claimable");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let over = ama_on_a.state_where(|g| g["status"] == "finished").await;
    assert_eq!(over["result"], "S");
}

#[tokio::test]
async fn when_the_process_searching_the_computers_move_dies_another_moves() {
    let Some(url) = postgres() else { return };
    let dir = temp_dir("pg-takeover");
    let a = serve(&url, &dir).await;
    // B thinks a minute a move: it dies in the middle of its search.
    let mut b = serve_with(&url, &dir, &["--computer-movetime-ms", "60000"]).await;
    let ama = Guest::sign_in(&a.base, "Ama").await;
    let game = computer_to_move(&ama, &b.base).await;
    let mut on_a = ama.ws(&a.base, &game).await;
    on_a.state_where(|g| g["status"] == "playing").await;
    b.child.kill().unwrap();
    b.child.wait().unwrap();
    // A takes the turn over (within the 3 s lease and its next beat).
    let moved = on_a.state_where(|g| moves(g) == 1).await;
    assert_eq!(moved["to_move"], "N");
    // And the game goes on through A.
    ama.post(
        format!("{}/api/games/{game}/moves", a.base),
        json!({"move": moved["legal"][0], "ply": 1}),
    )
    .await;
    on_a.state_where(|g| moves(g) == 3).await;
}

/// An account signed up on `base`: its cookie.
async fn sign_up(base: &str, name: &str) -> Guest {
    let http = reqwest::Client::new();
    let response = http
        .post(format!("{base}/api/account"))
        .json(&json!({ "name": name, "password": "correct horse battery" }))
        .send()
        .await
        .unwrap();
    assert!(
        response.status().is_success(),
        "{:?}",
        response.text().await
    );
    let cookie = cookie(&response);
    Guest { http, cookie }
}

/// The first `gameStart` of a player's event stream on `base`.
async fn game_started(player: &Guest, base: &str) -> Value {
    let mut response = player
        .http
        .get(format!("{base}/api/stream/event"))
        .header("cookie", &player.cookie)
        .send()
        .await
        .unwrap();
    let mut buffer = Vec::new();
    loop {
        while let Some(end) = buffer.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = buffer.drain(..=end).collect();
            if let Ok(event) = serde_json::from_slice::<Value>(&line)
                && event["type"] == "gameStart"
            {
                return event;
            }
        }
        let chunk = tokio::time::timeout(Duration::from_secs(20), response.chunk())
            .await
            .expect("an event within 20 s")
            .unwrap()
            .expect("the stream is open");
        buffer.extend_from_slice(&chunk);
    }
}

#[tokio::test]
async fn two_processes_on_one_postgres_database_pair_each_seek_once() {
    let Some(url) = postgres() else { return };
    let dir = temp_dir("pg-pairing");
    let servers = [serve(&url, &dir).await, serve(&url, &dir).await];
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis()
        % 1_000_000;
    let mut players = Vec::new();
    for n in 0..6 {
        players.push(sign_up(&servers[n % 2].base, &format!("pp{run}_{n}")).await);
    }
    // Each player seeks through one process and listens on the other.
    let seeks = futures_util::future::join_all(players.iter().enumerate().map(|(n, p)| {
        p.post(
            format!("{}/api/pools/wari-5+3/seek", servers[n % 2].base),
            json!({}),
        )
    }))
    .await;
    let starts = futures_util::future::join_all(
        players
            .iter()
            .enumerate()
            .map(|(n, p)| game_started(p, &servers[(n + 1) % 2].base)),
    )
    .await;
    let mut games = std::collections::HashMap::new();
    for (n, started) in starts.iter().enumerate() {
        let id = started["game"]["id"].as_str().unwrap().to_owned();
        games.entry(id).or_insert_with(Vec::new).push(n);
    }
    assert_eq!(games.len(), 3, "{games:?}");
    assert!(games.values().all(|seated| seated.len() == 2), "{games:?}");
    for (n, (p, seek)) in players.iter().zip(&seeks).enumerate() {
        let id = seek["id"].as_str().unwrap();
        let seek: Value = p
            .http
            .get(format!("{}/api/seeks/{id}", servers[n % 2].base))
            .header("cookie", &p.cookie)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(seek["status"], "paired");
        assert_eq!(seek["game_id"], starts[n]["game"]["id"]);
    }
}

/// A `wari bot` process, killed when dropped.
struct BotProcess(Child);

impl Drop for BotProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// `wari bot` on `base` with `token`, the built-in engine at `level`,
/// logging each game in `log_dir`.
fn wari_bot(base: &str, token: &str, level: u8, log_dir: &std::path::Path) -> BotProcess {
    wari_bot_with(base, token, level, log_dir, &[])
}

/// [`wari_bot`] with more arguments (`extra`).
fn wari_bot_with(
    base: &str,
    token: &str,
    level: u8,
    log_dir: &std::path::Path,
    extra: &[&str],
) -> BotProcess {
    let child = Command::new(env!("CARGO_BIN_EXE_wari"))
        .args(["bot", "--server", base, "--engine", "wari", "--upgrade"])
        .args(["--level", &level.to_string()])
        .args(extra)
        .arg("--log-dir")
        .arg(log_dir)
        .env("WARI_BOT_TOKEN", token)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("wari bot starts");
    BotProcess(child)
}

/// A new account on `base` with a token for a bot: its name, browser
/// and token.
async fn bot_account(base: &str, name: &str) -> (Guest, String) {
    bot_account_with(
        base,
        name,
        &["bot:play", "challenge:read", "challenge:write"],
    )
    .await
}

/// [`bot_account`] with a token of `scopes`.
async fn bot_account_with(base: &str, name: &str, scopes: &[&str]) -> (Guest, String) {
    let guest = sign_up(base, name).await;
    let made = guest
        .post(
            format!("{base}/api/account/tokens"),
            json!({"description": "wari bot", "scopes": scopes}),
        )
        .await;
    (guest, made["token"].as_str().unwrap().to_owned())
}

/// Waits (polling, up to 60 s) until `name`'s profile on `base` says bot.
async fn until_bot(base: &str, name: &str) {
    let start = Instant::now();
    loop {
        let profile: Value = reqwest::get(format!("{base}/api/players/{name}"))
            .await
            .unwrap()
            .json()
            .await
            .unwrap_or(Value::Null);
        if profile["bot"] == true {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "{name} never became a bot"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Reads game `id`'s stream on `base` until `pred` holds for a GAME
/// (within 2 minutes: the keep-alive lines come every 15 s whatever
/// happens).
async fn game_where(base: &str, id: &str, pred: impl Fn(&Value) -> bool) -> Value {
    let url = format!("{base}/api/games/{id}/stream");
    stream_where(&url, Duration::from_secs(120), pred).await
}

/// Reads the NDJSON stream at `url` until `pred` holds for one of its
/// lines, failing the test if that takes longer than `within` or a line
/// longer than 60 s.
async fn stream_where(url: &str, within: Duration, pred: impl Fn(&Value) -> bool) -> Value {
    let mut response = reqwest::get(url).await.unwrap();
    let mut buffer = Vec::new();
    let start = Instant::now();
    let mut last = Value::Null;
    loop {
        assert!(start.elapsed() < within, "{url} stalled: {last}");
        while let Some(end) = buffer.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = buffer.drain(..=end).collect();
            if let Ok(value) = serde_json::from_slice::<Value>(&line) {
                if pred(&value) {
                    return value;
                }
                last = value;
            }
        }
        let chunk = tokio::time::timeout(Duration::from_secs(60), response.chunk())
            .await
            .expect("a line within 60 s")
            .unwrap()
            .expect("the stream is open");
        buffer.extend_from_slice(&chunk);
    }
}

/// Two `wari bot` processes (levels 3 and 6), each on its server, play a
/// game one of them challenged the other to; the second is killed
/// (SIGKILL) in the middle of it and started again, and the game is
/// played to its end by the board.
async fn bots_play_through_a_kill(servers: [&str; 2], dir: &std::path::Path) {
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis()
        % 1_000_000;
    let names = [format!("bot3_{run}"), format!("bot6_{run}")];
    let (_, three) = bot_account(servers[0], &names[0]).await;
    let (_, six) = bot_account(servers[1], &names[1]).await;
    let logs = [dir.join(&names[0]), dir.join(&names[1])];
    let _bot3 = wari_bot(servers[0], &three, 3, &logs[0]);
    let mut bot6 = wari_bot(servers[1], &six, 6, &logs[1]);
    until_bot(servers[0], &names[0]).await;
    until_bot(servers[0], &names[1]).await;
    // The level-3 bot's account challenges the other, through the API.
    let challenged = reqwest::Client::new()
        .post(format!("{}/api/challenge/{}", servers[0], names[1]))
        .bearer_auth(&three)
        .json(&json!({"clock": "1+1", "color": "S", "rated": true}))
        .send()
        .await
        .unwrap();
    assert!(
        challenged.status().is_success(),
        "{:?}",
        challenged.text().await
    );
    let table: Value = challenged.json().await.unwrap();
    let id = table["challenge"]["game_id"].as_str().unwrap().to_owned();
    // The game goes on, then the level-6 bot is killed mid-game.
    let middle = game_where(servers[0], &id, |g| moves(g) >= 12).await;
    assert_eq!(middle["players"]["N"]["name"], names[1].as_str());
    bot6.0.kill().unwrap();
    bot6.0.wait().unwrap();
    let at_kill = moves(&game_where(servers[1], &id, |_| true).await);
    let _bot6_again = wari_bot(servers[1], &six, 6, &logs[1]);
    let end = game_where(servers[1], &id, |g| g["status"] == "finished").await;
    assert!(
        ended_on_the_board(&end),
        "the game ends on the board, not by a fault: {end}"
    );
    assert!(
        moves(&end) > at_kill + 2,
        "the restarted bot played on: {end}"
    );
    assert_eq!(end["pool"], "bot-abapa-bullet");
    // Each bot logged the game to its end (once its stream said so), the
    // restarted one from both its lives.
    let log6 = logged_end(&logs[1].join(format!("{id}.log"))).await;
    assert_eq!(log6.matches("playing abapa as N").count(), 2, "{log6}");
    let log3 = logged_end(&logs[0].join(format!("{id}.log"))).await;
    assert!(log3.contains("1. "), "{log3}");
}

/// The log of a game once it says the game is over (polled, up to 30 s).
async fn logged_end(path: &std::path::Path) -> String {
    logged(path, "over: ").await
}

/// The log at `path` once it holds `text` (polled, up to 30 s: the bot
/// writes it after the server's change the test has seen).
async fn logged(path: &std::path::Path, text: &str) -> String {
    let start = Instant::now();
    loop {
        let log = std::fs::read_to_string(path).unwrap_or_default();
        if log.contains(text) {
            return log;
        }
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "{}: {log}",
            path.display()
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

#[tokio::test]
async fn two_bots_play_a_game_through_a_kill_and_restart() {
    let dir = temp_dir("bots");
    let server = serve(
        &format!("sqlite://{}?mode=rwc", dir.join("bots.db").display()),
        &dir,
    )
    .await;
    bots_play_through_a_kill([&server.base, &server.base], &dir).await;
}

#[tokio::test]
async fn two_bots_play_on_through_a_server_restart() {
    let dir = temp_dir("bots-restart");
    let database = format!("sqlite://{}?mode=rwc", dir.join("bots.db").display());
    let port = free_port();
    let mut server = serve_on(port, &database, &dir, &[]).await;
    let base = server.base.clone();
    let run = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis()
        % 1_000_000;
    let names = [format!("rs3_{run}"), format!("rs6_{run}")];
    let (_, three) = bot_account(&base, &names[0]).await;
    let (_, six) = bot_account(&base, &names[1]).await;
    let _bots = [
        wari_bot(&base, &three, 3, &dir.join(&names[0])),
        wari_bot(&base, &six, 6, &dir.join(&names[1])),
    ];
    until_bot(&base, &names[0]).await;
    until_bot(&base, &names[1]).await;
    let challenged = reqwest::Client::new()
        .post(format!("{base}/api/challenge/{}", names[1]))
        .bearer_auth(&three)
        .json(&json!({"clock": "1+1", "rated": true}))
        .send()
        .await
        .unwrap();
    let table: Value = challenged.json().await.unwrap();
    let id = table["challenge"]["game_id"].as_str().unwrap().to_owned();
    game_where(&base, &id, |g| moves(g) >= 12).await;
    // The server dies mid-game and comes back on the same port: both
    // bots find their game again and play it to its end.
    server.child.kill().unwrap();
    server.child.wait().unwrap();
    server = serve_on(port, &database, &dir, &[]).await;
    let at_restart = moves(&game_where(&base, &id, |_| true).await);
    let end = game_where(&base, &id, |g| g["status"] == "finished").await;
    assert!(
        ended_on_the_board(&end),
        "the game ends on the board: {end}"
    );
    assert!(moves(&end) > at_restart + 2, "both bots played on: {end}");
    drop(server);
}

#[tokio::test]
async fn two_bots_on_two_processes_of_one_postgres_database() {
    let Some(url) = postgres() else { return };
    let dir = temp_dir("pg-bots");
    let servers = [serve(&url, &dir).await, serve(&url, &dir).await];
    bots_play_through_a_kill([&servers[0].base, &servers[1].base], &dir).await;
}

/// Whether a finished game ended by a rule of the board (majority, no
/// moves, grand slam, repetition, an empty side), not by a fault such as
/// time, resignation or abandonment.
fn ended_on_the_board(game: &Value) -> bool {
    [
        "majority",
        "no-moves",
        "grand-slam",
        "repetition",
        "empty-side",
    ]
    .contains(&game["reason"].as_str().unwrap_or(""))
}
