//! `wari bot`: connects an engine to a wari server as a bot, as
//! lichess-bot does for chess engines. It follows the bot's event stream,
//! accepts or declines each challenge by its policy, and plays each game
//! on its game stream with the engine's own clock handling; a broken
//! stream (a network fault, a server restart) is opened again, and a bot
//! started afresh finds its games under way in the `gameStart` events the
//! server sends on connecting, and goes on with them. With `--tournament`
//! it joins tournaments first and plays the games they pair it in as it
//! plays challenges (each starts with a `gameStart`), and joins again
//! when the server paused it there for a game lost without a move.

mod client;
mod game;
mod log;
mod pause;
mod policy;

use std::collections::HashSet;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use serde_json::{Value, json};

use crate::error::Error;
use crate::matches::player::PlayerSpec;
use client::{Api, ApiError};
use game::IDLE;
use log::Log;
use policy::Policy;

/// Play on a wari server as a bot: accept challenges by a policy and play
/// them with an engine.
///
/// The token is a personal API token with the `bot:play` and
/// `challenge:read`/`challenge:write` scopes (made on the server's
/// account page or `POST /api/account/tokens`), of an account made a bot
/// (`--upgrade` does it for an account that has not played); with
/// `--tournament`, `tournament:write` too. The engine
/// is `wari` (the built-in engine at `--level`), `level:N`, or the
/// command of any program speaking Aualé's UCI dialect (docs/PROTOCOL.md),
/// e.g. "java -jar auale-engine.jar". Runs until stopped (Ctrl-C); a line
/// per move and event goes to stderr (and with `--log-dir`, a file per
/// game). The server may be `https://` (its certificate checked against
/// the Mozilla roots built in, or `--ca-cert`); a TLS failure, at the
/// start or later, stops the bot with one line (network faults are
/// retried).
#[derive(Debug, clap::Args)]
pub struct Args {
    /// The server, http://HOST:PORT or https://HOST, e.g. http://127.0.0.1:8080
    #[arg(long, value_name = "URL")]
    server: String,

    /// Trust the certificates of this PEM file too (a private CA's), for
    /// an https server
    #[arg(long, value_name = "FILE")]
    ca_cert: Option<PathBuf>,

    /// The bot account's API token (or the environment variable
    /// WARI_BOT_TOKEN)
    #[arg(
        long,
        env = "WARI_BOT_TOKEN",
        hide_env_values = true,
        value_name = "TOKEN"
    )]
    token: String,

    /// wari (the built-in engine), level:N, or an engine's command
    #[arg(long, default_value = "wari", value_name = "ENGINE")]
    engine: String,

    /// The built-in engine's level, 1 to 10 (with --engine wari)
    #[arg(long, default_value_t = 10, value_name = "N")]
    level: u8,

    /// Make the account a bot first (only an account that has played no
    /// game can be)
    #[arg(long)]
    upgrade: bool,

    /// Rules accepted, separated by commas
    #[arg(long, default_value = "abapa", value_name = "LIST")]
    rules: String,

    /// Fewest seconds on each clock accepted
    #[arg(long, default_value_t = 1, value_name = "S")]
    min_initial: u64,

    /// Most seconds on each clock accepted
    #[arg(long, default_value_t = 3 * 3600, value_name = "S")]
    max_initial: u64,

    /// Largest increment accepted, in seconds
    #[arg(long, default_value_t = 60, value_name = "S")]
    max_increment: u64,

    /// Which games: rated, casual or both
    #[arg(long, default_value = "both", value_parser = ["rated", "casual", "both"])]
    accept: String,

    /// Whose challenges: people, bots or both
    #[arg(long, default_value = "both", value_parser = ["people", "bots", "both"])]
    opponents: String,

    /// Games played at once
    #[arg(long, default_value_t = 1, value_name = "N")]
    max_games: usize,

    /// A directory for a log file per game
    #[arg(long, value_name = "DIR")]
    log_dir: Option<PathBuf>,

    /// Join this tournament (one that takes bots) and play the games it
    /// pairs; may be given more than once
    #[arg(long, value_name = "ID")]
    tournament: Vec<String>,
}

/// The engine `args` name.
fn engine_spec(args: &Args) -> Result<PlayerSpec, Error> {
    if args.engine.trim() == "wari" {
        return PlayerSpec::parse(&format!("level:{}", args.level)).map_err(Error::input);
    }
    PlayerSpec::parse(&args.engine).map_err(Error::input)
}

/// Runs the bot until it is stopped.
///
/// # Errors
/// Bad arguments, a token the server refuses, an account that is not a
/// bot (and cannot be made one).
pub fn run(args: &Args) -> Result<(), Error> {
    let spec = Arc::new(engine_spec(args)?);
    if let Some(id) = args
        .tournament
        .iter()
        .find(|id| id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric()))
    {
        return Err(Error::input(format!(
            "--tournament {id:?}: a tournament id is letters and digits"
        )));
    }
    let url = args.server.trim();
    if !(url.starts_with("http://") || url.starts_with("https://"))
        || reqwest::Url::parse(url).is_err()
    {
        return Err(Error::input(format!(
            "--server {url:?}: an http:// or https:// URL"
        )));
    }
    let roots = args
        .ca_cert
        .as_ref()
        .map(|path| {
            std::fs::read(path)
                .map_err(|e| Error::input(format!("--ca-cert {}: {e}", path.display())))
        })
        .transpose()?;
    let api = Api::new(url, &args.token, roots.as_deref()).map_err(|e| match &args.ca_cert {
        Some(path) => Error::input(format!("--ca-cert {}: {e}", path.display())),
        None => Error::input(format!("cannot make the HTTP client: {e}")),
    })?;
    let policy = Policy {
        rules: args.rules.split(',').map(|r| r.trim().to_owned()).collect(),
        min_initial_s: args.min_initial,
        max_initial_s: args.max_initial,
        max_increment_s: args.max_increment,
        rated: args.accept != "casual",
        casual: args.accept != "rated",
        bots: args.opponents != "people",
        people: args.opponents != "bots",
        max_games: args.max_games.max(1),
    };
    if let Some(dir) = &args.log_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| Error::input(format!("--log-dir {}: {e}", dir.display())))?;
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(|e| Error::input(format!("cannot start the runtime: {e}")))?;
    // A game's TLS failure reaches the bot's loop here: it stops.
    let (no_tls, tls_failures) = tokio::sync::mpsc::unbounded_channel();
    let bot = Bot {
        api,
        spec,
        policy,
        log: Log::new(args.log_dir.clone()),
        playing: Arc::new(Mutex::new(HashSet::new())),
        tournaments: args.tournament.clone(),
        no_tls,
    };
    runtime.block_on(bot.run(args.upgrade, tls_failures))
}

/// The bot at work.
struct Bot {
    api: Api,
    spec: Arc<PlayerSpec>,
    policy: Policy,
    log: Log,
    /// The games it plays now.
    playing: Arc<Mutex<HashSet<String>>>,
    /// The tournaments it joins (`--tournament`).
    tournaments: Vec<String>,
    /// Where a game's task says its TLS connection failed.
    no_tls: tokio::sync::mpsc::UnboundedSender<String>,
}

/// A TLS failure (no TLS, a certificate not trusted, the wrong host
/// name): it stays so, and trying again will not help, at the start or
/// later. `line` is the failure on one line.
fn no_tls(line: &str) -> Error {
    Error::input(format!("no TLS connection: {line}"))
}

impl Bot {
    /// Waits for the server (it may be restarting) and says who the bot
    /// is; a refused token is the end.
    async fn who(&self, upgrade: bool) -> Result<String, Error> {
        let mut wait = Duration::from_millis(250);
        let account = loop {
            match self.api.get("/api/account").await {
                Ok(account) => break account,
                Err(ApiError::Refused { status, message }) if status < 500 && status != 429 => {
                    return Err(Error::input(format!(
                        "the server refuses the token: {message}"
                    )));
                }
                // A server that speaks no TLS, or a certificate not
                // trusted, stays so: say it and stop.
                Err(ApiError::Tls(line)) => return Err(no_tls(&line)),
                Err(e) => {
                    self.log.line(
                        "-",
                        &format!(
                            "server not reachable ({e}): again in {} ms",
                            wait.as_millis()
                        ),
                    );
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(Duration::from_secs(5));
                }
            }
        };
        let name = account["name"].as_str().unwrap_or_default().to_owned();
        if upgrade {
            match self.api.post("/api/bot/account/upgrade", &json!({})).await {
                Ok(_) => self.log.line("-", &format!("{name} is a bot now")),
                Err(ApiError::Refused {
                    status: 409,
                    message,
                }) if message.contains("already") => {}
                Err(e) => return Err(Error::input(format!("cannot make {name} a bot: {e}"))),
            }
        }
        Ok(name)
    }

    /// Joins tournament `id` (again, after a restart: the server keeps
    /// the place); a refusal (bots not taken, no such tournament, over)
    /// is the end.
    async fn join(&self, id: &str) -> Result<(), Error> {
        let mut wait = Duration::from_millis(250);
        loop {
            let path = format!("/api/tournaments/{id}/join");
            match self.api.post(&path, &json!({})).await {
                Ok(t) => {
                    let name = t["name"].as_str().unwrap_or(id);
                    self.log
                        .line("-", &format!("joined the tournament {id} ({name})"));
                    return Ok(());
                }
                Err(ApiError::Refused { status, message }) if status < 500 && status != 429 => {
                    return Err(Error::input(format!(
                        "cannot join the tournament {id}: {message}"
                    )));
                }
                Err(ApiError::Tls(line)) => return Err(no_tls(&line)),
                Err(e) => {
                    self.log.line(
                        "-",
                        &format!(
                            "joining {id} failed ({e}): again in {} ms",
                            wait.as_millis()
                        ),
                    );
                    tokio::time::sleep(wait).await;
                    wait = (wait * 2).min(Duration::from_secs(5));
                }
            }
        }
    }

    /// Plays until a failure that stays: a refused token, or a TLS
    /// failure (of the event stream, a call, or a game's stream), which
    /// ends the bot with one line; network faults are retried.
    async fn run(
        self,
        upgrade: bool,
        mut tls_failures: tokio::sync::mpsc::UnboundedReceiver<String>,
    ) -> Result<(), Error> {
        let name = self.who(upgrade).await?;
        self.log.line("-", &format!("connected as {name}"));
        tokio::select! {
            ended = self.listen(&name) => ended,
            Some(line) = tls_failures.recv() => Err(no_tls(&line)),
        }
    }

    /// Reads the event stream, opened again after each fault; once it is
    /// first open, joins the tournaments (`--tournament`), so that no
    /// game they pair, nor its end, comes before the stream that tells it.
    async fn listen(&self, name: &str) -> Result<(), Error> {
        let mut joined = false;
        let mut wait = Duration::from_millis(250);
        loop {
            match self.api.lines("/api/stream/event").await {
                Ok(mut events) => {
                    wait = Duration::from_millis(250);
                    if !joined {
                        for id in &self.tournaments {
                            self.join(id).await?;
                        }
                        joined = true;
                    }
                    loop {
                        match events.next(IDLE).await {
                            Ok(Some(event)) => self.on_event(name, &event).await,
                            Ok(None) => {
                                self.log.line("-", "the event stream ended: reconnecting");
                                break;
                            }
                            Err(e) => {
                                self.log
                                    .line("-", &format!("event stream lost ({e}): reconnecting"));
                                break;
                            }
                        }
                    }
                }
                Err(ApiError::Refused {
                    status: 401,
                    message,
                }) => {
                    return Err(Error::input(format!(
                        "the server refuses the token: {message}"
                    )));
                }
                Err(ApiError::Tls(line)) => return Err(no_tls(&line)),
                Err(e) => self
                    .log
                    .line("-", &format!("cannot open the event stream ({e})")),
            }
            tokio::time::sleep(wait).await;
            wait = (wait * 2).min(Duration::from_secs(5));
        }
    }

    async fn on_event(&self, name: &str, event: &Value) {
        match event["type"].as_str().unwrap_or_default() {
            "challenge" => self.on_challenge(name, &event["challenge"]).await,
            "gameStart" => self.start_game(&event["game"]),
            "gameFinish" => {
                let game = &event["game"];
                self.log.line(
                    game["id"].as_str().unwrap_or("?"),
                    &format!("finished: {} by {}", game["result"], game["reason"]),
                );
                if let Some(t) = game["tournament"].as_str()
                    && self.tournaments.iter().any(|id| id == t)
                {
                    self.after_tournament_game(t, game).await;
                }
            }
            other => self.log.line("-", &format!("event {other}")),
        }
    }

    async fn on_challenge(&self, name: &str, challenge: &Value) {
        let id = challenge["id"].as_str().unwrap_or_default();
        let from = challenge["creator"]["name"].as_str().unwrap_or("?");
        if from.eq_ignore_ascii_case(name) {
            return; // Our own challenge, sent to someone else.
        }
        let playing = self.playing.lock().map_or(0, |p| p.len());
        let (path, body, said) = match self.policy.judge(challenge, playing) {
            Ok(()) => (
                format!("/api/challenge/{id}/accept"),
                json!({}),
                "accepted".to_owned(),
            ),
            Err(reason) => (
                format!("/api/challenge/{id}/decline"),
                json!({ "reason": reason }),
                format!("declined ({reason})"),
            ),
        };
        match self.api.post(&path, &body).await {
            Ok(_) => self
                .log
                .line("-", &format!("challenge {id} from {from}: {said}")),
            Err(e) => self.log.line(
                "-",
                &format!("challenge {id} from {from}: {said} failed: {e}"),
            ),
        }
    }

    /// Plays game `game` (a `gameStart`'s) unless it is played already.
    fn start_game(&self, game: &Value) {
        let Some(id) = game["id"].as_str() else {
            return;
        };
        let Ok(mut playing) = self.playing.lock() else {
            return;
        };
        if !playing.insert(id.to_owned()) {
            return;
        }
        let (api, spec, log, id) = (
            self.api.clone(),
            Arc::clone(&self.spec),
            self.log.clone(),
            id.to_owned(),
        );
        let playing = Arc::clone(&self.playing);
        let no_tls = self.no_tls.clone();
        tokio::spawn(async move {
            let played = game::play(api, id.clone(), spec, log).await;
            if let Ok(mut p) = playing.lock() {
                p.remove(&id);
            }
            if let Err(line) = played {
                let _ = no_tls.send(line);
            }
        });
    }
}
