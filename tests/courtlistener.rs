//! A stand-in for CourtListener's REST API v4 on loopback, answering in its documented shapes:
//! the search API (`GET /api/rest/v4/search/?q=…&type=o`, with `q=cites:(id)` for the opinions
//! citing one), and the case-law API's opinions, clusters and dockets. It serves a small body of
//! Virginia custody opinions that cite sections of the starter corpus, and a chain of opinions
//! each citing the one before (to run a citation crawl into its budget). Requests without
//! `Authorization: Token …` get CourtListener's 401. Every request is recorded.
//!
//! Used by the case-law tests here and by the real-window test of the desktop app.

use std::sync::{Arc, Mutex};

use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Json, Response};
use axum::routing::get;
use serde_json::{Value, json};

/// One opinion the stand-in serves.
#[derive(Debug, Clone)]
pub struct FakeOpinion {
    pub id: u64,
    pub case_name: &'static str,
    pub court_id: &'static str,
    pub date_filed: &'static str,
    pub citation: (&'static str, &'static str, &'static str),
    pub text: String,
    /// Opinions this one cites (CourtListener's `opinions_cited`).
    pub cites: Vec<u64>,
}

/// The ids of the custody opinions, for tests to name.
pub const ROSE: u64 = 9001;
pub const SMITH: u64 = 9002;
pub const BROWN: u64 = 9003;
pub const DOE: u64 = 9004;
pub const GREEN: u64 = 9005;
/// The first of the chain (a search for `chain` or for § 20-107.1 finds it); opinion n + 1 cites
/// opinion n.
pub const CHAIN_START: u64 = 9101;
/// Links in the chain.
pub const CHAIN_LENGTH: u64 = 30;

/// Title 20 sections of the starter corpus, one per link of the chain.
const CHAIN_SECTIONS: [&str; 12] = [
    "20-107.1", "20-107.2", "20-107.3", "20-108", "20-108.1", "20-108.2", "20-109", "20-109.1", "20-124.1", "20-124.4", "20-124.5",
    "20-124.6",
];

/// The custody opinions: Rose and Smith answer a search for § 20-124.3; Brown cites Rose, Doe
/// cites Smith, Green cites Brown.
pub fn custody_opinions() -> Vec<FakeOpinion> {
    vec![
        FakeOpinion {
            id: ROSE,
            case_name: "Rose v. Rose",
            court_id: "vactapp",
            date_filed: "2019-03-12",
            citation: ("70", "Va. App.", "1"),
            text: "The father appeals the custody order. Code § 20-124.3 lists the factors the court must consider in \
                   determining the best interests of a child. We construe § 20-124.3 to require the court to communicate \
                   the basis of its decision, orally or in writing. The court also applied § 20-124.2, which gives both \
                   parents the same standing. Affirmed."
                .into(),
            cites: vec![],
        },
        FakeOpinion {
            id: SMITH,
            case_name: "Smith v. Jones",
            court_id: "va",
            date_filed: "2015-06-04",
            citation: ("290", "Va.", "200"),
            text: "This appeal comes from the juvenile and domestic relations district court, which had jurisdiction under \
                   § 16.1-241. The trial court weighed the factors of Code § 20-124.3 and found the child's wishes entitled \
                   to little weight. The appellant also relies on § 20-999, which does not exist. Reversed and remanded."
                .into(),
            cites: vec![],
        },
        FakeOpinion {
            id: BROWN,
            case_name: "Brown v. Brown",
            court_id: "vactapp",
            date_filed: "2021-09-21",
            citation: ("73", "Va. App.", "400"),
            text: "As in Rose v. Rose, the circuit court considered each factor of Code § 20-124.3 before awarding joint legal \
                   custody. Affirmed."
                .into(),
            cites: vec![ROSE],
        },
        FakeOpinion {
            id: DOE,
            case_name: "Doe v. Doe",
            court_id: "vactapp",
            date_filed: "2022-02-01",
            citation: ("74", "Va. App.", "50"),
            text: "Following Smith v. Jones, we review the weighing of the factors in Code § 20-124.3 for an abuse of discretion. \
                   Affirmed."
                .into(),
            cites: vec![SMITH],
        },
        FakeOpinion {
            id: GREEN,
            case_name: "Green v. Green",
            court_id: "vactapp",
            date_filed: "2023-05-05",
            citation: ("76", "Va. App.", "9"),
            text: "The only question is whether the notice of appeal was timely. It was not. Dismissed.".into(),
            cites: vec![BROWN],
        },
    ]
}

/// Link `n` (0-based) of the chain: it cites § 20-124.3 and one section of its own, and the
/// opinion before it.
fn chain_opinion(n: u64) -> FakeOpinion {
    let own = CHAIN_SECTIONS[(n as usize) % CHAIN_SECTIONS.len()];
    FakeOpinion {
        id: CHAIN_START + n,
        case_name: "Chain v. Link",
        court_id: "vactapp",
        date_filed: "2020-01-01",
        citation: ("72", "Va. App.", "1"),
        text: format!("The court applied Code § 20-124.3 together with § {own}. Affirmed."),
        cites: if n == 0 { vec![] } else { vec![CHAIN_START + n - 1] },
    }
}

fn find(id: u64) -> Option<FakeOpinion> {
    custody_opinions()
        .into_iter()
        .find(|o| o.id == id)
        .or_else(|| (CHAIN_START..CHAIN_START + CHAIN_LENGTH).contains(&id).then(|| chain_opinion(id - CHAIN_START)))
}

fn all() -> Vec<FakeOpinion> {
    custody_opinions().into_iter().chain((0..CHAIN_LENGTH).map(chain_opinion)).collect()
}

fn slug(name: &str) -> String {
    name.to_lowercase().replace([' ', '.'], "-")
}

const API: &str = "https://www.courtlistener.com/api/rest/v4";

/// A `type=o` search result, as the v4 search API documents it.
fn search_result(o: &FakeOpinion) -> Value {
    let court = court_name(o.court_id);
    json!({
        "absolute_url": format!("/opinion/{}/{}/", o.id + 100_000, slug(o.case_name)),
        "attorney": "", "caseName": o.case_name, "caseNameFull": o.case_name,
        "citation": [format!("{} {} {}", o.citation.0, o.citation.1, o.citation.2)],
        "citeCount": 3, "cluster_id": o.id + 100_000, "court": court, "court_citation_string": "Va. App.",
        "court_id": o.court_id, "dateArgued": null, "dateFiled": o.date_filed, "docketNumber": format!("Record No. {}", o.id),
        "docket_id": o.id + 200_000, "judge": "", "meta": { "timestamp": "2024-06-22T10:26:35Z", "score": { "bm25": 2.1 } },
        "opinions": [{
            "author_id": null, "cites": o.cites, "download_url": null, "id": o.id, "joined_by_ids": [], "local_path": null,
            "per_curiam": false, "sha1": "", "snippet": o.text.chars().take(200).collect::<String>(), "type": "010combined"
        }],
        "panel_ids": [], "posture": "", "procedural_history": "", "sibling_ids": [o.id], "source": "C",
        "status": "Published", "suitNature": "", "syllabus": ""
    })
}

fn court_name(id: &str) -> &'static str {
    if id == "va" { "Supreme Court of Virginia" } else { "Court of Appeals of Virginia" }
}

#[derive(Clone, Default)]
struct Seen(Arc<Mutex<Vec<String>>>);

/// The running stand-in.
pub struct CourtListenerFake {
    /// Its base URL (`COURTLISTENER_BASE_URL`).
    pub url: String,
    seen: Seen,
}

impl CourtListenerFake {
    /// Serves on a free loopback port of the current runtime.
    pub async fn start() -> CourtListenerFake {
        let seen = Seen::default();
        let app = Router::new()
            .route("/api/rest/v4/search/", get(search))
            .route("/api/rest/v4/opinions/{id}/", get(opinion))
            .route("/api/rest/v4/clusters/{id}/", get(cluster))
            .route("/api/rest/v4/dockets/{id}/", get(docket))
            .with_state(seen.clone());
        CourtListenerFake { url: crate::serve(app).await, seen }
    }

    /// Serves from a thread of its own (for a synchronous test, such as the real window's).
    pub fn start_in_thread() -> CourtListenerFake {
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(1).enable_all().build().expect("a runtime");
            runtime.block_on(async move {
                let fake = CourtListenerFake::start().await;
                let _ = tx.send((fake.url.clone(), fake.seen.clone()));
                std::future::pending::<()>().await;
            });
        });
        let (url, seen) = rx.recv().expect("the stand-in started");
        CourtListenerFake { url, seen }
    }

    /// Every request so far, as `METHOD path?query`.
    pub fn seen(&self) -> Vec<String> {
        self.seen.0.lock().map(|s| s.clone()).unwrap_or_default()
    }
}

fn refused(headers: &HeaderMap) -> Option<Response> {
    let token = headers.get("authorization").and_then(|v| v.to_str().ok()).unwrap_or_default();
    (!token.starts_with("Token ") || token.len() <= "Token ".len())
        .then(|| (StatusCode::UNAUTHORIZED, Json(json!({ "detail": "Authentication credentials were not provided." }))).into_response())
}

fn record(seen: &Seen, what: String) {
    if let Ok(mut s) = seen.0.lock() {
        s.push(what);
    }
}

fn not_found() -> Response {
    (StatusCode::NOT_FOUND, Json(json!({ "detail": "No Opinion matches the given query." }))).into_response()
}

async fn search(State(seen): State<Seen>, headers: HeaderMap, Query(q): Query<std::collections::HashMap<String, String>>) -> Response {
    let query = q.get("q").cloned().unwrap_or_default();
    record(&seen, format!("GET /search q={query}"));
    if let Some(r) = refused(&headers) {
        return r;
    }
    let found: Vec<FakeOpinion> = if let Some(id) = query.strip_prefix("cites:(").and_then(|r| r.strip_suffix(')')) {
        let id: u64 = id.parse().unwrap_or(0);
        all().into_iter().filter(|o| o.cites.contains(&id)).collect()
    } else if query.contains("chain") || query.contains(CHAIN_SECTIONS[0]) {
        vec![chain_opinion(0)]
    } else {
        let words = query.trim_matches('"').trim_start_matches('§').trim().to_string();
        custody_opinions().into_iter().filter(|o| o.cites.is_empty() && o.text.contains(&words)).collect()
    };
    Json(json!({
        "count": found.len(), "next": null, "previous": null,
        "results": found.iter().map(search_result).collect::<Vec<_>>()
    }))
    .into_response()
}

async fn opinion(State(seen): State<Seen>, headers: HeaderMap, Path(id): Path<u64>) -> Response {
    record(&seen, format!("GET /opinions/{id}/"));
    if let Some(r) = refused(&headers) {
        return r;
    }
    let Some(o) = find(id) else { return not_found() };
    let cluster = o.id + 100_000;
    Json(json!({
        "resource_uri": format!("{API}/opinions/{id}/"), "id": id, "absolute_url": format!("/opinion/{cluster}/{}/", slug(o.case_name)),
        "cluster_id": cluster, "cluster": format!("{API}/clusters/{cluster}/"), "author_id": null, "author_str": "Judge Example",
        "per_curiam": false, "joined_by_str": "", "type": "010combined", "sha1": "", "page_count": 4, "download_url": null,
        "plain_text": o.text, "html": "", "html_lawbox": "", "html_columbia": "", "html_anon_2020": "", "xml_harvard": "",
        "html_with_citations": "", "extracted_by_ocr": false,
        "opinions_cited": o.cites.iter().map(|c| format!("{API}/opinions/{c}/")).collect::<Vec<_>>()
    }))
    .into_response()
}

async fn cluster(State(seen): State<Seen>, headers: HeaderMap, Path(id): Path<u64>) -> Response {
    record(&seen, format!("GET /clusters/{id}/"));
    if let Some(r) = refused(&headers) {
        return r;
    }
    let Some(o) = id.checked_sub(100_000).and_then(find) else { return not_found() };
    Json(json!({
        "resource_uri": format!("{API}/clusters/{id}/"), "id": id, "absolute_url": format!("/opinion/{id}/{}/", slug(o.case_name)),
        "panel": [], "non_participating_judges": [], "docket_id": o.id + 200_000, "docket": format!("{API}/dockets/{}/", o.id + 200_000),
        "sub_opinions": [format!("{API}/opinions/{}/", o.id)], "citations": [{ "volume": o.citation.0, "reporter": o.citation.1, "page": o.citation.2, "type": 2 }],
        "judges": "", "date_filed": o.date_filed, "date_filed_is_approximate": false, "case_name_short": "", "case_name": o.case_name,
        "case_name_full": o.case_name, "syllabus": "", "precedential_status": "Published", "citation_count": 3
    }))
    .into_response()
}

async fn docket(State(seen): State<Seen>, headers: HeaderMap, Path(id): Path<u64>) -> Response {
    record(&seen, format!("GET /dockets/{id}/"));
    if let Some(r) = refused(&headers) {
        return r;
    }
    let Some(o) = id.checked_sub(200_000).and_then(find) else { return not_found() };
    Json(json!({
        "resource_uri": format!("{API}/dockets/{id}/"), "id": id, "court": format!("{API}/courts/{}/", o.court_id),
        "court_id": o.court_id, "case_name": o.case_name, "docket_number": format!("Record No. {}", o.id)
    }))
    .into_response()
}
