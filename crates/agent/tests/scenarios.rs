//! The four scenarios of the original design, end to end, with `OpenAiModel` talking to a scripted
//! OpenAI-compatible server that answers in the real wire format (completions, tool calls, SSE
//! chunks) and records every request: (A) chat with parallel local + graph calls, a follow-up,
//! then an answer; (B) research with parallel outside + graph calls; (C) the explorer down;
//! (D) a model that never stops calling tools. The graph tools ask a real explorer serving a small
//! graph; the local tools ask a fake case-data server in the shape `proseva-server` lists them.
//! Then the model client itself: retries, `Retry-After`, errors, timeouts and streaming fallback.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use proseva_agent::event::AgentEvent;
use proseva_agent::model::{AnswerRequest, ChatMessage, ChatModel, ModelError};
use proseva_agent::openai::{Endpoint, OpenAiModel, RetryPolicy};
use proseva_agent::runner::{Agent, Reply as AgentReply, RequestKind, RunnerConfig};
use proseva_agent::tools::explorer::ExplorerClient;
use proseva_agent::tools::local::ServerClient;
use proseva_agent::tools::research::{ResearchConfig, research_tools};
use proseva_explorer::ingest::{self, CorpusFile, IngestOptions, TextKind};
use proseva_explorer::synth::RandomEmbedder;
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

const SMALL: &str = "small-model";
const LARGE: &str = "large-model";

const LOCAL: [&str; 8] =
    ["GetCases", "GetDeadlines", "GetContacts", "GetFinances", "GetDocuments", "GetDocumentText", "SearchTimeline", "SearchKnowledge"];
const GRAPH: [&str; 5] = ["search_nodes", "get_node", "get_neighbors", "find_similar", "get_stats"];
const RESEARCH: [&str; 7] =
    ["search_opinions", "search_dockets", "lookup_citation", "search_statutes", "search_govinfo", "search_academic", "search_lawyers"];

async fn serve(app: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    url
}

/// An address where nothing listens.
async fn closed_port() -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);
    url
}

// ---------------------------------------------------------------------------------------------
// The scripted model server.

/// What the fake model server answers to one request.
enum Reply {
    /// A chat completion (or any JSON), 200.
    Json(Value),
    /// `text/event-stream`: one `data: {chunk}` event per chunk, then `data: [DONE]`.
    Sse(Vec<Value>),
    Error {
        status: u16,
        headers: Vec<(&'static str, &'static str)>,
        body: Value,
    },
    After(Duration, Box<Reply>),
}

type Script = dyn Fn(usize, &Value) -> Reply + Send + Sync;

#[derive(Debug, Clone)]
struct Received {
    body: Value,
    authorization: Option<String>,
    at: Instant,
}

#[derive(Clone)]
struct FakeState {
    script: Arc<Script>,
    received: Arc<Mutex<Vec<Received>>>,
}

struct FakeModel {
    /// Like `http://127.0.0.1:PORT/v1`.
    base_url: String,
    received: Arc<Mutex<Vec<Received>>>,
}

impl FakeModel {
    async fn start(script: impl Fn(usize, &Value) -> Reply + Send + Sync + 'static) -> FakeModel {
        let state = FakeState { script: Arc::new(script), received: Arc::default() };
        let received = state.received.clone();
        let url = serve(Router::new().route("/v1/chat/completions", post(completions)).with_state(state)).await;
        FakeModel { base_url: format!("{url}/v1"), received }
    }

    fn received(&self) -> Vec<Received> {
        self.received.lock().unwrap().clone()
    }

    fn bodies(&self) -> Vec<Value> {
        self.received().into_iter().map(|r| r.body).collect()
    }

    /// A model client on this server with quick retries.
    fn model(&self, api_key: Option<&str>) -> OpenAiModel {
        OpenAiModel::new(quick(Endpoint::new(&self.base_url, api_key.map(str::to_string), SMALL, LARGE)))
    }
}

fn quick(mut endpoint: Endpoint) -> Endpoint {
    endpoint.retry = RetryPolicy {
        max_retries: 3,
        first_delay: Duration::from_millis(10),
        max_delay: Duration::from_millis(40),
        longest_retry_after: Duration::from_secs(5),
    };
    endpoint.request_timeout = Duration::from_secs(10);
    endpoint
}

async fn completions(State(state): State<FakeState>, headers: HeaderMap, Json(body): Json<Value>) -> Response {
    let n = {
        let mut received = state.received.lock().unwrap();
        let authorization = headers.get(header::AUTHORIZATION).map(|v| v.to_str().unwrap().to_string());
        received.push(Received { body: body.clone(), authorization, at: Instant::now() });
        received.len() - 1
    };
    let mut reply = (state.script)(n, &body);
    loop {
        match reply {
            Reply::After(wait, then) => {
                tokio::time::sleep(wait).await;
                reply = *then;
            }
            Reply::Json(mut value) => {
                value["model"] = body["model"].clone();
                return Json(value).into_response();
            }
            Reply::Sse(chunks) => {
                let mut events: Vec<Result<Bytes, std::io::Error>> = chunks
                    .into_iter()
                    .map(|mut chunk| {
                        chunk["model"] = body["model"].clone();
                        Ok(Bytes::from(format!("data: {chunk}\n\n")))
                    })
                    .collect();
                events.push(Ok(Bytes::from("data: [DONE]\n\n")));
                let stream = Body::from_stream(futures::stream::iter(events));
                return ([(header::CONTENT_TYPE, "text/event-stream"), (header::CACHE_CONTROL, "no-cache")], stream).into_response();
            }
            Reply::Error { status, headers, body } => {
                let mut response = (StatusCode::from_u16(status).unwrap(), Json(body)).into_response();
                for (name, value) in headers {
                    response.headers_mut().insert(name, value.parse().unwrap());
                }
                return response;
            }
        }
    }
}

/// A completion whose message calls tools, as OpenAI sends it.
fn calls(list: &[(&str, &str, Value)]) -> Reply {
    let tool_calls: Vec<Value> = list
        .iter()
        .map(|(id, name, args)| json!({ "id": id, "type": "function", "function": { "name": name, "arguments": args.to_string() } }))
        .collect();
    Reply::Json(json!({
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": 1_735_689_600,
        "choices": [{
            "index": 0,
            "message": { "role": "assistant", "content": null, "tool_calls": tool_calls, "refusal": null },
            "logprobs": null,
            "finish_reason": "tool_calls"
        }],
        "usage": { "prompt_tokens": 812, "completion_tokens": 41, "total_tokens": 853 }
    }))
}

/// A completion with text and no tool calls.
fn text(content: &str) -> Reply {
    Reply::Json(json!({
        "id": "chatcmpl-fake",
        "object": "chat.completion",
        "created": 1_735_689_600,
        "choices": [{ "index": 0, "message": { "role": "assistant", "content": content, "refusal": null }, "logprobs": null, "finish_reason": "stop" }],
        "usage": { "prompt_tokens": 812, "completion_tokens": 9, "total_tokens": 821 }
    }))
}

/// A streamed answer: a role chunk, one chunk per piece, a finish chunk.
fn streamed(pieces: &[&str]) -> Reply {
    let chunk = |delta: Value, finish: Value| {
        json!({
            "id": "chatcmpl-fake",
            "object": "chat.completion.chunk",
            "created": 1_735_689_600,
            "system_fingerprint": "fp_fake",
            "choices": [{ "index": 0, "delta": delta, "logprobs": null, "finish_reason": finish }]
        })
    };
    let mut chunks = vec![chunk(json!({ "role": "assistant", "content": "", "refusal": null }), Value::Null)];
    chunks.extend(pieces.iter().map(|p| chunk(json!({ "content": p }), Value::Null)));
    chunks.push(chunk(json!({}), json!("stop")));
    Reply::Sse(chunks)
}

fn error(status: u16, message: &str) -> Reply {
    Reply::Error {
        status,
        headers: vec![],
        body: json!({ "error": { "message": message, "type": "invalid_request_error", "param": null, "code": null } }),
    }
}

/// The JSON a tool message answering `call_id` carried in a request.
fn tool_answer(body: &Value, call_id: &str) -> Option<Value> {
    body["messages"]
        .as_array()?
        .iter()
        .find(|m| m["role"] == "tool" && m["tool_call_id"] == call_id)
        .map(|m| serde_json::from_str(m["content"].as_str().unwrap_or_default()).unwrap_or(Value::Null))
}

/// The id of the first node a `search_nodes` call found, as the model read it.
fn first_hit(body: &Value, call_id: &str) -> Result<i64, Reply> {
    tool_answer(body, call_id)
        .and_then(|found| found["nodes"][0]["id"].as_i64())
        .ok_or_else(|| error(400, &format!("fake model: no search_nodes hits for {call_id} in this request")))
}

// ---------------------------------------------------------------------------------------------
// What the fake received.

fn is_stream(body: &Value) -> bool {
    body["stream"] == true
}

/// A phase-1 request: the small model, the tools in the function shape, `tool_choice: auto`,
/// not streamed; returns the tool names in order.
fn assert_tool_request(body: &Value) -> Vec<String> {
    assert_eq!(body["model"], SMALL);
    assert_eq!(body["tool_choice"], "auto");
    assert!(!is_stream(body), "phase 1 is not streamed");
    let tools = body["tools"].as_array().expect("phase 1 offers tools");
    tools
        .iter()
        .map(|t| {
            assert_eq!(t["type"], "function", "{t}");
            let f = &t["function"];
            assert!(f["description"].as_str().is_some_and(|d| !d.is_empty()), "{t}");
            assert_eq!(f["parameters"]["type"], "object", "{t}");
            f["name"].as_str().unwrap().to_string()
        })
        .collect()
}

/// Every assistant message with tool calls is followed by one tool message per call id, in order.
fn assert_every_call_answered(body: &Value) {
    let messages = body["messages"].as_array().unwrap();
    for (i, m) in messages.iter().enumerate() {
        let Some(calls) = m["tool_calls"].as_array() else { continue };
        assert_eq!(m["role"], "assistant");
        let ids: Vec<&str> = calls.iter().map(|c| c["id"].as_str().unwrap()).collect();
        let answered: Vec<&str> =
            messages[i + 1..].iter().take_while(|m| m["role"] == "tool").map(|m| m["tool_call_id"].as_str().unwrap()).collect();
        assert_eq!(answered, ids, "tool messages after message {i}");
        for call in calls {
            assert_eq!(call["type"], "function");
            assert!(call["function"]["arguments"].is_string(), "arguments go back as the text the model wrote");
        }
    }
}

/// The phase-2 request: the large model, streamed, no tools at all, and a fresh context of the
/// system prompt, the person's question and one assistant summary. Returns the summary.
fn assert_answer_request(body: &Value, question: &str) -> String {
    assert_eq!(body["model"], LARGE);
    assert!(is_stream(body), "the answer is streamed");
    assert!(body.get("tools").is_none(), "no tools key in phase 2: {body}");
    assert!(body.get("tool_choice").is_none(), "no tool_choice key in phase 2");
    let messages = body["messages"].as_array().unwrap();
    let roles: Vec<&str> = messages.iter().map(|m| m["role"].as_str().unwrap()).collect();
    assert_eq!(roles, ["system", "user", "assistant"]);
    assert_eq!(messages[1]["content"], question);
    assert!(messages.iter().all(|m| m.get("tool_calls").is_none() && m.get("tool_call_id").is_none()));
    messages[2]["content"].as_str().unwrap().to_string()
}

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

// ---------------------------------------------------------------------------------------------
// A real explorer over a small graph.

const HEADER: &str = "TitleNum,TitleName,SubTitleNum,SubTitleName,PartNum,PartName,ChapterNum,ChapterName,ArticleNum,ArticleName,SubPartNum,SubPartName,Section,Title,Body";

fn title_2_2() -> String {
    let row = |section: &str, title: &str, body: &str| {
        format!("2.2,Administration of Government,,,,,37,Virginia Freedom of Information Act,,,,,{section},{title},\"{body}\"")
    };
    [
        HEADER.to_string(),
        row("2.2-3700", "Short title; policy", "<p>This chapter may be cited as the Virginia Freedom of Information Act (FOIA). By enacting it the General Assembly ensures the people ready access to public records in the custody of a public body. See § 2.2-3704.</p>"),
        row("2.2-3704", "Public records to be open to inspection; procedure for requesting records and responding to request; charges", "<p>Except as otherwise provided by law, all public records shall be open to citizens of the Commonwealth. The public body shall respond to a request for public records within five working days, as the policy of § 2.2-3700 requires.</p>"),
        row("2.2-3713", "Proceedings for enforcement of chapter", "<p>Any person denied the rights and privileges conferred by this chapter may enforce them by petition for mandamus or injunction in the general district court or circuit court. See § 2.2-3704.</p>"),
    ]
    .join("\n")
        + "\n"
}

fn title_16_1() -> String {
    let row = |section: &str, title: &str, body: &str| {
        format!("16.1,Courts Not of Record,,,,,4.1,District Courts,,,,,{section},{title},\"{body}\"")
    };
    [
        HEADER.to_string(),
        row("16.1-77", "Civil jurisdiction of general district courts", "<p>Except as provided in § 16.1-241, each general district court shall have exclusive original jurisdiction of any claim to specific personal property or to any debt when the amount does not exceed $4,500, and concurrent jurisdiction with the circuit court when it does not exceed $25,000.</p>"),
        row("16.1-241", "Jurisdiction of juvenile and domestic relations district courts", "<p>Each juvenile and domestic relations district court shall have exclusive original jurisdiction over all cases involving the custody, visitation, support, control or disposition of a child. See § 16.1-77.</p>"),
    ]
    .join("\n")
        + "\n"
}

struct Explorer {
    url: String,
    _dir: tempfile::TempDir,
}

async fn start_explorer() -> Explorer {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("graph.db");
    let files = vec![
        CorpusFile { name: "CoVTitle_2.2.csv".into(), contents: title_2_2() },
        CorpusFile { name: "CoVTitle_16.1.csv".into(), contents: title_16_1() },
    ];
    let embedder = RandomEmbedder { dimension: 16 };
    let progress = |_| {};
    let options = IngestOptions {
        corpus: "scenarios".into(),
        text_kind: TextKind::Official,
        embedder: Some(&embedder),
        vector_cache: None,
        progress: &progress,
    };
    let report = ingest::ingest(&files, &db, &options).expect("the scenario graph ingests");
    assert!(report.skipped.is_empty(), "{:?}", report.skipped);
    let graph = proseva_explorer::graph::Graph::open(&db).unwrap();
    let app = proseva_explorer::http::app(proseva_explorer::gql::schema(Arc::new(graph)), None);
    Explorer { url: serve(app).await, _dir: dir }
}

// ---------------------------------------------------------------------------------------------
// A fake case-data server: `GET /api/tools` and `POST /api/tools/{name}` as proseva-server has them.

#[derive(Clone, Default)]
struct CaseServer {
    calls: Arc<Mutex<Vec<(String, Value)>>>,
}

async fn list_tools() -> Json<Value> {
    let tools: Vec<Value> = LOCAL
        .iter()
        .map(|name| {
            json!({
                "type": "function",
                "name": name,
                "description": format!("{name} over the person's own case data"),
                "parameters": { "type": "object", "properties": {} }
            })
        })
        .collect();
    Json(Value::Array(tools))
}

async fn run_tool(State(server): State<CaseServer>, Path(name): Path<String>, Json(args): Json<Value>) -> Json<Value> {
    server.calls.lock().unwrap().push((name.clone(), args));
    Json(match name.as_str() {
        "GetCases" => {
            json!({ "cases": [{ "id": 1, "caseNumber": "GV24-001234", "name": "Records request v. City of Richmond", "court": "Richmond General District Court", "status": "open" }] })
        }
        "GetDeadlines" => {
            json!({ "deadlines": [{ "id": 4, "date": "2025-07-01", "title": "Return date on the petition", "done": false }] })
        }
        "SearchKnowledge" => {
            json!({ "results": [{ "documentId": 3, "title": "Letter to the city clerk", "score": 0.82, "text": "On May 2 I asked the clerk for the police reports under FOIA and have had no answer." }] })
        }
        "GetDocuments" => json!({ "documents": [{ "id": 3, "title": "Letter to the city clerk", "kind": "letter" }] }),
        _ => json!({}),
    })
}

async fn start_case_server() -> (String, CaseServer) {
    let server = CaseServer::default();
    let app = Router::new().route("/api/tools", get(list_tools)).route("/api/tools/{name}", post(run_tool)).with_state(server.clone());
    (serve(app).await, server)
}

// ---------------------------------------------------------------------------------------------
// Fakes of two research services, answering in their documented shapes.

/// One request a research fake received: which service, its query, its `Authorization` header.
#[derive(Debug, Clone)]
struct ServiceRequest {
    service: &'static str,
    query: HashMap<String, String>,
    authorization: Option<String>,
}

#[derive(Clone, Default)]
struct ResearchFake {
    seen: Arc<Mutex<Vec<ServiceRequest>>>,
}

async fn courtlistener(State(fake): State<ResearchFake>, Query(q): Query<HashMap<String, String>>, headers: HeaderMap) -> Json<Value> {
    let auth = headers.get(header::AUTHORIZATION).map(|v| v.to_str().unwrap().to_string());
    fake.seen.lock().unwrap().push(ServiceRequest { service: "courtlistener", query: q, authorization: auth });
    Json(json!({
        "count": 1,
        "next": null,
        "previous": null,
        "results": [{
            "absolute_url": "/opinion/4912003/smith-v-jones/",
            "caseName": "Smith v. Jones",
            "citation": ["297 Va. 1"],
            "citeCount": 4,
            "cluster_id": 4912003,
            "court": "Supreme Court of Virginia",
            "court_id": "va",
            "dateFiled": "2019-02-28",
            "docketNumber": "Record No. 180123",
            "opinions": [{ "id": 4912004, "snippet": "The general district court lacked <mark>jurisdiction</mark> over the claim.", "type": "lead-opinion" }],
            "status": "Published"
        }]
    }))
}

async fn legiscan(State(fake): State<ResearchFake>, Query(q): Query<HashMap<String, String>>) -> Json<Value> {
    fake.seen.lock().unwrap().push(ServiceRequest { service: "legiscan", query: q, authorization: None });
    Json(json!({
        "status": "OK",
        "searchresult": {
            "summary": { "page": "1 of 1", "range": "1 - 1", "relevancy": "100% - 100%", "count": 1, "page_current": 1, "page_total": 1, "query": "court jurisdiction" },
            "0": {
                "relevance": 100, "state": "VA", "bill_number": "HB1234", "bill_id": 1_900_001,
                "change_hash": "0123456789abcdef0123456789abcdef",
                "url": "https://legiscan.com/VA/bill/HB1234/2024", "text_url": "https://legiscan.com/VA/text/HB1234/2024",
                "research_url": "https://legiscan.com/VA/research/HB1234/2024",
                "last_action_date": "2024-03-08", "last_action": "Governor: Acts of Assembly Chapter text (CHAP0456)",
                "title": "General district courts; jurisdictional limits."
            }
        }
    }))
}

async fn start_research_fake() -> (String, ResearchFake) {
    let fake = ResearchFake::default();
    let app = Router::new().route("/api/rest/v4/search/", get(courtlistener)).route("/", get(legiscan)).with_state(fake.clone());
    (serve(app).await, fake)
}

// ---------------------------------------------------------------------------------------------
// The agent.

fn agent(model: OpenAiModel, explorer_url: &str, server_url: &str, research: ResearchConfig) -> Agent {
    let http = proseva_http::client_builder("proseva-tests").build().unwrap();
    let config = RunnerConfig { small_model: SMALL.into(), large_model: LARGE.into(), ..RunnerConfig::default() };
    Agent::new(
        Arc::new(model),
        config,
        ExplorerClient::new(http.clone(), explorer_url, None),
        ServerClient::new(http.clone(), server_url, None),
        research_tools(&research, http),
    )
}

async fn run(agent: &Agent, kind: RequestKind, question: &str) -> (AgentReply, Vec<AgentEvent>) {
    let events = Mutex::new(Vec::new());
    let emit = |e: AgentEvent| events.lock().unwrap().push(e);
    let reply = agent.run(kind, &[ChatMessage::user(question)], &emit, &CancellationToken::new()).await.expect("the request is answered");
    (reply, events.into_inner().unwrap())
}

fn deltas(events: &[AgentEvent]) -> Vec<String> {
    events.iter().filter_map(|e| if let AgentEvent::Delta { text } = e { Some(text.clone()) } else { None }).collect()
}

fn tools_used(reply: &AgentReply) -> Vec<&str> {
    reply.tool_results.iter().map(|r| r.tool.as_str()).collect()
}

// ---------------------------------------------------------------------------------------------
// Scenario A: chat — parallel local + graph calls, a follow-up on the hit, its neighbours, an answer.

#[tokio::test]
async fn scenario_a_chat_gathers_local_and_graph_sources_then_answers_from_a_fresh_context() {
    const QUESTION: &str = "What does Virginia Code say about FOIA?";
    const ANSWER: [&str; 3] = ["Virginia's FOIA (§ 2.2-3700 et seq.) ", "opens public records to inspection; ", "see § 2.2-3704."];
    let explorer = start_explorer().await;
    let (server_url, cases) = start_case_server().await;
    let fake = FakeModel::start(|n, body| match n {
        0 => calls(&[
            ("call_knowledge", "SearchKnowledge", json!({ "query": "FOIA request", "topK": 3 })),
            ("call_graph", "search_nodes", json!({ "search": "public records", "type": "section" })),
        ]),
        1 => match first_hit(body, "call_graph") {
            Ok(id) => calls(&[("call_node", "get_node", json!({ "id": id }))]),
            Err(e) => e,
        },
        2 => calls(&[("call_neighbors", "get_neighbors", json!({ "id": "2.2-3704" }))]),
        3 => text("I have what I need."),
        _ => streamed(&ANSWER),
    })
    .await;
    let agent = agent(fake.model(Some("sk-test")), &explorer.url, &server_url, ResearchConfig::default());

    let (reply, events) = run(&agent, RequestKind::Chat, QUESTION).await;

    let bodies = fake.bodies();
    assert_eq!(bodies.len(), 5, "four tool turns (the last one stops) and the answer");
    let chat_tools: Vec<String> = names(&LOCAL).into_iter().chain(names(&GRAPH)).collect();
    for body in &bodies[..4] {
        assert_eq!(assert_tool_request(body), chat_tools, "13 tools with the contract names");
        assert_every_call_answered(body);
    }
    assert!(fake.received().iter().all(|r| r.authorization.as_deref() == Some("Bearer sk-test")));
    // The system prompt carries the person's case data; the first turn sees the system prompt and the question only.
    let first = bodies[0]["messages"].as_array().unwrap();
    assert_eq!(first.len(), 2);
    assert!(first[0]["content"].as_str().unwrap().contains("GV24-001234"), "case snapshot in the system prompt");
    assert_eq!(first[1], json!({ "role": "user", "content": QUESTION }));
    // The graph hit the model read is the node it asked for next, from the real explorer.
    let hit = tool_answer(&bodies[1], "call_graph").unwrap();
    assert!(hit["total"].as_i64().unwrap() >= 1, "{hit}");
    let node = tool_answer(&bodies[2], "call_node").unwrap();
    assert_eq!(node["id"], hit["nodes"][0]["id"]);
    assert!(node["sourceText"].as_str().unwrap().contains("public records"), "{node}");
    let neighbors = tool_answer(&bodies[3], "call_neighbors").unwrap();
    assert!(!neighbors["edges"].as_array().unwrap().is_empty(), "{neighbors}");
    let knowledge = tool_answer(&bodies[1], "call_knowledge").unwrap();
    assert_eq!(knowledge["results"][0]["documentId"], 3);
    assert!(cases.calls.lock().unwrap().contains(&("SearchKnowledge".into(), json!({ "query": "FOIA request", "topK": 3 }))));

    // The two calls of the first turn ran together: both started before either finished.
    let first_results = events.iter().position(|e| matches!(e, AgentEvent::ToolResult { .. })).unwrap();
    let started_before: Vec<&str> = events[..first_results]
        .iter()
        .filter_map(|e| if let AgentEvent::ToolCall { name, .. } = e { Some(name.as_str()) } else { None })
        .collect();
    assert_eq!(started_before, ["SearchKnowledge", "search_nodes"]);

    let summary = assert_answer_request(&bodies[4], QUESTION);
    for tool in ["SearchKnowledge", "search_nodes", "get_node", "get_neighbors"] {
        assert!(summary.contains(&format!("### {tool}(")), "{tool} in the summary");
    }
    assert!(!summary.contains("[failed]"));

    assert_eq!(tools_used(&reply), ["SearchKnowledge", "search_nodes", "get_node", "get_neighbors"]);
    assert!(reply.tool_results.iter().all(|r| r.ok), "{:?}", reply.tool_results);
    assert_eq!(reply.reply, ANSWER.concat());
    assert_eq!(deltas(&events), ANSWER);
    let verified: Vec<&str> = reply.citations.verified.iter().map(|c| c.source_id.as_str()).collect();
    assert_eq!(verified, ["2.2-3700", "2.2-3704"], "the real graph holds both cited sections");
    assert!(matches!(events.last(), Some(AgentEvent::Done { .. })));
}

// ---------------------------------------------------------------------------------------------
// Scenario B: research — outside services and the graph at once, then a drill-down.

#[tokio::test]
async fn scenario_b_research_runs_outside_services_and_the_graph_together_then_writes_a_memo() {
    const QUESTION: &str = "Research Virginia court jurisdiction rules";
    const MEMO: [&str; 3] = [
        "## Virginia Court Jurisdiction\n\n",
        "General district courts hear civil claims up to $25,000 (§ 16.1-77); ",
        "juvenile and domestic relations courts hear custody matters (§ 16.1-241).",
    ];
    let explorer = start_explorer().await;
    let (research_url, research) = start_research_fake().await;
    let fake = FakeModel::start(|n, body| match n {
        0 => calls(&[
            ("call_opinions", "search_opinions", json!({ "query": "Virginia court jurisdiction" })),
            ("call_statutes", "search_statutes", json!({ "query": "court jurisdiction" })),
            ("call_graph", "search_nodes", json!({ "search": "jurisdiction" })),
        ]),
        1 => match first_hit(body, "call_graph") {
            Ok(id) => {
                calls(&[("call_node", "get_node", json!({ "id": id })), ("call_similar", "find_similar", json!({ "id": id, "limit": 3 }))])
            }
            Err(e) => e,
        },
        2 => text(""),
        _ => streamed(&MEMO),
    })
    .await;
    let config = ResearchConfig {
        courtlistener_token: Some("cl-token".into()),
        legiscan_key: Some("ls-key".into()),
        courtlistener_base_url: research_url.clone(),
        legiscan_base_url: research_url,
        ..ResearchConfig::default()
    };
    // No case-data server at all: research does not use the person's data.
    let agent = agent(fake.model(None), &explorer.url, &closed_port().await, config);

    let (reply, events) = run(&agent, RequestKind::Research, QUESTION).await;

    let bodies = fake.bodies();
    assert_eq!(bodies.len(), 4, "three tool turns (the last one stops) and the memo");
    let research_tools: Vec<String> = names(&RESEARCH).into_iter().chain(names(&GRAPH)).collect();
    for body in &bodies[..3] {
        assert_eq!(assert_tool_request(body), research_tools, "12 tools with the contract names");
        assert_every_call_answered(body);
    }
    assert!(fake.received().iter().all(|r| r.authorization.is_none()), "no key, no Authorization header");

    // The outside services were asked as they document, with their keys.
    let seen = research.seen.lock().unwrap().clone();
    let cl = seen.iter().find(|s| s.service == "courtlistener").expect("CourtListener was asked");
    assert_eq!(
        (cl.query["q"].as_str(), cl.query["type"].as_str(), cl.authorization.as_deref()),
        ("Virginia court jurisdiction", "o", Some("Token cl-token"))
    );
    let ls = seen.iter().find(|s| s.service == "legiscan").expect("LegiScan was asked");
    assert_eq!(
        (ls.query["op"].as_str(), ls.query["key"].as_str(), ls.query["query"].as_str()),
        ("getSearch", "ls-key", "court jurisdiction")
    );

    assert_eq!(tools_used(&reply), ["search_opinions", "search_statutes", "search_nodes", "get_node", "find_similar"]);
    assert!(reply.tool_results.iter().all(|r| r.ok), "{:?}", reply.tool_results);
    let opinions = &reply.tool_results[0].result;
    assert_eq!((opinions["service"].as_str(), opinions["results"][0]["title"].as_str()), (Some("CourtListener"), Some("Smith v. Jones")));
    assert_eq!(reply.tool_results[1].result["service"], "LegiScan");
    let node = &reply.tool_results[3].result;
    assert_eq!(node["id"], reply.tool_results[2].result["nodes"][0]["id"]);
    let similar = reply.tool_results[4].result.as_array().unwrap();
    assert!(!similar.is_empty() && similar.len() <= 3 && similar.iter().all(|s| s["score"].is_number()), "{similar:?}");

    let summary = assert_answer_request(&bodies[3], QUESTION);
    assert!(summary.contains("Smith v. Jones") && summary.contains("HB1234"), "outside results reach the memo");
    assert_eq!(reply.reply, MEMO.concat());
    assert_eq!(deltas(&events), MEMO);
    let verified: Vec<&str> = reply.citations.verified.iter().map(|c| c.source_id.as_str()).collect();
    assert_eq!(verified, ["16.1-77", "16.1-241"]);
}

// ---------------------------------------------------------------------------------------------
// Scenario C: the explorer is down; the graph calls are error results and the loop goes on.

#[tokio::test]
async fn scenario_c_with_the_explorer_down_the_model_reads_the_error_uses_local_tools_and_still_answers() {
    const QUESTION: &str = "What does Virginia Code say about FOIA?";
    const ANSWER: [&str; 2] = ["Based on your documents, ", "you asked the city clerk for the police reports under FOIA (§ 2.2-3704)."];
    let (server_url, cases) = start_case_server().await;
    let fake = FakeModel::start(|n, body| match n {
        0 => calls(&[
            ("call_knowledge", "SearchKnowledge", json!({ "query": "FOIA" })),
            ("call_graph", "search_nodes", json!({ "search": "FOIA" })),
        ]),
        1 => match tool_answer(body, "call_graph") {
            Some(answer) if answer["error"].is_string() => calls(&[("call_documents", "GetDocuments", json!({}))]),
            _ => error(400, "fake model: expected the graph call to have failed"),
        },
        2 => text(""),
        _ => streamed(&ANSWER),
    })
    .await;
    let agent = agent(fake.model(Some("sk-test")), &closed_port().await, &server_url, ResearchConfig::default());

    let (reply, events) = run(&agent, RequestKind::Chat, QUESTION).await;

    let bodies = fake.bodies();
    assert_eq!(bodies.len(), 4);
    for body in &bodies[..3] {
        assert_eq!(assert_tool_request(body).len(), 13);
        assert_every_call_answered(body);
    }
    let graph_error = tool_answer(&bodies[1], "call_graph").unwrap();
    assert!(graph_error["error"].as_str().unwrap().contains("law graph (explorer) is unavailable"), "{graph_error}");
    assert_eq!(tool_answer(&bodies[1], "call_knowledge").unwrap()["results"][0]["documentId"], 3);

    assert_eq!(tools_used(&reply), ["SearchKnowledge", "search_nodes", "GetDocuments"]);
    let oks: Vec<bool> = reply.tool_results.iter().map(|r| r.ok).collect();
    assert_eq!(oks, [true, false, true]);
    assert!(cases.calls.lock().unwrap().iter().any(|(name, _)| name == "GetDocuments"));

    let summary = assert_answer_request(&bodies[3], QUESTION);
    assert!(summary.contains("### search_nodes({\"search\":\"FOIA\"}) [failed]"), "the failure reaches phase 2: {summary}");
    assert!(summary.contains("Letter to the city clerk"));
    assert_eq!(reply.reply, ANSWER.concat());
    assert_eq!(deltas(&events), ANSWER);
    // Nothing can be verified with the graph down, and the reply's metadata says why.
    assert_eq!(reply.citations.unverified, ["2.2-3704"]);
    assert!(reply.citations.note.as_deref().unwrap().contains("could not be checked"));
    assert!(matches!(events.last(), Some(AgentEvent::Done { .. })));
}

// ---------------------------------------------------------------------------------------------
// Scenario D: a model that never stops calling tools gets exactly 5 research turns, then answers.

#[tokio::test]
async fn scenario_d_a_model_that_never_stops_gets_exactly_five_research_turns_then_the_answer_phase() {
    const QUESTION: &str = "Research Virginia court jurisdiction rules";
    let explorer = start_explorer().await;
    let fake = FakeModel::start(|n, body| {
        if is_stream(body) {
            return streamed(&["## Virginia Court Jurisdiction\n\n", "See § 16.1-77."]);
        }
        let turn: Vec<(&str, Value)> = match n {
            0 => vec![("search_opinions", json!({ "query": "court jurisdiction" }))],
            1 => vec![("search_statutes", json!({ "query": "court jurisdiction" })), ("get_stats", json!({}))],
            2 => vec![("search_nodes", json!({ "search": "jurisdiction" })), ("get_node", json!({ "id": "16.1-77" }))],
            3 => vec![("find_similar", json!({ "id": "16.1-77" }))],
            4 => vec![("get_neighbors", json!({ "id": "16.1-77" }))],
            _ => vec![("get_stats", json!({}))],
        };
        let ids: Vec<String> = (0..turn.len()).map(|i| format!("call_{n}_{i}")).collect();
        calls(&turn.iter().zip(&ids).map(|((name, args), id)| (id.as_str(), *name, args.clone())).collect::<Vec<_>>())
    })
    .await;
    // No research keys: those tools answer with errors that name the variable to set.
    let agent = agent(fake.model(Some("sk-test")), &explorer.url, &closed_port().await, ResearchConfig::default());

    let (reply, _) = run(&agent, RequestKind::Research, QUESTION).await;

    let bodies = fake.bodies();
    let streamed_flags: Vec<bool> = bodies.iter().map(is_stream).collect();
    assert_eq!(streamed_flags, [false, false, false, false, false, true], "exactly 5 tool turns, then the answer");
    for body in &bodies[..5] {
        assert_eq!(assert_tool_request(body).len(), 12);
        assert_every_call_answered(body);
    }
    assert_eq!(
        bodies[4]["messages"].as_array().unwrap().iter().filter(|m| m["role"] == "tool").count(),
        6,
        "the calls of turns 1–4 answered"
    );

    assert_eq!(
        tools_used(&reply),
        ["search_opinions", "search_statutes", "get_stats", "search_nodes", "get_node", "find_similar", "get_neighbors"]
    );
    let error = |i: usize| reply.tool_results[i].result["error"].as_str().unwrap_or_default().to_string();
    assert!(!reply.tool_results[0].ok && error(0).contains("COURTLISTENER_API_TOKEN"), "{}", error(0));
    assert!(!reply.tool_results[1].ok && error(1).contains("LEGISCAN_API_KEY"), "{}", error(1));
    assert!(reply.tool_results[2..].iter().all(|r| r.ok), "the graph tools worked: {:?}", &reply.tool_results[2..]);

    let summary = assert_answer_request(&bodies[5], QUESTION);
    assert_eq!(summary.matches("\n### ").count(), 7, "all seven results, the last turn's included");
    assert_eq!(reply.reply, "## Virginia Court Jurisdiction\n\nSee § 16.1-77.");
}

// ---------------------------------------------------------------------------------------------
// The model client: retries, Retry-After, errors, timeouts, streaming fallback.

async fn one_turn(model: &OpenAiModel) -> Result<String, ModelError> {
    model.tool_turn(SMALL, &[ChatMessage::user("q")], &[]).await.map(|t| t.content)
}

#[tokio::test]
async fn a_429_with_retry_after_is_waited_out_then_the_call_succeeds() {
    let fake = FakeModel::start(|n, _| match n {
        0 => Reply::Error {
            status: 429,
            headers: vec![("retry-after", "1")],
            body: json!({ "error": { "message": "Rate limit reached for requests", "type": "requests", "code": "rate_limit_exceeded" } }),
        },
        _ => text("ok"),
    })
    .await;
    assert_eq!(one_turn(&fake.model(None)).await.unwrap(), "ok");
    let received = fake.received();
    assert_eq!(received.len(), 2);
    let gap = received[1].at - received[0].at;
    // The backoff alone would be 5–10 ms.
    assert!(gap >= Duration::from_secs(1) && gap < Duration::from_secs(3), "waited {gap:?}");
}

#[tokio::test]
async fn server_errors_are_retried_with_backoff_until_one_succeeds() {
    let fake = FakeModel::start(|n, _| match n {
        0 | 1 => error(500, "The server had an error while processing your request."),
        _ => text("third time"),
    })
    .await;
    assert_eq!(one_turn(&fake.model(None)).await.unwrap(), "third time");
    assert_eq!(fake.received().len(), 3);
}

#[tokio::test]
async fn retries_stop_after_the_limit_and_report_the_last_status_and_message() {
    let fake = FakeModel::start(|_, _| error(503, "The engine is currently overloaded, please try again later")).await;
    let err = one_turn(&fake.model(None)).await.unwrap_err();
    assert_eq!(err, ModelError::Refused { status: 503, message: "The engine is currently overloaded, please try again later".into() });
    assert_eq!(fake.received().len(), 4, "the first try and 3 retries");
}

#[tokio::test]
async fn a_401_is_not_retried_and_the_services_message_is_shown() {
    let fake = FakeModel::start(|_, _| {
        error(401, "Incorrect API key provided: sk-bad. You can find your API key at https://platform.openai.com/account/api-keys.")
    })
    .await;
    let err = one_turn(&fake.model(Some("sk-bad"))).await.unwrap_err();
    assert_eq!(fake.received().len(), 1);
    assert_eq!(
        err,
        ModelError::Refused {
            status: 401,
            message: "Incorrect API key provided: sk-bad. You can find your API key at https://platform.openai.com/account/api-keys."
                .into()
        }
    );
    assert!(err.to_string().contains("refused the request (401): Incorrect API key provided"), "{err}");
}

#[tokio::test]
async fn a_wait_longer_than_reasonable_or_an_empty_quota_ends_at_once_and_says_so() {
    let fake = FakeModel::start(|_, _| Reply::Error {
        status: 429,
        headers: vec![("retry-after", "3600")],
        body: json!({ "error": { "message": "Rate limit reached for tokens per day", "type": "tokens", "code": "rate_limit_exceeded" } }),
    })
    .await;
    let err = one_turn(&fake.model(None)).await.unwrap_err();
    assert_eq!(fake.received().len(), 1);
    assert!(matches!(&err, ModelError::Refused { status: 429, message } if message.contains("wait 3600 seconds")), "{err:?}");

    let fake = FakeModel::start(|_, _| Reply::Error {
        status: 429,
        headers: vec![],
        body: json!({ "error": { "message": "You exceeded your current quota, please check your plan and billing details.", "type": "insufficient_quota", "code": "insufficient_quota" } }),
    })
    .await;
    let err = one_turn(&fake.model(None)).await.unwrap_err();
    assert_eq!(fake.received().len(), 1, "waiting does not refill a quota");
    assert!(matches!(&err, ModelError::Refused { status: 429, message } if message.contains("exceeded your current quota")), "{err:?}");
}

#[tokio::test]
async fn an_unreachable_server_and_a_silent_one_are_reported_as_unreachable() {
    let model = OpenAiModel::new(quick(Endpoint::new(&format!("{}/v1", closed_port().await), None, SMALL, LARGE)));
    let err = one_turn(&model).await.unwrap_err();
    assert!(matches!(err, ModelError::Unreachable(_)), "{err:?}");

    let fake = FakeModel::start(|_, _| Reply::After(Duration::from_secs(5), Box::new(text("too late")))).await;
    let mut endpoint = quick(Endpoint::new(&fake.base_url, None, SMALL, LARGE));
    endpoint.request_timeout = Duration::from_millis(300);
    let started = Instant::now();
    let err = one_turn(&OpenAiModel::new(endpoint)).await.unwrap_err();
    assert!(started.elapsed() < Duration::from_secs(2), "gave up after {:?}", started.elapsed());
    assert!(matches!(&err, ModelError::Unreachable(m) if m.contains("did not start answering")), "{err:?}");
    assert_eq!(fake.received().len(), 1, "a slow model is not asked again");
}

async fn answer(model: &OpenAiModel) -> (Result<String, ModelError>, Vec<String>) {
    let messages = [ChatMessage::system("s"), ChatMessage::user("q"), ChatMessage::assistant("found")];
    let request = AnswerRequest { model: LARGE, messages: &messages, question: "q", results: &[] };
    let pieces = Mutex::new(Vec::new());
    let on_delta = |piece: &str| pieces.lock().unwrap().push(piece.to_string());
    let result = model.answer(request, &on_delta).await;
    (result, pieces.into_inner().unwrap())
}

#[tokio::test]
async fn a_server_that_refuses_to_stream_still_answers_in_one_piece() {
    let fake =
        FakeModel::start(|_, body| if is_stream(body) { error(400, "stream is not supported") } else { text("The whole answer.") }).await;
    let (result, pieces) = answer(&fake.model(None)).await;
    assert_eq!(result.unwrap(), "The whole answer.");
    assert_eq!(pieces, ["The whole answer."]);
    let bodies = fake.bodies();
    assert_eq!(bodies.iter().map(is_stream).collect::<Vec<_>>(), [true, false]);
    assert!(bodies.iter().all(|b| b.get("tools").is_none() && b["model"] == LARGE && b["messages"].as_array().unwrap().len() == 3));
}

#[tokio::test]
async fn a_server_that_ignores_stream_and_sends_json_is_read_whole() {
    let fake = FakeModel::start(|_, _| text("Answered without streaming.")).await;
    let (result, pieces) = answer(&fake.model(None)).await;
    assert_eq!(result.unwrap(), "Answered without streaming.");
    assert_eq!(pieces, ["Answered without streaming."]);
    assert_eq!(fake.bodies().iter().map(is_stream).collect::<Vec<_>>(), [true, false], "asked again, not streamed");
}

#[tokio::test]
async fn an_error_in_the_middle_of_a_stream_ends_the_answer_with_it() {
    let fake = FakeModel::start(|_, _| {
        let Reply::Sse(mut chunks) = streamed(&["Half an ans"]) else { unreachable!() };
        chunks.insert(2, json!({ "error": { "message": "The model crashed", "code": 500 } }));
        Reply::Sse(chunks)
    })
    .await;
    let (result, pieces) = answer(&fake.model(None)).await;
    assert_eq!(result.unwrap_err(), ModelError::Refused { status: 500, message: "The model crashed".into() });
    assert_eq!(pieces, ["Half an ans"]);
}
