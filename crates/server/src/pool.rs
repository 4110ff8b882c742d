//! The engine's threads as slots, handed out by priority: the computer's
//! moves first (its clock runs while it waits), the analysis board after,
//! game reviews last (nobody watches them search), and neither analysis
//! nor reviews ever hold every slot, so one is always kept for the
//! computer (issue 14, point 1: six analyses had the computer wait 5 s
//! and lose on time).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use tokio::sync::oneshot;

use crate::lock::lock;

/// What a search is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Work {
    /// A computer's move or answer in a game: first served.
    Computer,
    /// The analysis board: served when no computer search waits, on at
    /// most all slots but one.
    Analysis,
    /// A game review's search: served when no computer or analysis-board
    /// search waits, sharing the analysis board's slots.
    Review,
}

/// The slots.
#[derive(Debug)]
pub struct Pool {
    slots: usize,
    analysis_max: usize,
    state: Mutex<State>,
}

#[derive(Debug, Default)]
struct State {
    running: usize,
    analysing: usize,
    computer_waiting: VecDeque<oneshot::Sender<Slot>>,
    analysis_waiting: VecDeque<oneshot::Sender<Slot>>,
    review_waiting: VecDeque<oneshot::Sender<Slot>>,
}

/// A slot held; the next waiter gets it when this drops.
#[derive(Debug)]
pub struct Slot {
    /// `None` once given back.
    pool: Option<Arc<Pool>>,
    work: Work,
}

impl Pool {
    /// `slots` searches at once; analysis on at most `slots - 1` of them
    /// (on the one slot when there is one).
    #[must_use]
    pub fn new(slots: usize) -> Arc<Pool> {
        let slots = slots.max(1);
        Arc::new(Pool {
            slots,
            analysis_max: (slots - 1).max(1),
            state: Mutex::new(State::default()),
        })
    }

    /// Waits for a slot for `work`.
    pub async fn acquire(self: &Arc<Self>, work: Work) -> Slot {
        let waiting = {
            let mut state = lock(&self.state);
            if self.may_start(&state, work) {
                start(&mut state, work);
                return Slot {
                    pool: Some(Arc::clone(self)),
                    work,
                };
            }
            let (tx, rx) = oneshot::channel();
            state.waiting(work).push_back(tx);
            rx
        };
        // The sender is dropped only with the pool, which `self` holds.
        waiting.await.expect("the pool outlives its waiters")
    }

    fn may_start(&self, state: &State, work: Work) -> bool {
        state.running < self.slots
            && match work {
                Work::Computer => true,
                Work::Analysis => {
                    state.computer_waiting.is_empty() && state.analysing < self.analysis_max
                }
                Work::Review => {
                    state.computer_waiting.is_empty()
                        && state.analysis_waiting.is_empty()
                        && state.analysing < self.analysis_max
                }
            }
    }

    /// Gives freed slots to waiters, the computer's first, reviews last.
    fn hand_out(self: &Arc<Self>) {
        let mut state = lock(&self.state);
        loop {
            let Some(work) = [Work::Computer, Work::Analysis, Work::Review]
                .into_iter()
                .find(|&w| self.may_start(&state, w) && state.waits(w))
            else {
                return;
            };
            let Some(waiter) = state.waiting(work).pop_front() else {
                return;
            };
            start(&mut state, work);
            let slot = Slot {
                pool: Some(Arc::clone(self)),
                work,
            };
            if let Err(mut slot) = waiter.send(slot) {
                // That waiter gave up: take the slot back here, where the
                // lock is held, not in its drop.
                slot.pool = None;
                finish(&mut state, work);
            }
        }
    }

    /// Searches running now and waiting: the computer's, and the
    /// analysis board's and reviews' together; then reviews waiting.
    #[cfg(test)]
    #[must_use]
    pub fn load(&self) -> [(usize, usize); 2] {
        let state = lock(&self.state);
        [
            (
                state.running - state.analysing,
                state.computer_waiting.len(),
            ),
            (
                state.analysing,
                state.analysis_waiting.len() + state.review_waiting.len(),
            ),
        ]
    }
}

impl State {
    fn waits(&self, work: Work) -> bool {
        !match work {
            Work::Computer => &self.computer_waiting,
            Work::Analysis => &self.analysis_waiting,
            Work::Review => &self.review_waiting,
        }
        .is_empty()
    }

    fn waiting(&mut self, work: Work) -> &mut VecDeque<oneshot::Sender<Slot>> {
        match work {
            Work::Computer => &mut self.computer_waiting,
            Work::Analysis => &mut self.analysis_waiting,
            Work::Review => &mut self.review_waiting,
        }
    }
}

fn start(state: &mut State, work: Work) {
    state.running += 1;
    if work != Work::Computer {
        state.analysing += 1;
    }
}

fn finish(state: &mut State, work: Work) {
    state.running -= 1;
    if work != Work::Computer {
        state.analysing -= 1;
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        if let Some(pool) = self.pool.take() {
            finish(&mut lock(&pool.state), self.work);
            pool.hand_out();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Asks `pool` for a slot for `work` in a task of its own, and returns
    /// it once the request waits in the queue.
    async fn queued(pool: &Arc<Pool>, work: Work) -> tokio::task::JoinHandle<Slot> {
        let kind = usize::from(work != Work::Computer);
        let before = pool.load()[kind].1;
        let task = tokio::spawn({
            let pool = Arc::clone(pool);
            async move { pool.acquire(work).await }
        });
        while pool.load()[kind].1 == before {
            tokio::task::yield_now().await;
        }
        task
    }

    #[tokio::test]
    async fn the_computer_goes_first_and_always_has_a_slot() {
        let pool = Pool::new(2);
        let first = pool.acquire(Work::Analysis).await;
        // Analysis never takes the last slot...
        let second = queued(&pool, Work::Analysis).await;
        let computer = pool.acquire(Work::Computer).await;
        assert_eq!(pool.load(), [(1, 0), (1, 1)]);
        // ...and a computer search waiting is served before it.
        let waiting_computer = queued(&pool, Work::Computer).await;
        drop(first);
        let next = waiting_computer.await.unwrap();
        assert_eq!(pool.load(), [(2, 0), (0, 1)]);
        drop((computer, next));
        let analysis = second.await.unwrap();
        assert_eq!(pool.load(), [(0, 0), (1, 0)]);
        drop(analysis);
    }

    #[tokio::test]
    async fn a_review_waits_for_the_analysis_board_and_the_computer() {
        let pool = Pool::new(2);
        let held = pool.acquire(Work::Analysis).await;
        let review = queued(&pool, Work::Review).await;
        let analysis = queued(&pool, Work::Analysis).await;
        // The computer is served at once, beside the analysis board.
        let computer = pool.acquire(Work::Computer).await;
        drop(computer);
        // The slot the analysis board frees goes to the analysis waiting,
        // not to the review that asked before it.
        drop(held);
        let analysis = analysis.await.unwrap();
        assert_eq!(pool.load(), [(0, 0), (1, 1)]);
        drop(analysis);
        let review = review.await.unwrap();
        assert_eq!(pool.load(), [(0, 0), (1, 0)]);
        drop(review);
    }

    #[tokio::test]
    async fn a_waiter_that_gives_up_leaves_its_slot() {
        let pool = Pool::new(1);
        let held = pool.acquire(Work::Computer).await;
        let gave_up = queued(&pool, Work::Computer).await;
        gave_up.abort();
        let _ = gave_up.await;
        drop(held);
        assert_eq!(pool.load(), [(0, 0), (0, 0)]);
        let _again = pool.acquire(Work::Analysis).await;
    }
}
