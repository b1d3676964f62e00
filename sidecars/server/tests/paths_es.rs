//! The Spanish paths and deadline rules (issue 44): the mirrors `paths/paths.es.json` and
//! `rules/deadlines.es.json` against their English originals, the court words against the
//! glossary (`lang/glossary-es.json`), and the server answering in Spanish over HTTP.
//!
//! The mirror checks are `lang/check_mirror.py`'s, in Rust: the same shape (keys in the same
//! order, arrays of the same length), the same data (ids, keys, sections, rule ids, citations,
//! days, dates), every text translated (unless it has no letters) and stating the same figures
//! ([`proseva_citation::same_figures::differ`]).

mod common;
#[path = "mirror/mod.rs"]
mod mirror;

use std::collections::BTreeSet;

use common::{TOKEN, client, start_server};
use mirror::{TextPair, walk};
use proseva_citation::lang::fold;
use proseva_server::deadline_rules::{rule_book, rule_book_in};
use proseva_server::lang::Lang;
use proseva_server::paths::{self, Court, book, book_in};
use serde_json::{Value, json};

const PATHS_EN: &str = include_str!("../paths/paths.json");
const PATHS_ES: &str = include_str!("../paths/paths.es.json");
const RULES_EN: &str = include_str!("../rules/deadlines.json");
const RULES_ES: &str = include_str!("../rules/deadlines.es.json");
const GLOSSARY: &str = include_str!("../lang/glossary-es.json");

/// Every text pair of both mirrors, with its place.
fn all_texts() -> Vec<TextPair> {
    let mut texts = walk(PATHS_EN, PATHS_ES, "paths").texts;
    texts.extend(walk(RULES_EN, RULES_ES, "rules").texts);
    texts
}

#[test]
fn the_walk_finds_what_check_mirror_py_finds() {
    let en = r#"{"id": "a", "title": "Go to court on July 1, 2026", "days": 10, "court": "general-district", "steps": [{"id": "s", "what": "10 days"}]}"#;
    assert!(walk(en, r#"{"id": "a", "title": "Vaya al tribunal el 1 de julio de 2026", "days": 10, "court": "general-district", "steps": [{"id": "s", "what": "10 días"}]}"#, "t").problems.is_empty());
    let problems = |es: &str| walk(en, es, "t").problems;
    // Keys in another order, a changed datum, a changed figure, an untranslated text, a shorter array.
    assert!(problems(r#"{"title": "x", "id": "a", "days": 10, "court": "general-district", "steps": []}"#)[0].contains("structure: keys"));
    let p = problems(
        r#"{"id": "b", "title": "Vaya al tribunal el 2 de julio de 2026", "days": 11, "court": "circuit", "steps": [{"id": "s", "what": "10 days"}]}"#,
    );
    assert!(p.iter().any(|p| p.starts_with("t.id: data")), "{p:?}");
    assert!(p.iter().any(|p| p.starts_with("t.days: data")), "{p:?}");
    assert!(p.iter().any(|p| p.starts_with("t.court: data")), "{p:?}");
    assert!(p.iter().any(|p| p.starts_with("t.title: figures")), "{p:?}");
    assert!(p.iter().any(|p| p.starts_with("t.steps[s].what: untranslated")), "{p:?}");
    assert!(
        problems(r#"{"id": "a", "title": "x", "days": "10", "court": "general-district", "steps": []}"#)
            .iter()
            .any(|p| p.contains("structure: number"))
    );
    assert!(
        problems(r#"{"id": "a", "title": "Vaya el 1 de julio de 2026", "days": 10, "court": "general-district", "steps": []}"#)
            .iter()
            .any(|p| p.contains("1 items in English, 0"))
    );
}

#[test]
fn the_spanish_paths_mirror_the_english_ones() {
    let w = walk(PATHS_EN, PATHS_ES, "paths");
    assert!(w.problems.is_empty(), "{} problem(s):\n{}", w.problems.len(), w.problems.join("\n"));
    assert!(w.texts.len() > 300 && w.data > 250, "{} texts, {} data", w.texts.len(), w.data);
}

#[test]
fn the_spanish_deadline_rules_mirror_the_english_ones() {
    let w = walk(RULES_EN, RULES_ES, "rules");
    assert!(w.problems.is_empty(), "{} problem(s):\n{}", w.problems.len(), w.problems.join("\n"));
    assert!(w.texts.len() > 60 && w.data > 80, "{} texts, {} data", w.texts.len(), w.data);
}

#[test]
fn the_spanish_books_load_with_the_same_ids_keys_sections_rules_and_dates_in_order() {
    let (en, es) = (book(), book_in(Lang::Es));
    assert_eq!(es.kinds.len(), en.kinds.len());
    for (a, b) in en.kinds.iter().zip(&es.kinds) {
        assert_eq!(a.id, b.id);
        assert_ne!(a.title, b.title, "{}", a.id);
        let dates = |p: &paths::Path| p.dates.iter().map(|d| (d.key.clone(), d.court)).collect::<Vec<_>>();
        assert_eq!(dates(a), dates(b), "{}", a.id);
        let steps = |p: &paths::Path| {
            p.steps.iter().map(|s| (s.id.clone(), s.on.clone(), s.deadline.clone(), s.sections.clone())).collect::<Vec<_>>()
        };
        assert_eq!(steps(a), steps(b), "{}", a.id);
    }
    let (ca, cb) = (&en.courts, &es.courts);
    assert_eq!(ca.money_kinds, cb.money_kinds);
    let band = |b: &paths::MoneyBand| (b.up_to_cents, b.court, b.also.clone(), b.sections.clone());
    assert_eq!(ca.money.iter().map(band).collect::<Vec<_>>(), cb.money.iter().map(band).collect::<Vec<_>>());
    let rule = |r: &paths::CourtRule| (r.court, r.also.clone(), r.sections.clone());
    assert_eq!(rule(&ca.money_unknown), rule(&cb.money_unknown));
    assert_eq!(
        ca.by_kind.iter().map(|(k, r)| (k.clone(), rule(r))).collect::<Vec<_>>(),
        cb.by_kind.iter().map(|(k, r)| (k.clone(), rule(r))).collect::<Vec<_>>()
    );

    let (ra, rb) = (rule_book(), rule_book_in(Lang::Es));
    assert_eq!(ra.rules.len(), rb.rules.len());
    for (a, b) in ra.rules.iter().zip(&rb.rules) {
        assert_eq!((&a.id, &a.citation, a.days, &a.kind), (&b.id, &b.citation, b.days, &b.kind));
        assert_ne!(a.title, b.title, "{}", a.id);
        let due = |r: &proseva_server::deadline_rules::Rule| r.due.iter().map(|d| (d.citation.clone(), d.days)).collect::<Vec<_>>();
        assert_eq!(due(a), due(b), "{}", a.id);
    }
    // The court names are the glossary's.
    for (court, name) in [
        (Court::GeneralDistrict, "General District Court"),
        (Court::Circuit, "Circuit Court"),
        (Court::JuvenileDomestic, "Juvenile and Domestic Relations District Court"),
    ] {
        assert_eq!(court.name_in(Lang::Es), glossary_term(name)["es"].as_str().unwrap());
    }
    let small_claims = glossary_term("small claims court (Small Claims Division)")["es"].as_str().unwrap().to_string();
    assert_eq!(Court::SmallClaims.name_in(Lang::Es), format!("{small_claims} del {}", Court::GeneralDistrict.name_in(Lang::Es)));
}

#[test]
fn the_interpreter_step_is_early_in_every_path_in_both_languages_and_cites_what_fits_the_case() {
    for (en, es) in book().kinds.iter().zip(&book_in(Lang::Es).kinds) {
        let at = en.steps.iter().position(|s| s.id == "interpreter").unwrap_or_else(|| panic!("{}: no interpreter step", en.id));
        let first_court_day = en.steps.iter().position(|s| s.on.is_some()).unwrap();
        assert!(at < first_court_day && at <= 2, "{}: the interpreter step is step {at}, the first court date {first_court_day}", en.id);
        let (step, paso) = (&en.steps[at], &es.steps[at]);
        assert!(step.deadline.is_none(), "{}", en.id);
        assert_eq!((step.title.as_str(), paso.title.as_str()), ("Ask the court for an interpreter", "Pida al tribunal un intérprete"));
        let civil = ["8.01-384.1:1", "8.01-384.1"];
        let criminal = ["19.2-164", "19.2-164.1"];
        let expected: Vec<&str> = match en.id.as_str() {
            "traffic-misdemeanor" => criminal.to_vec(),
            "protective-order-petitioner" | "protective-order-respondent" => civil.iter().chain(&criminal).copied().collect(),
            _ => civil.to_vec(),
        };
        assert_eq!(step.sections, expected, "{}", en.id);
        if expected.len() == 4 {
            assert!(step.what.contains("the court decides") && paso.what.contains("lo decide el tribunal"), "{}", en.id);
        }
        // The court named is the one the path's other steps name, or its clerk's office.
        assert!(step.court.ends_with("clerk's office") && paso.court.starts_with("oficina del secretario del Tribunal"), "{}", en.id);
    }
}

/// The glossary entry whose `en` is `en`.
fn glossary_term(en: &str) -> Value {
    let glossary: Value = serde_json::from_str(GLOSSARY).unwrap();
    glossary["terms"].as_array().unwrap().iter().find(|t| t["en"] == en).unwrap_or_else(|| panic!("no glossary term {en:?}")).clone()
}

/// A glossary term checked in every text whose English uses it.
struct Term {
    /// The glossary's `en`, exactly.
    key: &'static str,
    /// The English words that mean it, lower case (matched as whole words).
    english: &'static [&'static str],
    /// A match followed by one of these is another word ("court date" is a hearing, not a court).
    not_followed_by: &'static [&'static str],
    /// A match preceded by one of these is another word ("money order", "hard of hearing").
    not_preceded_by: &'static [&'static str],
    /// The Spanish that says it, folded (lower case, no accents): the glossary's `es` first (or
    /// its stem, to take its inflections: "notifi" for notificación, notificar, notifiquen).
    spanish: &'static [&'static str],
    /// Only in texts of these kinds of case (a path's `kinds[id]`), or everywhere when empty.
    only_in: &'static [&'static str],
    /// Never in texts of these kinds of case.
    not_in: &'static [&'static str],
}

const fn term(key: &'static str, english: &'static [&'static str], spanish: &'static [&'static str]) -> Term {
    Term { key, english, not_followed_by: &[], not_preceded_by: &[], spanish, only_in: &[], not_in: &[] }
}

const CRIMINAL_KINDS: &[&str] = &["kinds[traffic-misdemeanor]"];

/// The court words checked. Every other glossary term must not occur in the English (so a new
/// text that uses one makes the test say to add it here), unless [`NOT_CHECKED`] says why not.
const TERMS: &[Term] = &[
    Term { not_followed_by: &[" date", " costs", "'s"], ..term("court (generic)", &["court", "courts"], &["tribunal"]) },
    term("General District Court", &["general district court"], &["tribunal general de distrito"]),
    term("Circuit Court", &["circuit court"], &["tribunal de circuito"]),
    term(
        "Juvenile and Domestic Relations District Court",
        &["juvenile and domestic relations district court", "juvenile and domestic relations (j&dr) district court", "j&dr court"],
        &["tribunal de distrito de menores y relaciones domesticas"],
    ),
    term("Court of Appeals of Virginia", &["court of appeals"], &["tribunal de apelaciones"]),
    term("Supreme Court of Virginia", &["supreme court"], &["corte suprema"]),
    // "small claims" alone is the division named short: "reclamos menores".
    term(
        "small claims court (Small Claims Division)",
        &["small claims division", "small claims"],
        &["division de reclamos menores", "reclamos menores"],
    ),
    term("magistrate", &["magistrate", "magistrates"], &["magistrad"]),
    term("judge", &["judge", "judges"], &["juez", "jueces"]),
    term("clerk (court clerk)", &["clerk", "clerks"], &["secretari"]),
    term("clerk's office", &["clerk's office"], &["oficina del secretario"]),
    term("sheriff (sheriff's deputy)", &["sheriff", "sheriffs"], &["alguacil"]),
    term("attorney / lawyer", &["attorney", "attorneys", "lawyer", "lawyers"], &["abogad"]),
    term("legal aid", &["legal aid"], &["ayuda legal"]),
    term("court-appointed lawyer / public defender", &["court-appointed lawyer", "public defender"], &["abogado nombrado por el tribunal"]),
    term("interpreter", &["interpreter", "interpreters"], &["interprete"]),
    Term { not_preceded_by: &["third "], ..term("party (to a case)", &["party", "parties"], &["parte"]) },
    term("plaintiff", &["plaintiff", "plaintiffs"], &["demandante"]),
    Term { not_in: CRIMINAL_KINDS, ..term("defendant (civil case)", &["defendant", "defendants"], &["demandad"]) },
    Term { only_in: CRIMINAL_KINDS, ..term("defendant (criminal or traffic case)", &["defendant", "defendants"], &["acusad"]) },
    term("witness", &["witness", "witnesses"], &["testigo"]),
    Term { not_preceded_by: &["hard of "], ..term("hearing", &["hearing", "hearings"], &["audiencia"]) },
    term("trial", &["trial", "trials"], &["juicio"]),
    term("return date / first return", &["return date"], &["primera audiencia"]),
    term("appear (in court) / appearance", &["appear", "appears", "appeared", "appearance"], &["compare"]),
    term("summons", &["summons"], &["citatorio"]),
    term("warrant in debt", &["warrant in debt"], &["demanda de cobro de deuda"]),
    term("complaint / lawsuit (civil claim)", &["complaint", "lawsuit"], &["demanda"]),
    term("unlawful detainer (eviction case)", &["unlawful detainer"], &["retencion ilicita"]),
    term("eviction", &["eviction", "evictions"], &["desalojo"]),
    term("judgment for possession", &["judgment for possession"], &["fallo por posesion"]),
    term("writ of eviction / writ of possession", &["writ of eviction", "writ of possession"], &["orden de desalojo"]),
    term("affidavit", &["affidavit", "affidavits"], &["declaracion jurada", "declaraciones juradas"]),
    term("dismiss (a case)", &["dismiss", "dismissed"], &["desestim"]),
    term("file / filing (papers with the court)", &["file", "files", "filed", "filing"], &["present"]),
    // Papers are "notified"; a notice from the landlord is "handed over" (entregado).
    term("service of process / served", &["served", "service of process"], &["notifi", "entreg"]),
    term("certificate of service / proof of service", &["certificate of service", "proof of service"], &["certificado de notificacion"]),
    term("case number", &["case number"], &["numero de caso"]),
    term("deadline", &["deadline", "deadlines"], &["fecha limite", "fechas limite"]),
    term("evidence", &["evidence"], &["prueba"]),
    term("subpoena", &["subpoena", "subpoenas"], &["citacion de testigo", "citaciones de testigo"]),
    term("oath", &["oath"], &["juramento"]),
    term("motion", &["motion", "motions"], &["mocion", "mociones"]),
    Term { not_preceded_by: &["money ", "in "], ..term("order (court order)", &["order", "orders"], &["orden"]) },
    term("judgment (civil decision)", &["judgment", "judgments"], &["fallo"]),
    term("default judgment", &["default judgment"], &["fallo en rebeldia"]),
    term("appeal", &["appeal", "appeals", "appealed"], &["apel"]),
    term("new trial (appeal heard anew, de novo)", &["new trial"], &["juicio nuevo"]),
    term("appeal bond", &["appeal bond", "appeal bonds"], &["fianza de apelacion"]),
    term("notice of appeal", &["notice of appeal", "notices of appeal"], &["aviso de apelacion", "avisos de apelacion"]),
    term("filing fee", &["filing fee", "filing fees"], &["cuota de presentacion", "cuotas de presentacion"]),
    term("court costs", &["court costs"], &["costos judiciales"]),
    term("attorney's fees", &["attorney's fees", "attorney fees", "lawyer fees"], &["honorarios de abogado"]),
    term("mediation", &["mediation"], &["mediacion"]),
    term("landlord", &["landlord", "landlords"], &["arrendador"]),
    term("tenant", &["tenant", "tenants"], &["inquilino"]),
    term("lease / rental agreement", &["lease", "rental agreement"], &["contrato de arrendamiento"]),
    term("security deposit", &["security deposit"], &["deposito de seguridad"]),
    term("rent", &["rent"], &["alquiler"]),
    term("notice (landlord's written notice)", &["notice", "notices"], &["avis"]),
    term("late fee", &["late fee", "late fees"], &["cargo por pago atrasado", "cargos por pago atrasado"]),
    term("rent escrow / tenant's assertion", &["tenant's assertion"], &["deposito del alquiler en el tribunal"]),
    term("garnishment", &["garnishment", "garnish", "garnished"], &["embarg"]),
    term("exemption (from garnishment)", &["exemption", "exemptions", "exempt"], &["exencion", "exenciones", "exent"]),
    term("creditor", &["creditor", "creditors"], &["acreedor"]),
    term("debt", &["debt", "debts"], &["deuda"]),
    term("protective order", &["protective order", "protective orders"], &["orden de proteccion", "ordenes de proteccion"]),
    term("emergency protective order", &["emergency protective order"], &["orden de proteccion de emergencia"]),
    term("preliminary protective order", &["preliminary protective order"], &["orden de proteccion preliminar"]),
    term("custody", &["custody"], &["custodia"]),
    term("visitation", &["visitation"], &["derechos de visita"]),
    term("child support", &["child support"], &["manutencion de los hijos"]),
    term("divorce", &["divorce"], &["divorcio"]),
    term("traffic infraction", &["traffic infraction", "traffic infractions"], &["infraccion de transito", "infracciones de transito"]),
    term("misdemeanor", &["misdemeanor", "misdemeanors"], &["delito menor", "delitos menores"]),
    term("felony", &["felony", "felonies"], &["delito grave", "delitos graves"]),
    term("bail / bond (criminal)", &["bail"], &["fianza"]),
    term("guilty (plea of guilty)", &["guilty"], &["culpable"]),
    term("not guilty (plea of not guilty)", &["not guilty"], &["no culpable"]),
    term("conviction", &["conviction", "convictions", "convicted"], &["conden"]),
    term("fine", &["fines"], &["multa"]),
];

/// Glossary terms whose English words occur in the texts but are not checked, and why.
const NOT_CHECKED: &[(&str, &str)] = &[
    ("will (testament)", "\"will\" in these texts is the verb (\"the court will hear\"), never a testament"),
    ("plea", "\"plea\" occurs only inside \"a demurrer, plea or motion\", a list of pleadings kept with its English words"),
    (
        "time period (within X days)",
        "\"within N days\" is said many ways (\"dentro de\", \"a más tardar\"); the figures check holds the days",
    ),
    (
        "pro se / self-represented / without a lawyer",
        "\"without a lawyer\" is said in plain words (\"sin abogado\"); the glossary's \"por cuenta propia\" names the status",
    ),
];

/// Texts where a checked term's rule does not hold, and why: (term, place).
const ALLOWED: &[(&str, &str, &str)] = &[
    (
        "complaint / lawsuit (civil claim)",
        "paths.kinds[eviction-tenant].steps[prepare].what",
        "\"a complaint you made\" to the landlord is a grievance (queja), not a lawsuit",
    ),
    (
        "preliminary protective order",
        "paths.kinds[protective-order-respondent].summary",
        "\"an emergency or preliminary protective order\": \"una orden de protección de emergencia o preliminar\" says both",
    ),
    (
        "order (court order)",
        "rules.rules[transcript-court-of-appeals].note",
        "\"order it from the court reporter\" is the verb (ask for the transcript), not a court order",
    ),
];

/// The places in `text` (lower case) where `form` is a whole word and not part of another phrase.
fn occurs(text: &str, form: &str, term: &Term) -> bool {
    text.match_indices(form).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + form.len()..].chars().next();
        !before.is_some_and(char::is_alphanumeric)
            && !after.is_some_and(char::is_alphanumeric)
            && !term.not_followed_by.iter().any(|n| text[at + form.len()..].starts_with(n))
            && !term.not_preceded_by.iter().any(|n| text[..at].ends_with(n))
    })
}

fn applies(term: &Term, pair: &TextPair) -> bool {
    let en = pair.en.to_lowercase();
    (term.only_in.is_empty() || term.only_in.iter().any(|k| pair.place.contains(k)))
        && !term.not_in.iter().any(|k| pair.place.contains(k))
        && term.english.iter().any(|f| occurs(&en, f, term))
}

/// The text inside each pair of parentheses.
fn parenthesised(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(open) = rest.find('(') {
        let Some(len) = rest[open + 1..].find([')', '(']) else { break };
        out.push(&rest[open + 1..open + 1 + len]);
        rest = &rest[open + 1..];
    }
    out
}

/// `text` without what is inside parentheses.
fn without_parentheses(text: &str) -> String {
    let mut depth = 0usize;
    text.chars()
        .filter(|c| {
            match *c {
                '(' => depth += 1,
                ')' => depth = depth.saturating_sub(1),
                _ => return depth == 0,
            }
            false
        })
        .collect()
}

/// Whether `word` occurs in `text` (both folded) as a whole word or phrase.
fn has_word(text: &str, word: &str) -> bool {
    text.match_indices(word).any(|(at, _)| {
        !text[..at].chars().next_back().is_some_and(char::is_alphanumeric)
            && !text[at + word.len()..].chars().next().is_some_and(char::is_alphanumeric)
    })
}

fn allowed(key: &str, place: &str) -> bool {
    ALLOWED.iter().any(|(k, p, _)| *k == key && *p == place)
}

#[test]
fn the_glossary_terms_checked_are_the_glossary_s() {
    let glossary: Value = serde_json::from_str(GLOSSARY).unwrap();
    let terms = glossary["terms"].as_array().unwrap();
    let keys: Vec<&str> = TERMS.iter().map(|t| t.key).chain(NOT_CHECKED.iter().map(|(k, _)| *k)).collect();
    assert_eq!(keys.iter().collect::<BTreeSet<_>>().len(), keys.len(), "a term is listed twice");
    for t in TERMS {
        let es = fold(glossary_term(t.key)["es"].as_str().unwrap());
        // The first Spanish form is the glossary's, or its stem.
        assert!(es.starts_with(t.spanish[0]), "{}: {:?} is not the glossary's {es:?} or its stem", t.key, t.spanish[0]);
        assert!(t.english.iter().all(|e| *e == e.to_lowercase()), "{}", t.key);
    }
    for (key, why) in NOT_CHECKED {
        assert!(terms.iter().any(|t| t["en"] == *key) && !why.is_empty(), "{key}");
    }
    for (key, place, why) in ALLOWED {
        assert!(TERMS.iter().any(|t| t.key == *key) && !why.is_empty(), "{key}");
        assert!(all_texts().iter().any(|p| p.place == *place), "{place}: no such text");
    }
}

#[test]
fn every_court_word_is_the_glossary_s_and_none_it_says_to_avoid() {
    let glossary: Value = serde_json::from_str(GLOSSARY).unwrap();
    let entries = glossary["terms"].as_array().unwrap();
    // Each checked term's Spanish (folded) and the forms to avoid (folded).
    let of = |key: &str| {
        let entry = entries.iter().find(|e| e["en"] == key).unwrap();
        let avoid: Vec<String> = entry["avoid"].as_array().unwrap().iter().filter_map(Value::as_str).map(fold).collect();
        (fold(entry["es"].as_str().unwrap()), avoid)
    };
    let checked: Vec<(&Term, (String, Vec<String>))> = TERMS.iter().map(|t| (t, of(t.key))).collect();
    let mut problems = Vec::new();
    for pair in all_texts() {
        let en = pair.en.to_lowercase();
        let es = fold(&pair.es);
        let present: Vec<&(&Term, (String, Vec<String>))> = checked.iter().filter(|(t, _)| applies(t, &pair)).collect();
        // The glossary's word (or an inflection), or the English word kept in parentheses (a form's name).
        for (t, _) in &present {
            let said = t.spanish.iter().any(|s| es.contains(s));
            let kept_in_english = parenthesised(&es).iter().any(|p| t.english.iter().any(|e| p.contains(e)));
            if !said && !kept_in_english && !allowed(t.key, &pair.place) {
                problems.push(format!("{}: {:?} without {:?}\n    EN: {}\n    ES: {}", pair.place, t.key, t.spanish[0], pair.en, pair.es));
            }
        }
        // No word the glossary says to avoid for a term the English uses. The glossary's own words
        // for the terms present are taken out first ("Tribunal de Distrito" is avoided for the general
        // district court but is inside "Tribunal de Distrito de Menores…"); an English word the
        // glossary avoids (subpoena, writ) is allowed in parentheses after the Spanish.
        let mut masked = es.clone();
        for (_, (glossary_es, _)) in &present {
            masked = masked.replace(glossary_es.as_str(), " ");
        }
        for (t, (_, avoids)) in &present {
            for avoid in avoids {
                let english_word =
                    en.match_indices(avoid.as_str()).any(|(at, _)| !en[..at].chars().next_back().is_some_and(char::is_alphanumeric));
                let text = if english_word { without_parentheses(&masked) } else { masked.clone() };
                if has_word(&text, avoid) && !allowed(t.key, &pair.place) {
                    problems.push(format!("{}: {avoid:?}, which the glossary avoids for {:?}\n    ES: {}", pair.place, t.key, pair.es));
                }
            }
        }
        // A glossary term used in the English but in neither list.
        for entry in entries {
            let key = entry["en"].as_str().unwrap();
            if TERMS.iter().any(|t| t.key == key) || NOT_CHECKED.iter().any(|(k, _)| *k == key) {
                continue;
            }
            let plain = without_parentheses(key);
            for form in plain.split('/').map(|f| f.trim().to_lowercase()).filter(|f| !f.is_empty()) {
                if has_word(&en, &form) {
                    problems.push(format!(
                        "{}: the English says {form:?}, glossary term {key:?}: add it to TERMS (or NOT_CHECKED, saying why)",
                        pair.place
                    ));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
}

#[test]
fn the_checker_catches_a_word_to_avoid_and_a_missing_one() {
    let pair = |en: &str, es: &str| TextPair { place: "test".into(), en: en.into(), es: es.into() };
    let court = TERMS.iter().find(|t| t.key == "court (generic)").unwrap();
    assert!(applies(court, &pair("Go to court", "")));
    assert!(!applies(court, &pair("Go to the first court date", "")), "a court date is a hearing");
    let subpoena = TERMS.iter().find(|t| t.key == "subpoena").unwrap();
    assert!(applies(subpoena, &pair("ask for any witness subpoenas", "")));
    assert_eq!(without_parentheses("una citación de testigo (subpoena) que"), "una citación de testigo  que");
    assert_eq!(parenthesised("a (b) c (d (e) f)"), vec!["b", "d ", "e"]);
    assert!(has_word("vaya a la corte", "corte") && !has_word("cortes de pelo", "corte"));
}

// -------------------------------------------------------------------------------------------------
// Over HTTP, on the real server.

async fn get(url: &str, accept_language: Option<&str>) -> (u16, Value, Option<String>) {
    let mut request = client().get(url).bearer_auth(TOKEN);
    if let Some(lang) = accept_language {
        request = request.header("Accept-Language", lang);
    }
    let res = request.send().await.unwrap();
    let status = res.status().as_u16();
    let language = res.headers().get("content-language").and_then(|v| v.to_str().ok()).map(str::to_string);
    (status, res.json().await.unwrap_or(Value::Null), language)
}

async fn send(method: reqwest::Method, url: &str, body: &Value) -> (u16, Value, Option<String>) {
    let res = client().request(method, url).bearer_auth(TOKEN).json(body).send().await.unwrap();
    let status = res.status().as_u16();
    let language = res.headers().get("content-language").and_then(|v| v.to_str().ok()).map(str::to_string);
    (status, res.json().await.unwrap_or(Value::Null), language)
}

fn kinds_of(paths: &Value) -> Vec<(String, u64)> {
    paths["kinds"].as_array().unwrap().iter().map(|k| (k["kind"].as_str().unwrap().to_string(), k["steps"].as_u64().unwrap())).collect()
}

#[tokio::test]
async fn the_server_answers_in_the_language_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let server = start_server(dir.path(), &[("PROSEVA_EMBEDDINGS", "off")]);

    // The kinds: Spanish titles, the same kinds and step counts, Content-Language.
    let (status, en, lang) = get(&server.url("/api/paths"), None).await;
    assert_eq!((status, lang.as_deref()), (200, Some("en")), "{en}");
    let (status, es, lang) = get(&server.url("/api/paths"), Some("es-US,es;q=0.9,en;q=0.8")).await;
    assert_eq!((status, lang.as_deref()), (200, Some("es")), "{es}");
    assert_eq!(kinds_of(&es), kinds_of(&en));
    assert_eq!(kinds_of(&es).len(), 8);
    for (a, b) in en["kinds"].as_array().unwrap().iter().zip(es["kinds"].as_array().unwrap()) {
        assert_ne!(a["title"], b["title"]);
        assert_eq!(b["title"].as_str(), paths::path_in(b["kind"].as_str().unwrap(), Lang::Es).map(|p| p.title.as_str()));
    }
    assert!(es["about"].as_str().unwrap().contains("ocho tipos de casos"), "{}", es["about"]);
    // `?lang=` wins over the header; an unknown language is refused naming `lang`.
    let (_, forced, lang) = get(&server.url("/api/paths?lang=en"), Some("es")).await;
    assert_eq!((forced["kinds"][0]["title"].clone(), lang.as_deref()), (en["kinds"][0]["title"].clone(), Some("en")));
    let (status, refused, _) = get(&server.url("/api/paths?lang=fr"), None).await;
    assert_eq!(status, 400, "{refused}");
    assert_eq!(refused["error"]["code"], "invalid_input", "{refused}");
    assert!(refused["error"]["fields"]["lang"].as_str().is_some_and(|m| m.contains("fr")), "{refused}");
    assert!(refused["error"]["message"].as_str().unwrap().contains("lang"), "{refused}");
    for path in ["/api/paths/eviction-tenant?lang=xx", "/api/which-court?kind=debt-plaintiff&lang=de", "/api/deadline-rules?lang=e"] {
        assert_eq!(get(&server.url(path), None).await.0, 400, "{path}");
    }

    // One path and which court, in Spanish.
    let (status, path, lang) = get(&server.url("/api/paths/eviction-tenant?lang=es"), None).await;
    assert_eq!((status, lang.as_deref()), (200, Some("es")));
    assert_eq!(path["steps"][2]["id"], "interpreter");
    assert_eq!(path["steps"][2]["title"], "Pida al tribunal un intérprete");
    let (status, court, lang) = get(&server.url("/api/which-court?kind=debt-plaintiff&amount=4500&lang=es"), None).await;
    assert_eq!((status, lang.as_deref()), (200, Some("es")), "{court}");
    assert_eq!((court["court"].as_str(), court["courtName"].as_str()), (Some("general-district"), Some("Tribunal General de Distrito")));
    let (_, court, _) = get(&server.url("/api/which-court?kind=custody-visitation"), Some("es")).await;
    assert_eq!(court["courtName"], "Tribunal de Distrito de Menores y Relaciones Domésticas");

    // The deadline rules and their working in Spanish.
    let (status, rules, lang) = get(&server.url("/api/deadline-rules"), Some("es")).await;
    assert_eq!((status, lang.as_deref()), (200, Some("es")));
    let (_, rules_en, _) = get(&server.url("/api/deadline-rules"), None).await;
    let ids = |r: &Value| r["rules"].as_array().unwrap().iter().map(|r| (r["id"].clone(), r["days"].clone())).collect::<Vec<_>>();
    assert_eq!(ids(&rules), ids(&rules_en));
    assert_ne!(rules["rules"][0]["title"], rules_en["rules"][0]["title"]);
    let body = json!({ "ruleId": "appeal-unlawful-detainer", "triggerDate": "2025-02-03" });
    let (status, computed, lang) = send(reqwest::Method::POST, &server.url("/api/deadline-rules/compute?lang=es"), &body).await;
    assert_eq!((status, lang.as_deref()), (200, Some("es")), "{computed}");
    assert_eq!(computed["date"], "2025-02-13");
    let explanation = computed["explanation"].as_str().unwrap();
    assert!(
        explanation.starts_with("10 días después del 3 de febrero de 2025 (Va. Code § 8.01-129) es el jueves 13 de febrero de 2025."),
        "{explanation}"
    );
    assert!(explanation.contains("Lo que vence ese día: el aviso de apelación"), "{explanation}");

    // A case's plan: the same step ids, statuses and deadline dates in both languages.
    let (status, case, _) =
        send(reqwest::Method::POST, &server.url("/api/cases"), &json!({ "name": "Elm St. eviction", "kind": "eviction-tenant" })).await;
    assert_eq!(status, 201, "{case}");
    let plan_url = server.url(&format!("/api/cases/{}/path", case["id"]));
    let dates = json!({ "dates": { "returnDate": "2026-03-10", "judgmentDate": "2026-03-17" } });
    let (status, plan_en, lang) = send(reqwest::Method::PUT, &plan_url, &dates).await;
    assert_eq!((status, lang.as_deref()), (200, Some("en")), "{plan_en}");
    let tick = server.url(&format!("/api/cases/{}/steps/notice", case["id"]));
    assert_eq!(send(reqwest::Method::PUT, &tick, &json!({})).await.0, 200);
    let (_, plan_en, _) = get(&plan_url, None).await;
    let (status, plan_es, lang) = get(&plan_url, Some("es")).await;
    assert_eq!((status, lang.as_deref()), (200, Some("es")), "{plan_es}");
    let shape = |plan: &Value| {
        plan["steps"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| (s["id"].clone(), s["status"].clone(), s["deadline"]["date"].clone(), s["on"]["date"].clone(), s["sections"].clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(shape(&plan_es), shape(&plan_en));
    assert_eq!((plan_es["next"].as_str(), plan_es["steps"][0]["status"].as_str()), (Some("summons"), Some("done")));
    let keys = |plan: &Value| plan["dates"].as_array().unwrap().iter().map(|d| (d["key"].clone(), d["date"].clone())).collect::<Vec<_>>();
    assert_eq!(keys(&plan_es), keys(&plan_en));
    assert_eq!(plan_es["court"]["courtName"], "Tribunal General de Distrito");
    assert_eq!(plan_es["title"].as_str(), paths::path_in("eviction-tenant", Lang::Es).map(|p| p.title.as_str()));
    let appeal = plan_es["steps"].as_array().unwrap().iter().find(|s| s["id"] == "appeal").unwrap();
    assert_eq!(appeal["deadline"]["date"], "2026-03-27");
    assert_eq!(
        appeal["deadline"]["ruleTitle"].as_str(),
        proseva_server::deadline_rules::rule_in("appeal-unlawful-detainer", Lang::Es).map(|r| r.title.as_str())
    );
    let explanation = appeal["deadline"]["computation"]["explanation"].as_str().unwrap();
    assert!(explanation.contains("17 de marzo de 2026") && explanation.contains("viernes 27 de marzo de 2026"), "{explanation}");
    assert!(plan_es["caveats"][0].as_str().unwrap().starts_with("Esto no es asesoría legal"));

    // A date not entered: the sentence that asks for it, in Spanish.
    let (_, case2, _) =
        send(reqwest::Method::POST, &server.url("/api/cases"), &json!({ "name": "Ticket", "kind": "traffic-misdemeanor" })).await;
    let (_, plan, _) = get(&server.url(&format!("/api/cases/{}/path?lang=es", case2["id"])), None).await;
    let appeal = plan["steps"].as_array().unwrap().iter().find(|s| s["id"] == "appeal").unwrap();
    assert_eq!(appeal["deadline"]["date"], Value::Null);
    let needs = appeal["deadline"]["needs"].as_str().unwrap();
    assert!(needs.starts_with("Ingrese ") && needs.ends_with(" para ver esta fecha límite."), "{needs}");

    // Deadlines the path made are the person's records: a Spanish plan moves them, their titles stay.
    let deadlines_url = server.url(&format!("/api/deadlines?caseId={}", case["id"]));
    let (_, before, _) = get(&deadlines_url, None).await;
    let hearing = before.as_array().unwrap().iter().find(|d| d["kind"] == "hearing").unwrap().clone();
    assert_eq!(hearing["title"], "Go to the first court date");
    let (status, _, lang) =
        send(reqwest::Method::PUT, &format!("{plan_url}?lang=es"), &json!({ "dates": { "returnDate": "2026-03-12" } })).await;
    assert_eq!((status, lang.as_deref()), (200, Some("es")));
    let (_, moved, _) = get(&server.url(&format!("/api/deadlines/{}", hearing["id"])), None).await;
    assert_eq!((moved["date"].as_str(), moved["title"].as_str()), (Some("2026-03-12"), Some("Go to the first court date")));
    // One made from a Spanish plan is written in Spanish.
    let (_, case3, _) = send(reqwest::Method::POST, &server.url("/api/cases"), &json!({ "name": "Deuda", "kind": "debt-defendant" })).await;
    let url3 = server.url(&format!("/api/cases/{}/path", case3["id"]));
    let (status, _, _) =
        send(reqwest::Method::PUT, &format!("{url3}?lang=es"), &json!({ "dates": { "judgmentDate": "2026-03-17" } })).await;
    assert_eq!(status, 200);
    let (_, made, _) = get(&server.url(&format!("/api/deadlines?caseId={}", case3["id"])), None).await;
    let made = &made[0];
    assert_eq!(
        made["title"].as_str(),
        proseva_server::deadline_rules::rule_in("appeal-general-district", Lang::Es).map(|r| r.title.as_str())
    );
    assert_eq!(made["date"], "2026-03-27");
    assert!(made["notes"].as_str().unwrap().starts_with("Del paso a paso: "), "{made}");
}
