//! Rate limits: a short wait is waited out once; a long one, or none named, is a `rate_limited`
//! error saying when to try again (with the wait, for `retryAfter`).

use serde_json::json;

use crate::answers::*;
use crate::fake::*;

#[tokio::test]
async fn a_short_retry_after_is_waited_out_once_and_the_retry_succeeds() {
    let fake = Fake::start(vec![
        Reply::json(429, json!({ "detail": "Request was throttled. Expected available in 1 second." })).header("retry-after", "1"),
        Reply::ok(opinion_search()),
    ])
    .await;
    let found = call(&config_for(&fake), "search_opinions", json!({ "query": "custody" })).await.unwrap();
    assert_eq!(found["results"].as_array().unwrap().len(), 3);
    let seen = fake.seen();
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[0].query, seen[1].query, "the retry asks the same question");
    assert_eq!(seen[1].header("authorization"), Some("Token cl-token"));
}

#[tokio::test]
async fn a_retry_after_given_as_an_http_date_is_honoured() {
    // A date already past: retry at once.
    let fake = Fake::start(vec![
        Reply::json(429, json!({ "error": { "code": "OVER_RATE_LIMIT", "message": "You have exceeded your rate limit." } }))
            .header("retry-after", "Wed, 21 Oct 2015 07:28:00 GMT"),
        Reply::ok(govinfo_search()),
    ])
    .await;
    let found = call(&config_for(&fake), "search_govinfo", json!({ "query": "x" })).await.unwrap();
    assert_eq!(found["total"], 57);
    assert_eq!(fake.seen().len(), 2);
    assert_eq!(fake.seen()[1].json(), fake.seen()[0].json(), "the retry posts the same body");
}

#[tokio::test]
async fn a_long_retry_after_is_not_waited_out_and_the_error_says_when_to_try_again() {
    let fake = Fake::start(vec![
        Reply::json(429, json!({ "error": "Your account has run out of searches." })).header("retry-after", "120"),
        Reply::ok(serpapi_google()),
    ])
    .await;
    let (message, wait) = limited(call(&config_for(&fake), "search_lawyers", json!({ "query": "DUI" })).await);
    assert_eq!(wait, std::time::Duration::from_secs(120), "the service's Retry-After, for `retryAfter`");
    assert!(message.contains("SerpAPI") && message.contains("429"), "{message}");
    assert!(message.contains("Your account has run out of searches."), "{message}");
    assert!(message.contains("Try again in about 2 minutes"), "{message}");
    assert_eq!(fake.seen().len(), 1, "no retry for a long wait");
}

#[tokio::test]
async fn a_429_without_any_hint_is_not_retried() {
    let fake = Fake::start(vec![Reply::json(429, json!({ "error": "Too many requests" })), Reply::ok(openalex_works())]).await;
    let (message, _) = limited(call(&config_for(&fake), "search_academic", json!({ "query": "x" })).await);
    assert!(message.contains("OpenAlex") && message.contains("Try again later"), "{message}");
    assert_eq!(fake.seen().len(), 1);
}

#[tokio::test]
async fn a_second_429_after_the_retry_is_an_error_not_a_loop() {
    let fake = Fake::start(vec![
        Reply::raw(429, r#"{"status": "ERROR", "alert": {"message": "Rate limited"}}"#).header("retry-after", "0"),
        Reply::raw(429, r#"{"status": "ERROR", "alert": {"message": "Rate limited"}}"#).header("retry-after", "0"),
        Reply::ok(legiscan_search(1)),
    ])
    .await;
    let (message, _) = limited(call(&config_for(&fake), "search_statutes", json!({ "query": "x" })).await);
    assert!(message.contains("LegiScan") && message.contains("Rate limited") && message.contains("Try again in"), "{message}");
    assert_eq!(fake.seen().len(), 2, "exactly one retry");
}

#[tokio::test]
async fn citation_lookup_throttling_reads_wait_until_from_the_body() {
    let fake =
        Fake::start(vec![Reply::json(429, json!({ "wait_until": "2999-01-01T00:00:00Z", "detail": "Too many citations requested." }))])
            .await;
    let (message, _) = limited(call(&config_for(&fake), "lookup_citation", json!({ "text": "576 U.S. 644" })).await);
    assert!(message.contains("Too many citations requested.") && message.contains("Try again in about"), "{message}");
    assert_eq!(fake.seen().len(), 1);
}
