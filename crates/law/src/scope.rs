//! Whether the law graph can hold the answer to a question at all.
//!
//! The graph holds part of Virginia's law: the sections people without a lawyer meet most (the
//! starter corpus) or the whole Code once downloaded. A question about another state's law, about
//! federal law (bankruptcy, immigration, Social Security, federal housing programs, the IRS), or
//! about a subject the graph has no section on, still finds sections that share its words — a
//! Maryland security deposit finds Virginia's deposit section. Leading with such a section as "the
//! answer" would send the person to the wrong law; the offline answer says instead what it looked
//! for and that the graph may not hold the answer ([`Beyond`]).
//!
//! Two kinds of evidence, each read from the question and the search alone:
//! - **where the question is**: federal law or a federal program is its subject (bankruptcy,
//!   immigration, Section 8…), or another state is the place of the matter (its law, its court, a
//!   landlord or a ticket there) and is named at least as often as Virginia;
//! - **how near the graph comes**: no question people ask whose answer a section is (its asks)
//!   comes near the question by meaning.
//!
//! The word lists and the nearness floor were chosen on the tuning sets
//! (`tests/eval/outside-dev.json` against the answerable tuning questions), never on a held-out
//! set.
//!
//! ```
//! use proseva_law::scope::{Beyond, beyond};
//! assert!(matches!(beyond("Can my landlord in Baltimore, Maryland keep my deposit?", None), Some(Beyond::Elsewhere(_))));
//! assert!(matches!(beyond("Will filing chapter 7 bankruptcy stop my wage garnishment?", None), Some(Beyond::Federal(_))));
//! assert_eq!(beyond("My landlord in Richmond kept my deposit. I moved here from Maryland.", None), None);
//! assert_eq!(beyond("How long do I have to appeal a custody order?", Some(0.2)), Some(Beyond::Far));
//! ```

/// Why the graph may not hold the answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Beyond {
    /// The question is about another state's law (its name).
    Elsewhere(String),
    /// The question is about federal law (the words that say so).
    Federal(String),
    /// Nothing the graph holds comes near the question by meaning.
    Far,
}

impl Beyond {
    /// A clause for the person: "it is about Maryland law", "it is about federal law (bankruptcy)".
    pub fn reason(&self) -> String {
        match self {
            Beyond::Elsewhere(state) => format!("it seems to be about {state} law, and this app holds Virginia's"),
            Beyond::Federal(what) => format!("it seems to be about federal law ({what}), and this app holds Virginia's"),
            Beyond::Far => "nothing in the law graph comes close to it".to_string(),
        }
    }
}

/// Below this cosine of the question with the nearest ask of any section, nothing the graph holds
/// is near the question. Chosen on the tuning sets (`offline-eval --scope-signals`, 2026-11-29):
/// of their 577 questions the graph answers, 1 is below it (the nearest ask of 95 % is above
/// 0.58); of the 43 it cannot answer, 30 are below it or named elsewhere, 19 by the words alone.
pub const FAR: f32 = 0.5;

/// Whether the graph may not hold the answer to `question`, and why; `nearest_ask`: the best
/// cosine of the question with an ask (none when the question was read by words alone).
pub fn beyond(question: &str, nearest_ask: Option<f32>) -> Option<Beyond> {
    let words = Words::of(question);
    if let Some(what) = federal(&words) {
        return Some(Beyond::Federal(what.to_string()));
    }
    if let Some(state) = elsewhere(&words, &question.to_lowercase()) {
        return Some(Beyond::Elsewhere(state.to_string()));
    }
    match nearest_ask {
        Some(cosine) if cosine < FAR => Some(Beyond::Far),
        _ => None,
    }
}

/// A question's words, lower case, everything but letters and digits a break.
struct Words(Vec<String>);

impl Words {
    fn of(text: &str) -> Words {
        Words(text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).map(str::to_lowercase).collect())
    }

    /// Where `phrase` (words separated by single spaces) starts, each time it occurs.
    fn find(&self, phrase: &str) -> Vec<usize> {
        let want: Vec<&str> = phrase.split(' ').collect();
        (0..self.0.len().saturating_sub(want.len() - 1)).filter(|&i| want.iter().enumerate().all(|(k, w)| self.0[i + k] == *w)).collect()
    }

    fn count(&self, phrase: &str) -> usize {
        self.find(phrase).len()
    }

    fn has(&self, phrase: &str) -> bool {
        self.count(phrase) > 0
    }

    /// How often the question names Virginia.
    fn virginia(&self) -> usize {
        (self.count("virginia") + self.count("va")).saturating_sub(self.count("west virginia"))
    }
}

/// Words that make federal law the subject, and what to call it. Words that mention a federal
/// program only as someone's income or situation ("I live on Social Security", "I'm on Medicaid")
/// are not among them: Virginia's law answers those questions.
const FEDERAL: &[(&str, &[&str])] = &[
    ("immigration", &["visa", "green card", "uscis", "deported", "deportation", "asylum", "immigration", "immigrant", "daca"]),
    ("bankruptcy", &["bankruptcy", "bankrupt", "chapter 7", "chapter 13"]),
    ("the Family and Medical Leave Act", &["fmla", "family and medical leave"]),
    (
        "federal housing programs",
        &["section 8", "housing choice voucher", "housing voucher", "hud", "public housing", "cares act", "federally backed"],
    ),
    ("Social Security disability", &["ssdi", "ssi", "social security disability"]),
    ("servicemembers' federal protections", &["servicemembers civil relief", "scra", "servicemembers"]),
    ("federal intellectual property law", &["trademark", "patent", "copyright"]),
    ("federal employment law", &["eeoc", "title vii", "federal employee", "civilian employee", "owcp"]),
    ("federal student loans", &["student loan", "student loans"]),
    ("federal consumer law", &["credit report", "credit bureau"]),
    ("passports", &["passport"]),
    ("federal benefits law", &["cobra"]),
];

fn federal(words: &Words) -> Option<&'static str> {
    for (what, phrases) in FEDERAL {
        if phrases.iter().any(|p| words.has(p)) {
            return Some(what);
        }
    }
    // The IRS is the subject unless Virginia is too ("the IRS changed my return; do I tell Virginia?").
    (words.has("irs") && words.virginia() == 0).then_some("federal taxes")
}

/// The other states (and the District of Columbia): the name to give, and how a question writes it.
const STATES: &[(&str, &[&str])] = &[
    ("Alabama", &["alabama"]),
    ("Alaska", &["alaska"]),
    ("Arizona", &["arizona"]),
    ("Arkansas", &["arkansas"]),
    ("California", &["california"]),
    ("Colorado", &["colorado"]),
    ("Connecticut", &["connecticut"]),
    ("Delaware", &["delaware"]),
    ("Florida", &["florida"]),
    ("Georgia", &["georgia"]),
    ("Hawaii", &["hawaii"]),
    ("Idaho", &["idaho"]),
    ("Illinois", &["illinois"]),
    ("Indiana", &["indiana"]),
    ("Iowa", &["iowa"]),
    ("Kansas", &["kansas"]),
    ("Kentucky", &["kentucky"]),
    ("Louisiana", &["louisiana"]),
    ("Maine", &["maine"]),
    ("Maryland", &["maryland"]),
    ("Massachusetts", &["massachusetts"]),
    ("Michigan", &["michigan"]),
    ("Minnesota", &["minnesota"]),
    ("Mississippi", &["mississippi"]),
    ("Missouri", &["missouri"]),
    ("Montana", &["montana"]),
    ("Nebraska", &["nebraska"]),
    ("Nevada", &["nevada"]),
    ("New Hampshire", &["new hampshire"]),
    ("New Jersey", &["new jersey"]),
    ("New Mexico", &["new mexico"]),
    ("New York", &["new york"]),
    ("North Carolina", &["north carolina", "nc"]),
    ("North Dakota", &["north dakota"]),
    ("Ohio", &["ohio"]),
    ("Oklahoma", &["oklahoma"]),
    ("Oregon", &["oregon"]),
    ("Pennsylvania", &["pennsylvania"]),
    ("Rhode Island", &["rhode island"]),
    ("South Carolina", &["south carolina"]),
    ("South Dakota", &["south dakota"]),
    ("Tennessee", &["tennessee"]),
    ("Texas", &["texas"]),
    ("Utah", &["utah"]),
    ("Vermont", &["vermont"]),
    ("West Virginia", &["west virginia"]),
    ("Wisconsin", &["wisconsin"]),
    ("Wyoming", &["wyoming"]),
    ("District of Columbia", &["district of columbia", "dc"]),
];

/// What, after a state's name, makes it the place of the matter: its law, its courts, a landlord
/// or a ticket there.
const PLACE_OF: &[&str] = &[
    "law",
    "laws",
    "court",
    "courts",
    "judge",
    "landlord",
    "dmv",
    "ticket",
    "order",
    "county",
    "statute",
    "statutes",
    "probate",
    "lease",
    "apartment",
    "state police",
    "trooper",
    "divorce",
    "police",
    "superior court",
    "custody order",
    "rules",
];
/// Things that happen somewhere, before "in <state>".
const HAPPENED: &[&str] = &["ticket", "pulled", "arrested", "died", "rented", "lived", "married", "sued"];
/// A move, before "to" or "from" a state: the state is where someone went or came from.
const MOVED: &[&str] = &["moved", "moving", "move", "relocated", "relocating", "relocate", "transferred"];

/// Another state the question is about: named at least as often as Virginia, as the place of the
/// matter ("a Maryland landlord", "Charlotte, North Carolina", "a ticket in Georgia"), and not only
/// as where someone moved to or from.
fn elsewhere(words: &Words, lower: &str) -> Option<&'static str> {
    let w = &words.0;
    for (state, names) in STATES {
        let at: Vec<(usize, usize)> =
            names.iter().flat_map(|n| words.find(n).into_iter().map(move |i| (i, n.split(' ').count()))).collect();
        if at.is_empty() || at.len() < words.virginia() {
            continue;
        }
        let moved = at.iter().any(|&(i, _)| {
            let before = &w[i.saturating_sub(10)..i];
            before.iter().rposition(|x| x == "to" || x == "from").is_some_and(|p| {
                let from = i.saturating_sub(10) + p;
                from + 5 > i && w[from.saturating_sub(7)..from].iter().any(|x| MOVED.contains(&x.as_str()))
            })
        });
        if moved {
            continue;
        }
        let place_after = at.iter().any(|&(i, len)| {
            PLACE_OF.iter().any(|p| {
                let p: Vec<&str> = p.split(' ').collect();
                w.len() >= i + len + p.len() && p.iter().enumerate().all(|(k, x)| w[i + len + k] == *x)
            })
        });
        let after_a_town = names.iter().any(|n| {
            lower.match_indices(&format!(", {n}")).any(|(at, m)| !lower[at + m.len()..].starts_with(|c: char| c.is_alphanumeric()))
        });
        let happened_there = at
            .iter()
            .any(|&(i, _)| i >= 1 && w[i - 1] == "in" && w[i.saturating_sub(7)..i - 1].iter().any(|x| HAPPENED.contains(&x.as_str())));
        if place_after || after_a_town || happened_there {
            return Some(state);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_are_matched_whole() {
        let words = Words::of("Chapter-7 (bankruptcy)? Advisable, says VA.");
        assert_eq!(words.find("chapter 7"), [0]);
        assert!(words.has("bankruptcy") && !words.has("visa"));
        assert_eq!(words.virginia(), 1);
        assert_eq!(Words::of("in West Virginia, not Virginia").virginia(), 1);
    }

    #[test]
    fn another_state_counts_only_as_the_place_of_the_matter() {
        let said = |q: &str| elsewhere(&Words::of(q), &q.to_lowercase());
        assert_eq!(said("My Maryland landlord kept my deposit."), Some("Maryland"));
        assert_eq!(said("We all live in Charlotte, North Carolina; can I change custody?"), Some("North Carolina"));
        assert_eq!(said("I got a speeding ticket in Georgia on the way down."), Some("Georgia"));
        assert_eq!(said("She is moving him from Stafford to Jacksonville, Florida in 3 weeks."), None, "where someone moves");
        assert_eq!(said("I moved here from Ohio; my Virginia landlord kept my deposit."), None);
        assert_eq!(said("I live in Maryland but own a rental in a Virginia county; Virginia FOIA says no."), None, "Virginia named more");
    }

    #[test]
    fn a_question_near_an_ask_and_in_virginia_is_within_reach() {
        assert_eq!(beyond("My landlord kept my deposit", Some(0.8)), None);
        assert_eq!(beyond("My Virginia landlord wants my Social Security number", Some(0.8)), None);
        assert_eq!(beyond("anything", None), None, "read by words alone, nearness is not known");
    }
}
