// DEVELOPMENT ONLY: unit tests of ui/'s pure functions — where the app's citation spans land in
// the text, paragraphs of a section with their spans, typed command errors, result counts.
// (The citation grammar and the tool-result cards are the app's own, tested in Rust:
// crates/citation, crates/agent/src/citations.rs and cards_tests.rs.)
//   node --test tests/ui-mock/unit.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { markCitations, stripMarks } from '../../ui/markdown.js';
import { paragraphs } from '../../ui/section.js';
import { commandError } from '../../ui/api.js';
import { countText, resultError } from '../../ui/results.js';

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
  assert.deepEqual(commandError({ code: 'invalid_input', message: 'must start with http://', field: 'baseUrl' }), { code: 'invalid_input', message: 'must start with http://', field: 'baseUrl' });
  assert.deepEqual(commandError({ code: 'starting', message: 'still starting' }), { code: 'starting', message: 'still starting', field: null });
  assert.deepEqual(commandError('invalid args `messages`'), { code: 'internal', message: 'invalid args `messages`', field: null });
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
