//! Removing and escaping raw HTML and script links in a Markdown draft (the rules are in the
//! `markdown` module doc). The parser finds them; the draft's own text is then edited at those
//! places only, so everything else stays exactly as the person wrote it.

use std::ops::Range;

use pulldown_cmark::{Event, LinkType, Tag, TagEnd};

use super::html::{Verdict, closer_len, judge, tag_len, tag_like};
use super::report::{Report, scheme_of};
use crate::text::{self, is_dangerous_url};

/// How many times the text is cleaned before giving up: each pass removes what the parser finds,
/// and a removal can uncover more (`[<](javascript:x)b` leaves `<b`; the link around a removed
/// link becomes a link).
const MOST_PASSES: usize = 32;

/// A Markdown text with its raw HTML and script links removed or escaped.
#[derive(Debug)]
pub(crate) struct Sanitized {
    pub text: String,
    /// One sentence per removal (the first 20 of each pass) and one for the escaped tags.
    pub warnings: Vec<String>,
    /// Whether the text came out the same when cleaned again; false only when every pass of
    /// [`MOST_PASSES`] still found something, and then `text` may still hold HTML.
    pub settled: bool,
}

/// Cleans the text again until nothing changes (what comes out must pass the check unchanged).
/// Each pass also runs [`text::clean`], so what a removal leaves at the start (a byte-order mark)
/// goes too.
pub(crate) fn sanitize(text: &str) -> Sanitized {
    let mut text = text.to_string();
    let mut warnings = Vec::new();
    for _ in 0..MOST_PASSES {
        let (edited, found) = pass(&text);
        let (edited, _) = text::clean(&edited);
        if edited == text {
            return Sanitized { text, warnings, settled: true };
        }
        warnings.extend(found);
        text = edited;
    }
    Sanitized { text, warnings, settled: false }
}

/// A change to the text: `range` becomes `with`, and why.
struct Edit {
    range: Range<usize>,
    with: String,
    notes: Vec<Note>,
}

enum Note {
    Removed(String),
    Escaped(String),
}

/// A link (or image) being read: where it is, what its text spans, and why it goes.
struct OpenLink {
    range: Range<usize>,
    text: Option<Range<usize>>,
    /// The scheme when the address is a script or data address.
    dangerous: Option<String>,
    kind: LinkType,
}

/// An element such as `<script>` whose closing tag is still to come.
struct OpenElement {
    name: String,
    start: usize,
    tag_end: usize,
}

/// One pass over the parser's events, gathering edits.
struct Pass<'a> {
    text: &'a str,
    edits: Vec<Edit>,
    links: Vec<OpenLink>,
    element: Option<OpenElement>,
}

fn pass(text: &str) -> (String, Vec<String>) {
    let mut pass = Pass { text, edits: Vec::new(), links: Vec::new(), element: None };
    let events = super::parse(text);
    for (_, definition) in events.reference_definitions().iter() {
        if is_dangerous_url(&definition.dest) {
            let why = format!("a link definition to `{}`", scheme_of(&definition.dest));
            pass.edits.push(Edit { range: definition.span.clone(), with: String::new(), notes: vec![Note::Removed(why)] });
        }
    }
    for (event, range) in events {
        match event {
            Event::Start(Tag::Link { link_type, dest_url, .. } | Tag::Image { link_type, dest_url, .. }) => {
                pass.inside_links(&range);
                let dangerous = is_dangerous_url(&dest_url).then(|| scheme_of(&dest_url));
                pass.links.push(OpenLink { range, text: None, dangerous, kind: link_type });
            }
            Event::End(TagEnd::Link | TagEnd::Image) => pass.end_link(),
            Event::Start(Tag::HtmlBlock) => {
                pass.inside_links(&range);
                pass.html_block(range);
            }
            Event::InlineHtml(_) => {
                pass.inside_links(&range);
                pass.tag(range);
            }
            _ => pass.inside_links(&range),
        }
    }
    if let Some(open) = pass.element.take() {
        let why = format!("a <{}> tag", open.name);
        pass.edits.push(Edit { range: open.start..open.tag_end, with: String::new(), notes: vec![Note::Removed(why)] });
    }
    apply(text, pass.edits)
}

impl Pass<'_> {
    /// Widens the text of the links being read to take in `range`.
    fn inside_links(&mut self, range: &Range<usize>) {
        for link in &mut self.links {
            let text = link.text.get_or_insert(range.clone());
            *text = text.start.min(range.start)..text.end.max(range.end);
        }
    }

    /// A link or image ends: one to a script or data address loses its brackets and address (an
    /// autolink goes whole). A reference link is left alone: its definition is removed instead.
    fn end_link(&mut self) {
        let Some(link) = self.links.pop() else { return };
        let Some(scheme) = link.dangerous else { return };
        let range = link.range;
        match (link.kind, link.text) {
            (LinkType::Inline, Some(text)) => {
                self.remove(range.start..text.start, format!("a link to `{scheme}` (its text is kept)"));
                self.edits.push(Edit { range: text.end..range.end, with: String::new(), notes: Vec::new() });
            }
            (LinkType::Inline | LinkType::Autolink | LinkType::Email, _) => self.remove(range, format!("a link to `{scheme}`")),
            _ => {}
        }
    }

    fn remove(&mut self, range: Range<usize>, why: String) {
        self.edits.push(Edit { range, with: String::new(), notes: vec![Note::Removed(why)] });
    }

    /// An HTML block: the parser gives its lines, so the tags in it are found here.
    fn html_block(&mut self, range: Range<usize>) {
        let block = &self.text[range.clone()];
        let mut at = 0;
        while let Some(offset) = block[at..].find('<') {
            let start = at + offset;
            let rest = &block[start..];
            let len = match &self.element {
                Some(open) => closer_len(rest, &open.name),
                None => tag_len(rest),
            };
            match len {
                Some(len) => {
                    self.tag(range.start + start..range.start + start + len);
                    at = start + len;
                }
                None => {
                    if self.element.is_none() && tag_like(rest) {
                        let shown = short(rest.split('\n').next().unwrap_or(rest));
                        let at = range.start + start;
                        self.edits.push(Edit { range: at..at + 1, with: "&lt;".into(), notes: vec![Note::Escaped(shown)] });
                    }
                    at = start + 1;
                }
            }
        }
    }

    /// One tag: removed, removed with its element, or escaped without its dangerous attributes.
    fn tag(&mut self, range: Range<usize>) {
        let tag = &self.text[range.clone()];
        if let Some(open) = &self.element {
            if closer_len(tag, &open.name) == Some(tag.len()) {
                let why = format!("a <{}> element and everything in it", open.name);
                let start = open.start;
                self.element = None;
                self.remove(start..range.end, why);
            }
            return;
        }
        match judge(tag) {
            Verdict::RemoveElement(name) => self.element = Some(OpenElement { name, start: range.start, tag_end: range.end }),
            Verdict::Remove(why) => self.remove(range, why),
            Verdict::Escape { with, removed } => {
                let mut notes: Vec<Note> = removed.into_iter().map(Note::Removed).collect();
                notes.push(Note::Escaped(short(&with.replacen("&lt;", "<", 1))));
                self.edits.push(Edit { range, with, notes });
            }
        }
    }
}

/// The text with the edits made (an edit inside another, such as a link inside a removed
/// `<script>`, goes with it) and the warnings, in the order of the text.
fn apply(text: &str, mut edits: Vec<Edit>) -> (String, Vec<String>) {
    edits.sort_by_key(|e| (e.range.start, std::cmp::Reverse(e.range.end)));
    let lines = super::Lines::new(text);
    let mut report = Report::default();
    let mut out = String::with_capacity(text.len());
    let mut copied = 0;
    for edit in edits {
        if edit.range.start < copied || edit.range.is_empty() {
            continue;
        }
        out.push_str(&text[copied..edit.range.start]);
        out.push_str(&edit.with);
        copied = edit.range.end;
        let line = lines.of(edit.range.start);
        for note in edit.notes {
            match note {
                Note::Removed(what) => report.removed(line, what),
                Note::Escaped(tag) => report.escaped(line, tag),
            }
        }
    }
    out.push_str(&text[copied..]);
    (out, report.into_warnings())
}

/// The start of a tag, for a warning.
fn short(tag: &str) -> String {
    let mut s: String = tag.chars().take(30).collect();
    if s.len() < tag.len() {
        s.push('…');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::sanitize;

    fn clean(text: &str) -> (String, Vec<String>) {
        let out = sanitize(text);
        assert!(out.settled, "{text:?}");
        (out.text, out.warnings)
    }

    #[test]
    fn a_script_element_is_removed_with_its_content_and_named_in_a_warning() {
        let (text, warnings) = clean("Dear clerk,\n<script>alert(1)</script>\nThank you.");
        assert_eq!(text, "Dear clerk,\n\nThank you.");
        assert_eq!(warnings, ["line 2: removed a <script> element and everything in it"]);
        let (text, warnings) = clean("Say <script>alert(1)\n\nstill</SCRIPT > hi");
        assert_eq!(text, "Say  hi");
        assert_eq!(warnings, ["line 1: removed a <script> element and everything in it"]);
    }

    #[test]
    fn a_javascript_link_keeps_its_text() {
        let (text, warnings) = clean("Read [the *order*](javascript:alert(1) \"t\") and ![x](data:image/png;base64,AA).");
        assert_eq!(text, "Read the *order* and x.");
        assert_eq!(warnings.len(), 2, "{warnings:?}");
        assert!(warnings[0].contains("`javascript:`"), "{warnings:?}");
        assert!(warnings[1].contains("`data:`"), "{warnings:?}");
    }

    #[test]
    fn other_tags_are_escaped_and_lose_their_event_handlers() {
        let (text, warnings) = clean("A <b>bold</b> claim <img src=x onerror=\"alert(1)\"> here");
        assert_eq!(text, "A &lt;b>bold&lt;/b> claim &lt;img src=x> here");
        assert_eq!(warnings[0], "line 1: removed the event-handler attribute `onerror` from <img>");
        assert!(warnings[1].starts_with("line 1: 3 HTML tags (the first is `<b>`)"), "{warnings:?}");
    }

    #[test]
    fn html_blocks_are_escaped_tag_by_tag() {
        let (text, warnings) = clean("<div onclick=\"x()\">\n<p>Hello</p>\n<!-- note -->\n</div>\n\nAfter");
        assert_eq!(text, "&lt;div>\n&lt;p>Hello&lt;/p>\n&lt;!-- note -->\n&lt;/div>\n\nAfter");
        assert_eq!(warnings[0], "line 1: removed the event-handler attribute `onclick` from <div>");
        assert!(warnings[1].starts_with("line 1: 5 HTML tags (the first is `<div>`)"), "{warnings:?}");
    }

    #[test]
    fn code_is_left_as_written() {
        let source = "Use `<script>` tags?\n\n```html\n<script>x()</script>\n```\nafter <i>\n\n    <b>indented</b>";
        let (text, warnings) = clean(source);
        assert_eq!(text, "Use `<script>` tags?\n\n```html\n<script>x()</script>\n```\nafter &lt;i>\n\n    <b>indented</b>");
        assert_eq!(warnings.len(), 1);
    }

    #[test]
    fn a_fence_inside_a_list_item_ends_with_the_item() {
        let (text, _) = clean("- item\n\n  ```\n  code\n<script>alert(1)</script>\n");
        assert!(!text.contains("<script>"), "{text}");
    }

    #[test]
    fn comparisons_and_autolinks_stay() {
        let source = "If 2 < 3 and <https://law.lis.virginia.gov/vacode/> then <javascript:alert(1)>.";
        let (text, warnings) = clean(source);
        assert_eq!(text, "If 2 < 3 and <https://law.lis.virginia.gov/vacode/> then .");
        assert_eq!(warnings.len(), 1);
    }

    #[test]
    fn definitions_iframes_and_disguised_schemes_are_removed() {
        let source = "[x][a]\n\n[a]: JaVaScRiPt:alert(1)\n<IFRAME src=//evil></iframe>[y](java&#x09;script:x)";
        let (text, warnings) = clean(source);
        assert_eq!(text, "[x][a]\n\n\ny");
        assert_eq!(warnings.len(), 3, "{warnings:?}");
        assert_eq!(warnings[0], "line 3: removed a link definition to `javascript:`");
        assert!(warnings[1].starts_with("line 4: removed a <iframe> element"), "{warnings:?}");
        assert!(warnings[2].starts_with("line 4: removed a link to `java"), "{warnings:?}");
    }

    #[test]
    fn a_link_uncovered_by_a_removal_is_removed_on_the_next_pass() {
        let (text, warnings) = clean("[[[a](javascript:x)](javascript:y)](javascript:z) and [<](javascript:x)script>kept");
        assert_eq!(text, "a and kept");
        assert_eq!(warnings.len(), 5, "{warnings:?}");
    }

    #[test]
    fn sanitizing_twice_changes_nothing_more() {
        let once = clean("<b onclick=x>hi</b> <script>x</script> [a](javascript:b)").0;
        let (twice, warnings) = clean(&once);
        assert_eq!(once, twice);
        assert!(warnings.is_empty(), "{warnings:?}");
    }
}
