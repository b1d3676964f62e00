//! The evaluation set of the offline answer (`eval/questions.json`, read by `offline-eval` in
//! bench/) is sound: enough plain questions across the corpus, and every section it expects is one
//! the starter graph holds, so a miss is the ranking's, never the set's.

use std::collections::BTreeSet;

use proseva_e2e::start;
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_expected_section_is_in_the_starter_graph() {
    let questions: Vec<Value> = serde_json::from_str(include_str!("eval/questions.json")).unwrap();
    assert!(questions.len() >= 40, "{} questions", questions.len());
    let topics: BTreeSet<&str> = questions.iter().map(|q| q["topic"].as_str().unwrap()).collect();
    assert!(topics.len() >= 12, "{topics:?}");

    let sidecars = start().await;
    for q in &questions {
        let question = q["question"].as_str().unwrap();
        assert!(!question.contains('§'), "a plain question names no section: {question}");
        let expected = q["expected"].as_array().unwrap();
        assert!(!expected.is_empty(), "{question}");
        for id in expected {
            let query = "query($id: String!) { node(sourceId: $id) { sourceId nodeType } }";
            let answer = sidecars.explorer().query(query, json!({ "id": id })).await.unwrap();
            let node = &answer["node"];
            assert_eq!(&node["sourceId"], id, "{question}: the graph has no {id}: {answer}");
            assert!(node["nodeType"].as_str().unwrap().ends_with("section"), "{question}: {id} is a {}", node["nodeType"]);
        }
    }
}
