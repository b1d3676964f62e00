//! OpenAlex: scholarship.

use proseva_agent::tools::research::ResearchConfig;
use serde_json::json;

use crate::answers::*;
use crate::fake::*;

#[tokio::test]
async fn search_academic_needs_no_key_and_rebuilds_the_abstract() {
    let fake = Fake::start(vec![Reply::ok(openalex_works())]).await;
    let config = ResearchConfig { openalex_base_url: fake.url.clone(), ..ResearchConfig::default() };
    let found = call(&config, "search_academic", json!({ "query": "pro se litigants", "limit": 2 })).await.unwrap();

    let asked = fake.only_request();
    assert_eq!(asked.path, "/works");
    assert_eq!(asked.param("search"), Some("pro se litigants"));
    assert_eq!(asked.param("per_page"), Some("2"));
    assert_eq!(asked.param("mailto"), None);

    assert_eq!(found["service"], "OpenAlex");
    assert_eq!(found["total"], 1234);
    assert_eq!(
        found["results"][0],
        json!({
            "title": "Pro Se Litigants and Access to Justice",
            "date": "2019-03-01",
            "snippet": "People without lawyers lose more often.",
            "url": "https://doi.org/10.1234/prose.2019.1",
            "authors": "Ann Author, Ben Writer, Cy Scholar et al.",
            "year": 2019,
            "venue": "Virginia Law Review",
            "doi": "https://doi.org/10.1234/prose.2019.1",
            "cited_by": 42
        })
    );
    let second = &found["results"][1];
    assert_eq!(second["url"], "https://example.edu/paper");
    assert_eq!(second["authors"], "Solo Author");
    assert!(second.get("snippet").is_none() && second.get("venue").is_none() && second.get("doi").is_none(), "{second}");
}

#[tokio::test]
async fn search_academic_sends_the_configured_email_as_mailto() {
    let fake = Fake::start(vec![Reply::ok(openalex_works())]).await;
    let config =
        ResearchConfig { openalex_base_url: fake.url.clone(), openalex_email: Some("me@example.org".into()), ..ResearchConfig::default() };
    call(&config, "search_academic", json!({ "query": "eviction" })).await.unwrap();
    assert_eq!(fake.only_request().param("mailto"), Some("me@example.org"));
}
