//! The Help data as the API and the assistant's `FindHelp` show it: a program, a help line, a
//! screening question with its hand-off (the help it names resolved for a place).

use serde_json::{Value, json};

use super::{Program, Source, Statewide};
use crate::lang::Lang;

fn first(sources: &[Source]) -> (String, String) {
    sources.first().map(|s| (s.url.clone(), s.read.clone())).unwrap_or_default()
}

pub fn program_json(p: &Program, kind: Option<&str>) -> Value {
    let (source, read) = first(&p.sources);
    json!({
        "id": p.id,
        "name": p.name,
        "phone": p.phone,
        "url": p.url,
        "howToApply": p.how_to_apply,
        "caseKinds": p.case_kinds,
        "languages": p.languages,
        "takesThisKind": kind.map(|k| p.path_kinds.iter().any(|x| x == k)),
        "source": source,
        "read": read,
        "sources": p.sources,
    })
}

pub fn statewide_json(s: &Statewide) -> Value {
    let (source, read) = first(&s.sources);
    let mut v = json!({ "id": s.id, "name": s.name, "who": s.who, "source": source, "read": read, "sources": s.sources });
    for (key, value) in [("phone", &s.phone), ("url", &s.url), ("cost", &s.cost)] {
        if let Some(value) = value {
            v[key] = json!(value);
        }
    }
    v
}

/// The help a hand-off names, as the Help screen shows it: `program` is the legal aid program(s)
/// for the locality (or a pointer to choose one), the rest the statewide entries.
pub fn hand_off_calls(call: &[String], locality: Option<&str>, kind: &str) -> Vec<Value> {
    hand_off_calls_in(call, locality, kind, Lang::En)
}

/// [`hand_off_calls`] in `lang`'s words.
pub fn hand_off_calls_in(call: &[String], locality: Option<&str>, kind: &str, lang: Lang) -> Vec<Value> {
    let mut out = Vec::new();
    for id in call {
        if id == "program" {
            match locality {
                Some(l) => out.extend(super::programs_for_in(l, Some(kind), lang).into_iter().map(|p| program_json(p, Some(kind)))),
                None => out.push(match lang {
                    Lang::En => json!({
                        "id": "program",
                        "name": "Your legal aid program",
                        "who": "Choose your county or city on the Help tab to see which program serves it and its telephone number.",
                    }),
                    Lang::Es => json!({
                        "id": "program",
                        "name": "Su programa de ayuda legal",
                        "who": "Elija su condado o ciudad en la pestaña Ayuda para ver qué programa le corresponde y su número de teléfono.",
                    }),
                }),
            }
        } else if let Some(s) = super::book_in(lang).statewide.iter().find(|s| &s.id == id) {
            out.push(statewide_json(s));
        }
    }
    out
}

/// One question as the API gives it.
pub fn question_json(q: &super::screen::Question, locality: Option<&str>, kind: &str) -> Value {
    question_json_in(q, locality, kind, Lang::En)
}

/// [`question_json`] in `lang`'s words: the question is looked up in `lang`'s book by its id (the
/// one given when it has none there), with its law and the help it calls.
pub fn question_json_in(q: &super::screen::Question, locality: Option<&str>, kind: &str, lang: Lang) -> Value {
    let q = super::screen::question_in(&q.id, lang).unwrap_or(q);
    let law: Vec<Value> = super::screen::law_of_in(q, lang)
        .into_iter()
        .map(|p| {
            let mut v = json!(p);
            let section = p.cite.strip_prefix("Va. Code § ").map(|s| s.split(' ').next().unwrap_or(s));
            if let Some(url) = section.and_then(super::screen::section_url) {
                v["url"] = json!(url);
            }
            v
        })
        .collect();
    json!({
        "id": q.id,
        "text": q.text,
        "why": q.why,
        "sections": q.sections,
        "law": law,
        "handOff": {
            "title": q.hand_off.title,
            "call": hand_off_calls_in(&q.hand_off.call, locality, kind, lang),
            "today": q.hand_off.today,
            "appCanStill": q.hand_off.app_can_still,
        },
    })
}
