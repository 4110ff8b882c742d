//! The standings every viewer of a tournament shares, read and worked out
//! once a change however many watch: one game's end wakes every
//! standings stream of the process, and 500 viewers of an arena then ask
//! the database once, not 500 times (each look at a 500-player arena
//! reads its players and games and ranks them: about 11 ms,
//! docs/PERFORMANCE.md).
//!
//! A board is kept for the count of changes it was read at
//! ([`super::Tournaments::changed`] and `heard` count every change of
//! every tournament, after it is committed). A newer count lets every
//! kept board go; a viewer still at an older count works its board out
//! alone, without keeping it.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use serde_json::{Map, Value};
use tokio::sync::OnceCell;

use crate::lock::lock;

/// What TOURNAMENT shows every viewer alike at one count of changes:
/// the fields added to the tournament's summary (players, games played,
/// standings; a Swiss event's round and pairings) and each player's own
/// place (`you`), by account.
#[derive(Debug, Default)]
pub struct Board {
    /// The fields added to the summary.
    pub fields: Map<String, Value>,
    /// `you` of each player, by account.
    pub places: HashMap<String, Value>,
}

/// One board being worked out or worked out.
type Cell = Arc<OnceCell<Arc<Board>>>;

/// The boards of the newest count of changes seen.
#[derive(Debug, Default)]
pub struct Boards {
    newest: Mutex<(u64, HashMap<String, Cell>)>,
}

impl Boards {
    /// The board of tournament `id` at change count `count`: the one kept,
    /// or the one another viewer is working out (waited for), or `make`'s.
    /// A `make` that fails keeps nothing: the next viewer tries again.
    pub async fn get<F, Fut, E>(&self, id: &str, count: u64, make: F) -> Result<Arc<Board>, E>
    where
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Board, E>>,
    {
        let cell = {
            let mut newest = lock(&self.newest);
            if newest.0 != count && is_newer(count, newest.0) {
                *newest = (count, HashMap::new());
            }
            if newest.0 == count {
                Arc::clone(newest.1.entry(id.to_owned()).or_default())
            } else {
                Cell::default()
            }
        };
        let board = cell
            .get_or_try_init(|| async { make().await.map(Arc::new) })
            .await?;
        Ok(Arc::clone(board))
    }
}

/// Whether change count `a` came after `b` (counts wrap).
fn is_newer(a: u64, b: u64) -> bool {
    a.wrapping_sub(b) < u64::MAX / 2
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    fn board(n: usize) -> Board {
        let mut b = Board::default();
        b.fields.insert("made".to_owned(), Value::from(n));
        b
    }

    async fn look(boards: &Boards, id: &str, count: u64, made: &AtomicUsize) -> u64 {
        let b = boards
            .get(id, count, || async {
                let n = made.fetch_add(1, Ordering::SeqCst) + 1;
                tokio::task::yield_now().await;
                Ok::<_, ()>(board(n))
            })
            .await
            .unwrap();
        b.fields["made"].as_u64().unwrap()
    }

    #[tokio::test]
    async fn many_viewers_of_one_change_share_one_board() {
        let boards = Boards::default();
        let made = AtomicUsize::new(0);
        let looks: Vec<_> = (0..500).map(|_| look(&boards, "t1", 7, &made)).collect();
        let seen = futures_util::future::join_all(looks).await;
        assert_eq!(made.load(Ordering::SeqCst), 1);
        assert!(seen.iter().all(|&n| n == 1));
        // Another tournament at the same count has its own board.
        assert_eq!(look(&boards, "t2", 7, &made).await, 2);
        assert_eq!(look(&boards, "t1", 7, &made).await, 1);
    }

    #[tokio::test]
    async fn a_new_change_is_read_again_and_an_old_one_keeps_nothing() {
        let boards = Boards::default();
        let made = AtomicUsize::new(0);
        assert_eq!(look(&boards, "t1", 7, &made).await, 1);
        assert_eq!(look(&boards, "t1", 8, &made).await, 2);
        // A viewer still at count 7 works out its own board and leaves
        // count 8's kept.
        assert_eq!(look(&boards, "t1", 7, &made).await, 3);
        assert_eq!(look(&boards, "t1", 8, &made).await, 2);
    }

    #[tokio::test]
    async fn counts_wrap() {
        let boards = Boards::default();
        let made = AtomicUsize::new(0);
        // Up to u64::MAX in two steps, each newer than the last.
        for (count, made_by) in [(u64::MAX / 2 - 1, 1), (u64::MAX - 3, 2), (u64::MAX, 3)] {
            assert_eq!(look(&boards, "t1", count, &made).await, made_by);
            assert_eq!(look(&boards, "t1", count, &made).await, made_by);
        }
        assert_eq!(look(&boards, "t1", 0, &made).await, 4);
        // u64::MAX came before 0: looked at alone, and 0's board kept.
        assert_eq!(look(&boards, "t1", u64::MAX, &made).await, 5);
        assert_eq!(look(&boards, "t1", 0, &made).await, 4);
    }

    #[tokio::test]
    async fn a_board_that_could_not_be_read_is_read_again() {
        let boards = Boards::default();
        let failed = boards
            .get("t1", 1, || async { Err::<Board, _>("database away") })
            .await;
        assert_eq!(failed.unwrap_err(), "database away");
        let made = AtomicUsize::new(0);
        assert_eq!(look(&boards, "t1", 1, &made).await, 1);
    }
}
