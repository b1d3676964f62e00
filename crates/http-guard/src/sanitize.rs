//! Error text made safe to leave the process: what a third-party service, a file system or a
//! library says in an error can carry secrets and personal details, and it reaches events, HTTP
//! bodies, the page and logs. [`Sanitizer::clean`] takes out:
//!
//! - API keys and tokens: `sk-…` keys, `Bearer …` and `Token …` credentials, `key=…`/`token=…`
//!   pairs (as in a URL's query), and every secret the app was configured with (the keys in
//!   settings, the launch token);
//! - file paths under the home directory (`/home/ana/cases/…` → `~/…`, the rest of the path cut);
//! - e-mail addresses and phone numbers.
//!
//! What remains says what went wrong. The stable error code travels beside the text (see
//! [`crate::tool::ToolError::code`]), so nothing depends on the wording.
//!
//! Log lines pass through [`Writer`] in the desktop, the server and the explorer.
//!
//! Not for: the person's own records (they are theirs to see), or text shown to the model as data.

use std::sync::{LazyLock, RwLock};

use regex::Regex;

/// Secrets shorter than this are not searched for (too likely to match ordinary words).
const MIN_SECRET_CHARS: usize = 6;

static KEY: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\bsk-[A-Za-z0-9_\-]{8,}").expect("a valid pattern"));
static CREDENTIAL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"(?i)\b(bearer|token|basic)\s+[A-Za-z0-9._~+/=\-]{8,}").expect("a valid pattern"));
static PAIR: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(
        r#"(?i)\b(api[_-]?key|apikey|access[_-]?token|token|key|secret|password|auth)(["']?\s*[=:]\s*["']?)[^\s&"',;\[][^\s&"',;]{5,}"#,
    )
    .expect("a valid pattern")
});
static EMAIL: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"\b[A-Za-z0-9._%+\-]+@[A-Za-z0-9.\-]+\.[A-Za-z]{2,}\b").expect("a valid pattern"));
/// North American numbers (`(804) 555-0142`, `804-555-0142`, `+1 804 555 0142`) and long
/// international ones (`+44 20 7946 0958`). Section numbers (`20-124.3`) and dates do not fit.
static PHONE: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?:\+?1[ .\-]?)?\(?\b\d{3}\)?[ .\-]\d{3}[ .\-]\d{4}\b|\+\d{1,3}(?:[ .\-]?\d{2,4}){3,5}\b").expect("a valid pattern")
});
/// Home directories by their usual places, when `HOME` is not the one in the text.
static HOME_PATH: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(?:/home/[^/\s"']+|/Users/[^/\s"']+|[A-Za-z]:\\Users\\[^\\\s"']+)(?:[/\\][^\s"':;,)\]]*)?|/root/[^\s"':;,)\]]*"#)
        .expect("a valid pattern")
});

/// Takes secrets, credentials, home paths, e-mail addresses and phone numbers out of text.
#[derive(Debug, Default)]
pub struct Sanitizer {
    secrets: RwLock<Vec<String>>,
}

impl Sanitizer {
    /// A sanitizer that also removes each of `secrets` (blank and short ones are ignored).
    pub fn new(secrets: impl IntoIterator<Item = String>) -> Self {
        let sanitizer = Sanitizer::default();
        sanitizer.add_secrets(secrets);
        sanitizer
    }

    /// Adds secrets to remove (keys saved in settings, a new launch token).
    pub fn add_secrets(&self, secrets: impl IntoIterator<Item = String>) {
        let Ok(mut known) = self.secrets.write() else { return };
        for secret in secrets.into_iter().map(|s| s.trim().to_string()).filter(|s| s.chars().count() >= MIN_SECRET_CHARS) {
            if !known.contains(&secret) {
                known.push(secret);
            }
        }
        // Longest first, so a secret that contains another is removed whole.
        known.sort_by_key(|s| std::cmp::Reverse(s.len()));
    }

    /// `text` with what must not leave the process replaced by a plain marker.
    pub fn clean(&self, text: &str) -> String {
        let mut out = text.to_string();
        if let Ok(known) = self.secrets.read() {
            for secret in known.iter() {
                if out.contains(secret.as_str()) {
                    out = out.replace(secret.as_str(), "[secret removed]");
                }
            }
        }
        if let Some(home) = home_dir().filter(|h| h.len() > 1)
            && out.contains(&home)
        {
            let pattern = format!(r#"{}(?:[/\\][^\s"':;,)\]]*)?"#, regex::escape(&home));
            if let Ok(re) = Regex::new(&pattern) {
                out = re.replace_all(&out, "~/[path removed]").into_owned();
            }
        }
        out = HOME_PATH.replace_all(&out, "~/[path removed]").into_owned();
        out = KEY.replace_all(&out, "sk-[key removed]").into_owned();
        out = CREDENTIAL.replace_all(&out, "$1 [credential removed]").into_owned();
        out = PAIR.replace_all(&out, "$1$2[removed]").into_owned();
        out = EMAIL.replace_all(&out, "[e-mail removed]").into_owned();
        PHONE.replace_all(&out, "[phone removed]").into_owned()
    }
}

fn home_dir() -> Option<String> {
    std::env::var("HOME").ok().or_else(|| std::env::var("USERPROFILE").ok()).map(|h| h.trim_end_matches(['/', '\\']).to_string())
}

/// The process's sanitizer: the same secrets wherever text leaves it.
pub fn global() -> &'static Sanitizer {
    static GLOBAL: LazyLock<Sanitizer> = LazyLock::new(Sanitizer::default);
    &GLOBAL
}

/// [`Sanitizer::clean`] with the process's sanitizer.
pub fn clean(text: &str) -> String {
    global().clean(text)
}

/// A log destination whose lines are cleaned ([`clean`]) before they are written: what a library
/// or a service put in an error cannot reach a log file either. A formatter writes each log line
/// in one call; text is cleaned call by call.
pub struct Writer<W>(pub W);

impl<W: std::io::Write> std::io::Write for Writer<W> {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        let text = String::from_utf8_lossy(bytes);
        self.0.write_all(clean(&text).as_bytes())?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// `stderr`, cleaned: for `tracing_subscriber::fmt().with_writer(sanitize::stderr)`.
pub fn stderr() -> Writer<std::io::Stderr> {
    Writer(std::io::stderr())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_tokens_and_configured_secrets_are_removed() {
        let s = Sanitizer::new(["cl-secret-token-123".to_string()]);
        let text = "CourtListener said: invalid token cl-secret-token-123 (Authorization: Token cl-secret-token-123); \
                    OpenAI: Incorrect API key provided: sk-proj-AbCdEf1234567890. Header Bearer eyJhbGciOiJIUzI1NiJ9.x.y; \
                    url ?q=deposit&key=AIzaSyD-very-secret&format=json";
        let clean = s.clean(text);
        for leaked in ["cl-secret-token-123", "sk-proj-AbCdEf1234567890", "eyJhbGciOiJIUzI1NiJ9", "AIzaSyD-very-secret"] {
            assert!(!clean.contains(leaked), "{leaked} in {clean}");
        }
        assert!(clean.contains("CourtListener said: invalid token"), "what went wrong stays: {clean}");
    }

    #[test]
    fn a_secret_too_short_to_tell_from_words_is_not_searched_for() {
        // "abc" (and a blank) configured as secrets would take ordinary words out of every error.
        let s = Sanitizer::new(["abc".to_string(), "  ".to_string(), "cl-secret-token-123".to_string()]);
        let text = "the abc of the error: form abc-12 was refused; token cl-secret-token-123";
        assert_eq!(s.clean(text), "the abc of the error: form abc-12 was refused; token [secret removed]");
        assert_eq!(s.secrets.read().unwrap().as_slice(), ["cl-secret-token-123"], "only the long secret is kept");
    }

    #[test]
    fn home_paths_e_mails_and_phone_numbers_are_removed_but_law_and_dates_stay() {
        let s = Sanitizer::default();
        let text = "could not read /home/ana/Cases/Doe v. Doe/custody order.pdf; write to clerk.smith@courts.example.gov \
                    or call (804) 555-0142 or +1 804 555 0142 about § 20-124.3 by 2026-12-01 (case JA-2024-001234)";
        let clean = s.clean(text);
        for leaked in ["/home/ana", "clerk.smith@courts.example.gov", "555-0142", "555 0142"] {
            assert!(!clean.contains(leaked), "{leaked} in {clean}");
        }
        for kept in ["§ 20-124.3", "2026-12-01", "JA-2024-001234", "could not read"] {
            assert!(clean.contains(kept), "{kept} lost: {clean}");
        }
        assert!(!s.clean(r"C:\Users\ana\Documents\lease.pdf was not found").contains("ana"));
    }

    #[test]
    fn the_process_home_directory_is_removed_wherever_it_is() {
        let Some(home) = home_dir() else { return };
        let clean = clean(&format!("failed to open {home}/.local/share/proseva/graph.db: denied"));
        assert!(!clean.contains(&home), "{clean}");
        assert!(clean.ends_with(": denied"), "{clean}");
    }
}
