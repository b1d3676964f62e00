//! proseva-citation: finds references to the Code and Constitution of Virginia in text.
//!
//! Recognised forms: `§ 20-124.3`, `§§ 20-124.2 and 20-124.3`, `§§ 20-124.2, 20-124.3, and 20-124.5`,
//! `§§ 16.1-241 through 16.1-244`, `sections 8.01-228 to 8.01-230`, colon sections (`§ 63.2-1509:1`),
//! titles with letters (`§ 8.9A-102`), LIS links (`/vacode/20-124.3/`,
//! `/vacode/title20/chapter6.1/section20-124.3/`) and `Article I, Section 12` of the Constitution.
//! A bare `20-124.3` is only taken as a citation in a search query ([`citation_in_query`]); in running
//! text it could be a date or a phone number.
//!
//! ```
//! use proseva_citation::{find_citations, Reference};
//! let found = find_citations("See §§ 16.1-241 through 16.1-244 and § 20-124.3.");
//! assert_eq!(found[1].reference, Reference::Section("20-124.3".into()));
//! ```
//!
//! Not for: resolving a citation to its text (the explorer's graph does that) or citations to other
//! states' law and to cases.
//!
//! [`situation`] says which sections apply only in one situation (a business's lease, a protective
//! order, military service) and whether a question speaks of it.

pub mod lang;
pub mod same_figures;
pub mod situation;

use std::cmp::Ordering;

/// What a piece of text refers to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Reference {
    /// One Code section, by its number (`20-124.3`).
    Section(String),
    /// `§§ first through last`: every section between the two, inclusive.
    Range { first: String, last: String },
    /// A section of the Constitution of Virginia: article (roman) and section (`12`, `15-A`).
    Constitution { article: String, section: String },
}

impl Reference {
    /// The `sourceId` the graph uses for the (first) target.
    pub fn source_id(&self) -> String {
        match self {
            Reference::Section(s) => s.clone(),
            Reference::Range { first, .. } => first.clone(),
            Reference::Constitution { article, section } => constitution_source_id(article, section),
        }
    }
}

/// A reference and the byte span of the text it was read from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Citation {
    pub reference: Reference,
    pub start: usize,
    pub end: usize,
}

/// `const-I-12` for Article I, Section 12.
pub fn constitution_source_id(article: &str, section: &str) -> String {
    format!("const-{article}-{section}")
}

/// Parses a Code section number at the start of `s`: `TITLE-SECTION` where TITLE is `20`, `8.01`,
/// `8.9A` and SECTION is `124.3`, `3705.1`, `1509:1`, `308.1:4`. Returns the number and its byte length.
pub fn parse_section_number(s: &str) -> Option<(&str, usize)> {
    let b = s.as_bytes();
    let mut i = digits(b, 0)?;
    if b.get(i) == Some(&b'.') {
        i = digits(b, i + 1)?;
    }
    if b.get(i).is_some_and(|c| c.is_ascii_uppercase()) {
        i += 1;
    }
    if b.get(i) != Some(&b'-') {
        return None;
    }
    i = dotted(b, i + 1)?;
    if b.get(i) == Some(&b':')
        && let Some(j) = dotted(b, i + 1)
    {
        i = j;
    }
    // A number glued to a letter or digit is something else (a docket number, a date code).
    if b.get(i).is_some_and(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    Some((&s[..i], i))
}

/// Digits then any `.digits` groups; a trailing `.` (end of sentence) is not consumed.
fn dotted(b: &[u8], start: usize) -> Option<usize> {
    let mut i = digits(b, start)?;
    while b.get(i) == Some(&b'.') {
        match digits(b, i + 1) {
            Some(j) => i = j,
            None => break,
        }
    }
    Some(i)
}

fn digits(b: &[u8], start: usize) -> Option<usize> {
    let end = start + b[start.min(b.len())..].iter().take_while(|c| c.is_ascii_digit()).count();
    (end > start).then_some(end)
}

/// Finds every citation in `text`, in order of appearance.
pub fn find_citations(text: &str) -> Vec<Citation> {
    let mut found = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let advanced = if rest.starts_with('§') {
            let marks = rest.chars().take_while(|&c| c == '§').count();
            scan_list(text, i, i + marks * '§'.len_utf8(), marks > 1, &mut found)
        } else if let Some(len) = section_word(text, i) {
            let plural = text[i..i + len].to_ascii_lowercase().ends_with('s');
            scan_list(text, i, i + len, plural, &mut found)
        } else if rest.starts_with("/vacode/") {
            scan_vacode_link(text, i, &mut found)
        } else if rest.starts_with("Article ") && word_start(text, i) {
            scan_constitution(text, i, &mut found)
        } else {
            None
        };
        i = match advanced {
            Some(end) => end,
            None => i + rest.chars().next().map_or(1, char::len_utf8),
        };
    }
    found
}

/// `section`/`sections`/`Sec.` as a whole word; returns its byte length.
fn section_word(text: &str, i: usize) -> Option<usize> {
    if !word_start(text, i) {
        return None;
    }
    let rest = &text[i..];
    for word in ["sections", "section", "secs.", "sec."] {
        if rest.len() >= word.len() && rest.is_char_boundary(word.len()) && rest[..word.len()].eq_ignore_ascii_case(word) {
            let next = rest[word.len()..].chars().next();
            if word.ends_with('.') || !next.is_some_and(char::is_alphanumeric) {
                return Some(word.len());
            }
        }
    }
    None
}

fn word_start(text: &str, i: usize) -> bool {
    !text[..i].chars().next_back().is_some_and(char::is_alphanumeric)
}

fn skip_space(text: &str, mut i: usize) -> usize {
    while let Some(c) = text[i..].chars().next() {
        if c.is_whitespace() {
            i += c.len_utf8();
        } else {
            break;
        }
    }
    i
}

enum Separator {
    List,
    Through,
}

/// After a list item: `,` `and` `or` `, and` (a list) or `through` `to` `-` `–` (a range).
fn separator(text: &str, i: usize) -> Option<(Separator, usize)> {
    let mut j = skip_space(text, i);
    let rest = &text[j..];
    for (word, kind) in [("through", Separator::Through), ("to", Separator::Through)] {
        if starts_with_word(rest, word) {
            return Some((kind, j + word.len()));
        }
    }
    for dash in ['–', '—', '-'] {
        if rest.starts_with(dash) {
            return Some((Separator::Through, j + dash.len_utf8()));
        }
    }
    let mut list = false;
    if rest.starts_with(',') || rest.starts_with(';') {
        j = skip_space(text, j + 1);
        list = true;
    }
    let rest = &text[j..];
    for word in ["and", "or"] {
        if starts_with_word(rest, word) {
            return Some((Separator::List, j + word.len()));
        }
    }
    list.then_some((Separator::List, j))
}

fn starts_with_word(rest: &str, word: &str) -> bool {
    rest.starts_with(word) && !rest[word.len()..].chars().next().is_some_and(char::is_alphanumeric)
}

/// Reads one number after `§`, or a list/range after `§§`. Returns where scanning resumes.
fn scan_list(text: &str, start: usize, after_mark: usize, plural: bool, found: &mut Vec<Citation>) -> Option<usize> {
    let mut i = skip_space(text, after_mark);
    let (number, len) = parse_section_number(&text[i..])?;
    let mut first = Citation { reference: Reference::Section(number.to_string()), start, end: i + len };
    i += len;
    if !plural {
        found.push(first);
        return Some(i);
    }
    while let Some((kind, after_sep)) = separator(text, i) {
        let j = skip_space(text, after_sep);
        let Some((next, len)) = parse_section_number(&text[j..]) else { break };
        match kind {
            Separator::List => {
                found.push(first);
                first = Citation { reference: Reference::Section(next.to_string()), start: j, end: j + len };
            }
            Separator::Through => {
                let Reference::Section(from) = &first.reference else { break };
                first = Citation {
                    reference: Reference::Range { first: from.clone(), last: next.to_string() },
                    start: first.start,
                    end: j + len,
                };
            }
        }
        i = j + len;
    }
    found.push(first);
    Some(i)
}

fn scan_vacode_link(text: &str, start: usize, found: &mut Vec<Citation>) -> Option<usize> {
    let mut i = start + "/vacode/".len();
    let rest = &text[i..];
    // Long form: /vacode/title20/chapter6.1/section20-124.3/
    if rest.starts_with("title") {
        let section_at = rest.find("/section")?;
        if rest[..section_at].contains(char::is_whitespace) {
            return None;
        }
        i += section_at + "/section".len();
    }
    let (number, len) = parse_section_number(&text[i..])?;
    found.push(Citation { reference: Reference::Section(number.to_string()), start, end: i + len });
    Some(i + len)
}

/// `Article I, Section 12` / `Article I, § 12` / `Article I, Sections 1 and 2`.
fn scan_constitution(text: &str, start: usize, found: &mut Vec<Citation>) -> Option<usize> {
    let mut i = start + "Article ".len();
    let article_len = text[i..].bytes().take_while(|c| matches!(c, b'I' | b'V' | b'X')).count();
    if article_len == 0 {
        return None;
    }
    let article = &text[i..i + article_len];
    i += article_len;
    if text[i..].starts_with(',') {
        i += 1;
    }
    i = skip_space(text, i);
    let rest = &text[i..];
    let mark = ["Sections", "Section", "§§", "§"].into_iter().find(|m| rest.starts_with(m))?;
    i = skip_space(text, i + mark.len());
    let mut next_start = start;
    loop {
        let (section, len) = constitution_section(&text[i..])?;
        found.push(Citation {
            reference: Reference::Constitution { article: article.to_string(), section: section.to_string() },
            start: next_start,
            end: i + len,
        });
        i += len;
        match separator(text, i) {
            Some((Separator::List, after)) if constitution_section(&text[skip_space(text, after)..]).is_some() => {
                i = skip_space(text, after);
                next_start = i;
            }
            _ => return Some(i),
        }
    }
}

/// `12`, `15-A`.
fn constitution_section(s: &str) -> Option<(&str, usize)> {
    let b = s.as_bytes();
    let mut i = digits(b, 0)?;
    if b.get(i) == Some(&b'-') && b.get(i + 1).is_some_and(u8::is_ascii_uppercase) && !b.get(i + 2).is_some_and(u8::is_ascii_alphanumeric) {
        i += 2;
    }
    if b.get(i).is_some_and(|c| c.is_ascii_alphanumeric()) {
        return None;
    }
    Some((&s[..i], i))
}

/// The citation a search query names, if it is one: `§ 2.2-3704`, `2.2-3704`, `Va. Code § 2.2-3704`,
/// `section 20-124.3`, `Article I, Section 12`.
pub fn citation_in_query(query: &str) -> Option<String> {
    if let Some(c) = find_citations(query).into_iter().next() {
        return Some(c.reference.source_id());
    }
    query.split(|c: char| c.is_whitespace() || c == ',' || c == '(' || c == ')').find_map(|word| {
        let word = word.trim_end_matches(['.', ';', '?']);
        parse_section_number(word).filter(|(_, len)| *len == word.len()).map(|(n, _)| n.to_string())
    })
}

/// Orders section numbers as the Code does: `2.2-3705.1` < `2.2-3705.10` < `2.2-3706`,
/// `20-124.2` < `20-124.10`, `8.01` < `8.1A` < `8.2`. Numeric runs compare as numbers.
pub fn natural_cmp(a: &str, b: &str) -> Ordering {
    let (mut x, mut y) = (a.as_bytes(), b.as_bytes());
    loop {
        match (x.first(), y.first()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(p), Some(q)) if p.is_ascii_digit() && q.is_ascii_digit() => {
                let n = x.iter().take_while(|c| c.is_ascii_digit()).count();
                let m = y.iter().take_while(|c| c.is_ascii_digit()).count();
                let (da, db) = (trim_zeros(&x[..n]), trim_zeros(&y[..m]));
                // `01` sorts before `1` (2.2-3704.01 precedes 2.2-3704.1).
                let ord = da.len().cmp(&db.len()).then_with(|| da.cmp(db)).then_with(|| m.cmp(&n));
                if ord != Ordering::Equal {
                    return ord;
                }
                x = &x[n..];
                y = &y[m..];
            }
            (Some(p), Some(q)) => {
                if p != q {
                    return p.cmp(q);
                }
                x = &x[1..];
                y = &y[1..];
            }
        }
    }
}

fn trim_zeros(d: &[u8]) -> &[u8] {
    let z = d.iter().take_while(|&&c| c == b'0').count();
    &d[z.min(d.len().saturating_sub(1))..]
}

/// The title part of a section number: `20` for `20-124.3`.
pub fn title_of(section: &str) -> Option<&str> {
    section.split_once('-').map(|(t, _)| t)
}

/// How a `sourceId` is written for people: `§ 2.2-3704`, `Constitution of Virginia, Article I,
/// Section 12`; anything else (a title, a chapter) as it is.
pub fn label(source_id: &str) -> String {
    match constitution_parts(source_id) {
        Some((article, section)) => format!("Constitution of Virginia, Article {article}, Section {section}"),
        None if is_section_number(source_id) => format!("§ {source_id}"),
        None => source_id.to_string(),
    }
}

/// The short form, for lists of sources: `§ 2.2-3704`, `Va. Const. art. I, § 12`.
pub fn short_label(source_id: &str) -> String {
    match constitution_parts(source_id) {
        Some((article, section)) => format!("Va. Const. art. {article}, § {section}"),
        None => label(source_id),
    }
}

/// `("I", "12")` for `const-I-12`.
fn constitution_parts(source_id: &str) -> Option<(&str, &str)> {
    let (article, section) = source_id.strip_prefix("const-")?.split_once('-')?;
    (!article.is_empty() && article.bytes().all(|c| matches!(c, b'I' | b'V' | b'X')) && !section.is_empty()).then_some((article, section))
}

fn is_section_number(s: &str) -> bool {
    parse_section_number(s).is_some_and(|(_, len)| len == s.len())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn targets(text: &str) -> Vec<Reference> {
        find_citations(text).into_iter().map(|c| c.reference).collect()
    }
    fn sec(s: &str) -> Reference {
        Reference::Section(s.to_string())
    }
    fn range(a: &str, b: &str) -> Reference {
        Reference::Range { first: a.to_string(), last: b.to_string() }
    }
    fn constitution(a: &str, s: &str) -> Reference {
        Reference::Constitution { article: a.to_string(), section: s.to_string() }
    }

    #[test]
    fn recognises_the_forms_used_in_the_code() {
        let cases: Vec<(&str, Vec<Reference>)> = vec![
            ("as provided in § 20-124.3.", vec![sec("20-124.3")]),
            ("§20-124.3", vec![sec("20-124.3")]),
            ("under §\u{a0}20-124.3(A)", vec![sec("20-124.3")]),
            ("§§ 20-124.2 and 20-124.3", vec![sec("20-124.2"), sec("20-124.3")]),
            ("§§ 20-124.2, 20-124.3, and 20-124.5 apply", vec![sec("20-124.2"), sec("20-124.3"), sec("20-124.5")]),
            ("§§ 20-124.2 or 20-124.3", vec![sec("20-124.2"), sec("20-124.3")]),
            ("§§ 16.1-241 through 16.1-244", vec![range("16.1-241", "16.1-244")]),
            ("§§ 16.1-241–16.1-244", vec![range("16.1-241", "16.1-244")]),
            ("§§ 8.01-228 to 8.01-230 and 8.01-243", vec![range("8.01-228", "8.01-230"), sec("8.01-243")]),
            ("§ 2.2-3705.1", vec![sec("2.2-3705.1")]),
            ("§ 63.2-1509:1 requires", vec![sec("63.2-1509:1")]),
            ("§ 18.2-308.1:4.", vec![sec("18.2-308.1:4")]),
            ("§ 32.1-127.1:03", vec![sec("32.1-127.1:03")]),
            ("§ 8.9A-102", vec![sec("8.9A-102")]),
            ("Va. Code Ann. § 2.2-3704", vec![sec("2.2-3704")]),
            ("See section 8.01-229 and Sections 8.01-230 and 8.01-243.", vec![sec("8.01-229"), sec("8.01-230"), sec("8.01-243")]),
            ("<a href=\"/vacode/20-124.3/\">here</a>", vec![sec("20-124.3")]),
            ("https://law.lis.virginia.gov/vacode/title20/chapter6.1/section20-124.3/", vec![sec("20-124.3")]),
            ("Article I, Section 12 of the Constitution", vec![constitution("I", "12")]),
            ("Article I, Sections 8 and 11", vec![constitution("I", "8"), constitution("I", "11")]),
            ("Article I, § 15-A", vec![constitution("I", "15-A")]),
            ("Chapter 37 (§ 2.2-3700 et seq.) of Title 2.2", vec![sec("2.2-3700")]),
        ];
        for (text, want) in cases {
            assert_eq!(targets(text), want, "{text}");
        }
    }

    #[test]
    fn ignores_things_that_are_not_citations() {
        for text in [
            "call 555-1234 before 2020-21",
            "§ 12 of the lease",
            "section twelve",
            "sectional sofa 20-124",
            "§ 20-124x",
            "Article One, Section 3",
            "§",
            "§§ ",
            "/vacode/",
        ] {
            assert_eq!(targets(text), vec![], "{text}");
        }
    }

    #[test]
    fn spans_cover_the_cited_text() {
        let text = "Read §§ 16.1-241 through 16.1-244, then § 20-124.3.";
        let found = find_citations(text);
        assert_eq!(&text[found[0].start..found[0].end], "§§ 16.1-241 through 16.1-244");
        assert_eq!(&text[found[1].start..found[1].end], "§ 20-124.3");
    }

    #[test]
    fn a_list_stops_at_words_that_are_not_numbers() {
        assert_eq!(targets("§§ 20-107.1 and other law"), vec![sec("20-107.1")]);
        assert_eq!(targets("§ 20-107.1, and § 20-108"), vec![sec("20-107.1"), sec("20-108")]);
    }

    #[test]
    fn finds_the_citation_a_query_names() {
        assert_eq!(citation_in_query("§ 2.2-3704").as_deref(), Some("2.2-3704"));
        assert_eq!(citation_in_query("2.2-3704").as_deref(), Some("2.2-3704"));
        assert_eq!(citation_in_query("what does 20-124.3 say?").as_deref(), Some("20-124.3"));
        assert_eq!(citation_in_query("Va. Code § 18.2-266 DUI").as_deref(), Some("18.2-266"));
        assert_eq!(citation_in_query("Article I, Section 12").as_deref(), Some("const-I-12"));
        assert_eq!(citation_in_query("landlord will not return my deposit"), None);
    }

    #[test]
    fn labels_for_people() {
        assert_eq!(label("2.2-3704"), "§ 2.2-3704");
        assert_eq!(label("63.2-1509:1"), "§ 63.2-1509:1");
        assert_eq!(label("const-I-12"), "Constitution of Virginia, Article I, Section 12");
        assert_eq!(short_label("const-I-12"), "Va. Const. art. I, § 12");
        assert_eq!(short_label("const-I-15-A"), "Va. Const. art. I, § 15-A");
        assert_eq!(short_label("20-124.3"), "§ 20-124.3");
        assert_eq!(label("20:6.1"), "20:6.1");
        assert_eq!(label("const-one-2"), "const-one-2");
    }

    #[test]
    fn orders_sections_as_the_code_does() {
        let mut v =
            vec!["2.2-3706", "2.2-3705.10", "2.2-3705.1", "20-124.10", "20-124.2", "8.2", "8.1A", "8.01-229", "2.2-3704.01", "2.2-3704.1"];
        v.sort_by(|a, b| natural_cmp(a, b));
        assert_eq!(
            v,
            vec!["2.2-3704.01", "2.2-3704.1", "2.2-3705.1", "2.2-3705.10", "2.2-3706", "8.01-229", "8.1A", "8.2", "20-124.2", "20-124.10"]
        );
    }

    mod properties {
        use super::*;
        use proptest::prelude::*;

        fn section_number() -> impl Strategy<Value = String> {
            (
                1u32..70,
                proptest::option::of(1u32..13),
                proptest::option::of("[A-C]"),
                1u32..5000,
                proptest::collection::vec(1u32..40, 0..2),
                proptest::option::of(1u32..9),
            )
                .prop_map(|(t, td, letter, s, dots, colon)| {
                    let mut n = t.to_string();
                    if let Some(d) = td {
                        n += &format!(".{d}");
                    }
                    if let Some(l) = letter {
                        n += &l;
                    }
                    n += &format!("-{s}");
                    for d in dots {
                        n += &format!(".{d}");
                    }
                    if let Some(c) = colon {
                        n += &format!(":{c}");
                    }
                    n
                })
        }

        proptest! {
            #[test]
            fn any_section_number_round_trips_in_each_form(n in section_number(), m in section_number(), tail in "[ .,;)]") {
                prop_assert_eq!(targets(&format!("see § {n}{tail}")), vec![sec(&n)]);
                prop_assert_eq!(targets(&format!("§§ {n} and {m}{tail}")), vec![sec(&n), sec(&m)]);
                prop_assert_eq!(targets(&format!("§§ {n} through {m}{tail}")), vec![range(&n, &m)]);
                prop_assert_eq!(targets(&format!("/vacode/{n}/")), vec![sec(&n)]);
                prop_assert_eq!(citation_in_query(&n), Some(n.clone()));
            }

            #[test]
            fn never_panics_and_spans_are_valid(text in "\\PC{0,200}") {
                for c in find_citations(&text) {
                    prop_assert!(c.start < c.end && c.end <= text.len());
                    prop_assert!(text.is_char_boundary(c.start) && text.is_char_boundary(c.end));
                }
                let _ = citation_in_query(&text);
            }

            #[test]
            fn never_panics_on_citation_shaped_noise(text in "[§ 0-9.:,\\-–a-zA-Z/]{0,80}") {
                let _ = find_citations(&text);
                let _ = citation_in_query(&text);
            }

            #[test]
            fn natural_order_is_total(a in section_number(), b in section_number()) {
                prop_assert_eq!(natural_cmp(&a, &b), natural_cmp(&b, &a).reverse());
                prop_assert_eq!(natural_cmp(&a, &a), Ordering::Equal);
            }
        }
    }
}
