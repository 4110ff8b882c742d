//! A real server on loopback (random port) and clients that speak its
//! HTTP and WebSocket API, for the integration tests.

#![allow(dead_code)]

use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use wari_server::{Config, Server};

/// The databases to run storage tests on: a fresh SQLite file always,
/// PostgreSQL too when `WARI_TEST_POSTGRES` holds its URL.
pub fn databases() -> Vec<String> {
    let mut urls = vec![sqlite_url()];
    if let Ok(url) = std::env::var("WARI_TEST_POSTGRES")
        && !url.is_empty()
    {
        urls.push(url);
    }
    urls
}

/// A new SQLite file in the temp directory.
pub fn sqlite_url() -> String {
    static N: AtomicU64 = AtomicU64::new(0);
    let dir = std::env::temp_dir().join(format!("wari-server-tests-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join(format!("t{}.db", N.fetch_add(1, Ordering::Relaxed)));
    format!("sqlite://{}?mode=rwc", file.display())
}

/// A connection of our own to the database at `url`, beside the server:
/// to change or read its rows as another writer would.
pub async fn direct(url: &str) -> sqlx::AnyPool {
    sqlx::any::install_default_drivers();
    sqlx::any::AnyPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await
        .unwrap()
}

/// The version stored for game `id` (through a [`direct`] connection).
pub async fn stored_version(pool: &sqlx::AnyPool, id: &str) -> i64 {
    use sqlx::Row;
    sqlx::query(&format!("SELECT version FROM games WHERE id = '{id}'"))
        .fetch_one(pool)
        .await
        .unwrap()
        .get::<i64, _>("version")
}

/// Another writer stores game `id` anew, `versions` versions on, behind
/// the server's back.
pub async fn store_elsewhere(pool: &sqlx::AnyPool, id: &str, versions: i64) {
    use sqlx::Executor;
    pool.execute(
        format!("UPDATE games SET version = version + {versions} WHERE id = '{id}'").as_str(),
    )
    .await
    .unwrap();
}

/// Test defaults: generous rates, a fast computer.
pub fn config(database: &str) -> Config {
    let mut config = Config::new("127.0.0.1:0".parse().unwrap(), database);
    config.rate_per_s = 10_000;
    config.sign_ups_per_hour = 10_000;
    config.computer_movetime_ms = 20;
    config.max_connections_per_client = 64;
    config
}

/// A server and its base URL.
pub struct TestServer {
    pub server: Server,
    pub base: String,
}

pub async fn start(config: Config) -> TestServer {
    let server = wari_server::start(config, None)
        .await
        .expect("the server starts");
    let base = format!("http://{}", server.addr());
    TestServer { server, base }
}

/// Whether the lobby's (`GET /api/tables`) list `list` (`open` tables or
/// games `playing`) holds the table or game `id`.
pub fn listed(lobby: &Value, list: &str, id: &str) -> bool {
    lobby[list]
        .as_array()
        .unwrap()
        .iter()
        .any(|t| t["id"] == id)
}

/// The `name=value` of the cookie `response` sets, if it sets one.
pub fn session_cookie(response: &reqwest::Response) -> Option<String> {
    let set = response.headers().get("set-cookie")?.to_str().unwrap();
    set.split(';').next().map(str::to_owned)
}

/// `response`'s status and body: its JSON, or its text as a JSON string.
async fn read_answer(response: reqwest::Response) -> (StatusCode, Value) {
    let status = response.status();
    let text = response.text().await.unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// A guest with a session cookie.
#[derive(Clone)]
pub struct Client {
    pub http: reqwest::Client,
    pub base: String,
    pub cookie: Option<String>,
    pub id: String,
}

impl Client {
    /// A client without a session.
    pub fn anonymous(base: &str) -> Client {
        Client {
            http: reqwest::Client::new(),
            base: base.to_owned(),
            cookie: None,
            id: String::new(),
        }
    }

    /// Signs in as `name`.
    pub async fn sign_in(base: &str, name: &str) -> Client {
        let mut client = Client::anonymous(base);
        let response = client
            .http
            .post(format!("{base}/api/session"))
            .json(&json!({ "name": name }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        let cookie = session_cookie(&response).expect("a cookie");
        assert!(
            response.headers()["set-cookie"]
                .to_str()
                .unwrap()
                .contains("HttpOnly")
        );
        let body: Value = response.json().await.unwrap();
        client.cookie = Some(cookie);
        client.id = body["id"].as_str().unwrap().to_owned();
        client
    }

    /// Signs up an account `name` with `password` from a browser without
    /// a session.
    pub async fn sign_up(base: &str, name: &str, password: &str) -> Client {
        let mut client = Client::anonymous(base);
        let (status, body) = client.account("/api/account", name, password).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        client
    }

    /// Signs in to `name`'s account from a new browser.
    pub async fn sign_in_account(base: &str, name: &str, password: &str) -> Client {
        let mut client = Client::anonymous(base);
        let (status, body) = client.account("/api/account/sign-in", name, password).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        client
    }

    /// Posts a name and password to `path` (`/api/account` to sign up,
    /// `/api/account/sign-in`); keeps the cookie the answer sets.
    pub async fn account(&mut self, path: &str, name: &str, password: &str) -> (StatusCode, Value) {
        let response = self
            .with_cookie(self.http.post(format!("{}{path}", self.base)))
            .json(&json!({ "name": name, "password": password }))
            .send()
            .await
            .unwrap();
        let status = response.status();
        if let Some(cookie) = session_cookie(&response) {
            self.cookie = Some(cookie);
        }
        let body: Value = response.json().await.unwrap_or(Value::Null);
        if status == StatusCode::OK {
            self.id = body["account"]["id"]
                .as_str()
                .or(body["id"].as_str())
                .unwrap_or_default()
                .to_owned();
        }
        (status, body)
    }

    fn with_cookie(&self, request: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        match &self.cookie {
            Some(c) => request.header("cookie", c),
            None => request,
        }
    }

    pub async fn get(&self, path: &str) -> (StatusCode, Value) {
        let response = self
            .with_cookie(self.http.get(format!("{}{path}", self.base)))
            .send()
            .await
            .unwrap();
        read_answer(response).await
    }

    pub async fn get_text(&self, path: &str) -> (StatusCode, String, String) {
        let response = self
            .with_cookie(self.http.get(format!("{}{path}", self.base)))
            .send()
            .await
            .unwrap();
        let status = response.status();
        let content_type = response
            .headers()
            .get("content-type")
            .map(|v| v.to_str().unwrap().to_owned())
            .unwrap_or_default();
        (status, content_type, response.text().await.unwrap())
    }

    pub async fn post(&self, path: &str, body: Value) -> (StatusCode, Value) {
        self.post_raw(path, body.to_string()).await
    }

    pub async fn post_raw(&self, path: &str, body: String) -> (StatusCode, Value) {
        let response = self
            .with_cookie(self.http.post(format!("{}{path}", self.base)))
            .header("content-type", "application/json")
            .body(body)
            .send()
            .await
            .unwrap();
        read_answer(response).await
    }

    /// Creates a table; returns the response body.
    pub async fn create_table(&self, spec: Value) -> Value {
        let (status, body) = self.post("/api/tables", spec).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body
    }

    /// Takes the free seat at a table `create_table` made; returns the
    /// game's id.
    pub async fn join(&self, created: &Value) -> String {
        let table = created["table"]["id"].as_str().unwrap();
        let (status, joined) = self
            .post(&format!("/api/tables/{table}/join"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{joined}");
        joined["game_id"].as_str().unwrap().to_owned()
    }

    /// Opens a table for a game between people with this guest South (no
    /// clock) and has `north` take the other seat; returns the game's id.
    pub async fn game_against(&self, north: &Client) -> String {
        let created = self
            .create_table(json!({"starts": "S", "opponent": {"kind": "human"}}))
            .await;
        north.join(&created).await
    }

    /// Opens a table against the computer (`spec`, its opponent the
    /// computer), whose game starts at once; returns the game's id.
    pub async fn computer_game(&self, spec: Value) -> String {
        let created = self.create_table(spec).await;
        created["table"]["game_id"].as_str().unwrap().to_owned()
    }

    /// Offers `kind` (`cycle`, `takeback`, `rematch`) in game `id`.
    pub async fn offer(&self, id: &str, kind: &str) -> (StatusCode, Value) {
        self.post(&format!("/api/games/{id}/offers"), json!({ "kind": kind }))
            .await
    }

    /// Answers the offer of `kind` in game `id`: `accept` or `decline`.
    pub async fn answer(&self, id: &str, answer: &str, kind: &str) -> (StatusCode, Value) {
        self.post(
            &format!("/api/games/{id}/offers/{answer}"),
            json!({ "kind": kind }),
        )
        .await
    }

    pub async fn game(&self, id: &str) -> Value {
        let (status, body) = self.get(&format!("/api/games/{id}")).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        body
    }

    pub async fn play(&self, id: &str, mv: &str, ply: usize) -> (StatusCode, Value) {
        self.post(
            &format!("/api/games/{id}/moves"),
            json!({ "move": mv, "ply": ply }),
        )
        .await
    }

    /// Opens the game's WebSocket.
    pub async fn ws(&self, id: &str) -> Ws {
        self.ws_with(id, &[]).await
    }

    /// Opens the game's WebSocket with more handshake headers.
    pub async fn ws_with(&self, id: &str, headers: &[(&'static str, &str)]) -> Ws {
        let url = format!(
            "{}/api/games/{id}/ws",
            self.base.replace("http://", "ws://")
        );
        let mut request = url.into_client_request().unwrap();
        if let Some(c) = &self.cookie {
            request.headers_mut().insert("cookie", c.parse().unwrap());
        }
        for (name, value) in headers {
            request.headers_mut().insert(*name, value.parse().unwrap());
        }
        let (stream, _) = tokio_tungstenite::connect_async(request)
            .await
            .expect("ws connects");
        Ws { stream, states: 0 }
    }
}

/// An NDJSON stream (a player's events, `GET /api/stream/event`; a bot's
/// game), read line by line.
pub struct Events {
    body: std::pin::Pin<Box<dyn futures_util::Stream<Item = reqwest::Result<bytes::Bytes>> + Send>>,
    buffer: Vec<u8>,
}

impl Client {
    /// Opens the caller's event stream.
    pub async fn events(&self) -> Events {
        self.stream("/api/stream/event").await
    }

    /// Opens the NDJSON stream at `path`.
    pub async fn stream(&self, path: &str) -> Events {
        let response = self
            .with_cookie(self.http.get(format!("{}{path}", self.base)))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::OK);
        assert_eq!(response.headers()["content-type"], "application/x-ndjson");
        Events {
            body: Box::pin(response.bytes_stream()),
            buffer: Vec::new(),
        }
    }

    /// Joins quick pool `pool`; returns the SEEK.
    pub async fn seek(&self, pool: &str) -> Value {
        let (status, seek) = self
            .post(&format!("/api/pools/{pool}/seek"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{seek}");
        seek
    }
}

impl Events {
    /// The next event already read (empty keep-alive lines skipped).
    fn buffered(&mut self) -> Option<Value> {
        while let Some(end) = self.buffer.iter().position(|&b| b == b'\n') {
            let line: Vec<u8> = self.buffer.drain(..=end).collect();
            let text = String::from_utf8(line).unwrap();
            if !text.trim().is_empty() {
                return Some(serde_json::from_str(&text).unwrap());
            }
        }
        None
    }

    /// The next event (empty keep-alive lines skipped), within 10 s.
    pub async fn next(&mut self) -> Value {
        self.next_or_end().await.expect("the stream is open")
    }

    /// The next line, or `None` when the server ended the stream.
    pub async fn next_or_end(&mut self) -> Option<Value> {
        loop {
            if let Some(event) = self.buffered() {
                return Some(event);
            }
            let chunk = tokio::time::timeout(Duration::from_secs(10), self.body.next())
                .await
                .expect("an event within 10 s")?
                .unwrap();
            self.buffer.extend_from_slice(&chunk);
        }
    }

    /// The next event within `wait` (keep-alive lines skipped), or none.
    pub async fn within(&mut self, wait: Duration) -> Option<Value> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            if let Some(event) = self.buffered() {
                return Some(event);
            }
            let chunk = tokio::time::timeout_at(deadline, self.body.next())
                .await
                .ok()?;
            self.buffer
                .extend_from_slice(&chunk.expect("the stream is open").unwrap());
        }
    }

    /// The next event of type `kind` (others skipped).
    pub async fn next_of(&mut self, kind: &str) -> Value {
        loop {
            let event = self.next().await;
            if event["type"] == kind {
                return event;
            }
        }
    }
}

/// A WebSocket client.
pub struct Ws {
    stream: tokio_tungstenite::WebSocketStream<
        tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>,
    >,
    /// States received so far.
    pub states: usize,
}

impl Ws {
    /// The next message (a state or an error), within 10 s.
    pub async fn next(&mut self) -> Value {
        loop {
            let message = tokio::time::timeout(Duration::from_secs(10), self.stream.next())
                .await
                .expect("a message within 10 s")
                .expect("the socket is open")
                .expect("a message");
            if let Message::Text(text) = message {
                let value: Value = serde_json::from_str(text.as_str()).unwrap();
                if value["type"] == "state" {
                    self.states += 1;
                }
                return value;
            }
        }
    }

    /// The next state's GAME.
    pub async fn next_state(&mut self) -> Value {
        loop {
            let m = self.next().await;
            if m["type"] == "state" {
                return m["game"].clone();
            }
        }
    }

    /// The next error message (states and chat before it are skipped).
    pub async fn next_error(&mut self) -> Value {
        loop {
            let m = self.next().await;
            if m["type"] != "state" && m["type"] != "chat" {
                return m;
            }
        }
    }

    /// The first state whose GAME satisfies `pred`.
    pub async fn state_where(&mut self, pred: impl Fn(&Value) -> bool) -> Value {
        loop {
            let game = self.next_state().await;
            if pred(&game) {
                return game;
            }
        }
    }

    pub async fn send(&mut self, value: Value) {
        self.stream
            .send(Message::Text(value.to_string().into()))
            .await
            .unwrap();
    }

    pub async fn send_text(&mut self, text: &str) {
        self.stream.send(Message::Text(text.into())).await.unwrap();
    }

    pub async fn close(mut self) {
        let _ = self.stream.close(None).await;
    }
}

/// `base` with a suffix no other test run has used: account names are
/// unique in a database, and the PostgreSQL one outlives the test runs.
pub fn unique(base: &str) -> String {
    static N: AtomicU64 = AtomicU64::new(0);
    let nanos = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_nanos() as u64;
    let mut x = nanos
        ^ (u64::from(std::process::id()) << 32)
        ^ N.fetch_add(1, Ordering::Relaxed)
            .wrapping_mul(0x9E37_79B9_7F4A_7C15);
    let mut suffix = String::new();
    for _ in 0..7 {
        suffix.push(char::from(
            b"abcdefghijklmnopqrstuvwxyz0123456789"[(x % 36) as usize],
        ));
        x /= 36;
    }
    format!("{base}_{suffix}")
}

/// A small deterministic generator for picking moves.
pub struct Lcg(pub u64);

impl Lcg {
    pub fn pick<'a>(&mut self, items: &'a [Value]) -> &'a str {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let i = (self.0 >> 33) as usize % items.len();
        items[i].as_str().unwrap()
    }
}

/// The number of moves in a GAME.
pub fn ply(game: &Value) -> usize {
    game["moves"].as_array().unwrap().len()
}
