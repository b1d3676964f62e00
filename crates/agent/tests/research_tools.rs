//! The research tools against local fakes of each service: the fakes answer in the shapes the
//! services document (CourtListener v4 search and citation lookup, LegiScan getSearch, GovInfo
//! search, OpenAlex works, SerpAPI Google search), errors and rate limits included, and record
//! what they were asked.

use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use proseva_agent::tool::{Tool, ToolError};
use proseva_agent::tools::research::{ResearchConfig, research_tools};
use serde_json::{Value, json};

// ---------------------------------------------------------------------------------------------
// A fake service: plays back scripted replies in order and records every request.

#[derive(Debug, Clone)]
struct Seen {
    method: Method,
    path: String,
    query: HashMap<String, String>,
    headers: HeaderMap,
    body: String,
}

impl Seen {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).and_then(|v| v.to_str().ok())
    }
    fn param(&self, name: &str) -> Option<&str> {
        self.query.get(name).map(String::as_str)
    }
    fn form(&self) -> HashMap<String, String> {
        let uri: Uri = format!("/?{}", self.body).parse().unwrap();
        Query::<HashMap<String, String>>::try_from_uri(&uri).unwrap().0
    }
    fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap()
    }
}

#[derive(Debug, Clone)]
struct Reply {
    status: u16,
    headers: Vec<(&'static str, String)>,
    body: String,
}

impl Reply {
    fn json(status: u16, body: Value) -> Reply {
        Reply { status, headers: vec![("content-type", "application/json".into())], body: body.to_string() }
    }
    fn ok(body: Value) -> Reply {
        Reply::json(200, body)
    }
    fn raw(status: u16, body: &str) -> Reply {
        Reply { status, headers: vec![("content-type", "application/json".into())], body: body.into() }
    }
    fn header(mut self, name: &'static str, value: &str) -> Reply {
        self.headers.push((name, value.into()));
        self
    }
}

#[derive(Clone, Default)]
struct Script {
    replies: Arc<Mutex<VecDeque<Reply>>>,
    seen: Arc<Mutex<Vec<Seen>>>,
}

async fn play(State(script): State<Script>, method: Method, uri: Uri, headers: HeaderMap, body: Bytes) -> Response {
    let query = Query::<HashMap<String, String>>::try_from_uri(&uri).map(|q| q.0).unwrap_or_default();
    let body = String::from_utf8_lossy(&body).into_owned();
    script.seen.lock().unwrap().push(Seen { method, path: uri.path().to_string(), query, headers, body });
    let Some(reply) = script.replies.lock().unwrap().pop_front() else {
        return (StatusCode::IM_A_TEAPOT, "the test scripted no reply for this request").into_response();
    };
    let mut response = (StatusCode::from_u16(reply.status).unwrap(), reply.body).into_response();
    for (name, value) in reply.headers {
        response.headers_mut().insert(name, value.parse().unwrap());
    }
    response
}

struct Fake {
    url: String,
    script: Script,
}

impl Fake {
    async fn start(replies: Vec<Reply>) -> Fake {
        let script = Script { replies: Arc::new(Mutex::new(replies.into())), ..Script::default() };
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let app = Router::new().fallback(play).with_state(script.clone());
        tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
        Fake { url, script }
    }

    fn seen(&self) -> Vec<Seen> {
        self.script.seen.lock().unwrap().clone()
    }

    fn only_request(&self) -> Seen {
        let seen = self.seen();
        assert_eq!(seen.len(), 1, "expected exactly one request, got {seen:#?}");
        seen.into_iter().next().unwrap()
    }
}

/// Every key set and every service pointed at `fake`.
fn config_for(fake: &Fake) -> ResearchConfig {
    ResearchConfig {
        courtlistener_token: Some("cl-token".into()),
        legiscan_key: Some("ls-key".into()),
        govinfo_key: Some("gi-key".into()),
        serpapi_key: Some("serp-key".into()),
        openalex_email: None,
        courtlistener_base_url: fake.url.clone(),
        legiscan_base_url: fake.url.clone(),
        govinfo_base_url: fake.url.clone(),
        openalex_base_url: fake.url.clone(),
        serpapi_base_url: format!("{}/", fake.url),
        ..ResearchConfig::default()
    }
}

fn tool(config: &ResearchConfig, name: &str) -> Arc<dyn Tool> {
    research_tools(config, reqwest::Client::new()).into_iter().find(|t| t.name() == name).unwrap_or_else(|| panic!("no tool {name}"))
}

async fn call(config: &ResearchConfig, name: &str, args: Value) -> Result<Value, ToolError> {
    tool(config, name).call(args).await
}

fn unavailable(result: Result<Value, ToolError>) -> String {
    match result {
        Err(ToolError::Unavailable(message)) => message,
        other => panic!("expected Unavailable, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Answers in each service's documented shape.

/// CourtListener `GET /api/rest/v4/search/?type=o`, as in its Legal Search API docs.
fn opinion_search() -> Value {
    let opinion = |id: u64, name: &str, court: &str, cites: Value, filed: &str, snippet: &str| {
        json!({
            "absolute_url": format!("/opinion/{id}/{}/", name.to_lowercase().replace([' ', '.', ','], "-")),
            "attorney": "",
            "caseName": name,
            "caseNameFull": name,
            "citation": cites,
            "citeCount": 12,
            "cluster_id": id,
            "court": court,
            "court_citation_string": "Va.",
            "court_id": "va",
            "dateArgued": null,
            "dateFiled": filed,
            "dateReargued": null,
            "dateReargumentDenied": null,
            "docketNumber": "Record No. 201234",
            "docket_id": id + 1,
            "judge": "",
            "lexisCite": "",
            "meta": { "timestamp": "2024-06-22T10:26:35.320787Z", "date_created": "2022-06-26T23:24:18.926040Z", "score": { "bm25": 2.1369965 } },
            "neutralCite": "",
            "non_participating_judge_ids": [],
            "opinions": [{
                "author_id": null, "cites": [], "download_url": null, "id": id + 2, "joined_by_ids": [], "local_path": null,
                "meta": { "timestamp": "2024-06-24T21:14:41.408206Z", "date_created": "2022-06-26T23:24:18.931912Z" },
                "per_curiam": false, "sha1": "", "snippet": snippet, "type": "lead-opinion"
            }],
            "panel_ids": [], "panel_names": [], "posture": "", "procedural_history": "", "scdb_id": "",
            "sibling_ids": [id + 2], "source": "U", "status": "Published", "suitNature": "", "syllabus": ""
        })
    };
    json!({
        "count": 2343,
        "next": "https://www.courtlistener.com/api/rest/v4/search/?cursor=cz0yMzUuODcxMjUmcz04MDUzNTUzJnQ9byZkPTIwMjQtMDktMTY%3D&q=foo",
        "previous": null,
        "results": [
            opinion(6613686, "Tenant v. Landlord Properties, LLC", "Supreme Court of Virginia", json!(["301 Va. 100", "880 S.E.2d 1"]), "2022-04-14",
                "\nThe <mark>landlord</mark> must return the <mark>security deposit</mark> within forty-five days &amp; itemize deductions.\n"),
            opinion(6613687, "Renter v. Owner", "Court of Appeals of Virginia", json!(["75 Va. App. 10"]), "2021-09-01", "Affirmed."),
            opinion(6613688, "Third v. Case", "Supreme Court of Virginia", json!([]), "2020-01-02", ""),
        ]
    })
}

/// CourtListener `GET /api/rest/v4/search/?type=r`: dockets with up to three nested RECAP documents.
fn docket_search() -> Value {
    let filing = json!({
        "id": 5, "docket_entry_id": 6, "description": "COMPLAINT against Example Corp", "entry_number": 1,
        "entry_date_filed": "2024-02-01", "short_description": "Complaint", "document_type": "PACER Document",
        "document_number": 1, "snippet": "The <mark>eviction</mark> was retaliatory.", "attachment_number": null,
        "is_available": true, "page_count": 12, "filepath_local": null, "absolute_url": "/docket/99999/1/doe-v-example-corp/",
        "pacer_doc_id": "67890", "cites": [], "meta": {}
    });
    json!({
        "count": 1,
        "next": null,
        "previous": null,
        "results": [{
            "assignedTo": "Jane Judge",
            "assigned_to_id": 1,
            "attorney": ["Sample Attorney"],
            "attorney_id": [11],
            "caseName": "Doe v. Example Corp",
            "case_name_full": "",
            "cause": "28:1331 Fed. Question",
            "chapter": null,
            "court": "District Court, E.D. Virginia",
            "court_citation_string": "E.D. Va.",
            "court_id": "vaed",
            "dateArgued": null,
            "dateFiled": "2024-02-01",
            "dateTerminated": null,
            "docketNumber": "3:24-cv-00001",
            "docket_absolute_url": "/docket/99999/doe-v-example-corp/",
            "docket_id": 99999,
            "firm": [],
            "firm_id": [],
            "jurisdictionType": "Federal Question",
            "juryDemand": "",
            "pacer_case_id": "12345",
            "party": ["Jane Doe", "Example Corp"],
            "party_id": [1, 2],
            "referredTo": null,
            "referred_to_id": null,
            "suitNature": "440 Civil Rights: Other",
            "trustee_str": null,
            "meta": { "timestamp": "2024-06-22T10:26:35.320787Z", "date_created": "2024-02-01T00:00:00Z", "score": { "bm25": 9.1 }, "more_docs": false },
            "recap_documents": [filing]
        }]
    })
}

/// CourtListener `POST /api/rest/v4/citation-lookup/`, as in its Citation Lookup docs: one found,
/// one ambiguous, one not found.
fn citation_lookup() -> Value {
    json!([
        {
            "citation": "576 U.S. 644",
            "normalized_citations": ["576 U.S. 644"],
            "start_index": 22,
            "end_index": 34,
            "status": 200,
            "error_message": "",
            "clusters": [{
                "resource_uri": "https://www.courtlistener.com/api/rest/v4/clusters/2812209/",
                "id": 2812209,
                "absolute_url": "/opinion/2812209/obergefell-v-hodges/",
                "case_name": "Obergefell v. Hodges",
                "case_name_full": "Obergefell v. Hodges, Director, Ohio Department of Health",
                "date_filed": "2015-06-26",
                "citations": [{ "volume": 576, "reporter": "U.S.", "page": "644", "type": 1 }],
                "syllabus": "",
                "summary": "<p>The Fourteenth Amendment requires a State to license a marriage between two people of the same sex.</p>",
                "precedential_status": "Published",
                "citation_count": 1200
            }]
        },
        {
            "citation": "1 H. 150",
            "normalized_citations": ["1 Handy 150", "1 Haw. 150", "1 Hill 150"],
            "start_index": 40,
            "end_index": 48,
            "status": 300,
            "clusters": [
                { "absolute_url": "/opinion/1/louis-v-steamboat-buckeye/", "case_name": "Louis v. Steamboat Buckeye", "date_filed": "1854-01-01",
                  "citations": [{ "volume": 1, "reporter": "Handy", "page": "150", "type": 2 }] },
                { "absolute_url": "/opinion/2/fell-v-parke/", "case_name": "Fell v. Parke", "date_filed": "1855-01-01",
                  "citations": [{ "volume": 1, "reporter": "Haw.", "page": "150", "type": 2 }] }
            ]
        },
        {
            "citation": "1 U.S. 200",
            "normalized_citations": ["1 U.S. 200"],
            "start_index": 60,
            "end_index": 70,
            "status": 404,
            "error_message": "Citation not found: '1 U.S. 200'",
            "clusters": []
        }
    ])
}

/// LegiScan `getSearch`: `searchresult` holds `summary` and bills under "0", "1", ….
fn legiscan_search(bills: usize) -> Value {
    let mut result = serde_json::Map::new();
    result.insert(
        "summary".into(),
        json!({ "page": "1 of 1", "range": format!("1 - {bills}"), "relevancy": "100% - 41%", "count": bills, "page_current": 1, "page_total": 1, "query": "security deposit" }),
    );
    for i in 0..bills {
        result.insert(
            i.to_string(),
            json!({
                "relevance": 100 - i as u64,
                "state": "VA",
                "bill_number": format!("HB{}", 1000 + i),
                "bill_id": 1_900_000 + i,
                "change_hash": "0123456789abcdef0123456789abcdef",
                "url": format!("https://legiscan.com/VA/bill/HB{}/2024", 1000 + i),
                "text_url": format!("https://legiscan.com/VA/text/HB{}/2024", 1000 + i),
                "research_url": format!("https://legiscan.com/VA/research/HB{}/2024", 1000 + i),
                "last_action_date": "2024-03-08",
                "last_action": "Governor: Acts of Assembly Chapter text (CHAP0123)",
                "title": format!("Landlord and tenant; security deposits, bill {i}.")
            }),
        );
    }
    json!({ "status": "OK", "searchresult": result })
}

/// GovInfo `POST /search`, as in its search service samples.
fn govinfo_search() -> Value {
    json!({
        "count": 57,
        "offsetMark": "AoJw8I2%2FxPcCPwVVU0NPVVJUUy12YWVkLTNfMjAtY3YtMDAxMjM%3D",
        "results": [
            {
                "title": "Doe v. Roe",
                "packageId": "USCOURTS-vaed-3_20-cv-00123",
                "granuleId": "USCOURTS-vaed-3_20-cv-00123-0",
                "lastModified": "2021-05-05T13:14:39Z",
                "governmentAuthor": ["United States District Court Eastern District of Virginia"],
                "dateIssued": "2021-05-04",
                "collectionCode": "USCOURTS",
                "resultLink": "https://api.govinfo.gov/packages/USCOURTS-vaed-3_20-cv-00123/granules/USCOURTS-vaed-3_20-cv-00123-0/summary",
                "dateIngested": "2021-05-05",
                "download": { "premisLink": "https://api.govinfo.gov/packages/USCOURTS-vaed-3_20-cv-00123/premis" }
            },
            {
                "title": "15 U.S.C. 1692 - Congressional findings and declaration of purpose",
                "packageId": "USCODE-2022-title15",
                "granuleId": null,
                "lastModified": "2023-07-28T13:14:39Z",
                "governmentAuthor": ["Office of the Law Revision Counsel"],
                "dateIssued": "2023-01-05",
                "collectionCode": "USCODE",
                "resultLink": "https://api.govinfo.gov/packages/USCODE-2022-title15/summary",
                "dateIngested": "2023-07-28",
                "download": {}
            }
        ]
    })
}

/// OpenAlex `GET /works?search=…`.
fn openalex_works() -> Value {
    let author = |name: &str| json!({ "author_position": "middle", "author": { "id": "https://openalex.org/A1", "display_name": name, "orcid": null }, "institutions": [] });
    json!({
        "meta": { "count": 1234, "db_response_time_ms": 25, "page": 1, "per_page": 10, "groups_count": null },
        "results": [
            {
                "id": "https://openalex.org/W2741809807",
                "doi": "https://doi.org/10.1234/prose.2019.1",
                "title": "Pro Se Litigants and <i>Access</i> to Justice",
                "display_name": "Pro Se Litigants and <i>Access</i> to Justice",
                "publication_year": 2019,
                "publication_date": "2019-03-01",
                "authorships": [author("Ann Author"), author("Ben Writer"), author("Cy Scholar"), author("Dee Fourth")],
                "primary_location": {
                    "is_oa": false,
                    "landing_page_url": "https://doi.org/10.1234/prose.2019.1",
                    "source": { "id": "https://openalex.org/S1", "display_name": "Virginia Law Review", "type": "journal" }
                },
                "abstract_inverted_index": { "People": [0], "without": [1], "lawyers": [2], "lose": [3], "more": [4], "often.": [5] },
                "cited_by_count": 42
            },
            {
                "id": "https://openalex.org/W2",
                "doi": null,
                "title": "Courts and the Unrepresented",
                "display_name": "Courts and the Unrepresented",
                "publication_year": 2021,
                "publication_date": "2021-01-01",
                "authorships": [author("Solo Author")],
                "primary_location": { "is_oa": true, "landing_page_url": "https://example.edu/paper", "source": null },
                "abstract_inverted_index": null,
                "cited_by_count": 0
            }
        ]
    })
}

/// SerpAPI `GET /search.json?engine=google`: a local pack and organic results.
fn serpapi_google() -> Value {
    json!({
        "search_metadata": { "id": "64c148d35119a60ab1e00cc9", "status": "Success", "json_endpoint": "https://serpapi.com/searches/x.json", "total_time_taken": 1.2 },
        "search_parameters": { "engine": "google", "q": "family law lawyer Richmond, Virginia", "google_domain": "google.com", "hl": "en", "gl": "us", "device": "desktop" },
        "search_information": { "organic_results_state": "Results for exact spelling", "total_results": 1_230_000, "time_taken_displayed": 0.41 },
        "local_map": { "link": "https://www.google.com/search?q=family+law", "image": "https://serpapi.com/searches/x/images/map.png" },
        "local_results": {
            "more_locations_link": "https://www.google.com/search?tbm=lcl&q=family+law+lawyer",
            "places": [
                {
                    "position": 1, "title": "Smith Family Law", "place_id": "11265938073076301333", "lsig": "AB86z5Vdw6C2pJpM0xQ6JUx2KONU",
                    "rating": 4.8, "reviews": 212, "type": "Family law attorney", "address": "123 Main St, Richmond, VA",
                    "phone": "(804) 555-0100", "hours": "Open ⋅ Closes 5PM",
                    "links": { "website": "https://smithfamilylaw.example", "directions": "https://www.google.com/maps/dir//Smith+Family+Law" }
                },
                { "position": 2, "title": "Jones & Partners", "place_id": "2", "rating": 4.1, "reviews": 9, "type": "Lawyer", "address": "9 Broad St, Richmond, VA" }
            ]
        },
        "organic_results": [
            { "position": 1, "title": "Lawyer Referral Service - Virginia State Bar", "link": "https://www.vsb.org/lrs", "displayed_link": "https://www.vsb.org › lrs",
              "snippet": "The <b>Lawyer</b> Referral Service can help you find a lawyer." }
        ]
    })
}

// ---------------------------------------------------------------------------------------------
// The set of tools.

#[test]
fn the_seven_research_tools_come_in_the_contract_order_with_object_schemas() {
    let tools = research_tools(&ResearchConfig::default(), reqwest::Client::new());
    let names: Vec<&str> = tools.iter().map(|t| t.name()).collect();
    assert_eq!(
        names,
        ["search_opinions", "search_dockets", "lookup_citation", "search_statutes", "search_govinfo", "search_academic", "search_lawyers"]
    );
    for tool in &tools {
        let schema = tool.parameters();
        assert_eq!(schema["type"], "object", "{}", tool.name());
        let required = if tool.name() == "lookup_citation" { "text" } else { "query" };
        assert_eq!(schema["required"], json!([required]), "{}", tool.name());
        assert!(schema["properties"][required]["description"].as_str().is_some_and(|d| !d.is_empty()), "{}", tool.name());
        assert!(tool.description().len() > 40, "{}", tool.name());
    }
}

// ---------------------------------------------------------------------------------------------
// CourtListener.

#[tokio::test]
async fn search_opinions_asks_the_v4_search_for_case_law_with_the_token_and_returns_compact_cases() {
    let fake = Fake::start(vec![Reply::ok(opinion_search())]).await;
    let found = call(&config_for(&fake), "search_opinions", json!({ "query": "security deposit", "court": "va vactapp", "limit": 2 }))
        .await
        .unwrap();

    let asked = fake.only_request();
    assert_eq!(asked.method, Method::GET);
    assert_eq!(asked.path, "/api/rest/v4/search/");
    assert_eq!(asked.param("q"), Some("security deposit"));
    assert_eq!(asked.param("type"), Some("o"));
    assert_eq!(asked.param("court"), Some("va vactapp"));
    assert_eq!(asked.param("highlight"), Some("on"));
    assert_eq!(asked.header("authorization"), Some("Token cl-token"));

    assert_eq!(found["service"], "CourtListener");
    assert_eq!(found["query"], "security deposit");
    assert_eq!(found["total"], 2343);
    let results = found["results"].as_array().unwrap();
    assert_eq!(results.len(), 2, "limit 2 of 3");
    assert_eq!(
        results[0],
        json!({
            "title": "Tenant v. Landlord Properties, LLC",
            "citation": "301 Va. 100; 880 S.E.2d 1",
            "court": "Supreme Court of Virginia",
            "date": "2022-04-14",
            "snippet": "The landlord must return the security deposit within forty-five days & itemize deductions.",
            "url": "https://www.courtlistener.com/opinion/6613686/tenant-v--landlord-properties--llc/",
            "docket_number": "Record No. 201234",
            "cited_by": 12
        })
    );
}

#[tokio::test]
async fn search_dockets_asks_for_recap_dockets_and_reads_the_nested_filing() {
    let fake = Fake::start(vec![Reply::ok(docket_search())]).await;
    let found = call(&config_for(&fake), "search_dockets", json!({ "query": "eviction" })).await.unwrap();

    let asked = fake.only_request();
    assert_eq!(asked.path, "/api/rest/v4/search/");
    assert_eq!(asked.param("type"), Some("r"));
    assert_eq!(asked.param("court"), None);
    assert_eq!(asked.header("authorization"), Some("Token cl-token"));

    assert_eq!(
        found["results"][0],
        json!({
            "title": "Doe v. Example Corp",
            "court": "District Court, E.D. Virginia",
            "date": "2024-02-01",
            "snippet": "The eviction was retaliatory.",
            "url": "https://www.courtlistener.com/docket/99999/doe-v-example-corp/",
            "docket_number": "3:24-cv-00001"
        })
    );
}

#[tokio::test]
async fn lookup_citation_posts_the_text_and_says_which_citations_are_real() {
    let fake = Fake::start(vec![Reply::ok(citation_lookup())]).await;
    let text = "Obergefell v. Hodges (576 U.S. 644); 1 H. 150; 1 U.S. 200";
    let found = call(&config_for(&fake), "lookup_citation", json!({ "text": text })).await.unwrap();

    let asked = fake.only_request();
    assert_eq!(asked.method, Method::POST);
    assert_eq!(asked.path, "/api/rest/v4/citation-lookup/");
    assert_eq!(asked.form().get("text").map(String::as_str), Some(text));
    assert_eq!(asked.header("authorization"), Some("Token cl-token"));

    assert_eq!(found["total"], 3);
    let results = found["results"].as_array().unwrap();
    assert_eq!(results.len(), 4, "one found, two candidates for the ambiguous one, one not found: {results:#?}");
    assert_eq!(results[0]["status"], "found");
    assert_eq!(results[0]["title"], "Obergefell v. Hodges");
    assert_eq!(results[0]["citation"], "576 U.S. 644");
    assert_eq!(results[0]["date"], "2015-06-26");
    assert_eq!(results[0]["url"], "https://www.courtlistener.com/opinion/2812209/obergefell-v-hodges/");
    assert_eq!(
        results[0]["snippet"],
        "The Fourteenth Amendment requires a State to license a marriage between two people of the same sex."
    );
    assert_eq!((results[1]["status"].as_str(), results[1]["citation"].as_str()), (Some("ambiguous"), Some("1 Handy 150")));
    assert_eq!((results[2]["status"].as_str(), results[2]["citation"].as_str()), (Some("ambiguous"), Some("1 Haw. 150")));
    assert_eq!(results[3]["status"], "not_found");
    assert_eq!(results[3]["citation"], "1 U.S. 200");
    assert!(results[3]["snippet"].as_str().unwrap().contains("Citation not found"), "{}", results[3]);
    assert!(results[3].get("title").is_none());
}

#[tokio::test]
async fn lookup_citation_with_no_citations_in_the_text_says_so() {
    let fake = Fake::start(vec![Reply::ok(json!([]))]).await;
    let found = call(&config_for(&fake), "lookup_citation", json!({ "text": "Put some text here" })).await.unwrap();
    assert_eq!(found["results"], json!([]));
    assert!(found["note"].as_str().unwrap().contains("No case citations"), "{found}");
}

#[tokio::test]
async fn a_courtlistener_server_error_names_the_service_the_status_and_its_detail() {
    let fake = Fake::start(vec![Reply::json(500, json!({ "detail": "The search backend is temporarily unavailable." }))]).await;
    let message = unavailable(call(&config_for(&fake), "search_opinions", json!({ "query": "custody" })).await);
    assert!(message.contains("CourtListener"), "{message}");
    assert!(message.contains("500"), "{message}");
    assert!(message.contains("The search backend is temporarily unavailable."), "{message}");
}

#[tokio::test]
async fn a_refused_token_points_at_the_variable_to_check() {
    let fake = Fake::start(vec![Reply::json(401, json!({ "detail": "Invalid token." }))]).await;
    let message = unavailable(call(&config_for(&fake), "lookup_citation", json!({ "text": "576 U.S. 644" })).await);
    assert!(message.contains("401") && message.contains("Invalid token.") && message.contains("COURTLISTENER_API_TOKEN"), "{message}");
}

// ---------------------------------------------------------------------------------------------
// LegiScan.

#[tokio::test]
async fn search_statutes_asks_getsearch_for_virginia_by_default_and_keeps_the_services_order() {
    let fake = Fake::start(vec![Reply::ok(legiscan_search(12))]).await;
    let found = call(&config_for(&fake), "search_statutes", json!({ "query": "security deposit", "limit": 20 })).await.unwrap();

    let asked = fake.only_request();
    assert_eq!(asked.path, "/");
    assert_eq!(asked.param("key"), Some("ls-key"));
    assert_eq!(asked.param("op"), Some("getSearch"));
    assert_eq!(asked.param("state"), Some("VA"));
    assert_eq!(asked.param("query"), Some("security deposit"));
    assert_eq!(asked.param("year"), None);

    assert_eq!(found["service"], "LegiScan");
    assert_eq!(found["total"], 12);
    let results = found["results"].as_array().unwrap();
    // Bills "10" and "11" come last, not after "1".
    let numbers: Vec<&str> = results.iter().map(|r| r["citation"].as_str().unwrap()).collect();
    assert_eq!(numbers[..3], ["VA HB1000", "VA HB1001", "VA HB1002"]);
    assert_eq!(numbers[11], "VA HB1011");
    assert_eq!(
        results[0],
        json!({
            "title": "Landlord and tenant; security deposits, bill 0.",
            "citation": "VA HB1000",
            "date": "2024-03-08",
            "snippet": "Last action: Governor: Acts of Assembly Chapter text (CHAP0123)",
            "url": "https://legiscan.com/VA/bill/HB1000/2024",
            "text_url": "https://legiscan.com/VA/text/HB1000/2024",
            "relevance": 100
        })
    );
    assert!(found.get("note").is_none());
}

#[tokio::test]
async fn search_statutes_passes_another_state_and_year_and_cuts_to_the_limit() {
    let fake = Fake::start(vec![Reply::ok(legiscan_search(12))]).await;
    let found = call(&config_for(&fake), "search_statutes", json!({ "query": "eviction", "state": "md", "year": 2024 })).await.unwrap();
    let asked = fake.only_request();
    assert_eq!(asked.param("state"), Some("MD"));
    assert_eq!(asked.param("year"), Some("2024"));
    assert_eq!(found["results"].as_array().unwrap().len(), 10, "default limit");
    assert!(found["note"].as_str().unwrap().contains("MD"));
}

#[tokio::test]
async fn a_legiscan_error_inside_a_200_answer_is_an_error_with_its_alert() {
    let fake = Fake::start(vec![Reply::ok(json!({ "status": "ERROR", "alert": { "message": "Unknown search state" } }))]).await;
    let message = unavailable(call(&config_for(&fake), "search_statutes", json!({ "query": "x", "state": "ZZ" })).await);
    assert!(message.contains("LegiScan") && message.contains("Unknown search state"), "{message}");
}

// ---------------------------------------------------------------------------------------------
// GovInfo.

#[tokio::test]
async fn search_govinfo_posts_the_documented_body_with_the_key_in_a_header() {
    let fake = Fake::start(vec![Reply::ok(govinfo_search())]).await;
    let found = call(&config_for(&fake), "search_govinfo", json!({ "query": "fair debt collection", "collection": "uscode", "limit": 5 }))
        .await
        .unwrap();

    let asked = fake.only_request();
    assert_eq!(asked.method, Method::POST);
    assert_eq!(asked.path, "/search");
    assert_eq!(asked.header("x-api-key"), Some("gi-key"));
    assert_eq!(asked.param("api_key"), None, "the key stays out of the URL");
    let body = asked.json();
    assert_eq!(body["query"], "collection:(USCODE) AND (fair debt collection)");
    assert_eq!(body["pageSize"], 5);
    assert_eq!(body["offsetMark"], "*");
    assert_eq!(body["sorts"], json!([{ "field": "score", "sortOrder": "DESC" }]));

    assert_eq!(found["service"], "GovInfo");
    assert_eq!(found["total"], 57);
    assert_eq!(
        found["results"][0],
        json!({
            "title": "Doe v. Roe",
            "citation": "USCOURTS-vaed-3_20-cv-00123-0",
            "court": "United States District Court Eastern District of Virginia",
            "date": "2021-05-04",
            "url": "https://www.govinfo.gov/app/details/USCOURTS-vaed-3_20-cv-00123/USCOURTS-vaed-3_20-cv-00123-0",
            "collection": "USCOURTS"
        })
    );
    assert_eq!(found["results"][1]["author"], "Office of the Law Revision Counsel");
    assert_eq!(found["results"][1]["url"], "https://www.govinfo.gov/app/details/USCODE-2022-title15");
    assert!(found["results"][1].get("court").is_none());
}

#[tokio::test]
async fn a_govinfo_key_error_carries_api_data_govs_message() {
    let fake = Fake::start(vec![Reply::json(
        403,
        json!({ "error": { "code": "API_KEY_INVALID", "message": "An invalid api_key was supplied." } }),
    )])
    .await;
    let message = unavailable(call(&config_for(&fake), "search_govinfo", json!({ "query": "x" })).await);
    assert!(message.contains("GovInfo") && message.contains("403") && message.contains("An invalid api_key was supplied."), "{message}");
    assert!(message.contains("GOVINFO_API_KEY"), "{message}");
}

#[tokio::test]
async fn a_govinfo_outage_carries_its_message() {
    let fake = Fake::start(vec![Reply::json(503, json!({ "message": "Search is down for maintenance" }))]).await;
    let message = unavailable(call(&config_for(&fake), "search_govinfo", json!({ "query": "x" })).await);
    assert!(message.contains("GovInfo") && message.contains("503") && message.contains("Search is down for maintenance"), "{message}");
}

// ---------------------------------------------------------------------------------------------
// OpenAlex.

#[tokio::test]
async fn search_academic_needs_no_key_and_rebuilds_the_abstract() {
    let fake = Fake::start(vec![Reply::ok(openalex_works())]).await;
    let config = ResearchConfig { openalex_base_url: fake.url.clone(), ..ResearchConfig::default() };
    let found = call(&config, "search_academic", json!({ "query": "pro se litigants", "limit": 2 })).await.unwrap();

    let asked = fake.only_request();
    assert_eq!(asked.path, "/works");
    assert_eq!(asked.param("search"), Some("pro se litigants"));
    assert_eq!(asked.param("per_page"), Some("2"));
    assert_eq!(asked.param("mailto"), None);

    assert_eq!(found["service"], "OpenAlex");
    assert_eq!(found["total"], 1234);
    assert_eq!(
        found["results"][0],
        json!({
            "title": "Pro Se Litigants and Access to Justice",
            "date": "2019-03-01",
            "snippet": "People without lawyers lose more often.",
            "url": "https://doi.org/10.1234/prose.2019.1",
            "authors": "Ann Author, Ben Writer, Cy Scholar et al.",
            "year": 2019,
            "venue": "Virginia Law Review",
            "doi": "https://doi.org/10.1234/prose.2019.1",
            "cited_by": 42
        })
    );
    let second = &found["results"][1];
    assert_eq!(second["url"], "https://example.edu/paper");
    assert_eq!(second["authors"], "Solo Author");
    assert!(second.get("snippet").is_none() && second.get("venue").is_none() && second.get("doi").is_none(), "{second}");
}

#[tokio::test]
async fn search_academic_sends_the_configured_email_as_mailto() {
    let fake = Fake::start(vec![Reply::ok(openalex_works())]).await;
    let config =
        ResearchConfig { openalex_base_url: fake.url.clone(), openalex_email: Some("me@example.org".into()), ..ResearchConfig::default() };
    call(&config, "search_academic", json!({ "query": "eviction" })).await.unwrap();
    assert_eq!(fake.only_request().param("mailto"), Some("me@example.org"));
}

// ---------------------------------------------------------------------------------------------
// SerpAPI.

#[tokio::test]
async fn search_lawyers_searches_google_for_a_lawyer_in_virginia_and_lists_places_first() {
    let fake = Fake::start(vec![Reply::ok(serpapi_google())]).await;
    let found =
        call(&config_for(&fake), "search_lawyers", json!({ "query": "family law", "location": "Richmond, Virginia" })).await.unwrap();

    let asked = fake.only_request();
    assert_eq!(asked.path, "/search.json");
    assert_eq!(asked.param("engine"), Some("google"));
    assert_eq!(asked.param("q"), Some("family law lawyer Richmond, Virginia"));
    assert_eq!(asked.param("api_key"), Some("serp-key"));

    assert_eq!(found["service"], "SerpAPI");
    let results = found["results"].as_array().unwrap();
    assert_eq!(results.len(), 3);
    assert_eq!(
        results[0],
        json!({
            "title": "Smith Family Law",
            "snippet": "Family law attorney · Open ⋅ Closes 5PM",
            "url": "https://smithfamilylaw.example",
            "address": "123 Main St, Richmond, VA",
            "phone": "(804) 555-0100",
            "rating": 4.8,
            "reviews": 212
        })
    );
    assert!(results[1].get("url").is_none() && results[1].get("phone").is_none());
    assert_eq!(
        results[2],
        json!({ "title": "Lawyer Referral Service - Virginia State Bar", "snippet": "The Lawyer Referral Service can help you find a lawyer.", "url": "https://www.vsb.org/lrs" })
    );
    assert!(found["note"].as_str().unwrap().contains("Virginia State Bar"));
}

#[tokio::test]
async fn search_lawyers_defaults_to_virginia() {
    let fake = Fake::start(vec![Reply::ok(serpapi_google())]).await;
    call(&config_for(&fake), "search_lawyers", json!({ "query": "eviction defense" })).await.unwrap();
    assert_eq!(fake.only_request().param("q"), Some("eviction defense lawyer Virginia"));
}

#[tokio::test]
async fn search_lawyers_with_nothing_found_returns_no_results_and_serpapis_words() {
    let fake = Fake::start(vec![Reply::ok(json!({
        "search_metadata": { "status": "Success" },
        "error": "Google hasn't returned any results for this query."
    }))])
    .await;
    let found = call(&config_for(&fake), "search_lawyers", json!({ "query": "zzqx" })).await.unwrap();
    assert_eq!(found["results"], json!([]));
    assert!(found["note"].as_str().unwrap().contains("hasn't returned any results"), "{found}");
}

#[tokio::test]
async fn a_serpapi_error_carries_its_message() {
    let fake = Fake::start(vec![Reply::json(
        401,
        json!({ "error": "Invalid API key. Your API key should be here: https://serpapi.com/manage-api-key" }),
    )])
    .await;
    let message = unavailable(call(&config_for(&fake), "search_lawyers", json!({ "query": "DUI" })).await);
    assert!(message.contains("SerpAPI") && message.contains("401") && message.contains("Invalid API key"), "{message}");
}

// ---------------------------------------------------------------------------------------------
// Missing keys, bad arguments, unreachable services, malformed answers.

#[tokio::test]
async fn a_missing_key_names_the_variable_to_set_and_sends_nothing() {
    let fake = Fake::start(vec![]).await;
    let config = ResearchConfig {
        courtlistener_base_url: fake.url.clone(),
        legiscan_base_url: fake.url.clone(),
        govinfo_base_url: fake.url.clone(),
        serpapi_base_url: fake.url.clone(),
        ..ResearchConfig::default()
    };
    let cases = [
        ("search_opinions", json!({ "query": "x" }), "COURTLISTENER_API_TOKEN"),
        ("search_dockets", json!({ "query": "x" }), "COURTLISTENER_API_TOKEN"),
        ("lookup_citation", json!({ "text": "576 U.S. 644" }), "COURTLISTENER_API_TOKEN"),
        ("search_statutes", json!({ "query": "x" }), "LEGISCAN_API_KEY"),
        ("search_govinfo", json!({ "query": "x" }), "GOVINFO_API_KEY"),
        ("search_lawyers", json!({ "query": "x" }), "SERPAPI_API_KEY"),
    ];
    for (name, args, var) in cases {
        match call(&config, name, args).await {
            Err(ToolError::NotConfigured(message)) => {
                assert!(message.contains(var), "{name}: {message}");
                assert!(message.contains(name) && message.contains("Set the environment variable"), "{name}: {message}");
            }
            other => panic!("{name}: expected NotConfigured, got {other:?}"),
        }
    }
    assert!(fake.seen().is_empty(), "no request may be sent without a key: {:#?}", fake.seen());
}

#[tokio::test]
async fn a_missing_query_is_a_bad_argument_and_sends_nothing() {
    let fake = Fake::start(vec![]).await;
    let config = config_for(&fake);
    for (name, args) in [
        ("search_opinions", json!({})),
        ("lookup_citation", json!({ "query": "576 U.S. 644" })),
        ("search_academic", json!({ "query": "  " })),
    ] {
        assert!(matches!(call(&config, name, args).await, Err(ToolError::BadArguments(_))), "{name}");
    }
    assert!(
        matches!(call(&config, "search_statutes", json!({ "query": "x", "state": "Virginia" })).await, Err(ToolError::BadArguments(m)) if m.contains("state"))
    );
    assert!(fake.seen().is_empty());
}

#[tokio::test]
async fn an_unreachable_service_is_named_in_the_error() {
    // A port that was just free and is now closed.
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap().local_addr().unwrap();
    let config = ResearchConfig { openalex_base_url: format!("http://{closed}"), ..ResearchConfig::default() };
    let message = unavailable(call(&config, "search_academic", json!({ "query": "x" })).await);
    assert!(message.contains("OpenAlex could not be reached"), "{message}");
}

#[tokio::test]
async fn the_key_never_appears_in_an_error() {
    let closed = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap().local_addr().unwrap();
    let config = ResearchConfig {
        serpapi_key: Some("super-secret-key".into()),
        serpapi_base_url: format!("http://{closed}"),
        ..ResearchConfig::default()
    };
    let message = unavailable(call(&config, "search_lawyers", json!({ "query": "x" })).await);
    assert!(!message.contains("super-secret-key"), "{message}");
}

#[tokio::test]
async fn malformed_json_from_a_service_is_an_error_not_a_panic() {
    for (name, args) in [
        ("search_opinions", json!({ "query": "x" })),
        ("search_statutes", json!({ "query": "x" })),
        ("search_govinfo", json!({ "query": "x" })),
        ("search_academic", json!({ "query": "x" })),
        ("search_lawyers", json!({ "query": "x" })),
    ] {
        let fake = Fake::start(vec![Reply::raw(200, r#"{"results": [{"caseName": "Trunc"#)]).await;
        let message = unavailable(call(&config_for(&fake), name, args).await);
        assert!(message.contains("cannot read") && message.contains("JSON"), "{name}: {message}");
    }
}

#[tokio::test]
async fn json_of_the_wrong_shape_is_an_error_naming_what_is_missing() {
    let fake = Fake::start(vec![Reply::ok(json!({ "detail": "unexpected" }))]).await;
    let message = unavailable(call(&config_for(&fake), "search_opinions", json!({ "query": "x" })).await);
    assert!(message.contains("CourtListener") && message.contains("`results`"), "{message}");
}

// ---------------------------------------------------------------------------------------------
// Rate limits.

#[tokio::test]
async fn a_short_retry_after_is_waited_out_once_and_the_retry_succeeds() {
    let fake = Fake::start(vec![
        Reply::json(429, json!({ "detail": "Request was throttled. Expected available in 1 second." })).header("retry-after", "1"),
        Reply::ok(opinion_search()),
    ])
    .await;
    let found = call(&config_for(&fake), "search_opinions", json!({ "query": "custody" })).await.unwrap();
    assert_eq!(found["results"].as_array().unwrap().len(), 3);
    let seen = fake.seen();
    assert_eq!(seen.len(), 2);
    assert_eq!(seen[0].query, seen[1].query, "the retry asks the same question");
    assert_eq!(seen[1].header("authorization"), Some("Token cl-token"));
}

#[tokio::test]
async fn a_retry_after_given_as_an_http_date_is_honoured() {
    // A date already past: retry at once.
    let fake = Fake::start(vec![
        Reply::json(429, json!({ "error": { "code": "OVER_RATE_LIMIT", "message": "You have exceeded your rate limit." } }))
            .header("retry-after", "Wed, 21 Oct 2015 07:28:00 GMT"),
        Reply::ok(govinfo_search()),
    ])
    .await;
    let found = call(&config_for(&fake), "search_govinfo", json!({ "query": "x" })).await.unwrap();
    assert_eq!(found["total"], 57);
    assert_eq!(fake.seen().len(), 2);
    assert_eq!(fake.seen()[1].json(), fake.seen()[0].json(), "the retry posts the same body");
}

#[tokio::test]
async fn a_long_retry_after_is_not_waited_out_and_the_error_says_when_to_try_again() {
    let fake = Fake::start(vec![
        Reply::json(429, json!({ "error": "Your account has run out of searches." })).header("retry-after", "120"),
        Reply::ok(serpapi_google()),
    ])
    .await;
    let message = unavailable(call(&config_for(&fake), "search_lawyers", json!({ "query": "DUI" })).await);
    assert!(message.contains("SerpAPI") && message.contains("429"), "{message}");
    assert!(message.contains("Your account has run out of searches."), "{message}");
    assert!(message.contains("Try again in about 2 minutes"), "{message}");
    assert_eq!(fake.seen().len(), 1, "no retry for a long wait");
}

#[tokio::test]
async fn a_429_without_any_hint_is_not_retried() {
    let fake = Fake::start(vec![Reply::json(429, json!({ "error": "Too many requests" })), Reply::ok(openalex_works())]).await;
    let message = unavailable(call(&config_for(&fake), "search_academic", json!({ "query": "x" })).await);
    assert!(message.contains("OpenAlex") && message.contains("Try again later"), "{message}");
    assert_eq!(fake.seen().len(), 1);
}

#[tokio::test]
async fn a_second_429_after_the_retry_is_an_error_not_a_loop() {
    let fake = Fake::start(vec![
        Reply::raw(429, r#"{"status": "ERROR", "alert": {"message": "Rate limited"}}"#).header("retry-after", "0"),
        Reply::raw(429, r#"{"status": "ERROR", "alert": {"message": "Rate limited"}}"#).header("retry-after", "0"),
        Reply::ok(legiscan_search(1)),
    ])
    .await;
    let message = unavailable(call(&config_for(&fake), "search_statutes", json!({ "query": "x" })).await);
    assert!(message.contains("LegiScan") && message.contains("Rate limited") && message.contains("Try again in"), "{message}");
    assert_eq!(fake.seen().len(), 2, "exactly one retry");
}

#[tokio::test]
async fn citation_lookup_throttling_reads_wait_until_from_the_body() {
    let fake =
        Fake::start(vec![Reply::json(429, json!({ "wait_until": "2999-01-01T00:00:00Z", "detail": "Too many citations requested." }))])
            .await;
    let message = unavailable(call(&config_for(&fake), "lookup_citation", json!({ "text": "576 U.S. 644" })).await);
    assert!(message.contains("Too many citations requested.") && message.contains("Try again in about"), "{message}");
    assert_eq!(fake.seen().len(), 1);
}
