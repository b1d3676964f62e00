//! Reminders that reach the person while the app runs, and what came due while it was closed.
//!
//! The case data server knows which reminders fire when (`GET /api/reminders?from=&to=`: a
//! deadline done or moved is its business). This side remembers when it last asked, in
//! `<data dir>/reminders.json` (written atomically), and asks for `[last asked, now)`:
//!
//! - at start, that span is what came due while the app was closed: the missed reminders, kept
//!   for the window ([`Reminders::missed`]) until dismissed — in `reminders.json` too, so they are
//!   shown again at the next start if the person quit without dismissing them — and one summary
//!   notification for the new ones;
//! - then every 30 seconds (`PROSEVA_REMINDER_POLL_MS`), each reminder is a system notification
//!   and goes to the window as the `reminders` event ([`Announcer`]).
//!
//! The very first run (no `reminders.json`) starts from now: old deadlines are not replayed.
//! Each notification shown is one line of `<data dir>/logs/notifications.jsonl`
//! (`{"at", "keys", "title", "body"}`); with notifications turned off nothing is shown or logged,
//! and the window still hears of them.
//!
//! Discreet reminders, for a person who shares the computer with the person they need protection
//! from ([`Discreet`], a setting: protective-order cases by default, every case, or none): the
//! notification — and its line in the log — is "ProSeVA" / "You have a reminder" and nothing else
//! ([`is_discreet`]); the summary of the missed ones is discreet when any of them is; and
//! `reminders.json` keeps of a discreet missed reminder only what finds it again (keys, deadline,
//! case, instant), its text asked of the server again when the window shows it ([`Reminders::with_texts`]). "Now" is the system clock, or the RFC 3339 instant written
//! in the file `PROSEVA_CLOCK_FILE` names, read again at every check (tests move time with it).

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use chrono::{DateTime, SecondsFormat, Utc};
use proseva_workspace::{Workspace, WorkspaceError};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tokio::sync::watch;

use crate::settings::{Discreet, write_private_atomically};

/// Where the last check's instant is kept, in the data dir.
pub const STATE_FILE: &str = "reminders.json";
/// The log of the notifications shown, in `<data dir>/logs`.
pub const LOG_FILE: &str = "notifications.jsonl";
/// How often the running app asks, unless `PROSEVA_REMINDER_POLL_MS` says otherwise.
pub const DEFAULT_POLL: Duration = Duration::from_secs(30);
/// The longest span the server answers for at once; a longer absence is cut to its last part.
const MAX_SPAN_DAYS: i64 = 400;
/// How many reminders the summary of missed ones names before "and N more".
const SUMMARY_NAMES: usize = 3;
/// The kinds of case whose reminders are discreet under [`Discreet::ProtectiveOrders`].
pub const PROTECTIVE_ORDER_KINDS: [&str; 2] = ["protective-order-petitioner", "protective-order-respondent"];
/// A discreet notification's title: nothing about the case, the deadline, its day or its court.
pub const DISCREET_TITLE: &str = "ProSeVA";
/// A discreet notification's body.
pub const DISCREET_BODY: &str = "You have a reminder";
/// [`DISCREET_BODY`] in Spanish: as discreet.
pub const DISCREET_BODY_ES: &str = "Tiene un recordatorio";

/// Whether the notifications' own words are Spanish (`"es"`); the server's sentences come in the
/// language the workspace asked for.
fn spanish(language: &str) -> bool {
    language == "es"
}

/// What can stop a check; the next one tries again.
#[derive(Debug, thiserror::Error)]
pub enum ReminderError {
    #[error("the test clock: {0}")]
    Clock(String),
    #[error("asking the case data server for reminders: {0}")]
    Server(#[from] WorkspaceError),
    #[error("{path}: {message}")]
    File { path: PathBuf, message: String },
}

/// Where "now" comes from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Clock {
    System,
    /// A file holding one RFC 3339 instant, read at every check.
    File(PathBuf),
}

impl Clock {
    /// `PROSEVA_CLOCK_FILE` when set, else the system clock.
    pub fn from_env() -> Clock {
        match std::env::var_os("PROSEVA_CLOCK_FILE").filter(|v| !v.is_empty()) {
            Some(path) => Clock::File(PathBuf::from(path)),
            None => Clock::System,
        }
    }

    pub fn now(&self) -> Result<DateTime<Utc>, ReminderError> {
        match self {
            Clock::System => Ok(Utc::now()),
            Clock::File(path) => {
                let text = std::fs::read_to_string(path).map_err(|e| ReminderError::Clock(format!("{}: {e}", path.display())))?;
                DateTime::parse_from_rfc3339(text.trim())
                    .map(|at| at.with_timezone(&Utc))
                    .map_err(|e| ReminderError::Clock(format!("{} does not hold an RFC 3339 instant: {e}", path.display())))
            }
        }
    }
}

/// `PROSEVA_REMINDER_POLL_MS` (at least 10 ms), else 30 seconds.
pub fn poll_interval_from_env() -> Duration {
    std::env::var("PROSEVA_REMINDER_POLL_MS")
        .ok()
        .and_then(|v| v.trim().parse::<u64>().ok())
        .map_or(DEFAULT_POLL, |ms| Duration::from_millis(ms.max(10)))
}

/// How reminders reach the person: the app's notifications and window, or a test's record.
pub trait Announcer: Send + Sync {
    /// Whether the person wants system notifications (Settings).
    fn notifications_on(&self) -> bool;
    /// Which reminders the person wants notified discreetly (Settings).
    fn discreet(&self) -> Discreet;
    /// Shows one system notification.
    fn show(&self, title: &str, body: &str) -> Result<(), String>;
    /// Tells the window that these reminders came due while it runs.
    fn fired(&self, reminders: &[Value]);
    /// The window's language (`"en"`, `"es"`): the notifications' own words.
    fn language(&self) -> String {
        "en".to_string()
    }
}

/// What came due while the app was closed, as `reminders_missed` answers it.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Missed {
    /// When the app last checked before this start (RFC 3339); null on the very first run.
    pub since: Option<String>,
    /// The server's reminder objects, earliest first, less those dismissed since.
    pub reminders: Vec<Value>,
}

/// `reminders.json`: when reminders were last asked for, and the missed ones not dismissed yet
/// (kept across restarts: a person who quits without reading them sees them again).
#[derive(Debug, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Ledger {
    last_checked: Option<String>,
    #[serde(default)]
    missed: Vec<Value>,
}

/// One check's span and what fired in it, and the missed reminders kept from before.
struct Span {
    since: Option<DateTime<Utc>>,
    now: DateTime<Utc>,
    reminders: Vec<Value>,
    kept: Vec<Value>,
}

/// What `reminders.json` keeps of a missed reminder: all of it, or, when it is discreet (or was
/// kept so before), only what finds it again — its keys, deadline, case and instant, marked
/// `"discreet": true` — and none of its text.
fn kept_on_disk(reminder: &Value, setting: Discreet) -> Value {
    if reminder.get("discreet").is_some() || is_discreet(reminder, setting) {
        json!({
            "key": reminder["key"], "keys": reminder["keys"], "deadlineId": reminder["deadlineId"],
            "caseId": reminder["caseId"], "at": reminder["at"], "discreet": true,
        })
    } else {
        reminder.clone()
    }
}

/// A deadline's part of a reminder key (`deadline/<id>`), all a locked case file's
/// `reminders.json` and notification log keep of it: the offset and the date are left out.
fn deadline_part(key: &str) -> String {
    key.splitn(3, '/').take(2).collect::<Vec<_>>().join("/")
}

/// What `reminders.json` keeps of a missed reminder while the case file is locked: its deadline's
/// id, its keys cut to that, and `at` as it was kept (for a new one, the start of the span it came
/// in — see [`Reminders::start_check`]).
fn locked_on_disk(reminder: &Value) -> Value {
    let mut keys: Vec<String> = keys_of(reminder).iter().map(|k| deadline_part(k)).collect();
    keys.dedup();
    json!({ "deadlineId": reminder["deadlineId"], "keys": keys, "at": reminder["at"], "discreet": true })
}

fn kept_all_on_disk(missed: &[Value], setting: Discreet) -> Vec<Value> {
    missed.iter().map(|r| kept_on_disk(r, setting)).collect()
}

/// `kept` with `new` laid over it: one reminder per deadline, the newer winning, earliest first.
fn merge_missed(kept: Vec<Value>, new: &[Value]) -> Vec<Value> {
    let mut out: Vec<Value> = kept.into_iter().filter(|old| !new.iter().any(|n| n["deadlineId"] == old["deadlineId"])).collect();
    out.extend(new.iter().cloned());
    out.sort_by(|a, b| a["at"].as_str().unwrap_or_default().cmp(b["at"].as_str().unwrap_or_default()));
    out
}

/// The reminders of one data dir: when they were last asked for, and the missed ones.
pub struct Reminders {
    state_file: PathBuf,
    log_file: PathBuf,
    clock: Clock,
    /// One check at a time, so no span is asked for twice.
    checking: tokio::sync::Mutex<()>,
    /// `None` until the start check has run.
    missed: watch::Sender<Option<Missed>>,
}

fn stamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

/// Every key a reminder stands for (`keys`, else its `key`).
fn keys_of(reminder: &Value) -> Vec<String> {
    let keys: Vec<String> = reminder["keys"].as_array().into_iter().flatten().filter_map(|k| k.as_str().map(str::to_string)).collect();
    if keys.is_empty() { reminder["key"].as_str().map(str::to_string).into_iter().collect() } else { keys }
}

/// Whether `reminder` (the server's reminder object) is notified discreetly under `setting`. One
/// that has a case but does not say the case's kind (`caseKind`) is: in doubt, say less.
pub fn is_discreet(reminder: &Value, setting: Discreet) -> bool {
    match setting {
        Discreet::All => true,
        Discreet::Off => false,
        Discreet::ProtectiveOrders => match reminder.get("caseKind") {
            Some(Value::String(kind)) => PROTECTIVE_ORDER_KINDS.contains(&kind.as_str()),
            Some(_) => false,
            None => !reminder["caseId"].is_null(),
        },
    }
}

/// [`DISCREET_BODY`] in `language`.
pub fn discreet_body(language: &str) -> &'static str {
    if spanish(language) { DISCREET_BODY_ES } else { DISCREET_BODY }
}

fn discreet_notification(language: &str) -> (String, String) {
    (DISCREET_TITLE.to_string(), discreet_body(language).to_string())
}

/// A reminder's notification: "ProSeVA: <case>" over the server's sentence, or, discreet,
/// [`DISCREET_TITLE`] over [`DISCREET_BODY`].
pub fn notification_of(reminder: &Value, setting: Discreet) -> (String, String) {
    notification_in(reminder, setting, "en")
}

/// [`notification_of`] with its own words in `language` ("ProSeVA: un plazo", "Tiene un
/// recordatorio").
pub fn notification_in(reminder: &Value, setting: Discreet, language: &str) -> (String, String) {
    if is_discreet(reminder, setting) {
        return discreet_notification(language);
    }
    let es = spanish(language);
    let title = match reminder["caseName"].as_str().map(str::trim).filter(|n| !n.is_empty()) {
        Some(case) => format!("ProSeVA: {case}"),
        None if es => "ProSeVA: un plazo".to_string(),
        None => "ProSeVA: a deadline".to_string(),
    };
    let body = reminder["text"].as_str().map(str::trim).filter(|t| !t.is_empty()).or(reminder["title"].as_str()).unwrap_or(if es {
        "Un plazo"
    } else {
        "A deadline"
    });
    (title, body.to_string())
}

/// The one notification for what came due while the app was closed: discreet when any of them is.
pub fn summary_of(missed: &[Value], setting: Discreet) -> (String, String) {
    summary_in(missed, setting, "en")
}

/// [`summary_of`] with its own words in `language` ("Mientras ProSeVA estaba cerrado: …").
pub fn summary_in(missed: &[Value], setting: Discreet, language: &str) -> (String, String) {
    if missed.iter().any(|r| is_discreet(r, setting)) {
        return discreet_notification(language);
    }
    let es = spanish(language);
    let mut texts: Vec<String> = missed.iter().take(SUMMARY_NAMES).map(|r| notification_in(r, setting, language).1).collect();
    let more = missed.len().saturating_sub(SUMMARY_NAMES);
    if more > 0 {
        texts.push(if es { format!("y {more} más") } else { format!("and {more} more") });
    }
    let said = if es { "Mientras ProSeVA estaba cerrado" } else { "While ProSeVA was closed" };
    ("ProSeVA".to_string(), format!("{said}: {}", texts.join("; ")))
}

impl Reminders {
    pub fn new(data_dir: &Path, clock: Clock) -> Self {
        Reminders {
            state_file: data_dir.join(STATE_FILE),
            log_file: data_dir.join("logs").join(LOG_FILE),
            clock,
            checking: tokio::sync::Mutex::new(()),
            missed: watch::Sender::new(None),
        }
    }

    /// The log of what was shown, one JSON object a line.
    pub fn log_file(&self) -> &Path {
        &self.log_file
    }

    fn ledger(&self) -> Result<Ledger, ReminderError> {
        let bytes = match std::fs::read(&self.state_file) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Ledger::default()),
            Err(e) => return Err(ReminderError::File { path: self.state_file.clone(), message: e.to_string() }),
        };
        // A damaged file is as good as none: start from now rather than never remind again.
        Ok(serde_json::from_slice(&bytes).unwrap_or_else(|e| {
            tracing::warn!("{} is unreadable ({e}); reminders start from now", self.state_file.display());
            Ledger::default()
        }))
    }

    /// Whether the case file is locked by a passphrase (`privacy.json` in the data dir).
    fn case_file_encrypted(&self) -> bool {
        self.state_file.with_file_name(proseva_sidecars::PRIVACY_KEY_FILE).is_file()
    }

    /// Writes `reminders.json`. With the case file locked by a passphrase, nothing of a reminder
    /// is kept in it but its deadline's id and when it was found missed (the start of the span it
    /// came in, never the deadline's own day): see [`locked_on_disk`].
    fn write_ledger(&self, ledger: &Ledger) -> Result<(), ReminderError> {
        let stripped;
        let ledger = if self.case_file_encrypted() {
            stripped = Ledger { last_checked: ledger.last_checked.clone(), missed: ledger.missed.iter().map(locked_on_disk).collect() };
            &stripped
        } else {
            ledger
        };
        let bytes = serde_json::to_vec_pretty(ledger).expect("the ledger serialises");
        write_private_atomically(&self.state_file, &bytes)
            .map_err(|e| ReminderError::File { path: self.state_file.clone(), message: e.to_string() })
    }

    /// Asks for `[last checked, now)` and records `now` as checked (the missed ones kept as
    /// `discreet` says). Nothing is asked on the first run ever, nor when the clock went back.
    async fn advance(&self, workspace: &Workspace, discreet: Discreet) -> Result<Span, ReminderError> {
        let now = self.clock.now()?;
        let ledger = self.ledger()?;
        let kept = ledger.missed.clone();
        let Some(last) = ledger.last_checked.as_deref().and_then(|t| DateTime::parse_from_rfc3339(t).ok()).map(|t| t.with_timezone(&Utc))
        else {
            self.write_ledger(&Ledger { last_checked: Some(stamp(now)), missed: kept_all_on_disk(&ledger.missed, discreet) })?;
            return Ok(Span { since: None, now, reminders: Vec::new(), kept });
        };
        if now <= last {
            return Ok(Span { since: Some(last), now, reminders: Vec::new(), kept });
        }
        let from = last.max(now - chrono::Duration::days(MAX_SPAN_DAYS));
        let answer = workspace.reminders(&stamp(from), &stamp(now)).await?;
        // Recorded before anything is shown: a crash between the two loses a notification rather
        // than showing it twice (the missed list and the window's list still have it).
        self.write_ledger(&Ledger { last_checked: Some(stamp(now)), missed: kept_all_on_disk(&ledger.missed, discreet) })?;
        let reminders = answer["reminders"].as_array().cloned().unwrap_or_default();
        Ok(Span { since: Some(last), now, reminders, kept })
    }

    /// Shows a notification, if the person wants them, and logs it.
    fn show(&self, announcer: &dyn Announcer, at: DateTime<Utc>, keys: Vec<String>, title: &str, body: &str) {
        if !announcer.notifications_on() {
            return;
        }
        if let Err(e) = announcer.show(title, body) {
            tracing::warn!("could not show a notification: {e}");
        }
        // A locked case file's log keeps only which deadlines, not their days.
        let keys: Vec<String> = if self.case_file_encrypted() { keys.iter().map(|k| deadline_part(k)).collect() } else { keys };
        let line = json!({ "at": stamp(at), "keys": keys, "title": title, "body": body });
        let written = std::fs::create_dir_all(self.log_file.parent().unwrap_or(Path::new("."))).and_then(|_| {
            let mut file = std::fs::OpenOptions::new().create(true).append(true).open(&self.log_file)?;
            file.write_all(format!("{line}\n").as_bytes())
        });
        if let Err(e) = written {
            tracing::warn!("could not log a notification in {}: {e}", self.log_file.display());
        }
    }

    /// The check at start: what came due while the app was closed becomes the missed list (and one
    /// summary notification).
    pub async fn start_check(&self, workspace: &Workspace, announcer: &dyn Announcer) -> Result<Missed, ReminderError> {
        let _one = self.checking.lock().await;
        let discreet = announcer.discreet();
        let span = self.advance(workspace, discreet).await?;
        if !span.reminders.is_empty() {
            let (title, body) = summary_in(&span.reminders, discreet, &announcer.language());
            let keys = span.reminders.iter().flat_map(keys_of).collect();
            self.show(announcer, span.now, keys, &title, &body);
        }
        // Those missed before and not dismissed yet stay, with the new ones, until dismissed (the
        // discreet ones on disk without their text; the window's list has it).
        let all = merge_missed(span.kept, &span.reminders);
        let mut on_disk = kept_all_on_disk(&all, discreet);
        if self.case_file_encrypted() {
            // Not the deadline's day: when the span it came in began (asking again from there
            // finds it).
            let since = stamp(span.since.unwrap_or(span.now));
            for reminder in on_disk.iter_mut().filter(|r| span.reminders.iter().any(|n| n["deadlineId"] == r["deadlineId"])) {
                reminder["at"] = json!(since);
            }
        }
        self.write_ledger(&Ledger { last_checked: Some(stamp(span.now)), missed: on_disk })?;
        let missed = Missed { since: span.since.map(stamp), reminders: all };
        self.missed.send_replace(Some(missed.clone()));
        Ok(missed)
    }

    /// A check while the app runs: each reminder due since the last one is shown and told to the
    /// window. Returns them.
    pub async fn check(&self, workspace: &Workspace, announcer: &dyn Announcer) -> Result<Vec<Value>, ReminderError> {
        let _one = self.checking.lock().await;
        let discreet = announcer.discreet();
        let span = self.advance(workspace, discreet).await?;
        if span.reminders.is_empty() {
            return Ok(Vec::new());
        }
        for reminder in &span.reminders {
            let (title, body) = notification_in(reminder, discreet, &announcer.language());
            self.show(announcer, span.now, keys_of(reminder), &title, &body);
        }
        announcer.fired(&span.reminders);
        Ok(span.reminders)
    }

    /// The missed list, once the start check has run (waiting up to `wait` for it).
    pub async fn missed(&self, wait: Duration) -> Option<Missed> {
        let mut seen = self.missed.subscribe();
        match tokio::time::timeout(wait, seen.wait_for(Option::is_some)).await {
            Ok(Ok(missed)) => missed.clone(),
            _ => None,
        }
    }

    /// `missed` with the text of each reminder kept without it (a discreet one from an earlier
    /// run) asked of the case data server again, worded as read now. One the server no longer has
    /// (its deadline done, deleted or moved) leaves the list for good; while the server cannot be
    /// asked (`workspace` none, or it fails), each says only [`DISCREET_BODY`].
    pub async fn with_texts(&self, mut missed: Missed, workspace: Option<&Workspace>) -> Missed {
        let bare: Vec<&Value> = missed.reminders.iter().filter(|r| !r["text"].is_string()).collect();
        if bare.is_empty() {
            return missed;
        }
        let asked = match workspace {
            Some(workspace) => self.asked_again(workspace, &bare).await,
            None => Err(ReminderError::Server(WorkspaceError::Unavailable("the case data server is not running".into()))),
        };
        let current = match asked {
            Ok(current) => current,
            Err(e) => {
                tracing::warn!("the text of the missed reminders: {e}");
                for reminder in missed.reminders.iter_mut().filter(|r| !r["text"].is_string()) {
                    reminder["text"] = json!(discreet_body(workspace.and_then(Workspace::language).unwrap_or("en")));
                }
                return missed;
            }
        };
        let mut gone = Vec::new();
        missed.reminders = std::mem::take(&mut missed.reminders)
            .into_iter()
            .filter_map(|reminder| {
                if reminder["text"].is_string() {
                    return Some(reminder);
                }
                let found = current.iter().find(|c| c["deadlineId"] == reminder["deadlineId"]).cloned();
                if found.is_none() {
                    gone.extend(keys_of(&reminder));
                }
                found
            })
            .collect();
        if !gone.is_empty() {
            self.forget(&gone).await;
        }
        missed
    }

    /// The server's reminders from the earliest of `bare` up to now (at most the span it answers
    /// for), worded as read now.
    async fn asked_again(&self, workspace: &Workspace, bare: &[&Value]) -> Result<Vec<Value>, ReminderError> {
        let now = self.clock.now()?;
        let earliest = bare
            .iter()
            .filter_map(|r| r["at"].as_str().and_then(|t| DateTime::parse_from_rfc3339(t).ok()))
            .map(|t| t.with_timezone(&Utc))
            .min()
            .unwrap_or(now);
        let to = now.max(earliest + chrono::Duration::seconds(1));
        let from = earliest.max(to - chrono::Duration::days(MAX_SPAN_DAYS));
        let answer = workspace.reminders(&stamp(from), &stamp(to)).await?;
        Ok(answer["reminders"].as_array().cloned().unwrap_or_default())
    }

    /// Takes dismissed reminders off the missed list (a reminder goes when any key it stands for
    /// is dismissed).
    pub async fn forget(&self, keys: &[String]) {
        // A key kept cut to its deadline (a locked case file's) is dismissed with any of its keys.
        let dismissed = |r: &Value| keys_of(r).iter().any(|k| keys.iter().any(|d| d == k || d.starts_with(&format!("{k}/"))));
        self.missed.send_if_modified(|missed| {
            let Some(missed) = missed else { return false };
            let before = missed.reminders.len();
            missed.reminders.retain(|r| !dismissed(r));
            missed.reminders.len() != before
        });
        // And from the kept list, so they do not come back at the next start (one writer at a
        // time: a check writes the same file).
        let _one = self.checking.lock().await;
        match self.ledger() {
            Ok(mut ledger) if ledger.missed.iter().any(dismissed) => {
                ledger.missed.retain(|r| !dismissed(r));
                if let Err(e) = self.write_ledger(&ledger) {
                    tracing::warn!("could not keep the dismissal in the reminders file: {e}");
                }
            }
            Ok(_) => {}
            Err(e) => tracing::warn!("could not read the reminders file: {e}"),
        }
    }

    /// The start check, then a check every `every`, for as long as the app runs. `workspace` gives
    /// the case data server's client while it is up (none while starting or quitting: the check
    /// waits).
    pub async fn run(self: Arc<Self>, workspace: impl Fn() -> Option<Workspace>, announcer: Arc<dyn Announcer>, every: Duration) {
        let mut started = false;
        let mut last_problem = String::new();
        loop {
            if let Some(workspace) = workspace() {
                let result = if started {
                    self.check(&workspace, &*announcer).await.map(drop)
                } else {
                    self.start_check(&workspace, &*announcer).await.map(drop)
                };
                match result {
                    Ok(()) => {
                        started = true;
                        last_problem.clear();
                    }
                    Err(e) => {
                        // Said once, not every 30 seconds.
                        let problem = e.to_string();
                        if problem != last_problem {
                            tracing::warn!("reminders: {problem}");
                            last_problem = problem;
                        }
                    }
                }
            }
            tokio::time::sleep(every).await;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_notification_names_the_case_and_says_the_servers_sentence() {
        let r = json!({"caseName": "Smith v. Jones", "caseId": 1, "caseKind": "eviction-tenant", "text": "Hearing tomorrow 9:00 at Fairfax GDC — Smith v. Jones", "key": "deadline/1/1d/2026-03-10T09:00"});
        let said = ("ProSeVA: Smith v. Jones".to_string(), "Hearing tomorrow 9:00 at Fairfax GDC — Smith v. Jones".to_string());
        assert_eq!(notification_of(&r, Discreet::ProtectiveOrders), said);
        assert_eq!(notification_of(&r, Discreet::Off), said);
        let no_case = json!({"caseId": null, "caseName": null, "caseKind": null, "title": "Pay the fine", "text": ""});
        assert_eq!(notification_of(&no_case, Discreet::ProtectiveOrders), ("ProSeVA: a deadline".into(), "Pay the fine".into()));
        assert_eq!(keys_of(&r), vec!["deadline/1/1d/2026-03-10T09:00".to_string()]);
        assert_eq!(keys_of(&json!({"key": "a", "keys": ["a", "b"]})), vec!["a".to_string(), "b".to_string()]);
    }

    #[test]
    fn the_summary_names_three_and_counts_the_rest() {
        let missed: Vec<Value> =
            (1..=5).map(|n| json!({"caseId": null, "caseKind": null, "text": format!("Deadline {n} passed")})).collect();
        let (title, body) = summary_of(&missed, Discreet::ProtectiveOrders);
        assert_eq!(title, "ProSeVA");
        assert_eq!(body, "While ProSeVA was closed: Deadline 1 passed; Deadline 2 passed; Deadline 3 passed; and 2 more");
        assert_eq!(summary_of(&missed[..1], Discreet::ProtectiveOrders).1, "While ProSeVA was closed: Deadline 1 passed");
    }

    #[test]
    fn in_spanish_the_notifications_own_words_are_spanish_and_as_discreet() {
        let missed: Vec<Value> =
            (1..=4).map(|n| json!({"caseId": null, "caseKind": null, "text": format!("Venció el plazo {n}")})).collect();
        assert_eq!(
            summary_in(&missed, Discreet::ProtectiveOrders, "es").1,
            "Mientras ProSeVA estaba cerrado: Venció el plazo 1; Venció el plazo 2; Venció el plazo 3; y 1 más"
        );
        let no_case = json!({"caseId": null, "caseName": null, "caseKind": null, "title": "", "text": ""});
        assert_eq!(notification_in(&no_case, Discreet::Off, "es"), ("ProSeVA: un plazo".into(), "".into()));
        let order = protective_order_hearing("protective-order-petitioner");
        assert_eq!(notification_in(&order, Discreet::ProtectiveOrders, "es"), ("ProSeVA".into(), "Tiene un recordatorio".into()));
        assert_eq!(summary_in(&[order], Discreet::ProtectiveOrders, "es").1, "Tiene un recordatorio");
        // English as before.
        assert_eq!(summary_in(&missed, Discreet::ProtectiveOrders, "en"), summary_of(&missed, Discreet::ProtectiveOrders));
    }

    /// A protective order's hearing as the server words its reminder: every part names something.
    fn protective_order_hearing(kind: &str) -> Value {
        json!({"key": "deadline/7/1d/2026-03-10T09:00", "keys": ["deadline/7/7d/2026-03-10T09:00", "deadline/7/1d/2026-03-10T09:00"],
               "deadlineId": 7, "caseId": 3, "caseName": "Doe v. Doe", "caseKind": kind, "title": "Protective order hearing",
               "kind": "hearing", "date": "2026-03-10", "time": "09:00", "location": "Henrico JDR Court", "offset": "1d",
               "at": "2026-03-09T12:00:00Z", "passed": false,
               "text": "Protective order hearing tomorrow 9:00 at Henrico JDR Court — Doe v. Doe"})
    }

    #[test]
    fn a_protective_orders_reminder_says_only_that_there_is_one() {
        let discreet = ("ProSeVA".to_string(), "You have a reminder".to_string());
        for kind in PROTECTIVE_ORDER_KINDS {
            let r = protective_order_hearing(kind);
            assert!(is_discreet(&r, Discreet::ProtectiveOrders) && is_discreet(&r, Discreet::All), "{kind}");
            assert_eq!(notification_of(&r, Discreet::ProtectiveOrders), discreet, "{kind}");
            assert_eq!(notification_of(&r, Discreet::Off).0, "ProSeVA: Doe v. Doe", "off: as any other");
        }
        let eviction = json!({"caseId": 1, "caseName": "Elm St.", "caseKind": "eviction-tenant", "text": "Answer due — Elm St."});
        assert!(!is_discreet(&eviction, Discreet::ProtectiveOrders));
        assert_eq!(notification_of(&eviction, Discreet::All), discreet, "all: every case");
        let alone = json!({"caseId": null, "caseName": null, "caseKind": null, "title": "Pay the fine", "text": "Pay the fine today"});
        assert!(!is_discreet(&alone, Discreet::ProtectiveOrders) && is_discreet(&alone, Discreet::All));
        // A case whose kind is not said could be one: discreet.
        assert!(is_discreet(&json!({"caseId": 4, "caseName": "?", "text": "Due — ?"}), Discreet::ProtectiveOrders));
        // One discreet reminder makes the whole summary discreet.
        assert_eq!(
            summary_of(&[eviction.clone(), protective_order_hearing("protective-order-petitioner")], Discreet::ProtectiveOrders),
            discreet
        );
        assert_eq!(summary_of(&[eviction], Discreet::ProtectiveOrders).1, "While ProSeVA was closed: Answer due — Elm St.");
    }

    #[test]
    fn a_discreet_missed_reminder_is_kept_on_disk_without_its_text() {
        let r = protective_order_hearing("protective-order-respondent");
        let kept = kept_on_disk(&r, Discreet::ProtectiveOrders);
        assert_eq!(
            kept,
            json!({"key": r["key"], "keys": r["keys"], "deadlineId": 7, "caseId": 3, "at": "2026-03-09T12:00:00Z", "discreet": true})
        );
        let written = kept.to_string();
        for said in ["Doe", "Protective", "Henrico", "hearing", "tomorrow"] {
            assert!(!written.contains(said), "{said} in {written}");
        }
        assert_eq!(kept_on_disk(&kept, Discreet::Off), kept, "kept without its text stays so");
        assert_eq!(kept_on_disk(&r, Discreet::Off), r, "not discreet: all of it");
    }

    #[test]
    fn with_the_case_file_locked_reminders_json_keeps_no_reminders_text_or_day() {
        let dir = tempfile::tempdir().unwrap();
        let reminders = Reminders::new(dir.path(), Clock::System);
        let eviction = json!({"key": "deadline/9/2d/2026-03-11", "keys": ["deadline/9/7d/2026-03-11", "deadline/9/2d/2026-03-11"],
                              "deadlineId": 9, "caseId": 4, "caseKind": "eviction-tenant",
                              "caseName": "Roe v. Elm St. LLC", "text": "Answer due in 2 days", "at": "2026-03-09T12:00:00Z"});
        let write = |reminders: &Reminders| {
            reminders.write_ledger(&Ledger { last_checked: Some("2026-03-01T12:00:00Z".into()), missed: vec![eviction.clone()] }).unwrap();
            std::fs::read_to_string(dir.path().join(STATE_FILE)).unwrap()
        };
        assert!(write(&reminders).contains("Roe v. Elm St."), "plain: the whole reminder, as before");
        std::fs::write(dir.path().join(proseva_sidecars::PRIVACY_KEY_FILE), "{}").unwrap();
        let written = write(&reminders);
        for said in ["Roe", "Elm", "Answer due", "eviction", "2026-03-11", "2d"] {
            assert!(!written.contains(said), "{said} in {written}");
        }
        let kept: Value = serde_json::from_str(&written).unwrap();
        assert_eq!(kept["missed"][0], json!({"deadlineId": 9, "keys": ["deadline/9"], "at": "2026-03-09T12:00:00Z", "discreet": true}));
        assert_eq!(deadline_part("deadline/9/2d/2026-03-11"), "deadline/9");
    }

    #[tokio::test]
    async fn a_reminder_kept_cut_to_its_deadline_is_dismissed_by_any_of_its_keys() {
        let dir = tempfile::tempdir().unwrap();
        let reminders = Reminders::new(dir.path(), Clock::System);
        std::fs::write(dir.path().join(proseva_sidecars::PRIVACY_KEY_FILE), "{}").unwrap();
        let kept = vec![
            json!({"deadlineId": 9, "keys": ["deadline/9"], "at": "2026-03-01T12:00:00Z", "discreet": true}),
            json!({"deadlineId": 19, "keys": ["deadline/19"], "at": "2026-03-01T12:00:00Z", "discreet": true}),
        ];
        reminders.write_ledger(&Ledger { last_checked: Some("2026-03-02T12:00:00Z".into()), missed: kept }).unwrap();
        reminders.forget(&["deadline/9/2d/2026-03-11".to_string()]).await;
        let left: Value = serde_json::from_str(&std::fs::read_to_string(dir.path().join(STATE_FILE)).unwrap()).unwrap();
        assert_eq!(left["missed"].as_array().unwrap().len(), 1);
        assert_eq!(left["missed"][0]["deadlineId"], 19, "deadline/9's keys do not dismiss deadline/19");
    }

    #[test]
    fn the_clock_file_is_read_at_every_check_and_a_bad_one_is_named() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("now");
        let clock = Clock::File(path.clone());
        assert!(matches!(clock.now(), Err(ReminderError::Clock(_))));
        std::fs::write(&path, "2026-03-09T09:00:00-04:00\n").unwrap();
        assert_eq!(stamp(clock.now().unwrap()), "2026-03-09T13:00:00Z");
        std::fs::write(&path, "2026-03-12T09:00:00Z").unwrap();
        assert_eq!(stamp(clock.now().unwrap()), "2026-03-12T09:00:00Z");
        std::fs::write(&path, "next Tuesday").unwrap();
        let err = clock.now().unwrap_err().to_string();
        assert!(err.contains("does not hold an RFC 3339 instant"), "{err}");
    }

    #[tokio::test]
    async fn dismissed_reminders_leave_the_missed_list() {
        let dir = tempfile::tempdir().unwrap();
        let reminders = Reminders::new(dir.path(), Clock::System);
        assert_eq!(reminders.missed(Duration::from_millis(10)).await, None, "not until the start check");
        let list = vec![
            json!({"key": "deadline/1/2d/2026-03-11", "keys": ["deadline/1/7d/2026-03-11", "deadline/1/2d/2026-03-11"]}),
            json!({"key": "deadline/2/morning/2026-03-12"}),
        ];
        reminders.missed.send_replace(Some(Missed { since: Some("2026-03-01T00:00:00Z".into()), reminders: list }));
        reminders.forget(&["deadline/1/7d/2026-03-11".to_string()]).await;
        let left = reminders.missed(Duration::from_millis(10)).await.unwrap();
        assert_eq!(left.reminders, vec![json!({"key": "deadline/2/morning/2026-03-12"})]);
    }
}
