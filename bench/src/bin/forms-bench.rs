//! `forms-bench`: how long reading a fillable court form's fields and saving a filled copy take
//! (proseva-forms, behind `POST /api/forms/fields` and `POST /api/forms/{formId}/fill`).
//!
//! ```text
//! cargo build --release -p proseva-bench --bin forms-bench
//! target/release/forms-bench [RUNS]
//! ```
//!
//! Builds a 10-page form with 30 fields a page (text, multiline text, check boxes, radio groups,
//! drop-downs and lists), then times over RUNS runs (50 by default) `read_form` and `fill_form`
//! of every field — once with English values (the form's own Helvetica) and once with Vietnamese
//! and Arabic names (DejaVu Sans embedded) — and the same for each real form in
//! `crates/forms/tests/fixtures`. Goal: reading a 10-page form's fields in at most 500 ms.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use lopdf::{Dictionary, Document, Object, Stream, dictionary};
use proseva_forms::{FieldKind, Form, fill_form, read_form};
use serde_json::{Value, json};

const PAGES: usize = 10;
const FIELDS_PER_PAGE: usize = 30;
/// The most a 10-page form's fields may take to read.
const READ_GOAL: Duration = Duration::from_millis(500);

fn main() -> ExitCode {
    match run() {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("forms-bench: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run() -> Result<bool, String> {
    let runs: usize = match std::env::args().nth(1) {
        Some(n) => n.parse().map_err(|_| format!("RUNS must be a number, not {n}"))?,
        None => 50,
    };
    println!("{runs} runs each; median / max\n");
    let made = made_form();
    let read = measure("made form", &made, runs)?;
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../crates/forms/tests/fixtures");
    for name in ["irs-fw9-2018.pdf", "irs-f1040-2010.pdf"] {
        let pdf = std::fs::read(fixtures.join(name)).map_err(|e| format!("{name}: {e}"))?;
        measure(name, &pdf, runs)?;
    }
    let met = read <= READ_GOAL;
    println!(
        "\ngoal: read a {PAGES}-page form's fields in ≤ {} ms: {} (median {})",
        READ_GOAL.as_millis(),
        if met { "met" } else { "NOT MET" },
        ms(read)
    );
    Ok(met)
}

/// Prints the timings for one form; returns the median read time.
fn measure(name: &str, pdf: &[u8], runs: usize) -> Result<Duration, String> {
    let form = read_form(pdf).map_err(|e| format!("{name}: {e}"))?;
    let (reading, _) = time(runs, || read_form(pdf).map(|_| ()))?;
    println!("{name}: {} KB, {} pages, {} fields", pdf.len() / 1024, form.pages, form.fields.len());
    println!("  {:<50} {}", "read_form", reading.figures());
    for (label, names) in [("English values", false), ("Vietnamese and Arabic names", true)] {
        let values = values(&form, names);
        let (filling, size) = time(runs, || fill_form(pdf, &values).map(|filled| filled.len()))?;
        let what = format!("fill_form, {} fields, {label}", values.len());
        println!("  {what:<50} {}  ({} KB out)", filling.figures(), size / 1024);
    }
    Ok(reading.median())
}

/// A value for every field a person fills: text cut to its limit, boxes checked, first options.
fn values(form: &Form, unicode: bool) -> BTreeMap<String, Value> {
    let names = if unicode { ["Nguyễn Thị Lan", "فاطمة الزهراء"] } else { ["Jane Q. Doe", "12 Main Street"] };
    let mut values = BTreeMap::new();
    for (i, field) in form.fields.iter().enumerate().filter(|(_, f)| !f.read_only) {
        let value = match field.kind {
            FieldKind::Text => {
                let text: String = names[i % 2].chars().take(field.max_length.unwrap_or(usize::MAX)).collect();
                json!(text)
            }
            FieldKind::Checkbox => json!(true),
            FieldKind::Radio | FieldKind::Choice => match field.options.first() {
                Some(option) => json!(option),
                None => continue,
            },
            FieldKind::Signature => continue,
        };
        values.insert(field.name.clone(), value);
    }
    values
}

struct Timings(Vec<Duration>);

impl Timings {
    fn median(&self) -> Duration {
        self.0[self.0.len() / 2]
    }

    fn figures(&self) -> String {
        format!("{:>9} / {:>9}", ms(self.median()), ms(*self.0.last().unwrap_or(&Duration::ZERO)))
    }
}

fn time<T>(runs: usize, mut f: impl FnMut() -> Result<T, proseva_forms::FormError>) -> Result<(Timings, T), String> {
    let mut times = Vec::with_capacity(runs);
    let mut last = None;
    for _ in 0..runs.max(1) {
        let started = Instant::now();
        last = Some(f().map_err(|e| e.to_string())?);
        times.push(started.elapsed());
    }
    times.sort();
    Ok((Timings(times), last.ok_or("no runs")?))
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// A 10-page form, 30 fields a page: per row of five, a text field, a multiline text field, a
/// check box, a 3-button radio group and (alternately) a drop-down or a list.
fn made_form() -> Vec<u8> {
    let mut doc = Document::with_version("1.7");
    let helv =
        doc.add_object(dictionary! { "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica", "Encoding" => "WinAnsiEncoding" });
    let pages_id = doc.new_object_id();
    let mut kids = Vec::new();
    let mut fields: Vec<Object> = Vec::new();
    for page in 0..PAGES {
        let page_id = doc.new_object_id();
        let mut annots: Vec<Object> = Vec::new();
        for i in 0..FIELDS_PER_PAGE {
            let (row, column) = (i / 5, i % 5);
            let (x, y) = (40.0 + column as f32 * 110.0, 740.0 - row as f32 * 110.0);
            let name = Object::string_literal(format!("p{page}_{i}"));
            let rect = |h: f32| vec![x.into(), (y - h).into(), (x + 100.0).into(), y.into()];
            let widget = |extra: Dictionary| {
                let mut d = dictionary! { "Type" => "Annot", "Subtype" => "Widget", "F" => 4, "P" => page_id };
                d.extend(&extra);
                d
            };
            let id = match column {
                0 => doc.add_object(widget(dictionary! { "FT" => "Tx", "T" => name, "Rect" => rect(20.0), "DA" => Object::string_literal("/Helv 0 Tf 0 g"), "MaxLen" => 40 })),
                1 => doc.add_object(widget(dictionary! { "FT" => "Tx", "Ff" => 1 << 12, "T" => name, "Rect" => rect(60.0), "DA" => Object::string_literal("/Helv 10 Tf 0 g") })),
                2 => {
                    let on = doc.add_object(Stream::new(dictionary! { "Type" => "XObject", "Subtype" => "Form", "BBox" => vec![0.into(), 0.into(), 100.into(), 14.into()] }, b"0 g 2 2 10 10 re f".to_vec()));
                    doc.add_object(widget(dictionary! { "FT" => "Btn", "T" => name, "Rect" => rect(14.0), "AS" => "Off", "AP" => dictionary! { "N" => dictionary! { "Yes" => on } } }))
                }
                3 => {
                    let group = doc.new_object_id();
                    let mut buttons = Vec::new();
                    for (b, option) in ["Yes", "No", "Maybe"].iter().enumerate() {
                        let on = doc.add_object(Stream::new(dictionary! { "Type" => "XObject", "Subtype" => "Form", "BBox" => vec![0.into(), 0.into(), 12.into(), 12.into()] }, b"0 g 3 3 6 6 re f".to_vec()));
                        let bx = x + b as f32 * 30.0;
                        let button = doc.add_object(widget(dictionary! {
                            "Parent" => group, "Rect" => vec![bx.into(), (y - 12.0).into(), (bx + 12.0).into(), y.into()], "AS" => "Off",
                            "AP" => dictionary! { "N" => dictionary! { option.as_bytes().to_vec() => on } },
                        }));
                        annots.push(button.into());
                        buttons.push(Object::from(button));
                    }
                    doc.objects.insert(group, Object::Dictionary(dictionary! { "FT" => "Btn", "Ff" => 1 << 15, "T" => name, "Kids" => buttons }));
                    fields.push(group.into());
                    continue;
                }
                _ => {
                    let options: Vec<Object> = ["Fairfax", "Arlington", "Richmond City", "Norfolk"].iter().map(|o| Object::string_literal(*o)).collect();
                    let flags = if row % 2 == 0 { 1 << 17 } else { 0 };
                    doc.add_object(widget(dictionary! { "FT" => "Ch", "Ff" => flags, "T" => name, "Opt" => options, "Rect" => rect(60.0), "DA" => Object::string_literal("/Helv 0 Tf 0 g") }))
                }
            };
            annots.push(id.into());
            fields.push(id.into());
        }
        let content =
            doc.add_object(Stream::new(Dictionary::new(), format!("BT /Helv 9 Tf 40 770 Td (Page {}) Tj ET", page + 1).into_bytes()));
        doc.objects.insert(
            page_id,
            Object::Dictionary(dictionary! {
                "Type" => "Page", "Parent" => pages_id, "MediaBox" => vec![0.into(), 0.into(), 612.into(), 792.into()],
                "Contents" => content, "Annots" => annots, "Resources" => dictionary! { "Font" => dictionary! { "Helv" => helv } },
            }),
        );
        kids.push(Object::from(page_id));
    }
    doc.objects.insert(pages_id, Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => kids, "Count" => PAGES as i64 }));
    let acroform = doc.add_object(dictionary! { "Fields" => fields, "DA" => Object::string_literal("/Helv 0 Tf 0 g"), "DR" => dictionary! { "Font" => dictionary! { "Helv" => helv } } });
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages_id, "AcroForm" => acroform });
    doc.trailer.set("Root", catalog);
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).expect("an in-memory PDF saves");
    bytes
}
