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

/// (tool, `Accept-Language`, arguments) of each call the fuller stand-in server was sent.
type Calls = Arc<Mutex<Vec<(String, Option<String>, Value)>>>;

/// A stand-in case data server with a case, its deadline, Help data, and the writes a hearing
/// checklist makes (`create_note`, `link`), each answered as the real one shapes it.
async fn case_server_with_a_case() -> (String, Calls) {
    let seen: Calls = Arc::new(Mutex::new(Vec::new()));
    let log = seen.clone();
    let reads = ["GetCases", "GetDeadlines", "GetDocuments", "GetContacts", "SearchTimeline", "SearchKnowledge", "FindHelp", "GetProof"];
    let listed: Vec<Value> = reads
        .iter()
        .map(|name| (name, "reads"))
        .chain([(&"create_note", "writes"), (&"link", "writes")])
        .map(|(name, effect)| {
            // The deadlines are shown as deadlines, as the server says of its own tool.
            let results = if *name == "GetDeadlines" { "deadline" } else { "other" };
            let display = json!({"title": name, "source": "Your case file", "action": name, "results": results});
            json!({"name": name, "description": name, "parameters": {"type": "object", "additionalProperties": true}, "effect": effect, "display": display})
        })
        .collect();
    let app = Router::new().route("/api/tools", get(move || async move { Json(json!(listed)) })).route(
        "/api/tools/{name}",
        post(move |Path(name): Path<String>, headers: HeaderMap, Json(args): Json<Value>| {
            let log = log.clone();
            async move {
                let lang = headers.get("accept-language").map(|v| v.to_str().unwrap_or_default().to_string());
                log.lock().unwrap().push((name.clone(), lang, args.clone()));
                Json(match name.as_str() {
                    "GetCases" => json!({"count": 1, "cases": [{"id": 3, "name": "Oak Ridge v. Doe", "court": "Richmond GDC", "caseNumber": "GV25-1234", "status": "open"}]}),
                    "GetDeadlines" => json!({"deadlines": [{"id": 1, "title": "Return date", "date": "2030-03-10", "kind": "hearing", "daysUntil": 5}]}),
                    "FindHelp" => json!({
                        "locality": {"id": "richmond-city", "name": "Richmond city", "kind": "city"},
                        "programs": [{"name": "Central Virginia Legal Aid Society", "phone": ["804-648-1012"], "read": "2026-11-29"}],
                        "statewide": [], "handOffs": [],
                    }),
                    "create_note" => json!({"note": {"id": 7, "title": args["title"], "body": args["body"]}}),
                    "link" => json!({"link": {"id": 1, "fromKind": args["fromKind"], "fromId": args["fromId"], "toKind": args["toKind"], "to": args["to"], "why": args["why"]}, "merged": false}),
                    _ => json!({"count": 0, "cases": [], "deadlines": [], "documents": [], "contacts": [], "events": [], "passages": []}),
                })
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (url, seen)
}

/// The cards of every tool result the run showed, by tool.
fn cards_of(events: &Mutex<Vec<AgentEvent>>) -> Vec<(String, proseva_agent::cards::Card)> {
    events
        .lock()
        .unwrap()
        .iter()
        .filter_map(|e| match e {
            AgentEvent::ToolResult { name, cards, .. } => Some(cards.iter().map(|c| (name.clone(), c.clone())).collect::<Vec<_>>()),
            _ => None,
        })
        .flatten()
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cards_of_a_spanish_question_say_their_own_words_in_spanish() {
    let (url, _) = case_server_with_a_case().await;
    let agent = agent(&url);
    let cancel = CancellationToken::new();
    for (question, citation, phone, when) in [
        ("Necesito un abogado gratis para mi audiencia", "Ayuda legal para Richmond city", "Teléfono", "Cuándo"),
        ("I need a free lawyer for my hearing", "Legal aid for Richmond city", "Phone", "When"),
    ] {
        let events = Mutex::new(Vec::new());
        let emit = |e: AgentEvent| events.lock().unwrap().push(e);
        agent.run(RequestKind::Chat, &[ChatMessage::user(question)], &emit, &cancel).await.unwrap();
        let cards = cards_of(&events);
        let help = cards.iter().find(|(tool, _)| tool == "FindHelp").map(|(_, c)| c).unwrap_or_else(|| panic!("{question}: {cards:?}"));
        assert_eq!(help.citation, citation, "{question}");
        assert_eq!((help.extras[0].label.as_str(), help.extras[0].value.as_str()), (phone, "804-648-1012"), "{question}");
        let deadline =
            cards.iter().find(|(tool, _)| tool == "GetDeadlines").map(|(_, c)| c).unwrap_or_else(|| panic!("{question}: {cards:?}"));
        assert_eq!(deadline.extras[0].label, when, "{question}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_workflow_run_for_a_spanish_window_writes_and_sums_up_in_spanish() {
    use proseva_agent::workflows::{Focus, FocusKind};
    let (url, seen) = case_server_with_a_case().await;
    let agent = agent(&url);
    let cancel = CancellationToken::new();
    let focus = Focus { kind: FocusKind::Case, id: "3".into(), title: "Oak Ridge v. Doe".into(), text: String::new(), case_id: Some(3) };
    let request = WorkflowRequest { key: "hearing_prep".into(), focus: Some(focus), input: None };
    for (lang, opening, title, section, new_note, link, header) in [
        (
            Some("es"),
            "“Prepararse para una audiencia” se hizo sin conexión",
            "Lista para la audiencia: Oak Ridge v. Doe",
            "## Antes de la audiencia",
            "Nota nueva",
            "Enlazado a la fecha límite 1",
            Some("es"),
        ),
        (
            None,
            "“Prepare for a hearing” ran offline",
            "Hearing checklist: Oak Ridge v. Doe",
            "## Before the hearing",
            "New note",
            "Linked to deadline 1",
            None,
        ),
        (
            Some("en"),
            "“Prepare for a hearing” ran offline",
            "Hearing checklist: Oak Ridge v. Doe",
            "## Before the hearing",
            "New note",
            "Linked to deadline 1",
            None,
        ),
    ] {
        let events = Mutex::new(Vec::new());
        let emit = |e: AgentEvent| events.lock().unwrap().push(e);
        let reply = agent.run_workflow_in(&request, lang, None, &emit, &cancel).await.unwrap();
        assert!(reply.reply.starts_with(opening), "{lang:?}: {}", reply.reply);
        let calls: Vec<_> = std::mem::take(&mut *seen.lock().unwrap());
        assert!(calls.iter().all(|(_, l, _)| l.as_deref() == header), "{lang:?}: {calls:?}");
        let note = calls.iter().find(|(tool, _, _)| tool == "create_note").map(|(_, _, args)| args).expect("the checklist is written");
        assert_eq!(note["title"], title);
        assert!(note["body"].as_str().unwrap().contains(section), "{lang:?}: {note}");
        let cards = cards_of(&events);
        let written = cards.iter().find(|(tool, _)| tool == "create_note").map(|(_, c)| c).expect("a card for the note");
        assert_eq!((written.title.as_str(), written.citation.as_str()), (title, new_note));
        let linked = cards.iter().find(|(tool, _)| tool == "link").map(|(_, c)| c).unwrap_or_else(|| panic!("{cards:?}"));
        assert_eq!(linked.title, link);
        let plan = cards.iter().find(|(tool, _)| tool == "think").map(|(_, c)| c).unwrap_or_else(|| panic!("{cards:?}"));
        assert_eq!(plan.snippet.starts_with("Plan sin conexión"), header.is_some(), "{}", plan.snippet);
    }
    // `run_workflow` goes by the words typed: none here, so English.
    let reply = agent.run_workflow(&request, None, &|_| {}, &cancel).await.unwrap();
    assert!(reply.reply.starts_with("“Prepare for a hearing” ran offline"), "{}", reply.reply);
}
