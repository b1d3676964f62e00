//! Test helpers: forms built with lopdf (every kind of field a court form has), and the tools
//! nobody here wrote that read filled forms back — poppler's `pdftotext` for the printed text and
//! `qpdf --json` for the field values.

#![allow(dead_code)]

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::Command;

use lopdf::content::{Content, Operation};
use lopdf::{Dictionary, Document, Object, ObjectId, Stream, dictionary};

/// A form under construction: Letter pages, Helvetica and ZapfDingbats in the form's resources.
pub struct FormBuilder {
    pub doc: Document,
    pub pages: Vec<ObjectId>,
    annots: Vec<Vec<Object>>,
    labels: Vec<Vec<Operation>>,
    pub fields: Vec<Object>,
    helv: ObjectId,
    zadb: ObjectId,
    pub acroform_extra: Dictionary,
    pub catalog_extra: Dictionary,
}

impl FormBuilder {
    pub fn new(pages: usize) -> FormBuilder {
        let mut doc = Document::with_version("1.7");
        let helv = doc.add_object(dictionary! {
            "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica", "Encoding" => "WinAnsiEncoding", "Name" => "Helv",
        });
        let zadb = doc.add_object(dictionary! { "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "ZapfDingbats", "Name" => "ZaDb" });
        let pages = (0..pages).map(|_| doc.new_object_id()).collect::<Vec<_>>();
        let count = pages.len();
        FormBuilder {
            doc,
            pages,
            annots: vec![Vec::new(); count],
            labels: vec![Vec::new(); count],
            fields: Vec::new(),
            helv,
            zadb,
            acroform_extra: Dictionary::new(),
            catalog_extra: Dictionary::new(),
        }
    }

    /// Printed text on a page (a field's caption).
    pub fn caption(&mut self, page: usize, x: f32, y: f32, text: &str) {
        self.labels[page - 1].extend([
            Operation::new("BT", vec![]),
            Operation::new("Tf", vec!["Helv".into(), 9.into()]),
            Operation::new("Td", vec![x.into(), y.into()]),
            Operation::new("Tj", vec![Object::string_literal(text)]),
            Operation::new("ET", vec![]),
        ]);
    }

    /// A field dictionary, at the top of the form or under `parent`.
    pub fn node(&mut self, parent: Option<ObjectId>, mut dict: Dictionary) -> ObjectId {
        let id = self.doc.new_object_id();
        match parent {
            Some(parent) => {
                dict.set("Parent", parent);
                let parent = self.doc.get_dictionary_mut(parent).unwrap();
                match parent.get_mut(b"Kids") {
                    Ok(Object::Array(kids)) => kids.push(id.into()),
                    _ => parent.set("Kids", vec![Object::from(id)]),
                }
            }
            None => self.fields.push(id.into()),
        }
        self.doc.objects.insert(id, Object::Dictionary(dict));
        id
    }

    /// Makes `id` a widget on `page` at `rect` (its appearances, if any, are set by the caller).
    pub fn place(&mut self, id: ObjectId, page: usize, rect: [f32; 4]) {
        let dict = self.doc.get_dictionary_mut(id).unwrap();
        dict.set("Type", "Annot");
        dict.set("Subtype", "Widget");
        dict.set("F", 4);
        dict.set("Rect", rect.iter().map(|&v| v.into()).collect::<Vec<Object>>());
        dict.set("P", self.pages[page - 1]);
        self.annots[page - 1].push(id.into());
    }

    /// A text field with its widget.
    pub fn text(&mut self, parent: Option<ObjectId>, page: usize, name: &str, rect: [f32; 4], extra: Dictionary) -> ObjectId {
        let mut dict = dictionary! { "FT" => "Tx", "T" => Object::string_literal(name), "DA" => Object::string_literal("/Helv 0 Tf 0 g") };
        dict.extend(&extra);
        let id = self.node(parent, dict);
        self.place(id, page, rect);
        id
    }

    /// A check box whose "on" appearance is named `on`; without appearances when `on` is `None`.
    pub fn checkbox(&mut self, page: usize, name: &str, rect: [f32; 4], on: Option<&str>) -> ObjectId {
        let id = self.node(
            None,
            dictionary! { "FT" => "Btn", "T" => Object::string_literal(name), "DA" => Object::string_literal("/ZaDb 0 Tf 0 g") },
        );
        self.place(id, page, rect);
        if let Some(on) = on {
            let ap = self.button_appearances(rect, on);
            let dict = self.doc.get_dictionary_mut(id).unwrap();
            dict.set("AP", ap);
            dict.set("AS", "Off");
            dict.set("MK", dictionary! { "CA" => Object::string_literal("4") });
        }
        id
    }

    /// A radio group: one button per option, each named by its option.
    pub fn radio(&mut self, page: usize, name: &str, options: &[(&str, [f32; 4])]) -> ObjectId {
        let group = self.node(None, dictionary! { "FT" => "Btn", "Ff" => 1 << 15 | 1 << 14, "T" => Object::string_literal(name) });
        for (option, rect) in options {
            let ap = self.button_appearances(*rect, option);
            let kid = self.node(Some(group), dictionary! { "AP" => ap, "AS" => "Off" });
            self.place(kid, page, *rect);
        }
        group
    }

    /// A drop-down (`combo`) or list of options; an option is `export` or `export|shown`.
    pub fn choice(&mut self, page: usize, name: &str, rect: [f32; 4], options: &[&str], combo: bool) -> ObjectId {
        let opt: Vec<Object> = options
            .iter()
            .map(|o| match o.split_once('|') {
                Some((export, shown)) => Object::Array(vec![Object::string_literal(export), Object::string_literal(shown)]),
                None => Object::string_literal(*o),
            })
            .collect();
        let flags = if combo { 1 << 17 } else { 0 };
        let id = self.node(
            None,
            dictionary! { "FT" => "Ch", "Ff" => flags, "T" => Object::string_literal(name), "Opt" => opt, "DA" => Object::string_literal("/Helv 0 Tf 0 g") },
        );
        self.place(id, page, rect);
        id
    }

    /// A signature field (unsigned).
    pub fn signature(&mut self, page: usize, name: &str, rect: [f32; 4]) -> ObjectId {
        let id = self.node(None, dictionary! { "FT" => "Sig", "T" => Object::string_literal(name) });
        self.place(id, page, rect);
        id
    }

    fn button_appearances(&mut self, rect: [f32; 4], on: &str) -> Dictionary {
        let (w, h) = (rect[2] - rect[0], rect[3] - rect[1]);
        let bbox = vec![0.into(), 0.into(), w.into(), h.into()];
        let on_stream = self.doc.add_object(Stream::new(
            dictionary! { "Type" => "XObject", "Subtype" => "Form", "BBox" => bbox.clone() },
            format!("0 g 2 2 {} {} re f", w - 4.0, h - 4.0).into_bytes(),
        ));
        let off_stream = self.doc.add_object(Stream::new(
            dictionary! { "Type" => "XObject", "Subtype" => "Form", "BBox" => bbox },
            format!("0 G 0.5 0.5 {} {} re S", w - 1.0, h - 1.0).into_bytes(),
        ));
        dictionary! { "N" => dictionary! { on.as_bytes().to_vec() => on_stream, "Off" => off_stream } }
    }

    pub fn finish(mut self) -> Vec<u8> {
        let pages_id = self.doc.new_object_id();
        let font_resources = dictionary! { "Helv" => self.helv, "ZaDb" => self.zadb };
        for (index, &page) in self.pages.iter().enumerate() {
            let mut ops = std::mem::take(&mut self.labels[index]);
            ops.extend([
                Operation::new("BT", vec![]),
                Operation::new("Tf", vec!["Helv".into(), 8.into()]),
                Operation::new("Td", vec![500.into(), 30.into()]),
                Operation::new("Tj", vec![Object::string_literal(format!("Page {}", index + 1))]),
                Operation::new("ET", vec![]),
            ]);
            let content = self.doc.add_object(Stream::new(Dictionary::new(), Content { operations: ops }.encode().unwrap()));
            self.doc.objects.insert(
                page,
                Object::Dictionary(dictionary! {
                    "Type" => "Page",
                    "Parent" => pages_id,
                    "MediaBox" => vec![0.into(), 0.into(), 612.into(), 792.into()],
                    "Contents" => content,
                    "Resources" => dictionary! { "Font" => font_resources.clone() },
                    "Annots" => std::mem::take(&mut self.annots[index]),
                }),
            );
        }
        let kids: Vec<Object> = self.pages.iter().map(|&p| p.into()).collect();
        let count = kids.len() as i64;
        self.doc.objects.insert(pages_id, Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => kids, "Count" => count }));
        let mut acroform = dictionary! {
            "Fields" => std::mem::take(&mut self.fields),
            "DA" => Object::string_literal("/Helv 0 Tf 0 g"),
            "DR" => dictionary! { "Font" => font_resources },
        };
        acroform.extend(&self.acroform_extra);
        let acroform = self.doc.add_object(acroform);
        let mut catalog = dictionary! { "Type" => "Catalog", "Pages" => pages_id, "AcroForm" => acroform };
        catalog.extend(&self.catalog_extra);
        let catalog = self.doc.add_object(catalog);
        self.doc.trailer.set("Root", catalog);
        let mut bytes = Vec::new();
        self.doc.save_to(&mut bytes).unwrap();
        bytes
    }
}

/// The form the tests fill: every kind of field, nested names, three pages (fields on 1 and 3).
pub fn court_form() -> Vec<u8> {
    let mut form = FormBuilder::new(3);
    form.caption(1, 72.0, 740.0, "PETITION FOR CUSTODY (test form)");
    let form1 = form.node(None, dictionary! { "T" => Object::string_literal("form1") });
    let party = form.node(Some(form1), dictionary! { "T" => Object::string_literal("party") });
    form.caption(1, 72.0, 712.0, "Name");
    form.text(Some(party), 1, "name", [150.0, 700.0, 450.0, 720.0], dictionary! { "TU" => Object::string_literal("Your full name") });
    form.caption(1, 72.0, 682.0, "Other party");
    form.text(Some(party), 1, "otherParty", [150.0, 670.0, 450.0, 690.0], Dictionary::new());
    form.caption(1, 72.0, 652.0, "Address");
    form.text(
        Some(party),
        1,
        "address",
        [150.0, 600.0, 450.0, 660.0],
        dictionary! { "Ff" => 1 << 12, "DA" => Object::string_literal("/Helv 10 Tf 0 0 0.5 rg"), "MK" => dictionary! { "BC" => vec![0.into()] } },
    );
    form.caption(1, 72.0, 572.0, "Case number");
    form.text(None, 1, "case_number", [150.0, 560.0, 300.0, 580.0], dictionary! { "MaxLen" => 12, "Ff" => 1 << 1 });
    form.caption(1, 72.0, 542.0, "Clerk use");
    form.text(None, 1, "clerk_use", [150.0, 530.0, 300.0, 550.0], dictionary! { "Ff" => 1, "V" => Object::string_literal("Received") });
    form.caption(1, 72.0, 512.0, "I agree");
    form.checkbox(1, "agree", [150.0, 500.0, 164.0, 514.0], Some("Yes"));
    form.caption(1, 200.0, 512.0, "Notify me");
    form.checkbox(1, "notify", [260.0, 500.0, 274.0, 514.0], None);
    form.caption(1, 72.0, 482.0, "Relationship: parent / guardian / other");
    form.radio(
        1,
        "relationship",
        &[("Parent", [150.0, 460.0, 162.0, 472.0]), ("Guardian", [200.0, 460.0, 212.0, 472.0]), ("Other", [250.0, 460.0, 262.0, 472.0])],
    );
    form.caption(1, 72.0, 432.0, "County");
    form.choice(1, "county", [150.0, 420.0, 350.0, 440.0], &["Fairfax", "Arlington", "RIC|Richmond City"], true);
    form.caption(1, 72.0, 402.0, "Hearing day");
    form.choice(1, "hearing_day", [150.0, 340.0, 350.0, 410.0], &["Monday", "Tuesday", "Wednesday"], false);
    form.caption(1, 72.0, 302.0, "Signature");
    form.signature(1, "signature", [150.0, 290.0, 350.0, 315.0]);
    form.caption(3, 72.0, 712.0, "Notes (page 3)");
    form.text(None, 3, "notes", [150.0, 700.0, 450.0, 720.0], Dictionary::new());
    form.finish()
}

/// A PDF with a page and no form at all.
pub fn plain_pdf() -> Vec<u8> {
    let mut form = FormBuilder::new(1);
    form.caption(1, 72.0, 700.0, "Print this page and fill it by hand.");
    let mut bytes = form.finish();
    // Drop the (empty) AcroForm: a plain document.
    let mut doc = Document::load_mem(&bytes).unwrap();
    doc.catalog_mut().unwrap().remove(b"AcroForm");
    bytes.clear();
    doc.save_to(&mut bytes).unwrap();
    bytes
}

pub fn fixture(name: &str) -> Vec<u8> {
    std::fs::read(fixtures().join(name)).unwrap_or_else(|e| panic!("{name}: {e}"))
}

pub fn fixtures() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures")
}

/// The text poppler's `pdftotext` prints for `pdf` (what a printed copy shows).
pub fn pdftotext(pdf: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("form.pdf");
    std::fs::write(&path, pdf).unwrap();
    let out =
        Command::new("pdftotext").arg("-enc").arg("UTF-8").arg(&path).arg("-").output().expect("pdftotext (poppler-utils) is installed");
    assert!(out.status.success(), "pdftotext: {}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// Each field's value as `qpdf --json` reports it, by full name: text as written (`u:` dropped),
/// a button's state as its name (`/Yes`, `/Off`).
pub fn qpdf_values(pdf: &[u8]) -> BTreeMap<String, serde_json::Value> {
    let json = qpdf_json(pdf);
    let mut values = BTreeMap::new();
    for field in json["acroform"]["fields"].as_array().unwrap() {
        let name = field["fullname"].as_str().unwrap().to_string();
        let value = match &field["value"] {
            serde_json::Value::String(s) => serde_json::Value::String(s.strip_prefix("u:").unwrap_or(s).to_string()),
            other => other.clone(),
        };
        values.entry(name).or_insert(value);
    }
    values
}

pub fn qpdf_json(pdf: &[u8]) -> serde_json::Value {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("form.pdf");
    std::fs::write(&path, pdf).unwrap();
    let out = Command::new("qpdf").arg("--json").arg(&path).output().expect("qpdf is installed (scripts/setup-debian.sh)");
    // Exit code 3: warnings (a damaged part qpdf repaired); the JSON is still written.
    assert!(matches!(out.status.code(), Some(0 | 3)), "qpdf: {}", String::from_utf8_lossy(&out.stderr));
    serde_json::from_slice(&out.stdout).unwrap()
}

/// `qpdf --check`: the file's structure is sound.
pub fn qpdf_check(pdf: &[u8]) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("form.pdf");
    std::fs::write(&path, pdf).unwrap();
    let out = Command::new("qpdf").arg("--check").arg(&path).output().unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "qpdf --check: {}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// `pdf` encrypted by qpdf (AES-256) with user password `user` (may be empty).
pub fn encrypted(pdf: &[u8], user: &str) -> Vec<u8> {
    let dir = tempfile::tempdir().unwrap();
    let (input, output) = (dir.path().join("in.pdf"), dir.path().join("out.pdf"));
    std::fs::write(&input, pdf).unwrap();
    let status = Command::new("qpdf").args(["--encrypt", user, "owner", "256", "--"]).arg(&input).arg(&output).status().unwrap();
    assert!(status.success());
    std::fs::read(output).unwrap()
}

/// The filled form as a reader that ignores `/NeedAppearances` sees it: only the appearance
/// streams this crate wrote show the values.
pub fn without_need_appearances(pdf: &[u8]) -> Vec<u8> {
    let mut doc = Document::load_mem(pdf).unwrap();
    let acroform = doc.catalog().unwrap().get(b"AcroForm").unwrap().as_reference().ok();
    let dict = match acroform {
        Some(id) => doc.get_dictionary_mut(id).unwrap(),
        None => doc.catalog_mut().unwrap().get_mut(b"AcroForm").unwrap().as_dict_mut().unwrap(),
    };
    dict.remove(b"NeedAppearances");
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).unwrap();
    bytes
}

/// Text with its runs of white space made single spaces (pdftotext's layout varies).
pub fn squeeze(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
