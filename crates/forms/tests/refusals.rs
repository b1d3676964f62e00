//! Files that cannot be filled are refused with what they are and what to do, in the order a
//! person should hear it: not a PDF, encrypted, XFA only, signed or locked, no fields, damaged.
//! Hostile structures (cycles, deep nesting, too many fields) end in an answer, never a hang.

mod common;

use std::collections::BTreeMap;

use common::*;
use lopdf::{Document, Object, dictionary};
use proseva_forms::{FormError, MAX_BYTES, MAX_FIELDS, fill_form, read_form};
use serde_json::json;

fn refusal(pdf: &[u8]) -> FormError {
    let read = read_form(pdf).unwrap_err();
    let fill = fill_form(pdf, &BTreeMap::from([("x".to_string(), json!("y"))])).unwrap_err();
    assert_eq!(read, fill, "reading and filling refuse alike");
    read
}

#[test]
fn a_file_that_is_not_a_pdf_is_named_for_what_it_is() {
    let cases = [
        (
            "picture-of-a-form.png",
            "This file is a PNG image (a picture of the form, not the form itself), not a PDF. Download the form's PDF from the court's site and pick that file.",
        ),
        (
            "word-version-of-a-form.docx",
            "This file is a Word document (.docx), not a PDF. Download the form's PDF from the court's site and pick that file.",
        ),
        (
            "court-forms-web-page.html",
            "This file is a web page (HTML) saved from the browser, not a PDF. Download the form's PDF from the court's site and pick that file.",
        ),
    ];
    for (file, message) in cases {
        let error = refusal(&fixture(file));
        assert_eq!((error.code(), error.to_string().as_str()), ("not_pdf", message), "{file}");
    }
    assert_eq!(refusal(b""), FormError::NotPdf("an empty file (there is nothing in it)".into()));
    assert_eq!(refusal(b"Name: Jane Doe\nCase: JJ-2026-0142\n"), FormError::NotPdf("a plain text file".into()));
}

#[test]
fn an_encrypted_form_is_refused_even_when_it_opens_without_a_password() {
    // A real one: the IRS W-4 as pdf.js's tests keep it (RC4, no user password, editing not allowed).
    assert_eq!(refusal(&fixture("irs-fw4-2012-encrypted.pdf")), FormError::Encrypted);
    let form = court_form();
    assert_eq!(refusal(&encrypted(&form, "")), FormError::Encrypted);
    assert_eq!(refusal(&encrypted(&form, "secret")), FormError::Encrypted);
    // Encryption is named before the XFA that is inside it.
    assert_eq!(refusal(&encrypted(&fixture("pdfjs-xfa-only.pdf"), "")), FormError::Encrypted);
    assert!(FormError::Encrypted.to_string().contains("even if it opens without asking for one"));
}

#[test]
fn an_xfa_only_form_is_refused() {
    let error = refusal(&fixture("pdfjs-xfa-only.pdf"));
    assert_eq!(error, FormError::XfaOnly);
    assert!(error.to_string().starts_with("This PDF is an XFA form (a kind only Adobe Reader fills); it has no fields this app can fill."));
    // A form whose catalog says it must be rendered from its XFA, whatever fields it lists.
    let mut builder = FormBuilder::new(1);
    builder.text(None, 1, "name", [100.0, 700.0, 300.0, 720.0], lopdf::Dictionary::new());
    builder.catalog_extra.set("NeedsRendering", true);
    assert_eq!(refusal(&builder.finish()), FormError::XfaOnly);
}

#[test]
fn a_signed_or_certified_form_is_refused_but_an_unsigned_signature_line_is_not() {
    assert_eq!(refusal(&fixture("pdfjs-signed.pdf")), FormError::Signed);
    assert_eq!(
        FormError::Signed.to_string(),
        "This PDF is signed or locked against changes; filling it would break the signature. Ask the clerk for a blank copy of the form."
    );

    let signed = |setup: &dyn Fn(&mut FormBuilder)| {
        let mut builder = FormBuilder::new(1);
        builder.text(None, 1, "name", [100.0, 700.0, 300.0, 720.0], lopdf::Dictionary::new());
        setup(&mut builder);
        builder.finish()
    };
    let with_value = signed(&|b| {
        let sig = b.signature(1, "signature", [100.0, 600.0, 300.0, 630.0]);
        let value =
            b.doc.add_object(dictionary! { "Type" => "Sig", "Filter" => "Adobe.PPKLite", "Contents" => Object::string_literal("0") });
        b.doc.get_dictionary_mut(sig).unwrap().set("V", value);
    });
    assert_eq!(refusal(&with_value), FormError::Signed);
    let certified = signed(&|b| b.catalog_extra.set("Perms", dictionary! { "DocMDP" => dictionary! { "Type" => "Sig" } }));
    assert_eq!(refusal(&certified), FormError::Signed);
    let append_only = signed(&|b| b.acroform_extra.set("SigFlags", 3));
    assert_eq!(refusal(&append_only), FormError::Signed);

    // Usage rights alone (as on IRS forms) are not a lock: filling ends them, as any change does.
    let usage_rights = signed(&|b| {
        b.acroform_extra.set("SigFlags", 2);
        b.catalog_extra.set("Perms", dictionary! { "UR3" => dictionary! { "Type" => "Sig" } });
    });
    let filled = fill_form(&usage_rights, &BTreeMap::from([("name".to_string(), json!("Jane Doe"))])).unwrap();
    assert!(!Document::load_mem(&filled).unwrap().catalog().unwrap().has(b"Perms"));
    // An unsigned signature line is read (and signed by hand later).
    let unsigned = signed(&|b| {
        b.signature(1, "signature", [100.0, 600.0, 300.0, 630.0]);
    });
    assert_eq!(read_form(&unsigned).unwrap().fields.len(), 2);
}

#[test]
fn a_pdf_without_fields_is_meant_to_be_filled_by_hand() {
    let error = refusal(&plain_pdf());
    assert_eq!(
        (error.code(), error.to_string().as_str()),
        ("no_fields", "This PDF has no fields to fill — it is meant to be printed and filled by hand.")
    );
    // Push buttons ("Print", "Reset") are not fields anyone fills.
    let mut builder = FormBuilder::new(1);
    let button = builder.node(None, dictionary! { "FT" => "Btn", "Ff" => 1 << 16, "T" => Object::string_literal("Print") });
    builder.place(button, 1, [100.0, 100.0, 200.0, 130.0]);
    assert_eq!(refusal(&builder.finish()), FormError::NoFields);
}

#[test]
fn a_damaged_or_oversized_pdf_says_so() {
    let form = fixture("irs-fw9-2018.pdf");
    let error = refusal(&form[..form.len() / 3]);
    assert_eq!(error.code(), "damaged", "{error}");
    assert!(error.to_string().starts_with("This PDF is damaged or cannot be read: "), "{error}");
    assert_eq!(refusal(b"%PDF-1.7\nnothing else").code(), "damaged");

    let mut huge = b"%PDF-1.7\n".to_vec();
    huge.resize(MAX_BYTES + 1, b' ');
    let error = refusal(&huge);
    assert_eq!(
        error.to_string(),
        "This PDF is damaged or cannot be read: it is larger than 50 MB, the most this app reads (court forms are far smaller). Download the form again from the court's site and pick the new copy."
    );
}

#[test]
fn a_kids_cycle_and_deep_nesting_end_instead_of_looping() {
    let mut builder = FormBuilder::new(1);
    let a = builder.node(None, dictionary! { "T" => Object::string_literal("a") });
    let b = builder.node(Some(a), dictionary! { "T" => Object::string_literal("b") });
    builder.text(Some(b), 1, "name", [100.0, 700.0, 300.0, 720.0], lopdf::Dictionary::new());
    // b lists a as its kid too: a → b → a → …
    builder.doc.get_dictionary_mut(b).unwrap().get_mut(b"Kids").unwrap().as_array_mut().unwrap().push(a.into());
    let mut parent = None;
    for depth in 0..200 {
        parent = Some(builder.node(parent, dictionary! { "T" => Object::string_literal(format!("n{depth}")) }));
    }
    builder.text(parent, 1, "deep", [100.0, 600.0, 300.0, 620.0], lopdf::Dictionary::new());
    let form = read_form(&builder.finish()).unwrap();
    let names: Vec<&str> = form.fields.iter().map(|f| f.name.as_str()).collect();
    assert_eq!(names, ["a.b.name"], "the 200-deep field is past the depth limit");
}

#[test]
fn a_form_with_more_fields_than_any_court_form_is_refused() {
    let mut builder = FormBuilder::new(1);
    for i in 0..=MAX_FIELDS {
        builder.node(None, dictionary! { "FT" => "Tx", "T" => Object::string_literal(format!("f{i}")) });
    }
    let error = refusal(&builder.finish());
    assert_eq!(error, FormError::Damaged(format!("it has more than {MAX_FIELDS} fields, far more than a court form has")));
}
