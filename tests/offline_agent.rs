//! The offline mode end to end: the real explorer on the starter corpus, the real server on a
//! fresh data dir, both on loopback, and the agent with no language model.

use std::sync::{Arc, Mutex};

use proseva_agent::event::AgentEvent;
use proseva_agent::model::ChatMessage;
use proseva_agent::offline::OfflineModel;
use proseva_agent::runner::RequestKind;
use proseva_e2e::{TOKEN, start};
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

async fn ask(agent: &proseva_agent::runner::Agent, kind: RequestKind, question: &str) -> (proseva_agent::runner::Reply, Vec<AgentEvent>) {
    let events = Mutex::new(Vec::new());
    let emit = |e: AgentEvent| events.lock().unwrap().push(e);
    let reply = agent.run(kind, &[ChatMessage::user(question)], &emit, &CancellationToken::new()).await.expect("an answer");
    (reply, events.into_inner().unwrap())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn offline_chat_answers_a_foia_question_with_the_foia_sections_cited_and_verified() {
    let sidecars = start().await;
    let agent = sidecars.agent(Arc::new(OfflineModel));
    let (reply, events) = ask(&agent, RequestKind::Chat, "What does Virginia Code say about FOIA?").await;

    assert!(reply.reply.contains("Offline answer"), "{}", reply.reply);
    let cited: Vec<&str> = reply.citations.verified.iter().map(|c| c.source_id.as_str()).collect();
    assert!(cited.iter().any(|c| c.starts_with("2.2-37")), "FOIA sections cited: {cited:?}\n{}", reply.reply);
    assert!(reply.citations.unverified.is_empty(), "the offline answer cites only what it retrieved: {:?}", reply.citations.unverified);
    assert!(reply.citations.verified.iter().all(|c| c.text_kind == "summary"));
    assert!(reply.reply.contains("plain-language summary, not the statute's words"));
    assert!(reply.reply.contains("https://law.lis.virginia.gov/vacode/2.2-37"));

    let search = reply.tool_results.iter().find(|r| r.tool == "search_nodes").expect("searched the graph");
    assert!(search.ok, "{}", search.result);
    assert!(reply.tool_results.iter().any(|r| r.tool == "SearchKnowledge" && r.ok), "searched the person's documents");
    assert!(reply.tool_results.iter().any(|r| r.tool == "get_node" && r.ok), "followed up on the best hits");
    // Every call has its result event, and the run ends with done.
    let calls = events.iter().filter(|e| matches!(e, AgentEvent::ToolCall { .. })).count();
    let results = events.iter().filter(|e| matches!(e, AgentEvent::ToolResult { .. })).count();
    assert_eq!(calls, results);
    assert_eq!(calls, reply.tool_results.len());
    assert!(matches!(events.last(), Some(AgentEvent::Done { .. })));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn offline_chat_brings_in_the_persons_own_deadlines() {
    let sidecars = start().await;
    let http = proseva_http::loopback_client_builder("proseva-tests").build().unwrap();
    let post = |path: &str, body: Value| http.post(format!("{}{path}", sidecars.server_url)).bearer_auth(TOKEN).json(&body).send();
    let case: Value = post(
        "/api/cases",
        json!({"name": "Doe v. Doe", "caseNumber": "JJ123456-01-00", "court": "Fairfax JDR", "type": "custody", "status": "open"}),
    )
    .await
    .unwrap()
    .json()
    .await
    .unwrap();
    let created =
        post("/api/deadlines", json!({"title": "File the custody response", "date": "2099-03-02", "caseId": case["id"]})).await.unwrap();
    assert!(created.status().is_success(), "{}", created.text().await.unwrap());

    let agent = sidecars.agent(Arc::new(OfflineModel));
    let (reply, _) = ask(&agent, RequestKind::Chat, "When is my next deadline in the custody case?").await;
    assert!(reply.tool_results.iter().any(|r| r.tool == "GetDeadlines" && r.ok));
    assert!(reply.reply.contains("File the custody response"), "{}", reply.reply);
    assert!(reply.reply.contains("2099-03-02"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn offline_research_uses_the_graph_and_says_which_services_are_not_set_up() {
    let sidecars = start().await;
    let agent = sidecars.agent(Arc::new(OfflineModel));
    let (reply, _) = ask(&agent, RequestKind::Research, "Research Virginia court jurisdiction rules").await;
    assert!(reply.tool_results.iter().any(|r| r.tool == "search_nodes" && r.ok));
    let opinions = reply.tool_results.iter().find(|r| r.tool == "search_opinions").expect("tried CourtListener");
    assert!(!opinions.ok);
    assert!(opinions.result["error"]["message"].as_str().unwrap().contains("COURTLISTENER_API_TOKEN"));
    assert!(reply.reply.contains("COURTLISTENER_API_TOKEN"), "the answer says why outside sources are missing");
    assert!(!reply.citations.verified.is_empty(), "{}", reply.reply);
    assert!(reply.tool_results.iter().all(|r| !matches!(r.tool.as_str(), "GetCases" | "GetDeadlines")), "no local tools in research");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_exact_citation_leads_the_answer() {
    let sidecars = start().await;
    let agent = sidecars.agent(Arc::new(OfflineModel));
    let (reply, _) = ask(&agent, RequestKind::Chat, "What does § 20-124.3 say?").await;
    let first = reply.reply.find("**§ ").map(|i| &reply.reply[i..]).unwrap_or_default();
    assert!(first.starts_with("**§ 20-124.3. Best interests of the child"), "{}", reply.reply);
    // A quoted sentence is never cut inside a section number it mentions.
    assert!(!reply.reply.contains("§ 16.\""), "{}", reply.reply);
}
