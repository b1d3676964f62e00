//! Shared by the supervisor's tests: a fake sidecar (this very test executable, started again in
//! a fake role), `sh` scripts standing in for broken children, an event recorder, bounded waits.
//!
//! The fake runs when the test binary is started as `<exe> fake_sidecar --exact --ignored …` with
//! `FAKE_ROLE` set (each test file has that ignored `fake_sidecar` entry point):
//! - `serve`: binds `FAKE_PORT` on 127.0.0.1, prints `listening on http://127.0.0.1:PORT` and
//!   answers `GET /health` (200; 503 during the first `FAKE_UNHEALTHY_MS`) and `POST /graphql`
//!   (`{"data":{"__typename":"Query"}}`, 401 without `Authorization: Bearer $FAKE_TOKEN`).
//!   `FAKE_DELAY_MS` waits before listening, `FAKE_STDERR` is written to stderr first, and
//!   `FAKE_GRANDCHILD` names a file to write the pid of a `sleep` it starts.
//! - `parent`: an app that supervises one `serve` child, prints `child <pid>` and waits forever.

#![allow(dead_code)]

mod events;
// Not every test binary uses both.
#[allow(unused_imports)]
pub use events::{Events, eventually};

use std::ffi::OsString;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use proseva_supervisor::{HealthCheck, SidecarSpec, Supervisor, SupervisorOptions, reserve_loopback_ports};

/// The arguments that make a test executable run only its `fake_sidecar` entry point.
const FAKE_ARGS: [&str; 6] = ["fake_sidecar", "--exact", "--ignored", "--nocapture", "--test-threads=1", "--quiet"];

/// A fake sidecar that becomes healthy at once (`GET /health`), on a reserved port.
pub fn fake(name: &str) -> SidecarSpec {
    let port = reserve_loopback_ports(1).unwrap()[0];
    let mut spec = SidecarSpec::new(name, format!("the fake {name}"), std::env::current_exe().unwrap(), port, fake_health());
    spec.args = FAKE_ARGS.iter().map(OsString::from).collect();
    spec.env("FAKE_ROLE", "serve").env("FAKE_PORT", port.to_string())
}

pub fn fake_health() -> HealthCheck {
    HealthCheck::Get { path: "/health".into() }
}

/// A child that runs `body` with `sh -c`.
pub fn script(name: &str, body: &str) -> SidecarSpec {
    SidecarSpec::new(name, format!("the fake {name}"), "/bin/sh", 1, fake_health()).arg("-c").arg(body)
}

/// The fake sidecar started through `sh` with SIGTERM ignored (the ignored disposition survives
/// `exec`): it only stops for SIGKILL.
pub fn deaf_to_sigterm(mut spec: SidecarSpec) -> SidecarSpec {
    let mut args: Vec<OsString> = vec!["-c".into(), "trap '' TERM; exec \"$0\" \"$@\"".into(), spec.program.into_os_string()];
    args.append(&mut spec.args);
    spec.program = PathBuf::from("/bin/sh");
    spec.args = args;
    spec
}

/// Options for tests: logs in `dir`, quick restarts.
pub fn options(dir: &Path) -> SupervisorOptions {
    let mut options = SupervisorOptions::new(dir);
    options.restart.initial = Duration::from_millis(50);
    options
}

/// A field of `/proc/<pid>/status`, such as `SigBlk`.
pub fn proc_status(pid: u32, field: &str) -> String {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    status.lines().find_map(|l| l.strip_prefix(&format!("{field}:"))).unwrap_or_else(|| panic!("no {field} for {pid}")).trim().to_string()
}

/// The process group of `pid` (the fifth field of `/proc/<pid>/stat`).
pub fn process_group(pid: u32) -> u32 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap();
    let (_, rest) = stat.rsplit_once(')').unwrap();
    rest.split_whitespace().nth(2).unwrap().parse().unwrap()
}

/// The fake sidecar's entry point; does nothing unless `FAKE_ROLE` is set.
pub fn fake_sidecar_main() {
    match std::env::var("FAKE_ROLE").as_deref() {
        Ok("serve") => serve(),
        Ok("parent") => parent(),
        _ => {}
    }
}

fn number(variable: &str) -> u64 {
    std::env::var(variable).ok().and_then(|v| v.parse().ok()).unwrap_or(0)
}

fn serve() {
    let started = Instant::now();
    if let Ok(line) = std::env::var("FAKE_STDERR") {
        eprintln!("{line}");
    }
    std::thread::sleep(Duration::from_millis(number("FAKE_DELAY_MS")));
    let port = number("FAKE_PORT");
    let listener = TcpListener::bind(("127.0.0.1", port as u16)).unwrap();
    if let Ok(path) = std::env::var("FAKE_GRANDCHILD") {
        let mut sleeper = std::process::Command::new("sleep").arg("60").spawn().unwrap();
        std::fs::write(path, sleeper.id().to_string()).unwrap();
        // Reaped when the process group is killed, so it never lingers as a zombie.
        std::thread::spawn(move || sleeper.wait());
    }
    println!("listening on http://127.0.0.1:{port}");
    std::io::stdout().flush().unwrap();
    let unhealthy_for = Duration::from_millis(number("FAKE_UNHEALTHY_MS"));
    let token = std::env::var("FAKE_TOKEN").ok();
    for stream in listener.incoming().flatten() {
        let healthy = started.elapsed() >= unhealthy_for;
        let _ = answer(stream, healthy, token.as_deref());
    }
}

fn answer(stream: TcpStream, healthy: bool, token: Option<&str>) -> std::io::Result<()> {
    let mut reader = BufReader::new(stream.try_clone()?);
    let mut request_line = String::new();
    reader.read_line(&mut request_line)?;
    let mut length = 0usize;
    let mut authorization = None;
    loop {
        let mut line = String::new();
        reader.read_line(&mut line)?;
        let line = line.trim_end();
        if line.is_empty() {
            break;
        }
        if let Some((name, value)) = line.split_once(':') {
            match name.to_ascii_lowercase().as_str() {
                "content-length" => length = value.trim().parse().unwrap_or(0),
                "authorization" => authorization = Some(value.trim().to_string()),
                _ => {}
            }
        }
    }
    let mut body = vec![0; length];
    reader.read_exact(&mut body)?;
    let authorized = token.is_none_or(|t| authorization.as_deref() == Some(&format!("Bearer {t}")));
    let (status, text) = match request_line.split_whitespace().take(2).collect::<Vec<_>>()[..] {
        _ if !healthy => ("503 Service Unavailable", "{}"),
        ["GET", "/health"] => ("200 OK", "ok"),
        ["POST", "/graphql"] if !authorized => ("401 Unauthorized", "{}"),
        ["POST", "/graphql"] => ("200 OK", r#"{"data":{"__typename":"Query"}}"#),
        _ => ("404 Not Found", "{}"),
    };
    let mut stream = stream;
    write!(stream, "HTTP/1.1 {status}\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{text}", text.len())
}

fn parent() {
    let logs = std::env::var("FAKE_LOGS").unwrap();
    let supervisor = Supervisor::start(vec![fake("child")], SupervisorOptions::new(logs), Arc::new(|_| {})).unwrap();
    println!("child {}", supervisor.child_pids()[0]);
    std::io::stdout().flush().unwrap();
    loop {
        std::thread::sleep(Duration::from_secs(60));
    }
}
