//! The check before filing and a downloaded form's proposed values in Spanish (issue 44): over
//! HTTP, with a real SQLite case file and, on loopback, a stand-in law graph and a stand-in
//! CourtListener.
//!
//! - `POST /api/papers/check?lang=es` (or `Accept-Language: es`) says every finding's `message`
//!   and every `checked` line in Spanish, with the same facts as the English: the same kinds,
//!   `found` and `expected`, the same digits and `§` numbers; what is quoted from the paper or the
//!   law graph is kept as written. Without a language the English is as it always was.
//! - `POST /api/forms/fields?lang=es` says where each proposed value came from in Spanish.

mod common;

use std::collections::BTreeMap;
use std::sync::Arc;

use common::{call, closed_port_url, create, state};
use proseva_agent::tools::research::ResearchConfig;
use proseva_drafts::BLANK;
use proseva_server::AppState;
use proseva_server::papers::check::CitationLookup;
use serde_json::{Value, json};

const ME: &str = "Nguyễn Thị Lan";
const THEM: &str = "Oak Ridge Apartments, LLC";
/// THEM as the changed caption writes it.
const TYPO: &str = "Oak Ridge Apartmnts, LLC";
/// What the stand-in law graph says of § 16.1-97.1: English, as the law graph writes it.
const NOTICE: &str = "A new version of this section takes effect July 1, 2027.";
/// Case citations the paper gives, and what the stand-in CourtListener answers for each.
const CITATIONS: &str = "Smith v. Jones, 301 Va. 100; Obergefell, 576 U.S. 644; 880 S.E.2d 1; 12 Va. Cir. 34; 78 Va. App. 12.";
/// English words no Spanish sentence of the check may hold (outside what it quotes).
const ENGLISH: &[&str] = &[
    "the ",
    "The ",
    "caption",
    "case's",
    "could not",
    "paper",
    "record",
    "check it",
    "hearing",
    "signature",
    "Code of",
    "is not",
    "must ",
    "names",
    "number",
    "against",
];

// -------------------------------------------------------------------------------------------------
// Stand-ins on loopback.

/// A law graph answering `node(sourceId:)`: § 16.1-97.1 with [`NOTICE`], § 8.01-271.1 and the
/// sections the catalogue cites as they are, anything else not there.
async fn start_law_graph() -> (String, tokio::task::JoinHandle<()>) {
    use axum::Json;
    async fn graphql(Json(body): Json<Value>) -> Json<Value> {
        let s = body["variables"]["s"].as_str().unwrap_or_default().to_string();
        let node = match s.as_str() {
            "16.1-97.1" => json!({"sourceId": s, "versionNotice": NOTICE}),
            "99.1-999" | "const-I-12" => Value::Null,
            _ => json!({"sourceId": s, "versionNotice": null}),
        };
        Json(json!({"data": {"node": node}}))
    }
    let app = axum::Router::new().route("/graphql", axum::routing::post(graphql));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    (url, tokio::spawn(async move { axum::serve(listener, app).await.unwrap() }))
}

/// CourtListener's `POST /api/rest/v4/citation-lookup/`, as its docs show it: one citation not
/// found, one found, one ambiguous, one with an unknown reporter, one not looked up (429).
async fn start_courtlistener() -> (String, tokio::task::JoinHandle<()>) {
    use axum::Json;
    async fn lookup() -> Json<Value> {
        let cluster = |name: &str, page: u32| {
            json!({"case_name": name, "absolute_url": format!("/opinion/{page}/x/"), "date_filed": "2015-06-26",
                   "citations": [{"volume": 880, "reporter": "S.E.2d", "page": 1}]})
        };
        Json(json!([
            {"citation": "301 Va. 100", "normalized_citations": ["301 Va. 100"], "status": 404, "clusters": []},
            {"citation": "576 U.S. 644", "normalized_citations": ["576 U.S. 644"], "status": 200, "clusters": [cluster("Obergefell v. Hodges", 1)]},
            {"citation": "880 S.E.2d 1", "normalized_citations": ["880 S.E.2d 1"], "status": 300,
             "clusters": [cluster("Adams v. Brown", 2), cluster("Cole v. Dunn", 3)]},
            {"citation": "12 Va. Cir. 34", "normalized_citations": ["12 Va. Cir. 34"], "status": 400, "clusters": []},
            {"citation": "78 Va. App. 12", "normalized_citations": ["78 Va. App. 12"], "status": 429, "clusters": []},
        ]))
    }
    let app = axum::Router::new().route("/api/rest/v4/citation-lookup/", axum::routing::post(lookup));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}", listener.local_addr().unwrap());
    (url, tokio::spawn(async move { axum::serve(listener, app).await.unwrap() }))
}

/// `state` asking CourtListener at `url` with a token (no token when `None`).
fn with_courtlistener(state: &AppState, url: Option<&str>) -> AppState {
    let mut state = state.clone();
    let config = ResearchConfig {
        courtlistener_token: url.map(|_| "test-courtlistener-token".to_string()),
        courtlistener_base_url: url.unwrap_or("http://127.0.0.1:9").to_string(),
        request_timeout: std::time::Duration::from_secs(5),
        ..ResearchConfig::default()
    };
    state.citation_lookup = Arc::new(CitationLookup::new(config));
    state
}

/// `state` asking the law graph at `url`.
fn with_law_graph(state: &AppState, url: &str, dir: &std::path::Path) -> AppState {
    let mut state = state.clone();
    let mut config = proseva_server::Config::for_data_dir(dir.to_path_buf());
    config.token = Some(common::TOKEN.into());
    config.explorer_url = url.to_string();
    state.law_graph = Arc::new(proseva_server::linking::LawGraph::new(&config));
    state
}

// -------------------------------------------------------------------------------------------------
// The case, its papers and the check.

async fn new_case(state: &AppState) -> i64 {
    let case = create(
        state,
        "/api/cases",
        json!({
            "name": "Oak Ridge v. Lan",
            "kind": "debt-defendant",
            "court": "General District Court of the City of Richmond",
            "caseNumber": "GV26-001234",
            "amount": 1250.5,
            "parties": [{"name": ME, "role": "me"}, {"name": THEM, "role": "other-party"}],
        }),
    )
    .await;
    let id = case["id"].as_i64().unwrap();
    create(
        state,
        "/api/contacts",
        json!({"caseId": id, "name": THEM, "role": "opposing_party", "address": "1 Main St., Richmond, VA 23219"}),
    )
    .await;
    id
}

async fn build(state: &AppState, paper: &str, case_id: i64, fields: Value) -> Value {
    let (status, built) = call("POST", "/api/papers").json(&json!({"paper": paper, "caseId": case_id, "fields": fields})).send(state).await;
    assert_eq!(status, 201, "{paper}: {built}");
    built
}

/// Saves `paper` as the next version of draft `draft`.
async fn revise(state: &AppState, draft: &Value, paper: &Value) {
    let content = serde_json::to_string_pretty(paper).unwrap();
    let (status, body) = call("POST", &format!("/api/drafts/{draft}/versions")).json(&json!({"content": content})).send(state).await;
    assert_eq!(status, 201, "{body}");
}

/// How a request asks for its language.
#[derive(Clone, Copy)]
enum Asked {
    Nothing,
    Query,
    Header,
}

async fn check(state: &AppState, body: &Value, asked: Asked) -> (Value, Option<String>) {
    let request = match asked {
        Asked::Nothing => call("POST", "/api/papers/check"),
        Asked::Query => call("POST", "/api/papers/check?lang=es"),
        Asked::Header => call("POST", "/api/papers/check").header("accept-language", "es-US,es;q=0.9,en;q=0.5"),
    };
    let (status, report, lang) = request.json(body).send_with_header(state, "content-language").await;
    assert_eq!(status, 200, "{body}: {report}");
    (report, lang)
}

/// The runs of digits of a text, sorted.
fn digits(text: &str) -> Vec<String> {
    let mut runs: Vec<String> = text.split(|c: char| !c.is_ascii_digit()).filter(|r| !r.is_empty()).map(str::to_string).collect();
    runs.sort();
    runs
}

/// The section numbers a text gives after `§`, sorted.
fn sections(text: &str) -> Vec<String> {
    let mut found: Vec<String> = text
        .split('§')
        .skip(1)
        .map(|rest| rest.trim_start().split(|c: char| c.is_whitespace() || c == ')' || c == ',').next().unwrap_or_default())
        .map(|s| s.trim_end_matches(['.', ';', ':']).to_string())
        .collect();
    found.sort();
    found
}

/// A Spanish text without what it quotes: «…», the technical detail kept in English, the law
/// graph's notice.
fn own_words(text: &str) -> String {
    let mut out = String::new();
    let mut quoted = false;
    for c in text.chars() {
        match c {
            '«' => quoted = true,
            '»' => quoted = false,
            _ if !quoted => out.push(c),
            _ => {}
        }
    }
    if let Some(at) = out.find("(detalle técnico, en inglés:") {
        let end = out.rfind(')').unwrap();
        out.replace_range(at..=end, "");
    }
    out.replace(NOTICE, "")
}

fn english_in(text: &str) -> Vec<&'static str> {
    let own = own_words(text);
    ENGLISH.iter().copied().filter(|w| own.contains(w)).collect()
}

/// The Spanish report says what the English one says: the same findings (kinds, values), each
/// message in Spanish with the same digits and `§` numbers, the same `checked` lines in Spanish,
/// the same sections, citations and title.
fn same_facts(en: &Value, es: &Value) {
    let (fe, fs) = (en["findings"].as_array().unwrap(), es["findings"].as_array().unwrap());
    assert_eq!(fe.len(), fs.len(), "EN: {en:#}\nES: {es:#}");
    for (e, s) in fe.iter().zip(fs) {
        assert_eq!(e["kind"], s["kind"]);
        // `found` and `expected` are the paper's or the record's words as they are, or what the
        // app writes itself ("a party of the case", a date), said in Spanish with the same digits.
        for key in ["found", "expected"] {
            match (e[key].as_str(), s[key].as_str()) {
                (Some(a), Some(b)) if a != b => {
                    assert!(english_in(b).is_empty(), "English words {:?} in {key}: {b}", english_in(b));
                    assert_eq!((digits(a), sections(a)), (digits(b), sections(b)), "{key}\n  EN: {a}\n  ES: {b}");
                }
                _ => assert_eq!(e[key], s[key], "{key}: {e} / {s}"),
            }
        }
        let (me, ms) = (e["message"].as_str().unwrap(), s["message"].as_str().unwrap());
        assert_ne!(me, ms, "not said in Spanish: {ms}");
        assert!(english_in(ms).is_empty(), "English words {:?} in: {ms}", english_in(ms));
        assert_eq!(digits(me), digits(ms), "\n  EN: {me}\n  ES: {ms}");
        assert_eq!(sections(me), sections(ms), "\n  EN: {me}\n  ES: {ms}");
    }
    let (ce, cs) = (en["checked"].as_array().unwrap(), es["checked"].as_array().unwrap());
    assert_eq!(ce.len(), cs.len(), "EN: {ce:?}\nES: {cs:?}");
    for (e, s) in ce.iter().zip(cs) {
        let (e, s) = (e.as_str().unwrap(), s.as_str().unwrap());
        assert_ne!(e, s);
        assert!(english_in(s).is_empty(), "English words {:?} in: {s}", english_in(s));
        assert_eq!((digits(e), sections(e)), (digits(s), sections(s)), "\n  EN: {e}\n  ES: {s}");
    }
    for key in ["sections", "citations", "title"] {
        assert_eq!(en[key], es[key], "{key}");
    }
}

fn messages(report: &Value) -> Vec<(String, String)> {
    report["findings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["kind"].as_str().unwrap().to_string(), f["message"].as_str().unwrap().to_string()))
        .collect()
}

fn has(report: &Value, kind: &str, message: &str) {
    assert!(
        messages(report).iter().any(|(k, m)| k == kind && m == message),
        "no {kind} finding saying\n    {message}\nin\n{:#?}",
        messages(report)
    );
}

fn checked(report: &Value) -> Vec<String> {
    report["checked"].as_array().unwrap().iter().map(|c| c.as_str().unwrap().to_string()).collect()
}

#[tokio::test]
async fn the_check_before_filing_speaks_spanish_with_the_same_facts_as_the_english() {
    let (graph_url, _graph) = start_law_graph().await;
    let (courtlistener_url, _cl) = start_courtlistener().await;
    let (base, dir) = state();
    let state = with_courtlistener(&with_law_graph(&base, &graph_url, dir.path()), Some(&courtlistener_url));
    let case_id = new_case(&state).await;

    // A motion for a new trial, late, changed by hand: a misspelled party, a blank party, another
    // case number, another court, no address, a past hearing, sections and case citations.
    let built = build(
        &state,
        "motion-for-new-trial",
        case_id,
        json!({"address": "12 Oak Ridge Ct.", "judgmentDate": "2024-01-10", "reason": "I never got the notice.", "serviceMethod": "mail"}),
    )
    .await;
    let late = built["draft"]["id"].clone();
    let mut paper = built["paper"].clone();
    for side in ["first", "second"] {
        for party in paper["caption"][side].as_array_mut().unwrap() {
            if party["name"] == THEM {
                party["name"] = json!(TYPO);
            }
        }
    }
    paper["caption"]["first"].as_array_mut().unwrap().push(json!({"name": BLANK, "role": "Plaintiff"}));
    paper["caption"]["number"] = json!("GV26-001243");
    let court = paper["court"].as_array_mut().unwrap();
    *court.last_mut().unwrap() = json!("IN THE CIRCUIT COURT FOR THE CITY OF RICHMOND");
    paper["signature"]["address"] = json!([]);
    let paragraphs = paper["paragraphs"].as_array_mut().unwrap();
    paragraphs.push(json!("The hearing on March 1, 2020 was continued without notice to me."));
    paragraphs.push(json!("See Code of Virginia § 8.01-271.1 and § 99.1-999, and Article I, Section 12 of the Constitution of Virginia."));
    paragraphs.push(json!(format!("See {CITATIONS}")));
    revise(&state, &late, &paper).await;

    // A motion to set aside a default judgment with its certificate of service taken out.
    let built = build(
        &state,
        "set-aside-default-judgment",
        case_id,
        json!({"address": "12 Oak Ridge Ct.", "judgmentDate": "2026-11-20", "ground": "satisfied", "facts": "I paid in full.",
               "serviceMethod": "mail", "serviceDate": "2026-12-01"}),
    )
    .await;
    let no_certificate = built["draft"]["id"].clone();
    let mut paper = built["paper"].clone();
    paper.as_object_mut().unwrap().remove("certificate");
    revise(&state, &no_certificate, &paper).await;

    // The late motion: English as it always was.
    let body = json!({"draftId": late});
    let (en, lang) = check(&state, &body, Asked::Nothing).await;
    assert_eq!(lang.as_deref(), Some("en"));
    has(&en, "party_name", &format!("The caption names \"{TYPO}\", but the case's parties have \"{THEM}\"."));
    has(&en, "party_name", "A party's name in the caption is blank: write it in, or add the party to the case.");
    has(&en, "case_number", "The caption's case number is GV26-001243, but the case record has GV26-001234.");
    has(&en, "court", "The court named at the top is not the case's court.");
    has(
        &en,
        "no_address",
        "The signature block has no address: a party without a lawyer must state their address (Code of Virginia § 8.01-271.1).",
    );
    has(
        &en,
        "deadline",
        "Filed today, this paper misses its time limit: a motion for a new trial is made within 30 days after the judgment (§ 16.1-97.1), so the last day was February 9, 2024.",
    );
    has(&en, "other_paper", "The case number differs from your paper \"Motion to set aside a default judgment — Oak Ridge v. Lan\".");
    has(&en, "past_date", "The paper speaks of a hearing on March 1, 2020, which has passed.");
    has(&en, "section_unknown", "§ 99.1-999 is not in the Virginia law graph: check the number (it may be mistyped or not exist).");
    has(
        &en,
        "section_unknown",
        "Constitution of Virginia, Article I, Section 12 is not in the Virginia law graph: check the number (it may be mistyped or not exist).",
    );
    has(&en, "section_version", &format!("§ 16.1-97.1: {NOTICE} Make sure the paper relies on the version in force on its date."));
    has(&en, "citation_not_found", "301 Va. 100: CourtListener has no case at this citation — it may be mistyped or made up.");
    has(&en, "citation_ambiguous", "880 S.E.2d 1: more than one case has this citation; give the case name too.");
    has(&en, "citation_unknown_reporter", "12 Va. Cir. 34: the reporter is not one CourtListener knows.");
    has(&en, "citation_not_checked", "78 Va. App. 12: CourtListener did not look this one up; check it by hand.");
    let section_count = en["sections"].as_array().unwrap().len();
    assert!(section_count >= 4, "{}", en["sections"]);
    assert_eq!(
        checked(&en),
        [
            "the names in the caption against the case's parties".to_string(),
            "the case number in the caption against the case record".into(),
            "the court in the heading against the case's court".into(),
            "the signature block".into(),
            "the certificate of service".into(),
            "the time limit of § 16.1-97.1".into(),
            "the names and number against the case's 1 other paper(s)".into(),
            "hearing dates".into(),
            format!("{section_count} section citation(s) against the Virginia law graph"),
            "5 case citation(s)".into(),
        ]
    );

    // The same paper in Spanish, asked for in the query and in the header.
    let (es, lang) = check(&state, &body, Asked::Query).await;
    assert_eq!(lang.as_deref(), Some("es"));
    same_facts(&en, &es);
    let (by_header, lang) = check(&state, &body, Asked::Header).await;
    assert_eq!(lang.as_deref(), Some("es"));
    assert_eq!(messages(&by_header), messages(&es));
    has(&es, "party_name", &format!("El encabezado del caso nombra a «{TYPO}», pero las partes del caso tienen «{THEM}»."));
    has(
        &es,
        "no_address",
        "El bloque de firma no tiene dirección: una parte sin abogado debe dar su dirección (Código de Virginia § 8.01-271.1).",
    );
    has(
        &es,
        "deadline",
        "Si se presenta hoy, este papel no cumple su plazo: una moción para un juicio nuevo se hace dentro de los 30 días después del fallo (§ 16.1-97.1), así que el último día fue el 9 de febrero de 2024.",
    );
    has(
        &es,
        "section_version",
        &format!("§ 16.1-97.1: {NOTICE} Asegúrese de que el papel se base en la versión vigente en la fecha del papel."),
    );
    has(
        &es,
        "section_unknown",
        "Constitución de Virginia, artículo I, sección 12 no está en el grafo de leyes de Virginia: revise el número (puede estar mal escrito o no existir).",
    );
    has(&es, "past_date", "El papel habla de una audiencia el 1 de marzo de 2020, y esa fecha ya pasó.");
    let checked_es = checked(&es);
    assert_eq!(checked_es[0], "los nombres del encabezado del caso, comparados con las partes del caso");
    assert_eq!(checked_es[5], "el plazo del § 16.1-97.1");
    assert_eq!(checked_es[6], "los nombres y el número de caso, comparados con 1 papel más del caso");
    assert_eq!(checked_es[9], "5 citas de casos");
    // `lang=en` wins over a Spanish header.
    let (status, forced, lang) = call("POST", "/api/papers/check?lang=en")
        .header("accept-language", "es")
        .json(&body)
        .send_with_header(&state, "content-language")
        .await;
    assert_eq!((status, lang.as_deref()), (200, Some("en")));
    assert_eq!(messages(&forced), messages(&en));

    // The motion without its certificate, compared with the late one.
    let body = json!({"draftId": no_certificate});
    let (en, _) = check(&state, &body, Asked::Nothing).await;
    let (es, _) = check(&state, &body, Asked::Query).await;
    has(&en, "no_certificate", "Motion to set aside a default judgment needs a certificate of service: the other side must get a copy.");
    has(
        &en,
        "other_paper",
        &format!(
            "\"{THEM}\" is written \"{TYPO}\" in your paper \"Motion for a new trial (rehearing) in the district court — Oak Ridge v. Lan\"."
        ),
    );
    same_facts(&en, &es);
    assert!(
        messages(&es)
            .iter()
            .any(|(k, m)| k == "no_certificate"
                && m.ends_with("necesita un certificado de notificación: la otra parte debe recibir una copia.")),
        "{es:#}"
    );

    // A paper written elsewhere and added to the case as the person's own document: its words read.
    let document = create(
        &state,
        "/api/documents",
        json!({"caseId": case_id, "title": "My motion", "kind": "draft",
               "text": "MOTION TO DISMISS\nOak Ridge Apartmens, LLC v. Nguyễn Thị Lan\nCase No. GV26-009999\nThe hearing on March 1, 2020 was moved."}),
    )
    .await;
    let body = json!({"documentId": document["id"]});
    let (en, _) = check(&state, &body, Asked::Nothing).await;
    let (es, _) = check(&state, &body, Asked::Header).await;
    has(&en, "party_name", &format!("The paper writes \"Oak Ridge Apartmens, LLC\" where the case's party is \"{THEM}\"."));
    has(&en, "case_number", "The paper gives case number GV26-009999, but the case record has GV26-001234.");
    has(&en, "no_signature", "No signature block was found: sign the paper and state your address (Code of Virginia § 8.01-271.1).");
    has(&en, "no_certificate", "No certificate of service was found: if the other side must get a copy, say when and how they got it.");
    assert_eq!(
        checked(&en),
        [
            "the case's parties' names in the text",
            "case numbers in the text against the case record",
            "the signature block",
            "hearing dates"
        ]
    );
    same_facts(&en, &es);

    // A document of no case.
    let loose = create(&state, "/api/documents", json!({"title": "A letter", "text": "Dear clerk, please send me the order."})).await;
    let body = json!({"documentId": loose["id"]});
    let (en, _) = check(&state, &body, Asked::Nothing).await;
    let (es, _) = check(&state, &body, Asked::Query).await;
    has(&en, "case_number", "This paper belongs to no case, so its names, number and court could not be compared with a case record.");
    same_facts(&en, &es);

    // No law graph and no CourtListener token: what could not be checked, said in Spanish, the
    // technical detail kept as it came.
    let body = json!({"draftId": late});
    let unreachable = with_courtlistener(&with_law_graph(&base, &closed_port_url(), dir.path()), None);
    let (en, _) = check(&unreachable, &body, Asked::Nothing).await;
    let (es, _) = check(&unreachable, &body, Asked::Query).await;
    same_facts(&en, &es);
    let all = messages(&en);
    let unchecked: Vec<&(String, String)> = all.iter().filter(|(k, _)| k == "section_unchecked").collect();
    assert_eq!(unchecked.len(), section_count, "{en:#}");
    assert!(
        unchecked.iter().all(|(_, m)| m.contains(" could not be checked against the law graph (") && m.ends_with("); check it by hand."))
    );
    assert!(
        messages(&es).iter().any(|(k, m)| k == "section_unchecked"
            && m.starts_with(
                "§ 8.01-271.1 no se pudo revisar en el grafo de leyes de Virginia; revísela a mano (detalle técnico, en inglés: "
            )),
        "{es:#}"
    );
    has(
        &en,
        "citation_not_checked",
        "301 Va. 100: not checked, because no CourtListener token is set (Settings → Research keys). Check it before you rely on it.",
    );
    has(
        &es,
        "citation_not_checked",
        "301 Va. 100: no se revisó, porque no hay un token de CourtListener guardado (Configuración → Servicios de investigación). Revísela antes de confiar en ella.",
    );
    // CourtListener that cannot be asked.
    let down = with_courtlistener(&with_law_graph(&base, &graph_url, dir.path()), Some(&closed_port_url()));
    let (en, _) = check(&down, &body, Asked::Nothing).await;
    let (es, _) = check(&down, &body, Asked::Query).await;
    same_facts(&en, &es);
    assert!(
        messages(&en)
            .iter()
            .any(|(k, m)| k == "citation_not_checked"
                && m.starts_with("301 Va. 100: not checked, because CourtListener could not be asked ("))
    );
    assert!(
        messages(&es).iter().any(|(k, m)| k == "citation_not_checked"
            && m.starts_with("301 Va. 100: no se revisó, porque no se pudo consultar CourtListener (detalle técnico, en inglés: ")),
        "{es:#}"
    );
}

/// The checker of these tests fails on English left in a Spanish message, and on a changed number.
#[test]
fn the_comparison_catches_english_and_changed_numbers() {
    let report = |message: &str, checked: &str| {
        json!({"findings": [{"kind": "case_number", "message": message, "found": "GV26-1", "expected": "GV26-2"}],
               "checked": [checked], "sections": [], "citations": [], "title": "T"})
    };
    let en = report("The caption's case number is GV26-1, but the case record has GV26-2.", "hearing dates");
    let good =
        report("El número de caso del encabezado del caso es GV26-1, pero el expediente del caso tiene GV26-2.", "las fechas de audiencia");
    same_facts(&en, &good);
    for bad in [
        report("El número de caso del caption es GV26-1, pero el expediente del caso tiene GV26-2.", "las fechas de audiencia"),
        report("El número de caso del encabezado del caso es GV26-1, pero el expediente del caso tiene GV26-3.", "las fechas de audiencia"),
        report("El número de caso del encabezado del caso es GV26-1, pero el expediente del caso tiene GV26-2.", "hearing dates"),
        report("The caption's case number is GV26-1, but the case record has GV26-2.", "las fechas de audiencia"),
    ] {
        assert!(std::panic::catch_unwind(|| same_facts(&en, &bad)).is_err(), "{bad}");
    }
    assert_eq!(sections("(Código de Virginia § 8.01-271.1). Y § 16.1-97.1: x"), ["16.1-97.1", "8.01-271.1"]);
    assert_eq!(own_words("a «the paper» b (detalle técnico, en inglés: could not (x)). c"), "a  b . c");
}

// -------------------------------------------------------------------------------------------------
// A downloaded form.

/// A one-page fillable PDF whose text fields are named and labelled (`/TU`) as given.
fn form_pdf(fields: &[(&str, &str)]) -> Vec<u8> {
    // 1 catalog, 2 pages, 3 page, 4 font, then one widget per field.
    let first = 5;
    let refs: Vec<String> = (0..fields.len()).map(|i| format!("{} 0 R", first + i)).collect();
    let mut objects = vec![
        format!(
            "<< /Type /Catalog /Pages 2 0 R /AcroForm << /Fields [{}] /DA (/Helv 0 Tf 0 g) /DR << /Font << /Helv 4 0 R >> >> >> >>",
            refs.join(" ")
        ),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_string(),
        format!(
            "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /Helv 4 0 R >> >> /Annots [{}] >>",
            refs.join(" ")
        ),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".to_string(),
    ];
    for (i, (name, label)) in fields.iter().enumerate() {
        let y = 700 - 30 * i;
        objects.push(format!(
            "<< /Type /Annot /Subtype /Widget /FT /Tx /T ({name}) /TU ({label}) /Rect [150 {y} 450 {}] /P 3 0 R /F 4 /DA (/Helv 10 Tf 0 g) >>",
            y + 20
        ));
    }
    let mut out = b"%PDF-1.4\n%\xE2\xE3\xCF\xD3\n".to_vec();
    let mut offsets = Vec::new();
    for (i, body) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n{body}\nendobj\n", i + 1).as_bytes());
    }
    let xref = out.len();
    out.extend_from_slice(format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes());
    for offset in offsets {
        out.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(format!("trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n", objects.len() + 1).as_bytes());
    out
}

async fn form_fields(
    state: &AppState,
    path: &str,
    accept_language: Option<&str>,
    pdf: &[u8],
) -> (BTreeMap<String, String>, Option<String>) {
    let mut request = call("POST", path).raw("application/pdf", pdf.to_vec());
    if let Some(lang) = accept_language {
        request = request.header("accept-language", lang);
    }
    let (status, opened, lang) = request.send_with_header(state, "content-language").await;
    assert_eq!(status, 200, "{opened}");
    let from = opened["fields"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|f| Some((f["name"].as_str()?.to_string(), f["proposedFrom"].as_str()?.to_string())))
        .collect();
    (from, lang)
}

#[tokio::test]
async fn where_a_form_s_proposed_values_came_from_is_said_in_spanish() {
    let (state, _dir) = state();
    let case_id = new_case(&state).await;
    // The person's last paper (telephone) and the case's next hearing.
    build(
        &state,
        "motion-to-continue",
        case_id,
        json!({"address": "12 Oak Ridge Ct.", "phone": "(804) 555-0142", "hearingDate": "2099-01-05", "reason": "I am ill."}),
    )
    .await;
    create(&state, "/api/deadlines", json!({"caseId": case_id, "title": "Return date", "date": "2099-01-05", "kind": "hearing"})).await;
    let pdf = form_pdf(&[
        ("CaseNo", "Case No."),
        ("Court", "Court"),
        ("City", "City or county"),
        ("Amount", "Amount claimed"),
        ("HearingDate", "Hearing date"),
        ("PlaintiffName", "Plaintiff name"),
        ("YourName", "Your name"),
        ("YourPhone", "Your telephone"),
    ]);
    let expected_en = [
        ("Amount", "the amount in the case record"),
        ("CaseNo", "the case record"),
        ("City", "the case's court"),
        ("Court", "the case record"),
        ("HearingDate", "the case's next hearing (Return date)"),
        ("PlaintiffName", "the case's parties"),
        ("YourName", "the case's parties"),
        ("YourPhone", "your last paper (Motion to continue (move the hearing to another day) — Oak Ridge v. Lan)"),
    ];
    let expected_es = [
        ("Amount", "la cantidad del expediente del caso"),
        ("CaseNo", "el expediente del caso"),
        ("City", "el tribunal del caso"),
        ("Court", "el expediente del caso"),
        ("HearingDate", "la próxima audiencia del caso (Return date)"),
        ("PlaintiffName", "las partes del caso"),
        ("YourName", "las partes del caso"),
        ("YourPhone", "su último escrito (Motion to continue (move the hearing to another day) — Oak Ridge v. Lan)"),
    ];
    let as_map = |pairs: &[(&str, &str)]| pairs.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect::<BTreeMap<_, _>>();

    let (en, lang) = form_fields(&state, &format!("/api/forms/fields?caseId={case_id}"), None, &pdf).await;
    assert_eq!((en, lang.as_deref()), (as_map(&expected_en), Some("en")));
    let (es, lang) = form_fields(&state, &format!("/api/forms/fields?caseId={case_id}&lang=es"), None, &pdf).await;
    assert_eq!((es, lang.as_deref()), (as_map(&expected_es), Some("es")));
    let (es, lang) = form_fields(&state, &format!("/api/forms/fields?caseId={case_id}"), Some("es-MX"), &pdf).await;
    assert_eq!((es, lang.as_deref()), (as_map(&expected_es), Some("es")));
    // A case whose hearing is known only from its step-by-step dates (its hearing deadline has
    // passed): that is where the date came from, in each language.
    let stepped = create(&state, "/api/cases", json!({"name": "Stepped", "court": "General District Court of the City of Richmond"})).await;
    let path = format!("/api/cases/{}/path", stepped["id"]);
    let (status, plan) =
        call("PUT", &path).json(&json!({"kind": "eviction-tenant", "dates": {"returnDate": "2020-01-06"}})).send(&state).await;
    assert_eq!(status, 200, "{plan}");
    let hearing_pdf = form_pdf(&[("HearingDate", "Hearing date")]);
    let url = format!("/api/forms/fields?caseId={}", stepped["id"]);
    let (en, _) = form_fields(&state, &url, None, &hearing_pdf).await;
    assert_eq!(en.get("HearingDate").map(String::as_str), Some("the dates on the case's step-by-step path"));
    let (es, _) = form_fields(&state, &format!("{url}&lang=es"), None, &hearing_pdf).await;
    assert_eq!(es.get("HearingDate").map(String::as_str), Some("las fechas del paso a paso del caso"));
    for (_, from) in expected_es {
        let own = from.split('(').next().unwrap();
        assert!(!["the ", "case", "record", "your ", "court", "amount"].iter().any(|w| own.contains(w)), "{from}");
    }
    // A language this server does not write in is refused, and an unknown parameter still is.
    let (status, body) =
        call("POST", &format!("/api/forms/fields?caseId={case_id}&lang=fr")).raw("application/pdf", pdf.clone()).send(&state).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["error"]["fields"]["lang"].is_string(), "{body}");
    let (status, body) = call("POST", &format!("/api/forms/fields?caseId={case_id}&x=1")).raw("application/pdf", pdf).send(&state).await;
    assert_eq!(status, 400, "{body}");
    assert!(body["error"]["fields"]["x"].is_string(), "{body}");
}
