//! proseva-bench: the benchmarks behind the figures in the README, one binary each, all run by
//! `make bench` from a release build (they look for the sidecar binaries beside themselves).
//!
//! - `explorer-bench [--sections N]`: ingest throughput and query latency on a synthetic graph
//!   (in-process and over HTTP), the starter corpus, the explorer's memory.
//! - `server-bench`: every local tool's latency over HTTP with 10,000 timeline events, document
//!   ingest, the server's memory and cold start.
//! - `embed-bench`: the local embedding model: the machine's matmul peak, where a batch's time
//!   goes, sections/s and GFLOP/s, question latency in process and through the server. Built only
//!   with the feature `compare-candle` (its reference computation is candle-transformers' BERT).
//! - `agent-bench`: question to offline answer on the real sidecars, and the runner's overhead.
//! - `supervisor-bench [RUNS]`: first-run set-up, cold and warm start, shutdown, idle memory.
//! - `llm-bench [FILE.gguf …]`: the local language model (proseva-llm) beside llama.cpp's own
//!   llama-bench (scripts/build-llama-bench.sh): prompt and generation tokens/s, time to first
//!   token, memory loaded and unloaded, a typical answer end to end.
//!
//! ```text
//! cargo build --release --workspace --bins && $CARGO_TARGET_DIR/release/explorer-bench
//! ```
//!
//! This library holds what the binaries share. Not for: tests (they live beside the code they
//! test, and in `tests/`), or anything that ships.

/// A `Key:  N kB` figure of `/proc/<pid>/status` (`VmRSS:`, `VmHWM:`), in KiB; `None` where
/// there is no such process or figure (not Linux, the process has exited).
pub fn status_kib(pid: u32, key: &str) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    status.lines().find_map(|l| l.strip_prefix(key))?.split_whitespace().next()?.parse().ok()
}

/// RSS and PSS of a process, in KiB, from `/proc/<pid>/smaps_rollup` (PSS shares each shared
/// page out among the processes that map it); `None` where there is no such file or figure.
pub fn rollup_kib(pid: u32) -> Option<(u64, u64)> {
    let rollup = std::fs::read_to_string(format!("/proc/{pid}/smaps_rollup")).ok()?;
    let figure = |key: &str| rollup.lines().find_map(|l| l.strip_prefix(key))?.split_whitespace().next()?.parse::<u64>().ok();
    Some((figure("Rss:")?, figure("Pss:")?))
}

/// A sidecar a bench started: it prints `listening on <url>` first; it is killed and reaped when
/// dropped.
pub struct Sidecar {
    child: std::process::Child,
    pub url: String,
}

impl Sidecar {
    /// Runs `command` (its stdout is taken here) and reads its URL from its first line.
    pub fn start(command: &mut std::process::Command) -> anyhow::Result<Sidecar> {
        use anyhow::Context;
        use std::io::BufRead;
        let program = command.get_program().to_string_lossy().into_owned();
        let child = command.stdout(std::process::Stdio::piped()).spawn().with_context(|| format!("starting {program}"))?;
        // Made first, so a bad first line still kills the process.
        let mut sidecar = Sidecar { child, url: String::new() };
        let mut line = String::new();
        std::io::BufReader::new(sidecar.child.stdout.take().context("no stdout")?).read_line(&mut line)?;
        let url = line.trim().strip_prefix("listening on ").with_context(|| format!("{program}: unexpected first line {line:?}"))?;
        sidecar.url = url.to_string();
        Ok(sidecar)
    }

    pub fn pid(&self) -> u32 {
        self.child.id()
    }
}

impl Drop for Sidecar {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_this_process_resident_memory() {
        let rss = status_kib(std::process::id(), "VmRSS:").expect("Linux reports VmRSS");
        assert!(rss > 100, "a running test binary holds more than 100 KiB: {rss}");
        assert_eq!(status_kib(std::process::id(), "NoSuchKey:"), None);
    }

    #[test]
    fn reads_this_process_rss_and_pss() {
        let (rss, pss) = rollup_kib(std::process::id()).expect("Linux has smaps_rollup");
        assert!(rss > 100 && pss > 0 && pss <= rss, "RSS {rss} KiB, PSS {pss} KiB");
        assert_eq!(rollup_kib(u32::MAX), None, "no such process");
    }
}
