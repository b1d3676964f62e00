//! How much the agent routes take on: at most `max_agent_requests` questions or workflows run at
//! once (one more is answered at once with 503 and `Retry-After`, never queued to hang), and each
//! client may ask `agent_requests_per_minute` a minute in bursts of up to [`BURST`] (one more is
//! 429 with `Retry-After`). A client is named by its `X-Proseva-Client` header, else its
//! `User-Agent`: every client is on this machine (the server answers loopback only), so the
//! address names none of them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::HeaderMap;
use proseva_agent::pipeline::rate::{Bucket, Limit};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::ApiError;

/// Questions a client may send at once before its per-minute rate applies.
pub const BURST: f64 = 10.0;
/// What a busy server tells a client to wait.
pub const BUSY_RETRY_AFTER_SECS: u64 = 5;
/// Clients remembered at most (the longest idle are forgotten first: a full bucket is the default).
const MAX_CLIENTS: usize = 1_000;

pub struct AgentLimits {
    running: Arc<Semaphore>,
    max_running: usize,
    per_client: Limit,
    clients: Mutex<HashMap<String, (Bucket, Instant)>>,
}

impl AgentLimits {
    pub fn new(max_running: usize, per_minute: u32) -> Self {
        AgentLimits {
            running: Arc::new(Semaphore::new(max_running.max(1))),
            max_running: max_running.max(1),
            per_client: Limit { burst: BURST.min(f64::from(per_minute)).max(1.0), per_second: f64::from(per_minute.max(1)) / 60.0 },
            clients: Mutex::default(),
        }
    }

    /// A place for one request of the client sending `headers`, held until the request ends (an
    /// event stream holds it until its last event).
    pub fn admit(&self, headers: &HeaderMap) -> Result<OwnedSemaphorePermit, ApiError> {
        let client = client_of(headers);
        self.take_for(&client)?;
        self.running.clone().try_acquire_owned().map_err(|_| ApiError::Busy {
            message: format!(
                "the server is answering {} questions already (its limit at once); ask again in {BUSY_RETRY_AFTER_SECS} s",
                self.max_running
            ),
            retry_after: BUSY_RETRY_AFTER_SECS,
        })
    }

    fn take_for(&self, client: &str) -> Result<(), ApiError> {
        let now = Instant::now();
        let Ok(mut clients) = self.clients.lock() else { return Ok(()) };
        if clients.len() >= MAX_CLIENTS && !clients.contains_key(client) {
            let oldest = clients.iter().min_by_key(|(_, (_, seen))| *seen).map(|(name, _)| name.clone());
            if let Some(oldest) = oldest {
                clients.remove(&oldest);
            }
        }
        let (bucket, seen) = clients.entry(client.to_string()).or_insert_with(|| (Bucket::new(self.per_client, now), now));
        *seen = now;
        bucket.take(now, Duration::ZERO).map(|_| ()).map_err(|wait| {
            let seconds = wait.as_secs_f64().ceil().max(1.0) as u64;
            ApiError::TooManyRequests {
                message: format!(
                    "this client asked more than {} questions a minute; ask again in {seconds} s",
                    (self.per_client.per_second * 60.0).round()
                ),
                retry_after: seconds,
            }
        })
    }
}

/// `X-Proseva-Client`, else `User-Agent`, else "unnamed" (at most 100 characters).
fn client_of(headers: &HeaderMap) -> String {
    let named = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).map(str::trim).filter(|v| !v.is_empty());
    named("x-proseva-client").or_else(|| named("user-agent")).unwrap_or("unnamed").chars().take(100).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn from(client: &str) -> HeaderMap {
        let mut headers = HeaderMap::new();
        headers.insert("x-proseva-client", client.parse().unwrap());
        headers
    }

    #[test]
    fn a_client_gets_its_burst_then_429_with_when_to_ask_again() {
        let limits = AgentLimits::new(100, 30);
        for _ in 0..10 {
            drop(limits.admit(&from("a")).unwrap());
        }
        let refused = limits.admit(&from("a")).unwrap_err();
        assert_eq!((refused.status().as_u16(), refused.code()), (429, "rate_limited"));
        assert_eq!(refused.retry_after(), Some(2), "30 a minute: the next in 2 s");
        assert!(limits.admit(&from("b")).is_ok(), "another client has its own");
    }

    #[test]
    fn past_the_requests_at_once_the_server_is_busy_until_one_ends() {
        let limits = AgentLimits::new(2, 1000);
        let first = limits.admit(&from("a")).unwrap();
        let _second = limits.admit(&from("b")).unwrap();
        let busy = limits.admit(&from("c")).unwrap_err();
        assert_eq!((busy.status().as_u16(), busy.code(), busy.retry_after()), (503, "busy", Some(BUSY_RETRY_AFTER_SECS)));
        drop(first);
        assert!(limits.admit(&from("c")).is_ok());
    }
}
