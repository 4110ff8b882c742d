//! The computer player: the engine on a thread of its own, so a search
//! never blocks the screen and can be stopped at any time.

use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender, TryRecvError};
use std::thread;
use std::time::Duration;

use wari_engine::{Control, Engine, Level, Limits, SearchResult};
use wari_rules::Game;

/// Why a search was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// The computer's move.
    Move,
    /// A hint for the player to move.
    Hint,
    /// Judging an offer to end the game by the cycle rule.
    Offer,
}

struct Request {
    id: u64,
    game: Game,
    limits: Limits,
    level: Level,
    control: Arc<Control>,
}

struct Reply {
    id: u64,
    result: SearchResult,
}

/// A search under way.
#[derive(Debug)]
struct Pending {
    id: u64,
    purpose: Purpose,
    control: Arc<Control>,
}

/// The engine's thread and the one search it may be running.
#[derive(Debug)]
pub struct Computer {
    requests: Sender<Request>,
    replies: Receiver<Reply>,
    pending: Option<Pending>,
    next_id: u64,
}

impl Computer {
    /// Starts the engine's thread, its random choices seeded by `seed`
    /// (or afresh).
    pub fn spawn(seed: Option<u64>) -> Computer {
        let (requests, inbox) = mpsc::channel::<Request>();
        let (outbox, replies) = mpsc::channel();
        thread::Builder::new()
            .name("wari-engine".to_owned())
            .spawn(move || {
                let mut engine = Engine::new();
                engine.set_seed(seed);
                // The opening book plays at levels 9 and 10 (the engine
                // ignores it below).
                engine.set_own_book(true);
                // The endgame tables of the rules the oracle is open for.
                let mut tables: Option<wari_rules::Rules> = None;
                // Searches end when the channel closes (the game is left).
                for request in inbox {
                    engine.set_level(request.level);
                    // The tables play at levels 9 and 10, like the book.
                    if request.level.get() >= 9 {
                        let rules = *request.game.rules();
                        let built = crate::tablebase::build_on_first_use(
                            None,
                            &rules,
                            request.game.position(),
                            &mut |_| {},
                        )
                        .unwrap_or(false);
                        if built || tables != Some(rules) {
                            let oracle = crate::tablebase::open(None, &rules).unwrap_or(None);
                            tables = Some(rules);
                            engine.set_oracle(oracle);
                        }
                    } else if tables.take().is_some() {
                        engine.set_oracle(None);
                    }
                    let result = engine.search(
                        &request.game,
                        &request.limits,
                        &request.control,
                        &mut |_| {},
                    );
                    if outbox
                        .send(Reply {
                            id: request.id,
                            result,
                        })
                        .is_err()
                    {
                        break;
                    }
                }
            })
            .expect("the engine's thread starts");
        Computer {
            requests,
            replies,
            pending: None,
            next_id: 0,
        }
    }

    /// Starts a search of the game's position, stopping any search under
    /// way (its result is dropped).
    pub fn start(&mut self, purpose: Purpose, game: &Game, limits: Limits, level: Level) {
        self.cancel();
        self.next_id += 1;
        let control = Arc::new(Control::new());
        let request = Request {
            id: self.next_id,
            game: game.clone(),
            limits,
            level,
            control: Arc::clone(&control),
        };
        if self.requests.send(request).is_ok() {
            self.pending = Some(Pending {
                id: self.next_id,
                purpose,
                control,
            });
        }
    }

    /// What the search under way is for, if one is.
    pub fn pending(&self) -> Option<Purpose> {
        self.pending.as_ref().map(|p| p.purpose)
    }

    /// Stops the search under way, if any, and forgets it.
    pub fn cancel(&mut self) {
        if let Some(pending) = self.pending.take() {
            pending.control.stop();
        }
    }

    /// The result of the search under way if it has finished.
    pub fn poll(&mut self) -> Option<(Purpose, SearchResult)> {
        loop {
            match self.replies.try_recv() {
                Ok(reply) => {
                    if let Some(done) = self.accept(reply) {
                        return Some(done);
                    }
                }
                Err(TryRecvError::Empty | TryRecvError::Disconnected) => return None,
            }
        }
    }

    /// Waits for the search under way (at most `timeout`).
    pub fn wait(&mut self, timeout: Duration) -> Option<(Purpose, SearchResult)> {
        let deadline = std::time::Instant::now() + timeout;
        while self.pending.is_some() {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            match self.replies.recv_timeout(left) {
                Ok(reply) => {
                    if let Some(done) = self.accept(reply) {
                        return Some(done);
                    }
                }
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return None,
            }
        }
        None
    }

    /// The reply if it answers the search under way (older ones were
    /// cancelled).
    fn accept(&mut self, reply: Reply) -> Option<(Purpose, SearchResult)> {
        match &self.pending {
            Some(p) if p.id == reply.id => {
                let purpose = p.purpose;
                self.pending = None;
                Some((purpose, reply.result))
            }
            _ => None,
        }
    }

    /// Searches and waits for the result (the line mode has nothing else
    /// to do meanwhile).
    pub fn think(
        &mut self,
        purpose: Purpose,
        game: &Game,
        limits: Limits,
        level: Level,
    ) -> SearchResult {
        self.start(purpose, game, limits, level);
        self.wait(Duration::from_secs(24 * 3600))
            .map(|(_, result)| result)
            .expect("the engine's thread answers")
    }
}

impl Drop for Computer {
    fn drop(&mut self) {
        self.cancel();
    }
}
