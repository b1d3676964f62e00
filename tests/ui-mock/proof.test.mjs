// DEVELOPMENT ONLY: tests of the Case tab's "Proof for the hearing" page (ui/proof.js), in the
// small stand-in document (fake-dom.mjs), driven through the UI mock's own handlers
// (mock-proof.js inside mock-workspace.js, over mock-seed.js's store for the `proof` scenario: case
// 5 is the eviction "Nguyễn Thị Lan" v. "Oak Ridge Apartments, LLC" with a lease, the landlord's
// notice and summons, the day the notice came and the day the landlord filed, a rent payment, a
// note and a witness; the elements come from the server's own sidecars/server/proof/*.json).
//   node --test tests/ui-mock/proof.test.mjs

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runInThisContext } from 'node:vm';
import { installFakeDocument, fire, settle, only, text } from './fake-dom.mjs';
import { useLanguage } from './l10n.mjs';

installFakeDocument();
const repo = new URL('../../', import.meta.url);
globalThis.window = globalThis;
globalThis.location = { search: '?scenario=proof&speed=100' };
globalThis.fetch = async (path) => {
  const text = readFileSync(new URL(`.${path}`, repo), 'utf8');
  return { ok: true, json: async () => JSON.parse(text), text: async () => text };
};
for (const script of ['mock-seed.js', 'mock-proof.js', 'mock-workspace.js']) runInThisContext(readFileSync(new URL(script, import.meta.url), 'utf8'), { filename: script });
const mock = window.__mockWorkspace;

let calls = [];
/** Commands made to fail once: `{command: error}`. */
let failing = {};
window.__TAURI__ = {
  core: {
    invoke: async (command, args, options) => {
      calls.push({ command, args });
      if (failing[command]) {
        const error = failing[command];
        delete failing[command];
        throw error;
      }
      if (!mock.handles(command)) throw { code: 'internal', message: `the mock has no ${command}` };
      return mock.invoke(command, args, options);
    },
  },
};

// The page's words, from ui/locales/en/ on disk (l10n.mjs).
await useLanguage('en');
const { ProofPage, sideTitles } = await import('../../ui/proof.js');
const { stepNode } = await import('../../ui/path.js');
const { h } = await import('../../ui/dom.js');

const CASE = 5;
const BOOK = JSON.parse(readFileSync(new URL('sidecars/server/proof/eviction-tenant.json', repo), 'utf8'));
const called = (command) => calls.filter((c) => c.command === command);
const counts = (root) => Object.fromEntries(root.querySelectorAll('li.proof-count').map((li) => [li.dataset.status, Number(text(only(li, '.proof-count-n')))]));
const card = (root, id) => only(root, `li.proof-element[data-element="${id}"]`);
const docId = (title) => mock.db.documents.find((d) => d.caseId === CASE && d.title.startsWith(title)).id;

/** The Proof page of `caseId`, as the workspace shows it. */
async function proofPage(caseId = CASE) {
  const went = [];
  const ws = { caseId, currentCase: mock.db.cases.find((c) => c.id === caseId), go: (page) => went.push(page) };
  const root = h('section', { id: 'ws-page-proof' });
  document.body.append(root);
  const page = new ProofPage(ws, root);
  await page.show();
  await settle();
  return { page, root, went };
}

/** Opens "Link a record" under `element`, picks `value` (`kind:id`), writes `note`, and links. */
async function linkRecord(root, element, value, note = '') {
  fire(only(root, `#proof-open-link-${element}`), 'click');
  const form = only(root, `#proof-link-form-${element}`);
  assert.equal(form.hidden, false);
  const select = only(form, 'select');
  assert.ok(select.querySelectorAll('option').some((o) => o.getAttribute('value') === value), `${value} is offered under ${element}`);
  select.value = value;
  only(form, `#proof-pick-note-${element}`).value = note;
  fire(form, 'submit');
  await settle();
}

beforeEach(() => {
  document.body.replaceChildren();
  document.activeElement = null;
  calls = [];
  failing = {};
  mock.db.proofLinks = mock.db.proofLinks.filter((l) => l.createdBy === 'agent');
});

test('what the landlord must prove, then the tenant’s answers, each element with its status in words', async () => {
  const { root } = await proofPage();
  assert.deepEqual(called('case_proof').map((c) => c.args), [{ caseId: CASE }]);
  assert.deepEqual(called('proof_kind').map((c) => c.args), [{ kind: 'eviction-tenant' }]);
  assert.equal(text(only(root, '#proof-claim-title')), 'What the landlord must prove');
  assert.equal(text(only(root, '#proof-defence-title')), 'Your answers');
  const claims = root.querySelectorAll('#proof-claim li.proof-element').map((li) => li.dataset.element);
  const answers = root.querySelectorAll('#proof-defence li.proof-element').map((li) => li.dataset.element);
  assert.deepEqual(claims, BOOK.elements.filter((e) => e.side === 'claim').map((e) => e.id));
  assert.deepEqual(answers, BOOK.elements.filter((e) => e.side === 'defence').map((e) => e.id));
  // The caveat is on screen, and the counts add up to the elements.
  assert.match(text(only(root, '#proof-caveat')), /does not say whether the judge will find it shown/);
  const n = counts(root);
  assert.equal(n.shown + n.partly + n.nothing, BOOK.elements.length);
  // The summons the assistant proposed shows "filed after the notice": its status is a word and a mark, not a colour.
  const filed = card(root, 'filed-after-notice');
  assert.equal(filed.dataset.status, 'shown');
  assert.equal(text(only(filed, '.proof-status')), '✓ Shown');
  const link = only(filed, 'li.proof-link');
  assert.match(text(link), /Summons for unlawful detainer/);
  assert.equal(text(only(link, '.proof-agent')), 'Proposed by the assistant');
  assert.equal(only(link, 'input.proof-note').value, 'The summons shows the day the landlord filed.');
  // Plain words, the sections as § links, the evidence as ✗ and the missing sentence.
  const lease = card(root, 'rental-agreement');
  assert.equal(text(only(lease, '.proof-status')), '○ Nothing yet');
  const element = BOOK.elements.find((e) => e.id === 'rental-agreement');
  assert.equal(text(only(lease, '.proof-plain')), element.plain);
  assert.deepEqual(lease.querySelectorAll('.proof-law a.cite').map((a) => a.dataset.sourceId), element.sections);
  const evidence = only(lease, 'li.proof-evidence');
  assert.equal(evidence.dataset.covered, 'false');
  assert.ok(text(evidence).includes(`Missing: ${element.evidenceKinds[0].missing}`), text(evidence));
  assert.ok(text(evidence).includes('(a document or a payment)'), text(evidence));
  assert.ok(lease.querySelectorAll('.proof-sources a.ext-link').length >= 1, 'where the element comes from');
});

test('linking the lease and the notice changes the counts; the picker offers only what the element takes', async () => {
  const { root } = await proofPage();
  const before = counts(root);
  // "A proper written notice" takes documents, timeline events and notes — not payments or people.
  fire(only(root, '#proof-open-link-pay-or-quit-notice'), 'click');
  const groups = root.querySelectorAll('#proof-link-form-pay-or-quit-notice optgroup').map((g) => g.getAttribute('label'));
  assert.deepEqual(groups, ['Documents', 'Timeline events', 'Notes']);
  assert.equal(document.activeElement, only(root, '#proof-pick-pay-or-quit-notice'), 'the keyboard goes to the picker');
  fire(only(root, '#proof-link-form-pay-or-quit-notice button[data-action="close-link"]'), 'click');

  await linkRecord(root, 'rental-agreement', `document:${docId('Lease')}`, 'Signed lease, rent $1,350');
  assert.deepEqual(called('link_proof').at(-1).args, { caseId: CASE, elementId: 'rental-agreement', recordKind: 'document', recordId: docId('Lease'), linked: true, note: 'Signed lease, rent $1,350' });
  assert.equal(card(root, 'rental-agreement').dataset.status, 'shown');
  assert.deepEqual(counts(root), { ...before, shown: before.shown + 1, nothing: before.nothing - 1 });
  const note = only(card(root, 'rental-agreement'), 'input.proof-note');
  assert.equal(note.value, 'Signed lease, rent $1,350');
  assert.equal(document.activeElement, note, 'the keyboard is on what the new link shows');

  await linkRecord(root, 'pay-or-quit-notice', `document:${docId('Pay-or-quit')}`);
  const notice = card(root, 'pay-or-quit-notice');
  assert.equal(notice.dataset.status, 'partly');
  assert.equal(text(only(notice, '.proof-status')), '◐ Partly shown');
  assert.deepEqual(notice.querySelectorAll('li.proof-evidence').map((li) => li.dataset.covered), ['true', 'false']);
  assert.deepEqual(counts(root), { shown: before.shown + 1, partly: before.partly + 1, nothing: before.nothing - 2 });
  // A record linked is not offered again under the same element.
  assert.ok(!card(root, 'rental-agreement').querySelectorAll('option').some((o) => o.getAttribute('value') === `document:${docId('Lease')}`));
});

test('the notice check reads the dates once the day the notice came and the day of filing are linked', async () => {
  const { root } = await proofPage();
  const notice = card(root, 'pay-or-quit-notice');
  assert.match(text(only(notice, '.proof-dates')), /The date the notice was served is not recorded yet/);
  const served = mock.db.timeline.find((t) => t.caseId === CASE && t.title.startsWith('Pay-or-quit notice')).id;
  const filed = mock.db.timeline.find((t) => t.caseId === CASE && t.title.startsWith('The landlord filed')).id;
  await linkRecord(root, 'pay-or-quit-notice', `timeline:${served}`);
  await linkRecord(root, 'filed-after-notice', `timeline:${filed}`);
  const dates = text(only(card(root, 'pay-or-quit-notice'), '.proof-dates'));
  assert.match(dates, /From your dates, the notice was served on .* and the case was filed on .*: 10 days later\./);
  assert.match(dates, /§ 55\.1-1245 gives 14 days; the case was filed before they had run out\./);
  assert.ok(only(card(root, 'pay-or-quit-notice'), '.proof-dates').classList.contains('proof-dates-short'));
});

test('a note is changed and a link taken away; a refusal keeps what the person chose and wrote', async () => {
  const { root } = await proofPage();
  await linkRecord(root, 'rental-agreement', `document:${docId('Lease')}`);
  const form = only(card(root, 'rental-agreement'), 'form.proof-note-form');
  only(form, 'input.proof-note').value = 'Page 1 names me as the tenant';
  fire(form, 'submit');
  await settle();
  const key = `rental-agreement-document-${docId('Lease')}`;
  assert.equal(only(root, `#proof-note-${key}`).value, 'Page 1 names me as the tenant');
  assert.equal(text(only(root, `#proof-note-status-${key}`)), 'Saved.');

  // The server refuses: the choice and the words stay, the reason is shown and focused.
  const payment = mock.db.finances.find((f) => f.caseId === CASE).id;
  failing.link_proof = { code: 'invalid_input', message: 'invalid field `recordId`: finance 9 belongs to another case', field: 'recordId', fields: { recordId: 'finance 9 belongs to another case' } };
  fire(only(root, '#proof-open-link-paid-or-tendered'), 'click');
  const pick = only(root, '#proof-pick-paid-or-tendered');
  pick.value = `finance:${payment}`;
  only(root, '#proof-pick-note-paid-or-tendered').value = 'The October money order';
  fire(only(root, '#proof-link-form-paid-or-tendered'), 'submit');
  await settle();
  const error = only(root, '#proof-link-error-paid-or-tendered');
  assert.equal(error.hidden, false);
  assert.match(text(error), /^Not linked: invalid field `recordId`: finance 9 belongs to another case/);
  assert.equal(document.activeElement, error);
  assert.equal(only(root, '#proof-link-form-paid-or-tendered').hidden, false);
  assert.equal(pick.value, `finance:${payment}`);
  assert.equal(only(root, '#proof-pick-note-paid-or-tendered').value, 'The October money order');
  assert.equal(card(root, 'paid-or-tendered').dataset.status, 'nothing');

  // Unlink: the element has nothing again, the keyboard on its "Link a record".
  fire(only(card(root, 'rental-agreement'), 'button[data-action="unlink"]'), 'click');
  await settle();
  assert.deepEqual(called('link_proof').at(-1).args, { caseId: CASE, elementId: 'rental-agreement', recordKind: 'document', recordId: docId('Lease'), linked: false });
  assert.equal(card(root, 'rental-agreement').dataset.status, 'nothing');
  assert.equal(document.activeElement, only(root, '#proof-open-link-rental-agreement'));
});

test('the hearing packet: linked documents numbered, moved by keyboard, exported in that order, files and warnings shown', async () => {
  const { root } = await proofPage();
  await linkRecord(root, 'rental-agreement', `document:${docId('Lease')}`);
  await linkRecord(root, 'pay-or-quit-notice', `document:${docId('Pay-or-quit')}`);
  const order = () => root.querySelectorAll('#proof-exhibits li.proof-exhibit').map((li) => Number(li.dataset.documentId));
  const summons = docId('Summons');
  // In the elements' order: the lease, the notice, then the summons (filed after the notice).
  assert.deepEqual(order(), [docId('Lease'), docId('Pay-or-quit'), summons]);
  assert.equal(text(root.querySelectorAll('#proof-exhibits .proof-exhibit-number')[0]), 'Exhibit 1');
  const up = (id) => only(root, `#proof-exhibits button[data-action="move-up"][data-document-id="${id}"]`);
  assert.ok(up(docId('Lease')).hasAttribute('disabled'), 'the first cannot go up');
  fire(up(summons), 'click');
  fire(up(summons), 'click');
  assert.deepEqual(order(), [summons, docId('Lease'), docId('Pay-or-quit')]);
  assert.equal(document.activeElement.dataset.documentId, String(summons), 'the keyboard stays on the moved exhibit');
  assert.equal(document.activeElement.dataset.action, 'move-down', 'at the top, on the button that still works');
  assert.equal(up(summons).getAttribute('aria-label'), 'Move up: Exhibit 1, “Summons for unlawful detainer (from the landlord)”');

  // A failed export says why and keeps the order; the next one saves the files.
  failing.hearing_packet = { code: 'unavailable', message: 'The case data server is not running.' };
  fire(only(root, '#proof-export'), 'click');
  await settle();
  assert.equal(only(root, '#proof-packet-result').dataset.state, 'error');
  assert.match(text(only(root, '#proof-packet-result')), /The packet was not made: The case data server is not running\./);
  assert.deepEqual(order(), [summons, docId('Lease'), docId('Pay-or-quit')]);
  fire(only(root, '#proof-export'), 'click');
  await settle();
  assert.deepEqual(called('hearing_packet').at(-1).args, { caseId: CASE, exhibits: [summons, docId('Lease'), docId('Pay-or-quit')] });
  const result = only(root, '#proof-packet-result');
  assert.equal(result.dataset.state, 'saved');
  assert.equal(text(only(result, '#proof-packet-done')), 'Saved 2 files to your exports folder:');
  const files = result.querySelectorAll('#proof-files li').map((li) => li.dataset.path);
  assert.deepEqual(files.map((p) => p.split('.').pop()), ['pdf', 'docx']);
  assert.ok(files.every((p) => p.includes('Oak Ridge eviction - hearing packet')), files.join(', '));
});

test('a packet with nothing linked says so; a case without a kind shows the server’s message and the way to Step by step', async () => {
  mock.db.proofLinks = [];
  const { root } = await proofPage();
  assert.ok(only(root, '#proof-no-exhibits'));
  fire(only(root, '#proof-export'), 'click');
  await settle();
  assert.match(text(only(root, '#proof-warnings')), /Nothing is linked yet/);

  document.body.replaceChildren();
  calls = [];
  const { root: plain, went } = await proofPage(1);
  assert.match(text(only(plain, '#proof-message')), /Choose what kind of case this is \(Case → Step by step\)/);
  assert.match(text(only(plain, '#proof-caveat')), /does not say whether the judge will find it shown/);
  assert.equal(plain.querySelectorAll('li.proof-element').length, 0);
  assert.equal(only(plain, '#proof-packet').hidden, true);
  assert.equal(called('proof_kind').length, 0, 'no kind, no elements to read');
  fire(only(plain, '#proof-go-path'), 'click');
  assert.deepEqual(went, ['path']);
});

test('a view that cannot be read says why, with Try again', async () => {
  failing.case_proof = { code: 'unavailable', message: 'The case data server is not running.' };
  const { root } = await proofPage();
  const status = only(root, '#proof-status');
  assert.equal(status.dataset.state, 'error');
  assert.match(text(status), /could not be read: The case data server is not running\./);
  fire(only(status, 'button[data-action="reload"]'), 'click');
  await settle();
  assert.equal(status.dataset.state, 'ready');
  assert.ok(root.querySelectorAll('li.proof-element').length > 0);
});

test('the headings are the server\'s, said from the person\'s side; a step in court links to the Proof page', () => {
  assert.deepEqual(sideTitles({ kind: 'debt-plaintiff', claimHeading: 'What you must prove', defenceHeading: 'What the defendant may answer' }), { claim: 'What you must prove', defence: 'What the defendant may answer' });
  assert.deepEqual(sideTitles({ kind: 'traffic-misdemeanor' }), { claim: 'What must be proved', defence: 'The answers to the case' });
  // The page's document is the stand-in: the event the button sends is caught where it is sent.
  const opened = [];
  document.dispatchEvent = (e) => opened.push(e.type);
  const inCourt = stepNode({ id: 'first-hearing', title: 'The first court date', on: { key: 'returnDate', label: 'The first court date', date: null, court: true }, what: 'x', court: 'y', file: 'z', bring: 'The lease.', sections: [], status: 'upcoming' }, 3);
  fire(only(inCourt, 'button.path-proof'), 'click');
  delete document.dispatchEvent;
  assert.deepEqual(opened, ['proseva:open-proof']);
  const notInCourt = stepNode({ id: 'notice', title: 'The notice', what: 'x', court: 'y', file: 'z', bring: 'w', sections: [], status: 'done' }, 0);
  assert.equal(notInCourt.querySelectorAll('button.path-proof').length, 0);
});
