//! Sessions: a session cookie (`wari_session`, HttpOnly) whose secret
//! token names the session, with a guest's name or signed in to an
//! account (`accounts/`). Sessions are cached in memory for a minute; the
//! database is the truth, so any process knows every session, and a
//! session ended in one process is forgotten by the others at once
//! (`notify.rs`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::HeaderMap;
use axum::http::header::COOKIE;

use crate::App;
use crate::accounts::{name_key, reserved};
use crate::api::error::Error;
use crate::ids::random_id;
use crate::lock::lock;
use crate::name::check_name;
use crate::store::Session;
use crate::text::text;

/// The cookie's name.
pub const COOKIE_NAME: &str = "wari_session";
const CACHE_LIMIT: usize = 100_000;
/// How long a session is trusted from the cache before it is read again.
const CACHE_TTL: Duration = Duration::from_secs(60);

/// Sessions seen lately, by token.
#[derive(Debug, Default)]
pub struct Sessions {
    cache: Mutex<HashMap<String, (Session, Instant)>>,
}

impl Sessions {
    /// The session of `token`, from the cache or the database.
    ///
    /// # Errors
    /// A database error.
    pub async fn find(&self, app: &Arc<App>, token: &str) -> Result<Option<Session>, Error> {
        if token.is_empty() || token.len() > 64 {
            return Ok(None);
        }
        let cached = lock(&self.cache).get(token).cloned();
        if let Some((s, at)) = cached
            && at.elapsed() < CACHE_TTL
        {
            return Ok(Some(s));
        }
        let found = app.store.session_by_token(token).await?;
        if let Some(s) = &found {
            self.remember(s.clone());
        }
        Ok(found)
    }

    /// Keeps `session` in the cache.
    pub fn remember(&self, session: Session) {
        let mut c = lock(&self.cache);
        if c.len() >= CACHE_LIMIT {
            c.clear();
        }
        c.insert(session.token.clone(), (session, Instant::now()));
    }

    /// Forgets session `id` (ended, or its token changed): the next
    /// request reads it from the database.
    pub fn forget(&self, id: &str) {
        lock(&self.cache).retain(|_, (s, _)| s.id != id);
    }

    /// Creates a guest's session named `name`, or renames `existing`.
    ///
    /// # Errors
    /// A bad name (400), a name an account has or a signed-in session
    /// (409), or a database error.
    pub async fn sign_in(
        &self,
        app: &Arc<App>,
        existing: Option<Session>,
        name: &str,
    ) -> Result<Session, Error> {
        let name = check_name(name)?;
        if reserved(&name) {
            return Err(Error::bad(text!(
                "err-name-reserved",
                name = format!("{:?}", name)
            )));
        }
        if existing.as_ref().is_some_and(|s| s.account_id.is_some()) {
            return Err(Error::conflict(text!("err-name-is-account")));
        }
        if app.store.account_by_key(&name_key(&name)).await?.is_some() {
            return Err(Error::conflict(text!("err-name-of-account", name = name)));
        }
        let session = match existing {
            Some(mut s) => {
                app.store.rename_session(&s.id, &name).await?;
                s.name = name;
                s
            }
            None => {
                let s = Session {
                    id: random_id(12),
                    token: random_id(32),
                    name,
                    account_id: None,
                    bot: false,
                };
                app.store.insert_session(&s, app.now_ms()).await?;
                s
            }
        };
        self.remember(session.clone());
        Ok(session)
    }
}

/// The session token in the request's cookies, if any.
#[must_use]
pub fn token_of(headers: &HeaderMap) -> Option<String> {
    cookie(headers, COOKIE_NAME).map(str::to_owned)
}

/// The value of the request's cookie `name`, if it has one.
#[must_use]
pub fn cookie<'h>(headers: &'h HeaderMap, name: &str) -> Option<&'h str> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == name)
        .map(|(_, v)| v.trim())
}

/// The `Set-Cookie` value that hands out `token` (a year, whole site).
#[must_use]
pub fn set_cookie(token: &str) -> String {
    format!("{COOKIE_NAME}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000")
}

/// The `Set-Cookie` value that removes the cookie (signed out).
#[must_use]
pub fn clear_cookie() -> String {
    format!("{COOKIE_NAME}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0")
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn the_token_is_read_among_other_cookies() {
        let mut headers = HeaderMap::new();
        headers.insert(
            COOKIE,
            HeaderValue::from_static("a=1; wari_session=abc ; b=2"),
        );
        assert_eq!(token_of(&headers).as_deref(), Some("abc"));
        assert_eq!(token_of(&HeaderMap::new()), None);
    }
}
