//! The one setting this server reads from the app's `settings.json` (in the data dir, written by
//! the desktop): `mcpCaseData`, whether assistants may read the person's case data. Off unless the
//! file says `true`; a missing or unreadable file is off.
//!
//! It is read again for every request, so turning it off in the app takes effect at once.

use std::path::Path;

/// The key in `settings.json`.
pub const CASE_DATA_KEY: &str = "mcpCaseData";

/// Whether `settings.json` at `path` turns on the case tools.
pub fn case_data_enabled(path: &Path) -> bool {
    let Ok(text) = std::fs::read_to_string(path) else { return false };
    match serde_json::from_str::<serde_json::Value>(&text) {
        Ok(settings) => settings.get(CASE_DATA_KEY) == Some(&serde_json::Value::Bool(true)),
        Err(e) => {
            tracing::warn!("{} is not JSON ({e}); case data stays off", path.display());
            false
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn case_data_is_off_unless_the_settings_say_true() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("settings.json");
        assert!(!case_data_enabled(&path), "no file");
        for (text, on) in [
            (r#"{"mcpCaseData": true}"#, true),
            (r#"{"mcpCaseData": false}"#, false),
            (r#"{"mcpCaseData": "true"}"#, false),
            (r#"{"theme": "dark"}"#, false),
            ("not json", false),
        ] {
            std::fs::write(&path, text).unwrap();
            assert_eq!(case_data_enabled(&path), on, "{text}");
        }
    }
}
