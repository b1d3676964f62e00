//! Property tests: validation and every export finish without a panic on any input, and what the
//! Markdown check lets through holds no raw HTML and no script link and passes the check unchanged.

use proptest::prelude::*;
use proseva_drafts::{Draft, DraftKind, Source, parse_table, to_docx, to_markdown, to_pdf, validate};
use pulldown_cmark::{Event, Options, Parser, Tag};

/// Text made mostly of the characters the parsers treat specially.
fn tricky() -> impl Strategy<Value = String> {
    let pieces = prop::collection::vec(
        prop_oneof![
            Just("<script>".to_string()),
            Just("</script>".to_string()),
            Just("[".to_string()),
            Just("](javascript:x)".to_string()),
            Just("-->".to_string()),
            Just("```".to_string()),
            Just("|".to_string()),
            Just("\"".to_string()),
            Just("\n".to_string()),
            Just(" : ".to_string()),
            Just("%%".to_string()),
            Just("subgraph".to_string()),
            Just("end".to_string()),
            "[a-z*_`<>#&;(){}\\[\\]\\\\ ,.-]{0,8}",
            any::<char>().prop_map(String::from),
        ],
        0..60,
    );
    pieces.prop_map(|p| p.concat())
}

/// The first raw HTML or link to a script or data address a CommonMark parser (with the tables,
/// task lists and strikethrough drafts use) finds in `text`.
fn raw_html_or_script_link(text: &str) -> Option<String> {
    let options = Options::ENABLE_TABLES | Options::ENABLE_TASKLISTS | Options::ENABLE_STRIKETHROUGH;
    let parser = Parser::new_ext(text, options);
    let dangerous = |url: &str| {
        let url: String = url.chars().filter(|c| !c.is_whitespace() && !c.is_control()).collect::<String>().to_ascii_lowercase();
        ["javascript:", "vbscript:", "livescript:", "data:"].iter().any(|scheme| url.starts_with(scheme))
    };
    if let Some((_, definition)) = parser.reference_definitions().iter().find(|(_, d)| dangerous(&d.dest)) {
        return Some(format!("definition {}", definition.dest));
    }
    parser.into_iter().find_map(|event| match event {
        Event::Html(html) | Event::InlineHtml(html) => Some(format!("HTML {html}")),
        Event::Start(Tag::Link { dest_url, .. } | Tag::Image { dest_url, .. }) if dangerous(&dest_url) => Some(format!("link {dest_url}")),
        _ => None,
    })
}

fn kind() -> impl Strategy<Value = DraftKind> {
    prop_oneof![Just(DraftKind::Markdown), Just(DraftKind::Mermaid), Just(DraftKind::Table)]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn validate_never_panics(kind in kind(), content in prop_oneof![tricky(), any::<String>()]) {
        if let Ok(checked) = validate(kind, &content) {
            if kind == DraftKind::Markdown {
                prop_assert_eq!(raw_html_or_script_link(&checked.content), None, "{:?}", checked.content);
            }
            // What validate returns validates again, unchanged and without new warnings.
            let again = validate(kind, &checked.content);
            prop_assert_eq!(again.map(|c| c.content), Ok(checked.content));
        }
        let _ = parse_table(&content);
    }

    #[test]
    fn exports_never_panic(kind in kind(), title in any::<String>(), content in prop_oneof![tricky(), any::<String>()], label in any::<String>()) {
        let draft = Draft {
            title,
            kind,
            content,
            sources: vec![Source { label, url: Some("https://example.org/a b".into()) }],
            version: 1,
            created: "not a date".into(),
        };
        let markdown = to_markdown(&draft);
        prop_assert!(markdown.starts_with("> Draft prepared with ProSeVA software"));
        prop_assert!(to_docx(&draft).is_ok());
        prop_assert!(to_pdf(&draft).is_ok());
    }
}
