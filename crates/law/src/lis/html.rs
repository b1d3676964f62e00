//! The HTML of an export's bodies to readable text, and the Windows-1252 characters older exports
//! and numeric references use.

/// HTML to readable text: tags dropped, block ends become line breaks, entities decoded (every
/// HTML5 named entity, and numeric ones), runs of spaces (of any width: `&emsp;` too) collapsed,
/// `<script>`/`<style>` contents removed.
pub fn html_to_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(lt) = rest.find(['<', '&']) {
        push_text(&mut out, &rest[..lt]);
        rest = &rest[lt..];
        if rest.starts_with('&') {
            let (decoded, used) = decode_entity(rest);
            push_text(&mut out, &decoded);
            rest = &rest[used..];
            continue;
        }
        let Some(gt) = rest.find('>') else {
            // A stray '<' that opens no tag is text.
            push_text(&mut out, rest);
            rest = "";
            break;
        };
        let tag = rest[1..gt].trim().to_ascii_lowercase();
        let name: String = tag.trim_start_matches('/').chars().take_while(|c| c.is_ascii_alphanumeric()).collect();
        if name.is_empty() && !tag.starts_with('!') {
            // `a < b > c`: not a tag.
            push_text(&mut out, "<");
            rest = &rest[1..];
            continue;
        }
        rest = &rest[gt + 1..];
        if !tag.starts_with('/') && (name == "script" || name == "style") {
            let close = format!("</{name}");
            match rest.to_ascii_lowercase().find(&close) {
                Some(end) => rest = &rest[end..],
                None => rest = "",
            }
            continue;
        }
        match name.as_str() {
            "p" | "div" | "br" | "li" | "tr" | "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "ul" | "ol" | "table" | "blockquote"
                if (tag.starts_with('/') || name == "br" || name == "li") =>
            {
                newline(&mut out);
            }
            "td" | "th" => push_text(&mut out, " "),
            _ => {}
        }
    }
    push_text(&mut out, rest);
    out.trim().to_string()
}

fn push_text(out: &mut String, text: &str) {
    for c in text.chars() {
        // Every kind of space (no-break, em, thin, a line break in the source) is one space.
        let c = if c.is_whitespace() { ' ' } else { c };
        if c == ' ' && (out.is_empty() || out.ends_with(' ') || out.ends_with('\n')) {
            continue;
        }
        out.push(c);
    }
}

fn newline(out: &mut String) {
    while out.ends_with(' ') {
        out.pop();
    }
    if !out.is_empty() && !out.ends_with('\n') {
        out.push('\n');
    }
}

/// Windows-1252's characters for the C1 range, which HTML reads numeric references 128–159 as.
const WINDOWS_1252_C1: [char; 32] = [
    '€', '\u{81}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{8d}', 'Ž', '\u{8f}', '\u{90}', '‘', '’', '“', '”', '•', '–',
    '—', '˜', '™', 'š', '›', 'œ', '\u{9d}', 'ž', 'Ÿ',
];

/// The character a Windows-1252 byte in 0x80–0x9F stands for.
pub fn windows_1252(byte: u8) -> char {
    WINDOWS_1252_C1[usize::from(byte.saturating_sub(0x80)).min(31)]
}

/// Decodes the entity at the start of `s`; returns the text and the bytes consumed. An entity the
/// HTML standard does not define stays as written.
fn decode_entity(s: &str) -> (String, usize) {
    let end = s[1..].find(|c: char| !(c.is_ascii_alphanumeric() || c == '#')).map(|i| i + 1);
    let Some(end) = end.filter(|&e| s[e..].starts_with(';') && e > 1) else {
        return ("&".into(), 1);
    };
    let name = &s[1..end];
    let decoded = if let Some(num) = name.strip_prefix('#') {
        let code = match num.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok(),
            None => num.parse().ok(),
        };
        code.and_then(|c| match c {
            0x80..=0x9f => Some(WINDOWS_1252_C1[(c - 0x80) as usize]),
            _ => char::from_u32(c),
        })
        .map(String::from)
    } else {
        web_atoms::NAMED_ENTITIES
            .get(&s[1..=end])
            .filter(|(first, _)| *first != 0)
            .map(|&(first, second)| [first, second].into_iter().filter(|&c| c != 0).filter_map(char::from_u32).collect())
    };
    match decoded {
        Some(d) => (d, end + 1),
        None => ("&".into(), 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cleans_lis_html_bodies() {
        let html = "<p>A. The court shall&nbsp;consider §&#160;20-124.3 &amp; &sect; 20-124.2.</p>\n<p>B. Second&nbsp;&nbsp;paragraph &#x2014; done.</p><script>x()</script>";
        assert_eq!(html_to_text(html), "A. The court shall consider § 20-124.3 & § 20-124.2.\nB. Second paragraph — done.");
    }

    #[test]
    fn every_html_entity_is_decoded_and_wide_spaces_are_spaces() {
        assert_eq!(
            html_to_text("<p>caf&eacute;&emsp;&emsp;A.&ensp;r&eacute;sum&eacute; &frac34; &Ccedil;a&thinsp;va</p>"),
            "café A. résumé ¾ Ça va"
        );
        assert_eq!(
            html_to_text("&ldquo;x&rdquo; &#150; &#8212; &hellip;"),
            "“x” – — …",
            "&#150; is Windows-1252's en dash, as browsers read it"
        );
    }

    #[test]
    fn keeps_text_that_only_looks_like_markup() {
        assert_eq!(html_to_text("a < b & c &unknown; d"), "a < b & c &unknown; d");
        assert_eq!(html_to_text("a <= b > c"), "a <= b > c");
        assert_eq!(html_to_text("<ul><li>one</li><li>two</li></ul>"), "one\ntwo");
    }
}
