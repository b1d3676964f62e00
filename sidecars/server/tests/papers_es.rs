//! The papers in Spanish (issue 44): the catalogue's Spanish mirror `papers/papers.es.json` against
//! its English original, and over HTTP the papers answered in the request's language, the Spanish
//! explanation beside each part of a built paper, and the Spanish reader's copy (PDF, Word) with
//! its banner on every page — never in the paper filed, which stays English.
//!
//! The mirror check is the shared one (`mirror/mod.rs`: the same shape, the same data, every text
//! translated, the same figures) with this catalogue's data keys, and the placeholders (`{name}`,
//! `[firstRequest]`) of each text the same in both.

mod common;
#[path = "mirror/mod.rs"]
mod mirror;

use std::collections::BTreeSet;

use common::{call, create, error_of, state};
use mirror::walk_with;
use proseva_citation::lang::fold;
use proseva_server::AppState;
use proseva_server::lang::Lang;
use proseva_server::papers::{self, catalogue_in};
use serde_json::{Value, json};

const PAPERS_EN: &str = include_str!("../papers/papers.json");
const PAPERS_ES: &str = include_str!("../papers/papers.es.json");
const GLOSSARY: &str = include_str!("../lang/glossary-es.json");

/// The keys whose values are ids, keys and references the code reads, never words.
const DATA_KEYS: &[&str] = &[
    "id",
    "checkedOn",
    "url",
    "confirmed",
    "layout",
    "caseKinds",
    "name",
    "kind",
    "required",
    "value",
    "certificate",
    "sections",
    "source",
    "days",
    "from",
    "section",
];

const BANNER: &str = "COPIA EN ESPAÑOL — NO ES PARA PRESENTAR EN EL TRIBUNAL. Presente solo el original en inglés.";

/// The placeholders of a text: `{name}` and a leading `[flag]`.
fn placeholders(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let mut rest = text;
    while let Some(open) = rest.find('{') {
        let Some(len) = rest[open..].find('}') else { break };
        out.insert(rest[open..=open + len].to_string());
        rest = &rest[open + len + 1..];
    }
    if let Some(flag) = text.strip_prefix('[').and_then(|t| t.split_once(']')).map(|(f, _)| f) {
        out.insert(format!("[{flag}]"));
    }
    out
}

/// A text with its placeholders taken out has words of its own.
fn has_own_words(text: &str) -> bool {
    let mut bare = text.to_string();
    for p in placeholders(text) {
        bare = bare.replace(&p, "");
    }
    bare.chars().any(char::is_alphabetic)
}

#[test]
fn the_spanish_catalogue_mirrors_the_english_one() {
    let w = walk_with(PAPERS_EN, PAPERS_ES, "papers", DATA_KEYS);
    // A text that is only placeholders ("{reason}") is the same in both.
    let pairs = &w.texts;
    let problems: Vec<&String> = w
        .problems
        .iter()
        .filter(|p| {
            !(p.contains(": untranslated: ") && pairs.iter().any(|t| p.starts_with(&format!("{}: ", t.place)) && !has_own_words(&t.en)))
        })
        .collect();
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.iter().map(|p| p.as_str()).collect::<Vec<_>>().join("\n"));
    assert!(w.texts.len() > 150 && w.data > 150, "{} texts, {} data", w.texts.len(), w.data);
    for pair in &w.texts {
        assert_eq!(
            placeholders(&pair.en),
            placeholders(&pair.es),
            "{}: the placeholders differ\n    EN: {}\n    ES: {}",
            pair.place,
            pair.en,
            pair.es
        );
    }
    // The checker itself: a changed placeholder and a wrong datum are caught.
    let en = r#"{"id": "a", "opening": "{Role} {name} asks", "layout": "pleading"}"#;
    let es = r#"{"id": "a", "opening": "{name} pide", "layout": "letter"}"#;
    let w = walk_with(en, es, "t", DATA_KEYS);
    assert!(w.problems.iter().any(|p| p.starts_with("t.layout: data")), "{:?}", w.problems);
    assert_ne!(placeholders(&w.texts[0].en), placeholders(&w.texts[0].es));
}

#[test]
fn the_spanish_catalogue_loads_with_the_same_papers_fields_choices_and_sources() {
    let (en, es) = (catalogue_in(Lang::En), catalogue_in(Lang::Es));
    assert_eq!(en.kinds.len(), es.kinds.len());
    assert_eq!(en.sources.keys().collect::<Vec<_>>(), es.sources.keys().collect::<Vec<_>>());
    for (a, b) in en.kinds.iter().zip(&es.kinds) {
        assert_eq!(
            (&a.id, a.layout, &a.case_kinds, &a.sections, a.certificate),
            (&b.id, b.layout, &b.case_kinds, &b.sections, b.certificate)
        );
        assert_ne!(a.title, b.title, "{}", a.id);
        assert_ne!(a.heading, b.heading, "{}", a.id);
        let fields = |k: &papers::PaperKind| {
            k.fields
                .iter()
                .map(|f| (f.name.clone(), f.kind.clone(), f.required, f.options.iter().map(|o| o.value.clone()).collect::<Vec<_>>()))
                .collect::<Vec<_>>()
        };
        assert_eq!(fields(a), fields(b), "{}", a.id);
        let choices = |k: &papers::PaperKind| {
            k.choice_text.iter().map(|(n, t)| (n.clone(), t.keys().cloned().collect::<Vec<_>>())).collect::<Vec<_>>()
        };
        assert_eq!(choices(a), choices(b), "{}", a.id);
        assert_eq!(a.paragraphs.len(), b.paragraphs.len(), "{}", a.id);
        assert_eq!(
            a.deadline.as_ref().map(|d| (d.days, d.from.clone())),
            b.deadline.as_ref().map(|d| (d.days, d.from.clone())),
            "{}",
            a.id
        );
    }
    let ids = |c: &papers::Catalogue| c.explain.parts.iter().map(|p| p.id.clone()).collect::<Vec<_>>();
    assert_eq!(ids(en), ids(es));
    // Every part the explanation names has its purpose.
    for part in ["court", "caption", "heading", "opening", "paragraph", "closing", "signature", "certificate"].into_iter().chain([
        "sender",
        "letterDate",
        "recipient",
        "subject",
        "salutation",
        "body",
        "letterClosing",
        "letterSignature",
    ]) {
        assert!(!es.explain.purpose(part).is_empty() && es.explain.purpose(part) != en.explain.purpose(part), "{part}");
    }
}

/// The court words of the papers, as the glossary says them: where the English says the term, the
/// Spanish never uses a form the glossary says to avoid.
#[test]
fn the_spanish_court_words_are_the_glossary_s() {
    let glossary: Value = serde_json::from_str(GLOSSARY).unwrap();
    // (the glossary's `en`, the English words that say it)
    const TERMS: &[(&str, &[&str])] = &[
        ("court (generic)", &["court"]),
        ("General District Court", &["general district court"]),
        ("Juvenile and Domestic Relations District Court", &["j&dr"]),
        ("clerk (court clerk)", &["clerk"]),
        ("attorney / lawyer", &["lawyer", "attorney"]),
        ("plaintiff", &["plaintiff"]),
        ("petitioner", &["petitioner"]),
        ("hearing", &["hearing"]),
        ("continuance", &["continuance", "continue"]),
        ("motion", &["motion"]),
        ("order (court order)", &["order"]),
        ("judgment (civil decision)", &["judgment"]),
        ("default judgment", &["default judgment"]),
        ("appeal", &["appeal"]),
        ("new trial (appeal heard anew, de novo)", &["new trial"]),
        ("certificate of service / proof of service", &["certificate of service"]),
        ("case number", &["case number"]),
        ("protective order", &["protective order"]),
        ("conviction", &["conviction"]),
        ("misdemeanor", &["misdemeanor"]),
        ("file / filing (papers with the court)", &["file", "filed"]),
        ("Commonwealth's Attorney (prosecutor)", &["prosecutor"]),
    ];
    /// (the glossary's `en`, the place): where an avoided form is right, and why.
    const ALLOWED: &[(&str, &str, &str)] = &[(
        "motion",
        "papers.notOffered[1].why",
        "\"by petition … not by a typed motion\": a petition (petición) is what the J&DR intake office takes",
    )];
    let terms = glossary["terms"].as_array().unwrap();
    // The glossary's own forms are taken out first ("Corte Suprema de Virginia" is its name for the
    // Supreme Court; "juicio nuevo" is a new trial, not a judgment), longest first.
    let mut chosen: Vec<String> = terms.iter().filter_map(|t| t["es"].as_str()).map(fold).collect();
    chosen.sort_by_key(|c| std::cmp::Reverse(c.len()));
    let word = |text: &str, w: &str| {
        text.match_indices(w).any(|(at, _)| {
            !text[..at].chars().next_back().is_some_and(char::is_alphanumeric)
                && !text[at + w.len()..].chars().next().is_some_and(char::is_alphanumeric)
        })
    };
    let mut problems = Vec::new();
    for pair in walk_with(PAPERS_EN, PAPERS_ES, "papers", DATA_KEYS).texts {
        let en = pair.en.to_lowercase();
        let mut es = fold(&pair.es);
        for form in &chosen {
            es = es.replace(form.as_str(), " ");
        }
        for (key, english) in TERMS {
            if ALLOWED.iter().any(|(k, place, _)| k == key && *place == pair.place) {
                continue;
            }
            let term = terms.iter().find(|t| t["en"] == *key).unwrap_or_else(|| panic!("no glossary term {key:?}"));
            if !english.iter().any(|e| word(&en, e)) {
                continue;
            }
            for avoid in term["avoid"].as_array().unwrap().iter().filter_map(Value::as_str) {
                if word(&es, &fold(avoid)) {
                    problems.push(format!(
                        "{}: says {avoid:?} for {key:?}; the glossary says {:?}\n    ES: {}",
                        pair.place, term["es"], pair.es
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

// -------------------------------------------------------------------------------------------------
// Over HTTP.

const ME: &str = "Nguyễn Thị Lan";
const THEM: &str = "Oak Ridge Apartments, LLC";

async fn new_case(state: &AppState, kind: &str) -> i64 {
    let court = match kind {
        "custody-visitation" | "protective-order-petitioner" | "protective-order-respondent" => {
            "Juvenile and Domestic Relations District Court of the City of Richmond"
        }
        "appeal-district" => "Circuit Court of the City of Richmond",
        _ => "General District Court of the City of Richmond",
    };
    let case = create(
        state,
        "/api/cases",
        json!({
            "name": format!("Spanish papers ({kind})"),
            "kind": kind,
            "court": court,
            "caseNumber": "GV26-001234",
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

/// Every field a paper asks for: dates, the first option, words of the person's own.
fn fields_for(kind: &Value) -> Value {
    let mut fields = json!({
        "address": "12 Oak Ridge Ct., Apt. 4\nRichmond, VA 23220",
        "phone": "(804) 555-0142",
        "email": "lan@example.org",
        "serviceMethod": "mail",
        "serviceDate": "2026-12-01",
        "date": "2026-12-01",
    });
    for f in kind["fields"].as_array().unwrap() {
        let name = f["name"].as_str().unwrap();
        fields[name] = match f["kind"].as_str().unwrap() {
            "date" => json!("2026-12-03"),
            "choice" => f["options"][0]["value"].clone(),
            "checkbox" => json!(true),
            _ => json!(format!("The {name}, in my own words.")),
        };
    }
    fields
}

async fn get(state: &AppState, path: &str, accept_language: Option<&str>) -> (u16, Value, Option<String>) {
    let mut request = call("GET", path);
    if let Some(lang) = accept_language {
        request = request.header("accept-language", lang);
    }
    request.send_with_header(state, "content-language").await
}

async fn build(state: &AppState, kind: &Value, case_id: i64, fields: Value) -> Value {
    let (status, built) =
        call("POST", "/api/papers").json(&json!({"paper": kind["id"], "caseId": case_id, "fields": fields})).send(state).await;
    assert_eq!(status, 201, "{}: {built}", kind["id"]);
    built
}

#[tokio::test]
async fn the_papers_answer_in_the_language_asked_for_and_the_paper_stays_english() {
    let (state, _dir) = state();
    let (status, en, lang) = get(&state, "/api/papers/kinds?caseKind=eviction-tenant", None).await;
    assert_eq!((status, lang.as_deref()), (200, Some("en")), "{en}");
    let (status, es, lang) = get(&state, "/api/papers/kinds?caseKind=eviction-tenant", Some("es-US,es;q=0.9")).await;
    assert_eq!((status, lang.as_deref()), (200, Some("es")), "{es}");
    let ids = |v: &Value| v.as_array().unwrap().iter().map(|k| k["id"].clone()).collect::<Vec<_>>();
    assert_eq!(ids(&en), ids(&es));
    assert_eq!(es[0]["title"], "Moción de aplazamiento (pasar la audiencia a otro día)");
    assert_eq!(es[0]["fields"][0]["name"], "hearingDate");
    assert_eq!(es[0]["fields"][0]["label"], "La fecha de la audiencia que quiere cambiar");
    assert_eq!(
        es[0]["requiredParts"][3]["source"],
        "Código de Virginia § 8.01-271.1 (A): una parte sin abogado firma cada escrito, moción u otro papel y da su dirección"
    );
    assert_eq!(es[0]["requiredParts"][3]["url"], en[0]["requiredParts"][3]["url"]);
    let (_, forced, lang) = get(&state, "/api/papers/kinds?lang=en", Some("es")).await;
    assert_eq!((forced[0]["title"].clone(), lang.as_deref()), (en[0]["title"].clone(), Some("en")));
    let (status, refused, _) = get(&state, "/api/papers/kinds?lang=fr", None).await;
    assert_eq!(status, 400);
    assert!(error_of(&refused, "invalid_input")["fields"]["lang"].is_string(), "{refused}");

    // Built in Spanish: when to file it in Spanish, the paper itself in English.
    let case_id = new_case(&state, "eviction-tenant").await;
    let kind = &en[0];
    let (status, proposed, lang) =
        get(&state, &format!("/api/papers/proposed?caseId={case_id}&paper=motion-to-continue&lang=es"), None).await;
    assert_eq!((status, lang.as_deref()), (200, Some("es")), "{proposed}");
    assert_eq!(proposed["from"]["name"], "las partes del caso (usted)");
    let (status, built, lang) = call("POST", "/api/papers")
        .header("accept-language", "es")
        .json(&json!({"paper": "motion-to-continue", "caseId": case_id, "fields": fields_for(kind)}))
        .send_with_header(&state, "content-language")
        .await;
    assert_eq!((status, lang.as_deref()), (201, Some("es")), "{built}");
    assert!(built["when"].as_str().unwrap().starts_with("Preséntela en cuanto sepa"), "{}", built["when"]);
    assert_eq!(built["paper"]["heading"], "MOTION TO CONTINUE");
    assert!(built["paper"]["opening"].as_str().unwrap().starts_with(&format!("Defendant {ME}, appearing without a lawyer")));

    // What to look at before filing, in Spanish: a case with no court, no number, no other side,
    // and a motion for a new trial too late.
    let bare =
        create(&state, "/api/cases", json!({"name": "Sin datos", "kind": "debt-defendant", "parties": [{"name": ME, "role": "me"}]})).await;
    let fields =
        json!({"address": "12 Oak Ridge Ct.", "judgmentDate": "2024-01-10", "reason": "Nunca recibí el aviso.", "serviceMethod": "mail"});
    let (status, built, _) = call("POST", "/api/papers?lang=es")
        .json(&json!({"paper": "motion-for-new-trial", "caseId": bare["id"], "fields": fields}))
        .send_with_header(&state, "content-language")
        .await;
    assert_eq!(status, 201, "{built}");
    let warnings: Vec<&str> = built["warnings"].as_array().unwrap().iter().map(|w| w.as_str().unwrap()).collect();
    assert_eq!(warnings.len(), 5, "{warnings:#?}");
    assert!(warnings[0].starts_with("El caso no dice cuál es su tribunal"), "{warnings:#?}");
    assert!(warnings.iter().any(|w| w.starts_with("El caso todavía no tiene número de caso")), "{warnings:#?}");
    assert!(warnings.iter().any(|w| w.starts_with("El caso no nombra a la otra parte")), "{warnings:#?}");
    assert!(warnings.iter().any(|w| w.starts_with("El certificado de notificación deja una línea")), "{warnings:#?}");
    let late = warnings.iter().find(|w| w.starts_with("Puede que ya haya pasado el plazo")).unwrap();
    assert!(late.contains("§ 16.1-97.1") && late.contains("el 9 de febrero de 2024 (contando desde el 10 de enero de 2024)"), "{late}");
    assert!(built["paper"]["paragraphs"][0].as_str().unwrap().starts_with("On January 10, 2024 the Court entered judgment"));
}

#[tokio::test]
async fn every_paper_is_explained_part_by_part_in_spanish() {
    let (state, _dir) = state();
    let (_, kinds, _) = get(&state, "/api/papers/kinds", None).await;
    for kind in kinds.as_array().unwrap() {
        let id = kind["id"].as_str().unwrap();
        let case_id = new_case(&state, kind["caseKinds"][0].as_str().unwrap()).await;
        let built = build(&state, kind, case_id, fields_for(kind)).await;
        let draft = built["draft"]["id"].as_i64().unwrap();
        let (status, explained, lang) = get(&state, &format!("/api/papers/{draft}/explained"), Some("es")).await;
        assert_eq!((status, lang.as_deref()), (200, Some("es")), "{id}: {explained}");
        assert_eq!((explained["draftId"].as_i64(), explained["paper"].as_str()), (Some(draft), Some(id)));
        assert_eq!(explained["title"], papers::kind_in(id, Lang::Es).unwrap().title.as_str());
        assert!(explained["notForFiling"].as_str().unwrap().contains("solo el original en inglés"), "{explained}");
        let parts = explained["parts"].as_array().unwrap();
        let names: Vec<&str> = parts.iter().map(|p| p["part"].as_str().unwrap()).collect();
        let expected_start: &[&str] = if kind["layout"] == "pleading" {
            &["court", "caption", "heading"]
        } else {
            &["sender", "letterDate", "recipient", "subject", "salutation"]
        };
        assert!(names.starts_with(expected_start), "{id}: {names:?}");
        let paper = &built["paper"];
        let paragraphs = paper["paragraphs"].as_array().unwrap();
        let numbered = parts.iter().filter(|p| p["part"] == "paragraph" || p["part"] == "body").count();
        assert_eq!(numbered, paragraphs.len(), "{id}: one part per paragraph");
        // The person's own words, as `fields_for` writes them.
        let own_words: Vec<String> = kind["fields"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["kind"] == "text")
            .map(|f| format!("The {}, in my own words.", f["name"].as_str().unwrap()))
            .collect();
        for part in parts {
            let (english, spanish) = (part["english"].as_str().unwrap(), part["spanish"].as_str().unwrap());
            assert!(!part["purpose"].as_str().unwrap().is_empty(), "{id}: {part}");
            // Only the person's own words are kept as written, and they are the same in both.
            let own = own_words.iter().any(|w| w == english);
            assert_eq!(part["asWritten"], own, "{id}: {part}");
            if own {
                assert_eq!(english, spanish, "{id}: {part}");
            } else if part["part"] != "sender" && part["part"] != "recipient" {
                assert_ne!(english, spanish, "{id}: {part}");
            }
            // Dates the Spanish way; no English left of the paper's own wording.
            assert!(
                !spanish.contains("December") && !spanish.contains("WHEREFORE") && !spanish.contains("without a lawyer"),
                "{id}: {part}"
            );
            if part["part"] != "recipient" {
                assert!(!spanish.contains("Court ") && !spanish.contains("I certify"), "{id}: {part}");
            }
        }
        let spanish_of = |name: &str| parts.iter().find(|p| p["part"] == name).map(|p| p["spanish"].as_str().unwrap().to_string());
        if kind["layout"] == "pleading" {
            let heading = spanish_of("heading").unwrap();
            assert_eq!(heading, papers::kind_in(id, Lang::Es).unwrap().heading, "{id}");
            let court = spanish_of("court").unwrap();
            assert!(court.starts_with("VIRGINIA:\nEN EL TRIBUNAL") && court.ends_with("DE LA CIUDAD DE RICHMOND"), "{id}: {court}");
            let caption = spanish_of("caption").unwrap();
            assert!(
                caption.contains("contra") && caption.contains("Número de caso: GV26-001234") && caption.contains(ME),
                "{id}: {caption}"
            );
            let signature = spanish_of("signature").unwrap();
            assert!(signature.contains("sin abogado") && signature.contains("Teléfono: (804) 555-0142"), "{id}: {signature}");
            assert!(signature.contains("Fecha: 1 de diciembre de 2026"), "{id}: {signature}");
        } else {
            assert_eq!(spanish_of("letterDate").unwrap(), "1 de diciembre de 2026");
            assert!(spanish_of("subject").unwrap().starts_with("Asunto: Solicitud de una copia de una orden judicial — "), "{id}");
            assert!(spanish_of("subject").unwrap().ends_with("número de caso GV26-001234"), "{id}: {:?}", spanish_of("subject"));
        }
        if let Some(opening) = spanish_of("opening") {
            assert!(opening.starts_with(&format!("{ME} (parte")), "{id}: {opening}");
            assert!(opening.contains("sin abogado"), "{id}: {opening}");
        }
        if let Some(certificate) = spanish_of("certificate") {
            assert!(
                certificate.starts_with("CERTIFICADO DE NOTIFICACIÓN\nCertifico que el 1 de diciembre de 2026 mandé una copia"),
                "{id}: {certificate}"
            );
        }
        // Every date of the paper is said the Spanish way somewhere.
        if kind["fields"].as_array().unwrap().iter().any(|f| f["kind"] == "date") {
            assert!(parts.iter().any(|p| p["spanish"].as_str().unwrap().contains("3 de diciembre de 2026")), "{id}: {explained}");
        }
        // In English: the same Spanish, the purposes and notes in English.
        let (status, in_english, lang) = get(&state, &format!("/api/papers/{draft}/explained?lang=en"), Some("es")).await;
        assert_eq!((status, lang.as_deref()), (200, Some("en")));
        assert_eq!(
            in_english["parts"].as_array().unwrap().iter().map(|p| p["spanish"].clone()).collect::<Vec<_>>(),
            parts.iter().map(|p| p["spanish"].clone()).collect::<Vec<_>>()
        );
        assert_ne!(in_english["parts"][0]["purpose"], parts[0]["purpose"]);
        assert_eq!(in_english["title"], kind["title"]);
    }
}

#[tokio::test]
async fn a_paragraph_the_person_wrote_is_shown_as_written_and_the_rest_still_in_spanish() {
    let (state, _dir) = state();
    let (_, kinds, _) = get(&state, "/api/papers/kinds?caseKind=debt-defendant", None).await;
    let kind = kinds.as_array().unwrap().iter().find(|k| k["id"] == "set-aside-default-judgment").unwrap().clone();
    let case_id = new_case(&state, "debt-defendant").await;
    let mut fields = fields_for(&kind);
    fields["ground"] = json!("void");
    let built = build(&state, &kind, case_id, fields.clone()).await;
    let mut paragraphs: Vec<Value> = built["paper"]["paragraphs"].as_array().unwrap().clone();
    paragraphs.insert(2, json!("I never lived at the address on the summons."));
    fields["paragraphs"] = Value::Array(paragraphs);
    fields["closing"] = json!("WHEREFORE, I ask the Court to set aside the judgment.");
    let (status, revised) = call("POST", "/api/papers")
        .json(&json!({"paper": "set-aside-default-judgment", "caseId": case_id, "fields": fields, "draftId": built["draft"]["id"]}))
        .send(&state)
        .await;
    assert_eq!(status, 201, "{revised}");
    let draft = revised["draft"]["id"].as_i64().unwrap();
    assert_eq!(revised["draft"]["version"], 2);
    let (_, explained, _) = get(&state, &format!("/api/papers/{draft}/explained?lang=es"), None).await;
    let paragraphs: Vec<&Value> = explained["parts"].as_array().unwrap().iter().filter(|p| p["part"] == "paragraph").collect();
    let said: Vec<(&str, bool)> = paragraphs.iter().map(|p| (p["spanish"].as_str().unwrap(), p["asWritten"].as_bool().unwrap())).collect();
    assert_eq!(
        said,
        [
            ("El 3 de diciembre de 2026 el Tribunal dictó un fallo en rebeldía en este caso.", false),
            ("El fallo es nulo.", false),
            ("I never lived at the address on the summons.", true),
            ("The facts, in my own words.", true),
        ]
    );
    assert_eq!(paragraphs[2]["number"], 3);
    let closing = explained["parts"].as_array().unwrap().iter().find(|p| p["part"] == "closing").unwrap();
    assert_eq!(
        (closing["spanish"].as_str(), closing["asWritten"].as_bool()),
        (Some("WHEREFORE, I ask the Court to set aside the judgment."), Some(true))
    );
    assert!(explained["asWritten"].as_str().unwrap().contains("como usted las escribió"));
    // Version 1 is explained as it was.
    let (status, first, _) = get(&state, &format!("/api/papers/{draft}/explained?version=1&lang=es"), None).await;
    assert_eq!(status, 200, "{first}");
    assert_eq!(first["version"], 1);
    assert!(
        first["parts"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|p| p["part"] == "paragraph")
            .all(|p| p["spanish"] != "I never lived at the address on the summons.")
    );
}

#[tokio::test]
async fn only_a_paper_is_explained_or_copied() {
    let (state, _dir) = state();
    let (status, body, _) = get(&state, "/api/papers/999/explained", None).await;
    assert_eq!(status, 404, "{body}");
    error_of(&body, "not_found");
    let (status, _) = call("GET", "/api/papers/999/spanish-copy?format=pdf").send_raw(&state).await;
    assert_eq!(status, 404);
    let (status, _, _) = get(&state, "/api/papers/abc/explained", None).await;
    assert_eq!(status, 404);
    let note =
        create(&state, "/api/drafts", json!({"title": "Letter", "kind": "markdown", "content": "Dear clerk,\n\nPlease help."})).await;
    let id = note["id"].as_i64().unwrap();
    let (status, body, _) = get(&state, &format!("/api/papers/{id}/explained"), Some("es")).await;
    assert_eq!(status, 404, "{body}");
    assert!(error_of(&body, "not_found")["message"].as_str().unwrap().contains("not a paper"), "{body}");
    let (status, _) = call("GET", &format!("/api/papers/{id}/spanish-copy?format=docx")).send_raw(&state).await;
    assert_eq!(status, 404);
    // A paper's version that does not exist.
    let case_id = new_case(&state, "eviction-tenant").await;
    let (_, kinds, _) = get(&state, "/api/papers/kinds?caseKind=eviction-tenant", None).await;
    let built = build(&state, &kinds[0], case_id, fields_for(&kinds[0])).await;
    let draft = built["draft"]["id"].as_i64().unwrap();
    let (status, body, _) = get(&state, &format!("/api/papers/{draft}/explained?version=7"), None).await;
    assert_eq!(status, 404, "{body}");
    // A format the copy is not made in, or none, or an unknown parameter.
    for query in ["format=md", "", "format=pdf&color=red"] {
        let (status, body) = call("GET", &format!("/api/papers/{draft}/spanish-copy?{query}")).send(&state).await;
        assert_eq!(status, 400, "{query}: {body}");
    }
}

fn squeezed(text: &str) -> String {
    text.split_whitespace().collect()
}

fn docx_part(bytes: &[u8], name: &str) -> String {
    let mut zip = zip::ZipArchive::new(std::io::Cursor::new(bytes)).unwrap();
    let mut text = String::new();
    std::io::Read::read_to_string(&mut zip.by_name(name).unwrap(), &mut text).unwrap();
    text
}

#[tokio::test]
async fn the_spanish_copy_says_on_every_page_it_is_not_for_filing_and_the_filed_paper_never_does() {
    let (state, _dir) = state();
    let (_, kinds, _) = get(&state, "/api/papers/kinds?caseKind=eviction-tenant", None).await;
    let kind = &kinds[0];
    let case_id = new_case(&state, "eviction-tenant").await;
    let mut fields = fields_for(kind);
    // Long enough for several pages.
    fields["reason"] = json!("I will be in the hospital that day, and my discharge papers are attached. ".repeat(60));
    let built = build(&state, kind, case_id, fields).await;
    let draft = built["draft"]["id"].as_i64().unwrap();
    let version = built["draft"]["version"].as_i64().unwrap();

    let (status, pdf) = call("GET", &format!("/api/papers/{draft}/spanish-copy?format=pdf")).send_raw(&state).await;
    assert_eq!(status, 200);
    assert!(pdf.starts_with(b"%PDF"));
    let pages = pdf_extract::extract_text_from_mem_by_pages(&pdf).unwrap();
    assert!(pages.len() >= 2, "{} pages", pages.len());
    for (i, page) in pages.iter().enumerate() {
        assert!(squeezed(page).contains(&squeezed(BANNER)), "page {} of the Spanish copy lacks the banner:\n{page}", i + 1);
        assert!(squeezed(page).contains(&squeezed(&format!("Página {} de {}", i + 1, pages.len()))), "page {}", i + 1);
    }
    let all = squeezed(&pages.concat());
    assert!(
        all.contains(&squeezed("MOCIÓN DE APLAZAMIENTO"))
            && all.contains(&squeezed("Este caso tiene una audiencia fijada para el 3 de diciembre de 2026."))
    );
    assert!(all.contains(&squeezed(ME)) && all.contains(&squeezed("POR LO TANTO, pido al Tribunal")));

    let (status, docx) = call("GET", &format!("/api/papers/{draft}/spanish-copy?format=docx&version={version}")).send_raw(&state).await;
    assert_eq!(status, 200);
    let header = docx_part(&docx, "word/header1.xml");
    assert!(header.contains(BANNER), "{header}");
    let document = docx_part(&docx, "word/document.xml");
    assert!(document.contains("headerReference") && document.contains(BANNER) && document.contains("MOCIÓN DE APLAZAMIENTO"));
    // The server's own reader sees the banner and the Spanish.
    let read = proseva_server::extract::extract("copia.docx", &docx).unwrap();
    let text = read.pages.into_iter().flatten().collect::<Vec<_>>().join("\n");
    assert!(text.contains("NO ES PARA PRESENTAR"), "{text}");

    // The file names say so.
    let (_, _, disposition) =
        call("GET", &format!("/api/papers/{draft}/spanish-copy?format=pdf")).send_with_header(&state, "content-disposition").await;
    let disposition = disposition.unwrap();
    assert!(disposition.ends_with(&format!("-v{version}-es-no-presentar.pdf\"")), "{disposition}");
    let (_, _, disposition) =
        call("GET", &format!("/api/papers/{draft}/spanish-copy?format=docx")).send_with_header(&state, "content-disposition").await;
    assert!(disposition.unwrap().ends_with("-es-no-presentar.docx\""));

    // The paper to file, as Word, PDF and Markdown: English only, no banner, no Spanish.
    for format in ["pdf", "docx", "md"] {
        let (status, bytes) = call("GET", &format!("/api/drafts/{draft}/export?format={format}")).send_raw(&state).await;
        assert_eq!(status, 200, "{format}");
        let text = match format {
            "pdf" => pdf_extract::extract_text_from_mem(&bytes).unwrap(),
            "docx" => docx_part(&bytes, "word/document.xml"),
            _ => String::from_utf8(bytes).unwrap(),
        };
        let flat = squeezed(&text);
        assert!(flat.contains("MOTIONTOCONTINUE"), "{format}: the English paper\n{text}");
        for spanish in ["NOESPARAPRESENTAR", "COPIAENESPAÑOL", "MOCIÓN", "Tribunal", "audiencia"] {
            assert!(!flat.contains(spanish), "{format}: the paper to file says {spanish:?}\n{text}");
        }
    }
}
