//! Bots in tournaments through the API: a bot joins only a tournament
//! that takes bots, and only with a token of scope `tournament:write`;
//! the standings mark it; paired with a person, the game is rated in the
//! bots' list, and the ratings move there.

use reqwest::StatusCode;
use serde_json::json;

use super::bots::{bearer, token};
use super::tournaments::{standing, stream_until};
use crate::common::{Client, config, databases, start, unique};

const PASSWORD: &str = "correct horse battery";

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_bot_joins_a_tournament_that_takes_bots_and_its_game_is_rated_in_the_bots_list() {
    for db in databases() {
        let server = start(config(&db)).await;
        let base = server.base.as_str();
        let host_name = unique("Host");
        let host = Client::sign_up(base, &host_name, PASSWORD).await;
        let arena = |bots: bool| json!({"time_control": "1+1", "minutes": 30, "rated": true, "bots_allowed": bots});
        let (_, open) = host.post("/api/tournaments", arena(true)).await;
        let (_, closed) = host.post("/api/tournaments", arena(false)).await;
        let (open, closed) = (open["id"].as_str().unwrap(), closed["id"].as_str().unwrap());

        let bot_name = unique("Engine");
        let browser = Client::sign_up(base, &bot_name, PASSWORD).await;
        let playing = bearer(base, &token(&browser, &["bot:play"]).await);
        let (status, body) = playing.post("/api/bot/account/upgrade", json!({})).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        // Without the scope, no join.
        let (status, body) = playing
            .post(&format!("/api/tournaments/{open}/join"), json!({}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert!(
            body["error"]
                .as_str()
                .unwrap()
                .contains("lacks the scope tournament:write"),
            "{body}"
        );
        let entering = bearer(
            base,
            &token(&browser, &["bot:play", "tournament:write"]).await,
        );
        // Not where bots are not taken (and nothing stored).
        let (status, body) = entering
            .post(&format!("/api/tournaments/{closed}/join"), json!({}))
            .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
        assert_eq!(body["error"], "this tournament does not take bots");
        let (_, t) = entering.get(&format!("/api/tournaments/{closed}")).await;
        assert_eq!(t["players"], 0, "{t}");
        // Where they are: joined, marked a bot in the standings.
        let (status, t) = entering
            .post(&format!("/api/tournaments/{open}/join"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{t}");
        assert_eq!(t["standings"][0]["name"], bot_name.as_str());
        assert_eq!(t["standings"][0]["bot"], true);
        assert_eq!(t["you"]["active"], true);

        // A person joins; the two are paired, the bot's seat a bot's.
        let (status, _) = host
            .post(&format!("/api/tournaments/{open}/join"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK);
        let t = stream_until(&host, open, |t| t["you"]["game"].is_string()).await;
        assert_eq!(standing(&t, &host_name)["bot"], false);
        assert_eq!(standing(&t, &bot_name)["bot"], true);
        let game = t["you"]["game"].as_str().unwrap().to_owned();
        let state = host.game(&game).await;
        assert_eq!(state["tournament"], open);
        assert_eq!(state["pool"], "bot-abapa-bullet", "{state}");
        let bot_side = if state["players"]["S"]["name"] == bot_name.as_str() {
            "S"
        } else {
            "N"
        };
        let host_side = if bot_side == "S" { "N" } else { "S" };
        assert_eq!(state["players"][bot_side]["bot"], true);
        assert_eq!(state["players"][host_side]["bot"], false);

        // A tournament's games are played: no abort, even before a move.
        let (status, body) = entering
            .post(&format!("/api/bot/game/{game}/abort"), json!({}))
            .await;
        assert_eq!(status, StatusCode::CONFLICT, "{body}");
        assert_eq!(body["code"], "abort-tournament");

        // Both move (a rated game needs both), then the bot resigns.
        let pit = |side: &str| if side == "S" { "C" } else { "c" };
        for side in ["S", "N"] {
            let (status, body) = if side == bot_side {
                entering
                    .post(
                        &format!("/api/bot/game/{game}/move/{}", pit(side)),
                        json!({}),
                    )
                    .await
            } else {
                host.play(&game, pit(side), usize::from(side == "N")).await
            };
            assert_eq!(status, StatusCode::OK, "{side}: {body}");
        }
        let (status, body) = entering
            .post(&format!("/api/bot/game/{game}/resign"), json!({}))
            .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let t = stream_until(&host, open, |t| t["games_played"] == 1).await;
        assert_eq!(t["standings"][0]["name"], host_name.as_str());
        assert_eq!(t["standings"][0]["score"], 2);
        // Rated in the bots' list, for both: nobody's people's rating moved.
        for name in [&host_name, &bot_name] {
            let (_, profile) = host.get(&format!("/api/players/{name}")).await;
            let ratings = &profile["ratings"];
            assert_eq!(ratings["bot-abapa-bullet"]["games"], 1, "{profile}");
            assert!(ratings.get("abapa-bullet").is_none(), "{profile}");
        }
        server.server.stop().await;
    }
}
