//! Another site's pages cannot act with a player's cookie (issue 14,
//! point 8): state-changing requests and WebSocket handshakes from a
//! foreign `Origin` are refused, bodies must be JSON (a form or
//! `text/plain` post is refused), an empty body is not `{}`; and every
//! refusal, 405 included, is `{"error": …}`.

use reqwest::StatusCode;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::client::IntoClientRequest;

use crate::common::{Client, config, sqlite_url, start};

/// A POST as a browser on another site could send it with the player's
/// cookie: any Content-Type, any Origin.
async fn post_as(
    client: &Client,
    path: &str,
    content_type: Option<&str>,
    origin: Option<&str>,
    body: &str,
) -> (StatusCode, Value) {
    let mut request = client
        .http
        .post(format!("{}{path}", client.base))
        .header("cookie", client.cookie.clone().unwrap())
        .body(body.to_owned());
    if let Some(t) = content_type {
        request = request.header("content-type", t);
    }
    if let Some(o) = origin {
        request = request.header("origin", o);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    let text = response.text().await.unwrap();
    let value = serde_json::from_str(&text)
        .unwrap_or_else(|_| panic!("a refusal must be JSON, not {text:?} ({status})"));
    (status, value)
}

#[tokio::test]
async fn forms_plain_text_and_empty_bodies_change_nothing() {
    let server = start(config(&sqlite_url())).await;
    let ama = Client::sign_in(&server.base, "Ama").await;
    let kofi = Client::sign_in(&server.base, "Kofi").await;
    let created = ama
        .create_table(json!({"starts": "S", "opponent": {"kind": "human"}}))
        .await;
    let table = created["table"]["id"].as_str().unwrap().to_owned();
    let join = format!("/api/tables/{table}/join");
    // A form post and a text/plain post (what a cross-site <form> sends)
    // do not seat Kofi, nor does an empty JSON body.
    for (content_type, body, status) in [
        (
            Some("application/x-www-form-urlencoded"),
            "a=1",
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (Some("text/plain"), "{}", StatusCode::UNSUPPORTED_MEDIA_TYPE),
        (None, "{}", StatusCode::UNSUPPORTED_MEDIA_TYPE),
        (Some("application/json"), "", StatusCode::BAD_REQUEST),
    ] {
        let (got, reply) = post_as(&kofi, &join, content_type, None, body).await;
        assert_eq!(got, status, "{content_type:?} {body:?}: {reply}");
        assert!(reply["error"].is_string(), "{reply}");
    }
    let (_, lobby) = ama.get("/api/tables").await;
    assert_eq!(lobby["open"][0]["status"], "open", "{lobby}");

    let id = kofi.join(&created).await;
    let moves = format!("/api/games/{id}/moves");
    let resign = format!("/api/games/{id}/resign");
    for (path, body) in [(&moves, r#"{"move":"C"}"#), (&resign, "{}")] {
        for content_type in ["text/plain", "multipart/form-data; boundary=x"] {
            let (status, _) = post_as(&ama, path, Some(content_type), None, body).await;
            assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE, "{path}");
        }
        let (status, _) = post_as(&ama, path, Some("application/json"), None, "").await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}");
    }
    let game = ama.game(&id).await;
    assert_eq!(game["moves"], json!([]));
    assert_eq!(game["status"], "playing");
    server.server.stop().await;
}

#[tokio::test]
async fn a_foreign_origin_is_refused_and_the_own_one_passes() {
    let server = start(config(&sqlite_url())).await;
    let ama = Client::sign_in(&server.base, "Ama").await;
    let kofi = Client::sign_in(&server.base, "Kofi").await;
    let id = ama.game_against(&kofi).await;
    let moves = format!("/api/games/{id}/moves");
    let json_type = Some("application/json");
    let (status, reply) = post_as(
        &ama,
        &moves,
        json_type,
        Some("http://evil.example"),
        r#"{"move":"C"}"#,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{reply}");
    assert!(reply["error"].as_str().unwrap().contains("Origin"));
    let own = server.base.clone();
    let (status, reply) = post_as(&ama, &moves, json_type, Some(&own), r#"{"move":"C"}"#).await;
    assert_eq!(status, StatusCode::OK, "{reply}");

    // The WebSocket handshake: a foreign Origin is refused before the
    // socket opens, so it can make no offer.
    let url = format!("{}/api/games/{id}/ws", own.replace("http://", "ws://"));
    let handshake = |origin: &str| {
        let mut request = url.clone().into_client_request().unwrap();
        let headers = request.headers_mut();
        headers.insert("cookie", kofi.cookie.clone().unwrap().parse().unwrap());
        headers.insert("origin", origin.parse().unwrap());
        request
    };
    match tokio_tungstenite::connect_async(handshake("http://evil.example")).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), StatusCode::FORBIDDEN.as_u16());
        }
        other => panic!("a foreign socket must be refused: {:?}", other.map(|_| ())),
    }
    let (socket, _) = tokio_tungstenite::connect_async(handshake(&own))
        .await
        .expect("the server's own pages open the socket");
    drop(socket);
    let game = ama.game(&id).await;
    assert_eq!(game["offers"], json!([]));
    assert_eq!(game["moves"], json!(["C"]));
    server.server.stop().await;
}

#[tokio::test]
async fn every_refusal_is_a_json_error() {
    let server = start(config(&sqlite_url())).await;
    let nobody = Client::anonymous(&server.base);
    let http = reqwest::Client::new();
    for (method, path, status) in [
        ("DELETE", "/api/tables", StatusCode::METHOD_NOT_ALLOWED),
        ("PUT", "/api/session", StatusCode::METHOD_NOT_ALLOWED),
        ("POST", "/api/games", StatusCode::METHOD_NOT_ALLOWED),
        (
            "GET",
            "/api/games/abc/moves",
            StatusCode::METHOD_NOT_ALLOWED,
        ),
        // Not a WebSocket handshake.
        ("GET", "/api/games/abc/ws", StatusCode::BAD_REQUEST),
        ("GET", "/api/games/%FF%FE", StatusCode::BAD_REQUEST),
    ] {
        let response = http
            .request(method.parse().unwrap(), format!("{}{path}", nobody.base))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), status, "{method} {path}");
        let text = response.text().await.unwrap();
        let reply: Value = serde_json::from_str(&text)
            .unwrap_or_else(|_| panic!("{method} {path}: not JSON: {text:?}"));
        assert!(reply["error"].is_string(), "{method} {path}: {reply}");
    }
    server.server.stop().await;
}
