//! Bots in tournaments, with real processes: two `wari bot` processes
//! (levels 3 and 6) join an arena that takes bots (`--tournament`) and
//! play the games its director pairs through a real `wari serve`, rated
//! in the bots' list; a bot is refused (403) where bots are not taken; a
//! bot the arena paused (stopped, it never made its first move: the game
//! was aborted) joins again once it goes on.

use std::process::Command;
use std::time::Duration;

use serde_json::{Value, json};

use super::{
    bot_account_with, logged, serve, sign_up, stream_where, temp_dir, until_bot, wari_bot_with,
};

/// A bot's token scopes for tournaments.
const SCOPES: &[&str] = &["bot:play", "challenge:read", "tournament:write"];

/// Reads tournament `id`'s stream on `base` until `pred` holds for a
/// TOURNAMENT (within 3 minutes).
async fn tournament_where(base: &str, id: &str, pred: impl Fn(&Value) -> bool) -> Value {
    let url = format!("{base}/api/tournaments/{id}/stream");
    stream_where(&url, Duration::from_secs(180), pred).await
}

/// A player's arena points after `games` (its result `W`, `D` or `L`
/// and the game's plies, in the order they ended), by the rules of
/// docs/TOURNAMENTS.md written out again here (nobody berserks).
fn arena_points(games: &[(char, u64)]) -> Vec<i64> {
    let mut points = Vec::new();
    for (n, &(result, plies)) in games.iter().enumerate() {
        let fire = n >= 2 && games[n - 2].0 == 'W' && games[n - 1].0 == 'W';
        let last_not_lost = games[..n].iter().rev().find(|g| g.0 != 'L');
        points.push(match result {
            'W' if fire => 4,
            'W' => 2,
            'D' if plies < 20 => 0,
            'D' if plies < 60 && last_not_lost.is_some_and(|g| g.0 == 'D') => 0,
            'D' if fire => 2,
            'D' => 1,
            _ => 0,
        });
    }
    points
}

#[tokio::test]
async fn two_bots_play_an_arena_that_takes_bots_and_one_is_refused_elsewhere() {
    let dir = temp_dir("bot-arena");
    let server = serve(
        &format!("sqlite://{}?mode=rwc", dir.join("arena.db").display()),
        &dir,
    )
    .await;
    let base = server.base.as_str();
    let host = sign_up(base, "Host").await;
    let arena = |name: &str, bots: bool| {
        json!({"name": name, "rules": "abapa", "time_control": "1+1", "minutes": 30,
               "rated": true, "bots_allowed": bots})
    };
    let open = host
        .post(
            format!("{base}/api/tournaments"),
            arena("Bots welcome", true),
        )
        .await;
    let closed = host
        .post(
            format!("{base}/api/tournaments"),
            arena("People only", false),
        )
        .await;
    let (open, closed) = (open["id"].as_str().unwrap(), closed["id"].as_str().unwrap());
    let names = ["arena3", "arena6"];
    let (_, three) = bot_account_with(base, names[0], SCOPES).await;
    let (_, six) = bot_account_with(base, names[1], SCOPES).await;

    // A bot is refused where bots are not taken: the process says why and
    // stops; the API's answer is 403.
    let refused = Command::new(env!("CARGO_BIN_EXE_wari"))
        .args(["bot", "--server", base, "--upgrade", "--tournament", closed])
        .env("WARI_BOT_TOKEN", &three)
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success(), "{said}");
    assert!(
        said.contains(&format!("cannot join the tournament {closed}"))
            && said.contains("does not take bots"),
        "{said}"
    );
    until_bot(base, names[0]).await;
    let answer = reqwest::Client::new()
        .post(format!("{base}/api/tournaments/{closed}/join"))
        .bearer_auth(&three)
        .json(&json!({}))
        .send()
        .await
        .unwrap();
    assert_eq!(answer.status(), 403);
    let closed_now: Value = reqwest::get(format!("{base}/api/tournaments/{closed}"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(closed_now["players"], 0);

    // Two bots join the open arena from the command line and play the
    // games it pairs, one after another.
    let logs = [dir.join(names[0]), dir.join(names[1])];
    let _bots = [
        wari_bot_with(base, &three, 3, &logs[0], &["--tournament", open]),
        wari_bot_with(base, &six, 6, &logs[1], &["--tournament", open]),
    ];
    tournament_where(base, open, |t| t["games_played"].as_u64() >= Some(2)).await;
    let end = host
        .post(format!("{base}/api/tournaments/{open}/finish"), json!({}))
        .await;
    let ends_at = end["ends_at"].as_i64().unwrap();

    // Each game the bots logged is the arena's, rated in the bots' list,
    // both seats bots; those over by the end count.
    let mut counted = Vec::new();
    for entry in std::fs::read_dir(&logs[0]).unwrap() {
        let path = entry.unwrap().path();
        let id = path.file_stem().unwrap().to_str().unwrap().to_owned();
        let game: Value = reqwest::get(format!("{base}/api/games/{id}"))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(game["tournament"], open, "{game}");
        assert_eq!(game["rated"], true, "{game}");
        assert_eq!(game["pool"], "bot-abapa-bullet", "{game}");
        assert_eq!(game["players"]["S"]["bot"], true, "{game}");
        assert_eq!(game["players"]["N"]["bot"], true, "{game}");
        if game["status"] == "finished" && game["finished_at"].as_i64() <= Some(ends_at) {
            counted.push(game);
        }
    }
    assert!(counted.len() >= 2, "{counted:?}");
    counted.sort_by_key(|g| g["finished_at"].as_i64());

    // The standings: both bots with the badge, their points as the rules
    // score the games counted.
    let lines = end["standings"].as_array().unwrap();
    assert_eq!(lines.len(), 2, "{end}");
    for line in lines {
        let name = line["name"].as_str().unwrap();
        assert_eq!(line["bot"], true, "{line}");
        let results: Vec<(char, u64)> = counted
            .iter()
            .map(|g| {
                let side = if g["players"]["S"]["name"] == name {
                    "S"
                } else {
                    "N"
                };
                let result = match g["result"].as_str() {
                    Some(r) if r == side => 'W',
                    Some("draw") => 'D',
                    _ => 'L',
                };
                (result, super::moves(g) as u64)
            })
            .collect();
        let points = arena_points(&results);
        assert_eq!(line["sheet"], json!(points), "{name}: {line}");
        assert_eq!(line["score"], points.iter().sum::<i64>(), "{line}");
    }

    // The bots' ratings moved in the bots' list only.
    for name in names {
        let profile: Value = reqwest::get(format!("{base}/api/players/{name}"))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let ratings = profile["ratings"].to_string();
        assert!(ratings.contains("bot-abapa-bullet"), "{profile}");
        assert!(!ratings.contains("\"abapa-bullet\""), "{profile}");
    }
}

/// Sends `signal` (`STOP`, `CONT`) to the process `pid`.
fn signal(pid: u32, signal: &str) {
    let sent = Command::new("kill")
        .args([&format!("-{signal}"), &pid.to_string()])
        .status()
        .unwrap();
    assert!(sent.success(), "kill -{signal} {pid}");
}

/// `name`'s line in the standings of a TOURNAMENT, if it has joined.
fn line_of<'a>(t: &'a Value, name: &str) -> Option<&'a Value> {
    t["standings"]
        .as_array()?
        .iter()
        .find(|l| l["name"] == name)
}

#[tokio::test]
async fn a_bot_paused_for_a_game_it_never_moved_in_joins_again() {
    let dir = temp_dir("bot-paused");
    let server = serve(
        &format!("sqlite://{}?mode=rwc", dir.join("paused.db").display()),
        &dir,
    )
    .await;
    let base = server.base.as_str();
    let host = sign_up(base, "Host").await;
    // The shortest clock a tournament takes: 15 s, no increment.
    let made = host
        .post(
            format!("{base}/api/tournaments"),
            json!({"name": "Quick bots", "rules": "abapa", "time_control": "0.25+0",
                   "minutes": 30, "rated": false, "bots_allowed": true}),
        )
        .await;
    let id = made["id"].as_str().unwrap();
    let (_, sleeper_token) = bot_account_with(base, "sleeper", SCOPES).await;
    let (_, mover_token) = bot_account_with(base, "mover", SCOPES).await;
    let logs = [dir.join("sleeper"), dir.join("mover")];

    // The sleeper joins, then is stopped (SIGSTOP) before anyone else
    // comes: the game the arena pairs it in when the mover joins, it
    // cannot move in; 10 s after its first turn began (15 s clock: a
    // quarter, but at least 10 s) the server aborts the game, scores it
    // for nobody and pauses the sleeper.
    let sleeper = wari_bot_with(base, &sleeper_token, 3, &logs[0], &["--tournament", id]);
    tournament_where(base, id, |t| line_of(t, "sleeper").is_some()).await;
    signal(sleeper.0.id(), "STOP");
    let _mover = wari_bot_with(base, &mover_token, 1, &logs[1], &["--tournament", id]);
    let paused = tournament_where(base, id, |t| {
        line_of(t, "sleeper").is_some_and(|l| l["active"] == false)
    })
    .await;
    let mover = line_of(&paused, "mover").unwrap();
    assert_eq!(mover["active"], true, "{paused}");
    assert_eq!(mover["games"], 0, "{paused}");
    assert_eq!(line_of(&paused, "sleeper").unwrap()["games"], 0, "{paused}");
    let log = std::fs::read_dir(&logs[1])
        .unwrap()
        .next()
        .unwrap()
        .unwrap();
    let game_id = log.path().file_stem().unwrap().to_str().unwrap().to_owned();
    let lost: Value = reqwest::get(format!("{base}/api/games/{game_id}"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(lost["reason"], "aborted", "{lost}");
    assert_eq!(lost["result"], Value::Null, "{lost}");
    let sleeper_side = if lost["players"]["S"]["name"] == "sleeper" {
        "S"
    } else {
        "N"
    };
    // South moves first: the sleeper never moved.
    let before = usize::from(sleeper_side == "N");
    assert_eq!(super::moves(&lost), before, "{lost}");

    // Going on (SIGCONT), the sleeper reads the game's end, joins again
    // while the arena runs, and says so in the game's log; the arena
    // pairs it again.
    signal(sleeper.0.id(), "CONT");
    let back = tournament_where(base, id, |t| {
        line_of(t, "sleeper").is_some_and(|l| l["active"] == true)
    })
    .await;
    assert_eq!(line_of(&back, "sleeper").unwrap()["games"], 0, "{back}");
    let line = format!("paused in the tournament {id} (no move of its own): rejoined");
    logged(&logs[0].join(format!("{game_id}.log")), &line).await;
}
