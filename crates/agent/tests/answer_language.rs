//! A question asked in Spanish is answered with the server's words in Spanish: every call the
//! agent's local tools make to the case data server while answering it carries `Accept-Language:
//! es` (the runner scopes the whole request, tool calls run at once included), and a question in
//! English sends no `Accept-Language` at all, as before.

use std::sync::{Arc, Mutex};

use axum::extract::Path;
use axum::http::HeaderMap;
use axum::routing::{get, post};
use axum::{Json, Router};
use proseva_agent::event::AgentEvent;
use proseva_agent::model::ChatMessage;
use proseva_agent::offline::OfflineModel;
use proseva_agent::runner::{Agent, RequestKind, RunnerConfig};
use proseva_agent::tools::explorer::ExplorerClient;
use proseva_agent::tools::local::ServerClient;
use proseva_agent::workflows::WorkflowRequest;
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;

/// (tool, `Accept-Language`) of each call the stand-in server was sent.
type Seen = Arc<Mutex<Vec<(String, Option<String>)>>>;

/// A stand-in case data server: it lists a few reading tools and answers each with nothing found.
async fn case_server() -> (String, Seen) {
    let seen: Seen = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    let listed: Vec<Value> = ["GetCases", "GetDeadlines", "SearchKnowledge", "FindHelp", "GetProof"]
        .iter()
        .map(|name| json!({"name": name, "description": name, "parameters": {"type": "object", "additionalProperties": true}, "effect": "reads"}))
        .collect();
    let app = Router::new().route("/api/tools", get(move || async move { Json(json!(listed)) })).route(
        "/api/tools/{name}",
        post(move |Path(name): Path<String>, headers: HeaderMap| {
            let log = log.clone();
            async move {
                let lang = headers.get("accept-language").map(|v| v.to_str().unwrap_or_default().to_string());
                log.lock().unwrap().push((name, lang));
                Json(json!({"count": 0, "cases": [], "deadlines": [], "passages": []}))
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url, seen)
}

fn agent(url: &str) -> Agent {
    let http = proseva_http::loopback_client_builder("proseva-tests").build().unwrap();
    // Nothing listens on port 9: the law graph is down, which the offline answer says.
    let explorer = ExplorerClient::new(http.clone(), "http://127.0.0.1:9", None);
    Agent::new(Arc::new(OfflineModel), RunnerConfig::default(), explorer, ServerClient::new(http, url, None), Vec::new())
}

async fn ask(agent: &Agent, question: &str) -> String {
    let emit = |_e: AgentEvent| {};
    let reply = agent.run(RequestKind::Chat, &[ChatMessage::user(question)], &emit, &CancellationToken::new()).await.unwrap();
    reply.reply
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spanish_question_asks_the_server_in_spanish_and_an_english_one_as_before() {
    let (url, seen) = case_server().await;
    let agent = agent(&url);

    let answer = ask(&agent, "¿Qué me falta para la audiencia de mi caso?").await;
    assert!(answer.contains("Respuesta sin conexión"), "{answer}");
    let spanish: Vec<_> = std::mem::take(&mut *seen.lock().unwrap());
    let tools: Vec<&str> = spanish.iter().map(|(t, _)| t.as_str()).collect();
    for tool in ["FindHelp", "GetProof", "GetCases", "GetDeadlines", "SearchKnowledge"] {
        assert!(tools.contains(&tool), "{tool} was called: {tools:?}");
    }
    assert!(spanish.iter().all(|(_, lang)| lang.as_deref() == Some("es")), "{spanish:?}");

    let answer = ask(&agent, "What am I missing for my hearing in my case?").await;
    assert!(answer.contains("Offline answer"), "{answer}");
    let english: Vec<_> = std::mem::take(&mut *seen.lock().unwrap());
    assert!(english.len() >= 5, "{english:?}");
    assert!(english.iter().all(|(_, lang)| lang.is_none()), "no Accept-Language for English: {english:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_workflow_given_words_in_spanish_asks_the_server_in_spanish() {
    let (url, seen) = case_server().await;
    let agent = agent(&url);
    let emit = |_e: AgentEvent| {};
    let cancel = CancellationToken::new();
    for (input, lang) in [("Mi arrendador dice que tengo que irme en 5 días", Some("es")), ("I must leave in 5 days", None)] {
        let request = WorkflowRequest { key: "check_claim".into(), focus: None, input: Some(input.into()) };
        agent.run_workflow(&request, None, &emit, &cancel).await.unwrap();
        let calls: Vec<_> = std::mem::take(&mut *seen.lock().unwrap());
        assert!(!calls.is_empty(), "the claim check reads the person's records: {input}");
        assert!(calls.iter().all(|(_, l)| l.as_deref() == lang), "{input}: {calls:?}");
    }
}
