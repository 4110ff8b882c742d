//! Who sits at a side of the board: a person (by session) or the computer
//! at a level.

use wari_engine::Level;

/// Who sits at one side of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    /// Shown to everyone.
    pub name: String,
    /// A person or the computer.
    pub kind: SeatKind,
}

/// A person (by the session that holds the seat) or the computer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    /// A person; `None` for imported games, whose players have no session.
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
        }
    }

    /// The person holding `session`.
    #[must_use]
    pub fn human(name: &str, session: &str) -> Seat {
        Seat {
            name: name.to_owned(),
            kind: SeatKind::Human(Some(session.to_owned())),
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

    /// Whether `session` holds this seat.
    #[must_use]
    pub fn held_by(&self, session: &str) -> bool {
        matches!(&self.kind, SeatKind::Human(Some(s)) if s == session)
    }
}
