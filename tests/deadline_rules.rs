//! Every deadline rule that cites the Code of Virginia cites a section the law graph holds, and
//! that section's text states the same number of days (the server's rule table against the
//! explorer's starter corpus, both real, on loopback).

use proseva_e2e::{TOKEN, client, start};
use serde_json::{Value, json};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_code_rule_cites_a_section_in_the_graph_that_states_its_days() {
    let sidecars = start().await;
    let book: Value =
        client().get(format!("{}/api/deadline-rules", sidecars.server_url)).bearer_auth(TOKEN).send().await.unwrap().json().await.unwrap();
    let rules = book["rules"].as_array().unwrap();
    let mut checked = 0;
    for rule in rules {
        let citation = rule["citation"].as_str().unwrap();
        let Some(section) = citation.strip_prefix("Va. Code § ") else {
            // The Rules of the Supreme Court are not in the law graph.
            assert!(citation.starts_with("Rule "), "{citation}");
            continue;
        };
        let query = "query($id: String!) { node(sourceId: $id) { sourceId textKind sourceText } }";
        let answer = sidecars.explorer().query(query, json!({ "id": section })).await.unwrap();
        let node = &answer["node"];
        assert_eq!(node["sourceId"], section, "{} cites § {section}, which the graph does not hold: {answer}", rule["id"]);
        let text = node["sourceText"].as_str().unwrap();
        let days = format!("{} days", rule["days"]);
        assert!(text.contains(&days), "{} says {days}; § {section} reads: {text}", rule["id"]);
        checked += 1;
    }
    assert!(checked >= 3, "the J&DR, general district and unlawful detainer appeals are Code rules");
}
