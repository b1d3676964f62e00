//! Help from people: which legal aid program serves each of Virginia's 133 localities, the
//! statewide help lines, and who may qualify by income (issue 41).
//!
//! Everything here is data with a source: `sidecars/server/help/help.json`, compiled into the
//! binary, and its Spanish mirror `help/help.es.json` ([`book_in`]`(Lang::Es)`): the same keys in
//! the same order, the same ids, telephone numbers, web addresses, localities, incomes, sources and
//! dates, and only the words a person reads translated (program names are proper names and stay as
//! they are). The answers in either language ([`programs_for_in`], [`statewide_for_in`],
//! [`eligibility_in`]) are counted from the same figures, so they agree. Each program, help line, eligibility rule and poverty-guideline table carries the pages
//! it was read from, the passage read (word for word) and the date it was read; the tests check
//! every telephone number, web address, locality and dollar figure against those passages, not
//! against this code. Nothing is promised: the eligibility answer says a person *may* qualify, and
//! the program decides.
//!
//! ```
//! use proseva_server::help;
//!
//! assert_eq!(help::localities().len(), 133);
//! let line = help::poverty_line(help::guidelines_in_force(chrono::NaiveDate::from_ymd_opt(2026, 11, 29).unwrap()).unwrap(), 4);
//! assert!(line > 0);
//!
//! // The same programs in Spanish: the same ids and numbers, the words in Spanish.
//! use proseva_server::lang::Lang;
//! let (en, es) = (help::programs_for("richmond-city", None), help::programs_for_in("richmond-city", None, Lang::Es));
//! assert_eq!(en[0].id, es[0].id);
//! assert_eq!(en[0].phone, es[0].phone);
//! assert_ne!(en[0].how_to_apply, es[0].how_to_apply);
//! ```

pub mod screen;
pub mod view;

use std::collections::BTreeSet;
use std::sync::OnceLock;

use chrono::NaiveDate;
use serde::{Deserialize, Serialize};

use crate::lang::Lang;

/// Where a fact was read: the page, the passage (word for word) and the day it was read.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Source {
    pub url: String,
    pub passage: String,
    /// The day the page was read (YYYY-MM-DD).
    pub read: String,
    /// The page's own date, when it gives one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub page_date: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum LocalityKind {
    County,
    City,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Locality {
    pub id: String,
    pub name: String,
    pub kind: LocalityKind,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Program {
    pub id: String,
    pub name: String,
    pub phone: Vec<String>,
    /// Its web address, when one was confirmed.
    pub url: Option<String>,
    pub how_to_apply: String,
    /// The kinds of case it takes, in its own words.
    pub case_kinds: Vec<String>,
    /// The path kinds (`eviction-tenant`, …) those words cover.
    #[serde(default)]
    pub path_kinds: Vec<String>,
    #[serde(default)]
    pub languages: Vec<String>,
    /// Locality ids.
    pub serves: Vec<String>,
    pub sources: Vec<Source>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Statewide {
    pub id: String,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phone: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    /// Who may use it, as its source says.
    pub who: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cost: Option<String>,
    /// The localities it is for; empty: the whole state.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub localities: Vec<String>,
    pub sources: Vec<Source>,
}

/// An income limit a program states, as a share of the federal poverty guidelines.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IncomeRule {
    pub name: String,
    pub percent: u32,
    /// Whether an income exactly at the limit is inside it ("at or below", "up to") or not
    /// ("below"), as the source words it.
    pub at_limit: bool,
    /// The rule in plain words, with the exceptions it names.
    pub rule: String,
    pub sources: Vec<Source>,
}

/// One year's HHS poverty guidelines for the 48 contiguous states and D.C., in whole dollars.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Guidelines {
    pub year: i32,
    /// The day they apply from, as recorded.
    pub effective: NaiveDate,
    /// Household sizes 1 to 8.
    pub amounts: [u64; 8],
    pub each_additional: u64,
    pub sources: Vec<Source>,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HelpBook {
    pub about: String,
    /// The day the list was last read as a whole (the oldest `read` of its entries).
    pub list_date: String,
    pub localities: Vec<Locality>,
    pub locality_sources: Vec<Source>,
    pub programs: Vec<Program>,
    pub statewide: Vec<Statewide>,
    pub income_rules: Vec<IncomeRule>,
    pub guidelines: Vec<Guidelines>,
    /// What was looked for and not found.
    #[serde(default)]
    pub gaps: Vec<String>,
}

/// The help book in English.
pub fn book() -> &'static HelpBook {
    book_in(Lang::En)
}

/// The help book in `lang`: `help/help.json`, or its Spanish mirror `help/help.es.json` (the same
/// ids, numbers, addresses, localities, figures and sources, in the same order).
pub fn book_in(lang: Lang) -> &'static HelpBook {
    static EN: OnceLock<HelpBook> = OnceLock::new();
    static ES: OnceLock<HelpBook> = OnceLock::new();
    match lang {
        Lang::En => {
            EN.get_or_init(|| serde_json::from_str(include_str!("../help/help.json")).expect("help/help.json is checked by the tests"))
        }
        Lang::Es => ES
            .get_or_init(|| serde_json::from_str(include_str!("../help/help.es.json")).expect("help/help.es.json is checked by the tests")),
    }
}

pub fn localities() -> &'static [Locality] {
    &book().localities
}

pub fn locality(id: &str) -> Option<&'static Locality> {
    book().localities.iter().find(|l| l.id == id)
}

/// The programs serving `locality`, those that take `path_kind` first (when one is given).
pub fn programs_for(locality: &str, path_kind: Option<&str>) -> Vec<&'static Program> {
    programs_for_in(locality, path_kind, Lang::En)
}

/// [`programs_for`], in `lang`'s words (the same programs, in the same order).
pub fn programs_for_in(locality: &str, path_kind: Option<&str>, lang: Lang) -> Vec<&'static Program> {
    let mut found: Vec<&Program> = book_in(lang).programs.iter().filter(|p| p.serves.iter().any(|s| s == locality)).collect();
    if let Some(kind) = path_kind {
        found.sort_by_key(|p| !p.path_kinds.iter().any(|k| k == kind));
    }
    found
}

/// The guidelines in force on `day`: the latest year whose effective date has come.
pub fn guidelines_in_force(day: NaiveDate) -> Option<&'static Guidelines> {
    book().guidelines.iter().filter(|g| g.effective <= day).max_by_key(|g| g.effective)
}

/// The poverty line for a household of `size` (1 or more) in whole dollars a year: the table's
/// amount up to 8 people, then the amount for each additional person.
pub fn poverty_line(g: &Guidelines, size: u32) -> u64 {
    let size = size.max(1) as u64;
    if size <= 8 { g.amounts[size as usize - 1] } else { g.amounts[7] + (size - 8) * g.each_additional }
}

/// The largest household size the eligibility answer accepts.
pub const MAX_HOUSEHOLD: u32 = 50;
/// The largest yearly income accepted, in cents ($100 million).
pub const MAX_INCOME_CENTS: i64 = 10_000_000_000;

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct RuleAnswer {
    pub name: String,
    /// Income at or below the limit: the person may qualify (the program decides).
    pub may_qualify: bool,
    pub percent: u32,
    /// The limit for this household, in whole dollars a year (rounded down).
    pub limit: u64,
    pub rule: String,
    pub source: String,
    pub read: String,
}

#[derive(Debug, Clone, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Eligibility {
    pub guideline_year: i32,
    pub household_size: u32,
    pub yearly_income: f64,
    pub poverty_line: u64,
    /// The income as a share of the poverty line, to one decimal.
    pub percent_of_poverty: f64,
    pub programs: Vec<RuleAnswer>,
    pub guideline_source: String,
    pub caveat: String,
}

/// What an income means against each program's limit, with the guidelines in force on `day`.
/// `income_cents` is the household's yearly income before tax, in cents.
pub fn eligibility(household_size: u32, income_cents: i64, day: NaiveDate) -> Option<Eligibility> {
    eligibility_in(household_size, income_cents, day, Lang::En)
}

/// [`eligibility`] in `lang`: the same figures and answers, the rules' names, the rules and the
/// caveat in its words.
pub fn eligibility_in(household_size: u32, income_cents: i64, day: NaiveDate, lang: Lang) -> Option<Eligibility> {
    let g = guidelines_in_force(day)?;
    let line = poverty_line(g, household_size);
    let line_cents = i128::from(line) * 100;
    let income = i128::from(income_cents.max(0));
    let programs = book_in(lang)
        .income_rules
        .iter()
        .map(|r| RuleAnswer {
            name: r.name.clone(),
            // income ≤ (or <) line × percent / 100, in whole cents without rounding.
            may_qualify: if r.at_limit {
                income * 100 <= line_cents * i128::from(r.percent)
            } else {
                income * 100 < line_cents * i128::from(r.percent)
            },
            percent: r.percent,
            limit: line * u64::from(r.percent) / 100,
            rule: r.rule.clone(),
            source: r.sources.first().map(|s| s.url.clone()).unwrap_or_default(),
            read: r.sources.first().map(|s| s.read.clone()).unwrap_or_default(),
        })
        .collect();
    Some(Eligibility {
        guideline_year: g.year,
        household_size: household_size.max(1),
        yearly_income: income_cents as f64 / 100.0,
        poverty_line: line,
        percent_of_poverty: ((income * 1000 / line_cents.max(1)) as f64) / 10.0,
        programs,
        guideline_source: g.sources.first().map(|s| s.url.clone()).unwrap_or_default(),
        caveat: match lang {
            Lang::En => "You may qualify — each program decides, and counts income, household and savings its own way.",
            Lang::Es => "Usted podría calificar, pero cada programa decide, y cuenta los ingresos, el hogar y los ahorros a su manera.",
        }
        .into(),
    })
}

/// What the help for a place says about itself: programs decide, and numbers change.
pub fn list_caveat(lang: Lang) -> &'static str {
    match lang {
        Lang::En => "Programs decide whom they help; a telephone number or office can change after the date it was read.",
        Lang::Es => {
            "Los programas deciden a quién ayudan; un número de teléfono o una oficina pueden cambiar después de la fecha en que se consultaron."
        }
    }
}

/// Why the help could not be given for one place, to the person: no court (`court` is `None`), a
/// court naming no Virginia county or city (`could` empty), or one that could be in several.
pub fn locality_note(court: Option<&str>, could: &[&Locality], lang: Lang) -> String {
    let names: Vec<&str> = could.iter().map(|l| l.name.as_str()).collect();
    match (lang, court) {
        (Lang::En, None) => {
            "Your county or city is not known yet: say where you live, or choose it on the Help tab (it lists all 133).".to_string()
        }
        (Lang::Es, None) => {
            "Todavía no se sabe su condado o ciudad: diga dónde vive, o elíjalo en la pestaña Ayuda (allí están los 133).".to_string()
        }
        (Lang::En, Some(court)) if names.is_empty() => {
            format!("Your case's court (\"{court}\") names no Virginia county or city: say where you live, or choose it on the Help tab.")
        }
        (Lang::Es, Some(court)) if names.is_empty() => format!(
            "El tribunal de su caso (“{court}”) no nombra ningún condado ni ciudad de Virginia: diga dónde vive, o elíjalo en la pestaña Ayuda."
        ),
        (Lang::En, Some(court)) => {
            format!("Your case's court (\"{court}\") could be in {}: say which, or choose it on the Help tab.", names.join(" or "))
        }
        (Lang::Es, Some(court)) => {
            format!("El tribunal de su caso (“{court}”) puede estar en {}: diga cuál, o elíjalo en la pestaña Ayuda.", names.join(" o "))
        }
    }
}

/// The locality a court's name names ("Richmond General District Court", "Circuit Court of the
/// City of Richmond", "Fairfax JDR"): `Ok` with the one place it names, `Err` with the places it
/// could mean when it names a place that is both a county and a city without saying which (or
/// none). The longest place name wins ("Manassas Park" over "Manassas").
pub fn locality_from_court(court: &str) -> Result<&'static Locality, Vec<&'static Locality>> {
    let text =
        format!(" {} ", court.to_lowercase().split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" "));
    let base = |l: &Locality| {
        let name = l.name.to_lowercase();
        let name = name.strip_suffix(" county").or_else(|| name.strip_suffix(" city")).map(str::to_string).unwrap_or(name);
        name.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")
    };
    let named: Vec<(&'static Locality, String)> =
        localities().iter().map(|l| (l, base(l))).filter(|(_, b)| text.contains(&format!(" {b} "))).collect();
    let Some(longest) = named.iter().map(|(_, b)| b.len()).max() else { return Err(Vec::new()) };
    let named: Vec<&'static Locality> = named.into_iter().filter(|(_, b)| b.len() == longest).map(|(l, _)| l).collect();
    if let [one] = named.as_slice() {
        return Ok(one);
    }
    let says = |word: &str| text.contains(&format!(" {word} "));
    let wanted = match (says("city"), says("county")) {
        (true, false) => Some(LocalityKind::City),
        (false, true) => Some(LocalityKind::County),
        _ => None,
    };
    match named.iter().filter(|l| Some(&l.kind) == wanted.as_ref()).collect::<Vec<_>>().as_slice() {
        [one] => Ok(one),
        _ => Err(named),
    }
}

/// The help lines for `locality`: the statewide ones and those for that place.
pub fn statewide_for(locality: &str) -> Vec<&'static Statewide> {
    statewide_for_in(locality, Lang::En)
}

/// [`statewide_for`], in `lang`'s words.
pub fn statewide_for_in(locality: &str, lang: Lang) -> Vec<&'static Statewide> {
    book_in(lang).statewide.iter().filter(|s| s.localities.is_empty() || s.localities.iter().any(|l| l == locality)).collect()
}

/// Problems in the data: a locality no program serves, an unknown locality id, a duplicate.
pub fn problems(book: &HelpBook) -> Vec<String> {
    let mut out = vec![];
    let ids: BTreeSet<&str> = book.localities.iter().map(|l| l.id.as_str()).collect();
    if ids.len() != book.localities.len() {
        out.push("a locality id is listed twice".into());
    }
    for p in &book.programs {
        for s in &p.serves {
            if !ids.contains(s.as_str()) {
                out.push(format!("{} serves unknown locality {s}", p.id));
            }
        }
    }
    for s in &book.statewide {
        for l in &s.localities {
            if !ids.contains(l.as_str()) {
                out.push(format!("{} is for unknown locality {l}", s.id));
            }
        }
    }
    for l in &book.localities {
        if !book.programs.iter().any(|p| p.serves.contains(&l.id)) {
            out.push(format!("no program serves {}", l.id));
        }
    }
    out
}
