//! Accounts: sign up and the name rules, sessions that survive a restart,
//! two browsers, sign out, the guest who signs up keeping their games,
//! failed sign-ins limited by account and by address, the password
//! changed, the account deleted.

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::json;

use crate::common::{Client, config, databases, ply, sqlite_url, start, unique};

const PASSWORD: &str = "correct horse battery";

#[tokio::test]
async fn names_are_checked_and_unique_ignoring_case() {
    let server = start(config(&sqlite_url())).await;
    Client::sign_up(&server.base, "Ama_Owusu", PASSWORD).await;
    let mut other = Client::anonymous(&server.base);
    for (name, password, status, says) in [
        ("ama_owusu", PASSWORD, StatusCode::CONFLICT, "taken"),
        ("AMA_OWUSU", PASSWORD, StatusCode::CONFLICT, "taken"),
        ("x", PASSWORD, StatusCode::BAD_REQUEST, "2 to 20"),
        (
            "twenty_one_characters",
            PASSWORD,
            StatusCode::BAD_REQUEST,
            "2 to 20",
        ),
        ("with space", PASSWORD, StatusCode::BAD_REQUEST, "letters"),
        ("Computer", PASSWORD, StatusCode::BAD_REQUEST, "reserved"),
        (
            "my-computer-9",
            PASSWORD,
            StatusCode::BAD_REQUEST,
            "reserved",
        ),
        ("Admin", PASSWORD, StatusCode::BAD_REQUEST, "reserved"),
        ("Kofi", "short", StatusCode::BAD_REQUEST, "at least 8"),
        ("Esi", "password", StatusCode::BAD_REQUEST, "too common"),
        ("Kofi", "kofi's secret", StatusCode::OK, ""),
    ] {
        let (got, body) = other.account("/api/account", name, password).await;
        assert_eq!(got, status, "{name}: {body}");
        if !says.is_empty() {
            assert!(
                body["error"].as_str().unwrap().contains(says),
                "{name}: {body}"
            );
        }
    }
    // A guest may not take an account's name, nor pass for the computer.
    let (status, body) = Client::anonymous(&server.base)
        .post("/api/session", json!({"name": "AMA_owusu"}))
        .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    let (status, _) = Client::anonymous(&server.base)
        .post("/api/session", json!({"name": "Computer (level 10)"}))
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    server.server.stop().await;
}

#[tokio::test]
async fn sessions_survive_a_restart_and_sign_out_ends_one_browser_only() {
    for db in databases() {
        let server = start(config(&db)).await;
        let name = unique("Ama");
        let home = Client::sign_up(&server.base, &name, PASSWORD).await;
        let phone = Client::sign_in_account(&server.base, &name, PASSWORD).await;
        assert_ne!(home.cookie, phone.cookie);
        let (_, me) = home.get("/api/session").await;
        assert_eq!(me["account"]["name"], name.as_str());
        server.server.stop().await;

        tokio::time::sleep(Duration::from_millis(100)).await;
        let server = start(config(&db)).await;
        let home = Client {
            base: server.base.clone(),
            ..home
        };
        let phone = Client {
            base: server.base.clone(),
            ..phone
        };
        let (status, me) = home.get("/api/account").await;
        assert_eq!(status, StatusCode::OK, "{me}");
        assert_eq!(me["name"], name.as_str());
        let (status, _) = phone.post("/api/account/sign-out", json!({})).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(phone.get("/api/session").await.0, StatusCode::UNAUTHORIZED);
        assert_eq!(home.get("/api/account").await.0, StatusCode::OK);
        // Names are case-insensitive at sign-in too.
        Client::sign_in_account(&server.base, &name.to_uppercase(), PASSWORD).await;
        server.server.stop().await;
    }
}

#[tokio::test]
async fn a_guest_who_signs_up_keeps_the_games_of_their_session() {
    for db in databases() {
        let server = start(config(&db)).await;
        let mut guest = Client::sign_in(&server.base, "Yaw").await;
        let kofi = Client::sign_in(&server.base, "Kofi").await;
        let id = guest.game_against(&kofi).await;
        assert_eq!(guest.play(&id, "C", 0).await.0, StatusCode::OK);
        assert_eq!(kofi.play(&id, "d", 1).await.0, StatusCode::OK);

        let name = unique("Yaw");
        let (status, body) = guest.account("/api/account", &name, PASSWORD).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let game = guest.game(&id).await;
        assert_eq!(game["you"], "S");
        assert_eq!(game["players"]["S"]["name"], name.as_str());
        assert_eq!(game["players"]["S"]["account"], true);
        // Another browser signed in to the account plays the same seat.
        let laptop = Client::sign_in_account(&server.base, &name, PASSWORD).await;
        assert_eq!(laptop.game(&id).await["you"], "S");
        let (status, body) = laptop.play(&id, "A", 2).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(ply(&body), 3);
        assert_eq!(kofi.game(&id).await["players"]["S"]["name"], name.as_str());
        server.server.stop().await;
    }
}

#[tokio::test]
async fn failed_sign_ins_are_limited_per_account_and_per_address() {
    let server = start(config(&sqlite_url())).await;
    Client::sign_up(&server.base, "Ama", PASSWORD).await;
    let mut guesser = Client::anonymous(&server.base);
    for n in 0..5 {
        let (status, body) = guesser
            .account("/api/account/sign-in", "Ama", &format!("guess {n}"))
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
        assert_eq!(body["error"], "wrong name or password");
    }
    // The right password too is refused now, for this account only.
    let (status, body) = guesser
        .account("/api/account/sign-in", "ama", PASSWORD)
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(body["error"].as_str().unwrap().contains("for this account"));
    // An unknown name answers like a wrong password, and counts.
    for n in 0..14 {
        let (status, _) = guesser
            .account("/api/account/sign-in", &format!("nobody{n}"), PASSWORD)
            .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
    }
    // 5 + 14 failures from this address: one more, then every name is refused.
    let (status, _) = guesser
        .account("/api/account/sign-in", "nobody", PASSWORD)
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    Client::sign_up(&server.base, "Kofi", PASSWORD).await;
    let (status, body) = guesser
        .account("/api/account/sign-in", "Kofi", PASSWORD)
        .await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(
        body["error"]
            .as_str()
            .unwrap()
            .contains("from your address")
    );
    server.server.stop().await;
}

#[tokio::test]
async fn changing_the_password_signs_out_the_other_browsers() {
    let server = start(config(&sqlite_url())).await;
    let home = Client::sign_up(&server.base, "Ama", PASSWORD).await;
    let phone = Client::sign_in_account(&server.base, "Ama", PASSWORD).await;
    let (status, body) = home
        .post(
            "/api/account/password",
            json!({"current": "wrong one", "new": "a new secret"}),
        )
        .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, body) = home
        .post(
            "/api/account/password",
            json!({"current": PASSWORD, "new": "short"}),
        )
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = home
        .post(
            "/api/account/password",
            json!({"current": PASSWORD, "new": "a new secret"}),
        )
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(home.get("/api/account").await.0, StatusCode::OK);
    assert_eq!(phone.get("/api/session").await.0, StatusCode::UNAUTHORIZED);
    let mut other = Client::anonymous(&server.base);
    assert_eq!(
        other
            .account("/api/account/sign-in", "Ama", PASSWORD)
            .await
            .0,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        other
            .account("/api/account/sign-in", "Ama", "a new secret")
            .await
            .0,
        StatusCode::OK
    );
    server.server.stop().await;
}

#[tokio::test]
async fn a_deleted_account_leaves_its_games_anonymised_and_its_name_reserved() {
    for db in databases() {
        let server = start(config(&db)).await;
        let name = unique("Esi");
        let esi = Client::sign_up(&server.base, &name, PASSWORD).await;
        let kofi = Client::sign_in(&server.base, "Kofi").await;
        // A finished game and one in progress.
        let finished = esi.game_against(&kofi).await;
        assert_eq!(
            esi.post(&format!("/api/games/{finished}/resign"), json!({}))
                .await
                .0,
            StatusCode::OK
        );
        let created = esi
            .create_table(json!({"starts": "N", "opponent": {"kind": "human"}}))
            .await;
        let playing = kofi.join(&created).await;
        // And a table nobody has joined.
        let open = esi
            .create_table(json!({"opponent": {"kind": "human"}}))
            .await;

        let (status, _) = esi
            .post("/api/account/delete", json!({"password": "not it"}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        let (status, body) = esi
            .post("/api/account/delete", json!({"password": PASSWORD}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");

        let game = kofi.game(&finished).await;
        assert_eq!(game["players"]["S"]["name"], "Deleted player");
        assert_eq!(game["players"]["S"]["account"], false);
        assert_eq!(game["result"], "N");
        let game = kofi.game(&playing).await;
        assert_eq!(game["status"], "finished");
        assert_eq!(game["reason"], "resignation");
        assert_eq!(game["result"], "S");
        assert_eq!(game["players"]["N"]["name"], "Deleted player");
        let table = open["table"]["id"].as_str().unwrap();
        assert_eq!(
            kofi.get(&format!("/api/tables/{table}")).await.0,
            StatusCode::NOT_FOUND
        );
        assert_eq!(esi.get("/api/session").await.0, StatusCode::UNAUTHORIZED);
        let mut again = Client::anonymous(&server.base);
        assert_eq!(
            again
                .account("/api/account/sign-in", &name, PASSWORD)
                .await
                .0,
            StatusCode::UNAUTHORIZED
        );
        let (status, body) = again.account("/api/account", &name, PASSWORD).await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        server.server.stop().await;
    }
}
