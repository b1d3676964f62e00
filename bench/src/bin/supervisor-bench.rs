//! `supervisor-bench`: how long first-run set-up and start-up take, and how much memory the
//! sidecars hold when idle. Run it from a release build, beside release sidecars:
//!
//! ```text
//! cargo build --release --workspace --all-targets
//! target/release/supervisor-bench [RUNS]
//! ```
//!
//! Measures, over RUNS runs (5 by default), each in fresh temporary data dirs:
//! - prepare (first run): creating the data dir and building `graph.db` from the starter corpus;
//! - start, cold: `Sidecars::start` on an empty data dir until both sidecars answer their health
//!   checks (includes the graph build);
//! - start, warm: the same on a data dir that already has `graph.db` and `proseva.db`;
//! - shutdown: SIGTERM to both, until both are reaped;
//! - idle RSS of each sidecar (VmRSS) 2 s after start.

use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;
use std::time::{Duration, Instant};

use proseva_bench::status_kib;
use proseva_sidecars::{Sidecars, SidecarsConfig, prepare_data_dir};
use proseva_supervisor::SidecarState;

fn main() -> ExitCode {
    match run() {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("supervisor-bench: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<(), String> {
    let runs: usize = match std::env::args().nth(1) {
        Some(n) => n.parse().map_err(|_| format!("RUNS must be a number, not {n}"))?,
        None => 5,
    };
    let base = std::env::temp_dir().join(format!("proseva-supervisor-bench-{}", std::process::id()));
    let _cleanup = RemoveOnDrop(base.clone());
    let fresh = {
        let mut n = 0;
        let base = base.clone();
        move || {
            n += 1;
            base.join(format!("data-{n}"))
        }
    };
    let mut fresh = fresh;
    let config = |dir: &Path| SidecarsConfig::with_found_sidecars(dir).map_err(|e| e.to_string());
    let probe = config(&base)?;
    println!("sidecars: {} and {}", probe.server_bin.display(), probe.explorer_bin.display());
    println!("{runs} runs each\n");

    let mut prepare = Vec::new();
    for _ in 0..runs {
        let dir = fresh();
        let started = Instant::now();
        let data = prepare_data_dir(&dir, &|_| {}).map_err(|e| e.to_string())?;
        prepare.push(started.elapsed());
        assert!(data.graph_built);
    }

    let mut cold = Vec::new();
    let mut shutdown = Vec::new();
    for _ in 0..runs {
        let dir = fresh();
        let (started, stopped) = start_and_stop(config(&dir)?, Duration::ZERO)?;
        cold.push(started);
        shutdown.push(stopped);
    }

    let warm_dir = fresh();
    prepare_data_dir(&warm_dir, &|_| {}).map_err(|e| e.to_string())?;
    start_and_stop(config(&warm_dir)?, Duration::ZERO)?; // creates proseva.db
    let mut warm = Vec::new();
    for _ in 0..runs {
        let (started, stopped) = start_and_stop(config(&warm_dir)?, Duration::ZERO)?;
        warm.push(started);
        shutdown.push(stopped);
    }

    let mut server_rss = Vec::new();
    let mut explorer_rss = Vec::new();
    for _ in 0..runs.min(3) {
        let supervisor = start(config(&warm_dir)?)?;
        std::thread::sleep(Duration::from_secs(2));
        let (server, explorer) = supervisor.status();
        server_rss.push(rss_kib(server.pid.ok_or("server has no pid")?)?);
        explorer_rss.push(rss_kib(explorer.pid.ok_or("explorer has no pid")?)?);
        supervisor.shutdown();
    }

    println!("{:<44} {:>10} {:>10} {:>10}", "measure", "min", "median", "max");
    row_ms("prepare, first run (build graph.db)", &mut prepare);
    row_ms("start → both healthy, cold (fresh dir)", &mut cold);
    row_ms("start → both healthy, warm (existing dir)", &mut warm);
    row_ms("shutdown (SIGTERM → both reaped)", &mut shutdown);
    row_mib("server idle RSS after 2 s", &mut server_rss);
    row_mib("explorer idle RSS after 2 s", &mut explorer_rss);
    Ok(())
}

fn start(config: SidecarsConfig) -> Result<Sidecars, String> {
    let supervisor = Sidecars::start(config, Arc::new(|_| {})).map_err(|e| e.to_string())?;
    let (server, explorer) = supervisor.status();
    if server.state != SidecarState::Healthy || explorer.state != SidecarState::Healthy {
        return Err(format!("not both healthy: server {:?}, explorer {:?} ({:?})", server.state, explorer.state, explorer.message));
    }
    Ok(supervisor)
}

fn start_and_stop(config: SidecarsConfig, idle: Duration) -> Result<(Duration, Duration), String> {
    let started = Instant::now();
    let supervisor = start(config)?;
    let start_time = started.elapsed();
    std::thread::sleep(idle);
    let stopping = Instant::now();
    supervisor.shutdown();
    Ok((start_time, stopping.elapsed()))
}

fn rss_kib(pid: u32) -> Result<u64, String> {
    status_kib(pid, "VmRSS:").ok_or_else(|| format!("no VmRSS in /proc/{pid}/status"))
}

fn row_ms(name: &str, values: &mut [Duration]) {
    values.sort();
    let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1000.0);
    println!("{name:<44} {:>10} {:>10} {:>10}", ms(values[0]), ms(values[values.len() / 2]), ms(values[values.len() - 1]));
}

fn row_mib(name: &str, values: &mut [u64]) {
    values.sort();
    let mib = |k: u64| format!("{:.1} MiB", k as f64 / 1024.0);
    println!("{name:<44} {:>10} {:>10} {:>10}", mib(values[0]), mib(values[values.len() / 2]), mib(values[values.len() - 1]));
}

struct RemoveOnDrop(PathBuf);

impl Drop for RemoveOnDrop {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
