//! The server's options: where it listens, its database, the computer's
//! pool and the limits each client is held to.

use std::net::SocketAddr;
use std::time::Duration;

/// Options of `wari serve`; the doc comments are the help text.
#[derive(Clone, Debug, clap::Args)]
pub struct Config {
    /// Address and port to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,

    /// Database URL: `sqlite://FILE?mode=rwc` (one process) or
    /// `postgres://USER@HOST/DB` (several processes may share it).
    #[arg(
        long,
        env = "DATABASE_URL",
        default_value = "sqlite://wari.db?mode=rwc"
    )]
    pub database: String,

    /// Engine searches run at once (computer moves and analysis); the rest
    /// wait their turn.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub computer_threads: u32,

    /// Milliseconds the computer thinks per move at level 10 (lower levels
    /// think less); never more than its clock allows.
    #[arg(long, default_value_t = 300)]
    pub computer_movetime_ms: u64,

    /// Seconds a player must have been disconnected before the opponent
    /// may claim the game.
    #[arg(long, default_value_t = 60)]
    pub claim_timeout_s: u64,

    /// Open WebSocket and stream connections allowed per client (session,
    /// or address without one).
    #[arg(long, default_value_t = 16)]
    pub max_connections_per_client: u32,

    /// Messages and mutating requests a client may send per second, on
    /// average (bursts of twice as many pass).
    #[arg(long, default_value_t = 20)]
    pub rate_per_s: u32,

    /// Accounts that may be made from one address in an hour.
    #[arg(long, default_value_t = 20)]
    pub sign_ups_per_hour: u32,
}

impl Config {
    /// Defaults for a server on `bind` with the database at `database`
    /// (tests and embedding).
    #[must_use]
    pub fn new(bind: SocketAddr, database: &str) -> Config {
        Config {
            bind,
            database: database.to_owned(),
            computer_threads: 2,
            computer_movetime_ms: 300,
            claim_timeout_s: 60,
            max_connections_per_client: 16,
            rate_per_s: 20,
            sign_ups_per_hour: 20,
        }
    }

    /// The claim timeout as a duration.
    #[must_use]
    pub fn claim_timeout(&self) -> Duration {
        Duration::from_secs(self.claim_timeout_s)
    }
}

/// Largest JSON body accepted, in bytes.
pub const BODY_LIMIT: usize = 64 * 1024;
/// Largest OGN body accepted by the archive import, in bytes.
pub const OGN_LIMIT: usize = 1024 * 1024;
/// Largest WebSocket message accepted, in bytes.
pub const WS_MESSAGE_LIMIT: usize = 4 * 1024;
/// Longest analysis a client may ask for, in milliseconds.
pub const MAX_ANALYSIS_MS: u64 = 2_000;

/// Failed sign-ins counted against one account name in the window before
/// its sign-ins are refused (429).
pub const FAILURES_PER_ACCOUNT: i64 = 5;
/// Failed sign-ins counted against one address in the window before its
/// sign-ins are refused (429).
pub const FAILURES_PER_ADDRESS: i64 = 20;
/// How long a failed sign-in counts, in milliseconds (15 minutes).
pub const FAILURE_WINDOW_MS: i64 = 15 * 60 * 1000;
/// Password hashes computed at once (each takes 19 MiB and a few tens of
/// milliseconds of one core).
pub const PASSWORD_HASHES_AT_ONCE: usize = 2;
