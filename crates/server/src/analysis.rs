//! The analysis board's share of the engine: answers cached by rules and
//! position (with the depth and time of the search that gave them), and
//! each client held to one search at a time and to a budget of engine
//! time a minute, counted for its session and, apart from it, for its
//! address (a client cannot dodge the budget with new sessions).

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use tokio::sync::{Notify, watch};

use serde_json::Value;

use crate::api::error::Error;
use crate::lock::lock;
use crate::text::text;

/// Answers kept.
const CACHE_SIZE: usize = 4096;

/// The cache and the budgets.
#[derive(Debug)]
pub struct Analysis {
    ms_per_minute: f64,
    cache: Mutex<Cache>,
    running: Arc<Mutex<HashSet<String>>>,
    budgets: Budgets,
    /// Told whenever a ticket drops (a client's keys are free again).
    freed: Arc<Notify>,
    /// The analysis streams under way, by key: the way to end them.
    streams: Mutex<HashMap<String, watch::Sender<bool>>>,
}

/// How long a new analysis stream waits for the one it ends.
const SUPERSEDE_WAIT: Duration = Duration::from_secs(3);

#[derive(Debug, Default)]
struct Cache {
    answers: HashMap<(String, String), Answer>,
    order: VecDeque<(String, String)>,
}

#[derive(Debug, Clone)]
struct Answer {
    movetime_ms: u64,
    exact: bool,
    value: Value,
}

#[derive(Debug, Clone, Copy)]
struct Budget {
    ms: f64,
    at: Instant,
}

/// Each key's budget, shared with the tickets that may give time back.
type Budgets = Arc<Mutex<HashMap<String, Budget>>>;

/// A client's search under way: its keys are free again when it drops.
#[derive(Debug)]
pub struct Ticket {
    keys: Vec<String>,
    running: Arc<Mutex<HashSet<String>>>,
    freed: Arc<Notify>,
    /// Set by [`Ticket::charge_time_used`]: what was charged, when, and
    /// where to give back what was not used.
    refund: Option<(f64, Instant, Budgets)>,
}

impl Ticket {
    /// Charges only the time until this ticket drops (a stream the client
    /// left early gets the rest of its charge back).
    pub fn charge_time_used(&mut self, analysis: &Analysis, charged_ms: u64) {
        self.refund = Some((
            charged_ms as f64,
            Instant::now(),
            Arc::clone(&analysis.budgets),
        ));
    }
}

impl Drop for Ticket {
    fn drop(&mut self) {
        if let Some((charged, since, budgets)) = self.refund.take() {
            let unused = (charged - since.elapsed().as_secs_f64() * 1000.0).max(0.0);
            let mut budgets = lock(&budgets);
            for key in &self.keys {
                if let Some(b) = budgets.get_mut(key) {
                    b.ms += unused;
                }
            }
        }
        let mut running = lock(&self.running);
        for key in &self.keys {
            running.remove(key);
        }
        drop(running);
        self.freed.notify_waiters();
    }
}

impl Analysis {
    /// Each client may search `ms_per_minute` milliseconds a minute.
    #[must_use]
    pub fn new(ms_per_minute: u64) -> Analysis {
        Analysis {
            ms_per_minute: ms_per_minute as f64,
            cache: Mutex::new(Cache::default()),
            running: Arc::new(Mutex::new(HashSet::new())),
            budgets: Arc::new(Mutex::new(HashMap::new())),
            freed: Arc::new(Notify::new()),
            streams: Mutex::new(HashMap::new()),
        }
    }

    /// Admits an analysis stream (as [`Analysis::admit`]), first ending
    /// the client's stream under way, if any: the analysis board moves on
    /// to a new position before the server has seen it leave the last
    /// one. Returns the ticket and what tells this stream that a newer one
    /// ended it.
    ///
    /// # Errors
    /// As [`Analysis::admit`], once the stream ended has not let go of its
    /// keys for a few seconds.
    pub async fn admit_stream(
        &self,
        keys: &[String],
        movetime_ms: u64,
    ) -> Result<(Ticket, watch::Receiver<bool>), Error> {
        {
            let streams = lock(&self.streams);
            for key in keys {
                if let Some(end) = streams.get(key) {
                    end.send_replace(true);
                }
            }
        }
        let until = tokio::time::Instant::now() + SUPERSEDE_WAIT;
        let ticket = loop {
            let freed = self.freed.notified();
            tokio::pin!(freed);
            freed.as_mut().enable();
            match self.admit(keys, movetime_ms) {
                Err(Error::TooMany(m)) if m.key() == "err-one-analysis-at-a-time" => {
                    if tokio::time::timeout_at(until, freed).await.is_err() {
                        return Err(Error::TooMany(m));
                    }
                }
                other => break other?,
            }
        };
        let (end, ended) = watch::channel(false);
        let mut streams = lock(&self.streams);
        // Streams that have ended leave their entry: forget those first.
        streams.retain(|_, end| !end.is_closed());
        for key in keys {
            streams.insert(key.clone(), end.clone());
        }
        Ok((ticket, ended))
    }

    /// The answer for `rules` and `position` from a search of at least
    /// `movetime_ms` (or a proven one), if there is one.
    #[must_use]
    pub fn cached(&self, rules: &str, position: &str, movetime_ms: u64) -> Option<Value> {
        let cache = lock(&self.cache);
        let answer = cache
            .answers
            .get(&(rules.to_owned(), position.to_owned()))?;
        (answer.exact || answer.movetime_ms >= movetime_ms).then(|| answer.value.clone())
    }

    /// Keeps an answer (the deepest one for its position).
    pub fn remember(
        &self,
        rules: &str,
        position: &str,
        movetime_ms: u64,
        exact: bool,
        value: Value,
    ) {
        let mut cache = lock(&self.cache);
        let key = (rules.to_owned(), position.to_owned());
        if let Some(old) = cache.answers.get(&key)
            && (old.exact || old.movetime_ms >= movetime_ms)
        {
            return;
        }
        if !cache.answers.contains_key(&key) {
            if cache.order.len() >= CACHE_SIZE
                && let Some(oldest) = cache.order.pop_front()
            {
                cache.answers.remove(&oldest);
            }
            cache.order.push_back(key.clone());
        }
        cache.answers.insert(
            key,
            Answer {
                movetime_ms,
                exact,
                value,
            },
        );
    }

    /// Lets the client known by `keys` (its session and its address)
    /// search `movetime_ms`: one search at a time for each key, within
    /// each key's budget, which is charged.
    ///
    /// # Errors
    /// A 429 saying which limit it is over.
    pub fn admit(&self, keys: &[String], movetime_ms: u64) -> Result<Ticket, Error> {
        let mut running = lock(&self.running);
        if keys.iter().any(|k| running.contains(k)) {
            return Err(Error::TooMany(text!("err-one-analysis-at-a-time")));
        }
        let now = Instant::now();
        let mut budgets = lock(&self.budgets);
        let per_ms = self.ms_per_minute / 60_000.0;
        let cost = movetime_ms as f64;
        let full = Budget {
            ms: self.ms_per_minute,
            at: now,
        };
        let mut refilled = Vec::with_capacity(keys.len());
        for key in keys {
            let b = budgets.get(key).copied().unwrap_or(full);
            let ms = (b.ms + now.duration_since(b.at).as_secs_f64() * 1000.0 * per_ms)
                .min(self.ms_per_minute);
            if ms < cost {
                return Err(Error::TooMany(text!(
                    "err-analysis-time-spent",
                    round = (self.ms_per_minute / 1000.0).round(),
                    ceil = ((cost - ms) / per_ms / 1000.0).ceil()
                )));
            }
            refilled.push(ms);
        }
        for (key, ms) in keys.iter().zip(refilled) {
            budgets.insert(
                key.clone(),
                Budget {
                    ms: ms - cost,
                    at: now,
                },
            );
            running.insert(key.clone());
        }
        Ok(Ticket {
            keys: keys.to_vec(),
            running: Arc::clone(&self.running),
            freed: Arc::clone(&self.freed),
            refund: None,
        })
    }

    /// Forgets the budgets that have refilled.
    pub fn sweep(&self) {
        let now = Instant::now();
        let per_ms = self.ms_per_minute / 60_000.0;
        let full = self.ms_per_minute;
        lock(&self.budgets)
            .retain(|_, b| b.ms + now.duration_since(b.at).as_secs_f64() * 1000.0 * per_ms < full);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn one_search_at_a_time_within_the_budget() {
        let analysis = Analysis::new(3_000);
        let keys = vec!["s:a".to_owned(), "ip:1".to_owned()];
        let ticket = analysis.admit(&keys, 2_000).unwrap();
        // The same session, or another session from the same address.
        assert!(analysis.admit(&keys, 10).is_err());
        assert!(
            analysis
                .admit(&["s:b".to_owned(), "ip:1".to_owned()], 10)
                .is_err()
        );
        drop(ticket);
        // 1 s of the 3 s left: 2 s more is over the budget.
        assert!(analysis.admit(&keys, 2_000).is_err());
        assert!(
            analysis
                .admit(&["s:c".to_owned(), "ip:2".to_owned()], 2_000)
                .is_ok()
        );
    }

    #[test]
    fn a_stream_left_early_is_charged_only_the_time_it_ran() {
        let analysis = Analysis::new(3_000);
        let keys = vec!["s:a".to_owned()];
        let mut ticket = analysis.admit(&keys, 3_000).unwrap();
        ticket.charge_time_used(&analysis, 3_000);
        drop(ticket);
        // Dropped at once: (nearly) all of the 3 s came back.
        assert!(analysis.admit(&keys, 2_500).is_ok());
    }

    #[test]
    fn a_cached_answer_serves_searches_no_longer_than_its_own() {
        let analysis = Analysis::new(1_000);
        analysis.remember("abapa", "p", 500, false, json!({"depth": 12}));
        assert_eq!(
            analysis.cached("abapa", "p", 500),
            Some(json!({"depth": 12}))
        );
        assert_eq!(
            analysis.cached("abapa", "p", 400),
            Some(json!({"depth": 12}))
        );
        assert_eq!(analysis.cached("abapa", "p", 1_000), None);
        assert_eq!(analysis.cached("wari", "p", 100), None);
        analysis.remember("abapa", "p", 100, false, json!({"depth": 8}));
        assert_eq!(
            analysis.cached("abapa", "p", 500),
            Some(json!({"depth": 12}))
        );
        analysis.remember("abapa", "q", 100, true, json!({"exact": true}));
        assert!(analysis.cached("abapa", "q", 2_000).is_some());
    }
}
