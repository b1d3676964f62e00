// DEVELOPMENT ONLY: tests of the Case tab's "Step by step" page (ui/path.js), "Add to my
// calendar" (ui/calendar-export.js) and the reminders at the top of the window (ui/reminders.js),
// in the small stand-in document (fake-dom.mjs), with the app's commands answered by a fake
// bridge that records them. The plans and reminders in fixtures/ are what the real server
// answered (proseva-server: an eviction case served 2026-11-20, in court 2026-12-08, two steps
// ticked; then the judgment date entered; GET /api/reminders as reminders_missed gives it).
//   node --test tests/ui-mock/path.test.mjs

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { installFakeDocument, fire } from './fake-dom.mjs';
import { useLanguage } from './l10n.mjs';

installFakeDocument();
globalThis.window = {};

const fixture = (name) => JSON.parse(readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8'));
const PLAN = fixture('plan-eviction.json');
const JUDGED = fixture('plan-eviction-judged.json');
const KINDS = fixture('path-kinds.json');
const MISSED = fixture('reminders-missed.json');

// The page's words, from ui/locales/en/ on disk (l10n.mjs).
await useLanguage('en');
const { planNodes, PathPage, pathChanges, richText, relativeDay } = await import('../../ui/path.js');
const { calendarButton, exportMessage, neutralChoice, isProtectiveOrder } = await import('../../ui/calendar-export.js');
const { Reminders, StartAtLoginPrompt, ReminderSettingsGroup } = await import('../../ui/reminders.js');
const { h } = await import('../../ui/dom.js');

/** The app's commands, answered by `handlers` (`{command: (args) => answer}`); every call kept. */
let calls = [];
function bridge(handlers) {
  calls = [];
  window.__TAURI__ = {
    core: {
      invoke: async (command, args) => {
        calls.push({ command, args });
        const handler = handlers[command];
        if (!handler) throw { code: 'internal', message: `no fake for ${command}` };
        return handler(args);
      },
    },
  };
}
/** Lets the awaited commands and their follow-ups run. */
const settle = async () => {
  for (let i = 0; i < 10; i += 1) await new Promise((resolve) => setImmediate(resolve));
};
const only = (root, selector) => {
  const found = root.querySelectorAll(selector);
  assert.equal(found.length, 1, `one ${selector}`);
  return found[0];
};
const clone = (v) => JSON.parse(JSON.stringify(v));

beforeEach(() => {
  document.body.replaceChildren();
  document.activeElement = null;
});

// ------------------------------------------------------------------------------------ the path

test('the path: each step with its status, the next one standing out, done ones folded', () => {
  const root = h('div', {}, planNodes(PLAN, '2026-11-27'));
  const steps = root.querySelectorAll('li.path-step');
  assert.deepEqual(
    steps.map((li) => [li.dataset.step, li.dataset.status]),
    [
      ['notice', 'done'],
      ['summons', 'done'],
      ['prepare', 'next'],
      ['first-hearing', 'upcoming'],
      ['appeal', 'upcoming'],
      ['writ', 'upcoming'],
    ],
  );
  const next = only(root, '.path-step[data-status="next"]');
  assert.equal(next.dataset.step, PLAN.next);
  assert.equal(next.getAttribute('aria-current'), 'step');
  assert.equal(only(next, '.path-status').textContent, 'Next');
  assert.equal(only(next, 'input.path-tick').checked, false);
  assert.equal(only(root, '#case-path-progress').textContent, '2 of 6 steps done. Next: Get ready to tell your side.');
  // Done steps: ticked, their text folded away.
  const done = only(root, '.path-step[data-step="notice"]');
  assert.equal(only(done, 'input.path-tick').checked, true);
  assert.equal(only(done, 'details.path-more').querySelectorAll('.path-fact').length, 5);
  // What to file, with the form number as the court writes it; the sections as links to the viewer.
  assert.equal(only(next, '.path-file .form-number').textContent, 'DC-429');
  assert.deepEqual(
    next.querySelectorAll('.path-law a.cite').map((a) => a.getAttribute('data-source-id')),
    ['55.1-1241', '55.1-1244', '55.1-1258'],
  );
  assert.equal(only(root, '#case-path-caveats').querySelectorAll('li').length, PLAN.caveats.length);
});

test('a court date shows its day; a deadline whose date is missing says which date to enter', () => {
  const root = h('div', {}, planNodes(PLAN, '2026-11-27'));
  const hearing = only(root, '.path-step[data-step="first-hearing"] .path-on');
  assert.equal(hearing.dataset.date, '2026-12-08');
  assert.equal(hearing.textContent, 'In court: Tuesday, December 8, 2026 (in 11 days)');
  const appeal = only(root, '.path-step[data-step="appeal"] .path-needs');
  assert.equal(appeal.textContent, 'Deadline: Enter the day the judge decided the case to see this deadline.');
  assert.equal(appeal.dataset.ruleId, 'appeal-unlawful-detainer');
  assert.equal(root.querySelectorAll('.path-step[data-step="appeal"] .path-deadline').length, 0);
});

test("a deadline with its date shows the day and the rule's working, its section linked", () => {
  const root = h('div', {}, planNodes(JUDGED, '2026-12-09'));
  const deadline = only(root, '.path-step[data-step="appeal"] .path-deadline');
  assert.equal(deadline.dataset.date, '2026-12-18');
  assert.match(deadline.textContent, /^Deadline: Friday, December 18, 2026 \(in 9 days\)10 days after 2026-12-08/);
  assert.deepEqual(
    deadline.querySelectorAll('.path-explanation a.cite').map((a) => a.getAttribute('data-source-id')),
    ['8.01-129', '8.01-129'],
  );
});

test('step text: form numbers stand out, section numbers link, the rest is text', () => {
  const root = h('p', {}, richText('File form DC-421 under § 8.01-126, then DC-475.'));
  assert.deepEqual(root.querySelectorAll('strong.form-number').map((n) => n.textContent), ['DC-421', 'DC-475']);
  assert.equal(only(root, 'a.cite').getAttribute('data-source-id'), '8.01-126');
  assert.equal(root.textContent, 'File form DC-421 under § 8.01-126, then DC-475.');
  assert.equal(relativeDay('2026-12-08', '2026-12-09'), 'yesterday');
  assert.equal(relativeDay('2026-12-01', '2026-12-09'), '8 days ago');
});

test('what the setup form sends: only what changed, a cleared date as null, the amount as a number', () => {
  const saved = { kind: 'eviction-tenant', pathDates: { servedDate: '2026-11-20', returnDate: '2026-12-08' }, amount: null };
  assert.deepEqual(pathChanges(saved, { kind: 'eviction-tenant', dates: { servedDate: '2026-11-20', returnDate: '2026-12-08', judgmentDate: '' } }), {});
  assert.deepEqual(pathChanges(saved, { kind: 'eviction-tenant', dates: { servedDate: '', returnDate: '2026-12-09', judgmentDate: '2026-12-09' } }), {
    dates: { servedDate: null, returnDate: '2026-12-09', judgmentDate: '2026-12-09' },
  });
  assert.deepEqual(pathChanges(saved, { kind: 'debt-plaintiff', dates: {}, amountText: '$4,800.50' }), { kind: 'debt-plaintiff', amount: 4800.5 });
  // Not a number (the command takes only numbers): not sent, and why.
  assert.deepEqual(pathChanges({ ...saved, amount: 100 }, { kind: 'eviction-tenant', dates: {}, amountText: 'a lot' }), { invalid: { amount: 'must be a number of dollars, e.g. 4500 or 4,500.00' } });
  assert.deepEqual(pathChanges(saved, { kind: 'debt-plaintiff', dates: {}, amountText: '-5' }), { kind: 'debt-plaintiff', invalid: { amount: 'must be a number of dollars, not negative, e.g. 4500 or 4,500.00' } });
  assert.deepEqual(pathChanges({ ...saved, amount: 100 }, { kind: 'eviction-tenant', dates: {}, amountText: ' ' }), { amount: null });
});

/** The Step by step page on an eviction case, with the server's answers. */
async function evictionPage(handlers = {}) {
  const changed = [];
  const c = { id: 1, name: 'Eviction, 12 Pine Ct.', kind: 'eviction-tenant', pathDates: { servedDate: '2026-11-20', returnDate: '2026-12-08' }, amount: null };
  const ws = { caseId: 1, currentCase: c, cases: [c], changed: (r) => changed.push(r), caseSaved: (record) => Object.assign(c, record) };
  bridge({ path_kinds: () => clone(KINDS), case_path: () => clone(PLAN), ...handlers });
  const root = h('section', { id: 'ws-page-path' });
  document.body.append(root);
  const page = new PathPage(ws, root);
  await page.show();
  return { page, root, changed, c };
}

test('the page: the kind chosen, its dates as inputs (court days marked), the plan below', async () => {
  const { root } = await evictionPage();
  assert.equal(only(root, '#case-kind').value, 'eviction-tenant');
  assert.equal(root.querySelectorAll('#case-kind option').length, 9);
  const inputs = root.querySelectorAll('input[data-date-key]');
  assert.deepEqual(
    inputs.map((i) => [i.dataset.dateKey, i.value, i.dataset.court || '']),
    [
      ['noticeDate', '', ''],
      ['servedDate', '2026-11-20', ''],
      ['returnDate', '2026-12-08', 'true'],
      ['judgmentDate', '', ''],
    ],
  );
  assert.equal(only(root, '#case-amount-field').hidden, true);
  assert.equal(only(root, '#case-path').dataset.next, 'prepare');
  assert.equal(only(root, '#case-court .path-court-name').dataset.court, 'general-district');
  assert.deepEqual(calls.map((c) => c.command), ['path_kinds', 'case_path']);
});

test('ticking the next step sends tick_step, shows the new plan and keeps focus on the box', async () => {
  const after = clone(PLAN);
  for (const s of after.steps) if (s.id === 'prepare') s.status = 'done';
  for (const s of after.steps) if (s.id === 'first-hearing') s.status = 'next';
  after.next = 'first-hearing';
  const { root, changed } = await evictionPage({ tick_step: () => after });
  const box = only(root, '.path-step[data-step="prepare"] input.path-tick');
  box.checked = true;
  fire(box, 'change');
  await settle();
  assert.deepEqual(calls.at(-1), { command: 'tick_step', args: { caseId: 1, stepId: 'prepare', done: true } });
  assert.equal(only(root, '.path-step[data-status="next"]').dataset.step, 'first-hearing');
  const again = only(root, '#path-tick-prepare');
  assert.equal(again.checked, true);
  assert.equal(document.activeElement, again);
  assert.deepEqual(changed, ['path']);
});

test('a tick the app refuses is undone and said', async () => {
  const { root } = await evictionPage({ tick_step: () => Promise.reject({ code: 'unavailable', message: 'the case data server is not running' }) });
  const box = only(root, '.path-step[data-step="prepare"] input.path-tick');
  box.checked = true;
  fire(box, 'change');
  await settle();
  assert.equal(box.checked, false);
  assert.equal(box.disabled, false);
  assert.equal(only(root, '#case-path-error').textContent, 'Not changed: the case data server is not running');
});

test('saving a date sends set_case_path with only that date; a refusal goes under its fields', async () => {
  let answer = () => clone(JUDGED);
  const { page, root, changed } = await evictionPage({
    set_case_path: (args) => answer(args),
    get_record: () => ({ id: 1, kind: 'eviction-tenant', pathDates: { servedDate: '2026-11-20', returnDate: '2026-12-08', judgmentDate: '2026-12-08' }, amount: null }),
  });
  only(root, 'input[data-date-key="judgmentDate"]').value = '2026-12-08';
  await page.submit();
  assert.deepEqual(calls.find((c) => c.command === 'set_case_path').args, { caseId: 1, kind: 'eviction-tenant', dates: { judgmentDate: '2026-12-08' } });
  assert.equal(only(root, '.path-step[data-step="appeal"] .path-deadline').dataset.date, '2026-12-18');
  assert.match(only(root, '#case-path-saved').textContent, /^Saved\. Next: Get ready to tell your side\./);
  assert.deepEqual(changed, ['deadlines']);

  answer = () => Promise.reject({ code: 'invalid_input', message: '2 fields are invalid: amount, pathDates', fields: { amount: 'must be a number of dollars, not negative, e.g. 4500 or 4,500.00', pathDates: 'returnDate must be a date written YYYY-MM-DD between 1800 and 2200' } });
  only(root, 'input[data-date-key="returnDate"]').value = '2026-12-09';
  await page.submit();
  assert.equal(only(root, '#err-case-path-dates').hidden, false);
  assert.equal(only(root, '#err-case-path-dates').textContent, 'ReturnDate must be a date written YYYY-MM-DD between 1800 and 2200');
  assert.equal(only(root, '#err-case-amount').textContent, 'Must be a number of dollars, not negative, e.g. 4500 or 4,500.00');
  assert.equal(only(root, '#case-path-error').textContent, 'Not saved: 2 things need a change (see above).');
});

test('an amount that is not a number is refused under its field, without asking the app', async () => {
  const { page, root } = await evictionPage();
  page.kindSelect.value = 'debt-defendant';
  page.showKind('debt-defendant', { keep: true });
  only(root, '#case-amount').value = 'about 5000';
  await page.submit();
  assert.equal(calls.filter((c) => c.command === 'set_case_path').length, 0);
  assert.equal(only(root, '#err-case-amount').textContent, 'Must be a number of dollars, e.g. 4500 or 4,500.00');
  assert.equal(only(root, '#case-amount').getAttribute('aria-invalid'), 'true');
  assert.equal(document.activeElement, only(root, '#case-amount'));
});

test('reminders_missed while the app is still checking: asked again until it answers', async () => {
  let left = 2;
  bridge({ reminders_missed: () => (left-- > 0 ? Promise.reject({ code: 'starting', message: 'ProSeVA is still checking for reminders; try again in a moment.' }) : clone(MISSED)) });
  const missedRoot = h('div', { hidden: true });
  document.body.append(missedRoot);
  const reminders = new Reminders({ missedRoot, liveRoot: h('div'), open() {} });
  await reminders.start({ retryMs: 1 });
  assert.equal(calls.length, 3);
  assert.equal(missedRoot.querySelectorAll('li.reminder-item').length, 2);
});

test('a case without a kind: the choice is offered, nothing is asked of the path', async () => {
  const c = { id: 2, name: 'Deposit', kind: null, pathDates: {}, amount: null };
  bridge({ path_kinds: () => clone(KINDS) });
  const root = h('section');
  document.body.append(root);
  const page = new PathPage({ caseId: 2, currentCase: c, cases: [c], changed() {}, caseSaved() {} }, root);
  await page.show();
  assert.equal(only(root, '#case-kind').value, '');
  assert.equal(only(root, '#case-path-dates').hidden, true);
  assert.ok(only(root, '#case-path-empty'));
  assert.deepEqual(calls.map((x) => x.command), ['path_kinds']);
  // Choosing a money kind shows its dates and the amount before anything is saved.
  const kind = only(root, '#case-kind');
  kind.value = 'debt-plaintiff';
  page.showKind('debt-plaintiff', { keep: true });
  assert.equal(only(root, '#case-amount-field').hidden, false);
  assert.deepEqual(root.querySelectorAll('input[data-date-key]').map((i) => i.dataset.dateKey), ['filedDate', 'servedDate', 'returnDate', 'judgmentDate']);
});

// ------------------------------------------------------------------------------------ calendar

test('Add to my calendar: where the file went, how many events, how to import it', async () => {
  bridge({ calendar_export: () => ({ path: '/home/pat/.local/share/proseva/exports/proseva-calendar.ics', fileName: 'proseva-calendar.ics', events: 3 }) });
  const button = calendarButton('all', () => ({}));
  const head = h('header', { class: 'page-head' }, button);
  document.body.append(h('section', {}, head, h('div', { class: 'list' })));
  assert.equal(button.getAttribute('data-scope'), 'all');
  assert.ok(button.classList.contains('add-to-calendar'));
  fire(button, 'click');
  await settle();
  assert.deepEqual(calls, [{ command: 'calendar_export', args: {} }]);
  const result = document.getElementById('calendar-export-result');
  assert.equal(head.parentNode.childNodes.indexOf(result), 1, 'right under the page header');
  assert.equal(result.dataset.state, 'saved');
  assert.equal(result.getAttribute('role'), 'status');
  assert.equal(result.querySelector('.calendar-export-line').textContent, 'Saved 3 events for your calendar in /home/pat/.local/share/proseva/exports/proseva-calendar.ics.');
  const howto = result.querySelector('details.calendar-howto');
  assert.equal(howto.querySelector('summary').textContent, 'How to add the file to your calendar');
  assert.deepEqual(howto.querySelectorAll('li strong').map((s) => s.textContent), ['Google Calendar: ', 'Outlook: ', 'Apple Calendar: ']);
  assert.equal(button.disabled, false);
});

test("one deadline's export shows in its row; a failure says why", async () => {
  bridge({ calendar_export: () => Promise.reject({ code: 'not_found', message: 'no deadline with id 9' }) });
  const button = calendarButton('deadline', () => ({ deadlineId: 9 }));
  const row = h('li', { class: 'rec-row' }, h('div', { class: 'rec-main' }, h('h4', {}, 'Hearing')), h('div', { class: 'rec-actions' }, button));
  document.body.append(h('ul', {}, row));
  fire(button, 'click');
  await settle();
  assert.deepEqual(calls, [{ command: 'calendar_export', args: { deadlineId: 9 } }]);
  const result = row.querySelector('.rec-main #calendar-export-result');
  assert.equal(result.dataset.state, 'error');
  assert.equal(result.getAttribute('role'), 'alert');
  assert.equal(result.textContent, 'The calendar file was not saved: no deadline with id 9');
  assert.equal(h('div', {}, exportMessage({ path: '/x/a.ics', fileName: 'a.ics', events: 1 })).querySelector('.calendar-export-line').textContent, 'Saved 1 event for your calendar in /x/a.ics.');
});

test('neutral titles: ticked at first for a protective order, sent when ticked, the tick kept for the same case', async () => {
  bridge({ calendar_export: () => ({ path: '/x/proseva-case-3.ics', fileName: 'proseva-case-3.ics', events: 2 }) });
  const choice = neutralChoice('case-calendar-neutral');
  const button = calendarButton('case', () => ({ caseId: 3 }), { neutral: choice });
  document.body.append(h('section', {}, h('header', { class: 'page-head' }, button, choice.root)));
  assert.equal(choice.root.textContent, 'Neutral titles (nothing about the case)');
  assert.equal(only(choice.root, 'input#case-calendar-neutral').getAttribute('type'), 'checkbox');
  const protective = { id: 3, kind: 'protective-order-respondent' };
  assert.ok(isProtectiveOrder(protective) && isProtectiveOrder({ kind: 'protective-order-petitioner' }));
  assert.ok(!isProtectiveOrder({ kind: 'eviction-tenant' }) && !isProtectiveOrder(null));
  choice.setDefault('3/protective-order-respondent', isProtectiveOrder(protective));
  assert.equal(choice.checked, true);
  fire(button, 'click');
  await settle();
  assert.deepEqual(calls.at(-1), { command: 'calendar_export', args: { caseId: 3, neutral: true } });
  // Unticked by the person: the page shown again for the same case keeps it so.
  choice.box.checked = false;
  choice.setDefault('3/protective-order-respondent', true);
  fire(button, 'click');
  await settle();
  assert.deepEqual(calls.at(-1), { command: 'calendar_export', args: { caseId: 3 } });
  // Another case (or another kind): its own default.
  choice.setDefault('4/eviction-tenant', false);
  assert.equal(choice.checked, false);
  choice.setDefault('4/protective-order-petitioner', true);
  assert.equal(choice.checked, true);
});

// ------------------------------------------------------------------------------------ reminders

/** The window's reminder areas, as ui/index.html has them. */
function reminderAreas() {
  const missedRoot = h('div', { id: 'missed-reminders', hidden: true });
  const liveRoot = h('div', { id: 'reminder-list', 'aria-live': 'polite' });
  document.body.append(h('main', { id: 'main' }), missedRoot, liveRoot);
  return { missedRoot, liveRoot };
}

test('on start, what came due while ProSeVA was closed is shown first; Dismiss and Dismiss all', async () => {
  const dismissed = [];
  bridge({ reminders_missed: () => clone(MISSED), reminders_dismiss: ({ keys }) => (dismissed.push(keys), { dismissed: keys, ignored: [] }) });
  const { missedRoot } = reminderAreas();
  const opened = [];
  const reminders = new Reminders({ missedRoot, liveRoot: document.getElementById('reminder-list'), open: (r) => opened.push(r.deadlineId) });
  await reminders.start();
  assert.equal(missedRoot.hidden, false);
  assert.equal(only(missedRoot, '#missed-reminders-title').textContent, 'While ProSeVA was closed');
  const items = missedRoot.querySelectorAll('li.reminder-item');
  assert.deepEqual(items.map((li) => li.querySelector('.reminder-text').textContent), MISSED.reminders.map((r) => r.text));
  assert.equal(items[0].dataset.passed, 'true');
  assert.equal(only(missedRoot, '#missed-reminders-dismiss-all').hidden, false);

  fire(only(items[1], 'button.reminder-open'), 'click');
  assert.deepEqual(opened, [MISSED.reminders[1].deadlineId]);

  // Dismiss one: every key it stands for, so the earlier ones of that deadline never come back.
  fire(only(items[0], 'button.reminder-dismiss'), 'click');
  await settle();
  assert.deepEqual(dismissed, [MISSED.reminders[0].keys]);
  assert.equal(missedRoot.querySelectorAll('li.reminder-item').length, 1);
  assert.equal(document.activeElement, only(missedRoot, 'button.reminder-dismiss'));
  assert.equal(only(missedRoot, '#missed-reminders-dismiss-all').hidden, true);

  // The last one: the panel goes, focus goes back to the page.
  fire(only(missedRoot, 'button.reminder-dismiss'), 'click');
  await settle();
  assert.deepEqual(dismissed[1], MISSED.reminders[1].keys);
  assert.equal(missedRoot.hidden, true);
  assert.equal(document.activeElement, document.getElementById('main'));
});

test('Dismiss all sends every key at once; a refusal keeps the reminders and says why', async () => {
  let fail = true;
  bridge({ reminders_missed: () => clone(MISSED), reminders_dismiss: ({ keys }) => (fail ? Promise.reject({ code: 'unavailable', message: 'the case data server is not running' }) : { dismissed: keys, ignored: [] }) });
  const { missedRoot, liveRoot } = reminderAreas();
  const reminders = new Reminders({ missedRoot, liveRoot, open() {} });
  await reminders.start();
  fire(only(missedRoot, '#missed-reminders-dismiss-all'), 'click');
  await settle();
  assert.equal(missedRoot.querySelectorAll('li.reminder-item').length, 2);
  assert.equal(only(missedRoot, '.reminder-error').textContent, 'Not dismissed: the case data server is not running');
  fail = false;
  fire(only(missedRoot, '#missed-reminders-dismiss-all'), 'click');
  await settle();
  assert.deepEqual(calls.at(-1).args.keys, [...MISSED.reminders[0].keys, ...MISSED.reminders[1].keys]);
  assert.equal(missedRoot.hidden, true);
});

test('nothing missed: no panel; reminders that fire while running go to the live list', async () => {
  bridge({ reminders_missed: () => ({ since: '2026-12-08T12:00:00Z', reminders: [] }) });
  const { missedRoot, liveRoot } = reminderAreas();
  const reminders = new Reminders({ missedRoot, liveRoot, open() {} });
  await reminders.start();
  assert.equal(missedRoot.hidden, true);
  assert.equal(liveRoot.childNodes.length, 0);
  const hearing = { ...MISSED.reminders[1], passed: false, offset: '2d', key: 'deadline/1/2d/2026-12-08T09:00', keys: ['deadline/1/2d/2026-12-08T09:00'], text: 'Go to the first court date in 2 days (Tue 8 Dec) 9:00 at Richmond General District Court, 400 N. 9th St., Courtroom 2 — Eviction, 12 Pine Ct.' };
  reminders.fired({ reminders: [hearing] });
  assert.equal(liveRoot.getAttribute('aria-live'), 'polite');
  assert.deepEqual(liveRoot.querySelectorAll('.reminder-item .reminder-text').map((n) => n.textContent), [hearing.text]);
  // The same deadline firing again (the morning of): one line, the latest.
  reminders.fired({ reminders: [{ ...hearing, offset: 'morning', key: 'deadline/1/morning/2026-12-08T09:00', text: 'Go to the first court date today 9:00 — Eviction, 12 Pine Ct.' }] });
  assert.deepEqual(liveRoot.querySelectorAll('.reminder-item .reminder-text').map((n) => n.textContent), ['Go to the first court date today 9:00 — Eviction, 12 Pine Ct.']);
  reminders.fired({ reminders: 'nonsense' });
  assert.equal(liveRoot.querySelectorAll('.reminder-item').length, 1);
});

test('on the neutral view a reminder says only that there is one; then all of it again', async () => {
  bridge({ reminders_missed: () => clone(MISSED) });
  const { missedRoot, liveRoot } = reminderAreas();
  const opened = [];
  const reminders = new Reminders({ missedRoot, liveRoot, open: (r) => opened.push(r.deadlineId) });
  reminders.setNeutral(true);
  reminders.fired({ reminders: [MISSED.reminders[1]] });
  const item = only(liveRoot, 'li.reminder-item');
  assert.equal(item.querySelector('.reminder-text').textContent, 'You have a reminder');
  assert.equal(item.dataset.caseId, undefined, 'no case named in the page either');
  assert.deepEqual(item.querySelectorAll('button').map((b) => b.getAttribute('aria-label')), ['Show: the reminder', 'Dismiss: the reminder']);
  fire(only(item, 'button.reminder-open'), 'click');
  assert.deepEqual(opened, [MISSED.reminders[1].deadlineId], 'Show still opens it');
  reminders.setNeutral(false);
  assert.equal(only(liveRoot, '.reminder-text').textContent, MISSED.reminders[1].text);
});

test('Settings: discreet reminders are read, and only a change is saved', async () => {
  const settings = { notifications: true, startAtLogin: false, startAtLoginAsked: true, discreet: 'protectiveOrders' };
  bridge({ reminder_settings: () => ({ ...settings }), set_reminder_settings: (changes) => Object.assign(settings, changes) });
  const discreet = h('select', { id: 'set-discreet' }, ...['protectiveOrders', 'all', 'off'].map((v) => h('option', { value: v }, v)));
  const group = h(
    'fieldset',
    { id: 'reminder-settings' },
    h('input', { type: 'checkbox', id: 'set-notifications' }),
    h('input', { type: 'checkbox', id: 'set-startAtLogin' }),
    discreet,
    h('p', { id: 'err-reminder-settings', hidden: true }),
  );
  document.body.append(group);
  const form = new ReminderSettingsGroup(group);
  await form.load();
  assert.equal(discreet.value, 'protectiveOrders');
  assert.equal(form.changes(), null);
  discreet.value = 'all';
  assert.deepEqual(form.changes(), { discreet: 'all' });
  await form.save();
  assert.deepEqual(calls.at(-1), { command: 'set_reminder_settings', args: { discreet: 'all' } });
  assert.equal(settings.discreet, 'all');
  // From an app that does not say: the default.
  delete settings.discreet;
  await form.load();
  assert.equal(discreet.value, 'protectiveOrders');
});

test('start at login is asked once, after the first deadline; either answer is remembered', async () => {
  const settings = { notifications: true, startAtLogin: false, startAtLoginAsked: false };
  let total = 0;
  bridge({
    reminder_settings: () => ({ ...settings }),
    set_reminder_settings: (changes) => Object.assign(settings, changes),
    list_records: () => ({ items: [], total, limit: 1, offset: 0 }),
  });
  const root = h('div', { id: 'start-at-login-prompt' });
  document.body.append(h('main', { id: 'main' }), root);
  const prompt = new StartAtLoginPrompt(root);
  assert.equal(await prompt.maybeAsk(), false, 'no deadline yet');
  assert.equal(root.hidden, true);
  total = 1;
  assert.equal(await prompt.maybeAsk(), true);
  assert.equal(root.hidden, false);
  fire(only(root, '#start-at-login-no'), 'click');
  await settle();
  assert.deepEqual(calls.at(-1), { command: 'set_reminder_settings', args: { startAtLoginAsked: true } });
  assert.equal(root.hidden, true);
  assert.deepEqual(settings, { notifications: true, startAtLogin: false, startAtLoginAsked: true });
  const before = calls.length;
  assert.equal(await prompt.maybeAsk(), false);
  assert.equal(calls.length, before, 'not even asked of the app again');
  // A new session of the window, after the answer: the app says it was asked.
  const again = new StartAtLoginPrompt(h('div'));
  assert.equal(await again.maybeAsk(), false);
});
