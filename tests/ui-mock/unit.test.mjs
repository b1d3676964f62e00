// DEVELOPMENT ONLY: unit tests of ui/'s pure modules (citation finder, tool-result normaliser).
//   node --test tests/ui-mock/unit.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { findCitations, citationLabel, shortCitationLabel } from '../../ui/cite.js';
import { normaliseResult, trailLabel, toolName } from '../../ui/tools.js';

const cites = (s) => findCitations(s).map((c) => [s.slice(c.start, c.end), c.sourceId]);

test('citations in the forms answers use', () => {
  assert.deepEqual(cites('See § 2.2-3704.'), [['§ 2.2-3704', '2.2-3704']]);
  assert.deepEqual(cites('§§ 20-124.2 and 20-124.3'), [['§§ 20-124.2', '20-124.2'], ['20-124.3', '20-124.3']]);
  assert.deepEqual(cites('§§ 20-124.2, 20-124.3, and 20-124.5'), [['§§ 20-124.2', '20-124.2'], ['20-124.3', '20-124.3'], ['20-124.5', '20-124.5']]);
  assert.deepEqual(cites('Va. Code § 8.01-243 applies'), [['§ 8.01-243', '8.01-243']]);
  assert.deepEqual(cites('§§ 16.1-241 through 16.1-244'), [['§§ 16.1-241', '16.1-241'], ['16.1-244', '16.1-244']]);
  assert.deepEqual(cites('Article I, Section 12'), [['Article I, Section 12', 'const-I-12']]);
  assert.deepEqual(cites('Article VI, § 7'), [['Article VI, § 7', 'const-VI-7']]);
  assert.deepEqual(cites('section 20-124.3 says'), [['section 20-124.3', '20-124.3']]);
  assert.deepEqual(cites('§ 63.2-1509:1 and § 8.9A-102.'), [['§ 63.2-1509:1', '63.2-1509:1'], ['§ 8.9A-102', '8.9A-102']]);
});

test('numbers that are not citations', () => {
  assert.deepEqual(cites('Call 555-1234 on 2024-01-02, case JJ123456-01-00'), []);
  assert.deepEqual(cites('Article 5 of the lease'), []);
  assert.deepEqual(cites('§ 12A'), []);
});

test('labels for people', () => {
  assert.equal(citationLabel('2.2-3704'), '§ 2.2-3704');
  assert.equal(citationLabel('const-I-12'), 'Constitution of Virginia, Article I, Section 12');
  assert.equal(shortCitationLabel('const-I-12'), 'Va. Const. art. I, § 12');
});

test('research results become cards', () => {
  const r = normaliseResult('search_opinions', {
    service: 'CourtListener',
    query: 'q',
    total: 1243,
    results: [{ title: 'Keel v. Keel', citation: '225 Va. 606', court: 'Supreme Court of Virginia', date: '1983-06-17', snippet: 'In custody…', url: 'https://www.courtlistener.com/opinion/1/keel/', cited_by: 412 }],
    note: 'n',
  });
  assert.equal(r.ok, true);
  assert.equal(r.total, 1243);
  assert.equal(r.note, 'n');
  assert.equal(r.cards.length, 1);
  const c = r.cards[0];
  assert.deepEqual([c.title, c.citation, c.court, c.date, c.url], ['Keel v. Keel', '225 Va. 606', 'Supreme Court of Virginia', '1983-06-17', 'https://www.courtlistener.com/opinion/1/keel/']);
  assert.deepEqual(c.extras, [{ label: 'Cited by', value: '412' }]);
});

test('failed tools give their error', () => {
  assert.deepEqual(normaliseResult('search_lawyers', { error: 'SERPAPI_API_KEY is not set' }, false), { ok: false, error: 'SERPAPI_API_KEY is not set', cards: [], total: null, note: '' });
  assert.equal(normaliseResult('search_lawyers', { error: 'x' }, true).ok, false);
});

test('law graph shapes', () => {
  const node = { id: 1, nodeType: 'section', sourceId: '2.2-3704', heading: 'Public records', sourceText: 'Text', textKind: 'summary', url: 'https://law.lis.virginia.gov/vacode/2.2-3704/' };
  const s = normaliseResult('search_nodes', { nodes: [node], total: 1 });
  assert.equal(s.cards[0].sourceId, '2.2-3704');
  assert.equal(s.cards[0].textKind, 'summary');
  assert.equal(s.cards[0].citation, '§ 2.2-3704');
  assert.equal(normaliseResult('get_node', { ...node, edges: [] }).cards[0].title, 'Public records');
  const sim = normaliseResult('find_similar', [{ node, score: 0.83 }]);
  assert.deepEqual(sim.cards[0].extras, [{ label: 'Similarity', value: '83%' }]);
  const nb = normaliseResult('get_neighbors', { id: 1, edges: [{ relType: 'cites', fromNode: { id: 1, sourceId: '2.2-3704', heading: 'A', nodeType: 'section' }, toNode: { id: 2, sourceId: '2.2-3713', heading: 'B', nodeType: 'section' } }] });
  assert.equal(nb.cards[0].sourceId, '2.2-3713');
  const nbList = normaliseResult('get_neighbors', [{ fromId: 1, toId: 2, relType: 'contains' }]);
  assert.equal(nbList.cards.length, 1);
  const stats = normaliseResult('get_stats', { nodeCount: 437, edgeCount: 900, corpus: 'starter', semanticSearch: true, nodeTypes: [{ type: 'section', count: 400 }] });
  assert.match(stats.cards[0].snippet, /437 items/);
});

test('local tools', () => {
  const d = normaliseResult('GetDeadlines', { deadlines: [{ title: 'Hearing', date: '2025-02-20', kind: 'hearing', daysUntil: 3, status: 'upcoming' }] });
  assert.equal(d.cards[0].extras[0].value, 'In 3 days');
  const f = normaliseResult('GetFinances', { count: 1, total: 86, totalsByCategory: [{ category: 'filing_fee', total: 86, count: 1 }], entriesShown: 1, entries: [{ date: '2025-01-02', amount: 86, category: 'filing_fee', description: 'Filing fee' }] });
  assert.equal(f.cards.length, 2);
  assert.match(f.cards[0].title, /\$86\.00/);
  const k = normaliseResult('SearchKnowledge', { query: 'q', mode: 'hybrid', passages: [{ documentTitle: 'Order', text: 'The court orders', score: 0.5 }] });
  assert.equal(k.cards[0].title, 'Order');
  const t = normaliseResult('GetDocumentText', { id: 3, title: 'Order', offset: 0, limit: 8000, total: 12000, nextOffset: 8000, text: 'Body' });
  assert.equal(t.cards[0].title, 'Order');
});

test('unknown shapes fall back to a JSON preview, never throw', () => {
  for (const v of [null, 42, 'text', [], [1, 2], { a: { b: [1] } }, [{ weird: true }], { results: 'not a list' }]) {
    const r = normaliseResult('mystery_tool', v);
    assert.equal(r.ok, true);
    assert.ok(Array.isArray(r.cards));
  }
  assert.ok(normaliseResult('mystery_tool', [{ weird: true }]).cards[0].json.includes('weird'));
});

test('trail labels and names', () => {
  assert.equal(trailLabel('search_nodes', { search: 'deposit' }), 'Searching the law graph: “deposit”');
  assert.equal(trailLabel('get_node', { id: '2.2-3704' }), 'Reading § 2.2-3704');
  assert.equal(trailLabel('get_node', { id: 12 }), 'Reading a section in full');
  assert.equal(trailLabel('search_lawyers', { query: 'family law', location: 'Richmond' }), 'Looking for lawyers: “family law” near Richmond');
  assert.equal(trailLabel('SomethingNew', {}), 'Using Something New');
  assert.equal(toolName('search_opinions'), 'Court opinions');
});
