//! Everyday words for legal ideas, and the words the Code uses for them.
//!
//! A person asks "who inherits if there is no will"; the Code says "intestate" and "descent". A
//! search adds the Code's words to the person's, so the sections that use them are found by words
//! too, and their headings count as meeting the question. The list is general — common lay
//! phrasings across the topics people bring to court — not tied to particular questions.

/// `(everyday phrase, the Code's words for it)`. Phrases are matched in the lower-cased question
/// at word boundaries.
const LAY_TERMS: &[(&str, &[&str])] = &[
    ("without a will", &["intestate", "descent"]),
    ("no will", &["intestate", "descent"]),
    ("inherit", &["descent", "heirs"]),
    ("inherits", &["descent", "heirs"]),
    ("passed away", &["decedent", "estate"]),
    ("died", &["decedent", "estate"]),
    ("dies", &["decedent", "estate"]),
    ("can't afford", &["indigent", "fees", "costs"]),
    ("cannot afford", &["indigent", "fees", "costs"]),
    ("can not afford", &["indigent", "fees", "costs"]),
    ("too poor", &["indigent", "fees", "costs"]),
    ("lawyer", &["attorney", "counsel"]),
    ("kid", &["child"]),
    ("kids", &["child"]),
    ("children", &["child"]),
    ("changed the locks", &["exclusion", "ouster"]),
    ("change the locks", &["exclusion", "ouster"]),
    ("locked me out", &["exclusion", "ouster"]),
    ("locked out", &["exclusion", "ouster"]),
    ("lockout", &["exclusion", "ouster"]),
    ("shut off", &["interruption", "services"]),
    ("cut off", &["interruption", "services"]),
    ("kicked out", &["eviction", "possession"]),
    ("evict", &["unlawful", "detainer", "possession"]),
    ("drunk", &["intoxicated", "alcohol"]),
    ("dui", &["intoxicated", "alcohol"]),
    ("dwi", &["intoxicated", "alcohol"]),
    ("parked", &["unattended"]),
    ("nobody was around", &["unattended"]),
    ("no one was around", &["unattended"]),
    ("speeding", &["speed"]),
    ("ticket", &["summons"]),
    ("sue", &["action", "damages"]),
    ("suing", &["action", "damages"]),
    ("small claims", &["jurisdiction"]),
    ("alimony", &["spousal", "support"]),
    ("bail", &["bail", "bond", "recognizance"]),
    ("court date", &["appear", "appearance"]),
    ("restraining order", &["protective", "order"]),
    ("following me", &["stalking"]),
    ("gun", &["firearm"]),
    ("guns", &["firearm"]),
    ("phone", &["handheld", "communications", "device"]),
    ("lemon law", &["warranty", "nonconformity"]),
    ("keeps breaking down", &["nonconformity", "warranty"]),
    ("lied", &["misrepresentation", "deceptive"]),
    ("scam", &["fraud", "deceptive"]),
    ("ripped off", &["fraud", "deceptive"]),
    ("serve", &["service", "process"]),
    ("court papers", &["process", "service"]),
    ("court fees", &["costs", "fees"]),
    ("property tax", &["real", "estate", "tax"]),
    ("tax break", &["exemption", "deferral"]),
    ("apartment", &["dwelling"]),
    ("coming into", &["entry", "access"]),
    ("come into", &["entry", "access"]),
    ("enter my", &["entry", "access"]),
    ("hurt at work", &["injury", "employee", "compensation"]),
    ("injured at work", &["injury", "employee", "compensation"]),
    ("car accident", &["motor", "vehicle", "injury"]),
    ("cheated", &["adultery"]),
    ("prenup", &["premarital", "agreement"]),
    ("move away", &["relocation"]),
    ("move to another", &["relocation"]),
    ("moving", &["relocation"]),
    ("records request", &["public", "records"]),
    ("fired", &["discharge"]),
    ("paycheck", &["wages"]),
    ("pay", &["wages"]),
    ("boss", &["employer"]),
    ("cop", &["officer", "police"]),
    ("cops", &["officer", "police"]),
    ("jail", &["jail", "confinement"]),
];

/// The Code's words for the everyday phrases in `search`, in list order, without repeats.
pub fn legal_terms(search: &str) -> Vec<&'static str> {
    let text = format!(" {} ", search.to_lowercase().replace(|c: char| !c.is_alphanumeric() && c != '\'', " "));
    let mut out: Vec<&'static str> = Vec::new();
    for (phrase, terms) in LAY_TERMS {
        if text.contains(&format!(" {phrase} ")) {
            for term in *terms {
                if !out.contains(term) {
                    out.push(term);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn everyday_phrases_bring_in_the_codes_words() {
        assert_eq!(legal_terms("Who inherits when someone dies without a will?"), ["intestate", "descent", "heirs", "decedent", "estate"]);
        assert_eq!(legal_terms("I can't afford the court fees"), ["indigent", "fees", "costs"]);
        assert!(legal_terms("My landlord changed the locks").contains(&"exclusion"));
        // Whole words only: "sue" is not in "issue", "pay" not in "payment".
        assert!(legal_terms("What is the issue with my payment?").is_empty());
    }

    #[test]
    fn every_entry_is_lower_case_and_non_empty() {
        for (phrase, terms) in LAY_TERMS {
            assert_eq!(*phrase, phrase.to_lowercase());
            assert!(!terms.is_empty() && terms.iter().all(|t| !t.is_empty() && *t == t.to_lowercase()), "{phrase}");
        }
    }
}
