//! Sections that apply only in one situation, and whether a question speaks of it.
//!
//! Some sections sit among the law a question is about but apply only to some people: the
//! landlord-tenant chapter's lock change after a protective order (§ 55.1-1230), its early end of a
//! lease for a victim of family abuse (§ 55.1-1236) or for a member of the armed forces
//! (§ 55.1-1235), and the whole chapter on renting business premises (Title 55.1, Chapter 14,
//! "Nonresidential Tenancies", whose § 55.1-1400 lets a commercial landlord change the locks). A
//! tenant locked out of a home shares their words ("changed the locks") but not their situation.
//! Such a section is **narrow** for a question that does not speak of its situation: the search
//! ranks it lower (`proseva_law::rank::Signals::narrow`) and says so (`Fit::only_for`, the
//! search result's `onlyFor`), and the offline answer does not list it beside another section.
//!
//! Which sections: the chapter by its numbering (Title 55.1's sections are numbered by chapter,
//! 55.1-1400 to 55.1-1499 being Chapter 14), the others by the situation their heading names
//! ("protective order", "family abuse", "military personnel"), and § 55.1-1230 by its text (an
//! order in a family abuse protective order or divorce case), whose heading ("Access following
//! entry of certain court orders") does not name it. The words a question uses for each situation
//! are everyday ones a legal-aid intake worker hears, never fragments of an evaluation question.
//!
//! ```
//! use proseva_citation::situation::{mentioned, of_section};
//! let business = of_section("55.1-1400", "Applicability; right to terminate tenant").unwrap();
//! assert_eq!(business.label, "a lease of business premises");
//! assert!(of_section("55.1-1243.1", "Tenant's remedies for exclusion from dwelling unit").is_none());
//! assert!(of_section("55.1-140", "Anything").is_none());
//! assert!(mentioned("I rent a shop for my business and the landlord changed the locks").contains(&business.label));
//! assert!(mentioned("my landlord changed the locks because I was late on rent").is_empty());
//! ```

/// A situation some sections apply only to.
#[derive(Debug, PartialEq, Eq)]
pub struct Situation {
    /// What the situation is, in plain words ("a lease of business premises").
    pub label: &'static str,
    /// Words a question that speaks of it uses: a word ending in `*` matches any word it begins.
    words: &'static [&'static str],
    /// Phrases of several words, matched in the lower-cased question.
    phrases: &'static [&'static str],
}

/// The situations, each with the everyday words for it.
pub const SITUATIONS: &[Situation] = &[
    Situation {
        label: "a lease of business premises",
        words: &[
            "business",
            "businesses",
            "commercial",
            "nonresidential",
            "store",
            "storefront",
            "shop",
            "office",
            "restaurant",
            "retail",
            "warehouse",
            "salon",
            "bakery",
            "cafe",
            "company",
            "llc",
        ],
        phrases: &["office space", "my company", "my business", "our business"],
    },
    Situation {
        label: "a protective order or family abuse",
        words: &[
            "abuse*",
            "abusive",
            "protect*",
            "violence",
            "violent",
            "hit",
            "hits",
            "hitting",
            "beat",
            "beats",
            "beating",
            "beaten",
            "threat*",
            "stalk*",
            "assault*",
            "restraining",
            "harass*",
            "rape*",
            "sexual*",
            "domestic",
            "chok*",
            "strangl*",
            "epo",
            "ppo",
            "afraid",
            "scared",
            "batter*",
            "victim*",
        ],
        phrases: &["stay away", "order of protection", "hurt me", "hurts me", "hurt my", "safe from"],
    },
    Situation {
        label: "military service",
        words: &[
            "military",
            "deployed",
            "deployment",
            "deploy",
            "army",
            "navy",
            "marine",
            "marines",
            "servicemember",
            "servicemembers",
            "soldier",
            "sailor",
            "airman",
            "pcs",
        ],
        phrases: &["air force", "coast guard", "national guard", "service member", "active duty", "armed forces", "change of station"],
    },
];

/// The situation a section applies only to, from its number and heading.
pub fn of_section(source_id: &str, heading: &str) -> Option<&'static Situation> {
    let heading = heading.to_lowercase();
    let [business, abuse, military] = [&SITUATIONS[0], &SITUATIONS[1], &SITUATIONS[2]];
    if nonresidential(source_id) {
        return Some(business);
    }
    if source_id == "55.1-1230" || ["protective order", "family abuse"].iter().any(|p| heading.contains(p)) {
        return Some(abuse);
    }
    if ["military personnel", "servicemember", "service member", "armed forces"].iter().any(|p| heading.contains(p)) {
        return Some(military);
    }
    None
}

/// Title 55.1, Chapter 14 (Nonresidential Tenancies): sections 55.1-1400 to 55.1-1499.
fn nonresidential(source_id: &str) -> bool {
    let Some(number) = source_id.strip_prefix("55.1-") else { return false };
    let whole: String = number.chars().take_while(char::is_ascii_digit).collect();
    whole.len() == 4 && whole.starts_with("14")
}

/// The situations `question` speaks of, by their labels.
pub fn mentioned(question: &str) -> Vec<&'static str> {
    let lower = format!(" {} ", question.to_lowercase().replace(['\u{2019}', '\u{2018}'], "'"));
    let words: Vec<&str> = lower.split(|c: char| !(c.is_alphanumeric() || c == '\'')).filter(|w| !w.is_empty()).collect();
    let word_matches = |cue: &str| match cue.strip_suffix('*') {
        Some(start) => words.iter().any(|w| w.starts_with(start)),
        None => words.iter().any(|w| *w == cue || w.strip_suffix("'s") == Some(cue)),
    };
    SITUATIONS
        .iter()
        .filter(|s| s.words.iter().any(|w| word_matches(w)) || s.phrases.iter().any(|p| lower.contains(&format!(" {p} "))))
        .map(|s| s.label)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sections_are_read_by_number_and_heading() {
        let label = |id: &str, heading: &str| of_section(id, heading).map(|s| s.label);
        assert_eq!(label("55.1-1400", "Applicability; right to terminate tenant"), Some("a lease of business premises"));
        assert_eq!(label("55.1-1415", "Tenant's remedies"), Some("a lease of business premises"));
        assert_eq!(label("55.1-1410.1", "x"), Some("a lease of business premises"));
        // Chapter 1's sections, and the residential act's, are not.
        assert_eq!(label("55.1-140", "x"), None);
        assert_eq!(label("55.1-1243.1", "Tenant's remedies for exclusion from dwelling unit"), None);
        assert_eq!(label("55.1-1230", "Access following entry of certain court orders"), Some("a protective order or family abuse"));
        assert_eq!(label("16.1-279.1", "Protective order in cases of family abuse"), Some("a protective order or family abuse"));
        assert_eq!(
            label(
                "55.1-1236",
                "Early termination of rental agreements by victims of family abuse, sexual abuse, or criminal sexual assault"
            ),
            Some("a protective order or family abuse")
        );
        assert_eq!(label("55.1-1235", "Early termination of rental agreement by military personnel"), Some("military service"));
        assert_eq!(label("const-I-13", "Militia; standing armies; military subordinate to civil power"), None);
    }

    #[test]
    fn questions_name_their_situation_in_everyday_words() {
        assert_eq!(mentioned("My boyfriend hits me and I want to break my lease"), vec!["a protective order or family abuse"]);
        assert_eq!(mentioned("I got a restraining order, can the landlord change the locks?"), vec!["a protective order or family abuse"]);
        assert_eq!(mentioned("can the judge order him out of the house to protect my kid"), vec!["a protective order or family abuse"]);
        assert_eq!(mentioned("I'm being deployed, can I end my lease early?"), vec!["military service"]);
        assert_eq!(mentioned("I'm in the Air Force and got orders"), vec!["military service"]);
        assert_eq!(mentioned("My landlord locked my restaurant's doors"), vec!["a lease of business premises"]);
        // Words that only look like a situation's.
        assert!(mentioned("my landlord changed the locks because I was late on rent, I have a 6 year old").is_empty());
        assert!(mentioned("The heat is off and the place is unsafe").is_empty());
        assert!(mentioned("Can they shopify my account").is_empty());
    }
}
