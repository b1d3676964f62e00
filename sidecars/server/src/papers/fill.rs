//! The paper's wording from the catalogue, with the case's and the person's values put in:
//! `{name}` is a value; a choice field's `{ground}` is the sentence its value chooses (itself
//! filled); `[firstRequest]…` keeps a paragraph only when that box is ticked. A value the person
//! left out leaves a line to write on.

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
        let (keep, text) = match template.strip_prefix('[').and_then(|t| t.split_once(']')) {
            Some((flag, rest)) => (flags.get(flag).copied().unwrap_or(false), rest),
            None => (true, template.as_str()),
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
}
