//! Passwords: the rules a new one follows, and Argon2id hashes (the
//! `argon2` crate, its default cost: 19 MiB, 2 passes) made and checked on
//! blocking threads, a few at a time, so that sign-ins never slow the
//! async workers that carry the moves.

use std::sync::Arc;

use argon2::Argon2;
use argon2::password_hash::phc::PasswordHash;
use argon2::password_hash::{PasswordHasher, PasswordVerifier};
use tokio::sync::Semaphore;

use crate::api::error::Error;
use crate::text::text;

/// Shortest password, in characters.
pub const MIN_PASSWORD: usize = 8;
/// Longest password, in bytes (hashing cost is per byte).
pub const MAX_PASSWORD_BYTES: usize = 256;

/// Passwords guessed first: refused whatever the name.
const COMMON: &[&str] = &[
    "password",
    "password1",
    "12345678",
    "123456789",
    "1234567890",
    "qwertyui",
    "qwerty123",
    "11111111",
    "00000000",
    "iloveyou",
    "abcd1234",
    "letmein1",
    "sunshine",
    "football",
    "baseball",
    "welcome1",
    "passw0rd",
    "trustno1",
    "princess",
    "whatever",
    "oware123",
    "kalah123",
    "wari1234",
];

/// A new password checked: 8 characters or more, at most 256 bytes, not
/// the name, not one of the most guessed.
///
/// # Errors
/// A 400 saying which rule it breaks.
pub fn check_new_password(password: &str, name: &str) -> Result<(), Error> {
    if password.chars().count() < MIN_PASSWORD {
        return Err(Error::bad(text!(
            "err-password-too-short",
            min_password = MIN_PASSWORD
        )));
    }
    if password.len() > MAX_PASSWORD_BYTES {
        return Err(Error::bad(text!(
            "err-password-too-long",
            max_password_bytes = MAX_PASSWORD_BYTES
        )));
    }
    let lower = password.to_lowercase();
    if lower == name.to_lowercase() {
        return Err(Error::bad(text!("err-password-is-name")));
    }
    if COMMON.contains(&lower.as_str()) {
        return Err(Error::bad(text!("err-password-too-common")));
    }
    Ok(())
}

/// Hashes and checks passwords on blocking threads, `permits` at once.
#[derive(Debug, Clone)]
pub struct Hasher {
    permits: Arc<Semaphore>,
    /// A hash of nothing anyone can type, checked against when the name is
    /// unknown so that the answer takes as long as for a real account.
    decoy: Arc<String>,
}

impl Hasher {
    /// A hasher running `permits` hashes at once.
    ///
    /// # Errors
    /// When Argon2 cannot hash (not in practice).
    pub fn new(permits: usize) -> Result<Hasher, Error> {
        let decoy = hash_now("\u{0}no account has this password\u{0}")?;
        Ok(Hasher {
            permits: Arc::new(Semaphore::new(permits.max(1))),
            decoy: Arc::new(decoy),
        })
    }

    /// The PHC string (`$argon2id$v=19$m=19456,t=2,p=1$…`) of `password`
    /// with a fresh random salt.
    ///
    /// # Errors
    /// A 500 when the pool of blocking threads fails.
    pub async fn hash(&self, password: &str) -> Result<String, Error> {
        let password = password.to_owned();
        self.run(move || hash_now(&password)).await?
    }

    /// Whether `password` matches `stored` (a PHC string); with `None`
    /// (no such account) it spends the same time and answers false.
    ///
    /// # Errors
    /// A 500 when the pool of blocking threads fails.
    pub async fn verify(&self, password: &str, stored: Option<&str>) -> Result<bool, Error> {
        let password = password.to_owned();
        let (stored, real) = match stored {
            Some(s) => (s.to_owned(), true),
            None => (self.decoy.as_ref().clone(), false),
        };
        let matches = self
            .run(move || {
                PasswordHash::new(&stored).is_ok_and(|h| {
                    Argon2::default()
                        .verify_password(password.as_bytes(), &h)
                        .is_ok()
                })
            })
            .await?;
        Ok(real && matches)
    }

    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, Error> {
        let _permit = self
            .permits
            .acquire()
            .await
            .map_err(|_| Error::Internal("the password hasher is closed".to_owned()))?;
        tokio::task::spawn_blocking(work)
            .await
            .map_err(|e| Error::Internal(format!("password hashing: {e}")))
    }
}

fn hash_now(password: &str) -> Result<String, Error> {
    Argon2::default()
        .hash_password(password.as_bytes())
        .map(|h| h.to_string())
        .map_err(|e| Error::Internal(format!("password hashing: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn new_passwords_follow_the_rules() {
        assert!(check_new_password("correct horse", "Ama").is_ok());
        assert!(check_new_password("short", "Ama").is_err());
        assert!(check_new_password("AmaAmaAma", "amaamaama").is_err());
        assert!(check_new_password("Password", "Ama").is_err());
        assert!(check_new_password(&"x".repeat(257), "Ama").is_err());
    }

    #[tokio::test]
    async fn a_hash_is_argon2id_salted_and_checks_only_its_password() {
        let hasher = Hasher::new(1).unwrap();
        let one = hasher.hash("correct horse").await.unwrap();
        let two = hasher.hash("correct horse").await.unwrap();
        assert!(one.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{one}");
        assert_ne!(one, two, "each hash has its own salt");
        assert!(hasher.verify("correct horse", Some(&one)).await.unwrap());
        assert!(!hasher.verify("correct hors", Some(&one)).await.unwrap());
        assert!(!hasher.verify("anything", None).await.unwrap());
        assert!(!hasher.verify("x", Some("not a hash")).await.unwrap());
    }
}
