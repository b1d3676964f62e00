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

/// Issue 41: the four free-lawyer questions are answered offline with the person's legal aid
/// program first (Richmond's, from the case's court), the statewide lines and what an income
/// means; a question that meets a situation needing a lawyer now leads with that hand-off.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn free_lawyer_questions_lead_with_the_persons_program_and_a_hand_off_comes_first() {
    let sidecars = start().await;
    let http = proseva_http::loopback_client_builder("proseva-tests").build().unwrap();
    let created = http
        .post(format!("{}/api/cases", sidecars.server_url))
        .bearer_auth(TOKEN)
        .json(&json!({"name": "Oak Ridge v. Nguyễn", "court": "General District Court of the City of Richmond", "kind": "eviction-tenant"}))
        .send()
        .await
        .unwrap();
    assert!(created.status().is_success(), "{}", created.text().await.unwrap());
    let program = proseva_server::help::programs_for("richmond-city", Some("eviction-tenant"))[0];
    let agent = sidecars.agent(Arc::new(OfflineModel));
    for question in [
        "Can I get a free lawyer?",
        "I can't afford a lawyer",
        "Do I need a lawyer for my eviction?",
        "Is there legal aid near me? We are a family of 3 and make $21,000 a year",
    ] {
        let (reply, _) = ask(&agent, RequestKind::Chat, question).await;
        let answer = &reply.reply;
        assert!(reply.tool_results.iter().any(|r| r.tool == "FindHelp" && r.ok), "{question}");
        let help =
            answer.find("**Free legal help for Richmond city** (from your case's court)").unwrap_or_else(|| panic!("{question}: {answer}"));
        let name = answer.find(&program.name).unwrap_or_else(|| panic!("{question}: {answer}"));
        assert!(help < name, "{question}");
        assert!(answer.contains(&program.phone[0]), "{question}: {answer}");
        assert!(answer.contains("1-866-534-5243"), "the statewide legal aid line: {answer}");
        // The help comes before the law sources and the offline notice.
        assert!(name < answer.find("**Offline answer.**").unwrap(), "{question}: {answer}");
        assert!(answer.contains("read 2026-11-29"), "the list's date: {answer}");
        if question.contains("$21,000") {
            assert!(answer.contains("for 3 people in 2026 is $27,320"), "{answer}");
            assert!(answer.contains("you may qualify — they decide"), "{answer}");
        } else {
            assert!(answer.contains("Tell me how many people live in your household"), "{answer}");
        }
    }

    let (reply, _) =
        ask(&agent, RequestKind::Chat, "My apartment is Section 8. The landlord says I have to be out Friday. What can I do?").await;
    let answer = &reply.reply;
    assert!(answer.starts_with("**Get a lawyer’s help now"), "the hand-off comes first: {answer}");
    assert!(answer.contains("15 U.S.C. § 9058") && answer.contains(&program.name), "{answer}");
    assert!(!answer.contains("**Free legal help for"), "not a question about lawyers: {answer}");
}
