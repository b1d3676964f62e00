//! `proseva-sidecars`: ProSeVA's two sidecars wired for the generic supervisor
//! (`proseva-supervisor`). It knows which is which: the data dir and its first-run law graph,
//! where the programs are, their arguments and environment, their health checks, and that the
//! case-data server is essential while the law-graph explorer is not.
//!
//! ```no_run
//! use std::sync::Arc;
//! use proseva_sidecars::{Sidecars, SidecarsConfig, default_data_dir};
//!
//! let config = SidecarsConfig::with_found_sidecars(default_data_dir())?;
//! let sidecars = Sidecars::start(config, Arc::new(|event| println!("{event:?}")))?;
//! println!("case data at {}, law graph at {}/graphql", sidecars.server_url(), sidecars.explorer_url());
//! sidecars.shutdown();
//! # Ok::<(), proseva_sidecars::SidecarsError>(())
//! ```
//!
//! Not for: the mechanics of running children (spawn, health polling, restarts, logs, no
//! orphans) — that is `proseva-supervisor`, which this crate only configures.
//!
//! # The wiring
//!
//! - **Data dir** ([`DataDir`]): `$PROSEVA_DATA_DIR`, else the platform data dir + `proseva`;
//!   `logs/`, `models/`, a writability probe; on first run `graph.db` is built from the starter
//!   corpus (with its shipped vectors), reported as `setup` events — or, once the [`library`] has
//!   downloaded the official Code into `law/exports/`, from that over the starter's summaries.
//! - **Programs** ([`find_sidecar`]): `PROSEVA_SERVER_BIN` / `PROSEVA_EXPLORER_BIN`, else beside
//!   the running program (plain or with Tauri's target-triple suffix), else — for tests — the
//!   profile directory above `deps/`.
//! - **Server** (`proseva-server`, essential, 15 s): `PORT`, `EXPLORER_URL`; healthy when
//!   `GET /api/health` answers 200.
//! - **Explorer** (`proseva-explorer serve --db <graph.db> --port P --host 127.0.0.1`, optional,
//!   10 s): healthy when `POST /graphql {"query":"{__typename}"}` with the token answers a string
//!   `data.__typename`. Unless `PROSEVA_EMBEDDINGS` chooses another embedder, it embeds
//!   questions through the server's `/v1/embeddings`, so one copy of the model is loaded. Before
//!   each start a missing `graph.db` is built again.
//! - **Both**: `PROSEVA_DATA_DIR`, `PROSEVA_TOKEN` (fresh each launch), `PROSEVA_MODEL_DIR` when
//!   the data dir holds the model, then the config's extra variables.
//!
//! # Binaries
//!
//! - `proseva-supervise --data-dir DIR [--print-events]`: the headless runner (tests kill it to
//!   play "the app is killed").
//! - `supervisor-bench`: first-run and start-up timings and the children's idle memory.

mod config;
mod data_dir;
mod error;
mod find;
mod launch;
pub mod library;
pub mod llm;
mod specs;

pub use config::SidecarsConfig;
pub use data_dir::{DataDir, MODEL_NAME, PRIVACY_KEY_FILE, create_data_dir, default_data_dir, ensure_graph, prepare_data_dir};
pub use error::SidecarsError;
pub use find::{TARGET_TRIPLE, find_sidecar, find_sidecar_from, override_variable};
pub use launch::Sidecars;
pub use specs::{EXPLORER, SERVER, SidecarPorts};
