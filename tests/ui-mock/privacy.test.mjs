// The lock's pieces that need no window: when the idle lock fires, and what a new passphrase
// must be before it is sent.
import test from 'node:test';
import assert from 'node:assert/strict';
import { useLanguage } from './l10n.mjs';

globalThis.document = { addEventListener: () => {} };
// The page's words, from ui/locales/en/ on disk (l10n.mjs).
const i18n = await useLanguage('en');
const { IdleLock, passphraseProblem } = await import('../../ui/privacy.js');

test('the idle lock fires once the chosen minutes pass without input, and never without a passphrase or at 0', () => {
  let now = 0;
  let locks = 0;
  let minutes = 10;
  let encrypted = true;
  const idle = new IdleLock({ minutes: () => minutes, encrypted: () => encrypted, now: () => now, lock: () => { locks += 1; } });
  now = 9 * 60000;
  assert.equal(idle.check(), false);
  idle.last = now; // a key press
  now += 9.5 * 60000;
  assert.equal(idle.check(), false, 'input moved the clock back');
  now += 60000;
  encrypted = false;
  assert.equal(idle.check(), false, 'no passphrase: nothing to lock');
  encrypted = true;
  minutes = 0;
  assert.equal(idle.check(), false, '0 means never');
  minutes = 5;
  assert.equal(idle.check(), true);
  assert.equal(idle.check(), false, 'locks once');
  assert.equal(locks, 1);
});

test('a new passphrase needs 8 characters and the same twice', () => {
  assert.match(passphraseProblem('short', 'short'), /at least 8/);
  assert.match(passphraseProblem('long enough', 'long enougH'), /not the same/);
  assert.equal(passphraseProblem('long enough', 'long enough'), null);
});

test('in Spanish, the passphrase problems are said in Spanish', async () => {
  await i18n.loadLanguage('es');
  try {
    assert.match(passphraseProblem('corta', 'corta'), /^Use por lo menos 8 caracteres/);
    assert.equal(passphraseProblem('bastante larga', 'otra distinta'), 'Las dos frases de contraseña no son iguales.');
  } finally {
    await i18n.loadLanguage('en');
  }
});
