//! Options shared by the subcommands: `--rules` and `--from`, read into
//! the library's types with one-line errors.

use wari_rules::{Position, PositionError, Rules};

use crate::error::Error;

/// The `--rules` option.
#[derive(Debug, clap::Args)]
pub struct RulesArg {
    /// The rules: NAME[,OPTION...] with NAME abapa, wari, warri or kalah and
    /// options pits=M, seeds=N, cycle=2|3|even, playout,
    /// empty-capture=on|off [default: abapa, or abapa,pits=M when a
    /// position has M pits per row]
    #[arg(long, value_name = "RULES")]
    pub rules: Option<String>,
}

impl RulesArg {
    /// The rules given, if any.
    pub fn rules(&self) -> Result<Option<Rules>, Error> {
        self.rules.as_deref().map(parse_rules).transpose()
    }

    /// The rules given, or the default `abapa`.
    pub fn rules_or_default(&self) -> Result<Rules, Error> {
        Ok(self.rules()?.unwrap_or_default())
    }

    /// The position `text` under the rules given, or, without `--rules`,
    /// under `abapa` with as many pits per row as the string has.
    pub fn position(&self, text: &str) -> Result<Position, Error> {
        parse_position(text, self.rules()?)
    }
}

/// The `--rules` and `--from` options: where a game or count starts.
#[derive(Debug, clap::Args)]
pub struct Start {
    #[command(flatten)]
    pub rules: RulesArg,

    /// Start from this position, SOUTH/NORTH TURN CAPS, instead of the
    /// start of the rules (quote it: --from "0,0,0,1,2,0/3,0,0,0,0,1 N
    /// 20-21")
    #[arg(long, value_name = "POSITION")]
    pub from: Option<String>,
}

impl Start {
    /// The position `--from` names, or the rules' start position.
    pub fn position(&self) -> Result<Position, Error> {
        self.position_told(&|text, e| format!("bad position {text:?}: {e}"))
    }

    /// [`Start::position`], a string's fault told by `bad` (given the
    /// string and why): `wari play` tells it in the player's language.
    pub fn position_told(
        &self,
        bad: &dyn Fn(&str, &PositionError) -> String,
    ) -> Result<Position, Error> {
        match &self.from {
            Some(text) => parse_position_told(text, self.rules.rules()?, bad),
            None => Ok(Position::new(self.rules.rules_or_default()?)),
        }
    }
}

/// Reads a rules string.
pub fn parse_rules(text: &str) -> Result<Rules, Error> {
    text.parse()
        .map_err(|e| Error::input(format!("bad rules {text:?}: {e}")))
}

/// Reads a position string. Without explicit rules, a row length other
/// than 6 is taken as the number of pits (`abapa,pits=M`), so small boards
/// need no `--rules`.
pub fn parse_position(text: &str, rules: Option<Rules>) -> Result<Position, Error> {
    parse_position_told(text, rules, &|text, e| {
        format!("bad position {text:?}: {e}")
    })
}

/// [`parse_position`], the string's fault told by `bad` (given the string
/// and why).
pub fn parse_position_told(
    text: &str,
    rules: Option<Rules>,
    bad: &dyn Fn(&str, &PositionError) -> String,
) -> Result<Position, Error> {
    let bad = |e: PositionError| Error::input(bad(text, &e));
    match (
        Position::from_string(text, rules.unwrap_or_default()),
        rules,
    ) {
        (Err(PositionError::PitsMismatch { position, .. }), None) => {
            let rules = Rules::default()
                .with_pits(position)
                .map_err(|e| Error::input(format!("bad position {text:?}: {e}")))?;
            Position::from_string(text, rules).map_err(bad)
        }
        (result, _) => result.map_err(bad),
    }
}

/// A parser of whole numbers from `min` up, for clap (`value_parser =
/// at_least::<u32>(1)`): `-3` or `0` gets "must be at least 1", `x` "is
/// not a whole number", rather than the type's own complaint.
pub fn at_least<T>(
    min: u64,
) -> impl Fn(&str) -> Result<T, NumberError> + Clone + Send + Sync + 'static
where
    T: TryFrom<u64> + Clone + Send + Sync + 'static,
{
    move |text| whole(text, min, None)
}

/// A parser of whole numbers from `min` to `max`, for clap: anything else
/// gets "must be from MIN to MAX".
pub fn between<T>(
    min: u64,
    max: u64,
) -> impl Fn(&str) -> Result<T, NumberError> + Clone + Send + Sync + 'static
where
    T: TryFrom<u64> + Clone + Send + Sync + 'static,
{
    move |text| whole(text, min, Some(max))
}

/// Why a number option's value was refused ([`at_least`], [`between`]):
/// kept apart so that `wari play` can say it in the player's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NumberError {
    /// Not a whole number at all.
    NotWhole(String),
    /// Below the least allowed.
    AtLeast(u64),
    /// Outside `min..=max`.
    Between(u64, u64),
}

impl std::fmt::Display for NumberError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NumberError::NotWhole(text) => write!(f, "{text:?} is not a whole number"),
            NumberError::AtLeast(min) => write!(f, "must be at least {min}"),
            NumberError::Between(min, max) => write!(f, "must be from {min} to {max}"),
        }
    }
}

impl std::error::Error for NumberError {}

fn whole<T: TryFrom<u64>>(text: &str, min: u64, max: Option<u64>) -> Result<T, NumberError> {
    let limit = || match max {
        Some(max) => NumberError::Between(min, max),
        None => NumberError::AtLeast(min),
    };
    let text = text.trim();
    let n: i128 = text
        .parse()
        .map_err(|_| NumberError::NotWhole(text.to_owned()))?;
    let max = max.unwrap_or(u64::MAX);
    if n < i128::from(min) || n > i128::from(max) {
        return Err(limit());
    }
    T::try_from(n as u64).map_err(|_| limit())
}

/// Joins a position written without quotes into one argument: the rows
/// (`0,0,0,1,2,0/3,0,0,0,0,1`, alone or after `--from=`), the turn (`S`
/// or `N`) and the counts (`20-21`) in three words become the one string
/// every command reads, so `wari analyze 0,0,0,1,2,0/3,0,0,0,0,1 N 20-21`
/// and `--from 0,0,0,1,2,0/3,0,0,0,0,1 N 20-21` work as if quoted.
/// Nothing else is touched; three such words can mean nothing else.
pub fn join_positions(argv: Vec<std::ffi::OsString>) -> Vec<std::ffi::OsString> {
    let is_rows = |w: &str| {
        let rows = w.rsplit_once('=').map_or(w, |(_, r)| r);
        rows.contains('/')
            && rows
                .chars()
                .all(|c| c.is_ascii_digit() || c == ',' || c == '/')
    };
    let is_turn = |w: &str| w == "S" || w == "N";
    let is_counts = |w: &str| {
        w.split_once('-').is_some_and(|(s, n)| {
            !s.is_empty() && !n.is_empty() && (s.to_owned() + n).bytes().all(|b| b.is_ascii_digit())
        })
    };
    let text: Vec<Option<&str>> = argv.iter().map(|w| w.to_str()).collect();
    let mut joined = Vec::with_capacity(argv.len());
    let mut i = 0;
    while i < argv.len() {
        if text[i] == Some("--") {
            joined.extend_from_slice(&argv[i..]);
            break;
        }
        match (
            text[i],
            text.get(i + 1).copied().flatten(),
            text.get(i + 2).copied().flatten(),
        ) {
            (Some(rows), Some(turn), Some(counts))
                if is_rows(rows) && is_turn(turn) && is_counts(counts) =>
            {
                joined.push(format!("{rows} {turn} {counts}").into());
                i += 3;
            }
            _ => {
                joined.push(argv[i].clone());
                i += 1;
            }
        }
    }
    joined
}
