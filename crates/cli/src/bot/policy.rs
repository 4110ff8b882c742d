//! Which challenges the bot accepts: its rules, a range of time controls,
//! rated or casual games, and how many games at once. A challenge it
//! declines gets the reason lichess's bots give.

use serde_json::Value;

/// What the bot accepts.
#[derive(Clone, Debug, PartialEq)]
pub struct Policy {
    /// Rules strings accepted, as written by the challenger (`abapa`).
    pub rules: Vec<String>,
    /// Fewest seconds on the clock at the start.
    pub min_initial_s: u64,
    /// Most seconds on the clock at the start.
    pub max_initial_s: u64,
    /// Largest increment, in seconds.
    pub max_increment_s: u64,
    /// Rated games accepted.
    pub rated: bool,
    /// Casual games accepted.
    pub casual: bool,
    /// Challenges from bots accepted.
    pub bots: bool,
    /// Challenges from people accepted.
    pub people: bool,
    /// Games played at once.
    pub max_games: usize,
}

impl Policy {
    /// `Ok` to accept the challenge (a TABLE of the event stream) while
    /// `playing` games go on, or the reason to decline it.
    pub fn judge(&self, challenge: &Value, playing: usize) -> Result<(), &'static str> {
        let from_bot = challenge["creator"]["bot"].as_bool().unwrap_or(false);
        if from_bot && !self.bots {
            return Err("noBot");
        }
        if !from_bot && !self.people {
            return Err("onlyBot");
        }
        let rules = challenge["rules"].as_str().unwrap_or_default();
        if !self.rules.iter().any(|r| r == rules) {
            return Err("variant");
        }
        let clock = &challenge["clock"];
        let (Some(initial), Some(increment)) =
            (clock["initial_s"].as_u64(), clock["increment_s"].as_u64())
        else {
            // No clock, or days a move: the bot plays live games only.
            return Err("timeControl");
        };
        if initial < self.min_initial_s {
            return Err("tooFast");
        }
        if initial > self.max_initial_s || increment > self.max_increment_s {
            return Err("tooSlow");
        }
        let rated = challenge["rated"].as_bool().unwrap_or(false);
        if rated && !self.rated {
            return Err("casual");
        }
        if !rated && !self.casual {
            return Err("rated");
        }
        if playing >= self.max_games {
            return Err("later");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn policy() -> Policy {
        Policy {
            rules: vec!["abapa".to_owned(), "kalah".to_owned()],
            min_initial_s: 30,
            max_initial_s: 600,
            max_increment_s: 10,
            rated: true,
            casual: false,
            bots: true,
            people: true,
            max_games: 1,
        }
    }

    fn challenge(rules: &str, clock: Value, rated: bool) -> Value {
        json!({ "rules": rules, "clock": clock, "rated": rated })
    }

    #[test]
    fn each_refusal_has_its_reason() {
        let p = policy();
        let fischer = |i: u64, s: u64| json!({"initial_s": i, "increment_s": s});
        assert_eq!(
            p.judge(&challenge("abapa", fischer(60, 1), true), 0),
            Ok(())
        );
        assert_eq!(
            p.judge(&challenge("kalah", fischer(30, 10), true), 0),
            Ok(())
        );
        assert_eq!(
            p.judge(&challenge("wari", fischer(60, 1), true), 0),
            Err("variant")
        );
        assert_eq!(
            p.judge(&challenge("abapa", json!({"days": 3}), true), 0),
            Err("timeControl")
        );
        assert_eq!(
            p.judge(&challenge("abapa", Value::Null, true), 0),
            Err("timeControl")
        );
        assert_eq!(
            p.judge(&challenge("abapa", fischer(29, 1), true), 0),
            Err("tooFast")
        );
        assert_eq!(
            p.judge(&challenge("abapa", fischer(601, 1), true), 0),
            Err("tooSlow")
        );
        assert_eq!(
            p.judge(&challenge("abapa", fischer(60, 11), true), 0),
            Err("tooSlow")
        );
        // Casual refused: ask for a rated game.
        assert_eq!(
            p.judge(&challenge("abapa", fischer(60, 1), false), 0),
            Err("rated")
        );
        assert_eq!(
            p.judge(&challenge("abapa", fischer(60, 1), true), 1),
            Err("later")
        );
        let from_bot = json!({"rules": "abapa", "clock": fischer(60, 1), "rated": true, "creator": {"bot": true}});
        assert_eq!(p.judge(&from_bot, 0), Ok(()));
        let people_only = Policy {
            bots: false,
            ..policy()
        };
        assert_eq!(people_only.judge(&from_bot, 0), Err("noBot"));
        let bots_only = Policy {
            people: false,
            ..policy()
        };
        assert_eq!(
            bots_only.judge(&challenge("abapa", fischer(60, 1), true), 0),
            Err("onlyBot")
        );
        assert_eq!(bots_only.judge(&from_bot, 0), Ok(()));
        let casual_only = Policy {
            rated: false,
            casual: true,
            ..policy()
        };
        assert_eq!(
            casual_only.judge(&challenge("abapa", fischer(60, 1), true), 0),
            Err("casual")
        );
    }
}
