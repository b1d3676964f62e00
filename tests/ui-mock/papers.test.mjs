// DEVELOPMENT ONLY: tests of the Case tab's "Papers to file" page (ui/papers.js), the paper laid
// out as a page (ui/paper-preview.js) and "Fill a form I downloaded" (ui/fill-form.js), in the
// small stand-in document (fake-dom.mjs), driven through the UI mock's own handlers
// (mock-workspace.js over mock-seed.js's store for the `papers` scenario: case 5 is the eviction
// "Nguyễn Thị Lan" v. "Oak Ridge Apartments, LLC", case no. GV26-001234, in the General District
// Court of the City of Richmond; the papers come from the server's own
// sidecars/server/papers/papers.json).
//   node --test tests/ui-mock/papers.test.mjs

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runInThisContext } from 'node:vm';
import { installFakeDocument, fire, settle, only, text } from './fake-dom.mjs';
import { useLanguage } from './l10n.mjs';

installFakeDocument();
const repo = new URL('../../', import.meta.url);
// The mock's scripts are the browser's: `window` is the global, the page's URL says how fast they answer.
globalThis.window = globalThis;
globalThis.location = { search: '?scenario=papers&speed=100' };
// What serve.py serves: the repository's files.
globalThis.fetch = async (path) => {
  const text = readFileSync(new URL(`.${path}`, repo), 'utf8');
  return { ok: true, json: async () => JSON.parse(text), text: async () => text };
};
for (const script of ['mock-seed.js', 'mock-workspace.js']) runInThisContext(readFileSync(new URL(script, import.meta.url), 'utf8'), { filename: script });
const mock = window.__mockWorkspace;

let calls = [];
window.__TAURI__ = {
  core: {
    invoke: async (command, args, options) => {
      calls.push({ command, args });
      if (!mock.handles(command)) throw { code: 'internal', message: `the mock has no ${command}` };
      return mock.invoke(command, args, options);
    },
  },
};

// The page's words, from ui/locales/en/ on disk (l10n.mjs).
await useLanguage('en');
const { PapersPage, findingsNodes } = await import('../../ui/papers.js');
const { paperSheet } = await import('../../ui/paper-preview.js');
const { FormFiller, formNamed, filledValues } = await import('../../ui/fill-form.js');
const { stepNode } = await import('../../ui/path.js');
const { h } = await import('../../ui/dom.js');

const CASE = 5;
/** Lets the awaited commands (and the mock's short waits) run. */
const called = (command) => calls.filter((c) => c.command === command);

/** The Papers page of case 5, as the workspace shows it. */
async function papersPage() {
  const record = mock.db.cases.find((c) => c.id === CASE);
  const ws = { caseId: CASE, currentCase: record, changed: () => {} };
  const root = h('section', { id: 'ws-page-papers' });
  document.body.append(root);
  const page = new PapersPage(ws, root);
  await page.show({});
  await settle();
  return { page, root };
}

/** Types into a field of the paper's form (`#paper-<name>`). */
function type(root, name, value) {
  const input = only(root, `#paper-${name}`);
  input.value = value;
  fire(input, 'input');
  return input;
}

beforeEach(() => {
  document.body.replaceChildren();
  document.activeElement = null;
  calls = [];
});

// ------------------------------------------------------------------------------------ the list

test('the papers for an eviction, each with when to file it and why its parts, sources dated', async () => {
  const { root } = await papersPage();
  assert.deepEqual(called('paper_kinds').map((c) => c.args), [{ caseKind: 'eviction-tenant' }]);
  const ids = root.querySelectorAll('li.paper-kind').map((li) => li.dataset.paper);
  assert.deepEqual(ids, ['motion-to-continue', 'set-aside-default-judgment', 'motion-for-new-trial', 'letter-copy-of-order']);
  const motion = only(root, 'li.paper-kind[data-paper="motion-to-continue"]');
  assert.equal(text(only(motion, '.paper-kind-title')), 'Motion to continue (move the hearing to another day)');
  assert.match(text(only(motion, '.paper-when')), /^When to file it: File it as soon as you know you cannot come/);
  assert.equal(text(only(motion, 'details.paper-why summary')), 'Why these parts');
  const parts = motion.querySelectorAll('li.paper-part');
  assert.ok(parts.length >= 4, 'every required part is listed');
  assert.ok(parts.some((p) => text(p).includes('Code of Virginia § 8.01-271.1') && text(p).includes('LIS page dated 11/21/2024')), 'a part names its source and when it was read');
  assert.ok(motion.querySelectorAll('a.ext-link').every((a) => a.getAttribute('href').startsWith('https://')), 'each source opens in the browser');
  // A source whose current text could not be read says so.
  const newTrial = only(root, 'li.paper-kind[data-paper="motion-for-new-trial"]');
  assert.ok(newTrial.querySelectorAll('.paper-part-check').some((b) => text(b) === 'official text of 2023 — check it today'));
});

// ------------------------------------------------------------------------------------ the motion

test('a motion to continue: proposed from the case, refused without an address, built, shown as a page', async () => {
  const { page, root } = await papersPage();
  fire(only(root, 'button[data-action="write"][data-paper="motion-to-continue"]'), 'click');
  await settle();
  assert.equal(root.dataset.view, 'form');
  assert.equal(document.activeElement, only(root, '#paper-form-title'));
  // The name and the hearing come from the case, each saying where from.
  assert.equal(only(root, '#paper-name').value, 'Nguyễn Thị Lan');
  assert.equal(text(only(root, '#hint-paper-name')), "Filled in from the case's parties (Me).");
  const hearing = mock.db.deadlines.find((d) => d.caseId === CASE && d.kind === 'hearing');
  assert.equal(only(root, '#paper-hearingDate').value, hearing.date);
  assert.match(text(only(root, '#hint-paper-hearingDate')), /the case's next hearing \(Go to the first court date\)/);
  assert.equal(only(root, '#paper-certificate').checked, true, 'the offered certificate is kept at first');
  assert.equal(only(root, '#paper-serviceMethod').getAttribute('role'), 'radiogroup');

  // Without an address and a reason: each of the server's errors under its field.
  fire(only(root, '#paper-form'), 'submit');
  await settle();
  for (const name of ['address', 'reason']) {
    const error = only(root, `#err-paper-${name}`);
    assert.equal(error.hidden, false, `${name}'s error shows`);
    assert.match(text(error), /^Is required/);
    assert.equal(only(root, `#paper-${name}`).getAttribute('aria-invalid'), 'true');
    assert.ok(only(root, `#paper-${name}`).getAttribute('aria-describedby').includes(`err-paper-${name}`));
  }
  assert.match(text(only(root, '#paper-form-error')), /^Not built: 2 fields need a change/);
  assert.equal(document.activeElement, only(root, '#paper-address'), 'the first bad field has the keyboard');
  assert.equal(root.dataset.view, 'form');

  type(root, 'address', '1400 Oak Ridge Rd., Apt. 4B\nRichmond, VA 23224');
  type(root, 'phone', '(804) 555-0123');
  type(root, 'reason', 'I will be in the hospital that day; my discharge papers are attached.');
  only(root, '#paper-firstRequest').checked = true;
  only(root, '#paper-serviceMethod-1').checked = true;
  fire(only(root, '#paper-form'), 'submit');
  await settle();
  const build = called('build_paper').at(-1).args;
  assert.equal(build.paper, 'motion-to-continue');
  assert.equal(build.caseId, CASE);
  assert.deepEqual(
    { address: build.fields.address, reason: build.fields.reason, firstRequest: build.fields.firstRequest, serviceMethod: build.fields.serviceMethod, certificate: build.fields.certificate },
    { address: '1400 Oak Ridge Rd., Apt. 4B\nRichmond, VA 23224', reason: 'I will be in the hospital that day; my discharge papers are attached.', firstRequest: true, serviceMethod: 'mail', certificate: true },
  );
  assert.equal('paragraphs' in build.fields, false, 'the paragraphs are the server’s to write');

  // The paper, as a page: court lines, caption with the number, heading, paragraphs, signature, certificate.
  assert.equal(root.dataset.view, 'result');
  assert.equal(document.activeElement, only(root, '#paper-result-title'));
  assert.equal(text(only(root, '#paper-result-title')), 'Motion to continue (move the hearing to another day) — Oak Ridge eviction');
  const sheet = only(root, '#paper-preview article.paper-sheet');
  assert.equal(sheet.dataset.layout, 'pleading');
  assert.deepEqual(sheet.querySelectorAll('.paper-court p').map(text), ['VIRGINIA:', 'IN THE GENERAL DISTRICT COURT FOR THE CITY OF RICHMOND']);
  assert.deepEqual(sheet.querySelectorAll('.paper-caption .paper-party').map(text), ['Oak Ridge Apartments, LLC, Plaintiff,', 'Nguyễn Thị Lan, Defendant.']);
  assert.equal(text(only(sheet, '.paper-versus')), 'v.');
  assert.equal(text(only(sheet, '.paper-number')), 'Case No. GV26-001234');
  assert.equal(text(only(sheet, 'h4.paper-heading')), 'MOTION TO CONTINUE');
  assert.match(text(only(sheet, '.paper-opening')), /^Defendant Nguyễn Thị Lan, appearing without a lawyer, asks the Court to continue/);
  const paragraphs = sheet.querySelectorAll('ol.paper-paragraphs li').map(text);
  assert.equal(paragraphs.length, 3);
  assert.match(paragraphs[0], /^This case is set for a hearing on [A-Z][a-z]+ \d{1,2}, \d{4}\.$/);
  assert.equal(paragraphs[1], 'I will be in the hospital that day; my discharge papers are attached.');
  assert.equal(paragraphs[2], 'This is my first request to continue this hearing.');
  const signature = text(only(sheet, '.paper-signature'));
  for (const part of ['Respectfully submitted,', 'Nguyễn Thị Lan', 'Defendant, without a lawyer', '1400 Oak Ridge Rd., Apt. 4B', 'Richmond, VA 23224', 'Telephone: (804) 555-0123', 'Date: ____________________']) {
    assert.ok(signature.includes(part), `the signature block has ${part}: ${signature}`);
  }
  const certificate = only(sheet, 'section.paper-certificate');
  assert.equal(text(only(certificate, '.paper-certificate-title')), 'CERTIFICATE OF SERVICE');
  assert.match(text(certificate), /mailed a copy of this paper by first-class mail \(motion to continue\) to:/);
  assert.equal(text(only(certificate, '.paper-served')), 'Oak Ridge Apartments, LLC, 2200 Oak Ridge Rd., Richmond, VA 23224');
  // The app's notice beside it, never in it; no warnings for a case that names its court and the other side's address.
  assert.match(text(only(root, '#paper-notice')), /Not legal advice/);
  assert.equal(sheet.querySelectorAll('.artifact-notice').length, 0);
  assert.equal(root.querySelectorAll('#paper-warnings').length, 0);
  assert.equal(root.querySelectorAll('script').length, 0);
  assert.doesNotMatch(text(root), /\b(null|undefined)\b/, 'no part missing shows as "null"');

  // The check before filing: the blank day of service, with what the paper says and what it needs.
  fire(only(root, '#paper-check'), 'click');
  await settle();
  assert.deepEqual(called('check_paper').at(-1).args, { draftId: page.built.draft.id });
  const result = only(root, '#paper-check-result');
  assert.equal(result.dataset.state, 'done');
  const finding = only(result, 'li.paper-finding[data-kind="no_certificate"]');
  assert.match(text(only(finding, '.paper-finding-message')), /leaves the day or the way the copy goes blank/);
  assert.deepEqual(finding.querySelectorAll('dt').map(text), ['In the paper', 'Expected']);
  assert.equal(text(only(result, 'details.paper-checked summary')), 'What was checked');
  assert.ok(result.querySelectorAll('.paper-checked-list li').map(text).includes('the signature block'));

  // Word and PDF copies: where each went.
  for (const [button, format] of [['#paper-save-docx', 'docx'], ['#paper-save-pdf', 'pdf']]) {
    fire(only(root, button), 'click');
    await settle();
    const saved = only(root, '#paper-saved');
    assert.equal(saved.dataset.state, 'saved');
    assert.equal(saved.dataset.format, format);
    assert.match(text(saved), new RegExp(`^Saved: /home/pat/Documents/ProSeVA/Exports/motion-to-continue-.*-v1\\.${format}$`));
  }
  assert.deepEqual(called('export_draft').map((c) => c.args.format), ['docx', 'pdf']);

  // Edit: the answers kept, the paragraphs as a list; a changed paragraph and the day of service
  // build version 2, which the check passes, saying what it checked.
  fire(only(root, '#paper-edit'), 'click');
  assert.equal(root.dataset.view, 'form');
  assert.equal(only(root, '#paper-address').value, '1400 Oak Ridge Rd., Apt. 4B\nRichmond, VA 23224');
  const boxes = root.querySelectorAll('#paper-paragraph-list textarea');
  assert.deepEqual(boxes.map((b) => b.value), paragraphs);
  boxes[1].value = 'I will be in surgery at VCU Medical Center that morning; the hospital’s letter is attached.';
  type(root, 'serviceDate', hearing.date.replace(/\d\d$/, '01'));
  fire(only(root, '#paper-form'), 'submit');
  await settle();
  const again = called('build_paper').at(-1).args;
  assert.equal(again.draftId, page.built.draft.id);
  assert.equal(again.fields.paragraphs[1], 'I will be in surgery at VCU Medical Center that morning; the hospital’s letter is attached.');
  assert.equal(root.dataset.view, 'result');
  assert.equal(text(only(root, '#paper-version')).slice(0, 9), 'Version 2');
  assert.equal(root.querySelectorAll('#paper-preview ol.paper-paragraphs li').map(text)[1], again.fields.paragraphs[1]);
  fire(only(root, '#paper-check'), 'click');
  await settle();
  const clean = only(root, '#paper-check-result');
  assert.equal(text(only(clean, '.paper-clean')).startsWith('Nothing to fix was found.'), true);
  assert.ok(clean.querySelectorAll('.paper-checked-list li').length >= 4, 'what was checked is listed, not a silent pass');
});

test('a case whose court names no city or county: the paper is built with a blank, and the warning says why', async () => {
  const { page, root } = await papersPage();
  page.ws.caseId = 4;
  page.ws.currentCase = mock.db.cases.find((c) => c.id === 4);
  await page.choose('motion-to-continue');
  type(root, 'address', '12 Pine Ct.\nRichmond, VA 23220');
  type(root, 'reason', 'My daughter’s surgery is that day.');
  fire(only(root, '#paper-form'), 'submit');
  await settle();
  const warnings = only(root, '#paper-warnings');
  assert.equal(warnings.getAttribute('role'), 'note');
  assert.match(text(warnings), /^Look at these before you file: The court's city or county could not be read from "Richmond General District Court"/);
  assert.equal(text(root.querySelectorAll('#paper-preview .paper-court p')[1]), 'IN THE GENERAL DISTRICT COURT FOR THE ____________________');
});

// ------------------------------------------------------------------------------------ the other side's paper

test("the other side's paper is checked against the case: a name without its accents, a mistyped number", async () => {
  const { root } = await papersPage();
  const select = only(root, '#paper-theirs-document');
  const summons = mock.db.documents.find((d) => d.caseId === CASE);
  assert.equal(select.value, String(summons.id));
  fire(only(root, '#paper-theirs-check'), 'click');
  await settle();
  assert.deepEqual(called('check_paper').at(-1).args, { documentId: summons.id });
  const result = only(root, '#paper-theirs-result');
  const kinds = result.querySelectorAll('li.paper-finding').map((li) => li.dataset.kind);
  assert.deepEqual(kinds, ['party_name', 'case_number']);
  assert.match(text(result), /The paper writes "Nguyen Thi Lan" where the case's party is "Nguyễn Thị Lan"\./);
  assert.match(text(result), /In the paper GV26-001243 Expected GV26-001234/);
});

test('an empty list of findings says nothing was found and what was checked', () => {
  const box = findingsNodes({ findings: [], checked: ['the signature block', 'hearing dates'], citations: [{ citation: '123 Va. 456', status: 'not_checked' }] });
  assert.equal(box.dataset.count, '0');
  assert.match(text(only(box, '.paper-clean')), /^Nothing to fix was found\./);
  assert.deepEqual(box.querySelectorAll('.paper-checked-list li').map(text), ['the signature block', 'hearing dates']);
  assert.equal(text(only(box, '.paper-citations li')), '123 Va. 456: not checked — check it by hand');
});

test('a letter to the clerk is laid out as a letter, its text never markup', () => {
  const sheet = paperSheet({
    paper: 'letter-copy-of-order',
    layout: 'letter',
    court: [],
    heading: 'Request for a copy of an order — Oak Ridge Apartments, LLC v. <b>Nguyễn Thị Lan</b>, Case No. GV26-001234',
    opening: '',
    paragraphs: ['Please send me a copy of the order.'],
    closing: '',
    signature: { name: 'Nguyễn Thị Lan', capacity: 'Defendant, without a lawyer', address: ['1400 Oak Ridge Rd., Apt. 4B'], phone: '', email: '', date: 'December 1, 2026' },
    letter: { date: 'December 1, 2026', to: ["Clerk's Office", 'General District Court of the City of Richmond'], salutation: 'Dear Clerk:', signOff: 'Sincerely,' },
  });
  assert.equal(sheet.dataset.layout, 'letter');
  assert.equal(sheet.querySelectorAll('b').length, 0, 'a tag in the data stays text');
  assert.match(text(only(sheet, '.paper-re')), /^Re: Request for a copy of an order — Oak Ridge Apartments, LLC v\. <b>Nguyễn Thị Lan<\/b>/);
  assert.deepEqual(only(sheet, '.paper-letter-to').querySelectorAll('.paper-line').map(text), ["Clerk's Office", 'General District Court of the City of Richmond']);
  assert.equal(sheet.querySelectorAll('ol').length, 0, 'a letter has no numbered paragraphs');
  assert.match(text(only(sheet, '.paper-signature')), /^Sincerely, ____________________ Nguyễn Thị Lan$/);
});

// ------------------------------------------------------------------------------------ a form

const pdf = (name, body = '%PDF-1.7\n% a fillable form\n') => ({ name, size: body.length, arrayBuffer: async () => new TextEncoder().encode(body).buffer });

test('a downloaded form: its fields with answers from the case, then saved with what the person confirmed', async () => {
  const filler = new FormFiller({ getCaseId: () => CASE });
  document.body.append(filler.el);
  filler.open({ form: 'DC-429' });
  assert.equal(filler.el.hidden, false);
  assert.equal(document.activeElement, only(filler.el, '#form-file'));
  assert.equal(only(filler.el, '#form-file').getAttribute('accept'), 'application/pdf,.pdf');
  assert.match(text(only(filler.el, '#form-file-hint')), /Nothing leaves this computer\./);
  assert.match(text(only(filler.el, '#form-filler-for')), /^For DC-429:/);

  await filler.read(pdf('DC-429 tenant assertion.pdf'));
  await settle();
  assert.equal(filler.el.dataset.state, 'ready');
  const sent = called('form_fields').at(-1);
  assert.ok(sent.args instanceof Uint8Array, 'the bytes go as the body');
  const rows = filler.el.querySelectorAll('tr.form-field-row');
  assert.deepEqual(
    rows.map((r) => [r.dataset.name, r.dataset.type]),
    [['Court', 'text'], ['CaseNo', 'text'], ['Tenant', 'text'], ['Landlord', 'text'], ['Conditions', 'text'], ['NoticeGiven', 'checkbox'], ['Relief', 'choice'], ['FormNo', 'text'], ['Signature', 'signature']],
  );
  const row = (name) => only(filler.el, `tr.form-field-row[data-name="${name}"]`);
  const control = (name) => row(name).querySelector('input') || row(name).querySelector('textarea') || row(name).querySelector('select');
  assert.equal(control('Court').value, 'General District Court of the City of Richmond');
  assert.equal(text(row('Court').querySelector('.hint')), 'From the case (its court).');
  assert.equal(control('Court').getAttribute('maxlength'), '60');
  assert.equal(control('Tenant').value, 'Nguyễn Thị Lan');
  assert.equal(row('Tenant').dataset.proposed, 'true');
  assert.equal(text(row('Court').querySelector('th')), 'Name of court Court', 'the label, then the field’s own name');
  assert.equal(control('Conditions').localName, 'textarea');
  assert.equal(control('NoticeGiven').getAttribute('type'), 'checkbox');
  assert.deepEqual(control('Relief').querySelectorAll('option').map((o) => o.getAttribute('value')), ['', 'Rent paid into court', 'Repairs ordered', 'Rent abated']);
  assert.equal(control('Signature').disabled, true);
  assert.equal(text(row('Signature').querySelector('.hint')), 'Sign by hand after printing.');
  assert.equal(control('FormNo').disabled, true);
  assert.ok(control('Court').getAttribute('aria-describedby').includes('err-form-field-0'));

  // An answer too long for its field: the server's words under it, nothing saved.
  control('CaseNo').value = 'GV26-001234-00 and more';
  fire(only(filler.el, '#form-fill'), 'submit');
  await settle();
  const error = only(filler.el, '#err-form-field-1');
  assert.equal(error.hidden, false);
  assert.match(text(error), /the field takes at most 20/);
  assert.equal(control('CaseNo').getAttribute('aria-invalid'), 'true');
  assert.equal(document.activeElement, control('CaseNo'));
  assert.equal(only(filler.el, '#form-saved').hidden, true);

  control('CaseNo').value = 'GV26-001234';
  control('Conditions').value = 'No heat since November 2.';
  control('NoticeGiven').checked = true;
  control('Relief').value = 'Repairs ordered';
  fire(only(filler.el, '#form-fill'), 'submit');
  await settle();
  const values = called('fill_form').at(-1).args.values;
  assert.deepEqual(values, {
    Court: 'General District Court of the City of Richmond',
    CaseNo: 'GV26-001234',
    Tenant: 'Nguyễn Thị Lan',
    Landlord: 'Oak Ridge Apartments, LLC',
    Conditions: 'No heat since November 2.',
    NoticeGiven: true,
    Relief: 'Repairs ordered',
  });
  assert.equal(filler.el.dataset.state, 'saved');
  assert.equal(text(only(filler.el, '#form-saved')), 'Saved: /home/pat/Documents/ProSeVA/Exports/DC-429 tenant assertion-filled.pdf');
});

test('a file that is not a fillable PDF is refused in the server’s words', async () => {
  const filler = new FormFiller({ getCaseId: () => CASE });
  document.body.append(filler.el);
  await filler.read(pdf('DC-429.docx', 'PK\x03\x04 [Content_Types].xml'));
  await settle();
  assert.equal(filler.el.dataset.state, 'error');
  const error = only(filler.el, '#form-file-error');
  assert.equal(error.hidden, false);
  assert.equal(error.getAttribute('role'), 'alert');
  assert.match(text(error), /^DC-429\.docx: This file is a Word document \(\.docx\), not a PDF\./);
  assert.equal(only(filler.el, '#form-fill').hidden, true);
});

test('a box left unticked is only sent when the form had it ticked', () => {
  const rows = [
    { field: { name: 'a', type: 'checkbox', value: true }, control: { checked: false }, fixed: false },
    { field: { name: 'b', type: 'checkbox', value: false }, control: { checked: false }, fixed: false },
    { field: { name: 'c', type: 'text' }, control: { value: '  ' }, fixed: false },
    { field: { name: 'd', type: 'signature' }, control: { value: 'x' }, fixed: true },
  ];
  assert.deepEqual(filledValues(rows), { a: false });
});

test('a step that names a form links to "Fill a form I downloaded"', () => {
  assert.equal(formNamed({ file: 'You can file a Tenant’s Assertion and Complaint (form DC-429) and pay your rent into court instead.' }), 'DC-429');
  assert.equal(formNamed({ file: 'A Notice of Appeal (form DC-475) to the general district court clerk.' }), 'DC-475');
  // A form named only in what happens (the summons the person got) links without naming it.
  assert.equal(formNamed({ file: 'Nothing has to be filed.', what: 'The summons for unlawful detainer (form DC-421) gives the date.' }), 'form');
  assert.equal(formNamed({ file: 'Nothing yet.', what: 'Keep the notice.' }), null);
  const step = { id: 'repairs', title: 'Ask for repairs', what: 'The landlord must keep the home fit.', court: 'General district court', file: 'A Tenant’s Assertion and Complaint (form DC-429).', bring: 'Photos.', sections: [], status: 'upcoming' };
  const link = only(stepNode(step, 0), 'button.path-fill-form');
  assert.equal(link.dataset.form, 'DC-429');
  assert.equal(text(link), 'Fill DC-429 (a form I downloaded)');
  assert.equal(stepNode({ ...step, file: 'Nothing yet.' }, 0).querySelectorAll('button.path-fill-form').length, 0);
  const served = only(stepNode({ ...step, file: 'Nothing yet.', what: 'The summons (form DC-421) gives the date.' }, 0), 'button.path-fill-form');
  assert.equal(text(served), 'Fill a form I downloaded');
});
