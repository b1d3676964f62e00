//! Everyday words for legal ideas, and the words the Code uses for them.
//!
//! A person asks "who inherits if there is no will"; the Code says "intestate" and "descent". A
//! search adds the Code's words to the person's, so the sections that use them are found by words
//! too, and their headings count as meeting the question.
//!
//! The list is a small thesaurus of everyday English for the legal ideas people bring to court,
//! by area of law: single words and common idioms ("locked out", "behind on rent", "let go"), as a
//! legal-aid intake worker would hear them. It is not drawn from any set of questions: an entry is
//! a way people say a legal idea, never a fragment of someone's particular sentence.

/// `(everyday phrase, the Code's words for it)`. Phrases are matched in the lower-cased question
/// at word boundaries.
const LAY_TERMS: &[(&str, &[&str])] = &[
    // Family.
    ("kid", &["child"]),
    ("kids", &["child"]),
    ("children", &["child"]),
    ("son", &["child"]),
    ("daughter", &["child"]),
    ("ex", &["former", "spouse"]),
    ("ex wife", &["former", "spouse"]),
    ("ex husband", &["former", "spouse"]),
    ("wife", &["spouse"]),
    ("husband", &["spouse"]),
    ("split up", &["separation", "divorce"]),
    ("separated", &["separation", "divorce"]),
    ("alimony", &["spousal", "support"]),
    ("visit", &["visitation"]),
    ("see my kids", &["visitation"]),
    ("prenup", &["premarital", "agreement"]),
    ("cheated", &["adultery"]),
    ("affair", &["adultery"]),
    ("move away", &["relocation"]),
    ("moving", &["relocation"]),
    ("relocate", &["relocation"]),
    ("father", &["paternity", "parent"]),
    ("dad", &["paternity", "parent"]),
    ("mom", &["parent", "mother"]),
    ("restraining order", &["protective", "order"]),
    ("stay away order", &["protective", "order"]),
    ("hit me", &["abuse", "assault"]),
    ("hits me", &["abuse", "assault"]),
    ("beat", &["abuse", "assault"]),
    ("following me", &["stalking"]),
    ("threatened", &["threat", "abuse"]),
    // Housing.
    ("apartment", &["dwelling"]),
    ("house", &["dwelling"]),
    ("renter", &["tenant"]),
    ("renting", &["tenant", "rental"]),
    ("lease", &["rental", "agreement"]),
    ("changed the locks", &["exclusion", "ouster"]),
    ("change the locks", &["exclusion", "ouster"]),
    ("locked me out", &["exclusion", "ouster"]),
    ("locked out", &["exclusion", "ouster"]),
    ("lockout", &["exclusion", "ouster"]),
    ("shut off", &["interruption", "services"]),
    ("cut off", &["interruption", "services"]),
    ("turned off", &["interruption", "services"]),
    ("utilities", &["services", "utility"]),
    ("fix", &["repair", "repairs"]),
    ("repairs", &["repair", "maintain"]),
    ("bugs", &["insects", "pest"]),
    ("roaches", &["insects", "pest"]),
    ("bedbugs", &["insects", "pest"]),
    ("kicked out", &["eviction", "possession"]),
    ("thrown out", &["eviction", "possession"]),
    ("evict", &["unlawful", "detainer", "possession"]),
    ("evicted", &["unlawful", "detainer", "possession"]),
    ("eviction", &["unlawful", "detainer", "possession"]),
    ("pay or quit", &["nonpayment", "rent"]),
    ("behind on rent", &["nonpayment", "rent"]),
    ("late rent", &["rent", "late"]),
    ("break my lease", &["termination", "rental"]),
    ("break the lease", &["termination", "rental"]),
    ("end my lease", &["termination", "rental"]),
    ("come in", &["entry", "access"]),
    ("coming in", &["entry", "access"]),
    ("come into", &["entry", "access"]),
    ("coming into", &["entry", "access"]),
    ("get back at", &["retaliation"]),
    ("payback", &["retaliation"]),
    // Money, debts and sellers.
    ("sue", &["action", "damages"]),
    ("suing", &["action", "damages"]),
    ("sued", &["action", "damages"]),
    ("small claims", &["small", "claims", "jurisdiction"]),
    ("owe", &["debt"]),
    ("collector", &["debt", "collection"]),
    ("garnish", &["garnishment"]),
    ("garnished", &["garnishment"]),
    ("paycheck", &["wages"]),
    ("can't afford", &["indigent", "fees", "costs"]),
    ("cannot afford", &["indigent", "fees", "costs"]),
    ("can not afford", &["indigent", "fees", "costs"]),
    ("too poor", &["indigent", "fees", "costs"]),
    ("broke", &["indigent"]),
    ("court fees", &["costs", "fees"]),
    ("filing fee", &["costs", "fees"]),
    ("lawyer", &["attorney", "counsel"]),
    ("scam", &["fraud", "deceptive"]),
    ("ripped off", &["fraud", "deceptive"]),
    ("lied", &["misrepresentation", "deceptive"]),
    ("lemon", &["warranty", "nonconformity"]),
    ("lemon law", &["warranty", "nonconformity"]),
    ("refund", &["refund"]),
    // Courts and papers.
    ("court papers", &["process", "service"]),
    ("papers", &["process", "service"]),
    ("served", &["service", "process"]),
    ("serve", &["service", "process"]),
    ("court date", &["appear", "appearance", "hearing"]),
    ("didn't show up", &["default", "appear"]),
    ("miss court", &["default", "appear"]),
    ("missed court", &["default", "appear"]),
    ("drop the case", &["nonsuit", "dismissal"]),
    ("drop my case", &["nonsuit", "dismissal"]),
    ("dismissed", &["nonsuit", "dismissal"]),
    ("refile", &["nonsuit"]),
    ("too late", &["limitation", "limitations"]),
    ("time limit", &["limitation", "limitations"]),
    ("statute of limitations", &["limitation", "limitations"]),
    ("clear my record", &["expungement"]),
    ("seal my record", &["expungement"]),
    ("judge", &["court"]),
    ("ticket", &["summons"]),
    // Crime and the police.
    ("arrested", &["arrest"]),
    ("cop", &["officer", "police"]),
    ("cops", &["officer", "police"]),
    ("police", &["officer", "police"]),
    ("jail", &["jail", "confinement"]),
    ("bail", &["bail", "bond", "recognizance"]),
    ("stole", &["larceny"]),
    ("stealing", &["larceny"]),
    ("shoplifting", &["larceny", "concealment"]),
    ("theft", &["larceny"]),
    ("broke into", &["burglary", "breaking"]),
    ("break in", &["burglary", "breaking"]),
    ("fight", &["assault", "battery"]),
    ("punched", &["assault", "battery"]),
    ("drunk", &["intoxicated", "alcohol"]),
    ("dui", &["intoxicated", "alcohol"]),
    ("dwi", &["intoxicated", "alcohol"]),
    ("weed", &["marijuana"]),
    ("pot", &["marijuana"]),
    ("drugs", &["controlled", "substance"]),
    ("gun", &["firearm"]),
    ("guns", &["firearm"]),
    ("trespassing", &["trespass"]),
    // Driving.
    ("speeding", &["speed"]),
    ("mph", &["speed"]),
    ("suspended license", &["suspension", "license"]),
    ("license suspended", &["suspension", "license"]),
    ("points", &["demerit", "points"]),
    ("crash", &["accident", "motor", "vehicle"]),
    ("wreck", &["accident", "motor", "vehicle"]),
    ("car accident", &["accident", "motor", "vehicle"]),
    ("hit and run", &["accident", "report"]),
    ("left the scene", &["accident", "report"]),
    ("texting", &["handheld", "communications", "device"]),
    ("phone", &["handheld", "communications", "device"]),
    ("parked", &["unattended"]),
    // Work.
    ("fired", &["discharge"]),
    ("let go", &["discharge"]),
    ("laid off", &["discharge", "unemployment"]),
    ("boss", &["employer"]),
    ("hurt at work", &["injury", "employee", "compensation"]),
    ("injured at work", &["injury", "employee", "compensation"]),
    ("on the job", &["injury", "employee", "compensation"]),
    ("workers comp", &["compensation", "employee"]),
    // Wills and estates.
    ("without a will", &["intestate", "descent"]),
    ("no will", &["intestate", "descent"]),
    ("inherit", &["descent", "heirs"]),
    ("inherits", &["descent", "heirs"]),
    ("inheritance", &["descent", "heirs"]),
    ("passed away", &["decedent", "estate"]),
    ("died", &["decedent", "estate"]),
    ("dies", &["decedent", "estate"]),
    ("widow", &["surviving", "spouse"]),
    ("widower", &["surviving", "spouse"]),
    ("executor", &["personal", "representative"]),
    // Taxes, records and government.
    ("property tax", &["real", "estate", "tax"]),
    ("tax break", &["exemption", "deferral"]),
    ("elderly", &["elderly", "age"]),
    ("senior", &["elderly", "age"]),
    ("foia", &["public", "records"]),
    ("records request", &["public", "records"]),
    ("government records", &["public", "records"]),
    // Rights.
    ("free speech", &["speech"]),
    ("searched", &["search", "warrant"]),
    ("my rights", &["rights"]),
];

/// The Code's words for the everyday phrases in `search`, in list order, without repeats.
pub fn legal_terms(search: &str) -> Vec<&'static str> {
    let text = format!(" {} ", search.to_lowercase().replace(|c: char| !c.is_alphanumeric() && c != '\'', " "));
    terms_of_phrases(&text, LAY_TERMS)
}

/// The Code's words of every phrase of `list` that `text` (lower-cased, its words between single
/// spaces, a space at each end) holds as whole words, in list order, without repeats.
pub(crate) fn terms_of_phrases(text: &str, list: &'static [(&'static str, &'static [&'static str])]) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = Vec::new();
    for (phrase, terms) in list {
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
        // Whole words only: "sue" is not in "issue", "fix" not in "prefix".
        assert!(legal_terms("What is the issue with the prefix?").is_empty());
    }

    #[test]
    fn every_entry_is_lower_case_and_non_empty() {
        for (phrase, terms) in LAY_TERMS {
            assert_eq!(*phrase, phrase.to_lowercase());
            assert!(!terms.is_empty() && terms.iter().all(|t| !t.is_empty() && *t == t.to_lowercase()), "{phrase}");
        }
    }
}
