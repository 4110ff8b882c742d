//! Players' names: what may be shown at the board. A name is 1 to 24
//! characters, trimmed, with something visible in it; it holds no
//! control, format or invisible character (zero-width spaces, the blank
//! Braille pattern, right-to-left overrides that would turn the text
//! around it) and no space but the plain one; and it does not pass for
//! the computer ("Computer (level 10)").

use crate::api::error::Error;
use crate::text::text;

/// Longest name, in characters.
pub const MAX_NAME: usize = 24;

/// A name trimmed and checked.
///
/// ```
/// # use wari_server::check_name;
/// assert_eq!(check_name("  Ama ").unwrap(), "Ama");
/// assert!(check_name("\u{200B}").is_err());
/// assert!(check_name("Computer (level 10)").is_err());
/// ```
///
/// # Errors
/// A 400 saying what is wrong.
pub fn check_name(name: &str) -> Result<String, Error> {
    let name = name.trim();
    let count = name.chars().count();
    if count == 0 {
        return Err(Error::bad(text!("err-name-empty")));
    }
    if count > MAX_NAME {
        return Err(Error::bad(text!("err-name-too-long", max_name = MAX_NAME)));
    }
    if name.chars().any(char::is_control) {
        return Err(Error::bad(text!("err-name-control-characters")));
    }
    if let Some(c) = name
        .chars()
        .find(|&c| invisible(c) || (c.is_whitespace() && c != ' '))
    {
        return Err(Error::bad(text!(
            "err-name-invisible-characters",
            from = format!("{:04X}", u32::from(c))
        )));
    }
    let letters: String = name
        .chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect();
    if letters.is_empty() {
        return Err(Error::bad(text!("err-name-needs-letter-digit")));
    }
    if letters.starts_with("computer") {
        return Err(Error::bad(text!("err-name-computer")));
    }
    Ok(name.to_owned())
}

/// Characters that show nothing or change the direction of the text
/// around them: Unicode's format characters (category Cf) and the
/// fillers and selectors that render blank.
fn invisible(c: char) -> bool {
    matches!(
        u32::from(c),
        0x00AD
            | 0x034F
            | 0x0600..=0x0605
            | 0x061C
            | 0x06DD
            | 0x070F
            | 0x08E2
            | 0x115F..=0x1160
            | 0x17B4..=0x17B5
            | 0x180B..=0x180F
            | 0x200B..=0x200F
            | 0x202A..=0x202E
            | 0x2060..=0x206F
            | 0x2800
            | 0x3164
            | 0xFE00..=0xFE0F
            | 0xFEFF
            | 0xFFA0
            | 0xFFF9..=0xFFFB
            | 0x110BD
            | 0x110CD
            | 0x13430..=0x1343F
            | 0x1BCA0..=0x1BCA3
            | 0x1D173..=0x1D17A
            | 0xE0001
            | 0xE0020..=0xE007F
            | 0xE0100..=0xE01EF
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_checked() {
        assert_eq!(check_name("  Ama ").unwrap(), "Ama");
        assert_eq!(check_name("Kofi Annan").unwrap(), "Kofi Annan");
        assert_eq!(check_name("Awalé-Ürün 2").unwrap(), "Awalé-Ürün 2");
        assert_eq!(check_name("阿马").unwrap(), "阿马");
        assert!(check_name("").is_err());
        assert!(check_name("a\u{7}").is_err());
        assert!(check_name(&"x".repeat(25)).is_err());
    }

    #[test]
    fn invisible_and_direction_characters_are_refused() {
        for name in [
            "\u{200B}",
            "\u{2800}\u{2800}",
            "\u{3164}",
            "Ama\u{200B}",
            "\u{202E}ifoK",
            "Ama\u{2066}x",
            "\u{FEFF}Ama",
            "Ama\u{00A0}Kofi",
            "---",
        ] {
            assert!(check_name(name).is_err(), "{name:?}");
        }
    }

    #[test]
    fn nobody_passes_for_the_computer() {
        for name in ["Computer (level 10)", "computer", "COMPUTER 9", "Com-puter"] {
            assert!(check_name(name).is_err(), "{name:?}");
        }
        assert!(check_name("My computer").is_ok());
    }
}
