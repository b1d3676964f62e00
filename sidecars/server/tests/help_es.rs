//! The Spanish help (issue 44): the mirrors `help/help.es.json` and `help/screen.es.json` against
//! their English originals, their court words against the glossary (`lang/glossary-es.json`), the
//! answers worked out from them (eligibility, the hand-offs, the notes about a place) and the help
//! routes answering in Spanish with `Accept-Language: es` and in English without it.
//!
//! The mirror check is the shared one (`mirror/mod.rs`, `lang/check_mirror.py` in Rust) with these
//! files' own data keys: the values code compares or looks up, or that are facts to be kept as
//! read (ids, telephone numbers, web addresses, localities, the passages read and their dates, the
//! law's citations, the cues the assistant matches). Program and organisation names are proper
//! names: they stay as they are ([`KEPT_NAMES`]).

mod common;
#[path = "mirror/mod.rs"]
mod mirror;

use chrono::NaiveDate;
use common::{call, state};
use mirror::{TextPair, walk_with};
use proseva_citation::lang::fold;
use proseva_server::help::{self, screen, view};
use proseva_server::lang::Lang;
use serde_json::{Value, json};

const HELP_EN: &str = include_str!("../help/help.json");
const HELP_ES: &str = include_str!("../help/help.es.json");
const SCREEN_EN: &str = include_str!("../help/screen.json");
const SCREEN_ES: &str = include_str!("../help/screen.es.json");
const GLOSSARY: &str = include_str!("../lang/glossary-es.json");

/// The data keys of `help.json` (`src/help.rs`): ids and kinds code compares (`id`, `kind`,
/// `pathKinds`, `serves`, `localities`, `languages`), the telephone numbers and addresses the tests
/// find in the passages (`phone`, `url`), the passages read and when (`passage`, `read`,
/// `pageDate`, `listDate`) and the day guidelines apply from (`effective`). Locality names are
/// data too, but `name` is also a program's and a rule's: they are [`KEPT_NAMES`].
const HELP_DATA: &[&str] = &[
    "id",
    "kind",
    "url",
    "passage",
    "read",
    "pageDate",
    "listDate",
    "phone",
    "serves",
    "pathKinds",
    "localities",
    "effective",
    "languages",
];

/// The data keys of `screen.json` (`src/help/screen.rs`): the ids, kinds and sections code compares
/// (`id`, `kinds`, `sections`), the cues [`screen::matching`] meets a question by (`cues`, `cuesEs`), the law
/// keys and help ids looked up (`law`, `call`), and the law as it was read (`cite`, `passage`,
/// `source`, `readFrom`, `read`, `checkedOn`).
const SCREEN_DATA: &[&str] =
    &["id", "kinds", "cues", "cuesEs", "sections", "law", "call", "cite", "passage", "source", "readFrom", "read", "checkedOn"];

/// Names that are proper names, the same in both files: the programs', the localities' (matched
/// by their prefix) and these organisations' and services'.
const KEPT_NAMES: &[&str] = &[
    "help.statewide[vplc].name",
    "help.statewide[eviction-defense-center].name",
    "help.statewide[lawyer-referral].name",
    "help.statewide[free-legal-answers].name",
    "help.statewide[family-violence-hotline].name",
    "help.statewide[fairfax-self-help-center].name",
    // "Virginia Free Legal Answers", the service the rule is of.
    "help.incomeRules[2].name",
];

fn kept_name(place: &str) -> bool {
    KEPT_NAMES.contains(&place)
        || (place.ends_with("].name") && (place.starts_with("help.programs[") || place.starts_with("help.localities[")))
}

/// Every text pair of both mirrors, with its place.
fn all_texts() -> Vec<TextPair> {
    let mut texts = walk_with(HELP_EN, HELP_ES, "help", HELP_DATA).texts;
    texts.extend(walk_with(SCREEN_EN, SCREEN_ES, "screen", SCREEN_DATA).texts);
    texts
}

/// The problems of a walk, less a proper name kept as it is.
fn problems(en: &str, es: &str, root: &str, keys: &'static [&'static str]) -> (Vec<String>, mirror::Walk) {
    let w = walk_with(en, es, root, keys);
    let problems =
        w.problems.iter().filter(|p| !(p.contains(": untranslated:") && kept_name(p.split(':').next().unwrap()))).cloned().collect();
    (problems, w)
}

#[test]
fn the_spanish_help_mirrors_the_english_help() {
    let (problems, w) = problems(HELP_EN, HELP_ES, "help", HELP_DATA);
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
    assert!(w.texts.len() > 200 && w.data > 800, "{} texts, {} data", w.texts.len(), w.data);
    // The proper names are kept, and only they.
    for pair in &w.texts {
        if kept_name(&pair.place) {
            assert_eq!(pair.en, pair.es, "{}", pair.place);
        }
    }
    for place in KEPT_NAMES {
        assert!(w.texts.iter().any(|p| p.place == *place), "{place}: no such text");
    }
    let translated = w.texts.iter().filter(|p| !kept_name(&p.place) && p.en.chars().any(char::is_alphabetic)).count();
    assert!(translated > 80, "{translated} texts translated");
}

#[test]
fn the_spanish_screening_questions_mirror_the_english_ones() {
    let (problems, w) = problems(SCREEN_EN, SCREEN_ES, "screen", SCREEN_DATA);
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
    assert!(w.texts.len() > 100 && w.data > 300, "{} texts, {} data", w.texts.len(), w.data);
}

#[test]
fn the_mirror_check_catches_a_changed_number_address_or_passage() {
    for (from, to, place) in [
        ("\"phone\": \"1-866-534-5243\"", "\"phone\": \"1-866-534-5244\"", "help.statewide[legal-aid-line].phone: data"),
        ("\"url\": \"https://vplc.org/\"", "\"url\": \"https://vplc.com/\"", "help.statewide[vplc].url: data"),
        (
            "\"serves\": [\n    \"alleghany-county\"",
            "\"serves\": [\n    \"allegheny-county\"",
            "help.programs[blue-ridge-legal-services].serves[0]: data",
        ),
    ] {
        assert!(HELP_ES.contains(from), "{from}");
        let changed = HELP_ES.replacen(from, to, 1);
        let (problems, _) = problems(HELP_EN, &changed, "help", HELP_DATA);
        assert!(problems.iter().any(|p| p.starts_with(place)), "{place}: {problems:?}");
    }
    // A figure changed in a sentence, and a sentence left in English.
    let changed = HELP_ES.replacen("hasta tres preguntas", "hasta cuatro preguntas", 1);
    assert!(problems(HELP_EN, &changed, "help", HELP_DATA).0.iter().any(|p| p.contains("figures")));
    let english = HELP_ES.replacen("\"cost\": \"Gratis\"", "\"cost\": \"Free\"", 1);
    assert!(problems(HELP_EN, &english, "help", HELP_DATA).0.iter().any(|p| p.contains("untranslated: \"Free\"")));
    let passage = SCREEN_ES.replacen("the court shall inform him", "el tribunal le informará", 1);
    assert!(problems(SCREEN_EN, &passage, "screen", SCREEN_DATA).0.iter().any(|p| p.contains(".passage: data")));
}

#[test]
fn the_spanish_books_load_with_the_same_data_in_the_same_order() {
    let (en, es) = (help::book(), help::book_in(Lang::Es));
    assert_eq!(serde_json::to_value(&en.localities).unwrap(), serde_json::to_value(&es.localities).unwrap());
    assert_eq!(en.list_date, es.list_date);
    assert_eq!(en.programs.len(), es.programs.len());
    for (a, b) in en.programs.iter().zip(&es.programs) {
        assert_eq!(
            (&a.id, &a.name, &a.phone, &a.url, &a.path_kinds, &a.languages, &a.serves, &a.sources),
            (&b.id, &b.name, &b.phone, &b.url, &b.path_kinds, &b.languages, &b.serves, &b.sources)
        );
        assert_ne!(a.how_to_apply, b.how_to_apply, "{}", a.id);
        assert_eq!(a.case_kinds.len(), b.case_kinds.len(), "{}", a.id);
    }
    for (a, b) in en.statewide.iter().zip(&es.statewide) {
        assert_eq!((&a.id, &a.phone, &a.url, &a.localities, &a.sources), (&b.id, &b.phone, &b.url, &b.localities, &b.sources));
        assert_ne!(a.who, b.who, "{}", a.id);
    }
    assert_eq!(en.income_rules.len(), es.income_rules.len());
    for (a, b) in en.income_rules.iter().zip(&es.income_rules) {
        assert_eq!((a.percent, a.at_limit, &a.sources), (b.percent, b.at_limit, &b.sources));
        assert_ne!(a.rule, b.rule);
    }
    assert_eq!(serde_json::to_value(&en.guidelines).unwrap(), serde_json::to_value(&es.guidelines).unwrap());
    assert_eq!(help::problems(es), Vec::<String>::new());

    let (en, es) = (screen::book(), screen::book_in(Lang::Es));
    assert_eq!(en.checked_on, es.checked_on);
    assert_eq!(en.law.keys().collect::<Vec<_>>(), es.law.keys().collect::<Vec<_>>());
    for (a, b) in en.law.values().zip(es.law.values()) {
        assert_eq!(
            (&a.cite, &a.passage, &a.source, &a.read_from, a.official, &a.read),
            (&b.cite, &b.passage, &b.source, &b.read_from, b.official, &b.read)
        );
        assert_eq!(a.note.is_some(), b.note.is_some(), "{}", a.cite);
    }
    assert_eq!(en.questions.len(), es.questions.len());
    for (a, b) in en.questions.iter().zip(&es.questions) {
        assert_eq!(
            (&a.id, &a.kinds, &a.cues, &a.cues_es, &a.sections, &a.law, &a.hand_off.call),
            (&b.id, &b.kinds, &b.cues, &b.cues_es, &b.sections, &b.law, &b.hand_off.call)
        );
        assert!(b.text.starts_with('¿') && b.text.ends_with('?'), "{}: a yes-or-no question in Spanish: {}", b.id, b.text);
        assert_eq!(b.hand_off.title, "Busque la ayuda de un abogado ahora", "{}", b.id);
    }
    // Every figure a Spanish reason states is in its passages, and it names its sections.
    assert_eq!(screen::problems(es), Vec::<String>::new());
    for kind in proseva_server::paths::kinds() {
        let ids = |lang| screen::for_kind_in(kind, lang).iter().map(|q| q.id.clone()).collect::<Vec<_>>();
        assert_eq!(ids(Lang::En), ids(Lang::Es), "{kind}");
    }
}

// ---- The court words ----

/// A glossary term checked in the texts a person reads on the Help screen.
struct Term {
    /// The glossary's `en`, exactly.
    key: &'static str,
    /// The English words that mean it, lower case (whole words).
    english: &'static [&'static str],
    /// A match followed by one of these is another word ("court date" is a hearing).
    not_followed_by: &'static [&'static str],
    /// A match preceded by one of these is another word ("power of attorney").
    not_preceded_by: &'static [&'static str],
    /// The Spanish that says it, folded: the glossary's `es` or its stem first.
    spanish: &'static [&'static str],
}

const fn term(key: &'static str, english: &'static [&'static str], spanish: &'static [&'static str]) -> Term {
    Term { key, english, not_followed_by: &[], not_preceded_by: &[], spanish }
}

const TERMS: &[Term] = &[
    Term { not_followed_by: &[" date", "house"], ..term("court (generic)", &["court", "courts"], &["tribunal"]) },
    term("magistrate", &["magistrate"], &["magistrad"]),
    term("judge", &["judge", "judges"], &["juez", "jueces"]),
    term("clerk (court clerk)", &["clerk"], &["secretario del tribunal"]),
    Term { not_preceded_by: &["powers of ", "power of "], ..term("attorney / lawyer", &["lawyer", "lawyers", "attorney"], &["abogad"]) },
    term("legal aid", &["legal aid"], &["ayuda legal"]),
    term("hearing", &["hearing"], &["audiencia"]),
    term("trial", &["trial"], &["juicio"]),
    term("appear (in court) / appearance", &["appear", "appeared"], &["compare"]),
    term("file / filing (papers with the court)", &["file", "filed", "filing"], &["present"]),
    term("service of process / served", &["served"], &["notifi"]),
    term("deadline", &["deadline"], &["fecha limite"]),
    term("order (court order)", &["order", "orders"], &["orden"]),
    term("judgment (civil decision)", &["judgment", "judgments"], &["fallo"]),
    term("default judgment", &["default judgment"], &["fallo en rebeldia"]),
    term("eviction", &["eviction", "evictions"], &["desalojo"]),
    term("landlord", &["landlord"], &["arrendador"]),
    term("tenant", &["tenants"], &["inquilino"]),
    term("lease / rental agreement", &["lease"], &["contrato de arrendamiento"]),
    term("rent", &["rent"], &["alquiler"]),
    term("notice (landlord's written notice)", &["notice"], &["aviso"]),
    term("garnishment", &["garnishment", "garnished"], &["embarg"]),
    term("protective order", &["protective order", "protective orders"], &["orden de proteccion", "ordenes de proteccion"]),
    term("emergency protective order", &["emergency protective order"], &["orden de proteccion de emergencia"]),
    term("custody", &["custody"], &["custodia"]),
    term("child support", &["child support"], &["manutencion de los hijos"]),
    term("divorce", &["divorce"], &["divorcio"]),
    term("guardian ad litem", &["guardian ad litem"], &["tutor ad litem"]),
    term("misdemeanor", &["misdemeanor"], &["delito menor"]),
    term("felony", &["felony"], &["delito grave"]),
    term("fine", &["fine"], &["multa"]),
    term("guilty (plea of guilty)", &["guilty"], &["culpable"]),
    term("court-appointed lawyer / public defender", &["court-appointed lawyer"], &["abogado nombrado por el tribunal"]),
];

/// The texts a person reads as sentences on the Help screen (not the notes on how the law was
/// read, nor the gaps in the data, which name many organisations and quote English pages), and
/// the sentences the code writes.
fn read_on_screen(place: &str) -> bool {
    let field = place.rsplit('.').next().unwrap_or_default();
    let field = field.split('[').next().unwrap_or_default();
    ["howToApply", "caseKinds", "who", "cost", "rule", "name", "text", "why", "title", "today", "appCanStill"].contains(&field)
        && !place.starts_with("help.localities[")
        && !kept_name(place)
}

/// The sentences the Rust code writes, in both languages.
fn code_texts() -> Vec<TextPair> {
    let richmond: Vec<&help::Locality> = help::localities().iter().filter(|l| l.id.starts_with("richmond-")).collect();
    let pair = |place: &str, en: String, es: String| TextPair { place: place.into(), en, es };
    let day = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
    let pointer = |lang| view::hand_off_calls_in(&["program".to_string()], None, "eviction-tenant", lang)[0].clone();
    vec![
        pair(
            "code.caveat",
            help::eligibility(3, 2_100_000, day).unwrap().caveat,
            help::eligibility_in(3, 2_100_000, day, Lang::Es).unwrap().caveat,
        ),
        pair("code.list-caveat", help::list_caveat(Lang::En).into(), help::list_caveat(Lang::Es).into()),
        pair("code.note.unknown", help::locality_note(None, &[], Lang::En), help::locality_note(None, &[], Lang::Es)),
        pair(
            "code.note.none",
            help::locality_note(Some("Superior Court"), &[], Lang::En),
            help::locality_note(Some("Superior Court"), &[], Lang::Es),
        ),
        pair(
            "code.note.could",
            help::locality_note(Some("Richmond JDR"), &richmond, Lang::En),
            help::locality_note(Some("Richmond JDR"), &richmond, Lang::Es),
        ),
        pair("code.pointer.name", pointer(Lang::En)["name"].as_str().unwrap().into(), pointer(Lang::Es)["name"].as_str().unwrap().into()),
        pair("code.pointer.who", pointer(Lang::En)["who"].as_str().unwrap().into(), pointer(Lang::Es)["who"].as_str().unwrap().into()),
    ]
}

/// `text` without the names kept in English (a program named in a sentence is still its name).
fn without_names(text: &str) -> String {
    let mut names: Vec<&str> = help::book().programs.iter().map(|p| p.name.as_str()).collect();
    names.extend(
        help::book().statewide.iter().filter(|s| KEPT_NAMES.iter().any(|k| k.contains(&format!("[{}]", s.id)))).map(|s| s.name.as_str()),
    );
    names.extend(["Legal Services Corporation of Virginia", "Virginia Access to Justice Commission", "Virginia State Bar"]);
    names.sort_by_key(|n| std::cmp::Reverse(n.len()));
    let mut out = text.to_string();
    for name in names {
        out = out.replace(name, " ");
    }
    out
}

/// Whether `form` is a whole word of `text`, not followed by one of `not_followed_by` nor preceded
/// by one of `not_preceded_by`.
fn occurs(text: &str, form: &str, not_followed_by: &[&str], not_preceded_by: &[&str]) -> bool {
    text.match_indices(form).any(|(at, _)| {
        !text[..at].chars().next_back().is_some_and(char::is_alphanumeric)
            && !text[at + form.len()..].chars().next().is_some_and(char::is_alphanumeric)
            && !not_followed_by.iter().any(|n| text[at + form.len()..].starts_with(n))
            && !not_preceded_by.iter().any(|n| text[..at].ends_with(n))
    })
}

/// `text` without what is inside parentheses (the English name kept after the Spanish one).
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

fn glossary_entry(key: &str) -> Value {
    let glossary: Value = serde_json::from_str(GLOSSARY).unwrap();
    glossary["terms"].as_array().unwrap().iter().find(|t| t["en"] == key).unwrap_or_else(|| panic!("no glossary term {key:?}")).clone()
}

#[test]
fn every_court_word_is_the_glossary_s_and_none_it_says_to_avoid() {
    let checked: Vec<(&Term, String, Vec<String>)> = TERMS
        .iter()
        .map(|t| {
            let entry = glossary_entry(t.key);
            let es = fold(entry["es"].as_str().unwrap());
            assert!(es.starts_with(t.spanish[0]), "{}: {:?} is not the glossary's {es:?} or its stem", t.key, t.spanish[0]);
            let avoid = entry["avoid"].as_array().unwrap().iter().filter_map(Value::as_str).map(fold).collect();
            (t, es, avoid)
        })
        .collect();
    let texts: Vec<TextPair> = all_texts().into_iter().filter(|p| read_on_screen(&p.place)).chain(code_texts()).collect();
    assert!(texts.len() > 120, "{} texts", texts.len());
    let mut problems = Vec::new();
    for pair in &texts {
        let en = without_names(&pair.en).to_lowercase();
        let es = fold(&pair.es);
        let present: Vec<&(&Term, String, Vec<String>)> =
            checked.iter().filter(|(t, _, _)| t.english.iter().any(|f| occurs(&en, f, t.not_followed_by, t.not_preceded_by))).collect();
        let mut masked = es.clone();
        for (_, glossary_es, _) in &present {
            masked = masked.replace(glossary_es.as_str(), " ");
        }
        for (t, _, avoids) in &present {
            if !t.spanish.iter().any(|s| es.contains(s)) {
                problems.push(format!("{}: {:?} without {:?}\n    EN: {}\n    ES: {}", pair.place, t.key, t.spanish[0], pair.en, pair.es));
            }
            for avoid in avoids {
                // An English word the glossary avoids is allowed in parentheses after the Spanish.
                let text = if occurs(&en, avoid, &[], &[]) { without_parentheses(&masked) } else { masked.clone() };
                if occurs(&text, avoid, &[], &[]) {
                    problems.push(format!("{}: {avoid:?}, which the glossary avoids for {:?}\n    ES: {}", pair.place, t.key, pair.es));
                }
            }
        }
    }
    assert!(problems.is_empty(), "{} problem(s):\n{}", problems.len(), problems.join("\n"));
    // The checker sees a word to avoid and a missing one.
    assert!(occurs("go to court", "court", &[], &[]) && !occurs("the court date", "court", &[" date"], &[]));
    assert!(!occurs("courthouse", "court", &[], &[]) && !occurs("powers of attorney", "attorney", &[], &["powers of "]));
    assert_eq!(without_parentheses("un tutor ad litem (guardian ad litem) para"), "un tutor ad litem  para");
    assert_eq!(without_names("Call Legal Aid Works or legal aid"), "Call   or legal aid");
}

// ---- What the code works out, in Spanish ----

#[test]
fn eligibility_in_spanish_gives_the_same_answers_in_spanish_words() {
    let day = NaiveDate::from_ymd_opt(2026, 11, 29).unwrap();
    for (size, cents) in [(1, 0), (3, 2_100_000), (4, 4_000_000), (9, 9_999_999_999)] {
        let (en, es) = (help::eligibility(size, cents, day).unwrap(), help::eligibility_in(size, cents, day, Lang::Es).unwrap());
        assert_eq!(
            (en.guideline_year, en.poverty_line, en.percent_of_poverty),
            (es.guideline_year, es.poverty_line, es.percent_of_poverty)
        );
        assert_eq!(en.guideline_source, es.guideline_source);
        for ((a, b), rule) in en.programs.iter().zip(&es.programs).zip(&help::book_in(Lang::Es).income_rules) {
            assert_eq!((a.may_qualify, a.percent, a.limit, &a.source, &a.read), (b.may_qualify, b.percent, b.limit, &b.source, &b.read));
            assert_eq!((&b.name, &b.rule), (&rule.name, &rule.rule));
        }
        assert_eq!(
            es.caveat,
            "Usted podría calificar, pero cada programa decide, y cuenta los ingresos, el hogar y los ahorros a su manera."
        );
    }
    assert_eq!(help::eligibility_in(3, 2_100_000, day, Lang::Es).unwrap().programs[0].name, "Ayuda legal (el límite general)");
}

#[test]
fn the_notes_about_a_place_and_the_hand_offs_are_in_spanish() {
    let richmond: Vec<&help::Locality> = help::localities().iter().filter(|l| l.id.starts_with("richmond-")).collect();
    assert_eq!(
        help::locality_note(Some("Richmond JDR"), &richmond, Lang::Es),
        "El tribunal de su caso (“Richmond JDR”) puede estar en Richmond County o Richmond city: diga cuál, o elíjalo en la pestaña Ayuda."
    );
    assert_eq!(
        help::locality_note(Some("Richmond JDR"), &richmond, Lang::En),
        "Your case's court (\"Richmond JDR\") could be in Richmond County or Richmond city: say which, or choose it on the Help tab."
    );
    assert!(help::locality_note(None, &[], Lang::Es).contains("los 133"));

    // A hand-off in Spanish: the Spanish question, its law with Spanish notes, the place's program.
    let en = screen::for_kind("traffic-misdemeanor").into_iter().find(|q| q.id == "jail-possible").unwrap();
    let q = view::question_json_in(en, Some("richmond-city"), "traffic-misdemeanor", Lang::Es);
    let es = screen::question_in("jail-possible", Lang::Es).unwrap();
    assert_eq!((q["text"].as_str(), q["why"].as_str()), (Some(es.text.as_str()), Some(es.why.as_str())));
    assert!(q["why"].as_str().unwrap().contains("$2,500") && q["why"].as_str().unwrap().contains("§ 19.2-157"));
    let program = help::programs_for_in("richmond-city", Some("traffic-misdemeanor"), Lang::Es)[0];
    assert_eq!(q["handOff"]["call"][0]["name"], json!(program.name));
    assert_eq!(q["handOff"]["call"][0]["howToApply"], json!(program.how_to_apply));
    let law = q["law"].as_array().unwrap();
    let en_law = view::question_json(en, None, "traffic-misdemeanor")["law"].clone();
    assert_eq!(law.len(), en_law.as_array().unwrap().len());
    for (a, b) in law.iter().zip(en_law.as_array().unwrap()) {
        assert_eq!((&a["cite"], &a["passage"], &a["url"], &a["official"]), (&b["cite"], &b["passage"], &b["url"], &b["official"]));
    }
    let plea = screen::book_in(Lang::Es).law.get("plea-questions").unwrap();
    assert!(plea.text_of.starts_with("una noticia") && plea.note.as_deref().unwrap().starts_with("Una noticia"));
    // Matched by the English cues, given in Spanish.
    let met = screen::matching_in("I was arrested for reckless driving, could I go to jail?", Some("traffic-misdemeanor"), Lang::Es);
    assert_eq!(met.iter().map(|q| (q.id.as_str(), q.text.starts_with('¿'))).collect::<Vec<_>>(), [("jail-possible", true)]);
}

/// A question put in Spanish, typed as people type it (accents or none, upper case), meets the
/// situation its words speak of, and one that speaks of none meets nothing.
#[test]
fn spanish_questions_meet_the_situations_their_words_speak_of() {
    let met = |question: &str, kind: Option<&str>| -> Vec<&str> {
        screen::matching_in(question, kind, Lang::Es).iter().map(|q| q.id.as_str()).collect()
    };
    assert_eq!(met("Me arrestaron por manejar tomado, ¿puedo ir a la cárcel?", Some("traffic-misdemeanor")), ["jail-possible"]);
    assert_eq!(met("mi pareja me pego anoche y me amenazo con matarme", Some("protective-order-petitioner")), ["danger-now"]);
    assert_eq!(met("Mi EX me golpeaba enfrente de los niños", Some("custody-visitation")), ["abuse"]);
    assert_eq!(met("tengo miedo que me deporten si voy a la corte", Some("custody-visitation")), ["immigration"]);
    assert_eq!(met("el dueño dice que pierdo mi voucher de la sección 8", Some("eviction-tenant")), ["federal-housing"]);
    assert_eq!(met("me estan quitando del sueldo por una deuda", Some("debt-defendant")), ["judgment-entered"]);
    assert_eq!(met("el papá se los llevó a otro estado", Some("custody-visitation")), ["other-state"]);
    assert_eq!(met("tiene una pistola en la casa", Some("protective-order-respondent")), ["firearms"]);
    // Words that only begin like a cue ("deporte", "acostumbro") and a plain question meet nothing.
    assert!(met("juego deporte los sabados y me acostumbro a llegar tarde", None).is_empty());
    assert!(met("cuanto tiempo tengo para apelar una multa de transito", Some("traffic-misdemeanor")).is_empty());
    // Every Spanish cue is written folded and lower case, as the question is read.
    for q in &screen::book().questions {
        assert!(!q.cues_es.is_empty(), "{} has no Spanish cues", q.id);
        for cue in &q.cues_es {
            assert!(cue.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == ' ' || c == '*'), "{}: {cue:?}", q.id);
        }
    }
}

// ---- Over HTTP ----

async fn get(state: &proseva_server::AppState, path: &str, accept_language: Option<&str>) -> (u16, Value, Option<String>) {
    let mut request = call("GET", path);
    if let Some(lang) = accept_language {
        request = request.header("Accept-Language", lang);
    }
    request.send_with_header(state, "content-language").await
}

#[tokio::test]
async fn the_help_answers_in_spanish_with_accept_language_es_and_in_english_without() {
    let (state, _dir) = state();
    let path = "/api/help?locality=richmond-city&caseKind=eviction-tenant";
    let (status, en, lang) = get(&state, path, None).await;
    assert_eq!((status, lang.as_deref()), (200, Some("en")), "{en}");
    let (status, es, lang) = get(&state, path, Some("es-US,es;q=0.9,en;q=0.8")).await;
    assert_eq!((status, lang.as_deref()), (200, Some("es")), "{es}");
    let same = |v: &Value, list: &str| {
        v[list]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["id"].clone(), p["phone"].clone(), p["url"].clone(), p["source"].clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(same(&es, "programs"), same(&en, "programs"));
    assert_eq!(same(&es, "statewide"), same(&en, "statewide"));
    assert_eq!((&es["locality"], &es["listDate"]), (&en["locality"], &en["listDate"]));
    let first = es["programs"][0]["id"].as_str().unwrap();
    let program = help::book_in(Lang::Es).programs.iter().find(|p| p.id == first).unwrap();
    assert_eq!(es["programs"][0]["howToApply"], json!(program.how_to_apply));
    assert_eq!(es["programs"][0]["caseKinds"], json!(program.case_kinds));
    assert_ne!(es["programs"][0]["howToApply"], en["programs"][0]["howToApply"]);
    let line = |v: &Value| v["statewide"].as_array().unwrap().iter().find(|s| s["id"] == "legal-aid-line").unwrap().clone();
    assert_eq!((line(&es)["name"].as_str(), line(&es)["cost"].as_str()), (Some("Línea de ayuda legal (todo el estado)"), Some("Gratis")));
    assert_eq!((line(&en)["name"].as_str(), line(&en)["cost"].as_str()), (Some("Legal Aid line (statewide)"), Some("Free")));

    // `?lang=` wins over the header, and is not an unknown parameter; an unknown language is refused.
    let (status, forced, lang) = get(&state, &format!("{path}&lang=en"), Some("es")).await;
    assert_eq!((status, lang.as_deref()), (200, Some("en")), "{forced}");
    assert_eq!(forced["programs"], en["programs"]);
    let (status, refused, _) = get(&state, &format!("{path}&lang=fr"), None).await;
    assert_eq!(status, 400, "{refused}");
    assert!(refused["error"]["fields"]["lang"].as_str().is_some_and(|m| m.contains("fr")), "{refused}");
    // The checks on the other parameters still hold.
    assert_eq!(get(&state, "/api/help?locality=richmond-city&lang=es&colour=red", None).await.0, 400);
    assert_eq!(get(&state, "/api/help?locality=atlantis-city&lang=es", None).await.0, 404);

    // The places: the same list, named as they are named.
    let (status, places_es, lang) = get(&state, "/api/help/localities", Some("es")).await;
    assert_eq!((status, lang.as_deref()), (200, Some("es")));
    assert_eq!(places_es, get(&state, "/api/help/localities", None).await.1);
    let (status, place, lang) = get(&state, "/api/help/locality?court=Norfolk%20General%20District%20Court&lang=es", None).await;
    assert_eq!((status, lang.as_deref(), place["locality"]["id"].as_str()), (200, Some("es"), Some("norfolk-city")), "{place}");
}

#[tokio::test]
async fn the_screening_questions_and_hand_offs_answer_in_spanish() {
    let (state, _dir) = state();
    for kind in proseva_server::paths::kinds() {
        let path = format!("/api/help/screen?caseKind={kind}&locality=richmond-city");
        let (status, en, lang) = get(&state, &path, None).await;
        assert_eq!((status, lang.as_deref()), (200, Some("en")), "{kind}: {en}");
        let (status, es, lang) = get(&state, &path, Some("es")).await;
        assert_eq!((status, lang.as_deref()), (200, Some("es")), "{kind}: {es}");
        assert_eq!(es["caseKind"], en["caseKind"]);
        assert_eq!(es["checkedOn"], en["checkedOn"]);
        assert_eq!(es["gaps"], json!(screen::book_in(Lang::Es).gaps));
        let (qs_en, qs_es) = (en["questions"].as_array().unwrap(), es["questions"].as_array().unwrap());
        assert_eq!(qs_en.iter().map(|q| &q["id"]).collect::<Vec<_>>(), qs_es.iter().map(|q| &q["id"]).collect::<Vec<_>>());
        for (a, b) in qs_en.iter().zip(qs_es) {
            let spanish = screen::question_in(b["id"].as_str().unwrap(), Lang::Es).unwrap();
            assert_eq!((b["text"].as_str(), b["why"].as_str()), (Some(spanish.text.as_str()), Some(spanish.why.as_str())));
            assert_eq!(b["handOff"]["title"], "Busque la ayuda de un abogado ahora");
            assert_eq!(a["handOff"]["title"], "Get a lawyer’s help now");
            assert_eq!(
                (&b["handOff"]["today"], &b["handOff"]["appCanStill"]),
                (&json!(spanish.hand_off.today), &json!(spanish.hand_off.app_can_still))
            );
            assert_eq!(b["sections"], a["sections"]);
            let ids = |q: &Value| {
                q["handOff"]["call"].as_array().unwrap().iter().map(|c| (c["id"].clone(), c["phone"].clone())).collect::<Vec<_>>()
            };
            assert_eq!(ids(b), ids(a), "{}", b["id"]);
            for (x, y) in a["law"].as_array().unwrap().iter().zip(b["law"].as_array().unwrap()) {
                assert_eq!((&x["cite"], &x["passage"], &x["url"], &x["read"]), (&y["cite"], &y["passage"], &y["url"], &y["read"]));
            }
        }
    }
    // Without a place, the pointer to choose one, in Spanish.
    let (_, es, _) = get(&state, "/api/help/screen?caseKind=traffic-misdemeanor&lang=es", None).await;
    let pointer = &es["questions"][0]["handOff"]["call"][0];
    assert_eq!((pointer["id"].as_str(), pointer["name"].as_str()), (Some("program"), Some("Su programa de ayuda legal")));
    let (_, en, _) = get(&state, "/api/help/screen?caseKind=traffic-misdemeanor", None).await;
    assert_eq!(en["questions"][0]["handOff"]["call"][0]["name"], "Your legal aid program");
    assert_eq!(get(&state, "/api/help/screen?caseKind=divorce&lang=es", None).await.0, 400);
}

#[tokio::test]
async fn the_eligibility_answer_is_in_spanish_with_the_same_figures() {
    let (state, _dir) = state();
    let body = json!({"householdSize": 3, "yearlyIncome": "21,000"});
    let (status, en, lang) = call("POST", "/api/help/eligibility").json(&body).send_with_header(&state, "content-language").await;
    assert_eq!((status, lang.as_deref()), (200, Some("en")), "{en}");
    let (status, es, lang) = call("POST", "/api/help/eligibility")
        .header("Accept-Language", "es")
        .json(&body)
        .send_with_header(&state, "content-language")
        .await;
    assert_eq!((status, lang.as_deref()), (200, Some("es")), "{es}");
    for key in ["guidelineYear", "householdSize", "yearlyIncome", "povertyLine", "percentOfPoverty", "guidelineSource"] {
        assert_eq!(es[key], en[key], "{key}");
    }
    let answers = |v: &Value| {
        v["programs"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| (p["mayQualify"].clone(), p["percent"].clone(), p["limit"].clone()))
            .collect::<Vec<_>>()
    };
    assert_eq!(answers(&es), answers(&en));
    assert!(es["caveat"].as_str().unwrap().starts_with("Usted podría calificar"), "{es}");
    assert!(en["caveat"].as_str().unwrap().starts_with("You may qualify"), "{en}");
    assert_eq!(es["programs"][1]["name"], "Ayuda legal (en ciertas situaciones)");
    let (status, _, _) = call("POST", "/api/help/eligibility?lang=es")
        .json(&json!({"householdSize": 0, "yearlyIncome": 1}))
        .send_with_header(&state, "content-language")
        .await;
    assert_eq!(status, 400);
}
