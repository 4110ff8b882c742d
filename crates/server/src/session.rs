//! Guests: a name and a session cookie (`wari_session`, HttpOnly) whose
//! secret token names the session. Sessions are cached in memory; the
//! database is the truth, so any process knows every session.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::http::HeaderMap;
use axum::http::header::COOKIE;

use crate::App;
use crate::api::error::Error;
use crate::ids::{now_ms, random_id};
use crate::lock::lock;
use crate::name::check_name;
use crate::store::Session;

/// The cookie's name.
pub const COOKIE_NAME: &str = "wari_session";
const CACHE_LIMIT: usize = 100_000;

/// Sessions seen lately, by token.
#[derive(Debug, Default)]
pub struct Sessions {
    cache: Mutex<HashMap<String, Session>>,
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
        if let Some(s) = lock(&self.cache).get(token).cloned() {
            return Ok(Some(s));
        }
        let found = app.store.session_by_token(token).await?;
        if let Some(s) = &found {
            self.remember(s.clone());
        }
        Ok(found)
    }

    fn remember(&self, session: Session) {
        let mut c = lock(&self.cache);
        if c.len() >= CACHE_LIMIT {
            c.clear();
        }
        c.insert(session.token.clone(), session);
    }

    /// Creates a session named `name`, or renames `existing`.
    ///
    /// # Errors
    /// A bad name (400) or a database error.
    pub async fn sign_in(
        &self,
        app: &Arc<App>,
        existing: Option<Session>,
        name: &str,
    ) -> Result<Session, Error> {
        let name = check_name(name)?;
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
                };
                app.store.insert_session(&s, now_ms()).await?;
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
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(k, _)| *k == COOKIE_NAME)
        .map(|(_, v)| v.trim().to_owned())
}

/// The `Set-Cookie` value that hands out `token` (a year, whole site).
#[must_use]
pub fn set_cookie(token: &str) -> String {
    format!("{COOKIE_NAME}={token}; Path=/; HttpOnly; SameSite=Lax; Max-Age=31536000")
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
