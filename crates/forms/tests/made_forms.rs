//! Forms built here with every kind of field: read, filled, and read back with qpdf and poppler.

mod common;

use std::collections::BTreeMap;

use common::*;
use proseva_forms::{FieldKind, FormError, fill_form, read_form};
use serde_json::{Value, json};

fn values(pairs: &[(&str, Value)]) -> BTreeMap<String, Value> {
    pairs.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()
}

#[test]
fn every_kind_of_field_is_read_with_its_name_label_options_limits_and_page() {
    let form = read_form(&court_form()).unwrap();
    assert_eq!(form.pages, 3);
    let field = |name: &str| form.fields.iter().find(|f| f.name == name).unwrap_or_else(|| panic!("{name} in {:#?}", form.fields));
    let names: Vec<&str> = form.fields.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "form1.party.name",
            "form1.party.otherParty",
            "form1.party.address",
            "case_number",
            "clerk_use",
            "agree",
            "notify",
            "relationship",
            "county",
            "hearing_day",
            "signature",
            "notes"
        ]
    );
    let name = field("form1.party.name");
    assert_eq!((name.label.as_str(), name.kind, name.page, name.value.clone()), ("Your full name", FieldKind::Text, Some(1), None));
    assert_eq!(field("form1.party.otherParty").label, "Other party");
    assert!(field("form1.party.address").multiline);
    let case = field("case_number");
    assert_eq!((case.max_length, case.required, case.read_only), (Some(12), true, false));
    let clerk = field("clerk_use");
    assert_eq!((clerk.read_only, clerk.value.clone()), (true, Some(json!("Received"))));
    assert_eq!((field("agree").kind, field("agree").value.clone()), (FieldKind::Checkbox, Some(json!(false))));
    let relationship = field("relationship");
    assert_eq!(
        (relationship.kind, relationship.options.clone(), relationship.value.clone()),
        (FieldKind::Radio, vec!["Parent".to_string(), "Guardian".into(), "Other".into()], None)
    );
    assert_eq!(field("county").options, ["Fairfax", "Arlington", "RIC"]);
    assert_eq!(field("hearing_day").kind, FieldKind::Choice);
    assert_eq!(field("signature").kind, FieldKind::Signature);
    assert_eq!(field("notes").page, Some(3));
    // The JSON the server sends: camelCase, kinds in lowercase, no empty option lists.
    let json = serde_json::to_value(field("case_number")).unwrap();
    assert_eq!(
        json,
        json!({"name": "case_number", "label": "Case number", "kind": "text", "maxLength": 12, "multiline": false, "readOnly": false, "required": true, "page": 1, "value": null})
    );
}

#[test]
fn a_filled_form_reads_back_in_qpdf_prints_in_poppler_and_stays_fillable() {
    let blank = court_form();
    let filled = fill_form(
        &blank,
        &values(&[
            ("form1.party.name", json!("Nguyễn Thị Lan")),
            ("form1.party.otherParty", json!("فاطمة الزهراء")),
            ("form1.party.address", json!("12 Main Street, Apt 4\nRichmond, VA 23219")),
            ("case_number", json!("JJ-2026-0142")),
            ("agree", json!(true)),
            ("notify", json!(true)),
            ("relationship", json!("Guardian")),
            ("county", json!("Richmond City")),
            ("hearing_day", json!("Tuesday")),
            ("notes", json!("Interpreter needed: Vietnamese")),
        ]),
    )
    .unwrap();
    qpdf_check(&filled);

    // The values, as a tool nobody here wrote reads them.
    let qpdf = qpdf_values(&filled);
    assert_eq!(qpdf["form1.party.name"], json!("Nguyễn Thị Lan"));
    assert_eq!(qpdf["form1.party.otherParty"], json!("فاطمة الزهراء"));
    assert_eq!(qpdf["form1.party.address"], json!("12 Main Street, Apt 4\nRichmond, VA 23219"));
    assert_eq!(qpdf["case_number"], json!("JJ-2026-0142"));
    assert_eq!(qpdf["agree"], json!("/Yes"));
    assert_eq!(qpdf["notify"], json!("/Yes"));
    assert_eq!(qpdf["relationship"], json!("/Guardian"));
    assert_eq!(qpdf["county"], json!("RIC"));
    assert_eq!(qpdf["hearing_day"], json!("Tuesday"));
    assert_eq!(qpdf["clerk_use"], json!("Received"));

    // Still a fillable form: the same fields, with the new values, none flattened.
    let again = read_form(&filled).unwrap();
    assert_eq!(again.fields.len(), 12);
    let value = |name: &str| again.fields.iter().find(|f| f.name == name).unwrap().value.clone();
    assert_eq!(value("form1.party.name"), Some(json!("Nguyễn Thị Lan")));
    assert_eq!(value("agree"), Some(json!(true)));
    assert_eq!(value("relationship"), Some(json!("Guardian")));
    assert_eq!(value("county"), Some(json!("RIC")));
    let json = qpdf_json(&filled);
    assert_eq!(json["acroform"]["fields"].as_array().unwrap().len(), 14, "one entry per widget, as before");
    // Readers are not asked to redraw the fields: poppler would redraw the names in Helvetica and
    // drop the letters it lacks. The appearances written here print them.
    assert_eq!(json["acroform"]["needappearances"], json!(false));
    let text = squeeze(&pdftotext(&filled));
    for shown in [
        "Nguyễn Thị Lan",
        "12 Main Street, Apt 4",
        "Richmond, VA 23219",
        "JJ-2026-0142",
        "Richmond City",
        "Tuesday",
        "Interpreter needed: Vietnamese",
    ] {
        assert!(text.contains(shown), "{shown:?} not in {text}");
    }
    // pdftotext gives right-to-left text in reading order.
    assert!(text.contains("فاطمة الزهراء"), "Arabic not in {text}");
    // Both names are set in one embedded subset of DejaVu Sans.
    let doc = lopdf::Document::load_mem(&filled).unwrap();
    let type0: Vec<_> = doc
        .objects
        .values()
        .filter_map(|o| o.as_dict().ok())
        .filter(|d| d.get(b"Subtype").and_then(|s| s.as_name()).ok() == Some(b"Type0"))
        .collect();
    assert_eq!(type0.len(), 1);
}

#[test]
fn a_form_filled_in_its_own_font_asks_readers_to_redraw_and_prints_either_way() {
    let filled = fill_form(
        &court_form(),
        &values(&[
            ("form1.party.name", json!("José Álvarez-Núñez")),
            ("form1.party.address", json!("12 Main Street — Apt “4”\nRichmond, VA 23219")),
            ("county", json!("Fairfax")),
            ("hearing_day", json!("Wednesday")),
        ]),
    )
    .unwrap();
    assert_eq!(qpdf_json(&filled)["acroform"]["needappearances"], json!(true));
    for (pdf, how) in [(filled.clone(), "redrawn by poppler"), (without_need_appearances(&filled), "as written")] {
        let text = squeeze(&pdftotext(&pdf));
        for shown in ["José Álvarez-Núñez", "12 Main Street — Apt “4”", "Richmond, VA 23219", "Fairfax", "Wednesday"] {
            assert!(text.contains(shown), "{how}: {shown:?} not in {text}");
        }
    }
}

#[test]
fn unchecking_and_clearing_undo_a_fill() {
    let filled = fill_form(
        &court_form(),
        &values(&[("agree", json!(true)), ("relationship", json!("Other")), ("form1.party.name", json!("Jane Doe"))]),
    )
    .unwrap();
    let cleared =
        fill_form(&filled, &values(&[("agree", json!(false)), ("relationship", Value::Null), ("form1.party.name", Value::Null)])).unwrap();
    let qpdf = qpdf_values(&cleared);
    assert_eq!(qpdf["agree"], json!("/Off"));
    assert_eq!(qpdf["relationship"], json!("/Off"));
    assert_eq!(qpdf["form1.party.name"], json!(""));
    assert!(!pdftotext(&without_need_appearances(&cleared)).contains("Jane Doe"));
}

#[test]
fn a_value_that_does_not_fit_its_field_is_refused_with_what_the_field_takes() {
    let blank = court_form();
    let refused = |name: &str, value: Value| fill_form(&blank, &values(&[(name, value)])).unwrap_err();
    let message = |name: &str, value: Value| refused(name, value).to_string();

    assert_eq!(refused("nope", json!("x")), FormError::UnknownField("nope".into()));
    assert_eq!(
        message("relationship", json!("Aunt")),
        r#"The field "relationship" cannot take that value: it takes one of: "Parent", "Guardian", "Other"."#
    );
    assert_eq!(
        message("county", json!("Henrico")),
        r#"The field "county" cannot take that value: it takes one of: "Fairfax", "Arlington", "RIC"."#
    );
    assert_eq!(
        message("case_number", json!("JJ-2026-0142-B")),
        r#"The field "case_number" cannot take that value: it takes at most 12 characters, and this has 14."#
    );
    assert!(message("form1.party.name", json!("Jane\nDoe")).ends_with("it takes one line of text; remove the line breaks."));
    assert!(message("agree", json!("yes")).ends_with("it is a check box: the value is true (checked) or false (not checked)."));
    assert!(message("signature", json!("Jane Doe")).ends_with("it is a signature line; sign it by hand after printing."));
    assert!(message("clerk_use", json!("Filed")).ends_with("it is read-only (the form fills it in itself)."));
    assert!(message("form1.party.name", json!(true)).ends_with("it takes text."));
    assert_eq!(refused("agree", json!(1)).code(), "invalid_value");

    // One bad value among good ones: nothing is written.
    let mixed = fill_form(&blank, &values(&[("form1.party.name", json!("Jane Doe")), ("relationship", json!("Aunt"))]));
    assert!(matches!(mixed, Err(FormError::Value { field, .. }) if field == "relationship"));
}

#[test]
fn numbers_fill_text_fields_and_the_options_shown_are_accepted_for_their_export_values() {
    let filled = fill_form(&court_form(), &values(&[("case_number", json!(20260142)), ("county", json!("RIC"))])).unwrap();
    let qpdf = qpdf_values(&filled);
    assert_eq!((qpdf["case_number"].clone(), qpdf["county"].clone()), (json!("20260142"), json!("RIC")));
}
