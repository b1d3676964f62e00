//! Shared by the integration tests: the real sidecar binaries, an event recorder (the
//! supervisor's tests' own), scripts that stand in for a failing sidecar, and bounded waits.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::time::Duration;

use proseva_sidecars::{SidecarsConfig, find_sidecar};
use proseva_supervisor::http;

#[path = "../../../supervisor/tests/common/events.rs"]
mod events;
// Not every test binary uses both.
#[allow(unused_imports)]
pub use events::{Events, eventually};

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

pub fn get(url: &str, path: &str, token: Option<&str>) -> http::Response {
    let auth = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("Authorization", a.as_str())).collect();
    http::request("GET", url, path, &headers, None, Duration::from_secs(5)).unwrap_or_else(|e| panic!("GET {url}{path}: {e}"))
}

/// Whether the server's embedding model is loaded (its health says so).
pub fn embeddings_ready(server_url: &str) -> bool {
    get(server_url, "/api/health", None).body.contains("\"embeddings\":\"ready\"")
}

pub fn graphql(url: &str, token: Option<&str>, query: &str) -> http::Response {
    let auth = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("Authorization", a.as_str())).collect();
    let body = serde_json::json!({ "query": query }).to_string();
    http::request("POST", url, "/graphql", &headers, Some(&body), Duration::from_secs(5))
        .unwrap_or_else(|e| panic!("POST {url}/graphql: {e}"))
}
