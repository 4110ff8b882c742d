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
        match &self.from {
            Some(text) => self.rules.position(text),
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
    let bad = |e: PositionError| Error::input(format!("bad position {text:?}: {e}"));
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
