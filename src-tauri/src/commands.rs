//! The commands the window may call (and, by the capability file, nothing else).
//!
//! Every error reaches the window as one [`CommandError`]: `{code, message, field?}`. `chat` and
//! `research` answer at once with `{requestId}` once the request is accepted, and run it in the
//! background; every event of the request, `done` or `error` last, goes over its channel.

use std::collections::BTreeMap;

use proseva_agent::citations::citation_spans;
use proseva_agent::conversation::conversation_from_json;
use proseva_agent::event::AgentEvent;
use proseva_agent::pipeline::{self, Budget, Guards, WriteGate};
use proseva_agent::runner::RequestKind;
use proseva_agent::tool::ToolError;
use proseva_agent::tools::explorer::ExplorerClient;
use proseva_agent::workflows::{self, FocusKind, WorkflowRequest};
use serde::Serialize;
use serde_json::{Value, json};
use tauri::ipc::Channel;
use tauri::{AppHandle, Runtime, State};

use crate::error::CommandError;
use crate::saved;
use crate::settings::{Settings, SettingsView, UrlProblem, web_url};
use crate::state::{AppState, Status};

/// What `chat` and `research` answer: the request was accepted and runs under this id, in this
/// saved conversation (none when the case data server could not save it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Accepted {
    pub request_id: String,
    pub conversation_id: Option<i64>,
}

/// Which request, in which saved conversation, about which case.
#[derive(Debug, Clone, Default)]
pub struct Asked {
    pub request_id: Option<String>,
    pub messages: Option<Value>,
    pub conversation_id: Option<i64>,
    pub case_id: Option<i64>,
}

/// What a request runs: a question of Ask or Research, or a workflow on a record.
pub enum Job {
    Ask(RequestKind),
    /// A workflow, run in the window's language (`en`, `es`).
    Workflow(WorkflowRequest, String),
}

/// Accepts one request of either kind and starts it: checks the id and the conversation, saves
/// the question (in a new saved conversation unless `conversation_id` names one), registers it for
/// Stop, and runs the agent on its own task, every event going to `emit`; the answer is saved with
/// its events when it is done. `messages` is the JSON the window sent, checked by the agent's one
/// conversation validator.
pub async fn start_request(
    state: &AppState,
    kind: RequestKind,
    asked: Asked,
    emit: impl Fn(AgentEvent) + Send + Sync + 'static,
) -> Result<Accepted, CommandError> {
    start_job(state, Job::Ask(kind), asked, emit).await
}

/// [`start_request`] for any [`Job`]: a workflow's "question" is what it runs on
/// (`Connect to the law: “Notice to quit”`), saved in an Ask conversation.
pub async fn start_job(
    state: &AppState,
    job: Job,
    asked: Asked,
    emit: impl Fn(AgentEvent) + Send + Sync + 'static,
) -> Result<Accepted, CommandError> {
    let request_id = asked.request_id.unwrap_or_default();
    if request_id.is_empty() || request_id.chars().count() > 100 {
        return Err(CommandError::invalid("requestId", "give each request an id of 1 to 100 characters"));
    }
    let (kind, history, question) = match &job {
        Job::Ask(kind) => {
            let history = conversation_from_json(&json!({ "messages": asked.messages }))?;
            let question = history.last().map(|m| m.content.clone()).unwrap_or_default();
            (*kind, history, question)
        }
        Job::Workflow(request, lang) => (RequestKind::Chat, Vec::new(), crate::focus::asked_for(request, lang)),
    };
    // A local model chosen in Settings loads with the first question (and after it was stopped).
    state.prepare_local_model().await;
    let agent = state.agent()?;
    let workspace = state.workspace()?;
    let case_id = match &job {
        Job::Workflow(request, _) => request.focus.as_ref().and_then(|f| f.case_id).or(asked.case_id),
        Job::Ask(_) => asked.case_id,
    };
    let case = match case_id {
        Some(case_id) => Some(saved::case_context(&workspace, case_id).await?),
        None => None,
    };
    let conversation_id = saved::save_question(&workspace, kind, asked.conversation_id, case_id, &question).await?;
    // What the person allowed in this conversation; a workflow they started is theirs to write.
    let grants = state.grants.of(conversation_id);
    let cancel = state.requests.begin(&request_id)?;
    let requests = state.requests.clone();
    let id = request_id.clone();
    tauri::async_runtime::spawn(async move {
        let kept = saved::Recorder::default();
        let record = |event: AgentEvent| {
            kept.keep(&event);
            emit(event);
        };
        // The runner sends `done` or `error` itself; the result is already on its way to the window.
        let result = match &job {
            Job::Ask(kind) => agent.run_with_grants(*kind, &history, case.as_ref(), &grants, &record, &cancel).await,
            Job::Workflow(request, lang) => agent.run_workflow_in(request, Some(lang), case.as_ref(), &record, &cancel).await,
        };
        if let (Ok(reply), Some(conversation)) = (result, conversation_id) {
            saved::save_answer(&workspace, conversation, &reply.reply, kept.events()).await;
        }
        requests.end(&id);
    });
    Ok(Accepted { request_id, conversation_id })
}

/// The workflows that fit a focus of this kind (`case`, `document`, `note`, `section`), for the
/// Workflows menu; all of them without a kind. Named and described in the window's language.
#[tauri::command]
pub fn list_workflows(state: State<'_, AppState>, kind: Option<String>) -> Result<Value, CommandError> {
    let lang = state.language();
    let listed = |found: Vec<&workflows::Workflow>| Value::Array(found.into_iter().map(|w| workflows::listed(w, Some(&lang))).collect());
    match kind.as_deref() {
        None => Ok(listed(workflows::WORKFLOWS.iter().collect())),
        Some(name) => {
            let kind = FocusKind::parse(name).ok_or_else(|| CommandError::invalid("kind", "one of case, document, note, section"))?;
            Ok(listed(workflows::for_focus(Some(kind))))
        }
    }
}

/// Runs a workflow on a record (`focus: {kind, id}`), as a request of the Ask panel: its steps
/// stream over the channel like an answer's, and it is saved as a conversation.
#[tauri::command]
#[allow(clippy::too_many_arguments)]
pub async fn run_workflow(
    state: State<'_, AppState>,
    request_id: Option<String>,
    key: String,
    focus: Option<Value>,
    input: Option<String>,
    conversation_id: Option<i64>,
    case_id: Option<i64>,
    on_event: Channel<AgentEvent>,
) -> Result<Accepted, CommandError> {
    let workspace = state.workspace()?;
    let request = crate::focus::workflow_request(&workspace, key, focus.as_ref(), input).await?;
    let asked = Asked { request_id, messages: None, conversation_id, case_id };
    start_job(&state, Job::Workflow(request, state.language()), asked, channel_emitter(on_event)).await
}

fn channel_emitter(channel: Channel<AgentEvent>) -> impl Fn(AgentEvent) + Send + Sync + 'static {
    move |event| {
        if let Err(e) = channel.send(event) {
            tracing::debug!("the window stopped listening: {e}");
        }
    }
}

/// A chat question: the person's case data and the law graph. Async so that building the agent
/// (settings, keyring reads) never runs on the window's main thread.
#[tauri::command]
pub async fn chat(
    state: State<'_, AppState>,
    request_id: Option<String>,
    messages: Option<Value>,
    conversation_id: Option<i64>,
    case_id: Option<i64>,
    on_event: Channel<AgentEvent>,
) -> Result<Accepted, CommandError> {
    let asked = Asked { request_id, messages, conversation_id, case_id };
    start_request(&state, RequestKind::Chat, asked, channel_emitter(on_event)).await
}

/// A research question: the law graph and the outside research services.
#[tauri::command]
pub async fn research(
    state: State<'_, AppState>,
    request_id: Option<String>,
    messages: Option<Value>,
    conversation_id: Option<i64>,
    case_id: Option<i64>,
    on_event: Channel<AgentEvent>,
) -> Result<Accepted, CommandError> {
    let asked = Asked { request_id, messages, conversation_id, case_id };
    start_request(&state, RequestKind::Research, asked, channel_emitter(on_event)).await
}

/// Stops a running request; false when none runs under that id (it may just have finished).
/// Its `error` event (code `cancelled`) follows on the request's channel.
#[tauri::command]
pub fn cancel(state: State<'_, AppState>, request_id: String) -> bool {
    state.requests.cancel(&request_id)
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

/// Makes a write the agent proposed and the pipeline held (`needs_confirmation`): the person
/// pressed Allow once, or Allow for this conversation (`allow: "conversation"` with the
/// conversation's id: later questions there make this kind of write without asking). Only a tool
/// the registry declares as writing ([`proseva_agent::tool::Effect`]), run through the tool
/// pipeline as the person's own action: the case file's writes on the case data server (`POST
/// /api/tools/{name}`), an opinion for the law notes (`process_opinion`) here. Answers the
/// tool's result, and what the conversation now allows (`allowed`).
#[tauri::command]
pub async fn confirm_write(
    state: State<'_, AppState>,
    name: String,
    args: Value,
    allow: Option<String>,
    conversation_id: Option<i64>,
) -> Result<Value, CommandError> {
    let agent = state.agent()?;
    let writing = agent.writing_tools().await;
    if !writing.contains(&name) {
        return Err(CommandError::invalid("name", format!("only a write waits for confirmation: {}", writing.join(", "))));
    }
    if !args.is_object() {
        return Err(CommandError::invalid("args", "the arguments are a JSON object"));
    }
    let for_conversation = match (allow.as_deref(), conversation_id) {
        (None | Some("once"), _) => None,
        (Some("conversation"), Some(id)) => Some(id),
        (Some("conversation"), None) => {
            return Err(CommandError::invalid("conversationId", "allowing for a conversation needs the conversation's id"));
        }
        (Some(other), _) => return Err(CommandError::invalid("allow", format!("\"once\" or \"conversation\", not {other:?}"))),
    };
    let registry = agent.registry().await.map_err(|e| CommandError::unavailable(e.to_string()))?;
    let tool = registry.get(&name).ok_or_else(|| CommandError::unavailable(format!("{name} is not available now")))?;
    let (budget, gate) = (Budget::new(1, Budget::TIMEOUT), WriteGate::person_started());
    let mut written =
        pipeline::execute(tool.as_ref(), args, Guards { budget: &budget, gate: &gate }).await.result.map_err(|e| match e {
            ToolError::BadArguments(m) => CommandError::invalid("args", m),
            other => CommandError::unavailable(other.to_string()),
        })?;
    // Allowed for the conversation only once the write itself went through.
    let allowed = match for_conversation {
        Some(id) => state.grants.allow(id, &name, &writing)?,
        None => state.grants.of(conversation_id),
    };
    if let Some(object) = written.as_object_mut() {
        object.insert("allowed".into(), json!(allowed.names()));
    }
    Ok(written)
}

/// What the person allowed in a conversation, for the line under its input.
#[tauri::command]
pub fn conversation_grants(state: State<'_, AppState>, conversation_id: i64) -> Vec<String> {
    state.grants.of(Some(conversation_id)).names()
}

/// Takes back everything allowed in a conversation: its writes ask again.
#[tauri::command]
pub fn revoke_grants(state: State<'_, AppState>, conversation_id: i64) {
    state.grants.forget(conversation_id);
}

/// The diagnostics view: per tool, calls, failures and p50/p95 latency since the app started
/// (the window's own requests), and the outside services' guards.
#[tauri::command]
pub fn diagnostics() -> Value {
    json!({ "tools": proseva_agent::pipeline::metrics::snapshot(), "services": proseva_agent::pipeline::service_states() })
}

#[tauri::command]
pub fn get_settings(state: State<'_, AppState>) -> SettingsView {
    state.settings.view()
}

/// Saves the settings screen. `secrets`: a name with a value sets that key, `""` clears it,
/// a name left out is unchanged; `language` left out keeps the language saved.
#[tauri::command]
pub fn save_settings(
    state: State<'_, AppState>,
    settings: serde_json::Map<String, Value>,
    secrets: Option<BTreeMap<String, String>>,
) -> Result<SettingsView, CommandError> {
    let settings = Settings::from_screen(settings, &state.settings.settings())?;
    state.settings.save(settings, &secrets.unwrap_or_default())?;
    state.settings_changed();
    Ok(state.settings.view())
}

/// `{done}`: whether the first start's "What brings you here?" was answered or skipped.
#[tauri::command]
pub fn start_state(state: State<'_, AppState>) -> Value {
    json!({ "done": state.settings.settings().start_done })
}

/// Records that the first start's question was answered or skipped (`done`), or asks it again.
#[tauri::command]
pub fn set_start_done(state: State<'_, AppState>, done: bool) -> Result<Value, CommandError> {
    state.settings.save_start_done(done)?;
    Ok(json!({ "done": done }))
}

/// A law-graph node with what contains it, for the section viewer: also its `label` (`§ 2.2-3704`)
/// and the `citations` in its text (UTF-16 offsets into `sourceText`), so the page links them.
/// `summary` is the plain-language summary kept beside official text (null when there is none);
/// `versions` (each with its `citations`) and `versionNotice` describe a section with two
/// versions; `sourceFile` says which file the official text came from and how old it is.
pub async fn fetch_node(state: &AppState, id: Option<i64>, source_id: Option<String>) -> Result<Value, CommandError> {
    let source_id = source_id.map(|s| s.trim().trim_start_matches('§').trim().to_string()).filter(|s| !s.is_empty());
    if id.is_none() && source_id.is_none() {
        return Err(CommandError::invalid("sourceId", "give a node id or a section number"));
    }
    let backend = state.ready_backend()?;
    let explorer = ExplorerClient::new(state.http.clone(), &backend.explorer_url, Some(backend.token));
    let data = explorer
        .query(
            "query($id: Int, $sourceId: String) { node(id: $id, sourceId: $sourceId) { id nodeType sourceId heading sourceText \
             textKind summary url versionNotice summaryCheck { source textOf checkedOn } currencyNotice \
             changes { session bill chapter effective what source } \
             versions { ordinal heading sourceText label effectiveFrom effectiveUntil contingency inEffect shown } \
             sourceFile { name lastModified retrievedAt origin format } \
             edges { relType fromId toId layer weight \
             fromNode { id sourceId heading nodeType sourceText textKind url } } } }",
            json!({ "id": id, "sourceId": source_id }),
        )
        .await
        .map_err(|e| match e {
            proseva_agent::tool::ToolError::Unavailable(m) => CommandError::unavailable(m),
            other => CommandError::internal(other.to_string()),
        })?;
    let mut node = data.get("node").cloned().unwrap_or(Value::Null);
    if node.is_null() {
        let what = source_id.map(|s| proseva_citation::label(&s)).unwrap_or_else(|| format!("node {}", id.unwrap_or_default()));
        return Err(CommandError::not_found(format!("{what} is not in the law graph")));
    }
    let own_id = node["id"].as_i64();
    let parents: Vec<Value> = node["edges"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["relType"] == "contains" && e["toId"].as_i64() == own_id)
        .filter_map(|e| e.get("fromNode").cloned())
        .collect();
    let opinions = opinions_citing(&node);
    let label = node["sourceId"].as_str().map(proseva_citation::label);
    let citations = citation_spans(node["sourceText"].as_str().unwrap_or_default());
    // Each version's citations too, so the other version's text links its sections.
    if let Some(versions) = node.get_mut("versions").and_then(Value::as_array_mut) {
        for version in versions {
            let spans = citation_spans(version["sourceText"].as_str().unwrap_or_default());
            if let Some(v) = version.as_object_mut() {
                v.insert("citations".into(), json!(spans));
            }
        }
    }
    if let Some(map) = node.as_object_mut() {
        map.remove("edges");
        map.insert("parents".into(), Value::Array(parents));
        map.insert("opinions".into(), Value::Array(opinions));
        map.insert("label".into(), json!(label));
        map.insert("citations".into(), json!(citations));
    }
    Ok(node)
}

/// The court opinions of the person's case-law notes (the law graph's user layer) linked to a
/// node: those that interpret it first, then by how often they cite it.
fn opinions_citing(node: &Value) -> Vec<Value> {
    let own_id = node["id"].as_i64();
    let mut opinions: Vec<Value> = node["edges"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|e| e["layer"] == "user" && e["toId"].as_i64() == own_id && e["fromNode"]["nodeType"] == "opinion")
        .map(|e| {
            let o = &e["fromNode"];
            json!({
                "sourceId": o["sourceId"],
                "heading": o["heading"],
                "relType": e["relType"],
                "mentions": e["weight"].as_f64().map(|w| w.round() as i64),
                "holding": o["sourceText"],
                "holdingKind": o["textKind"],
                "url": o["url"],
            })
        })
        .collect();
    opinions.sort_by_key(|o| (o["relType"] != "interprets", -o["mentions"].as_i64().unwrap_or(0)));
    opinions
}

/// Opens a section (by id or number) from the law graph.
#[tauri::command]
pub async fn get_node(state: State<'_, AppState>, id: Option<i64>, source_id: Option<String>) -> Result<Value, CommandError> {
    fetch_node(&state, id, source_id).await
}

/// Checks a link the window wants opened in the person's browser.
pub fn checked_url(url: &str) -> Result<String, CommandError> {
    match web_url(url) {
        Ok(parsed) => Ok(parsed.to_string()),
        Err(UrlProblem::Unparsable(_)) => Err(CommandError::invalid("url", format!("not a web address: {url}"))),
        Err(UrlProblem::NotHttp) => Err(CommandError::invalid("url", "only http:// and https:// links can be opened")),
    }
}

/// Opens a web link (an official URL, a court opinion) in the person's browser.
#[tauri::command]
pub fn open_url<R: Runtime>(app: AppHandle<R>, url: String) -> Result<(), CommandError> {
    use tauri_plugin_opener::OpenerExt;
    let url = checked_url(&url)?;
    app.opener().open_url(url, None::<&str>).map_err(|e| CommandError::unavailable(format!("could not open the link: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_web_links_open() {
        assert_eq!(
            checked_url(" https://law.lis.virginia.gov/vacode/2.2-3704/ ").unwrap(),
            "https://law.lis.virginia.gov/vacode/2.2-3704/"
        );
        let refused = checked_url("file:///etc/passwd").unwrap_err();
        assert_eq!((refused.code, refused.field.as_deref()), (crate::error::ErrorCode::InvalidInput, Some("url")));
        assert!(checked_url("javascript:alert(1)").is_err());
        assert!(checked_url("nonsense").is_err());
    }
}

/// How the local model is doing right now, for the window's "waiting for the model" line:
/// `{"loaded", "busy", "queued", "model", …}` from its `/health`, or null when none runs.
#[tauri::command]
pub async fn local_model_status(state: State<'_, AppState>) -> Result<serde_json::Value, CommandError> {
    let Some((url, token)) = state.local.health_url() else { return Ok(serde_json::Value::Null) };
    let response = state.http.get(url).bearer_auth(token).timeout(std::time::Duration::from_secs(2)).send().await;
    Ok(match response {
        Ok(r) => r.json().await.unwrap_or(serde_json::Value::Null),
        Err(_) => serde_json::Value::Null,
    })
}
