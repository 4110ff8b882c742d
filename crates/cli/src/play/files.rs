//! Game files: reading an OGN record to continue it, and the default name
//! to save one under.

use std::path::Path;
use std::time::SystemTime;

use wari_i18n::{Text, message};
use wari_rules::ogn::Record;

use super::words::{self, Language};

/// Reads an OGN file.
///
/// # Errors
/// A one-line message naming the file when it cannot be read or is not
/// a valid record, in `lang` (what is wrong inside a record in the OGN
/// reader's English words).
pub fn load(path: &Path, lang: Language) -> Result<Record, String> {
    let text = std::fs::read_to_string(path).map_err(|e| {
        message(
            lang,
            "cli-cannot-read",
            &[
                ("path", path.display().to_string().into()),
                ("error", words::io_error(lang, &e).into()),
            ],
        )
    })?;
    Record::read(&text).map_err(|e| format!("{}: {}", path.display(), Text::from(e).render(lang)))
}

/// A file name to save to: `wari-YYYYMMDD-HHMMSS.ogn`, in UTC.
pub fn default_save_name(when: SystemTime) -> String {
    format!(
        "wari-{}-{}.ogn",
        crate::date::utc_date(when, ""),
        crate::date::utc_time(when, "")
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::{Duration, UNIX_EPOCH};

    #[test]
    fn save_names_carry_the_utc_time() {
        let when = UNIX_EPOCH + Duration::from_secs(1_709_251_199); // 2024-02-29 23:59:59
        assert_eq!(default_save_name(when), "wari-20240229-235959.ogn");
    }
}
