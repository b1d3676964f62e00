//! Text clean-up every kind of draft gets, and small helpers the parsers share.

/// Line ends made `\n`, leading byte-order marks dropped, and control characters other than
/// `\n` and `\t` (NUL, escape, C1 controls) removed. Returns the text and a warning when
/// something was removed.
pub(crate) fn clean(content: &str) -> (String, Vec<String>) {
    let content = content.trim_start_matches('\u{feff}');
    let mut out = String::with_capacity(content.len());
    let mut removed = 0usize;
    let mut first_line = 0usize;
    let mut line = 1usize;
    let mut chars = content.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push('\n');
                line += 1;
            }
            '\n' => {
                out.push('\n');
                line += 1;
            }
            '\t' => out.push('\t'),
            c if c.is_control() => {
                removed += 1;
                if first_line == 0 {
                    first_line = line;
                }
            }
            c => out.push(c),
        }
    }
    let mut warnings = Vec::new();
    if removed > 0 {
        let what = if removed == 1 { "1 control character".to_string() } else { format!("{removed} control characters") };
        warnings.push(format!("line {first_line}: removed {what} (such as NUL); drafts hold text only"));
    }
    (out, warnings)
}

/// The text on one line: control characters and line breaks become spaces, runs of spaces
/// become one, and the ends are trimmed.
pub(crate) fn one_line(s: &str) -> String {
    s.split(|c: char| c.is_whitespace() || c.is_control()).filter(|w| !w.is_empty()).collect::<Vec<_>>().join(" ")
}

/// Text for a Markdown line: on one line, with every character Markdown or HTML would read as
/// syntax escaped by a backslash, so data cannot add formatting, links or HTML of its own.
pub fn escape_markdown(text: &str) -> String {
    let mut out = String::new();
    for c in one_line(text).chars() {
        if matches!(c, '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '~' | '&' | '!' | '#') {
            out.push('\\');
        }
        out.push(c);
    }
    out
}

/// When the whole text is one fenced block (```` ```mermaid ```` … ```` ``` ````) whose info string is
/// empty or one of `names`, its inside and the number of lines before it.
pub(crate) fn unfence(text: &str, names: &[&str]) -> Option<(String, usize)> {
    let lines: Vec<&str> = text.split('\n').collect();
    let first = lines.iter().position(|l| !l.trim().is_empty())?;
    let last = lines.iter().rposition(|l| !l.trim().is_empty())?;
    if last <= first {
        return None;
    }
    let open = lines[first].trim();
    let fence: String = open.chars().take_while(|&c| c == '`' || c == '~').collect();
    if fence.len() < 3 || fence.chars().any(|c| c != fence.chars().next().unwrap_or('`')) {
        return None;
    }
    let info = open[fence.len()..].trim().to_ascii_lowercase();
    if !info.is_empty() && !names.contains(&info.as_str()) {
        return None;
    }
    if lines[last].trim() != fence {
        return None;
    }
    Some((lines[first + 1..last].join("\n"), first + 1))
}

/// Whether a link target would run code or smuggle a document when opened: `javascript:`,
/// `vbscript:`, `data:` (also when disguised with entities, spaces, control characters or case).
pub(crate) fn is_dangerous_url(target: &str) -> bool {
    let decoded = decode_entities(target);
    let squeezed: String =
        decoded.chars().filter(|c| !c.is_whitespace() && !c.is_control() && *c != '<').map(|c| c.to_ascii_lowercase()).collect();
    ["javascript:", "vbscript:", "livescript:", "data:"].iter().any(|scheme| squeezed.starts_with(scheme))
}

/// `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&nbsp;`, `&colon;`, `&tab;`, `&newline;` and
/// numeric references decoded; anything else is left as written.
pub(crate) fn decode_entities(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp + 1..];
        match after.find(';').filter(|&end| end <= 32).and_then(|end| entity(&after[..end]).map(|c| (c, end))) {
            Some((c, end)) => {
                out.push(c);
                rest = &after[end + 1..];
            }
            None => {
                out.push('&');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn entity(name: &str) -> Option<char> {
    let named = match name.to_ascii_lowercase().as_str() {
        "lt" => Some('<'),
        "gt" => Some('>'),
        "amp" => Some('&'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        "nbsp" => Some('\u{a0}'),
        "colon" => Some(':'),
        "tab" => Some('\t'),
        "newline" => Some('\n'),
        "sect" => Some('§'),
        _ => None,
    };
    if named.is_some() {
        return named;
    }
    let number = name.strip_prefix('#')?;
    let code = match number.strip_prefix(['x', 'X']) {
        Some(hex) => u32::from_str_radix(hex, 16).ok()?,
        None => number.parse::<u32>().ok()?,
    };
    char::from_u32(code).filter(|&c| c != '\0')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_removed_with_the_line_of_the_first() {
        let (text, warnings) = clean("one\r\ntwo\0\u{1b}[31m\nthree\u{85}");
        assert_eq!(text, "one\ntwo[31m\nthree");
        assert_eq!(warnings.len(), 1);
        assert!(warnings[0].starts_with("line 2: removed 3 control characters"), "{warnings:?}");
    }

    #[test]
    fn tabs_and_newlines_are_kept_without_warning() {
        assert_eq!(clean("\u{feff}a\tb\n"), ("a\tb\n".to_string(), vec![]));
    }

    #[test]
    fn disguised_script_addresses_are_recognised() {
        for url in ["javascript:alert(1)", " JavaScript:x", "java\tscript:x", "&#106;avascript:x", "javascript&colon;x", "data:text/html,x"]
        {
            assert!(is_dangerous_url(url), "{url}");
        }
        for url in ["https://law.lis.virginia.gov/vacode/20-124.3/", "mailto:clerk@example.gov", "#notes", "javascript-guide.html"] {
            assert!(!is_dangerous_url(url), "{url}");
        }
    }

    #[test]
    fn a_fenced_diagram_is_unfenced_with_its_line_offset() {
        let (inner, offset) = unfence("```mermaid\ntimeline\n  2024 : x\n```\n", &["mermaid"]).unwrap();
        assert_eq!((inner.as_str(), offset), ("timeline\n  2024 : x", 1));
        assert!(unfence("```python\nx\n```", &["mermaid"]).is_none());
        assert!(unfence("timeline\n2024 : x", &["mermaid"]).is_none());
    }
}
