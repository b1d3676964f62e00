//! The offline planner's `build_case_law`: the loop a model runs — search, process, follow the
//! citing opinions, stop when opinions stop adding links — planned turn by turn from the results.
//!
//! Turn 1: a plan, `query_graph` (what the notes already hold for the section) and
//! `search_opinions` for the section in the Virginia appellate courts. Then each turn processes up
//! to [`PER_TURN`] opinions not yet in the notes, in the order they were found; when none are
//! left it asks CourtListener for the opinions citing those that added something (and then those
//! already in the notes that the searches found again). An opinion adds something when it links a
//! section no opinion of this run was linked to before. It stops when
//! [`DRY_RUN`] processed opinions in a row add nothing, when nothing is left to follow, or after
//! [`MAX_OPINIONS`]; then `summarize_graph`. A failed search ends the run at once: it never
//! guesses opinions.

use std::collections::HashSet;

use serde_json::{Value, json};

use super::call;
use super::workflows::{focus_of, results_so_far};
use crate::model::{ChatMessage, ToolCall};

/// Opinions processed per turn.
const PER_TURN: usize = 3;
/// Processed opinions in a row that add no link before the loop stops.
const DRY_RUN: usize = 2;
/// Opinions one run processes at most.
const MAX_OPINIONS: usize = 10;
/// Opinions asked of the first search.
const SEARCH_LIMIT: usize = 10;
/// Citing opinions asked for per opinion followed.
const CITING_LIMIT: usize = 5;

/// An opinion id in a result or in arguments (a number, or digits in a string).
fn opinion_id(value: &Value) -> Option<u64> {
    value.as_u64().or_else(|| value.as_str()?.trim().parse().ok())
}

/// The calls of the next turn, for a run in `lang`: its plan (the one thing it writes itself) in
/// Spanish for `"es"`.
pub fn plan(system: &str, messages: &[ChatMessage], lang: Option<&str>) -> Vec<ToolCall> {
    let focus = focus_of(system);
    let section = focus.id.trim().trim_start_matches('§').trim().to_string();
    let results = results_so_far(messages);
    if results.is_empty() {
        let thought = if crate::language::is_spanish_code(lang) {
            format!(
                "Plan sin conexión: ver qué tienen las notas de jurisprudencia sobre § {section}; buscar en CourtListener \
                 opiniones de los tribunales de apelación de Virginia que la citan; agregar las opiniones que todavía no están en \
                 las notas, cada una enlazada con las secciones que cita; seguir las opiniones que citan a las que agregaron \
                 enlaces; parar cuando {DRY_RUN} opiniones seguidas no agreguen nada."
            )
        } else {
            format!(
                "Offline plan: see what the case-law notes hold for § {section}; search CourtListener for Virginia \
                 appellate opinions citing it; add the opinions not yet in the notes, each linked to the sections it cites; \
                 follow the opinions that cite those that added links; stop when {DRY_RUN} opinions in a row add nothing."
            )
        };
        return vec![
            call(0, "think", json!({ "thought": thought })),
            call(1, "query_graph", json!({ "term": section })),
            call(2, "search_opinions", json!({ "query": format!("\"{section}\""), "court": "va vactapp", "limit": SEARCH_LIMIT })),
        ];
    }
    let summarized = results.iter().any(|(name, _, _)| name == "summarize_graph");
    let finish = || if summarized { Vec::new() } else { vec![call(0, "summarize_graph", json!({}))] };
    // A search CourtListener did not answer ends the run: nothing to follow, nothing guessed.
    let search_failed = results.iter().any(|(name, _, r)| name == "search_opinions" && r.get("error").is_some());
    if search_failed || summarized {
        return finish();
    }

    // Opinions the notes held before this run, as `cl-<id>` in query_graph's answer.
    let mut known: HashSet<u64> = HashSet::new();
    for (name, _, r) in &results {
        if name == "query_graph" {
            for node in r["citingOpinions"]
                .as_array()
                .into_iter()
                .flatten()
                .map(|c| &c["node"])
                .chain(r["opinions"].as_array().into_iter().flatten())
            {
                if let Some(id) = node["sourceId"].as_str().and_then(|s| s.strip_prefix("cl-")).and_then(|s| s.parse().ok()) {
                    known.insert(id);
                }
            }
        }
    }
    // Each processed opinion, and whether it added value: new links, to a section no opinion
    // processed earlier in this run was linked to.
    let mut seen_sections: HashSet<String> = HashSet::new();
    let mut processed: Vec<(u64, bool)> = Vec::new();
    for (name, args, r) in &results {
        if name != "process_opinion" {
            continue;
        }
        let Some(id) = opinion_id(&args["opinion_id"]) else { continue };
        let mut added = false;
        for s in r["sections"].as_array().into_iter().flatten().filter_map(|s| s["section"].as_str()) {
            added |= seen_sections.insert(s.to_string());
        }
        processed.push((id, added && r["new"].as_u64().unwrap_or(0) > 0));
    }
    let dry = processed.iter().rev().take_while(|(_, added)| !added).count();
    if dry >= DRY_RUN || processed.len() >= MAX_OPINIONS {
        return finish();
    }
    let done: HashSet<u64> = processed.iter().map(|(id, _)| *id).chain(known.iter().copied()).collect();
    let mut found: Vec<u64> = Vec::new();
    for (name, _, r) in &results {
        if name == "search_opinions" || name == "get_citing_opinions" {
            for hit in r["results"].as_array().into_iter().flatten() {
                if let Some(id) = opinion_id(&hit["opinion_id"])
                    && !found.contains(&id)
                {
                    found.push(id);
                }
            }
        }
    }
    let next: Vec<u64> = found.iter().copied().filter(|id| !done.contains(id)).take(PER_TURN.min(MAX_OPINIONS - processed.len())).collect();
    if !next.is_empty() {
        return next.iter().enumerate().map(|(i, id)| call(i, "process_opinion", json!({ "opinion_id": id }))).collect();
    }
    let followed: HashSet<u64> = results
        .iter()
        .filter(|(name, _, _)| name == "get_citing_opinions")
        .filter_map(|(_, args, _)| opinion_id(&args["opinion_id"]))
        .collect();
    // Follow the opinions that added something; then those already in the notes that this run's
    // searches found again (their citing opinions may be new since they were added), so a second
    // "Find more" reaches further than the first.
    let known_found = found.iter().filter(|id| known.contains(id)).map(|id| (*id, true));
    let to_follow: Vec<u64> = processed
        .iter()
        .copied()
        .chain(known_found)
        .filter(|(id, added)| *added && !followed.contains(id))
        .map(|(id, _)| id)
        .take(2)
        .collect();
    if !to_follow.is_empty() {
        return to_follow
            .iter()
            .enumerate()
            .map(|(i, id)| call(i, "get_citing_opinions", json!({ "opinion_id": id, "court": "va vactapp", "limit": CITING_LIMIT })))
            .collect();
    }
    finish()
}

/// The offline summary of a run: what was added, from `process_opinion`'s results; in Spanish for
/// `lang` `"es"`, with the same counts, opinions and sections as in English.
pub fn summary(results: &[crate::event::ToolResult], lang: Option<&str>) -> String {
    let es = crate::language::is_spanish_code(lang);
    let say = |en: &'static str, spanish: &'static str| if es { spanish } else { en };
    let mut added: Vec<String> = Vec::new();
    let (mut new, mut merged, mut unchanged) = (0, 0, 0);
    let mut failed: Vec<String> = Vec::new();
    let mut sections: Vec<String> = Vec::new();
    for r in results {
        match (r.tool.as_str(), r.ok) {
            ("process_opinion", true) => {
                let n = r.result["new"].as_u64().unwrap_or(0);
                new += n;
                merged += r.result["merged"].as_u64().unwrap_or(0);
                if n == 0 {
                    unchanged += 1;
                }
                let linked: Vec<String> = r.result["sections"]
                    .as_array()
                    .into_iter()
                    .flatten()
                    .filter_map(|s| s["section"].as_str())
                    .map(|id| crate::cards::label_in(id, es))
                    .collect();
                for s in &linked {
                    if !sections.contains(s) {
                        sections.push(s.clone());
                    }
                }
                if n > 0 {
                    let name = r.result["opinion"]["caseName"].as_str().unwrap_or(say("an opinion", "una opinión"));
                    added.push(format!("{name} ({})", linked.join(", ")));
                }
            }
            ("search_opinions" | "get_citing_opinions" | "process_opinion", false) => {
                failed.push(crate::tool::error_message(&r.result).unwrap_or(say("failed", "no funcionó")).to_string())
            }
            _ => {}
        }
    }
    let plural = |n: usize, one: &'static str, many: &'static str| if n == 1 { one } else { many };
    let mut out = if es {
        let name = crate::workflows::workflow("build_case_law").map_or("Preparar notas de jurisprudencia", |w| w.name_in(lang));
        format!("“{name}” se hizo sin conexión: los pasos se planearon sin un modelo de lenguaje y las opiniones vienen de CourtListener. ")
    } else {
        String::from(
            "“Build case-law notes” ran offline: the steps were planned without a language model, the opinions come from CourtListener. ",
        )
    };
    if added.is_empty() {
        out.push_str(say(
            "No new opinion was added to your case-law notes",
            "No se agregó ninguna opinión nueva a sus notas de jurisprudencia",
        ));
        out.push_str(if unchanged > 0 {
            say(
                " (the opinions found were already there, or cite nothing new). ",
                " (las opiniones encontradas ya estaban, o no citan nada nuevo). ",
            )
        } else {
            ". "
        });
    } else if es {
        out.push_str(&format!(
            "Agregó {} {} con {new} {}: {}. ",
            added.len(),
            plural(added.len(), "opinión", "opiniones"),
            plural(new as usize, "enlace nuevo", "enlaces nuevos"),
            added.join("; ")
        ));
    } else {
        out.push_str(&format!(
            "It added {} opinion{} with {new} new link{}: {}. ",
            added.len(),
            if added.len() == 1 { "" } else { "s" },
            if new == 1 { "" } else { "s" },
            added.join("; ")
        ));
    }
    if merged > 0 {
        if es {
            out.push_str(&format!(
                "{merged} {} en sus notas y se {} como {}. ",
                plural(merged as usize, "enlace ya estaba", "enlaces ya estaban"),
                plural(merged as usize, "dejó", "dejaron"),
                plural(merged as usize, "estaba", "estaban")
            ));
        } else {
            out.push_str(&format!(
                "{merged} link{} were already in your notes and were kept as they were. ",
                if merged == 1 { "" } else { "s" }
            ));
        }
    }
    if !sections.is_empty() {
        out.push_str(&format!(
            "{} {}. ",
            say("Sections these opinions cite:", "Secciones que citan estas opiniones:"),
            sections.join(", ")
        ));
    }
    if let Some(first) = failed.first() {
        out.push_str(&format!("{} {first}. ", say("Not everything could be done:", "No se pudo hacer todo:")));
    }
    out.push_str(say(
        "The holdings are the opinions' own sentences around their citations; read an opinion in full before relying on it. This is legal information, not legal advice.",
        "Las decisiones que se muestran son las propias oraciones de cada opinión alrededor de sus citas; lea la opinión completa antes de basarse en ella. Esto es información legal, no asesoría legal.",
    ));
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Role;

    fn turn(calls: Vec<ToolCall>, results: Vec<Value>) -> Vec<ChatMessage> {
        let mut out = vec![ChatMessage::assistant_calls("", calls.clone())];
        for (c, r) in calls.iter().zip(results) {
            out.push(ChatMessage::tool(c.id.clone(), r.to_string()));
        }
        out
    }

    #[test]
    fn the_loop_searches_processes_follows_and_stops_when_opinions_add_nothing() {
        let system = "Workflow: build_case_law\nFocus: section 20-124.3 “Best interests”";
        let mut messages = vec![ChatMessage::system(system), ChatMessage::user("Run it")];
        let first = plan(system, &messages, None);
        assert_eq!(first.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["think", "query_graph", "search_opinions"]);
        let hits = json!({ "results": [{ "opinion_id": 11 }, { "opinion_id": 12 }, { "opinion_id": 13 }, { "opinion_id": 14 }] });
        let known = json!({ "opinions": [], "citingOpinions": [{ "node": { "sourceId": "cl-12" } }] });
        messages.extend(turn(first, vec![json!({ "thought": "x" }), known, hits]));

        let second = plan(system, &messages, None);
        let ids: Vec<Value> = second.iter().map(|c| serde_json::from_str::<Value>(&c.arguments).unwrap()["opinion_id"].clone()).collect();
        assert_eq!(ids, [json!(11), json!(13), json!(14)], "12 is already in the notes");
        let linked = |new: u64, sections: &[&str]| json!({ "new": new, "sections": sections.iter().map(|s| json!({ "section": s })).collect::<Vec<_>>() });
        messages.extend(turn(second, vec![linked(2, &["20-124.3", "20-124.2"]), linked(0, &["20-124.3"]), linked(1, &["16.1-241"])]));

        let third = plan(system, &messages, None);
        assert!(third.iter().all(|c| c.name == "get_citing_opinions"), "{third:?}");
        assert_eq!(third.len(), 2, "11 and 14 added sections; 13 added nothing");
        messages.extend(turn(third, vec![json!({ "results": [{ "opinion_id": 21 }, { "opinion_id": 22 }] }), json!({ "results": [] })]));

        let fourth = plan(system, &messages, None);
        assert_eq!(fourth.len(), 2);
        messages.extend(turn(fourth, vec![linked(1, &["20-124.3"]), linked(0, &[])]));

        let fifth = plan(system, &messages, None);
        assert_eq!(fifth.iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["summarize_graph"], "two in a row added no section");
        messages.extend(turn(fifth, vec![json!({ "opinions": 3 })]));
        assert!(plan(system, &messages, None).is_empty());
        assert!(messages.iter().all(|m| m.role != Role::System || m.content == system));
    }

    #[test]
    fn a_spanish_run_is_summed_up_in_spanish_with_the_same_figures() {
        const ENGLISH: &[&str] = &[
            "Build case-law notes",
            "ran offline",
            "steps were planned",
            "language model",
            "come from",
            "It added",
            "opinions with",
            "new link",
            "were already",
            "kept as they were",
            "Sections these opinions cite",
            "Not everything",
            "holdings",
            "in full",
            "legal information",
            "legal advice",
            "No new opinion",
            "already there",
            "an opinion",
            "failed",
            "Offline plan",
        ];
        let result = |tool: &str, ok: bool, result: Value| crate::event::ToolResult { tool: tool.into(), args: json!({}), ok, result };
        let processed = |name: Option<&str>, new: u64, merged: u64, sections: &[&str]| {
            let sections: Vec<Value> = sections.iter().map(|s| json!({ "section": s })).collect();
            result("process_opinion", true, json!({ "opinion": { "caseName": name }, "new": new, "merged": merged, "sections": sections }))
        };
        let runs = [
            vec![
                processed(Some("Keel v. Keel"), 2, 1, &["20-124.3", "20-124.2"]),
                processed(None, 1, 3, &["const-I-12"]),
                processed(Some("Doe v. Roe"), 0, 0, &["20-124.3"]),
                result(
                    "search_opinions",
                    false,
                    json!({"error": {"code": "unavailable", "message": "CourtListener could not be reached"}}),
                ),
            ],
            vec![processed(Some("Doe v. Roe"), 0, 0, &[])],
            vec![],
        ];
        let figures = |text: &str| {
            let mut numbers: Vec<String> =
                text.split(|c: char| !c.is_ascii_digit()).filter(|n| !n.is_empty()).map(str::to_string).collect();
            numbers.sort();
            (numbers, text.matches('§').count())
        };
        for results in &runs {
            let (english, spanish) = (summary(results, None), summary(results, Some("es")));
            let own = ["Keel v. Keel", "Doe v. Roe", "CourtListener could not be reached", "CourtListener"]
                .iter()
                .fold(spanish.clone(), |t, d| t.replace(d, " "));
            for word in ENGLISH {
                assert!(!own.contains(word), "{word:?} in {spanish}");
            }
            assert_eq!(figures(&english), figures(&spanish), "{english}\n{spanish}");
        }
        let spanish = summary(&runs[0], Some("es"));
        assert!(spanish.starts_with("“Preparar notas de jurisprudencia” se hizo sin conexión"), "{spanish}");
        assert!(spanish.contains("Agregó 2 opiniones con 3 enlaces nuevos: Keel v. Keel (§ 20-124.3, § 20-124.2); una opinión (Constitución de Virginia, artículo I, sección 12)."), "{spanish}");
        assert!(spanish.contains("4 enlaces ya estaban en sus notas y se dejaron como estaban."), "{spanish}");
        assert!(summary(&runs[0], None).contains("It added 2 opinions with 3 new links: Keel v. Keel (§ 20-124.3, § 20-124.2); an opinion (Constitution of Virginia, Article I, Section 12)."));

        let system = "Workflow: build_case_law\nFocus: section 20-124.3 “Best interests”";
        let thought = |lang| {
            serde_json::from_str::<Value>(&plan(system, &[ChatMessage::system(system)], lang)[0].arguments).unwrap()["thought"]
                .as_str()
                .unwrap()
                .to_string()
        };
        assert!(thought(Some("es")).starts_with("Plan sin conexión: ver qué tienen las notas de jurisprudencia sobre § 20-124.3"));
        assert_eq!(figures(&thought(Some("es"))), figures(&thought(None)));
    }

    #[test]
    fn a_failed_search_ends_the_run_without_guessing() {
        let system = "Workflow: build_case_law\nFocus: section 20-124.3";
        let mut messages = vec![ChatMessage::system(system)];
        let first = plan(system, &messages, None);
        let refused = json!({ "error": { "code": "unavailable", "message": "CourtListener could not be reached" } });
        messages.extend(turn(first, vec![json!({}), json!({}), refused]));
        assert_eq!(plan(system, &messages, None).iter().map(|c| c.name.as_str()).collect::<Vec<_>>(), ["summarize_graph"]);
    }
}
