//! The deadline rules as the server serves them, against the law graph as the explorer holds it
//! (both real, on loopback): every Code section a rule or anything due under it cites is a section
//! the graph holds, so a person can open it from the rule; and the server's explanation of a date
//! says what is due by then. What the cited texts say (days, bonds, fees) is checked against the
//! recorded official text in the server's own tests (`rules/facts.json`), not against the graph's
//! summaries.

use std::collections::BTreeSet;

use proseva_e2e::{TOKEN, client, start};
use serde_json::{Value, json};

/// The Code sections a text cites as `§ …` (ranges by their first section; the Constitution left out).
fn cited_in(text: &str) -> Vec<String> {
    proseva_citation::find_citations(text).into_iter().map(|c| c.reference.source_id()).filter(|id| !id.starts_with("const-")).collect()
}

/// Every section a step, a deadline rule, a court-choice rule or a workflow cites was looked at
/// for the amendments of the 2023–2026 sessions: the starter's manifest records what was found
/// (`files[].currency`), so the section viewer can say how current the law it shows is.
#[test]
fn every_section_the_app_acts_on_was_checked_for_changes_since_its_text() {
    let mut cited = BTreeSet::new();
    let book = proseva_server::paths::book();
    let text = serde_json::to_string(book).unwrap();
    cited.extend(cited_in(&text));
    for path in &book.kinds {
        for step in &path.steps {
            cited.extend(step.sections.iter().cloned());
        }
    }
    let courts = &book.courts;
    for rule in
        courts.money.iter().map(|b| &b.sections).chain([&courts.money_unknown.sections]).chain(courts.by_kind.values().map(|r| &r.sections))
    {
        cited.extend(rule.iter().cloned());
    }
    for rule in proseva_server::deadline_rules::rules() {
        cited.extend(cited_in(&serde_json::to_string(rule).unwrap()));
        cited.extend(cited_in(&rule.citation.replace("Va. Code ", "")));
    }
    for workflow in [
        include_str!("../crates/agent/src/workflows/check_claim.md"),
        include_str!("../crates/agent/src/workflows/integrate.md"),
        include_str!("../crates/agent/src/workflows/hearing_prep.md"),
        include_str!("../crates/agent/src/workflows/build_case_law.md"),
    ] {
        cited.extend(cited_in(workflow));
    }
    assert!(cited.len() >= 45, "{cited:?}");
    for must in ["55.1-1245", "16.1-296.2", "16.1-107", "16.1-228", "8.01-126"] {
        assert!(cited.contains(must), "§ {must} is cited by a step or a rule: {cited:?}");
    }
    let unchecked: Vec<&String> = cited.iter().filter(|s| proseva_law::starter::currency(s).is_none()).collect();
    assert!(unchecked.is_empty(), "sections the app acts on whose 2023–2026 amendments were never looked for: {unchecked:?}");
    // What the viewer says of one that changed: the bill, when it took effect, the text's date.
    let day = chrono::NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
    let notice = proseva_law::starter::currency_notice("55.1-1245", day).unwrap();
    assert!(notice.starts_with("Changed by 2026 HB 15, in force July 1, 2026"), "{notice}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_code_section_a_rule_or_its_due_items_cite_is_in_the_graph() {
    let sidecars = start().await;
    let book: Value =
        client().get(format!("{}/api/deadline-rules", sidecars.server_url)).bearer_auth(TOKEN).send().await.unwrap().json().await.unwrap();
    let rules = book["rules"].as_array().unwrap();
    assert!(rules.len() >= 10, "{book}");
    let mut cited: Vec<(String, String)> = Vec::new();
    for rule in rules {
        let id = rule["id"].as_str().unwrap();
        let due = rule["due"].as_array().unwrap_or_else(|| panic!("{id} lists nothing due: {rule}"));
        assert!(!due.is_empty(), "{id} lists nothing due");
        let citations = std::iter::once(&rule["citation"]).chain(due.iter().map(|d| &d["citation"]));
        for citation in citations {
            let citation = citation.as_str().unwrap();
            match citation.strip_prefix("Va. Code § ") {
                Some(section) => cited.push((id.to_string(), section.to_string())),
                // The Rules of the Supreme Court are not in the law graph.
                None => assert!(citation.starts_with("Rule "), "{id}: {citation}"),
            }
        }
    }
    cited.sort();
    cited.dedup();
    let query = "query($id: String!) { node(sourceId: $id) { sourceId } }";
    for (id, section) in &cited {
        let answer = sidecars.explorer().query(query, json!({ "id": section })).await.unwrap();
        assert_eq!(answer["node"]["sourceId"], section.as_str(), "{id} cites § {section}, which the graph does not hold: {answer}");
    }
    let sections: Vec<&str> = cited.iter().map(|(_, s)| s.as_str()).collect();
    for expected in ["8.01-129", "16.1-106", "16.1-107", "16.1-296"] {
        assert!(sections.contains(&expected), "§ {expected} is cited by the appeal rules: {sections:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_says_what_an_eviction_appeal_needs_by_its_tenth_day() {
    let sidecars = start().await;
    let compute = |rule: &'static str, date: &'static str| {
        let url = format!("{}/api/deadline-rules/compute", sidecars.server_url);
        async move {
            let response =
                client().post(url).bearer_auth(TOKEN).json(&json!({ "ruleId": rule, "triggerDate": date })).send().await.unwrap();
            assert!(response.status().is_success(), "{rule}: {}", response.status());
            response.json::<Value>().await.unwrap()
        }
    };
    // Judgment for possession on Monday, February 3, 2025: everything is due Thursday the 13th.
    let eviction = compute("appeal-unlawful-detainer", "2025-02-03").await;
    assert_eq!(eviction["date"], "2025-02-13", "{eviction}");
    let due = eviction["due"].as_array().unwrap();
    assert_eq!(due.len(), 3, "{eviction}");
    assert!(due.iter().all(|d| d["date"] == "2025-02-13" && d["citation"] == "Va. Code § 8.01-129"), "{eviction}");
    let explanation = eviction["explanation"].as_str().unwrap();
    assert!(
        explanation.contains(
            "Due by then: the notice of appeal, the appeal bond in the amount the court approves and the writ tax (Va. Code § 8.01-129)."
        ),
        "{explanation}"
    );
    // Any other general district court appeal: the bond has until the 30th day.
    let general = compute("appeal-general-district", "2025-02-03").await;
    let bond = general["due"].as_array().unwrap().iter().find(|d| d["what"].as_str().unwrap().contains("appeal bond")).unwrap().clone();
    assert_eq!((bond["days"].as_u64(), bond["date"].as_str()), (Some(30), Some("2025-03-05")), "{general}");
    assert!(
        general["explanation"].as_str().unwrap().contains("Due within 30 days, by Wednesday, March 5, 2025: the appeal bond"),
        "{general}"
    );
}
