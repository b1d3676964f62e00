//! Every starter summary was checked against the official text, and says so in the manifest:
//! where the text was read, its date, the day of the check, and the official words behind each
//! figure the summary states. A summary may state no figure (days, hours, months, years, dollars,
//! percentages) that the official words recorded for it do not state, and none may put a figure
//! off with "set by the statute".

use std::collections::HashSet;

use chrono::NaiveDate;
use proseva_law::figures::figures;
use proseva_law::starter::{self, SummaryCheck};

/// The rows of one starter file: `(Section column, summary)`.
fn rows(name: &str) -> Vec<(String, String)> {
    let file = starter::files().unwrap().into_iter().find(|f| f.name == name).unwrap();
    let mut reader = csv::Reader::from_reader(file.contents.as_bytes());
    let headers = reader.headers().unwrap().clone();
    let column = |name: &str| headers.iter().position(|h| h == name).unwrap();
    let (section, body) = (column("Section"), column("Body"));
    reader.records().map(|r| r.unwrap()).map(|r| (r[section].trim().to_string(), r[body].to_string())).collect()
}

/// A summary's text without its HTML tags.
fn plain(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut in_tag = false;
    for c in html.chars() {
        match c {
            '<' => in_tag = true,
            '>' => {
                in_tag = false;
                out.push(' ');
            }
            c if !in_tag => out.push(c),
            _ => {}
        }
    }
    out
}

fn each_summary(mut f: impl FnMut(&str, &str, &str, Option<&SummaryCheck>)) {
    for file in starter::manifest().unwrap().files {
        for (section, body) in rows(&file.file) {
            f(&file.file, &section, &body, file.checks.get(&section));
        }
    }
}

#[test]
fn every_summary_records_where_and_when_it_was_checked() {
    let mut unchecked = Vec::new();
    let mut count = 0;
    each_summary(|file, section, _, check| {
        count += 1;
        let Some(check) = check else {
            unchecked.push(format!("{file} {section}"));
            return;
        };
        assert!(check.source.starts_with("https://") || check.source.starts_with("http://"), "{section}: source {:?}", check.source);
        let text_of = NaiveDate::parse_from_str(&check.text_of, "%Y-%m-%d").unwrap_or_else(|e| panic!("{section}: textOf: {e}"));
        let on = NaiveDate::parse_from_str(&check.checked_on, "%Y-%m-%d").unwrap_or_else(|e| panic!("{section}: checkedOn: {e}"));
        assert!(text_of <= on, "{section}: the text read ({text_of}) is dated after the check ({on})");
        for fact in &check.facts {
            assert!(fact.quote.split_whitespace().count() >= 3, "{section}: a quote of a few words at least: {:?}", fact.quote);
            assert_eq!(fact.from.is_some(), fact.source.is_some(), "{section}: a fact from another section names its source");
        }
    });
    assert_eq!(count, 450);
    assert!(unchecked.is_empty(), "summaries never checked against the official text: {unchecked:?}");
}

#[test]
fn every_figure_a_summary_states_is_in_the_official_words_recorded_for_it() {
    let mut wrong = Vec::new();
    each_summary(|_, section, body, check| {
        let stated: HashSet<String> = check.iter().flat_map(|c| &c.facts).flat_map(|f| figures(&f.quote)).collect();
        for figure in figures(&plain(body)) {
            if !stated.contains(&figure) {
                wrong.push(format!("§ {section}: {figure}"));
            }
        }
    });
    assert!(wrong.is_empty(), "figures no recorded official words state:\n{}", wrong.join("\n"));
}

#[test]
fn no_summary_puts_a_figure_off() {
    const VAGUE: &[&str] = &[
        "set by the statute",
        "set by statute",
        "set by law",
        "a set number of days",
        "number of days set",
        "a certain number of days",
        "within the time allowed",
        "a short time",
        "a specified number",
    ];
    let mut vague = Vec::new();
    each_summary(|_, section, body, _| {
        let text = plain(body).to_lowercase();
        vague.extend(VAGUE.iter().filter(|v| text.contains(*v)).map(|v| format!("§ {section}: \"{v}\"")));
    });
    assert!(vague.is_empty(), "summaries that put off the figure a person acts on:\n{}", vague.join("\n"));
}

#[test]
fn the_checks_are_what_the_section_viewer_reads() {
    let check = starter::summary_check("55.1-1245").expect("the pay-or-quit section was checked");
    assert!(check.facts.iter().any(|f| figures(&f.quote).contains(&"5 day".to_string())), "{check:?}");
    assert!(starter::summary_check("const-I-12").is_some(), "the Constitution's sections are keyed const-I-<n>");
    assert!(starter::summary_check("99-999").is_none());
}
