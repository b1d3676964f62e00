//! `proseva-supervisor`: prepares the data dir and runs the two sidecar servers of ProSeVA
//! Desktop — `proseva-server` (case data) and `proseva-explorer` (the Virginia law graph) — for
//! the desktop app, which stays free of process plumbing. Plain Rust and threads: no Tauri, no
//! async runtime.
//!
//! # What it does
//!
//! [`Supervisor::start`] makes the data dir (`logs/`, `models/`, a writability probe), builds
//! `graph.db` from proseva-law's embedded starter corpus on first run (with its shipped vectors,
//! reporting [`SetupProgress`]), makes a fresh 256-bit token ([`random_token`]), reserves two free
//! loopback ports, starts both children at once and health-checks them in parallel
//! (`GET /api/health`; `POST /graphql {__typename}` with the token), polling every
//! `poll_interval` within each budget (15 s / 10 s) and giving up at once when the child exits. It
//! returns when the server is healthy and the explorer healthy or failed. The server is
//! essential: if it fails, everything is stopped and [`StartError::ServerFailed`] carries a plain
//! reason, the last 40 stderr lines and the log's path for the error dialog. The explorer is
//! optional: its failure is a `failed` status with a message, and it is retried in the background.
//!
//! Afterwards each sidecar has a runner thread that waits for its child to exit and restarts it
//! with capped exponential backoff ([`RestartPolicy`]), on the same port, so URLs stay valid.
//! Every status change goes to the `on_event` callback as a [`SupervisorEvent`]. Each child's
//! stdout and stderr are read by one thread per stream into `logs/<name>.log` ([`RotatingLog`],
//! timestamped, marked `stdout`/`stderr`, with the supervisor's own notes marked `supervisor`);
//! the stdout reader also picks out the `listening on http://127.0.0.1:PORT` line, whose URL
//! becomes the status URL and the one health checks use.
//!
//! # No orphans
//!
//! Children must die with the app, whether it quits or is killed:
//!
//! - **Normal quit**: [`Supervisor::shutdown`] (also run on drop) sends SIGTERM to each child's
//!   process group, waits up to `grace`, then sends SIGKILL, and reaps every child.
//! - **Process groups**: each child is started in its own group (`Command::process_group(0)`,
//!   i.e. `setpgid(0, 0)` in the child before `exec`), so a signal to
//!   the group also reaches anything the child starts, and a terminal's Ctrl-C (which goes to the
//!   app's foreground group) does not kill a sidecar behind the supervisor's back — it restarts
//!   or stops them itself.
//! - **The app is killed** (SIGKILL, a crash): no code of ours runs, so the kernel must do it.
//!   In the child, between `fork` and `exec`, `prctl(PR_SET_PDEATHSIG, SIGKILL)` asks for a
//!   SIGKILL when the parent dies. Then `getppid()` is compared with the supervisor's pid: if the
//!   parent already died before the `prctl`, the child exits at once instead of living on.
//!
//! # Why a spawner thread
//!
//! Linux sends the parent-death signal when the *thread* that forked the child exits, not when
//! the process does. Had a short-lived thread (a restart, a request handler, the thread that
//! called `start`) spawned a child, the child would be SIGKILLed the moment that thread ended.
//! So every spawn — the first ones and all restarts — is a request over a channel to one
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
//! thread's mask (std does not reset it), and a parent that blocks SIGTERM — `proseva-supervise`
//! does, to `sigwait` for it — would make its children deaf to the SIGTERM of shutdown.
//!
//! All `unsafe` code is in [`sys`]: the `pre_exec` closure, `kill`, `waitid` and the signal-mask
//! calls, each behind a safe function with its `SAFETY:` note.
//!
//! Unix only (Linux first: elsewhere there is no `PR_SET_PDEATHSIG`, and only normal quit is
//! covered).
//!
//! # Binaries
//!
//! - `proseva-supervise --data-dir DIR [--print-events]`: the headless runner (tests kill it to
//!   play "the app is killed").
//!
//! Its benchmark, `supervisor-bench`, is in the bench crate (`bench/`).

mod data_dir;
mod error;
mod find;
pub mod http;
mod log;
mod supervisor;
pub mod sys;
mod token;

pub use data_dir::{DataDir, MODEL_NAME, SetupProgress, create_data_dir, default_data_dir, ensure_graph, prepare_data_dir};
pub use error::{StartError, SupervisorError};
pub use find::{TARGET_TRIPLE, find_sidecar, find_sidecar_from, override_variable};
pub use log::{RotatingLog, format_timestamp, strip_ansi, timestamp_now};
pub use supervisor::{
    EventSink, RestartPolicy, STDERR_TAIL_LINES, SidecarState, SidecarStatus, Supervisor, SupervisorConfig, SupervisorEvent,
    describe_duration, describe_exit,
};
pub use token::random_token;
