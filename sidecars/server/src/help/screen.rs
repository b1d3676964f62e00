//! When to get a lawyer now (issue 41): for each kind of case, a few yes-or-no questions whose
//! "yes" means this app is not enough — a charge that can mean jail, a home in a federal housing
//! program, custody across state lines, a bankruptcy, a protective order with a criminal charge,
//! immigration — and for each, why (with the law it rests on), who to call today and what the app
//! can still do.
//!
//! The questions are data: `sidecars/server/help/screen.json`, compiled in, and its Spanish mirror
//! `help/screen.es.json` ([`book_in`]`(Lang::Es)`): the same ids, kinds, cues, sections, law keys,
//! citations, passages (the law's own words stay in English) and help to call, in the same order,
//! with the questions, the reasons, the hand-offs and the notes in Spanish. Every `why` rests on
//! the passages of its `law` entries, each with where and when it was read and whether the copy
//! was official; the tests check that every number a `why` states is in those passages, so a
//! figure that was not read is not said. The assistant reads the same list
//! ([`crate::tools`]' `find_help`), so a question that meets one is answered with the hand-off.
//!
//! ```
//! use proseva_server::help::screen;
//!
//! let questions = screen::for_kind("traffic-misdemeanor");
//! assert!(questions.iter().any(|q| q.id == "jail-possible"));
//! assert!(screen::problems(screen::book()).is_empty());
//!
//! let es = screen::for_kind_in("traffic-misdemeanor", proseva_server::lang::Lang::Es);
//! assert_eq!(es[0].id, questions[0].id);
//! assert!(es[0].text.starts_with('¿'));
//! ```

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};

use crate::lang::Lang;
use crate::paths;

/// A passage of the law a question rests on, with where and when it was read.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LawPassage {
    /// "Va. Code § 19.2-157", "11 U.S.C. § 362 (a)".
    pub cite: String,
    /// Word for word; `[...]` marks words left out.
    pub passage: String,
    /// The page or file the words come from.
    pub source: String,
    /// The copy actually read, when it is not `source` itself.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub read_from: Option<String>,
    /// Which text it is and of when.
    pub text_of: String,
    /// Published by the Virginia Legislative Information System (or the official U.S. Code).
    pub official: bool,
    /// The day it was read (YYYY-MM-DD).
    pub read: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// What a "yes" leads to.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HandOff {
    pub title: String,
    /// Who to call: `program` (the legal aid program for the person's place) or the id of one of
    /// the statewide entries of help.json.
    pub call: Vec<String>,
    /// What to do today.
    pub today: String,
    pub app_can_still: String,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Question {
    pub id: String,
    /// The path kinds it is asked for.
    pub kinds: Vec<String>,
    /// Words of a question to the assistant that meet this situation ([`matching`]): whole words,
    /// or, for a cue ending in `*`, the start of a word.
    pub cues: Vec<String>,
    /// The same for a question put in Spanish (accents ignored: written folded, `"carcel"`).
    pub cues_es: Vec<String>,
    pub text: String,
    pub why: String,
    /// The sections `why` names: a Virginia section number ("19.2-157") or a federal cite.
    pub sections: Vec<String>,
    /// Keys of [`ScreenBook::law`].
    pub law: Vec<String>,
    pub hand_off: HandOff,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ScreenBook {
    pub about: String,
    pub checked_on: String,
    pub law: BTreeMap<String, LawPassage>,
    pub questions: Vec<Question>,
    /// What was looked for and not confirmed.
    pub gaps: Vec<String>,
}

/// The screening questions in English.
pub fn book() -> &'static ScreenBook {
    book_in(Lang::En)
}

/// The screening questions in `lang`: `help/screen.json`, or its Spanish mirror
/// `help/screen.es.json` (the same ids, kinds, cues, sections, law and calls, in the same order).
pub fn book_in(lang: Lang) -> &'static ScreenBook {
    static EN: OnceLock<ScreenBook> = OnceLock::new();
    static ES: OnceLock<ScreenBook> = OnceLock::new();
    match lang {
        Lang::En => EN.get_or_init(|| {
            serde_json::from_str(include_str!("../../help/screen.json")).expect("help/screen.json is checked by the tests")
        }),
        Lang::Es => ES.get_or_init(|| {
            serde_json::from_str(include_str!("../../help/screen.es.json")).expect("help/screen.es.json is checked by the tests")
        }),
    }
}

/// The questions for a path kind, in the file's order.
pub fn for_kind(kind: &str) -> Vec<&'static Question> {
    for_kind_in(kind, Lang::En)
}

/// [`for_kind`], in `lang`'s words.
pub fn for_kind_in(kind: &str, lang: Lang) -> Vec<&'static Question> {
    book_in(lang).questions.iter().filter(|q| q.kinds.iter().any(|k| k == kind)).collect()
}

/// The question `id` in `lang`'s words.
pub fn question_in(id: &str, lang: Lang) -> Option<&'static Question> {
    book_in(lang).questions.iter().find(|q| q.id == id)
}

/// Lower case, accents and `ñ` folded (`cárcel` → `carcel`), every run of anything but letters
/// and digits one space, with a space each end.
fn words_of(text: &str) -> String {
    let mut out = String::from(" ");
    for c in text.chars().flat_map(char::to_lowercase).map(fold_accent) {
        if c.is_alphanumeric() {
            out.push(c);
        } else if !out.ends_with(' ') {
            out.push(' ');
        }
    }
    if !out.ends_with(' ') {
        out.push(' ');
    }
    out
}

/// A Spanish letter without its accent (`á` → `a`, `ñ` → `n`, `ü` → `u`); any other as it is.
fn fold_accent(c: char) -> char {
    match c {
        'á' | 'à' | 'â' | 'ä' => 'a',
        'é' | 'è' | 'ê' | 'ë' => 'e',
        'í' | 'ì' | 'î' | 'ï' => 'i',
        'ó' | 'ò' | 'ô' | 'ö' => 'o',
        'ú' | 'ù' | 'û' | 'ü' => 'u',
        'ñ' => 'n',
        other => other,
    }
}

/// The questions whose situation a question put to the assistant meets (one of its cues, the Spanish ones for a question in Spanish): of `kind` when the kind is known, else of any kind; one per hand-off text, at
/// most three, in the file's order; a situation met for both sides (a bankruptcy) only once.
pub fn matching(question: &str, kind: Option<&str>) -> Vec<&'static Question> {
    let text = words_of(question);
    // A question in Spanish is met by the Spanish cues alone (they hold the English words people
    // mix in, "green card", "DUI"): an English cue's start can begin a Spanish word ("deport*",
    // "deporte").
    let spanish = proseva_citation::lang::is_spanish(question);
    let mut out: Vec<&'static Question> = Vec::new();
    for q in &book().questions {
        if kind.is_some_and(|k| !q.kinds.iter().any(|x| x == k)) {
            continue;
        }
        let cues = if spanish { &q.cues_es } else { &q.cues };
        let met = cues.iter().any(|cue| match cue.strip_suffix('*') {
            Some(stem) => text.contains(&format!(" {}", words_of(stem).trim())),
            None => text.contains(&words_of(cue)),
        });
        // One hand-off a situation: the same words met for another side (a bankruptcy of either
        // party) are not said twice.
        if met && !out.iter().any(|o| o.cues.iter().any(|c| q.cues.contains(c))) && out.len() < 3 {
            out.push(q);
        }
    }
    out
}

/// [`matching`], the questions given in `lang`'s words. The cues are the English file's (both
/// files have the same English and Spanish cues), so a question in either language meets a
/// situation whatever the language it is given in.
pub fn matching_in(question: &str, kind: Option<&str>, lang: Lang) -> Vec<&'static Question> {
    matching(question, kind).into_iter().filter_map(|q| question_in(&q.id, lang)).collect()
}

/// The passages a question rests on.
pub fn law_of(q: &Question) -> Vec<&'static LawPassage> {
    law_of_in(q, Lang::En)
}

/// [`law_of`], with the notes and what each text is of in `lang`'s words (the passages, citations
/// and sources are the same in both).
pub fn law_of_in(q: &Question, lang: Lang) -> Vec<&'static LawPassage> {
    q.law.iter().filter_map(|k| book_in(lang).law.get(k)).collect()
}

/// The official page for a section: law.lis.virginia.gov for a Virginia section, none for a
/// federal cite (no official copy was read).
pub fn section_url(section: &str) -> Option<String> {
    let virginia = section.chars().next().is_some_and(|c| c.is_ascii_digit()) && !section.contains("U.S.C.");
    virginia.then(|| format!("https://law.lis.virginia.gov/vacode/{section}/"))
}

/// The numbers a text states ("24", "2,500", "11:59", "125"), as written.
pub fn numbers_in(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        let joins = (c == ',' || c == ':' || c == '.')
            && !current.is_empty()
            && chars.get(i + 1).is_some_and(char::is_ascii_digit)
            && !current.ends_with([',', ':', '.']);
        if c.is_ascii_digit() || joins {
            current.push(c);
        } else if !current.is_empty() {
            out.push(std::mem::take(&mut current));
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out
}

/// Problems in the data: a kind with fewer than two questions, a missing passage, an unknown
/// kind or help entry, a number in `why` that neither its passages nor the recorded pages of the
/// help it calls give, a section `why` does not name.
pub fn problems(book: &ScreenBook) -> Vec<String> {
    let mut out = vec![];
    let kinds = paths::kinds();
    let statewide: Vec<&str> = super::book().statewide.iter().map(|s| s.id.as_str()).collect();
    for kind in &kinds {
        let n = book.questions.iter().filter(|q| q.kinds.iter().any(|k| k == kind)).count();
        if n < 2 {
            out.push(format!("{kind} has {n} screening questions; each kind needs at least 2"));
        }
    }
    let mut ids = std::collections::BTreeSet::new();
    for q in &book.questions {
        if !ids.insert(q.id.as_str()) {
            out.push(format!("question {} is listed twice", q.id));
        }
        for k in &q.kinds {
            if !kinds.contains(&k.as_str()) {
                out.push(format!("{}: unknown kind {k}", q.id));
            }
        }
        let mut passages = String::new();
        for key in &q.law {
            match book.law.get(key) {
                Some(p) => {
                    passages.push_str(&p.passage);
                    passages.push(' ');
                    passages.push_str(p.note.as_deref().unwrap_or_default());
                    passages.push(' ');
                    passages.push_str(&p.text_of);
                    passages.push(' ');
                    passages.push_str(&p.cite);
                    passages.push(' ');
                }
                None => out.push(format!("{}: no law entry {key}", q.id)),
            }
        }
        // A number may also come from the recorded pages of the help it calls (the hotline's
        // page says to call 911 in immediate danger).
        for entry in super::book().statewide.iter().filter(|s| q.hand_off.call.contains(&s.id)) {
            for source in &entry.sources {
                passages.push_str(&source.passage);
                passages.push(' ');
            }
        }
        let given: std::collections::BTreeSet<String> = numbers_in(&passages).into_iter().collect();
        for number in numbers_in(&q.why) {
            if !given.contains(&number) {
                out.push(format!("{}: \"{number}\" in why is in none of its passages", q.id));
            }
        }
        for section in &q.sections {
            if !q.why.contains(section.as_str()) {
                out.push(format!("{}: why does not name {section}", q.id));
            }
        }
        for call in &q.hand_off.call {
            if call != "program" && !statewide.contains(&call.as_str()) {
                out.push(format!("{}: unknown help entry {call}", q.id));
            }
        }
        if q.hand_off.call.is_empty() {
            out.push(format!("{}: a hand-off needs someone to call", q.id));
        }
    }
    for (key, p) in &book.law {
        if p.passage.trim().is_empty() || !p.source.starts_with("http") || p.read.len() != 10 {
            out.push(format!("law {key}: needs a passage, a source address and the day it was read"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_read_as_written() {
        assert_eq!(numbers_in("up to $2,500 and 24 hours, at 11:59 p.m., 125 percent."), ["2,500", "24", "11:59", "125"]);
        assert_eq!(numbers_in("§ 19.2-157"), ["19.2", "157"]);
        assert!(numbers_in("no figures").is_empty());
    }

    #[test]
    fn a_question_meets_a_situation_by_its_words() {
        let ids = |q: &str, kind: Option<&str>| matching(q, kind).iter().map(|x| x.id.as_str()).collect::<Vec<_>>();
        assert_eq!(ids("I got a ticket for reckless driving. Could I go to JAIL?", Some("traffic-misdemeanor")), ["jail-possible"]);
        // A late fee the landlord charged is not a criminal charge; a Visa card is not a visa.
        assert!(ids("The landlord charged me a late fee I paid with my Visa", None).is_empty());
        assert_eq!(ids("I filed for bankruptcy last week", Some("debt-defendant")), ["bankruptcy"]);
        assert_eq!(ids("I filed for bankruptcy last week", None), ["bankruptcy"], "once, whoever filed");
        assert_eq!(ids("My landlord takes Section 8", None), ["federal-housing"]);
        // At the start of a word only: "scared" is not "cps", "gunther" is not a gun.
        assert!(ids("My neighbour Gunther is scarred", None).is_empty());
        assert!(ids("What is the deadline to appeal?", Some("appeal-district")).is_empty());
    }

    #[test]
    fn section_addresses_are_only_for_virginia_sections() {
        assert_eq!(section_url("19.2-157").as_deref(), Some("https://law.lis.virginia.gov/vacode/19.2-157/"));
        assert_eq!(section_url("11 U.S.C. § 362"), None);
    }
}
