//! SerpAPI: lawyers nearby, from a Google search.

use serde_json::json;

use crate::answers::*;
use crate::fake::*;

#[tokio::test]
async fn search_lawyers_searches_google_for_a_lawyer_in_virginia_and_lists_places_first() {
    let fake = Fake::start(vec![Reply::ok(serpapi_google())]).await;
    let found =
        call(&config_for(&fake), "search_lawyers", json!({ "query": "family law", "location": "Richmond, Virginia" })).await.unwrap();

    let asked = fake.only_request();
    assert_eq!(asked.path, "/search.json");
    assert_eq!(asked.param("engine"), Some("google"));
    assert_eq!(asked.param("q"), Some("family law lawyer Richmond, Virginia"));
    assert_eq!(asked.param("api_key"), Some("serp-key"));

    assert_eq!(found["service"], "SerpAPI");
    let results = found["results"].as_array().unwrap();
    assert_eq!(results.len(), 3);
    assert_eq!(
        results[0],
        json!({
            "title": "Smith Family Law",
            "snippet": "Family law attorney · Open ⋅ Closes 5PM",
            "url": "https://smithfamilylaw.example",
            "address": "123 Main St, Richmond, VA",
            "phone": "(804) 555-0100",
            "rating": 4.8,
            "reviews": 212
        })
    );
    assert!(results[1].get("url").is_none() && results[1].get("phone").is_none());
    assert_eq!(
        results[2],
        json!({ "title": "Lawyer Referral Service - Virginia State Bar", "snippet": "The Lawyer Referral Service can help you find a lawyer.", "url": "https://www.vsb.org/lrs" })
    );
    assert!(found["note"].as_str().unwrap().contains("Virginia State Bar"));
}

#[tokio::test]
async fn search_lawyers_defaults_to_virginia() {
    let fake = Fake::start(vec![Reply::ok(serpapi_google())]).await;
    call(&config_for(&fake), "search_lawyers", json!({ "query": "eviction defense" })).await.unwrap();
    assert_eq!(fake.only_request().param("q"), Some("eviction defense lawyer Virginia"));
}

#[tokio::test]
async fn search_lawyers_with_nothing_found_returns_no_results_and_serpapis_words() {
    let fake = Fake::start(vec![Reply::ok(json!({
        "search_metadata": { "status": "Success" },
        "error": "Google hasn't returned any results for this query."
    }))])
    .await;
    let found = call(&config_for(&fake), "search_lawyers", json!({ "query": "zzqx" })).await.unwrap();
    assert_eq!(found["results"], json!([]));
    assert!(found["note"].as_str().unwrap().contains("hasn't returned any results"), "{found}");
}

#[tokio::test]
async fn a_serpapi_error_carries_its_message() {
    let fake = Fake::start(vec![Reply::json(
        401,
        json!({ "error": "Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key" }),
    )])
    .await;
    let message = unavailable(call(&config_for(&fake), "search_lawyers", json!({ "query": "DUI" })).await);
    assert!(message.contains("SerpAPI") && message.contains("401") && message.contains("Invalid API key"), "{message}");
}
