//! `wari engine`: the engine protocol, the UCI dialect of Aualé and its
//! engine Aalina, on stdin and stdout (docs/PROTOCOL.md).
//!
//! One thread reads stdin and passes each line on a channel; the search
//! runs on another and passes its reports on the same channel; the
//! calling thread takes them in order and does all the writing.

mod command;
mod options;
mod report;
mod session;
mod setup;

use std::io::{self, BufRead, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, Instant};

use crate::error::Error;
use session::{Event, Flow, Session};

/// Speak the engine protocol on stdin/stdout: the UCI dialect of Aualé
/// (Aalina's), for GUIs and matches.
///
/// Positions are in Aualé's notation ("position fen
/// 4-4-4-4-4-4-4-4-4-4-4-4-0-0-S moves FfEa"), moves are letters, scores
/// are 100 cp per seed for the side to move. Options: Hash, Threads,
/// Rules, Level, OwnBook, Ponder, EgdbPath (endgame tables' directory),
/// Seed (random, or a number for repeatable games). See docs/PROTOCOL.md.
#[derive(Debug, clap::Args)]
pub struct Args {}

/// How long `quit` waits for a running search to give up.
const QUIT_GRACE: Duration = Duration::from_secs(2);

pub fn run(_args: &Args, out: &mut impl Write) -> Result<(), Error> {
    let (events, inbox) = mpsc::channel();
    read_lines(events.clone());
    let mut session = Session::new(events);
    // The session holds a sender: the channel never disconnects.
    while let Ok(event) = inbox.recv() {
        match session.on_event(event, out) {
            Ok(Flow::Continue) => {}
            Ok(Flow::Quit) => break,
            Err(e) => {
                session.stop();
                return Err(e.into());
            }
        }
    }
    wind_up(&mut session, &inbox, out);
    Ok(())
}

/// Stops a running search and waits a little for its best move, as a
/// stopped search gives it; lines that come meanwhile are not read.
fn wind_up(session: &mut Session, inbox: &Receiver<Event>, out: &mut impl Write) {
    if !session.is_searching() {
        return;
    }
    session.stop();
    let deadline = Instant::now() + QUIT_GRACE;
    while session.is_searching() {
        match inbox.recv_timeout(deadline.saturating_duration_since(Instant::now())) {
            Ok(Event::Line(_) | Event::Eof) => {}
            Ok(event) => {
                if session.on_event(event, out).is_err() {
                    return;
                }
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return,
        }
    }
}

/// Reads stdin on its own thread, one event per line, then `Eof`. Bytes
/// that are not UTF-8 are replaced, never refused.
fn read_lines(events: Sender<Event>) {
    std::thread::spawn(move || {
        let mut stdin = io::stdin().lock();
        let mut buffer = Vec::new();
        loop {
            buffer.clear();
            match stdin.read_until(b'\n', &mut buffer) {
                Ok(0) => break,
                Ok(_) => {
                    let line = String::from_utf8_lossy(&buffer);
                    let line = line.trim_end_matches(['\n', '\r']).to_owned();
                    if events.send(Event::Line(line)).is_err() {
                        return;
                    }
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        let _ = events.send(Event::Eof);
    });
}
