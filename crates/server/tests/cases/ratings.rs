//! Ratings: a rated game played to the end changes both players' ratings
//! as Glicko-2 says (checked against the paper's steps computed here, by
//! a second implementation that reproduces the paper's worked example),
//! casual games change nothing, and who may sit at rated tables.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::{Client, Lcg, config, databases, ply, sqlite_url, start, unique};

const PASSWORD: &str = "correct horse battery";

/// Glicko-2 by the steps of Glickman's "Example of the Glicko-2 system"
/// (τ = 0.5, ε = 0.000001, the Illinois algorithm of step 5), written from
/// the paper apart from the server's code.
pub(super) mod paper {
    const SCALE: f64 = 173.7178;
    const TAU: f64 = 0.5;
    const EPSILON: f64 = 0.000_001;

    /// (r, RD, σ) after one period against `games` (r, RD, score).
    pub fn period(r: f64, rd: f64, sigma: f64, games: &[(f64, f64, f64)]) -> (f64, f64, f64) {
        // Step 2: the Glicko-2 scale.
        let mu = (r - 1500.0) / SCALE;
        let phi = rd / SCALE;
        let g = |phi_j: f64| {
            1.0 / (1.0 + 3.0 * phi_j * phi_j / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
        };
        let e = |mu_j: f64, phi_j: f64| 1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp());
        // Step 3: v; step 4: Δ.
        let mut v_inv = 0.0;
        let mut sum = 0.0;
        for &(r_j, rd_j, s) in games {
            let (mu_j, phi_j) = ((r_j - 1500.0) / SCALE, rd_j / SCALE);
            let e_j = e(mu_j, phi_j);
            v_inv += g(phi_j).powi(2) * e_j * (1.0 - e_j);
            sum += g(phi_j) * (s - e_j);
        }
        let v = 1.0 / v_inv;
        let delta = v * sum;
        // Step 5: the new volatility.
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
                - (x - a) / (TAU * TAU)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * TAU) < 0.0 {
                k += 1.0;
            }
            a - k * TAU
        };
        let (mut f_a, mut f_b) = (f(big_a), f(big_b));
        while (big_b - big_a).abs() > EPSILON {
            let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(big_c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = big_c;
            f_b = f_c;
        }
        let sigma_new = (big_a / 2.0).exp();
        // Steps 6 to 8.
        let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        (SCALE * mu_new + 1500.0, SCALE * phi_new, sigma_new)
    }

    #[test]
    fn this_implementation_reproduces_the_papers_example() {
        let (r, rd, sigma) = period(
            1500.0,
            200.0,
            0.06,
            &[
                (1400.0, 30.0, 1.0),
                (1550.0, 100.0, 0.0),
                (1700.0, 300.0, 0.0),
            ],
        );
        assert!((r - 1464.06).abs() < 0.01, "{r}");
        assert!((rd - 151.52).abs() < 0.01, "{rd}");
        assert!((sigma - 0.05999).abs() < 0.000_01, "{sigma}");
    }
}

/// Plays random legal moves over HTTP until the game ends.
async fn play_out(players: [&Client; 2], id: &str, seed: u64) -> Value {
    let mut rng = Lcg(seed);
    let mut game = players[0].game(id).await;
    while game["status"] == "playing" {
        let mover = if game["to_move"] == "S" {
            players[0]
        } else {
            players[1]
        };
        let mv = rng.pick(game["legal"].as_array().unwrap()).to_owned();
        let (status, next) = mover.play(id, &mv, ply(&game)).await;
        assert_eq!(status, StatusCode::OK, "{next}");
        game = next;
    }
    game
}

#[tokio::test]
async fn a_rated_game_changes_both_ratings_as_glicko2_says() {
    for db in databases() {
        let server = start(config(&db)).await;
        let (ama_name, kofi_name) = (unique("Ama"), unique("Kofi"));
        let ama = Client::sign_up(&server.base, &ama_name, PASSWORD).await;
        let kofi = Client::sign_up(&server.base, &kofi_name, PASSWORD).await;
        let created = ama
            .create_table(
                json!({"rules": "abapa", "starts": "S", "opponent": {"kind": "human"},
                "clock": {"initial_s": 300, "increment_s": 3}, "rated": true}),
            )
            .await;
        assert_eq!(created["table"]["rated"], true);
        assert_eq!(created["table"]["pool"], "abapa-blitz");
        let id = kofi.join(&created).await;
        let game = ama.game(&id).await;
        assert_eq!(game["rated"], true);
        assert_eq!(game["pool"], "abapa-blitz");
        for side in ["S", "N"] {
            assert_eq!(game["players"][side]["rating"], 1500);
            assert_eq!(game["players"][side]["provisional"], true);
        }

        let game = play_out([&ama, &kofi], &id, 11).await;
        let south_score = match game["result"].as_str().unwrap() {
            "S" => 1.0,
            "N" => 0.0,
            _ => 0.5,
        };
        let (south, _, _) = paper::period(1500.0, 350.0, 0.06, &[(1500.0, 350.0, south_score)]);
        let (north, north_rd, north_sigma) =
            paper::period(1500.0, 350.0, 0.06, &[(1500.0, 350.0, 1.0 - south_score)]);
        for (name, expected, side) in [(&ama_name, south, "S"), (&kofi_name, north, "N")] {
            let (status, profile) = ama.get(&format!("/api/players/{name}")).await;
            assert_eq!(status, StatusCode::OK, "{profile}");
            let rating = &profile["ratings"]["abapa-blitz"];
            assert!(
                (rating["rating"].as_f64().unwrap() - expected).abs() < 1e-6,
                "{name}: {rating} against {expected}"
            );
            assert_eq!(rating["games"], 1);
            assert_eq!(rating["provisional"], true);
            // Each player sees the change at the board.
            let seat = &game["players"][side];
            assert_eq!(seat["rating"], 1500);
            assert_eq!(
                seat["rating_diff"].as_i64().unwrap(),
                expected.round() as i64 - 1500
            );
        }
        let (_, profile) = kofi.get(&format!("/api/players/{kofi_name}")).await;
        let rating = &profile["ratings"]["abapa-blitz"];
        assert!((rating["deviation"].as_f64().unwrap() - north_rd).abs() < 1e-6);
        assert!((rating["volatility"].as_f64().unwrap() - north_sigma).abs() < 1e-9);
        server.server.stop().await;
    }
}

#[tokio::test]
async fn casual_games_leave_ratings_alone_and_rated_tables_want_accounts() {
    let server = start(config(&sqlite_url())).await;
    let ama = Client::sign_up(&server.base, "Ama", PASSWORD).await;
    let kofi = Client::sign_up(&server.base, "Kofi", PASSWORD).await;
    let guest = Client::sign_in(&server.base, "Yaw").await;
    let created = ama
        .create_table(json!({"starts": "S", "opponent": {"kind": "human"},
            "clock": {"initial_s": 300, "increment_s": 3}}))
        .await;
    let id = kofi.join(&created).await;
    let game = play_out([&ama, &kofi], &id, 3).await;
    assert_eq!(game["rated"], false);
    assert!(game["players"]["S"].get("rating_diff").is_none());
    let (_, profile) = ama.get("/api/players/Ama").await;
    assert_eq!(profile["ratings"], json!({}));

    let rated = json!({"opponent": {"kind": "human"}, "clock": {"initial_s": 300, "increment_s": 3}, "rated": true});
    let (status, body) = guest.post("/api/tables", rated.clone()).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    for bad in [
        json!({"opponent": {"kind": "human"}, "rated": true}),
        json!({"rules": "abapa,pits=5", "opponent": {"kind": "human"}, "clock": {"initial_s": 300}, "rated": true}),
        json!({"opponent": {"kind": "computer", "level": 3}, "clock": {"initial_s": 300}, "rated": true}),
        json!({"opponent": {"kind": "human"}, "clock": {"initial_s": 300}, "rating_range": [1700, 1600]}),
    ] {
        let (status, body) = ama.post("/api/tables", bad.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {body}");
    }
    let created = ama.create_table(rated).await;
    let table = created["table"]["id"].as_str().unwrap();
    let (status, body) = guest
        .post(&format!("/api/tables/{table}/join"), json!({}))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    // A table for 1600 to 1800: a new player (1500) may not sit.
    let ranged = ama
        .create_table(
            json!({"opponent": {"kind": "human"}, "clock": {"initial_s": 300, "increment_s": 3},
            "rated": true, "rating_range": [1600, 1800]}),
        )
        .await;
    let table = ranged["table"]["id"].as_str().unwrap();
    let (status, body) = kofi
        .post(&format!("/api/tables/{table}/join"), json!({}))
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(body["error"].as_str().unwrap().contains("1600 to 1800"));
    // The creator cancels it; it is gone.
    let (status, body) = kofi
        .post(&format!("/api/tables/{table}/cancel"), json!({}))
        .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    let (status, body) = ama
        .post(&format!("/api/tables/{table}/cancel"), json!({}))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        ama.get(&format!("/api/tables/{table}")).await.0,
        StatusCode::NOT_FOUND
    );
    server.server.stop().await;
}

#[tokio::test]
async fn a_rated_game_ended_before_both_players_moved_is_not_rated() {
    let server = start(config(&sqlite_url())).await;
    let ama = Client::sign_up(&server.base, "Ama", PASSWORD).await;
    let kofi = Client::sign_up(&server.base, "Kofi", PASSWORD).await;
    let rated_game = || async {
        let created = ama
            .create_table(
                json!({"rules": "kalah", "starts": "S", "opponent": {"kind": "human"},
                "clock": "5+3", "rated": true}),
            )
            .await;
        kofi.join(&created).await
    };
    let resign = |who: &Client, id: &str| {
        let (who, path) = (who.clone(), format!("/api/games/{id}/resign"));
        async move {
            let (status, body) = who.post(&path, json!({})).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            body
        }
    };
    // South resigns before moving; then South moves twice (C ends in
    // Kalah's store: an extra move) and North resigns before moving.
    let id = rated_game().await;
    let game = resign(&ama, &id).await;
    assert_eq!(
        (game["status"].as_str(), game["rated"].as_bool()),
        (Some("finished"), Some(false))
    );
    let id = rated_game().await;
    for (mv, ply) in [("C", 0), ("A", 1)] {
        let (status, body) = ama.play(&id, mv, ply).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    assert_eq!(ama.game(&id).await["to_move"], "N");
    let game = resign(&kofi, &id).await;
    assert_eq!(game["rated"], false);
    assert!(game["players"]["S"].get("rating_diff").is_none());
    for name in ["Ama", "Kofi"] {
        let (_, profile) = ama.get(&format!("/api/players/{name}")).await;
        assert_eq!(profile["ratings"], json!({}), "{name}");
    }
    let (_, rated) = ama.get("/api/players/Ama/games?rated=true").await;
    assert_eq!(rated["games"], json!([]));
    // Once both have moved, the result counts.
    let id = rated_game().await;
    for (who, mv, ply) in [(&ama, "A", 0), (&kofi, "a", 1)] {
        let (status, body) = who.play(&id, mv, ply).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let game = resign(&ama, &id).await;
    assert_eq!(game["rated"], true);
    assert!(game["players"]["N"]["rating_diff"].as_i64().unwrap() > 0);
    server.server.stop().await;
}
