//! Removing and escaping raw HTML in a Markdown draft (the rules are in the `markdown` module doc).

use super::report::{Report, scheme_of};
use super::tags::{Prose, angle};
use crate::text::is_dangerous_url;

/// The Markdown with raw HTML removed or escaped, and one warning per removal (the first 20) plus
/// one for the escaped tags. Cleaned again until nothing changes: a removal can join what was
/// apart (`[<](javascript:x)b` leaves `<b`), and what comes out must pass the check unchanged.
pub(crate) fn sanitize(text: &str) -> (String, Vec<String>) {
    let (mut out, mut warnings) = sanitize_once(text);
    for _ in 0..4 {
        let (again, more) = sanitize_once(&out);
        if again == out {
            break;
        }
        warnings.extend(more);
        out = again;
    }
    (out, warnings)
}

fn sanitize_once(text: &str) -> (String, Vec<String>) {
    let mut report = Report::default();
    let mut out = String::with_capacity(text.len());
    let mut prose = String::new();
    let mut prose_line = 1;
    // The open fence: its character, length and indentation.
    let mut fence: Option<(char, usize, usize)> = None;
    for (index, line) in text.split('\n').enumerate() {
        let number = index + 1;
        if let Some((ch, len, indent)) = fence {
            let closes = fence_run(line).is_some_and(|(c, n, i, rest)| c == ch && n >= len && i <= 3 && rest.trim().is_empty());
            // Inside a list item, a line indented less than the fence ends the item and the fence.
            let leaves = !line.trim().is_empty() && indentation(line) < indent;
            if !leaves {
                out.push_str(line);
                out.push('\n');
                if closes {
                    fence = None;
                }
                continue;
            }
            fence = None;
        }
        if let Some((ch, len, indent, _)) = fence_run(line).filter(|(c, _, i, info)| *i <= 3 && !(*c == '`' && info.contains('`'))) {
            clean_prose(&prose, prose_line, &mut out, &mut report);
            prose.clear();
            fence = Some((ch, len, indent));
            out.push_str(line);
            out.push('\n');
            continue;
        }
        if prose.is_empty() {
            prose_line = number;
        }
        prose.push_str(line);
        prose.push('\n');
    }
    clean_prose(&prose, prose_line, &mut out, &mut report);
    // `split` gave one more line than there are newlines; drop the newline added after the last.
    out.pop();
    (out, report.into_warnings())
}

/// A line's leading fence: its character, length, indentation and what follows it.
fn fence_run(line: &str) -> Option<(char, usize, usize, &str)> {
    let indent = indentation(line);
    let rest = line.trim_start_matches([' ', '\t']);
    let ch = rest.chars().next().filter(|&c| c == '`' || c == '~')?;
    let len = rest.chars().take_while(|&c| c == ch).count();
    (len >= 3).then(|| (ch, len, indent, &rest[len..]))
}

fn indentation(line: &str) -> usize {
    line.chars().take_while(|&c| c == ' ' || c == '\t').map(|c| if c == '\t' { 4 } else { 1 }).sum()
}

/// Cleans text outside fenced code: code spans are copied as written, HTML tags removed or
/// escaped, links to script addresses unlinked.
fn clean_prose(text: &str, first_line: usize, out: &mut String, report: &mut Report) {
    let prose = Prose::new(text);
    let chars = &prose.chars;
    let mut line = first_line;
    // Output positions of the `[` (or `![`) not yet closed.
    let mut open_brackets: Vec<usize> = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if (i == 0 || chars[i - 1] == '\n') && dangerous_definition(&chars[i..line_end(chars, i)]) {
            report.removed(line, "a link definition to a script or data address".to_string());
            i = line_end(chars, i);
            continue;
        }
        match c {
            '\n' => {
                line += 1;
                out.push(c);
                i += 1;
            }
            '\\' if chars.get(i + 1).is_some_and(|n| n.is_ascii_punctuation()) => {
                out.push(c);
                out.push(chars[i + 1]);
                i += 2;
            }
            '`' => {
                let run = chars[i..].iter().take_while(|&&c| c == '`').count();
                let end = code_span_end(chars, i + run, run).unwrap_or(i + run);
                out.extend(&chars[i..end]);
                i = end;
            }
            '<' => i = angle(&prose, i, line, out, report),
            '[' => {
                let image = out.ends_with('!') && i > 0 && chars[i - 1] == '!';
                open_brackets.push(if image { out.len() - 1 } else { out.len() });
                out.push('[');
                i += 1;
            }
            ']' => {
                let opened = open_brackets.pop();
                match (opened, link_destination(chars, i + 1)) {
                    (Some(at), Some((target, end))) if is_dangerous_url(&target) => {
                        // Keep the link's text: drop `[` (and the `!` of an image), `]` and `(…)`.
                        out.replace_range(at..at + if out[at..].starts_with('!') { 2 } else { 1 }, "");
                        report.removed(line, format!("a link to `{}` (its text is kept)", scheme_of(&target)));
                        line += chars[i..end].iter().filter(|&&c| c == '\n').count();
                        i = end;
                    }
                    _ => {
                        out.push(']');
                        i += 1;
                    }
                }
            }
            _ => {
                out.push(c);
                i += 1;
            }
        }
    }
}

fn line_end(chars: &[char], from: usize) -> usize {
    chars[from..].iter().position(|&c| c == '\n').map_or(chars.len(), |p| from + p)
}

/// The end (exclusive) of a code span whose opening run of `run` backticks ends at `from`: the
/// closing run of exactly `run` backticks on the same line.
fn code_span_end(chars: &[char], from: usize, run: usize) -> Option<usize> {
    let mut j = from;
    while j < chars.len() && chars[j] != '\n' {
        if chars[j] == '`' {
            let n = chars[j..].iter().take_while(|&&c| c == '`').count();
            if n == run {
                return Some(j + n);
            }
            j += n;
        } else {
            j += 1;
        }
    }
    None
}

/// `[label]: target` at the start of a line, with a script or data target.
fn dangerous_definition(line: &[char]) -> bool {
    let text: String = line.iter().collect();
    let trimmed = text.trim_start_matches(' ');
    if text.len() - trimmed.len() > 3 || !trimmed.starts_with('[') {
        return false;
    }
    let Some(close) = trimmed.find("]:") else { return false };
    let target = trimmed[close + 2..].split_whitespace().next().unwrap_or("");
    close > 1 && is_dangerous_url(target)
}

/// After `]` at `at`: a `(target "title")` group. Returns the target and the index after `)`.
fn link_destination(chars: &[char], at: usize) -> Option<(String, usize)> {
    if chars.get(at) != Some(&'(') {
        return None;
    }
    let mut i = at + 1;
    while chars.get(i).is_some_and(|c| c.is_whitespace()) {
        i += 1;
    }
    let mut target = String::new();
    if chars.get(i) == Some(&'<') {
        i += 1;
        while let Some(&c) = chars.get(i) {
            i += 1;
            match c {
                '>' => break,
                '\n' => return None,
                c => target.push(c),
            }
        }
    } else {
        let mut depth = 0usize;
        while let Some(&c) = chars.get(i) {
            match c {
                '\\' if chars.get(i + 1).is_some_and(|n| n.is_ascii_punctuation()) => {
                    target.push(c);
                    target.push(chars[i + 1]);
                    i += 2;
                    continue;
                }
                '(' => depth += 1,
                ')' if depth == 0 => break,
                ')' => depth -= 1,
                c if c.is_whitespace() => break,
                _ => {}
            }
            target.push(c);
            i += 1;
        }
    }
    // An optional title, then `)`.
    let mut quote: Option<char> = None;
    while let Some(&c) = chars.get(i) {
        i += 1;
        match (quote, c) {
            (None, ')') => return Some((target, i)),
            (None, '"' | '\'') => quote = Some(c),
            (None, '(') => quote = Some(')'),
            (Some(q), c) if c == q => quote = None,
            (None, c) if !c.is_whitespace() => return None,
            _ => {}
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::sanitize;

    #[test]
    fn a_script_element_is_removed_with_its_content_and_named_in_a_warning() {
        let (text, warnings) = sanitize("Dear clerk,\n<script>alert(1)</script>\nThank you.");
        assert_eq!(text, "Dear clerk,\n\nThank you.");
        assert_eq!(warnings, ["line 2: removed a <script> element and everything in it"]);
    }

    #[test]
    fn a_javascript_link_keeps_its_text() {
        let (text, warnings) = sanitize("Read [the order](javascript:alert(1)) and ![x](data:image/png;base64,AA).");
        assert_eq!(text, "Read the order and x.");
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(warnings[0].contains("`javascript:`"), "{warnings:?}");
        assert!(warnings[1].contains("`data:`"), "{warnings:?}");
    }

    #[test]
    fn other_tags_are_escaped_and_lose_their_event_handlers() {
        let (text, warnings) = sanitize("A <b>bold</b> claim <img src=x onerror=\"alert(1)\"> here");
        assert_eq!(text, "A &lt;b>bold&lt;/b> claim &lt;img src=x> here");
        assert_eq!(warnings[0], "line 1: removed the event-handler attribute `onerror` from <img>");
        assert!(warnings[1].starts_with("line 1: 3 HTML tags (the first is `<b>`)"), "{warnings:?}");
    }

    #[test]
    fn code_is_left_as_written() {
        let source = "Use `<script>` tags?\n\n```html\n<script>x()</script>\n```\nafter <i>";
        let (text, warnings) = sanitize(source);
        assert_eq!(text, "Use `<script>` tags?\n\n```html\n<script>x()</script>\n```\nafter &lt;i>");
        assert_eq!(warnings.len(), 1);
    }

    #[test]
    fn a_fence_inside_a_list_item_ends_with_the_item() {
        let (text, _) = sanitize("- item\n\n  ```\n  code\n<script>alert(1)</script>\n");
        assert!(!text.contains("<script>"), "{text}");
    }

    #[test]
    fn comparisons_and_autolinks_stay() {
        let source = "If 2 < 3 and <https://law.lis.virginia.gov/vacode/> then <javascript:alert(1)>.";
        let (text, warnings) = sanitize(source);
        assert_eq!(text, "If 2 < 3 and <https://law.lis.virginia.gov/vacode/> then .");
        assert_eq!(warnings.len(), 1);
    }

    #[test]
    fn definitions_iframes_and_disguised_schemes_are_removed() {
        let source = "[x][a]\n\n[a]: JaVaScRiPt:alert(1)\n<IFRAME src=//evil></iframe>[y](java&#x09;script:x)";
        let (text, warnings) = sanitize(source);
        assert_eq!(text, "[x][a]\n\n\ny");
        assert_eq!(warnings.len(), 3, "{warnings:?}");
        assert!(warnings[1].starts_with("line 4: removed a <iframe> element"), "{warnings:?}");
    }

    #[test]
    fn sanitizing_twice_changes_nothing_more() {
        let (once, _) = sanitize("<b onclick=x>hi</b> <script>x</script> [a](javascript:b)");
        let (twice, warnings) = sanitize(&once);
        assert_eq!(once, twice);
        assert!(warnings.is_empty(), "{warnings:?}");
    }
}
