//! Real fillable forms nobody here wrote (tests/fixtures/README.md says where each came from):
//! the IRS Form W-9 (a hybrid XFA and AcroForm form with comb boxes) and the IRS Form 1040 for
//! 2010 (with Adobe Reader usage rights). Each is read, filled, and read back with qpdf and poppler.

mod common;

use std::collections::BTreeMap;

use common::*;
use lopdf::Document;
use proseva_forms::{FieldKind, fill_form, read_form};
use serde_json::{Value, json};

const W9: &str = "topmostSubform[0].Page1[0].";
const F1040: &str = "topmostSubform[0].Page1[0].";

fn at(prefix: &str, pairs: &[(&str, Value)]) -> BTreeMap<String, Value> {
    pairs.iter().map(|(k, v)| (format!("{prefix}{k}"), v.clone())).collect()
}

#[test]
fn the_w9s_fields_are_read_as_the_irs_made_them() {
    let form = read_form(&fixture("irs-fw9-2018.pdf")).unwrap();
    assert_eq!((form.pages, form.fields.len()), (6, 22));
    let field = |name: &str| form.fields.iter().find(|f| f.name == format!("{W9}{name}")).unwrap();
    assert_eq!((field("f1_1[0]").kind, field("f1_1[0]").label.as_str(), field("f1_1[0]").page), (FieldKind::Text, "F1 1", Some(1)));
    assert_eq!(field("FederalClassification[0].c1_1[0]").kind, FieldKind::Checkbox);
    assert_eq!(field("FederalClassification[0].c1_1[0]").value, Some(json!(false)));
    // The social security number's three comb boxes.
    let ssn: Vec<Option<usize>> = ["SSN[0].f1_11[0]", "SSN[0].f1_12[0]", "SSN[0].f1_13[0]"].iter().map(|n| field(n).max_length).collect();
    assert_eq!(ssn, [Some(3), Some(2), Some(4)]);
    assert!(form.fields.iter().all(|f| f.value.is_none() || f.value == Some(json!(false))), "a blank form");
}

#[test]
fn a_filled_w9_reads_back_prints_and_drops_its_xfa_and_usage_rights() {
    let blank = fixture("irs-fw9-2018.pdf");
    let values = at(
        W9,
        &[
            ("f1_1[0]", json!("Nguyễn Thị Lan")),
            ("f1_2[0]", json!("Lan's Alterations LLC")),
            ("FederalClassification[0].c1_1[0]", json!(true)),
            ("Address[0].f1_7[0]", json!("12 Main Street, Apt 4")),
            ("Address[0].f1_8[0]", json!("Richmond, VA 23219")),
            ("SSN[0].f1_11[0]", json!("123")),
            ("SSN[0].f1_12[0]", json!("45")),
            ("SSN[0].f1_13[0]", json!("6789")),
        ],
    );
    let filled = fill_form(&blank, &values).unwrap();
    qpdf_check(&filled);
    let qpdf = qpdf_values(&filled);
    assert_eq!(qpdf[&format!("{W9}f1_1[0]")], json!("Nguyễn Thị Lan"));
    assert_eq!(qpdf[&format!("{W9}f1_2[0]")], json!("Lan's Alterations LLC"));
    assert_eq!(qpdf[&format!("{W9}FederalClassification[0].c1_1[0]")], json!("/1"));
    assert_eq!(qpdf[&format!("{W9}SSN[0].f1_13[0]")], json!("6789"));

    let text = squeeze(&pdftotext(&filled));
    for shown in ["Nguyễn Thị Lan", "Lan's Alterations LLC", "12 Main Street, Apt 4", "Richmond, VA 23219"] {
        assert!(text.contains(shown), "{shown:?} not printed");
    }
    // Comb boxes print one digit a box.
    assert!(text.contains("1 2 3") && text.contains("6 7 8 9"), "{text}");

    // Readers show the AcroForm fields (the XFA copy of the form is gone) and Adobe Reader has no
    // usage rights left to complain about; the form is still fillable.
    let doc = Document::load_mem(&filled).unwrap();
    let catalog = doc.catalog().unwrap();
    assert!(!catalog.has(b"Perms"));
    let acroform = doc.get_dictionary(catalog.get(b"AcroForm").unwrap().as_reference().unwrap()).unwrap();
    assert!(!acroform.has(b"XFA") && !acroform.has(b"SigFlags"));
    let again = read_form(&filled).unwrap();
    assert_eq!(again.fields.len(), 22);
    assert_eq!(again.fields[0].value, Some(json!("Nguyễn Thị Lan")));
}

#[test]
fn the_w9_refuses_a_social_security_number_part_too_long_for_its_boxes() {
    let error = fill_form(&fixture("irs-fw9-2018.pdf"), &at(W9, &[("SSN[0].f1_11[0]", json!("1234"))])).unwrap_err();
    assert_eq!(
        error.to_string(),
        format!("The field \"{W9}SSN[0].f1_11[0]\" cannot take that value: it takes at most 3 characters, and this has 4.")
    );
}

#[test]
fn the_1040s_filing_status_boxes_are_one_choice() {
    let form = read_form(&fixture("irs-f1040-2010.pdf")).unwrap();
    assert_eq!((form.pages, form.fields.len()), (2, 236));
    let field = |name: &str| form.fields.iter().find(|f| f.name == format!("{F1040}{name}")).unwrap();
    assert_eq!(field("p1-t4[0]").kind, FieldKind::Text);
    assert_eq!(field("p1-t11[0]").max_length, Some(9));
    // Five check boxes named c1_04, each with its own "on" state: the five filing statuses.
    let status = field("c1_04");
    assert_eq!(
        (status.kind, status.options.clone(), status.value.clone()),
        (FieldKind::Radio, ["S", "MJ", "MS", "HoH", "QW"].map(String::from).to_vec(), None)
    );
    assert_eq!(field("c1_01_0_[0]").kind, FieldKind::Checkbox);
}

#[test]
fn a_filled_1040_reads_back_and_prints() {
    let values = at(
        F1040,
        &[
            ("p1-t4[0]", json!("Jane Q.")),
            ("p1-t5[0]", json!("Doe")),
            ("p1-t11[0]", json!("123456789")),
            ("p1-t8[0]", json!("12 Main Street")),
            ("c1_04", json!("HoH")),
            ("c1_01_0_[0]", json!(true)),
        ],
    );
    let filled = fill_form(&fixture("irs-f1040-2010.pdf"), &values).unwrap();
    qpdf_check(&filled);
    let qpdf = qpdf_values(&filled);
    assert_eq!(qpdf[&format!("{F1040}p1-t5[0]")], json!("Doe"));
    assert_eq!(qpdf[&format!("{F1040}p1-t11[0]")], json!("123456789"));
    assert_eq!(qpdf[&format!("{F1040}c1_04")], json!("/HoH"));
    assert_eq!(qpdf[&format!("{F1040}c1_01_0_[0]")], json!("/Yes"));
    let again = read_form(&filled).unwrap();
    let value = |name: &str| again.fields.iter().find(|f| f.name == format!("{F1040}{name}")).unwrap().value.clone();
    assert_eq!((value("c1_04"), value("c1_01_0_[0]")), (Some(json!("HoH")), Some(json!(true))));

    for pdf in [filled.clone(), without_need_appearances(&filled)] {
        let text = squeeze(&pdftotext(&pdf));
        assert!(text.contains("Doe") && text.contains("12 Main Street"), "{text}");
    }
    let json = qpdf_json(&filled);
    let states: Vec<&str> = json["acroform"]["fields"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|f| f["fullname"] == format!("{F1040}c1_04"))
        .map(|f| f["annotation"]["appearancestate"].as_str().unwrap())
        .collect();
    assert_eq!(states, ["/Off", "/Off", "/Off", "/HoH", "/Off"]);
    assert!(
        fill_form(&fixture("irs-f1040-2010.pdf"), &at(F1040, &[("c1_04", json!("Single"))]))
            .unwrap_err()
            .to_string()
            .contains(r#""S", "MJ", "MS", "HoH", "QW""#)
    );
}
