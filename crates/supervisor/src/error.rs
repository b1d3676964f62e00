//! [`StartError`]: why [`Supervisor::start`](crate::Supervisor::start) failed, in sentences a
//! person can act on.

use std::io;
use std::path::PathBuf;

/// Why [`Supervisor::start`](crate::Supervisor::start) failed. Everything it started has been
/// stopped by the time this is returned.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    #[error("two sidecars are named {name:?}; each needs its own name (it names the log file)")]
    DuplicateName { name: String },
    #[error("cannot open the log file {path}: {source}", path = .path.display())]
    Log { path: PathBuf, source: io::Error },
    #[error("could not {what}: {source}")]
    Io { what: String, source: io::Error },
    /// An essential child's program could not be run at all.
    #[error("could not start {label} ({path}): {source}", path = .path.display())]
    Spawn { name: String, label: String, path: PathBuf, source: io::Error },
    /// An essential child did not become healthy: `reason` is a plain sentence such as "the
    /// case-data server exited with status 1 before it was ready"; `stderr_tail` holds its last
    /// stderr lines (at most [`STDERR_TAIL_LINES`](crate::STDERR_TAIL_LINES)) and `log` the full
    /// log's path.
    #[error("{reason}")]
    SidecarFailed { name: String, reason: String, stderr_tail: Vec<String>, log: PathBuf },
}
