//! LegiScan: state bills.

use serde_json::json;

use crate::answers::*;
use crate::fake::*;

#[tokio::test]
async fn search_statutes_asks_getsearch_for_virginia_by_default_and_keeps_the_services_order() {
    let fake = Fake::start(vec![Reply::ok(legiscan_search(12))]).await;
    let found = call(&config_for(&fake), "search_statutes", json!({ "query": "security deposit", "limit": 20 })).await.unwrap();

    let asked = fake.only_request();
    assert_eq!(asked.path, "/");
    assert_eq!(asked.param("key"), Some("ls-key"));
    assert_eq!(asked.param("op"), Some("getSearch"));
    assert_eq!(asked.param("state"), Some("VA"));
    assert_eq!(asked.param("query"), Some("security deposit"));
    assert_eq!(asked.param("year"), None);

    assert_eq!(found["service"], "LegiScan");
    assert_eq!(found["total"], 12);
    let results = found["results"].as_array().unwrap();
    // Bills "10" and "11" come last, not after "1".
    let numbers: Vec<&str> = results.iter().map(|r| r["citation"].as_str().unwrap()).collect();
    assert_eq!(numbers[..3], ["VA HB1000", "VA HB1001", "VA HB1002"]);
    assert_eq!(numbers[11], "VA HB1011");
    assert_eq!(
        results[0],
        json!({
            "title": "Landlord and tenant; security deposits, bill 0.",
            "citation": "VA HB1000",
            "date": "2024-03-08",
            "snippet": "Last action: Governor: Acts of Assembly Chapter text (CHAP0123)",
            "url": "https://legiscan.com/VA/bill/HB1000/2024",
            "text_url": "https://legiscan.com/VA/text/HB1000/2024",
            "relevance": 100
        })
    );
    assert!(found.get("note").is_none());
}

#[tokio::test]
async fn search_statutes_passes_another_state_and_year_and_cuts_to_the_limit() {
    let fake = Fake::start(vec![Reply::ok(legiscan_search(12))]).await;
    let found = call(&config_for(&fake), "search_statutes", json!({ "query": "eviction", "state": "md", "year": 2024 })).await.unwrap();
    let asked = fake.only_request();
    assert_eq!(asked.param("state"), Some("MD"));
    assert_eq!(asked.param("year"), Some("2024"));
    assert_eq!(found["results"].as_array().unwrap().len(), 10, "default limit");
    assert!(found["note"].as_str().unwrap().contains("MD"));
}

#[tokio::test]
async fn a_legiscan_error_inside_a_200_answer_is_an_error_with_its_alert() {
    let fake = Fake::start(vec![Reply::ok(json!({ "status": "ERROR", "alert": { "message": "Unknown search state" } }))]).await;
    let message = unavailable(call(&config_for(&fake), "search_statutes", json!({ "query": "x", "state": "ZZ" })).await);
    assert!(message.contains("LegiScan") && message.contains("Unknown search state"), "{message}");
}
