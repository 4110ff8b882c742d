//! The analysis board's share of the engine: answers cached by rules and
//! position (with the depth and time of the search that gave them), and
//! each client held to one search at a time and to a budget of engine
//! time a minute, counted for its session and, apart from it, for its
//! address (a client cannot dodge the budget with new sessions).

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use serde_json::Value;

use crate::api::error::Error;
use crate::lock::lock;

/// Answers kept.
const CACHE_SIZE: usize = 4096;

/// The cache and the budgets.
#[derive(Debug)]
pub struct Analysis {
    ms_per_minute: f64,
    cache: Mutex<Cache>,
    running: Arc<Mutex<HashSet<String>>>,
    budgets: Mutex<HashMap<String, Budget>>,
}

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

/// A client's search under way: its keys are free again when it drops.
#[derive(Debug)]
pub struct Ticket {
    keys: Vec<String>,
    running: Arc<Mutex<HashSet<String>>>,
}

impl Drop for Ticket {
    fn drop(&mut self) {
        let mut running = lock(&self.running);
        for key in &self.keys {
            running.remove(key);
        }
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
            budgets: Mutex::new(HashMap::new()),
        }
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
            return Err(Error::TooMany(
                "one analysis at a time: wait for the one under way".to_owned(),
            ));
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
                return Err(Error::TooMany(format!(
                    "analysis: at most {} s of engine time a minute; try again in {} s",
                    (self.ms_per_minute / 1000.0).round(),
                    ((cost - ms) / per_ms / 1000.0).ceil()
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
