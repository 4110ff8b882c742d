//! A bot paused in its tournament joins again. The server pauses a
//! player who loses a tournament game without a move of their own, or
//! whose arena game it aborts because their first move did not come in
//! time (their engine did not move in time, or the bot was stopped when
//! the game started): it pairs them no more until they join again. The server
//! keeps a pause as it keeps a withdrawal (the player is not active), so
//! the bot tells them apart by the game: after a `gameFinish` of one of
//! its tournaments' games that it lost without a move, it reads the
//! tournament and joins again if it is still running and the bot is not
//! active in it. A withdrawal made by other means (`POST
//! /api/tournaments/{id}/withdraw` with the bot's token) is not undone
//! unless such a game follows it.

use serde_json::{Value, json};

use super::Bot;

/// Whether `game` (a GAME of `GET /api/games/{id}`) is over, lost or
/// aborted (a first move that did not come) without a move of `side`'s
/// own (`S` or `N`): as the server pauses (the tournament then says
/// whether it did). South's moves are the letters A-F, North's a-f.
///
/// ```text
/// {"status": "finished", "result": "S", "moves": ["C"]}  lost by N unmoved
/// {"status": "finished", "reason": "aborted", "moves": ["C"]}  N unmoved
/// {"status": "finished", "result": "S", "moves": ["C", "d", ...]}  not
/// ```
fn ended_without_moving(game: &Value, side: &str) -> bool {
    let lost = match side {
        "S" => game["result"] == "N",
        "N" => game["result"] == "S",
        _ => return false,
    } || game["reason"] == "aborted";
    let own = |m: &Value| {
        m.as_str()
            .is_some_and(|m| m.chars().all(|c| c.is_ascii_uppercase()) == (side == "S"))
    };
    let moves = game["moves"].as_array().map_or(&[][..], Vec::as_slice);
    game["status"] == "finished" && lost && !moves.iter().any(own)
}

impl Bot {
    /// After the `gameFinish` of `game` in tournament `tournament`: a bot
    /// the server paused for losing it without a move joins again while
    /// the tournament runs, and says so in one line (in the game's log).
    pub(super) async fn after_tournament_game(&self, tournament: &str, game: &Value) {
        let (Some(id), Some(side)) = (game["id"].as_str(), game["you"].as_str()) else {
            return;
        };
        let played = match self.api.get(&format!("/api/games/{id}")).await {
            Ok(played) => played,
            Err(e) => {
                self.log.line(id, &format!("cannot read the game ({e})"));
                return;
            }
        };
        if !ended_without_moving(&played, side) {
            return;
        }
        let t = match self
            .api
            .get(&format!("/api/tournaments/{tournament}"))
            .await
        {
            Ok(t) => t,
            Err(e) => {
                let line = format!("cannot read the tournament {tournament} ({e})");
                self.log.line(id, &line);
                return;
            }
        };
        if t["status"] != "started" || t["you"]["active"] != false {
            return;
        }
        let path = format!("/api/tournaments/{tournament}/join");
        let line = match self.api.post(&path, &json!({})).await {
            Ok(_) => {
                format!("paused in the tournament {tournament} (no move of its own): rejoined")
            }
            Err(e) => format!("paused in the tournament {tournament}: joining again failed ({e})"),
        };
        self.log.line(id, &line);
    }
}

#[cfg(test)]
mod tests {
    use super::ended_without_moving;
    use serde_json::json;

    #[test]
    fn a_loss_without_a_move_of_ones_own_is_a_pause() {
        // North flagged after South's first move: North never moved.
        let flagged = json!({"status": "finished", "result": "S", "moves": ["C"]});
        assert!(ended_without_moving(&flagged, "N"));
        assert!(!ended_without_moving(&flagged, "S"), "South won");
        // South flagged before its first move.
        let unmoved = json!({"status": "finished", "result": "N", "moves": []});
        assert!(ended_without_moving(&unmoved, "S"));
        // North moved once, then lost: played, not paused.
        let played = json!({"status": "finished", "result": "S", "moves": ["C", "d", "A"]});
        assert!(!ended_without_moving(&played, "N"));
        // A draw, and a game still played, are no losses.
        let drawn = json!({"status": "finished", "result": "draw", "moves": []});
        assert!(!ended_without_moving(&drawn, "S"));
        // An arena's game aborted before North's first move.
        let aborted =
            json!({"status": "finished", "reason": "aborted", "result": null, "moves": ["C"]});
        assert!(ended_without_moving(&aborted, "N"));
        assert!(!ended_without_moving(&aborted, "S"), "South moved");
        let playing = json!({"status": "playing", "result": null, "moves": []});
        assert!(!ended_without_moving(&playing, "S"));
    }
}
