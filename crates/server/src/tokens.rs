//! Personal API tokens: a secret an account makes from a signed-in
//! browser, with scopes, that authenticates API calls as
//! `Authorization: Bearer TOKEN` (bots, scripts), as lichess's personal
//! tokens do. The server keeps only the token's SHA-256; each token acts
//! through a session of its own, so revoking it ends that session alone.

use std::fmt::Write as _;
use std::sync::Arc;

use sha2::{Digest, Sha256};

use crate::App;
use crate::api::error::Error;
use crate::ids::random_id;
use crate::notify;
use crate::store::{Session, TokenRow};
use crate::text::text;

/// Tokens an account may hold at once.
pub const MAX_TOKENS: i64 = 20;
/// What a token starts with, so that one pasted by mistake is recognised.
pub const PREFIX: &str = "wari_";

/// What a token may do.
///
/// ```
/// use wari_server::Scope;
/// assert_eq!("bot:play".parse::<Scope>(), Ok(Scope::BotPlay));
/// assert_eq!(Scope::ChallengeWrite.name(), "challenge:write");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scope {
    /// Play as a bot: the `/api/bot/…` calls.
    BotPlay,
    /// Play one's games as a person: the game's moves, resign, offers, stream.
    BoardPlay,
    /// Read the challenges received and sent.
    ChallengeRead,
    /// Make, accept, decline and cancel challenges.
    ChallengeWrite,
    /// Join and withdraw from tournaments.
    TournamentWrite,
}

impl Scope {
    /// Every scope.
    pub const ALL: [Scope; 5] = [
        Scope::BotPlay,
        Scope::BoardPlay,
        Scope::ChallengeRead,
        Scope::ChallengeWrite,
        Scope::TournamentWrite,
    ];

    /// The API's name.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Scope::BotPlay => "bot:play",
            Scope::BoardPlay => "board:play",
            Scope::ChallengeRead => "challenge:read",
            Scope::ChallengeWrite => "challenge:write",
            Scope::TournamentWrite => "tournament:write",
        }
    }
}

impl std::str::FromStr for Scope {
    type Err = String;

    fn from_str(s: &str) -> Result<Scope, String> {
        Scope::ALL
            .into_iter()
            .find(|scope| scope.name() == s)
            .ok_or_else(|| {
                format!("scopes: unknown scope {s:?} (bot:play, board:play, challenge:read, challenge:write, tournament:write)")
            })
    }
}

/// The stored form of `token`: its SHA-256, in hex.
///
/// ```
/// // The SHA-256 of "abc" (FIPS 180-2, appendix B.1).
/// assert_eq!(
///     wari_server::token_hash("abc"),
///     "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// );
/// ```
#[must_use]
pub fn token_hash(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .fold(String::with_capacity(64), |mut hex, b| {
            let _ = write!(hex, "{b:02x}");
            hex
        })
}

/// A token just made: the row kept, and the secret shown once.
#[derive(Debug)]
pub struct NewToken {
    /// As stored.
    pub row: TokenRow,
    /// The secret (`wari_…`), never stored.
    pub token: String,
}

/// Makes a token for `owner`'s account with `scopes`.
///
/// # Errors
/// 401 for a guest; 403 from a token (tokens are made from a browser);
/// 400 for no scope or a description over 100 characters; 409 past
/// [`MAX_TOKENS`]; a database error.
pub async fn create(
    app: &Arc<App>,
    owner: &Session,
    description: &str,
    scopes: &[Scope],
) -> Result<NewToken, Error> {
    let Some(account) = owner.account_id.clone() else {
        return Err(Error::NotSignedIn(text!("err-tokens-need-account")));
    };
    let description = description.trim();
    if description.chars().count() > 100 || description.chars().any(char::is_control) {
        return Err(Error::bad(text!("err-token-description")));
    }
    if scopes.is_empty() {
        return Err(Error::bad(text!("err-token-scopes")));
    }
    let mut tx = app.store.pool().begin().await?;
    if app.store.token_count(&mut tx, &account).await? >= MAX_TOKENS {
        return Err(Error::conflict(text!(
            "err-too-many-tokens",
            max_tokens = MAX_TOKENS
        )));
    }
    let now = app.now_ms();
    // The token's own session; its cookie secret is never handed out.
    let session = Session {
        id: random_id(12),
        token: random_id(32),
        name: owner.name.clone(),
        account_id: Some(account.clone()),
        bot: owner.bot,
    };
    app.store.insert_session_in(&mut tx, &session, now).await?;
    let token = format!("{PREFIX}{}", random_id(32));
    let mut names: Vec<&str> = Scope::ALL
        .iter()
        .filter(|s| scopes.contains(s))
        .map(|s| s.name())
        .collect();
    names.dedup();
    let row = TokenRow {
        id: random_id(8),
        account_id: account,
        session_id: session.id,
        description: description.to_owned(),
        scopes: names.join(" "),
        created_at: now,
    };
    app.store
        .insert_token(&mut tx, &row, &token_hash(&token))
        .await?;
    tx.commit().await?;
    Ok(NewToken { row, token })
}

/// Revokes token `id` of `owner`'s account: its session ends on every
/// process.
///
/// # Errors
/// 404 for a token that is not the account's; a database error.
pub async fn revoke(app: &Arc<App>, owner: &Session, id: &str) -> Result<(), Error> {
    let account = owner.account_id.as_deref().unwrap_or_default();
    let mut tx = app.store.pool().begin().await?;
    let Some(session) = app.store.delete_token(&mut tx, account, id).await? else {
        return Err(Error::not_found(text!("err-no-token", id = id)));
    };
    app.store.delete_session(&mut tx, &session).await?;
    app.store
        .notify(&mut tx, notify::SESSIONS, &session)
        .await?;
    tx.commit().await?;
    app.sessions.forget(&session);
    Ok(())
}

/// The session and scopes of the bearer token `token`, if it is one.
///
/// # Errors
/// A database error.
pub async fn authenticate(
    app: &Arc<App>,
    token: &str,
) -> Result<Option<(Session, Vec<Scope>)>, Error> {
    if !token.starts_with(PREFIX) || token.len() > 64 {
        return Ok(None);
    }
    let Some((session, scopes)) = app.store.session_by_token_hash(&token_hash(token)).await? else {
        return Ok(None);
    };
    let scopes = scopes
        .split_whitespace()
        .filter_map(|s| s.parse().ok())
        .collect();
    Ok(Some((session, scopes)))
}
