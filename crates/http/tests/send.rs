//! Sending with retries against a local fake service that plays back scripted answers and records
//! what it was asked, with the async client and the blocking one.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use proseva_http::{Failure, RetryPolicy, RetryRules};

/// Answers each connection with the next scripted answer (then 418), and records each request's
/// first line and body.
struct Fake {
    url: String,
    seen: Arc<Mutex<Vec<String>>>,
}

fn answer(status: &str, headers: &[(&str, &str)], body: &str) -> String {
    let mut text = format!("HTTP/1.1 {status}\r\ncontent-length: {}\r\nconnection: close\r\n", body.len());
    for (name, value) in headers {
        text.push_str(&format!("{name}: {value}\r\n"));
    }
    format!("{text}\r\n{body}")
}

impl Fake {
    fn start(answers: Vec<String>) -> Fake {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let seen = Arc::new(Mutex::new(Vec::new()));
        let record = seen.clone();
        std::thread::spawn(move || {
            let mut answers = answers.into_iter();
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { return };
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let (mut first, mut length) = (String::new(), 0usize);
                reader.read_line(&mut first).unwrap();
                loop {
                    let mut line = String::new();
                    reader.read_line(&mut line).unwrap();
                    if line.trim().is_empty() {
                        break;
                    }
                    if let Some((name, value)) = line.split_once(':')
                        && name.eq_ignore_ascii_case("content-length")
                    {
                        length = value.trim().parse().unwrap();
                    }
                }
                let mut body = vec![0; length];
                reader.read_exact(&mut body).unwrap();
                record.lock().unwrap().push(format!("{} {}", first.trim(), String::from_utf8_lossy(&body)));
                let reply = answers.next().unwrap_or_else(|| answer("418 I'm a teapot", &[], "nothing scripted"));
                stream.write_all(reply.as_bytes()).unwrap();
            }
        });
        Fake { url, seen }
    }

    fn seen(&self) -> Vec<String> {
        self.seen.lock().unwrap().clone()
    }
}

fn quick() -> RetryPolicy {
    RetryPolicy {
        max_retries: 2,
        first_delay: Duration::from_millis(10),
        max_delay: Duration::from_millis(20),
        longest_retry_after: Duration::from_secs(2),
    }
}

/// An address where nothing listens.
fn closed_port() -> String {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    format!("http://{}", listener.local_addr().unwrap())
}

#[tokio::test]
async fn a_failing_service_is_asked_again_with_the_same_body_until_it_answers() {
    let fake = Fake::start(vec![answer("503 Service Unavailable", &[], "busy"), answer("200 OK", &[], "{\"ok\":true}")]);
    let client = proseva_http::client_builder("test").build().unwrap();
    let request = client.post(format!("{}/v1/embeddings", fake.url)).body("{\"input\":\"x\"}").build().unwrap();
    let response = proseva_http::send(&client, request, &quick(), &RetryRules::default()).await.unwrap();
    assert_eq!(response.text().await.unwrap(), "{\"ok\":true}");
    let seen = fake.seen();
    assert_eq!(seen, vec!["POST /v1/embeddings HTTP/1.1 {\"input\":\"x\"}"; 2]);
}

#[tokio::test]
async fn a_refusal_is_not_retried_and_comes_back_with_its_body() {
    let fake = Fake::start(vec![answer("401 Unauthorized", &[], "{\"error\":\"bad key\"}"), answer("200 OK", &[], "")]);
    let client = proseva_http::client_builder("test").build().unwrap();
    let request = client.get(&fake.url).build().unwrap();
    match proseva_http::send(&client, request, &quick(), &RetryRules::default()).await {
        Err(Failure::Refused(refusal)) => {
            assert_eq!((refusal.status.as_u16(), refusal.body.as_slice(), refusal.asked), (401, &b"{\"error\":\"bad key\"}"[..], None))
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert_eq!(fake.seen().len(), 1);
}

#[tokio::test]
async fn a_wait_longer_than_the_policy_allows_ends_at_once_and_says_how_long() {
    let fake = Fake::start(vec![answer("429 Too Many Requests", &[("retry-after", "3600")], "slow down"), answer("200 OK", &[], "")]);
    let client = proseva_http::client_builder("test").build().unwrap();
    let started = Instant::now();
    let request = client.get(&fake.url).build().unwrap();
    match proseva_http::send(&client, request, &quick(), &RetryRules::default()).await {
        Err(Failure::Refused(refusal)) => assert_eq!((refusal.status.as_u16(), refusal.asked), (429, Some(Duration::from_secs(3600)))),
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert_eq!(fake.seen().len(), 1);
    assert!(started.elapsed() < Duration::from_secs(2));
}

#[tokio::test]
async fn a_short_retry_after_is_waited_out() {
    let fake = Fake::start(vec![answer("429 Too Many Requests", &[("retry-after", "1")], ""), answer("200 OK", &[], "done")]);
    let client = proseva_http::client_builder("test").build().unwrap();
    let started = Instant::now();
    let request = client.get(&fake.url).build().unwrap();
    let response = proseva_http::send(&client, request, &quick(), &RetryRules::default()).await.unwrap();
    assert_eq!(response.text().await.unwrap(), "done");
    assert!(started.elapsed() >= Duration::from_secs(1), "{:?}", started.elapsed());
}

#[tokio::test]
async fn retries_end_after_the_limit_with_the_last_answer() {
    let busy = || answer("502 Bad Gateway", &[], "upstream down");
    let fake = Fake::start(vec![busy(), busy(), busy(), answer("200 OK", &[], "")]);
    let client = proseva_http::client_builder("test").build().unwrap();
    let request = client.get(&fake.url).build().unwrap();
    match proseva_http::send(&client, request, &quick(), &RetryRules::default()).await {
        Err(Failure::Refused(refusal)) => assert_eq!((refusal.status.as_u16(), refusal.body.as_slice()), (502, &b"upstream down"[..])),
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert_eq!(fake.seen().len(), 3, "the first attempt and two retries");
}

#[tokio::test]
async fn an_unreachable_service_is_retried_then_reported() {
    let client = proseva_http::client_builder("test").build().unwrap();
    let request = client.get(closed_port()).build().unwrap();
    match proseva_http::send(&client, request, &quick(), &RetryRules::default()).await {
        Err(Failure::Unanswered(error)) => assert!(error.is_connect(), "{error}"),
        other => panic!("expected no answer, got {other:?}"),
    }
}

#[test]
fn the_blocking_client_retries_the_same_way() {
    let fake = Fake::start(vec![answer("500 Internal Server Error", &[], ""), answer("200 OK", &[], "[1,2]")]);
    let client = proseva_http::blocking::client_builder("test").build().unwrap();
    let request = client.post(&fake.url).body("same").build().unwrap();
    let response = proseva_http::blocking::send(&client, request, &quick(), &RetryRules::default()).unwrap();
    assert_eq!(response.text().unwrap(), "[1,2]");
    assert_eq!(fake.seen(), vec!["POST / HTTP/1.1 same"; 2]);

    let fake = Fake::start(vec![answer("429 Too Many Requests", &[("retry-after", "3600")], "{\"error\":\"later\"}")]);
    let request = client.get(&fake.url).build().unwrap();
    match proseva_http::blocking::send(&client, request, &quick(), &RetryRules::default()) {
        Err(Failure::Refused(refusal)) => assert_eq!(refusal.asked, Some(Duration::from_secs(3600))),
        other => panic!("expected a refusal, got {other:?}"),
    }
}

#[tokio::test]
async fn a_blocking_client_can_be_made_used_and_dropped_from_an_async_test_off_the_worker_threads() {
    let fake = Fake::start(vec![answer("200 OK", &[], "ok")]);
    let url = fake.url.clone();
    let client = tokio::task::spawn_blocking(move || {
        let client = proseva_http::blocking::loopback_client_builder("test").build().unwrap();
        assert_eq!(client.get(&url).send().unwrap().text().unwrap(), "ok");
        client
    })
    .await
    .unwrap();
    // Dropping it on the runtime joins its thread, which has already been told to stop: no panic.
    drop(client);
}
