//! HTML tags in Markdown prose: removed (with their content, for elements that run code or load
//! other documents), or escaped with their event handlers and script addresses removed.

use super::report::{Report, scheme_of};
use crate::text::is_dangerous_url;

/// Elements removed together with everything up to their closing tag.
const REMOVED_WITH_CONTENT: &[&str] =
    &["script", "style", "iframe", "object", "applet", "noscript", "template", "svg", "math", "frameset", "noembed", "noframes"];
/// Elements removed as a tag (they are empty or have no closing tag).
const REMOVED_TAG: &[&str] = &["embed", "frame", "base", "meta", "link"];
/// A tag longer than this is not looked for further: its `<` is escaped.
const LONGEST_TAG: usize = 2_000;

/// Handles `<` at `i`; returns where to go on.
pub(crate) fn angle(prose: &Prose, i: usize, line: usize, out: &mut String, report: &mut Report) -> usize {
    let (chars, lower) = (&prose.chars, &prose.lower);
    if let Some(end) = autolink_end(chars, i) {
        let target: String = chars[i + 1..end - 1].iter().collect();
        if is_dangerous_url(&target) {
            report.removed(line, format!("a link to `{}`", scheme_of(&target)));
        } else {
            out.extend(&chars[i..end]);
        }
        return end;
    }
    let next = chars.get(i + 1).copied().unwrap_or(' ');
    let tag_like = next.is_ascii_alphabetic()
        || next == '!'
        || next == '?'
        || (next == '/' && chars.get(i + 2).is_some_and(|c| c.is_ascii_alphabetic()));
    if !tag_like {
        out.push('<');
        return i + 1;
    }
    let Some(end) = tag_end(chars, i) else {
        report.escaped(line, chars[i..(i + 12).min(chars.len())].iter().collect::<String>().trim().to_string());
        out.push_str("&lt;");
        return i + 1;
    };
    let closing = next == '/';
    let name: String = lower[i + 1 + usize::from(closing)..end].iter().take_while(|c| c.is_ascii_alphanumeric() || **c == '-').collect();
    if REMOVED_WITH_CONTENT.contains(&name.as_str()) {
        if closing {
            report.removed(line, format!("a stray </{name}> tag"));
            return end;
        }
        return match prose.closing_tag(end, &name) {
            Some(after) => {
                report.removed(line, format!("a <{name}> element and everything in it"));
                after
            }
            None => {
                report.removed(line, format!("a <{name}> tag"));
                end
            }
        };
    }
    if REMOVED_TAG.contains(&name.as_str()) {
        report.removed(line, format!("a <{name}> tag"));
        return end;
    }
    let tag: String = chars[i..end].iter().collect();
    let kept = strip_attributes(&tag, &name, line, report);
    report.escaped(line, short(&kept));
    out.push_str("&lt;");
    out.push_str(&kept[1..]);
    end
}

/// `<scheme:…>` with no space inside: the index after `>`.
fn autolink_end(chars: &[char], i: usize) -> Option<usize> {
    let scheme = chars[i + 1..].iter().take_while(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '.' | '-')).count();
    if !(2..=32).contains(&scheme) || !chars[i + 1].is_ascii_alphabetic() || chars.get(i + 1 + scheme) != Some(&':') {
        return None;
    }
    let rest = &chars[i + 2 + scheme..];
    let close = rest.iter().position(|&c| c == '>' || c == '<' || c.is_whitespace() || c.is_control())?;
    (rest[close] == '>').then_some(i + 2 + scheme + close + 1)
}

/// The index after the `>` ending the tag that starts at `i` (quotes respected; `-->` for a
/// comment); `None` when a blank line, another unquoted `<` (`<a<script>` is not one tag whose
/// attribute is `<script`: that `<script>` is looked at on its own) or the end comes first.
fn tag_end(chars: &[char], i: usize) -> Option<usize> {
    let comment = chars[i..].starts_with(&['<', '!', '-', '-']);
    let mut quote: Option<char> = None;
    let mut j = i + 1;
    while j < chars.len().min(i + LONGEST_TAG) {
        let c = chars[j];
        if c == '\n' && chars.get(j + 1) == Some(&'\n') {
            return None;
        }
        if comment {
            if chars[j..].starts_with(&['-', '-', '>']) && j >= i + 4 {
                return Some(j + 3);
            }
        } else {
            match (quote, c) {
                (None, '"' | '\'') => quote = Some(c),
                (Some(q), c) if c == q => quote = None,
                (None, '>') => return Some(j + 1),
                (None, '<') => return None,
                _ => {}
            }
        }
        j += 1;
    }
    None
}

/// A stretch of text outside fenced code, as characters, with the closing tags of the removed
/// elements found once (so that unclosed tags cost no re-scan).
pub(crate) struct Prose {
    pub(crate) chars: Vec<char>,
    lower: Vec<char>,
    /// Each `</name>` of a removed element: name, where it starts, the index after its `>`.
    closers: Vec<(String, usize, usize)>,
}

impl Prose {
    pub(crate) fn new(text: &str) -> Prose {
        let chars: Vec<char> = text.chars().collect();
        let lower: Vec<char> = chars.iter().map(|c| c.to_ascii_lowercase()).collect();
        let mut closers = Vec::new();
        for start in (0..lower.len().saturating_sub(1)).filter(|&j| lower[j] == '<' && lower[j + 1] == '/') {
            let name: String = lower[start + 2..].iter().take_while(|c| c.is_ascii_alphanumeric()).take(16).collect();
            if !REMOVED_WITH_CONTENT.contains(&name.as_str()) {
                continue;
            }
            let after = start + 2 + name.len();
            let spaces = lower[after..].iter().take_while(|c| c.is_whitespace()).count();
            if lower.get(after + spaces) == Some(&'>') {
                closers.push((name, start, after + spaces + 1));
            }
        }
        Prose { chars, lower, closers }
    }

    /// The index after the first `</name>` at or after `from`.
    fn closing_tag(&self, from: usize, name: &str) -> Option<usize> {
        let first = self.closers.partition_point(|(_, start, _)| *start < from);
        self.closers[first..].iter().find(|(n, _, _)| n == name).map(|(_, _, after)| *after)
    }
}

/// The tag without event-handler attributes (`on…=`) or attributes holding a script address.
fn strip_attributes(tag: &str, name: &str, line: usize, report: &mut Report) -> String {
    if tag.starts_with("<!") || tag.starts_with("<?") {
        return tag.to_string();
    }
    let closing = tag.starts_with("</");
    let head_len = 1 + usize::from(closing) + name.len();
    let inner = tag.get(head_len..tag.len() - 1).unwrap_or("");
    let mut kept = tag[..head_len.min(tag.len())].to_string();
    let mut rest = inner;
    loop {
        let trimmed = rest.trim_start();
        let gap = &rest[..rest.len() - trimmed.len()];
        if trimmed.is_empty() {
            break;
        }
        let (attribute, value, after) = split_attribute(trimmed);
        let attr_lower = attribute.to_ascii_lowercase();
        if attr_lower.len() > 2 && attr_lower.starts_with("on") {
            report.removed(line, format!("the event-handler attribute `{attribute}` from <{name}>"));
        } else if value.is_some_and(is_dangerous_url) {
            report.removed(line, format!("a `{}` address from <{name}>", scheme_of(value.unwrap_or(""))));
        } else {
            kept.push_str(gap);
            kept.push_str(&trimmed[..trimmed.len() - after.len()]);
        }
        rest = after;
    }
    kept.push('>');
    kept
}

/// One attribute at the start of `s`: its name, its value (unquoted) and what follows.
fn split_attribute(s: &str) -> (&str, Option<&str>, &str) {
    let name_len = s.find(|c: char| c.is_whitespace() || c == '=' || c == '>').unwrap_or(s.len()).max(1.min(s.len()));
    let name = &s[..name_len];
    let after_name = &s[name_len..];
    let trimmed = after_name.trim_start();
    let Some(value) = trimmed.strip_prefix('=') else { return (name, None, after_name) };
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

fn short(tag: &str) -> String {
    let mut s: String = tag.chars().take(30).collect();
    if s.len() < tag.len() {
        s.push('…');
    }
    s
}
