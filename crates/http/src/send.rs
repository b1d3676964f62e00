//! Sending with retries (async).

use std::future::Future;
use std::time::Duration;

use reqwest::{Response, StatusCode};

use crate::retry::{Failed, Next, RetryPolicy, RetryRules};

/// An answer that is not a success, read whole.
#[derive(Debug, Clone)]
pub struct Refusal {
    pub status: StatusCode,
    pub body: Vec<u8>,
    /// The wait the service asked for, when retries ended and it had named one: the error can say
    /// when to try again.
    pub asked: Option<Duration>,
}

/// Why a request with retries did not succeed.
#[derive(Debug)]
pub enum Failure<E> {
    /// The service answered, and not with a success.
    Refused(Refusal),
    /// No answer: the error of the last attempt.
    Unanswered(E),
}

impl<E> Failure<E> {
    pub(crate) fn asking(self, asked: Option<Duration>) -> Self {
        match self {
            Failure::Refused(refusal) => Failure::Refused(Refusal { asked, ..refusal }),
            other => other,
        }
    }
}

/// Sends `request` with `client`, retrying as `policy` and `rules` say. A request whose body
/// cannot be replayed (a stream) is sent once.
pub async fn send(
    client: &reqwest::Client,
    request: reqwest::Request,
    policy: &RetryPolicy,
    rules: &RetryRules,
) -> Result<Response, Failure<reqwest::Error>> {
    let spare = request.try_clone();
    let first = client.execute(request);
    let again = || spare.as_ref().and_then(reqwest::Request::try_clone).map(|copy| client.execute(copy));
    retrying(policy, rules, reqwest::Error::is_connect, first, again).await
}

/// The retry loop under [`send`], for callers that make each attempt themselves (async-openai's
/// tower stack): awaits `first`, and after each failure worth retrying waits as `policy` says and
/// awaits the attempt `again` makes (`None`: no further attempt can be made). `no_connection`
/// tells a failed connection, which is worth retrying, from other errors, which end the loop. A
/// success is returned unread, so a streamed answer stays a stream.
pub async fn retrying<E, Attempt>(
    policy: &RetryPolicy,
    rules: &RetryRules,
    no_connection: fn(&E) -> bool,
    first: Attempt,
    mut again: impl FnMut() -> Option<Attempt>,
) -> Result<Response, Failure<E>>
where
    Attempt: Future<Output = Result<Response, E>>,
    E: From<reqwest::Error>,
{
    let mut attempt = first;
    let mut retry = 0;
    loop {
        let (next, failure, what) = match attempt.await {
            Ok(response) if response.status().is_success() => return Ok(response),
            Ok(response) => {
                let status = response.status();
                let headers = response.headers().clone();
                let body = response.bytes().await.map_err(|e| Failure::Unanswered(E::from(e)))?.to_vec();
                let next = policy.next(retry, &Failed::Answer { status, headers: &headers, body: &body }, rules);
                (next, Failure::Refused(Refusal { status, body, asked: None }), format!("HTTP {status}"))
            }
            Err(error) if no_connection(&error) => {
                (policy.next(retry, &Failed::NoConnection, rules), Failure::Unanswered(error), "no connection".to_string())
            }
            Err(error) => return Err(Failure::Unanswered(error)),
        };
        match next {
            Next::RetryIn(wait) => {
                let Some(next_attempt) = again() else { return Err(failure) };
                tracing::warn!(retry = retry + 1, wait_ms = wait.as_millis() as u64, "{what}; retrying");
                tokio::time::sleep(wait).await;
                attempt = next_attempt;
                retry += 1;
            }
            Next::GiveUp { asked } => return Err(failure.asking(asked)),
        }
    }
}
