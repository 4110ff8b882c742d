//! One game of the bot's: follows the game's stream, and when it is the
//! bot's turn asks the engine with the real clocks and plays its move.
//! A broken stream is opened again (the server says where the game
//! stands in `gameFull`), so a network fault or a server restart loses no
//! game; the game ends when the server says it is over.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use wari_rules::{Game, Move, Position, Rules, Side};

use super::client::{Api, ApiError};
use super::log::Log;
use crate::matches::player::{BuiltIn, Go, Player, PlayerSpec, Search};

/// A stream silent this long is taken for broken (the server writes an
/// empty line every 10 s).
pub const IDLE: Duration = Duration::from_secs(30);
/// The engine's time per move without a Fischer clock.
const UNTIMED_MOVE: Duration = Duration::from_secs(2);

/// What the bot knows of a game from its `gameFull`.
struct Seat {
    rules: Rules,
    start: Position,
    you: Side,
}

/// The game `state` (a `gameState`) reached: the moves replayed from the
/// start.
fn replay(seat: &Seat, state: &Value) -> Result<Game, String> {
    let mut game = Game::from_position(seat.start);
    for word in state["moves"]
        .as_str()
        .unwrap_or_default()
        .split_whitespace()
    {
        let m: Move = word
            .parse()
            .map_err(|_| format!("the server sent {word:?}, not a move"))?;
        game.play(m)
            .map_err(|e| format!("the server's move {word} is illegal here: {e}"))?;
    }
    Ok(game)
}

fn seat_of(full: &Value) -> Result<Seat, String> {
    let rules: Rules = full["rules"]
        .as_str()
        .unwrap_or_default()
        .parse()
        .map_err(|e| format!("rules: {e}"))?;
    let start = Position::from_string(full["start"].as_str().unwrap_or_default(), rules)
        .map_err(|e| format!("start: {e}"))?;
    let you = match full["you"].as_str() {
        Some("S") => Side::South,
        Some("N") => Side::North,
        _ => return Err("gameFull without a side".to_owned()),
    };
    Ok(Seat { rules, start, you })
}

/// The engine's search for a move with the clocks of `state`.
fn go_of(state: &Value, you: Side) -> Go {
    let ms = |key: &str| state[key].as_u64().map(Duration::from_millis);
    match (ms("S_ms"), ms("N_ms"), ms("increment_ms")) {
        (Some(south), Some(north), Some(increment)) => {
            let own = if you == Side::South { south } else { north };
            Go {
                search: Search::Clock {
                    remaining: [south, north],
                    increment,
                },
                wait: own + increment + Duration::from_secs(5),
            }
        }
        _ => Go {
            search: Search::MoveTime(UNTIMED_MOVE),
            wait: UNTIMED_MOVE * 3,
        },
    }
}

/// Plays game `id` to its end with a new engine of `spec`, through
/// network faults; a TLS failure, which stays, ends it (`Err`, the
/// failure's line) and the bot with it.
pub async fn play(api: Api, id: String, spec: Arc<PlayerSpec>, log: Log) -> Result<(), String> {
    let mut player: Option<Box<dyn Player>> = None;
    let mut backoff = Duration::from_millis(250);
    loop {
        match follow(&api, &id, &spec, &mut player, &log).await {
            Ok(()) => return Ok(()),
            Err(ApiError::Refused { status, message }) if status != 429 && status < 500 => {
                log.line(&id, &format!("gave up the game: {status} {message}"));
                return Ok(());
            }
            Err(ApiError::Tls(line)) => {
                log.line(&id, &format!("no TLS connection: {line}"));
                return Err(line);
            }
            Err(e) => {
                log.line(
                    &id,
                    &format!("stream lost ({e}): again in {} ms", backoff.as_millis()),
                );
                tokio::time::sleep(backoff).await;
                backoff = (backoff * 2).min(Duration::from_secs(5));
            }
        }
    }
}

/// Follows the game's stream until the game ends (`Ok`) or the stream
/// breaks.
async fn follow(
    api: &Api,
    id: &str,
    spec: &Arc<PlayerSpec>,
    player: &mut Option<Box<dyn Player>>,
    log: &Log,
) -> Result<(), ApiError> {
    let mut lines = api.lines(&format!("/api/bot/game/stream/{id}")).await?;
    let Some(full) = lines.next(IDLE).await? else {
        return Err(ApiError::Network("the stream ended at once".to_owned()));
    };
    let seat = seat_of(&full).map_err(ApiError::Network)?;
    if player.is_none() {
        log.line(
            id,
            &format!("playing {} as {}", seat.rules, seat.you.letter()),
        );
        let mut fresh = spec.create(
            &BuiltIn {
                threads: 1,
                hash_mb: 16,
            },
            seat.rules,
            &[],
        );
        let seed = id
            .bytes()
            .fold(0_u64, |h, b| h.wrapping_mul(31).wrapping_add(u64::from(b)));
        if let Err(e) = fresh.new_game(seed) {
            log.line(id, &format!("the engine cannot start: {e:?}: resigning"));
            api.post(&format!("/api/bot/game/{id}/resign"), &json!({}))
                .await?;
            return Ok(());
        }
        *player = Some(fresh);
    }
    let mut state = full["state"].clone();
    // The ply the bot last sent a move at, on this stream.
    let mut answered: Option<usize> = None;
    loop {
        let game = replay(&seat, &state).map_err(ApiError::Network)?;
        if state["status"] != "playing" {
            if state["status"] == "finished" {
                let line = if state["reason"] == "aborted" {
                    format!("over: aborted after {} moves", game.moves().len())
                } else {
                    format!(
                        "over: result {} by {} ({}) after {} moves",
                        state["result"].as_str().unwrap_or("?"),
                        state["reason"].as_str().unwrap_or("?"),
                        state["score"].as_str().unwrap_or("?"),
                        game.moves().len()
                    )
                };
                log.line(id, &line);
                return Ok(());
            }
        } else if game.position().turn() == seat.you
            && !game.is_over()
            && answered != Some(game.moves().len())
        {
            let ply = game.moves().len();
            let go = go_of(&state, seat.you);
            let mut engine = player.take().expect("an engine");
            let searched = game.clone();
            let (engine, chosen) = tokio::task::spawn_blocking(move || {
                let chosen = engine.go(&searched, &go);
                (engine, chosen)
            })
            .await
            .map_err(|e| ApiError::Network(format!("the engine's thread: {e}")))?;
            *player = Some(engine);
            match chosen {
                Ok(m) => {
                    answered = Some(ply);
                    match api
                        .post(&format!("/api/bot/game/{id}/move/{m}"), &json!({}))
                        .await
                    {
                        Ok(_) => log.line(
                            id,
                            &format!(
                                "{}. {m} (S {} ms, N {} ms)",
                                ply + 1,
                                state["S_ms"],
                                state["N_ms"]
                            ),
                        ),
                        // The game moved on meanwhile (it ended, the
                        // opponent resigned): the stream will say.
                        Err(ApiError::Refused {
                            status: 409,
                            message,
                        }) => {
                            log.line(id, &format!("{}. {m} refused: {message}", ply + 1));
                        }
                        Err(e) => return Err(e),
                    }
                }
                Err(fault) => {
                    log.line(id, &format!("the engine failed ({fault:?}): resigning"));
                    *player = None;
                    api.post(&format!("/api/bot/game/{id}/resign"), &json!({}))
                        .await?;
                }
            }
        }
        let next = loop {
            let Some(line) = lines.next(IDLE).await? else {
                return Err(ApiError::Network(
                    "the stream ended before the game".to_owned(),
                ));
            };
            match line["type"].as_str() {
                Some("gameState") => break line,
                Some("chatLine") => log.line(
                    id,
                    &format!(
                        "chat ({}) {}: {}",
                        line["room"].as_str().unwrap_or("?"),
                        line["username"].as_str().unwrap_or("?"),
                        line["text"].as_str().unwrap_or_default()
                    ),
                ),
                _ => {}
            }
        };
        state = next;
    }
}
