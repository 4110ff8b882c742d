//! Offers a player makes the other: end by the cycle rule, take back,
//! play again.

use wari_rules::Side;

use crate::api::error::Error;
use crate::text::text;

/// What a player may offer the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OfferKind {
    /// End the game now by the cycle rule (RULES.md §2.5).
    Cycle,
    /// Take back the offerer's last move.
    Takeback,
    /// Play again with colours swapped.
    Rematch,
}

impl OfferKind {
    /// The API's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            OfferKind::Cycle => "cycle",
            OfferKind::Takeback => "takeback",
            OfferKind::Rematch => "rematch",
        }
    }

    /// The kind of an API name.
    ///
    /// # Errors
    /// A 400 naming the kinds.
    pub fn from_name(name: &str) -> Result<OfferKind, Error> {
        match name {
            "cycle" => Ok(OfferKind::Cycle),
            "takeback" => Ok(OfferKind::Takeback),
            "rematch" => Ok(OfferKind::Rematch),
            other => Err(Error::bad(text!(
                "err-unknown-offer-kind",
                other = format!("{:?}", other)
            ))),
        }
    }
}

/// An offer standing on the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    /// What is offered.
    pub kind: OfferKind,
    /// Who offered it.
    pub by: Side,
}
