//! The bot API: personal tokens with scopes, an account made a bot,
//! challenges made, declined (with a reason) and accepted through the
//! challenge API, a game played through the bot calls and followed on the
//! bot's game stream, rated in the bots' list; and every misuse refused
//! with one line (bad token, missing scope, not a bot, not your game, not
//! your turn, an illegal move, a challenge to oneself or to nobody).

use reqwest::StatusCode;
use reqwest::header::{AUTHORIZATION, HeaderMap, HeaderValue};
use serde_json::{Value, json};

use crate::common::{Client, config, databases, start, unique};

const PASSWORD: &str = "correct horse battery";

/// A client that sends `Authorization: Bearer TOKEN` and no cookie.
pub(super) fn bearer(base: &str, token: &str) -> Client {
    let mut headers = HeaderMap::new();
    headers.insert(
        AUTHORIZATION,
        HeaderValue::from_str(&format!("Bearer {token}")).unwrap(),
    );
    Client {
        http: reqwest::Client::builder()
            .default_headers(headers)
            .build()
            .unwrap(),
        base: base.to_owned(),
        cookie: None,
        id: String::new(),
    }
}

/// Makes a token with `scopes` from `owner`'s browser; its secret.
pub(super) async fn token(owner: &Client, scopes: &[&str]) -> String {
    let (status, made) = owner
        .post(
            "/api/account/tokens",
            json!({"description": "test", "scopes": scopes}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{made}");
    assert_eq!(made["scopes"], json!(scopes));
    made["token"].as_str().unwrap().to_owned()
}

/// Signs up `name`, upgrades it to a bot with a token of every bot scope;
/// the browser and the bearer client.
async fn bot(base: &str, name: &str) -> (Client, Client) {
    let browser = Client::sign_up(base, name, PASSWORD).await;
    let api = bearer(
        base,
        &token(&browser, &["bot:play", "challenge:read", "challenge:write"]).await,
    );
    let (status, body) = api.post("/api/bot/account/upgrade", json!({})).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    (browser, api)
}

fn error(body: &Value) -> &str {
    body["error"].as_str().unwrap_or_default()
}

#[tokio::test]
async fn tokens_have_scopes_and_are_refused_once_revoked() {
    for db in databases() {
        let server = start(config(&db)).await;
        let base = &server.base;
        let name = unique("Ama");
        let ama = Client::sign_up(base, &name, PASSWORD).await;
        let guest = Client::sign_in(base, "Guest one").await;
        let (status, body) = guest
            .post("/api/account/tokens", json!({"scopes": ["bot:play"]}))
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        for (scopes, wanted) in [
            (json!([]), "at least one"),
            (json!(["bot:fly"]), "unknown scope \"bot:fly\""),
        ] {
            let (status, body) = ama
                .post("/api/account/tokens", json!({ "scopes": scopes }))
                .await;
            assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
            assert!(error(&body).contains(wanted), "{body}");
        }
        let secret = token(&ama, &["challenge:read"]).await;
        assert!(secret.starts_with("wari_"));
        let (_, listed) = ama.get("/api/account/tokens").await;
        let listed = listed["tokens"].as_array().unwrap().clone();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0]["scopes"], json!(["challenge:read"]));
        assert!(listed[0].get("token").is_none(), "the secret is shown once");
        let api = bearer(base, &secret);
        // The token is the account on the routes its scope opens.
        let (status, me) = api.get("/api/account").await;
        assert_eq!(status, StatusCode::OK, "{me}");
        assert_eq!(me["name"], name.as_str());
        let (status, _) = api.get("/api/account/games").await;
        assert_eq!(status, StatusCode::OK);
        // ... and nowhere else.
        let (status, body) = api.post("/api/bot/account/upgrade", json!({})).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert_eq!(
            error(&body),
            "this token lacks the scope bot:play for /api/bot/account/upgrade"
        );
        let (status, body) = api
            .post(
                "/api/account/password",
                json!({"current": PASSWORD, "new": "a new one at last"}),
            )
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        let (status, _) = api
            .post("/api/account/tokens", json!({"scopes": ["bot:play"]}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "a token makes no tokens");
        // Bad tokens.
        for bad in ["wari_notatoken", "something else"] {
            let (status, body) = bearer(base, bad).get("/api/account").await;
            assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
            assert_eq!(error(&body), "unknown or revoked API token");
        }
        let (status, body) = Client {
            http: reqwest::Client::builder()
                .default_headers(HeaderMap::from_iter([(
                    AUTHORIZATION,
                    HeaderValue::from_static("Basic YTpi"),
                )]))
                .build()
                .unwrap(),
            ..Client::anonymous(base)
        }
        .get("/api/account")
        .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        // Revoked: refused at once.
        let id = listed[0]["id"].as_str().unwrap();
        let (status, _) = guest
            .post(&format!("/api/account/tokens/{id}/revoke"), json!({}))
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "not the guest's token");
        let (status, _) = ama
            .post(&format!("/api/account/tokens/{id}/revoke"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK);
        let (status, body) = api.get("/api/account").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        server.server.stop().await;
    }
}

#[tokio::test]
async fn bots_play_challenges_rated_in_their_own_list() {
    for db in databases() {
        let server = start(config(&db)).await;
        let base = &server.base;
        let (one_name, two_name) = (unique("BotOne"), unique("BotTwo"));
        let (one_browser, one) = bot(base, &one_name).await;
        let (_, two) = bot(base, &two_name).await;
        let (status, body) = one.post("/api/bot/account/upgrade", json!({})).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        // A person who has played cannot become a bot.
        let ama_name = unique("Ama");
        let ama = Client::sign_up(base, &ama_name, PASSWORD).await;
        ama.create_table(json!({"opponent": {"kind": "computer", "level": 1}}))
            .await;
        let ama_api = bearer(base, &token(&ama, &["bot:play"]).await);
        let (status, body) = ama_api.post("/api/bot/account/upgrade", json!({})).await;
        assert_eq!(status, StatusCode::CONFLICT);
        assert!(error(&body).contains("has played games"), "{body}");
        // Profiles say who is a bot.
        let (_, profile) = ama.get(&format!("/api/players/{one_name}")).await;
        assert_eq!(profile["bot"], true);
        let (_, profile) = ama.get(&format!("/api/players/{ama_name}")).await;
        assert_eq!(profile["bot"], false);
        // Bots keep out of the people's pools and open tables (the
        // browser's session knows at once that it is a bot's).
        let (status, body) = one_browser
            .post("/api/pools/abapa-3+2/seek", json!({}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        let (status, _) = one_browser
            .post("/api/tables", json!({"opponent": {"kind": "human"}}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);

        // Challenges: misuse first.
        let (status, body) = one
            .post(
                &format!("/api/challenge/{one_name}"),
                json!({"clock": "1+1"}),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        let (status, _) = one
            .post("/api/challenge/nobody_here_at_all", json!({"clock": "1+1"}))
            .await;
        assert_eq!(status, StatusCode::NOT_FOUND);
        let (status, _) = one
            .post(
                &format!("/api/challenge/{two_name}"),
                json!({"clock": "1+1", "colour": "S"}),
            )
            .await;
        assert_eq!(
            status,
            StatusCode::BAD_REQUEST,
            "unknown fields are refused"
        );

        // Declined, with a reason the challenger hears.
        let mut one_events = one.events().await;
        let mut two_events = two.events().await;
        let (status, made) = one
            .post(
                &format!("/api/challenge/{two_name}"),
                json!({"clock": "1+1", "color": "S", "rated": true}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{made}");
        let id = made["challenge"]["id"].as_str().unwrap().to_owned();
        // A bot's challenge names the bots' pool (1 + 40 × 1 s: bullet).
        assert_eq!(made["challenge"]["pool"], "bot-abapa-bullet");
        let heard = two_events.next().await;
        assert_eq!(heard["type"], "challenge");
        assert_eq!(heard["challenge"]["id"], id.as_str());
        assert_eq!(heard["challenge"]["creator"]["bot"], true);
        assert_eq!(heard["challenge"]["pool"], "bot-abapa-bullet");
        // A stream opened now says the same of the challenge waiting.
        let waiting = two.events().await.next_of("challenge").await;
        assert_eq!(waiting["challenge"]["id"], id.as_str());
        assert_eq!(waiting["challenge"]["creator"]["bot"], true);
        let (status, body) = two
            .post(
                &format!("/api/challenge/{id}/decline"),
                json!({"reason": "tooBusy"}),
            )
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        let (status, _) = one
            .post(&format!("/api/challenge/{id}/decline"), json!({}))
            .await;
        assert_eq!(
            status,
            StatusCode::FORBIDDEN,
            "the challenger does not decline"
        );
        let (status, _) = two
            .post(&format!("/api/challenge/{id}/cancel"), json!({}))
            .await;
        assert_eq!(
            status,
            StatusCode::FORBIDDEN,
            "the challenged does not cancel"
        );
        let (status, _) = two
            .post(
                &format!("/api/challenge/{id}/decline"),
                json!({"reason": "tooFast"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK);
        let declined = one_events.next_of("challengeDeclined").await;
        assert_eq!(declined["challenge"]["decline_reason"], "tooFast");

        // Accepted: the game is played through the bot calls.
        let (_, made) = one
            .post(
                &format!("/api/challenge/{two_name}"),
                json!({"clock": "1+1", "color": "S", "rated": true}),
            )
            .await;
        let id = made["challenge"]["id"].as_str().unwrap().to_owned();
        two_events.next_of("challenge").await;
        let (status, _) = ama
            .post(&format!("/api/challenge/{id}/accept"), json!({}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "the challenge is not Ama's");
        let (status, accepted) = two
            .post(&format!("/api/challenge/{id}/accept"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{accepted}");
        let game = accepted["game_id"].as_str().unwrap().to_owned();
        let started = one_events.next_of("gameStart").await;
        assert_eq!(started["game"]["id"], game.as_str());
        assert_eq!(started["game"]["you"], "S");
        let state = ama.game(&game).await;
        assert_eq!(state["players"]["S"]["bot"], true);
        assert_eq!(state["players"]["N"]["bot"], true);
        // 1+1: 60 + 40 × 1 = 100 s estimated, bullet; in the bots' list.
        assert_eq!(state["pool"], "bot-abapa-bullet");

        let mut stream = one.stream(&format!("/api/bot/game/stream/{game}")).await;
        let full = stream.next().await;
        assert_eq!(full["type"], "gameFull");
        assert_eq!(full["you"], "S");
        assert_eq!(full["players"]["N"]["name"], two_name.as_str());
        assert_eq!(full["players"]["N"]["bot"], true);
        assert_eq!(full["clock"]["time_control"], "1+1");
        assert_eq!(full["state"]["moves"], "");
        // South's clock has run since the seat was taken: a minute at most.
        let south = full["state"]["S_ms"].as_i64().unwrap();
        assert!((30_000..=60_000).contains(&south), "{full}");
        assert_eq!(full["state"]["N_ms"], 60_000);
        let (status, body) = ama_api
            .post(&format!("/api/bot/game/{game}/move/C"), json!({}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert!(error(&body).contains("not a bot"), "{body}");
        let (status, body) = two
            .post(&format!("/api/bot/game/{game}/move/c"), json!({}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(error(&body), "it is not your turn");
        let (status, body) = one
            .post(&format!("/api/bot/game/{game}/move/a"), json!({}))
            .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(error(&body), "pit a is North's and it is South's turn");
        let (status, body) = one
            .post(&format!("/api/bot/game/{game}/move/C"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let after = stream.next().await;
        assert_eq!(after["type"], "gameState");
        assert_eq!(after["moves"], "C");
        assert_eq!(after["to_move"], "N");
        let (status, body) = two
            .post(&format!("/api/bot/game/{game}/move/c"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(stream.next().await["moves"], "C c");
        // A bot not at the game cannot stream it.
        let (_, three) = bot(base, &unique("BotThree")).await;
        let (status, _) = three.get(&format!("/api/bot/game/stream/{game}")).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, _) = three
            .post(&format!("/api/bot/game/{game}/resign"), json!({}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        // Chat reaches the opponent's stream.
        let (status, body) = two
            .post(
                &format!("/api/bot/game/{game}/chat"),
                json!({"room": "player", "text": "good game"}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let line = stream.next().await;
        assert_eq!(
            line,
            json!({"type": "chatLine", "room": "player", "username": two_name, "text": "good game"})
        );
        let (status, _) = one
            .post(&format!("/api/bot/game/{game}/abort"), json!({}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "both have moved");
        let (status, _) = one
            .post(&format!("/api/bot/game/{game}/resign"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK);
        let end = stream.next().await;
        assert_eq!(end["status"], "finished");
        assert_eq!(end["result"], "N");
        assert_eq!(end["reason"], "resignation");
        assert_eq!(
            stream.next_or_end().await,
            None,
            "the stream ends with the game"
        );
        // Rated in the bots' list only.
        let (_, profile) = ama.get(&format!("/api/players/{two_name}")).await;
        let ratings = profile["ratings"].as_object().unwrap();
        assert_eq!(ratings.keys().collect::<Vec<_>>(), ["bot-abapa-bullet"]);
        assert!(ratings["bot-abapa-bullet"]["rating"].as_f64().unwrap() > 1500.0);
        let (status, board) = ama.get("/api/leaderboard/bot-abapa-bullet").await;
        assert_eq!(status, StatusCode::OK, "{board}");
        // The archive's lines say the same.
        let (_, listed) = ama
            .get(&format!("/api/players/{two_name}/games?rated=true"))
            .await;
        let line = &listed["games"][0];
        assert_eq!(line["id"], game.as_str());
        assert_eq!(line["pool"], "bot-abapa-bullet");
        assert_eq!(line["players"]["N"]["bot"], true);

        // A person challenges a bot; the bot aborts before anyone moved:
        // the game is not rated.
        let (status, made) = ama
            .post(
                &format!("/api/challenge/{one_name}"),
                json!({"clock": "3+2", "color": "N", "rated": true}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{made}");
        let id = made["challenge"]["id"].as_str().unwrap();
        // A person's challenge to a bot names the bots' pool before the
        // bot takes the seat (180 + 40 × 2 s: blitz), in the challenge,
        // the bot's event and both players' lists; a person's challenge
        // to a person, the people's.
        assert_eq!(made["challenge"]["pool"], "bot-abapa-blitz");
        let heard = one_events.next_of("challenge").await;
        assert_eq!(heard["challenge"]["id"], id);
        assert_eq!(heard["challenge"]["creator"]["bot"], false);
        assert_eq!(heard["challenge"]["pool"], "bot-abapa-blitz");
        let (_, sent) = ama.get("/api/account/games").await;
        let listed = sent["challenges"]["sent"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["id"] == id)
            .unwrap_or_else(|| panic!("{sent}"));
        assert_eq!(listed["pool"], "bot-abapa-blitz");
        let (_, received) = one.get("/api/account/games").await;
        assert_eq!(
            received["challenges"]["received"][0]["pool"], "bot-abapa-blitz",
            "{received}"
        );
        let kofi_name = unique("Kofi");
        Client::sign_up(base, &kofi_name, PASSWORD).await;
        let (status, person) = ama
            .post(
                &format!("/api/challenge/{kofi_name}"),
                json!({"clock": "3+2", "rated": true}),
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{person}");
        assert_eq!(person["challenge"]["pool"], "abapa-blitz");
        let (_, accepted) = one
            .post(&format!("/api/challenge/{id}/accept"), json!({}))
            .await;
        let game = accepted["game_id"].as_str().unwrap();
        let mut stream = one.stream(&format!("/api/bot/game/stream/{game}")).await;
        assert_eq!(stream.next().await["type"], "gameFull");
        let (status, body) = two
            .post(&format!("/api/bot/game/{game}/abort"), json!({}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "not its game: {body}");
        let (status, body) = one
            .post(&format!("/api/bot/game/{game}/abort"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let end = stream.next().await;
        assert_eq!(
            (&end["status"], &end["reason"], &end["result"]),
            (&json!("finished"), &json!("aborted"), &Value::Null),
            "{end}"
        );
        let state = ama.game(game).await;
        assert_eq!(state["status"], "finished");
        assert_eq!(state["reason"], "aborted");
        assert_eq!(state["rated"], false);
        server.server.stop().await;
    }
}

#[tokio::test]
async fn a_token_is_held_to_the_message_rate() {
    let mut cfg = config(&crate::common::sqlite_url());
    cfg.rate_per_s = 2;
    let server = start(cfg).await;
    let (_, bot) = bot(&server.base, &unique("Hasty")).await;
    let mut refusals = Vec::new();
    for _ in 0..10 {
        let (status, body) = bot
            .post("/api/challenge/nobody_at_all", json!({"clock": "1+1"}))
            .await;
        refusals.push((status, error(&body).to_owned()));
    }
    // Nobody by that name (404) while under the rate; then 429, one line.
    assert_eq!(refusals[0].0, StatusCode::NOT_FOUND, "{refusals:?}");
    assert!(
        refusals.contains(&(
            StatusCode::TOO_MANY_REQUESTS,
            "too many messages: slow down".to_owned()
        )),
        "{refusals:?}"
    );
    server.server.stop().await;
}
