//! The players' language (issue 20): `GET/PUT /api/language`, the choice
//! remembered by a cookie and on the account, and the order that decides
//! a request's language: account, cookie, `Accept-Language`, English.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::{Client, config, databases, sqlite_url, start, unique};

const PASSWORD: &str = "correct horse battery";

/// `request` as `client` (its session cookie, if any) with extra
/// `cookie` pairs and `Accept-Language`.
fn sent_as(
    client: &Client,
    mut request: reqwest::RequestBuilder,
    cookie: Option<&str>,
    accept: Option<&str>,
) -> reqwest::RequestBuilder {
    let cookies: Vec<&str> = client.cookie.as_deref().into_iter().chain(cookie).collect();
    if !cookies.is_empty() {
        request = request.header("cookie", cookies.join("; "));
    }
    if let Some(accept) = accept {
        request = request.header("accept-language", accept);
    }
    request
}

/// `GET /api/language` as `client` (its session cookie, if any) with
/// extra `cookie` pairs and `Accept-Language`.
async fn language(client: &Client, cookie: Option<&str>, accept: Option<&str>) -> Value {
    let request = client.http.get(format!("{}/api/language", client.base));
    let response = sent_as(client, request, cookie, accept)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

/// `PUT /api/language` as `client`: the status, the `Set-Cookie` and
/// the body.
async fn choose(client: &Client, body: Value) -> (StatusCode, Option<String>, Value) {
    let request = client
        .http
        .put(format!("{}/api/language", client.base))
        .json(&body);
    let response = sent_as(client, request, None, None).send().await.unwrap();
    let status = response.status();
    let set_cookie = response
        .headers()
        .get("set-cookie")
        .map(|v| v.to_str().unwrap().to_owned());
    (status, set_cookie, response.json().await.unwrap())
}

#[tokio::test]
async fn a_guest_gets_the_cookie_then_accept_language_then_english() {
    let server = start(config(&sqlite_url())).await;
    let guest = Client::anonymous(&server.base);
    let body = language(&guest, None, None).await;
    assert_eq!(
        body,
        json!({"language": "en", "available": [
            {"code": "en", "name": "English"},
            {"code": "es", "name": "Español"},
        ]})
    );
    let body = language(&guest, None, Some("fr-FR,es;q=0.8,en;q=0.5")).await;
    assert_eq!(body["language"], "es");
    let body = language(&guest, Some("wari_lang=en"), Some("es")).await;
    assert_eq!(body["language"], "en", "the cookie wins");
    let body = language(&guest, Some("wari_lang=xx"), Some("es")).await;
    assert_eq!(body["language"], "es", "an unknown cookie is ignored");

    let (status, cookie, body) = choose(&guest, json!({"language": "es"})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body, json!({"language": "es"}));
    assert_eq!(
        cookie.as_deref(),
        Some("wari_lang=es; Path=/; SameSite=Lax; Max-Age=31536000")
    );
    let (status, cookie, body) = choose(&guest, json!({"language": "fr"})).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(cookie, None);
    assert!(body["error"].as_str().unwrap().contains("\"fr\""), "{body}");
    server.server.stop().await;
}

#[tokio::test]
async fn an_accounts_choice_follows_it_to_every_browser() {
    for db in databases() {
        let server = start(config(&db)).await;
        let name = unique("Ama");
        let home = Client::sign_up(&server.base, &name, PASSWORD).await;
        assert_eq!(language(&home, None, Some("en")).await["language"], "en");
        let (status, _, body) = choose(&home, json!({"language": "es"})).await;
        assert_eq!(status, StatusCode::OK, "{body}");

        // Another browser, English by its header and its cookie: the
        // account's choice comes first.
        let phone = Client::sign_in_account(&server.base, &name, PASSWORD).await;
        let body = language(&phone, Some("wari_lang=en"), Some("en-GB,en")).await;
        assert_eq!(body["language"], "es", "{db}");
        // Signed out (a guest), the same browser follows its cookie again.
        let guest = Client::anonymous(&server.base);
        let body = language(&guest, Some("wari_lang=en"), Some("es")).await;
        assert_eq!(body["language"], "en");

        // Back to English from the phone: the home browser follows.
        let (status, _, _) = choose(&phone, json!({"language": "en"})).await;
        assert_eq!(status, StatusCode::OK);
        let body = language(&home, Some("wari_lang=es"), Some("es")).await;
        assert_eq!(body["language"], "en", "{db}");
        server.server.stop().await;
    }
}

/// POSTs `body` to `path` as `client` with extra `cookie` pairs and
/// `Accept-Language`: the status and the body.
async fn post_in(
    client: &Client,
    path: &str,
    body: Value,
    cookie: Option<&str>,
    accept: Option<&str>,
) -> (StatusCode, Value) {
    let request = client
        .http
        .post(format!("{}{path}", client.base))
        .json(&body);
    let response = sent_as(client, request, cookie, accept)
        .send()
        .await
        .unwrap();
    (response.status(), response.json().await.unwrap())
}

#[tokio::test]
async fn a_spanish_player_is_refused_in_spanish_with_the_same_code() {
    for db in databases() {
        let server = start(config(&db)).await;
        let south = Client::sign_up(&server.base, &unique("Ama"), PASSWORD).await;
        let north = Client::sign_up(&server.base, &unique("Kofi"), PASSWORD).await;
        let table = south
            .create_table(json!({"rules": "abapa", "starts": "S", "opponent": {"kind": "human"}}))
            .await;
        let id = north.join(&table).await;
        let moves = format!("/api/games/{id}/moves");
        // South, on move, names one of North's pits: the rules refuse it.
        let wrong_pit = json!({"move": "a", "ply": 0});

        let (status, english) = post_in(&south, &moves, wrong_pit.clone(), None, None).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert_eq!(
            english,
            json!({"error": "pit a is North's and it is South's turn", "code": "play-not-your-pit"})
        );
        let spanish = json!({"error": "el hoyo a es del Norte y es el turno del Sur", "code": "play-not-your-pit"});
        // By Accept-Language, by the cookie (over an English header), and
        // by the account's choice (over an English cookie and header).
        let by_header = post_in(
            &south,
            &moves,
            wrong_pit.clone(),
            None,
            Some("es-ES,es;q=0.9"),
        )
        .await;
        assert_eq!(by_header, (StatusCode::BAD_REQUEST, spanish.clone()));
        let by_cookie = post_in(
            &south,
            &moves,
            wrong_pit.clone(),
            Some("wari_lang=es"),
            Some("en"),
        )
        .await;
        assert_eq!(by_cookie, (StatusCode::BAD_REQUEST, spanish.clone()));
        let (status, _, _) = choose(&south, json!({"language": "es"})).await;
        assert_eq!(status, StatusCode::OK);
        let by_account = post_in(
            &south,
            &moves,
            wrong_pit.clone(),
            Some("wari_lang=en"),
            Some("en"),
        )
        .await;
        assert_eq!(by_account, (StatusCode::BAD_REQUEST, spanish), "{db}");

        // The server's own refusals too: North out of turn, an unknown
        // game, a method the path does not take.
        let (status, body) = post_in(&north, &moves, json!({"move": "a"}), None, Some("es")).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert_eq!(
            body,
            json!({"error": "no es tu turno", "code": "not-your-turn"})
        );
        let (status, body) = post_in(
            &north,
            "/api/games/nosuchgame/moves",
            json!({"move": "a"}),
            None,
            None,
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(
            body,
            json!({"error": "no game nosuchgame", "code": "no-game"})
        );
        let (status, body) = post_in(
            &north,
            "/api/games/nosuchgame/moves",
            json!({"move": "a"}),
            Some("wari_lang=es"),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        assert_eq!(
            body,
            json!({"error": "no hay ninguna partida nosuchgame", "code": "no-game"})
        );
        let (status, body) = post_in(&north, "/api/language", json!({}), None, Some("es")).await;
        assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
        assert_eq!(
            body,
            json!({"error": "método no permitido en esta ruta", "code": "method-not-allowed"})
        );

        // Over the WebSocket, in the language of the handshake.
        let mut ws = north.ws_with(&id, &[("accept-language", "es")]).await;
        ws.next_state().await;
        ws.send(json!({"type": "move", "move": "a", "ply": 0}))
            .await;
        assert_eq!(
            ws.next_error().await,
            json!({"type": "error", "error": "no es tu turno", "code": "not-your-turn"})
        );
        let mut ws = north.ws(&id).await;
        ws.next_state().await;
        ws.send(json!({"type": "move", "move": "a", "ply": 0}))
            .await;
        assert_eq!(
            ws.next_error().await,
            json!({"type": "error", "error": "it is not your turn", "code": "not-your-turn"})
        );
        server.server.stop().await;
    }
}

#[tokio::test]
async fn the_position_check_answers_in_the_requests_language() {
    let server = start(config(&sqlite_url())).await;
    let guest = Client::anonymous(&server.base);
    let path = "/api/position?rules=abapa&position=4,4,4,4,4,4/4,4,4,4,4,4%20S%20x";
    let english = guest.get(path).await.1;
    assert_eq!(english["valid"], false);
    assert_eq!(english["code"], "bad-position");
    assert_eq!(
        english["reason"],
        "position: captured counts \"x\" are not SOUTH-NORTH whole numbers, like 0-0"
    );
    let request = guest.http.get(format!("{}{path}", guest.base));
    let spanish: Value = sent_as(&guest, request, None, Some("es"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(spanish["code"], "bad-position");
    assert_eq!(
        spanish["reason"],
        "posición: las capturas \"x\" no son números enteros SUR-NORTE, como 0-0"
    );
    server.server.stop().await;
}
