//! The card readers, on the result shapes each tool returns (moved here from the page's own
//! normaliser tests when the page stopped reading tool results itself).

use super::readers::money;
use super::*;
use serde_json::json;

fn extra(label: &str, value: &str) -> Extra {
    Extra { label: label.into(), value: value.into(), tone: None }
}

#[test]
fn research_results_become_cards_with_their_facts() {
    let result = json!({
        "service": "CourtListener", "query": "q", "total": 1243, "note": "n",
        "results": [{"title": "Keel v. Keel", "citation": "225 Va. 606", "court": "Supreme Court of Virginia", "date": "1983-06-17",
                     "snippet": "In custody…", "url": "https://www.courtlistener.com/opinion/1/keel/", "cited_by": 412}]
    });
    assert_eq!(total_of(&result), Some(1243));
    assert_eq!(note_of(&result).as_deref(), Some("n"));
    let cards = build(CardKind::Opinion, &result);
    assert_eq!(cards.len(), 1);
    let c = &cards[0];
    assert_eq!((c.title.as_str(), c.citation.as_str()), ("Keel v. Keel", "225 Va. 606"));
    assert_eq!(c.meta, ["Supreme Court of Virginia", "1983-06-17"]);
    assert_eq!(c.url.as_deref(), Some("https://www.courtlistener.com/opinion/1/keel/"));
    assert_eq!(c.kind, CardKind::Opinion);
    assert_eq!(c.extras, [extra("Cited by", "412")]);
    let shape = serde_json::to_value(c).unwrap();
    for key in ["title", "citation", "snippet", "url", "kind"] {
        assert!(shape.get(key).is_some(), "{key} in {shape}");
    }
}

#[test]
fn law_graph_shapes() {
    let node = json!({"id": 1, "nodeType": "section", "sourceId": "2.2-3704", "heading": "Public records", "sourceText": "Text",
                      "textKind": "summary", "url": "https://law.lis.virginia.gov/vacode/2.2-3704/"});
    let found = build(CardKind::Law, &json!({"nodes": [node.clone()], "total": 1}));
    assert_eq!(found[0].section.as_deref(), Some("2.2-3704"));
    assert_eq!(found[0].text_kind.as_deref(), Some("summary"));
    assert_eq!(found[0].citation, "§ 2.2-3704");
    assert_eq!(found[0].kind, CardKind::Law);
    let mut whole = node.clone();
    whole["edges"] = json!([]);
    assert_eq!(build(CardKind::Law, &whole)[0].title, "Public records");
    let similar = build(CardKind::Law, &json!([{"node": node, "score": 0.83}]));
    assert_eq!(similar[0].extras, [extra("Similarity", "83%")]);

    let around = neighbor_cards(&json!({"id": 1, "edges": [{"relType": "cites",
        "fromNode": {"id": 1, "sourceId": "2.2-3704", "heading": "A", "nodeType": "section"},
        "toNode": {"id": 2, "sourceId": "2.2-3713", "heading": "B", "nodeType": "section"}}]}));
    assert_eq!(around[0].section.as_deref(), Some("2.2-3713"));
    assert_eq!(around[0].meta, ["Cited by this section"]);
    assert_eq!(neighbor_cards(&json!([{"fromId": 1, "toId": 2, "relType": "contains"}])).len(), 1);

    let stats = build(
        CardKind::Overview,
        &json!({"nodeCount": 437, "edgeCount": 900, "corpus": "starter", "semanticSearch": true, "nodeTypes": [{"type": "section", "count": 400}]}),
    );
    assert!(stats[0].snippet.contains("437 items"), "{:?}", stats[0]);
    assert_eq!(stats[0].extras, [extra("Section", "400")]);

    let constitution =
        build(CardKind::Law, &json!({"id": 9, "nodeType": "constitution_section", "sourceId": "const-I-12", "heading": null}));
    assert_eq!(constitution[0].title, "Constitution of Virginia, Article I, Section 12");
    assert_eq!(constitution[0].section.as_deref(), Some("const-I-12"));
    let chapter = build(CardKind::Law, &json!({"id": 3, "nodeType": "chapter", "sourceId": "20:6.1", "heading": "Custody"}));
    assert_eq!((chapter[0].citation.as_str(), chapter[0].section.as_deref()), ("Chapter 20, chapter 6.1", None));
}

#[test]
fn the_persons_own_data() {
    let d = build(
        CardKind::Deadline,
        &json!({"deadlines": [{"title": "Hearing", "date": "2025-02-20", "kind": "hearing", "daysUntil": 3, "status": "upcoming"}]}),
    );
    assert_eq!(d[0].extras, [extra("When", "In 3 days")]);
    let late = build(CardKind::Deadline, &json!({"deadlines": [{"title": "Answer", "daysUntil": -1, "overdue": true}]}));
    assert_eq!(late[0].extras[0].value, "Overdue by 1 day");
    assert_eq!(late[0].extras[0].tone.as_deref(), Some("warn"));

    let f = build(
        CardKind::Expense,
        &json!({"count": 1, "total": 86, "totalsByCategory": [{"category": "filing_fee", "total": 86, "count": 1}], "entriesShown": 1,
                "entries": [{"date": "2025-01-02", "amount": 86, "category": "filing_fee", "description": "Filing fee"}]}),
    );
    assert_eq!(f.len(), 2);
    assert_eq!(f[0].title, "Total spent: $86.00");
    assert_eq!(f[0].extras, [extra("Filing fee", "$86.00")]);
    assert_eq!(f[1].extras, [extra("Amount", "$86.00")]);

    let k = build(
        CardKind::Passage,
        &json!({"query": "q", "mode": "hybrid", "passages": [{"documentTitle": "Order", "text": "The court orders", "score": 0.5}]}),
    );
    assert_eq!((k[0].title.as_str(), k[0].kind), ("Order", CardKind::Passage));
    let t = build(
        CardKind::Document,
        &json!({"id": 3, "title": "Order", "offset": 0, "limit": 8000, "total": 12000, "nextOffset": 8000, "text": "Body"}),
    );
    assert_eq!(t[0].title, "Order");
    assert_eq!(t[0].extras, [extra("Length", "12,000 characters")]);

    let cases = build(
        CardKind::Case,
        &json!({"count": 1, "cases": [{"name": "Custody", "caseNumber": "JJ1", "court": "J&DR", "type": "custody", "status": "open",
                                        "parties": [{"name": "Ann", "role": "mother"}]}]}),
    );
    assert_eq!((cases[0].title.as_str(), cases[0].citation.as_str()), ("Custody", "JJ1"));
    assert_eq!(cases[0].extras.last().unwrap(), &extra("Parties", "Ann (mother)"));
    let events =
        build(CardKind::Event, &json!({"events": [{"title": "Exchange", "party": "mother", "details": "late", "isCritical": true}]}));
    assert_eq!(events[0].meta, ["mother"]);
    assert_eq!(events[0].extras[0].tone.as_deref(), Some("warn"));
}

#[test]
fn unknown_shapes_fall_back_to_a_json_preview_and_never_panic() {
    for v in [
        json!(null),
        json!(42),
        json!("text"),
        json!([]),
        json!([1, 2]),
        json!({"a": {"b": [1]}}),
        json!([{"weird": true}]),
        json!({"results": "not a list"}),
    ] {
        for kind in [CardKind::Other, CardKind::Law, CardKind::Overview, CardKind::Expense, CardKind::Document, CardKind::Case] {
            let _ = build(kind, &v);
        }
    }
    assert!(build(CardKind::Other, &json!([{"weird": true}]))[0].preview.as_deref().unwrap().contains("weird"));
    assert!(build(CardKind::Other, &json!(null)).is_empty());
}

#[test]
fn words_and_numbers_for_people() {
    assert_eq!(humanize("search_opinions"), "Search opinions");
    assert_eq!(humanize("SomethingNew"), "Something New");
    assert_eq!(thousands(1_234_567), "1,234,567");
    assert_eq!(thousands(-999), "-999");
    assert_eq!(money(&json!(-1234.5)), "-$1,234.50");
    assert_eq!(truncate("abcdef", 3), "abc…");
    assert_eq!(truncate("éé", 2), "éé");
}

#[test]
fn writes_become_cards_that_open_what_was_written() {
    let appended = build(
        CardKind::Other,
        &json!({"note": {"id": 4, "title": "Connections: Lease", "body": "Mine.\n\n## Connections\n- x"}, "appended": 18}),
    );
    assert_eq!(appended.len(), 1);
    assert_eq!((appended[0].title.as_str(), appended[0].citation.as_str()), ("Connections: Lease", "Added to the note"));
    assert_eq!(appended[0].snippet, "## Connections\n- x", "only what was added");
    assert_eq!(appended[0].record, Some(RecordRef { kind: "note".into(), id: 4 }));
    let link = build(
        CardKind::Other,
        &json!({"link": {"id": 1, "fromKind": "document", "fromId": 7, "toKind": "section", "to": "20-124.3", "why": "custody"}, "merged": false}),
    );
    assert_eq!(link[0].title, "Linked to § 20-124.3");
    assert_eq!((link[0].section.as_deref(), link[0].record.as_ref().map(|r| r.id)), (Some("20-124.3"), Some(7)));
    let deadline =
        build(CardKind::Other, &json!({"deadline": {"id": 9, "title": "Answer", "date": "2030-01-02"}, "computedDate": "2030-01-02"}));
    assert_eq!((deadline[0].title.as_str(), deadline[0].record.as_ref().map(|r| r.kind.as_str())), ("Answer", Some("deadline")));
    // A draft opens as the case document it is kept as; what the check changed is flagged.
    let draft = build(
        CardKind::Document,
        &json!({"draft": {"id": 3, "title": "Case timeline", "kind": "mermaid", "version": 2, "content": "timeline\n  2026-03-01 : Filed",
                          "documentId": 11, "warnings": ["removed the ```mermaid fence"]}, "warnings": ["removed the ```mermaid fence"]}),
    );
    assert_eq!(draft.len(), 1);
    assert_eq!((draft[0].title.as_str(), draft[0].citation.as_str()), ("Case timeline", "Draft (diagram), version 2"));
    assert_eq!(draft[0].snippet, "timeline\n  2026-03-01 : Filed");
    assert_eq!(draft[0].record, Some(RecordRef { kind: "document".into(), id: 11 }));
    assert_eq!(draft[0].extras[0].tone.as_deref(), Some("warn"));
    // A paper to file shows its heading and opening, not its parts as JSON, and counts the build's warnings.
    let paper = build(
        CardKind::Document,
        &json!({"draft": {"id": 4, "title": "Motion to continue — Doe", "kind": "paper", "version": 1, "content": "{\"paper\": \"motion-to-continue\"}",
                          "documentId": 12, "warnings": []},
                "paper": {"heading": "MOTION TO CONTINUE", "opening": "Defendant asks the Court to move the hearing."},
                "warnings": ["The case has no case number yet"], "when": "Before the hearing."}),
    );
    assert_eq!(paper[0].citation, "Paper to file, version 1");
    assert_eq!(paper[0].snippet, "MOTION TO CONTINUE — Defendant asks the Court to move the hearing.");
    assert_eq!(paper[0].record, Some(RecordRef { kind: "document".into(), id: 12 }));
    assert_eq!((paper[0].extras[0].label.as_str(), paper[0].extras[0].value.as_str()), ("To look at before filing", "1"));
}

#[test]
fn a_papers_check_shows_each_finding_with_both_values_or_what_was_looked_at() {
    let report = json!({
        "title": "Motion to continue — Doe",
        "findings": [{"kind": "case_number", "message": "The caption's case number is GV1, but the case record has GV2.", "found": "GV1", "expected": "GV2"},
                     {"kind": "no_address", "message": "The signature block has no address."}],
        "checked": ["the signature block"], "sections": [], "citations": [],
    });
    let cards = build(CardKind::Other, &report);
    assert_eq!(cards.len(), 2);
    assert_eq!((cards[0].citation.as_str(), cards[0].title.as_str()), ("case number", "Motion to continue — Doe"));
    assert_eq!(
        cards[0].extras.iter().map(|e| (e.label.as_str(), e.value.as_str())).collect::<Vec<_>>(),
        [("Found", "GV1"), ("Expected", "GV2")]
    );
    assert!(cards[1].extras.is_empty() && cards[1].snippet.contains("no address"));
    let clean =
        build(CardKind::Other, &json!({"title": "Letter", "findings": [], "checked": ["hearing dates"], "sections": [], "citations": []}));
    assert_eq!(
        (clean.len(), clean[0].citation.as_str(), clean[0].snippet.as_str()),
        (1, "Nothing found to fix", "Looked at: hearing dates.")
    );
}

#[test]
fn who_can_help_shows_the_hand_off_first_then_each_program_and_line_with_its_number() {
    let result = json!({
        "locality": {"id": "richmond-city", "name": "Richmond city", "kind": "city"},
        "programs": [{"name": "Central Virginia Legal Aid Society", "phone": ["804-648-1012"], "url": "http://cvlas.org/", "howToApply": "Call or apply online.", "read": "2026-11-29"}],
        "statewide": [{"name": "Legal Aid line (statewide)", "phone": "1-866-534-5243", "who": "Free advice.", "read": "2026-11-29"}],
        "handOffs": [{"text": "Could the charge mean jail?", "why": "A Class 1 misdemeanor can mean jail.", "handOff": {"title": "Get a lawyer’s help now", "today": "Ask the court for a lawyer."}}],
    });
    let cards = build(CardKind::Other, &result);
    let titles: Vec<&str> = cards.iter().map(|c| c.title.as_str()).collect();
    assert_eq!(titles, ["Get a lawyer’s help now", "Central Virginia Legal Aid Society", "Legal Aid line (statewide)"]);
    assert_eq!(cards[0].citation, "Could the charge mean jail?");
    assert_eq!(cards[1].citation, "Legal aid for Richmond city");
    assert_eq!(cards[1].url.as_deref(), Some("http://cvlas.org/"));
    assert_eq!(cards[1].extras, [extra("Phone", "804-648-1012")]);
    assert_eq!(cards[2].extras, [extra("Phone", "1-866-534-5243")]);
    assert!(cards.iter().all(|c| c.kind == CardKind::Lawyer));
}

#[test]
fn the_proof_view_is_a_card_per_element_and_a_link_to_it_a_card_with_the_counts() {
    let view = json!({
        "caseId": 3, "kind": "eviction-tenant",
        "elements": [
            {"id": "rental-agreement", "side": "claim", "title": "You rent the home from the landlord", "sections": ["55.1-1200"],
             "status": "shown", "missing": [], "links": [{"recordKind": "document", "recordId": 4, "label": "Lease", "createdBy": "agent"}]},
            {"id": "pay-or-quit-notice", "side": "claim", "title": "A proper written notice to pay or leave", "sections": ["55.1-1245", "8.01-126"],
             "status": "partly", "missing": ["Nothing yet shows the date the notice was served."], "links": []}
        ],
        "counts": {"shown": 1, "partly": 1, "nothing": 0},
        "caveat": "It does not say whether the judge will find it shown."
    });
    let cards = build(CardKind::Other, &view);
    assert_eq!(cards.len(), 2);
    assert_eq!((cards[0].title.as_str(), cards[0].snippet.as_str()), ("You rent the home from the landlord", "Shown by: Lease."));
    assert_eq!((cards[0].extras[0].value.as_str(), cards[0].extras[0].tone.as_deref()), ("Shown", None));
    assert_eq!(cards[1].citation, "§ 55.1-1245, § 8.01-126");
    assert_eq!(cards[1].section.as_deref(), Some("55.1-1245"));
    assert_eq!((cards[1].extras[0].value.as_str(), cards[1].extras[0].tone.as_deref()), ("Partly shown", Some("warn")));
    assert_eq!(cards[1].snippet, "Nothing yet shows the date the notice was served.");
    let no_kind = build(
        CardKind::Other,
        &json!({"caseId": 1, "kind": null, "elements": [], "counts": {"shown": 0, "partly": 0, "nothing": 0},
                                                "caveat": "…", "message": "Choose what kind of case this is."}),
    );
    assert_eq!((no_kind.len(), no_kind[0].snippet.as_str()), (1, "Choose what kind of case this is."));

    let linked = build(CardKind::Other, &json!({"proof": view, "linked": true, "changed": true}));
    assert_eq!(
        (linked[0].citation.as_str(), linked[0].snippet.as_str()),
        ("Evidence linked", "1 shown, 1 partly shown, 0 with nothing yet.")
    );
    let same = build(CardKind::Other, &json!({"proof": view, "linked": true, "changed": false}));
    assert_eq!(same[0].citation, "Nothing changed");
    let away = build(CardKind::Other, &json!({"proof": view, "linked": false, "changed": true}));
    assert_eq!(away[0].citation, "Link taken away");
}

/// Every text of a card, one line each: title, citation, snippet, meta, each chip's label and value.
fn texts(card: &Card) -> Vec<String> {
    let mut out = vec![card.title.clone(), card.citation.clone(), card.snippet.clone()];
    out.extend(card.meta.iter().cloned());
    out.extend(card.extras.iter().flat_map(|e| [e.label.clone(), e.value.clone()]));
    out
}

/// The strings of a result (its data), longest first: what a card shows of them is not its own words.
fn data_strings(result: &serde_json::Value, out: &mut Vec<String>) {
    match result {
        // Words of three letters or more: taking out a letter would hide an English word.
        serde_json::Value::String(s) if s.chars().count() >= 3 => out.push(s.clone()),
        serde_json::Value::Array(list) => list.iter().for_each(|v| data_strings(v, out)),
        serde_json::Value::Object(map) => map.values().for_each(|v| data_strings(v, out)),
        _ => {}
    }
}

/// What the card says in its own words: its texts with the result's own strings taken out.
fn own_words(cards: &[Card], result: &serde_json::Value) -> String {
    let mut data = Vec::new();
    data_strings(result, &mut data);
    data.sort_by_key(|s| std::cmp::Reverse(s.chars().count()));
    let mut text = cards.iter().flat_map(texts).collect::<Vec<_>>().join("\n");
    for d in data {
        text = text.replace(&d, " ");
    }
    text
}

/// The numbers (runs of digits, sorted) and how many § a text holds.
fn figures(text: &str) -> (Vec<String>, usize) {
    let mut numbers: Vec<String> = text.split(|c: char| !c.is_ascii_digit()).filter(|n| !n.is_empty()).map(str::to_string).collect();
    numbers.sort();
    (numbers, text.matches('§').count())
}

/// English words of the cards' own texts that a Spanish card must not have.
const ENGLISH: &[&str] = &[
    "Legal aid",
    "Phone",
    "Today",
    "For all of Virginia",
    "read ",
    "Shown",
    "Partly",
    "Nothing",
    "Where it stands",
    "Proof for",
    "Evidence",
    "Link",
    "Linked",
    "from ",
    "Added",
    "New note",
    "Note",
    "Paper to file",
    "version",
    "Draft",
    "(diagram)",
    "To look at",
    "Changed",
    "Looked at",
    "Found",
    "Expected",
    "case number",
    "no address",
    "When",
    "In 3",
    "Overdue",
    "Tomorrow",
    "Total spent",
    "Amount",
    "Entry",
    "entries",
    "Length",
    "characters",
    "items",
    "links",
    "search by meaning",
    "law graph",
    "Cited by",
    "Cites",
    "Part of",
    "Contains",
    "Similarity",
    "Match",
    "Type",
    "Status",
    "Parties",
    "Marked",
    "critical",
    "Your document",
    "Your note",
    "Document ",
    "Title ",
    "Chapter",
    "Constitution of",
    "Article",
    "No kind",
    "What the court",
    "The paper",
    "Section",
];

/// One result of every shape a card is built from, with the kind its tool gives.
fn every_shape() -> Vec<(CardKind, serde_json::Value)> {
    let view = json!({
        "caseId": 3, "kind": "eviction-tenant",
        "elements": [
            {"id": "rental-agreement", "side": "claim", "title": "You rent the home from the landlord", "sections": ["55.1-1200"],
             "status": "shown", "missing": [], "links": [{"recordKind": "document", "recordId": 4, "label": "Lease", "createdBy": "agent"}]},
            {"id": "pay-or-quit-notice", "side": "claim", "title": "A proper written notice to pay or leave", "sections": ["55.1-1245", "8.01-126"],
             "status": "partly", "missing": ["Nothing yet shows the date the notice was served."], "links": []},
            {"id": "paid", "side": "defence", "sections": ["const-I-12"], "status": "nothing", "missing": [], "links": []}
        ],
        "counts": {"shown": 1, "partly": 1, "nothing": 1},
        "caveat": "It does not say whether the judge will find it shown."
    });
    vec![
        (
            CardKind::Other,
            json!({
                "locality": {"id": "richmond-city", "name": "Richmond city", "kind": "city"},
                "programs": [{"name": "Central Virginia Legal Aid Society", "phone": ["804-648-1012", "800-868-1012"], "url": "http://cvlas.org/", "howToApply": "Call or apply online.", "read": "2026-11-29"}],
                "statewide": [{"name": "Legal Aid line (statewide)", "phone": "1-866-534-5243", "who": "Free advice.", "read": "2026-11-29"}],
                "handOffs": [{"text": "Could the charge mean jail?", "why": "A Class 1 misdemeanor can mean jail.", "handOff": {"title": "Get a lawyer’s help now", "today": "Ask the court for a lawyer."}}],
            }),
        ),
        (CardKind::Other, view.clone()),
        (
            CardKind::Other,
            json!({"caseId": 1, "kind": null, "elements": [], "counts": {"shown": 0, "partly": 0, "nothing": 0}, "caveat": "…", "message": "Choose a kind."}),
        ),
        (CardKind::Other, json!({"proof": view.clone(), "linked": true, "changed": true})),
        (CardKind::Other, json!({"proof": view.clone(), "linked": true, "changed": false})),
        (CardKind::Other, json!({"proof": view, "linked": false, "changed": true})),
        (
            CardKind::Other,
            json!({"findings": [{"kind": "case_number", "message": "GV1 is not GV2.", "found": "GV1", "expected": "GV2"},
                                {"kind": "no_address", "message": "No address."}], "checked": ["the signature block"]}),
        ),
        (CardKind::Other, json!({"findings": [], "checked": ["hearing dates", "§ 8.01-126"]})),
        (CardKind::Other, json!({"note": {"id": 4, "body": "Mine.\n\n## Connections\n- x"}, "appended": 18})),
        (CardKind::Other, json!({"note": {"id": 5, "body": "New body"}})),
        (
            CardKind::Document,
            json!({"draft": {"id": 3, "kind": "mermaid", "version": 2, "content": "timeline", "documentId": 11, "warnings": ["removed a fence"]}}),
        ),
        (
            CardKind::Document,
            json!({"draft": {"id": 4, "title": "Motion", "kind": "paper", "version": 1, "content": "{}", "documentId": 12},
                   "paper": {"heading": "MOTION", "opening": "Defendant asks."}, "warnings": ["No case number yet"]}),
        ),
        (
            CardKind::Other,
            json!({"link": {"id": 1, "fromKind": "note", "fromId": 7, "toKind": "section", "to": "20-124.3", "why": "custody"}}),
        ),
        (CardKind::Other, json!({"link": {"id": 2, "fromKind": "document", "fromId": 7, "toKind": "deadline", "to": "9", "why": "due"}})),
        (
            CardKind::Deadline,
            json!({"deadlines": [
                {"title": "Hearing", "date": "2025-02-20", "kind": "hearing", "daysUntil": 3, "status": "upcoming"},
                {"title": "Answer", "daysUntil": -1, "overdue": true},
                {"title": "Appeal", "daysUntil": -12, "overdue": true, "kind": "appeal"},
                {"title": "Reply", "daysUntil": 0}, {"title": "Serve", "daysUntil": 1}, {"title": "Filed", "done": true}]}),
        ),
        (CardKind::Other, json!({"deadline": {"id": 9, "title": "Answer", "date": "2030-01-02", "daysUntil": 21}})),
        (
            CardKind::Expense,
            json!({"count": 12, "total": 1286.5, "totalsByCategory": [{"category": "filing_fee", "total": 86, "count": 1}], "entriesShown": 1,
                   "entries": [{"date": "2025-01-02", "amount": 86}]}),
        ),
        (
            CardKind::Case,
            json!({"cases": [{"name": "Custody", "caseNumber": "JJ1", "court": "J&DR", "type": "custody", "status": "open",
                              "parties": [{"name": "Ann", "role": "mother"}]}]}),
        ),
        (CardKind::Event, json!({"events": [{"title": "Exchange", "party": "mother", "details": "late", "isCritical": true}]})),
        (CardKind::Passage, json!({"passages": [{"text": "The court orders", "score": 0.5, "from": "note"}]})),
        (CardKind::Document, json!({"id": 3, "total": 12000, "text": "Body"})),
        (
            CardKind::Overview,
            json!({"nodeCount": 437, "edgeCount": 900, "corpus": "starter", "semanticSearch": true,
                   "nodeTypes": [{"type": "section", "count": 400}, {"type": "constitution_section", "count": 37}]}),
        ),
        (CardKind::Law, json!({"id": 9, "nodeType": "constitution_section", "sourceId": "const-I-12", "heading": null})),
        (CardKind::Law, json!({"id": 3, "nodeType": "chapter", "sourceId": "20:6.1"})),
        (CardKind::Law, json!({"nodes": [{"id": 2, "nodeType": "title", "sourceId": "20"}], "total": 1})),
        (
            CardKind::Law,
            json!([{"node": {"id": 1, "nodeType": "section", "sourceId": "2.2-3704", "heading": "Public records"}, "score": 0.83}]),
        ),
        (
            CardKind::Opinion,
            json!({"results": [{"title": "Keel v. Keel", "citation": "225 Va. 606", "cited_by": 412, "status": "closed",
                                "author": "Poff", "pageCount": 7, "email": "a@b.c"}]}),
        ),
    ]
}

#[test]
fn a_spanish_request_gets_every_card_in_its_own_words_in_spanish_with_the_same_figures() {
    for (kind, result) in every_shape() {
        let english = build(kind, &result);
        let spanish = build_in(kind, &result, Some("es"));
        assert_eq!(english.len(), spanish.len(), "{result}");
        assert!(!spanish.is_empty(), "{result}");
        // The English is what it was: `build` is English, and so is any other language asked for.
        assert_eq!(build_in(kind, &result, None), english);
        assert_eq!(build_in(kind, &result, Some("en")), english);
        let own = own_words(&spanish, &result);
        for word in ENGLISH {
            assert!(!own.contains(word), "{word:?} in a Spanish card of {result}:\n{own}\n{spanish:#?}");
        }
        for (en, es) in english.iter().zip(&spanish) {
            // The same records, links and sections: only the words change.
            assert_eq!(
                (&en.url, en.kind, &en.section, &en.record, en.extras.len()),
                (&es.url, es.kind, &es.section, &es.record, es.extras.len())
            );
            assert_eq!(figures(&texts(en).join("\n")), figures(&texts(es).join("\n")), "the same digits and §:\n{en:#?}\n{es:#?}");
        }
    }
}

#[test]
fn spanish_cards_say_what_the_english_ones_say() {
    let shapes = every_shape();
    let spanish = |i: usize| build_in(shapes[i].0, &shapes[i].1, Some("es"));
    let help = spanish(0);
    assert_eq!(help[1].citation, "Ayuda legal para Richmond city");
    assert_eq!(help[1].extras, [extra("Teléfono", "804-648-1012 · 800-868-1012")]);
    assert_eq!(help[1].meta, ["consultado el 2026-11-29"]);
    assert_eq!(help[2].citation, "Para todo Virginia");
    assert_eq!(help[0].extras[0].label, "Hoy");
    let proof = spanish(1);
    assert_eq!(proof[0].snippet, "Se muestra con: Lease.");
    assert_eq!((proof[1].extras[0].label.as_str(), proof[1].extras[0].value.as_str()), ("Estado", "Mostrado en parte"));
    assert_eq!(proof[2].title, "Lo que el tribunal debe comprobar");
    assert_eq!(proof[2].citation, "Constitución de Virginia, artículo I, sección 12");
    assert_eq!(spanish(3)[0].snippet, "1 mostrado, 1 mostrado en parte, 1 sin nada todavía.");
    assert_eq!((spanish(3)[0].title.as_str(), spanish(3)[0].citation.as_str()), ("Pruebas para la audiencia", "Prueba enlazada"));
    let check = spanish(6);
    assert_eq!((check[0].citation.as_str(), check[1].citation.as_str()), ("número de caso", "falta la dirección"));
    assert_eq!(check[0].extras.iter().map(|e| e.label.as_str()).collect::<Vec<_>>(), ["Encontrado", "Esperado"]);
    assert_eq!(spanish(7)[0].snippet, "Se revisó: hearing dates; § 8.01-126.");
    assert_eq!(spanish(10)[0].citation, "Borrador (diagrama), versión 2");
    assert_eq!(spanish(11)[0].citation, "Papel para presentar, versión 1");
    assert_eq!((spanish(12)[0].title.as_str(), spanish(12)[0].citation.as_str()), ("Enlazado a § 20-124.3", "desde la nota 7"));
    assert_eq!(spanish(13)[0].title, "Enlazado a la fecha límite 9");
    let when: Vec<String> = spanish(14).iter().map(|c| c.extras[0].value.clone()).collect();
    assert_eq!(when, ["En 3 días", "Vencida hace 1 día", "Vencida hace 12 días", "Hoy", "Mañana", "Hecha"]);
    assert_eq!(spanish(14)[0].meta, ["Audiencia", "2025-02-20"]);
    let money = spanish(16);
    assert_eq!(
        (money[0].title.as_str(), money[0].snippet.as_str()),
        ("Total gastado: $1,286.50", "12 gastos; se muestra 1, el más reciente")
    );
    assert_eq!(money[1].extras, [extra("Monto", "$86.00")]);
    assert_eq!(spanish(21)[0].snippet, "437 elementos · 900 enlaces · corpus: starter · búsqueda por significado activada");
    assert_eq!(spanish(21)[0].extras[1], extra("Sección de la Constitución", "37"));
    assert_eq!(spanish(23)[0].citation, "Capítulo 20, capítulo 6.1");
    assert_eq!(spanish(24)[0].title, "Título 20");
    let around = neighbor_cards_in(
        &json!({"id": 1, "edges": [{"relType": "cites", "fromNode": {"id": 1, "sourceId": "2.2-3704", "heading": "A", "nodeType": "section"},
                                    "toNode": {"id": 2, "sourceId": "2.2-3713", "heading": "B", "nodeType": "section"}}]}),
        Some("es"),
    );
    assert_eq!(around[0].meta, ["Citada por esta sección"]);
    assert_eq!(status_words_in("partly", Some("es")), "Mostrado en parte");
    assert_eq!(status_words_in("partly", None), status_words("partly"));
    assert_eq!(
        counts_line_in(&json!({"shown": 2, "partly": 0, "nothing": 5}), None),
        counts_line(&json!({"shown": 2, "partly": 0, "nothing": 5}))
    );
}
