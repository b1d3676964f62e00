//! The person's deadlines outside the window: "Add to my calendar" (the `.ics` file written to
//! the exports folder), the reminders' commands over [`crate::reminders`] (what came due while the
//! app was closed, dismissing), how reminders reach the person (notifications, starting at login
//! hidden in the tray), and the [`Announcer`] that shows them in the running app.

use std::time::Duration;

use proseva_workspace::{CalendarScope, MAX_DISMISS_KEYS};
use serde::Serialize;
use serde_json::{Value, json};
use tauri::{AppHandle, Emitter, Manager, Runtime, State};

use crate::error::CommandError;
use crate::reminders::{Announcer, Missed};
use crate::settings::{Discreet, ReminderSettings};
use crate::state::AppState;
use crate::workspace::{clean_file_name, write_export};

/// The event the window hears when reminders come due while it runs: `{reminders: [...]}`.
pub const REMINDERS_EVENT: &str = "reminders";
/// How long `reminders_missed` waits for the check at start (the server may still be starting).
const MISSED_WAIT: Duration = Duration::from_secs(120);

/// Where an exported calendar went.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct CalendarExport {
    pub path: String,
    pub file_name: String,
    /// How many events it holds: one per deadline or hearing.
    pub events: usize,
}

/// Writes the calendar file of one deadline (`deadlineId`), one case (`caseId`) or everything
/// (neither) to the exports folder, under an unused name; `neutral`: with nothing about the case
/// in it (each event "ProSeVA reminder", no description or place).
#[tauri::command]
pub async fn calendar_export(
    state: State<'_, AppState>,
    case_id: Option<i64>,
    deadline_id: Option<i64>,
    neutral: Option<bool>,
) -> Result<CalendarExport, CommandError> {
    let scope = match (case_id, deadline_id) {
        (Some(_), Some(_)) => return Err(CommandError::invalid("deadlineId", "give caseId or deadlineId, not both")),
        (_, Some(id)) => CalendarScope::Deadline(id),
        (Some(id), None) => CalendarScope::Case(id),
        (None, None) => CalendarScope::Everything,
    };
    let file = state.workspace()?.calendar(scope, neutral.unwrap_or(false)).await?;
    let name = clean_file_name(&file.file_name);
    let stem = name.strip_suffix(".ics").unwrap_or(&name);
    let written = write_export(&state, stem, "ics", file.text.as_bytes())?;
    let file_name = std::path::Path::new(&written.path).file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or(name.clone());
    Ok(CalendarExport { path: written.path, file_name, events: file.events })
}

/// What came due while the app was closed (`{since, reminders}`), less what was dismissed since.
/// Waits for the check at start when the app has just opened. A discreet reminder kept from an
/// earlier run without its text has it again, from the case data server.
#[tauri::command]
pub async fn reminders_missed(state: State<'_, AppState>) -> Result<Missed, CommandError> {
    let missed = state
        .reminders
        .missed(MISSED_WAIT)
        .await
        .ok_or_else(|| CommandError::starting("ProSeVA is still checking for reminders; try again in a moment."))?;
    // A discreet one was kept on disk without its text: asked for again now that the window shows it.
    Ok(state.reminders.with_texts(missed, state.workspace().ok().as_ref()).await)
}

/// Dismisses reminders for good (`keys` as the reminders carry them): the server's
/// `{dismissed, ignored}`. They leave the missed list too.
#[tauri::command]
pub async fn reminders_dismiss(state: State<'_, AppState>, keys: Vec<String>) -> Result<Value, CommandError> {
    if keys.is_empty() || keys.len() > MAX_DISMISS_KEYS {
        return Err(CommandError::invalid("keys", format!("give 1 to {MAX_DISMISS_KEYS} reminder keys")));
    }
    let answer = state.workspace()?.dismiss_reminders(&keys).await?;
    state.reminders.forget(&keys).await;
    Ok(answer)
}

/// `{notifications, startAtLogin, startAtLoginAsked, discreet}`.
#[tauri::command]
pub fn reminder_settings(state: State<'_, AppState>) -> ReminderSettings {
    state.settings.settings().reminders
}

/// Changes the settings given; the others stay. Turning `startAtLogin` on or off writes or removes
/// the login entry (started with `--hidden`, in the tray); if that fails nothing is saved.
/// `discreet` is `protectiveOrders`, `all` or `off` ([`Discreet`]).
#[tauri::command]
pub fn set_reminder_settings<R: Runtime>(
    app: AppHandle<R>,
    state: State<'_, AppState>,
    notifications: Option<bool>,
    start_at_login: Option<bool>,
    start_at_login_asked: Option<bool>,
    discreet: Option<String>,
) -> Result<ReminderSettings, CommandError> {
    let mut chosen = state.settings.settings().reminders;
    if let Some(name) = discreet {
        chosen.discreet = Discreet::parse(&name)
            .ok_or_else(|| CommandError::invalid("discreet", format!("must be one of {}", Discreet::NAMES.join(", "))))?;
    }
    if let Some(on) = start_at_login {
        apply_start_at_login(&app, on)?;
        chosen.start_at_login = on;
    }
    chosen.notifications = notifications.unwrap_or(chosen.notifications);
    chosen.start_at_login_asked = start_at_login_asked.unwrap_or(chosen.start_at_login_asked);
    state.settings.save_reminders(chosen)?;
    Ok(chosen)
}

/// Writes (`on`) or removes the login entry that starts ProSeVA hidden in the tray.
pub fn apply_start_at_login<R: Runtime>(app: &AppHandle<R>, on: bool) -> Result<(), CommandError> {
    let Some(launcher) = app.try_state::<tauri_plugin_autostart::AutoLaunchManager>() else {
        return if on { Err(CommandError::unavailable("starting at login is not available in this build of ProSeVA")) } else { Ok(()) };
    };
    let result = if on {
        launcher.enable()
    } else {
        match launcher.is_enabled() {
            Ok(true) => launcher.disable(),
            other => other.map(drop),
        }
    };
    result.map_err(|e| CommandError::unavailable(format!("could not change what starts at login: {e}")))
}

/// Reminders in the running app: a system notification each (when the person wants them) and the
/// window's `reminders` event.
pub struct WindowAnnouncer<R: Runtime>(pub AppHandle<R>);

impl<R: Runtime> Announcer for WindowAnnouncer<R> {
    fn notifications_on(&self) -> bool {
        self.0.state::<AppState>().settings.settings().reminders.notifications
    }

    fn discreet(&self) -> Discreet {
        self.0.state::<AppState>().settings.settings().reminders.discreet
    }

    fn show(&self, title: &str, body: &str) -> Result<(), String> {
        let Some(notifications) = self.0.try_state::<tauri_plugin_notification::Notification<R>>() else {
            return Err("no notification service in this build".into());
        };
        notifications.builder().title(title).body(body).show().map_err(|e| e.to_string())
    }

    fn fired(&self, reminders: &[Value]) {
        if let Err(e) = self.0.emit_to("main", REMINDERS_EVENT, json!({ "reminders": reminders })) {
            tracing::warn!("could not tell the window about reminders: {e}");
        }
    }

    fn language(&self) -> String {
        self.0.state::<AppState>().language()
    }
}
