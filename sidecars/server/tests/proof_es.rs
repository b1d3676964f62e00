//! The Spanish proof books (issue 44): the mirrors `proof/<kind>.es.json` and `proof/packet.es.json`
//! against their English originals, and the proof routes answering in the request's language.
//!
//! The mirror check is `lang/check_mirror.py`'s, in Rust ([`mirror::walk_with`]), with these files'
//! own data keys: what `crate::proof` compares or looks up (ids, sides, record kinds, the keys of
//! sources, the check's elements, path dates and periods) and the sources' word-for-word passages
//! with their figures, which stay as the law wrote them.
//!
//! Over HTTP: a case's Proof view, the kind's book, a link and the hearing packet answer in
//! Spanish with `Accept-Language: es` (or `?lang=es`) and in English without, with the same ids,
//! statuses and periods, and the person's own records as they wrote them.

mod common;
#[path = "mirror/mod.rs"]
mod mirror;

use common::{call, create, state};
use mirror::walk_with;
use proseva_server::lang::Lang;
use proseva_server::proof::{self, packet};
use serde_json::{Value, json};

/// The keys whose values are data in the proof books, never words a person reads in their language.
const DATA_KEYS: &[&str] = &[
    "id",
    "kind",
    "side",
    "checkedOn",
    "sections",
    "section",
    "sources",
    "recordKinds",
    "element",
    "pathDate",
    "onOrAfter",
    "before",
    "days",
    "url",
    // A passage of a source, word for word, and where it was read.
    "passage",
    "figures",
    "source",
    "readFrom",
    "textOf",
];

/// Each book and its Spanish mirror.
const BOOKS: [(&str, &str, &str); 9] = [
    ("eviction-tenant", include_str!("../proof/eviction-tenant.json"), include_str!("../proof/eviction-tenant.es.json")),
    ("debt-defendant", include_str!("../proof/debt-defendant.json"), include_str!("../proof/debt-defendant.es.json")),
    ("debt-plaintiff", include_str!("../proof/debt-plaintiff.json"), include_str!("../proof/debt-plaintiff.es.json")),
    ("custody-visitation", include_str!("../proof/custody-visitation.json"), include_str!("../proof/custody-visitation.es.json")),
    (
        "protective-order-petitioner",
        include_str!("../proof/protective-order-petitioner.json"),
        include_str!("../proof/protective-order-petitioner.es.json"),
    ),
    (
        "protective-order-respondent",
        include_str!("../proof/protective-order-respondent.json"),
        include_str!("../proof/protective-order-respondent.es.json"),
    ),
    ("traffic-misdemeanor", include_str!("../proof/traffic-misdemeanor.json"), include_str!("../proof/traffic-misdemeanor.es.json")),
    ("appeal-district", include_str!("../proof/appeal-district.json"), include_str!("../proof/appeal-district.es.json")),
    ("packet", include_str!("../proof/packet.json"), include_str!("../proof/packet.es.json")),
];

#[test]
fn every_spanish_book_mirrors_its_english_one() {
    let mut problems = Vec::new();
    for (name, en, es) in BOOKS {
        let w = walk_with(en, es, name, DATA_KEYS);
        problems.extend(w.problems);
        assert!(w.texts.len() > 10 && w.data > 10, "{name}: {} texts, {} data", w.texts.len(), w.data);
    }
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn every_english_book_has_its_mirror() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("proof");
    let mut english: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .filter(|name| name.ends_with(".json") && !name.ends_with(".es.json"))
        .collect();
    english.sort();
    let mut named: Vec<String> = BOOKS.iter().map(|(name, _, _)| format!("{name}.json")).collect();
    named.sort();
    assert_eq!(english, named, "every proof/<name>.json needs its proof/<name>.es.json here");
    for name in &english {
        assert!(dir.join(name.replace(".json", ".es.json")).is_file(), "no Spanish mirror of proof/{name}");
    }
    // Every kind the app knows has its book in both languages.
    for kind in proseva_server::paths::kinds() {
        assert!(proof::book_in(kind, Lang::Es).is_some(), "{kind}");
    }
}

fn element<'a>(view: &'a Value, id: &str) -> &'a Value {
    view["elements"].as_array().unwrap().iter().find(|e| e["id"] == id).unwrap_or_else(|| panic!("no element {id}: {view}"))
}

/// The ids, sides, statuses, sections and periods of a view: what is the same in both languages.
fn shape(view: &Value) -> Vec<Value> {
    view["elements"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| json!([e["id"], e["side"], e["status"], e["sections"], e["period"], e["links"].as_array().map_or(0, Vec::len)]))
        .collect()
}

#[tokio::test]
async fn the_proof_routes_answer_in_the_language_asked_for() {
    let (state, _dir) = state();
    let case = create(&state, "/api/cases", json!({"name": "Oak Ridge v. Lan", "kind": "eviction-tenant"})).await["id"].as_i64().unwrap();
    let view_path = format!("/api/cases/{case}/proof");

    // Nothing linked yet: English without a language, Spanish with one.
    let (status, en, lang) = call("GET", &view_path).send_with_header(&state, "content-language").await;
    assert_eq!((status, lang.as_deref()), (200, Some("en")), "{en}");
    let (status, es, lang) = call("GET", &view_path).header("Accept-Language", "es").send_with_header(&state, "content-language").await;
    assert_eq!((status, lang.as_deref()), (200, Some("es")), "{es}");
    let (en_book, es_book) = (proof::book("eviction-tenant").unwrap(), proof::book_in("eviction-tenant", Lang::Es).unwrap());
    assert_eq!(en["title"].as_str(), Some(en_book.title.as_str()));
    assert_eq!(es["title"].as_str(), Some(es_book.title.as_str()));
    assert_eq!(es["claimHeading"], "Lo que el arrendador tiene que probar");
    assert_eq!(es["defenceHeading"], "Sus respuestas");
    assert_eq!(es["kind"], "eviction-tenant");
    assert_eq!(shape(&es), shape(&en));
    assert_eq!(es["counts"], en["counts"]);
    assert!(es["caveat"].as_str().unwrap().contains("el juez pesa las pruebas"), "{es}");
    assert!(en["caveat"].as_str().unwrap().contains("the judge weighs the evidence"), "{en}");
    let notice = element(&es, "pay-or-quit-notice");
    assert_eq!(notice["title"], "Un aviso válido por escrito para pagar o desocupar");
    assert!(notice["plain"].as_str().unwrap().contains("1 de julio de 2026"), "{notice}");
    for e in es["elements"].as_array().unwrap() {
        assert!(e["missing"].as_array().unwrap().iter().all(|m| m.as_str().unwrap().starts_with("Todavía no hay nada")), "{e}");
    }
    for e in en["elements"].as_array().unwrap() {
        assert!(e["missing"].as_array().unwrap().iter().all(|m| m.as_str().unwrap().starts_with("Nothing yet")), "{e}");
    }
    // The dates the notice's check asks for, in Spanish.
    let asks = notice["dates"].as_array().unwrap();
    assert_eq!(asks.len(), 2, "{notice}");
    assert!(asks[0].as_str().unwrap().starts_with("Todavía no está anotada la fecha en que le entregaron el aviso"), "{notice}");
    assert!(element(&en, "pay-or-quit-notice")["dates"][0].as_str().unwrap().starts_with("The date the notice was served"), "{en}");

    // The notice date from the path, the filing from a linked timeline event: the period counted.
    let (status, _) =
        call("PUT", &format!("/api/cases/{case}/path")).json(&json!({"dates": {"noticeDate": "2026-08-03"}})).send(&state).await;
    assert_eq!(status, 200);
    let filed =
        create(&state, "/api/timeline", json!({"caseId": case, "date": "2026-08-13", "title": "Landlord filed the unlawful detainer"}))
            .await["id"]
            .as_i64()
            .unwrap();
    let link = json!({"elementId": "filed-after-notice", "recordKind": "timeline", "recordId": filed, "linked": true, "note": "The summons shows it"});
    let (status, linked, lang) =
        call("PUT", &format!("/api/cases/{case}/proof/links?lang=es")).json(&link).send_with_header(&state, "content-language").await;
    assert_eq!((status, lang.as_deref()), (200, Some("es")), "{linked}");
    let short = element(&linked, "short-notice");
    assert_eq!(
        short["period"],
        json!({"from": "2026-08-03", "to": "2026-08-13", "days": 10, "period": 14, "section": "55.1-1245", "short": true})
    );
    assert_eq!(
        short["dates"],
        json!([
            "Según sus fechas, le entregaron el aviso el 3 de agosto de 2026 y se presentó el caso el 13 de agosto de 2026: 10 días después.",
            "Para esa fecha, el § 55.1-1245 da 14 días, así que se presentó el caso antes de que se cumplieran."
        ])
    );
    // The person's own record stays as they wrote it.
    let filed_link = &element(&linked, "filed-after-notice")["links"][0];
    assert_eq!(
        (filed_link["label"].as_str(), filed_link["note"].as_str()),
        (Some("Landlord filed the unlawful detainer"), Some("The summons shows it"))
    );
    let (_, en_after, _) = call("GET", &view_path).send_with_header(&state, "content-language").await;
    assert_eq!(shape(&linked), shape(&en_after));
    let dates = element(&en_after, "short-notice")["dates"].as_array().unwrap().clone();
    assert!(
        dates[0].as_str().unwrap().contains("August 3, 2026") && dates[1].as_str().unwrap().contains("before they had run out"),
        "{dates:?}"
    );

    // The kind's book, with its sources, in Spanish.
    let (status, kind, lang) = call("GET", "/api/proof/kinds/eviction-tenant")
        .header("Accept-Language", "es-US,es;q=0.9")
        .send_with_header(&state, "content-language")
        .await;
    assert_eq!((status, lang.as_deref()), (200, Some("es")), "{kind}");
    let first = &kind["elements"][0];
    assert_eq!(first["id"], "rental-agreement");
    assert!(first["source"]["label"].as_str().unwrap().starts_with("Código de Virginia § 55.1-1200"), "{first}");
    assert_eq!(first["source"]["url"], "https://law.lis.virginia.gov/vacode/title55.1/chapter12/section55.1-1200/");
    let (_, kind_en, lang) = call("GET", "/api/proof/kinds/eviction-tenant").send_with_header(&state, "content-language").await;
    assert_eq!(lang.as_deref(), Some("en"));
    assert!(kind_en["elements"][0]["source"]["label"].as_str().unwrap().starts_with("Code of Virginia"), "{kind_en}");
    assert_eq!(call("GET", "/api/proof/kinds/eviction-tenant?lang=fr").send(&state).await.0, 400);

    // The hearing packet: Spanish files and words, the person's records as written.
    let (status, written, lang) = call("POST", &format!("/api/cases/{case}/hearing-packet"))
        .header("Accept-Language", "es")
        .json(&json!({}))
        .send_with_header(&state, "content-language")
        .await;
    assert_eq!((status, lang.as_deref()), (200, Some("es")), "{written}");
    let names: Vec<&str> = written["files"].as_array().unwrap().iter().map(|f| f["fileName"].as_str().unwrap()).collect();
    assert_eq!(names, ["Oak Ridge v Lan - paquete para la audiencia.pdf", "Oak Ridge v Lan - paquete para la audiencia.docx"]);
    let today = chrono::NaiveDate::from_ymd_opt(2026, 8, 20).unwrap();
    let gathered = state.store.read(|c| packet::gather_in(c, case, &[], today, Lang::Es)).unwrap();
    assert_eq!(gathered.title, "Paquete para la audiencia: Oak Ridge v. Lan");
    let md = &gathered.markdown;
    for words in [
        "Preparado el 20 de agosto de 2026",
        "## El caso",
        "**Tipo de caso:** Desalojo por alquiler no pagado",
        "## Copias que debe llevar",
        "## Documentos de prueba (0)",
        "## Testigos (0)",
        "## Cronología",
        "- Evento del 2026-08-13: Landlord filed the unlawful detainer — The summons shows it",
        "### Lo que el arrendador tiene que probar",
        "### Sus respuestas",
        "- Falta: Todavía no hay nada",
        "Según sus fechas, le entregaron el aviso el 3 de agosto de 2026",
        "The summons shows it",
        "## Fuentes",
        "Código de Virginia § 55.1-1245",
    ] {
        assert!(md.contains(words), "{words:?} is not in the Spanish packet:\n{md}");
    }
    for english in ["## Exhibits", "## Witnesses", "Missing:", "Hearing packet", "Prepared on", "What the court must find"] {
        assert!(!md.contains(english), "{english:?} is in the Spanish packet:\n{md}");
    }
    let (status, written, lang) =
        call("POST", &format!("/api/cases/{case}/hearing-packet")).json(&json!({})).send_with_header(&state, "content-language").await;
    assert_eq!((status, lang.as_deref()), (200, Some("en")), "{written}");
    assert_eq!(written["files"][0]["fileName"], "Oak Ridge v Lan - hearing packet.pdf");
    let english = state.store.read(|c| packet::gather_in(c, case, &[], today, Lang::En)).unwrap().markdown;
    assert!(english.contains("## Exhibits (0)") && english.contains("Prepared on August 20, 2026"), "{english}");

    // Nothing linked: the warning in Spanish. A case with no kind: the message in Spanish.
    let bare = create(&state, "/api/cases", json!({"name": "Deuda", "kind": "debt-defendant"})).await["id"].as_i64().unwrap();
    let (status, written) = call("POST", &format!("/api/cases/{bare}/hearing-packet?lang=es")).json(&json!({})).send(&state).await;
    assert_eq!(status, 200, "{written}");
    assert!(written["warnings"][0].as_str().unwrap().starts_with("Todavía no hay nada vinculado"), "{written}");
    let kindless = create(&state, "/api/cases", json!({"name": "Sin tipo"})).await["id"].as_i64().unwrap();
    let (status, view) = call("GET", &format!("/api/cases/{kindless}/proof?lang=es")).send(&state).await;
    assert_eq!(status, 200, "{view}");
    assert!(view["message"].as_str().unwrap().contains("(Caso → Paso a paso)"), "{view}");
    assert!(view["caveat"].as_str().unwrap().starts_with("Esto muestra"), "{view}");
}
