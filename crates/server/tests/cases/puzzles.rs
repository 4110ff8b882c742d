//! Puzzle ratings: a signed-in player's attempt is judged by the server
//! against the shipped puzzle (web/puzzles/*.ndjson, the opponent's reply
//! part of the answer) and rated as Glicko-2 says (the paper's steps of
//! `ratings.rs`, apart from the server's code), against the puzzle's own
//! rating at deviation 80; only the first attempt at a puzzle moves the
//! rating, which is stored (read back from another browser, on the
//! profile); another account's is untouched; a guest's stays the
//! browser's; bad attempts are refused in the request's language; two
//! processes on one PostgreSQL database rate each first attempt once.

use reqwest::StatusCode;
use serde_json::{Value, json};

use super::ratings::paper;
use crate::common::{Client, TestServer, config, databases, sqlite_url, start, unique};

const PASSWORD: &str = "correct horse battery";

/// A new player: (r, RD, σ).
const NEW: (f64, f64, f64) = (1500.0, 350.0, 0.06);

/// kalah-0002, rated 1220: `0,2,0,1,0,5/0,0,1,0,1,1 S 20-17`, solution D,
/// the reply c, then B (web/puzzles/kalah.ndjson, line 2).
const TWO_MOVES: (&str, f64) = ("kalah-0002", 1220.0);
/// kalah-0003, rated 1020: `0,2,0,0,3,4/0,0,0,0,1,1 S 19-18`, solution B
/// (E, with 3 seeds, is legal and wrong).
const ONE_MOVE: (&str, f64) = ("kalah-0003", 1020.0);

/// (r, RD, σ) after one attempt at a puzzle rated `puzzle` (RD 80).
fn after(before: (f64, f64, f64), puzzle: f64, solved: bool) -> (f64, f64, f64) {
    let (r, rd, sigma) = before;
    paper::period(
        r,
        rd,
        sigma,
        &[(puzzle, 80.0, if solved { 1.0 } else { 0.0 })],
    )
}

/// Whether the API's rating is (r, RD, σ) (a few milliseconds between
/// attempts grow the deviation by far less than the tolerance).
fn assert_rating(view: &Value, expected: (f64, f64, f64)) {
    let (r, rd, sigma) = expected;
    assert!(
        (view["rating"].as_f64().unwrap() - r).abs() < 1e-6,
        "{view} against {expected:?}"
    );
    assert!(
        (view["deviation"].as_f64().unwrap() - rd).abs() < 1e-6,
        "{view} against {expected:?}"
    );
    assert!(
        (view["volatility"].as_f64().unwrap() - sigma).abs() < 1e-9,
        "{view} against {expected:?}"
    );
}

async fn attempt(client: &Client, id: &str, moves: &str) -> (StatusCode, Value) {
    client
        .post(
            &format!("/api/puzzles/{id}/attempt"),
            json!({ "moves": moves }),
        )
        .await
}

#[tokio::test]
async fn a_signed_in_players_first_attempts_are_rated_stored_and_shown() {
    for db in databases() {
        let server = start(config(&db)).await;
        let (ama_name, kofi_name) = (unique("Ama"), unique("Kofi"));
        let ama = Client::sign_up(&server.base, &ama_name, PASSWORD).await;
        let kofi = Client::sign_up(&server.base, &kofi_name, PASSWORD).await;
        let (status, mine) = ama.get("/api/puzzles/rating").await;
        assert_eq!(status, StatusCode::OK, "{mine}");
        assert_eq!(mine, json!({"ratings": {}, "tried": {}}));

        // Solved, the opponent's reply included: a win against 1220.
        let (status, solved) = attempt(&ama, TWO_MOVES.0, "D c B").await;
        assert_eq!(status, StatusCode::OK, "{solved}");
        assert_eq!(solved["solved"], true);
        assert_eq!(solved["rated"], true);
        assert_eq!(solved["kept"], "account");
        assert_eq!(solved["family"], "kalah");
        assert_eq!(solved["solution"], "D c B");
        assert_rating(&solved["before"], NEW);
        let first = after(NEW, TWO_MOVES.1, true);
        assert_rating(&solved["rating"], first);
        assert_eq!(solved["rating"]["games"], 1);

        // A first attempt failed: a loss against 1020 lowers it.
        let (status, failed) = attempt(&ama, ONE_MOVE.0, "E").await;
        assert_eq!(status, StatusCode::OK, "{failed}");
        assert_eq!(failed["solved"], false);
        assert_eq!(failed["expected"], "B");
        assert_eq!(failed["rated"], true);
        let second = after(first, ONE_MOVE.1, false);
        assert!(second.0 < first.0, "{second:?} {first:?}");
        assert_rating(&failed["rating"], second);
        assert_eq!(failed["rating"]["games"], 2);

        // Repeats are answered, right or wrong, and leave the rating.
        for (id, moves, right) in [(TWO_MOVES.0, "F", false), (ONE_MOVE.0, "B", true)] {
            let (status, again) = attempt(&ama, id, moves).await;
            assert_eq!(status, StatusCode::OK, "{again}");
            assert_eq!(again["solved"], right, "{again}");
            assert_eq!(again["rated"], false, "{again}");
            assert_rating(&again["rating"], second);
            assert_eq!(again["rating"]["games"], 2);
        }

        // Another family has its own rating.
        let (status, oware) = attempt(&ama, "abapa-0003", "f").await;
        assert_eq!(status, StatusCode::OK, "{oware}");
        assert_eq!(oware["family"], "abapa");
        assert_rating(&oware["rating"], after(NEW, 960.0, true));

        // Stored: another browser signed in to the account reads it back,
        // and the profile shows it beside the (no) game ratings.
        let elsewhere = Client::sign_in_account(&server.base, &ama_name, PASSWORD).await;
        let (status, mine) = elsewhere.get("/api/puzzles/rating").await;
        assert_eq!(status, StatusCode::OK, "{mine}");
        assert_rating(&mine["ratings"]["kalah"], second);
        assert_eq!(mine["ratings"]["kalah"]["games"], 2);
        assert_eq!(mine["tried"]["kalah"], json!([TWO_MOVES.0, ONE_MOVE.0]));
        assert_eq!(mine["tried"]["abapa"], json!(["abapa-0003"]));
        let (status, profile) = kofi.get(&format!("/api/players/{ama_name}")).await;
        assert_eq!(status, StatusCode::OK, "{profile}");
        assert_rating(&profile["puzzle_ratings"]["kalah"], second);
        assert_eq!(profile["puzzle_ratings"]["kalah"]["provisional"], true);
        assert_eq!(profile["ratings"], json!({}));

        // Kofi's is untouched: none yet, then his own first attempt at
        // the same puzzle is rated from a new player's.
        let (_, profile) = ama.get(&format!("/api/players/{kofi_name}")).await;
        assert_eq!(profile["puzzle_ratings"], json!({}));
        let (status, his) = attempt(&kofi, TWO_MOVES.0, "D c B").await;
        assert_eq!(status, StatusCode::OK, "{his}");
        assert_eq!(his["rated"], true);
        assert_rating(&his["rating"], first);
        let (_, mine) = elsewhere.get("/api/puzzles/rating").await;
        assert_rating(&mine["ratings"]["kalah"], second);
        server.server.stop().await;
    }
}

#[tokio::test]
async fn a_guests_rating_is_the_browsers_and_bad_attempts_are_refused() {
    let server = start(config(&sqlite_url())).await;
    let guest = Client::sign_in(&server.base, "Yaw").await;
    // The browser's rating, sent with the attempt, rated and given back;
    // the server keeps nothing, so the same attempt rates the same.
    let browser = (1610.0, 120.0, 0.059);
    let sent = json!({"moves": "E", "player": {"rating": browser.0, "deviation": browser.1, "volatility": browser.2}});
    for _ in 0..2 {
        let (status, rated) = guest
            .post(
                &format!("/api/puzzles/{}/attempt", ONE_MOVE.0),
                sent.clone(),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{rated}");
        assert_eq!(rated["kept"], "browser");
        assert_eq!(rated["solved"], false);
        assert_eq!(rated["rated"], true);
        assert_rating(&rated["rating"], after(browser, ONE_MOVE.1, false));
    }
    let nobody = Client::anonymous(&server.base);
    let (status, rated) = attempt(&nobody, TWO_MOVES.0, "DcB").await;
    assert_eq!(status, StatusCode::OK, "{rated}");
    assert_rating(&rated["rating"], after(NEW, TWO_MOVES.1, true));

    // Only an account has a stored puzzle rating.
    for client in [&guest, &nobody] {
        let (status, body) = client.get("/api/puzzles/rating").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        assert!(
            body["code"].is_string() && body["error"].is_string(),
            "{body}"
        );
    }
    let (_, body) = guest.get("/api/puzzles/rating").await;
    assert_eq!(body["code"], "puzzle-rating-needs-account");

    // A signed-in player cannot send a rating, nor claim a solve.
    let ama = Client::sign_up(&server.base, "Ama", PASSWORD).await;
    for (id, body, status, code) in [
        (
            TWO_MOVES.0,
            sent.clone(),
            StatusCode::BAD_REQUEST,
            "puzzle-rating-kept",
        ),
        (
            TWO_MOVES.0,
            json!({"moves": "DcB", "solved": true}),
            StatusCode::BAD_REQUEST,
            "body-malformed",
        ),
        (
            TWO_MOVES.0,
            json!({"solved": true}),
            StatusCode::BAD_REQUEST,
            "body-malformed",
        ),
        (
            "kalah-9999",
            json!({"moves": "D"}),
            StatusCode::NOT_FOUND,
            "no-puzzle",
        ),
        (
            TWO_MOVES.0,
            json!({"moves": "DxB"}),
            StatusCode::BAD_REQUEST,
            "bad-moves",
        ),
        (
            TWO_MOVES.0,
            json!({"moves": "A"}),
            StatusCode::BAD_REQUEST,
            "bad-moves",
        ),
        (
            TWO_MOVES.0,
            json!({"moves": ""}),
            StatusCode::BAD_REQUEST,
            "puzzle-no-moves",
        ),
        (
            TWO_MOVES.0,
            json!({"moves": "D"}),
            StatusCode::BAD_REQUEST,
            "puzzle-unfinished",
        ),
        (
            TWO_MOVES.0,
            json!({"moves": "D e B"}),
            StatusCode::BAD_REQUEST,
            "puzzle-not-the-reply",
        ),
        (
            TWO_MOVES.0,
            json!({"moves": "F b"}),
            StatusCode::BAD_REQUEST,
            "puzzle-after-wrong-move",
        ),
    ] {
        let (got, answer) = ama
            .post(&format!("/api/puzzles/{id}/attempt"), body.clone())
            .await;
        assert_eq!(got, status, "{body}: {answer}");
        assert_eq!(answer["code"], code, "{body}: {answer}");
    }
    // None of them was an attempt: the first real one is rated.
    let (_, mine) = ama.get("/api/puzzles/rating").await;
    assert_eq!(mine, json!({"ratings": {}, "tried": {}}));

    // Refusals in the request's language.
    let response = ama
        .http
        .post(format!("{}/api/puzzles/kalah-0002/attempt", server.base))
        .header("cookie", ama.cookie.clone().unwrap())
        .header("accept-language", "es")
        .json(&json!({"moves": "D"}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let body: Value = response.json().await.unwrap();
    assert_eq!(body["code"], "puzzle-unfinished");
    assert_eq!(
        body["error"],
        "jugadas: el intento se detiene antes que el problema (faltan 2)"
    );
    server.server.stop().await;
}

#[tokio::test]
async fn attempts_are_counted_against_the_rate() {
    let mut cfg = config(&sqlite_url());
    cfg.rate_per_s = 2;
    let server = start(cfg).await;
    let guest = Client::sign_in(&server.base, "Yaw").await;
    let mut statuses = Vec::new();
    for _ in 0..8 {
        statuses.push(attempt(&guest, ONE_MOVE.0, "B").await.0);
    }
    assert!(
        statuses.contains(&StatusCode::TOO_MANY_REQUESTS),
        "{statuses:?}"
    );
    server.server.stop().await;
}

/// `client`'s browser talking to `server` (the same cookie).
fn through(client: &Client, server: &TestServer) -> Client {
    Client {
        base: server.base.clone(),
        ..client.clone()
    }
}

#[tokio::test]
async fn two_processes_rate_each_first_attempt_once() {
    let Ok(db) = std::env::var("WARI_TEST_POSTGRES") else {
        eprintln!("WARI_TEST_POSTGRES is not set: skipped");
        return;
    };
    let [a, b]: [TestServer; 2] = [start(config(&db)).await, start(config(&db)).await];
    let ama = Client::sign_up(&a.base, &unique("Ama"), PASSWORD).await;
    let ama_on_b = through(&ama, &b);
    // The same first attempt through both at once: one is rated.
    let (one, two) = tokio::join!(
        attempt(&ama, TWO_MOVES.0, "D c B"),
        attempt(&ama_on_b, TWO_MOVES.0, "D c B")
    );
    assert_eq!(
        (one.0, two.0),
        (StatusCode::OK, StatusCode::OK),
        "{one:?} {two:?}"
    );
    let rated: Vec<bool> = [&one.1, &two.1]
        .iter()
        .map(|v| v["rated"] == true)
        .collect();
    assert_eq!(rated.iter().filter(|r| **r).count(), 1, "{one:?} {two:?}");
    let first = after(NEW, TWO_MOVES.1, true);
    // Two different first attempts at once: both rated, one after the
    // other (in either order), none lost.
    let (one, two) = tokio::join!(
        attempt(&ama, ONE_MOVE.0, "E"),
        attempt(&ama_on_b, "kalah-0004", "B")
    );
    assert_eq!(
        (one.0, two.0),
        (StatusCode::OK, StatusCode::OK),
        "{one:?} {two:?}"
    );
    let (_, mine) = ama_on_b.get("/api/puzzles/rating").await;
    let kalah = &mine["ratings"]["kalah"];
    assert_eq!(kalah["games"], 3, "{mine}");
    let lost_then_won = after(after(first, ONE_MOVE.1, false), 1020.0, true);
    let won_then_lost = after(after(first, 1020.0, true), ONE_MOVE.1, false);
    let got = kalah["rating"].as_f64().unwrap();
    assert!(
        (got - lost_then_won.0).abs() < 1e-6 || (got - won_then_lost.0).abs() < 1e-6,
        "{got} against {lost_then_won:?} or {won_then_lost:?}"
    );
    a.server.stop().await;
    b.server.stop().await;
}
