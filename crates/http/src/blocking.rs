//! The blocking client, for code on plain threads (the embeddings client, the supervisor's health
//! probes). It runs its own small runtime on a thread of its own: make and use it off the async
//! runtime's worker threads (a plain thread, or `spawn_blocking`).

use reqwest::blocking::{Client, ClientBuilder, Request, Response};

use crate::client::{CONNECT_TIMEOUT, LOOPBACK_CONNECT_TIMEOUT, install_ring};
use crate::retry::{Failed, Next, RetryPolicy, RetryRules};
use crate::send::{Failure, Refusal};

/// A blocking client builder naming itself `user_agent`, with a connect timeout. reqwest's
/// blocking client stops a request after 30 s unless told otherwise: set `timeout` as the service
/// needs.
pub fn client_builder(user_agent: &str) -> ClientBuilder {
    install_ring();
    Client::builder().user_agent(user_agent).connect_timeout(CONNECT_TIMEOUT)
}

/// [`client_builder`] for the app's own servers on loopback: as [`crate::loopback_client_builder`],
/// no proxy, a short connect timeout, plain HTTP only.
pub fn loopback_client_builder(user_agent: &str) -> ClientBuilder {
    client_builder(user_agent).no_proxy().connect_timeout(LOOPBACK_CONNECT_TIMEOUT).tls_certs_only([])
}

/// [`crate::send`] on the blocking client: sends `request`, retrying as `policy` and `rules` say;
/// a success is returned unread.
pub fn send(client: &Client, request: Request, policy: &RetryPolicy, rules: &RetryRules) -> Result<Response, Failure<reqwest::Error>> {
    let spare = request.try_clone();
    let mut attempt = request;
    let mut retry = 0;
    loop {
        let (next, failure, what) = match client.execute(attempt) {
            Ok(response) if response.status().is_success() => return Ok(response),
            Ok(response) => {
                let status = response.status();
                let headers = response.headers().clone();
                let body = response.bytes().map_err(Failure::Unanswered)?.to_vec();
                let next = policy.next(retry, &Failed::Answer { status, headers: &headers, body: &body }, rules);
                (next, Failure::Refused(Refusal { status, body, asked: None }), format!("HTTP {status}"))
            }
            Err(error) if error.is_connect() => {
                (policy.next(retry, &Failed::NoConnection, rules), Failure::Unanswered(error), "no connection".to_string())
            }
            Err(error) => return Err(Failure::Unanswered(error)),
        };
        match next {
            Next::RetryIn(wait) => {
                let Some(copy) = spare.as_ref().and_then(Request::try_clone) else { return Err(failure) };
                tracing::warn!(retry = retry + 1, wait_ms = wait.as_millis() as u64, "{what}; retrying");
                std::thread::sleep(wait);
                attempt = copy;
                retry += 1;
            }
            Next::GiveUp { asked } => return Err(failure.asking(asked)),
        }
    }
}
