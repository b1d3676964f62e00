//! The Help data as the API and the assistant's `FindHelp` show it: a program, a help line, a
//! screening question with its hand-off (the help it names resolved for a place).

use serde_json::{Value, json};

use super::{Program, Source, Statewide};

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
    let mut out = Vec::new();
    for id in call {
        if id == "program" {
            match locality {
                Some(l) => out.extend(super::programs_for(l, Some(kind)).into_iter().map(|p| program_json(p, Some(kind)))),
                None => out.push(json!({
                    "id": "program",
                    "name": "Your legal aid program",
                    "who": "Choose your county or city on the Help tab to see which program serves it and its telephone number.",
                })),
            }
        } else if let Some(s) = super::book().statewide.iter().find(|s| &s.id == id) {
            out.push(statewide_json(s));
        }
    }
    out
}

/// One question as the API gives it.
pub fn question_json(q: &super::screen::Question, locality: Option<&str>, kind: &str) -> Value {
    let law: Vec<Value> = super::screen::law_of(q)
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
            "call": hand_off_calls(&q.hand_off.call, locality, kind),
            "today": q.hand_off.today,
            "appCanStill": q.hand_off.app_can_still,
        },
    })
}
