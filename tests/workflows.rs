//! The workflow registry over the server (`GET /api/workflows`, `POST /api/workflows/{key}`), run
//! offline on the real sidecars: `integrate` connects a note to the law graph and the person's
//! records with one append and real links; `hearing_prep` turns a case into a checklist note.

use proseva_e2e::{TOKEN, client, start};
use serde_json::{Value, json};

async fn post(url: &str, body: Value) -> (u16, Value) {
    let res = client().post(url).bearer_auth(TOKEN).json(&body).send().await.unwrap();
    let status = res.status().as_u16();
    (status, res.json().await.unwrap_or(Value::Null))
}

async fn get(url: &str) -> Value {
    client().get(url).bearer_auth(TOKEN).send().await.unwrap().json().await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_registry_is_listed_and_bad_requests_are_refused_before_anything_runs() {
    let sidecars = start().await;
    let listed = get(&format!("{}/api/workflows", sidecars.server_url)).await;
    let keys: Vec<&str> = listed.as_array().unwrap().iter().map(|w| w["key"].as_str().unwrap()).collect();
    assert!(keys.contains(&"integrate") && keys.contains(&"hearing_prep"), "{listed}");
    let integrate = listed.as_array().unwrap().iter().find(|w| w["key"] == "integrate").unwrap();
    assert_eq!(integrate["requiresFocus"], json!(["document", "note"]));
    assert_eq!(integrate["role"], "executor");
    assert!(integrate["maxToolCalls"].as_u64().unwrap() > 0 && integrate["expectedOutcome"].is_string());

    let url = |key: &str| format!("{}/api/workflows/{key}", sidecars.server_url);
    for (key, body, says) in [
        ("nope", json!({}), "no workflow"),
        ("integrate", json!({}), "runs on a document or a note; it was given nothing"),
        ("integrate", json!({"focus": {"kind": "case", "id": 1}}), "no case 1"),
        ("integrate", json!({"focus": {"kind": "planet", "id": 1}}), "`kind` must be"),
        ("integrate", json!({"focus": {"kind": "note", "id": 99}}), "no note 99"),
        ("integrate", json!({"surprise": 1}), "unknown field"),
        ("integrate", json!([1]), "JSON object"),
    ] {
        let (status, body) = post(&url(key), body).await;
        assert!((400..500).contains(&status), "{key}: {status} {body}");
        assert!(body.to_string().contains(says), "{key}: {body}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn integrate_offline_appends_one_connections_section_and_links_the_sections_it_names() {
    let sidecars = start().await;
    let server = &sidecars.server_url;
    let (_, case) = post(&format!("{server}/api/cases"), json!({"name": "Doe v. Doe", "type": "custody"})).await;
    let case_id = case["id"].as_i64().unwrap();
    let text = "The court will decide custody based on the best interests of the child under § 20-124.3. \
                Visitation for the father every other weekend. The mother asks for sole custody.";
    let (status, note) =
        post(&format!("{server}/api/notes"), json!({"caseId": case_id, "title": "Custody hearing notes", "body": text})).await;
    assert_eq!(status, 201, "{note}");
    let note_id = note["id"].as_i64().unwrap();

    let (status, reply) = post(&format!("{server}/api/workflows/integrate"), json!({"focus": {"kind": "note", "id": note_id}})).await;
    assert_eq!(status, 200, "{reply}");
    let results = reply["toolResults"].as_array().unwrap();
    let tools: Vec<&str> = results.iter().map(|r| r["tool"].as_str().unwrap()).collect();
    assert_eq!(tools.first(), Some(&"think"), "the plan comes first: {tools:?}");
    assert_eq!(tools.iter().filter(|t| **t == "append_to_note").count(), 1, "{tools:?}");
    assert!(results.iter().filter(|r| r["tool"] == "append_to_note" || r["tool"] == "link").all(|r| r["ok"] == true), "{reply}");

    // The note: its text kept whole, one Connections section after it, naming the cited section.
    let stored = get(&format!("{server}/api/notes/{note_id}")).await;
    let body = stored["body"].as_str().unwrap();
    assert!(body.starts_with(text), "{body}");
    assert_eq!(body.matches("## Connections").count(), 1, "{body}");
    assert!(body.contains("[§ 20-124.3]"), "{body}");
    // Each section it names is linked from the note, and exists in the law graph.
    let links = get(&format!("{server}/api/links?fromKind=note&fromId={note_id}")).await;
    let links = links.get("links").or(Some(&links)).and_then(Value::as_array).cloned().unwrap_or_default();
    let linked: Vec<&str> = links.iter().filter(|l| l["toKind"] == "section").filter_map(|l| l["to"].as_str()).collect();
    assert!(linked.contains(&"20-124.3"), "{links:?}");
    for section in &linked {
        assert!(body.contains(&format!("[§ {section}]")), "linked {section} is in the note: {body}");
    }
    assert!(reply["reply"].as_str().unwrap().contains("Custody hearing notes"), "the summary names the note: {}", reply["reply"]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hearing_prep_offline_writes_one_checklist_note_from_the_case_records() {
    let sidecars = start().await;
    let server = &sidecars.server_url;
    let (_, case) = post(
        &format!("{server}/api/cases"),
        json!({"name": "Doe v. Doe", "type": "custody", "court": "Fairfax JDR", "caseNumber": "JJ1-01"}),
    )
    .await;
    let case_id = case["id"].as_i64().unwrap();
    let (status, deadline) = post(
        &format!("{server}/api/deadlines"),
        json!({"caseId": case_id, "ruleId": "appeal-general-district", "triggerDate": "2030-03-04", "title": "Appeal the ruling"}),
    )
    .await;
    assert_eq!(status, 201, "{deadline}");
    post(&format!("{server}/api/contacts"), json!({"caseId": case_id, "name": "Ann Witness", "role": "witness", "phone": "555-0100"}))
        .await;

    let (status, reply) = post(&format!("{server}/api/workflows/hearing_prep"), json!({"focus": {"kind": "case", "id": case_id}})).await;
    assert_eq!(status, 200, "{reply}");
    let created: Vec<&Value> = reply["toolResults"].as_array().unwrap().iter().filter(|r| r["tool"] == "create_note").collect();
    assert_eq!(created.len(), 1, "{reply}");
    let note = &created[0]["result"]["note"];
    assert_eq!(note["caseId"], case_id);
    let body = note["body"].as_str().unwrap();
    assert!(body.contains("Appeal the ruling by 2030-03-14"), "the deadline with its date: {body}");
    assert!(body.contains("[§ 16.1-106]"), "the statute behind its rule: {body}");
    assert!(body.contains("Ann Witness (witness) — 555-0100"), "{body}");
    let listed = get(&format!("{server}/api/notes?caseId={case_id}")).await;
    assert!(listed.to_string().contains("Hearing checklist: Doe v. Doe"), "the note is in the case: {listed}");
}
