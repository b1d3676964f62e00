//! Drafts as artifacts over `/api/drafts` and the `create_draft` tool, on a real database: each
//! kind checked, stored cleaned, revised into versions, listed and read; refused drafts naming
//! the line and storing nothing; the `.md`, `.docx` and `.pdf` exports read back (over real HTTP
//! from the server binary); timelines and hearing checklists built from case data alone; the
//! draft kept as a case document the read tools find; and a backup that brings drafts back.

mod common;

use common::{TOKEN, call, client, create, error_of, start_server, state, tool};
use proseva_drafts::{DraftKind, NOTICE, validate};
use proseva_server::AppState;
use serde_json::{Value, json};

const LETTER: &str = "Dear Clerk,\n\nI ask for a continuance of the hearing on **March 20**.\n\n- Exhibit A: the lease\n";
const DIAGRAM: &str = "flowchart TD\n  A[Tenant] -->|rent| B[Landlord]\n";
const TABLE: &str = "Date,Paid,Note\n2026-01-01,900,January rent\n2026-02-01,900,\"February, late\"\n";

fn count(state: &AppState, table: &str) -> i64 {
    state.store.read(|c| Ok(c.query_row(&format!("SELECT count(*) FROM {table}"), [], |r| r.get(0))?)).unwrap()
}

/// Asserts a 400 naming `field`; returns why.
fn refused(status: u16, body: &Value, field: &str) -> String {
    assert_eq!(status, 400, "expected `{field}` refused: {body}");
    let error = error_of(body, "invalid_input");
    error["fields"][field].as_str().unwrap_or_else(|| panic!("`{field}` not named in {body}")).to_string()
}

async fn post(state: &AppState, path: &str, body: Value) -> (u16, Value) {
    call("POST", path).json(&body).send(state).await
}

async fn get(state: &AppState, path: &str) -> (u16, Value) {
    call("GET", path).send(state).await
}

async fn document_text(state: &AppState, id: &Value) -> String {
    let (status, page) = tool(state, "GetDocumentText", json!({ "id": id })).await;
    assert_eq!(status, 200, "{page}");
    page["text"].as_str().unwrap().to_string()
}

#[tokio::test]
async fn each_kind_is_checked_stored_revised_listed_and_read() {
    let (state, _dir) = state();
    let case = create(&state, "/api/cases", json!({"name": "Doe v. Doe"})).await;
    let source = json!({"label": "Va. Code § 55.1-1226", "url": "https://law.lis.virginia.gov/vacode/55.1-1226/"});
    let mut ids = Vec::new();
    for (kind, content, title) in
        [("markdown", LETTER, "Letter to the clerk"), ("mermaid", DIAGRAM, "Who pays whom"), ("table", TABLE, "Rent paid")]
    {
        let draft = create(
            &state,
            "/api/drafts",
            json!({"title": title, "kind": kind, "content": content, "caseId": case["id"], "sources": [source]}),
        )
        .await;
        assert_eq!(
            (draft["kind"].as_str(), draft["title"].as_str(), draft["version"].as_i64()),
            (Some(kind), Some(title), Some(1)),
            "{draft}"
        );
        assert_eq!(draft["content"], content, "valid content is stored as sent");
        assert_eq!(draft["caseId"], case["id"]);
        assert_eq!(draft["sources"], json!([source]));
        assert_eq!(draft["warnings"], json!([]));
        assert_eq!(draft["notice"], NOTICE);
        assert_eq!(draft["createdBy"], "person");
        assert_eq!(draft["versions"].as_array().unwrap().len(), 1);
        assert_eq!(draft["versions"][0]["createdBy"], "person");
        assert!(draft["documentId"].is_i64(), "{draft}");
        ids.push(draft["id"].clone());
    }

    // A new version of each: the sources are kept when left out.
    let revisions = [
        format!("{LETTER}\nThank you for your time.\n"),
        "flowchart LR\n  A[Tenant] -->|rent| B[Landlord]\n  B -->|repairs| A\n".to_string(),
        format!("{TABLE}2026-03-01,450,partial\n"),
    ];
    for (id, content) in ids.iter().zip(&revisions) {
        let (status, draft) = post(&state, &format!("/api/drafts/{id}/versions"), json!({ "content": content })).await;
        assert_eq!(status, 201, "{draft}");
        assert_eq!((draft["version"].as_i64(), draft["content"].as_str()), (Some(2), Some(content.as_str())));
        assert_eq!(draft["sources"], json!([source]), "kept from version 1");
        let versions: Vec<i64> = draft["versions"].as_array().unwrap().iter().map(|v| v["version"].as_i64().unwrap()).collect();
        assert_eq!(versions, [1, 2]);
    }
    let (status, latest) = get(&state, &format!("/api/drafts/{}", ids[0])).await;
    assert_eq!((status, latest["version"].as_i64()), (200, Some(2)));
    assert!(latest["content"].as_str().unwrap().contains("Thank you"));
    let (status, first) = get(&state, &format!("/api/drafts/{}?version=1", ids[0])).await;
    assert_eq!((status, first["version"].as_i64(), first["content"].as_str()), (200, Some(1), Some(LETTER)));
    let (status, body) = get(&state, &format!("/api/drafts/{}?version=3", ids[0])).await;
    assert_eq!(status, 404, "{body}");
    assert!(error_of(&body, "not_found")["message"].as_str().unwrap().contains("versions 1 to 2"), "{body}");

    // The list: newest change first, latest version, no content.
    let (status, list, total) = call("GET", &format!("/api/drafts?caseId={}", case["id"])).send_with_header(&state, "x-total-count").await;
    assert_eq!((status, total.as_deref()), (200, Some("3")));
    let items = list.as_array().unwrap();
    assert_eq!(items.iter().map(|d| d["id"].clone()).collect::<Vec<_>>(), ids.iter().rev().cloned().collect::<Vec<_>>());
    for item in items {
        assert_eq!(item["version"], 2, "{item}");
        let mut keys: Vec<&str> = item.as_object().unwrap().keys().map(String::as_str).collect();
        keys.sort_unstable();
        assert_eq!(keys, ["caseId", "documentId", "id", "kind", "title", "updatedAt", "version"]);
    }
    let (_, other) = call("GET", "/api/drafts?caseId=999").send(&state).await;
    assert_eq!(other, json!([]));

    // Unknown drafts, and what is not a draft's field.
    for path in ["/api/drafts/999", "/api/drafts/abc", "/api/drafts/999/export?format=md"] {
        let (status, body) = get(&state, path).await;
        assert_eq!(status, 404, "{path}: {body}");
    }
    let (status, body) = post(&state, "/api/drafts/999/versions", json!({"content": "Hello"})).await;
    assert_eq!(status, 404, "{body}");
    let (status, body) = post(&state, "/api/drafts", json!({"title": "x", "kind": "essay", "content": "x", "colour": "red"})).await;
    let kind = refused(status, &body, "kind");
    assert!(kind.contains("markdown") && kind.contains("mermaid") && kind.contains("table"), "{kind}");
    assert!(body["error"]["fields"]["colour"].is_string(), "{body}");
    let (status, body) = post(&state, "/api/drafts", json!({"kind": "markdown", "content": "x", "caseId": 999})).await;
    refused(status, &body, "title");
    let (status, body) = post(&state, "/api/drafts", json!({"title": "x", "kind": "markdown", "content": "x", "caseId": 999})).await;
    refused(status, &body, "caseId");
    let (status, body) = post(
        &state,
        "/api/drafts",
        json!({"title": "x", "kind": "markdown", "content": "x", "sources": [{"label": "x", "url": "javascript:alert(1)"}]}),
    )
    .await;
    assert!(refused(status, &body, "sources").contains("entry 1"), "{body}");
    assert_eq!(count(&state, "drafts"), 3, "nothing stored by a refused draft");
}

#[tokio::test]
async fn a_diagram_that_does_not_parse_is_refused_naming_the_line_and_nothing_is_stored() {
    let (state, _dir) = state();
    let (status, body) =
        post(&state, "/api/drafts", json!({"title": "Timeline", "kind": "mermaid", "content": "flowchart TD\n  A[Filed] -->\n"})).await;
    let why = refused(status, &body, "content");
    assert!(why.starts_with("line 2:"), "{why}");
    assert!(why.contains("an edge needs a node on both sides"), "{why}");
    assert_eq!((count(&state, "drafts"), count(&state, "draft_versions"), count(&state, "documents")), (0, 0, 0));

    // A bad revision leaves the draft at its version.
    let draft =
        create(&state, "/api/drafts", json!({"title": "Timeline", "kind": "mermaid", "content": "timeline\n    2026-03-01 : Filed\n"}))
            .await;
    let (status, body) = post(
        &state,
        &format!("/api/drafts/{}/versions", draft["id"]),
        json!({"content": "timeline\n    2026-03-02 : Served\n  click A call x()\n"}),
    )
    .await;
    assert!(refused(status, &body, "content").starts_with("line 3:"), "{body}");
    let (_, stored) = get(&state, &format!("/api/drafts/{}", draft["id"])).await;
    assert_eq!((stored["version"].as_i64(), count(&state, "draft_versions")), (Some(1), 1));
    let text = document_text(&state, &draft["documentId"]).await;
    assert!(text.contains("2026-03-01 : Filed") && !text.contains("Served"), "{text}");
}

#[tokio::test]
async fn markdown_is_stored_without_a_script_and_says_what_was_removed() {
    let (state, _dir) = state();
    let content = "Dear clerk,\n<script>alert(1)</script>\nI ask for a <b>continuance</b>.";
    let draft = create(&state, "/api/drafts", json!({"title": "Letter", "kind": "markdown", "content": content})).await;
    let stored = draft["content"].as_str().unwrap();
    assert!(!stored.contains("<script") && !stored.contains("alert(1)"), "{stored}");
    assert!(stored.contains("I ask for a &lt;b>continuance"), "other tags are shown as text: {stored}");
    let warnings: Vec<&str> = draft["warnings"].as_array().unwrap().iter().map(|w| w.as_str().unwrap()).collect();
    assert!(warnings.iter().any(|w| w.starts_with("line 2:") && w.contains("<script>")), "{warnings:?}");
    let text = document_text(&state, &draft["documentId"]).await;
    assert!(!text.contains("alert(1)"), "the document holds the cleaned draft: {text}");
    let (_, read) = get(&state, &format!("/api/drafts/{}", draft["id"])).await;
    assert_eq!(read["content"], draft["content"]);
}

#[tokio::test]
async fn a_table_with_a_ragged_row_is_refused_naming_its_line() {
    let (state, _dir) = state();
    let (status, body) = post(
        &state,
        "/api/drafts",
        json!({"title": "Rent", "kind": "table", "content": "Date,Paid\n2026-01-01,900\n2026-02-01,900,late\n"}),
    )
    .await;
    let why = refused(status, &body, "content");
    assert!(why.starts_with("line 3:"), "{why}");
    assert_eq!(count(&state, "drafts"), 0);
    let (status, body) = post(&state, "/api/drafts", json!({"title": "Rent", "kind": "table", "content": "  \n"})).await;
    assert!(refused(status, &body, "content").contains("no text"), "{body}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn exports_are_real_files_with_the_notice_title_content_and_sources() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path(), &[("PROSEVA_EMBEDDINGS", "off")]);
    let (status, draft) = server
        .post(
            "/api/drafts",
            &json!({"title": "Letter to the Clerk — Doe v. Doe", "kind": "markdown", "content": LETTER,
                    "sources": [{"label": "Va. Code § 16.1-106", "url": "https://law.lis.virginia.gov/vacode/16.1-106/"}]}),
        )
        .await;
    assert_eq!(status, 201, "{draft}");
    let id = draft["id"].as_i64().unwrap();
    let (status, _) =
        server.post(&format!("/api/drafts/{id}/versions"), &json!({"content": "Dear Clerk,\n\nPlease withdraw my request."})).await;
    assert_eq!(status, 201);

    let download = async |query: &str| {
        let response = client().get(server.url(&format!("/api/drafts/{id}/export?{query}"))).bearer_auth(TOKEN).send().await.unwrap();
        let header = |name: &str| response.headers().get(name).map(|v| v.to_str().unwrap().to_string());
        let (status, content_type, disposition) = (response.status().as_u16(), header("content-type"), header("content-disposition"));
        (status, content_type, disposition, response.bytes().await.unwrap().to_vec())
    };
    let (status, content_type, disposition, bytes) = download("format=md").await;
    assert_eq!(status, 200);
    assert_eq!(content_type.as_deref(), Some("text/markdown; charset=utf-8"));
    assert_eq!(disposition.as_deref(), Some("attachment; filename=\"letter-to-the-clerk-doe-v-doe-v2.md\""));
    let markdown = String::from_utf8(bytes).unwrap();
    assert!(markdown.starts_with(&format!("> {NOTICE}")), "{markdown}");
    assert!(markdown.contains("Please withdraw my request.") && markdown.contains("## Sources"), "{markdown}");

    let (status, content_type, disposition, bytes) = download("format=docx&version=1").await;
    assert_eq!(status, 200);
    assert_eq!(content_type.as_deref(), Some("application/vnd.openxmlformats-officedocument.wordprocessingml.document"));
    assert_eq!(disposition.as_deref(), Some("attachment; filename=\"letter-to-the-clerk-doe-v-doe-v1.docx\""));
    // Read back as the server reads an uploaded Word file: a zip with word/document.xml.
    let read = proseva_server::extract::extract("letter.docx", &bytes).unwrap();
    let word = read.pages[0].clone().unwrap();
    for expected in [
        NOTICE,
        "Letter to the Clerk — Doe v. Doe",
        "I ask for a continuance of the hearing on March 20.",
        "https://law.lis.virginia.gov/vacode/16.1-106/",
    ] {
        assert!(word.contains(expected), "{expected:?} not in the .docx: {word}");
    }
    assert!(!word.contains("withdraw"), "version 1 is version 1: {word}");

    let (status, content_type, disposition, bytes) = download("format=pdf").await;
    assert_eq!(status, 200);
    assert_eq!(content_type.as_deref(), Some("application/pdf"));
    assert_eq!(disposition.as_deref(), Some("attachment; filename=\"letter-to-the-clerk-doe-v-doe-v2.pdf\""));
    let pdf = pdf_extract::extract_text_from_mem(&bytes).unwrap();
    let pdf = pdf.split_whitespace().collect::<Vec<_>>().join(" ");
    for expected in
        [NOTICE, "Letter to the Clerk — Doe v. Doe", "Please withdraw my request.", "https://law.lis.virginia.gov/vacode/16.1-106/"]
    {
        assert!(pdf.contains(expected), "{expected:?} not in the PDF: {pdf}");
    }

    for (query, field, status_wanted) in
        [("format=odt", Some("format"), 400), ("", Some("format"), 400), ("format=pdf&version=3", None, 404)]
    {
        let response = client().get(server.url(&format!("/api/drafts/{id}/export?{query}"))).bearer_auth(TOKEN).send().await.unwrap();
        assert_eq!(response.status().as_u16(), status_wanted, "{query}");
        let body: Value = response.json().await.unwrap();
        if let Some(field) = field {
            assert!(body["error"]["fields"][field].as_str().unwrap().contains("md, docx, pdf"), "{body}");
        }
    }
    let response = client().get(server.url(&format!("/api/drafts/{id}/export?format=md"))).send().await.unwrap();
    assert_eq!(response.status().as_u16(), 401, "the token guards exports too");
}

/// A case with a bit of everything: deadlines (a hearing among them), events, a document, people.
async fn busy_case(state: &AppState) -> Value {
    let case = create(
        state,
        "/api/cases",
        json!({"name": "Smith v. Jones", "caseNumber": "GV26-001234", "court": "Fairfax General District Court"}),
    )
    .await;
    let id = &case["id"];
    create(state, "/api/deadlines", json!({"caseId": id, "title": "Return hearing", "date": "2099-03-20", "kind": "hearing"})).await;
    create(state, "/api/deadlines", json!({"caseId": id, "title": "File the witness list", "date": "2099-03-10", "kind": "filing"})).await;
    create(state, "/api/deadlines", json!({"caseId": id, "title": "Appeal window closes", "date": "2099-03-30"})).await;
    create(state, "/api/timeline", json!({"caseId": id, "date": "2099-01-15", "title": "Lease signed", "party": "Landlord"})).await;
    create(state, "/api/timeline", json!({"caseId": id, "date": "2099-02-02", "title": "Locks changed", "isCritical": true})).await;
    create(state, "/api/documents", json!({"caseId": id, "title": "Signed lease", "kind": "contract", "text": "The lease runs a year."}))
        .await;
    create(state, "/api/contacts", json!({"caseId": id, "name": "Ana Ruiz", "role": "witness"})).await;
    create(state, "/api/contacts", json!({"caseId": id, "name": "Bob Jones", "role": "opposing_party"})).await;
    case
}

#[tokio::test]
async fn timelines_and_checklists_are_built_from_the_case_data_alone() {
    let (state, _dir) = state();
    let case = busy_case(&state).await;
    let (status, timeline) = post(&state, "/api/drafts/build", json!({"build": "timeline", "caseId": case["id"]})).await;
    assert_eq!(status, 201, "{timeline}");
    assert_eq!((timeline["kind"].as_str(), timeline["createdBy"].as_str()), (Some("mermaid"), Some("offline")));
    assert_eq!(timeline["title"], "Case timeline: Smith v. Jones");
    let diagram = timeline["content"].as_str().unwrap();
    validate(DraftKind::Mermaid, diagram).unwrap();
    for expected in [
        "timeline\n",
        "section January 2099",
        "Jan 15 : Lease signed (Landlord)",
        "Feb 2 : Locks changed",
        "Mar 10 : Deadline – File the witness list",
        "Mar 20 : Hearing – Return hearing",
        "Mar 30 : Deadline – Appeal window closes",
    ] {
        assert!(diagram.contains(expected), "{expected:?} not in {diagram}");
    }
    assert!(diagram.find("Lease signed").unwrap() < diagram.find("Return hearing").unwrap(), "in date order: {diagram}");
    let source = timeline["sources"][0]["label"].as_str().unwrap();
    assert!(source.contains("Smith v. Jones") && source.contains("GV26-001234"), "the case record is the source: {source}");

    let (status, checklist) = post(&state, "/api/drafts/build", json!({"build": "checklist", "caseId": case["id"]})).await;
    assert_eq!(status, 201, "{checklist}");
    assert_eq!((checklist["kind"].as_str(), checklist["createdBy"].as_str()), (Some("markdown"), Some("offline")));
    let list = checklist["content"].as_str().unwrap();
    validate(DraftKind::Markdown, list).unwrap();
    for expected in [
        "# Hearing checklist: Smith v. Jones",
        "**Case number:** GV26-001234",
        "**Court:** Fairfax General District Court",
        "March 20, 2099",
        "Mar 10, 2099 — File the witness list (10 days before the hearing)",
        "## Deadlines after the hearing",
        "Appeal window closes",
        "- [ ] Signed lease (contract)",
        "- [ ] Ana Ruiz — witness",
        "What will Ana Ruiz say",
        "What is Bob Jones likely to say",
    ] {
        assert!(list.contains(expected), "{expected:?} not in {list}");
    }
    assert!(!list.contains("Case timeline"), "the drafts kept as documents are not papers to bring: {list}");

    // Built again as a new version of the same draft.
    create(&state, "/api/timeline", json!({"caseId": case["id"], "date": "2099-02-20", "title": "Repair request sent"})).await;
    let (status, again) = post(&state, "/api/drafts/build", json!({"build": "timeline", "draftId": timeline["id"]})).await;
    assert_eq!((status, again["id"].clone(), again["version"].as_i64()), (201, timeline["id"].clone(), Some(2)), "{again}");
    assert!(again["content"].as_str().unwrap().contains("Repair request sent"));
    let (status, body) = post(&state, "/api/drafts/build", json!({"build": "checklist", "draftId": timeline["id"]})).await;
    assert!(refused(status, &body, "build").contains("mermaid"), "{body}");

    // A case with nothing dated yet still gets a draft, saying what to add.
    let empty = create(&state, "/api/cases", json!({"name": "New matter"})).await;
    let (_, timeline) =
        post(&state, "/api/drafts/build", json!({"build": "timeline", "caseId": empty["id"], "title": "My own timeline"})).await;
    let diagram = timeline["content"].as_str().unwrap();
    validate(DraftKind::Mermaid, diagram).unwrap();
    assert!(diagram.contains("No dates yet : Add events, deadlines, hearings and filings"), "{diagram}");
    assert!(diagram.contains("title My own timeline"), "{diagram}");
    let (_, rebuilt) = post(&state, "/api/drafts/build", json!({"build": "timeline", "draftId": timeline["id"]})).await;
    assert_eq!((rebuilt["title"].as_str(), rebuilt["version"].as_i64()), (Some("My own timeline"), Some(2)), "a rebuild keeps the title");
    let (_, checklist) = post(&state, "/api/drafts/build", json!({"build": "checklist", "caseId": empty["id"]})).await;
    let list = checklist["content"].as_str().unwrap();
    assert!(list.contains("No deadlines are recorded for this case.") && list.contains("## Still to add to the case"), "{list}");

    let (status, body) = post(&state, "/api/drafts/build", json!({"build": "essay", "caseId": case["id"]})).await;
    assert!(refused(status, &body, "build").contains("timeline, checklist"), "{body}");
    let (status, body) = post(&state, "/api/drafts/build", json!({"build": "timeline", "caseId": 999})).await;
    refused(status, &body, "caseId");
    let (status, body) = post(&state, "/api/drafts/build", json!({"build": "timeline"})).await;
    refused(status, &body, "caseId");
}

#[tokio::test]
async fn the_draft_is_a_case_document_the_read_tools_find_and_a_new_version_updates_it() {
    let (state, _dir) = state();
    let case = create(&state, "/api/cases", json!({"name": "Doe v. Doe"})).await;
    let draft = create(
        &state,
        "/api/drafts",
        json!({"title": "Motion outline: continuance", "kind": "markdown", "caseId": case["id"], "content": "## Grounds\n\nThe witness is in hospital until April."}),
    )
    .await;
    let (status, listed) = tool(&state, "GetDocuments", json!({"caseId": case["id"]})).await;
    assert_eq!((status, listed["count"].as_i64()), (200, Some(1)), "{listed}");
    let document = &listed["documents"][0];
    assert_eq!(document["id"], draft["documentId"]);
    assert_eq!(
        (document["fileName"].as_str(), document["kind"].as_str(), document["textStatus"].as_str(), document["caseId"].clone()),
        (Some("motion-outline-continuance.md"), Some("draft"), Some("ready"), case["id"].clone())
    );
    let text = document_text(&state, &draft["documentId"]).await;
    assert!(text.contains(NOTICE) && text.contains("Motion outline: continuance") && text.contains("hospital until April"), "{text}");
    let (_, found) = tool(&state, "SearchKnowledge", json!({"query": "witness hospital"})).await;
    assert_eq!(
        (found["passages"][0]["from"].as_str(), found["passages"][0]["id"].clone()),
        (Some("document"), draft["documentId"].clone()),
        "{found}"
    );

    let (status, revised) = post(
        &state,
        &format!("/api/drafts/{}/versions", draft["id"]),
        json!({"content": "## Grounds\n\nThe witness is abroad until May."}),
    )
    .await;
    assert_eq!(status, 201, "{revised}");
    assert_eq!(revised["documentId"], draft["documentId"], "one document per draft");
    let text = document_text(&state, &draft["documentId"]).await;
    assert!(text.contains("abroad until May") && !text.contains("hospital"), "{text}");
    assert!(text.contains("Version 2"), "{text}");
    let (_, found) = tool(&state, "SearchKnowledge", json!({"query": "abroad"})).await;
    assert_eq!(found["passages"][0]["id"], draft["documentId"], "{found}");
    let (_, found) = tool(&state, "SearchKnowledge", json!({"query": "hospital"})).await;
    assert_eq!(found["passages"], json!([]), "the old text is gone: {found}");
    assert_eq!(count(&state, "documents"), 1);
    let files = std::fs::read_dir(state.config.documents_dir()).unwrap().count();
    assert_eq!(files, 1, "the old version's file is removed");

    // A document the person deleted is made again by the next version.
    let (status, _) = call("DELETE", &format!("/api/documents/{}", draft["documentId"])).send(&state).await;
    assert_eq!(status, 204);
    let (_, orphan) = get(&state, &format!("/api/drafts/{}", draft["id"])).await;
    assert_eq!(orphan["documentId"], Value::Null);
    let (_, again) = post(&state, &format!("/api/drafts/{}/versions", draft["id"]), json!({"content": "Version three."})).await;
    assert!(again["documentId"].is_i64(), "{again}");
    assert!(document_text(&state, &again["documentId"]).await.contains("Version three."));

    // A case with a draft cannot be deleted; deleting the draft takes its document along.
    let (status, body) = call("DELETE", &format!("/api/cases/{}", case["id"])).send(&state).await;
    assert_eq!(status, 409, "{body}");
    assert!(body["error"]["message"].as_str().unwrap().contains("1 draft"), "{body}");
    let (status, _) = call("DELETE", &format!("/api/drafts/{}", draft["id"])).send(&state).await;
    assert_eq!(status, 204);
    assert_eq!((count(&state, "drafts"), count(&state, "draft_versions"), count(&state, "documents")), (0, 0, 0));
    let (status, _) = call("DELETE", &format!("/api/drafts/{}", draft["id"])).send(&state).await;
    assert_eq!(status, 404);
    assert_eq!(std::fs::read_dir(state.config.documents_dir()).unwrap().count(), 0);
}

#[tokio::test]
async fn create_draft_writes_builds_and_revises_and_names_what_it_refuses() {
    let (state, _dir) = state();
    let case = busy_case(&state).await;
    let (_, tools) = get(&state, "/api/tools").await;
    let spec = tools.as_array().unwrap().iter().find(|t| t["name"] == "create_draft").unwrap().clone();
    assert_eq!(spec["display"], json!({"title": "Drafts", "source": "Your case file", "action": "Drafting", "results": "document"}));
    assert_eq!(spec["parameters"]["additionalProperties"], false);
    assert_eq!(spec["parameters"]["required"], json!(["kind", "title"]));
    assert_eq!(spec["parameters"]["properties"]["build"]["enum"], json!(["timeline", "checklist"]));
    assert!(spec["parameters"]["properties"]["title"]["maxLength"].is_u64());

    let args = json!({"kind": "table", "title": "Rent paid", "caseId": case["id"], "content": TABLE,
                      "sources": [{"label": "Bank statement, March"}]});
    let (status, made) = tool(&state, "create_draft", args).await;
    assert_eq!(status, 200, "{made}");
    let draft = &made["draft"];
    assert_eq!((draft["version"].as_i64(), draft["createdBy"].as_str(), draft["kind"].as_str()), (Some(1), Some("agent"), Some("table")));
    assert_eq!(made["warnings"], json!([]));
    assert!(draft["documentId"].is_i64());

    let revise = json!({"kind": "table", "title": "Rent paid", "draftId": draft["id"], "content": format!("```csv\n{TABLE}```")});
    let (status, revised) = tool(&state, "create_draft", revise).await;
    assert_eq!(status, 200, "{revised}");
    assert_eq!((revised["draft"]["id"].clone(), revised["draft"]["version"].as_i64()), (draft["id"].clone(), Some(2)));
    assert_eq!(revised["draft"]["content"], TABLE.trim_end(), "the fence is removed");
    assert!(revised["warnings"][0].as_str().unwrap().contains("fence"), "{revised}");
    assert_eq!(revised["draft"]["sources"], draft["sources"], "kept");

    let (status, built) =
        tool(&state, "create_draft", json!({"kind": "markdown", "title": "Checklist", "build": "checklist", "caseId": case["id"]})).await;
    assert_eq!(status, 200, "{built}");
    assert_eq!((built["draft"]["createdBy"].as_str(), built["draft"]["title"].as_str()), (Some("offline"), Some("Checklist")));
    assert!(
        built["draft"]["content"].as_str().unwrap().contains("Return hearing")
            || built["draft"]["content"].as_str().unwrap().contains("March 20, 2099")
    );

    let before = count(&state, "draft_versions");
    let both = json!({"kind": "mermaid", "title": "T", "build": "timeline", "content": "timeline\n  2026 : x", "caseId": case["id"]});
    let (status, body) = tool(&state, "create_draft", both).await;
    assert!(refused(status, &body, "content").contains("not both"), "{body}");
    assert!(body["error"]["message"].as_str().unwrap().contains("argument"), "{body}");
    let (status, body) =
        tool(&state, "create_draft", json!({"kind": "mermaid", "title": "T", "content": "flowchart TD\n  A[Filed] -->\n"})).await;
    let why = refused(status, &body, "content");
    assert!(why.starts_with("line 2:") && why.contains("an edge needs a node on both sides"), "the model can fix the line: {why}");
    let (status, body) = tool(&state, "create_draft", json!({"kind": "markdown", "title": "Letter to the judge"})).await;
    assert!(refused(status, &body, "content").contains("language model"), "prose needs a model, and says so: {body}");
    let (status, body) =
        tool(&state, "create_draft", json!({"kind": "markdown", "title": "T", "build": "timeline", "caseId": case["id"]})).await;
    assert!(refused(status, &body, "kind").contains("mermaid"), "{body}");
    let (status, body) =
        tool(&state, "create_draft", json!({"kind": "mermaid", "title": "T", "content": DIAGRAM, "draftId": draft["id"]})).await;
    assert!(refused(status, &body, "kind").contains("table draft"), "{body}");
    let (status, body) = tool(&state, "create_draft", json!({"kind": "table", "title": "T", "content": TABLE, "draftId": 999})).await;
    assert_eq!(status, 404, "{body}");
    let (status, body) = tool(&state, "create_draft", json!({"kind": "table", "title": "T", "content": TABLE, "colour": "red"})).await;
    refused(status, &body, "colour");
    assert_eq!(count(&state, "draft_versions"), before, "nothing stored by a refused call");
}

#[tokio::test]
async fn a_backup_restores_drafts_with_every_version_and_their_document() {
    let (state, dir) = state();
    let draft = create(&state, "/api/drafts", json!({"title": "Letter", "kind": "markdown", "content": "First version."})).await;
    post(&state, &format!("/api/drafts/{}/versions", draft["id"]), json!({"content": "Second version."})).await;
    let archive = dir.path().join("backups").join("drafts.proseva-backup");
    let (status, made) = post(&state, "/api/backup", json!({ "path": archive })).await;
    assert_eq!(status, 200, "{made}");
    assert_eq!((made["counts"]["drafts"].as_i64(), made["counts"]["draftVersions"].as_i64()), (Some(1), Some(2)), "{made}");

    let (status, _) = call("DELETE", &format!("/api/drafts/{}", draft["id"])).send(&state).await;
    assert_eq!(status, 204);
    let (status, restored) = post(&state, "/api/restore", json!({ "path": archive })).await;
    assert_eq!(status, 200, "{restored}");
    assert_eq!(restored["restored"]["drafts"], 1);
    let (status, back) = get(&state, &format!("/api/drafts/{}", draft["id"])).await;
    assert_eq!((status, back["version"].as_i64(), back["content"].as_str()), (200, Some(2), Some("Second version.")));
    let (_, first) = get(&state, &format!("/api/drafts/{}?version=1", draft["id"])).await;
    assert_eq!(first["content"], "First version.");
    let text = document_text(&state, &back["documentId"]).await;
    assert!(text.contains("Second version."), "{text}");
    let (status, _) = call("GET", &format!("/api/documents/{}/file", back["documentId"])).send_raw(&state).await;
    assert_eq!(status, 200, "the document's file came back too");
}
