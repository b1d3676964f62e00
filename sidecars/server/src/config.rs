//! The server's settings, from the environment.

use std::path::PathBuf;

/// Largest request body accepted unless `PROSEVA_MAX_BODY_BYTES` says otherwise: 25 MiB, room for
/// a long scanned-and-OCRed order as PDF.
pub const DEFAULT_MAX_BODY_BYTES: usize = 25 * 1024 * 1024;
pub const DEFAULT_PORT: u16 = 3001;
pub const DEFAULT_EXPLORER_URL: &str = "http://127.0.0.1:3002";
/// Questions and workflows (`/api/chat`, `/api/research`, `/api/workflows/{key}`) answered at
/// once; one more is told the server is busy (503).
pub const DEFAULT_MAX_AGENT_REQUESTS: usize = 4;
/// Questions one client may ask a minute (in bursts of up to 10); one more is 429.
pub const DEFAULT_AGENT_REQUESTS_PER_MINUTE: u32 = 30;

#[derive(Clone, PartialEq, Eq)]
pub struct Config {
    /// Holds `proseva.db` and `documents/`.
    pub data_dir: PathBuf,
    /// 0 picks a free port.
    pub port: u16,
    pub explorer_url: String,
    /// When set, every endpoint but `/api/health` needs `Authorization: Bearer <token>`.
    pub token: Option<String>,
    pub max_body_bytes: usize,
    /// The OCR programs: Tesseract, and poppler's `pdftoppm` for the pages of scanned PDFs
    /// (`PROSEVA_TESSERACT`, `PROSEVA_PDFTOPPM`; by default found on `PATH`).
    pub tesseract: PathBuf,
    pub pdftoppm: PathBuf,
    /// `PROSEVA_MAX_AGENT_REQUESTS`: agent requests run at once (the rest: 503 + `Retry-After`).
    pub max_agent_requests: usize,
    /// `PROSEVA_AGENT_REQUESTS_PER_MINUTE`: agent requests per client a minute (then 429 + `Retry-After`).
    pub agent_requests_per_minute: u32,
    /// `PROSEVA_EXPORT_DIR`: where files made for the person go (the packet for a lawyer); the
    /// desktop passes its exports folder. Unset: `exports/` in the data dir.
    pub export_dir: Option<PathBuf>,
}

impl std::fmt::Debug for Config {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Config")
            .field("data_dir", &self.data_dir)
            .field("port", &self.port)
            .field("explorer_url", &self.explorer_url)
            .field("token", &self.token.as_ref().map(|_| "<redacted>"))
            .field("max_body_bytes", &self.max_body_bytes)
            .field("tesseract", &self.tesseract)
            .field("pdftoppm", &self.pdftoppm)
            .field("max_agent_requests", &self.max_agent_requests)
            .field("agent_requests_per_minute", &self.agent_requests_per_minute)
            .field("export_dir", &self.export_dir)
            .finish()
    }
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum ConfigError {
    #[error(
        "PROSEVA_DATA_DIR is not set: point it at the folder that holds (or will hold) proseva.db, e.g. PROSEVA_DATA_DIR=$HOME/.local/share/proseva"
    )]
    NoDataDir,
    #[error("{name}={value:?} is not valid: {expected}")]
    Invalid { name: &'static str, value: String, expected: &'static str },
}

impl Config {
    /// Defaults for everything but the data dir: port 3001, no token, a 25 MiB body limit.
    pub fn for_data_dir(data_dir: PathBuf) -> Self {
        Config {
            data_dir,
            port: DEFAULT_PORT,
            explorer_url: DEFAULT_EXPLORER_URL.to_string(),
            token: None,
            max_body_bytes: DEFAULT_MAX_BODY_BYTES,
            tesseract: PathBuf::from("tesseract"),
            pdftoppm: PathBuf::from("pdftoppm"),
            max_agent_requests: DEFAULT_MAX_AGENT_REQUESTS,
            agent_requests_per_minute: DEFAULT_AGENT_REQUESTS_PER_MINUTE,
            export_dir: None,
        }
    }

    /// `PROSEVA_DATA_DIR` (required), `PORT`, `EXPLORER_URL`, `PROSEVA_TOKEN`, `PROSEVA_MAX_BODY_BYTES`,
    /// `PROSEVA_TESSERACT`, `PROSEVA_PDFTOPPM`, `PROSEVA_EXPORT_DIR`, `PROSEVA_MAX_AGENT_REQUESTS`, `PROSEVA_AGENT_REQUESTS_PER_MINUTE`.
    /// Empty variables count as unset.
    pub fn from_env() -> Result<Self, ConfigError> {
        Self::from_lookup(|name| std::env::var(name).ok())
    }

    fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Result<Self, ConfigError> {
        let var = |name: &str| lookup(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty());
        let mut config = Config::for_data_dir(var("PROSEVA_DATA_DIR").map(PathBuf::from).ok_or(ConfigError::NoDataDir)?);
        if let Some(port) = var("PORT") {
            config.port = port.parse().map_err(|_| ConfigError::Invalid {
                name: "PORT",
                value: port,
                expected: "a port number 0-65535 (0 = any free port)",
            })?;
        }
        if let Some(url) = var("EXPLORER_URL") {
            config.explorer_url = url;
        }
        config.token = var("PROSEVA_TOKEN");
        if let Some(path) = var("PROSEVA_TESSERACT") {
            config.tesseract = PathBuf::from(path);
        }
        if let Some(path) = var("PROSEVA_PDFTOPPM") {
            config.pdftoppm = PathBuf::from(path);
        }
        config.export_dir = var("PROSEVA_EXPORT_DIR").map(PathBuf::from);
        if let Some(limit) = var("PROSEVA_MAX_BODY_BYTES") {
            config.max_body_bytes = limit.parse().ok().filter(|&n: &usize| n > 0).ok_or(ConfigError::Invalid {
                name: "PROSEVA_MAX_BODY_BYTES",
                value: limit,
                expected: "a positive number of bytes",
            })?;
        }
        let positive = |name: &'static str| -> Result<Option<u32>, ConfigError> {
            var(name)
                .map(|v| {
                    v.parse().ok().filter(|&n: &u32| n > 0).ok_or(ConfigError::Invalid {
                        name,
                        value: v,
                        expected: "a whole number above 0",
                    })
                })
                .transpose()
        };
        if let Some(n) = positive("PROSEVA_MAX_AGENT_REQUESTS")? {
            config.max_agent_requests = n as usize;
        }
        if let Some(n) = positive("PROSEVA_AGENT_REQUESTS_PER_MINUTE")? {
            config.agent_requests_per_minute = n;
        }
        Ok(config)
    }

    pub fn db_path(&self) -> PathBuf {
        self.data_dir.join("proseva.db")
    }

    pub fn documents_dir(&self) -> PathBuf {
        self.data_dir.join("documents")
    }

    /// `PROSEVA_EXPORT_DIR`, else `exports/` in the data dir.
    pub fn exports_dir(&self) -> PathBuf {
        self.export_dir.clone().unwrap_or_else(|| self.data_dir.join("exports"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashMap;

    fn config(vars: &[(&str, &str)]) -> Result<Config, ConfigError> {
        let vars: HashMap<String, String> = vars.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        Config::from_lookup(|name| vars.get(name).cloned())
    }

    #[test]
    fn the_data_dir_is_required_and_the_error_says_how_to_set_it() {
        let err = config(&[("PORT", "3001")]).unwrap_err();
        assert_eq!(err, ConfigError::NoDataDir);
        assert!(err.to_string().contains("PROSEVA_DATA_DIR"));
        assert_eq!(config(&[("PROSEVA_DATA_DIR", "  ")]).unwrap_err(), ConfigError::NoDataDir);
    }

    #[test]
    fn defaults_and_overrides() {
        let c = config(&[("PROSEVA_DATA_DIR", "/data")]).unwrap();
        assert_eq!(c, Config::for_data_dir("/data".into()));
        assert_eq!((c.port, c.max_body_bytes, c.token), (3001, 25 * 1024 * 1024, None));
        let c = config(&[
            ("PROSEVA_DATA_DIR", "/data"),
            ("PORT", "0"),
            ("PROSEVA_TOKEN", "t0k"),
            ("EXPLORER_URL", "http://127.0.0.1:9"),
            ("PROSEVA_MAX_BODY_BYTES", "1000"),
        ])
        .unwrap();
        assert_eq!((c.port, c.token.as_deref(), c.explorer_url.as_str(), c.max_body_bytes), (0, Some("t0k"), "http://127.0.0.1:9", 1000));
        assert_eq!(c.db_path(), PathBuf::from("/data/proseva.db"));
    }

    #[test]
    fn bad_numbers_are_named() {
        let err = config(&[("PROSEVA_DATA_DIR", "/d"), ("PORT", "70000")]).unwrap_err();
        assert!(err.to_string().starts_with("PORT=\"70000\""), "{err}");
        let err = config(&[("PROSEVA_DATA_DIR", "/d"), ("PROSEVA_MAX_BODY_BYTES", "0")]).unwrap_err();
        assert!(err.to_string().contains("PROSEVA_MAX_BODY_BYTES"), "{err}");
    }

    #[test]
    fn debug_output_hides_the_token() {
        let c = config(&[("PROSEVA_DATA_DIR", "/d"), ("PROSEVA_TOKEN", "very-secret")]).unwrap();
        assert!(!format!("{c:?}").contains("very-secret"));
    }
}
