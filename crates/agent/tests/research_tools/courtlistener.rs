//! CourtListener: case law and dockets search, citation lookup.

use axum::http::Method;
use serde_json::json;

use crate::answers::*;
use crate::fake::*;

#[tokio::test]
async fn search_opinions_asks_the_v4_search_for_case_law_with_the_token_and_returns_compact_cases() {
    let fake = Fake::start(vec![Reply::ok(opinion_search())]).await;
    let found = call(&config_for(&fake), "search_opinions", json!({ "query": "security deposit", "court": "va vactapp", "limit": 2 }))
        .await
        .unwrap();

    let asked = fake.only_request();
    assert_eq!(asked.method, Method::GET);
    assert_eq!(asked.path, "/api/rest/v4/search/");
    assert_eq!(asked.param("q"), Some("security deposit"));
    assert_eq!(asked.param("type"), Some("o"));
    assert_eq!(asked.param("court"), Some("va vactapp"));
    assert_eq!(asked.param("highlight"), Some("on"));
    assert_eq!(asked.header("authorization"), Some("Token cl-token"));

    assert_eq!(found["service"], "CourtListener");
    assert_eq!(found["query"], "security deposit");
    assert_eq!(found["total"], 2343);
    let results = found["results"].as_array().unwrap();
    assert_eq!(results.len(), 2, "limit 2 of 3");
    assert_eq!(
        results[0],
        json!({
            "title": "Tenant v. Landlord Properties, LLC",
            "citation": "301 Va. 100; 880 S.E.2d 1",
            "court": "Supreme Court of Virginia",
            "date": "2022-04-14",
            "snippet": "The landlord must return the security deposit within forty-five days & itemize deductions.",
            "url": "https://www.courtlistener.com/opinion/6613686/tenant-v--landlord-properties--llc/",
            "docket_number": "Record No. 201234",
            "cited_by": 12,
            "opinion_id": 6613688,
            "cluster_id": 6613686
        })
    );
}

#[tokio::test]
async fn get_citing_opinions_searches_for_what_cites_the_opinion_and_gives_ids_to_follow() {
    let fake = Fake::start(vec![Reply::ok(opinion_search())]).await;
    let found = call(&config_for(&fake), "get_citing_opinions", json!({ "opinion_id": "6613688", "limit": 1 })).await.unwrap();
    let asked = fake.only_request();
    assert_eq!(asked.path, "/api/rest/v4/search/");
    assert_eq!(asked.param("q"), Some("cites:(6613688)"));
    assert_eq!(asked.param("type"), Some("o"));
    assert_eq!(found["results"].as_array().map(Vec::len), Some(1));
    assert_eq!(found["results"][0]["opinion_id"], 6613688);

    for bad in [json!({}), json!({ "opinion_id": -3 }), json!({ "opinion_id": "abc" })] {
        let err = call(&config_for(&fake), "get_citing_opinions", bad).await.unwrap_err();
        assert!(err.to_string().contains("opinion_id"), "{err}");
    }
    let empty = Fake::start(vec![Reply::ok(json!({ "count": 0, "next": null, "previous": null, "results": [] }))]).await;
    let none = call(&config_for(&empty), "get_citing_opinions", json!({ "opinion_id": 5 })).await.unwrap();
    assert_eq!(none["note"], "No opinion on CourtListener cites opinion 5.");
}

#[tokio::test]
async fn fetch_opinion_reads_the_opinion_its_cluster_and_docket_and_keeps_it_for_a_second_read() {
    let api = "https://www.courtlistener.com/api/rest/v4";
    let fake = Fake::start(vec![
        Reply::ok(json!({
            "resource_uri": format!("{api}/opinions/77/"), "id": 77, "cluster": format!("{api}/clusters/55/"),
            "author_str": "Judge Example", "type": "010combined", "plain_text": "",
            "html_with_citations": "<p>Under Code <a href=\"/x\">§ 20-124.3</a> the court &amp; parties…</p>",
            "opinions_cited": [format!("{api}/opinions/12/"), format!("{api}/opinions/13/")]
        })),
        Reply::ok(json!({
            "id": 55, "case_name": "Rose v. Rose", "date_filed": "2019-03-12", "docket": format!("{api}/dockets/33/"),
            "absolute_url": "/opinion/55/rose-v-rose/", "citations": [{ "volume": 70, "reporter": "Va. App.", "page": "1", "type": 2 }]
        })),
        Reply::ok(json!({ "id": 33, "court": format!("{api}/courts/vactapp/"), "case_name": "Rose v. Rose" })),
    ])
    .await;
    let config = config_for(&fake);
    let tool = tool(&config, "fetch_opinion");
    let found = tool.call(json!({ "opinion_id": 77 })).await.unwrap();
    let paths: Vec<String> = fake.seen().iter().map(|s| s.path.clone()).collect();
    assert_eq!(paths, ["/api/rest/v4/opinions/77/", "/api/rest/v4/clusters/55/", "/api/rest/v4/dockets/33/"]);
    assert_eq!(found["case_name"], "Rose v. Rose");
    assert_eq!(found["court"], "Court of Appeals of Virginia");
    assert_eq!(found["court_id"], "vactapp");
    assert_eq!(found["citation"], "70 Va. App. 1");
    assert_eq!(found["url"], "https://www.courtlistener.com/opinion/55/rose-v-rose/");
    assert_eq!(found["text"], "Under Code § 20-124.3 the court & parties…");
    assert_eq!(found["opinions_cited"], json!([12, 13]));
    assert_eq!(found["truncated"], false);
    // A second read of the same opinion is answered from memory: the fake has no more replies.
    let again = tool.call(json!({ "opinion_id": "77", "max_chars": 500 })).await.unwrap();
    assert_eq!(again["case_name"], "Rose v. Rose");
    assert_eq!(fake.seen().len(), 3);
}

#[tokio::test]
async fn search_dockets_asks_for_recap_dockets_and_reads_the_nested_filing() {
    let fake = Fake::start(vec![Reply::ok(docket_search())]).await;
    let found = call(&config_for(&fake), "search_dockets", json!({ "query": "eviction" })).await.unwrap();

    let asked = fake.only_request();
    assert_eq!(asked.path, "/api/rest/v4/search/");
    assert_eq!(asked.param("type"), Some("r"));
    assert_eq!(asked.param("court"), None);
    assert_eq!(asked.header("authorization"), Some("Token cl-token"));

    assert_eq!(
        found["results"][0],
        json!({
            "title": "Doe v. Example Corp",
            "court": "District Court, E.D. Virginia",
            "date": "2024-02-01",
            "snippet": "The eviction was retaliatory.",
            "url": "https://www.courtlistener.com/docket/99999/doe-v-example-corp/",
            "docket_number": "3:24-cv-00001"
        })
    );
}

#[tokio::test]
async fn lookup_citation_posts_the_text_and_says_which_citations_are_real() {
    let fake = Fake::start(vec![Reply::ok(citation_lookup())]).await;
    let text = "Obergefell v. Hodges (576 U.S. 644); 1 H. 150; 1 U.S. 200";
    let found = call(&config_for(&fake), "lookup_citation", json!({ "text": text })).await.unwrap();

    let asked = fake.only_request();
    assert_eq!(asked.method, Method::POST);
    assert_eq!(asked.path, "/api/rest/v4/citation-lookup/");
    assert_eq!(asked.form().get("text").map(String::as_str), Some(text));
    assert_eq!(asked.header("authorization"), Some("Token cl-token"));

    assert_eq!(found["total"], 3);
    let results = found["results"].as_array().unwrap();
    assert_eq!(results.len(), 4, "one found, two candidates for the ambiguous one, one not found: {results:#?}");
    assert_eq!(results[0]["status"], "found");
    assert_eq!(results[0]["title"], "Obergefell v. Hodges");
    assert_eq!(results[0]["citation"], "576 U.S. 644");
    assert_eq!(results[0]["date"], "2015-06-26");
    assert_eq!(results[0]["url"], "https://www.courtlistener.com/opinion/2812209/obergefell-v-hodges/");
    assert_eq!(
        results[0]["snippet"],
        "The Fourteenth Amendment requires a State to license a marriage between two people of the same sex."
    );
    assert_eq!((results[1]["status"].as_str(), results[1]["citation"].as_str()), (Some("ambiguous"), Some("1 Handy 150")));
    assert_eq!((results[2]["status"].as_str(), results[2]["citation"].as_str()), (Some("ambiguous"), Some("1 Haw. 150")));
    assert_eq!(results[3]["status"], "not_found");
    assert_eq!(results[3]["citation"], "1 U.S. 200");
    assert!(results[3]["snippet"].as_str().unwrap().contains("Citation not found"), "{}", results[3]);
    assert!(results[3].get("title").is_none());
}

#[tokio::test]
async fn lookup_citation_with_no_citations_in_the_text_says_so() {
    let fake = Fake::start(vec![Reply::ok(json!([]))]).await;
    let found = call(&config_for(&fake), "lookup_citation", json!({ "text": "Put some text here" })).await.unwrap();
    assert_eq!(found["results"], json!([]));
    assert!(found["note"].as_str().unwrap().contains("No case citations"), "{found}");
}

#[tokio::test]
async fn a_courtlistener_server_error_names_the_service_the_status_and_its_detail() {
    let fake = Fake::start(vec![Reply::json(500, json!({ "detail": "The search backend is temporarily unavailable." }))]).await;
    let message = unavailable(call(&config_for(&fake), "search_opinions", json!({ "query": "custody" })).await);
    assert!(message.contains("CourtListener"), "{message}");
    assert!(message.contains("500"), "{message}");
    assert!(message.contains("The search backend is temporarily unavailable."), "{message}");
}

#[tokio::test]
async fn a_refused_token_points_at_the_variable_to_check() {
    let fake = Fake::start(vec![Reply::json(401, json!({ "detail": "Invalid token." }))]).await;
    let message = unavailable(call(&config_for(&fake), "lookup_citation", json!({ "text": "576 U.S. 644" })).await);
    assert!(message.contains("401") && message.contains("Invalid token.") && message.contains("COURTLISTENER_API_TOKEN"), "{message}");
}
