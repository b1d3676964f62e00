//! Saving Ask and Research conversations as they happen: the question before the agent starts,
//! the answer with the events that rebuild its trail and sources once it is done. And the case
//! the person chose, as the agent is told about it.

use std::sync::Mutex;

use proseva_agent::event::AgentEvent;
use proseva_agent::runner::{CaseContext, RequestKind};
use proseva_workspace::{ListQuery, Resource, Workspace, WorkspaceError, case_summary};
use serde_json::Value;

use crate::error::CommandError;

/// A tool result bigger than this (JSON bytes) is saved with its cards only: the page shows the
/// cards, and the server takes at most 4 MB of events per answer.
const MAX_SAVED_RESULT_BYTES: usize = 64 * 1024;

/// The case `case_id` with its open deadlines, in words for the system prompt.
pub async fn case_context(workspace: &Workspace, case_id: i64) -> Result<CaseContext, CommandError> {
    let case = workspace.get(Resource::Cases, case_id).await.map_err(|e| match e {
        WorkspaceError::NotFound(_) => CommandError::invalid("caseId", format!("there is no case with id {case_id}")),
        other => other.into(),
    })?;
    let deadlines = workspace.list(Resource::Deadlines, &ListQuery::for_case(Some(case_id)).with("done", false).page(50, 0)).await?;
    // Local time, as the server counts overdue deadlines (GetDeadlines): near midnight UTC and
    // local dates differ.
    let today = chrono::Local::now().format("%Y-%m-%d").to_string();
    Ok(CaseContext { case_id, summary: case_summary(&case, &deadlines.items, &today) })
}

/// Saves the question, in a new conversation unless `conversation_id` names a saved one. A server
/// that cannot save it does not stop the question being answered (research works without it).
pub async fn save_question(
    workspace: &Workspace,
    kind: RequestKind,
    conversation_id: Option<i64>,
    case_id: Option<i64>,
    question: &str,
) -> Result<Option<i64>, CommandError> {
    let id = match conversation_id {
        Some(id) => id,
        None => {
            let kind = match kind {
                RequestKind::Chat => "chat",
                RequestKind::Research => "research",
            };
            match workspace.start_conversation(question, kind, case_id).await {
                Ok(conversation) => match conversation["id"].as_i64() {
                    Some(id) => id,
                    None => return Ok(None),
                },
                Err(e) => {
                    tracing::warn!("the conversation could not be saved: {e}");
                    return Ok(None);
                }
            }
        }
    };
    match workspace.append_message(id, "user", question, &Value::Array(Vec::new())).await {
        Ok(()) => Ok(Some(id)),
        Err(WorkspaceError::NotFound(_)) => Err(CommandError::invalid("conversationId", format!("there is no saved conversation {id}"))),
        Err(e) => {
            tracing::warn!("the question could not be saved: {e}");
            Ok(Some(id))
        }
    }
}

/// The events of one answer worth keeping: everything but the streamed pieces of text.
#[derive(Default)]
pub struct Recorder(Mutex<Vec<Value>>);

impl Recorder {
    pub fn keep(&self, event: &AgentEvent) {
        if matches!(event, AgentEvent::Delta { .. }) {
            return;
        }
        let Ok(mut value) = serde_json::to_value(event) else { return };
        if let Some(map) = value.as_object_mut() {
            // `done` repeats every result; the tool_result events have them already.
            map.remove("toolResults");
            if map.get("result").is_some_and(|r| serde_json::to_vec(r).map_or(0, |b| b.len()) > MAX_SAVED_RESULT_BYTES) {
                map.insert("result".into(), serde_json::json!({"note": "too large to save; the cards show what was found"}));
            }
        }
        self.0.lock().unwrap_or_else(|p| p.into_inner()).push(value);
    }

    pub fn events(&self) -> Value {
        Value::Array(self.0.lock().unwrap_or_else(|p| p.into_inner()).clone())
    }
}

pub async fn save_answer(workspace: &Workspace, conversation_id: i64, reply: &str, events: Value) {
    if let Err(e) = workspace.append_message(conversation_id, "assistant", reply, &events).await {
        tracing::warn!(conversation_id, "the answer could not be saved: {e}");
    }
}
