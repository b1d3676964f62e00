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

// A question asked in Spanish: every word the answer writes around the tools' results is Spanish.

/// The English framing of the blocks built from the person's records and the app's tools: none of
/// it may be in a Spanish answer.
const ENGLISH_FRAMING: &[&str] = &[
    "Where your case stands",
    "steps done",
    "Next:",
    "- Court:",
    "What to file",
    "What to bring",
    "Deadline",
    "Rests on",
    "After that",
    "Which court",
    "ticked off",
    "What to do next",
    "Its steps",
    "Start here",
    "From your",
    "Case ",
    "unnamed",
    "court unknown",
    "untitled",
    "overdue",
    "this may be more than",
    "You wrote about",
    "Who to call today",
    "What this app can still do",
    "The law this rests on",
    "official text",
    "unofficial copy",
    "Free legal help",
    "legal aid gives",
    "For all of Virginia",
    "Who qualifies",
    "people",
    "may qualify",
    "a year",
    "This list of programs",
    "What the court must find",
    "your records show",
    "of 2 things",
    "still missing",
    "Already shown",
    "(by ",
    "partly shown",
    "nothing yet",
    "Link your records",
    "Proof for the hearing",
    "Answers to the case",
    "must prove",
    "You have no case",
    "open cases",
    "Offline answer",
    "legal information",
];

fn no_english_framing(answer: &str) {
    for english in ENGLISH_FRAMING {
        assert!(!answer.contains(english), "{english:?} is English framing in a Spanish answer: {answer}");
    }
}

fn ok(tool: &str, result: Value) -> ToolResult {
    ToolResult { tool: tool.into(), args: json!({}), ok: true, result }
}

/// `GetCases` with the person's eviction case on its path, in the words the server gives when asked
/// in Spanish.
fn cases_on_a_path_es() -> ToolResult {
    ok(
        "GetCases",
        json!({ "count": 1, "cases": [{ "id": 1, "name": "Desalojo de Elm St.", "caseNumber": "GV26-1234", "status": "open",
            "court": "Tribunal General de Distrito de Richmond",
            "path": { "kind": "eviction-tenant", "title": "Desalojo (retención ilícita): usted es el inquilino", "done": 2, "steps": 6,
                "next": { "id": "prepare", "title": "Prepárese para contar su versión", "what": "Junte su contrato de arrendamiento y sus recibos.",
                    "court": "Tribunal General de Distrito", "file": "No tiene que presentar nada por escrito.",
                    "bring": "Su contrato de arrendamiento, sus recibos, sus fotos.",
                    "date": "2026-03-10", "deadline": { "date": "2026-03-09", "rule": "el día antes de la audiencia", "explanation": "Cuente los días." },
                    "sections": ["8.01-126", "55.1-1245"] },
                "after": [{ "title": "Vaya a la primera audiencia", "date": "2026-03-10", "deadline": null },
                          { "title": "Decida si apela", "date": null, "deadline": "2026-03-20" }],
                "court": { "name": "Tribunal General de Distrito", "why": "Allí se ven los desalojos.", "sections": ["8.01-124"] } } }] }),
    )
}

#[test]
fn what_comes_next_in_spanish_is_answered_from_the_cases_path_in_spanish() {
    let deadlines = ok(
        "GetDeadlines",
        json!({"deadlines": [{"date": "2026-03-01", "title": "Pagar el alquiler", "overdue": true}, {"date": "2026-03-09"}]}),
    );
    let knowledge = ok(
        "SearchKnowledge",
        json!({"passages": [{"from": "note", "documentTitle": "Llamada al arrendador", "text": "Dijo que no\n\nme devuelve el depósito."},
                            {"text": "Un papel sin nombre."}]}),
    );
    let timeline = ok("SearchTimeline", json!({"events": [{"date": "2026-02-01"}]}));
    let answer = compose("¿Qué sigue en mi caso?", &[cases_on_a_path_es(), deadlines, knowledge, timeline]);
    assert!(
        answer.contains(
            "**Dónde está su caso: Desalojo de Elm St.** (Desalojo (retención ilícita): usted es el inquilino; 2 de 6 pasos hechos)\n\n"
        ),
        "{answer}"
    );
    assert!(
        answer
            .contains("**Siguiente: Prepárese para contar su versión** (2026-03-10) — Junte su contrato de arrendamiento y sus recibos.\n"),
        "{answer}"
    );
    assert!(answer.contains("- Tribunal: Tribunal General de Distrito\n"), "{answer}");
    assert!(answer.contains("- Qué presentar: No tiene que presentar nada por escrito.\n"), "{answer}");
    assert!(answer.contains("- Qué llevar: Su contrato de arrendamiento, sus recibos, sus fotos.\n"), "{answer}");
    assert!(answer.contains("- Fecha límite: 2026-03-09 — el día antes de la audiencia. Cuente los días.\n"), "{answer}");
    assert!(answer.contains("- La ley: § 8.01-126, § 55.1-1245\n"), "{answer}");
    assert!(answer.contains("Después vienen: Vaya a la primera audiencia (2026-03-10); Decida si apela (2026-03-20)."), "{answer}");
    assert!(answer.contains("Qué tribunal ve su caso: Tribunal General de Distrito. Allí se ven los desalojos. (§ 8.01-124)"), "{answer}");
    // The person's own records, each line in Spanish.
    assert!(answer.contains("**De su expediente**"), "{answer}");
    assert!(answer.contains("- Caso GV26-1234: Desalojo de Elm St. (Tribunal General de Distrito de Richmond, abierto)\n"), "{answer}");
    assert!(answer.contains("- Fecha límite 2026-03-01: Pagar el alquiler — ya venció\n"), "{answer}");
    assert!(answer.contains("- Fecha límite 2026-03-09: sin título\n"), "{answer}");
    assert!(answer.contains("- De su nota \"Llamada al arrendador\": \"Dijo que no me devuelve el depósito.\"\n"), "{answer}");
    assert!(answer.contains("- De su documento \"sin título\": \"Un papel sin nombre.\"\n"), "{answer}");
    assert!(answer.contains("- 2026-02-01: evento\n"), "{answer}");
    assert!(answer.contains("**Respuesta sin conexión.**"), "{answer}");
    no_english_framing(&answer);

    // A case with its data missing, and a path with every step done.
    let mut bare = json!({ "id": 2, "status": "closed", "path": { "title": "Cobro de deuda", "done": 1, "steps": 1, "next": null } });
    let answer = compose("¿Qué tengo que hacer ahora en mi caso?", &[ok("GetCases", json!({ "cases": [bare.clone()] }))]);
    assert!(answer.contains("- Caso ?: sin nombre (no se sabe el tribunal, cerrado)\n"), "{answer}");
    assert!(!answer.contains("Dónde está su caso"), "a closed case's path is not shown: {answer}");
    bare["status"] = json!("open");
    let answer = compose("¿Qué tengo que hacer ahora en mi caso?", &[ok("GetCases", json!({ "cases": [bare] }))]);
    assert!(
        answer.contains(
            "**Dónde está su caso: su caso** (Cobro de deuda; 1 de 1 paso hecho)\n\nTodos los pasos de este camino están hechos.\n"
        ),
        "{answer}"
    );
    no_english_framing(&answer);
    // A Spanish question about something else does not get the path.
    let other = compose("¿Cuánto cuesta presentar una demanda de cobro de deuda?", &[cases_on_a_path_es()]);
    assert!(!other.contains("Dónde está su caso"), "{other}");
}

#[test]
fn with_no_case_on_a_path_a_spanish_answer_offers_the_path_in_spanish() {
    let paths = json!([{"kind": "eviction-tenant", "title": "Desalojo", "summary": "Para un inquilino.", "steps": ["El aviso", "La audiencia"],
                        "sections": ["55.1-1245", "8.01-126"]}]);
    let search = searched(true, vec![hit(1, "55.1-1245", 1.0, true), hit(2, "8.01-126", 0.8, true)]);
    let answer =
        compose("me llegó un aviso para pagar o desocupar", &[search, ok("GetCases", json!({"count": 0, "cases": [], "paths": paths}))]);
    let next = answer.find("**Qué hacer ahora:** esta aplicación tiene un camino paso a paso").unwrap_or_else(|| panic!("{answer}"));
    assert!(answer[next..].contains("- **Desalojo.** Para un inquilino. Sus pasos: El aviso; La audiencia.\n"), "{answer}");
    assert!(answer[next..].contains("Elija **Empiece aquí**") && answer[next..].contains("Paso a paso"), "{answer}");
    assert!(next < answer.find("**Lo que dicen las fuentes de la ley de Virginia**").unwrap(), "{answer}");
    no_english_framing(&answer);
}

/// `FindHelp` for a person in Richmond with a household and an income, and a hand-off, in the
/// words the server gives when asked in Spanish.
fn help_es() -> ToolResult {
    ok(
        "FindHelp",
        json!({
            "locality": {"id": "richmond-city", "name": "Richmond (ciudad)", "kind": "city"}, "localityFrom": "case court",
            "programs": [{"name": "Central Virginia Legal Aid Society", "phone": ["804-648-1012", "800-868-1012"], "url": "http://cvlas.org/",
                          "howToApply": "Llame o presente la solicitud en línea."}],
            "statewide": [{"name": "Línea de ayuda legal (todo el estado)", "phone": "1-866-534-5243", "who": "Consejos gratis."}, {}],
            "eligibility": {"guidelineYear": 2026, "householdSize": 3, "yearlyIncome": 21600.0, "povertyLine": 27320, "percentOfPoverty": 79.1,
                            "programs": [{"name": "Ayuda legal (LSC)", "mayQualify": true, "limit": 34150.0}, {"mayQualify": false, "limit": 20000.0}]},
            "handOffs": [{"text": "¿El cargo podría llevar a la cárcel?", "why": "Un delito menor de clase 1 puede llevar a la cárcel.",
                          "law": [{"cite": "§ 19.2-160", "official": true, "read": "2026-11-29"}, {"cite": "§ 19.2-159", "official": false}],
                          "handOff": {"today": "Pida al tribunal un abogado.", "appCanStill": "Ordenar sus papeles.",
                                      "call": [{"name": "Defensor público de Richmond", "phone": "804-225-3000"}]}}],
            "listDate": "2026-11-29",
        }),
    )
}

#[test]
fn a_spanish_question_for_a_lawyer_is_answered_with_who_can_help_in_spanish() {
    let answer = compose("necesito un abogado gratis, somos 3 y gano $1,800 al mes", &[help_es()]);
    assert!(answer.starts_with("**Busque la ayuda de un abogado ahora: puede que esta aplicación no baste para ayudarle con esto de forma segura.** Usted escribió sobre una situación por la que pregunta la aplicación: *¿El cargo podría llevar a la cárcel?* Un delito menor de clase 1 puede llevar a la cárcel.\n\n"), "{answer}");
    assert!(
        answer.contains("**A quién llamar hoy:** Pida al tribunal un abogado.\n\n- **Defensor público de Richmond** — 804-225-3000.\n"),
        "{answer}"
    );
    assert!(answer.contains("**Lo que esta aplicación todavía puede hacer:** Ordenar sus papeles.\n\n"), "{answer}");
    assert!(
        answer.contains("*La ley en la que se basa, como la guardó la aplicación:* § 19.2-160 (texto oficial, leído el 2026-11-29); § 19.2-159 (copia no oficial, leída el ?).\n\n"),
        "{answer}"
    );
    assert!(
        answer.contains("**Ayuda legal gratuita para Richmond (ciudad)** (según el tribunal de su caso): la ayuda legal es ayuda gratuita"),
        "{answer}"
    );
    assert!(
        answer.contains("- **Central Virginia Legal Aid Society** — 804-648-1012 o 800-868-1012 — http://cvlas.org/. Llame o presente la solicitud en línea.\n"),
        "{answer}"
    );
    assert!(
        answer.contains(
            "**Para todo Virginia:**\n\n- **Línea de ayuda legal (todo el estado)** — 1-866-534-5243. Consejos gratis.\n- **Ayuda**.\n"
        ),
        "{answer}"
    );
    assert!(
        answer.contains("**Quién califica:** la pauta federal de pobreza para 3 personas en 2026 es $27,320 al año; sus ingresos son el 79.1% de esa cantidad. Ayuda legal (LSC): usted podría calificar; ellos deciden (unos $34,150 al año para 3 personas). Un programa: más que su límite habitual (unos $20,000 al año para 3 personas).\n\n"),
        "{answer}"
    );
    assert!(answer.contains("*Esta lista de programas y líneas de ayuda se leyó el 2026-11-29"), "{answer}");
    no_english_framing(&answer);

    // No place known, no income given.
    let mut unknown = help_es();
    unknown.result = json!({"programs": [], "statewide": [], "handOffs": []});
    let answer = compose("¿Dónde consigo ayuda legal?", &[unknown]);
    assert!(answer.starts_with("**Ayuda legal gratuita:** la ayuda legal es ayuda gratuita de abogados para personas de bajos ingresos; el programa que le corresponde depende de su condado o ciudad. No se sabe en qué condado o ciudad vive usted.\n\n"), "{answer}");
    assert!(answer.contains("**Quién califica:** los programas de ayuda legal comparan"), "{answer}");
    no_english_framing(&answer);
    // A Spanish question that is not about a lawyer gets the hand-offs only.
    let answer = compose("mi arrendador no me devuelve el depósito de seguridad", &[help_es()]);
    assert!(answer.starts_with("**Busque la ayuda de un abogado ahora") && !answer.contains("Ayuda legal gratuita para"), "{answer}");
}

fn proof_view_es() -> Value {
    json!({
        "caseId": 3, "kind": "eviction-tenant", "title": "Desalojo por falta de pago",
        "elements": [
            {"id": "rental-agreement", "side": "claim", "title": "Usted alquila la vivienda al arrendador", "sections": ["55.1-1200"],
             "status": "shown", "missing": [], "links": [{"recordKind": "document", "recordId": 4, "label": "Contrato", "createdBy": "person"}]},
            {"id": "pay-or-quit-notice", "side": "claim", "title": "Un aviso por escrito para pagar o desocupar", "sections": ["55.1-1245"],
             "status": "nothing", "missing": ["Nada muestra todavía el aviso."], "links": [], "dates": ["Falta la fecha de la notificación."]},
            {"id": "paid", "side": "defence", "sections": ["55.1-1250"], "status": "partly", "missing": ["Nada muestra todavía cuánto se debía."]}
        ],
        "counts": {"shown": 1, "partly": 1, "nothing": 1},
        "caveat": "Esto no dice si el juez lo dará por probado."
    })
}

#[test]
fn what_is_missing_for_the_hearing_in_spanish_is_answered_from_the_proof_view_in_spanish() {
    let chat: Vec<ToolSpec> = ["search_nodes", "SearchKnowledge", "FindHelp", "GetProof", "GetDeadlines", "GetCases"].map(spec).to_vec();
    for question in
        ["¿Qué me falta para la audiencia?", "q me falta pa la audiencia", "¿Qué pruebas necesito?", "¿Estoy lista para mi audiencia?"]
    {
        let planned = plan(question, &chat);
        assert!(names(&planned).contains(&"GetProof") && names(&planned).contains(&"GetCases"), "{question}: {:?}", names(&planned));
    }
    assert!(!names(&plan("me demandaron por falta de pago", &chat)).contains(&"GetProof"));

    let cases = ok("GetCases", json!({"count": 1, "cases": [{"id": 3, "name": "Oak Ridge contra Doe", "status": "open"}]}));
    let answer = compose("¿Qué me falta para la audiencia?", &[ok("GetProof", proof_view_es()), cases]);
    assert!(
        answer.starts_with("**Lo que el tribunal debe comprobar en Oak Ridge contra Doe, y lo que muestran sus registros** (Desalojo por falta de pago): de 3 puntos, 1 mostrado, 1 mostrado en parte, 1 sin nada todavía.\n\n"),
        "{answer}"
    );
    assert!(answer.contains("Lo que debe probar la parte que presentó el caso — todavía falta:\n\n- Un aviso por escrito para pagar o desocupar — nada todavía (§ 55.1-1245): Nada muestra todavía el aviso. Falta la fecha de la notificación.\n"), "{answer}");
    assert!(answer.contains("Las respuestas al caso — todavía falta:\n\n- sin título — mostrado en parte (§ 55.1-1250): Nada muestra todavía cuánto se debía.\n"), "{answer}");
    assert!(answer.contains("Ya lo muestran sus registros: Usted alquila la vivienda al arrendador (con Contrato).\n\n"), "{answer}");
    assert!(
        answer.contains("**Pruebas para la audiencia**") && answer.contains("*Esto no dice si el juez lo dará por probado.*"),
        "{answer}"
    );
    no_english_framing(&answer);

    // A case with no kind, no case yet, several, and an error.
    let no_kind = json!({"caseId": 1, "elements": [], "counts": {}});
    let answer = compose("¿Qué me falta para la audiencia?", &[ok("GetProof", no_kind)]);
    assert!(answer.starts_with("**Lo que el tribunal debe comprobar:** Este caso todavía no tiene un tipo elegido"), "{answer}");
    let refused = |cases: Value| {
        let refusal = ToolResult { tool: "GetProof".into(), args: json!({}), ok: false, result: json!({"error": {"message": "sin caso"}}) };
        compose("¿Qué me falta para la audiencia?", &[refusal, ok("GetCases", cases)])
    };
    let none = refused(json!({"count": 0, "cases": []}));
    assert!(none.starts_with("**Lo que el tribunal debe comprobar:** Todavía no tiene ningún caso en la aplicación."), "{none}");
    no_english_framing(&none);
    let two = refused(json!({"cases": [{"id": 1, "status": "open"}, {"id": 2, "status": "open"}]}));
    assert!(two.starts_with("**Lo que el tribunal debe comprobar:** Usted tiene 2 casos abiertos."), "{two}");
    no_english_framing(&two);
    let down = ToolResult { tool: "GetProof".into(), args: json!({}), ok: false, result: json!({}) };
    let down = compose("¿Qué me falta para la audiencia?", &[down]);
    assert!(
        down.starts_with("**Lo que el tribunal debe comprobar:** No se pudieron leer las Pruebas para la audiencia del caso: no funcionó"),
        "{down}"
    );
}

#[test]
fn a_spanish_question_plans_the_tools_its_words_ask_for() {
    let chat: Vec<ToolSpec> =
        ["search_nodes", "SearchKnowledge", "FindHelp", "GetProof", "GetDeadlines", "GetCases", "GetContacts", "GetFinances"]
            .map(spec)
            .to_vec();
    let next = names(&plan("¿qué sigue en mi caso?", &chat)).join(" ");
    assert!(next.contains("GetDeadlines") && next.contains("GetCases") && !next.contains("GetProof"), "{next}");
    let lawyer = plan("necesito un abogado, somos cuatro y ganamos 1,500 dólares al mes", &chat);
    assert!(names(&lawyer).contains(&"GetContacts"), "{:?}", names(&lawyer));
    let help: Value = serde_json::from_str(&lawyer.iter().find(|c| c.name == "FindHelp").unwrap().arguments).unwrap();
    assert_eq!((help["householdSize"].clone(), help["yearlyIncome"].clone()), (json!(4), json!(18000.0)), "{help}");
    assert_eq!(help::income_arguments_es("familia de 3, gano $21,000 al año"), json!({"householdSize": 3, "yearlyIncome": 21000.0}));
    assert_eq!(
        help::income_arguments_es("somos 2 personas y gano 400 dolares por semana"),
        json!({"householdSize": 2, "yearlyIncome": 20800.0})
    );
    assert_eq!(help::income_arguments_es("gano 21 mil dólares"), json!({}), "an income with no household is not weighed");
    assert_eq!(help::income_arguments_es("somos una familia de 3, gano $20,000"), json!({"householdSize": 3, "yearlyIncome": 20000.0}));
    assert_eq!(help::income_arguments_es("tengo una family of 3, y gano $20,000"), json!({"householdSize": 3, "yearlyIncome": 20000.0}));
    assert!(names(&plan("¿cuánto dinero le debo al arrendador?", &chat)).contains(&"GetFinances"));
    // The English plan is as it was: a Spanish cue in an English question changes nothing.
    assert_eq!(names(&plan("What does § 2.2-3704 require? abogado", &chat)), names(&plan("What does § 2.2-3704 require?", &chat)));
}

#[test]
fn a_spanish_answer_says_its_other_framing_in_spanish() {
    // Related sections of the Constitution, an outside source with no title and a tool that failed
    // with no message.
    let node = |id: i64, source_id: &str, node_type: &str| {
        json!({"id": id, "nodeType": node_type, "sourceId": source_id, "heading": "Libertad de expresión",
               "sourceText": "Any citizen may freely speak, write and publish his sentiments on all subjects.", "textKind": "official"})
    };
    let results = [
        ok("search_nodes", json!({"nodes": [node(1, "const-I-13", "constitution_section")]})),
        ok(
            "get_neighbors",
            json!({"id": 1, "edges": [{"relType": "cites", "fromNode": node(1, "const-I-13", "constitution_section"),
                                                       "toNode": node(2, "const-I-12", "constitution_section")}]}),
        ),
        ok("search_opinions", json!({"results": [{"url": "https://example.org/op"}]})),
        ToolResult { tool: "search_statutes".into(), args: json!({}), ok: false, result: json!({}) },
    ];
    let answer = compose("¿la ley me deja decir lo que pienso de mi arrendador?", &results);
    assert!(
        answer.contains("**Secciones relacionadas:** Constitución de Virginia, artículo I, sección 12 (Libertad de expresión)"),
        "{answer}"
    );
    assert!(answer.contains("- sin título — https://example.org/op\n"), "{answer}");
    assert!(answer.contains("- search_statutes: no funcionó\n"), "{answer}");
    assert!(!answer.contains("Constitution of Virginia") && !answer.contains("untitled") && !answer.contains(": failed"), "{answer}");
}
