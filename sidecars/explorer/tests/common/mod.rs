//! Shared by the tests of the real `proseva-explorer serve` binary: start it on a free loopback
//! port, and kill it when the test ends.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};

use proseva_law::synth::sample;

/// A running explorer; killed (and reaped) on drop.
pub struct Explorer {
    child: Child,
    pub url: String,
    _dir: Option<tempfile::TempDir>,
}

impl Drop for Explorer {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The explorer serving the small fixture graph, with `token` as its bearer token (none: open).
pub fn start(token: Option<&str>) -> Explorer {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("graph.db");
    sample::build(&db).expect("fixture ingests");
    let mut explorer = serve(&db, token);
    explorer._dir = Some(dir);
    explorer
}

/// The explorer serving the graph at `db`, with `token` as its bearer token (none: open), and no
/// embedding model (searches by words).
pub fn serve(db: &Path, token: Option<&str>) -> Explorer {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_proseva-explorer"));
    cmd.args(["serve", "--port", "0", "--db"]).arg(db).env("PROSEVA_EMBEDDINGS", "off").stdout(Stdio::piped()).stderr(Stdio::null());
    match token {
        Some(t) => cmd.env("PROSEVA_TOKEN", t),
        None => cmd.env_remove("PROSEVA_TOKEN"),
    };
    let mut child = cmd.spawn().unwrap();
    let mut line = String::new();
    BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
    let url = line.trim().strip_prefix("listening on ").unwrap_or_else(|| panic!("unexpected first line: {line:?}")).to_string();
    Explorer { child, url, _dir: None }
}

/// A client for the explorer on loopback.
pub fn client() -> proseva_http::reqwest::Client {
    proseva_http::loopback_client_builder("proseva-tests").build().unwrap()
}
