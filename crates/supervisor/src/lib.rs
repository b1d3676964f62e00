//! `proseva-supervisor`: runs a set of child processes — "sidecars" — for an app that must stay
//! free of process plumbing. Each child is described by a [`SidecarSpec`] (program, arguments,
//! environment, [`HealthCheck`], start budget, whether it is essential); the supervisor knows
//! nothing else about them. Plain Rust and threads: no Tauri, no async runtime.
//!
//! ```no_run
//! use std::sync::Arc;
//! use proseva_supervisor::{HealthCheck, SidecarSpec, Supervisor, SupervisorOptions, reserve_loopback_ports};
//!
//! let port = reserve_loopback_ports(1)?[0];
//! let health = HealthCheck::Get { path: "/api/health".into() };
//! let mut server = SidecarSpec::new("server", "the case-data server", "/usr/bin/proseva-server", port, health)
//!     .env("PORT", port.to_string());
//! server.essential = true;
//! let supervisor = Supervisor::start(vec![server], SupervisorOptions::new("/tmp/logs"), Arc::new(|event| println!("{event:?}")))?;
//! println!("{:?}", supervisor.url("server"));
//! supervisor.shutdown();
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! Not for: knowing which child is which, preparing their data, or finding their programs — the
//! app's wiring (`proseva-sidecars`) does that and hands over the specs.
//!
//! # What it does
//!
//! [`Supervisor::start`] opens each child's log, starts every child at once and health-checks
//! them in parallel: it waits for the child's `listening on http://127.0.0.1:PORT` line on stdout,
//! then asks that URL (`GET` a path expecting 200, or `POST` a JSON body with a bearer token
//! expecting a string in the answer), polling every `poll_interval` (never more than 100 ms)
//! within the spec's budget, and giving up at once when the child exits. It returns when every
//! child is healthy or has failed. An *essential* child's failure is fatal: everything is
//! stopped and [`StartError::SidecarFailed`] carries a plain reason, the last 40 stderr lines and
//! the log's path for an error dialog. Any other child's failure is a `failed` status with a
//! message (prefixed by the spec's `unavailable`), and it is retried in the background. A spec's
//! `before_start` hook runs before every start (to build a missing database, say); its progress
//! becomes [`SupervisorEvent::Setup`] and its error a failed start.
//!
//! The app gives each launch a fresh bearer token ([`random_token`]) and reserves the children's
//! loopback ports before they start ([`reserve_loopback_ports`]), so one child's environment can
//! name another's URL and URLs stay valid across restarts.
//!
//! Afterwards each child has a runner thread that waits for it to exit and restarts it with
//! capped exponential backoff ([`RestartPolicy`]), giving up after `max_attempts` failures in a
//! row. Every status change goes to the `on_event` callback as a [`SupervisorEvent`]. Each
//! child's stdout and stderr are read by one thread per stream into `<logs>/<name>.log`
//! ([`RotatingLog`], timestamped, marked `stdout`/`stderr`, with the supervisor's own notes marked
//! `supervisor`).
//!
//! # No orphans
//!
//! Children must die with the app, whether it quits or is killed:
//!
//! - **Normal quit**: [`Supervisor::shutdown`] (also run on drop) sends SIGTERM to each child's
//!   process group, waits up to `grace`, then sends SIGKILL, and reaps every child. It is
//!   idempotent.
//! - **Process groups**: each child is started in its own group (`Command::process_group(0)`),
//!   so a signal to the group also reaches anything the child starts, and a terminal's Ctrl-C
//!   (which goes to the app's foreground group) does not kill a child behind the supervisor's
//!   back — it restarts or stops them itself.
//! - **The app is killed** (SIGKILL, a crash): no code of ours runs, so the kernel must do it.
//!   In the child, between `fork` and `exec`, `prctl(PR_SET_PDEATHSIG, SIGKILL)` asks for a
//!   SIGKILL when the parent dies. Then `getppid()` is compared with the supervisor's pid: if the
//!   parent already died before the `prctl`, the child exits at once instead of living on.
//!
//! # Why a spawner thread
//!
//! Linux sends the parent-death signal when the *thread* that forked the child exits, not when
//! the process does. So every spawn — the first ones and all restarts — is a request to one
//! dedicated `proseva-spawner` thread that lives as long as the [`Supervisor`], and that ends only
//! after shutdown has reaped every child.
//!
//! # Waiting without races
//!
//! A runner waits for its healthy child with `waitid(WNOWAIT)`, which returns on exit *without*
//! reaping; the child is then reaped under the supervisor's lock. Until then its pid cannot be
//! recycled, so `shutdown` (which signals under the same discipline) can never signal a stranger.
//! Shutdown sets a `stopping` flag under the lock before signalling, and a runner that spawned a
//! child checks the flag under the lock before publishing it, so no restart slips past shutdown.
//!
//! A child also gets an empty signal mask before `exec`: it would otherwise inherit the forking
//! thread's mask (std does not reset it), and a parent that blocks SIGTERM to `sigwait` for it
//! would make its children deaf to the SIGTERM of shutdown.
//!
//! The POSIX calls go through `nix` in [`sys`]; the `pre_exec` hook is the only `unsafe` code.
//!
//! Unix only (Linux first: elsewhere there is no `PR_SET_PDEATHSIG`, and only normal quit is
//! covered).
//!
//! # Files
//!
//! `spec` (what it is told), `status` (what it reports), `supervisor` (the handle: start,
//! shutdown), `supervision` (what its threads share), `runner` (one child's restart loop),
//! `attempt` (one start and its health checks), `health` (the probe), `output` (pipe readers),
//! `spawner`, `sys`, `log`, `ports`, `token`, `describe` (exit and duration sentences).

mod attempt;
mod describe;
mod error;
mod health;
pub mod http;
mod locks;
mod log;
mod output;
mod ports;
mod runner;
mod spawner;
mod spec;
mod status;
mod supervision;
mod supervisor;
pub mod sys;
mod token;

pub use describe::{describe_duration, describe_exit};
pub use error::StartError;
pub use log::{RotatingLog, format_timestamp, strip_ansi, timestamp_now};
pub use output::STDERR_TAIL_LINES;
pub use ports::reserve_loopback_ports;
pub use spec::{BeforeStart, HealthCheck, RestartPolicy, SidecarSpec, SupervisorOptions};
pub use status::{EventSink, SetupProgress, SidecarState, SidecarStatus, SupervisorEvent};
pub use supervisor::Supervisor;
pub use token::random_token;
