//! Swiss events: a fixed number of rounds, each paired by the FIDE Dutch
//! system (`wari-swiss`) once every game of the round before is over; an
//! odd player out gets the bye (a win's points, once a player). The
//! pairing is computed off the async threads (`spawn_blocking`) and
//! outside any transaction; the games are then stored in one that checks
//! nothing changed meanwhile. Standings by points, then the tie-breaks
//! (Buchholz cut 1, Buchholz, Sonneborn–Berger, wins).

use std::sync::Arc;

use wari_swiss::{Colour, Entrant, PairingError, Points, Round, pair_round, standings};

use super::store::{GameRow, PlayerRow, TournamentRow};
use crate::App;
use crate::api::error::Error;
use crate::events::Outbox;

/// A player's line in a Swiss event's standings.
#[derive(Clone, Debug, PartialEq)]
pub struct SwissLine {
    /// 1 for the leader.
    pub rank: u32,
    /// The player.
    pub player: PlayerRow,
    /// Points (a win 1, a draw ½, a bye 1).
    pub points: f64,
    /// Buchholz cut 1, Buchholz and Sonneborn–Berger, in points.
    pub tie_breaks: [f64; 3],
    /// Games won.
    pub wins: u32,
    /// The game it plays now.
    pub playing: Option<String>,
}

/// The rounds paired so far.
#[must_use]
pub fn rounds_paired(games: &[GameRow]) -> i64 {
    games.iter().filter_map(|g| g.round).max().unwrap_or(0)
}

/// The entrants after `rounds` rounds: player `i` of `players` is id
/// `i + 1`; a game lost by a player who made no move is a `Forfeit`; a
/// round without a game or bye of theirs is `Absent`.
#[must_use]
pub fn entrants(players: &[PlayerRow], games: &[GameRow], rounds: i64) -> Vec<Entrant> {
    let id_of = |account: &str| {
        players
            .iter()
            .position(|p| p.account_id == account)
            .map_or(0, |i| i as u64 + 1)
    };
    players
        .iter()
        .enumerate()
        .map(|(i, p)| {
            let history = (1..=rounds)
                .map(|r| {
                    let Some(g) = games
                        .iter()
                        .find(|g| g.round == Some(r) && g.players.contains(&p.account_id))
                    else {
                        return Round::Absent;
                    };
                    if g.status == "bye" {
                        return Round::Bye {
                            points: Points::WIN,
                        };
                    }
                    let side = usize::from(g.players[1] == p.account_id);
                    let points = match (g.winner.as_deref(), side) {
                        (Some("D"), _) => Points::DRAW,
                        (Some("S"), 0) | (Some("N"), 1) => Points::WIN,
                        _ => Points::LOSS,
                    };
                    let (opponent, colour) = (
                        id_of(&g.players[1 - side]),
                        if side == 0 {
                            Colour::White
                        } else {
                            Colour::Black
                        },
                    );
                    if g.no_show {
                        Round::Forfeit {
                            opponent,
                            colour,
                            points,
                        }
                    } else {
                        Round::Played {
                            opponent,
                            colour,
                            points,
                        }
                    }
                })
                .collect();
            Entrant {
                id: i as u64 + 1,
                rating: p.rating as f64,
                history,
            }
        })
        .collect()
}

/// The standings of a Swiss event.
#[must_use]
pub fn lines(players: &[PlayerRow], games: &[GameRow]) -> Vec<SwissLine> {
    let done = games
        .iter()
        .filter(|g| g.status != "playing")
        .filter_map(|g| g.round)
        .max()
        .unwrap_or(0);
    let all = entrants(players, games, done);
    let half = |p: Points| f64::from(p.0) / 2.0;
    standings(&all)
        .into_iter()
        .filter_map(|s| {
            let player = players.get(usize::try_from(s.id).ok()?.checked_sub(1)?)?;
            Some(SwissLine {
                rank: s.rank,
                points: half(s.score),
                tie_breaks: [
                    half(s.buchholz_cut1),
                    half(s.buchholz),
                    // Already in points (`wari_swiss::Standing`).
                    s.sonneborn_berger,
                ],
                wins: s.wins,
                playing: games
                    .iter()
                    .find(|g| g.status == "playing" && g.players.contains(&player.account_id))
                    .map(|g| g.game_id.clone()),
                player: player.clone(),
            })
        })
        .collect()
}

/// Pairs the next round of `t` once every game of the last one is over
/// (its active players; the bye to the odd one out), or ends the event
/// after its last round.
///
/// # Errors
/// A database error.
pub async fn next_round(app: &Arc<App>, t: &TournamentRow) -> Result<(), Error> {
    let mut conn = app.store.pool().acquire().await?;
    let players = app.store.tournament_players(&mut conn, &t.id).await?;
    let games = app.store.tournament_games(&mut conn, &t.id).await?;
    drop(conn);
    if games.iter().any(|g| g.status == "playing") {
        return Ok(());
    }
    let done = rounds_paired(&games);
    let total = t.rounds.unwrap_or(0);
    // Those withdrawn or paused sit the round out: passed with it `Absent`,
    // so that the floats of the players who met them read their scores.
    let everyone: Vec<Entrant> = entrants(&players, &games, done)
        .into_iter()
        .map(|mut e| {
            if !players[(e.id - 1) as usize].active {
                e.history.push(Round::Absent);
            }
            e
        })
        .collect();
    if done >= total {
        return finish(app, t, done).await;
    }
    if players.iter().filter(|p| p.active).count() < 2 {
        return Ok(());
    }
    let (round, rounds) = (
        u32::try_from(done + 1).unwrap_or(u32::MAX),
        u32::try_from(total).unwrap_or(u32::MAX),
    );
    let pairing = tokio::task::spawn_blocking(move || pair_round(&everyone, round, rounds))
        .await
        .map_err(|e| Error::Internal(format!("the Swiss pairing stopped: {e}")))?;
    let pairing = match pairing {
        Ok(p) => p,
        Err(PairingError::NoPairing) => {
            tracing::info!(tournament = %t.id, round, "no Swiss pairing is left: the event ends");
            return finish(app, t, done).await;
        }
        Err(e) => return Err(Error::Internal(format!("Swiss pairing: {e}"))),
    };
    let mut tx = app.store.pool().begin().await?;
    let Some(locked) = app.store.lock_tournament(&mut tx, &t.id).await? else {
        return Ok(());
    };
    let fresh = app.store.tournament_games(&mut tx, &t.id).await?;
    if locked.status != "started"
        || rounds_paired(&fresh) != done
        || fresh.iter().any(|g| g.status == "playing")
    {
        // Another process paired it, or the event ended meanwhile.
        return Ok(());
    }
    let now = fresh
        .iter()
        .filter_map(|g| g.finished_at)
        .fold(app.now_ms(), i64::max);
    let player = |id: u64| players.get(usize::try_from(id).ok()?.checked_sub(1)?);
    let mut outbox = Outbox::default();
    let mut started = Vec::new();
    for (white, black) in pairing.games {
        let (Some(south), Some(north)) = (player(white), player(black)) else {
            continue;
        };
        started.push(
            super::director::start_game(
                app,
                &mut tx,
                t,
                [south, north],
                now,
                Some(done + 1),
                &mut outbox,
            )
            .await?,
        );
    }
    if let Some(p) = pairing.bye.and_then(player) {
        let bye = GameRow {
            game_id: format!("{}-bye-{}-{}", t.id, done + 1, p.account_id),
            players: [p.account_id.clone(), String::new()],
            ratings: [p.rating, 0],
            status: "bye".to_owned(),
            winner: Some("S".to_owned()),
            no_show: false,
            plies: 0,
            berserk: [false; 2],
            created_at: now,
            finished_at: Some(now),
            round: Some(done + 1),
        };
        app.store
            .insert_tournament_game(&mut tx, &t.id, &bye)
            .await?;
    }
    outbox.notify(app, &mut tx).await?;
    tx.commit().await?;
    tracing::info!(tournament = %t.id, round = done + 1, games = started.len(), "Swiss round paired");
    for state in started {
        let room = app.rooms.insert(app, state);
        room.follow_up(app, &room.snapshot());
    }
    outbox.deliver(app);
    app.tournaments.changed();
    Ok(())
}

/// Ends the event after `done` rounds.
async fn finish(app: &Arc<App>, t: &TournamentRow, done: i64) -> Result<(), Error> {
    let mut tx = app.store.pool().begin().await?;
    let Some(locked) = app.store.lock_tournament(&mut tx, &t.id).await? else {
        return Ok(());
    };
    let games = app.store.tournament_games(&mut tx, &t.id).await?;
    if locked.status != "started" || rounds_paired(&games) != done {
        return Ok(());
    }
    let end = games
        .iter()
        .filter_map(|g| g.finished_at)
        .fold(app.now_ms(), i64::max);
    app.store
        .set_tournament_status(&mut tx, &t.id, "finished", locked.starts_at, end)
        .await?;
    tx.commit().await?;
    tracing::info!(tournament = %t.id, rounds = done, "Swiss event over");
    app.tournaments.changed();
    Ok(())
}
