//! Raw HTML as the parser finds it in a Markdown draft: which elements go with everything in
//! them, which tags go alone, and what is left of the others (no event handlers, no script
//! addresses) once escaped. The parser says where HTML is; inside an HTML block it does not say
//! where each tag ends, so [`tag_len`] finds that.

use super::report::scheme_of;
use crate::text::is_dangerous_url;

/// Elements removed together with everything up to their closing tag.
const REMOVED_WITH_CONTENT: &[&str] =
    &["script", "style", "iframe", "object", "applet", "noscript", "template", "svg", "math", "frameset", "noembed", "noframes"];
/// Elements removed as a tag (they are empty or have no closing tag).
const REMOVED_TAG: &[&str] = &["embed", "frame", "base", "meta", "link"];
/// A tag longer than this is not looked for further: its `<` is escaped.
const LONGEST_TAG: usize = 2_000;

/// What to do with one tag (or comment, declaration, processing instruction).
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// An element to remove with everything up to its `</name>`.
    RemoveElement(String),
    /// Remove the tag; the sentence says what it was (`a <meta> tag`, `a stray </script> tag`).
    Remove(String),
    /// Write this instead (the tag with `&lt;` for its `<`), with the attributes removed from it.
    Escape { with: String, removed: Vec<String> },
}

/// Decides what happens to `tag` (the whole tag, `<` to `>`).
pub(crate) fn judge(tag: &str) -> Verdict {
    if tag.starts_with("<!") || tag.starts_with("<?") {
        return Verdict::Escape { with: format!("&lt;{}", &tag[1..]), removed: Vec::new() };
    }
    let (closing, name) = name_of(tag);
    if REMOVED_WITH_CONTENT.contains(&name.as_str()) {
        return if closing { Verdict::Remove(format!("a stray </{name}> tag")) } else { Verdict::RemoveElement(name) };
    }
    if REMOVED_TAG.contains(&name.as_str()) {
        return Verdict::Remove(format!("a <{name}> tag"));
    }
    let (kept, removed) = strip_attributes(tag, closing, &name);
    Verdict::Escape { with: format!("&lt;{}", &kept[1..]), removed }
}

/// Whether the tag is `</name>` (any case, spaces before `>`); the length of it when it is.
pub(crate) fn closer_len(text: &str, name: &str) -> Option<usize> {
    let rest = text.strip_prefix("</")?;
    let head = rest.get(..name.len()).filter(|head| head.eq_ignore_ascii_case(name))?;
    let after = &rest[head.len()..];
    let spaces = after.len() - after.trim_start().len();
    after[spaces..].starts_with('>').then_some(2 + name.len() + spaces + 1)
}

/// Whether `<` at the start of `text` begins something a browser would read as a tag.
pub(crate) fn tag_like(text: &str) -> bool {
    let mut chars = text.chars().skip(1);
    match chars.next() {
        Some(c) if c.is_ascii_alphabetic() || c == '!' || c == '?' => true,
        Some('/') => chars.next().is_some_and(|c| c.is_ascii_alphabetic()),
        _ => false,
    }
}

/// The length of the tag at the start of `text` (quotes respected; `-->` ends a comment); `None`
/// when a blank line, another unquoted `<` or the end comes first, or the tag runs too long.
pub(crate) fn tag_len(text: &str) -> Option<usize> {
    if let Some(comment) = text.strip_prefix("<!--") {
        return comment.find("-->").map(|end| 4 + end + 3).filter(|&len| len <= LONGEST_TAG);
    }
    let mut quote: Option<char> = None;
    let mut previous = '<';
    for (at, c) in text.char_indices().skip(1).take_while(|(at, _)| *at < LONGEST_TAG) {
        match (quote, c) {
            (_, '\n') if previous == '\n' => return None,
            (None, '"' | '\'') => quote = Some(c),
            (Some(q), c) if c == q => quote = None,
            (None, '>') => return Some(at + 1),
            (None, '<') => return None,
            _ => {}
        }
        previous = c;
    }
    None
}

/// Whether it is a closing tag, and its element name in lower case.
fn name_of(tag: &str) -> (bool, String) {
    let closing = tag.starts_with("</");
    let name = tag[1 + usize::from(closing)..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '-').collect::<String>();
    (closing, name.to_ascii_lowercase())
}

/// The tag without event-handler attributes (`on…=`) or attributes holding a script address, and
/// a sentence for each attribute removed.
fn strip_attributes(tag: &str, closing: bool, name: &str) -> (String, Vec<String>) {
    let head_len = (1 + usize::from(closing) + name.len()).min(tag.len());
    let inner = tag.get(head_len..tag.len().saturating_sub(1)).unwrap_or("");
    let mut kept = tag[..head_len].to_string();
    let mut removed = Vec::new();
    let mut rest = inner;
    loop {
        let trimmed = rest.trim_start();
        let gap = &rest[..rest.len() - trimmed.len()];
        if trimmed.is_empty() {
            break;
        }
        let (attribute, value, after) = split_attribute(trimmed);
        let lower = attribute.to_ascii_lowercase();
        if lower.len() > 2 && lower.starts_with("on") {
            removed.push(format!("the event-handler attribute `{attribute}` from <{name}>"));
        } else if let Some(value) = value.filter(|v| is_dangerous_url(v)) {
            removed.push(format!("a `{}` address from <{name}>", scheme_of(value)));
        } else {
            kept.push_str(gap);
            kept.push_str(&trimmed[..trimmed.len() - after.len()]);
        }
        rest = after;
    }
    kept.push('>');
    (kept, removed)
}

/// One attribute at the start of `s`: its name, its value (unquoted) and what follows.
fn split_attribute(s: &str) -> (&str, Option<&str>, &str) {
    let name_len = s.find(|c: char| c.is_whitespace() || c == '=' || c == '>').unwrap_or(s.len());
    // A stray `=` or `>` is an attribute of one character, so the loop always moves on.
    let name_len = if name_len == 0 { s.chars().next().map_or(0, char::len_utf8) } else { name_len };
    let name = &s[..name_len];
    let after_name = &s[name_len..];
    let Some(value) = after_name.trim_start().strip_prefix('=') else { return (name, None, after_name) };
    let value = value.trim_start();
    match value.chars().next() {
        Some(q @ ('"' | '\'')) => match value[1..].find(q) {
            Some(end) => (name, Some(&value[1..1 + end]), &value[end + 2..]),
            None => (name, Some(&value[1..]), ""),
        },
        _ => {
            let end = value.find(char::is_whitespace).unwrap_or(value.len());
            (name, Some(&value[..end]), &value[end..])
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tags_are_judged_by_their_element() {
        assert_eq!(judge("<SCRIPT src=x>"), Verdict::RemoveElement("script".into()));
        assert_eq!(judge("</iframe>"), Verdict::Remove("a stray </iframe> tag".into()));
        assert_eq!(judge("<meta charset=x>"), Verdict::Remove("a <meta> tag".into()));
        assert_eq!(judge("<!-- note -->"), Verdict::Escape { with: "&lt;!-- note -->".into(), removed: vec![] });
        let Verdict::Escape { with, removed } = judge("<a href=\"java&#x09;script:x\" title='1 > 0' onClick=go()>") else { panic!() };
        assert_eq!(with, "&lt;a title='1 > 0'>");
        assert_eq!(removed, ["a `javascript:` address from <a>", "the event-handler attribute `onClick` from <a>"]);
    }

    #[test]
    fn a_tag_ends_at_its_unquoted_angle_bracket() {
        assert_eq!(tag_len("<b title=\"1 > 2\">x"), Some(17));
        assert_eq!(tag_len("<a<script>"), None);
        assert_eq!(tag_len("<!-- a > b -->c"), Some(14));
        assert_eq!(tag_len("<b\n\nx>"), None);
        assert_eq!(closer_len("</Script >x", "script"), Some(10));
        assert_eq!(closer_len("</scripts>", "script"), None);
        assert!(tag_like("<b") && tag_like("</b") && tag_like("<!x") && !tag_like("< b") && !tag_like("</ b") && !tag_like("<"));
    }
}
