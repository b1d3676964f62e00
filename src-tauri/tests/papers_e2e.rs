//! Papers the person can file (issue 40), in the real window: an eviction in the General District
//! Court of the City of Richmond — "Nguyễn Thị Lan" (the person) against "Oak Ridge Apartments,
//! LLC", case GV26-001234, a hearing ahead — opens its "Papers to file" page; a motion to continue
//! is built from the case and two answers (the hearing date proposed from the case's hearing), is
//! shown as a page (caption, heading, signature), is checked before filing, and is saved as PDF and
//! Word in the exports folder (the PDF's text read back with poppler's `pdftotext`). Then a fillable
//! PDF form made here with lopdf is picked through the page's file input, its fields proposed from
//! the case, confirmed, and saved filled (read back the same way).
//!
//! Needs what `e2e.rs` needs (Xvfb, WebKitWebDriver, tauri-driver, the sidecars beside `proseva`)
//! and `pdftotext` (poppler-utils). Screenshots `papers-built.png` and `form-filled.png` go to
//! `$PROSEVA_SCREENSHOT_DIR` when it is set.

mod support;

use std::path::PathBuf;

use lopdf::{Document, Object, Stream, dictionary};
use serde_json::json;
use support::{LONG, Session, invoke, pdf_text, press, quit_leaving_nothing, save_screenshot, sidecar_pids, text_of};

const ME: &str = "Nguyễn Thị Lan";
const LANDLORD: &str = "Oak Ridge Apartments, LLC";
const CASE_NUMBER: &str = "GV26-001234";
const COURT: &str = "General District Court of the City of Richmond";

/// The path after "Saved: " in `css`.
fn saved_path(session: &Session, css: &str) -> PathBuf {
    let saved = text_of(session, css);
    PathBuf::from(saved.strip_prefix("Saved: ").unwrap_or_else(|| panic!("{css}: {saved}")))
}

/// A fillable form as a court's site offers one (Letter, Helvetica): the parties, the case number,
/// the hearing date, a box of several lines, a check box, a drop-down and a signature line.
fn tenant_form() -> Vec<u8> {
    let mut doc = Document::with_version("1.7");
    let helv = doc.add_object(dictionary! {
        "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "Helvetica", "Encoding" => "WinAnsiEncoding", "Name" => "Helv",
    });
    let zadb = doc.add_object(dictionary! { "Type" => "Font", "Subtype" => "Type1", "BaseFont" => "ZapfDingbats", "Name" => "ZaDb" });
    let pages = doc.new_object_id();
    let page = doc.new_object_id();
    let rect = |r: [i64; 4]| r.iter().map(|&v| Object::from(v)).collect::<Vec<_>>();
    let widget = |mut d: lopdf::Dictionary, name: &str, label: &str, r: [i64; 4]| {
        d.extend(&dictionary! {
            "Type" => "Annot", "Subtype" => "Widget", "F" => 4, "P" => page, "Rect" => rect(r),
            "T" => Object::string_literal(name), "TU" => Object::string_literal(label),
        });
        d
    };
    let text = dictionary! { "FT" => "Tx", "DA" => Object::string_literal("/Helv 0 Tf 0 g") };
    let mut fields = vec![
        doc.add_object(widget(text.clone(), "PlaintiffName", "Plaintiff", [150, 690, 520, 710])),
        doc.add_object(widget(text.clone(), "DefendantName", "Defendant", [150, 660, 520, 680])),
        doc.add_object(widget(
            dictionary! { "FT" => "Tx", "DA" => Object::string_literal("/Helv 0 Tf 0 g"), "MaxLen" => 20 },
            "CaseNumber",
            "Case No.",
            [150, 630, 330, 650],
        )),
        doc.add_object(widget(text.clone(), "HearingDate", "Hearing date", [150, 600, 330, 620])),
        doc.add_object(widget(
            dictionary! { "FT" => "Tx", "DA" => Object::string_literal("/Helv 10 Tf 0 g"), "Ff" => 1 << 12 },
            "Conditions",
            "Conditions the landlord has not fixed",
            [150, 520, 520, 590],
        )),
    ];
    let on = doc.add_object(Stream::new(
        dictionary! { "Type" => "XObject", "Subtype" => "Form", "BBox" => rect([0, 0, 14, 14]) },
        b"0 g 2 2 10 10 re f".to_vec(),
    ));
    let off = doc.add_object(Stream::new(
        dictionary! { "Type" => "XObject", "Subtype" => "Form", "BBox" => rect([0, 0, 14, 14]) },
        b"0 G 0.5 0.5 13 13 re S".to_vec(),
    ));
    fields.push(doc.add_object(widget(
        dictionary! {
            "FT" => "Btn", "DA" => Object::string_literal("/ZaDb 0 Tf 0 g"), "V" => "Off", "AS" => "Off",
            "AP" => dictionary! { "N" => dictionary! { "Yes" => on, "Off" => off } },
        },
        "NoticeGiven",
        "I gave the landlord written notice",
        [150, 490, 164, 504],
    )));
    fields.push(doc.add_object(widget(
        dictionary! {
            "FT" => "Ch", "Ff" => 1 << 17, "DA" => Object::string_literal("/Helv 0 Tf 0 g"),
            "Opt" => vec![Object::string_literal("Rent paid into court"), Object::string_literal("Repairs ordered"), Object::string_literal("Rent abated")],
        },
        "Relief",
        "What I ask the court for",
        [150, 450, 400, 470],
    )));
    fields.push(doc.add_object(widget(dictionary! { "FT" => "Sig" }, "TenantSignature", "Signature of the tenant", [150, 400, 400, 425])));
    let mut captions = String::from("BT /Helv 12 Tf 72 740 Td (TENANT'S ASSERTION AND COMPLAINT \\(test form\\)) Tj ET\n");
    for (y, caption) in [
        (696, "Plaintiff"),
        (666, "Defendant"),
        (636, "Case No."),
        (606, "Hearing date"),
        (576, "Conditions"),
        (494, "Notice given"),
        (456, "Relief"),
        (408, "Signature"),
    ] {
        captions.push_str(&format!("BT /Helv 9 Tf 72 {y} Td ({caption}) Tj ET\n"));
    }
    let content = doc.add_object(Stream::new(dictionary! {}, captions.into_bytes()));
    let fonts = dictionary! { "Helv" => helv, "ZaDb" => zadb };
    doc.objects.insert(
        page,
        Object::Dictionary(dictionary! {
            "Type" => "Page", "Parent" => pages, "MediaBox" => rect([0, 0, 612, 792]), "Contents" => content,
            "Resources" => dictionary! { "Font" => fonts.clone() },
            "Annots" => fields.iter().map(|&f| Object::from(f)).collect::<Vec<_>>(),
        }),
    );
    doc.objects.insert(pages, Object::Dictionary(dictionary! { "Type" => "Pages", "Kids" => vec![Object::from(page)], "Count" => 1 }));
    let acroform = doc.add_object(dictionary! {
        "Fields" => fields.iter().map(|&f| Object::from(f)).collect::<Vec<_>>(),
        "DA" => Object::string_literal("/Helv 0 Tf 0 g"),
        "DR" => dictionary! { "Font" => fonts },
    });
    let catalog = doc.add_object(dictionary! { "Type" => "Catalog", "Pages" => pages, "AcroForm" => acroform });
    doc.trailer.set("Root", catalog);
    let mut bytes = Vec::new();
    doc.save_to(&mut bytes).unwrap();
    bytes
}

#[test]
fn a_motion_to_continue_is_built_checked_and_saved_and_a_downloaded_form_is_filled() {
    let data = tempfile::tempdir().unwrap();
    let exports = tempfile::tempdir().unwrap();
    let mut env = support::offline_env(data.path());
    env.push(("PROSEVA_EXPORT_DIR", exports.path().display().to_string()));
    let (_xvfb, _driver, session) = support::launch(&env);

    // The case: an eviction in Richmond, the person and the landlord, the hearing three weeks ahead.
    let hearing = (chrono::Local::now().date_naive() + chrono::Duration::days(21)).format("%Y-%m-%d").to_string();
    let case = invoke(
        &session,
        "create_record",
        json!({"resource": "cases", "record": {
            "name": "Oak Ridge eviction", "caseNumber": CASE_NUMBER, "court": COURT, "type": "landlord-tenant",
            "kind": "eviction-tenant", "status": "open",
            "parties": [{"name": ME, "role": "me"}, {"name": LANDLORD, "role": "other-party"}],
        }}),
    );
    let case_id = case["id"].as_i64().unwrap();
    invoke(
        &session,
        "create_record",
        json!({"resource": "deadlines", "record": {
            "caseId": case_id, "title": "Eviction hearing", "date": hearing, "time": "09:30", "kind": "hearing",
            "location": "General District Court of the City of Richmond, 400 N. 9th St.",
        }}),
    );
    invoke(
        &session,
        "create_record",
        json!({"resource": "contacts", "record": {"caseId": case_id, "name": LANDLORD, "role": "opposing_party", "address": "2200 Oak Ridge Rd., Richmond, VA 23224"}}),
    );
    session
        .script_async(
            "const done = arguments[arguments.length - 1]; window.proseva.workspace.reload().then(() => done(window.proseva.workspace.caseId));",
            json!([]),
        )
        .unwrap();

    // Papers to file: the eviction's papers, each with when to file it and why its parts.
    press(&session, "#tab-workspace");
    press(&session, "#workspace .ws-nav button[data-page='papers']");
    let motion = "#paper-kinds li.paper-kind[data-paper='motion-to-continue']";
    session.wait_for(motion, LONG).unwrap();
    let listed = session
        .script("return [...document.querySelectorAll('#paper-kinds li.paper-kind')].map((li) => li.dataset.paper)", json!([]))
        .unwrap();
    assert!(listed.as_array().is_some_and(|l| l.len() >= 2), "{listed}");
    assert!(text_of(&session, motion).contains("When to file it"));

    // The motion: the name and the hearing date come from the case; the address and the reason are typed.
    press(&session, &format!("{motion} button[data-action='write']"));
    session.wait_for("#ws-page-papers[data-view='form'] #paper-form", LONG).unwrap();
    let proposed = session
        .script("return [document.querySelector('#paper-name').value, document.querySelector('#paper-hearingDate').value]", json!([]))
        .unwrap();
    assert_eq!(proposed, json!([ME, hearing]), "proposed from the case");
    assert!(text_of(&session, "#hint-paper-hearingDate").contains("the case's next hearing"));
    session.type_text(&session.wait_for("#paper-address", LONG).unwrap(), "1400 Oak Ridge Rd., Apt. 4B\nRichmond, VA 23224").unwrap();
    session.type_text(&session.wait_for("#paper-phone", LONG).unwrap(), "(804) 555-0123").unwrap();
    session
        .type_text(
            &session.wait_for("#paper-reason", LONG).unwrap(),
            "I will be in the hospital that day; my discharge papers are attached.",
        )
        .unwrap();
    press(&session, "#paper-firstRequest");
    press(&session, "#paper-serviceMethod-1");
    press(&session, "#paper-build");

    // The paper as a page.
    session.wait_for("#ws-page-papers[data-view='result'] #paper-preview article.paper-sheet", LONG).unwrap();
    let court = text_of(&session, "#paper-preview .paper-court");
    assert!(court.contains("IN THE GENERAL DISTRICT COURT FOR THE CITY OF RICHMOND"), "{court}");
    let caption = text_of(&session, "#paper-preview .paper-caption");
    for part in [LANDLORD, "Plaintiff", ME, "Defendant", CASE_NUMBER] {
        assert!(caption.contains(part), "the caption has {part}: {caption}");
    }
    assert_eq!(text_of(&session, "#paper-preview h4.paper-heading"), "MOTION TO CONTINUE");
    let signature = text_of(&session, "#paper-preview .paper-signature");
    assert!(
        signature.contains(ME) && signature.contains("Defendant, without a lawyer") && signature.contains("Richmond, VA 23224"),
        "{signature}"
    );
    assert!(
        text_of(&session, "#paper-preview .paper-certificate").contains("2200 Oak Ridge Rd."),
        "the landlord's address from its contact"
    );
    assert!(text_of(&session, "#paper-notice").to_lowercase().contains("not legal advice"));
    session.script("document.querySelector('#paper-preview').scrollIntoView({block: 'start'})", json!([])).unwrap();
    save_screenshot(&session, "papers-built.png");

    // The check before filing says what it found, or that nothing was found and what it checked.
    press(&session, "#paper-check");
    session.wait_for("#paper-check-result[data-state='done'] .paper-findings", LONG).unwrap();
    let found = text_of(&session, "#paper-check-result");
    assert!(found.contains("Nothing to fix was found") || found.contains("to look at before filing"), "{found}");
    assert!(found.contains("What was checked") && found.contains("the case number in the caption"), "{found}");

    // PDF and Word copies in the exports folder; the PDF says what the page showed.
    press(&session, "#paper-save-pdf");
    session.wait_for("#paper-saved[data-state='saved'][data-format='pdf']", LONG).unwrap();
    let pdf = saved_path(&session, "#paper-saved");
    assert!(pdf.starts_with(exports.path()) && pdf.extension().is_some_and(|e| e == "pdf"), "{}", pdf.display());
    assert!(std::fs::read(&pdf).unwrap().starts_with(b"%PDF"));
    let printed = pdf_text(&pdf);
    for part in ["MOTION TO CONTINUE", LANDLORD, CASE_NUMBER, ME, "without a lawyer"] {
        assert!(printed.contains(part), "the PDF has {part}: {printed}");
    }
    press(&session, "#paper-save-docx");
    session.wait_for("#paper-saved[data-state='saved'][data-format='docx']", LONG).unwrap();
    let docx = saved_path(&session, "#paper-saved");
    assert!(docx.starts_with(exports.path()) && std::fs::read(&docx).unwrap().starts_with(b"PK"), "{}", docx.display());

    // Fill a form I downloaded: picked through the file input, answers from the case, confirmed, saved.
    let form = data.path().join("DC-429 tenant assertion.pdf");
    std::fs::write(&form, tenant_form()).unwrap();
    press(&session, "#papers-fill-form");
    let input = session.wait_for("#form-filler:not([hidden]) #form-file", LONG).unwrap();
    session.type_text(&input, &form.display().to_string()).unwrap();
    let forms_route = session.wait_until(
        "const s = document.querySelector('#form-filler').dataset.state; return s === 'ready' || s === 'error' ? s : null;",
        LONG,
    );
    assert_eq!(forms_route.unwrap(), json!("ready"), "the form was read: {}", text_of(&session, "#form-filler"));
    let picked = session.script("return document.querySelector('#form-file').files[0]?.name", json!([])).unwrap();
    assert_eq!(picked, json!("DC-429 tenant assertion.pdf"), "the picker still names the file read");
    let answer = |name: &str| {
        session
            .script(
                "const row = document.querySelector(`#form-filler tr[data-name='${arguments[0]}']`); const c = row.querySelector('input, textarea, select'); return {value: c.value, checked: c.checked, disabled: c.disabled, note: row.querySelector('.hint')?.textContent ?? ''};",
                json!([name]),
            )
            .unwrap()
    };
    assert_eq!(answer("PlaintiffName")["value"], LANDLORD);
    assert_eq!(answer("DefendantName")["value"], ME);
    assert_eq!(answer("CaseNumber")["value"], CASE_NUMBER);
    assert!(answer("CaseNumber")["note"].as_str().unwrap().starts_with("From "), "{}", answer("CaseNumber"));
    let signature = answer("TenantSignature");
    assert_eq!((signature["disabled"].as_bool(), signature["note"].as_str()), (Some(true), Some("Sign by hand after printing.")));
    let row = |name: &str, control: &str| format!("#form-filler tr[data-name='{name}'] {control}");
    session.type_text(&session.wait_for(&row("Conditions", "textarea"), LONG).unwrap(), "No heat since November 2.").unwrap();
    press(&session, &row("NoticeGiven", "input[type='checkbox']"));
    session
        .script(
            "const s = document.querySelector(arguments[0]); s.value = 'Repairs ordered'; s.dispatchEvent(new Event('change', {bubbles: true}));",
            json!([row("Relief", "select")]),
        )
        .unwrap();
    press(&session, "#form-save");
    session.wait_for("#form-filler[data-state='saved'] #form-saved:not([hidden])", LONG).unwrap();
    let filled = saved_path(&session, "#form-saved");
    assert!(
        filled.starts_with(exports.path()) && filled.file_name().is_some_and(|n| n.to_string_lossy().contains("-filled")),
        "{}",
        filled.display()
    );
    assert!(std::fs::read(&filled).unwrap().starts_with(b"%PDF"));
    let printed = pdf_text(&filled);
    for part in [CASE_NUMBER, LANDLORD, "No heat since November 2.", "Repairs ordered"] {
        assert!(printed.contains(part), "the filled form prints {part}: {printed}");
    }
    // The answers as saved, the signature line left to sign by hand, and where the copy went.
    session.script("document.querySelector('#form-saved').scrollIntoView({block: 'end'})", json!([])).unwrap();
    save_screenshot(&session, "form-filled.png");

    let pids = sidecar_pids(&session);
    quit_leaving_nothing(session, &pids);
}
