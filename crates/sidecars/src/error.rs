//! [`SidecarsError`]: the data dir, finding the programs, and starting them. Messages are
//! sentences a person can act on.

use std::io;
use std::path::PathBuf;

use proseva_supervisor::StartError;

#[derive(Debug, thiserror::Error)]
pub enum SidecarsError {
    #[error("cannot create the data folder {path}: {source}", path = .path.display())]
    CreateDir { path: PathBuf, source: io::Error },
    #[error("the data folder {path} is not writable: {source}", path = .path.display())]
    NotWritable { path: PathBuf, source: io::Error },
    #[error("cannot build the Virginia law graph at {path}: {message}", path = .path.display())]
    Graph { path: PathBuf, message: String },
    #[error("{variable} is set to {path}, but there is no such file", path = .path.display())]
    BadOverride { variable: String, path: PathBuf },
    #[error("cannot find the {name} program; looked for {looked} (set {variable} to its path)", looked = display_paths(.looked))]
    ProgramNotFound { name: String, variable: String, looked: Vec<PathBuf> },
    #[error("could not reserve two loopback ports: {source}")]
    Ports { source: io::Error },
    /// The supervisor could not start them; [`StartError::SidecarFailed`] when the case-data
    /// server did not become healthy.
    #[error(transparent)]
    Start(#[from] StartError),
}

fn display_paths(paths: &[PathBuf]) -> String {
    paths.iter().map(|p| p.display().to_string()).collect::<Vec<_>>().join(", ")
}
