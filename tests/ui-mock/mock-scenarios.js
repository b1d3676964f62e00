// DEVELOPMENT ONLY. The case workspace's scenarios (`?scenario=`), driving the real UI as a person
// would: mock-tauri.js runs them once the page is ready. Each leaves the window in the state its
// WebKit check (webkit.mjs) looks at:
//   workspace, narrow          the Case tab's overview (the due strip is on the Ask tab)
//   workspace-empty            no case yet: the first-run card
//   case-error                 the first-run form sent with a blank name: the field's error
//   deadlines, deadline-save   "Add from a rule": Rule 3:8(a) from 2025-11-07 (a holiday and a weekend
//                              skipped), shown; then saved
//   calendar                   the Deadlines page with today's day chosen in the month calendar
//   documents                  four files dropped on the window (one 60.2 MB, one .zip, one damaged
//                              PDF); the seeded scanned PDF goes through OCR pages 1–3, the photo
//                              fails with ocr_unavailable
//   document-viewer            the custody order open in the viewer, "custody" found
//   upload-many                1,000 small files dropped at once
//   contacts, contact-error    contacts; a new contact with a bad email and phone
//   finances, timeline, notes  those pages (timeline with "Critical only"; notes with one open)
//   save-note                  an Ask answer saved as a note
//   conversations              saved conversations: the drawer, then one reopened (&open=0: the
//                              drawer only; &continue=1: then a question carries it on)
//   backup                     Settings → Backups → Restore…: the confirmation
//   big                        the timeline of 5,000 events (&page=deadlines|documents; &next=1)
//   path                       the eviction case's Step by step page: two steps done, "Get ready"
//                              next, the court date tomorrow, the appeal waiting for the judgment date
//   path-save                  the same, the judgment date entered and saved: the appeal's deadline
//   path-tick                  the next step ticked done: the court date is next
//   path-choose                "Deposit from 14 Elm St." made a claim for money (suing, $4,800):
//                              which court (general district, or circuit)
//   calendar-export            the eviction's Deadlines: "Add everything to my calendar" pressed
//   reminders                  what came due in the 3 days ProSeVA was closed, at the top
//   reminders-live             the same, then the reminders the app sends while it runs
//   start-at-login             a first deadline added by hand (no deadline before): the question
//   papers                     the Oak Ridge eviction's (case 5) Papers to file: the papers for an
//                              eviction, "Why these parts" of the motion to continue open
//   papers-built               a motion to continue built from the case and two answers: the page,
//                              then "Check before filing" pressed
//   form-fill                  "Fill a form I downloaded": a DC-429 picked, its fields with the
//                              case's answers
//   proof                      the Oak Ridge eviction's (case 5) Proof for the hearing: what the
//                              landlord must prove, the summons the assistant linked
//   proof-linked               the lease and the notice linked (one shown, one partly), the notice
//                              moved up to Exhibit 1, the hearing packet exported
(function () {
  'use strict';

  const params = new URLSearchParams(window.location.search);
  const speed = Math.max(0.1, Number(params.get('speed')) || 1);
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms / speed));
  const MB = 1024 * 1024;

  const $ = (sel) => document.querySelector(sel);
  const until = (fn, timeout = 20000) =>
    new Promise((resolve, reject) => {
      const start = Date.now();
      const check = () => {
        let v = null;
        try {
          v = fn();
        } catch {
          v = null;
        }
        if (v) resolve(v);
        else if (Date.now() - start > timeout) reject(new Error(`[mock] timed out: ${fn}`));
        else setTimeout(check, 25);
      };
      check();
    });
  const type = (el, value) => {
    el.value = value;
    el.dispatchEvent(new Event('input', { bubbles: true }));
    el.dispatchEvent(new Event('change', { bubbles: true }));
  };
  const page = async (name) => {
    $('#tab-workspace').click();
    (await until(() => $(`#workspace .ws-nav button[data-page="${name}"]`))).click();
    await until(() => !$(`#ws-page-${name}`).hidden && !$(`#ws-page-${name}`).querySelector('[aria-busy="true"]'));
  };
  /** Files dropped on the window, as the page receives them from a real drag. */
  const drop = (files) => {
    let dt = null;
    try {
      dt = new DataTransfer();
      for (const f of files) dt.items.add(f);
    } catch {
      dt = null;
    }
    if (dt && dt.files.length === files.length) {
      document.body.dispatchEvent(new DragEvent('dragenter', { bubbles: true, cancelable: true, dataTransfer: dt }));
      document.body.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: dt }));
    } else {
      // An engine without a constructible DataTransfer: straight to the queue the drop feeds.
      window.proseva.workspace.go('documents');
      window.proseva.documents.enqueue(files);
    }
  };

  /** Makes the eviction case (4) the chosen one, then shows its Step by step page. */
  const evictionPath = async () => {
    await until(() => window.proseva && window.proseva.workspace.cases.length);
    window.proseva.workspace.setCase(4);
    await page('path');
    return until(() => $('#case-path .path-step[data-status="next"]'));
  };

  /** The Oak Ridge eviction (case 5), its Papers to file page. */
  const papers = async () => {
    await until(() => window.proseva && window.proseva.workspace.cases.length);
    window.proseva.workspace.setCase(5);
    await page('papers');
    return until(() => $('#paper-kinds li.paper-kind[data-paper="motion-to-continue"]'));
  };

  /** The Oak Ridge eviction (case 5), its Proof for the hearing page. */
  const proof = async () => {
    await until(() => window.proseva && window.proseva.workspace.cases.length);
    window.proseva.workspace.setCase(5);
    await page('proof');
    return until(() => $('#proof-elements li.proof-element[data-element="rental-agreement"]'));
  };
  /** "Link a record" under `element`: `title`'s document, with `note`. */
  const linkDocument = async (element, title, note) => {
    (await until(() => $(`#proof-open-link-${element}`))).click();
    const pick = $(`#proof-pick-${element}`);
    pick.value = [...pick.options].find((o) => o.textContent.startsWith(title)).value;
    type($(`#proof-pick-note-${element}`), note);
    $(`#proof-link-form-${element}`).requestSubmit();
    await until(() => $(`li.proof-element[data-element="${element}"] li.proof-link`));
  };

  async function run(name) {
    switch (name) {
      case 'proof':
        await proof();
        break;
      case 'proof-linked': {
        await proof();
        await linkDocument('rental-agreement', 'Lease', 'Signed lease: I rent Apt. 4B from Oak Ridge');
        await linkDocument('pay-or-quit-notice', 'Pay-or-quit', '');
        const notice = $('#proof-exhibits li.proof-exhibit:nth-child(2) button[data-action="move-up"]');
        notice.click();
        $('#proof-export').click();
        await until(() => $('#proof-packet-result[data-state="saved"]'));
        break;
      }
      case 'papers': {
        const motion = await papers();
        motion.querySelector('details.paper-why').open = true;
        break;
      }
      case 'papers-built': {
        const motion = await papers();
        motion.querySelector('button[data-action="write"]').click();
        type(await until(() => $('#paper-address')), '1400 Oak Ridge Rd., Apt. 4B\nRichmond, VA 23224');
        type($('#paper-phone'), '(804) 555-0123');
        type($('#paper-reason'), 'I will be in the hospital that day; my discharge papers are attached.');
        $('#paper-firstRequest').click();
        $('#paper-serviceMethod-1').click();
        $('#paper-form').requestSubmit();
        (await until(() => $('#paper-check'))).click();
        await until(() => $('#paper-check-result[data-state="done"]'));
        break;
      }
      case 'form-fill': {
        await papers();
        $('#papers-fill-form').click();
        const form = new File(['%PDF-1.7\n% DC-429 (mock)\n'], 'DC-429 tenant assertion.pdf', { type: 'application/pdf' });
        await window.proseva.workspace.pages.papers.filler.read(form);
        await until(() => $('#form-filler[data-state="ready"]'));
        break;
      }
      case 'path':
        await evictionPath();
        break;
      case 'path-save': {
        await evictionPath();
        const judged = window.__mockSeed.day(1);
        type($('#case-path-form input[data-date-key="judgmentDate"]'), judged);
        $('#case-path-form').requestSubmit();
        await until(() => $('#case-path .path-step[data-step="appeal"] .path-deadline'));
        break;
      }
      case 'path-tick': {
        await evictionPath();
        const box = $('#case-path .path-step[data-step="prepare"] input.path-tick');
        box.click();
        await until(() => $('#case-path .path-step[data-step="first-hearing"][data-status="next"]'));
        break;
      }
      case 'path-choose': {
        await until(() => window.proseva && window.proseva.workspace.cases.length);
        window.proseva.workspace.setCase(2);
        await page('path');
        const kind = await until(() => $('#case-kind option[value="debt-plaintiff"]') && $('#case-kind'));
        type(kind, 'debt-plaintiff');
        type($('#case-amount'), '4,800');
        type($('#case-path-form input[data-date-key="filedDate"]'), window.__mockSeed.day(-2));
        $('#case-path-form').requestSubmit();
        await until(() => $('#case-path[data-kind="debt-plaintiff"] .path-step'));
        break;
      }
      case 'calendar-export': {
        await until(() => window.proseva && window.proseva.workspace.cases.length);
        window.proseva.workspace.setCase(4);
        await page('deadlines');
        (await until(() => $('#ws-page-deadlines button.add-to-calendar[data-scope="all"]'))).click();
        await until(() => $('#calendar-export-result[data-state="saved"]'));
        break;
      }
      case 'reminders':
        break;
      case 'reminders-live':
        await until(() => $('#missed-reminders .reminder-item'));
        window.__mockWorkspace.emitReminders();
        break;
      case 'start-at-login': {
        window.__mockWorkspace.db.deadlines.splice(0);
        $('#tab-workspace').click();
        await page('deadlines');
        $('#deadline-add').click();
        type(await until(() => $('#rec-title')), 'File the answer');
        $('#record-form').requestSubmit();
        break;
      }
      case 'workspace':
      case 'narrow':
      case 'workspace-empty':
        $('#tab-workspace').click();
        break;
      case 'case-error': {
        $('#tab-workspace').click();
        const name = await until(() => $('#first-case-name'));
        type(name, '   ');
        $('#first-case-form').requestSubmit();
        break;
      }
      case 'deadlines':
      case 'deadline-save': {
        await page('deadlines');
        $('#deadline-from-rule').click();
        (await until(() => $('#rule-list input[value="answer-complaint"]'))).click();
        type($('#rule-trigger'), '2025-11-07');
        await until(() => $('#deadline-rule-preview[data-state="ready"]'));
        if (name === 'deadline-save') $('#rule-form').requestSubmit();
        break;
      }
      case 'calendar':
        await page('deadlines');
        (await until(() => $('#deadline-calendar button.cal-day.today'))).click();
        break;
      case 'documents': {
        await page('documents');
        const small = new File(['Receipt for the filing fee: $86.00, paid at the clerk’s window.'], 'receipt.txt', { type: 'text/plain' });
        const big = new File([new Uint8Array(Math.round(60.2 * MB))], 'phone-video.pdf', { type: 'application/pdf' });
        const odd = new File(['zip'], 'photos.zip', { type: 'application/zip' });
        const broken = new File(['%PDF-1.4 broken'], 'broken-scan.pdf', { type: 'application/pdf' });
        drop([small, big, odd, broken]);
        break;
      }
      case 'document-viewer': {
        await page('documents');
        (await until(() => $('#records-documents .rec-row[data-id="1"] button[data-action="view"]'))).click();
        await until(() => $('#document-viewer[data-state="ready"]'));
        type($('#doc-find-input'), 'custody');
        break;
      }
      case 'upload-many': {
        await page('documents');
        const files = [];
        for (let i = 0; i < 1000; i += 1) files.push(new File([`Note ${i + 1}`], `note-${String(i + 1).padStart(4, '0')}.txt`, { type: 'text/plain' }));
        // The longest the page went without a frame while the files were added (a frozen page
        // would show here), and each long gap (for a look).
        window.__mockLongestFrame = 0;
        window.__mockLongFrames = [];
        let last = performance.now();
        const tick = () => {
          const t = performance.now();
          window.__mockLongestFrame = Math.max(window.__mockLongestFrame, t - last);
          if (t - last > 100) window.__mockLongFrames.push([Math.round(last), Math.round(t - last)]);
          last = t;
          if (!$('#upload-progress[data-state="done"]')) requestAnimationFrame(tick);
        };
        drop(files);
        last = performance.now();
        requestAnimationFrame(tick);
        break;
      }
      case 'contacts':
        await page('contacts');
        break;
      case 'contact-error': {
        await page('contacts');
        $('#contacts-add').click();
        type(await until(() => $('#rec-name')), 'Landlord’s office');
        type($('#rec-email'), 'office at elm');
        type($('#rec-phone'), '555');
        $('#record-form').requestSubmit();
        break;
      }
      case 'finances':
        await page('finances');
        break;
      case 'timeline': {
        await page('timeline');
        const critical = await until(() => $('#timeline-filter-critical'));
        critical.click();
        break;
      }
      case 'notes': {
        await page('notes');
        (await until(() => $('#records-notes .rec-row[data-id="1"] .note-open'))).click();
        break;
      }
      case 'save-note': {
        const input = $('#chat-input');
        input.value = 'How do I request public records from a state agency?';
        input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
        (await until(() => $('#chat-transcript .message.assistant[data-state="done"] button.save-note'))).click();
        break;
      }
      case 'conversations': {
        $('#chat-conversations').click();
        await until(() => $('#conversation-list .conversation-item'));
        await wait(200);
        if (params.get('open') === '0') break;
        (await until(() => $('#conversation-list .conversation-item[data-kind="chat"] .conversation-open'))).click();
        if (params.get('continue') === '1') {
          await until(() => $('#chat-transcript .message.assistant[data-replayed="true"][data-state="done"]'));
          const input = $('#chat-input');
          input.value = 'What if the agency asks for a fee?';
          input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
        }
        break;
      }
      case 'backup': {
        $('#open-settings').click();
        (await until(() => $('#backup-list .backup-restore'))).click();
        break;
      }
      case 'big': {
        const name = params.get('page') || 'timeline';
        await page(name);
        if (params.get('next') === '1') (await until(() => $(`#ws-page-${name} .list-box[data-total] .pager-next:not([disabled])`))).click();
        break;
      }
      default:
        break;
    }
  }

  window.__mockScenarios = { run };
})();
