//! Missing keys, bad arguments, unreachable services, malformed answers.

use proseva_agent::tool::ToolError;
use proseva_agent::tools::research::ResearchConfig;
use serde_json::json;

use crate::fake::*;

#[tokio::test]
async fn a_missing_key_names_the_variable_to_set_and_sends_nothing() {
    let fake = Fake::start(vec![]).await;
    let config = ResearchConfig {
        courtlistener_base_url: fake.url.clone(),
        legiscan_base_url: fake.url.clone(),
        govinfo_base_url: fake.url.clone(),
        serpapi_base_url: fake.url.clone(),
        ..ResearchConfig::default()
    };
    let cases = [
        ("search_opinions", json!({ "query": "x" }), "COURTLISTENER_API_TOKEN"),
        ("search_dockets", json!({ "query": "x" }), "COURTLISTENER_API_TOKEN"),
        ("lookup_citation", json!({ "text": "576 U.S. 644" }), "COURTLISTENER_API_TOKEN"),
        ("search_statutes", json!({ "query": "x" }), "LEGISCAN_API_KEY"),
        ("search_govinfo", json!({ "query": "x" }), "GOVINFO_API_KEY"),
        ("search_lawyers", json!({ "query": "x" }), "SERPAPI_API_KEY"),
    ];
    for (name, args, var) in cases {
        match call(&config, name, args).await {
            Err(ToolError::NotConfigured(message)) => {
                assert!(message.contains(var), "{name}: {message}");
                assert!(message.contains(name) && message.contains("Set the environment variable"), "{name}: {message}");
            }
            other => panic!("{name}: expected NotConfigured, got {other:?}"),
        }
    }
    assert!(fake.seen().is_empty(), "no request may be sent without a key: {:#?}", fake.seen());
}

#[tokio::test]
async fn a_missing_query_is_a_bad_argument_and_sends_nothing() {
    let fake = Fake::start(vec![]).await;
    let config = config_for(&fake);
    for (name, args) in [
        ("search_opinions", json!({})),
        ("lookup_citation", json!({ "query": "576 U.S. 644" })),
        ("search_academic", json!({ "query": "  " })),
    ] {
        assert!(matches!(call(&config, name, args).await, Err(ToolError::BadArguments(_))), "{name}");
    }
    assert!(
        matches!(call(&config, "search_statutes", json!({ "query": "x", "state": "Virginia" })).await, Err(ToolError::BadArguments(m)) if m.contains("state"))
    );
    assert!(fake.seen().is_empty());
}

#[tokio::test]
async fn an_unreachable_service_is_named_in_the_error() {
    // A port that was just free and is now closed.
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap().local_addr().unwrap();
    let config = ResearchConfig { openalex_base_url: format!("http://{closed}"), ..ResearchConfig::default() };
    let message = unavailable(call(&config, "search_academic", json!({ "query": "x" })).await);
    assert!(message.contains("OpenAlex could not be reached"), "{message}");
}

#[tokio::test]
async fn the_key_never_appears_in_an_error() {
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap().local_addr().unwrap();
    let config = ResearchConfig {
        serpapi_key: Some("super-secret-key".into()),
        serpapi_base_url: format!("http://{closed}"),
        ..ResearchConfig::default()
    };
    let message = unavailable(call(&config, "search_lawyers", json!({ "query": "x" })).await);
    assert!(!message.contains("super-secret-key"), "{message}");
}

#[tokio::test]
async fn malformed_json_from_a_service_is_an_error_not_a_panic() {
    for (name, args) in [
        ("search_opinions", json!({ "query": "x" })),
        ("search_statutes", json!({ "query": "x" })),
        ("search_govinfo", json!({ "query": "x" })),
        ("search_academic", json!({ "query": "x" })),
        ("search_lawyers", json!({ "query": "x" })),
    ] {
        let fake = Fake::start(vec![Reply::raw(200, r#"{"results": [{"caseName": "Trunc"#)]).await;
        let message = unavailable(call(&config_for(&fake), name, args).await);
        assert!(message.contains("cannot read") && message.contains("JSON"), "{name}: {message}");
    }
}

#[tokio::test]
async fn json_of_the_wrong_shape_is_an_error_naming_what_is_missing() {
    let fake = Fake::start(vec![Reply::ok(json!({ "detail": "unexpected" }))]).await;
    let message = unavailable(call(&config_for(&fake), "search_opinions", json!({ "query": "x" })).await);
    assert!(message.contains("CourtListener") && message.contains("`results`"), "{message}");
}
