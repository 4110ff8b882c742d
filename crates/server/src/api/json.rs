//! The JSON the API sends: a game's full state (GAME), a table (TABLE),
//! the lobby and archive lines (GAME_SUMMARY, in `store`). docs/API.md
//! describes every field.

use serde_json::{Value, json};
use wari_rules::{GrandSlam, Move, Rules, Side, Slot, Sowing};

use crate::clock::Clock;
use crate::events::Outbox;
use crate::ratings::{Pool, pool_of};
use crate::referee::{GameState, Seat, SeatKind, Status};
use crate::store::{Session, TableRow};

/// GAME: the state of `state` as `you` (a side, or a spectator) sees it,
/// with who is connected.
#[must_use]
pub fn game(state: &GameState, connected: [bool; 2], you: Option<Side>, now: i64) -> Value {
    let position = state.game.position();
    let player = |side: Side| {
        state.seat(side).map_or(Value::Null, |seat| {
            let mut p = json!({
                "name": seat.name,
                "kind": match seat.kind { SeatKind::Human(_) => "human", SeatKind::Computer(_) => "computer" },
                "connected": connected[side.index()],
                "account": seat.account.is_some(),
                "bot": seat.bot,
            });
            if let Some(level) = seat.level() {
                p["level"] = json!(level.get());
            }
            if state.clock.is_some_and(|c| c.berserk[side.index()]) {
                p["berserk"] = json!(true);
            }
            if let Some(r) = seat.rating {
                p["rating"] = json!(r.rating);
                p["provisional"] = json!(r.provisional);
                if let Some(diff) = r.diff {
                    p["rating_diff"] = json!(diff);
                }
            }
            p
        })
    };
    let clock = state.clock.map_or(Value::Null, |c| {
        let left = c.left_both(now);
        json!({
            "S_ms": left[0],
            "N_ms": left[1],
            "running": c.running_side().map(|s| s.letter().to_string()),
            "increment_ms": c.increment_ms,
            "initial_ms": c.initial_ms,
            "days": c.days_per_move(),
            "time_control": if c.per_move { None } else { written(c.initial_ms, c.increment_ms) },
        })
    });
    let moves = state.game.moves();
    let last_move = moves.last().map_or(Value::Null, |&mv| {
        let positions = state.game.positions();
        Sowing::of(&positions[positions.len() - 2], mv).map_or(Value::Null, |s| last_move(&s))
    });
    json!({
        "id": state.id,
        "rules": state.game.rules().to_string(),
        "status": state.status.name(),
        "rated": state.rated,
        "pool": pool_of(state).map(|p| p.to_string()),
        "players": { "S": player(Side::South), "N": player(Side::North) },
        "you": you.map(|s| s.letter().to_string()),
        "start": state.game.start().to_string(),
        "moves": moves.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "position": position.to_string(),
        "to_move": position.turn().letter().to_string(),
        "legal": state.game.legal_moves().iter().map(ToString::to_string).collect::<Vec<_>>(),
        "captured": [position.captured(Side::South), position.captured(Side::North)],
        "clock": clock,
        // The side yet to make its first move in a paired game, and its
        // time left for it as the state is sent (first_move.rs).
        "first_move": state.first_move_deadline().map_or(Value::Null, |(side, at)| {
            json!({ "side": side.letter().to_string(), "left_ms": (at - now).max(0) })
        }),
        "offers": state.offers.iter().map(|o| json!({"kind": o.kind.name(), "by": o.by.letter().to_string()})).collect::<Vec<_>>(),
        "result": state.result_name(),
        "reason": state.reason_name(),
        "score": state.score_text(),
        "last_move": last_move,
        "rematch_game_id": state.rematch_game_id,
        "table_id": state.table_id,
        "tournament": state.tournament,
        "created_at": state.created_at,
        "started_at": state.started_at,
        "finished_at": state.finished_at,
    })
}

/// LAST_MOVE: what the last move did, seed by seed (docs/API.md).
fn last_move(sowing: &Sowing) -> Value {
    let pits = sowing.before().pits();
    let letter = |pit: usize| Move::at_index(pit, pits).to_string();
    let drops: Vec<Value> = sowing
        .drops()
        .iter()
        .map(|&slot| match slot {
            Slot::Pit(pit) => json!({ "pit": letter(pit) }),
            Slot::Store(side) => json!({ "store": side.letter().to_string() }),
        })
        .collect();
    let captures = sowing.captures();
    json!({
        "move": sowing.played().to_string(),
        "by": sowing.mover().letter().to_string(),
        "drops": drops,
        "captures": captures.iter().map(|&(pit, seeds)| json!({ "pit": letter(pit), "seeds": seeds })).collect::<Vec<_>>(),
        "captured_pits": captures.iter().map(|&(pit, _)| letter(pit)).collect::<Vec<_>>(),
        "seeds": sowing.captured_seeds(),
        "grand_slam": sowing.grand_slam().map(|g| match g {
            GrandSlam::CapturedNothing => "captured-nothing",
            GrandSlam::EndedTheGame => "ended-the-game",
            GrandSlam::MovesAgain => "moves-again",
        }),
        "extra_move": sowing.extra_move(),
        "end": sowing.end().map(|reason| reason.name()),
        "swept": sowing.swept(),
    })
}

/// An event about `state` for the player at `side` (`gameStart`, ...):
/// the game in brief, from that player's seat.
#[must_use]
pub fn game_event(kind: &str, state: &GameState, side: Side, now: i64) -> Value {
    let opponent = state.seat(side.opposite()).map_or(Value::Null, |seat| {
        json!({
            "name": seat.name,
            "kind": match seat.kind { SeatKind::Human(_) => "human", SeatKind::Computer(_) => "computer" },
            "account": seat.account.is_some(),
            "bot": seat.bot,
            "rating": seat.rating.map(|r| r.rating),
            "provisional": seat.rating.map(|r| r.provisional),
        })
    });
    json!({
        "type": kind,
        "game": {
            "id": state.id,
            "rules": state.game.rules().to_string(),
            "rated": state.rated,
            "pool": pool_of(state).map(|p| p.to_string()),
            "clock": state.clock.as_ref().map(time_control),
            "status": state.status.name(),
            "you": side.letter().to_string(),
            "your_turn": state.status == Status::Playing && state.to_move() == side,
            "moves_count": state.game.moves().len(),
            "time_left_ms": state.clock.map(|c| c.left(side, now)),
            "opponent": opponent,
            "tournament": state.tournament,
        }
    })
}

/// Puts the `gameStart` event of `state` in `outbox` for each person
/// seated.
pub fn game_started(outbox: &mut Outbox, state: &GameState, now: i64) {
    for side in Side::ALL {
        if let Some(player) = state.seat(side).and_then(Seat::player) {
            outbox.push(player, game_event("gameStart", state, side, now));
        }
    }
}

/// A challenge event (`challenge`, `challengeDeclined`,
/// `challengeCanceled`): the TABLE, with its invite link (for the
/// challenged player, who joins through it).
#[must_use]
pub fn challenge_event(kind: &str, t: &TableRow) -> Value {
    let mut table = table(t, None);
    if let Some(token) = &t.invite_token {
        table["invite"] = json!(invite_path(token));
    }
    json!({ "type": kind, "challenge": table })
}

/// TABLE; the invite link only for its creator (and the challenged).
#[must_use]
pub fn table(t: &TableRow, viewer: Option<&Session>) -> Value {
    let rules: Result<Rules, _> = t.rules.parse();
    let opponent = if t.opponent_kind == "computer" {
        json!({ "kind": "computer", "level": t.level })
    } else {
        json!({ "kind": "human", "private": t.private,
                "player": t.challenged.as_ref().map(|c| &c.1) })
    };
    let mut v = json!({
        "id": t.id,
        "game_id": t.game_id,
        "rules": t.rules,
        "creator": { "name": t.creator_name, "side": t.creator_side.letter().to_string() },
        "opponent": opponent,
        "clock": t.clock.as_ref().map(time_control),
        "rated": t.rated,
        "rating_range": t.rating_range.map(|(min, max)| [min, max]),
        "pool": rules.ok().and_then(|r| Pool::of(&r, t.clock.as_ref())).map(|p| p.for_bots(t.bots).to_string()),
        "status": t.status,
        "created_at": t.created_at,
    });
    let challenged = |v: &Session| t.challenged.as_ref().is_some_and(|c| v.is(&c.0));
    v["yours"] = json!(viewer.is_some_and(|v| v.is(&t.creator_session)));
    if viewer.is_some_and(|v| v.is(&t.creator_session) || challenged(v))
        && let Some(token) = &t.invite_token
    {
        v["invite"] = json!(invite_path(token));
    }
    v
}

/// A time control: `{"initial_s", "increment_s", "time_control": "5+3"}`,
/// or `{"days"}` for correspondence.
#[must_use]
pub fn time_control(clock: &Clock) -> Value {
    match clock.days_per_move() {
        Some(days) => json!({ "days": days }),
        None => json!({
            "initial_s": clock.initial_ms / 1000,
            "increment_s": clock.increment_ms / 1000,
            "time_control": written(clock.initial_ms, clock.increment_ms),
        }),
    }
}

/// The invite link's path.
#[must_use]
pub fn invite_path(token: &str) -> String {
    format!("/invite/{token}")
}

/// A clock's time control as players write it (`5+3`), for the web to
/// show.
fn written(initial_ms: i64, increment_ms: i64) -> Option<String> {
    let ms = |n: i64| std::time::Duration::from_millis(u64::try_from(n).unwrap_or(0));
    wari_rules::TimeControl::new(ms(initial_ms), ms(increment_ms))
        .ok()
        .map(|tc| tc.to_string())
}
