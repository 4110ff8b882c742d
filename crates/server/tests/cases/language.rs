//! The players' language (issue 20): `GET/PUT /api/language`, the choice
//! remembered by a cookie and on the account, and the order that decides
//! a request's language: account, cookie, `Accept-Language`, English.

use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::common::{Client, config, databases, sqlite_url, start, unique};

const PASSWORD: &str = "correct horse battery";

/// `GET /api/language` as `client` (its session cookie, if any) with
/// extra `cookie` pairs and `Accept-Language`.
async fn language(client: &Client, cookie: Option<&str>, accept: Option<&str>) -> Value {
    let cookies: Vec<&str> = client.cookie.as_deref().into_iter().chain(cookie).collect();
    let mut request = client.http.get(format!("{}/api/language", client.base));
    if !cookies.is_empty() {
        request = request.header("cookie", cookies.join("; "));
    }
    if let Some(accept) = accept {
        request = request.header("accept-language", accept);
    }
    let response = request.send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    response.json().await.unwrap()
}

/// `PUT /api/language` as `client`: the status, the `Set-Cookie` and
/// the body.
async fn choose(client: &Client, body: Value) -> (StatusCode, Option<String>, Value) {
    let mut request = client
        .http
        .put(format!("{}/api/language", client.base))
        .json(&body);
    if let Some(cookie) = &client.cookie {
        request = request.header("cookie", cookie);
    }
    let response = request.send().await.unwrap();
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
