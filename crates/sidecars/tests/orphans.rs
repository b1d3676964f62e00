//! No orphans: `proseva-supervise` (the headless runner, run as the app would be) leaves no
//! sidecar behind when it is asked to quit (SIGTERM) or killed outright (SIGKILL).

mod common;

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use common::{eventually, script, sidecars};
use proseva_supervisor::sys;
use proseva_supervisor::sys::Signal;

struct Supervise {
    child: Child,
    lines: mpsc::Receiver<String>,
}

impl Drop for Supervise {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn supervise(data_dir: &Path, server_bin: Option<&Path>) -> Supervise {
    let (server, explorer) = sidecars();
    let mut child = Command::new(env!("CARGO_BIN_EXE_proseva-supervise"))
        .arg("--data-dir")
        .arg(data_dir)
        .arg("--print-events")
        .env("PROSEVA_SERVER_BIN", server_bin.unwrap_or(&server))
        .env("PROSEVA_EXPLORER_BIN", explorer)
        .env("PROSEVA_EMBEDDINGS", "off")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let (tx, lines) = mpsc::channel();
    let stdout = child.stdout.take().unwrap();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines().map_while(Result::ok) {
            let _ = tx.send(line);
        }
    });
    Supervise { child, lines }
}

impl Supervise {
    /// Waits for the `ready` line and returns the sidecar pids it lists.
    fn ready(&mut self) -> Vec<u32> {
        let deadline = Instant::now() + Duration::from_secs(30);
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            let line = self.lines.recv_timeout(left).unwrap_or_else(|e| panic!("no `ready` line from proseva-supervise: {e}"));
            if let Some(json) = line.strip_prefix("ready ") {
                let ready: serde_json::Value = serde_json::from_str(json).unwrap();
                assert_eq!(ready["server"]["state"], "healthy", "{ready}");
                assert_eq!(ready["explorer"]["state"], "healthy", "{ready}");
                assert!(!json.contains("token"), "the ready line must not carry the token: {json}");
                let pids: Vec<u32> = ready["pids"].as_array().unwrap().iter().map(|p| p.as_u64().unwrap() as u32).collect();
                assert_eq!(pids, [ready["server"]["pid"].as_u64().unwrap() as u32, ready["explorer"]["pid"].as_u64().unwrap() as u32]);
                return pids;
            }
            // Events come first, one JSON object a line.
            let event: serde_json::Value = serde_json::from_str(&line).unwrap_or_else(|e| panic!("{e}: {line}"));
            assert!(event["type"] == "setup" || event["type"] == "sidecar", "{event}");
        }
    }

    fn wait_exit(&mut self, timeout: Duration) -> std::process::ExitStatus {
        let deadline = Instant::now() + timeout;
        loop {
            if let Some(status) = self.child.try_wait().unwrap() {
                return status;
            }
            assert!(Instant::now() < deadline, "proseva-supervise did not exit within {timeout:?}");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

#[test]
fn sigterm_stops_the_sidecars_and_exits_zero() {
    let temp = tempfile::tempdir().unwrap();
    let mut run = supervise(&temp.path().join("data"), None);
    let pids = run.ready();
    assert!(pids.iter().all(|pid| sys::running(*pid)));
    sys::signal(run.child.id(), Signal::SIGTERM).unwrap();
    let status = run.wait_exit(Duration::from_secs(10));
    assert_eq!(status.code(), Some(0), "{status:?}");
    // proseva-supervise reaped its children before exiting, so they are gone entirely.
    for pid in pids {
        assert!(!sys::exists(pid), "sidecar {pid} outlived proseva-supervise");
    }
}

#[test]
fn sigkill_of_the_app_takes_the_sidecars_with_it() {
    let temp = tempfile::tempdir().unwrap();
    let mut run = supervise(&temp.path().join("data"), None);
    let pids = run.ready();
    sys::signal(run.child.id(), Signal::SIGKILL).unwrap();
    run.wait_exit(Duration::from_secs(5));
    // No code of the supervisor ran: the kernel's parent-death signal must do it. The orphans are
    // reaped by init, possibly late, so a zombie counts as gone.
    for pid in pids {
        assert!(eventually(Duration::from_secs(5), || !sys::running(pid)), "sidecar {pid} survived the SIGKILLed app");
    }
}

#[test]
fn a_failing_server_makes_it_exit_one_with_the_reason() {
    let temp = tempfile::tempdir().unwrap();
    let server = script(temp.path(), "server.sh", "echo 'cannot open proseva.db' >&2\nexit 4");
    let mut run = supervise(&temp.path().join("data"), Some(&server));
    let status = run.wait_exit(Duration::from_secs(10));
    assert_eq!(status.code(), Some(1));
    let mut stderr = String::new();
    std::io::Read::read_to_string(run.child.stderr.as_mut().unwrap(), &mut stderr).unwrap();
    assert!(stderr.contains("the case-data server exited with status 4 before it was ready"), "{stderr}");
    assert!(stderr.contains("cannot open proseva.db") && stderr.contains("server.log"), "{stderr}");
    let stdout: Vec<String> = run.lines.try_iter().collect();
    assert!(!stdout.iter().any(|l| l.starts_with("ready")), "{stdout:?}");
}
