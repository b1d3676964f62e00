// DEVELOPMENT ONLY: the first start's "What brings you here?" (ui/start.js) — what "Create my
// case" sends from what was typed, and that its choices are the server's eight kinds of case
// (fixtures/path-kinds.json is what the real server answered).
//   node --test tests/ui-mock/start.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { installFakeDocument } from './fake-dom.mjs';
import { useLanguage } from './l10n.mjs';

installFakeDocument();
globalThis.window = {};

const KINDS = JSON.parse(readFileSync(new URL('./fixtures/path-kinds.json', import.meta.url), 'utf8'));
// The page's words, from ui/locales/en/ on disk (l10n.mjs).
const i18n = await useLanguage('en');
const { START_CHOICES, startCase } = await import('../../ui/start.js');

test('the choices are the eight kinds of case the server knows, each once', () => {
  const server = KINDS.kinds.map((k) => k.kind).sort();
  const offered = START_CHOICES.map((c) => c.kind).sort();
  assert.deepEqual(offered, server);
  for (const c of START_CHOICES) {
    assert.ok(c.mine && c.theirs && c.name, c.kind);
    assert.notEqual(c.mine, c.theirs, `${c.kind}: said differently for someone helping`);
  }
});

test('create sends the case and its path; empty dates are left out and the name has a default', () => {
  const eviction = START_CHOICES.find((c) => c.kind === 'eviction-tenant');
  const made = startCase(eviction, { name: '  ', dates: { returnDate: '2026-12-14', servedDate: '' } });
  assert.deepEqual(made.record, { name: 'My eviction case', status: 'open', type: 'landlord-tenant' });
  assert.deepEqual(made.path, { kind: 'eviction-tenant', dates: { returnDate: '2026-12-14' } });
  assert.equal(startCase(eviction, { name: 'Elm St.', dates: {} }).record.name, 'Elm St.');
});

test('an amount is read only for the money kinds, and one that is not money is refused', () => {
  const sued = START_CHOICES.find((c) => c.kind === 'debt-defendant');
  assert.equal(startCase(sued, { dates: {}, amountText: '$1,250.50' }).path.amount, 1250.5);
  assert.equal(startCase(sued, { dates: {}, amountText: '' }).path.amount, undefined);
  const bad = startCase(sued, { dates: {}, amountText: 'a lot' });
  assert.equal(bad.error.field, 'amount');
  const custody = START_CHOICES.find((c) => c.kind === 'custody-visitation');
  assert.equal(startCase(custody, { dates: {}, amountText: '500' }).path.amount, undefined);
});

test('in Spanish, the choices, the default name and the amount problem are said in Spanish', async () => {
  await i18n.setLanguage('es');
  try {
    const eviction = START_CHOICES.find((c) => c.kind === 'eviction-tenant');
    assert.equal(eviction.mine, 'Mi arrendador está tratando de desalojarme');
    assert.equal(startCase(eviction, { name: '', dates: {} }).record.name, 'Mi caso de desalojo');
    const sued = START_CHOICES.find((c) => c.kind === 'debt-defendant');
    assert.match(startCase(sued, { dates: {}, amountText: 'mucho' }).error.message, /^Escriba la cantidad en dólares/);
  } finally {
    await i18n.setLanguage('en');
  }
});
