//! Accounts: sign up with a name and a password (Argon2id), sign in from
//! any number of browsers, sign out (that browser only), change the
//! password (the other browsers are signed out), delete (games in
//! progress resigned, finished ones kept with the name anonymised).
//!
//! A browser's session may be a guest's or signed in to an account; seats
//! and tables taken while signed in belong to the account, so every
//! browser signed in to it plays them. A guest who signs up keeps the
//! games of their session: they become the account's.

mod failures;
mod names;
mod password;

use std::net::IpAddr;
use std::sync::Arc;

pub use failures::prune as prune_failures;
pub use names::{DELETED_NAME, check_account_name, name_key, reserved};
pub use password::Hasher;

use crate::App;
use crate::api::error::Error;
use crate::ids::random_id;
use crate::notify;
use crate::referee::{Action, Status};
use crate::store::{AccountRow, Session, Touched};
use crate::text::text;

/// Signs up `name` with `password`; the caller's guest session (if any)
/// is signed in to the new account and its games become the account's.
///
/// # Errors
/// 400 for a name or password that breaks the rules, 409 for a name
/// taken (ignoring case) or a session already signed in, 429 over the
/// sign-ups allowed from the address, a database error.
pub async fn sign_up(
    app: &Arc<App>,
    existing: Option<Session>,
    address: IpAddr,
    name: &str,
    password: &str,
) -> Result<Session, Error> {
    let name = check_account_name(name.trim())?;
    password::check_new_password(password, &name)?;
    if existing.as_ref().is_some_and(|s| s.account_id.is_some()) {
        return Err(Error::conflict(text!("err-signed-in-already")));
    }
    let key = name_key(&name);
    failures::check_sign_ups(app, address).await?;
    if app.store.account_by_key(&key).await?.is_some() {
        return Err(Error::conflict(text!("err-name-taken", name = name)));
    }
    let now = app.now_ms();
    let account = AccountRow {
        id: random_id(12),
        name,
        password_hash: Some(app.hasher.hash(password).await?),
        created_at: now,
        deleted_at: None,
        bot: false,
    };
    let mut tx = app.store.pool().begin().await?;
    if !app.store.insert_account(&mut tx, &account, &key).await? {
        return Err(Error::conflict(text!(
            "err-account-name-taken",
            account = account.name
        )));
    }
    let (session, touched) =
        signed_in_session(app, &mut tx, existing.as_ref(), &account, now, true).await?;
    tx.commit().await?;
    failures::count_sign_up(app, address).await?;
    after_change(app, existing.as_ref(), &touched).await;
    Ok(session)
}

/// Signs in to `name`'s account with `password`. A guest session is
/// signed in (its seats stay playable from it); a session signed in to
/// an account is replaced by a new one.
///
/// # Errors
/// 401 for a wrong name or password (the same answer, in the same time,
/// for a name no account has), 429 after too many failures for the name
/// or from the address, a database error.
pub async fn sign_in(
    app: &Arc<App>,
    existing: Option<Session>,
    address: IpAddr,
    name: &str,
    password: &str,
) -> Result<Session, Error> {
    let key = name_key(name.trim());
    failures::check(app, &key, address).await?;
    let account = app
        .store
        .account_by_key(&key)
        .await?
        .filter(|a| a.deleted_at.is_none());
    // An unknown name is checked against no hash, in the same time: no
    // telling which names exist.
    let stored = account.as_ref().and_then(|a| a.password_hash.as_deref());
    check_password(app, &key, address, password, stored, Error::WrongPassword).await?;
    let Some(account) = account else {
        return Err(Error::WrongPassword);
    };
    failures::forget(app, &key).await?;
    let now = app.now_ms();
    let mut tx = app.store.pool().begin().await?;
    let (session, touched) =
        signed_in_session(app, &mut tx, existing.as_ref(), &account, now, false).await?;
    tx.commit().await?;
    after_change(app, existing.as_ref(), &touched).await;
    Ok(session)
}

/// The session signed in to `account`: the guest session `existing` under
/// a new token (taking over its games at sign-up), or a new one.
async fn signed_in_session(
    app: &Arc<App>,
    tx: &mut sqlx::AnyConnection,
    existing: Option<&Session>,
    account: &AccountRow,
    now: i64,
    take_over: bool,
) -> Result<(Session, Touched), Error> {
    let token = random_id(32);
    match existing.filter(|s| s.account_id.is_none()) {
        Some(guest) => {
            app.store
                .sign_in_session(tx, &guest.id, &token, account)
                .await?;
            let touched = if take_over {
                app.store.take_over_guest(tx, &guest.id, account).await?
            } else {
                Vec::new()
            };
            announce(app, tx, Some(&guest.id), &touched).await?;
            Ok((
                Session {
                    id: guest.id.clone(),
                    token,
                    name: account.name.clone(),
                    account_id: Some(account.id.clone()),
                    bot: account.bot,
                },
                touched,
            ))
        }
        None => {
            if let Some(old) = existing {
                app.store.delete_session(tx, &old.id).await?;
                announce(app, tx, Some(&old.id), &[]).await?;
            }
            let session = Session {
                id: random_id(12),
                token,
                name: account.name.clone(),
                account_id: Some(account.id.clone()),
                bot: account.bot,
            };
            app.store.insert_session_in(tx, &session, now).await?;
            Ok((session, Vec::new()))
        }
    }
}

/// Tells the other processes (PostgreSQL) that session `ended` changed
/// and which games changed hands, when the transaction commits.
async fn announce(
    app: &Arc<App>,
    tx: &mut sqlx::AnyConnection,
    ended: Option<&str>,
    touched: &[(String, i64)],
) -> Result<(), Error> {
    if let Some(id) = ended {
        app.store.notify(tx, notify::SESSIONS, id).await?;
    }
    for (game, version) in touched {
        app.store
            .notify(tx, notify::CHANNEL, &format!("{game} {version}"))
            .await?;
    }
    Ok(())
}

/// After a committed change: this process forgets the old session and
/// reloads the games that changed hands.
async fn after_change(app: &Arc<App>, ended: Option<&Session>, touched: &[(String, i64)]) {
    if let Some(s) = ended {
        app.sessions.forget(&s.id);
    }
    for (game, version) in touched {
        if let Some(room) = app.rooms.loaded(game)
            && let Err(e) = room.reload(app, Some(*version)).await
        {
            tracing::warn!(game = %game, error = %e, "reload after a change of hands failed");
        }
    }
}

/// Ends `session` (this browser only).
///
/// # Errors
/// A database error.
pub async fn sign_out(app: &Arc<App>, session: &Session) -> Result<(), Error> {
    let mut tx = app.store.pool().begin().await?;
    app.store.delete_session(&mut tx, &session.id).await?;
    announce(app, &mut tx, Some(&session.id), &[]).await?;
    tx.commit().await?;
    app.sessions.forget(&session.id);
    Ok(())
}

/// The account `session` is signed in to.
///
/// # Errors
/// 401 for a guest; a database error.
pub async fn account_of(app: &Arc<App>, session: &Session) -> Result<AccountRow, Error> {
    let id = session
        .account_id
        .as_deref()
        .ok_or_else(|| Error::NotSignedIn(text!("err-sign-in-first")))?;
    app.store
        .account(id)
        .await?
        .filter(|a| a.deleted_at.is_none())
        .ok_or_else(|| Error::NotSignedIn(text!("err-sign-in-first")))
}

/// Checks `password` against `session`'s account (counted as a sign-in).
async fn confirm(
    app: &Arc<App>,
    session: &Session,
    address: IpAddr,
    password: &str,
) -> Result<AccountRow, Error> {
    let account = account_of(app, session).await?;
    let key = name_key(&account.name);
    failures::check(app, &key, address).await?;
    let wrong = Error::forbidden(text!("err-password-wrong"));
    check_password(
        app,
        &key,
        address,
        password,
        account.password_hash.as_deref(),
        wrong,
    )
    .await?;
    Ok(account)
}

/// Checks `password` against the hash `stored` (none: no such account,
/// which never matches); a mismatch is counted as a failure for `key`
/// from `address` and answered with `wrong`.
async fn check_password(
    app: &Arc<App>,
    key: &str,
    address: IpAddr,
    password: &str,
    stored: Option<&str>,
    wrong: Error,
) -> Result<(), Error> {
    if password.len() > password::MAX_PASSWORD_BYTES || !app.hasher.verify(password, stored).await?
    {
        failures::record(app, key, address).await?;
        return Err(wrong);
    }
    Ok(())
}

/// Changes the password of `session`'s account; every other browser
/// signed in to it is signed out.
///
/// # Errors
/// 401 for a guest, 403 for a wrong current password, 400 for a new one
/// that breaks the rules, 429 after too many failures, a database error.
pub async fn change_password(
    app: &Arc<App>,
    session: &Session,
    address: IpAddr,
    current: &str,
    new: &str,
) -> Result<(), Error> {
    let account = confirm(app, session, address, current).await?;
    password::check_new_password(new, &account.name)?;
    let hash = app.hasher.hash(new).await?;
    app.store.set_password(&account.id, &hash).await?;
    let mut tx = app.store.pool().begin().await?;
    let ended = app
        .store
        .end_sessions(&mut tx, &account.id, Some(&session.id))
        .await?;
    for id in &ended {
        announce(app, &mut tx, Some(id), &[]).await?;
    }
    tx.commit().await?;
    for id in &ended {
        app.sessions.forget(id);
    }
    Ok(())
}

/// Deletes `session`'s account: its games in progress are resigned, its
/// open tables closed, every browser signed out; finished games keep their
/// moves and results with the name "Deleted player". The name stays
/// reserved, so no one else can pass for the player.
///
/// # Errors
/// 401 for a guest, 403 for a wrong password, 429 after too many
/// failures, a database error.
pub async fn delete(
    app: &Arc<App>,
    session: &Session,
    address: IpAddr,
    password: &str,
) -> Result<(), Error> {
    let account = confirm(app, session, address, password).await?;
    for id in app.store.games_in_progress_of(&account.id).await? {
        let room = app.rooms.get(app, &id).await?;
        let state = room.snapshot();
        if state.status != Status::Playing {
            continue;
        }
        if let Some(side) = state.side_of(&account.id)
            && let Err(e) = room.act(app, Action::Resign(side)).await
        {
            tracing::warn!(game = %id, error = %e, "resigning a deleted account's game failed");
        }
    }
    let mut tx = app.store.pool().begin().await?;
    app.store.close_open_tables(&mut tx, &account.id).await?;
    app.store.cancel_seeks_of(&mut tx, &account.id).await?;
    app.store.delete_ratings(&mut tx, &account.id).await?;
    app.store
        .anonymise_chat(&mut tx, &account.id, DELETED_NAME)
        .await?;
    let touched = app
        .store
        .anonymise_account(&mut tx, &account.id, app.now_ms())
        .await?;
    let ended = app.store.end_sessions(&mut tx, &account.id, None).await?;
    for id in &ended {
        announce(app, &mut tx, Some(id), &[]).await?;
    }
    announce(app, &mut tx, None, &touched).await?;
    tx.commit().await?;
    for id in &ended {
        app.sessions.forget(id);
    }
    after_change(app, None, &touched).await;
    Ok(())
}
