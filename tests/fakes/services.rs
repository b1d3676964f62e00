//! The services the agent's tools ask, on loopback: a real explorer over a small graph, a fake
//! case-data server in the shape `proseva-server` lists its tools, and fakes of two research
//! services answering in their documented shapes.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, header};
use axum::routing::{get, post};
use axum::{Json, Router};
use proseva_e2e::serve;
use proseva_law::graph::Graph;
use proseva_law::ingest::{self, CorpusFile, IngestOptions, TextKind};
use proseva_law::lis::HEADER;
use proseva_law::synth::RandomEmbedder;
use serde_json::{Value, json};

pub const LOCAL: [&str; 9] = [
    "GetCases",
    "GetDeadlines",
    "GetContacts",
    "GetFinances",
    "GetDocuments",
    "GetDocumentText",
    "SearchTimeline",
    "SearchKnowledge",
    "FindHelp",
];
pub const GRAPH: [&str; 5] = ["search_nodes", "get_node", "get_neighbors", "find_similar", "get_stats"];
/// The agent's own tools, offered by Ask and Research alike.
pub const OWN: [&str; 2] = ["think", "execute_workflow"];
pub const RESEARCH: [&str; 7] =
    ["search_opinions", "search_dockets", "lookup_citation", "search_statutes", "search_govinfo", "search_academic", "search_lawyers"];

// ---------------------------------------------------------------------------------------------
// A real explorer over a small graph.

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

pub struct Explorer {
    pub url: String,
    _dir: tempfile::TempDir,
}

pub async fn start_explorer() -> Explorer {
    let dir = tempfile::tempdir().unwrap();
    let db = dir.path().join("graph.db");
    let files = vec![CorpusFile::new("CoVTitle_2.2.csv", title_2_2()), CorpusFile::new("CoVTitle_16.1.csv", title_16_1())];
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
    let graph = Graph::open(&db).unwrap();
    let app = proseva_explorer::http::app(proseva_explorer::gql::schema(Arc::new(graph)), None);
    Explorer { url: serve(app).await, _dir: dir }
}

// ---------------------------------------------------------------------------------------------
// A fake case-data server: `GET /api/tools` and `POST /api/tools/{name}` as proseva-server has them.

#[derive(Clone, Default)]
pub struct CaseServer {
    pub calls: Arc<Mutex<Vec<(String, Value)>>>,
}

async fn list_tools() -> Json<Value> {
    let tools: Vec<Value> = LOCAL
        .iter()
        .map(|name| {
            json!({
                "type": "function",
                "name": name,
                "description": format!("{name} over the person's own case data"),
                // The stand-in takes any arguments (the real server names each).
                "parameters": { "type": "object", "additionalProperties": true },
                // Every tool it lists reads, and says so, as the real server's listing does.
                "effect": "reads"
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

pub async fn start_case_server() -> (String, CaseServer) {
    let server = CaseServer::default();
    let app = Router::new().route("/api/tools", get(list_tools)).route("/api/tools/{name}", post(run_tool)).with_state(server.clone());
    (serve(app).await, server)
}

// ---------------------------------------------------------------------------------------------
// Fakes of two research services, answering in their documented shapes.

/// One request a research fake received: which service, its query, its `Authorization` header.
#[derive(Debug, Clone)]
pub struct ServiceRequest {
    pub service: &'static str,
    pub query: HashMap<String, String>,
    pub authorization: Option<String>,
}

#[derive(Clone, Default)]
pub struct ResearchFake {
    pub seen: Arc<Mutex<Vec<ServiceRequest>>>,
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

pub async fn start_research_fake() -> (String, ResearchFake) {
    let fake = ResearchFake::default();
    let app = Router::new().route("/api/rest/v4/search/", get(courtlistener)).route("/", get(legiscan)).with_state(fake.clone());
    (serve(app).await, fake)
}
