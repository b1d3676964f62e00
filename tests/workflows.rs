//! The workflow registry over the server (`GET /api/workflows`, `POST /api/workflows/{key}`), run
//! offline on the real sidecars: `integrate` connects a note to the law graph and the person's
//! records with one append and real links; `hearing_prep` turns a case into a checklist note. And
//! both driven by a scripted model over the OpenAI wire format, against the same real sidecars.

use std::sync::{Arc, Mutex};

use proseva_agent::event::AgentEvent;
use proseva_agent::workflows::{Focus, FocusKind, WorkflowRequest};
use proseva_e2e::{TOKEN, client, start};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

mod fakes;

use fakes::model::{FakeModel, calls, streamed, text, tool_answer};

async fn post(url: &str, body: Value) -> (u16, Value) {
    let res = client().post(url).bearer_auth(TOKEN).json(&body).send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

async fn get(url: &str) -> Value {
    client().get(url).bearer_auth(TOKEN).send().await.unwrap().json().await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_registry_is_listed_and_bad_requests_are_refused_before_anything_runs() {
    let sidecars = start().await;
    let listed = get(&format!("{}/api/workflows", sidecars.server_url)).await;
    let keys: Vec<&str> = listed.as_array().unwrap().iter().map(|w| w["key"].as_str().unwrap()).collect();
    assert!(keys.contains(&"integrate") && keys.contains(&"hearing_prep"), "{listed}");
    let integrate = listed.as_array().unwrap().iter().find(|w| w["key"] == "integrate").unwrap();
    assert_eq!(integrate["requiresFocus"], json!(["document", "note"]));
    assert_eq!(integrate["role"], "executor");
    assert!(integrate["maxToolCalls"].as_u64().unwrap() > 0 && integrate["expectedOutcome"].is_string());

    let url = |key: &str| format!("{}/api/workflows/{key}", sidecars.server_url);
    for (key, body, says) in [
        ("nope", json!({}), "no workflow"),
        ("integrate", json!({}), "runs on a document or a note; it was given nothing"),
        ("integrate", json!({"focus": {"kind": "case", "id": 1}}), "no case 1"),
        ("integrate", json!({"focus": {"kind": "planet", "id": 1}}), "`kind` must be"),
        ("integrate", json!({"focus": {"kind": "note", "id": 99}}), "no note 99"),
        ("integrate", json!({"surprise": 1}), "unknown field"),
        ("integrate", json!([1]), "JSON object"),
    ] {
        let (status, body) = post(&url(key), body).await;
        assert!((400..500).contains(&status), "{key}: {status} {body}");
        assert!(body.to_string().contains(says), "{key}: {body}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_claim_checked_offline_is_unclear_and_quotes_the_sections_found() {
    let sidecars = start().await;
    let url = format!("{}/api/workflows/check_claim", sidecars.server_url);
    let (status, body) = post(&url, json!({})).await;
    assert_eq!(status, 400, "{body}");
    assert!(body.to_string().contains("needs your words in `input`"), "{body}");
    let claim = "My landlord can keep my whole security deposit because I moved out 2 days early";
    let (status, reply) = post(&url, json!({"input": claim})).await;
    assert_eq!(status, 200, "{reply}");
    let decision = &reply["decision"];
    assert_eq!(decision["verdict"], "unclear", "{reply}");
    assert_eq!(decision["confidence"], 0.0);
    assert!(decision["resolution"].as_str().unwrap().contains("needs a language model"), "{decision}");
    let cited: Vec<&str> = decision["citations"].as_array().unwrap().iter().map(|c| c["section"].as_str().unwrap()).collect();
    assert!(cited.iter().any(|s| s.starts_with("55.1-")), "a landlord-tenant section is quoted: {decision}");
    for c in decision["citations"].as_array().unwrap() {
        assert_eq!(c["textKind"], "summary", "the starter corpus holds summaries, and says so: {c}");
        assert_eq!(c["verbatim"], true, "offline quotes are the graph's own words: {c}");
        assert!(!c["quote"].as_str().unwrap().is_empty());
    }
    let text = reply["reply"].as_str().unwrap();
    assert!(text.contains("Unclear from what was found") && text.contains("plain-language summary, not the statute's words"), "{text}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn integrate_offline_appends_one_connections_section_and_links_the_sections_it_names() {
    let sidecars = start().await;
    let server = &sidecars.server_url;
    let (_, case) = post(&format!("{server}/api/cases"), json!({"name": "Doe v. Doe", "type": "custody"})).await;
    let case_id = case["id"].as_i64().unwrap();
    let text = "The court will decide custody based on the best interests of the child under § 20-124.3. \
                Visitation for the father every other weekend. The mother asks for sole custody.";
    let (status, note) =
        post(&format!("{server}/api/notes"), json!({"caseId": case_id, "title": "Custody hearing notes", "body": text})).await;
    assert_eq!(status, 201, "{note}");
    let note_id = note["id"].as_i64().unwrap();

    let (status, reply) = post(&format!("{server}/api/workflows/integrate"), json!({"focus": {"kind": "note", "id": note_id}})).await;
    assert_eq!(status, 200, "{reply}");
    let results = reply["toolResults"].as_array().unwrap();
    let tools: Vec<&str> = results.iter().map(|r| r["tool"].as_str().unwrap()).collect();
    assert_eq!(tools.first(), Some(&"think"), "the plan comes first: {tools:?}");
    assert_eq!(tools.iter().filter(|t| **t == "append_to_note").count(), 1, "{tools:?}");
    assert!(results.iter().filter(|r| r["tool"] == "append_to_note" || r["tool"] == "link").all(|r| r["ok"] == true), "{reply}");

    // The note: its text kept whole, one Connections section after it, naming the cited section.
    let stored = get(&format!("{server}/api/notes/{note_id}")).await;
    let body = stored["body"].as_str().unwrap();
    assert!(body.starts_with(text), "{body}");
    assert_eq!(body.matches("## Connections").count(), 1, "{body}");
    assert!(body.contains("[§ 20-124.3]"), "{body}");
    // Each section it names is linked from the note, and exists in the law graph.
    let links = get(&format!("{server}/api/links?fromKind=note&fromId={note_id}")).await;
    let links = links.get("links").or(Some(&links)).and_then(Value::as_array).cloned().unwrap_or_default();
    let linked: Vec<&str> = links.iter().filter(|l| l["toKind"] == "section").filter_map(|l| l["to"].as_str()).collect();
    assert!(linked.contains(&"20-124.3"), "{links:?}");
    for section in &linked {
        assert!(body.contains(&format!("[§ {section}]")), "linked {section} is in the note: {body}");
    }
    assert!(reply["reply"].as_str().unwrap().contains("Custody hearing notes"), "the summary names the note: {}", reply["reply"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hearing_prep_offline_writes_one_checklist_note_from_the_case_records() {
    let sidecars = start().await;
    let server = &sidecars.server_url;
    let (_, case) = post(
        &format!("{server}/api/cases"),
        json!({"name": "Doe v. Doe", "type": "custody", "court": "Fairfax JDR", "caseNumber": "JJ1-01"}),
    )
    .await;
    let case_id = case["id"].as_i64().unwrap();
    let (status, deadline) = post(
        &format!("{server}/api/deadlines"),
        json!({"caseId": case_id, "ruleId": "appeal-general-district", "triggerDate": "2030-03-04", "title": "Appeal the ruling"}),
    )
    .await;
    assert_eq!(status, 201, "{deadline}");
    post(&format!("{server}/api/contacts"), json!({"caseId": case_id, "name": "Ann Witness", "role": "witness", "phone": "555-0100"}))
        .await;

    let (status, reply) = post(&format!("{server}/api/workflows/hearing_prep"), json!({"focus": {"kind": "case", "id": case_id}})).await;
    assert_eq!(status, 200, "{reply}");
    let created: Vec<&Value> = reply["toolResults"].as_array().unwrap().iter().filter(|r| r["tool"] == "create_note").collect();
    assert_eq!(created.len(), 1, "{reply}");
    let note = &created[0]["result"]["note"];
    assert_eq!(note["caseId"], case_id);
    let body = note["body"].as_str().unwrap();
    assert!(body.contains("Appeal the ruling by 2030-03-14"), "the deadline with its date: {body}");
    assert!(body.contains("[§ 16.1-106]"), "the statute behind its rule: {body}");
    assert!(body.contains("Ann Witness (witness) — 555-0100"), "{body}");
    let listed = get(&format!("{server}/api/notes?caseId={case_id}")).await;
    assert!(listed.to_string().contains("Hearing checklist: Doe v. Doe"), "the note is in the case: {listed}");
}

/// Runs `key` on `focus` with the scripted model behind the agent; the reply and the events.
async fn run_scripted(
    sidecars: &proseva_e2e::Sidecars,
    fake: &FakeModel,
    key: &str,
    focus: Focus,
) -> (proseva_agent::runner::Reply, Vec<AgentEvent>) {
    let agent = sidecars.agent(Arc::new(fake.model(Some("sk-test"))));
    let events = Mutex::new(Vec::new());
    let emit = |e: AgentEvent| events.lock().unwrap().push(e);
    let request = WorkflowRequest { key: key.into(), focus: Some(focus), input: None };
    let reply = agent.run_workflow(&request, None, &emit, &CancellationToken::new()).await.expect("the workflow runs");
    (reply, events.into_inner().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn integrate_with_a_model_appends_once_links_and_a_second_append_is_refused() {
    let sidecars = start().await;
    let server = sidecars.server_url.clone();
    let (_, note) = post(&format!("{server}/api/notes"), json!({"title": "Visitation", "body": "Dad gets every other weekend."})).await;
    let note_id = note["id"].as_i64().unwrap();
    let connections =
        "## Connections\nVisitation arrangements.\n\n- [§ 20-124.3] Best interests of the child — the schedule must serve them";
    let fake = FakeModel::start(move |n, _body| match n {
        0 => calls(&[
            ("plan", "think", json!({"thought": "Ground: visitation schedule. Search the law, then append once."})),
            ("law", "search_nodes", json!({"search": "visitation best interests", "limit": 5})),
        ]),
        1 => calls(&[
            ("write", "append_to_note", json!({"noteId": note_id, "text": connections})),
            ("link", "link", json!({"fromKind": "note", "fromId": note_id, "toKind": "section", "to": "§ 20-124.3", "why": "the schedule must serve the child's best interests"})),
        ]),
        2 => calls(&[("again", "append_to_note", json!({"noteId": note_id, "text": "## Connections\nonce more"}))]),
        3 => text("Done."),
        _ => streamed(&["I added a Connections section to “Visitation” ", "and linked § 20-124.3."]),
    })
    .await;
    let focus = Focus {
        kind: FocusKind::Note,
        id: note_id.to_string(),
        title: "Visitation".into(),
        text: "Dad gets every other weekend.".into(),
        case_id: None,
    };
    let (reply, events) = run_scripted(&sidecars, &fake, "integrate", focus).await;

    // The executor's tools were offered, writes included, and no execute_workflow.
    let offered: Vec<String> =
        fake.bodies()[0]["tools"].as_array().unwrap().iter().map(|t| t["function"]["name"].as_str().unwrap().to_string()).collect();
    for tool in ["think", "search_nodes", "GetDocumentText", "create_note", "append_to_note", "link", "add_deadline", "search_opinions"] {
        assert!(offered.iter().any(|t| t == tool), "{tool} offered: {offered:?}");
    }
    assert!(!offered.iter().any(|t| t == "execute_workflow"), "{offered:?}");
    // Exactly one append reached the note; the second was refused by the workflow's rule.
    let stored = get(&format!("{server}/api/notes/{note_id}")).await;
    let body = stored["body"].as_str().unwrap();
    assert!(body.starts_with("Dad gets every other weekend."), "{body}");
    assert_eq!(body.matches("## Connections").count(), 1, "{body}");
    let again = fake.bodies()[3].clone();
    assert_eq!(tool_answer(&again, "again").unwrap()["error"]["code"], "budget_exhausted");
    // The link is stored, normalised, and shows in the trail with the section to open.
    let links = get(&format!("{server}/api/links?fromKind=note&fromId={note_id}")).await;
    assert_eq!(links.as_array().map(|l| l.len()), Some(1), "{links}");
    assert_eq!(links[0]["to"], "20-124.3");
    assert_eq!(links[0]["createdBy"], "agent");
    let link_card = events.iter().find_map(|e| match e {
        AgentEvent::ToolResult { name, cards, .. } if name == "link" => cards.first().cloned(),
        _ => None,
    });
    assert_eq!(link_card.and_then(|c| c.section).as_deref(), Some("20-124.3"));
    assert_eq!(reply.reply, "I added a Connections section to “Visitation” and linked § 20-124.3.");
    assert_eq!(reply.citations.verified.len(), 1, "{:?}", reply.citations);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hearing_prep_with_a_model_writes_one_checklist_note_and_links_it() {
    let sidecars = start().await;
    let server = sidecars.server_url.clone();
    let (_, case) = post(&format!("{server}/api/cases"), json!({"name": "Doe v. Doe", "type": "custody"})).await;
    let case_id = case["id"].as_i64().unwrap();
    let checklist = "## Before the hearing\n- [ ] File the custody report — [§ 20-124.3]\n";
    let fake = FakeModel::start(move |n, body| match n {
        0 => calls(&[("cases", "GetCases", json!({})), ("due", "GetDeadlines", json!({}))]),
        1 => calls(&[("note", "create_note", json!({"title": "Hearing checklist: Doe v. Doe", "body": checklist}))]),
        2 => match tool_answer(body, "note").and_then(|r| r["note"]["id"].as_i64()) {
            Some(id) => calls(&[
                (
                    "link",
                    "link",
                    json!({"fromKind": "note", "fromId": id, "toKind": "section", "to": "20-124.3", "why": "the checklist relies on it"}),
                ),
                ("second", "create_note", json!({"title": "Another", "body": "x"})),
            ]),
            None => fakes::model::error(400, "fake model: create_note did not answer a note"),
        },
        3 => text("Done."),
        _ => streamed(&["Your checklist is in the note “Hearing checklist: Doe v. Doe”."]),
    })
    .await;
    let focus = Focus {
        kind: FocusKind::Case,
        id: case_id.to_string(),
        title: "Doe v. Doe".into(),
        text: "custody".into(),
        case_id: Some(case_id),
    };
    let (reply, _) = run_scripted(&sidecars, &fake, "hearing_prep", focus).await;

    let notes = get(&format!("{server}/api/notes?caseId={case_id}")).await;
    let items = notes["items"].as_array().or(notes.as_array()).cloned().unwrap_or_default();
    assert_eq!(items.len(), 1, "one checklist note, the second create_note refused: {notes}");
    assert_eq!(items[0]["caseId"], case_id, "the note was put in the focused case");
    let second = reply.tool_results.iter().find(|r| r.args["title"] == "Another").unwrap();
    assert_eq!(second.result["error"]["code"], "budget_exhausted");
    let note_id = items[0]["id"].as_i64().unwrap();
    let links = get(&format!("{server}/api/links?fromKind=note&fromId={note_id}")).await;
    assert_eq!(links.as_array().map(|l| l.len()), Some(1), "{links}");
}
