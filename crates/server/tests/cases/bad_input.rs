//! Bad requests and messages are refused with a 4xx (or an error
//! message) and change nothing.

use reqwest::StatusCode;
use serde_json::json;

use crate::common::{Client, config, sqlite_url, start};

#[tokio::test]
async fn bad_moves_and_requests_are_refused_and_change_nothing() {
    let server = start(config(&sqlite_url())).await;
    let ama = Client::sign_in(&server.base, "Ama").await;
    let kofi = Client::sign_in(&server.base, "Kofi").await;
    let esi = Client::sign_in(&server.base, "Esi").await;
    let nobody = Client::anonymous(&server.base);
    let id = ama.game_against(&kofi).await;
    assert_eq!(ama.play(&id, "F", 0).await.0, StatusCode::OK);
    let before = ama.game(&id).await;
    let moves = format!("/api/games/{id}/moves");

    let cases: Vec<(&Client, String, StatusCode, &str)> = vec![
        (
            &kofi,
            json!({"move": "A"}).to_string(),
            StatusCode::BAD_REQUEST,
            "South's",
        ),
        (
            &kofi,
            json!({"move": "q"}).to_string(),
            StatusCode::BAD_REQUEST,
            "not a move",
        ),
        (
            &kofi,
            json!({"move": "f", "ply": 0}).to_string(),
            StatusCode::CONFLICT,
            "stale ply",
        ),
        (
            &ama,
            json!({"move": "A"}).to_string(),
            StatusCode::CONFLICT,
            "not your turn",
        ),
        (
            &esi,
            json!({"move": "a"}).to_string(),
            StatusCode::FORBIDDEN,
            "not seated",
        ),
        (
            &nobody,
            json!({"move": "a"}).to_string(),
            StatusCode::UNAUTHORIZED,
            "session",
        ),
        (
            &kofi,
            "{\"move\": ".to_owned(),
            StatusCode::BAD_REQUEST,
            "malformed",
        ),
        (
            &kofi,
            json!({"mv": "a"}).to_string(),
            StatusCode::BAD_REQUEST,
            "malformed",
        ),
        (
            &kofi,
            json!({"move": "a", "ply": -1}).to_string(),
            StatusCode::BAD_REQUEST,
            "malformed",
        ),
        (
            &kofi,
            format!("{{\"move\": \"{}\"}}", "a".repeat(100_000)),
            StatusCode::PAYLOAD_TOO_LARGE,
            "too large",
        ),
    ];
    for (client, body, status, words) in cases {
        let (got, reply) = client.post_raw(&moves, body).await;
        assert_eq!(got, status, "{reply}");
        let error = reply["error"]
            .as_str()
            .unwrap_or_else(|| panic!("an error line: {reply}"));
        assert!(error.contains(words), "{error:?} should say {words:?}");
        assert!(!error.contains('\n'));
    }
    // An empty pit, and a pit the rules do not have.
    let (status, reply) = ama.offer(&id, "draw").await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{reply}");
    assert_eq!(ama.game(&id).await["moves"], before["moves"]);
    assert_eq!(ama.game(&id).await["position"], before["position"]);

    let (status, reply) = ama.get("/api/games/NoSuchGame").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(reply["error"].is_string());
    let (status, _) = ama.play("NoSuchGame", "A", 0).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = ama.get("/api/games/..%2F..%2Fetc").await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Over the WebSocket: an error message each, and the game unchanged.
    let mut ws = ama.ws(&id).await;
    ws.next_state().await;
    for bad in [
        "not json".to_owned(),
        json!({"type": "dance"}).to_string(),
        json!({"type": "move", "move": "B"}).to_string(),
    ] {
        ws.send_text(&bad).await;
        let reply = ws.next_error().await;
        assert_eq!(reply["type"], "error", "{reply}");
    }
    let mut spectator = esi.ws(&id).await;
    spectator.next_state().await;
    spectator.send(json!({"type": "move", "move": "a"})).await;
    let reply = spectator.next_error().await;
    assert_eq!(reply["type"], "error");
    assert!(reply["error"].as_str().unwrap().contains("not seated"));
    assert_eq!(ama.game(&id).await["moves"], before["moves"]);
    ws.close().await;
    spectator.close().await;
    server.server.stop().await;
}

#[tokio::test]
async fn bad_tables_and_sessions_are_refused() {
    let server = start(config(&sqlite_url())).await;
    let ama = Client::sign_in(&server.base, "Ama").await;
    for (spec, words) in [
        (
            json!({"rules": "chess", "opponent": {"kind": "human"}}),
            "rules",
        ),
        (
            json!({"rules": "abapa,pits=9", "opponent": {"kind": "human"}}),
            "rules",
        ),
        (
            json!({"starts": "E", "opponent": {"kind": "human"}}),
            "starts",
        ),
        (
            json!({"opponent": {"kind": "computer", "level": 11}}),
            "level",
        ),
        (
            json!({"opponent": {"kind": "computer", "level": 0}}),
            "level",
        ),
        (json!({"opponent": {"kind": "alien"}}), "malformed"),
        (
            json!({"opponent": {"kind": "human"}, "clock": {"initial_s": 0}}),
            "initial_s",
        ),
        (
            json!({"opponent": {"kind": "human"}, "clock": {"initial_s": 60, "increment_s": 9999}}),
            "increment_s",
        ),
        (
            json!({"opponent": {"kind": "human"}, "clock": "3 min"}),
            "MINUTES+SECONDS",
        ),
        (
            json!({"opponent": {"kind": "human"}, "clock": "181+0"}),
            "3 hours",
        ),
        (json!({"rules": "abapa"}), "malformed"),
    ] {
        let (status, reply) = ama.post("/api/tables", spec.clone()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{spec} → {reply}");
        assert!(reply["error"].as_str().unwrap().contains(words), "{reply}");
    }
    let (_, lobby) = ama.get("/api/tables").await;
    assert_eq!(lobby["open"], json!([]));
    let nobody = Client::anonymous(&server.base);
    let (status, _) = nobody
        .post("/api/tables", json!({"opponent": {"kind": "human"}}))
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = nobody.get("/api/session").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, me) = ama.get("/api/session").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["name"], "Ama");
    for name in ["", "   ", "a name far too long for any board"] {
        let (status, _) = nobody.post("/api/session", json!({"name": name})).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
    }
    let (status, _) = nobody.post("/api/tables/NoSuch/join", json!({})).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = ama.post("/api/tables/NoSuch/join", json!({})).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    server.server.stop().await;
}

#[tokio::test]
async fn the_archive_imports_finished_records_only() {
    let server = start(config(&sqlite_url())).await;
    let ama = Client::sign_in(&server.base, "Ama").await;
    let record = "[South \"Ama\"]\n[North \"Kofi\"]\n[Rules \"abapa\"]\n[Termination \"resignation\"]\n[Winner \"S\"]\n\n1. C d 2. A *\n";
    let (status, reply) = ama.post_raw("/api/archive", record.to_owned()).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let id = reply["game_id"].as_str().unwrap().to_owned();
    let game = ama.game(&id).await;
    assert_eq!(game["status"], "finished");
    assert_eq!(game["reason"], "resignation");
    assert_eq!(game["result"], "S");
    assert_eq!(game["players"]["N"]["name"], "Kofi");
    let (_, archive) = ama.get("/api/games?status=finished").await;
    assert_eq!(archive["games"][0]["id"], id.as_str());
    let (_, _, ogn) = ama.get_text(&format!("/api/games/{id}/ogn")).await;
    assert!(
        ogn.contains("[Winner \"S\"]") && ogn.contains("1. C d 2. A"),
        "{ogn}"
    );

    // A record set up elsewhere keeps its start position.
    let set_up = "[FEN \"0-0-0-0-0-1-1-0-0-0-1-0-23-22-S\"]\n\n1. F+2 *\n";
    let (status, reply) = ama.post_raw("/api/archive", set_up.to_owned()).await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    let game = ama.game(reply["game_id"].as_str().unwrap()).await;
    assert_eq!(game["start"], "0,0,0,0,0,1/1,0,0,0,1,0 S 23-22");
    assert_eq!(game["reason"], "majority");

    let (status, reply) = ama
        .post_raw("/api/archive", "1. C d 2. E f+2 *".to_owned())
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(reply["error"].as_str().unwrap().contains("f"), "{reply}");
    let (status, reply) = ama.post_raw("/api/archive", "1. C d *".to_owned()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(reply["error"].as_str().unwrap().contains("not finished"));
    let (status, _) = ama
        .post_raw("/api/archive", "x".repeat(2 * 1024 * 1024))
        .await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    let (status, _) = ama
        .get("/api/games?status=finished&before=NoSuchGame")
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    server.server.stop().await;
}

#[tokio::test]
async fn analysis_health_and_the_front_end() {
    let server = start(config(&sqlite_url())).await;
    let nobody = Client::anonymous(&server.base);
    let (status, _, text) = nobody.get_text("/healthz").await;
    assert_eq!((status, text.as_str()), (StatusCode::OK, "ok"));
    let (status, reply) = nobody
        .get("/api/analyze?rules=abapa&position=0,0,0,0,0,1/2,5,0,0,0,4%20S%2020-16&movetime=100")
        .await;
    assert_eq!(status, StatusCode::OK, "{reply}");
    assert_eq!(reply["best"], "F");
    assert!(reply["pv"].as_str().unwrap().starts_with('F'));
    assert!(
        reply["score"].is_number() && reply["exact"].is_boolean() && reply["depth"].is_number()
    );
    for bad in [
        "/api/analyze?position=1,2/3%20S%200-0",
        "/api/analyze?position=4,4,4,4,4,4/4,4,4,4,4,4%20S%200-0&movetime=5000",
        "/api/analyze?rules=nope&position=4,4,4,4,4,4/4,4,4,4,4,4%20S%200-0",
        "/api/analyze",
    ] {
        let (status, reply) = nobody.get(bad).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{bad}: {reply}");
    }
    let (status, content_type, page) = nobody.get_text("/").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(content_type, "text/html; charset=utf-8");
    let (_, _, route) = nobody.get_text("/game/abc123").await;
    assert_eq!(route, page);
    let (status, _) = nobody.get("/api/no/such/route").await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    server.server.stop().await;
}

#[tokio::test]
async fn the_message_rate_and_open_connections_are_limited() {
    let mut cfg = config(&sqlite_url());
    cfg.rate_per_s = 2;
    cfg.max_connections_per_client = 2;
    let server = start(cfg).await;
    let ama = Client::sign_in(&server.base, "Ama").await;
    let created = ama
        .create_table(json!({"starts": "S", "opponent": {"kind": "human"}}))
        .await;
    let id = created["table"]["game_id"].as_str().unwrap().to_owned();
    let mut statuses = Vec::new();
    for _ in 0..8 {
        statuses.push(ama.play(&id, "A", 0).await.0);
    }
    assert!(
        statuses.contains(&StatusCode::TOO_MANY_REQUESTS),
        "{statuses:?}"
    );
    let one = ama.ws(&id).await;
    let two = ama.ws(&id).await;
    let url = format!(
        "{}/api/games/{id}/ws",
        server.base.replace("http://", "ws://")
    );
    let mut request =
        tokio_tungstenite::tungstenite::client::IntoClientRequest::into_client_request(url)
            .unwrap();
    request
        .headers_mut()
        .insert("cookie", ama.cookie.clone().unwrap().parse().unwrap());
    assert!(
        tokio_tungstenite::connect_async(request).await.is_err(),
        "a third connection is refused"
    );
    one.close().await;
    two.close().await;
    server.server.stop().await;
}
