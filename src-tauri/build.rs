//! Tauri's build step, with an app manifest naming our commands: each gets an `allow-<name>`
//! permission, and `capabilities/default.json` grants exactly those to the main window.

const COMMANDS: &[&str] =
    &["chat", "research", "cancel", "app_status", "subscribe_status", "get_settings", "save_settings", "get_node", "open_url"];

fn main() {
    tauri_build::try_build(tauri_build::Attributes::new().app_manifest(tauri_build::AppManifest::new().commands(COMMANDS)))
        .expect("tauri build step");
}
