//! The JSON the API sends: a game's full state (GAME), a table (TABLE),
//! the lobby and archive lines (GAME_SUMMARY, in `store`). docs/API.md
//! describes every field.

use serde_json::{Value, json};
use wari_rules::{GrandSlam, Move, Side, Slot, Sowing};

use crate::ids::now_ms;
use crate::referee::{GameState, SeatKind};
use crate::store::TableRow;

/// GAME: the state of `state` as `you` (a side, or a spectator) sees it,
/// with who is connected.
#[must_use]
pub fn game(state: &GameState, connected: [bool; 2], you: Option<Side>) -> Value {
    let now = now_ms();
    let position = state.game.position();
    let player = |side: Side| {
        state.seat(side).map_or(Value::Null, |seat| {
            let mut p = json!({
                "name": seat.name,
                "kind": match seat.kind { SeatKind::Human(_) => "human", SeatKind::Computer(_) => "computer" },
                "connected": connected[side.index()],
            });
            if let Some(level) = seat.level() {
                p["level"] = json!(level.get());
            }
            p
        })
    };
    let clock = state.clock.map_or(Value::Null, |c| {
        let left = c.left_both(now);
        json!({
            "S_ms": left[0],
            "N_ms": left[1],
            "running": c.running.map(|s| s.letter().to_string()),
            "increment_ms": c.increment_ms,
            "initial_ms": c.initial_ms,
            "time_control": time_control(c.initial_ms, c.increment_ms),
        })
    });
    let outcome = state.game.outcome();
    let moves = state.game.moves();
    let last_move = moves.last().map_or(Value::Null, |&mv| {
        let positions = state.game.positions();
        Sowing::of(&positions[positions.len() - 2], mv).map_or(Value::Null, |s| last_move(&s))
    });
    json!({
        "id": state.id,
        "rules": state.game.rules().to_string(),
        "status": state.status.name(),
        "players": { "S": player(Side::South), "N": player(Side::North) },
        "you": you.map(|s| s.letter().to_string()),
        "start": state.game.start().to_string(),
        "moves": moves.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "position": position.to_string(),
        "to_move": position.turn().letter().to_string(),
        "legal": state.game.legal_moves().iter().map(ToString::to_string).collect::<Vec<_>>(),
        "captured": [position.captured(Side::South), position.captured(Side::North)],
        "clock": clock,
        "offers": state.offers.iter().map(|o| json!({"kind": o.kind.name(), "by": o.by.letter().to_string()})).collect::<Vec<_>>(),
        "result": outcome.map(|o| o.result_name()),
        "reason": outcome.map(|o| o.reason().name()),
        "score": outcome.map(|o| o.score_text()),
        "last_move": last_move,
        "rematch_game_id": state.rematch_game_id,
        "table_id": state.table_id,
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

/// TABLE; the invite link only for its creator.
#[must_use]
pub fn table(t: &TableRow, viewer: Option<&str>) -> Value {
    let opponent = if t.opponent_kind == "computer" {
        json!({ "kind": "computer", "level": t.level })
    } else {
        json!({ "kind": "human", "private": t.private })
    };
    let mut v = json!({
        "id": t.id,
        "game_id": t.game_id,
        "rules": t.rules,
        "creator": { "name": t.creator_name, "side": t.creator_side.letter().to_string() },
        "opponent": opponent,
        "clock": t.clock.map(|(initial, increment)| json!({
            "initial_s": initial / 1000,
            "increment_s": increment / 1000,
            "time_control": time_control(initial, increment),
        })),
        "status": t.status,
        "created_at": t.created_at,
    });
    if viewer == Some(t.creator_session.as_str())
        && let Some(token) = &t.invite_token
    {
        v["invite"] = json!(invite_path(token));
    }
    v
}

/// The invite link's path.
#[must_use]
pub fn invite_path(token: &str) -> String {
    format!("/invite/{token}")
}

/// A clock's time control as players write it (`5+3`), for the web to
/// show.
fn time_control(initial_ms: i64, increment_ms: i64) -> Option<String> {
    let ms = |n: i64| std::time::Duration::from_millis(u64::try_from(n).unwrap_or(0));
    wari_rules::TimeControl::new(ms(initial_ms), ms(increment_ms))
        .ok()
        .map(|tc| tc.to_string())
}
