//! ProSeVA Desktop: the window, the supervisor of the two sidecars, and the in-process agent.
//!
//! Start-up: the window opens at once and shows the start-up state; a supervisor thread prepares
//! the data dir (building the law graph on first run, with progress in the window), starts
//! `proseva-server` and `proseva-explorer` on free loopback ports with a fresh token, and checks
//! them in parallel. The server is essential: if it does not come up, a native dialog shows why
//! (with the end of its log) and the app exits non-zero. The explorer is not: without it the app
//! runs and says so, and the graph tools answer with a clear error. Once they are up, a download of
//! the official Code left unfinished resumes, and the monthly check for updates runs if due
//! ([`library::at_start`]). On quit the children get SIGTERM, then SIGKILL; if this process is
//! killed they die with it (see proseva-sidecars and proseva-supervisor).
//!
//! Reminders: once the server is up, [`reminders`] checks every 30 seconds for reminders that came
//! due (and, first, for what came due while the app was closed) and shows them as system
//! notifications (discreetly for protective-order cases, unless the person chose otherwise); a
//! tray icon (Show / Quit) lets the app run hidden, and the login entry the person may turn on
//! starts it so (`--hidden`, [`tray`]). [`quick_exit`] hides the window at once and leaves its page
//! on a neutral view.
//!
//! Logs: `<data dir>/logs/proseva.log` (this process; level from `RUST_LOG`), `server.log`,
//! `explorer.log`, each rotated.

pub mod calendar;
pub mod commands;
pub mod drafts;
pub mod error;
pub mod focus;
pub mod folders;
pub mod grants;
pub mod help;
pub mod library;
pub mod local_model;
pub mod models;
pub mod papers;
pub mod paths;
pub mod privacy;
pub mod proof;
pub mod quick_exit;
pub mod reminders;
pub mod rendering;
pub mod saved;
pub mod settings;
pub mod state;
pub mod tray;
pub mod workspace;

use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use proseva_sidecars::{Sidecars, SidecarsConfig, SidecarsError};
use proseva_supervisor::StartError;
use tauri::{Manager, RunEvent, Runtime, WindowEvent};
use tauri_plugin_dialog::{DialogExt, MessageDialogKind};

use crate::settings::{SettingsStore, choose_backend};
use crate::state::{AppState, Backend};

/// Registers the commands on a builder (the app's and the tests' mock one).
pub fn with_commands<R: Runtime>(builder: tauri::Builder<R>) -> tauri::Builder<R> {
    builder.invoke_handler(tauri::generate_handler![
        commands::chat,
        commands::research,
        commands::cancel,
        commands::app_status,
        commands::subscribe_status,
        commands::get_settings,
        commands::save_settings,
        commands::start_state,
        commands::set_start_done,
        commands::local_model_status,
        local_model::pick_model_file,
        models::model_catalogue,
        models::model_download,
        models::model_download_stop,
        models::model_use,
        models::model_delete,
        commands::get_node,
        commands::open_url,
        commands::list_workflows,
        commands::run_workflow,
        commands::confirm_write,
        commands::conversation_grants,
        commands::revoke_grants,
        commands::diagnostics,
        workspace::list_records,
        workspace::get_record,
        workspace::create_record,
        workspace::update_record,
        workspace::delete_record,
        workspace::finance_totals,
        workspace::deadline_rules,
        workspace::compute_deadline,
        workspace::upload_document,
        workspace::document_text,
        workspace::reread_document,
        workspace::open_document,
        workspace::export_conversation,
        workspace::create_backup,
        workspace::list_backups,
        workspace::restore_backup,
        drafts::list_drafts,
        drafts::get_draft,
        drafts::build_draft,
        drafts::revise_draft,
        drafts::export_draft,
        papers::paper_kinds,
        papers::paper_proposed,
        papers::build_paper,
        papers::check_paper,
        papers::paper_explained,
        papers::export_paper_spanish,
        papers::form_fields,
        papers::fill_form,
        proof::proof_kind,
        proof::case_proof,
        proof::link_proof,
        proof::hearing_packet,
        library::library_status,
        library::subscribe_library,
        library::library_download,
        library::library_check_updates,
        library::library_pause_embedding,
        library::library_import_file,
        library::library_import_finish,
        paths::path_kinds,
        paths::case_path,
        paths::set_case_path,
        paths::tick_step,
        paths::which_court,
        help::help_localities,
        help::help_for,
        help::help_eligibility,
        help::help_screen,
        help::help_packet,
        help::help_locality_of_court,
        calendar::calendar_export,
        calendar::reminders_missed,
        calendar::reminders_dismiss,
        calendar::reminder_settings,
        calendar::set_reminder_settings,
        quick_exit::quick_exit,
        privacy::privacy_status,
        privacy::privacy_encrypt,
        privacy::privacy_unlock,
        privacy::privacy_lock,
        privacy::privacy_change_passphrase,
        privacy::privacy_decrypt,
        privacy::privacy_settings,
        privacy::set_privacy_settings,
    ])
}

fn init_logging(logs: &std::path::Path) {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let log = std::fs::create_dir_all(logs)
        .ok()
        .and_then(|_| proseva_supervisor::RotatingLog::open(logs.join("proseva.log"), 5 * 1024 * 1024, 3).ok());
    let builder = tracing_subscriber::fmt().with_env_filter(filter).with_ansi(false);
    match log {
        // tracing-subscriber writes through a `Mutex<impl Write>` itself.
        // Every line cleaned of keys, tokens, home paths and addresses before it is written.
        Some(log) => builder.with_writer(Mutex::new(proseva_agent::sanitize::Writer(log))).init(),
        None => builder.with_writer(proseva_agent::sanitize::stderr).init(),
    }
}

/// What the person reads when the case-data server does not start.
fn failure_text(error: &SidecarsError) -> String {
    match error {
        SidecarsError::Start(StartError::SidecarFailed { reason, stderr_tail, log, .. }) => {
            let tail = if stderr_tail.is_empty() { "(it wrote nothing)".to_string() } else { stderr_tail.join("\n") };
            format!(
                "ProSeVA could not start its case-data server: {reason}.\n\nIts last messages:\n{tail}\n\nThe full log is {}.",
                log.display()
            )
        }
        other => format!("ProSeVA could not start: {other}."),
    }
}

/// Prepares the data dir and starts the sidecars, on its own thread; tells the window as it goes.
fn start_supervisor<R: Runtime>(app: tauri::AppHandle<R>) {
    let spawned = std::thread::Builder::new().name("supervisor-start".into()).spawn(move || {
        let state = app.state::<AppState>();
        let events = app.clone();
        let exports = state.folders.exports.clone();
        let result = SidecarsConfig::with_found_sidecars(state.data_dir.clone())
            .map(|mut config| {
                // The packet for a lawyer goes where the window's other exports go.
                config.env.push(("PROSEVA_EXPORT_DIR".into(), exports.to_string_lossy().into_owned()));
                config
            })
            .and_then(|config| Sidecars::start(config, Arc::new(move |event| events.state::<AppState>().on_supervisor_event(event))));
        match result {
            Ok(sidecars) => {
                let sidecars = Arc::new(sidecars);
                state.set_ready(Backend {
                    server_url: sidecars.server_url(),
                    explorer_url: sidecars.explorer_url(),
                    token: sidecars.token().to_string(),
                    supervisor: Some(sidecars),
                });
                // The law library: a download left unfinished goes on; the monthly check, if due.
                let law = state.library.clone();
                let law_updates = state.settings.settings().law_updates;
                tauri::async_runtime::spawn(async move {
                    library::at_start(&law, law_updates, library::now_secs());
                });
                // A locked case file opens by itself with a passphrase kept in the system keyring
                // (if the person chose so) before the reminders' first check.
                let unlocking = app.clone();
                tauri::async_runtime::block_on(async move { privacy::unlock_if_remembered(&unlocking.state::<AppState>()).await });
                // Reminders: what came due while the app was closed, then every 30 seconds.
                let server = app.clone();
                let announcer = Arc::new(calendar::WindowAnnouncer(app.clone()));
                tauri::async_runtime::spawn(state.reminders.clone().run(
                    move || server.state::<AppState>().workspace().ok(),
                    announcer,
                    reminders::poll_interval_from_env(),
                ));
            }
            Err(error) => {
                let text = failure_text(&error);
                tracing::error!("{text}");
                state.set_failed(text.clone());
                if std::env::var_os("PROSEVA_NO_DIALOG").is_none() {
                    app.dialog().message(text).title("ProSeVA could not start").kind(MessageDialogKind::Error).blocking_show();
                }
                app.exit(1);
            }
        }
    });
    if let Err(e) = spawned {
        tracing::error!("could not start the supervisor thread: {e}");
    }
}

/// Runs the app until its window closes; the exit code is non-zero when it could not start.
pub fn run() -> ExitCode {
    let started = Instant::now();
    // First, while this is the only thread: it may set an environment variable for WebKit.
    let painting = rendering::choose_painting();
    let data_dir = proseva_sidecars::default_data_dir();
    init_logging(&data_dir.join("logs"));
    tracing::info!(version = env!("CARGO_PKG_VERSION"), data_dir = %data_dir.display(), "ProSeVA starting");
    tracing::info!(?painting, "where WebKit paints the page (CPU when this computer has no GPU render node)");

    // Creating the dir here lets the keyring fallback file live in it; the supervisor checks the
    // rest (writable, the law graph) and reports problems in the window.
    let _ = std::fs::create_dir_all(&data_dir);
    let settings = SettingsStore::open(&data_dir, choose_backend(&data_dir));
    let state = AppState::new(data_dir, settings, started);

    let hidden = tray::asks_hidden(&std::env::args().collect::<Vec<_>>());
    let builder = tauri::Builder::default()
        .plugin(tauri_plugin_single_instance::init(|app, argv, _cwd| {
            // A second launch shows the window that is already open (the login entry's does not).
            if !tray::asks_hidden(&argv) {
                tray::show_window(app);
            }
        }))
        .plugin(tauri_plugin_dialog::init())
        .plugin(tauri_plugin_opener::init())
        .plugin(tauri_plugin_notification::init())
        .plugin(tauri_plugin_autostart::Builder::new().arg(tray::HIDDEN_ARG).build())
        .manage(state)
        .manage(models::Downloads::default())
        .on_window_event(|window, event| {
            // While ProSeVA starts at login, closing the window keeps it in the tray, reminding.
            if let WindowEvent::CloseRequested { api, .. } = event
                && window.app_handle().tray_by_id("main").is_some()
                && window.state::<AppState>().settings.settings().reminders.start_at_login
            {
                api.prevent_close();
                let _ = window.hide();
            }
        })
        .setup(move |app| {
            quit_on_signals(app.handle().clone());
            if let Some(window) = app.get_webview_window("main") {
                rendering::apply(&window, rendering::compositing_from_env(std::env::var("PROSEVA_WEBKIT_COMPOSITING").ok().as_deref()));
            }
            let tray = tray::add(app.handle());
            if let Err(e) = &tray {
                tracing::warn!("no tray icon: {e}");
            }
            if hidden && tray.is_ok() {
                if let Some(window) = app.get_webview_window("main") {
                    let _ = window.hide();
                }
                tracing::info!("started hidden in the tray");
            }
            // The login entry names this program's path: written again, it follows an upgrade.
            if app.state::<AppState>().settings.settings().reminders.start_at_login
                && let Err(e) = calendar::apply_start_at_login(app.handle(), true)
            {
                tracing::warn!("{e}");
            }
            start_supervisor(app.handle().clone());
            Ok(())
        });
    let app = match with_commands(builder).build(tauri::generate_context!()) {
        Ok(app) => app,
        Err(e) => {
            eprintln!("proseva: could not open the window: {e}");
            tracing::error!("could not open the window: {e}");
            return ExitCode::FAILURE;
        }
    };
    let code = app.run_return(|app, event| {
        if let RunEvent::Exit = event {
            shutdown(app);
        }
    });
    // Also on paths where the event loop ended without an Exit event.
    ExitCode::from(u8::try_from(code).unwrap_or(1))
}

/// SIGTERM (logout, `kill`, a package upgrade) and SIGINT (Ctrl+C in a terminal) quit the app the
/// normal way, so the sidecars get their own SIGTERM and a grace period rather than a SIGKILL.
fn quit_on_signals<R: Runtime>(app: tauri::AppHandle<R>) {
    tauri::async_runtime::spawn(async move {
        use tokio::signal::unix::{SignalKind, signal};
        let (Ok(mut term), Ok(mut int)) = (signal(SignalKind::terminate()), signal(SignalKind::interrupt())) else {
            tracing::warn!("could not listen for SIGTERM/SIGINT; they will end the app at once");
            return;
        };
        tokio::select! {
            _ = term.recv() => tracing::info!("SIGTERM: quitting"),
            _ = int.recv() => tracing::info!("SIGINT: quitting"),
        }
        app.exit(0);
    });
}

/// Stops running requests and the sidecars (SIGTERM, then SIGKILL after the grace period).
fn shutdown<R: Runtime>(app: &tauri::AppHandle<R>) {
    let state = app.state::<AppState>();
    state.requests.cancel_all();
    state.local.stop();
    if let Some(Backend { supervisor: Some(supervisor), .. }) = state.take_backend() {
        tracing::info!("stopping the sidecars");
        supervisor.shutdown();
    }
}
