//! [`Sidecars`]: the app's two sidecars, running. [`Sidecars::start`] prepares the data dir,
//! makes the launch's token and ports, and hands both specs to the supervisor.

use proseva_supervisor::{EventSink, SidecarStatus, Supervisor, SupervisorEvent, SupervisorOptions, random_token, reserve_loopback_ports};

use crate::config::SidecarsConfig;
use crate::data_dir::{DataDir, create_data_dir, ensure_graph};
use crate::error::SidecarsError;
use crate::specs::{EXPLORER, Launch, SERVER, SidecarPorts};

/// The running sidecars. Create them with [`Sidecars::start`]; they stop on
/// [`Sidecars::shutdown`] or when dropped. `Send + Sync`: share it in an `Arc`.
pub struct Sidecars {
    supervisor: Supervisor,
    data: DataDir,
    token: String,
    ports: SidecarPorts,
}

/// Everything but the token.
impl std::fmt::Debug for Sidecars {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sidecars")
            .field("data_dir", &self.data.root)
            .field("ports", &self.ports)
            .field("supervisor", &self.supervisor)
            .finish()
    }
}

impl Sidecars {
    /// Makes the data dir (building `graph.db` on first run, with progress as
    /// [`SupervisorEvent::Setup`]), a token and two loopback ports, then starts both sidecars at
    /// once. Returns once the server is healthy and the explorer is healthy or has failed (it is
    /// retried in the background). If the server does not become healthy, everything is stopped
    /// and [`SidecarsError::Start`] says why.
    pub fn start(config: SidecarsConfig, on_event: EventSink) -> Result<Sidecars, SidecarsError> {
        let mut data = create_data_dir(&config.data_dir)?;
        match ensure_graph(&data, &|p| on_event(SupervisorEvent::Setup(p))) {
            Ok(built) => data.graph_built = built,
            // Not fatal: the explorer is optional, and its start tries the build again.
            Err(e) => tracing::warn!("{e}"),
        }
        let token = random_token();
        let ports = match reserve_loopback_ports(2).map_err(|source| SidecarsError::Ports { source })?[..] {
            [server, explorer] => SidecarPorts { server, explorer },
            _ => return Err(SidecarsError::Ports { source: std::io::Error::other("the system gave fewer ports than asked") }),
        };
        let launch = Launch { config: &config, data: &data, token: &token, ports };
        let specs = vec![launch.server(), launch.explorer()];
        let options = SupervisorOptions {
            logs: data.logs.clone(),
            poll_interval: config.poll_interval,
            grace: config.grace,
            restart: config.restart.clone(),
        };
        let supervisor = Supervisor::start(specs, options, on_event)?;
        Ok(Sidecars { supervisor, data, token, ports })
    }

    /// The bearer token both children require (fresh for each start).
    pub fn token(&self) -> &str {
        &self.token
    }

    /// The server's base URL (`http://127.0.0.1:PORT`): from its `listening on` line while it is
    /// healthy, else the port reserved for it (the same across restarts).
    pub fn server_url(&self) -> String {
        self.url(SERVER, self.ports.server)
    }

    /// The explorer's base URL; GraphQL is at `<url>/graphql`.
    pub fn explorer_url(&self) -> String {
        self.url(EXPLORER, self.ports.explorer)
    }

    fn url(&self, name: &str, port: u16) -> String {
        self.supervisor.url(name).unwrap_or_else(|| format!("http://127.0.0.1:{port}"))
    }

    /// The ports reserved for (server, explorer).
    pub fn ports(&self) -> (u16, u16) {
        (self.ports.server, self.ports.explorer)
    }

    /// (server, explorer).
    pub fn status(&self) -> (SidecarStatus, SidecarStatus) {
        let status = |name: &str| self.supervisor.status_of(name).expect("both sidecars are supervised");
        (status(SERVER), status(EXPLORER))
    }

    pub fn data_dir(&self) -> &DataDir {
        &self.data
    }

    /// The pids of the children running now.
    pub fn child_pids(&self) -> Vec<u32> {
        self.supervisor.child_pids()
    }

    /// The last stderr lines of the latest child of `name` (`server` or `explorer`).
    pub fn stderr_tail(&self, name: &str) -> Vec<String> {
        self.supervisor.stderr_tail(name)
    }

    /// Stops both: SIGTERM, up to `grace`, then SIGKILL; idempotent. See
    /// [`Supervisor::shutdown`].
    pub fn shutdown(&self) {
        self.supervisor.shutdown();
    }
}
