//! The server's options: where it listens, its database, the computer's
//! pool, the limits each client is held to and the timeouts.

use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use clap::Parser;

use crate::wall_clock::WallClock;

/// Options of `wari serve`; the doc comments are the help text.
#[derive(Clone, Debug, clap::Args)]
pub struct Config {
    /// Address and port to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub bind: SocketAddr,

    /// Database URL: `sqlite://FILE` (one process; the file is made if it
    /// is not there, its directory must be) or `postgres://USER@HOST/DB`
    /// (several processes may share it; a server that does not answer
    /// within 5 s is an error).
    #[arg(
        long,
        env = "DATABASE_URL",
        default_value = "sqlite://wari.db?mode=rwc"
    )]
    pub database: String,

    /// Engine searches run at once (computer moves and analysis); the
    /// computer's moves go first, and analysis never holds them all.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub computer_threads: u32,

    /// Milliseconds the computer thinks per move at level 10 (lower levels
    /// think less); never more than its clock allows.
    #[arg(long, default_value_t = 300)]
    pub computer_movetime_ms: u64,

    /// Milliseconds of analysis one client (a session, and apart from it
    /// its address) may have a minute, one search at a time.
    #[arg(long, default_value_t = 20_000)]
    pub analysis_ms_per_minute: u64,

    /// Depth of a game review's searches: every legal move of every
    /// position of the game is searched this deep, on the computer's
    /// threads after the computer's moves and the analysis board.
    #[arg(long, default_value_t = 14, value_parser = clap::value_parser!(u32).range(1..=30))]
    pub review_depth: u32,

    /// New game reviews one client (a session, and apart from it its
    /// address) may ask for an hour (a review asked for before is free).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    pub reviews_per_hour: u32,

    /// Seconds a player must have been disconnected before the opponent
    /// may claim the game.
    #[arg(long, default_value_t = 60)]
    pub claim_timeout_s: u64,

    /// Seconds after which an unclocked game whose players are both away
    /// is adjourned: kept, off the lobby, resumed when a player returns.
    #[arg(long, default_value_t = 600)]
    pub adjourn_after_s: u64,

    /// Open tables (a seat free) one session may have at once.
    #[arg(long, default_value_t = 3)]
    pub max_open_tables: u32,

    /// Seconds an open table waits for an opponent before it expires (a
    /// correspondence table waits a week, or this if longer).
    #[arg(long, default_value_t = 1800)]
    pub open_table_expiry_s: u64,

    /// Open WebSocket and stream connections allowed per client (session,
    /// or address without one).
    #[arg(long, default_value_t = 16)]
    pub max_connections_per_client: u32,

    /// TCP connections allowed per address at once (not counted for
    /// `--trusted-proxy` addresses).
    #[arg(long, default_value_t = 64)]
    pub max_connections_per_address: u32,

    /// Messages and mutating requests a client may send per second, on
    /// average (bursts of twice as many pass).
    #[arg(long, default_value_t = 20)]
    pub rate_per_s: u32,

    /// Accounts that may be made from one address in an hour.
    #[arg(long, default_value_t = 20)]
    pub sign_ups_per_hour: u32,

    /// Seconds a connection may take to send a request's headers, and may
    /// stay idle between requests.
    #[arg(long, default_value_t = 10)]
    pub header_read_timeout_s: u64,

    /// Seconds a request (its body and its answer) may take.
    #[arg(long, default_value_t = 30)]
    pub request_timeout_s: u64,

    /// Seconds between the WebSocket pings the server sends; a socket that
    /// answers nothing for two of them is closed (its player away).
    #[arg(long, default_value_t = 15)]
    pub ping_interval_s: u64,

    /// An address of a reverse proxy whose `X-Forwarded-For` names the
    /// client (repeat for several).
    #[arg(long = "trusted-proxy", value_name = "IP")]
    pub trusted_proxies: Vec<IpAddr>,

    /// A JSON file of arenas the server holds on a schedule (every Sunday
    /// at 18:00 UTC, ...): docs/TOURNAMENTS.md gives its format.
    #[arg(long = "tournaments", value_name = "FILE")]
    pub tournaments: Option<std::path::PathBuf>,

    /// An origin besides the server's own whose pages may use the API,
    /// such as `https://wari.example` (repeat for several).
    #[arg(long = "allowed-origin", value_name = "ORIGIN")]
    pub allowed_origins: Vec<String>,

    /// The time of day the server goes by: the system's, or a stopped
    /// clock a test advances (not an option of `wari serve`).
    #[arg(skip)]
    pub wall_clock: WallClock,
}

/// `wari serve`'s options alone, to read the defaults from clap.
#[derive(Debug, Parser)]
struct Defaults {
    #[command(flatten)]
    config: Config,
}

impl Config {
    /// The defaults of `wari serve`, for a server on `bind` with the
    /// database at `database` (tests and embedding).
    ///
    /// ```
    /// let config = wari_server::Config::new("127.0.0.1:0".parse().unwrap(), "sqlite::memory:");
    /// assert_eq!(config.claim_timeout_s, 60);
    /// ```
    #[must_use]
    pub fn new(bind: SocketAddr, database: &str) -> Config {
        // No arguments and no environment: clap's defaults, written once
        // in the attributes above.
        let mut config = Defaults::try_parse_from(["wari-serve", "--database", database])
            .map_or_else(|e| panic!("the defaults parse: {e}"), |d| d.config);
        config.bind = bind;
        config
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_has_the_command_lines_defaults() {
        let config = Config::new("127.0.0.1:1".parse().unwrap(), "sqlite://x.db");
        assert_eq!(config.bind.port(), 1);
        assert_eq!(config.database, "sqlite://x.db");
        assert_eq!(config.computer_threads, 2);
        assert_eq!(config.rate_per_s, 20);
        assert!(config.trusted_proxies.is_empty());
    }
}
