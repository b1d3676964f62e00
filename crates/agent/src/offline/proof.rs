//! Proof for the hearing in the offline answer (issue 43): "what am I missing for my hearing?",
//! "what do I still need to prove?", "what evidence do I need?" are answered from the case's Proof
//! view (`GetProof`) — for each thing the court must find that the person's records do not show
//! yet, what is missing, in the view's own plain sentences; the counts; the sections each rests on;
//! and the view's caveat, every time: a count of what the person has, never a prediction.
//!
//! The same view gives the hearing checklist of the `hearing_prep` workflow its "What the court
//! must find" part ([`checklist_part`]).

use serde_json::Value;

use crate::cards::{counts_line, status_words, status_words_in};

/// Whether the question asks what the person still lacks for their hearing, or what they must
/// prove and with what evidence (not how a court weighs evidence in general, nor what the other
/// side must prove: "do they have to prove the radar was accurate?").
pub fn asks_what_is_missing(question: &str) -> bool {
    let q = format!(" {} ", question.to_lowercase().replace(['’', '‘'], "'"));
    [
        " what am i missing",
        " what i'm missing",
        " what i am missing",
        " what's missing",
        " what is missing",
        " what else do i need",
        " still need to prove",
        " do i need to prove",
        " do i have to prove",
        " i need to prove",
        " i have to prove",
        " must i prove",
        " what must be proved",
        " what must be proven",
        " what has to be proved",
        " what has to be proven",
        " what do i need to show",
        " what do i have to show",
        " what evidence do i need",
        " what evidence should i",
        " what evidence do i have",
        " what proof do i need",
        " what the court must find",
        " what does the court need to find",
        " what does the judge need to see",
        " am i ready for my hearing",
        " am i ready for the hearing",
    ]
    .iter()
    .any(|cue| q.contains(cue))
}

/// The sections an element rests on, as "§ 55.1-1245, § 8.01-126".
fn sections(element: &Value) -> String {
    let ids: Vec<String> =
        element["sections"].as_array().into_iter().flatten().filter_map(Value::as_str).map(proseva_citation::label).collect();
    ids.join(", ")
}

fn strings(v: &Value) -> Vec<&str> {
    v.as_array().into_iter().flatten().filter_map(Value::as_str).collect()
}

/// The answer's part from a Proof view: `case_name` is the case's name when `GetCases` gave it;
/// `es`: in Spanish (the view's own words come as the server wrote them).
pub fn missing_block(view: &Value, case_name: Option<&str>, es: bool) -> String {
    let elements = view["elements"].as_array().map_or(&[][..], Vec::as_slice);
    let of = case_name.map(|n| if es { format!(" en {n}") } else { format!(" in {n}") }).unwrap_or_default();
    if elements.is_empty() {
        let why = view["message"].as_str().unwrap_or(if es {
            "Este caso todavía no tiene un tipo elegido, así que la aplicación no puede decir lo que el tribunal debe comprobar en él."
        } else {
            "This case has no kind yet, so the app cannot say what the court must find in it."
        });
        return if es {
            format!("**Lo que el tribunal debe comprobar{of}:** {why}\n\n")
        } else {
            format!("**What the court must find{of}:** {why}\n\n")
        };
    }
    let mut out = if es {
        let things = if elements.len() == 1 { "1 punto".to_string() } else { format!("{} puntos", elements.len()) };
        format!(
            "**Lo que el tribunal debe comprobar{of}, y lo que muestran sus registros** ({}): de {things}, {}\n\n",
            view["title"].as_str().unwrap_or("su caso"),
            counts_line_es(&view["counts"])
        )
    } else {
        format!(
            "**What the court must find{of}, and what your records show** ({}): of {} things, {}\n\n",
            view["title"].as_str().unwrap_or("your case"),
            elements.len(),
            counts_line(&view["counts"])
        )
    };
    let mut shown: Vec<String> = Vec::new();
    let sides = if es {
        [("claim", "Lo que debe probar la parte que presentó el caso"), ("defence", "Las respuestas al caso")]
    } else {
        [("claim", "What the side bringing the case must prove"), ("defence", "Answers to the case")]
    };
    for (side, heading) in sides {
        let lines: Vec<String> = elements
            .iter()
            .filter(|e| e["side"] == side)
            .filter_map(|e| {
                let title = e["title"].as_str().unwrap_or(if es { "sin título" } else { "untitled" });
                let dates = strings(&e["dates"]).join(" ");
                let status = e["status"].as_str().unwrap_or_default();
                if status == "shown" {
                    let by: Vec<&str> = e["links"].as_array().into_iter().flatten().filter_map(|l| l["label"].as_str()).collect();
                    let dates = if dates.is_empty() { String::new() } else { format!(" {dates}") };
                    let by_word = if es { "con" } else { "by" };
                    shown.push(format!("{title} ({by_word} {}).{dates}", by.join("; ")));
                    return None;
                }
                let missing = strings(&e["missing"]).join(" ");
                let dates = if dates.is_empty() { String::new() } else { format!(" {dates}") };
                let status = if es { status_words_es(status).to_string() } else { status_words(status).to_lowercase() };
                Some(format!("- {title} — {status} ({}): {missing}{dates}\n", sections(e)))
            })
            .collect();
        if !lines.is_empty() {
            let still = if es { "todavía falta" } else { "still missing" };
            out.push_str(&format!("{heading} — {still}:\n\n{}\n", lines.concat()));
        }
    }
    if !shown.is_empty() {
        let lead = if es { "Ya lo muestran sus registros:" } else { "Already shown by your records:" };
        out.push_str(&format!("{lead} {}\n\n", shown.join(" ")));
    }
    out.push_str(if es {
        "Vincule sus registros a cada punto en la página **Pruebas para la audiencia** del caso (pestaña Caso): el paquete para la \
         audiencia numera los documentos vinculados como documentos de prueba.\n\n"
    } else {
        "Link your records to each one on the case's **Proof for the hearing** page (Case tab): the hearing packet numbers \
         the linked documents as exhibits.\n\n"
    });
    if let Some(caveat) = view["caveat"].as_str() {
        out.push_str(&format!("*{caveat}*\n\n"));
    }
    out
}

/// An element's status in a Spanish answer, as the Proof page says it (lower case).
fn status_words_es(status: &str) -> &'static str {
    match status {
        "shown" => "mostrado",
        "partly" => "mostrado en parte",
        _ => "nada todavía",
    }
}

/// A Proof view's counts in Spanish, as the Proof page says them: "1 mostrado, 2 mostrados en
/// parte, 5 sin nada todavía."
fn counts_line_es(counts: &Value) -> String {
    crate::cards::counts_line_in(counts, Some("es"))
}

/// The answer's part when the Proof view could not be read: with no case, or several and none
/// chosen, what to do instead (`cases`: `GetCases`'s result, when it answered). `es`: in Spanish.
pub fn unavailable_block(error: &str, cases: Option<&Value>, es: bool) -> String {
    let open =
        cases.and_then(|c| c.get("cases").unwrap_or(c).as_array()).map(|list| list.iter().filter(|c| c["status"] != "closed").count());
    if es {
        let why = match open {
            Some(0) => "Todavía no tiene ningún caso en la aplicación. Agréguelo en la pestaña Caso y elija qué tipo de caso es: su \
                        página **Pruebas para la audiencia** le muestra entonces lo que el tribunal debe comprobar y cuál de sus \
                        registros muestra cada punto."
                .to_string(),
            Some(n) if n > 1 => format!(
                "Usted tiene {n} casos abiertos. Abra en la pestaña Caso el caso de la audiencia y vuelva a preguntar desde ahí, o \
                 mire su página **Pruebas para la audiencia**."
            ),
            _ => format!("No se pudieron leer las Pruebas para la audiencia del caso: {error}"),
        };
        return format!("**Lo que el tribunal debe comprobar:** {why}\n\n");
    }
    let why = match open {
        Some(0) => "You have no case in the app yet. Add it on the Case tab and choose what kind of case it is: its **Proof for the \
                    hearing** page then shows what the court must find and which of your records shows each thing."
            .to_string(),
        Some(n) if n > 1 => format!(
            "You have {n} open cases. Open the one the hearing is in on the Case tab and ask again from there, or look at its \
             **Proof for the hearing** page."
        ),
        _ => format!("The case's Proof for the hearing could not be read: {error}"),
    };
    format!("**What the court must find:** {why}\n\n")
}

/// A kind of record linked in the Proof view (`document`, `timeline`), as the checklist names it:
/// as it came in English, in Spanish as the Proof page says it.
fn record_kind_words(kind: &str, es: bool) -> &str {
    if !es {
        return kind;
    }
    match kind {
        "document" => "documento",
        "timeline" => "evento de la cronología",
        "note" => "nota",
        "finance" => "pago",
        "contact" => "persona",
        "record" => "registro",
        other => other,
    }
}

/// The hearing checklist's part from a Proof view: each thing the court must find, what shows it
/// (the records linked) and what is still missing; the caveat under them.
pub fn checklist_part(view: &Value) -> String {
    checklist_part_in(view, false)
}

/// [`checklist_part`], its own words in Spanish when `es` (the view's own words come as the
/// server wrote them).
pub fn checklist_part_in(view: &Value, es: bool) -> String {
    let mut out = String::from(if es { "\n## Lo que el tribunal debe comprobar\n" } else { "\n## What the court must find\n" });
    let elements = view["elements"].as_array().map_or(&[][..], Vec::as_slice);
    if elements.is_empty() {
        let why = view["message"].as_str().unwrap_or(if es {
            "No se pudieron leer las Pruebas para la audiencia del caso."
        } else {
            "The case's Proof for the hearing could not be read."
        });
        out.push_str(&format!("- [ ] {why}\n"));
        return out;
    }
    out.push_str(&format!("{}\n\n", if es { counts_line_es(&view["counts"]) } else { counts_line(&view["counts"]) }));
    let lang = es.then_some("es");
    for e in elements {
        let side = match (e["side"] == "defence", es) {
            (true, false) => "an answer to the case",
            (false, false) => "to be proved",
            (true, true) => "una respuesta al caso",
            (false, true) => "por probar",
        };
        out.push_str(&format!(
            "- [ ] {} ({side}; {}) — {}\n",
            e["title"].as_str().unwrap_or(if es { "sin título" } else { "untitled" }),
            e["sections"]
                .as_array()
                .into_iter()
                .flatten()
                .filter_map(Value::as_str)
                .map(|s| format!("[§ {s}]"))
                .collect::<Vec<_>>()
                .join(" "),
            status_words_in(e["status"].as_str().unwrap_or_default(), lang).to_lowercase()
        ));
        let by: Vec<String> = e["links"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|l| {
                let note = l["note"].as_str().map(|n| format!(": {n}")).unwrap_or_default();
                format!(
                    "{} ({}){note}",
                    l["label"].as_str().unwrap_or(if es { "un registro" } else { "a record" }),
                    record_kind_words(l["recordKind"].as_str().unwrap_or("record"), es)
                )
            })
            .collect();
        if !by.is_empty() {
            out.push_str(&format!("  - {} {}\n", if es { "Se muestra con:" } else { "Shown by:" }, by.join("; ")));
        }
        for missing in strings(&e["missing"]) {
            out.push_str(&format!("  - {} {missing}\n", if es { "Falta:" } else { "Missing:" }));
        }
        for date in strings(&e["dates"]) {
            out.push_str(&format!("  - {date}\n"));
        }
    }
    if let Some(caveat) = view["caveat"].as_str() {
        out.push_str(&format!("\n{caveat}\n"));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// The Proof view of a tenant's eviction case with the lease linked and nothing else, as
    /// `GET /api/cases/{id}/proof` answers it (cut to three elements).
    fn view() -> Value {
        json!({
            "caseId": 3, "kind": "eviction-tenant", "title": "Eviction for unpaid rent", "person": "the tenant", "otherSide": "the landlord",
            "elements": [
                {"id": "rental-agreement", "side": "claim", "title": "You rent the home from the landlord", "plain": "…",
                 "sections": ["55.1-1200"], "status": "shown", "missing": [],
                 "links": [{"recordKind": "document", "recordId": 4, "label": "Lease", "covers": ["the-lease"], "createdBy": "person"}]},
                {"id": "pay-or-quit-notice", "side": "claim", "title": "A proper written notice to pay or leave", "plain": "…",
                 "sections": ["55.1-1245", "8.01-126"], "status": "nothing",
                 "missing": ["Nothing yet shows the notice itself.", "Nothing yet shows the date the notice was served."], "links": [],
                 "dates": ["The date the notice was served is not recorded yet: link the timeline event of that day to “A proper written notice to pay or leave”."]},
                {"id": "paid-or-tendered", "side": "defence", "title": "You paid everything owed", "plain": "…",
                 "sections": ["55.1-1250"], "status": "partly", "missing": ["Nothing yet shows how much was owed."],
                 "links": [{"recordKind": "finance", "recordId": 9, "label": "Rent paid", "note": "The May rent.", "covers": ["payment"], "createdBy": "agent"}]}
            ],
            "counts": {"shown": 1, "partly": 1, "nothing": 1},
            "caveat": "This shows which of your records you have matched to what the court must find. It does not say whether the judge will find it shown."
        })
    }

    #[test]
    fn questions_about_what_is_missing_are_told_from_others() {
        for q in [
            "What am I missing for my hearing?",
            "what do I still need to prove",
            "What evidence do I need?",
            "What’s missing before court on Monday?",
            "What do I have to prove to keep my apartment?",
        ] {
            assert!(asks_what_is_missing(q), "{q}");
        }
        for q in [
            "Do they have to prove the radar was accurate?",
            "I'm scared my supervisor will write me up for missing a shift to go to court",
            "The judge ruled I couldn't use my text messages as evidence",
            "How long do I have to appeal an eviction?",
        ] {
            assert!(!asks_what_is_missing(q), "{q}");
        }
    }

    #[test]
    fn the_answer_lists_what_is_missing_per_element_with_the_counts_the_sections_and_the_caveat() {
        let block = missing_block(&view(), Some("Oak Ridge v. Doe"), false);
        assert!(block.starts_with("**What the court must find in Oak Ridge v. Doe, and what your records show**"), "{block}");
        assert!(block.contains("of 3 things, 1 shown, 1 partly shown, 1 with nothing yet."), "{block}");
        // Each element not shown, under its side, with its sections, what is missing and the dates it lacks.
        let notice = block.lines().find(|l| l.starts_with("- A proper written notice")).unwrap_or_else(|| panic!("{block}"));
        assert!(notice.contains("nothing yet (§ 55.1-1245, § 8.01-126)"), "{notice}");
        assert!(notice.contains("Nothing yet shows the notice itself. Nothing yet shows the date the notice was served."), "{notice}");
        assert!(notice.contains("is not recorded yet"), "{notice}");
        let paid = block.lines().find(|l| l.starts_with("- You paid everything owed")).unwrap();
        assert!(paid.contains("partly shown (§ 55.1-1250): Nothing yet shows how much was owed."), "{paid}");
        let claims = block.find("What the side bringing the case must prove — still missing").unwrap();
        let answers = block.find("Answers to the case — still missing").unwrap();
        assert!(claims < block.find("- A proper").unwrap() && answers < block.find("- You paid").unwrap());
        // What is shown is not listed as missing; it is named with the records that show it.
        assert!(!block.contains("- You rent the home"), "{block}");
        assert!(block.contains("Already shown by your records: You rent the home from the landlord (by Lease)."), "{block}");
        assert!(block.contains("It does not say whether the judge will find it shown."), "the caveat, every time: {block}");
        assert!(!block.to_lowercase().contains("you will win") && !block.to_lowercase().contains("likely"), "{block}");
    }

    #[test]
    fn a_case_with_no_kind_says_how_to_choose_one_and_no_case_or_several_say_what_to_do() {
        let view = json!({"caseId": 1, "kind": null, "elements": [], "counts": {"shown": 0, "partly": 0, "nothing": 0},
                          "caveat": "…", "message": "Choose what kind of case this is (Case → Step by step) to see what the court must find in it."});
        assert_eq!(
            missing_block(&view, None, false),
            "**What the court must find:** Choose what kind of case this is (Case → Step by step) to see what the court must find in it.\n\n"
        );
        let none = unavailable_block("invalid argument `caseId`: …", Some(&json!({"count": 0, "cases": []})), false);
        assert!(none.contains("You have no case in the app yet"), "{none}");
        let two = json!({"cases": [{"id": 1, "status": "open"}, {"id": 2, "status": "open"}, {"id": 3, "status": "closed"}]});
        assert!(unavailable_block("…", Some(&two), false).contains("You have 2 open cases"));
        assert!(unavailable_block("the server is down", None, false).contains("could not be read: the server is down"));
    }

    #[test]
    fn the_checklist_part_says_for_each_element_what_shows_it_and_what_is_missing() {
        let part = checklist_part(&view());
        assert!(part.starts_with("\n## What the court must find\n1 shown, 1 partly shown, 1 with nothing yet.\n"), "{part}");
        assert!(
            part.contains(
                "- [ ] You rent the home from the landlord (to be proved; [§ 55.1-1200]) — shown\n  - Shown by: Lease (document)\n"
            ),
            "{part}"
        );
        assert!(
            part.contains("- [ ] A proper written notice to pay or leave (to be proved; [§ 55.1-1245] [§ 8.01-126]) — nothing yet\n"),
            "{part}"
        );
        assert!(part.contains("  - Missing: Nothing yet shows the date the notice was served.\n"), "{part}");
        assert!(part.contains("- [ ] You paid everything owed (an answer to the case; [§ 55.1-1250]) — partly shown\n  - Shown by: Rent paid (finance): The May rent.\n  - Missing: Nothing yet shows how much was owed.\n"), "{part}");
        assert!(part.trim_end().ends_with("It does not say whether the judge will find it shown."), "{part}");
    }
}
