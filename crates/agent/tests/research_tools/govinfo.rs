//! GovInfo: federal publications.

use axum::http::Method;
use serde_json::json;

use crate::answers::*;
use crate::fake::*;

#[tokio::test]
async fn search_govinfo_posts_the_documented_body_with_the_key_in_a_header() {
    let fake = Fake::start(vec![Reply::ok(govinfo_search())]).await;
    let found = call(&config_for(&fake), "search_govinfo", json!({ "query": "fair debt collection", "collection": "uscode", "limit": 5 }))
        .await
        .unwrap();

    let asked = fake.only_request();
    assert_eq!(asked.method, Method::POST);
    assert_eq!(asked.path, "/search");
    assert_eq!(asked.header("x-api-key"), Some("gi-key"));
    assert_eq!(asked.param("api_key"), None, "the key stays out of the URL");
    let body = asked.json();
    assert_eq!(body["query"], "collection:(USCODE) AND (fair debt collection)");
    assert_eq!(body["pageSize"], 5);
    assert_eq!(body["offsetMark"], "*");
    assert_eq!(body["sorts"], json!([{ "field": "score", "sortOrder": "DESC" }]));

    assert_eq!(found["service"], "GovInfo");
    assert_eq!(found["total"], 57);
    assert_eq!(
        found["results"][0],
        json!({
            "title": "Doe v. Roe",
            "citation": "USCOURTS-vaed-3_20-cv-00123-0",
            "court": "United States District Court Eastern District of Virginia",
            "date": "2021-05-04",
            "url": "https://www.govinfo.gov/app/details/USCOURTS-vaed-3_20-cv-00123/USCOURTS-vaed-3_20-cv-00123-0",
            "collection": "USCOURTS"
        })
    );
    assert_eq!(found["results"][1]["author"], "Office of the Law Revision Counsel");
    assert_eq!(found["results"][1]["url"], "https://www.govinfo.gov/app/details/USCODE-2022-title15");
    assert!(found["results"][1].get("court").is_none());
}

#[tokio::test]
async fn a_govinfo_key_error_carries_api_data_govs_message() {
    let fake = Fake::start(vec![Reply::json(
        403,
        json!({ "error": { "code": "API_KEY_INVALID", "message": "An invalid api_key was supplied." } }),
    )])
    .await;
    let message = unavailable(call(&config_for(&fake), "search_govinfo", json!({ "query": "x" })).await);
    assert!(message.contains("GovInfo") && message.contains("403") && message.contains("An invalid api_key was supplied."), "{message}");
    assert!(message.contains("GOVINFO_API_KEY"), "{message}");
}

#[tokio::test]
async fn a_govinfo_outage_carries_its_message() {
    let fake = Fake::start(vec![Reply::json(503, json!({ "message": "Search is down for maintenance" }))]).await;
    let message = unavailable(call(&config_for(&fake), "search_govinfo", json!({ "query": "x" })).await);
    assert!(message.contains("GovInfo") && message.contains("503") && message.contains("Search is down for maintenance"), "{message}");
}
