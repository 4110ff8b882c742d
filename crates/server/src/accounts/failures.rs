//! Failed sign-ins, counted in the database (so every process sees them)
//! against the account's name and against the address: past the limit in
//! the window, every sign-in for that name or from that address is
//! refused with a 429 until the oldest failure leaves the window. A
//! success forgets the failures counted against the name. Sign-ups are
//! counted the same way against the address.

use std::net::IpAddr;
use std::sync::Arc;

use crate::App;
use crate::api::error::Error;
use crate::config::{FAILURE_WINDOW_MS, FAILURES_PER_ACCOUNT, FAILURES_PER_ADDRESS};
use crate::text::text;

/// The scopes a sign-in for `key` from `address` is counted in.
fn scopes(key: &str, address: IpAddr) -> [String; 2] {
    [format!("account:{key}"), format!("address:{address}")]
}

/// Refuses a sign-in for `key` from `address` while either is over its
/// limit of failures.
///
/// # Errors
/// A 429 saying how long to wait; a database error.
pub async fn check(app: &Arc<App>, key: &str, address: IpAddr) -> Result<(), Error> {
    let now = app.now_ms();
    let since = now - FAILURE_WINDOW_MS;
    let [account, from] = scopes(key, address);
    for (scope, limit, what) in [
        (&account, FAILURES_PER_ACCOUNT, "for this account"),
        (&from, FAILURES_PER_ADDRESS, "from your address"),
    ] {
        let (count, first) = app.store.failures_since(scope, since).await?;
        if count >= limit {
            let minutes = ((first + FAILURE_WINDOW_MS - now) / 60_000).max(0) + 1;
            return Err(Error::TooMany(text!(
                "err-too-many-sign-ins",
                what = what,
                minutes = minutes
            )));
        }
    }
    Ok(())
}

/// Counts a failed sign-in for `key` from `address`.
///
/// # Errors
/// A database error.
pub async fn record(app: &Arc<App>, key: &str, address: IpAddr) -> Result<(), Error> {
    let [account, from] = scopes(key, address);
    app.store
        .add_failure(&[&account, &from], app.now_ms())
        .await
}

/// Forgets the failures counted against `key` (it signed in).
///
/// # Errors
/// A database error.
pub async fn forget(app: &Arc<App>, key: &str) -> Result<(), Error> {
    app.store.clear_failures(&format!("account:{key}")).await
}

/// Refuses a sign-up from `address` once it has made
/// `--sign-ups-per-hour` accounts in the last hour.
///
/// # Errors
/// A 429; a database error.
pub async fn check_sign_ups(app: &Arc<App>, address: IpAddr) -> Result<(), Error> {
    let now = app.now_ms();
    let (count, first) = app
        .store
        .failures_since(&format!("signup:{address}"), now - HOUR_MS)
        .await?;
    if count >= i64::from(app.config.sign_ups_per_hour) {
        let minutes = ((first + HOUR_MS - now) / 60_000).max(0) + 1;
        return Err(Error::TooMany(text!(
            "err-too-many-sign-ups",
            minutes = minutes
        )));
    }
    Ok(())
}

/// Counts a sign-up from `address`.
///
/// # Errors
/// A database error.
pub async fn count_sign_up(app: &Arc<App>, address: IpAddr) -> Result<(), Error> {
    app.store
        .add_failure(&[&format!("signup:{address}")], app.now_ms())
        .await
}

/// Forgets failures and sign-ups that have left their windows.
///
/// # Errors
/// A database error.
pub async fn prune(app: &Arc<App>) -> Result<(), Error> {
    app.store
        .prune_failures(app.now_ms() - HOUR_MS.max(FAILURE_WINDOW_MS))
        .await
}

const HOUR_MS: i64 = 3_600_000;
