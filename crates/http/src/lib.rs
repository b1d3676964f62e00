//! `proseva-http`: the one way ProSeVA speaks HTTP. One reqwest line (0.13, the one async-openai
//! speaks) on rustls with the ring provider only; one retry policy (exponential backoff with
//! jitter up to a cap, a service's `Retry-After` honoured in seconds, as an HTTP date or as
//! `retry-after-ms`, and a longest wait past which it gives up and says when to try again); one
//! `Retry-After` parser; one error describer that never shows a request's URL. The model client,
//! the research tools, the embeddings client, the law download and the supervisor's health probes
//! all use it.
//!
//! ```no_run
//! # async fn search() -> Result<(), Box<dyn std::error::Error>> {
//! use proseva_http::{Failure, RetryPolicy, RetryRules, describe, human_wait};
//!
//! let client = proseva_http::client_builder("proseva-example/1").build()?;
//! let request = client.get("https://api.example.org/search?q=custody").build()?;
//! match proseva_http::send(&client, request, &RetryPolicy::default(), &RetryRules::default()).await {
//!     Ok(answer) => println!("{}", answer.text().await?),
//!     Err(Failure::Refused(refusal)) => match refusal.asked {
//!         Some(wait) => println!("HTTP {}; try again in {}", refusal.status, human_wait(wait)),
//!         None => println!("HTTP {}", refusal.status),
//!     },
//!     Err(Failure::Unanswered(error)) => println!("no answer: {}", describe(&error)),
//! }
//! # Ok(()) }
//! ```
//!
//! Blocking code (plain threads, `spawn_blocking`) uses [`blocking`] (feature `blocking`): the
//! same builders and the same retries on reqwest's blocking client.
//!
//! Not for: what a service's answers mean. Each client reads its own service's bodies and error
//! shapes, and tells the policy what its error bodies add ([`RetryRules`]); async-openai's tower
//! layer for the model lives with the model client.

#[cfg(feature = "blocking")]
pub mod blocking;
mod client;
mod describe;
mod retry;
mod retry_after;
mod send;

pub use client::{CONNECT_TIMEOUT, LOOPBACK_CONNECT_TIMEOUT, client_builder, install_ring, loopback_client_builder};
pub use describe::{describe, human_wait};
pub use reqwest;
pub use retry::{Failed, Next, RetryPolicy, RetryRules, WaitInBody};
pub use retry_after::retry_after;
pub use send::{Failure, Refusal, retrying, send};
