//! The guards of the outside services: a service that fails three times in a row is left alone
//! (the fourth call is answered at once, `circuit_open`, and never reaches it); a 429 with
//! `Retry-After` is `rate_limited` with the wait; and what a failing service echoes in its error
//! (the key, a bearer token, a home path, an e-mail address) never reaches the result.

use serde_json::json;

use crate::fake::*;

#[tokio::test]
async fn three_failures_in_a_row_pause_the_service_and_the_fourth_call_is_not_sent() {
    let fake = Fake::start(vec![
        Reply::json(500, json!({ "detail": "Server Error" })),
        Reply::json(502, json!({ "detail": "Bad Gateway" })),
        Reply::json(503, json!({ "detail": "Unavailable" })),
        Reply::ok(json!({ "count": 0, "results": [] })),
    ])
    .await;
    let config = config_for(&fake);
    for _ in 0..3 {
        let result = call(&config, "search_opinions", json!({ "query": "custody" })).await;
        assert!(unavailable(result).contains("CourtListener answered with an error (HTTP 5"));
    }
    let refused = call(&config, "get_citing_opinions", json!({ "opinion_id": 5 })).await.unwrap_err();
    assert_eq!(refused.code(), "circuit_open", "every tool of the service shares its breaker: {refused}");
    let result = refused.to_result();
    assert!(result["error"]["message"].as_str().unwrap().starts_with("CourtListener paused"), "{result}");
    assert!(result["error"]["retryAfter"].as_u64().is_some_and(|s| (1..=30).contains(&s)), "{result}");
    assert_eq!(fake.seen().len(), 3, "the paused service was not asked again");
    let states = proseva_agent::pipeline::service_states();
    assert!(states.iter().any(|s| s.service == "CourtListener" && s.state == "paused" && s.trips >= 1), "{states:?}");
}

#[tokio::test]
async fn a_service_that_answers_even_with_a_refusal_is_not_counted_as_failing() {
    let fake = Fake::start((0..4).map(|_| Reply::json(404, json!({ "detail": "Not found." }))).collect()).await;
    let config = config_for(&fake);
    for _ in 0..4 {
        let refused = call(&config, "search_statutes", json!({ "query": "x" })).await.unwrap_err();
        assert_eq!(refused.code(), "unavailable", "{refused}");
    }
    assert_eq!(fake.seen().len(), 4, "a 404 is the service working: no pause");
}

#[tokio::test]
async fn a_429_with_retry_after_is_rate_limited_with_the_wait_in_the_result() {
    let fake = Fake::start(vec![Reply::json(429, json!({ "detail": "Request was throttled." })).header("retry-after", "90")]).await;
    let refused = call(&config_for(&fake), "search_opinions", json!({ "query": "x" })).await.unwrap_err();
    let result = refused.to_result();
    assert_eq!(result["error"]["code"], "rate_limited");
    assert_eq!(result["error"]["retryAfter"], 90);
    assert!(result["error"]["message"].as_str().unwrap().contains("Request was throttled. Try again in 90 seconds."), "{result}");
}

#[tokio::test]
async fn what_a_failing_service_echoes_never_reaches_the_result() {
    let home = std::env::var("HOME").unwrap_or_else(|_| "/home/ana".into());
    let echo = format!(
        "Invalid token cl-token (Authorization: Bearer abcdef0123456789xyz) for clerk@example.com; \
         see {home}/.local/share/proseva/server.log or call 804-555-0142"
    );
    let fake = Fake::start(vec![Reply::json(500, json!({ "detail": echo }))]).await;
    let refused = call(&config_for(&fake), "search_opinions", json!({ "query": "x" })).await.unwrap_err();
    let shown = refused.to_result().to_string();
    for leaked in ["cl-token", "abcdef0123456789xyz", "clerk@example.com", home.as_str(), "555-0142"] {
        assert!(!shown.contains(leaked), "{leaked} reached the result: {shown}");
    }
    assert!(shown.contains("CourtListener answered with an error (HTTP 500"), "{shown}");
}
