//! Errors: [`SupervisorError`] for the data dir and finding binaries, [`StartError`] for
//! [`Supervisor::start`](crate::Supervisor::start). Messages are sentences a person can act on.

use std::io;
use std::path::PathBuf;

#[derive(Debug, thiserror::Error)]
pub enum SupervisorError {
    #[error("cannot create the data folder {path}: {source}", path = .path.display())]
    CreateDir { path: PathBuf, source: io::Error },
    #[error("the data folder {path} is not writable: {source}", path = .path.display())]
    NotWritable { path: PathBuf, source: io::Error },
    #[error("cannot build the Virginia law graph at {path}: {message}", path = .path.display())]
    Graph { path: PathBuf, message: String },
    #[error("cannot open the log file {path}: {source}", path = .path.display())]
    Log { path: PathBuf, source: io::Error },
    #[error("{variable} is set to {path}, but there is no such file", path = .path.display())]
    BadOverride { variable: String, path: PathBuf },
    #[error("cannot find the {name} program; looked for {looked} (set {variable} to its path)", looked = display_paths(.looked))]
    SidecarNotFound { name: String, variable: String, looked: Vec<PathBuf> },
}

/// Why [`Supervisor::start`](crate::Supervisor::start) failed. Everything it started has been
/// stopped by the time this is returned.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error(transparent)]
    DataDir(#[from] SupervisorError),
    #[error("could not start {name} ({path}): {source}", path = .path.display())]
    Spawn { name: String, path: PathBuf, source: io::Error },
    #[error("could not {what}: {source}")]
    Io { what: String, source: io::Error },
    /// The case-data server did not become healthy: `reason` is a plain sentence such as "the
    /// case-data server exited with status 1 before it was ready"; `stderr_tail` holds its last
    /// stderr lines (at most 40) and `log` the full log's path.
    #[error("{reason}")]
    ServerFailed { reason: String, stderr_tail: Vec<String>, log: PathBuf },
}

fn display_paths(paths: &[PathBuf]) -> String {
    paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
}
