//! The agent drafting on the real sidecars: a model asked for a letter and a timeline calls
//! `create_draft`, reads a refused diagram's error (it names the line), fixes it and calls again;
//! both drafts are kept as case documents and their cards open them. A draft the person did not
//! allow is held for confirmation and nothing is stored, even when their words asked for one.

use std::sync::{Arc, Mutex};

use proseva_agent::event::AgentEvent;
use proseva_agent::model::ChatMessage;
use proseva_agent::pipeline::WriteGrants;
use proseva_agent::runner::RequestKind;
use proseva_e2e::{Sidecars, TOKEN, client, start};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

mod fakes;

use fakes::model::{FakeModel, Reply, calls, error, streamed, text, tool_answer};

const LETTER: &str = "Dear Clerk,\n\nI ask that my hearing on March 20 be continued.\n\nThank you.";
const BROKEN: &str = "flowchart TD\n  A[Lease signed] -->\n";
const FIXED: &str = "flowchart TD\n  A[Lease signed] --> B[Locks changed]\n";

async fn get_json(url: &str) -> Value {
    client().get(url).bearer_auth(TOKEN).send().await.unwrap().json().await.unwrap()
}

/// Runs one chat turn with a scripted model, in a conversation where the person allowed `allowed`
/// writes; the events.
async fn ask(sidecars: &Sidecars, fake: &FakeModel, question: &str, allowed: &[&str]) -> Vec<AgentEvent> {
    let agent = sidecars.agent(Arc::new(fake.model(Some("sk-test"))));
    let events = Mutex::new(Vec::new());
    let emit = |e: AgentEvent| events.lock().unwrap().push(e);
    let grants = WriteGrants::parse(allowed, &agent.writing_tools().await).unwrap();
    let history = [ChatMessage::user(question)];
    agent.run_with_grants(RequestKind::Chat, &history, None, &grants, &emit, &CancellationToken::new()).await.expect("answered");
    events.into_inner().unwrap()
}

fn results<'a>(events: &'a [AgentEvent], tool: &str) -> Vec<&'a AgentEvent> {
    events.iter().filter(|e| matches!(e, AgentEvent::ToolResult { name, .. } if name == tool)).collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_model_drafts_fixes_the_line_it_is_told_and_the_drafts_become_case_documents() {
    let sidecars = start().await;
    let server = sidecars.server_url.clone();
    let fake = FakeModel::start(|n, body| match n {
        0 => calls(&[
            ("letter", "create_draft", json!({"kind": "markdown", "title": "Letter to the clerk", "content": LETTER})),
            ("diagram", "create_draft", json!({"kind": "mermaid", "title": "What happened", "content": BROKEN})),
        ]),
        1 => match tool_answer(body, "diagram") {
            Some(refused)
                if refused["error"]["code"] == "invalid_arguments"
                    && refused["error"]["message"].as_str().unwrap_or_default().contains("line 2") =>
            {
                calls(&[("fixed", "create_draft", json!({"kind": "mermaid", "title": "What happened", "content": FIXED}))])
            }
            other => error(400, &format!("fake model: the broken diagram was not refused naming line 2: {other:?}")),
        },
        2 => text(""),
        _ => streamed(&["I drafted the letter and the diagram; both are in your documents."]),
    })
    .await;
    // The person allowed drafts in this conversation.
    let question = "Draft a letter to the clerk asking to continue my hearing, and a diagram of what happened";
    let events = ask(&sidecars, &fake, question, &["create_draft"]).await;

    let drafted = results(&events, "create_draft");
    assert_eq!(drafted.len(), 3, "{events:?}");
    let oks: Vec<bool> = drafted.iter().map(|e| matches!(e, AgentEvent::ToolResult { ok: true, .. })).collect();
    assert_eq!(oks.iter().filter(|ok| **ok).count(), 2, "the letter and the fixed diagram: {drafted:?}");
    for event in &drafted {
        if let AgentEvent::ToolResult { ok: true, result, cards, .. } = event {
            let document = result["draft"]["documentId"].as_i64().expect("kept as a document");
            assert_eq!(result["draft"]["createdBy"], "agent");
            let record = cards[0].record.as_ref().expect("the card opens the draft");
            assert_eq!((record.kind.as_str(), record.id), ("document", document));
        }
    }

    let drafts = get_json(&format!("{server}/api/drafts")).await;
    let titles: Vec<&str> = drafts.as_array().unwrap().iter().map(|d| d["title"].as_str().unwrap()).collect();
    assert_eq!(titles, ["What happened", "Letter to the clerk"], "nothing stored for the refused diagram");
    let documents = get_json(&format!("{server}/api/documents")).await;
    let kinds: Vec<&str> = documents.as_array().unwrap().iter().map(|d| d["kind"].as_str().unwrap()).collect();
    assert_eq!(kinds, ["draft", "draft"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_draft_the_person_did_not_allow_is_held_and_nothing_is_stored() {
    let sidecars = start().await;
    let fake = FakeModel::start(|n, _| -> Reply {
        match n {
            0 => calls(&[("eager", "create_draft", json!({"kind": "markdown", "title": "Motion to continue", "content": LETTER}))]),
            1 => text(""),
            _ => streamed(&["A continuance moves a hearing to a later date."]),
        }
    })
    .await;
    let events = ask(&sidecars, &fake, "Draft me a motion to continue", &[]).await;
    let held = results(&events, "create_draft");
    let Some(AgentEvent::ToolResult { ok: false, result, .. }) = held.first() else { panic!("no held draft in {events:?}") };
    assert_eq!(result["error"]["code"], "needs_confirmation", "{result}");
    assert_eq!(get_json(&format!("{}/api/drafts", sidecars.server_url)).await, json!([]));
}
