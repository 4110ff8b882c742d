//! What a match reports: a line per finished game, its OGN record, and
//! the summary (text or one JSON object).

use std::collections::BTreeMap;
use std::io::Write;
use std::time::{Duration, SystemTime};

use serde_json::json;
use wari_rules::ogn::Record;
use wari_rules::record::write_moves;

use super::elo::{Elo, elo_text};
use super::play::{Played, Settings};
use super::sprt::{Pentanomial, Sprt, Verdict};
use crate::progress::count;

/// The results so far, from engine 1's view.
#[derive(Clone, Debug, Default)]
pub struct Tally {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    /// Games lost by each engine's fault.
    pub faults: [u32; 2],
    /// Games by how they ended.
    pub endings: BTreeMap<&'static str, u32>,
    /// Games ended by the ply cap.
    pub capped: u32,
    /// Each engine's moves and the time they took.
    pub moves: [u32; 2],
    pub thinking: [Duration; 2],
    /// The pairs both of whose games are finished, by engine 1's points
    /// (kept under `--sprt`).
    pub pairs: Pentanomial,
}

/// Engine 1's half points in a finished game: 2 for a win, 1 for a draw.
pub fn half_points(played: &Played) -> u8 {
    let outcome = played.game.outcome().expect("a finished game");
    match outcome.winner() {
        None => 1,
        Some(side) if side == played.pairing.engine1 => 2,
        Some(_) => 0,
    }
}

impl Tally {
    pub fn add(&mut self, played: &Played) {
        let outcome = played.game.outcome().expect("a finished game");
        match half_points(played) {
            2 => self.wins += 1,
            1 => self.draws += 1,
            _ => self.losses += 1,
        }
        if let Some(who) = played.faulty {
            self.faults[who] += 1;
        } else if played.note.is_some() {
            self.capped += 1;
        }
        *self.endings.entry(outcome.reason().name()).or_default() += 1;
        for who in 0..2 {
            self.moves[who] += played.moves[who];
            self.thinking[who] += played.thinking[who];
        }
    }

    /// An engine's mean time per move, in milliseconds.
    pub fn ms_per_move(&self, who: usize) -> f64 {
        if self.moves[who] == 0 {
            0.0
        } else {
            self.thinking[who].as_secs_f64() * 1000.0 / f64::from(self.moves[who])
        }
    }

    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// `+3 =1 -2`.
    pub fn short(&self) -> String {
        format!("+{} ={} -{}", self.wins, self.draws, self.losses)
    }

    /// Where engine 1 stands: `+3 =1 -2, 58.3%, Elo +58.5 (-176.5 to
    /// +306.7)`.
    pub fn standing(&self) -> String {
        match Elo::from_results(self.wins, self.draws, self.losses) {
            Some(elo) => format!(
                "{}, {:.1}%, Elo {} ({} to {})",
                self.short(),
                elo.score * 100.0,
                elo_text(elo.elo),
                elo_text(elo.low),
                elo_text(elo.high)
            ),
            None => self.short(),
        }
    }
}

/// The progress line of a finished game: number, players with their
/// sides, the final counts, the winner and how it ended, and the note.
pub fn progress_line(played: &Played, names: &[String; 2], games: usize, tally: &Tally) -> String {
    let outcome = played.game.outcome().expect("a finished game");
    let (south, north) = if played.pairing.engine1 == wari_rules::Side::South {
        (&names[0], &names[1])
    } else {
        (&names[1], &names[0])
    };
    let result = match outcome.winner() {
        Some(side) => format!("{side} wins"),
        None => "draw".to_owned(),
    };
    let mut line = format!(
        "game {}/{games}: {south} (S) {} {north} (N), {result} by {} in {}, {:.1} s [{}]",
        played.pairing.index + 1,
        outcome.score_text(),
        outcome.reason(),
        count(played.game.moves().len() as u64, "ply", "plies"),
        played.duration.as_secs_f64(),
        tally.short()
    );
    if let Some(note) = &played.note {
        line.push_str(": ");
        line.push_str(note);
    }
    line
}

/// The OGN record of a game.
pub fn record(played: &Played, names: &[String; 2], settings: &Settings) -> Record {
    let (south, north) = if played.pairing.engine1 == wari_rules::Side::South {
        (&names[0], &names[1])
    } else {
        (&names[1], &names[0])
    };
    let mut record = Record::new(played.game.clone());
    record.set_tag("Event", "wari match");
    record.set_tag("Date", &today());
    record.set_tag("Round", &(played.pairing.index + 1).to_string());
    record.set_tag("South", south);
    record.set_tag("North", north);
    record.set_tag("Opening", &write_moves(&played.pairing.opening));
    record.set_tag("TimeControl", &settings.time_control.to_string());
    if let Some(note) = &played.note {
        record.set_tag("Reason", note);
    }
    record
}

/// Everything the summary says.
#[derive(Debug)]
pub struct Summary<'a> {
    pub names: &'a [String; 2],
    pub tally: &'a Tally,
    pub settings: &'a Settings,
    pub openings: u32,
    pub seed: u64,
    pub time: Duration,
    pub sprt: Option<Sprt>,
}

impl Summary<'_> {
    pub fn write_text(&self, out: &mut impl Write) -> std::io::Result<()> {
        let t = self.tally;
        let [one, two] = self.names;
        writeln!(
            out,
            "{one} vs {two}: {}, {}, {}, openings of {}, seed {}, {:.1} s",
            count(u64::from(t.games()), "game", "games"),
            self.settings.rules,
            self.settings.time_control,
            count(u64::from(self.openings), "ply", "plies"),
            self.seed,
            self.time.as_secs_f64()
        )?;
        let points = f64::from(t.wins) + f64::from(t.draws) / 2.0;
        let Some(elo) = Elo::from_results(t.wins, t.draws, t.losses) else {
            return writeln!(out, "no games played");
        };
        writeln!(
            out,
            "{one}: {}, {}, {}: {points}/{} = {:.1}%",
            count(u64::from(t.wins), "win", "wins"),
            count(u64::from(t.draws), "draw", "draws"),
            count(u64::from(t.losses), "loss", "losses"),
            t.games(),
            elo.score * 100.0
        )?;
        writeln!(
            out,
            "Elo difference: {} (95% interval {} to {})",
            elo_text(elo.elo),
            elo_text(elo.low),
            elo_text(elo.high)
        )?;
        let endings: Vec<String> = t
            .endings
            .iter()
            .map(|(reason, n)| format!("{reason} {n}"))
            .collect();
        writeln!(out, "endings: {}", endings.join(", "))?;
        writeln!(
            out,
            "time per move: {one} {:.1} ms, {two} {:.1} ms",
            t.ms_per_move(0),
            t.ms_per_move(1)
        )?;
        if t.faults.iter().any(|&n| n > 0) {
            writeln!(
                out,
                "games lost by a fault: {one} {}, {two} {}",
                t.faults[0], t.faults[1]
            )?;
        }
        if t.capped > 0 {
            writeln!(
                out,
                "games stopped at {} plies: {}",
                self.settings.max_plies, t.capped
            )?;
        }
        if let Some(sprt) = &self.sprt {
            let llr = sprt.llr(&t.pairs);
            let (lower, upper) = sprt.bounds();
            let verdict = match sprt.verdict(llr) {
                Some(Verdict::H1) => {
                    format!("H1 accepted: {one} is {} Elo or more stronger", sprt.elo1)
                }
                Some(Verdict::H0) => {
                    format!("H0 accepted: {one} is not {} Elo stronger", sprt.elo1)
                }
                None => "no verdict yet (--games reached)".to_owned(),
            };
            writeln!(
                out,
                "SPRT {sprt}: LLR {llr:.2} ({lower:.2}, {upper:.2}), {} pairs by points (0 to 2) {}: {verdict}",
                t.pairs.pairs(),
                t.pairs
            )?;
        }
        Ok(())
    }

    pub fn to_json(&self) -> serde_json::Value {
        let t = self.tally;
        let elo = Elo::from_results(t.wins, t.draws, t.losses);
        json!({
            "engine1": self.names[0],
            "engine2": self.names[1],
            "games": t.games(),
            "wins": t.wins,
            "draws": t.draws,
            "losses": t.losses,
            "points": f64::from(t.wins) + f64::from(t.draws) / 2.0,
            "score": elo.map(|e| e.score),
            // Infinite bounds are written as null.
            "elo": elo.map(|e| e.elo),
            "elo_low": elo.map(|e| e.low),
            "elo_high": elo.map(|e| e.high),
            "faults1": t.faults[0],
            "faults2": t.faults[1],
            "capped": t.capped,
            "ms_per_move1": t.ms_per_move(0),
            "ms_per_move2": t.ms_per_move(1),
            "endings": t.endings,
            "rules": self.settings.rules.to_string(),
            "time_control": self.settings.time_control.to_string(),
            "openings": self.openings,
            "seed": self.seed,
            "time_s": self.time.as_secs_f64(),
            "sprt": self.sprt.map(|sprt| {
                let llr = sprt.llr(&t.pairs);
                let (lower, upper) = sprt.bounds();
                json!({
                    "elo0": sprt.elo0,
                    "elo1": sprt.elo1,
                    "alpha": sprt.alpha,
                    "beta": sprt.beta,
                    "pentanomial": t.pairs.0,
                    "llr": llr,
                    "lower": lower,
                    "upper": upper,
                    "verdict": sprt.verdict(llr).map(|v| match v {
                        Verdict::H1 => "H1",
                        Verdict::H0 => "H0",
                    }),
                })
            }),
        })
    }
}

/// Today's date (UTC) as OGN writes it: `2024.01.31`.
fn today() -> String {
    crate::date::utc_date(SystemTime::now(), ".")
}
