//! The tools that write to the case file — `create_note`, `append_to_note` (append only),
//! `link`, `add_deadline`, `create_paper` and `link_evidence` — over `POST /api/tools/{name}`, on a
//! real database, with the law graph answered by a fake explorer over real HTTP; a model's
//! `create_paper` held by the write gate until the person allows it, and `check_paper` (a read)
//! finding what disagrees with the case; a model's `link_evidence`, asked for by a stand-in model
//! server through `/api/chat`, written only after the person's Allow; and arbitrary arguments to
//! any of the seven writes (`create_draft` too; its own tests are in `drafts.rs`) never get a 5xx.

mod common;

use chrono::NaiveDate;
use common::{FakeExplorer, call, closed_port_url, create, error_of, state, state_with_explorer, tool};
use proptest::prelude::*;
use proseva_server::AppState;
use proseva_server::deadline_rules::{compute, rule};
use proseva_server::tools::{self, TOOL_NAMES, WRITE_TOOLS};
use serde_json::{Value, json};

/// Asserts a 400 that names `argument` as a tool argument; returns why.
fn refused(status: u16, body: &Value, argument: &str) -> String {
    assert_eq!(status, 400, "expected `{argument}` refused: {body}");
    let error = error_of(body, "invalid_input");
    assert!(error["message"].as_str().unwrap().contains("argument"), "{body}");
    error["fields"][argument].as_str().unwrap_or_else(|| panic!("`{argument}` not named in {body}")).to_string()
}

fn count(state: &AppState, table: &str) -> i64 {
    state.store.read(|c| Ok(c.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))?)).unwrap()
}

#[tokio::test]
async fn the_write_tools_are_listed_after_the_eleven_that_read() {
    let (state, _dir) = state();
    assert_eq!(TOOL_NAMES.len(), 18);
    assert_eq!(TOOL_NAMES[11..], WRITE_TOOLS);
    let (_, list) = call("GET", "/api/tools").send(&state).await;
    let by_name = |name: &str| list.as_array().unwrap().iter().find(|t| t["name"] == name).unwrap().clone();
    for name in WRITE_TOOLS {
        let t = by_name(name);
        assert_eq!(t["display"]["source"], "Your case file", "{t}");
        assert_eq!(t["parameters"]["additionalProperties"], false, "{t}");
    }
    // Each tool says in its listing whether it writes, and the seven that do are the write tools.
    let declared: Vec<&str> =
        list.as_array().unwrap().iter().filter(|t| t["effect"] == "writes").map(|t| t["name"].as_str().unwrap()).collect();
    assert_eq!(declared, WRITE_TOOLS);
    assert!(list.as_array().unwrap().iter().all(|t| t["effect"] == "writes" || t["effect"] == "reads"), "{list}");
    let append = by_name("append_to_note");
    let props: Vec<&String> = append["parameters"]["properties"].as_object().unwrap().keys().collect();
    assert_eq!(props, ["noteId", "text"], "append_to_note can only append");
    let link = by_name("link");
    assert_eq!(link["parameters"]["required"], json!(["fromKind", "fromId", "toKind", "to", "why"]));
    let add = by_name("add_deadline");
    assert!(add["parameters"]["properties"]["ruleId"]["enum"].as_array().unwrap().contains(&json!("answer-complaint")));
    assert!(add["parameters"]["properties"]["ruleId"]["description"].as_str().unwrap().contains("Rule 3:8(a)"));
    assert_eq!(by_name("add_deadline")["display"]["results"], "deadline");
    // A paper: one of the catalogue's, for a case, with its fields and the ones every paper takes.
    let paper = by_name("create_paper");
    assert_eq!(paper["parameters"]["required"], json!(["paper", "caseId"]));
    let ids: Vec<&str> = proseva_server::papers::kinds(None).into_iter().map(|k| k.id).collect();
    assert_eq!(paper["parameters"]["properties"]["paper"]["enum"], json!(ids));
    let fields = &paper["parameters"]["properties"]["fields"];
    assert_eq!(fields["additionalProperties"], false, "{fields}");
    for name in proseva_server::papers::build::COMMON_FIELDS.iter().chain(&["hearingDate", "reason", "ground", "orderDescription"]) {
        assert!(fields["properties"][*name]["description"].is_string(), "fields.{name} is described: {fields}");
    }
    assert_eq!(fields["properties"]["hearingDate"]["format"], "date");
    assert_eq!(fields["properties"]["delivery"]["enum"], json!(["mail", "pickup"]));
    let said = paper["description"].as_str().unwrap();
    for words in ["GetCases", "never invent", "ask the person", "fields.<name>", "signs and files", "eviction-tenant: motion-to-continue"] {
        assert!(said.contains(words), "create_paper's description says {words:?}: {said}");
    }
    // The check before filing is a read: it is listed with the reads and never held.
    let check = by_name("check_paper");
    assert_eq!(check["effect"], "reads");
    let mut props: Vec<&String> = check["parameters"]["properties"].as_object().unwrap().keys().collect();
    props.sort();
    assert_eq!(props, ["documentId", "draftId"]);
    // Reading what the court must find is a read; linking a record to it is a write, of the
    // records the Proof view takes.
    assert_eq!(by_name("GetProof")["effect"], "reads");
    let link = by_name("link_evidence");
    assert_eq!(link["parameters"]["required"], json!(["caseId", "elementId", "recordKind", "recordId"]));
    assert_eq!(link["parameters"]["properties"]["recordKind"]["enum"], json!(proseva_server::proof::RECORD_KINDS));
    assert!(link["description"].as_str().unwrap().contains("GetProof"), "{link}");
}

#[tokio::test]
async fn create_note_stores_a_note_searchable_at_once() {
    let (state, _dir) = state();
    let case = create(&state, "/api/cases", json!({"name": "Doe v. Doe"})).await;
    let (status, result) =
        tool(&state, "create_note", json!({"caseId": case["id"], "title": "Clerk call", "body": "Bring two copies of every exhibit."}))
            .await;
    assert_eq!(status, 200, "{result}");
    let note = &result["note"];
    assert_eq!((note["title"].as_str(), note["caseId"].as_i64()), (Some("Clerk call"), case["id"].as_i64()));
    let (status, stored) = call("GET", &format!("/api/notes/{}", note["id"])).send(&state).await;
    assert_eq!((status, &stored), (200, note));
    let (_, found) = tool(&state, "SearchKnowledge", json!({"query": "exhibit copies"})).await;
    assert_eq!(found["passages"][0]["from"], "note", "{found}");
    assert_eq!(found["passages"][0]["id"], note["id"]);

    // An empty body, to be filled by append_to_note (the integrate workflow does this).
    let (status, result) = tool(&state, "create_note", json!({"title": "Connections: Lease", "body": ""})).await;
    assert_eq!((status, result["note"]["body"].as_str()), (200, Some("")), "{result}");

    let (status, body) = tool(&state, "create_note", json!({"body": "no title"})).await;
    refused(status, &body, "title");
    let (status, body) = tool(&state, "create_note", json!({"title": "x", "caseId": 99})).await;
    assert!(refused(status, &body, "caseId").contains("99"));
    let (status, body) = tool(&state, "create_note", json!({"title": "x", "sources": []})).await;
    refused(status, &body, "sources");
    assert_eq!(count(&state, "notes"), 2);
}

#[tokio::test]
async fn append_to_note_only_ever_adds_to_the_end() {
    let (state, _dir) = state();
    let note = create(&state, "/api/notes", json!({"title": "Hearing prep", "body": "First line.\n- keep this"})).await;
    let id = note["id"].clone();
    let (status, result) = tool(&state, "append_to_note", json!({"noteId": id, "text": "## Connections\n- § 20-124.3"})).await;
    assert_eq!(status, 200, "{result}");
    assert_eq!(result["note"]["body"], "First line.\n- keep this\n\n## Connections\n- § 20-124.3");
    assert_eq!(result["appended"], "## Connections\n- § 20-124.3".chars().count());
    let after_first = result["note"]["body"].as_str().unwrap().to_string();

    // Anything but noteId and text is refused by name, and changes nothing.
    for (args, argument) in [
        (json!({"noteId": id, "text": "x", "body": "replaced"}), "body"),
        (json!({"noteId": id, "text": "x", "replace": true}), "replace"),
        (json!({"noteId": id, "text": "x", "title": "Renamed"}), "title"),
        (json!({"noteId": id, "body": "replaced"}), "body"),
        (json!({"noteId": id, "text": ""}), "text"),
        (json!({"noteId": id, "text": "   \n "}), "text"),
        (json!({"noteId": id, "text": 5}), "text"),
        (json!({"text": "x"}), "noteId"),
        (json!({"noteId": "first", "text": "x"}), "noteId"),
    ] {
        let (status, body) = tool(&state, "append_to_note", args.clone()).await;
        refused(status, &body, argument);
    }
    let (status, body) = tool(&state, "append_to_note", json!({"noteId": 999, "text": "x"})).await;
    assert_eq!(status, 404, "{body}");
    let (_, stored) = call("GET", &format!("/api/notes/{id}")).send(&state).await;
    assert_eq!((stored["body"].as_str(), stored["title"].as_str()), (Some(after_first.as_str()), Some("Hearing prep")));

    // A second append keeps the first one's text, to the character.
    let (_, result) = tool(&state, "append_to_note", json!({"noteId": id, "text": "More."})).await;
    let body = result["note"]["body"].as_str().unwrap();
    assert!(body.starts_with(&after_first) && body.ends_with("\n\nMore."), "{body}");
    // The same code path as POST /api/notes/{id}/append: searchable at once.
    let (_, found) = tool(&state, "SearchKnowledge", json!({"query": "connections"})).await;
    assert_eq!(found["passages"][0]["id"], id, "{found}");
}

#[tokio::test]
async fn link_stores_one_link_per_pair_and_says_when_it_merged() {
    let explorer = FakeExplorer::start(&["20-124.3", "const-I-12"]).await;
    let (state, _dir) = state_with_explorer(&explorer.url);
    let note = create(&state, "/api/notes", json!({"title": "Custody", "body": "Best interests of the child."})).await;
    let args = json!({"fromKind": "note", "fromId": note["id"], "toKind": "section", "to": "§ 20-124.3", "why": "The custody factors."});
    let (status, first) = tool(&state, "link", args).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["merged"], false);
    let link = &first["link"];
    assert_eq!(
        (link["fromKind"].as_str(), link["fromId"].as_i64(), link["toKind"].as_str(), link["to"].as_str()),
        (Some("note"), note["id"].as_i64(), Some("section"), Some("20-124.3"))
    );
    assert_eq!((link["why"].as_str(), link["createdBy"].as_str()), (Some("The custody factors."), Some("agent")));
    assert!(link["createdAt"].as_str().is_some_and(|t| t.ends_with('Z')), "{link}");
    assert_eq!(explorer.asked.lock().unwrap().as_slice(), ["20-124.3"], "asked by sourceId, with the token");

    // The same pair, cited another way: the same link, with the new why.
    let again = json!({"fromKind": "note", "fromId": note["id"].to_string(), "toKind": "section", "to": "Va. Code § 20-124.3", "why": "What the court weighs."});
    let (status, second) = tool(&state, "link", again).await;
    assert_eq!((status, &second["merged"]), (200, &json!(true)), "{second}");
    assert_eq!(second["link"]["id"], link["id"]);
    assert_eq!(second["link"]["why"], "What the court weighs.");
    assert_eq!(count(&state, "links"), 1);

    let constitution =
        json!({"fromKind": "note", "fromId": note["id"], "toKind": "section", "to": "Article I, Section 12", "why": "Speech."});
    let (status, third) = tool(&state, "link", constitution).await;
    assert_eq!((status, third["link"]["to"].as_str()), (200, Some("const-I-12")), "{third}");

    let (status, body) =
        tool(&state, "link", json!({"fromKind": "note", "fromId": note["id"], "toKind": "section", "to": "20-124.3"})).await;
    refused(status, &body, "why");
    assert_eq!(count(&state, "links"), 2);
}

#[tokio::test]
async fn a_section_the_law_graph_lacks_is_refused_and_nothing_is_stored() {
    let explorer = FakeExplorer::start(&["20-124.3"]).await;
    let (state, _dir) = state_with_explorer(&explorer.url);
    let note = create(&state, "/api/notes", json!({"title": "Custody", "body": "x"})).await;
    let link = |to: &str| json!({"fromKind": "note", "fromId": note["id"], "toKind": "section", "to": to, "why": "Because."});
    let (status, body) = tool(&state, "link", link("20-124.99")).await;
    assert_eq!(refused(status, &body, "to"), "no section 20-124.99 in the law graph");
    // Not shaped like a citation: refused without asking the graph.
    let asked = explorer.questions();
    for to in ["custody law", "§§ 20-124.2 and 20-124.3", "§§ 16.1-241 through 16.1-244", "Title 20"] {
        let (status, body) = tool(&state, "link", link(to)).await;
        assert!(refused(status, &body, "to").contains("one section"), "{to}: {body}");
    }
    assert_eq!(explorer.questions(), asked);
    // A missing note is the answer before the graph is asked.
    let (status, body) =
        tool(&state, "link", json!({"fromKind": "note", "fromId": 404, "toKind": "section", "to": "20-124.3", "why": "x"})).await;
    assert!(refused(status, &body, "fromId").contains("no note with id 404"), "{body}");
    assert_eq!(explorer.questions(), asked);
    let (status, body) = tool(&state, "link", json!({"fromKind": "case", "fromId": 1, "toKind": "statute", "to": "x", "why": "x"})).await;
    refused(status, &body, "fromKind");
    refused(status, &body, "toKind");
    assert_eq!(count(&state, "links"), 0);
}

#[tokio::test]
async fn an_explorer_that_cannot_be_reached_is_503_and_nothing_is_stored() {
    let (state, _dir) = state_with_explorer(&closed_port_url());
    let note = create(&state, "/api/notes", json!({"title": "Custody", "body": "x"})).await;
    let args = json!({"fromKind": "note", "fromId": note["id"], "toKind": "section", "to": "20-124.3", "why": "Because."});
    let (status, body) = tool(&state, "link", args.clone()).await;
    assert_eq!(status, 503, "{body}");
    let message = error_of(&body, "unavailable")["message"].as_str().unwrap().to_string();
    assert!(message.contains("§ 20-124.3 could not be checked"), "{message}");
    let mut rest = args.clone();
    rest.as_object_mut().unwrap().remove("why");
    let (status, _) = call("POST", "/api/links").json(&rest).send(&state).await;
    assert_eq!(status, 503);
    assert_eq!(count(&state, "links"), 0);

    // A deadline or an opinion needs no law graph.
    let deadline = create(&state, "/api/deadlines", json!({"title": "Hearing", "date": "2025-06-02"})).await;
    let (status, body) =
        tool(&state, "link", json!({"fromKind": "note", "fromId": note["id"], "toKind": "deadline", "to": deadline["id"], "why": "x"}))
            .await;
    assert_eq!((status, body["link"]["to"].clone()), (200, json!(deadline["id"].to_string())), "{body}");
    let (status, body) =
        tool(&state, "link", json!({"fromKind": "note", "fromId": note["id"], "toKind": "opinion", "to": 4_176_123, "why": "x"})).await;
    assert_eq!((status, body["link"]["to"].as_str()), (200, Some("4176123")), "{body}");
}

#[tokio::test]
async fn the_explorer_is_asked_with_the_servers_token() {
    // This server has no token, so it sends none, and the explorer (which wants one) refuses.
    let explorer = FakeExplorer::start(&["20-124.3"]).await;
    let (state, _dir) = common::state_with(|c| {
        c.explorer_url = explorer.url.clone();
        c.token = None;
    });
    let note = create(&state, "/api/notes", json!({"title": "x", "body": "y"})).await;
    let args = json!({"fromKind": "note", "fromId": note["id"], "toKind": "section", "to": "20-124.3", "why": "x"});
    let (status, body) = tool(&state, "link", args).await;
    assert_eq!(status, 503, "{body}");
    assert_eq!((explorer.questions(), count(&state, "links")), (0, 0));
}

#[tokio::test]
async fn add_deadline_by_rule_computes_the_date_and_stores_how() {
    let (state, _dir) = state();
    let case = create(&state, "/api/cases", json!({"name": "Doe v. Doe"})).await;
    let answer = rule("answer-complaint").unwrap();
    assert_eq!((answer.days, answer.citation.as_str()), (21, "Rule 3:8(a)"), "the rule file");
    for (trigger, due) in [("2025-02-03", "2025-02-24"), ("2025-11-07", "2025-12-01")] {
        let expected = compute(answer, NaiveDate::parse_from_str(trigger, "%Y-%m-%d").unwrap()).unwrap();
        assert_eq!(expected.date.to_string(), due);
        let (status, result) =
            tool(&state, "add_deadline", json!({"caseId": case["id"], "ruleId": "answer-complaint", "triggerDate": trigger})).await;
        assert_eq!(status, 200, "{result}");
        assert_eq!(result["computedDate"], due);
        assert_eq!(result["explanation"], expected.explanation);
        let d = &result["deadline"];
        assert_eq!(
            (d["date"].as_str(), d["title"].as_str(), d["kind"].as_str()),
            (Some(due), Some(answer.title.as_str()), Some("response"))
        );
        assert_eq!((d["ruleId"].as_str(), d["triggerDate"].as_str()), (Some("answer-complaint"), Some(trigger)));
        assert_eq!((d["sourceRule"].as_str(), d["dateNote"].as_str()), (Some("Rule 3:8(a)"), Some(expected.explanation.as_str())));
        assert_eq!(d["caseId"], case["id"]);

        // What POST /api/deadlines stores for the same rule and date.
        let rest =
            create(&state, "/api/deadlines", json!({"caseId": case["id"], "ruleId": "answer-complaint", "triggerDate": trigger})).await;
        for key in ["title", "date", "kind", "ruleId", "triggerDate", "sourceRule", "dateNote", "done", "notes"] {
            assert_eq!(rest[key], d[key], "{key}");
        }
    }
    let (_, result) = tool(
        &state,
        "add_deadline",
        json!({"ruleId": "answer-complaint", "triggerDate": "2025-02-03", "title": "Answer Smith's complaint"}),
    )
    .await;
    assert_eq!(result["deadline"]["title"], "Answer Smith's complaint");
    let (_, listed) = tool(&state, "GetDeadlines", json!({})).await;
    assert_eq!(listed["deadlines"].as_array().unwrap().len(), 5);
}

#[tokio::test]
async fn add_deadline_on_a_known_date_and_every_wrong_mix_named() {
    let (state, _dir) = state();
    let (status, result) = tool(&state, "add_deadline", json!({"title": "Custody hearing", "date": "2025-06-02"})).await;
    assert_eq!(status, 200, "{result}");
    assert_eq!((result["computedDate"].as_str(), result["deadline"]["date"].as_str()), (Some("2025-06-02"), Some("2025-06-02")));
    assert!(result.get("explanation").is_none(), "no explanation for a date given: {result}");
    assert_eq!((result["deadline"]["kind"].as_str(), &result["deadline"]["ruleId"]), (Some("other"), &Value::Null));

    let cases: [(Value, &[&str]); 12] = [
        (json!({}), &["date", "title"]),
        (json!({"title": "Hearing"}), &["date"]),
        (json!({"date": "2025-06-02"}), &["title"]),
        (json!({"ruleId": "answer-complaint"}), &["triggerDate"]),
        (json!({"triggerDate": "2025-02-03"}), &["ruleId"]),
        (json!({"ruleId": "answer-complaint", "triggerDate": "2025-02-03", "date": "2025-03-01"}), &["date"]),
        (json!({"ruleId": "no-such-rule", "triggerDate": "2025-02-03"}), &["ruleId"]),
        (json!({"title": "Hearing", "date": "262142-01-01"}), &["date"]),
        (json!({"ruleId": "answer-complaint", "triggerDate": "262142-01-01"}), &["triggerDate"]),
        (json!({"title": "Hearing", "date": "2025-13-01"}), &["date"]),
        (json!({"title": "Hearing", "date": "2025-06-02", "caseId": 99}), &["caseId"]),
        (json!({"title": "Hearing", "date": "2025-06-02", "kind": "hearing"}), &["kind"]),
    ];
    for (args, named) in cases {
        let (status, body) = tool(&state, "add_deadline", args.clone()).await;
        for argument in named {
            refused(status, &body, argument);
        }
    }
    // Years past the calendar's end (chrono's last is 262142) are refused plainly, never a panic.
    for date in ["262142-01-01", "+262142-12-31", "9999-01-01"] {
        let (status, body) = tool(&state, "add_deadline", json!({"title": "Hearing", "date": date})).await;
        let why = refused(status, &body, "date");
        assert!(why.contains("must be a date like 2026-03-15") || why.contains("between 1800-01-01 and 2200-12-31"), "{date}: {why}");
        let (status, body) = tool(&state, "add_deadline", json!({"ruleId": "answer-complaint", "triggerDate": date})).await;
        refused(status, &body, "triggerDate");
    }
    // The last trigger date taken still gives a date (past 2200 by the rule's days).
    let (status, body) = tool(&state, "add_deadline", json!({"ruleId": "transcript-court-of-appeals", "triggerDate": "2200-12-31"})).await;
    assert_eq!((status, body["computedDate"].as_str().map(|d| &d[..4])), (200, Some("2201")), "{body}");
    assert_eq!(count(&state, "deadlines"), 2, "nothing stored by a refused call");
}

/// A tenant's eviction case with its court, number and parties: a paper built for it has every
/// line of its caption filled.
async fn eviction_case(state: &AppState) -> Value {
    create(
        state,
        "/api/cases",
        json!({
            "name": "Oak Ridge v. Doe",
            "kind": "eviction-tenant",
            "status": "open",
            "court": "General District Court of the City of Richmond",
            "caseNumber": "GV26-001234",
            "parties": [{"name": "Jane Doe", "role": "me"}, {"name": "Oak Ridge Apartments, LLC", "role": "other-party"}],
        }),
    )
    .await
}

/// A motion to continue for `case`, with only what the person would say.
fn motion_args(case: &Value) -> Value {
    let hearing = (chrono::Local::now().date_naive() + chrono::Duration::days(20)).format("%Y-%m-%d").to_string();
    json!({
        "paper": "motion-to-continue",
        "caseId": case["id"],
        "fields": {"address": "12 Oak Ridge Ct., Apt. 4\nRichmond, VA 23220", "hearingDate": hearing, "reason": "I will be in the hospital that day.", "serviceMethod": "mail"},
    })
}

#[tokio::test]
async fn create_paper_as_the_persons_own_call_builds_the_paper_and_names_what_is_missing() {
    let (state, _dir) = state();
    let case = eviction_case(&state).await;
    let (status, built) = tool(&state, "create_paper", motion_args(&case)).await;
    assert_eq!(status, 200, "{built}");
    let draft = &built["draft"];
    assert_eq!(
        (draft["kind"].as_str(), draft["caseId"].as_i64(), draft["version"].as_i64()),
        (Some("paper"), case["id"].as_i64(), Some(1))
    );
    assert_eq!(draft["createdBy"], "agent", "{draft}");
    assert!(draft["documentId"].is_i64(), "kept as a case document: {draft}");
    assert_eq!(built["paper"]["paper"], "motion-to-continue");
    assert_eq!(built["paper"]["caption"]["number"], "GV26-001234");
    assert!(built["paper"]["paragraphs"].to_string().contains("I will be in the hospital that day."), "{built}");
    assert_eq!(built["paper"]["signature"]["name"], "Jane Doe", "the case's party Me signs");
    assert!(built["warnings"].is_array() && built["when"].as_str().is_some_and(|w| !w.is_empty()), "{built}");
    // The same paper `POST /api/papers` builds: stored, and read back as the draft.
    let (status, stored) = call("GET", &format!("/api/drafts/{}", draft["id"])).send(&state).await;
    assert_eq!((status, stored["kind"].as_str()), (200, Some("paper")), "{stored}");

    // A new version of it, from draftId.
    let mut again = motion_args(&case);
    again["draftId"] = draft["id"].clone();
    let (status, revised) = tool(&state, "create_paper", again).await;
    assert_eq!((status, revised["draft"]["version"].as_i64()), (200, Some(2)), "{revised}");

    // Refused, by name, and nothing stored: a field the person did not give, a paper the case's
    // kind is not offered, a paper that does not exist, no case, fields that are not an object.
    let mut no_reason = motion_args(&case);
    no_reason["fields"].as_object_mut().unwrap().remove("reason");
    let (status, body) = tool(&state, "create_paper", no_reason).await;
    assert!(refused(status, &body, "fields.reason").contains("is required"), "{body}");
    let mut no_address = motion_args(&case);
    no_address["fields"].as_object_mut().unwrap().remove("address");
    let (status, body) = tool(&state, "create_paper", no_address).await;
    assert!(refused(status, &body, "fields.address").contains("8.01-271.1"), "{body}");
    let (status, body) = tool(&state, "create_paper", json!({"paper": "notice-of-nonsuit", "caseId": case["id"], "fields": {}})).await;
    assert!(refused(status, &body, "paper").contains("eviction-tenant"), "{body}");
    let (status, body) = tool(&state, "create_paper", json!({"paper": "motion-to-dismiss", "caseId": case["id"]})).await;
    refused(status, &body, "paper");
    let (status, body) = tool(&state, "create_paper", json!({"paper": "motion-to-continue"})).await;
    refused(status, &body, "caseId");
    let (status, body) =
        tool(&state, "create_paper", json!({"paper": "motion-to-continue", "caseId": case["id"], "fields": "the reason"})).await;
    refused(status, &body, "fields");
    let (status, body) = tool(&state, "create_paper", json!({"paper": "motion-to-continue", "caseId": 999, "fields": {}})).await;
    refused(status, &body, "caseId");
    assert_eq!(count(&state, "drafts"), 1, "only the one paper (two versions) was stored");
    assert_eq!(count(&state, "draft_versions"), 2);
}

#[tokio::test]
async fn a_models_create_paper_is_held_until_the_person_allows_it() {
    use proseva_agent::pipeline::{self, Budget, Guards, WriteGate, WriteGrants};

    let (state, _dir) = state();
    let case = eviction_case(&state).await;
    let in_process = |name: &str| tools::InProcess::new(tools::tool_specs().into_iter().find(|t| t.name == name).unwrap(), state.clone());
    let budget = Budget::new(10, Budget::TIMEOUT);
    let writes: Vec<String> = WRITE_TOOLS.map(String::from).to_vec();

    // A model's call, with nothing allowed (or only another write): held, and nothing stored.
    for grants in [WriteGrants::none(), WriteGrants::parse(["create_draft", "create_note"], &writes).unwrap()] {
        let gate = WriteGate::with_grants(grants);
        let outcome = pipeline::execute(&in_process("create_paper"), motion_args(&case), Guards { budget: &budget, gate: &gate }).await;
        let held = outcome.result.unwrap_err();
        assert_eq!(held.code(), "needs_confirmation", "{held}");
        assert!(held.to_string().contains("only when they allow it"), "{held}");
        assert_eq!((count(&state, "drafts"), count(&state, "documents")), (0, 0), "nothing was written");
    }
    // The check is a read: never held (it reads the paper that does not exist yet: a 404 for the model).
    let gate = WriteGate::with_grants(WriteGrants::none());
    let outcome = pipeline::execute(&in_process("check_paper"), json!({"draftId": 1}), Guards { budget: &budget, gate: &gate }).await;
    assert_ne!(outcome.result.unwrap_err().code(), "needs_confirmation");

    // Allowed for the conversation: the model's call builds it, as the agent's.
    let gate = WriteGate::with_grants(WriteGrants::parse(["create_paper"], &writes).unwrap());
    let outcome = pipeline::execute(&in_process("create_paper"), motion_args(&case), Guards { budget: &budget, gate: &gate }).await;
    let built = outcome.result.expect("allowed, it is built");
    assert_eq!((built["draft"]["kind"].as_str(), built["draft"]["createdBy"].as_str()), (Some("paper"), Some("agent")));
    assert_eq!(count(&state, "drafts"), 1);
}

#[tokio::test]
async fn check_paper_finds_a_wrong_case_number_in_a_paper_and_in_a_document() {
    let (state, _dir) = state();
    let case = eviction_case(&state).await;
    let (status, built) = tool(&state, "create_paper", motion_args(&case)).await;
    assert_eq!(status, 200, "{built}");
    let draft = built["draft"]["id"].clone();
    let case_numbers = |report: &Value| -> Vec<(String, String)> {
        report["findings"]
            .as_array()
            .unwrap_or_else(|| panic!("{report}"))
            .iter()
            .filter(|f| f["kind"] == "case_number")
            .map(|f| (f["found"].as_str().unwrap_or_default().to_string(), f["expected"].as_str().unwrap_or_default().to_string()))
            .collect()
    };
    let (status, report) = tool(&state, "check_paper", json!({"draftId": draft})).await;
    assert_eq!(status, 200, "{report}");
    assert!(case_numbers(&report).is_empty(), "the number as built is the case's: {report}");
    assert!(report["checked"].as_array().is_some_and(|c| c.len() >= 3), "{report}");
    assert_eq!(report["title"], built["draft"]["title"]);
    for key in ["sections", "citations"] {
        assert!(report[key].is_array(), "{key}: {report}");
    }

    // The person (or a model) changes the caption's number: the check names both numbers.
    let mut paper = built["paper"].clone();
    paper["caption"]["number"] = json!("GV26-001243");
    let content = serde_json::to_string_pretty(&paper).unwrap();
    let (status, body) = call("POST", &format!("/api/drafts/{draft}/versions")).json(&json!({"content": content})).send(&state).await;
    assert_eq!(status, 201, "{body}");
    let (status, report) = tool(&state, "check_paper", json!({"draftId": draft})).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(case_numbers(&report), [("GV26-001243".to_string(), "GV26-001234".to_string())], "{report}");

    // A paper the other side filed, as a case document.
    let document = create(
        &state,
        "/api/documents",
        json!({"caseId": case["id"], "title": "Landlord's motion", "kind": "other",
               "text": "MOTION FOR JUDGMENT\nOak Ridge Apartments, LLC v. Jane Doe\nCase No. GV26-009999\nThe tenant owes rent."}),
    )
    .await;
    let (status, report) = tool(&state, "check_paper", json!({"documentId": document["id"]})).await;
    assert_eq!(status, 200, "{report}");
    assert_eq!(case_numbers(&report), [("GV26-009999".to_string(), "GV26-001234".to_string())], "{report}");

    // Exactly one of the two; a paper that does not exist is a 404. Nothing is written.
    let (status, body) = tool(&state, "check_paper", json!({"draftId": draft, "documentId": document["id"]})).await;
    refused(status, &body, "documentId");
    let (status, body) = tool(&state, "check_paper", json!({})).await;
    refused(status, &body, "draftId");
    let (status, body) = tool(&state, "check_paper", json!({"draftId": 999})).await;
    assert_eq!(status, 404, "{body}");
    assert_eq!(count(&state, "draft_versions"), 2, "the check changes nothing");
}

/// The Proof view of `case` as `GET /api/cases/{id}/proof` answers it: the links of `element`.
async fn proof_links_of(state: &AppState, case: &Value, element: &str) -> Vec<Value> {
    let (status, view) = call("GET", &format!("/api/cases/{}/proof", case["id"])).send(state).await;
    assert_eq!(status, 200, "{view}");
    let found = view["elements"].as_array().unwrap().iter().find(|e| e["id"] == element).unwrap_or_else(|| panic!("{element}: {view}"));
    found["links"].as_array().unwrap().clone()
}

#[tokio::test]
async fn link_evidence_links_a_record_of_the_case_to_what_the_court_must_find() {
    let (state, _dir) = state();
    let case = eviction_case(&state).await;
    let lease = create(&state, "/api/documents", json!({"caseId": case["id"], "title": "Lease", "text": "Monthly rent $950."})).await;
    let args = json!({"caseId": case["id"], "elementId": "rental-agreement", "recordKind": "document", "recordId": lease["id"],
                      "note": "The signed lease, rent $950 a month."});
    let (status, result) = tool(&state, "link_evidence", args.clone()).await;
    assert_eq!(status, 200, "{result}");
    assert_eq!((&result["linked"], &result["changed"]), (&json!(true), &json!(true)), "{result}");
    // The Proof view after it, as the window reads it: the lease shows the rental agreement.
    let element = result["proof"]["elements"].as_array().unwrap().iter().find(|e| e["id"] == "rental-agreement").unwrap();
    assert_eq!(element["status"], "shown", "{element}");
    assert_eq!(element["links"][0]["createdBy"], "agent");
    assert_eq!(element["links"][0]["note"], "The signed lease, rent $950 a month.");
    let (_, read) = call("GET", &format!("/api/cases/{}/proof", case["id"])).send(&state).await;
    assert_eq!(read, result["proof"], "the same view as GET answers");
    let (status, same) = tool(&state, "GetProof", json!({"caseId": case["id"]})).await;
    assert_eq!((status, &same), (200, &read));

    // Linking it again with no note changes nothing; `linked: false` takes it away.
    let mut again = args.clone();
    again.as_object_mut().unwrap().remove("note");
    let (_, result) = tool(&state, "link_evidence", again.clone()).await;
    assert_eq!((&result["linked"], &result["changed"]), (&json!(true), &json!(false)), "{result}");
    again["linked"] = json!(false);
    let (_, result) = tool(&state, "link_evidence", again).await;
    assert_eq!((&result["linked"], &result["changed"]), (&json!(false), &json!(true)), "{result}");
    assert!(proof_links_of(&state, &case, "rental-agreement").await.is_empty());

    // Refused, each naming the argument at fault, and nothing stored.
    let other = create(&state, "/api/cases", json!({"name": "Another case", "kind": "eviction-tenant"})).await;
    let theirs = create(&state, "/api/documents", json!({"caseId": other["id"], "title": "Their lease", "text": "x"})).await;
    let no_kind = create(&state, "/api/cases", json!({"name": "No kind yet"})).await;
    let with = |key: &str, value: Value| {
        let mut a = args.clone();
        a[key] = value;
        a
    };
    for (args, argument, says) in [
        (with("elementId", json!("a-lease")), "elementId", "rental-agreement"),
        (with("recordId", theirs["id"].clone()), "recordId", "another case"),
        (with("recordId", json!(9_999)), "recordId", "no document"),
        (with("recordKind", json!("photo")), "recordKind", "document"),
        (with("caseId", json!(9_999)), "caseId", "9999"),
        (with("caseId", no_kind["id"].clone()), "elementId", "no kind"),
        (with("linked", json!("yes")), "linked", ""),
        (with("note", json!("x".repeat(1_001))), "note", ""),
    ] {
        let (status, body) = tool(&state, "link_evidence", args).await;
        assert!(refused(status, &body, argument).contains(says), "{argument}: {body}");
    }
    let (status, body) = tool(&state, "link_evidence", json!({"recordKind": "document"})).await;
    for argument in ["caseId", "elementId", "recordId"] {
        refused(status, &body, argument);
    }
    assert_eq!(count(&state, "proof_links"), 0);
}

/// A stand-in for a model server in OpenAI's documented chat-completions shape, on loopback: in
/// the tool loop it reads the case's Proof view (`GetProof`), then asks to link the case's lease
/// to the first element the view names that a document shows, with a note; then it stops; and it
/// streams a short answer. It keeps every request it was sent.
async fn proposing_model(case_id: i64, lease_id: i64) -> (String, std::sync::Arc<std::sync::Mutex<Vec<Value>>>) {
    use axum::http::header;
    use axum::response::IntoResponse;

    let seen = std::sync::Arc::new(std::sync::Mutex::new(Vec::<Value>::new()));
    let log = seen.clone();
    let completion = |message: Value, finish: &str| {
        json!({"id": "chatcmpl-standin", "object": "chat.completion", "created": 1_735_689_600, "model": "small-model",
               "choices": [{"index": 0, "message": message, "logprobs": null, "finish_reason": finish}],
               "usage": {"prompt_tokens": 100, "completion_tokens": 10, "total_tokens": 110}})
    };
    let app = axum::Router::new().route(
        "/v1/chat/completions",
        axum::routing::post(move |axum::Json(body): axum::Json<Value>| {
            let log = log.clone();
            async move {
                log.lock().unwrap().push(body.clone());
                if body["stream"] == true {
                    let chunk = |delta: Value, finish: Value| {
                        json!({"id": "chatcmpl-standin", "object": "chat.completion.chunk", "created": 1_735_689_600, "model": "large-model",
                               "choices": [{"index": 0, "delta": delta, "logprobs": null, "finish_reason": finish}]})
                    };
                    let events = [
                        chunk(json!({"role": "assistant", "content": ""}), Value::Null),
                        chunk(json!({"content": "I asked to link your lease to what the court must find."}), Value::Null),
                        chunk(json!({}), json!("stop")),
                    ];
                    let text: String = events.iter().map(|e| format!("data: {e}\n\n")).chain(["data: [DONE]\n\n".to_string()]).collect();
                    return ([(header::CONTENT_TYPE, "text/event-stream")], text).into_response();
                }
                let messages = body["messages"].as_array().cloned().unwrap_or_default();
                let turns = messages.iter().filter(|m| m["role"] == "assistant" && m["tool_calls"].is_array()).count();
                let calls = |name: &str, args: Value| {
                    let id = format!("call_{name}");
                    json!({"role": "assistant", "content": null, "refusal": null,
                           "tool_calls": [{"id": id, "type": "function", "function": {"name": name, "arguments": args.to_string()}}]})
                };
                let reply = match turns {
                    0 => completion(calls("GetProof", json!({"caseId": case_id})), "tool_calls"),
                    1 => {
                        // The element, from the view the model read.
                        let answer = messages.iter().find(|m| m["role"] == "tool").and_then(|m| m["content"].as_str()).unwrap_or_default();
                        let view = proseva_agent::pipeline::data::parse(answer).unwrap_or(Value::Null);
                        let element = view["elements"].as_array().into_iter().flatten().find(|e| e["status"] == "nothing").map(|e| e["id"].clone());
                        let args = json!({"caseId": case_id, "elementId": element, "recordKind": "document", "recordId": lease_id,
                                          "note": "The signed lease: rent of $950 due on the first."});
                        completion(calls("link_evidence", args), "tool_calls")
                    }
                    _ => completion(json!({"role": "assistant", "content": "Done.", "refusal": null}), "stop"),
                };
                axum::Json(reply).into_response()
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/v1", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url, seen)
}

/// `/api/chat` with the agent on the stand-in model (a key and its address, as a person would set
/// them), on this server's own state and tools.
async fn ask(state: &AppState, model_url: &str, question: &str, allow: Value) -> Value {
    use proseva_agent::config::AgentConfig;
    use proseva_agent::tools::research::ResearchConfig;
    use tower::ServiceExt;

    let config = AgentConfig {
        api_key: Some("sk-test".into()),
        base_url: Some(model_url.into()),
        small_model: "small-model".into(),
        large_model: "large-model".into(),
        ..AgentConfig::default()
    };
    let app =
        proseva_server::http::app_with(state.clone(), proseva_server::http::agent::routes_with(state, &config, &ResearchConfig::default()));
    let mut body = json!({"messages": [{"role": "user", "content": question}]});
    if !allow.is_null() {
        body["allowWrites"] = allow;
    }
    let request = axum::http::Request::builder()
        .method("POST")
        .uri("/api/chat")
        .header(axum::http::header::HOST, "127.0.0.1:3001")
        .header(axum::http::header::AUTHORIZATION, format!("Bearer {}", common::TOKEN))
        .header(axum::http::header::CONTENT_TYPE, "application/json")
        .body(axum::body::Body::from(body.to_string()))
        .unwrap();
    let response = app.oneshot(request).await.unwrap();
    let status = response.status().as_u16();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX).await.unwrap();
    let reply: Value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    assert_eq!(status, 200, "{reply}");
    reply
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_models_link_evidence_waits_for_allow_and_is_written_only_after_it() {
    let (state, _dir) = state();
    let case = eviction_case(&state).await;
    let case_id = case["id"].as_i64().unwrap();
    let lease = create(
        &state,
        "/api/documents",
        json!({"caseId": case_id, "title": "Lease", "kind": "other", "text": "LEASE. Jane Doe rents Apt. 4 from Oak Ridge Apartments, LLC at $950 a month, due on the first."}),
    )
    .await;
    let lease_id = lease["id"].as_i64().unwrap();
    let (model_url, seen) = proposing_model(case_id, lease_id).await;
    let question = "I uploaded my lease. Does it help with what I'm missing for my hearing?";
    let held_in = |reply: &Value| -> Value {
        let results = reply["toolResults"].as_array().unwrap_or_else(|| panic!("{reply}"));
        assert!(results.iter().any(|r| r["tool"] == "GetProof" && r["ok"] == true), "the model read the Proof view first: {reply}");
        results.iter().find(|r| r["tool"] == "link_evidence").cloned().unwrap_or_else(|| panic!("the model asked to link: {reply}"))
    };

    // Asked with nothing allowed: the proposal waits for the person, with what it would link and
    // what they asked; nothing is linked.
    let reply = ask(&state, &model_url, question, Value::Null).await;
    let proposed = held_in(&reply);
    assert_eq!(proposed["ok"], false, "{proposed}");
    assert_eq!(proposed["result"]["error"]["code"], "needs_confirmation", "{proposed}");
    assert_eq!(proposed["result"]["proposal"]["asked"], question, "{proposed}");
    let args = proposed["args"].clone();
    assert_eq!(
        (args["caseId"].as_i64(), args["elementId"].as_str(), args["recordKind"].as_str(), args["recordId"].as_i64()),
        (Some(case_id), Some("rental-agreement"), Some("document"), Some(lease_id)),
        "the first element with nothing yet, read from GetProof: {args}"
    );
    assert!(proof_links_of(&state, &case, "rental-agreement").await.is_empty(), "nothing linked before Allow");
    assert_eq!(count(&state, "proof_links"), 0);
    assert!(
        seen.lock()
            .unwrap()
            .iter()
            .any(|b| b["tools"].as_array().is_some_and(|t| t.iter().any(|t| t["function"]["name"] == "link_evidence")))
    );

    // Don't allow: the window sends nothing. Asked again allowing other writes only, it is held
    // again; still nothing is linked.
    let reply = ask(&state, &model_url, question, json!(["create_note", "link"])).await;
    assert_eq!(held_in(&reply)["result"]["error"]["code"], "needs_confirmation");
    assert_eq!(count(&state, "proof_links"), 0, "a Deny writes nothing");

    // Allow once: the window makes the proposal, as the person's own action, through the same
    // tool (the app's `confirm_write`; over HTTP, `POST /api/tools/link_evidence`).
    let (status, written) = tool(&state, "link_evidence", args.clone()).await;
    assert_eq!(status, 200, "{written}");
    let links = proof_links_of(&state, &case, "rental-agreement").await;
    assert_eq!(links.len(), 1, "{links:?}");
    assert_eq!((links[0]["recordKind"].as_str(), links[0]["recordId"].as_i64()), (Some("document"), Some(lease_id)));
    assert_eq!(links[0]["createdBy"], "agent", "{links:?}");
    assert_eq!(links[0]["note"], "The signed lease: rent of $950 due on the first.");
    assert_eq!(count(&state, "proof_links"), 1);

    // Allowed for the conversation (`allowWrites`): the model's own call is written, once more.
    let (_, _) = tool(
        &state,
        "link_evidence",
        json!({"caseId": case_id, "elementId": "rental-agreement", "recordKind": "document", "recordId": lease_id, "linked": false}),
    )
    .await;
    let reply = ask(&state, &model_url, question, json!(["link_evidence"])).await;
    let made = held_in(&reply);
    assert_eq!((made["ok"].as_bool(), made["result"]["changed"].as_bool()), (Some(true), Some(true)), "{made}");
    assert_eq!(proof_links_of(&state, &case, "rental-agreement").await[0]["createdBy"], "agent");
}

/// JSON as a confused or hostile model might send it, with the write tools' argument names and
/// values that sometimes fit them.
fn any_args() -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(|n| json!(n)),
        (0i64..4).prop_map(|n| json!(n)),
        any::<f64>().prop_filter("JSON has no NaN", |f| f.is_finite()).prop_map(|f| json!(f)),
        "\\PC{0,30}".prop_map(Value::String),
        // A paper's fields, whole or nearly.
        Just(json!({"address": "1 Main St.\nRichmond, VA 23219", "orderDescription": "the order of June 2", "delivery": "mail"})),
        Just(json!({"address": "1 Main St.", "hearingDate": "2025-02-03", "reason": 5, "side": "neither"})),
        prop::sample::select(vec![
            "note",
            "document",
            "section",
            "deadline",
            "opinion",
            "20-124.3",
            "§ 20-124.99",
            "Article I, Section 12",
            "answer-complaint",
            "markdown",
            "mermaid",
            "table",
            "timeline",
            "checklist",
            "timeline\n    2026-03-01 : Filed",
            "flowchart TD\n  A[Filed] -->",
            "a,b\n1,2,3",
            "motion-to-continue",
            "letter-copy-of-order",
            "notice-of-nonsuit",
            "rental-agreement",
            "finance",
            "2025-02-03",
            "262142-01-01",
            "+262142-01-01",
            "1",
            "",
        ])
        .prop_map(|s| json!(s)),
    ];
    let value = leaf.prop_recursive(2, 12, 4, |inner| prop::collection::vec(inner, 0..3).prop_map(Value::Array));
    let key = prop_oneof![
        prop::sample::select(vec![
            "caseId",
            "title",
            "body",
            "noteId",
            "text",
            "replace",
            "fromKind",
            "fromId",
            "toKind",
            "to",
            "why",
            "ruleId",
            "triggerDate",
            "date",
            "kind",
            "content",
            "build",
            "sources",
            "draftId",
            "paper",
            "fields",
            "elementId",
            "recordKind",
            "recordId",
            "linked",
            "note",
        ])
        .prop_map(str::to_string),
        "\\PC{0,8}",
    ];
    prop_oneof![
        8 => prop::collection::btree_map(key, value.clone(), 0..7).prop_map(|m| Value::Object(m.into_iter().collect())),
        1 => value,
    ]
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn no_arguments_get_a_5xx_from_a_write_tool(args in any_args(), which in 0usize..WRITE_TOOLS.len()) {
        let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        runtime.block_on(async {
            let explorer = FakeExplorer::start(&["20-124.3", "const-I-12"]).await;
            let (state, _dir) = state_with_explorer(&explorer.url);
            call("POST", "/api/cases").json(&json!({"name": "Doe v. Doe"})).send(&state).await;
            let (_, note) = call("POST", "/api/notes").json(&json!({"title": "Kept", "body": "First line."})).send(&state).await;
            call("POST", "/api/documents").json(&json!({"title": "Lease", "text": "The lease ends in June."})).send(&state).await;
            call("POST", "/api/deadlines").json(&json!({"title": "Hearing", "date": "2025-06-02"})).send(&state).await;
            let name = WRITE_TOOLS[which];
            let (status, answer) = tool(&state, name, args.clone()).await;
            prop_assert!(status < 500, "{name} with {args}: {status} {answer}");
            let (status, kept) = call("GET", &format!("/api/notes/{}", note["id"])).send(&state).await;
            prop_assert!(status == 200 && kept["body"].as_str().unwrap_or_default().starts_with("First line."), "{kept}");
            Ok(())
        })?;
    }
}
