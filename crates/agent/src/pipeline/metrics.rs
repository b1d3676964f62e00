//! Calls, failures and latency per tool, for the whole process: what the status API and the
//! window's diagnostics view show. Latency percentiles are over each tool's last
//! [`WINDOW`] calls.

use std::collections::{HashMap, VecDeque};
use std::sync::{LazyLock, Mutex};
use std::time::Duration;

use serde::Serialize;

/// How many recent calls of a tool the percentiles are taken over.
pub const WINDOW: usize = 512;

#[derive(Debug, Default)]
struct Stats {
    calls: u64,
    failures: u64,
    /// Error codes of the failures, counted.
    codes: HashMap<&'static str, u64>,
    recent: VecDeque<Duration>,
}

static TOOLS: LazyLock<Mutex<HashMap<String, Stats>>> = LazyLock::new(Mutex::default);

/// One tool's figures.
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ToolMetrics {
    pub tool: String,
    pub calls: u64,
    pub failures: u64,
    /// The commonest reason for failing, when it failed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub top_error: Option<String>,
    pub p50_ms: f64,
    pub p95_ms: f64,
}

/// Records one call: `error` is its code when it failed.
pub fn record(tool: &str, error: Option<&'static str>, took: Duration) {
    let Ok(mut tools) = TOOLS.lock() else { return };
    let stats = tools.entry(tool.to_string()).or_default();
    stats.calls += 1;
    if let Some(code) = error {
        stats.failures += 1;
        *stats.codes.entry(code).or_default() += 1;
    }
    if stats.recent.len() == WINDOW {
        stats.recent.pop_front();
    }
    stats.recent.push_back(took);
}

/// Every tool called so far, by name.
pub fn snapshot() -> Vec<ToolMetrics> {
    let Ok(tools) = TOOLS.lock() else { return Vec::new() };
    let mut out: Vec<ToolMetrics> = tools
        .iter()
        .map(|(tool, s)| {
            let mut times: Vec<Duration> = s.recent.iter().copied().collect();
            times.sort();
            ToolMetrics {
                tool: tool.clone(),
                calls: s.calls,
                failures: s.failures,
                top_error: s.codes.iter().max_by_key(|(code, n)| (**n, std::cmp::Reverse(**code))).map(|(c, _)| c.to_string()),
                p50_ms: percentile(&times, 0.50),
                p95_ms: percentile(&times, 0.95),
            }
        })
        .collect();
    out.sort_by(|a, b| a.tool.cmp(&b.tool));
    out
}

/// The nearest-rank percentile of sorted durations, in milliseconds to 0.1 ms.
fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len());
    (sorted[rank - 1].as_secs_f64() * 10_000.0).round() / 10.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn calls_failures_and_percentiles_are_counted_per_tool() {
        for ms in 1..=100 {
            record("metrics_test_tool", (ms % 10 == 0).then_some("timeout"), Duration::from_millis(ms));
        }
        let m = snapshot().into_iter().find(|m| m.tool == "metrics_test_tool").unwrap();
        assert_eq!((m.calls, m.failures, m.top_error.as_deref()), (100, 10, Some("timeout")));
        assert_eq!((m.p50_ms, m.p95_ms), (50.0, 95.0));
        assert_eq!(percentile(&[], 0.5), 0.0);
    }
}
