//! The settings screen's store: model endpoint and names, offline switch, research e-mail and the
//! monthly check for updates to the official Code in `settings.json` (written atomically, mode
//! 0600); API keys in the OS keyring (Secret Service), or in `secrets.json` (mode 0600) beside it
//! when no keyring can be reached. Nothing here is ever kept in the webview: the UI sees only
//! whether each key is set and where.
//!
//! Precedence: a value saved here overrides the environment variable of the same meaning
//! (`OPENAI_BASE_URL`, `TEXT_MODEL_SMALL`, …); what is not saved falls back to the environment.

use std::collections::BTreeMap;
use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use serde::{Deserialize, Serialize};

/// The secrets the settings screen manages, with the label it shows.
pub const SECRETS: &[(&str, &str)] = &[
    ("OPENAI_API_KEY", "OpenAI (or compatible server) API key"),
    ("COURTLISTENER_API_TOKEN", "CourtListener API token (court opinions and dockets)"),
    ("LEGISCAN_API_KEY", "LegiScan API key (bills)"),
    ("GOVINFO_API_KEY", "GovInfo API key (federal documents)"),
    ("SERPAPI_API_KEY", "SerpAPI key (lawyer directory search)"),
];

const KEYRING_SERVICE: &str = "org.proseva.desktop";
/// The case file's passphrase, kept for "unlock on this computer without asking" — only ever in
/// the system keyring, never in `secrets.json`, and never listed with the other secrets.
const CASE_FILE_PASSPHRASE: &str = "PROSEVA_CASE_FILE_PASSPHRASE";
const MAX_SECRET_CHARS: usize = 4096;
const MAX_FIELD_CHARS: usize = 500;

/// What `settings.json` holds. Every field is optional: unset means "use the environment" (or,
/// for the switches, their default).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct Settings {
    pub base_url: Option<String>,
    pub small_model: Option<String>,
    pub large_model: Option<String>,
    /// Always use the built-in offline mode.
    pub offline: bool,
    pub openalex_email: Option<String>,
    /// Check the LIS site for updates to the official Code once a month (quietly, at start).
    pub law_updates: bool,
    /// Let other assistants (Claude Desktop, Jan… through `proseva-mcp`) read the case data, read
    /// only. Off unless the person turns it on; the status line says when it is on.
    pub mcp_case_data: bool,
    /// The GGUF file of the language model on this computer that writes the answers (Settings →
    /// Language model → "On this computer"); none means a model service, or offline.
    pub local_model: Option<String>,
    /// Minutes without a question after which the local model is unloaded from memory.
    pub local_model_idle_minutes: u32,
    /// How reminders reach the person; changed only by `set_reminder_settings`, never by the
    /// settings screen's save (which does not send them).
    pub reminders: ReminderSettings,
    /// The first start's "What brings you here?" was answered or skipped: it is not asked again
    /// (it stays under "Start here"). Changed only by `set_start_done`.
    pub start_done: bool,
    /// The case file's lock in the window; changed only by `set_privacy_settings`.
    pub privacy: PrivacySettings,
    /// The window's language, chosen in Settings → Language: `"en"` or `"es"` (one of
    /// [`LANGUAGES`]); none follows this computer's language ([`system_language`]).
    pub language: Option<String>,
}

/// The languages the window speaks, as `settings.json` and the settings screen name them.
pub const LANGUAGES: &[&str] = &["en", "es"];

/// This computer's language for the window, from the locale environment as POSIX orders it
/// (`LC_ALL`, then `LC_MESSAGES`, then `LANG`; the first one set decides): `"es"` for a Spanish
/// locale (`es_US.UTF-8`, `es_MX`, `es`), `"en"` for anything else (`C`, `en_US.UTF-8`, none).
pub fn system_language(env: impl Fn(&str) -> Option<String>) -> &'static str {
    let locale =
        ["LC_ALL", "LC_MESSAGES", "LANG"].iter().find_map(|name| env(name).map(|v| v.trim().to_string()).filter(|v| !v.is_empty()));
    let spanish = locale.is_some_and(|l| {
        let tag = l.split(['_', '-', '.', '@']).next().unwrap_or_default();
        tag.eq_ignore_ascii_case("es")
    });
    if spanish { "es" } else { "en" }
}

/// How the window keeps the case file locked (when a passphrase is set).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct PrivacySettings {
    /// Minutes without a key press or a click in the window after which it locks; 0 = never.
    pub idle_lock_minutes: u32,
}

/// The idle minutes before the window locks, unless the person chooses others.
pub const DEFAULT_IDLE_LOCK_MINUTES: u32 = 10;
/// The choices Settings offers (0 = never).
pub const IDLE_LOCK_CHOICES: &[u32] = &[0, 5, 10, 15, 30, 60];

impl Default for PrivacySettings {
    fn default() -> Self {
        PrivacySettings { idle_lock_minutes: DEFAULT_IDLE_LOCK_MINUTES }
    }
}

/// How deadline reminders reach the person outside the window.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ReminderSettings {
    /// Show a system notification when a reminder comes due (on unless turned off).
    pub notifications: bool,
    /// Start ProSeVA at login, hidden in the tray, so reminders come while the window is closed.
    pub start_at_login: bool,
    /// The person was asked once whether to start at login (after their first deadline).
    pub start_at_login_asked: bool,
    /// Which reminders are notified discreetly: "ProSeVA — You have a reminder", nothing more.
    pub discreet: Discreet,
}

impl Default for ReminderSettings {
    fn default() -> Self {
        ReminderSettings { notifications: true, start_at_login: false, start_at_login_asked: false, discreet: Discreet::default() }
    }
}

/// Which reminders reach the person discreetly, for someone who shares the computer with the
/// person they need protection from: the notification says "ProSeVA — You have a reminder" and
/// nothing about the case (the rule is [`crate::reminders::is_discreet`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum Discreet {
    /// The reminders of protective-order cases, either side (the default).
    #[default]
    ProtectiveOrders,
    /// Every reminder.
    All,
    /// None: each names its case and says what is due.
    Off,
}

impl Discreet {
    /// Every choice, as `settings.json` and the commands name it.
    pub const NAMES: [&'static str; 3] = ["protectiveOrders", "all", "off"];

    /// The choice named `name` (one of [`Discreet::NAMES`]).
    pub fn parse(name: &str) -> Option<Discreet> {
        match name {
            "protectiveOrders" => Some(Discreet::ProtectiveOrders),
            "all" => Some(Discreet::All),
            "off" => Some(Discreet::Off),
            _ => None,
        }
    }
}

impl<'de> Deserialize<'de> for Discreet {
    /// A name this version does not know (a newer one's, a hand edit) is the default, not a
    /// `settings.json` that cannot be read: the other settings are kept and nothing is less discreet.
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        Ok(Discreet::parse(&name).unwrap_or_else(|| {
            tracing::warn!("settings.json: {name:?} is not a choice of discreet reminders; using protectiveOrders");
            Discreet::default()
        }))
    }
}

/// The local model's idle minutes unless the person picks others.
pub const DEFAULT_IDLE_MINUTES: u32 = 5;

impl Default for Settings {
    fn default() -> Self {
        Settings {
            base_url: None,
            small_model: None,
            large_model: None,
            offline: false,
            openalex_email: None,
            law_updates: true,
            mcp_case_data: false,
            local_model: None,
            local_model_idle_minutes: DEFAULT_IDLE_MINUTES,
            reminders: ReminderSettings::default(),
            start_done: false,
            privacy: PrivacySettings::default(),
            language: None,
        }
    }
}

/// What the settings screen shows: effective values, and for each secret only whether it is set.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SettingsView {
    pub base_url: Option<String>,
    pub small_model: String,
    pub large_model: String,
    pub offline: bool,
    pub openalex_email: Option<String>,
    /// The Library view's "Check for updates to the official Code once a month".
    pub law_updates: bool,
    /// Other assistants may read the case data through `proseva-mcp`.
    pub mcp_case_data: bool,
    /// The chosen local model's file, and its name as the status line shows it.
    pub local_model: Option<String>,
    pub local_model_name: Option<String>,
    pub local_model_idle_minutes: u32,
    /// The language chosen in Settings (`"en"`, `"es"`), or null to follow this computer's.
    pub language: Option<String>,
    /// This computer's language as the window would follow it (`"en"` or `"es"`).
    pub system_language: String,
    pub secrets: Vec<SecretView>,
}

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SecretView {
    pub name: String,
    pub label: String,
    pub set: bool,
    /// `keyring`, `file`, `environment`, or null when unset.
    pub store: Option<String>,
}

#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    /// A field the person typed is not acceptable, and why.
    #[error("{field}: {reason}")]
    Invalid { field: String, reason: String },
    #[error("could not save the settings in {path}: {source}")]
    Io { path: PathBuf, source: std::io::Error },
    #[error("could not use the system keyring: {0}")]
    Keyring(String),
}

impl SettingsError {
    fn invalid(field: &str, reason: impl Into<String>) -> Self {
        SettingsError::Invalid { field: field.to_string(), reason: reason.into() }
    }
}

/// Where secrets live.
pub trait SecretBackend: Send + Sync {
    fn kind(&self) -> &'static str;
    fn get(&self, name: &str) -> Result<Option<String>, SettingsError>;
    fn set(&self, name: &str, value: &str) -> Result<(), SettingsError>;
    fn delete(&self, name: &str) -> Result<(), SettingsError>;
}

/// The Secret Service keyring (GNOME Keyring, KWallet) over D-Bus.
pub struct KeyringSecrets;

impl SecretBackend for KeyringSecrets {
    fn kind(&self) -> &'static str {
        "keyring"
    }
    fn get(&self, name: &str) -> Result<Option<String>, SettingsError> {
        match keyring::Entry::new(KEYRING_SERVICE, name).and_then(|e| e.get_password()) {
            Ok(v) => Ok(Some(v)),
            Err(keyring::Error::NoEntry) => Ok(None),
            Err(e) => Err(SettingsError::Keyring(e.to_string())),
        }
    }
    fn set(&self, name: &str, value: &str) -> Result<(), SettingsError> {
        keyring::Entry::new(KEYRING_SERVICE, name).and_then(|e| e.set_password(value)).map_err(|e| SettingsError::Keyring(e.to_string()))
    }
    fn delete(&self, name: &str) -> Result<(), SettingsError> {
        match keyring::Entry::new(KEYRING_SERVICE, name).and_then(|e| e.delete_credential()) {
            Ok(()) | Err(keyring::Error::NoEntry) => Ok(()),
            Err(e) => Err(SettingsError::Keyring(e.to_string())),
        }
    }
}

/// `secrets.json` in the data dir, readable only by its owner.
pub struct FileSecrets {
    path: PathBuf,
    lock: Mutex<()>,
}

impl FileSecrets {
    pub fn new(path: PathBuf) -> Self {
        FileSecrets { path, lock: Mutex::new(()) }
    }

    fn read(&self) -> Result<BTreeMap<String, String>, SettingsError> {
        match fs::read(&self.path) {
            Ok(bytes) => serde_json::from_slice(&bytes).map_err(|e| SettingsError::Io {
                path: self.path.clone(),
                source: std::io::Error::new(std::io::ErrorKind::InvalidData, e),
            }),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(BTreeMap::new()),
            Err(source) => Err(SettingsError::Io { path: self.path.clone(), source }),
        }
    }

    fn update(&self, change: impl FnOnce(&mut BTreeMap<String, String>)) -> Result<(), SettingsError> {
        let _guard = self.lock.lock().unwrap_or_else(|p| p.into_inner());
        let mut map = self.read()?;
        change(&mut map);
        let bytes = serde_json::to_vec_pretty(&map).expect("a map of strings serialises");
        write_private_atomically(&self.path, &bytes)
    }
}

impl SecretBackend for FileSecrets {
    fn kind(&self) -> &'static str {
        "file"
    }
    fn get(&self, name: &str) -> Result<Option<String>, SettingsError> {
        Ok(self.read()?.remove(name))
    }
    fn set(&self, name: &str, value: &str) -> Result<(), SettingsError> {
        self.update(|m| {
            m.insert(name.to_string(), value.to_string());
        })
    }
    fn delete(&self, name: &str) -> Result<(), SettingsError> {
        self.update(|m| {
            m.remove(name);
        })
    }
}

/// Picks the keyring when a Secret Service answers on the session bus, else the private file.
/// `PROSEVA_SECRETS=file` forces the file (tests, machines whose keyring prompts).
pub fn choose_backend(data_dir: &Path) -> Box<dyn SecretBackend> {
    let file = || Box::new(FileSecrets::new(data_dir.join("secrets.json"))) as Box<dyn SecretBackend>;
    if std::env::var("PROSEVA_SECRETS").is_ok_and(|v| v.eq_ignore_ascii_case("file")) {
        return file();
    }
    // Without a session bus libdbus may try to autolaunch one; do not even ask.
    if std::env::var_os("DBUS_SESSION_BUS_ADDRESS").is_none() {
        return file();
    }
    // A locked or absent Secret Service can block; give it two seconds on a side thread.
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let _ = tx.send(KeyringSecrets.get("PROSEVA_PROBE").is_ok());
    });
    match rx.recv_timeout(Duration::from_secs(2)) {
        Ok(true) => Box::new(KeyringSecrets),
        _ => {
            tracing::info!("no usable system keyring; API keys are kept in secrets.json (mode 0600)");
            file()
        }
    }
}

/// Writes `bytes` to `path` through a temporary file in the same directory, mode 0600, fsynced,
/// then renamed over the old file: a crash leaves the old or the new file, never half of one.
pub fn write_private_atomically(path: &Path, bytes: &[u8]) -> Result<(), SettingsError> {
    let io = |source| SettingsError::Io { path: path.to_path_buf(), source };
    let dir = path.parent().unwrap_or(Path::new("."));
    fs::create_dir_all(dir).map_err(io)?;
    let tmp = dir.join(format!(".{}.tmp", path.file_name().and_then(|n| n.to_str()).unwrap_or("settings")));
    let mut options = fs::OpenOptions::new();
    options.write(true).create(true).truncate(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    let mut file = options.open(&tmp).map_err(io)?;
    file.write_all(bytes).map_err(io)?;
    file.sync_all().map_err(io)?;
    drop(file);
    #[cfg(unix)]
    fs::set_permissions(&tmp, std::os::unix::fs::PermissionsExt::from_mode(0o600)).map_err(io)?;
    fs::rename(&tmp, path).map_err(io)?;
    if let Ok(d) = fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Reads an environment variable by name (the process's, or a test's).
pub type EnvLookup = Box<dyn Fn(&str) -> Option<String> + Send + Sync>;

/// The settings and secrets of one data dir.
pub struct SettingsStore {
    path: PathBuf,
    settings: Mutex<Settings>,
    secrets: Box<dyn SecretBackend>,
    env: EnvLookup,
}

impl SettingsStore {
    /// Loads `settings.json` (missing = defaults; unreadable = defaults, logged, and the file is
    /// left alone until the person saves).
    pub fn open(data_dir: &Path, secrets: Box<dyn SecretBackend>) -> Self {
        Self::with_env(data_dir, secrets, Box::new(|name| std::env::var(name).ok()))
    }

    /// As [`SettingsStore::open`], with the environment given (tests).
    pub fn with_env(data_dir: &Path, secrets: Box<dyn SecretBackend>, env: EnvLookup) -> Self {
        let path = data_dir.join("settings.json");
        let settings = match fs::read(&path) {
            Ok(bytes) => serde_json::from_slice(&bytes).unwrap_or_else(|e| {
                tracing::warn!("{} is not valid settings ({e}); using defaults until saved", path.display());
                Settings::default()
            }),
            Err(_) => Settings::default(),
        };
        SettingsStore { path, settings: Mutex::new(settings), secrets, env }
    }

    /// Reads `settings.json` again (a restored backup replaced it).
    pub fn reload(&self) {
        let fresh = fs::read(&self.path).ok().and_then(|bytes| serde_json::from_slice(&bytes).ok()).unwrap_or_default();
        *self.settings.lock().unwrap_or_else(|p| p.into_inner()) = fresh;
    }

    pub fn settings(&self) -> Settings {
        self.settings.lock().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// The value the agent should use for an environment name: saved settings and secrets first,
    /// then the environment. Blank means unset.
    pub fn lookup(&self, name: &str) -> Option<String> {
        let s = self.settings();
        let saved = match name {
            "OPENAI_BASE_URL" => s.base_url,
            "TEXT_MODEL_SMALL" => s.small_model,
            "TEXT_MODEL_LARGE" => s.large_model,
            "OPENALEX_EMAIL" => s.openalex_email,
            "PROSEVA_LLM" if s.offline => Some("offline".into()),
            _ if SECRETS.iter().any(|(n, _)| *n == name) => self.secrets.get(name).unwrap_or_else(|e| {
                tracing::warn!("reading {name}: {e}");
                None
            }),
            _ => None,
        };
        saved.filter(|v| !v.trim().is_empty()).or_else(|| (self.env)(name).filter(|v| !v.trim().is_empty()))
    }

    /// What the settings screen shows.
    pub fn view(&self) -> SettingsView {
        let s = self.settings();
        let config = proseva_agent::config::AgentConfig::from_lookup(|n| self.lookup(n));
        let secrets = SECRETS
            .iter()
            .map(|(name, label)| {
                let saved = self.secrets.get(name).ok().flatten().is_some_and(|v| !v.is_empty());
                let env = (self.env)(name).is_some_and(|v| !v.trim().is_empty());
                let store = if saved {
                    Some(self.secrets.kind().to_string())
                } else if env {
                    Some("environment".to_string())
                } else {
                    None
                };
                SecretView { name: name.to_string(), label: label.to_string(), set: saved || env, store }
            })
            .collect();
        SettingsView {
            base_url: config.base_url.clone(),
            small_model: config.small_model.clone(),
            large_model: config.large_model.clone(),
            offline: s.offline,
            openalex_email: self.lookup("OPENALEX_EMAIL"),
            law_updates: s.law_updates,
            mcp_case_data: s.mcp_case_data,
            local_model_name: s.local_model.as_deref().and_then(|p| Path::new(p).file_name()).map(|n| n.to_string_lossy().into_owned()),
            local_model: s.local_model,
            local_model_idle_minutes: s.local_model_idle_minutes,
            // A hand-edited settings.json with another value follows the computer.
            language: s.language.filter(|l| LANGUAGES.contains(&l.as_str())),
            system_language: system_language(|name| (self.env)(name)).to_string(),
            secrets,
        }
    }

    /// Checks and saves. `secrets`: a name with a value sets it, with `""` clears it; names not
    /// given are left as they are. Nothing is written unless every field is acceptable.
    /// The reminder settings are kept as they are (see [`SettingsStore::save_reminders`]).
    pub fn save(&self, new: Settings, secrets: &BTreeMap<String, String>) -> Result<(), SettingsError> {
        let mut new = validate(new)?;
        for (name, value) in secrets {
            if !SECRETS.iter().any(|(n, _)| n == name) {
                return Err(SettingsError::invalid(name, "not a setting this app keeps"));
            }
            if value.chars().count() > MAX_SECRET_CHARS || value.chars().any(char::is_control) {
                return Err(SettingsError::invalid(name, format!("must be one line of at most {MAX_SECRET_CHARS} characters")));
            }
        }
        let mut guard = self.settings.lock().unwrap_or_else(|p| p.into_inner());
        new.reminders = guard.reminders;
        new.start_done = guard.start_done;
        // The lock's idle minutes are changed only by `save_privacy` (the view does not carry them).
        new.privacy = guard.privacy;
        let bytes = serde_json::to_vec_pretty(&new).expect("settings serialise");
        write_private_atomically(&self.path, &bytes)?;
        *guard = new;
        drop(guard);
        for (name, value) in secrets {
            let value = value.trim();
            if value.is_empty() { self.secrets.delete(name)? } else { self.secrets.set(name, value)? }
        }
        Ok(())
    }
}

impl SettingsStore {
    /// Saves how reminders reach the person, the other settings as they are.
    pub fn save_reminders(&self, reminders: ReminderSettings) -> Result<(), SettingsError> {
        self.save_with(|s| s.reminders = reminders)
    }

    pub fn save_privacy(&self, privacy: PrivacySettings) -> Result<(), SettingsError> {
        self.save_with(|s| s.privacy = privacy)
    }

    /// Whether secrets go to a system keyring (not the private file).
    pub fn has_keyring(&self) -> bool {
        self.secrets.kind() == "keyring"
    }

    /// The case file's passphrase kept in the system keyring, if the person chose "unlock on this
    /// computer without asking" (never from a file).
    pub fn remembered_passphrase(&self) -> Option<String> {
        if !self.has_keyring() {
            return None;
        }
        self.secrets.get(CASE_FILE_PASSPHRASE).unwrap_or_else(|e| {
            tracing::warn!("the system keyring could not be read: {e}");
            None
        })
    }

    /// Keeps (`Some`) or forgets (`None`) the case file's passphrase in the system keyring. Without
    /// a keyring it is refused: a passphrase kept in a file beside the data would open it to anyone.
    pub fn remember_passphrase(&self, passphrase: Option<&str>) -> Result<(), SettingsError> {
        match passphrase {
            Some(_) if !self.has_keyring() => Err(SettingsError::invalid(
                "unlockWithoutAsking",
                "there is no system keyring on this computer to keep the passphrase in (it is never kept in a file)",
            )),
            Some(p) => self.secrets.set(CASE_FILE_PASSPHRASE, p),
            None if self.has_keyring() => self.secrets.delete(CASE_FILE_PASSPHRASE),
            None => Ok(()),
        }
    }

    /// Saves whether the first start's question was answered or skipped.
    pub fn save_start_done(&self, done: bool) -> Result<(), SettingsError> {
        self.save_with(|s| s.start_done = done)
    }

    /// Saves the settings with `change` made, the others as they are.
    fn save_with(&self, change: impl FnOnce(&mut Settings)) -> Result<(), SettingsError> {
        let mut guard = self.settings.lock().unwrap_or_else(|p| p.into_inner());
        let mut new = guard.clone();
        change(&mut new);
        let bytes = serde_json::to_vec_pretty(&new).expect("settings serialise");
        write_private_atomically(&self.path, &bytes)?;
        *guard = new;
        Ok(())
    }
}

impl Settings {
    /// The settings a screen sent to `save_settings`, as JSON. One that leaves `language` out (the
    /// Law tab's monthly switch sends only the fields it knows) keeps the language saved in
    /// `current`; `null` or `""` follows this computer's.
    pub fn from_screen(sent: serde_json::Map<String, serde_json::Value>, current: &Settings) -> Result<Settings, SettingsError> {
        let keep_language = !sent.contains_key("language");
        let mut settings: Settings =
            serde_json::from_value(serde_json::Value::Object(sent)).map_err(|e| SettingsError::invalid("settings", e.to_string()))?;
        if keep_language {
            settings.language = current.language.clone();
        }
        Ok(settings)
    }
}

/// Why a text is not a web address the app will use.
#[derive(Debug)]
pub enum UrlProblem {
    Unparsable(String),
    NotHttp,
}

/// An absolute `http://` or `https://` address with a host (a model endpoint, a link to open).
pub fn web_url(text: &str) -> Result<reqwest::Url, UrlProblem> {
    let parsed = reqwest::Url::parse(text.trim()).map_err(|e| UrlProblem::Unparsable(e.to_string()))?;
    if !matches!(parsed.scheme(), "http" | "https") || parsed.host_str().is_none() {
        return Err(UrlProblem::NotHttp);
    }
    Ok(parsed)
}

fn clean(field: &str, value: Option<String>) -> Result<Option<String>, SettingsError> {
    let Some(v) = value.map(|v| v.trim().to_string()).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    if v.chars().count() > MAX_FIELD_CHARS || v.chars().any(char::is_control) {
        return Err(SettingsError::invalid(field, format!("must be one line of at most {MAX_FIELD_CHARS} characters")));
    }
    Ok(Some(v))
}

/// A file path the person gave: absolute, one line, at most 4,096 characters.
fn clean_path(field: &str, value: Option<String>) -> Result<Option<String>, SettingsError> {
    let Some(v) = value.map(|v| v.trim().to_string()).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    if v.chars().count() > 4096 || v.chars().any(char::is_control) {
        return Err(SettingsError::invalid(field, "must be one line of at most 4096 characters"));
    }
    if !Path::new(&v).is_absolute() {
        return Err(SettingsError::invalid(field, "give the whole path of the file, e.g. /home/me/models/qwen3-1.7b-q4_k_m.gguf"));
    }
    Ok(Some(v))
}

fn validate(s: Settings) -> Result<Settings, SettingsError> {
    let base_url = clean("baseUrl", s.base_url)?;
    if let Some(url) = &base_url {
        web_url(url).map_err(|problem| {
            SettingsError::invalid(
                "baseUrl",
                match problem {
                    UrlProblem::Unparsable(e) => format!("not a web address ({e}); for example http://127.0.0.1:11434/v1"),
                    UrlProblem::NotHttp => "must start with http:// or https://".into(),
                },
            )
        })?;
    }
    let openalex_email = clean("openalexEmail", s.openalex_email)?;
    if let Some(email) = &openalex_email
        && (!email.contains('@') || email.contains(char::is_whitespace))
    {
        return Err(SettingsError::invalid("openalexEmail", "must be an e-mail address"));
    }
    let local_model = clean_path("localModel", s.local_model)?;
    if let Some(path) = &local_model {
        proseva_models::gguf::inspect(Path::new(path)).map_err(|e| SettingsError::invalid("localModel", e.to_string()))?;
    }
    if !(1..=240).contains(&s.local_model_idle_minutes) {
        return Err(SettingsError::invalid("localModelIdleMinutes", "must be from 1 to 240 minutes"));
    }
    Ok(Settings {
        local_model,
        local_model_idle_minutes: s.local_model_idle_minutes,
        base_url,
        small_model: clean("smallModel", s.small_model)?,
        large_model: clean("largeModel", s.large_model)?,
        offline: s.offline,
        openalex_email,
        law_updates: s.law_updates,
        mcp_case_data: s.mcp_case_data,
        reminders: s.reminders,
        start_done: s.start_done,
        privacy: s.privacy,
        language: clean_language(s.language)?,
    })
}

/// The chosen language: `"en"`, `"es"`, or none (empty included) to follow this computer's.
fn clean_language(value: Option<String>) -> Result<Option<String>, SettingsError> {
    let Some(v) = value.map(|v| v.trim().to_string()).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    if !LANGUAGES.contains(&v.as_str()) {
        return Err(SettingsError::invalid(
            "language",
            format!("must be \"en\" (English), \"es\" (Español) or empty to follow this computer's language, not {v:?}"),
        ));
    }
    Ok(Some(v))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn store(dir: &Path, env: &'static [(&'static str, &'static str)]) -> SettingsStore {
        SettingsStore::with_env(
            dir,
            Box::new(FileSecrets::new(dir.join("secrets.json"))),
            Box::new(move |n| env.iter().find(|(k, _)| *k == n).map(|(_, v)| v.to_string())),
        )
    }

    #[cfg(unix)]
    fn mode(path: &Path) -> u32 {
        use std::os::unix::fs::PermissionsExt;
        fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    /// A keyring in memory, as the Secret Service would answer.
    struct MemoryKeyring(Mutex<BTreeMap<String, String>>);

    impl SecretBackend for MemoryKeyring {
        fn kind(&self) -> &'static str {
            "keyring"
        }
        fn get(&self, name: &str) -> Result<Option<String>, SettingsError> {
            Ok(self.0.lock().unwrap().get(name).cloned())
        }
        fn set(&self, name: &str, value: &str) -> Result<(), SettingsError> {
            self.0.lock().unwrap().insert(name.to_string(), value.to_string());
            Ok(())
        }
        fn delete(&self, name: &str) -> Result<(), SettingsError> {
            self.0.lock().unwrap().remove(name);
            Ok(())
        }
    }

    #[test]
    fn the_case_files_passphrase_is_kept_only_in_a_keyring_never_in_a_file_nor_among_the_secrets() {
        let dir = tempfile::tempdir().unwrap();
        let file = store(dir.path(), &[]);
        let err = file.remember_passphrase(Some("willow creek at dawn")).unwrap_err().to_string();
        assert!(err.contains("no system keyring"), "{err}");
        assert_eq!(file.remembered_passphrase(), None);
        assert!(!fs::read_to_string(dir.path().join("secrets.json")).unwrap_or_default().contains("willow"));
        file.remember_passphrase(None).unwrap();

        let keyring = SettingsStore::with_env(dir.path(), Box::new(MemoryKeyring(Mutex::new(BTreeMap::new()))), Box::new(|_| None));
        assert!(keyring.has_keyring());
        keyring.remember_passphrase(Some("willow creek at dawn")).unwrap();
        assert_eq!(keyring.remembered_passphrase().as_deref(), Some("willow creek at dawn"));
        assert!(!serde_json::to_string(&keyring.view()).unwrap().contains("willow"), "not listed with the API keys");
        assert_eq!(keyring.lookup("PROSEVA_CASE_FILE_PASSPHRASE"), None, "never handed to the agent as a setting");
        keyring.remember_passphrase(None).unwrap();
        assert_eq!(keyring.remembered_passphrase(), None);
        // The idle minutes default, and persist.
        assert_eq!(keyring.settings().privacy.idle_lock_minutes, DEFAULT_IDLE_LOCK_MINUTES);
        keyring.save_privacy(PrivacySettings { idle_lock_minutes: 30 }).unwrap();
        assert_eq!(store(dir.path(), &[]).settings().privacy.idle_lock_minutes, 30);
        // Saving the other settings (Settings, the Law tab's monthly switch) keeps them.
        let mut other = keyring.settings();
        other.privacy = PrivacySettings::default();
        keyring.save(other, &BTreeMap::new()).unwrap();
        assert_eq!(store(dir.path(), &[]).settings().privacy.idle_lock_minutes, 30, "a settings save keeps the idle minutes");
    }

    #[test]
    fn saved_settings_override_the_environment_and_persist_privately() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(dir.path(), &[("OPENAI_BASE_URL", "http://env:1/v1"), ("TEXT_MODEL_SMALL", "env-small")]);
        assert_eq!(s.lookup("OPENAI_BASE_URL").as_deref(), Some("http://env:1/v1"));
        assert_eq!(s.view().small_model, "env-small");

        let new =
            Settings { base_url: Some(" http://127.0.0.1:11434/v1 ".into()), large_model: Some("llama3.1".into()), ..Settings::default() };
        let secrets = BTreeMap::from([("OPENAI_API_KEY".to_string(), "sk-test".to_string())]);
        s.save(new, &secrets).unwrap();
        assert_eq!(s.lookup("OPENAI_BASE_URL").as_deref(), Some("http://127.0.0.1:11434/v1"));
        assert_eq!(s.lookup("TEXT_MODEL_SMALL").as_deref(), Some("env-small"), "unsaved fields fall back to the environment");
        assert_eq!(s.lookup("OPENAI_API_KEY").as_deref(), Some("sk-test"));
        #[cfg(unix)]
        {
            assert_eq!(mode(&dir.path().join("settings.json")), 0o600);
            assert_eq!(mode(&dir.path().join("secrets.json")), 0o600);
        }
        let on_disk = fs::read_to_string(dir.path().join("settings.json")).unwrap();
        assert!(!on_disk.contains("sk-test"), "keys never go in settings.json");

        // A new store on the same dir sees the same.
        let again = store(dir.path(), &[]);
        assert_eq!(again.settings().large_model.as_deref(), Some("llama3.1"));
        let view = again.view();
        let openai = view.secrets.iter().find(|v| v.name == "OPENAI_API_KEY").unwrap();
        assert!(openai.set);
        assert_eq!(openai.store.as_deref(), Some("file"));
        assert!(!serde_json::to_string(&view).unwrap().contains("sk-test"), "the view never carries a secret");

        // Clearing a key; names not given stay.
        again.save(again.settings(), &BTreeMap::from([("OPENAI_API_KEY".to_string(), String::new())])).unwrap();
        assert_eq!(again.lookup("OPENAI_API_KEY"), None);
    }

    #[test]
    fn bad_fields_are_refused_by_name_and_nothing_is_written() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(dir.path(), &[]);
        let bad_url = Settings { base_url: Some("ftp://x".into()), ..Settings::default() };
        let err = s.save(bad_url, &BTreeMap::new()).unwrap_err().to_string();
        assert!(err.starts_with("baseUrl:"), "{err}");
        let err = s.save(Settings { base_url: Some("not a url".into()), ..Settings::default() }, &BTreeMap::new()).unwrap_err();
        assert!(err.to_string().starts_with("baseUrl:"), "{err}");
        let err = s.save(Settings { openalex_email: Some("nobody".into()), ..Settings::default() }, &BTreeMap::new()).unwrap_err();
        assert!(err.to_string().starts_with("openalexEmail:"), "{err}");
        let err = s.save(Settings::default(), &BTreeMap::from([("PATH".to_string(), "x".to_string())])).unwrap_err();
        assert!(err.to_string().starts_with("PATH:"), "{err}");
        let err = s.save(Settings::default(), &BTreeMap::from([("OPENAI_API_KEY".to_string(), "a\nb".to_string())])).unwrap_err();
        assert!(err.to_string().starts_with("OPENAI_API_KEY:"), "{err}");
        assert!(!dir.path().join("settings.json").exists());
        assert!(!dir.path().join("secrets.json").exists());
    }

    #[test]
    fn a_local_model_must_be_a_gguf_file_and_idle_minutes_in_range() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(dir.path(), &[]);
        assert_eq!(s.settings().local_model_idle_minutes, DEFAULT_IDLE_MINUTES);
        let page = dir.path().join("download.gguf");
        fs::write(&page, b"<html>sign in</html>").unwrap();
        let choose = |path: &str| Settings { local_model: Some(path.into()), ..Settings::default() };
        let err = s.save(choose(page.to_str().unwrap()), &BTreeMap::new()).unwrap_err().to_string();
        assert!(err.starts_with("localModel: download.gguf is not a GGUF model file"), "{err}");
        let err = s.save(choose("models/x.gguf"), &BTreeMap::new()).unwrap_err().to_string();
        assert!(err.starts_with("localModel: give the whole path"), "{err}");
        let err = s.save(Settings { local_model_idle_minutes: 0, ..Settings::default() }, &BTreeMap::new()).unwrap_err().to_string();
        assert!(err.starts_with("localModelIdleMinutes:"), "{err}");
        assert!(!dir.path().join("settings.json").exists(), "nothing written");
        // A settings.json from before the local model keeps the default idle time.
        fs::write(dir.path().join("settings.json"), br#"{"offline": false}"#).unwrap();
        s.reload();
        assert_eq!((s.settings().local_model, s.settings().local_model_idle_minutes), (None, DEFAULT_IDLE_MINUTES));
    }

    #[test]
    fn case_data_for_other_assistants_is_off_until_turned_on() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(dir.path(), &[]);
        assert!(!s.settings().mcp_case_data && !s.view().mcp_case_data, "off by default");
        s.save(Settings { mcp_case_data: true, ..s.settings() }, &BTreeMap::new()).unwrap();
        let on_disk: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(dir.path().join("settings.json")).unwrap()).unwrap();
        assert_eq!(on_disk["mcpCaseData"], true, "the key proseva-mcp reads");
        assert!(store(dir.path(), &[]).view().mcp_case_data);
    }

    #[test]
    fn reminder_settings_have_their_defaults_and_survive_the_settings_screens_save() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(dir.path(), &[]);
        assert_eq!(
            s.settings().reminders,
            ReminderSettings {
                notifications: true,
                start_at_login: false,
                start_at_login_asked: false,
                discreet: Discreet::ProtectiveOrders
            }
        );
        let chosen = ReminderSettings { notifications: false, start_at_login: true, start_at_login_asked: true, discreet: Discreet::All };
        s.save_reminders(chosen).unwrap();
        let on_disk: serde_json::Value = serde_json::from_slice(&fs::read(dir.path().join("settings.json")).unwrap()).unwrap();
        assert_eq!(
            on_disk["reminders"],
            serde_json::json!({"notifications": false, "startAtLogin": true, "startAtLoginAsked": true, "discreet": "all"})
        );
        // The settings screen sends its own fields only: the reminders stay as chosen.
        let from_screen: Settings = serde_json::from_value(serde_json::json!({"offline": true, "localModelIdleMinutes": 5})).unwrap();
        s.save(from_screen, &BTreeMap::new()).unwrap();
        let again = store(dir.path(), &[]);
        assert!(again.settings().offline);
        assert_eq!(again.settings().reminders, chosen);
        // A settings.json from before reminders keeps their defaults.
        fs::write(dir.path().join("settings.json"), br#"{"offline": true}"#).unwrap();
        again.reload();
        assert_eq!(again.settings().reminders, ReminderSettings::default());
        // One from before discreet reminders has them for protective orders; a choice this version
        // does not know is that default too, and the rest of the file is still read.
        fs::write(dir.path().join("settings.json"), br#"{"offline": true, "reminders": {"notifications": false}}"#).unwrap();
        again.reload();
        assert_eq!((again.settings().reminders.notifications, again.settings().reminders.discreet), (false, Discreet::ProtectiveOrders));
        fs::write(dir.path().join("settings.json"), br#"{"offline": true, "reminders": {"discreet": "sometimes"}}"#).unwrap();
        again.reload();
        assert!(again.settings().offline);
        assert_eq!(again.settings().reminders.discreet, Discreet::ProtectiveOrders);
    }

    #[test]
    fn the_first_start_is_asked_once_and_the_settings_screen_cannot_undo_it() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(dir.path(), &[]);
        assert!(!s.settings().start_done, "asked on a first start");
        s.save_start_done(true).unwrap();
        let from_screen: Settings = serde_json::from_value(serde_json::json!({"offline": true})).unwrap();
        s.save(from_screen, &BTreeMap::new()).unwrap();
        let again = store(dir.path(), &[]);
        assert!(again.settings().start_done && again.settings().offline);
        let on_disk: serde_json::Value = serde_json::from_slice(&fs::read(dir.path().join("settings.json")).unwrap()).unwrap();
        assert_eq!(on_disk["startDone"], serde_json::json!(true));
        // A settings.json from before the start existed asks.
        fs::write(dir.path().join("settings.json"), br#"{"offline": true}"#).unwrap();
        again.reload();
        assert!(!again.settings().start_done);
    }

    #[test]
    fn monthly_law_updates_are_on_unless_turned_off() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(dir.path(), &[]);
        assert!(s.settings().law_updates && s.view().law_updates, "on by default");
        // A settings.json from before the switch existed keeps it on.
        fs::write(dir.path().join("settings.json"), br#"{"offline": true}"#).unwrap();
        s.reload();
        assert!(s.settings().offline && s.settings().law_updates);

        s.save(Settings { law_updates: false, ..s.settings() }, &BTreeMap::new()).unwrap();
        let on_disk: serde_json::Value = serde_json::from_slice(&fs::read(dir.path().join("settings.json")).unwrap()).unwrap();
        assert_eq!(on_disk["lawUpdates"], false);
        let again = store(dir.path(), &[]);
        assert!(!again.settings().law_updates && !again.view().law_updates);
        assert!(again.settings().offline, "the other settings stay");
    }

    #[test]
    fn the_language_is_english_spanish_or_the_computers_and_anything_else_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let s = store(dir.path(), &[("LANG", "en_US.UTF-8")]);
        assert_eq!((s.settings().language, s.view().language), (None, None), "follows the computer until chosen");
        assert_eq!(s.view().system_language, "en");

        s.save(Settings { language: Some(" es ".into()), ..s.settings() }, &BTreeMap::new()).unwrap();
        let on_disk: serde_json::Value = serde_json::from_slice(&fs::read(dir.path().join("settings.json")).unwrap()).unwrap();
        assert_eq!(on_disk["language"], "es", "the key the window reads");
        assert_eq!(store(dir.path(), &[]).view().language.as_deref(), Some("es"));

        for bad in ["fr", "ES", "es-US", "spanish"] {
            let err = s.save(Settings { language: Some(bad.into()), ..s.settings() }, &BTreeMap::new()).unwrap_err().to_string();
            assert!(err.starts_with("language: must be \"en\" (English), \"es\" (Español) or empty"), "{bad}: {err}");
            assert!(err.contains(&format!("{bad:?}")), "says what was refused: {err}");
        }
        assert_eq!(s.settings().language.as_deref(), Some("es"), "a refused save changes nothing");

        // Empty follows the computer again.
        s.save(Settings { language: Some(String::new()), ..s.settings() }, &BTreeMap::new()).unwrap();
        assert_eq!(s.settings().language, None);

        // A hand-edited settings.json with a language the window does not speak follows the
        // computer, and the rest of it is still read.
        fs::write(dir.path().join("settings.json"), br#"{"offline": true, "language": "fr"}"#).unwrap();
        s.reload();
        assert!(s.settings().offline);
        assert_eq!(s.view().language, None);
    }

    #[test]
    fn the_computers_language_comes_from_lc_all_then_lc_messages_then_lang() {
        let lang = |vars: &'static [(&'static str, &'static str)]| {
            system_language(move |n| vars.iter().find(|(k, _)| *k == n).map(|(_, v)| v.to_string()))
        };
        assert_eq!(lang(&[("LANG", "es_US.UTF-8")]), "es");
        assert_eq!(lang(&[("LANG", "es_MX")]), "es");
        assert_eq!(lang(&[("LANG", "es")]), "es");
        assert_eq!(lang(&[("LANG", "es_ES.UTF-8@euro")]), "es");
        assert_eq!(lang(&[("LANG", "en_US.UTF-8")]), "en");
        assert_eq!(lang(&[("LANG", "C.UTF-8")]), "en");
        assert_eq!(lang(&[("LANG", "fr_FR.UTF-8")]), "en", "a language the window does not speak is English");
        assert_eq!(lang(&[("LANG", "est_EE")]), "en", "Estonian is not Spanish");
        assert_eq!(lang(&[]), "en", "no locale at all");
        // LC_ALL wins over everything, LC_MESSAGES over LANG; an empty one does not count.
        assert_eq!(lang(&[("LC_ALL", "en_US.UTF-8"), ("LC_MESSAGES", "es_US.UTF-8"), ("LANG", "es_US.UTF-8")]), "en");
        assert_eq!(lang(&[("LC_ALL", ""), ("LC_MESSAGES", "es_US.UTF-8"), ("LANG", "en_US.UTF-8")]), "es");
        assert_eq!(lang(&[("LC_MESSAGES", "C"), ("LANG", "es_US.UTF-8")]), "en");

        let dir = tempfile::tempdir().unwrap();
        assert_eq!(store(dir.path(), &[("LANG", "es_US.UTF-8")]).view().system_language, "es", "the view says it");
    }

    #[test]
    fn a_screen_that_leaves_the_language_out_keeps_it() {
        let current = Settings { language: Some("es".into()), ..Settings::default() };
        let sent = |v: serde_json::Value| v.as_object().unwrap().clone();
        // The Law tab's monthly switch sends only the fields it knows.
        let kept = Settings::from_screen(sent(serde_json::json!({"offline": true, "lawUpdates": false})), &current).unwrap();
        assert_eq!((kept.language.as_deref(), kept.offline, kept.law_updates), (Some("es"), true, false));
        let cleared = Settings::from_screen(sent(serde_json::json!({"language": null})), &current).unwrap();
        assert_eq!(cleared.language, None, "null follows the computer");
        let chosen = Settings::from_screen(sent(serde_json::json!({"language": "en"})), &current).unwrap();
        assert_eq!(chosen.language.as_deref(), Some("en"));
        let err = Settings::from_screen(sent(serde_json::json!({"offline": "yes"})), &current).unwrap_err().to_string();
        assert!(err.starts_with("settings:"), "{err}");
    }

    #[test]
    fn the_offline_switch_forces_offline_and_a_corrupt_file_means_defaults() {
        let dir = tempfile::tempdir().unwrap();
        fs::write(dir.path().join("settings.json"), b"{not json").unwrap();
        let s = store(dir.path(), &[("OPENAI_API_KEY", "sk-env")]);
        assert_eq!(s.settings(), Settings::default());
        assert!(!proseva_agent::config::AgentConfig::from_lookup(|n| s.lookup(n)).is_offline());
        s.save(Settings { offline: true, ..Settings::default() }, &BTreeMap::new()).unwrap();
        assert!(proseva_agent::config::AgentConfig::from_lookup(|n| s.lookup(n)).is_offline());
        let key = s.view().secrets.into_iter().find(|v| v.name == "OPENAI_API_KEY").unwrap();
        assert_eq!((key.set, key.store.as_deref()), (true, Some("environment")));
    }
}
