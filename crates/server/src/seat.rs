//! Who sits at a side of the board: a person (by account, or by session
//! for a guest) or the computer at a level.

use wari_engine::Level;

/// Who sits at one side of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// Shown to everyone.
    pub name: String,
    /// A person or the computer.
    pub kind: SeatKind,
    /// The account of the person sitting, if signed in.
    pub account: Option<String>,
    /// The account's rating in the game's pool, shown beside the name.
    pub rating: Option<SeatRating>,
    /// A bot's account sits here (shown with a badge).
    pub bot: bool,
}

/// A seat's rating: as the game began, and its change once a rated game
/// is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SeatRating {
    /// The rating, rounded.
    pub rating: i32,
    /// Still provisional ("1500?").
    pub provisional: bool,
    /// The change at the end of a rated game.
    pub diff: Option<i32>,
}

/// A person (by the player that holds the seat: an account, or a guest's
/// session) or the computer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person; `None` for imported games and deleted accounts.
    Human(Option<String>),
    /// The engine at a level.
    Computer(Level),
}

impl Seat {
    /// The computer at `level`.
    #[must_use]
    pub fn computer(level: Level) -> Seat {
        Seat {
            name: format!("Computer (level {})", level.get()),
            kind: SeatKind::Computer(level),
            account: None,
            rating: None,
            bot: false,
        }
    }

    /// A guest, held by `session`.
    #[cfg(test)]
    #[must_use]
    pub fn human(name: &str, session: &str) -> Seat {
        Seat {
            name: name.to_owned(),
            kind: SeatKind::Human(Some(session.to_owned())),
            account: None,
            rating: None,
            bot: false,
        }
    }

    /// The player of `session`: its account when signed in, else the guest.
    #[must_use]
    pub fn of(session: &crate::store::Session) -> Seat {
        Seat {
            name: session.name.clone(),
            kind: SeatKind::Human(Some(session.player().to_owned())),
            account: session.account_id.clone(),
            rating: None,
            bot: session.bot,
        }
    }

    /// The computer's level, if this is the computer.
    #[must_use]
    pub fn level(&self) -> Option<Level> {
        match self.kind {
            SeatKind::Computer(level) => Some(level),
            SeatKind::Human(_) => None,
        }
    }

    /// Whether `player` (an account's or a session's id) holds this seat.
    #[must_use]
    pub fn held_by(&self, player: &str) -> bool {
        matches!(&self.kind, SeatKind::Human(Some(s)) if s == player)
    }

    /// The player holding this seat (an account's or a session's id).
    #[must_use]
    pub fn player(&self) -> Option<&str> {
        match &self.kind {
            SeatKind::Human(Some(p)) => Some(p),
            _ => None,
        }
    }
}
