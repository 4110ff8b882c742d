//! The HTTP API (docs/API.md): routes, body limits and request logging.

mod accounts;
mod actions;
mod analyze;
mod archive;
mod bearer;
mod bot;
mod bot_stream;
mod challenge;
mod chat;
pub mod error;
mod events;
pub(crate) mod extract;
mod games;
mod guard;
pub mod json;
mod language;
mod lines;
mod lobby;
mod players;
mod pools;
mod position;
mod puzzles;
mod review;
mod session;
pub(crate) mod stream;
mod tokens;
mod ws;

use std::sync::Arc;

use axum::Router;
use axum::extract::{DefaultBodyLimit, State};
use axum::http::StatusCode;
use axum::routing::{get, post};
use tower_http::trace::TraceLayer;

use crate::App;
use crate::config::{BODY_LIMIT, OGN_LIMIT};
use crate::static_files;
use crate::tournaments;

/// Every route, with the app's state.
pub fn router(app: Arc<App>) -> Router {
    Router::new()
        .route("/healthz", get(healthz))
        .route("/api/session", get(session::current).post(session::sign_in))
        .route("/api/account", get(accounts::get).post(accounts::sign_up))
        .route("/api/account/sign-in", post(accounts::sign_in))
        .route("/api/account/sign-out", post(accounts::sign_out))
        .route("/api/account/password", post(accounts::change_password))
        .route("/api/account/delete", post(accounts::delete))
        .route("/api/language", get(language::get).put(language::put))
        .route("/api/players/{name}", get(players::profile))
        .route("/api/players/{name}/history", get(players::history))
        .route("/api/players/{name}/games", get(players::games))
        .route("/api/account/games", get(players::mine))
        .route("/api/leaderboard/{pool}", get(players::leaderboard))
        .route("/api/stream/event", get(events::stream))
        .route("/api/pools", get(pools::list))
        .route("/api/pools/{id}/seek", post(pools::seek))
        .route("/api/seeks/{id}", get(pools::get))
        .route("/api/seeks/{id}/cancel", post(pools::cancel))
        .route("/api/tables", get(lobby::lobby).post(lobby::create))
        .route("/api/tables/{id}", get(lobby::get))
        .route("/api/tables/{id}/join", post(lobby::join))
        .route("/api/tables/{id}/cancel", post(lobby::cancel))
        .route("/api/invite/{token}", get(lobby::invite))
        .route("/api/invite/{token}/join", post(lobby::join_invite))
        .route(
            "/api/tournaments",
            get(tournaments::list).post(tournaments::create),
        )
        .route("/api/tournaments/{id}", get(tournaments::get))
        .route("/api/tournaments/{id}/stream", get(tournaments::stream))
        .route("/api/tournaments/{id}/join", post(tournaments::join))
        .route(
            "/api/tournaments/{id}/withdraw",
            post(tournaments::withdraw),
        )
        .route("/api/tournaments/{id}/start", post(tournaments::start))
        .route("/api/tournaments/{id}/finish", post(tournaments::finish))
        .route("/api/games", get(archive::list))
        .route("/api/games/{id}", get(games::get))
        .route("/api/games/{id}/moves", post(games::play))
        .route("/api/games/{id}/resign", post(games::resign))
        .route("/api/games/{id}/offers", post(games::offer))
        .route("/api/games/{id}/offers/accept", post(games::accept))
        .route("/api/games/{id}/offers/decline", post(games::decline))
        .route("/api/games/{id}/claim", post(games::claim))
        .route("/api/games/{id}/abort", post(games::abort))
        .route("/api/games/{id}/berserk", post(games::berserk))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .route("/api/games/{id}/stream", get(stream::stream))
        .route("/api/games/{id}/ogn", get(games::ogn))
        .route(
            "/api/games/{id}/review",
            get(review::get).post(review::request),
        )
        .route("/api/games/{id}/review/stream", get(review::stream))
        .route("/api/games/{id}/chat", get(chat::get).post(chat::post))
        .route("/api/games/{id}/chat/mute", post(chat::mute))
        .route(
            "/api/archive",
            post(archive::import).layer(DefaultBodyLimit::max(OGN_LIMIT)),
        )
        .route("/api/analyze", get(analyze::analyze))
        .route("/api/analysis/lines", get(lines::stream))
        .route("/api/position", get(position::check))
        .route("/api/puzzles/rating", get(puzzles::mine))
        .route("/api/puzzles/{id}/attempt", post(puzzles::attempt))
        .route(
            "/api/account/tokens",
            get(tokens::list).post(tokens::create),
        )
        .route("/api/account/tokens/{id}/revoke", post(tokens::revoke))
        .route("/api/bot/account/upgrade", post(bot::upgrade))
        .route("/api/bot/game/stream/{id}", get(bot_stream::stream))
        .route("/api/bot/game/{id}/move/{move}", post(bot::play))
        .route("/api/bot/game/{id}/resign", post(bot::resign))
        .route("/api/bot/game/{id}/abort", post(bot::abort))
        .route("/api/bot/game/{id}/chat", post(bot::chat))
        .route("/api/challenge/{id}", post(challenge::create))
        .route("/api/challenge/{id}/accept", post(challenge::accept))
        .route("/api/challenge/{id}/decline", post(challenge::decline))
        .route("/api/challenge/{id}/cancel", post(challenge::cancel))
        .route_layer(axum::middleware::from_fn_with_state(
            Arc::clone(&app),
            bearer::authenticate,
        ))
        .fallback(static_files::serve)
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&app),
            guard::same_origin,
        ))
        .layer(axum::middleware::from_fn(guard::json_errors))
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&app),
            language::translate,
        ))
        .layer(TraceLayer::new_for_http())
        .with_state(app)
}

/// `GET /healthz`: `ok` when the database answers.
async fn healthz(State(app): State<Arc<App>>) -> (StatusCode, &'static str) {
    match app.store.ping().await {
        Ok(()) => (StatusCode::OK, "ok"),
        Err(e) => {
            tracing::error!(error = %e, "health check failed");
            (StatusCode::SERVICE_UNAVAILABLE, "database unavailable")
        }
    }
}
