//! Quick exit, for a person who may share this computer with the person they need protection from
//! (a protective order): the header's "Quick exit" button, or Escape pressed three times within
//! about a second and a half (ui/quick-exit.js), calls [`quick_exit`], which
//!
//! 1. hides the window at once — ProSeVA keeps running in the tray, reminding; the tray's "Show
//!    ProSeVA", or opening ProSeVA again, brings the window back;
//! 2. stops the answers being written;
//! 3. locks the case file when a passphrase protects it ([`lock_if_encrypted`]);
//! 4. starts the page again on its neutral view: the Law tab's front page, no case chosen, no
//!    conversation, dialog or typed text (ui/app.js reads `#neutral`). The page is loaded again
//!    rather than tidied, so nothing it showed can be left behind, and the history entry is
//!    replaced, so Back cannot return to it.
//!
//! The window's title is "ProSeVA" and nothing else (`tauri.conf.json`, `ui/index.html`; nothing
//! changes it): the task bar never names a case.

use tauri::{AppHandle, Manager, Runtime};

use crate::state::AppState;

/// What the page runs to start again on its neutral view (ui/app.js reads the `#neutral`).
const NEUTRAL_PAGE: &str = "history.replaceState(null, '', '#neutral'); location.reload();";

/// Hides the window and leaves the page on its neutral view (see the module's steps).
#[tauri::command]
pub fn quick_exit<R: Runtime>(app: AppHandle<R>) {
    leave(&app);
}

/// Quick exit itself, for the command and for anything else that must clear the window at once.
pub fn leave<R: Runtime>(app: &AppHandle<R>) {
    let window = app.get_webview_window("main");
    if let Some(window) = &window
        && let Err(e) = window.hide()
    {
        tracing::warn!("quick exit: could not hide the window: {e}");
    }
    let state = app.state::<AppState>();
    state.requests.cancel_all();
    lock_if_encrypted(app);
    // The page that subscribed to the status is going: the new one subscribes again.
    state.forget_status_subscribers();
    if let Some(window) = &window
        && let Err(e) = window.eval(NEUTRAL_PAGE)
    {
        tracing::warn!("quick exit: could not clear the page: {e}");
    }
    tracing::info!("quick exit: the window is hidden and its page cleared");
}

/// The privacy lock, when a passphrase is set, is applied here: the case file is closed and asks
/// for the passphrase before anything of it is shown again. Without a passphrase there is nothing
/// to lock, and this does nothing.
pub fn lock_if_encrypted<R: Runtime>(app: &AppHandle<R>) {
    crate::privacy::lock_if_encrypted(app);
}
