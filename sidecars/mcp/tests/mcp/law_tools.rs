//! Each law tool called through the real binary over stdio, on the starter corpus's graph (and on
//! a graph with official text downloaded over the starter's summaries): what an assistant reads.

use proseva_law::synth::sample;
use serde_json::{Value, json};

use crate::common;

use common::{DataDir, connect, section};

fn ids(list: &Value) -> Vec<&str> {
    list.as_array().unwrap().iter().map(|n| n["sourceId"].as_str().unwrap()).collect()
}

#[tokio::test]
async fn search_law_finds_sections_by_words_and_by_citation_with_their_kind_of_text() {
    let data = DataDir::starter();
    let session = connect(data.path(), &[]).await;
    let found = session.ok("search_law", json!({ "query": "security deposit" })).await;
    let results = found["results"].as_array().unwrap();
    assert_eq!(results.len(), 5, "the default limit: {found}");
    let first = &results[0];
    assert_eq!(first["sourceId"], "55.1-1226", "{found}");
    assert_eq!(first["citation"], "§ 55.1-1226");
    assert_eq!(first["heading"], "Security deposits");
    assert_eq!(first["textKind"], "summary");
    assert_eq!(first["url"], "https://law.lis.virginia.gov/vacode/55.1-1226/");
    assert!(first["snippet"].as_str().unwrap().contains("deposit"), "{first}");
    assert!(found["note"].as_str().unwrap().contains("not the statute's words"), "{found}");
    assert!(found["total"].as_i64().unwrap() >= 5);

    let cited = session.ok("search_law", json!({ "query": "§ 20-124.3", "limit": 2 })).await;
    assert_eq!(ids(&cited["results"]).first(), Some(&"20-124.3"), "an exact citation comes first: {cited}");
    assert!(cited["results"].as_array().unwrap().len() <= 2);
}

#[tokio::test]
async fn get_section_says_a_summary_is_not_the_statutes_words_and_where_the_section_sits() {
    let data = DataDir::starter();
    let session = connect(data.path(), &[]).await;
    let read = session.ok("get_section", section("§ 20-124.3")).await;
    assert_eq!(read["sourceId"], "20-124.3");
    assert_eq!(read["heading"], "Best interests of the child; visitation");
    assert_eq!(read["textKind"], "summary");
    assert!(read["textLabel"].as_str().unwrap().contains("NOT the statute's words"), "{read}");
    assert_eq!(read["url"], "https://law.lis.virginia.gov/vacode/20-124.3/");
    assert!(read["text"].as_str().unwrap().contains("custody"), "{read}");
    assert!(read.get("summary").is_none(), "a summary-only section has its summary as its text: {read}");
    let place: Vec<(&str, &str)> =
        read["partOf"].as_array().unwrap().iter().map(|p| (p["nodeType"].as_str().unwrap(), p["sourceId"].as_str().unwrap())).collect();
    assert_eq!(place, [("title", "20"), ("chapter", "20:6.1")]);
    assert_eq!(read["partOf"][0]["heading"], "Domestic Relations");

    // The same section however it is written; a Constitution provision in words.
    assert_eq!(session.ok("get_section", section("20-124.3")).await, read);
    let speech = session.ok("get_section", section("Article I, Section 12")).await;
    assert_eq!((speech["sourceId"].as_str(), speech["nodeType"].as_str()), (Some("const-I-12"), Some("constitution_section")));
    assert_eq!(speech["partOf"][0]["sourceId"], "const-I");

    let missing = session.refused("get_section", section("§ 99-999.9")).await;
    assert_eq!(missing["code"], "failed");
    assert!(missing["message"].as_str().unwrap().contains("§ 99-999.9 is not in the law graph"), "{missing}");
}

#[tokio::test]
async fn get_section_gives_official_text_with_the_starter_summary_beside_it_each_labelled() {
    let data = tempfile::tempdir().unwrap();
    sample::build_downloaded(&data.path().join("graph.db")).unwrap();
    let session = connect(data.path(), &[]).await;
    let read = session.ok("get_section", section("20-124.3")).await;
    assert_eq!(read["textKind"], "official");
    assert!(read["textLabel"].as_str().unwrap().starts_with("official: the words of the Code"), "{read}");
    assert!(read["text"].as_str().unwrap().contains("the court shall consider"), "the LIS's words: {read}");
    assert!(
        read["summary"].as_str().unwrap().contains("it must weigh what is best for the child"),
        "the starter's summary beside it: {read}"
    );
    assert!(read["summaryLabel"].as_str().unwrap().contains("NOT the statute's words"), "{read}");
}

#[tokio::test]
async fn get_neighbors_lists_what_holds_a_section_and_what_it_cites_and_is_cited_by() {
    let data = DataDir::starter();
    let session = connect(data.path(), &[]).await;
    let all = session.ok("get_neighbors", section("20-124.3")).await;
    let edges = all["edges"].as_array().unwrap();
    assert_eq!(edges.len() as i64, all["total"].as_i64().unwrap());
    let first = &edges[0];
    assert_eq!((&first["relation"], &first["direction"], &first["sourceId"]), (&json!("contains"), &json!("incoming"), &json!("20:6.1")));
    let cites = |direction: &str| {
        edges
            .iter()
            .filter(|e| e["relation"] == "cites" && e["direction"] == direction)
            .map(|e| e["sourceId"].as_str().unwrap())
            .collect::<Vec<_>>()
    };
    assert!(cites("outgoing").contains(&"20-103"), "its text cites § 20-103: {all}");
    assert!(cites("incoming").contains(&"20-108"), "§ 20-108 cites it: {all}");
    assert!(edges.iter().all(|e| e["url"].is_string() && e["heading"].is_string()), "{all}");

    let only_cites = session.ok("get_neighbors", json!({ "section": "§ 20-124.3", "relation": "cites" })).await;
    assert!(only_cites["edges"].as_array().unwrap().iter().all(|e| e["relation"] == "cites"));
    assert_eq!(only_cites["total"].as_i64().unwrap() + 1, all["total"].as_i64().unwrap(), "all edges but the one contains");
}

#[tokio::test]
async fn find_similar_lists_other_sections_best_first() {
    let data = DataDir::starter();
    let session = connect(data.path(), &[]).await;
    let similar = session.ok("find_similar", json!({ "section": "20-124.3", "limit": 3 })).await;
    let hits = similar["similar"].as_array().unwrap();
    assert_eq!(hits.len(), 3, "{similar}");
    assert!(!ids(&similar["similar"]).contains(&"20-124.3"), "not itself: {similar}");
    let scores: Vec<f64> = hits.iter().map(|h| h["score"].as_f64().unwrap()).collect();
    assert!(scores.windows(2).all(|w| w[0] >= w[1]) && scores[0] > 0.5, "{scores:?}");
    assert!(hits.iter().all(|h| h["textKind"] == "summary" && h["url"].is_string()), "{similar}");
    assert!(similar["note"].is_string());
}

#[tokio::test]
async fn check_citations_says_which_cited_sections_the_graph_holds() {
    let data = DataDir::starter();
    let session = connect(data.path(), &[]).await;
    let checked = session.ok("check_citations", json!({ "text": "See § 20-124.3 and § 99-999.9" })).await;
    assert_eq!(checked["citations"], 2);
    assert_eq!(ids(&checked["found"]), ["20-124.3"]);
    assert_eq!(checked["found"][0]["heading"], "Best interests of the child; visitation");
    assert_eq!(checked["found"][0]["textKind"], "summary");
    assert_eq!(ids(&checked["notFound"]), ["99-999.9"]);
    assert_eq!(checked["notFound"][0]["citation"], "§ 99-999.9");
    assert!(checked["note"].as_str().unwrap().contains("starter corpus"), "{checked}");

    let range = session.ok("check_citations", json!({ "text": "Under §§ 20-124.2 through 20-124.3 and Article I, Section 12." })).await;
    assert_eq!(ids(&range["found"]), ["20-124.2", "20-124.3", "const-I-12"]);
    let none = session.ok("check_citations", json!({ "text": "Call 555-1234 about the hearing on 2024-01-02." })).await;
    assert_eq!((none["citations"].as_i64(), none.get("note")), (Some(0), None));
}

#[tokio::test]
async fn graph_stats_says_what_the_graph_holds() {
    let data = DataDir::starter();
    let session = connect(data.path(), &[]).await;
    let stats = session.ok("graph_stats", json!({})).await;
    assert_eq!(stats["corpus"], "starter");
    assert!(stats["builtAt"].is_string());
    let sections = stats["nodeTypes"]["section"].as_i64().unwrap();
    assert!(sections > 300, "{stats}");
    assert!(stats["sectionTextKinds"]["summary"].as_i64().unwrap() >= sections, "{stats}");
    assert!(stats["sectionTextKinds"].get("official").is_none());
    assert!(stats["edgeTypes"]["cites"].as_i64().unwrap() > 0 && stats["edgeTypes"]["contains"].as_i64().unwrap() > 0);
    assert_eq!(stats["searchByMeaning"], false, "PROSEVA_EMBEDDINGS=off");
    assert!(stats["textKinds"]["summary"].as_str().unwrap().contains("NOT the statute's words"));
}
