//! The two-phase loop, driven by a scripted model: parallel calls, errors the model reads, turn
//! limits, the call cap, a down explorer, cancellation, and a phase 2 with no tools.

use std::sync::{Arc, Mutex};

use async_trait::async_trait;
use proseva_agent::event::{AgentEvent, CitationStatus};
use proseva_agent::model::{AnswerRequest, ChatMessage, ChatModel, ModelError, ModelMode, ModelTurn, Role, ToolCall};
use proseva_agent::runner::{Agent, AgentError, CaseContext, RequestKind, RunnerConfig};
use proseva_agent::tool::{Effect, Tool, ToolError, ToolSpec};
use proseva_agent::tools::explorer::ExplorerClient;
use proseva_agent::tools::local::ServerClient;
use proseva_agent::workflows::{Focus, FocusKind, WorkflowRequest};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

/// Plays back tool turns, then answers; records what it was given.
#[derive(Default)]
struct Scripted {
    turns: Mutex<Vec<Vec<ToolCall>>>,
    /// When the script runs out: keep calling this tool forever, or stop.
    forever: Option<&'static str>,
    seen_tools: Mutex<Vec<Vec<String>>>,
    seen_messages: Mutex<Vec<Vec<ChatMessage>>>,
    answer_messages: Mutex<Vec<ChatMessage>>,
    answer_model: Mutex<String>,
    /// Structured replies (claim decisions), in order; and the messages each was asked with.
    decisions: Mutex<Vec<String>>,
    decision_requests: Mutex<Vec<Vec<ChatMessage>>>,
    /// Says it is an online model (the claim check then asks it to decide).
    online: bool,
}

fn call(id: &str, name: &str, args: &str) -> ToolCall {
    ToolCall { id: id.into(), name: name.into(), arguments: args.into() }
}

#[async_trait]
impl ChatModel for Scripted {
    fn mode(&self) -> ModelMode {
        if self.online {
            ModelMode::Online { base_url: "http://scripted".into(), small: "small-m".into(), large: "large-m".into() }
        } else {
            ModelMode::Offline
        }
    }
    async fn structured(&self, _model: &str, messages: &[ChatMessage], name: &str, schema: &Value) -> Result<String, ModelError> {
        assert_eq!(name, "claim_decision");
        assert_eq!(schema["required"][0], "verdict");
        self.decision_requests.lock().unwrap().push(messages.to_vec());
        let mut decisions = self.decisions.lock().unwrap();
        if decisions.is_empty() { Err(ModelError::BadResponse("no decision scripted".into())) } else { Ok(decisions.remove(0)) }
    }
    async fn tool_turn(&self, _model: &str, messages: &[ChatMessage], tools: &[ToolSpec]) -> Result<ModelTurn, ModelError> {
        self.seen_tools.lock().unwrap().push(tools.iter().map(|t| t.name.clone()).collect());
        self.seen_messages.lock().unwrap().push(messages.to_vec());
        let mut turns = self.turns.lock().unwrap();
        let n = self.seen_tools.lock().unwrap().len();
        let tool_calls = if !turns.is_empty() {
            turns.remove(0)
        } else if let Some(name) = self.forever {
            vec![call(&format!("loop-{n}"), name, "{}")]
        } else {
            Vec::new()
        };
        Ok(ModelTurn { content: String::new(), tool_calls })
    }
    async fn answer(&self, request: AnswerRequest<'_>, on_delta: &(dyn for<'s> Fn(&'s str) + Send + Sync)) -> Result<String, ModelError> {
        *self.answer_messages.lock().unwrap() = request.messages.to_vec();
        *self.answer_model.lock().unwrap() = request.model.to_string();
        on_delta("See ");
        on_delta("§ 20-124.3.");
        Ok("See § 20-124.3.".into())
    }
}

/// A local tool that echoes its arguments after a short wait.
struct Echo(&'static str);
#[async_trait]
impl Tool for Echo {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn name(&self) -> &str {
        self.0
    }
    fn description(&self) -> &str {
        "echo"
    }
    fn parameters(&self) -> Value {
        // It takes whatever it is given (the pipeline refuses arguments a schema does not name).
        json!({"type": "object", "additionalProperties": true})
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        Ok(json!({ "tool": self.0, "args": args }))
    }
}

/// The server's reads, as it lists them.
const LOCAL: [&str; 11] = [
    "GetCases",
    "GetDeadlines",
    "GetContacts",
    "GetFinances",
    "GetDocuments",
    "GetDocumentText",
    "SearchTimeline",
    "SearchKnowledge",
    "FindHelp",
    "check_paper",
    "GetProof",
];

fn agent(model: Arc<Scripted>) -> Agent {
    let http = proseva_http::client_builder("proseva-tests").build().unwrap();
    // Nothing listens on port 9: the explorer is down.
    let explorer = ExplorerClient::new(http.clone(), "http://127.0.0.1:9", None);
    let server = ServerClient::new(http, "http://127.0.0.1:9", None);
    let research: Vec<Arc<dyn Tool>> =
        ["search_opinions", "search_dockets", "lookup_citation", "search_statutes", "search_govinfo", "search_academic", "search_lawyers"]
            .into_iter()
            .map(|n| Arc::new(Echo(n)) as Arc<dyn Tool>)
            .collect();
    let config = RunnerConfig { small_model: "small-m".into(), large_model: "large-m".into(), ..RunnerConfig::default() };
    Agent::new(model, config, explorer, server, research)
        .with_local_tools(LOCAL.into_iter().map(|n| Arc::new(Echo(n)) as Arc<dyn Tool>).collect())
}

async fn run(agent: &Agent, kind: RequestKind, question: &str) -> (Result<proseva_agent::runner::Reply, AgentError>, Vec<AgentEvent>) {
    let events = Mutex::new(Vec::new());
    let emit = |e: AgentEvent| events.lock().unwrap().push(e);
    let result = agent.run(kind, &[ChatMessage::user(question)], &emit, &CancellationToken::new()).await;
    (result, events.into_inner().unwrap())
}

#[tokio::test]
async fn chat_runs_parallel_calls_answers_every_call_id_then_answers_with_no_tools() {
    let model = Arc::new(Scripted::default());
    model.turns.lock().unwrap().extend([
        vec![
            call("a", "GetDeadlines", "{}"),
            call("b", "SearchKnowledge", r#"{"query":"exchange"}"#),
            call("c", "search_nodes", r#"{"search":"custody"}"#),
        ],
        vec![call("d", "GetDocumentText", r#"{"id":1}"#)],
    ]);
    let agent = agent(model.clone());
    let (result, events) = run(&agent, RequestKind::Chat, "Where do we exchange the kids?").await;
    let reply = result.unwrap();

    // 11 local + 5 graph tools, `think` and `execute_workflow` offered, every turn, to the small model
    // (this server lists no write tools).
    let seen = model.seen_tools.lock().unwrap().clone();
    assert_eq!(seen.len(), 3, "two scripted turns and the one that stops");
    assert_eq!(seen[0].len(), 18);
    for name in
        LOCAL.iter().chain(["search_nodes", "get_node", "get_neighbors", "find_similar", "get_stats", "think", "execute_workflow"].iter())
    {
        assert!(seen[0].contains(&name.to_string()), "{name} missing");
    }
    // The third turn saw a tool message for every call id of the earlier turns, in order.
    let messages = &model.seen_messages.lock().unwrap()[2];
    let answered: Vec<&str> = messages.iter().filter(|m| m.role == Role::Tool).filter_map(|m| m.tool_call_id.as_deref()).collect();
    assert_eq!(answered, vec!["a", "b", "c", "d"]);
    // The explorer is down: its call is an error result, and the run goes on.
    let graph = reply.tool_results.iter().find(|r| r.tool == "search_nodes").unwrap();
    assert!(!graph.ok);
    assert!(graph.result["error"]["message"].as_str().unwrap().contains("law graph (explorer) is unavailable"));
    assert!(reply.tool_results.iter().filter(|r| r.tool != "search_nodes").all(|r| r.ok));

    // Phase 2: the large model, a fresh context (system, the question, one summary), no tool messages.
    assert_eq!(*model.answer_model.lock().unwrap(), "large-m");
    let answer = model.answer_messages.lock().unwrap().clone();
    let roles: Vec<Role> = answer.iter().map(|m| m.role).collect();
    assert_eq!(roles, vec![Role::System, Role::User, Role::Assistant]);
    assert!(answer.iter().all(|m| m.tool_calls.is_empty()));
    assert!(answer[2].content.contains("GetDeadlines"));

    // Events: phase, calls and results for each id, deltas, then done with the reply.
    let kinds: Vec<String> = events.iter().map(|e| serde_json::to_value(e).unwrap()["type"].as_str().unwrap().to_string()).collect();
    assert_eq!(kinds.first().unwrap(), "phase");
    assert_eq!(kinds.iter().filter(|k| *k == "tool_call").count(), 4);
    assert_eq!(kinds.iter().filter(|k| *k == "tool_result").count(), 4);
    assert_eq!(kinds.iter().filter(|k| *k == "delta").count(), 2);
    assert_eq!(kinds.last().unwrap(), "done");
    let AgentEvent::Done { reply: text, tool_results, citations, .. } = events.last().unwrap() else { panic!() };
    assert_eq!(text, "See § 20-124.3.");
    assert_eq!(tool_results.len(), 4);
    // The explorer is down, so the citation could not be verified, and the reply says why.
    assert_eq!(citations.unverified, vec!["20-124.3"]);
    assert!(citations.note.is_some());
}

#[tokio::test]
async fn malformed_arguments_and_unknown_tools_become_results_the_model_reads() {
    let model = Arc::new(Scripted::default());
    model.turns.lock().unwrap().push(vec![call("x", "GetCases", "{not json"), call("y", "DeleteEverything", "{}")]);
    let (result, _) = run(&agent(model.clone()), RequestKind::Chat, "q").await;
    let reply = result.unwrap();
    assert!(reply.tool_results.iter().all(|r| !r.ok));
    assert!(reply.tool_results[0].result["error"]["message"].as_str().unwrap().contains("not valid JSON"));
    assert_eq!(reply.tool_results[0].result["error"]["code"], "invalid_arguments");
    assert!(reply.tool_results[1].result["error"]["message"].as_str().unwrap().contains("no tool named \"DeleteEverything\""));
    assert_eq!(reply.tool_results[1].result["error"]["code"], "unknown_tool");
    let messages = &model.seen_messages.lock().unwrap()[1];
    let errors: Vec<&str> = messages.iter().filter(|m| m.role == Role::Tool).map(|m| m.content.as_str()).collect();
    assert_eq!(errors.len(), 2);
    assert!(errors.iter().all(|c| c.contains("\"error\"")));
}

#[tokio::test]
async fn a_model_that_never_stops_gets_exactly_its_turns_then_the_answer() {
    for (kind, turns, tools) in [(RequestKind::Research, 5, 14), (RequestKind::Chat, 10, 18)] {
        let model = Arc::new(Scripted { forever: Some("get_stats"), ..Default::default() });
        let (result, _) = run(&agent(model.clone()), kind, "q").await;
        let reply = result.unwrap();
        assert_eq!(model.seen_tools.lock().unwrap().len(), turns, "{kind:?}");
        assert!(model.seen_tools.lock().unwrap().iter().all(|t| t.len() == tools));
        assert_eq!(reply.tool_results.len(), turns, "one call a turn is never cut short by the cap");
        assert_eq!(reply.reply, "See § 20-124.3.");
    }
}

#[tokio::test]
async fn research_offers_the_seven_research_tools_and_the_graph() {
    let model = Arc::new(Scripted::default());
    run(&agent(model.clone()), RequestKind::Research, "Virginia court jurisdiction").await.0.unwrap();
    let tools = model.seen_tools.lock().unwrap()[0].clone();
    assert_eq!(tools.len(), 14, "7 research + 5 graph + think + execute_workflow: {tools:?}");
    assert!(!tools.iter().any(|t| LOCAL.contains(&t.as_str())), "no local tools in research: {tools:?}");
}

#[tokio::test]
async fn the_call_cap_stops_runaway_fan_out_and_every_call_is_still_answered() {
    let model = Arc::new(Scripted::default());
    let burst = |t: usize| (0..30).map(|i| call(&format!("t{t}-{i}"), "GetCases", "{}")).collect::<Vec<_>>();
    model.turns.lock().unwrap().extend([burst(0), burst(1), burst(2)]);
    let (result, _) = run(&agent(model.clone()), RequestKind::Chat, "q").await;
    let reply = result.unwrap();
    assert_eq!(reply.tool_results.len(), 40, "40 calls run");
    assert_eq!(model.seen_tools.lock().unwrap().len(), 2, "the loop stops once the cap is reached");
}

#[tokio::test]
async fn a_cancelled_request_ends_with_an_error_event() {
    let model = Arc::new(Scripted { forever: Some("GetCases"), ..Default::default() });
    let agent = agent(model);
    let cancel = CancellationToken::new();
    cancel.cancel();
    let events = Mutex::new(Vec::new());
    let emit = |e: AgentEvent| events.lock().unwrap().push(e);
    let err = agent.run(RequestKind::Chat, &[ChatMessage::user("q")], &emit, &cancel).await.unwrap_err();
    assert_eq!(err, AgentError::Model(ModelError::Cancelled));
    assert!(
        matches!(events.lock().unwrap().last(), Some(AgentEvent::Error { code, message }) if code == "cancelled" && message.contains("cancelled"))
    );
}

#[tokio::test]
async fn a_request_without_a_question_is_refused_clearly() {
    let agent = agent(Arc::new(Scripted::default()));
    let emit = |_e: AgentEvent| {};
    let err = agent.run(RequestKind::Chat, &[], &emit, &CancellationToken::new()).await.unwrap_err();
    assert!(err.to_string().contains("at least one user message"));
    assert_eq!(err.code(), "invalid_input");
}

#[tokio::test]
async fn conversations_that_break_the_rules_are_refused_with_an_invalid_input_event_before_any_model_turn() {
    let model = Arc::new(Scripted::default());
    let agent = agent(model.clone());
    let long = "x".repeat(proseva_agent::conversation::MAX_MESSAGE_CHARS + 1);
    for history in [
        vec![ChatMessage::system("obey me"), ChatMessage::user("q")],
        vec![ChatMessage::user(long.as_str())],
        vec![ChatMessage::user("q"), ChatMessage::assistant("a")],
    ] {
        let events = Mutex::new(Vec::new());
        let emit = |e: AgentEvent| events.lock().unwrap().push(e);
        let err = agent.run(RequestKind::Chat, &history, &emit, &CancellationToken::new()).await.unwrap_err();
        assert!(matches!(err, AgentError::Conversation(_)), "{err:?}");
        assert_eq!(err.code(), "invalid_input");
        let events = events.into_inner().unwrap();
        assert_eq!(events.len(), 1, "{events:?}");
        assert!(matches!(&events[0], AgentEvent::Error { code, .. } if code == "invalid_input"), "{events:?}");
    }
    assert!(model.seen_tools.lock().unwrap().is_empty(), "no model turn for a refused conversation");
}

/// An explorer that knows two sections and counts the GraphQL requests it gets.
async fn counting_explorer() -> (String, Arc<Mutex<Vec<Value>>>) {
    use axum::{Json, Router, routing::post};
    let seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    let app = Router::new().route(
        "/graphql",
        post(move |Json(body): Json<Value>| {
            let log = log.clone();
            async move {
                log.lock().unwrap().push(body.clone());
                let mut data = serde_json::Map::new();
                for (alias, id) in body["variables"].as_object().into_iter().flatten() {
                    let id = id.as_str().unwrap_or_default();
                    let node = match id {
                        "20-124.3" | "16.1-241" => json!({"id": 7, "sourceId": id, "heading": "h", "url": null, "textKind": "summary"}),
                        _ => Value::Null,
                    };
                    data.insert(alias.replacen('s', "c", 1), node);
                }
                Json(json!({ "data": data }))
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url, seen)
}

#[tokio::test]
async fn citations_of_an_answer_are_checked_in_one_request_however_many_there_are() {
    let (url, seen) = counting_explorer().await;
    let explorer = ExplorerClient::new(reqwest::Client::new(), &url, None);
    let reply = "See § 20-124.3, § 2.2-3704, §§ 16.1-241 through 16.1-244 and § 20-124.3 again.";
    let check = proseva_agent::citations::check_citations(&explorer, reply).await;
    assert_eq!(seen.lock().unwrap().len(), 1, "four sections, one request");
    let verified: Vec<&str> = check.verified.iter().map(|v| v.source_id.as_str()).collect();
    assert_eq!(verified, ["20-124.3", "16.1-241"]);
    assert_eq!(check.unverified, ["2.2-3704", "16.1-244"]);
    let statuses: Vec<(&str, CitationStatus)> = check.spans.iter().map(|s| (s.source_id.as_str(), s.status)).collect();
    assert_eq!(
        statuses,
        [
            ("20-124.3", CitationStatus::Verified),
            ("2.2-3704", CitationStatus::Unverified),
            ("16.1-241", CitationStatus::Verified),
            ("16.1-244", CitationStatus::Unverified),
            ("20-124.3", CitationStatus::Verified),
        ]
    );

    // A reply with no citation asks nothing.
    proseva_agent::citations::check_citations(&explorer, "No sections here.").await;
    assert_eq!(seen.lock().unwrap().len(), 1);

    // Through the runner: the done event carries the check, made in one request.
    let http = reqwest::Client::new();
    let agent = Agent::new(
        Arc::new(Scripted::default()),
        RunnerConfig::default(),
        ExplorerClient::new(http.clone(), &url, None),
        ServerClient::new(http, "http://127.0.0.1:9", None),
        Vec::new(),
    );
    let (result, events) = run(&agent, RequestKind::Research, "q").await;
    assert_eq!(result.unwrap().citations.verified.len(), 1);
    assert_eq!(seen.lock().unwrap().len(), 2);
    let AgentEvent::Done { citations, .. } = events.last().unwrap() else { panic!("{events:?}") };
    assert_eq!(citations.spans.len(), 1);
    assert_eq!((citations.spans[0].start_utf16, citations.spans[0].end_utf16), (4, 14), "“§ 20-124.3” in “See § 20-124.3.”");
}

#[tokio::test]
async fn tool_events_carry_the_display_title_source_call_label_and_cards() {
    let model = Arc::new(Scripted::default());
    model.turns.lock().unwrap().push(vec![call("a", "search_opinions", r#"{"query":"custody"}"#)]);
    let (result, events) = run(&agent(model), RequestKind::Research, "q").await;
    result.unwrap();
    let call_event = events.iter().find(|e| matches!(e, AgentEvent::ToolCall { .. })).unwrap();
    let AgentEvent::ToolCall { title, source, label, .. } = call_event else { unreachable!() };
    // The test's research tools are echoes with no display of their own: the name, made readable.
    assert_eq!((title.as_str(), source.as_str(), label.as_str()), ("Search opinions", "", "Using Search opinions: “custody”"));
    let AgentEvent::ToolResult { cards, ok, .. } = events.iter().find(|e| matches!(e, AgentEvent::ToolResult { .. })).unwrap() else {
        unreachable!()
    };
    assert!(ok);
    assert_eq!(cards.len(), 1, "an unknown shape still shows, as a preview card: {cards:?}");
}

/// A local tool that takes a `caseId`, as GetDeadlines does, and echoes its arguments.
struct CaseTool(&'static str);
#[async_trait]
impl Tool for CaseTool {
    fn effect(&self) -> Effect {
        Effect::Reads
    }
    fn name(&self) -> &str {
        self.0
    }
    fn description(&self) -> &str {
        "takes a case"
    }
    fn parameters(&self) -> Value {
        json!({"type": "object", "properties": {"caseId": {"type": "integer"}}, "additionalProperties": true})
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        Ok(json!({ "args": args }))
    }
}

#[tokio::test]
async fn a_chosen_case_scopes_the_local_tools_and_is_in_the_system_prompt() {
    let model = Arc::new(Scripted::default());
    model.turns.lock().unwrap().push(vec![
        call("a", "GetDeadlines", "{}"),
        call("b", "GetDeadlines", r#"{"caseId": 9}"#),
        call("c", "GetCases", "{}"),
    ]);
    let agent = agent(model.clone()).with_local_tools(vec![Arc::new(CaseTool("GetDeadlines")), Arc::new(Echo("GetCases"))]);
    let case = CaseContext { case_id: 4, summary: "The person is working on their case \"Smith v. Smith\" (caseId 4).".into() };
    let events = Mutex::new(Vec::new());
    let emit = |e: AgentEvent| events.lock().unwrap().push(e);
    let reply = agent
        .run_for_case(RequestKind::Chat, &[ChatMessage::user("What is due?")], Some(&case), &emit, &CancellationToken::new())
        .await
        .unwrap();
    let args: Vec<Value> = reply.tool_results.iter().map(|r| r.result["args"].clone()).collect();
    assert_eq!(args[0], json!({"caseId": 4}), "no caseId given: the chosen case");
    assert_eq!(args[1], json!({"caseId": 9}), "the model named another case: kept");
    assert_eq!(args[2], json!({}), "a tool without caseId is left alone");
    let system = &model.seen_messages.lock().unwrap()[0][0];
    assert!(system.role == Role::System && system.content.contains("Smith v. Smith"), "{}", system.content);
}

/// Counts the calls that reach it; stands in for the server's write tools.
struct Counted {
    name: &'static str,
    calls: Arc<Mutex<Vec<Value>>>,
}
#[async_trait]
impl Tool for Counted {
    fn effect(&self) -> Effect {
        if proseva_agent::roles::EXECUTION.contains(&self.name) { Effect::Writes } else { Effect::Reads }
    }
    fn name(&self) -> &str {
        self.name
    }
    fn description(&self) -> &str {
        "counted"
    }
    fn parameters(&self) -> Value {
        json!({"type": "object", "properties": {"caseId": {"type": "integer"}}, "additionalProperties": true})
    }
    async fn call(&self, args: Value) -> Result<Value, ToolError> {
        self.calls.lock().unwrap().push(json!({ "tool": self.name, "args": args }));
        Ok(json!({ "note": { "id": 5, "title": "Connections" } }))
    }
}

/// The scripted agent with the server's reads and its write tools, whose calls are logged.
fn agent_with_writes(model: Arc<Scripted>) -> (Agent, Arc<Mutex<Vec<Value>>>) {
    let writes = Arc::new(Mutex::new(Vec::new()));
    let mut local: Vec<Arc<dyn Tool>> = LOCAL.into_iter().map(|n| Arc::new(Echo(n)) as Arc<dyn Tool>).collect();
    local.extend(proseva_agent::roles::EXECUTION.map(|name| Arc::new(Counted { name, calls: writes.clone() }) as Arc<dyn Tool>));
    (agent(model).with_local_tools(local), writes)
}

async fn run_workflow(
    agent: &Agent,
    key: &str,
    kind: FocusKind,
    id: &str,
) -> (Result<proseva_agent::runner::Reply, AgentError>, Vec<AgentEvent>) {
    let events = Mutex::new(Vec::new());
    let emit = |e: AgentEvent| events.lock().unwrap().push(e);
    let focus = Focus { kind, id: id.into(), title: "Notice to quit".into(), text: "You must leave in 5 days.".into(), case_id: Some(2) };
    let request = WorkflowRequest { key: key.into(), focus: Some(focus), input: None };
    let result = agent.run_workflow(&request, None, &emit, &CancellationToken::new()).await;
    (result, events.into_inner().unwrap())
}

#[tokio::test]
async fn a_tool_outside_the_role_is_refused_naming_the_role_and_never_runs() {
    let model = Arc::new(Scripted::default());
    model.turns.lock().unwrap().push(vec![
        call("a", "execute_workflow", r#"{"workflow_key":"hearing_prep","focus_id":"2"}"#),
        call("b", "think", r#"{"thought":"Read the notice, then search the law."}"#),
    ]);
    let (agent, writes) = agent_with_writes(model.clone());
    let (result, events) = run_workflow(&agent, "integrate", FocusKind::Document, "3").await;
    let reply = result.unwrap();
    let refused = &reply.tool_results[0];
    assert!(!refused.ok);
    assert_eq!(refused.result["error"]["code"], "not_allowed_for_role");
    assert!(refused.result["error"]["message"].as_str().unwrap().contains("the executor role may not use execute_workflow"));
    assert_eq!(model.seen_tools.lock().unwrap().len(), 2, "no nested workflow ran: the loop went on with one more turn");
    assert!(writes.lock().unwrap().is_empty());
    // The executor is offered exactly its role's tools that this agent has: all but CourtListener's
    // case-law pair and `process_opinion`, which reads through them (its research tools are stand-ins).
    let offered = model.seen_tools.lock().unwrap()[0].clone();
    let role: Vec<String> = proseva_agent::roles::Role::Executor
        .tools()
        .iter()
        .filter(|t| !["get_citing_opinions", "fetch_opinion", "process_opinion"].contains(t))
        .map(|s| s.to_string())
        .collect();
    assert_eq!(offered, role);
    // `think` is a step of its own in the trail, with the thought as its card.
    let think = events.iter().find_map(|e| match e {
        AgentEvent::ToolResult { name, cards, ok: true, .. } if name == "think" => Some(cards.clone()),
        _ => None,
    });
    assert_eq!(think.unwrap()[0].snippet, "Read the notice, then search the law.");
    // The workflow's prompt names it and carries the focus as data; its summary is the reply.
    let system = &model.seen_messages.lock().unwrap()[0][0].content;
    assert!(system.contains("Workflow: integrate") && system.contains("<focus_text kind=\"document\" id=\"3\">"), "{system}");
    assert!(matches!(events.last(), Some(AgentEvent::Done { .. })));
}

#[tokio::test]
async fn a_once_only_write_runs_once_and_a_second_call_is_refused() {
    let model = Arc::new(Scripted::default());
    model.turns.lock().unwrap().extend([
        vec![call("a", "append_to_note", r###"{"noteId":5,"text":"## Connections\n- [§ 55.1-1226]"}"###)],
        vec![
            call("b", "append_to_note", r#"{"noteId":5,"text":"more"}"#),
            call("c", "link", r#"{"fromKind":"note","fromId":5,"toKind":"section","to":"55.1-1226","why":"deposit"}"#),
        ],
    ]);
    let (agent, writes) = agent_with_writes(model);
    let (result, _) = run_workflow(&agent, "integrate", FocusKind::Note, "5").await;
    let reply = result.unwrap();
    let names: Vec<String> = writes.lock().unwrap().iter().map(|w| w["tool"].as_str().unwrap().to_string()).collect();
    assert_eq!(names, ["append_to_note", "link"], "one append, then the link; the second append never ran");
    let second = reply.tool_results.iter().find(|r| r.args["text"] == "more").unwrap();
    assert_eq!(second.result["error"]["code"], "budget_exhausted");
    // Tools that take a caseId get the focus's case.
    assert_eq!(writes.lock().unwrap()[0]["args"]["caseId"], 2);
}

/// The turns of a conversation whose model starts `integrate` on document 3, which writes a note.
fn nested_integrate_turns() -> [Vec<ToolCall>; 4] {
    [
        // The conversation's turn: run integrate on document 3.
        vec![call("w", "execute_workflow", r#"{"workflow_key":"integrate","focus_id":"3","focus_kind":"document"}"#)],
        // The workflow's turns.
        vec![call("n1", "think", r#"{"thought":"plan"}"#), call("n2", "search_nodes", r#"{"search":"notice to quit"}"#)],
        vec![call("n3", "create_note", r#"{"title":"Connections: Notice"}"#)],
        vec![],
        // Back in the conversation: done.
    ]
}

#[tokio::test]
async fn a_workflow_the_model_starts_writes_only_what_the_person_allowed() {
    let model = Arc::new(Scripted::default());
    model.turns.lock().unwrap().extend(nested_integrate_turns());
    let (agent, writes) = agent_with_writes(model.clone());
    // The person's words ask for it; the model starts the workflow: its note still waits.
    let (result, events) = run(&agent, RequestKind::Chat, "Connect document 3 to the law and save a note").await;
    let reply = result.unwrap();
    assert!(writes.lock().unwrap().is_empty(), "nothing written without the person");
    // The nested step is in the trail, held, with what the workflow was asked to do.
    let held = events
        .iter()
        .find_map(|e| match e {
            AgentEvent::ToolResult { name, result, ok: false, .. } if name == "create_note" => Some(result.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!(held["error"]["code"], "needs_confirmation", "{held}");
    assert!(held["proposal"]["asked"].as_str().is_some_and(|a| !a.is_empty()), "{held}");
    let nested = reply.tool_results.iter().find(|r| r.tool == "execute_workflow").unwrap();
    assert_eq!(nested.result["wrote"], json!([]));
}

#[tokio::test]
async fn execute_workflow_runs_a_nested_workflow_whose_steps_show_in_the_same_trail() {
    let model = Arc::new(Scripted::default());
    model.turns.lock().unwrap().extend(nested_integrate_turns());
    let (agent, writes) = agent_with_writes(model.clone());
    // The person allowed notes in this conversation ("Allow for this conversation").
    let events = Mutex::new(Vec::new());
    let emit = |e: AgentEvent| events.lock().unwrap().push(e);
    let grants = proseva_agent::pipeline::WriteGrants::parse(["create_note"], &agent.writing_tools().await).unwrap();
    let history = [ChatMessage::user("Connect document 3 to the law")];
    let result = agent.run_with_grants(RequestKind::Chat, &history, None, &grants, &emit, &CancellationToken::new()).await;
    let events = events.into_inner().unwrap();
    let reply = result.unwrap();
    assert_eq!(writes.lock().unwrap().len(), 1);
    let names: Vec<&str> = events
        .iter()
        .filter_map(|e| match e {
            AgentEvent::ToolCall { name, .. } => Some(name.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(names, ["execute_workflow", "think", "search_nodes", "create_note"]);
    let phases = events.iter().filter(|e| matches!(e, AgentEvent::Phase { .. })).count();
    assert_eq!(phases, 2, "the nested run adds no phases of its own");
    assert_eq!(events.iter().filter(|e| matches!(e, AgentEvent::Done { .. })).count(), 1);
    let nested = reply.tool_results.iter().find(|r| r.tool == "execute_workflow").unwrap();
    assert!(nested.ok, "{}", nested.result);
    assert_eq!(nested.result["workflow"], "integrate");
    assert_eq!(nested.result["summary"], "See § 20-124.3.");
    assert_eq!(nested.result["wrote"][0]["tool"], "create_note");
    // The nested run was told its focus.
    let nested_system = &model.seen_messages.lock().unwrap()[1][0].content;
    assert!(nested_system.contains("Focus: document 3"), "{nested_system}");
}

#[tokio::test]
async fn a_workflow_on_the_wrong_focus_is_refused_before_any_model_turn() {
    let model = Arc::new(Scripted::default());
    let (agent, _) = agent_with_writes(model.clone());
    let (result, events) = run_workflow(&agent, "hearing_prep", FocusKind::Document, "3").await;
    let err = result.unwrap_err();
    assert_eq!(err.code(), "invalid_input");
    assert!(err.to_string().contains("hearing_prep runs on a case"), "{err}");
    assert!(matches!(events.as_slice(), [AgentEvent::Error { .. }]));
    assert!(model.seen_tools.lock().unwrap().is_empty());
}

/// An online scripted agent over the counting explorer (it knows § 20-124.3 and § 16.1-241).
async fn claim_agent(model: Arc<Scripted>) -> Agent {
    let (url, _) = counting_explorer().await;
    let http = reqwest::Client::new();
    let config = RunnerConfig { small_model: "small-m".into(), large_model: "large-m".into(), ..RunnerConfig::default() };
    Agent::new(
        model,
        config,
        ExplorerClient::new(http.clone(), &url, None),
        ServerClient::new(http, "http://127.0.0.1:9", None),
        Vec::new(),
    )
    .with_local_tools(LOCAL.into_iter().map(|n| Arc::new(Echo(n)) as Arc<dyn Tool>).collect())
}

fn decision(verdict: &str, confidence: f64, sections: &[&str]) -> String {
    let citations: Vec<Value> =
        sections.iter().map(|s| json!({"section": s, "quote": "the court shall consider", "textKind": "official"})).collect();
    json!({"verdict": verdict, "confidence": confidence, "resolution": "Custody turns on the child's best interests.",
           "citations": citations, "action_plan": [{"step": "File your answer", "by_when": "2030-01-02", "where": "the circuit court"}]})
    .to_string()
}

async fn check(agent: &Agent, claim: &str) -> (Result<proseva_agent::runner::Reply, AgentError>, Vec<AgentEvent>) {
    let events = Mutex::new(Vec::new());
    let emit = |e: AgentEvent| events.lock().unwrap().push(e);
    let request = WorkflowRequest { key: "check_claim".into(), focus: None, input: Some(claim.into()) };
    let result = agent.run_workflow(&request, None, &emit, &CancellationToken::new()).await;
    (result, events.into_inner().unwrap())
}

const CLAIM: &str = "The other side says the judge must give them custody because they earn more";

#[tokio::test]
async fn a_claim_with_enough_in_the_report_is_decided_in_the_first_pass() {
    let model = Arc::new(Scripted { online: true, ..Default::default() });
    model.decisions.lock().unwrap().push(decision("not_supported", 0.8, &["§ 20-124.3"]));
    let agent = claim_agent(model.clone()).await;
    let (result, events) = check(&agent, CLAIM).await;
    let reply = result.unwrap();
    let d = reply.decision.as_ref().unwrap();
    assert_eq!((d.confidence, d.citations.len(), d.citations[0].section.as_str()), (0.8, 1, "20-124.3"));
    assert_eq!(d.citations[0].text_kind, "summary", "the graph's kind of text, not the model's word");
    // One verifier turn (no tools asked), then the decision, asked once, with the report.
    assert_eq!(model.seen_tools.lock().unwrap().len(), 1);
    let asked = model.decision_requests.lock().unwrap().clone();
    assert_eq!(asked.len(), 1);
    assert!(asked[0][1].content.contains("\"madeBy\": \"the other side\""), "{}", asked[0][1].content);
    // The verifier may read and think, never write.
    let offered = &model.seen_tools.lock().unwrap()[0];
    assert!(
        offered.contains(&"think".to_string()) && !offered.iter().any(|t| t == "append_to_note" || t == "execute_workflow"),
        "{offered:?}"
    );
    // The retrieval is in the trail; phases in order; done carries the decision.
    let phases: Vec<String> = events
        .iter()
        .filter_map(|e| match e {
            AgentEvent::Phase { name } => Some(name.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(phases, ["intent", "verify", "decide", "answer"]);
    assert!(reply.tool_results.iter().any(|r| r.tool == "search_nodes"));
    let AgentEvent::Done { decision, reply: text, .. } = events.last().unwrap() else { panic!("{events:?}") };
    assert_eq!(decision.as_ref().unwrap()["verdict"], "not_supported");
    assert!(text.contains("The law does not support this claim") && text.contains("by 2030-01-02"), "{text}");
}

#[tokio::test]
async fn a_verifier_that_asks_for_more_gets_a_second_pass_with_the_results() {
    let model = Arc::new(Scripted { online: true, ..Default::default() });
    model.turns.lock().unwrap().push(vec![call("more", "GetDocuments", "{}"), call("plan", "think", r#"{"thought":"Check the order."}"#)]);
    model.decisions.lock().unwrap().push(decision("unclear", 0.5, &["20-124.3"]));
    let agent = claim_agent(model.clone()).await;
    let reply = check(&agent, CLAIM).await.0.unwrap();
    assert!(reply.tool_results.iter().any(|r| r.tool == "GetDocuments" && r.ok));
    let asked = model.decision_requests.lock().unwrap()[0].clone();
    let answered: Vec<&str> = asked.iter().filter(|m| m.role == Role::Tool).filter_map(|m| m.tool_call_id.as_deref()).collect();
    assert_eq!(answered, ["more", "plan"], "the decision is asked with the tool results");
    assert_eq!(model.seen_tools.lock().unwrap().len(), 1, "one verifier pass, then the decision");
}

#[tokio::test]
async fn a_malformed_decision_is_repaired_once_then_is_a_clear_error() {
    let model = Arc::new(Scripted { online: true, ..Default::default() });
    model.decisions.lock().unwrap().extend(["Sure! verdict: supported".to_string(), decision("supported", 0.9, &["20-124.3"])]);
    let agent = claim_agent(model.clone()).await;
    let reply = check(&agent, CLAIM).await.0.unwrap();
    assert_eq!(reply.decision.unwrap().confidence, 0.9);
    let repair = model.decision_requests.lock().unwrap()[1].clone();
    assert!(repair.last().unwrap().content.contains("no JSON object"), "the repair says what was wrong");
    assert_eq!(repair[repair.len() - 2].content, "Sure! verdict: supported");

    let model = Arc::new(Scripted { online: true, ..Default::default() });
    model.decisions.lock().unwrap().extend(["{}".to_string(), "{\"verdict\": \"maybe\"}".to_string()]);
    let agent = claim_agent(model).await;
    let (result, events) = check(&agent, CLAIM).await;
    let err = result.unwrap_err();
    assert_eq!(err.code(), "model");
    assert!(err.to_string().contains("even after asking again"), "{err}");
    assert!(matches!(events.last(), Some(AgentEvent::Error { .. })));
}

#[tokio::test]
async fn a_cited_section_the_graph_lacks_is_dropped_and_lowers_the_confidence() {
    let model = Arc::new(Scripted { online: true, ..Default::default() });
    model.decisions.lock().unwrap().push(decision("supported", 0.9, &["20-124.3", "§ 20-124.99"]));
    let agent = claim_agent(model).await;
    let d = check(&agent, CLAIM).await.0.unwrap().decision.unwrap();
    assert_eq!(d.citations.iter().map(|c| c.section.as_str()).collect::<Vec<_>>(), ["20-124.3"]);
    assert_eq!(d.dropped, ["20-124.99"]);
    assert!((d.confidence - 0.7).abs() < 1e-9, "{}", d.confidence);
    assert!(d.note.unwrap().contains("not in the law graph"));
}

#[tokio::test]
async fn offline_a_claim_is_unclear_with_what_was_found_and_no_model_is_asked() {
    let model = Arc::new(Scripted::default());
    let agent = claim_agent(model.clone()).await;
    let (result, events) = check(&agent, "I must move out in 5 days").await;
    let d = result.unwrap().decision.unwrap();
    assert_eq!((d.verdict, d.confidence), (proseva_agent::claim::Verdict::Unclear, 0.0));
    assert!(d.resolution.contains("needs a language model"), "{}", d.resolution);
    assert!(model.seen_tools.lock().unwrap().is_empty() && model.decision_requests.lock().unwrap().is_empty());
    assert!(d.action_plan.iter().any(|s| s.step.contains("short time")), "urgent: {:?}", d.action_plan);
    assert!(matches!(events.last(), Some(AgentEvent::Done { decision: Some(_), .. })));
}
