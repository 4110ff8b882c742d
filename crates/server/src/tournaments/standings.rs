//! The standings of a tournament: each player's sheet (`scoring.rs`) over
//! the games that ended by the tournament's end, their performance rating,
//! and the order: points, then performance, then name.

use std::collections::HashMap;

use super::scoring::{Outcome, Played, Sheet, sheet};
use super::store::{GameRow, PlayerRow};

/// A player's line in the standings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    /// 1 for the leader.
    pub rank: usize,
    /// The account.
    pub account_id: String,
    /// Its name.
    pub name: String,
    /// The rating when joining.
    pub rating: i64,
    /// Whether it is a bot account.
    pub bot: bool,
    /// Still paired (not withdrawn or paused).
    pub active: bool,
    /// Points of each game, and the total.
    pub sheet: Sheet,
    /// Games won, drawn, lost.
    pub wins: usize,
    /// Games drawn.
    pub draws: usize,
    /// Games lost.
    pub losses: usize,
    /// Games berserked.
    pub berserks: usize,
    /// The opponents' average rating (as paired) plus 500 × (wins −
    /// losses) / games, as lichess's arenas show it; none before a game.
    pub performance: Option<i64>,
    /// The game it plays now, if any.
    pub playing: Option<String>,
}

/// The player's side in `game` (0 South, 1 North), if it played it.
fn side_of(game: &GameRow, account: &str) -> Option<usize> {
    game.players.iter().position(|p| p == account)
}

/// The standings of `players` after `games` (in the order paired); games
/// that ended after `ends_at` do not count.
#[must_use]
pub fn standings(players: &[PlayerRow], games: &[GameRow], ends_at: i64) -> Vec<Standing> {
    let mut counted: Vec<&GameRow> = games
        .iter()
        .filter(|g| g.status == "finished" && g.finished_at.is_some_and(|at| at <= ends_at))
        .collect();
    counted.sort_by_key(|g| (g.finished_at, g.created_at));
    let mut by_player: HashMap<&str, Vec<(&GameRow, usize)>> = HashMap::new();
    for g in &counted {
        for (side, p) in g.players.iter().enumerate() {
            by_player.entry(p.as_str()).or_default().push((g, side));
        }
    }
    let mut lines: Vec<Standing> = players
        .iter()
        .map(|p| {
            let mine = by_player
                .get(p.account_id.as_str())
                .map_or(&[][..], Vec::as_slice);
            let played: Vec<Played> = mine
                .iter()
                .map(|(g, side)| Played {
                    outcome: outcome(g, *side),
                    plies: g.plies,
                    berserk: g.berserk[*side],
                })
                .collect();
            let count = |o: Outcome| played.iter().filter(|p| p.outcome == o).count();
            let (wins, draws, losses) = (
                count(Outcome::Win),
                count(Outcome::Draw),
                count(Outcome::Loss),
            );
            let performance = (!mine.is_empty()).then(|| {
                let n = mine.len() as i64;
                let opponents: i64 = mine.iter().map(|(g, side)| g.ratings[1 - side]).sum();
                let margin = 500 * (wins as i64 - losses as i64);
                ((opponents + margin) as f64 / n as f64).round() as i64
            });
            Standing {
                rank: 0,
                account_id: p.account_id.clone(),
                name: p.name.clone(),
                rating: p.rating,
                bot: p.bot,
                active: p.active,
                sheet: sheet(&played),
                wins,
                draws,
                losses,
                berserks: played.iter().filter(|p| p.berserk).count(),
                performance,
                playing: games
                    .iter()
                    .rev()
                    .find(|g| g.status == "playing" && side_of(g, &p.account_id).is_some())
                    .map(|g| g.game_id.clone()),
            }
        })
        .collect();
    lines.sort_by(|a, b| {
        b.sheet
            .total
            .cmp(&a.sheet.total)
            .then(b.performance.cmp(&a.performance))
            .then(a.name.cmp(&b.name))
    });
    for (i, line) in lines.iter_mut().enumerate() {
        line.rank = i + 1;
    }
    lines
}

fn outcome(game: &GameRow, side: usize) -> Outcome {
    match game.winner.as_deref() {
        Some("D") => Outcome::Draw,
        Some("S") if side == 0 => Outcome::Win,
        Some("N") if side == 1 => Outcome::Win,
        _ => Outcome::Loss,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn player(id: &str, rating: i64) -> PlayerRow {
        PlayerRow {
            account_id: id.to_owned(),
            name: id.to_uppercase(),
            rating,
            active: true,
            joined_at: 0,
            bot: false,
        }
    }

    fn rating_of(id: &str) -> i64 {
        match id {
            "a" => 1500,
            "b" => 1700,
            _ => 1600,
        }
    }

    fn game(id: &str, south: &str, north: &str, winner: &str, at: Option<i64>) -> GameRow {
        GameRow {
            game_id: id.to_owned(),
            players: [south.to_owned(), north.to_owned()],
            ratings: [rating_of(south), rating_of(north)],
            status: if at.is_some() { "finished" } else { "playing" }.to_owned(),
            winner: at.map(|_| winner.to_owned()),
            no_show: false,
            plies: 40,
            berserk: [false, false],
            created_at: 0,
            finished_at: at,
            round: None,
        }
    }

    #[test]
    fn points_then_performance_order_the_standings_and_late_games_do_not_count() {
        // a (1500) beats b (1700) twice: 4 points, performance
        // (1700 + 1700 + 1000) / 2 = 2200; b: (1500 + 1500 - 1000) / 2 =
        // 1000. c has no game. The game ending after the end (at 200) and
        // the one being played do not count.
        let players = [player("b", 1700), player("a", 1500), player("c", 1600)];
        let games = [
            game("g1", "a", "b", "S", Some(10)),
            game("g2", "b", "a", "N", Some(20)),
            game("g3", "a", "b", "N", Some(200)),
            game("g4", "c", "b", "S", None),
        ];
        let lines = standings(&players, &games, 100);
        let names: Vec<&str> = lines.iter().map(|l| l.account_id.as_str()).collect();
        assert_eq!(names, ["a", "b", "c"]);
        assert_eq!(lines[0].sheet.points, [2, 2]);
        assert_eq!(lines[0].performance, Some(2200));
        assert_eq!(lines[1].performance, Some(1000));
        assert_eq!((lines[1].wins, lines[1].losses), (0, 2));
        assert_eq!(lines[2].performance, None);
        assert_eq!(lines[2].playing.as_deref(), Some("g4"));
        assert_eq!(lines[1].playing.as_deref(), Some("g4"));
    }
}
