//! The rules crate's refusals as texts: each variant (its `code()`) to
//! its key in `rules.ftl`, written literally, with the variant's fields
//! as arguments, so that a Spanish player reads "el hoyo d está vacío"
//! from the server and from `wari play` alike. Sides are passed as
//! `south` or `north` for the catalogue to choose on, so that each
//! language writes the whole phrase ("South's turn", "el turno del Sur").
//!
//! ```
//! use wari_i18n::{Language, Text};
//! use wari_rules::PlayError;
//!
//! let es: Language = "es".parse().unwrap();
//! let empty = Text::from(PlayError::EmptyPit("d".parse().unwrap()));
//! assert_eq!(empty.code(), "play-empty-pit");
//! assert_eq!(empty.render(es), "el hoyo d está vacío");
//! ```

use wari_rules::ogn::OgnError;
use wari_rules::record::{RecordError, RecordErrorKind};
use wari_rules::{
    MoveError, PlayError, Position, PositionError, RulesError, Side, TimeControlError,
};

use crate::{Language, Text, UnknownLanguage, text};

/// A side as the catalogues choose on it: `south` or `north`.
fn side(side: Side) -> &'static str {
    match side {
        Side::South => "south",
        Side::North => "north",
    }
}

impl From<PlayError> for Text {
    fn from(e: PlayError) -> Text {
        match e {
            PlayError::GameOver => text!("err-play-game-over"),
            PlayError::NoSuchPit { m, pits } => text!("err-play-no-such-pit", pit = m, pits = pits),
            PlayError::NotYourPit { m, turn } => text!(
                "err-play-not-your-pit",
                pit = m,
                owner = side(turn.opposite()),
                turn = side(turn)
            ),
            PlayError::EmptyPit(m) => text!("err-play-empty-pit", pit = m),
            PlayError::MustFeed { m, turn } => text!(
                "err-play-must-feed",
                pit = m,
                owner = side(turn.opposite()),
                turn = side(turn)
            ),
            PlayError::GrandSlamForbidden(m) => text!("err-play-grand-slam-forbidden", pit = m),
        }
    }
}

impl From<MoveError> for Text {
    fn from(e: MoveError) -> Text {
        text!("err-move-not-a-move", text = format!("{:?}", e.0))
    }
}

impl From<PositionError> for Text {
    fn from(e: PositionError) -> Text {
        match e {
            PositionError::Shape => text!("err-position-shape"),
            PositionError::NotANumber(token) => {
                text!("err-position-not-a-number", token = format!("{token:?}"))
            }
            PositionError::TooManyPits => text!("err-position-too-many-pits"),
            PositionError::RowLengths { south, north } => {
                text!("err-position-row-lengths", south = south, north = north)
            }
            PositionError::PitsMismatch { position, rules } => {
                text!(
                    "err-position-pits-mismatch",
                    position = position,
                    rules = rules
                )
            }
            PositionError::Turn(token) => text!("err-position-turn", token = format!("{token:?}")),
            PositionError::Counts(token) => {
                text!("err-position-counts", token = format!("{token:?}"))
            }
            PositionError::TooManySeeds => {
                text!(
                    "err-position-too-many-seeds",
                    max = Position::MAX_TOTAL_SEEDS
                )
            }
        }
    }
}

impl From<RulesError> for Text {
    fn from(e: RulesError) -> Text {
        match e {
            RulesError::UnknownVariant(name) => {
                text!("err-rules-unknown-variant", name = format!("{name:?}"))
            }
            RulesError::UnknownOption(key) => {
                text!("err-rules-unknown-option", option = format!("{key:?}"))
            }
            RulesError::Repeated(key) => text!("err-rules-repeated", option = format!("{key:?}")),
            RulesError::MissingValue(key) => text!(
                "err-rules-missing-value",
                quoted = format!("{key:?}"),
                option = key
            ),
            RulesError::BadValue { option, value } => {
                let allowed = match option {
                    "pits" => text!("rules-allowed-pits"),
                    "seeds" => text!("rules-allowed-seeds"),
                    "cycle" => text!("rules-allowed-cycle"),
                    "empty-capture" => text!("rules-allowed-empty-capture"),
                    _ => text!("rules-allowed-none"),
                };
                text!(
                    "err-rules-bad-value",
                    value = format!("{value:?}"),
                    option = option,
                    allowed = allowed
                )
            }
            RulesError::NotForVariant { option, variant } => {
                text!(
                    "err-rules-not-for-variant",
                    option = option,
                    variant = variant
                )
            }
        }
    }
}

impl From<TimeControlError> for Text {
    fn from(e: TimeControlError) -> Text {
        match e {
            TimeControlError::Syntax(given) => {
                text!("err-time-control-syntax", text = format!("{given:?}"))
            }
            TimeControlError::NoTime => text!("err-time-control-no-time"),
            TimeControlError::TooLong => text!("err-time-control-too-long"),
        }
    }
}

impl From<RecordError> for Text {
    fn from(e: RecordError) -> Text {
        match e.kind {
            RecordErrorKind::NotAMove(m) => {
                text!("err-record-not-a-move", ply = e.ply, e = Text::from(m))
            }
            RecordErrorKind::Illegal(m, why) => text!(
                "err-record-illegal",
                ply = e.ply,
                pit = m,
                e = Text::from(why)
            ),
        }
    }
}

/// An OGN record's refusal: its line and, in English, what is wrong (the
/// OGN reader's many cases keep their own wording).
impl From<OgnError> for Text {
    fn from(e: OgnError) -> Text {
        text!("err-ogn", detail = e)
    }
}

/// A language code we have no catalogues for (`--lang`, `PUT /api/language`).
impl From<UnknownLanguage> for Text {
    fn from(e: UnknownLanguage) -> Text {
        let codes: Vec<&str> = Language::all().map(|l| l.code()).collect();
        text!(
            "err-unknown-language",
            language = e.0,
            available = codes.join(", ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use wari_rules::{Move, Rules, TimeControl};

    /// The English texts are the rules crate's own messages, word for word.
    #[test]
    fn english_is_the_rules_crates_own_wording() {
        let m: Move = "d".parse().unwrap();
        let errors: Vec<(Text, String)> = vec![
            (PlayError::GameOver.into(), PlayError::GameOver.to_string()),
            (
                PlayError::EmptyPit(m).into(),
                PlayError::EmptyPit(m).to_string(),
            ),
            (
                PlayError::NotYourPit {
                    m,
                    turn: Side::South,
                }
                .into(),
                PlayError::NotYourPit {
                    m,
                    turn: Side::South,
                }
                .to_string(),
            ),
            (
                PlayError::MustFeed {
                    m,
                    turn: Side::North,
                }
                .into(),
                PlayError::MustFeed {
                    m,
                    turn: Side::North,
                }
                .to_string(),
            ),
            (
                PlayError::NoSuchPit { m, pits: 4 }.into(),
                PlayError::NoSuchPit { m, pits: 4 }.to_string(),
            ),
            (
                PlayError::GrandSlamForbidden(m).into(),
                PlayError::GrandSlamForbidden(m).to_string(),
            ),
        ];
        let mut errors = errors;
        for text in ["z", "AB"] {
            let e = text.parse::<Move>().unwrap_err();
            errors.push((e.clone().into(), e.to_string()));
        }
        for text in [
            "oware",
            "abapa,pits=9",
            "abapa,colour=red",
            "abapa,pits",
            "kalah,cycle=2",
            "abapa,pits=4,pits=4",
            "wari,seeds=x",
            "wari,cycle=9",
            "wari,empty-capture=on",
            "kalah,empty-capture=maybe",
        ] {
            let e = text.parse::<Rules>().unwrap_err();
            errors.push((e.clone().into(), e.to_string()));
        }
        let abapa = Rules::default();
        for text in [
            "x",
            "4,4/4,4 S 0-0",
            "4,4,4,4,4,4/4,4,4,4,4,4 X 0-0",
            "4,4,4,4,4,4/4,4,4,4,4,4 S a-b",
            "4,4,4,4,4,q/4,4,4,4,4,4 S 0-0",
            "4,4,4,4,4/4,4,4,4,4,4 S 0-0",
            "4,4,4,4,4,4,4/4,4,4,4,4,4,4 S 0-0",
            "99999,4,4,4,4,4/4,4,4,4,4,4 S 0-0",
        ] {
            if let Err(e) = Position::from_string(text, abapa) {
                errors.push((e.clone().into(), e.to_string()));
            }
        }
        for text in ["x", "0+0", "20000+0"] {
            let e = text.parse::<TimeControl>().unwrap_err();
            errors.push((e.clone().into(), e.to_string()));
        }
        assert!(errors.len() > 25);
        for (text, english) in errors {
            assert_eq!(text.english(), english, "{}", text.key());
        }
    }

    #[test]
    fn spanish_uses_the_rule_texts_words() {
        let es: Language = "es".parse().unwrap();
        let m: Move = "d".parse().unwrap();
        let say = |e: PlayError| Text::from(e).render(es);
        assert_eq!(say(PlayError::EmptyPit(m)), "el hoyo d está vacío");
        assert_eq!(
            say(PlayError::NotYourPit {
                m,
                turn: Side::South
            }),
            "el hoyo d es del Norte y es el turno del Sur"
        );
        assert_eq!(
            say(PlayError::MustFeed {
                m,
                turn: Side::South
            }),
            "d no llega a la fila vacía del Norte: el Sur debe alimentar al rival"
        );
        assert_eq!(
            say(PlayError::GrandSlamForbidden(m)),
            "d capturaría todas las semillas de la fila rival: en Wari el gran slam está prohibido mientras haya otra jugada"
        );
    }
}
