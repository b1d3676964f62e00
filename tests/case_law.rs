//! `build_case_law` against a stand-in for CourtListener (documented v4 shapes) and the real
//! explorer with its user layer: offline, the loop searches, records opinions linked to the
//! sections they cite, follows the opinions citing those that added something, and stops when
//! new ones add nothing; a second run duplicates nothing; a model that keeps going is stopped by
//! the workflow's budget; with no key it stops before any step.

use std::sync::{Arc, Mutex};

use proseva_agent::event::AgentEvent;
use proseva_agent::offline::OfflineModel;
use proseva_agent::runner::Reply;
use proseva_agent::tools::research::ResearchConfig;
use proseva_agent::workflows::{Focus, FocusKind, WorkflowRequest};
use proseva_e2e::courtlistener::{self, BROWN, CHAIN_START, CourtListenerFake, DOE, GREEN, ROSE, SMITH};
use proseva_e2e::{Sidecars, start};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

mod fakes;

use fakes::model::{FakeModel, calls, streamed, text};

fn research(fake: &CourtListenerFake) -> ResearchConfig {
    ResearchConfig { courtlistener_token: Some("cl-token".into()), courtlistener_base_url: fake.url.clone(), ..ResearchConfig::default() }
}

fn section(id: &str) -> WorkflowRequest {
    let focus = Focus { kind: FocusKind::Section, id: id.into(), title: String::new(), text: String::new(), case_id: None };
    WorkflowRequest { key: "build_case_law".into(), focus: Some(focus), input: None }
}

async fn run(
    sidecars: &Sidecars,
    model: Arc<dyn proseva_agent::model::ChatModel>,
    config: &ResearchConfig,
    request: &WorkflowRequest,
) -> (Reply, Vec<AgentEvent>) {
    let agent = sidecars.agent_with_research(model, config);
    let events = Mutex::new(Vec::new());
    let emit = |e: AgentEvent| events.lock().unwrap().push(e);
    let reply = agent.run_workflow(request, None, &emit, &CancellationToken::new()).await.expect("the workflow runs");
    (reply, events.into_inner().unwrap())
}

/// The opinion ids `tool` was called with, in order.
fn called(reply: &Reply, tool: &str) -> Vec<u64> {
    reply.tool_results.iter().filter(|r| r.tool == tool).filter_map(|r| r.args["opinion_id"].as_u64()).collect()
}

async fn graph(sidecars: &Sidecars, query: &str) -> Value {
    sidecars.explorer().query(query, json!({})).await.expect("the explorer answers")
}

const CITING: &str = "{ citingOpinions(section: \"20-124.3\") { relType mentions node { sourceId heading layer textKind url } } }";
const COUNTS: &str = "{ userLayer { opinionCount linkCount } }";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn offline_the_loop_follows_citations_links_opinions_to_sections_and_stops_when_they_add_nothing() {
    let sidecars = start().await;
    let fake = CourtListenerFake::start().await;
    let (reply, events) = run(&sidecars, Arc::new(OfflineModel), &research(&fake), &section("20-124.3")).await;

    // Searched, processed the two hits, followed both, processed the two citing opinions, and
    // stopped: Brown and Doe cite only § 20-124.3, which Rose already linked, so Green (citing
    // Brown) was never fetched.
    assert_eq!(called(&reply, "process_opinion"), [ROSE, SMITH, BROWN, DOE], "{:#?}", reply.tool_results);
    assert_eq!(called(&reply, "get_citing_opinions"), [ROSE, SMITH]);
    assert!(!fake.seen().iter().any(|s| s.contains(&GREEN.to_string())), "{:?}", fake.seen());
    assert_eq!(reply.tool_results.last().map(|r| r.tool.as_str()), Some("summarize_graph"));
    assert!(reply.tool_results.iter().all(|r| r.ok), "{:#?}", reply.tool_results.iter().filter(|r| !r.ok).collect::<Vec<_>>());

    // Rose interprets § 20-124.3 (construed, twice) and cites § 20-124.2; Smith's § 20-999 is not
    // in the graph and was not linked.
    let rose = reply.tool_results.iter().find(|r| r.tool == "process_opinion" && r.args["opinion_id"] == ROSE).unwrap();
    assert_eq!(rose.result["new"], 2);
    assert_eq!(rose.result["created"], true);
    assert_eq!(rose.result["holdingKind"], "excerpt", "offline, the holding is the opinion's own sentences");
    assert!(rose.result["holding"].as_str().unwrap().contains("We construe § 20-124.3"), "{}", rose.result);
    assert_eq!(rose.result["opinion"]["court"], "Court of Appeals of Virginia");
    let smith = reply.tool_results.iter().find(|r| r.tool == "process_opinion" && r.args["opinion_id"] == SMITH).unwrap();
    assert_eq!(smith.result["unresolved"], json!(["20-999"]), "{}", smith.result);

    // The law graph shows them on the section, as the person's own additions.
    let citing = graph(&sidecars, CITING).await;
    let opinions = citing["citingOpinions"].as_array().unwrap();
    assert_eq!(opinions.len(), 4, "{citing}");
    let rose_edge = opinions.iter().find(|o| o["node"]["sourceId"] == format!("cl-{ROSE}")).unwrap();
    assert_eq!(rose_edge["relType"], "interprets");
    assert_eq!(rose_edge["node"]["layer"], "user");
    assert!(rose_edge["node"]["heading"].as_str().unwrap().starts_with("Rose v. Rose"), "{rose_edge}");
    let neighbors = graph(&sidecars, "{ node(sourceId: \"16.1-241\") { edges { relType layer fromNode { sourceId nodeType } } } }").await;
    let edges = neighbors["node"]["edges"].as_array().unwrap();
    assert!(
        edges
            .iter()
            .any(|e| e["layer"] == "user" && e["fromNode"]["sourceId"] == format!("cl-{SMITH}") && e["fromNode"]["nodeType"] == "opinion"),
        "Smith shows among § 16.1-241's edges: {neighbors}"
    );

    // The trail shows each opinion as a card that opens its first section.
    let card = events.iter().find_map(|e| match e {
        AgentEvent::ToolResult { name, cards, .. } if name == "process_opinion" => {
            cards.iter().find(|c| c.title == "Rose v. Rose").cloned()
        }
        _ => None,
    });
    let card = card.expect("a card for the opinion");
    assert_eq!(card.title, "Rose v. Rose");
    assert_eq!(card.section.as_deref(), Some("20-124.3"));
    assert!(card.citation.starts_with("Linked to § 20-124.3"), "{}", card.citation);
    assert!(reply.reply.contains("added 4 opinions"), "{}", reply.reply);

    // Run twice: the opinions already in the notes are not processed again, nothing is duplicated;
    // it follows them instead, and Green (citing Brown) is read — it cites no section, so it is not added.
    let before = graph(&sidecars, COUNTS).await;
    let (again, _) = run(&sidecars, Arc::new(OfflineModel), &research(&fake), &section("20-124.3")).await;
    assert_eq!(called(&again, "process_opinion"), [GREEN], "{:#?}", again.tool_results);
    assert_eq!(called(&again, "get_citing_opinions"), [ROSE, SMITH, BROWN, DOE], "the known opinions are followed");
    let green = again.tool_results.iter().find(|r| r.tool == "process_opinion").unwrap();
    assert_eq!((green.ok, green.result["sectionsLinked"].as_u64()), (true, Some(0)), "{}", green.result);
    assert_eq!(graph(&sidecars, COUNTS).await, before);
    assert_eq!(before["userLayer"]["opinionCount"], 4);

    // And processing one of them again merges: no new link, no new row.
    let agent = sidecars.agent_with_research(Arc::new(OfflineModel), &research(&fake));
    let tools = agent.role_tools(proseva_agent::roles::Role::Executor).await.unwrap();
    let merged = tools.get("process_opinion").unwrap().call(json!({ "opinion_id": ROSE })).await.unwrap();
    assert_eq!(
        (merged["new"].as_u64(), merged["merged"].as_u64(), merged["created"].as_bool()),
        (Some(0), Some(2), Some(false)),
        "{merged}"
    );
    assert_eq!(graph(&sidecars, COUNTS).await, before);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn offline_a_citation_chain_that_keeps_adding_sections_is_stopped_by_the_planners_budget() {
    let sidecars = start().await;
    let fake = CourtListenerFake::start().await;
    let (reply, _) = run(&sidecars, Arc::new(OfflineModel), &research(&fake), &section("20-107.1")).await;
    let processed = called(&reply, "process_opinion");
    assert_eq!(processed.len(), 10, "each link adds a section; the run stops after ten: {processed:?}");
    assert_eq!(processed, (CHAIN_START..CHAIN_START + 10).collect::<Vec<_>>(), "followed citation by citation");
    assert!(reply.tool_results.len() <= 30);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_model_that_keeps_processing_is_stopped_by_the_workflows_budget_and_writes_each_opinion_whole() {
    let sidecars = start().await;
    let fake_cl = CourtListenerFake::start().await;
    let turns = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let counter = turns.clone();
    let model = FakeModel::start(move |_, body| {
        if body.get("response_format").is_some() {
            // A holding, asked in the structured form.
            return text(&json!({ "holding": "The court applied § 20-124.3 with the section of this link." }).to_string());
        }
        if body.get("tools").is_none() {
            return streamed(&["I added the chain of opinions to your case-law notes."]);
        }
        // Four opinions per turn, following the chain: the eighth turn passes the workflow's 30 calls.
        let n = counter.fetch_add(1, std::sync::atomic::Ordering::SeqCst) as u64;
        let ids: Vec<(String, u64)> = (0..4).map(|i| (format!("p{n}-{i}"), CHAIN_START + (n * 4 + i) % 30)).collect();
        let list: Vec<(&str, &str, Value)> =
            ids.iter().map(|(id, o)| (id.as_str(), "process_opinion", json!({ "opinion_id": o }))).collect();
        calls(&list)
    })
    .await;
    let (reply, _) = run(&sidecars, Arc::new(model.model(Some("sk-test"))), &research(&fake_cl), &section("20-124.3")).await;
    assert_eq!(reply.tool_results.len(), 30, "the two calls past the budget were not made");
    assert!(reply.tool_results.iter().all(|r| r.ok), "{:#?}", reply.tool_results.iter().filter(|r| !r.ok).collect::<Vec<_>>());
    assert_eq!(turns.load(std::sync::atomic::Ordering::SeqCst), 8, "eight tool turns, then the summary");
    let bodies = model.bodies();
    assert!(bodies.last().unwrap().get("tools").is_none(), "the summary is written without tools");
    assert!(reply.tool_results.iter().all(|r| r.result["holdingKind"] == "summary"), "with a model, it writes the holding");
    // 30 distinct opinions, each recorded with its links (written whole, one transaction each).
    let counts = graph(&sidecars, COUNTS).await;
    assert_eq!(counts["userLayer"]["opinionCount"], 30, "{counts}");
    assert!(reply.reply.contains("chain of opinions"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_a_courtlistener_key_it_stops_at_once_with_the_hint_and_writes_nothing() {
    let sidecars = start().await;
    let fake = CourtListenerFake::start().await;
    let no_key = ResearchConfig { courtlistener_base_url: fake.url.clone(), ..ResearchConfig::default() };
    let (reply, events) = run(&sidecars, Arc::new(OfflineModel), &no_key, &section("20-124.3")).await;
    assert!(reply.tool_results.is_empty());
    assert!(reply.reply.contains("did not start") && reply.reply.contains("COURTLISTENER_API_TOKEN"), "{}", reply.reply);
    assert!(!events.iter().any(|e| matches!(e, AgentEvent::ToolCall { .. })));
    assert!(fake.seen().is_empty(), "nothing was sent: {:?}", fake.seen());
    assert_eq!(graph(&sidecars, COUNTS).await["userLayer"]["opinionCount"], 0);
    // The stand-in refuses a request without the token, as CourtListener does.
    let refused = proseva_e2e::client().get(format!("{}/api/rest/v4/opinions/{ROSE}/", fake.url)).send().await.unwrap();
    assert_eq!(refused.status().as_u16(), 401);
    let _ = courtlistener::custody_opinions();

    // Over HTTP (the server has no CourtListener key either): the same answer, nothing run.
    let url = format!("{}/api/workflows/build_case_law", sidecars.server_url);
    let res = proseva_e2e::client()
        .post(&url)
        .bearer_auth(proseva_e2e::TOKEN)
        .json(&json!({ "focus": { "kind": "section", "id": "20-124.3" } }))
        .send()
        .await
        .unwrap();
    assert_eq!(res.status().as_u16(), 200);
    let body: Value = res.json().await.unwrap();
    assert!(body["reply"].as_str().unwrap().contains("COURTLISTENER_API_TOKEN"), "{body}");
    assert_eq!(body["toolResults"], json!([]));
}
