//! The paper's wording from the catalogue, with the case's and the person's values put in:
//! `{name}` is a value; a choice field's `{ground}` is the sentence its value chooses (itself
//! filled); `[firstRequest]…` keeps a paragraph only when that box is ticked. A value the person
//! left out leaves a line to write on.
//!
//! And back ([`read_back`]): the values that make a template read as a part of a built paper, so
//! the same values can be put in the Spanish wording (see [`super::explain`]).

use std::collections::BTreeMap;

use proseva_drafts::BLANK;

use super::PaperKind;

pub(super) struct Filled {
    pub opening: String,
    pub paragraphs: Vec<String>,
    pub closing: String,
}

pub(super) fn fill(kind: &PaperKind, values: &BTreeMap<String, String>, flags: &BTreeMap<String, bool>) -> Filled {
    let put = |template: &str| put_values(kind, template, values, 0);
    let mut paragraphs = Vec::new();
    for template in &kind.paragraphs {
        let (keep, text) = match flagged(template) {
            (Some(flag), rest) => (flags.get(flag).copied().unwrap_or(false), rest),
            (None, rest) => (true, rest),
        };
        if keep {
            let text = put(text);
            if !text.trim().is_empty() {
                paragraphs.push(text);
            }
        }
    }
    Filled { opening: put(&kind.opening), paragraphs, closing: put(&kind.closing) }
}

/// `template` (a paragraph without its `[flag]`, an opening, a closing) with `values` put in.
pub(super) fn put(kind: &PaperKind, template: &str, values: &BTreeMap<String, String>) -> String {
    put_values(kind, template, values, 0)
}

/// A template's `[flag]` and the rest: `(Some("firstRequest"), "This is my first…")`.
pub(super) fn flagged(template: &str) -> (Option<&str>, &str) {
    match template.strip_prefix('[').and_then(|t| t.split_once(']')) {
        Some((flag, rest)) => (Some(flag), rest),
        None => (None, template),
    }
}

/// The values of `template`'s placeholders that make it read `text` as [`fill`] writes it: for a
/// plain value the text it stands for (a line to write on when it was left out), for a choice
/// field the value whose sentence is there. `known` are values read elsewhere in the paper (the
/// case's name from its caption, the signer's name), which must read the same here. `None` when
/// `template` cannot read as `text` (the person wrote or changed it).
pub(super) fn read_back(
    kind: &PaperKind,
    template: &str,
    text: &str,
    known: &BTreeMap<String, String>,
) -> Option<BTreeMap<String, String>> {
    let mut found = known.clone();
    matches(kind, &pieces(template), text, 0, &mut found).then_some(found)
}

/// Whether `template` has words of its own (after its choices' sentences are put in), so it cannot
/// read as just anything: `{reason}` has none, `{ground}` (a choice) and `On {date}…` have.
pub(super) fn has_words(kind: &PaperKind, template: &str) -> bool {
    pieces(template).iter().any(|p| match p {
        Piece::Text(t) => t.chars().any(char::is_alphanumeric),
        Piece::Value(name) => kind.choice_text.contains_key(*name),
    })
}

#[derive(Debug, Clone, Copy)]
enum Piece<'a> {
    Text(&'a str),
    Value(&'a str),
}

fn pieces(template: &str) -> Vec<Piece<'_>> {
    let mut out = Vec::new();
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        let Some(close) = rest[open..].find('}') else { break };
        if open > 0 {
            out.push(Piece::Text(&rest[..open]));
        }
        out.push(Piece::Value(&rest[open + 1..open + close]));
        rest = &rest[open + close + 1..];
    }
    if !rest.is_empty() {
        out.push(Piece::Text(rest));
    }
    out
}

fn matches<'a>(kind: &'a PaperKind, pieces: &[Piece<'a>], text: &str, depth: usize, found: &mut BTreeMap<String, String>) -> bool {
    let Some((first, rest)) = pieces.split_first() else { return text.is_empty() };
    match *first {
        Piece::Text(t) => text.strip_prefix(t).is_some_and(|after| matches(kind, rest, after, depth, found)),
        Piece::Value(name) => {
            if let Some(value) = found.get(name).cloned() {
                // A value met before (a date said twice) reads the same here; a choice's sentence again.
                return match kind.choice_text.get(name).and_then(|texts| texts.get(&value)) {
                    Some(sentence) if depth < 2 => {
                        let mut expanded = self::pieces(sentence);
                        expanded.extend_from_slice(rest);
                        matches(kind, &expanded, text, depth + 1, found)
                    }
                    _ => text.strip_prefix(value.as_str()).is_some_and(|after| matches(kind, rest, after, depth, found)),
                };
            }
            if depth < 2
                && let Some(texts) = kind.choice_text.get(name)
            {
                for (value, sentence) in texts {
                    let mut expanded = self::pieces(sentence);
                    expanded.extend_from_slice(rest);
                    let mut trial = found.clone();
                    trial.insert(name.to_string(), value.clone());
                    if matches(kind, &expanded, text, depth + 1, &mut trial) {
                        *found = trial;
                        return true;
                    }
                }
                // A choice reads as one of its sentences, or as the line left when it was not made.
                let mut trial = found.clone();
                trial.insert(name.to_string(), BLANK.to_string());
                if let Some(after) = text.strip_prefix(BLANK)
                    && matches(kind, rest, after, depth, &mut trial)
                {
                    *found = trial;
                    return true;
                }
                return false;
            }
            // Any text but none: the shortest that lets the rest read (a role before a name), at
            // the places where the next words start.
            let ends: Vec<usize> = match rest.first() {
                Some(Piece::Text(next)) => text.match_indices(next).map(|(at, _)| at).filter(|at| *at > 0).collect(),
                _ => text.char_indices().map(|(at, c)| at + c.len_utf8()).collect(),
            };
            for end in ends {
                let mut trial = found.clone();
                trial.insert(name.to_string(), text[..end].to_string());
                if matches(kind, rest, &text[end..], depth, &mut trial) {
                    *found = trial;
                    return true;
                }
            }
            false
        }
    }
}

fn put_values(kind: &PaperKind, template: &str, values: &BTreeMap<String, String>, depth: usize) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let Some(close) = after.find('}') else {
            out.push_str(&rest[open..]);
            return out;
        };
        let name = &after[..close];
        let value = values.get(name);
        match (kind.choice_text.get(name), value) {
            (Some(texts), Some(v)) if depth < 2 => {
                let chosen = texts.get(v).map(String::as_str).unwrap_or(v);
                out.push_str(&put_values(kind, chosen, values, depth + 1));
            }
            (_, Some(v)) => out.push_str(v),
            (_, None) => out.push_str(BLANK),
        }
        rest = &after[close + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::papers::kind;

    #[test]
    fn values_choices_and_ticked_paragraphs_go_in_and_what_is_missing_is_a_blank() {
        let k = kind("motion-to-continue").unwrap();
        let values = BTreeMap::from([
            ("Role".to_string(), "Defendant".to_string()),
            ("name".to_string(), "Nguyễn Thị Lan".to_string()),
            ("hearingDate".to_string(), "December 3, 2026".to_string()),
        ]);
        let filled = fill(k, &values, &BTreeMap::from([("firstRequest".to_string(), true)]));
        assert!(filled.opening.starts_with("Defendant Nguyễn Thị Lan, appearing without a lawyer"));
        assert_eq!(filled.paragraphs[0], "This case is set for a hearing on December 3, 2026.");
        assert_eq!(filled.paragraphs[1], BLANK);
        assert_eq!(filled.paragraphs.len(), 3);
        let unticked = fill(k, &values, &BTreeMap::new());
        assert_eq!(unticked.paragraphs.len(), 2);
        let k = kind("notice-of-nonsuit").unwrap();
        let values = BTreeMap::from([
            ("priorNonsuit".to_string(), "yes".to_string()),
            ("priorNonsuitDetails".to_string(), "GV25-1, May 1, 2025".to_string()),
        ]);
        assert_eq!(fill(k, &values, &BTreeMap::new()).paragraphs, ["I took an earlier nonsuit of this claim: GV25-1, May 1, 2025."]);
    }

    #[test]
    fn a_filled_template_reads_back_as_its_values_and_a_changed_one_does_not() {
        let none = BTreeMap::new();
        let k = kind("motion-to-continue").unwrap();
        let opening = "Defendant Nguyễn Thị Lan, appearing without a lawyer, asks the Court to continue the hearing in this case to a later date, for these reasons:";
        let values = read_back(k, &k.opening, opening, &none).unwrap();
        assert_eq!((values["Role"].as_str(), values["name"].as_str()), ("Defendant", "Nguyễn Thị Lan"));
        assert_eq!(
            read_back(k, &k.paragraphs[0], "This case is set for a hearing on December 3, 2026.", &none).unwrap()["hearingDate"],
            "December 3, 2026"
        );
        assert_eq!(
            read_back(k, &k.paragraphs[0], &format!("This case is set for a hearing on {BLANK}."), &none).unwrap()["hearingDate"],
            BLANK
        );
        assert!(read_back(k, &k.paragraphs[0], "This case is set for trial on December 3, 2026.", &none).is_none());
        assert!(has_words(k, &k.paragraphs[0]) && !has_words(k, &k.paragraphs[1]));
        let k = kind("set-aside-default-judgment").unwrap();
        assert_eq!(read_back(k, "{ground}", "The judgment is void.", &none).unwrap()["ground"], "void");
        assert!(has_words(k, "{ground}"));
        let k = kind("notice-of-nonsuit").unwrap();
        let values = read_back(k, "{priorNonsuit}", "I took an earlier nonsuit of this claim: GV25-1, May 1, 2025.", &none).unwrap();
        assert_eq!((values["priorNonsuit"].as_str(), values["priorNonsuitDetails"].as_str()), ("yes", "GV25-1, May 1, 2025"));
        let k = kind("dissolve-or-modify-protective-order").unwrap();
        let closing = "WHEREFORE, I ask the Court to set a hearing and to modify the protective order.";
        assert_eq!(read_back(k, &k.closing, closing, &none).unwrap()["request"], "modify");
        let k = kind("letter-copy-of-order").unwrap();
        let text = "I am a party in Oak Ridge Apartments, LLC v. Nguyễn Thị Lan, Case No. GV26-1, and I do not have a lawyer.";
        // Read alone, the case's name would end at its first comma; known from the caption, it does not.
        assert_eq!(read_back(k, &k.paragraphs[0], text, &none).unwrap()["caseName"], "Oak Ridge Apartments");
        let known = BTreeMap::from([("caseName".to_string(), "Oak Ridge Apartments, LLC v. Nguyễn Thị Lan".to_string())]);
        let values = read_back(k, &k.paragraphs[0], text, &known).unwrap();
        assert_eq!(values["caseNumberText"], "Case No. GV26-1");
        assert_eq!(values["caseName"], "Oak Ridge Apartments, LLC v. Nguyễn Thị Lan");
    }
}
