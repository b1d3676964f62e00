//! Hostile and broken input never panics or hangs: arbitrary bytes, and real forms with bytes
//! changed, cut short or spliced.

mod common;

use std::collections::BTreeMap;
use std::sync::LazyLock;

use common::*;
use lopdf::{Document, Object, ObjectId, dictionary};
use proptest::prelude::*;
use proseva_forms::{fill_form, read_form};
use serde_json::json;

static FORMS: LazyLock<Vec<Vec<u8>>> = LazyLock::new(|| vec![court_form(), fixture("irs-fw9-2018.pdf"), fixture("irs-f1040-2010.pdf")]);

fn values() -> BTreeMap<String, serde_json::Value> {
    BTreeMap::from([
        ("form1.party.name".to_string(), json!("Nguyễn Thị Lan")),
        ("agree".to_string(), json!(true)),
        ("topmostSubform[0].Page1[0].f1_1[0]".to_string(), json!("فاطمة الزهراء")),
    ])
}

/// Reads and fills `pdf`; a filled copy must read again.
fn exercise(pdf: &[u8]) {
    let _ = read_form(pdf);
    if let Ok(filled) = fill_form(pdf, &values()) {
        read_form(&filled).expect("a filled copy reads again");
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 200, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..4096)) {
        exercise(&bytes);
        let mut pdf = b"%PDF-1.7\n".to_vec();
        pdf.extend(&bytes);
        exercise(&pdf);
    }

    #[test]
    fn real_forms_with_bytes_changed(form in 0..3usize, changes in proptest::collection::vec((any::<prop::sample::Index>(), any::<u8>()), 1..16)) {
        let mut pdf = FORMS[form].clone();
        for (at, byte) in changes {
            let at = at.index(pdf.len());
            pdf[at] = byte;
        }
        exercise(&pdf);
    }

    #[test]
    fn real_forms_cut_short_or_spliced(form in 0..3usize, cut in any::<prop::sample::Index>(), splice in any::<prop::sample::Index>(), junk in proptest::collection::vec(any::<u8>(), 0..256)) {
        let original = &FORMS[form];
        let cut = cut.index(original.len());
        exercise(&original[..cut]);
        let mut pdf = original.clone();
        let at = splice.index(pdf.len());
        pdf.splice(at..at, junk);
        exercise(&pdf);
    }

    #[test]
    fn hostile_values_in_the_field_dictionaries(form in 0..3usize, picks in proptest::collection::vec((any::<prop::sample::Index>(), 0..HOSTILE.len()), 1..12)) {
        let mut doc = Document::load_mem(&FORMS[form]).unwrap();
        let targets: Vec<ObjectId> = doc
            .objects
            .iter()
            .filter(|(_, o)| o.as_dict().is_ok_and(|d| d.has(b"T") || d.has(b"FT") || d.has(b"Fields") || d.has(b"BaseFont")))
            .map(|(id, _)| *id)
            .collect();
        for (at, hostile) in picks {
            let id = targets[at.index(targets.len())];
            let (key, value) = HOSTILE[hostile](id);
            if let Ok(dict) = doc.get_dictionary_mut(id) {
                dict.set(key, value);
            }
        }
        let mut pdf = Vec::new();
        doc.save_to(&mut pdf).unwrap();
        exercise(&pdf);
    }
}

/// Keys a parser trusts, given values a hostile or broken file could have (`id` is the object
/// they are put in, for values that point back at it).
type Hostile = fn(ObjectId) -> (&'static str, Object);
const HOSTILE: [Hostile; 24] = [
    |id| ("Kids", Object::Array(vec![id.into(), id.into()])),
    |id| ("Parent", id.into()),
    |_| ("T", Object::string_literal("")),
    |_| ("T", Object::Integer(7)),
    |_| ("FT", Object::Name(b"Tx".to_vec())),
    |_| ("FT", Object::Name(b"Btn".to_vec())),
    |_| ("FT", Object::Name(b"Ch".to_vec())),
    |_| ("Ff", Object::Integer(-1)),
    |_| ("Ff", Object::Integer(i64::MAX)),
    |_| ("MaxLen", Object::Integer(-5)),
    |_| ("MaxLen", Object::Integer(0)),
    |id| ("Opt", Object::Array(vec![Object::Array(vec![]), id.into(), Object::Array(vec![1.into(), 2.into()])])),
    |id| ("V", Object::Array(vec![Object::Array(vec![id.into()])])),
    |_| ("V", Object::Name(b"Off".to_vec())),
    |_| ("Rect", Object::Array(vec![Object::Real(1e30), Object::Real(-1e30), Object::Real(f32::NAN), 0.into()])),
    |_| ("Rect", Object::Array(vec![])),
    |_| ("MK", Object::Dictionary(dictionary! { "R" => 45, "BC" => vec![1.into(), 2.into()], "BG" => vec![] })),
    |_| ("DA", Object::string_literal("/Helv 1e30 Tf 1 2 3 4 5 rg")),
    |_| ("DA", Object::string_literal("/Nope 0 Tf ((((")),
    |_| ("AP", Object::Dictionary(dictionary! { "N" => Object::Reference((0, 0)) })),
    |_| ("AP", Object::Dictionary(dictionary! { "N" => dictionary! { "Yes" => 1 } })),
    |_| ("Subtype", Object::Name(b"Type0".to_vec())),
    |_| ("Encoding", Object::Dictionary(dictionary! { "Differences" => vec![256.into(), "A".into(), (-3).into(), "B".into()] })),
    |_| ("Fields", Object::Integer(3)),
];
