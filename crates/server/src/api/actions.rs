//! What a seated player may do, whether asked over HTTP or WebSocket:
//! move, resign, abort, offer, accept, decline, claim, berserk.

use std::sync::Arc;

use serde::Deserialize;
use wari_rules::Move;

use super::error::Error;
use crate::App;
use crate::game_room::Room;
use crate::referee::{Action, GameState, OfferKind, SeatKind};
use crate::store::Session;
use crate::text::text;

/// A player's message (`type` names it), as the WebSocket carries it.
#[derive(Debug, Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
pub enum Message {
    /// Play a move; `ply` is the number of moves the client saw played.
    Move {
        /// The pit's letter.
        #[serde(rename = "move")]
        mv: String,
        /// Moves already played.
        #[serde(default)]
        ply: Option<u32>,
    },
    /// Resign.
    Resign,
    /// Abort: end the game with no result, before both players moved.
    Abort,
    /// Offer `kind`.
    Offer {
        /// `cycle`, `takeback` or `rematch`.
        kind: String,
    },
    /// Accept the opponent's offer.
    Accept {
        /// `cycle`, `takeback` or `rematch`.
        kind: String,
    },
    /// Decline the opponent's offer (or withdraw one's own).
    Decline {
        /// `cycle`, `takeback` or `rematch`.
        kind: String,
    },
    /// Claim the game: the opponent has been away past the timeout.
    Claim,
    /// Berserk (a tournament game, before one's first move).
    Berserk,
}

/// Carries out `message` for `guest` at `room`.
///
/// # Errors
/// 403 when the guest is not seated; 400/409 when the game refuses it.
pub async fn perform(
    app: &Arc<App>,
    room: &Arc<Room>,
    guest: &Session,
    message: Message,
) -> Result<Arc<GameState>, Error> {
    let state = room.snapshot();
    let side = guest
        .side_in(&state)
        .ok_or_else(|| Error::forbidden(text!("err-not-seated")))?;
    let action = match message {
        Message::Move { mv, ply } => {
            let mv: Move = mv.trim().parse().map_err(Error::bad)?;
            Action::Move {
                side,
                mv,
                ply: ply.map(|p| p as usize),
            }
        }
        Message::Resign => Action::Resign(side),
        Message::Abort => Action::Abort,
        Message::Berserk => Action::Berserk(side),
        Message::Offer { kind } => Action::Offer(side, OfferKind::from_name(&kind)?),
        Message::Accept { kind } => Action::Accept(side, OfferKind::from_name(&kind)?),
        Message::Decline { kind } => Action::Decline(side, OfferKind::from_name(&kind)?),
        Message::Claim => {
            if state.clock.is_some_and(|c| c.per_move) {
                return Err(Error::conflict(text!("err-claim-correspondence")));
            }
            let opponent = side.opposite();
            if matches!(
                state.seat(opponent).map(|s| &s.kind),
                Some(SeatKind::Computer(_))
            ) {
                return Err(Error::conflict(text!("err-claim-computer")));
            }
            let away = room.away_ms(app, opponent).await?;
            let timeout = i64::try_from(app.config.claim_timeout().as_millis()).unwrap_or(i64::MAX);
            if away == 0 {
                return Err(Error::conflict(text!("err-claim-opponent-connected")));
            }
            if away < timeout {
                return Err(Error::conflict(text!(
                    "err-claim-too-soon",
                    away = away / 1000,
                    timeout = timeout / 1000
                )));
            }
            Action::Claim(side)
        }
    };
    room.act(app, action).await
}
