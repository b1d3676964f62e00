//! `proseva-supervise --data-dir DIR [--print-events]`: runs both sidecars the way the desktop
//! app does, without a window. Prints one JSON line per event with `--print-events`, then
//! `ready {json}` (statuses, URLs and pids; never the token) once both are up, and runs until
//! SIGTERM or SIGINT, when it shuts the sidecars down and exits 0. When the server cannot start
//! it prints the reason and the server's last stderr lines on stderr and exits 1.
//!
//! Sidecars are found as the desktop finds them (`PROSEVA_SERVER_BIN`, `PROSEVA_EXPLORER_BIN`,
//! or beside this program); the data dir defaults to `$PROSEVA_DATA_DIR`, else the platform's.

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;

use proseva_sidecars::{Sidecars, SidecarsConfig, SidecarsError, default_data_dir};
use proseva_supervisor::{StartError, SupervisorEvent, sys};

const USAGE: &str = "usage: proseva-supervise [--data-dir DIR] [--print-events]";

fn main() -> ExitCode {
    // Before any thread exists, so every thread inherits the mask and only sigwait sees them.
    let signals = match sys::block_signals(&[sys::Signal::SIGTERM, sys::Signal::SIGINT]) {
        Ok(signals) => signals,
        Err(e) => return fail(&format!("cannot block SIGTERM/SIGINT: {e}")),
    };
    let mut data_dir: Option<PathBuf> = None;
    let mut print_events = false;
    let mut args = std::env::args_os().skip(1);
    while let Some(arg) = args.next() {
        match arg.to_str() {
            Some("--data-dir") => match args.next() {
                Some(dir) => data_dir = Some(dir.into()),
                None => return fail(&format!("--data-dir needs a value\n{USAGE}")),
            },
            Some(s) if s.starts_with("--data-dir=") => data_dir = Some(s["--data-dir=".len()..].into()),
            Some("--print-events") => print_events = true,
            Some("-h" | "--help") => {
                println!("{USAGE}");
                return ExitCode::SUCCESS;
            }
            _ => return fail(&format!("unexpected argument {}\n{USAGE}", arg.to_string_lossy())),
        }
    }
    let config = match SidecarsConfig::with_found_sidecars(data_dir.unwrap_or_else(default_data_dir)) {
        Ok(config) => config,
        Err(e) => return fail(&e.to_string()),
    };
    let on_event = Arc::new(move |event: SupervisorEvent| {
        if print_events && let Ok(json) = serde_json::to_string(&event) {
            say(&json);
        }
    });
    let sidecars = match Sidecars::start(config, on_event) {
        Ok(sidecars) => sidecars,
        Err(SidecarsError::Start(StartError::SidecarFailed { reason, stderr_tail, log, .. })) => {
            let mut message = reason;
            if !stderr_tail.is_empty() {
                message.push_str("\nits last output:");
                for line in stderr_tail {
                    message.push_str("\n  ");
                    message.push_str(&line);
                }
            }
            message.push_str(&format!("\nfull log: {}", log.display()));
            return fail(&message);
        }
        Err(e) => return fail(&e.to_string()),
    };
    let (server, explorer) = sidecars.status();
    let ready = serde_json::json!({
        "server": server,
        "explorer": explorer,
        "serverUrl": sidecars.server_url(),
        "explorerUrl": sidecars.explorer_url(),
        "dataDir": sidecars.data_dir().root,
        "pids": sidecars.child_pids(),
        "pid": std::process::id(),
    });
    say(&format!("ready {ready}"));

    match signals.wait() {
        Ok(signal) => eprintln!("proseva-supervise: {signal}; stopping the sidecars"),
        Err(e) => eprintln!("proseva-supervise: waiting for a signal failed ({e}); stopping the sidecars"),
    }
    sidecars.shutdown();
    ExitCode::SUCCESS
}

/// One line on stdout; a closed stdout is no reason to stop supervising.
fn say(line: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{line}");
    let _ = out.flush();
}

fn fail(message: &str) -> ExitCode {
    eprintln!("proseva-supervise: {message}");
    ExitCode::FAILURE
}
