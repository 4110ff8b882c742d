//! Names: an account's (2 to 20 letters, digits, `_` and `-`, unique
//! ignoring case) and the rule every shown name follows, a guest's too:
//! no one passes for the computer, for a deleted player or for the site.

use crate::api::error::Error;
use crate::text::text;

/// Shortest account name, in characters.
pub const MIN_ACCOUNT_NAME: usize = 2;
/// Longest account name, in characters.
pub const MAX_ACCOUNT_NAME: usize = 20;
/// The name a deleted account's games show.
pub const DELETED_NAME: &str = "Deleted player";

/// Words no name may be (ignoring case, `_`, `-`, spaces and dots):
/// the site's roles and the stand-ins the server shows.
const RESERVED: &[&str] = &[
    "admin",
    "administrator",
    "anonymous",
    "api",
    "bot",
    "deleted",
    "deletedplayer",
    "engine",
    "ghost",
    "guest",
    "mod",
    "moderator",
    "null",
    "owner",
    "root",
    "server",
    "staff",
    "support",
    "system",
    "undefined",
    "wari",
    "wariserver",
];

/// What no account name may contain (after the same folding): the
/// computer's seats are named "Computer (level N)". (A guest's name may,
/// as in "My computer": `crate::name` refuses only a name that starts
/// with it, and guests show as guests.)
const RESERVED_PARTS: &[&str] = &["computer", "admin", "moderator"];

/// A name folded for comparison: lower case, without `_`, `-`, spaces
/// and dots.
fn folded(name: &str) -> String {
    name.chars()
        .filter(|c| !matches!(c, '_' | '-' | ' ' | '.'))
        .flat_map(char::to_lowercase)
        .collect()
}

/// Whether `name` is one of the reserved words (the site's roles, a
/// deleted player), whoever takes it.
#[must_use]
pub fn reserved(name: &str) -> bool {
    RESERVED.contains(&folded(name).as_str())
}

/// Whether `name` would pass, as an account's name, for the computer, a
/// deleted player or the site itself.
#[must_use]
pub fn impersonates(name: &str) -> bool {
    reserved(name)
        || RESERVED_PARTS
            .iter()
            .any(|part| folded(name).contains(part))
}

/// The key an account name is unique by: the name in lower case.
#[must_use]
pub fn name_key(name: &str) -> String {
    name.to_ascii_lowercase()
}

/// An account name checked: 2 to 20 ASCII letters, digits, `_` and `-`,
/// starting with a letter or digit, ending with a letter or digit, no two
/// `_`/`-` in a row, not reserved (`Ama_Owusu` passes, `computer-10`
/// and `a` do not).
///
/// # Errors
/// A 400 saying which rule the name breaks.
pub fn check_account_name(name: &str) -> Result<String, Error> {
    let count = name.chars().count();
    if !(MIN_ACCOUNT_NAME..=MAX_ACCOUNT_NAME).contains(&count) {
        return Err(Error::bad(text!(
            "err-account-name-length",
            min_account_name = MIN_ACCOUNT_NAME,
            max_account_name = MAX_ACCOUNT_NAME
        )));
    }
    if !name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
    {
        return Err(Error::bad(text!("err-account-name-characters")));
    }
    let separator = |c: char| c == '_' || c == '-';
    if name.starts_with(separator) || name.ends_with(separator) {
        return Err(Error::bad(text!("err-account-name-ends")));
    }
    if name
        .as_bytes()
        .windows(2)
        .any(|w| separator(char::from(w[0])) && separator(char::from(w[1])))
    {
        return Err(Error::bad(text!("err-account-name-repeats")));
    }
    if impersonates(name) {
        return Err(Error::bad(text!(
            "err-name-reserved",
            name = format!("{:?}", name)
        )));
    }
    Ok(name.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn account_names_follow_the_rules() {
        for good in ["Ama", "kofi_2", "A-b", "x9", "ABCDEFGHIJKLMNOPQRST"] {
            assert!(check_account_name(good).is_ok(), "{good}");
        }
        for bad in [
            "a",
            "ABCDEFGHIJKLMNOPQRSTU",
            "has space",
            "émile",
            "_lead",
            "trail-",
            "two__seps",
            "a-_b",
            "Computer",
            "the_computer_10",
            "WARI",
            "admin",
            "Deleted-Player",
            "ghost",
        ] {
            assert!(check_account_name(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn impersonation_ignores_case_and_separators() {
        assert!(impersonates("Computer (level 3)"));
        assert!(impersonates("c-o-m-p-u-t-e-r"));
        assert!(impersonates("Deleted player"));
        assert!(reserved("Deleted player") && reserved("ADMIN") && !reserved("My computer"));
        assert!(!impersonates("Ama"));
        assert!(!impersonates("Swarina"));
    }

    #[test]
    fn keys_ignore_case() {
        assert_eq!(name_key("Ama"), name_key("aMA"));
    }
}
