//! The hearing checklist: what to bring, who, the deadlines before the hearing and questions to
//! prepare, from the case data alone.

use super::{CaseContact, CaseDeadline, CaseFacts, date_of};
use crate::text::escape_markdown;
use chrono::NaiveDate;
use std::fmt::Write;

/// How many documents get a question of their own.
const QUESTIONED_DOCUMENTS: usize = 10;

/// A Markdown hearing checklist for the case. Every name, date and title in it comes from `case`;
/// where the case lacks something (no hearing date, no documents, no contacts), the section says
/// what to add. The text is escaped so the data cannot add Markdown or HTML of its own.
pub fn hearing_checklist(case: &CaseFacts) -> String {
    let mut out = String::new();
    let name = md(&case.name);
    let name = if name.is_empty() { "this case".to_string() } else { name };
    let hearing = case.hearing_date.as_deref().and_then(date_of);
    let _ = writeln!(out, "# Hearing checklist: {name}\n");
    let _ = writeln!(out, "- **Case number:** {}", known(&case.case_number, "not recorded"));
    let _ = writeln!(out, "- **Court:** {}", known(&case.court, "not recorded"));
    let hearing_text = match (hearing, case.hearing_date.as_deref().map(md).filter(|d| !d.is_empty())) {
        (Some(date), _) => long_date(date),
        (None, Some(raw)) => format!("{raw} (not a date this list can read; write it as YYYY-MM-DD)"),
        (None, None) => "not recorded".to_string(),
    };
    let _ = writeln!(out, "- **Hearing:** {hearing_text}\n");

    deadlines(&mut out, &case.deadlines, hearing);
    bring(&mut out, case);
    who(&mut out, &case.contacts);
    questions(&mut out, case);

    let missing: Vec<&str> = [
        (blank(&case.case_number), "the case number (it is on every paper from the court)"),
        (blank(&case.court), "the court (for example, the Juvenile and Domestic Relations District Court of the city or county)"),
        (hearing.is_none(), "the hearing date, as YYYY-MM-DD, so this list can sort the deadlines around it"),
    ]
    .into_iter()
    .filter_map(|(missing, what)| missing.then_some(what))
    .collect();
    if !missing.is_empty() {
        let _ = writeln!(out, "## Still to add to the case\n");
        for what in missing {
            let _ = writeln!(out, "- {}", capitalise(what));
        }
        out.push('\n');
    }
    out.trim_end().to_string() + "\n"
}

fn deadlines(out: &mut String, deadlines: &[CaseDeadline], hearing: Option<NaiveDate>) {
    let mut dated: Vec<(NaiveDate, &CaseDeadline)> = deadlines.iter().filter_map(|d| date_of(&d.date).map(|date| (date, d))).collect();
    dated.sort_by_key(|(date, _)| *date);
    let undated: Vec<&CaseDeadline> = deadlines.iter().filter(|d| date_of(&d.date).is_none()).collect();
    let (before, after): (Vec<_>, Vec<_>) = dated.iter().partition(|(date, _)| hearing.is_none_or(|h| *date <= h));

    let _ = writeln!(out, "## Deadlines before the hearing\n");
    if deadlines.is_empty() {
        let _ = writeln!(out, "No deadlines are recorded for this case. Add them to the case (Deadlines) and they will be listed here.\n");
        return;
    }
    if hearing.is_none() {
        let _ = writeln!(out, "The hearing date is not recorded, so every deadline is listed.\n");
    }
    if before.is_empty() && hearing.is_some() {
        let _ = writeln!(out, "No recorded deadline falls on or before the hearing.");
    }
    for (date, deadline) in &before {
        let until = hearing.map(|h| (h - *date).num_days()).map(|days| match days {
            0 => " (the day of the hearing)".to_string(),
            1 => " (1 day before the hearing)".to_string(),
            n => format!(" ({n} days before the hearing)"),
        });
        deadline_line(out, &short_date(*date), deadline, &until.unwrap_or_default());
    }
    for deadline in &undated {
        let given = md(&deadline.date);
        let given = if given.is_empty() { "no date given".to_string() } else { format!("date given as “{given}”") };
        deadline_line(out, &given, deadline, "");
    }
    out.push('\n');
    if !after.is_empty() {
        let _ = writeln!(out, "## Deadlines after the hearing\n");
        for (date, deadline) in &after {
            deadline_line(out, &short_date(*date), deadline, "");
        }
        out.push('\n');
    }
}

fn deadline_line(out: &mut String, when: &str, deadline: &CaseDeadline, note: &str) {
    let title = md(&deadline.title);
    let title = if title.is_empty() { "(no title)".to_string() } else { title };
    let (mark, done) = if deadline.done { ("x", " — done") } else { (" ", "") };
    let _ = writeln!(out, "- [{mark}] {when} — {title}{note}{done}");
}

fn bring(out: &mut String, case: &CaseFacts) {
    let _ = writeln!(out, "## What to bring\n");
    let documents: Vec<_> = case.documents.iter().filter(|d| !md(&d.title).is_empty()).collect();
    if documents.is_empty() {
        let _ = writeln!(
            out,
            "No documents are recorded for this case. Add the papers you plan to show the court to the case (Documents), and they will be listed here.\n"
        );
    } else {
        for document in documents {
            let kind = document.kind.as_deref().map(md).filter(|k| !k.is_empty()).map(|k| format!(" ({k})")).unwrap_or_default();
            let _ = writeln!(out, "- [ ] {}{kind}", md(&document.title));
        }
        let _ = writeln!(out, "- [ ] A copy of each paper for the judge and one for the other side, if you plan to hand them up\n");
    }
    let _ = writeln!(out, "- [ ] This checklist, and paper and a pen for notes\n");
}

fn who(out: &mut String, contacts: &[CaseContact]) {
    let _ = writeln!(out, "## Who\n");
    let people: Vec<_> = contacts.iter().filter(|c| !md(&c.name).is_empty()).collect();
    if people.is_empty() {
        let _ = writeln!(
            out,
            "No people are recorded for this case. Add contacts (the other side, witnesses, the clerk) to the case and they will be listed here.\n"
        );
        return;
    }
    for contact in people {
        let role = md(&contact.role);
        let role = if role.is_empty() { "role not recorded".to_string() } else { role };
        let _ = writeln!(out, "- [ ] {} — {role}", md(&contact.name));
    }
    out.push('\n');
}

fn questions(out: &mut String, case: &CaseFacts) {
    let _ = writeln!(out, "## Questions to prepare\n");
    let _ = writeln!(out, "- [ ] What are you asking the court to do, in one or two sentences?");
    let _ = writeln!(out, "- [ ] For each fact you need to show: which paper or which person shows it?");
    for document in case.documents.iter().filter(|d| !md(&d.title).is_empty()).take(QUESTIONED_DOCUMENTS) {
        let _ = writeln!(out, "- [ ] What does “{}” show, and how will you explain it to the judge?", md(&document.title));
    }
    for contact in case.contacts.iter().filter(|c| !md(&c.name).is_empty()) {
        let role = contact.role.to_lowercase();
        let name = md(&contact.name);
        if role.contains("witness") {
            let _ = writeln!(out, "- [ ] What will {name} say, and how do they know it?");
        } else if ["opposing", "other party", "other side", "plaintiff", "defendant", "petitioner", "respondent"]
            .iter()
            .any(|r| role.contains(r))
        {
            let _ = writeln!(out, "- [ ] What is {name} likely to say, and what is your answer?");
        }
    }
    if let Some(court) = case.court.as_deref().map(md).filter(|c| !c.is_empty()) {
        let _ = writeln!(out, "- [ ] Where is {court}, and how early will you arrive to get through security?");
    }
    out.push('\n');
}

/// Case data as Markdown text.
fn md(text: &str) -> String {
    escape_markdown(text)
}

fn known(value: &Option<String>, otherwise: &str) -> String {
    value.as_deref().map(md).filter(|v| !v.is_empty()).unwrap_or_else(|| otherwise.to_string())
}

fn blank(value: &Option<String>) -> bool {
    value.as_deref().is_none_or(|v| v.trim().is_empty())
}

fn long_date(date: NaiveDate) -> String {
    date.format("%A, %B %-d, %Y").to_string()
}

fn short_date(date: NaiveDate) -> String {
    date.format("%b %-d, %Y").to_string()
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars.next().map(|first| first.to_uppercase().chain(chars).collect()).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::offline::CaseDocument;

    fn case() -> CaseFacts {
        CaseFacts {
            name: "Smith v. Jones".into(),
            case_number: Some("JJ-2026-14".into()),
            court: Some("Fairfax JDR Court".into()),
            hearing_date: Some("2026-03-20".into()),
            deadlines: vec![
                CaseDeadline { date: "2026-03-10".into(), title: "File witness list".into(), done: false },
                CaseDeadline { date: "2026-03-01".into(), title: "Serve the motion".into(), done: true },
                CaseDeadline { date: "2026-04-01".into(), title: "Appeal window".into(), done: false },
            ],
            documents: vec![CaseDocument { title: "Lease".into(), kind: Some("contract".into()) }],
            contacts: vec![CaseContact { name: "Ana Ruiz".into(), role: "Witness".into() }],
        }
    }

    #[test]
    fn the_checklist_is_built_from_the_case_only() {
        let text = hearing_checklist(&case());
        assert!(text.starts_with("# Hearing checklist: Smith v. Jones\n"), "{text}");
        assert!(text.contains("- **Hearing:** Friday, March 20, 2026"), "{text}");
        assert!(text.contains("- [x] Mar 1, 2026 — Serve the motion (19 days before the hearing) — done\n- [ ] Mar 10, 2026 — File witness list (10 days before the hearing)"), "{text}");
        assert!(text.contains("## Deadlines after the hearing\n\n- [ ] Apr 1, 2026 — Appeal window"), "{text}");
        assert!(text.contains("- [ ] Lease (contract)"), "{text}");
        assert!(text.contains("- [ ] Ana Ruiz — Witness"), "{text}");
        assert!(text.contains("What will Ana Ruiz say"), "{text}");
        assert!(!text.contains("Still to add"), "{text}");
    }

    #[test]
    fn missing_data_says_what_to_add() {
        let text = hearing_checklist(&CaseFacts { name: "New case".into(), ..CaseFacts::default() });
        assert!(text.contains("No deadlines are recorded for this case."), "{text}");
        assert!(text.contains("No documents are recorded for this case."), "{text}");
        assert!(text.contains("No people are recorded for this case."), "{text}");
        assert!(text.contains("## Still to add to the case\n\n- The case number"), "{text}");
        assert!(text.contains("- The hearing date"), "{text}");
    }
}
