//! `Authorization: Bearer TOKEN`: a personal API token (`tokens.rs`)
//! stands for its account on the routes its scopes open, and nowhere
//! else; a request with a bad token, or on a route its scopes do not
//! open, is refused with one line before its handler runs.

use std::sync::Arc;

use axum::extract::{MatchedPath, Request, State};
use axum::http::{Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::error::Error;
use crate::App;
use crate::store::Session;
use crate::text::text;
use crate::tokens::{self, Scope};

/// The session a bearer token acts through, for the extractors.
#[derive(Clone, Debug)]
pub struct TokenSession(pub Session);

/// The scopes that open `method` `path` (a route's pattern) to a token;
/// any of them will do. Empty: no token is taken there.
#[must_use]
pub fn scopes_for(method: &Method, path: &str) -> &'static [Scope] {
    use Scope::{BoardPlay, BotPlay, ChallengeRead, ChallengeWrite, TournamentWrite};
    const ANY: &[Scope] = &[
        BotPlay,
        BoardPlay,
        ChallengeRead,
        ChallengeWrite,
        TournamentWrite,
    ];
    let get = method == Method::GET;
    match path {
        "/api/session" | "/api/account" | "/api/games/{id}" if get => ANY,
        "/api/stream/event" if get => ANY,
        "/api/tournaments" | "/api/tournaments/{id}" | "/api/tournaments/{id}/stream" if get => ANY,
        "/api/account/games" if get => &[ChallengeRead, BotPlay, BoardPlay],
        "/api/bot/account/upgrade"
        | "/api/bot/game/stream/{id}"
        | "/api/bot/game/{id}/move/{move}"
        | "/api/bot/game/{id}/resign"
        | "/api/bot/game/{id}/abort"
        | "/api/bot/game/{id}/chat" => &[BotPlay],
        "/api/challenge/{id}"
        | "/api/challenge/{id}/accept"
        | "/api/challenge/{id}/decline"
        | "/api/challenge/{id}/cancel" => &[ChallengeWrite],
        "/api/tournaments/{id}/join" | "/api/tournaments/{id}/withdraw" => &[TournamentWrite],
        "/api/games/{id}/moves"
        | "/api/games/{id}/resign"
        | "/api/games/{id}/abort"
        | "/api/games/{id}/offers"
        | "/api/games/{id}/offers/accept"
        | "/api/games/{id}/offers/decline"
        | "/api/games/{id}/claim"
        | "/api/games/{id}/chat"
        | "/api/games/{id}/stream" => &[BoardPlay],
        _ => &[],
    }
}

/// The bearer token of `req`, if it has an `Authorization` header: `Err`
/// for one that is not `Bearer TOKEN`.
fn bearer(req: &Request) -> Result<Option<&str>, Error> {
    let Some(value) = req.headers().get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    value
        .to_str()
        .ok()
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(|t| Some(t.trim()))
        .ok_or_else(|| Error::NotSignedIn(text!("err-bad-authorization")))
}

/// Resolves a bearer token to its session for the route's handler, or
/// refuses the request: 401 for an unknown or revoked token, 403 for a
/// route the token's scopes do not open.
pub async fn authenticate(State(app): State<Arc<App>>, mut req: Request, next: Next) -> Response {
    let token = match bearer(&req) {
        Ok(None) => return next.run(req).await,
        Ok(Some(token)) => token.to_owned(),
        Err(e) => return e.into_response(),
    };
    let found = match tokens::authenticate(&app, &token).await {
        Ok(found) => found,
        Err(e) => return e.into_response(),
    };
    let Some((session, scopes)) = found else {
        return Error::NotSignedIn(text!("err-unknown-token")).into_response();
    };
    let path = req
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(String::new, |p| p.as_str().to_owned());
    let needed = scopes_for(req.method(), &path);
    if needed.is_empty() {
        return Error::forbidden(text!(
            "err-token-not-here",
            method = req.method(),
            path = path
        ))
        .into_response();
    }
    if !needed.iter().any(|s| scopes.contains(s)) {
        let names: Vec<&str> = needed.iter().map(|s| s.name()).collect();
        return Error::forbidden(text!(
            "err-token-lacks-scope",
            join = names.join(" or "),
            path = path
        ))
        .into_response();
    }
    req.extensions_mut().insert(TokenSession(session));
    next.run(req).await
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_scope_opens_its_routes_only() {
        let post = Method::POST;
        assert_eq!(
            scopes_for(&post, "/api/bot/game/{id}/move/{move}"),
            &[Scope::BotPlay]
        );
        assert_eq!(
            scopes_for(&post, "/api/challenge/{id}/accept"),
            &[Scope::ChallengeWrite]
        );
        assert_eq!(
            scopes_for(&post, "/api/games/{id}/moves"),
            &[Scope::BoardPlay]
        );
        assert_eq!(
            scopes_for(&post, "/api/tournaments/{id}/join"),
            &[Scope::TournamentWrite]
        );
        // Making, starting and ending tournaments stay with the browser.
        assert!(scopes_for(&post, "/api/tournaments").is_empty());
        assert!(scopes_for(&post, "/api/tournaments/{id}/finish").is_empty());
        // Nothing that manages the account: a leaked token cannot change the
        // password, delete the account or make more tokens.
        assert!(scopes_for(&post, "/api/account/password").is_empty());
        assert!(scopes_for(&post, "/api/account/delete").is_empty());
        assert!(scopes_for(&post, "/api/account/tokens").is_empty());
        assert!(scopes_for(&Method::GET, "/api/account/tokens").is_empty());
        // A route read with GET is not opened for POST.
        assert!(scopes_for(&post, "/api/stream/event").is_empty());
    }
}
