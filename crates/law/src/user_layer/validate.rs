//! The checks an opinion passes before it is stored: its source id, the length of every field, an
//! http(s) address only, known relations, and each section or cited opinion given once.

use std::collections::BTreeMap;

use super::{
    MAX_CASE_NAME_CHARS, MAX_CONTEXT_CHARS, MAX_HOLDING_CHARS, MAX_LINKS, MAX_MENTIONS, MAX_SHORT_FIELD_CHARS, MAX_SOURCE_ID_CHARS,
    MAX_URL_CHARS, OpinionInput, SectionLink, normalise_section,
};
use crate::Error;

/// An [`OpinionInput`] checked and normalised: empty optional text is `None`, sections are
/// normalised and each given once.
pub(super) struct Checked {
    pub(super) source_id: String,
    pub(super) case_name: String,
    pub(super) court: Option<String>,
    pub(super) date_filed: Option<String>,
    pub(super) citation: Option<String>,
    pub(super) url: Option<String>,
    pub(super) holding: Option<String>,
    pub(super) holding_kind: String,
    pub(super) sections: Vec<SectionLink>,
    pub(super) cites_opinions: Vec<String>,
}

fn invalid(message: impl Into<String>) -> Error {
    Error::Invalid(message.into())
}

/// `text` trimmed, `None` when empty; an error when longer than `max` characters.
fn optional(name: &str, text: Option<&str>, max: usize) -> Result<Option<String>, Error> {
    let Some(text) = text.map(str::trim).filter(|t| !t.is_empty()) else { return Ok(None) };
    let chars = text.chars().count();
    if chars > max {
        return Err(invalid(format!("{name} is {chars} characters long; at most {max} are kept")));
    }
    Ok(Some(text.to_string()))
}

/// An opinion's source id: a lowercase source prefix, `-`, then letters, digits and `-`
/// (`cl-123`). It can never be a graph node's: those start with a digit, hold a `:`, or are
/// `const-…` (the Constitution).
fn check_source_id(what: &str, id: &str) -> Result<String, Error> {
    let id = id.trim();
    let valid = id.len() <= MAX_SOURCE_ID_CHARS
        && id.split_once('-').is_some_and(|(prefix, rest)| {
            !prefix.is_empty()
                && prefix != "const"
                && prefix.bytes().all(|b| b.is_ascii_lowercase())
                && !rest.is_empty()
                && rest.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
        });
    if !valid {
        return Err(invalid(format!(
            "{what} `{id}` is not an opinion id: lowercase letters, `-`, then letters, digits or `-` (like `cl-2741532`), at most {MAX_SOURCE_ID_CHARS} characters"
        )));
    }
    Ok(id.to_string())
}

pub(super) fn validate(input: &OpinionInput) -> Result<Checked, Error> {
    let source_id = check_source_id("the source id", &input.source_id)?;
    let case_name = optional("the case name", Some(&input.case_name), MAX_CASE_NAME_CHARS)?
        .ok_or_else(|| invalid("the case name is empty: give the opinion's case name"))?;
    let holding_kind = input.holding_kind.trim();
    if !matches!(holding_kind, "summary" | "excerpt") {
        return Err(invalid(format!("the holding kind `{holding_kind}` is neither `summary` (your words) nor `excerpt` (the court's)")));
    }
    let url = optional("the url", input.url.as_deref(), MAX_URL_CHARS)?;
    // Shown as a link: only web addresses, never `javascript:` or a local file.
    if let Some(url) = &url
        && !(url.starts_with("https://") || url.starts_with("http://"))
    {
        return Err(invalid(format!("the url `{url}` is not an http(s) address")));
    }
    if input.sections.len() > MAX_LINKS || input.cites_opinions.len() > MAX_LINKS {
        return Err(invalid(format!("an opinion may link to at most {MAX_LINKS} sections and {MAX_LINKS} opinions at once")));
    }

    // The same section twice in one record is one link.
    let mut sections: BTreeMap<String, SectionLink> = BTreeMap::new();
    for link in &input.sections {
        let section = normalise_section(&link.section);
        if section.is_empty() || section.chars().count() > MAX_SHORT_FIELD_CHARS {
            return Err(invalid(format!("`{}` is not a section id", link.section.trim())));
        }
        let rel_type = link.rel_type.trim();
        if !matches!(rel_type, "interprets" | "cites") {
            return Err(invalid(format!("the relation `{rel_type}` for {section} is neither `interprets` nor `cites`")));
        }
        if !(0..=MAX_MENTIONS).contains(&link.mentions) {
            return Err(invalid(format!("mentions of {section} must be between 0 and {MAX_MENTIONS}, got {}", link.mentions)));
        }
        let context = optional(&format!("the context of {section}"), link.context.as_deref(), MAX_CONTEXT_CHARS)?;
        let link = SectionLink { section: section.clone(), rel_type: rel_type.to_string(), mentions: link.mentions, context };
        sections
            .entry(section)
            .and_modify(|seen| {
                seen.mentions = seen.mentions.max(link.mentions);
                if link.rel_type == "interprets" {
                    seen.rel_type = link.rel_type.clone();
                }
                if seen.context.is_none() {
                    seen.context = link.context.clone();
                }
            })
            .or_insert(link);
    }
    let mut cites_opinions = Vec::new();
    for cited in &input.cites_opinions {
        let cited = check_source_id("the cited opinion", cited)?;
        // An opinion citing itself says nothing.
        if cited != source_id && !cites_opinions.contains(&cited) {
            cites_opinions.push(cited);
        }
    }
    Ok(Checked {
        source_id,
        case_name,
        court: optional("the court", input.court.as_deref(), MAX_SHORT_FIELD_CHARS)?,
        date_filed: optional("the date filed", input.date_filed.as_deref(), MAX_SHORT_FIELD_CHARS)?,
        citation: optional("the citation", input.citation.as_deref(), MAX_SHORT_FIELD_CHARS)?,
        url,
        holding: optional("the holding", input.holding.as_deref(), MAX_HOLDING_CHARS)?,
        holding_kind: holding_kind.to_string(),
        sections: sections.into_values().collect(),
        cites_opinions,
    })
}
