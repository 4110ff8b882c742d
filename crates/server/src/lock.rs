//! The server's one panic policy, for every lock and every search.
//!
//! A panic is a bug, and it ends the process: the release profile aborts
//! on panic (`panic = "abort"` in the workspace's Cargo.toml), and the
//! database, not memory, is the truth, so a restart (or, with
//! PostgreSQL, another process) resumes every game. Nothing in the server
//! tries to carry on after a panic: a lock a panic left poisoned (which
//! only a build that unwinds, the tests', can see) panics again here
//! rather than hand out state the panic left half-changed, and a search
//! that panicked re-raises its panic in the task that waited for it
//! ([`crate::computer`]). docs/ARCHITECTURE.md says the same.

use std::sync::{Mutex, MutexGuard, RwLock, RwLockReadGuard, RwLockWriteGuard};

const POISONED: &str = "a thread panicked holding this lock (a bug: release builds abort)";

/// Locks `mutex`.
///
/// # Panics
/// If a thread panicked holding it (never in release builds, which abort
/// at the first panic).
pub fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex.lock().expect(POISONED)
}

/// Reads `lock`.
///
/// # Panics
/// As [`lock`].
pub fn read<T>(lock: &RwLock<T>) -> RwLockReadGuard<'_, T> {
    lock.read().expect(POISONED)
}

/// Writes `lock`.
///
/// # Panics
/// As [`lock`].
pub fn write<T>(lock: &RwLock<T>) -> RwLockWriteGuard<'_, T> {
    lock.write().expect(POISONED)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    #[test]
    fn a_poisoned_lock_is_not_handed_out() {
        let shared = Arc::new(Mutex::new(0));
        let inner = Arc::clone(&shared);
        let _ = std::thread::spawn(move || {
            let _held = lock(&inner);
            panic!("a bug while holding the lock");
        })
        .join();
        let again = std::panic::catch_unwind(|| *lock(&shared));
        assert!(again.is_err(), "a poisoned lock must not be used");
    }
}
