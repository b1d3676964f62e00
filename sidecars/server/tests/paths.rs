//! The step-by-step paths (`paths/paths.json`) against the deadline rules, the law library's
//! starter corpus and the recorded text of the law (`paths/facts.json`, `rules/facts.json`).

use std::collections::{BTreeMap, BTreeSet};

use chrono::NaiveDate;
use proseva_server::deadline_rules::{compute, rule};
use proseva_server::paths::{Court, StepStatus, book, kinds, path, plan, which_court};
use serde::Deserialize;

fn date(s: &str) -> NaiveDate {
    NaiveDate::parse_from_str(s, "%Y-%m-%d").unwrap()
}

/// The kinds of case other parts of the app store (`cases.kind`); their ids may not change.
const KINDS: [&str; 8] = [
    "eviction-tenant",
    "debt-defendant",
    "debt-plaintiff",
    "custody-visitation",
    "protective-order-petitioner",
    "protective-order-respondent",
    "traffic-misdemeanor",
    "appeal-district",
];

#[test]
fn every_kind_has_a_path_with_unique_steps_dates_and_known_rules() {
    assert_eq!(kinds(), KINDS);
    for kind in KINDS {
        let p = path(kind).unwrap_or_else(|| panic!("no path for {kind}"));
        assert!(p.steps.len() >= 4, "{kind}: only {} steps", p.steps.len());
        let ids: BTreeSet<&str> = p.steps.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(ids.len(), p.steps.len(), "{kind}: a step id is used twice");
        let keys: BTreeSet<&str> = p.dates.iter().map(|d| d.key.as_str()).collect();
        assert_eq!(keys.len(), p.dates.len(), "{kind}: a date key is used twice");
        for s in &p.steps {
            for (name, text) in [("title", &s.title), ("what", &s.what), ("court", &s.court), ("file", &s.file), ("bring", &s.bring)] {
                assert!(!text.trim().is_empty(), "{kind}/{}: empty {name}", s.id);
            }
            assert!(!s.sections.is_empty(), "{kind}/{}: cites no section", s.id);
            if let Some(d) = &s.deadline {
                assert!(rule(&d.rule_id).is_some(), "{kind}/{}: no rule {}", s.id, d.rule_id);
                assert!(keys.contains(d.from.as_str()), "{kind}/{}: counts from {}, which the path does not define", s.id, d.from);
            }
        }
        assert!(p.steps.iter().any(|s| s.deadline.is_some()), "{kind}: no step has a deadline");
    }
    assert!(path("divorce").is_none() && path("").is_none());
    assert!(plan("divorce", &BTreeMap::new(), &BTreeSet::new()).is_none());
    assert!(which_court("divorce", None).is_none());
}

/// The section numbers of the starter corpus: the `Section` column of every CSV in
/// `crates/law/starter/`, read the way the law crate's build script finds the files.
fn starter_sections() -> BTreeSet<String> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../crates/law/starter");
    let mut sections = BTreeSet::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let file = entry.unwrap().path();
        if file.extension().is_some_and(|e| e == "csv") {
            let text = std::fs::read_to_string(&file).unwrap();
            let mut records = csv_records(&text).into_iter();
            let header = records.next().unwrap();
            let at = header.iter().position(|h| h == "Section").unwrap_or_else(|| panic!("{file:?}: no Section column"));
            sections.extend(records.filter_map(|r| r.get(at).cloned()).filter(|s| !s.is_empty()));
        }
    }
    sections
}

/// RFC 4180 records: fields split by commas, quoted fields may hold commas, newlines and `""`.
fn csv_records(text: &str) -> Vec<Vec<String>> {
    let mut records = Vec::new();
    let (mut record, mut field, mut quoted) = (Vec::new(), String::new(), false);
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (quoted, c) {
            (true, '"') if chars.peek() == Some(&'"') => {
                chars.next();
                field.push('"');
            }
            (true, '"') => quoted = false,
            (true, c) => field.push(c),
            (false, '"') => quoted = true,
            (false, ',') => record.push(std::mem::take(&mut field)),
            (false, '\r') => {}
            (false, '\n') => {
                record.push(std::mem::take(&mut field));
                records.push(std::mem::take(&mut record));
            }
            (false, c) => field.push(c),
        }
    }
    if !field.is_empty() || !record.is_empty() {
        record.push(field);
        records.push(record);
    }
    records
}

#[test]
fn the_csv_reader_reads_quoted_fields() {
    let rows = csv_records("a,b,c\n1,\"x, \"\"y\"\"\nz\",3\r\n");
    assert_eq!(rows, vec![vec!["a", "b", "c"], vec!["1", "x, \"y\"\nz", "3"]]);
}

/// Every section a step or a court answer cites.
fn cited_sections() -> BTreeMap<String, Vec<String>> {
    let mut cited: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for p in &book().kinds {
        for s in &p.steps {
            for section in &s.sections {
                cited.entry(section.clone()).or_default().push(format!("{}/{}", p.id, s.id));
            }
        }
    }
    let courts = &book().courts;
    let rules = courts.money.iter().map(|b| ("money band", &b.sections)).chain([("money, amount unknown", &courts.money_unknown.sections)]);
    for (what, sections) in rules.chain(courts.by_kind.iter().map(|(k, r)| (k.as_str(), &r.sections))) {
        for section in sections {
            cited.entry(section.clone()).or_default().push(format!("which court: {what}"));
        }
    }
    cited
}

#[test]
fn every_cited_section_is_in_the_starter_corpus() {
    let corpus = starter_sections();
    assert!(corpus.len() > 400, "read only {} sections", corpus.len());
    assert!(corpus.contains("16.1-77") && corpus.contains("16.1-69.48:5"));
    let missing: Vec<_> = cited_sections().into_iter().filter(|(s, _)| !corpus.contains(s)).collect();
    assert!(missing.is_empty(), "cited but not in crates/law/starter: {missing:?}");
}

/// A set of trigger dates: ordinary days, and days whose deadlines land on a weekend or a legal
/// holiday (10 days after 2025-03-06 is a Sunday; 10 after 2025-11-17 is Thanksgiving; 45 after
/// 2025-10-17 is Monday, December 1 — fine; 30 after 2025-02-07 is a Sunday; 10 after 2027-12-14
/// is Christmas Day observed).
const TRIGGERS: [&str; 7] = ["2025-02-03", "2025-02-07", "2025-03-06", "2025-10-17", "2025-11-17", "2026-06-09", "2027-12-14"];

#[test]
fn each_path_s_deadlines_are_what_the_deadline_rules_compute() {
    let mut moved = 0;
    for kind in KINDS {
        let p = path(kind).unwrap();
        for trigger in TRIGGERS {
            let dates: BTreeMap<String, NaiveDate> = p.dates.iter().map(|d| (d.key.clone(), date(trigger))).collect();
            let planned = plan(kind, &dates, &BTreeSet::new()).unwrap();
            for (step, planned_step) in p.steps.iter().zip(&planned.steps) {
                assert_eq!(step.id, planned_step.id);
                let (Some(d), Some(pd)) = (&step.deadline, &planned_step.deadline) else {
                    assert!(step.deadline.is_none() && planned_step.deadline.is_none(), "{kind}/{}", step.id);
                    continue;
                };
                let expected = compute(rule(&d.rule_id).unwrap(), date(trigger)).unwrap();
                assert_eq!(pd.date, Some(expected.date), "{kind}/{} from {trigger}", step.id);
                assert_eq!(pd.computation.as_ref(), Some(&expected), "{kind}/{} from {trigger}", step.id);
                assert!(pd.needs.is_none() && pd.error.is_none());
                if !expected.skipped.is_empty() {
                    moved += 1;
                }
            }
        }
    }
    assert!(moved >= 3, "no trigger date moved a path's deadline past a weekend or holiday");
}

#[test]
fn deadlines_land_on_the_days_the_law_gives() {
    // An eviction judgment on Monday, November 17, 2025: the 10th day is Thanksgiving; the
    // notice, bond and writ tax are all due Monday, December 1.
    let dates = BTreeMap::from([("judgmentDate".to_string(), date("2025-11-17"))]);
    let p = plan("eviction-tenant", &dates, &BTreeSet::new()).unwrap();
    let appeal = p.steps.iter().find(|s| s.id == "appeal").unwrap().deadline.as_ref().unwrap();
    assert_eq!(appeal.date, Some(date("2025-12-01")));
    let c = appeal.computation.as_ref().unwrap();
    assert!(c.skipped.iter().any(|s| s.reason.contains("Thanksgiving")), "{:?}", c.skipped);
    assert!(c.due.iter().all(|d| d.date == date("2025-12-01")));

    // A general district court judgment on Friday, February 7, 2025: the notice's 10th day is
    // Presidents' Day (moved to Tuesday the 18th), the bond's 30th a Sunday (Monday, March 10).
    let dates = BTreeMap::from([("judgmentDate".to_string(), date("2025-02-07"))]);
    let p = plan("appeal-district", &dates, &BTreeSet::new()).unwrap();
    let deadline = |id: &str| p.steps.iter().find(|s| s.id == id).unwrap().deadline.as_ref().unwrap().date;
    assert_eq!(deadline("notice"), Some(date("2025-02-18")));
    assert_eq!(deadline("bond"), Some(date("2025-03-10")));

    // The parent education seminar: 45 days after the first court appearance.
    let dates = BTreeMap::from([("firstHearingDate".to_string(), date("2025-10-17"))]);
    let p = plan("custody-visitation", &dates, &BTreeSet::new()).unwrap();
    let seminar = p.steps.iter().find(|s| s.id == "parent-education").unwrap().deadline.as_ref().unwrap();
    assert_eq!(seminar.date, Some(date("2025-12-01")));

    // A conviction on December 14, 2027: the 10th day is Christmas observed (Friday the 24th).
    let dates = BTreeMap::from([("convictionDate".to_string(), date("2027-12-14"))]);
    let p = plan("traffic-misdemeanor", &dates, &BTreeSet::new()).unwrap();
    let appeal = p.steps.iter().find(|s| s.id == "appeal").unwrap().deadline.as_ref().unwrap();
    assert_eq!(appeal.date, Some(date("2027-12-27")));
}

#[test]
fn a_step_whose_date_is_unknown_says_which_date_it_needs() {
    let p = plan("eviction-tenant", &BTreeMap::new(), &BTreeSet::new()).unwrap();
    let appeal = p.steps.iter().find(|s| s.id == "appeal").unwrap().deadline.as_ref().unwrap();
    assert_eq!(appeal.date, None);
    assert_eq!(appeal.needs.as_deref(), Some("Enter the day the judge decided the case to see this deadline."));
    assert!(p.dates.iter().all(|d| d.date.is_none()));
    // A date for another key does not stand in for it.
    let dates = BTreeMap::from([("returnDate".to_string(), date("2025-03-03")), ("somethingElse".to_string(), date("2025-03-04"))]);
    let p = plan("eviction-tenant", &dates, &BTreeSet::new()).unwrap();
    let appeal = p.steps.iter().find(|s| s.id == "appeal").unwrap().deadline.as_ref().unwrap();
    assert!(appeal.needs.is_some());
    assert_eq!(p.dates.iter().find(|d| d.key == "returnDate").unwrap().date, Some(date("2025-03-03")));
}

#[test]
fn the_next_step_is_the_first_not_done() {
    let none = BTreeSet::new();
    let p = plan("debt-defendant", &BTreeMap::new(), &none).unwrap();
    assert_eq!(p.next.as_deref(), Some("served"));
    assert_eq!(p.steps[0].status, StepStatus::Next);
    assert!(p.steps[1..].iter().all(|s| s.status == StepStatus::Upcoming));

    let done: BTreeSet<String> = ["served", "interpreter", "respond"].map(String::from).into();
    let p = plan("debt-defendant", &BTreeMap::new(), &done).unwrap();
    assert_eq!(p.next.as_deref(), Some("return-date"));
    let status: Vec<(&str, StepStatus)> = p.steps.iter().map(|s| (s.id.as_str(), s.status)).collect();
    assert_eq!(
        &status[..5],
        &[
            ("served", StepStatus::Done),
            ("interpreter", StepStatus::Done),
            ("respond", StepStatus::Done),
            ("return-date", StepStatus::Next),
            ("trial", StepStatus::Upcoming)
        ]
    );

    // Ticked out of order: the first unticked step is next, and later ticks stay done.
    let done: BTreeSet<String> = ["served", "trial", "not-a-step"].map(String::from).into();
    let p = plan("debt-defendant", &BTreeMap::new(), &done).unwrap();
    assert_eq!(p.next.as_deref(), Some("interpreter"));
    assert_eq!(p.steps.iter().find(|s| s.id == "trial").unwrap().status, StepStatus::Done);
    assert_eq!(p.steps.iter().filter(|s| s.status == StepStatus::Next).count(), 1);

    // All done: no next step.
    let all: BTreeSet<String> = path("appeal-district").unwrap().steps.iter().map(|s| s.id.clone()).collect();
    let p = plan("appeal-district", &BTreeMap::new(), &all).unwrap();
    assert_eq!(p.next, None);
    assert!(p.steps.iter().all(|s| s.status == StepStatus::Done));
}

#[test]
fn a_plan_serialises_to_the_documented_shape() {
    let dates = BTreeMap::from([("judgmentDate".to_string(), date("2025-02-03"))]);
    let done: BTreeSet<String> = ["notice"].map(String::from).into();
    let v = serde_json::to_value(plan("eviction-tenant", &dates, &done).unwrap()).unwrap();
    assert_eq!(v["kind"], "eviction-tenant");
    assert_eq!(v["next"], "summons");
    assert_eq!(v["court"]["court"], "general-district");
    assert_eq!(v["court"]["courtName"], "general district court");
    assert_eq!(
        v["dates"][3],
        serde_json::json!({"key": "judgmentDate", "label": "The day the judge decided the case", "date": "2025-02-03"})
    );
    assert_eq!(v["dates"][0]["date"], serde_json::Value::Null);
    assert_eq!(v["steps"][0]["status"], "done");
    assert_eq!(v["steps"][1]["status"], "next");
    let appeal = v["steps"].as_array().unwrap().iter().find(|s| s["id"] == "appeal").unwrap();
    assert_eq!(appeal["status"], "upcoming");
    assert_eq!(appeal["deadline"]["ruleId"], "appeal-unlawful-detainer");
    assert_eq!(appeal["deadline"]["from"], "judgmentDate");
    assert_eq!(appeal["deadline"]["date"], "2025-02-13");
    assert_eq!(appeal["deadline"]["computation"]["date"], "2025-02-13");
    assert!(appeal["deadline"].get("needs").is_none());
    assert!(appeal["sections"].as_array().unwrap().contains(&"8.01-129".into()));
    let no_deadline = v["steps"].as_array().unwrap().iter().find(|s| s["id"] == "writ").unwrap();
    assert!(no_deadline.get("deadline").is_none());
}

#[test]
fn which_court_follows_the_amount_at_each_limit() {
    use Court::*;
    let choice = |cents: Option<i64>| {
        let c = which_court("debt-plaintiff", cents).unwrap();
        assert_eq!(c, which_court("debt-defendant", cents).unwrap());
        assert_eq!(c.court_name, c.court.name());
        (c.court, c.also)
    };
    // $100 and under: the circuit court hears no civil claim that small (§ 17.1-513).
    assert_eq!(choice(Some(0)), (GeneralDistrict, vec![SmallClaims]));
    assert_eq!(choice(Some(10_000)), (GeneralDistrict, vec![SmallClaims]));
    assert_eq!(choice(Some(10_001)), (GeneralDistrict, vec![SmallClaims]));
    // $4,500: the general district court alone (with its small claims division); a cent more, shared.
    assert_eq!(choice(Some(450_000)), (GeneralDistrict, vec![SmallClaims]));
    assert_eq!(choice(Some(450_001)), (GeneralDistrict, vec![SmallClaims, Circuit]));
    // $5,000: the small claims limit (§ 16.1-122.2).
    assert_eq!(choice(Some(500_000)), (GeneralDistrict, vec![SmallClaims, Circuit]));
    assert_eq!(choice(Some(500_001)), (GeneralDistrict, vec![Circuit]));
    // $50,000: the general district court's limit (§ 16.1-77 as amended in 2025).
    assert_eq!(choice(Some(5_000_000)), (GeneralDistrict, vec![Circuit]));
    assert_eq!(choice(Some(5_000_001)), (Circuit, vec![]));
    assert_eq!(choice(Some(i64::MAX)), (Circuit, vec![]));
    // Unknown or nonsensical amounts get the general answer.
    let general = choice(None);
    assert_eq!(general, (GeneralDistrict, vec![SmallClaims, Circuit]));
    assert_eq!(choice(Some(-1)), general);
    assert!(which_court("debt-plaintiff", Some(5_000_001)).unwrap().why.contains("$50,000"));
    assert!(which_court("debt-plaintiff", Some(450_000)).unwrap().sections.contains(&"16.1-77".to_string()));

    // Kinds whose court does not depend on an amount ignore it.
    for (kind, court) in [
        ("eviction-tenant", GeneralDistrict),
        ("custody-visitation", JuvenileDomestic),
        ("protective-order-petitioner", JuvenileDomestic),
        ("protective-order-respondent", JuvenileDomestic),
        ("traffic-misdemeanor", GeneralDistrict),
        ("appeal-district", Circuit),
    ] {
        let c = which_court(kind, None).unwrap();
        assert_eq!(c.court, court, "{kind}");
        assert_eq!(which_court(kind, Some(9_999_999_999)).unwrap(), c, "{kind}");
    }
    assert!(which_court("protective-order-petitioner", None).unwrap().also.contains(&GeneralDistrict));
}

/// `paths/facts.json`.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct FactBook {
    about: String,
    checked_on: String,
    facts: Vec<Fact>,
    forms: Vec<FormFact>,
    gaps: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Fact {
    section: String,
    about: String,
    figures: Vec<String>,
    passage: String,
    source: String,
    #[serde(default)]
    read_from: Option<String>,
    text_of: String,
    official: bool,
    #[serde(default)]
    note: Option<String>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct FormFact {
    form: String,
    name: String,
    passage: String,
    source: String,
    note: String,
}

fn facts() -> FactBook {
    serde_json::from_str(include_str!("../paths/facts.json")).expect("paths/facts.json parses")
}

/// The quotes `rules/facts.json` records for a citation such as "Va. Code § 16.1-132".
fn rule_quotes(citation: &str) -> Vec<String> {
    #[derive(Deserialize)]
    struct RuleFacts {
        facts: Vec<RuleFact>,
    }
    #[derive(Deserialize)]
    struct RuleFact {
        citation: String,
        quotes: Vec<String>,
    }
    let book: RuleFacts = serde_json::from_str(include_str!("../rules/facts.json")).unwrap();
    book.facts.into_iter().filter(|f| f.citation == citation).flat_map(|f| f.quotes).collect()
}

fn normal(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// 1–99 in words, hyphenated as the Code writes them ("twenty-one").
fn number_words(n: u32) -> Option<String> {
    const ONES: [&str; 20] = [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
        "fourteen",
        "fifteen",
        "sixteen",
        "seventeen",
        "eighteen",
        "nineteen",
    ];
    const TENS: [&str; 10] = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
    match n {
        0..=19 => Some(ONES[n as usize].to_string()),
        20..=99 if n.is_multiple_of(10) => Some(TENS[(n / 10) as usize].to_string()),
        20..=99 => Some(format!("{}-{}", TENS[(n / 10) as usize], ONES[(n % 10) as usize])),
        _ => None,
    }
}

/// Whether `needle` occurs in `text` not glued to a letter or digit ("10 days" is not in "110 days").
fn has_phrase(text: &str, needle: &str) -> bool {
    text.match_indices(needle).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + needle.len()..].chars().next();
        !before.is_some_and(|c| c.is_alphanumeric() || c == '-') && !after.is_some_and(|c| c.is_alphanumeric())
    })
}

/// Whether `text` (normalised) states `n` days, in digits or words, as "N days", "N-day",
/// "N calendar days" or "N business days" (business days are told apart from calendar days).
fn states_days(text: &str, n: u32, business: bool) -> bool {
    let mut numbers = vec![n.to_string()];
    numbers.extend(number_words(n));
    numbers.iter().any(|w| {
        if business {
            has_phrase(text, &format!("{w} business days"))
        } else {
            [format!("{w} days"), format!("{w}-day"), format!("{w} calendar days")].iter().any(|f| has_phrase(text, f))
        }
    })
}

/// A figure a person acts on: a number of days or a sum of money.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Figure {
    Days(u32),
    BusinessDays(u32),
    Money(String),
}

impl Figure {
    fn stated_in(&self, text: &str) -> bool {
        match self {
            Figure::Days(n) => states_days(text, *n, false),
            Figure::BusinessDays(n) => states_days(text, *n, true),
            // "$50" is not in "$50,000", but "$5,000" is in "$5,000, exclusive of interest".
            Figure::Money(m) => text.match_indices(m.as_str()).any(|(at, _)| {
                let mut after = text[at + m.len()..].chars();
                match after.next() {
                    Some(c) if c.is_ascii_digit() => false,
                    Some(',') => !after.next().is_some_and(|c| c.is_ascii_digit()),
                    _ => true,
                }
            }),
        }
    }
}

/// The figures `text` states.
fn figures_in(text: &str) -> Vec<Figure> {
    let text = normal(text);
    let mut found = Vec::new();
    for n in 1..=400 {
        if states_days(&text, n, false) {
            found.push(Figure::Days(n));
        }
        if states_days(&text, n, true) {
            found.push(Figure::BusinessDays(n));
        }
    }
    let mut rest = text.as_str();
    while let Some(at) = rest.find('$') {
        let amount: String = rest[at + 1..].chars().take_while(|c| c.is_ascii_digit() || *c == ',').collect();
        let amount = amount.trim_end_matches(',');
        if !amount.is_empty() {
            found.push(Figure::Money(format!("${amount}")));
        }
        rest = &rest[at + 1..];
    }
    found
}

#[test]
fn figures_are_found_in_digits_and_words() {
    assert_eq!(figures_in("within ten days, or the 10-day period"), vec![Figure::Days(10)]);
    assert_eq!(figures_in("within 3 business days"), vec![Figure::BusinessDays(3)]);
    assert!(!Figure::Days(3).stated_in("within three business days"));
    assert!(Figure::BusinessDays(3).stated_in("within three business days"));
    assert_eq!(figures_in("up to $4,500, then $50,000."), vec![Figure::Money("$4,500".into()), Figure::Money("$50,000".into())]);
    assert!(!Figure::Money("$50".into()).stated_in("not exceed $50,000"));
    assert!(Figure::Money("$5,000".into()).stated_in("does not exceed $5,000, exclusive of interest"));
    assert!(!Figure::Days(10).stated_in("within 110 days"));
}

/// The passages recorded for a section.
fn passages(book: &FactBook, section: &str) -> Vec<String> {
    book.facts.iter().filter(|f| f.section == section).map(|f| normal(&f.passage)).collect()
}

/// Every figure in `text` must be stated by a recorded passage of one of `sections`, or by a
/// quote `rules/facts.json` records for one of `citations` (the step's deadline rule).
fn check_figures(book: &FactBook, place: &str, text: &str, sections: &[String], citations: &[String]) {
    let mut sources: Vec<String> = sections.iter().flat_map(|s| passages(book, s)).collect();
    sources.extend(citations.iter().flat_map(|c| rule_quotes(c)).map(|q| normal(&q)));
    for figure in figures_in(text) {
        assert!(
            sources.iter().any(|p| figure.stated_in(p)),
            "{place}: {figure:?} is in {text:?} but in no recorded passage of {sections:?} or {citations:?}"
        );
    }
}

#[test]
fn every_figure_in_the_paths_is_in_the_text_of_a_section_the_step_cites() {
    let book = facts();
    for p in &book_paths() {
        let all: Vec<String> = p.steps.iter().flat_map(|s| s.sections.clone()).collect();
        check_figures(&book, &p.id, &format!("{} {}", p.title, p.summary), &all, &[]);
        for s in &p.steps {
            let citations: Vec<String> = match &s.deadline {
                Some(d) => {
                    let r = rule(&d.rule_id).unwrap();
                    std::iter::once(r.citation.clone()).chain(r.due.iter().map(|d| d.citation.clone())).collect()
                }
                None => Vec::new(),
            };
            for text in [&s.title, &s.what, &s.court, &s.file, &s.bring] {
                check_figures(&book, &format!("{}/{}", p.id, s.id), text, &s.sections, &citations);
            }
        }
    }
    let courts = &proseva_server::paths::book().courts;
    for band in &courts.money {
        check_figures(&book, "which court", &band.why, &band.sections, &[]);
        if let Some(limit) = band.up_to_cents {
            let figure = Figure::Money(dollars(limit));
            assert!(
                band.sections.iter().flat_map(|s| passages(&book, s)).any(|p| figure.stated_in(&p)),
                "the limit {figure:?} is in no recorded passage of {:?}",
                band.sections
            );
        }
    }
    check_figures(&book, "which court", &courts.money_unknown.why, &courts.money_unknown.sections, &[]);
    for (kind, r) in &courts.by_kind {
        check_figures(&book, kind, &r.why, &r.sections, &[]);
    }
}

fn book_paths() -> Vec<proseva_server::paths::Path> {
    proseva_server::paths::book().kinds.clone()
}

/// 450000 → "$4,500".
fn dollars(cents: i64) -> String {
    assert_eq!(cents % 100, 0, "limits are whole dollars");
    let digits = (cents / 100).to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    format!("${out}")
}

#[test]
fn every_cited_section_has_recorded_facts_and_every_fact_is_cited() {
    let book = facts();
    let cited = cited_sections();
    let recorded: BTreeSet<&str> = book.facts.iter().map(|f| f.section.as_str()).collect();
    let without: Vec<&String> = cited.keys().filter(|s| !recorded.contains(s.as_str())).collect();
    assert!(without.is_empty(), "cited without a recorded passage: {without:?}");
    let unused: Vec<&&str> = recorded.iter().filter(|s| !cited.contains_key(**s)).collect();
    assert!(unused.is_empty(), "recorded but cited nowhere: {unused:?}");
}

#[test]
fn each_fact_says_what_it_states_where_it_was_read_and_when() {
    let book = facts();
    assert!(!book.about.trim().is_empty() && !book.gaps.is_empty());
    assert!(NaiveDate::parse_from_str(&book.checked_on, "%Y-%m-%d").is_ok());
    let is_when = |s: &str| {
        NaiveDate::parse_from_str(s, "%Y-%m-%d").is_ok()
            || NaiveDate::parse_from_str(&format!("{s}-01"), "%Y-%m-%d").is_ok()
            || (s.len() == 4 && s.chars().all(|c| c.is_ascii_digit()))
    };
    for f in &book.facts {
        assert!(f.source.starts_with("https://"), "{}: {}", f.section, f.source);
        assert!(f.read_from.as_deref().is_none_or(|r| r.starts_with("https://")), "{}", f.section);
        assert!(is_when(&f.text_of), "{}: textOf {}", f.section, f.text_of);
        assert_eq!(f.official, f.source.starts_with("https://law.lis.virginia.gov/"), "{}: official is for LIS text", f.section);
        if !f.official {
            assert!(f.note.as_deref().is_some_and(|n| !n.trim().is_empty()), "{}: say what kind of copy it is", f.section);
        }
        assert!(!f.about.trim().is_empty(), "{}", f.section);
        let passage = normal(&f.passage);
        assert!(passage.split(' ').count() >= 6, "{}: too short to be a passage: {}", f.section, f.passage);
        for figure in &f.figures {
            assert!(passage.contains(&figure.to_lowercase()), "{}: {figure} is not in {:?}", f.section, f.passage);
        }
        for figure in figures_in(&f.passage) {
            let said = match &figure {
                Figure::Money(m) => m.clone(),
                Figure::Days(n) | Figure::BusinessDays(n) => n.to_string(),
            };
            let listed =
                f.figures.iter().any(|g| g.contains(&said) || number_words(said.parse().unwrap_or(0)).is_some_and(|w| g.contains(&w)));
            assert!(listed, "{}: the passage states {figure:?}, which `figures` does not list", f.section);
        }
    }
}

#[test]
fn every_form_number_named_was_confirmed_in_a_source() {
    let book = facts();
    let confirmed: BTreeMap<&str, &FormFact> = book.forms.iter().map(|f| (f.form.as_str(), f)).collect();
    for f in &book.forms {
        assert!(f.passage.contains(&f.form) && f.source.starts_with("https://") && !f.name.is_empty() && !f.note.is_empty(), "{f:?}");
    }
    let mut named = BTreeSet::new();
    for p in book_paths() {
        for s in &p.steps {
            for text in [&s.what, &s.file, &s.bring] {
                for (at, _) in text.match_indices("DC-") {
                    let number: String = text[at + 3..].chars().take_while(|c| c.is_ascii_digit()).collect();
                    let form = format!("DC-{number}");
                    assert!(confirmed.contains_key(form.as_str()), "{}/{}: {form} was not confirmed in any source read", p.id, s.id);
                    named.insert(form);
                }
            }
        }
    }
    let unused: Vec<&&str> = confirmed.keys().filter(|f| !named.contains(**f)).collect();
    assert!(unused.is_empty(), "forms recorded but never named: {unused:?}");
    // The eviction summons and the civil appeal are named where a person needs them.
    let eviction = path("eviction-tenant").unwrap();
    assert!(eviction.steps.iter().any(|s| s.what.contains("DC-421")));
    assert!(eviction.steps.iter().any(|s| s.file.contains("DC-475")));
}

#[test]
fn possibly_changed_figures_are_said_to_be_so() {
    // § 55.1-1245: 5 days in the official text read; 14 days for a notice served from July 1, 2026
    // (2026 HB 15 / SB 48), the law in force, stated with the act and the day.
    let notice = &path("eviction-tenant").unwrap().steps[0];
    assert_eq!(notice.id, "notice");
    for said in ["5 days", "14 days", "July 1, 2026", "2026 HB 15", "not a proper notice"] {
        assert!(notice.what.contains(said), "{said}: {}", notice.what);
    }
    // § 16.1-77: $25,000 in the official text read, $50,000 from July 1, 2025 by later reports.
    let court = &path("debt-plaintiff").unwrap().steps[0];
    assert!(court.what.contains("$25,000") && court.what.contains("$50,000") && court.what.contains("check the current § 16.1-77"));
    let band = which_court("debt-defendant", Some(2_600_000)).unwrap();
    assert!(band.why.contains("$25,000") && band.why.contains("check the current § 16.1-77"), "{}", band.why);
}
