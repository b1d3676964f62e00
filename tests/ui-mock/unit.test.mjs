// DEVELOPMENT ONLY: unit tests of ui/'s pure functions — where the app's citation spans land in
// the text, paragraphs of a section with their spans, typed command errors, result counts.
// (The citation grammar and the tool-result cards are the app's own, tested in Rust:
// crates/citation, crates/agent/src/citations.rs and cards_tests.rs.)
//   node --test tests/ui-mock/unit.test.mjs
// The case workspace: month calendar, dates, money, sizes, saved conversations, notes from
// answers, document stages and text, citations in notes, cases and backups.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { markCitations, stripMarks } from '../../ui/markdown.js';
import { paragraphs, versionLabel, versionHeadline, asOfLine } from '../../ui/section.js';
import { commandError } from '../../ui/api.js';
import { countText, resultError } from '../../ui/results.js';
import { monthGrid, shiftMonth, monthRange, dueState, formatMoney, moneyFlow, parseMoney, formatBytes, sizeProblem, pageText, addDays, daysBetween, UPLOAD_LIMIT } from '../../ui/format.js';
import { rebuildMessages, historyOf } from '../../ui/conversations.js';
import { noteFromAnswer } from '../../ui/notes.js';
import { stageInfo, kindProblem } from '../../ui/documents.js';
import { splitPages, findAll, utf16Index } from '../../ui/docviewer.js';
import { findSectionCitations } from '../../ui/markdown.js';
import { sortCases } from '../../ui/workspace.js';
import { folderOf, countsText, backupTime } from '../../ui/backup.js';
import { holdings, holdsSentence, fileLine, speedLine, buildLine, failureReason, filesSummary } from '../../ui/library.js';
import { useLanguage } from './l10n.mjs';

// The page's words, from ui/locales/en/ on disk (l10n.mjs).
await useLanguage('en');

const span = (startUtf16, endUtf16, sourceId) => ({ startUtf16, endUtf16, sourceId, label: `§ ${sourceId}`, status: 'verified' });

test('spans from the app wrap exactly the cited text, in UTF-16 offsets', () => {
  const reply = 'Café 👩‍⚖️: § 20-124.3 and § 2.2-3704';
  const marked = markCitations(reply, [span(12, 22, '20-124.3'), span(27, 37, '2.2-3704')]);
  assert.equal(marked, 'Café 👩‍⚖️: \uE0000\uE001§ 20-124.3\uE002 and \uE0001\uE001§ 2.2-3704\uE002');
  assert.equal(stripMarks(marked), reply);
});

test('bad spans are skipped and private-use characters from a model cannot fake a mark', () => {
  const text = 'See § 1-1 \uE000 here';
  const marked = markCitations(text, [span(4, 9, '1-1'), span(2, 6, 'overlap'), span(50, 60, 'outside'), { startUtf16: 'x' }]);
  assert.equal(stripMarks(marked), 'See § 1-1 \uFFFD here');
  assert.equal((marked.match(/\uE000/g) || []).length, 1);
});

test('a section text splits into trimmed paragraphs with spans made relative', () => {
  const text = '  First § 20-103 here.\n\nSecond para § 16.1-228.\nThird';
  const [a, b, c] = paragraphs(text, [span(8, 16, '20-103'), span(36, 46, '16.1-228')]);
  assert.equal(a.text, 'First § 20-103 here.');
  assert.equal(a.text.slice(a.spans[0].startUtf16, a.spans[0].endUtf16), '§ 20-103');
  assert.equal(b.text.slice(b.spans[0].startUtf16, b.spans[0].endUtf16), '§ 16.1-228');
  assert.deepEqual([c.text, c.spans], ['Third', []]);
});

test('command errors: typed ones as they are, anything else as internal', () => {
  assert.deepEqual(commandError({ code: 'invalid_input', message: 'must start with http://', field: 'baseUrl' }), { code: 'invalid_input', message: 'must start with http://', field: 'baseUrl', localized: true });
  assert.deepEqual(commandError({ code: 'starting', message: 'still starting' }), { code: 'starting', message: 'still starting', field: null, localized: true });
  assert.deepEqual(commandError('invalid args `messages`'), { code: 'internal', message: 'invalid args `messages`', field: null, localized: true });
  assert.equal(commandError(new Error('bridge down')).message, 'bridge down');
  assert.equal(commandError(undefined).code, 'internal');
});

test('result counts and errors', () => {
  assert.equal(countText(10, 2343), '10 shown of 2,343 found');
  assert.equal(countText(3, 3), '');
  assert.equal(resultError({ error: 'SERPAPI_API_KEY is not set' }), 'SERPAPI_API_KEY is not set');
  assert.equal(resultError({ error: { code: 'timeout', message: 'too slow' } }), 'too slow');
  assert.equal(resultError(null), 'This source failed.');
});

// ---------------------------------------------------------------------------------------------
// The case workspace's pure helpers

test('month calendar: whole weeks from Sunday, the month’s days marked, today marked', () => {
  const weeks = monthGrid(2025, 11, '2025-11-27');
  assert.equal(weeks.length, 6); // Nov 1, 2025 is a Saturday: 6 + 30 days → 6 rows
  assert.equal(weeks[0][0].date, '2025-10-26');
  assert.deepEqual(weeks[0][6], { date: '2025-11-01', day: 1, inMonth: true, today: false });
  assert.equal(weeks[0][5].inMonth, false);
  assert.ok(weeks.every((w) => w.length === 7));
  assert.equal(weeks.flat().filter((d) => d.inMonth).length, 30);
  assert.deepEqual(weeks.flat().filter((d) => d.today).map((d) => d.date), ['2025-11-27']);
  assert.equal(weeks[5][6].date, '2025-12-06');
  // February 2026 starts on a Sunday and has 28 days: exactly 4 rows.
  assert.equal(monthGrid(2026, 2).length, 4);
  assert.deepEqual(shiftMonth({ year: 2025, month: 12 }, 1), { year: 2026, month: 1 });
  assert.deepEqual(shiftMonth({ year: 2025, month: 1 }, -1), { year: 2024, month: 12 });
  assert.deepEqual(monthRange({ year: 2024, month: 2 }), { from: '2024-02-01', to: '2024-02-29' });
});

test('dates: days between, adding days across months, where a deadline stands in words', () => {
  assert.equal(addDays('2025-12-30', 3), '2026-01-02');
  assert.equal(addDays('2024-03-01', -1), '2024-02-29');
  assert.equal(daysBetween('2025-11-07', '2025-11-28'), 21);
  assert.equal(addDays('not a date', 1), null);
  const now = '2025-01-28';
  assert.deepEqual(dueState('2025-01-10', false, now), { state: 'overdue', text: 'Overdue by 18 days' });
  assert.deepEqual(dueState('2025-01-27', false, now), { state: 'overdue', text: 'Overdue by 1 day' });
  assert.deepEqual(dueState('2025-01-28', false, now), { state: 'today', text: 'Due today' });
  assert.deepEqual(dueState('2025-01-29', false, now), { state: 'soon', text: 'Due tomorrow' });
  assert.deepEqual(dueState('2025-02-03', false, now), { state: 'soon', text: 'In 6 days' });
  assert.deepEqual(dueState('2025-02-20', false, now), { state: 'later', text: 'In 23 days' });
  assert.equal(dueState('2025-01-10', true, now).state, 'done');
});

test('money: dollars with cents, spent and received in words, what a person types', () => {
  assert.equal(formatMoney(1234.5), '$1,234.50');
  assert.equal(formatMoney(-20), '-$20.00');
  assert.equal(formatMoney(0), '$0.00');
  assert.equal(formatMoney(-0.001), '$0.00');
  assert.deepEqual(moneyFlow(86.5), { direction: 'spent', text: 'Spent $86.50' });
  assert.deepEqual(moneyFlow(-450), { direction: 'received', text: 'Received $450.00' });
  assert.equal(parseMoney('$1,234.50'), 1234.5);
  assert.equal(parseMoney(' 86.5 '), 86.5);
  assert.equal(parseMoney('.5'), 0.5);
  assert.equal(parseMoney('twelve'), null);
  assert.equal(parseMoney(''), null);
});

test('file sizes and the upload limit, said before a file is read', () => {
  assert.equal(formatBytes(812), '812 bytes');
  assert.equal(formatBytes(1), '1 byte');
  assert.equal(formatBytes(14_541), '14.2 KB');
  assert.equal(formatBytes(Math.round(60.2 * 1024 * 1024)), '60.2 MB');
  assert.equal(formatBytes(UPLOAD_LIMIT), '25 MB');
  assert.equal(sizeProblem('phone-video.pdf', Math.round(60.2 * 1024 * 1024)), 'phone-video.pdf is 60.2 MB; the limit is 25 MB');
  assert.equal(sizeProblem('order.pdf', UPLOAD_LIMIT), null);
  assert.equal(sizeProblem('order.pdf', UPLOAD_LIMIT + 1), 'order.pdf is 25 MB; the limit is 25 MB');
  assert.equal(kindProblem('Scan.TIFF'), null);
  assert.match(kindProblem('photos.zip'), /^photos\.zip is not a kind of file ProSeVA reads/);
});

test('list paging text', () => {
  assert.equal(pageText(0, 100, 5000), 'Showing 1–100 of 5,000');
  assert.equal(pageText(4900, 100, 5000), 'Showing 4,901–5,000 of 5,000');
  assert.equal(pageText(0, 7, 7), '7 in all');
  assert.equal(pageText(0, 0, 0), '');
});

test('a saved conversation becomes the turns a panel replays', () => {
  const toolCall = { type: 'tool_call', id: 'c1', name: 'search_nodes', args: {} };
  const toolResult = { type: 'tool_result', id: 'c1', name: 'search_nodes', ok: true, cards: [] };
  const done = { type: 'done', citations: { verified: [], unverified: [], spans: [] } };
  const turns = rebuildMessages({
    id: 4,
    messages: [
      { id: 1, role: 'user', content: 'How do I appeal?', events: [] },
      { id: 2, role: 'assistant', content: 'Within 10 days (§ 16.1-106).', events: [{ type: 'phase', name: 'tools' }, toolCall, { type: 'delta', text: 'Within' }, toolResult, done] },
      { id: 3, role: 'user', content: 'And the bond?', events: null },
      { id: 4, role: 'assistant', content: 'Ask the clerk.', events: [] },
      { id: 5, role: 'system', content: 'ignored' },
    ],
  });
  assert.deepEqual(turns.map((t) => t.role), ['user', 'assistant', 'user', 'assistant']);
  assert.deepEqual(turns[1].events.map((e) => e.type), ['tool_call', 'tool_result', 'done']);
  assert.equal(turns[1].events[2].reply, 'Within 10 days (§ 16.1-106).'); // the saved text, with the saved citations
  assert.deepEqual(turns[1].events[2].citations, done.citations);
  assert.deepEqual(turns[3].events, [{ type: 'done', reply: 'Ask the clerk.' }]); // no events saved: the text alone
  assert.deepEqual(historyOf(turns)[1], { role: 'assistant', content: 'Within 10 days (§ 16.1-106).' });
  // An answer that failed before any text keeps its error.
  const failed = rebuildMessages({ messages: [{ role: 'assistant', content: '', events: [{ type: 'error', code: 'model', message: 'timed out' }] }] });
  assert.equal(failed[0].events[0].type, 'error');
  assert.deepEqual(rebuildMessages(null), []);
});

test('"Save as note": the question as title, the answer and its sources with their addresses', () => {
  const note = noteFromAnswer({
    question: `  ${'How long do I have to appeal a general district court judgment in Virginia if I was not there '.repeat(2)}`,
    reply: 'You have 10 days (§ 16.1-106). See also § 99-999.',
    citations: {
      verified: [{ sourceId: '16.1-106', label: '§ 16.1-106', url: null }],
      spans: [
        { sourceId: '16.1-106', label: '§ 16.1-106', status: 'verified' },
        { sourceId: '99-999', label: '§ 99-999', status: 'unverified' },
      ],
    },
    results: [{ type: 'tool_result', cards: [{ section: '16.1-106', url: 'https://law.lis.virginia.gov/vacode/16.1-106/' }, { title: 'no section' }] }],
    caseId: 2,
    conversationId: 9,
  });
  assert.ok(note.title.length <= 81 && note.title.endsWith('…') && note.title.startsWith('How long'));
  assert.deepEqual(note.sources, [
    { label: '§ 16.1-106', url: 'https://law.lis.virginia.gov/vacode/16.1-106/', sourceId: '16.1-106' },
    { label: '§ 99-999', sourceId: '99-999' },
  ]);
  assert.equal(note.body, 'You have 10 days (§ 16.1-106). See also § 99-999.\n\n### Sources\n- § 16.1-106 — https://law.lis.virginia.gov/vacode/16.1-106/\n- § 99-999');
  assert.equal(note.caseId, 2);
  assert.equal(note.conversationId, 9);
  assert.equal(noteFromAnswer({ question: 'Q', reply: 'A' }).body, 'A');
});

test('document stages as progress, problems said as the app says them', () => {
  assert.deepEqual(stageInfo({ stage: 'ocr', ocrPage: 2, pageCount: 3 }), { text: 'OCR page 2 of 3', busy: true, problem: null });
  assert.equal(stageInfo({ stage: 'meaning' }).busy, false);
  assert.equal(stageInfo({ stage: 'words' }).busy, true);
  const missing = stageInfo({ stage: 'ocr_unavailable', problem: 'OCR is not installed: sudo apt install tesseract-ocr tesseract-ocr-eng' });
  assert.equal(missing.busy, false);
  assert.match(missing.problem, /tesseract-ocr/);
  assert.equal(stageInfo({ stage: 'failed', problem: null }).problem, 'This file could not be read.');
});

test('document text: page markers where the pages start, find in document', () => {
  const text = 'page one\npage two\npage three';
  const pages = [{ page: 1, start: 0 }, { page: 2, start: 9 }, { page: 3, start: 18 }];
  assert.deepEqual(splitPages(text, 0, pages).map((s) => [s.page, s.text]), [[1, 'page one\n'], [2, 'page two\n'], [3, 'page three']]);
  // A later part of the document: offsets are the document's; the page it starts in is continued.
  const part = splitPages('two\npage three', 14, pages);
  assert.deepEqual(part.map((s) => [s.page, s.text, s.continued]), [[2, 'two\n', true], [3, 'page three', false]]);
  assert.deepEqual(splitPages('no pages', 0, null).map((s) => [s.page, s.text]), [[null, 'no pages']]);
  // Page starts count characters (as the server does), not UTF-16 code units.
  const emoji = 'a👩b\nc';
  assert.equal(utf16Index(emoji, 3), 4);
  assert.deepEqual(splitPages(emoji, 0, [{ page: 1, start: 0 }, { page: 2, start: 4 }]).map((s) => s.text), ['a👩b\n', 'c']);
  assert.deepEqual(findAll('Custody, custody and CUSTODY', 'custody'), [0, 9, 21]);
  assert.deepEqual(findAll('aaaa', 'aa'), [0, 2]);
  assert.deepEqual(findAll('text', ''), []);
});

test('section citations in text the app has not checked (notes, rule citations)', () => {
  const text = 'See § 20-124.3. Also Va. Code §§ 16.1-241 and Rule 3:8(a).';
  const spans = findSectionCitations(text);
  assert.deepEqual(spans.map((s) => [text.slice(s.startUtf16, s.endUtf16), s.sourceId, s.status]), [
    ['§ 20-124.3', '20-124.3', 'unchecked'],
    ['§§ 16.1-241', '16.1-241', 'unchecked'],
  ]);
});

test('cases: open ones first, by name; backups: folder and counts in words', () => {
  const sorted = sortCases([
    { id: 3, name: 'Ticket', status: 'closed' },
    { id: 2, name: 'Deposit', status: 'open' },
    { id: 1, name: 'Custody', status: 'open' },
  ]);
  assert.deepEqual(sorted.map((c) => c.id), [1, 2, 3]);
  assert.equal(folderOf('/home/pat/.local/share/proseva/backups/b.tar.zst'), '/home/pat/.local/share/proseva/backups');
  assert.equal(countsText({ cases: 1, deadlines: 12, notes: 0, timeline: 3 }), '1 case, 12 deadlines, 3 timeline events');
  // The app lists backups with the file's modifiedMs (list_backups), not createdAt.
  assert.equal(backupTime({ path: '/b/x.proseva-backup', modifiedMs: 1795430096000 }), '2026-11-23T10:34:56.000Z');
  assert.equal(backupTime({ createdAt: '2025-01-12T09:30:00Z' }), '2025-01-12T09:30:00Z');
  assert.equal(backupTime({}), '');
});

test('command errors keep every field the app named', () => {
  const e = commandError({ code: 'invalid_input', message: '2 fields are invalid: email, phone', field: 'email', fields: { email: 'must look like name@example.com', phone: 'must have at least 7 digits', bad: 3 } });
  assert.deepEqual(e.fields, { email: 'must look like name@example.com', phone: 'must have at least 7 digits' });
  assert.equal(e.field, 'email');
});

test('the law library says in plain words what it holds, starter or official', () => {
  const starter = holdings(
    {
      corpus: 'starter', nodeCount: 540, embeddingCount: 437, semanticSearch: true,
      sectionTextKinds: [{ type: 'summary', count: 437 }],
      nodeTypes: [{ type: 'title', count: 15 }, { type: 'constitution_section', count: 21 }, { type: 'section', count: 416 }],
    },
    437,
  );
  assert.equal(holdsSentence(starter), 'Plain-language summaries of 437 sections in 15 titles and the Constitution (the starter library).');
  assert.deepEqual([starter.vectors, starter.of, starter.beside], [437, 437, 0]);

  const official = holdings(
    {
      corpus: 'official', nodeCount: 38460, embeddingCount: 437,
      sectionTextKinds: [{ type: 'official', count: 33012 }, { type: 'summary', count: 9 }],
      nodeTypes: [{ type: 'title', count: 72 }, { type: 'constitution_section', count: 168 }],
    },
    437,
  );
  assert.equal(holdsSentence(official), 'Official text of 33,012 sections (Code of Virginia and Constitution), with 428 plain-language summaries beside them.');
  assert.deepEqual([official.summaryOnly, official.titles, official.of, official.semantic], [9, 72, 33021, false]);
  const codeOnly = holdings({ sectionTextKinds: [{ type: 'official', count: 1 }], nodeTypes: [] }, 0);
  assert.equal(holdsSentence(codeOnly), 'Official text of 1 section (Code of Virginia).');
});

test('a download in progress reads as file k of n, bytes and speed, then the build', () => {
  assert.equal(fileLine({ file: 'CoVTitle_20.csv', fileNumber: 3, fileCount: 83 }), 'File 3 of 83: CoVTitle_20.csv');
  assert.equal(fileLine({ file: null, fileNumber: 0, fileCount: 83 }), 'Getting ready to download 83 files…');
  assert.equal(speedLine({ bytes: 1258291, totalBytes: 3565158, bytesPerSecond: 86016 }), '1.2 MB of 3.4 MB · 84 KB/s');
  assert.equal(speedLine({ bytes: 2048, totalBytes: null, bytesPerSecond: 0 }), '2 KB');
  assert.equal(buildLine({ buildStage: 'writing', buildDone: 12000, buildTotal: 33012 }), 'Building the library: writing the sections 12,000/33,012');
  assert.equal(buildLine({ buildStage: null, buildDone: 0, buildTotal: 0 }), 'Building the library: starting');
  assert.equal(failureReason({ name: 'CoVTitle_20.csv', reason: 'CoVTitle_20.csv: the site answered HTTP 500' }), 'the site answered HTTP 500');
  assert.equal(failureReason({ name: 'a.csv', reason: 'timed out' }), 'timed out');
});

test('a section with two versions says which one the text is', () => {
  const old = { label: 'Effective until July 1, 2027', inEffect: true };
  const next = { label: 'Effective July 1, 2027', inEffect: false };
  assert.equal(versionLabel(old), 'effective until July 1, 2027');
  assert.equal(versionHeadline(old), 'In effect: the version effective until July 1, 2027.');
  assert.equal(versionHeadline(next), 'Not in effect: the version effective July 1, 2027.');
  assert.equal(versionLabel({}), 'another version');
});

test('the official text says where it came from and how old it is', () => {
  assert.equal(asOfLine(null), '');
  const downloaded = { name: 'CoVTitle_20.csv', lastModified: '2024-07-01T00:00:00Z', retrievedAt: '2026-11-26T13:00:00Z', origin: 'download', format: 'csvWithHeader' };
  assert.equal(asOfLine(downloaded), 'Official text from CoVTitle_20.csv, last changed on the LIS site Jul 1, 2024; downloaded Nov 26, 2026.');
  const imported = { name: 'CoVTitle_1.csv', retrievedAt: '2026-11-26T13:00:00Z', origin: 'import', format: 'pipeNoHeader' };
  assert.equal(asOfLine(imported), 'Official text from CoVTitle_1.csv; imported from a file you saved Nov 26, 2026 (the site’s 2023 file format).');
  assert.equal(filesSummary([{}, {}], null), '2 files on this computer');
  assert.match(filesSummary([{}], '2026-11-26T13:00:00Z'), /^1 file on this computer — official text as of Nov 26, 2026/);
});
