//! The engine's time is shared fairly (issue 14, point 1): analysis from
//! many clients cannot make the computer wait, each client has one
//! analysis at a time, and answers are cached.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::{Client, config, ply, sqlite_url, start};

/// A start position with one seed moved, different for each `n`, so no
/// two analyses share a cached answer.
fn position(n: usize) -> String {
    let mut pits = [4u8; 12];
    pits[n % 12] -= 1;
    pits[(n + 1) % 12] += 1;
    let row = |r: &[u8]| r.iter().map(u8::to_string).collect::<Vec<_>>().join(",");
    format!("{}/{} S 0-0", row(&pits[..6]), row(&pits[6..]))
}

#[tokio::test]
async fn analyses_from_six_addresses_do_not_hold_up_the_computer() {
    let mut cfg = config(&sqlite_url());
    cfg.computer_threads = 2;
    // Six visitors behind one (trusted) proxy: six addresses.
    cfg.trusted_proxies = vec!["127.0.0.1".parse().unwrap()];
    let server = start(cfg).await;
    let http = reqwest::Client::new();
    let analyze = |n: usize, movetime: u32| {
        http.get(format!("{}/api/analyze", server.base))
            .query(&[
                ("position", position(n)),
                ("movetime", movetime.to_string()),
            ])
            .header("x-forwarded-for", format!("203.0.113.{n}"))
            .send()
    };
    let mut analyses = Vec::new();
    for n in 1..=6 {
        let request = analyze(n, 1500);
        analyses.push(tokio::spawn(async move { request.await.unwrap().status() }));
    }
    // Each visitor's analysis is under way (admitted, running or waiting
    // for a thread): a second one from the same address is refused.
    for n in 1..=6 {
        for tries in 0.. {
            assert!(tries < 100, "the first analysis of {n} never showed");
            let second = analyze(n, 1).await.unwrap();
            if second.status() == StatusCode::TOO_MANY_REQUESTS {
                let reply: Value = second.json().await.unwrap();
                assert!(reply["error"].as_str().unwrap().contains("one analysis"));
                break;
            }
            // The first had not reached the server yet: this one went
            // through (1 ms) in its place.
            assert_eq!(second.status(), StatusCode::OK);
        }
    }
    // Now a person plays the computer: its reply comes while the analyses
    // (1.5 s each, at most one at a time beside the computer) still run.
    let ama = Client::sign_in(&server.base, "Ama").await;
    let id = ama.computer_game(json!({"rules": "abapa,cycle=3", "starts": "S", "opponent": {"kind": "computer", "level": 10}})).await;
    let mut ws = ama.ws(&id).await;
    ws.next_state().await;
    assert_eq!(ama.play(&id, "F", 0).await.0, StatusCode::OK);
    ws.state_where(|g| ply(g) == 2).await;
    let pending = analyses.iter().filter(|a| !a.is_finished()).count();
    assert!(
        pending >= 5,
        "the computer waited for {} analyses",
        6 - pending
    );
    for a in analyses {
        assert_eq!(a.await.unwrap(), StatusCode::OK);
    }
    ws.close().await;
    server.server.stop().await;
}

#[tokio::test]
async fn an_answer_is_cached_for_searches_no_longer() {
    let server = start(config(&sqlite_url())).await;
    let nobody = Client::anonymous(&server.base);
    let path = |movetime: u32| {
        format!(
            "/api/analyze?position={}&movetime={movetime}",
            position(3).replace(' ', "%20")
        )
    };
    let (status, first) = nobody.get(&path(200)).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(first["cached"], false);
    let (_, again) = nobody.get(&path(100)).await;
    assert_eq!(again["cached"], true);
    for field in ["best", "score", "pv", "depth", "exact"] {
        assert_eq!(again[field], first[field], "{field}");
    }
    let (_, longer) = nobody.get(&path(300)).await;
    assert_eq!(longer["cached"], false);
    server.server.stop().await;
}

#[tokio::test]
async fn an_analysis_whose_client_leaves_is_stopped() {
    let server = start(config(&sqlite_url())).await;
    let url = format!(
        "{}/api/analyze?position={}&movetime=2000",
        server.base,
        position(5).replace(' ', "%20")
    );
    let leaving = tokio::spawn(reqwest::get(url.clone()));
    let nobody = Client::anonymous(&server.base);
    let probe = format!(
        "/api/analyze?position={}&movetime=1",
        position(7).replace(' ', "%20")
    );
    // Wait until it is under way (a second analysis is refused)...
    for tries in 0.. {
        assert!(tries < 100, "the analysis never started");
        if nobody.get(&probe).await.0 == StatusCode::TOO_MANY_REQUESTS {
            break;
        }
    }
    // ...then the client goes away.
    leaving.abort();
    let _ = leaving.await;
    // Its slot is free at once (a search left running would hold it and
    // then cache its answer).
    for tries in 0.. {
        assert!(tries < 1000, "the client's analysis was never let go");
        if nobody.get(&probe).await.0 == StatusCode::OK {
            break;
        }
    }
    let (_, answer) = nobody.get(&url.replace(&server.base, "")).await;
    assert_eq!(
        answer["cached"], false,
        "the abandoned search ran to its end"
    );
    server.server.stop().await;
}
