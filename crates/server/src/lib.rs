//! The wari game server: tables with their rules, live games over
//! WebSocket, the computer as an opponent, Fischer clocks, an archive, on
//! SQLite (one process) or PostgreSQL (several processes sharing one
//! database, changes announced by LISTEN/NOTIFY). `wari serve` runs it;
//! docs/API.md describes the API.
//!
//! ```no_run
//! # async fn run() -> Result<(), wari_server::Error> {
//! let config = wari_server::Config::new("127.0.0.1:0".parse().unwrap(), "sqlite://wari.db?mode=rwc");
//! let server = wari_server::start(config, None).await?;
//! println!("listening on {}", server.addr());
//! server.stop().await;
//! # Ok(())
//! # }
//! ```

#![forbid(unsafe_code)]

mod accounts;
mod analysis;
mod api;
mod chat;
mod clock;
mod computer;
mod config;
mod events;
mod first_move;
mod game_room;
mod ids;
mod language;
mod lease;
mod limits;
mod lines;
mod listen;
mod lobby;
mod lock;
mod name;
mod notify;
mod offer;
mod pairing;
mod pool;
mod puzzles;
mod ratings;
mod referee;
mod review;
mod rooms;
mod seat;
mod session;
mod static_files;
mod store;
mod text;
mod tokens;
mod tournaments;
mod wall_clock;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use tokio::task::JoinHandle;

pub use api::error::Error;
pub use config::Config;
pub use name::check_name;
pub use tokens::{Scope, token_hash};
pub use wall_clock::WallClock;

use crate::computer::Computer;
pub use crate::computer::Tablebases;
use crate::limits::Limiter;
use crate::listen::Stopping;
use crate::rooms::Rooms;
use crate::session::Sessions;
use crate::store::Store;

/// Everything the handlers and tasks share.
#[derive(Debug)]
pub struct App {
    config: Config,
    store: Store,
    rooms: Rooms,
    computer: Computer,
    analysis: analysis::Analysis,
    reviews: review::Reviews,
    limiter: Limiter,
    sessions: Sessions,
    hasher: accounts::Hasher,
    stopping: Stopping,
    process: lease::Process,
    events: events::Events,
    chats: chat::Chats,
    pairing: pairing::Pairing,
    tournaments: tournaments::Tournaments,
}

impl App {
    /// Milliseconds since the Unix epoch, by the server's wall clock.
    fn now_ms(&self) -> i64 {
        self.config.wall_clock.now_ms()
    }
}

/// A running server.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    app: Arc<App>,
    task: JoinHandle<()>,
}

impl Server {
    /// The address it listens on.
    #[must_use]
    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Stops accepting connections, closes idle ones, sends every
    /// WebSocket a close frame (1001, going away), gives requests under
    /// way two seconds to finish, tells the other processes it is leaving
    /// (they take its computer's turns over at once), and closes the
    /// database pool.
    pub async fn stop(self) {
        self.app.stopping.stop(Duration::from_secs(2)).await;
        self.task.abort();
        lease::leave(&self.app).await;
        self.app.store.close().await;
    }

    /// Serves until Ctrl-C (or SIGTERM), then stops.
    pub async fn run(self) {
        shutdown_signal().await;
        tracing::info!("shutting down");
        self.stop().await;
    }
}

async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let term = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let term = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {}
        () = term => {}
    }
}

/// Connects to the database (running the migrations), takes over the
/// computer's pending turns of processes that died (with SQLite, of the
/// process before this one), and starts listening. Other games are loaded
/// when someone asks for them. `tables`, when given, are the endgame
/// tables the computer uses at levels 9 and 10 (and the analysis board's
/// exact values).
///
/// # Errors
/// [`Error::Startup`]: a database that cannot be reached or migrated, or
/// an address that cannot be bound.
pub async fn start(config: Config, tables: Option<Arc<dyn Tablebases>>) -> Result<Server, Error> {
    let schedule = match &config.tournaments {
        Some(path) => tournaments::Schedule::read(path).map_err(Error::startup)?,
        None => tournaments::Schedule::default(),
    };
    let store = Store::connect(&config.database)
        .await
        .map_err(Error::startup)?;
    let app = Arc::new(App {
        computer: Computer::new(
            config.computer_threads as usize,
            config.computer_movetime_ms,
        )
        .with_tables(tables),
        analysis: analysis::Analysis::new(config.analysis_ms_per_minute),
        reviews: review::Reviews::new(config.review_depth, config.reviews_per_hour),
        limiter: Limiter::new(
            config.rate_per_s,
            config.max_connections_per_client,
            config.max_connections_per_address,
        ),
        rooms: Rooms::default(),
        sessions: Sessions::default(),
        hasher: accounts::Hasher::new(config::PASSWORD_HASHES_AT_ONCE).map_err(Error::startup)?,
        stopping: Stopping::default(),
        process: lease::Process::new(config.wall_clock.now_ms()),
        events: events::Events::default(),
        chats: chat::Chats::default(),
        pairing: pairing::Pairing::default(),
        tournaments: tournaments::Tournaments::new(schedule),
        store,
        config,
    });
    notify::start_listener(Arc::clone(&app))
        .await
        .map_err(Error::startup)?;
    lease::start(&app).await.map_err(Error::startup)?;
    pairing::spawn(Arc::clone(&app));
    tournaments::spawn(&app);
    let listener = tokio::net::TcpListener::bind(app.config.bind)
        .await
        .map_err(|e| Error::startup(format!("cannot listen on {}: {e}", app.config.bind)))?;
    let addr = listener.local_addr().map_err(Error::startup)?;
    let router = api::router(Arc::clone(&app));
    let task = tokio::spawn(listen::serve(
        Arc::clone(&app),
        listener,
        router,
        app.stopping.signal(),
    ));
    tracing::info!(%addr, database = ?app.store.backend(), "wari server listening");
    Ok(Server { addr, app, task })
}

/// Logs to stderr, filtered by `RUST_LOG` (default: this server's info).
pub fn init_logging() {
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("wari_server=info,tower_http=warn"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}

/// Starts the server with `config` and `tables` (as [`start`]) and
/// serves until Ctrl-C: what `wari serve` runs.
///
/// # Errors
/// As [`start`].
pub async fn serve(config: Config, tables: Option<Arc<dyn Tablebases>>) -> Result<(), Error> {
    start(config, tables).await?.run().await;
    Ok(())
}
