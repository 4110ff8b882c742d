//! The language a request speaks (issue 20): the signed-in account's
//! saved choice, else the `wari_lang` cookie, else `Accept-Language`,
//! else English. Errors, WebSocket messages and notifications are
//! written in it from the catalogues of `web/locales/` (crate
//! `wari-i18n`).

use axum::http::HeaderMap;
use axum::http::header::ACCEPT_LANGUAGE;
use wari_i18n::Language;

use crate::App;
use crate::store::Session;

/// The cookie that remembers a browser's choice.
pub const COOKIE_NAME: &str = "wari_lang";

/// The `Set-Cookie` value that remembers `language` (a year, whole
/// site; readable by the page, it is no secret), e.g.
/// `wari_lang=es; Path=/; SameSite=Lax; Max-Age=31536000`.
#[must_use]
pub fn set_cookie(language: Language) -> String {
    format!(
        "{COOKIE_NAME}={}; Path=/; SameSite=Lax; Max-Age=31536000",
        language.code()
    )
}

/// The language the `wari_lang` cookie names, if it names one of ours.
#[must_use]
pub fn of_cookie(headers: &HeaderMap) -> Option<Language> {
    crate::session::cookie(headers, COOKIE_NAME).and_then(|v| v.parse().ok())
}

/// The language `Accept-Language` prefers among ours.
#[must_use]
pub fn of_header(headers: &HeaderMap) -> Option<Language> {
    headers
        .get_all(ACCEPT_LANGUAGE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(Language::negotiate)
}

/// The language a signed-in account saved. A database error counts as
/// no choice (the request still gets an answer), and is logged.
pub async fn of_account(app: &App, session: Option<&Session>) -> Option<Language> {
    let account = session?.account_id.as_deref()?;
    match app.store.account_language(account).await {
        Ok(code) => code?.parse().ok(),
        Err(e) => {
            tracing::warn!(error = %e, "the account's language could not be read");
            None
        }
    }
}

/// The request's language: account, cookie, `Accept-Language`, English.
pub async fn negotiate(app: &App, headers: &HeaderMap, session: Option<&Session>) -> Language {
    if let Some(language) = of_account(app, session).await {
        return language;
    }
    of_cookie(headers)
        .or_else(|| of_header(headers))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn headers(pairs: &[(&'static str, &'static str)]) -> HeaderMap {
        let mut map = HeaderMap::new();
        for (name, value) in pairs {
            map.append(*name, HeaderValue::from_static(value));
        }
        map
    }

    #[test]
    fn the_cookie_comes_before_accept_language() {
        let es: Language = "es".parse().unwrap();
        let both = headers(&[
            ("cookie", "wari_session=x; wari_lang=es"),
            ("accept-language", "en-GB,en;q=0.9"),
        ]);
        assert_eq!(of_cookie(&both), Some(es));
        assert_eq!(of_header(&both), Some(Language::ENGLISH));
        let unknown = headers(&[
            ("cookie", "wari_lang=fr"),
            ("accept-language", "fr, es;q=0.5"),
        ]);
        assert_eq!(of_cookie(&unknown), None);
        assert_eq!(of_header(&unknown), Some(es));
        assert_eq!(of_header(&headers(&[])), None);
    }

    #[test]
    fn the_cookie_lasts_a_year_on_the_whole_site() {
        let es: Language = "es".parse().unwrap();
        assert_eq!(
            set_cookie(es),
            "wari_lang=es; Path=/; SameSite=Lax; Max-Age=31536000"
        );
    }
}
