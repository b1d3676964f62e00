//! Whatever a file saved from a browser holds — any bytes, any name — the reader answers with rows
//! and problems or a refusal, never a panic; and a file it accepts is read the same way twice.

use proptest::prelude::*;
use proseva_law::fetch::{canonical_name, validate};
use proseva_law::lis::{html_to_text, read_rows};
use proseva_law::versions::parse_catchline;

const NAMES: [&str; 5] = ["CoVTitle_20.csv", "Constitution.csv", "PopularNames.csv", "Authorities.csv", "UnCodifiedActs.csv"];

/// Text with the characters the formats give meaning to, so cases reach the interesting paths.
fn export_like() -> impl Strategy<Value = String> {
    proptest::collection::vec(
        prop_oneof![
            Just(",".to_string()),
            Just("|".to_string()),
            Just("\"".to_string()),
            Just("\r\n".to_string()),
            Just("\n".to_string()),
            Just("&".to_string()),
            Just(";".to_string()),
            Just("<p>".to_string()),
            Just("(Effective until July 1, 2025)".to_string()),
            Just("Section".to_string()),
            Just("TitleNum,Section,Title,Body".to_string()),
            Just("ArticleId,Article,SectionName".to_string()),
            Just("§ 1-1".to_string()),
            Just("\u{feff}".to_string()),
            "[a-zA-Z0-9 .()-]{0,12}",
            any::<char>().prop_map(String::from),
        ],
        0..60,
    )
    .prop_map(|parts| parts.concat())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 2_000, ..ProptestConfig::default() })]

    #[test]
    fn no_file_panics_the_reader(body in export_like(), which in 0..NAMES.len()) {
        let name = NAMES[which];
        if let Ok((rows, _)) = read_rows(name, body.as_bytes()) {
            // The same bytes read the same way again.
            let (again, _) = read_rows(name, body.as_bytes()).unwrap();
            prop_assert_eq!(rows, again);
        }
        let _ = validate(name, body.as_bytes());
    }

    #[test]
    fn no_bytes_panic_the_reader(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        let _ = read_rows("CoVTitle_1.csv", &bytes);
        let _ = validate("Constitution.csv", &bytes);
    }

    #[test]
    fn html_names_and_catchlines_never_panic(text in export_like()) {
        let cleaned = html_to_text(&text);
        prop_assert!(!cleaned.contains("  "), "runs of spaces are collapsed: {:?}", cleaned);
        let (heading, _) = parse_catchline(&text);
        prop_assert!(!heading.contains("(Effective until July 1, 2025)"));
        let _ = canonical_name(&text);
    }
}
