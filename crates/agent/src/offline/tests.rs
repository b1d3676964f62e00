use super::*;
use crate::tool::Effect;

#[test]
fn a_letter_asked_for_offline_is_said_to_need_a_model() {
    let answer = compose("Draft a letter to the clerk asking to continue my hearing", &[]);
    assert!(answer.contains("needs a language model") && answer.contains("Draft…"), "{answer}");
    for question in ["What is a motion to continue?", "Write down my deadlines", "When is my hearing?"] {
        assert!(!compose(question, &[]).contains("needs a language model"), "{question}");
    }
    assert!(asks_for_prose("Can you write me an e-mail to the landlord?") && asks_for_prose("Prepare a motion outline"));
}

fn spec(name: &str) -> ToolSpec {
    ToolSpec { name: name.into(), description: String::new(), parameters: json!({}), effect: Effect::Reads }
}

fn names(calls: &[ToolCall]) -> Vec<&str> {
    calls.iter().map(|c| c.name.as_str()).collect()
}

#[test]
fn plans_from_the_question() {
    let chat: Vec<ToolSpec> = ["get_node", "search_nodes", "SearchKnowledge", "GetDeadlines", "GetCases", "GetContacts"].map(spec).to_vec();
    assert_eq!(names(&plan("What does § 2.2-3704 require?", &chat)), vec!["get_node", "search_nodes", "SearchKnowledge"]);
    assert_eq!(plan("What does § 2.2-3704 require?", &chat)[0].arguments, r#"{"id":"2.2-3704"}"#);
    assert_eq!(names(&plan("When is my next hearing?", &chat)), vec!["search_nodes", "SearchKnowledge", "GetDeadlines", "GetCases"]);
    assert!(names(&plan("phone number of the clerk", &chat)).contains(&"GetContacts"));
    // Only tools on offer are planned.
    let research: Vec<ToolSpec> = ["search_nodes", "search_opinions", "search_statutes"].map(spec).to_vec();
    assert_eq!(names(&plan("Virginia court jurisdiction rules", &research)), vec!["search_nodes", "search_opinions", "search_statutes"]);
}

#[test]
fn sentences_do_not_end_inside_section_numbers() {
    let text = "Family abuse is defined in § 16.1-228. The court may award 2.5 days of visitation! Really?";
    assert_eq!(split_sentences(text), vec!["Family abuse is defined in § 16.1-228.", "The court may award 2.5 days of visitation!"]);
}

#[test]
fn picks_the_sentences_that_answer_the_question() {
    let text = "This chapter has definitions. A landlord must return the security deposit within 45 days. Other rules apply to pets.";
    assert_eq!(
        best_sentences(text, "when must the landlord return my deposit", 1),
        vec!["A landlord must return the security deposit within 45 days."]
    );
}

#[test]
fn related_sections_are_listed_only_when_some_are_not_quoted_already() {
    let node = |id: i64, source_id: &str| {
        json!({"id": id, "nodeType": "section", "sourceId": source_id, "heading": format!("Heading {source_id}"),
               "sourceText": "The landlord must return the deposit.", "textKind": "summary"})
    };
    let search = ToolResult {
        tool: "search_nodes".into(),
        args: json!({"search": "deposit"}),
        ok: true,
        result: json!({"total": 2, "nodes": [node(1, "55.1-1226"), node(2, "55.1-1204")]}),
    };
    let neighbors = |to: Value| ToolResult {
        tool: "get_neighbors".into(),
        args: json!({"id": 1}),
        ok: true,
        result: json!({"id": 1, "edges": [{"relType": "cites", "fromNode": node(1, "55.1-1226"), "toNode": to}]}),
    };
    // The only related section is quoted already: no empty heading.
    let answer = compose("deposit", &[search.clone(), neighbors(node(2, "55.1-1204"))]);
    assert!(!answer.contains("Related sections"), "{answer}");
    // One that is not quoted is listed.
    let answer = compose("deposit", &[search, neighbors(node(3, "55.1-1200"))]);
    assert!(answer.contains("**Related sections:** § 55.1-1200 (Heading 55.1-1200)"), "{answer}");
}

/// A search result as the explorer gives it, with how it stands beside the first.
fn hit(id: i64, source_id: &str, relevance: f64, same_topic: bool) -> Value {
    json!({"id": id, "nodeType": "section", "sourceId": source_id, "heading": format!("Heading {source_id}"),
           "sourceText": "The tenant has 5 days to pay the rent.", "textKind": "summary",
           "relevance": relevance, "sameTopic": same_topic})
}

fn searched(clear_lead: bool, nodes: Vec<Value>) -> ToolResult {
    ToolResult {
        tool: "search_nodes".into(),
        args: json!({"search": "pay or quit"}),
        ok: true,
        result: json!({"total": nodes.len(), "clearLead": clear_lead, "nodes": nodes}),
    }
}

#[test]
fn a_section_from_another_field_of_law_never_fills_a_source_slot() {
    let results = [searched(
        true,
        vec![
            hit(1, "55.1-1245", 1.0, true),
            hit(2, "55.1-1250", 0.6, true),
            hit(3, "65.2-500", 0.2, false),
            hit(4, "8.01-126", 0.9, false),
        ],
    )];
    let answer = compose("pay or quit notice", &results);
    assert!(answer.starts_with("**Most relevant:** § 55.1-1245 — Heading 55.1-1245\n"), "{answer}");
    assert!(answer.contains("§ 55.1-1250") && answer.contains("§ 8.01-126"), "same part of the Code, or close in score: {answer}");
    assert!(!answer.contains("65.2-500"), "workers' compensation matched a few words only: {answer}");
}

#[test]
fn without_a_clear_leader_the_answer_says_which_sections_may_apply() {
    let results = [searched(false, vec![hit(1, "20-107.1", 1.0, true), hit(2, "20-108.1", 0.95, true), hit(3, "20-91", 0.5, true)])];
    let answer = compose("support after divorce", &results);
    assert!(answer.starts_with("**These sections may apply:** § 20-107.1 — Heading 20-107.1; § 20-108.1 — Heading 20-108.1\n"), "{answer}");
    assert!(!answer.contains("Most relevant") && !answer.contains("In plain words"), "no one section speaks for all: {answer}");
    // A section the person named leads, whatever the search says.
    let named = ToolResult { tool: "get_node".into(), args: json!({"id": "20-91"}), ok: true, result: hit(3, "20-91", 1.0, true) };
    let answer = compose("§ 20-91 and support", &[named, results[0].clone()]);
    assert!(answer.starts_with("**Most relevant:** § 20-91 — Heading 20-91\n"), "{answer}");
}

#[test]
fn a_question_the_graph_may_not_hold_gets_no_section_as_the_answer() {
    let mut search = searched(true, vec![hit(1, "55.1-1226", 1.0, true), hit(2, "55.1-1204", 0.5, true)]);
    search.args = json!({"search": "my Maryland landlord kept my deposit"});
    search.result["beyond"] = json!("it seems to be about Maryland law, and this app holds Virginia's");
    let answer = compose("my Maryland landlord kept my deposit", &[search.clone()]);
    assert!(
        answer.starts_with(
            "**Not found in the Virginia law graph.** I searched it for “my Maryland landlord kept my deposit”, but it seems to be \
             about Maryland law, and this app holds Virginia's"
        ),
        "{answer}"
    );
    assert!(answer.contains("https://law.lis.virginia.gov/") && answer.contains("legal aid"), "where else to look: {answer}");
    assert!(!answer.contains("Most relevant") && !answer.contains("may apply"), "{answer}");
    assert!(answer.contains("**The Virginia sections that came closest** (they may not apply)"), "{answer}");
    assert!(answer.contains("§ 55.1-1226"), "the closest are still shown, as such: {answer}");
    // A section the person named leads, whatever the search says.
    let named = ToolResult { tool: "get_node".into(), args: json!({"id": "55.1-1226"}), ok: true, result: hit(1, "55.1-1226", 1.0, true) };
    let answer = compose("§ 55.1-1226 in Maryland", &[named, search]);
    assert!(answer.starts_with("**Most relevant:** § 55.1-1226"), "{answer}");
}

#[test]
fn a_summary_an_act_changed_says_so_beside_its_quote() {
    let mut changed = hit(1, "55.1-1245", 1.0, true);
    changed["changeNotice"] = json!("Changed by 2026 HB 15, in force July 1, 2026; the text checked is of November 18, 2024.");
    let answer = compose("pay or quit", &[searched(true, vec![changed])]);
    let quote = answer.lines().find(|l| l.starts_with("- **§ 55.1-1245.")).expect("quoted");
    assert!(quote.contains("*Changed by 2026 HB 15, in force July 1, 2026; the text checked is of November 18, 2024.*"), "{quote}");
}

#[test]
fn says_when_the_persons_records_hold_nothing_on_the_question() {
    let knowledge =
        ToolResult { tool: "SearchKnowledge".into(), args: json!({"query": "deposit"}), ok: true, result: json!({"passages": []}) };
    let answer = compose("deposit", &[knowledge]);
    assert!(answer.contains("**From your case file:** nothing in your records matches this question."), "{answer}");
    assert!(!answer.contains("Most relevant"), "nothing was found, so nothing leads: {answer}");
}

#[test]
fn composes_an_answer_that_cites_only_what_was_retrieved_and_labels_summaries() {
    let results = vec![
        ToolResult {
            tool: "search_nodes".into(),
            args: json!({"search": "FOIA"}),
            ok: true,
            result: json!({"total": 1, "nodes": [{"id": 5, "nodeType": "section", "sourceId": "2.2-3704", "heading": "Public records to be open to inspection",
            "sourceText": "Under FOIA, any Virginia citizen may ask a public body for its records. The body must answer within five working days.",
            "textKind": "summary", "url": "https://law.lis.virginia.gov/vacode/2.2-3704/"}]}),
        },
        ToolResult {
            tool: "search_opinions".into(),
            args: json!({}),
            ok: false,
            result: json!({"error": "COURTLISTENER_API_TOKEN is not set"}),
        },
    ];
    let answer = compose("What does Virginia law say about FOIA?", &results);
    assert!(answer.starts_with("**Most relevant:** § 2.2-3704 — Public records to be open to inspection\n"), "{answer}");
    // The person's records were not searched, so the answer says nothing of them.
    assert!(!answer.contains("case file"), "{answer}");
    assert!(
        answer.contains("**§ 2.2-3704. Public records to be open to inspection** (plain-language summary, not the statute's words)"),
        "{answer}"
    );
    assert!(answer.contains("https://law.lis.virginia.gov/vacode/2.2-3704/"));
    assert!(answer.contains("Offline answer"));
    assert!(answer.contains("COURTLISTENER_API_TOKEN is not set"));
    let cited: Vec<String> = proseva_citation::find_citations(&answer).into_iter().map(|c| c.reference.source_id()).collect();
    assert!(cited.iter().all(|c| c == "2.2-3704"), "{cited:?}");
}

#[test]
fn what_happens_next_is_answered_from_the_cases_path() {
    let cases = ToolResult {
        tool: "GetCases".into(),
        args: json!({}),
        ok: true,
        result: json!({ "count": 1, "cases": [{ "id": 1, "name": "Elm St. eviction", "status": "open", "court": "Richmond GDC",
            "path": { "kind": "eviction-tenant", "title": "Eviction (unlawful detainer): you are the tenant", "done": 2, "steps": 6,
                "next": { "id": "prepare", "title": "Get ready to tell your side", "what": "Gather your lease and receipts.",
                    "court": "general district court", "file": "Nothing in writing is required.", "bring": "Your lease, receipts, photos.",
                    "date": null, "deadline": null, "sections": ["8.01-126", "55.1-1245"] },
                "after": [{ "title": "Go to the first court date", "date": "2026-03-10", "deadline": null },
                          { "title": "Decide whether to appeal", "date": null, "deadline": "2026-03-20" }],
                "court": { "name": "general district court", "why": "Evictions are heard there.", "sections": ["8.01-124"] } } }] }),
    };
    let answer = compose("What happens next in my case?", std::slice::from_ref(&cases));
    assert!(
        answer
            .contains("**Where your case stands: Elm St. eviction** (Eviction (unlawful detainer): you are the tenant; 2 of 6 steps done)"),
        "{answer}"
    );
    assert!(answer.contains("**Next: Get ready to tell your side** — Gather your lease and receipts."), "{answer}");
    assert!(answer.contains("- What to bring: Your lease, receipts, photos."), "{answer}");
    assert!(answer.contains("- Rests on: § 8.01-126, § 55.1-1245"), "{answer}");
    assert!(answer.contains("After that: Go to the first court date (2026-03-10); Decide whether to appeal (2026-03-20)."), "{answer}");
    assert!(answer.contains("Which court: the general district court. Evictions are heard there. (§ 8.01-124)"), "{answer}");
    // A question about something else does not get the path.
    let other = compose("What is the filing fee for a warrant in debt?", std::slice::from_ref(&cases));
    assert!(!other.contains("Where your case stands"), "{other}");
}

#[test]
fn an_offline_answer_leads_with_plain_sentences_from_the_summary_and_its_figure() {
    let summary = "A landlord may end a lease when rent is not paid. The tenant must first get a written notice. \
                   The notice must give at least 14 days to pay in full. After that the landlord may file in the general district court.";
    // The two that share most with the question, and the figure the question did not name.
    let plain = plain_sentences(summary, "my landlord wants to end my lease for unpaid rent");
    assert_eq!(plain.len(), 3, "{plain:?}");
    assert!(plain.iter().any(|s| s.contains("14 days")), "{plain:?}");
    assert!(plain[0].starts_with("A landlord may end a lease"), "in the summary's order: {plain:?}");
    // Two that already state a figure need no third.
    assert_eq!(
        plain_sentences("You have 10 days to appeal. The appeal goes to the circuit court. Other things.", "how many days to appeal").len(),
        2
    );

    let node = json!({"id": 1, "nodeType": "section", "sourceId": "55.1-1245", "heading": "Noncompliance with rental agreement",
                      "sourceText": summary, "textKind": "summary", "relevance": 1.0, "sameTopic": true});
    let answer = compose("my landlord wants to end my lease for unpaid rent", &[searched(true, vec![node])]);
    let plain_at = answer.find("**In plain words:** A landlord may end a lease").unwrap_or_else(|| panic!("{answer}"));
    assert!(answer.starts_with("**Most relevant:** § 55.1-1245") && plain_at < answer.find("**Offline answer.**").unwrap(), "{answer}");
    assert!(answer[plain_at..].contains("14 days"), "{answer}");
    // Its summary is not quoted twice; official text is never put "in plain words".
    assert_eq!(answer.matches("14 days").count(), 1, "{answer}");
    let mut official = searched(true, vec![hit(1, "55.1-1245", 1.0, true)]);
    official.result["nodes"][0]["textKind"] = json!("official");
    assert!(!compose("pay or quit", &[official]).contains("In plain words"));
}

#[test]
fn a_section_for_another_situation_never_fills_the_list() {
    let mut business = hit(2, "55.1-1400", 0.9, true);
    business["onlyFor"] = json!("a lease of business premises");
    let answer = compose("my landlord changed the locks", &[searched(true, vec![hit(1, "55.1-1243.1", 1.0, true), business.clone()])]);
    assert!(!answer.contains("55.1-1400"), "{answer}");
    // Unless the first applies only there too, or the person named it.
    let mut first = hit(1, "55.1-1401", 1.0, true);
    first["onlyFor"] = json!("a lease of business premises");
    assert!(compose("my landlord changed the locks", &[searched(true, vec![first, business.clone()])]).contains("55.1-1400"));
    let named = ToolResult { tool: "get_node".into(), args: json!({"id": "55.1-1400"}), ok: true, result: business };
    assert!(compose("what does 55.1-1400 say", &[named]).contains("55.1-1400"));
}

#[test]
fn with_no_case_on_a_path_the_path_the_leading_section_rests_on_is_offered() {
    let cases = |paths: Value| ToolResult {
        tool: "GetCases".into(),
        args: json!({}),
        ok: true,
        result: json!({"count": 0, "cases": [], "paths": paths}),
    };
    let path = |kind: &str, title: &str, sections: &[&str]| json!({"kind": kind, "title": title, "summary": "For a tenant.", "steps": ["The notice", "The hearing"], "sections": sections});
    let paths =
        json!([path("debt-defendant", "Sued for money", &["16.1-79"]), path("eviction-tenant", "Eviction", &["55.1-1245", "8.01-126"])]);
    let search = searched(true, vec![hit(1, "55.1-1245", 1.0, true), hit(2, "8.01-126", 0.8, true)]);
    let answer = compose("I got a pay or quit notice", &[search.clone(), cases(paths.clone())]);
    let next = answer.find("**What to do next:**").unwrap_or_else(|| panic!("{answer}"));
    assert!(answer[next..].starts_with("**What to do next:** this app has a step-by-step path"), "{answer}");
    assert!(
        answer.contains("- **Eviction.** For a tenant. Its steps: The notice; The hearing.") && !answer.contains("Sued for money"),
        "{answer}"
    );
    assert!(answer.contains("**Start here**") && next < answer.find("**What the Virginia law sources say**").unwrap(), "{answer}");
    // No path rests on the leading section: nothing offered.
    let lockout = searched(true, vec![hit(1, "55.1-1243.1", 1.0, true)]);
    assert!(!compose("my landlord changed the locks", &[lockout, cases(paths)]).contains("What to do next"));
    // Without the paths (a case is on one, or GetCases was not asked): nothing offered.
    assert!(!compose("I got a pay or quit notice", &[search]).contains("What to do next"));
}

#[test]
fn what_is_missing_for_the_hearing_is_asked_of_the_cases_proof() {
    let chat: Vec<ToolSpec> = ["search_nodes", "SearchKnowledge", "FindHelp", "GetProof", "GetDeadlines", "GetCases"].map(spec).to_vec();
    let planned = plan("What am I missing for my hearing?", &chat);
    let proof = planned.iter().find(|c| c.name == "GetProof").expect("GetProof is planned");
    // No case named: the case the window has open fills it, else the server takes the only open one.
    assert_eq!(proof.arguments, "{}");
    assert!(names(&planned).contains(&"GetCases"), "the cases, to name the case: {:?}", names(&planned));
    for question in ["what do I still need to prove", "What evidence do I need?"] {
        assert!(names(&plan(question, &chat)).contains(&"GetProof"), "{question}");
    }
    // A question about the law of evidence, or what the other side must prove, is not.
    for question in ["Do they have to prove the radar was calibrated?", "When is my next hearing?", "Can my landlord keep my deposit?"] {
        assert!(!names(&plan(question, &chat)).contains(&"GetProof"), "{question}");
    }
    // Not offered (Research): not planned.
    assert!(!names(&plan("What am I missing for my hearing?", &["search_nodes"].map(spec))).contains(&"GetProof"));
}

#[test]
fn the_answer_to_what_is_missing_leads_with_the_proof_view() {
    let view = json!({
        "caseId": 3, "kind": "eviction-tenant", "title": "Eviction for unpaid rent",
        "elements": [
            {"id": "rental-agreement", "side": "claim", "title": "You rent the home from the landlord", "sections": ["55.1-1200"],
             "status": "shown", "missing": [], "links": [{"recordKind": "document", "recordId": 4, "label": "Lease", "createdBy": "person"}]},
            {"id": "pay-or-quit-notice", "side": "claim", "title": "A proper written notice to pay or leave", "sections": ["55.1-1245"],
             "status": "nothing", "missing": ["Nothing yet shows the notice itself."], "links": []}
        ],
        "counts": {"shown": 1, "partly": 0, "nothing": 1},
        "caveat": "It does not say whether the judge will find it shown."
    });
    let result = |tool: &str, ok: bool, result: Value| ToolResult { tool: tool.into(), args: json!({}), ok, result };
    let cases = json!({"count": 1, "cases": [{"id": 3, "name": "Oak Ridge v. Doe", "status": "open"}]});
    let answer = compose("What am I missing for my hearing?", &[result("GetProof", true, view), result("GetCases", true, cases)]);
    assert!(answer.starts_with("**What the court must find in Oak Ridge v. Doe, and what your records show**"), "{answer}");
    assert!(answer.contains("- A proper written notice to pay or leave — nothing yet (§ 55.1-1245): Nothing yet shows the notice itself."));
    assert!(
        answer.contains("of 2 things, 1 shown, 0 partly shown, 1 with nothing yet.")
            && answer.contains("It does not say whether the judge")
    );
    assert!(answer.contains("**Offline answer.**"), "still said to be offline: {answer}");

    // No case yet: said plainly, and not listed as a source that failed.
    let refused = json!({"error": {"code": "invalid_arguments", "message": "invalid argument `caseId`: the person has no case yet"}});
    let answer = compose(
        "What am I missing for my hearing?",
        &[result("GetProof", false, refused), result("GetCases", true, json!({"count": 0, "cases": []}))],
    );
    assert!(answer.starts_with("**What the court must find:** You have no case in the app yet."), "{answer}");
    assert!(!answer.contains("could not be searched"), "{answer}");
}
