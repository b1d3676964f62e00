//! Shared by the integration tests: the real sidecar binaries, an event recorder, scripts that
//! stand in for a failing sidecar, and bounded waits.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use proseva_sidecars::{SidecarsConfig, find_sidecar};
use proseva_supervisor::{EventSink, SidecarStatus, SupervisorEvent, http};

/// The real `proseva-server` and `proseva-explorer`, found as the desktop finds them (beside the
/// test executable's profile dir, or via PROSEVA_SERVER_BIN / PROSEVA_EXPLORER_BIN).
pub fn sidecars() -> (PathBuf, PathBuf) {
    let find = |name: &str| {
        find_sidecar(name).unwrap_or_else(|e| {
            panic!("{e}\nthese tests run the real sidecars: build them first with `cargo build --release -p proseva-server -p proseva-explorer`")
        })
    };
    (find("proseva-server"), find("proseva-explorer"))
}

/// A config for tests: the real sidecars, quick restarts, quiet children.
pub fn config(data_dir: &Path) -> SidecarsConfig {
    let (server, explorer) = sidecars();
    let mut config = SidecarsConfig::new(data_dir, server, explorer);
    config.restart.initial = Duration::from_millis(100);
    config.grace = Duration::from_secs(3);
    config
}

/// Writes an executable `#!/bin/sh` script.
pub fn script(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    let path = dir.join(name);
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
    path
}

/// Records every event and lets a test wait for one.
#[derive(Default)]
pub struct Events {
    list: Mutex<Vec<SupervisorEvent>>,
    arrived: Condvar,
}

impl Events {
    pub fn new() -> Arc<Events> {
        Arc::new(Events::default())
    }

    pub fn sink(self: &Arc<Self>) -> EventSink {
        let me = self.clone();
        Arc::new(move |event| {
            me.list.lock().unwrap().push(event);
            me.arrived.notify_all();
        })
    }

    pub fn all(&self) -> Vec<SupervisorEvent> {
        self.list.lock().unwrap().clone()
    }

    pub fn len(&self) -> usize {
        self.list.lock().unwrap().len()
    }

    /// Statuses of one sidecar, in order.
    pub fn statuses(&self, name: &str) -> Vec<SidecarStatus> {
        self.all()
            .into_iter()
            .filter_map(|e| match e {
                SupervisorEvent::Sidecar(s) if s.name == name => Some(s),
                _ => None,
            })
            .collect()
    }

    /// The first status of `name` from event number `from` on that satisfies `want`; panics
    /// with the events seen after `timeout`.
    pub fn wait_for(&self, from: usize, name: &str, timeout: Duration, want: impl Fn(&SidecarStatus) -> bool) -> SidecarStatus {
        let deadline = Instant::now() + timeout;
        let mut list = self.list.lock().unwrap();
        loop {
            let found = list.iter().skip(from).find_map(|e| match e {
                SupervisorEvent::Sidecar(s) if s.name == name && want(s) => Some(s.clone()),
                _ => None,
            });
            if let Some(status) = found {
                return status;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                panic!("no matching {name} status within {timeout:?}; events: {:#?}", &list[from..]);
            }
            list = self.arrived.wait_timeout(list, left).unwrap().0;
        }
    }
}

/// Polls `check` until it holds or `timeout` passes; false then.
pub fn eventually(timeout: Duration, mut check: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + timeout;
    loop {
        if check() {
            return true;
        }
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

pub fn get(url: &str, path: &str, token: Option<&str>) -> http::Response {
    let auth = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("Authorization", a.as_str())).collect();
    http::request("GET", url, path, &headers, None, Duration::from_secs(5)).unwrap_or_else(|e| panic!("GET {url}{path}: {e}"))
}

pub fn graphql(url: &str, token: Option<&str>, query: &str) -> http::Response {
    let auth = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("Authorization", a.as_str())).collect();
    let body = serde_json::json!({ "query": query }).to_string();
    http::request("POST", url, "/graphql", &headers, Some(&body), Duration::from_secs(5))
        .unwrap_or_else(|e| panic!("POST {url}/graphql: {e}"))
}
