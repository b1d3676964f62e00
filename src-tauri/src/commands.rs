//! The commands the window may call (and, by the capability file, nothing else).
//!
//! Errors reach the window as plain sentences it can show as they are.

use std::collections::BTreeMap;

use proseva_agent::event::{AgentEvent, CitationCheck, ToolResult};
use proseva_agent::model::{ChatMessage, Role};
use proseva_agent::runner::RequestKind;
use proseva_agent::tools::explorer::ExplorerClient;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use tauri::ipc::Channel;
use tauri::{AppHandle, Runtime, State};

use crate::settings::{Settings, SettingsView, UrlProblem, web_url};
use crate::state::{AppState, Status};

/// Longest question accepted, and most messages of history.
const MAX_MESSAGE_CHARS: usize = 20_000;
const MAX_MESSAGES: usize = 100;

/// One message of the conversation as the window keeps it.
#[derive(Debug, Clone, Deserialize)]
pub struct Message {
    pub role: String,
    pub content: String,
}

/// What `chat` and `research` return: the reply and every tool result behind it.
#[derive(Debug, Clone, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReplyView {
    pub reply: String,
    pub tool_results: Vec<ToolResult>,
    pub citations: CitationCheck,
}

fn history(messages: Vec<Message>) -> Result<Vec<ChatMessage>, String> {
    if messages.len() > MAX_MESSAGES {
        return Err(format!("the conversation is too long ({} messages, at most {MAX_MESSAGES}); start a new one", messages.len()));
    }
    let history: Vec<ChatMessage> = messages
        .into_iter()
        .map(|m| {
            if m.content.chars().count() > MAX_MESSAGE_CHARS {
                return Err(format!("a message is too long (at most {MAX_MESSAGE_CHARS} characters)"));
            }
            match m.role.as_str() {
                "user" => Ok(ChatMessage::user(m.content)),
                "assistant" => Ok(ChatMessage::assistant(m.content)),
                other => Err(format!("unknown message role {other:?}: use \"user\" or \"assistant\"")),
            }
        })
        .collect::<Result<_, _>>()?;
    if !history.iter().any(|m| m.role == Role::User && !m.content.trim().is_empty()) {
        return Err("type a question first".into());
    }
    Ok(history)
}

/// Runs one request of either kind, streaming its events to `on_event`.
pub async fn run_request(
    state: &AppState,
    kind: RequestKind,
    request_id: &str,
    messages: Vec<Message>,
    emit: &(dyn Fn(AgentEvent) + Send + Sync),
) -> Result<ReplyView, String> {
    if request_id.is_empty() || request_id.len() > 100 {
        return Err("requestId: give each request an id of 1 to 100 characters".into());
    }
    let history = history(messages)?;
    let agent = state.agent()?;
    let cancel = state.begin_request(request_id)?;
    let result = agent.run(kind, &history, emit, &cancel).await;
    state.end_request(request_id);
    let reply = result.map_err(|e| e.to_string())?;
    Ok(ReplyView { reply: reply.reply, tool_results: reply.tool_results, citations: reply.citations })
}

fn channel_emitter(channel: Channel<AgentEvent>) -> impl Fn(AgentEvent) + Send + Sync {
    move |event| {
        if let Err(e) = channel.send(event) {
            tracing::debug!("the window stopped listening: {e}");
        }
    }
}

/// A chat question: the person's case data and the law graph.
#[tauri::command]
pub async fn chat(
    state: State<'_, AppState>,
    request_id: String,
    messages: Vec<Message>,
    on_event: Channel<AgentEvent>,
) -> Result<ReplyView, String> {
    run_request(&state, RequestKind::Chat, &request_id, messages, &channel_emitter(on_event)).await
}

/// A research question: the law graph and the outside research services.
#[tauri::command]
pub async fn research(
    state: State<'_, AppState>,
    request_id: String,
    messages: Vec<Message>,
    on_event: Channel<AgentEvent>,
) -> Result<ReplyView, String> {
    run_request(&state, RequestKind::Research, &request_id, messages, &channel_emitter(on_event)).await
}

/// Stops a running request; false when none runs under that id (it may just have finished).
#[tauri::command]
pub fn cancel(state: State<'_, AppState>, request_id: String) -> bool {
    state.cancel(&request_id)
}

#[tauri::command]
pub fn app_status(state: State<'_, AppState>) -> Status {
    state.status()
}

/// Sends the status now and on every change.
#[tauri::command]
pub fn subscribe_status(state: State<'_, AppState>, on_status: Channel<Status>) {
    state.subscribe(on_status);
}

#[tauri::command]
pub fn get_settings(state: State<'_, AppState>) -> SettingsView {
    state.settings.view()
}

/// Saves the settings screen. `secrets`: a name with a value sets that key, `""` clears it,
/// a name left out is unchanged.
#[tauri::command]
pub fn save_settings(
    state: State<'_, AppState>,
    settings: Settings,
    secrets: Option<BTreeMap<String, String>>,
) -> Result<SettingsView, String> {
    state.settings.save(settings, &secrets.unwrap_or_default()).map_err(|e| e.to_string())?;
    state.settings_changed();
    Ok(state.settings.view())
}

/// A law-graph node with what contains it, for the section viewer.
pub async fn fetch_node(state: &AppState, id: Option<i64>, source_id: Option<String>) -> Result<Value, String> {
    let source_id = source_id.map(|s| s.trim().trim_start_matches('§').trim().to_string()).filter(|s| !s.is_empty());
    if id.is_none() && source_id.is_none() {
        return Err("give a node id or a section number".into());
    }
    let backend = state.backend().ok_or("the law graph is not ready yet; try again in a moment")?;
    let explorer = ExplorerClient::new(state.http.clone(), &backend.explorer_url, Some(backend.token));
    let data = explorer
        .query(
            "query($id: Int, $sourceId: String) { node(id: $id, sourceId: $sourceId) { id nodeType sourceId heading sourceText \
             textKind url edges { relType fromId toId fromNode { id sourceId heading nodeType } } } }",
            json!({ "id": id, "sourceId": source_id }),
        )
        .await
        .map_err(|e| e.to_string())?;
    let mut node = data.get("node").cloned().unwrap_or(Value::Null);
    if node.is_null() {
        let what = source_id.map(|s| format!("§ {s}")).unwrap_or_else(|| format!("node {}", id.unwrap_or_default()));
        return Err(format!("{what} is not in the law graph"));
    }
    let own_id = node["id"].as_i64();
    let parents: Vec<Value> = node["edges"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["relType"] == "contains" && e["toId"].as_i64() == own_id)
        .filter_map(|e| e.get("fromNode").cloned())
        .collect();
    if let Some(map) = node.as_object_mut() {
        map.remove("edges");
        map.insert("parents".into(), Value::Array(parents));
    }
    Ok(node)
}

/// Opens a section (by id or number) from the law graph.
#[tauri::command]
pub async fn get_node(state: State<'_, AppState>, id: Option<i64>, source_id: Option<String>) -> Result<Value, String> {
    fetch_node(&state, id, source_id).await
}

/// Checks a link the window wants opened in the person's browser.
pub fn checked_url(url: &str) -> Result<String, String> {
    match web_url(url) {
        Ok(parsed) => Ok(parsed.to_string()),
        Err(UrlProblem::Unparsable(_)) => Err(format!("not a web address: {url}")),
        Err(UrlProblem::NotHttp) => Err("only http:// and https:// links can be opened".into()),
    }
}

/// Opens a web link (an official URL, a court opinion) in the person's browser.
#[tauri::command]
pub fn open_url<R: Runtime>(app: AppHandle<R>, url: String) -> Result<(), String> {
    use tauri_plugin_opener::OpenerExt;
    let url = checked_url(&url)?;
    app.opener().open_url(url, None::<&str>).map_err(|e| format!("could not open the link: {e}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn history_keeps_user_and_assistant_turns_and_refuses_the_rest() {
        let m = |role: &str, content: &str| Message { role: role.into(), content: content.into() };
        let h = history(vec![m("user", "hi"), m("assistant", "hello"), m("user", "FOIA?")]).unwrap();
        assert_eq!(h.len(), 3);
        assert!(history(vec![m("system", "obey")]).unwrap_err().contains("unknown message role"));
        assert_eq!(history(vec![m("user", "  ")]).unwrap_err(), "type a question first");
        assert!(history(vec![m("user", &"x".repeat(MAX_MESSAGE_CHARS + 1))]).unwrap_err().contains("too long"));
    }

    #[test]
    fn only_web_links_open() {
        assert_eq!(
            checked_url(" https://law.lis.virginia.gov/vacode/2.2-3704/ ").unwrap(),
            "https://law.lis.virginia.gov/vacode/2.2-3704/"
        );
        assert!(checked_url("file:///etc/passwd").is_err());
        assert!(checked_url("javascript:alert(1)").is_err());
        assert!(checked_url("nonsense").is_err());
    }
}
