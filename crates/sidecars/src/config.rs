//! [`SidecarsConfig`]: where the sidecars' programs and data are, and how patiently to run them.

use std::path::PathBuf;
use std::time::Duration;

use proseva_supervisor::{RestartPolicy, SupervisorOptions};

use crate::error::SidecarsError;
use crate::find::find_sidecar;

/// How to run the sidecars. [`SidecarsConfig::new`] fills in the defaults.
#[derive(Clone, Debug)]
pub struct SidecarsConfig {
    pub data_dir: PathBuf,
    pub server_bin: PathBuf,
    pub explorer_bin: PathBuf,
    /// How long the server may take to answer `GET /api/health` (15 s).
    pub server_budget: Duration,
    /// How long the explorer may take to answer `POST /graphql` (10 s).
    pub explorer_budget: Duration,
    /// Time between health checks (50 ms).
    pub poll_interval: Duration,
    /// How long children get to exit after SIGTERM before SIGKILL (3 s).
    pub grace: Duration,
    pub restart: RestartPolicy,
    /// Extra environment for both children (applied last, so it overrides).
    pub env: Vec<(String, String)>,
}

impl SidecarsConfig {
    pub fn new(data_dir: impl Into<PathBuf>, server_bin: impl Into<PathBuf>, explorer_bin: impl Into<PathBuf>) -> Self {
        let defaults = SupervisorOptions::new("");
        SidecarsConfig {
            data_dir: data_dir.into(),
            server_bin: server_bin.into(),
            explorer_bin: explorer_bin.into(),
            server_budget: Duration::from_secs(15),
            explorer_budget: Duration::from_secs(10),
            poll_interval: defaults.poll_interval,
            grace: defaults.grace,
            restart: defaults.restart,
            env: Vec::new(),
        }
    }

    /// [`SidecarsConfig::new`] with both programs located by [`find_sidecar`]: the one way the
    /// app and the headless runner find them.
    pub fn with_found_sidecars(data_dir: impl Into<PathBuf>) -> Result<Self, SidecarsError> {
        Ok(Self::new(data_dir, find_sidecar("proseva-server")?, find_sidecar("proseva-explorer")?))
    }
}
