//! Stopping a search from another thread, and pondering.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Instant;

/// Signals to a running search, shared with the thread that reads the
/// user's or the GUI's commands: stop now, or the pondered move was played
/// (start the clock).
///
/// ```
/// use wari_engine::Control;
/// let control = Control::new();
/// assert!(!control.is_stopped());
/// control.stop();
/// assert!(control.is_stopped());
/// ```
#[derive(Debug, Default)]
pub struct Control {
    stop: AtomicBool,
    pondering: AtomicBool,
    ponderhit: Mutex<Option<Instant>>,
    /// Held while a finished search waits for a stop or a ponderhit, which
    /// take it before they wake the search through `signalled`: a signal
    /// between the search's check and its wait cannot be missed.
    waiting: Mutex<()>,
    signalled: Condvar,
}

impl Control {
    /// A control with nothing signalled.
    #[must_use]
    pub fn new() -> Control {
        Control::default()
    }

    /// Asks the search to stop as soon as it can and give its best move.
    pub fn stop(&self) {
        self.stop.store(true, Ordering::Relaxed);
        self.wake();
    }

    /// Whether a stop was asked.
    #[must_use]
    pub fn is_stopped(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
    }

    /// Marks the search as pondering: no time limit applies until
    /// [`Control::ponderhit`].
    pub fn start_pondering(&self) {
        self.pondering.store(true, Ordering::Relaxed);
        *self.ponderhit.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }

    /// The opponent played the pondered move: the search goes on with its
    /// time limits counted from now.
    pub fn ponderhit(&self) {
        *self.ponderhit.lock().unwrap_or_else(|e| e.into_inner()) = Some(Instant::now());
        self.pondering.store(false, Ordering::Relaxed);
        self.wake();
    }

    fn wake(&self) {
        let _waiting = self.waiting.lock().unwrap_or_else(|e| e.into_inner());
        self.signalled.notify_all();
    }

    /// Blocks a search that is done while it may not answer yet: an
    /// infinite search, or one pondering, until it is stopped (a stop
    /// ends both), or a pondering one until the ponderhit.
    pub(crate) fn wait_until_released(&self, infinite: bool) {
        let mut waiting = self.waiting.lock().unwrap_or_else(|e| e.into_inner());
        while (infinite || self.is_pondering()) && !self.is_stopped() {
            waiting = self
                .signalled
                .wait(waiting)
                .unwrap_or_else(|e| e.into_inner());
        }
    }

    /// Whether the search is pondering (no time limit yet).
    #[must_use]
    pub fn is_pondering(&self) -> bool {
        self.pondering.load(Ordering::Relaxed)
    }

    /// When the pondered move was played, if it was.
    pub(crate) fn ponderhit_at(&self) -> Option<Instant> {
        *self.ponderhit.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Clears every signal, for the next search.
    pub fn reset(&self) {
        self.stop.store(false, Ordering::Relaxed);
        self.pondering.store(false, Ordering::Relaxed);
        *self.ponderhit.lock().unwrap_or_else(|e| e.into_inner()) = None;
    }
}
