//! What the supervisor is told: one [`SidecarSpec`] per child (its program, arguments,
//! environment, [`HealthCheck`], budget, and whether its first failure is fatal), and the
//! [`SupervisorOptions`] common to all of them.

use std::ffi::OsString;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use crate::status::SetupProgress;

/// Run before each start of a child (the first and every restart), on the thread that will
/// start it. It may report progress (the supervisor forwards it as a `setup` event); an `Err`
/// is a sentence saying why the child cannot start, and counts as a failed start.
pub type BeforeStart = Arc<dyn Fn(&(dyn Fn(SetupProgress) + Sync)) -> Result<(), String> + Send + Sync>;

/// One child to supervise. [`SidecarSpec::new`] fills in the usual values.
#[derive(Clone)]
pub struct SidecarSpec {
    /// A short name for logs and statuses: its log is `<logs>/<name>.log`.
    pub name: String,
    /// How messages name it for people: "the case-data server".
    pub label: String,
    /// What its failure means to the person, put before the reason in its status message:
    /// "your case data is unavailable: ".
    pub unavailable: String,
    pub program: PathBuf,
    pub args: Vec<OsString>,
    /// Added to the supervisor's own environment, in order (a later value for the same variable
    /// wins).
    pub env: Vec<(OsString, OsString)>,
    /// The loopback port reserved for it ([`reserve_loopback_ports`](crate::reserve_loopback_ports)):
    /// its URL when it has not said otherwise, and the same across restarts.
    pub port: u16,
    pub health: HealthCheck,
    /// How long it may take to print `listening on URL` and pass its health check.
    pub start_budget: Duration,
    /// Whether the app cannot run without it: a failed first start then fails
    /// [`Supervisor::start`](crate::Supervisor::start) and stops everything. Otherwise its
    /// failure is a `failed` status, and it is tried again in the background.
    pub essential: bool,
    pub before_start: Option<BeforeStart>,
}

impl SidecarSpec {
    /// A child with no arguments or environment of its own, a 10 s budget, not essential, with no
    /// `before_start` hook; `unavailable` reads "<label> is unavailable: ".
    pub fn new(name: impl Into<String>, label: impl Into<String>, program: impl Into<PathBuf>, port: u16, health: HealthCheck) -> Self {
        let label = label.into();
        SidecarSpec {
            name: name.into(),
            unavailable: format!("{label} is unavailable: "),
            label,
            program: program.into(),
            args: Vec::new(),
            env: Vec::new(),
            port,
            health,
            start_budget: Duration::from_secs(10),
            essential: false,
            before_start: None,
        }
    }

    pub fn arg(mut self, arg: impl Into<OsString>) -> Self {
        self.args.push(arg.into());
        self
    }

    pub fn env(mut self, key: impl Into<OsString>, value: impl Into<OsString>) -> Self {
        self.env.push((key.into(), value.into()));
        self
    }
}

/// Values may be secrets (tokens): only the variables' names are shown.
impl std::fmt::Debug for SidecarSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SidecarSpec")
            .field("name", &self.name)
            .field("program", &self.program)
            .field("args", &self.args)
            .field("env", &self.env.iter().map(|(key, _)| key).collect::<Vec<_>>())
            .field("port", &self.port)
            .field("health", &self.health)
            .field("start_budget", &self.start_budget)
            .field("essential", &self.essential)
            .field("before_start", &self.before_start.is_some())
            .finish()
    }
}

/// How the supervisor knows a child is ready, asked of the URL from its `listening on` line.
#[derive(Clone, PartialEq, Eq)]
pub enum HealthCheck {
    /// `GET path` answers 200.
    Get { path: String },
    /// `POST path` with the JSON `body` (and `Authorization: Bearer <bearer_token>` when given)
    /// answers 200 with JSON that holds a string at `string_at`, a JSON pointer such as
    /// `/data/__typename`.
    PostJson { path: String, body: String, bearer_token: Option<String>, string_at: String },
}

impl std::fmt::Debug for HealthCheck {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HealthCheck::Get { path } => write!(f, "GET {path}"),
            HealthCheck::PostJson { path, body, bearer_token, string_at } => {
                let token = if bearer_token.is_some() { " with a bearer token" } else { "" };
                write!(f, "POST {path} {body}{token}, expecting a string at {string_at}")
            }
        }
    }
}

/// When and how often a child that stopped is started again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RestartPolicy {
    /// The first delay; each consecutive failure doubles it.
    pub initial: Duration,
    /// The longest delay.
    pub max: Duration,
    /// Consecutive failed restarts before giving up (state `failed` for good).
    pub max_attempts: u32,
    /// A child healthy this long counts as stable: its crash starts the backoff afresh.
    pub stable_after: Duration,
}

impl Default for RestartPolicy {
    fn default() -> Self {
        RestartPolicy {
            initial: Duration::from_millis(500),
            max: Duration::from_secs(30),
            max_attempts: 6,
            stable_after: Duration::from_secs(60),
        }
    }
}

impl RestartPolicy {
    /// The delay before the restart that follows the `failures`th consecutive failure (1-based):
    /// `initial`, `2 × initial`, `4 × initial`, … capped at `max`.
    pub fn delay(&self, failures: u32) -> Duration {
        let doublings = failures.saturating_sub(1).min(31);
        self.initial.saturating_mul(1u32 << doublings).min(self.max)
    }
}

/// What applies to every child. [`SupervisorOptions::new`] fills in the defaults.
#[derive(Clone, Debug)]
pub struct SupervisorOptions {
    /// The folder of the children's logs (`<name>.log`); it must exist.
    pub logs: PathBuf,
    /// Time between health checks (50 ms; never more than 100 ms is used).
    pub poll_interval: Duration,
    /// How long children get to exit after SIGTERM before SIGKILL (3 s).
    pub grace: Duration,
    pub restart: RestartPolicy,
}

impl SupervisorOptions {
    pub fn new(logs: impl Into<PathBuf>) -> Self {
        SupervisorOptions {
            logs: logs.into(),
            poll_interval: Duration::from_millis(50),
            grace: Duration::from_secs(3),
            restart: RestartPolicy::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn backoff_doubles_up_to_the_cap() {
        let policy = RestartPolicy { initial: Duration::from_millis(500), max: Duration::from_secs(3), ..Default::default() };
        let delays: Vec<_> = (1..=6).map(|n| policy.delay(n).as_millis()).collect();
        assert_eq!(delays, [500, 1000, 2000, 3000, 3000, 3000]);
        assert_eq!(policy.delay(1000), Duration::from_secs(3));
    }

    #[test]
    fn debug_output_never_shows_secrets() {
        let health = HealthCheck::PostJson {
            path: "/graphql".into(),
            body: "{}".into(),
            bearer_token: Some("s3cret-token".into()),
            string_at: "/data/__typename".into(),
        };
        let spec = SidecarSpec::new("explorer", "the explorer", "/bin/explorer", 1, health).env("PROSEVA_TOKEN", "s3cret-token");
        let shown = format!("{spec:?}");
        assert!(shown.contains("PROSEVA_TOKEN") && shown.contains("with a bearer token"), "{shown}");
        assert!(!shown.contains("s3cret"), "{shown}");
    }
}
