//! `wari serve`: the game server (tables, live games over WebSocket, the
//! computer, clocks, the archive) on SQLite or PostgreSQL. See
//! docs/API.md.

use crate::error::Error;

/// Serve games over HTTP and WebSocket until Ctrl-C.
///
/// With no database option the games are kept in the SQLite file
/// `wari.db` in the current directory; with `--database postgres://…`
/// (or DATABASE_URL) several servers can share one PostgreSQL database.
#[derive(Debug, clap::Args)]
pub struct Args {
    #[command(flatten)]
    config: wari_server::Config,

    /// Endgame tables for the computer at levels 9 and 10 (`wari egdb
    /// build`; the small ones are built on first use) [default:
    /// $WARI_EGDB, else ./egdb if it exists, else ~/.local/share/wari/egdb]
    #[arg(long, value_name = "DIR")]
    egdb: Option<std::path::PathBuf>,
}

/// Runs the server on a multi-threaded runtime until Ctrl-C.
pub fn run(args: &Args) -> Result<(), Error> {
    let shelf = crate::tablebase::Shelf::new(args.egdb.as_deref())?;
    wari_server::init_logging();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Error::input(format!("cannot start the runtime: {e}")))?;
    runtime
        .block_on(wari_server::serve(
            args.config.clone(),
            Some(std::sync::Arc::new(shelf)),
        ))
        .map_err(Error::input)
}
