//! The four scenarios of the original design, end to end, with `OpenAiModel` talking to a scripted
//! OpenAI-compatible server that answers in the real wire format (completions, tool calls, SSE
//! chunks) and records every request: (A) chat with parallel local + graph calls, a follow-up,
//! then an answer; (B) research with parallel outside + graph calls; (C) the explorer down;
//! (D) a model that never stops calling tools. The graph tools ask a real explorer serving a small
//! graph; the local tools ask a fake case-data server in the shape `proseva-server` lists them.

use std::sync::{Arc, Mutex};

use proseva_agent::event::AgentEvent;
use proseva_agent::model::ChatMessage;
use proseva_agent::openai::OpenAiModel;
use proseva_agent::runner::{Agent, Reply as AgentReply, RequestKind, RunnerConfig};
use proseva_agent::tools::explorer::ExplorerClient;
use proseva_agent::tools::local::ServerClient;
use proseva_agent::tools::research::{ResearchConfig, research_tools};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

mod fakes;

use fakes::closed_port;
use fakes::model::{
    FakeModel, LARGE, SMALL, assert_answer_request, assert_every_call_answered, assert_tool_request, calls, error, first_hit, is_stream,
    names, streamed, text, tool_answer,
};
use fakes::services::{GRAPH, LOCAL, OWN, RESEARCH, start_case_server, start_explorer, start_research_fake};

/// An agent with `model`, the graph tools on `explorer_url`, the local tools on `server_url`.
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
    let chat_tools: Vec<String> = names(&LOCAL).into_iter().chain(names(&GRAPH)).chain(names(&OWN)).collect();
    for body in &bodies[..4] {
        assert_eq!(assert_tool_request(body), chat_tools, "14 tools with the contract names, then think and execute_workflow");
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
    let research_tools: Vec<String> = names(&RESEARCH).into_iter().chain(names(&GRAPH)).chain(names(&OWN)).collect();
    for body in &bodies[..3] {
        assert_eq!(assert_tool_request(body), research_tools, "12 tools with the contract names, then think and execute_workflow");
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
            Some(answer) if answer["error"]["message"].is_string() => calls(&[("call_documents", "GetDocuments", json!({}))]),
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
        assert_eq!(assert_tool_request(body).len(), 16);
        assert_every_call_answered(body);
    }
    let graph_error = tool_answer(&bodies[1], "call_graph").unwrap();
    assert!(graph_error["error"]["message"].as_str().unwrap().contains("law graph (explorer) is unavailable"), "{graph_error}");
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
        assert_eq!(assert_tool_request(body).len(), 14);
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
    let error = |i: usize| reply.tool_results[i].result["error"]["message"].as_str().unwrap_or_default().to_string();
    assert!(!reply.tool_results[0].ok && error(0).contains("COURTLISTENER_API_TOKEN"), "{}", error(0));
    assert!(!reply.tool_results[1].ok && error(1).contains("LEGISCAN_API_KEY"), "{}", error(1));
    assert!(reply.tool_results[2..].iter().all(|r| r.ok), "the graph tools worked: {:?}", &reply.tool_results[2..]);

    let summary = assert_answer_request(&bodies[5], QUESTION);
    assert_eq!(summary.matches("\n### ").count(), 7, "all seven results, the last turn's included");
    assert_eq!(reply.reply, "## Virginia Court Jurisdiction\n\nSee § 16.1-77.");
}
