//! The system tray icon (Show / Quit), so ProSeVA can run with its window hidden and still remind:
//! started at login with [`HIDDEN_ARG`] the window stays hidden until Show, and while starting at
//! login is on, closing the window hides it instead of quitting.

use tauri::menu::{Menu, MenuItem};
use tauri::tray::TrayIconBuilder;
use tauri::{AppHandle, Manager, Runtime};

/// The argument the login entry starts ProSeVA with: hidden in the tray.
pub const HIDDEN_ARG: &str = "--hidden";

/// Whether these arguments ask for a hidden start.
pub fn asks_hidden<S: AsRef<str>>(args: &[S]) -> bool {
    args.iter().any(|a| a.as_ref() == HIDDEN_ARG)
}

/// Shows the main window and brings it forward.
pub fn show_window<R: Runtime>(app: &AppHandle<R>) {
    if let Some(window) = app.get_webview_window("main") {
        let _ = window.unminimize();
        let _ = window.show();
        let _ = window.set_focus();
    }
}

/// Puts the icon in the tray. On Linux it needs libayatana-appindicator3 at run time, and the
/// library it uses panics when that is missing: caught here, the app runs without a tray.
pub fn add<R: Runtime>(app: &AppHandle<R>) -> Result<(), String> {
    let build = || -> tauri::Result<()> {
        let show = MenuItem::with_id(app, "show", "Show ProSeVA", true, None::<&str>)?;
        let quit = MenuItem::with_id(app, "quit", "Quit ProSeVA", true, None::<&str>)?;
        let menu = Menu::with_items(app, &[&show, &quit])?;
        let mut tray =
            TrayIconBuilder::with_id("main").menu(&menu).tooltip("ProSeVA").on_menu_event(|app, event| match event.id().as_ref() {
                "show" => show_window(app),
                "quit" => app.exit(0),
                _ => {}
            });
        if let Some(icon) = app.default_window_icon() {
            tray = tray.icon(icon.clone());
        }
        tray.build(app).map(drop)
    };
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(build)) {
        Ok(Ok(())) => Ok(()),
        Ok(Err(e)) => Err(e.to_string()),
        Err(_) => Err("the system tray library is missing (on Debian: libayatana-appindicator3-1)".into()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_hidden_argument_starts_hidden() {
        assert!(asks_hidden(&["proseva", "--hidden"]));
        assert!(!asks_hidden(&["proseva"]));
        assert!(!asks_hidden(&["proseva", "--hidden-not"]));
    }
}
