// DEVELOPMENT ONLY: quick exit (ui/quick-exit.js) — the header's button and Escape pressed three
// times within about a second and a half ask the app to leave (`quick_exit`); one or two presses,
// slower ones or a held key do not — in the small stand-in document, on a clock the test moves.
//   node --test tests/ui-mock/quick-exit.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDocument, fire } from './fake-dom.mjs';
import { useLanguage } from './l10n.mjs';

installFakeDocument();
const windowListeners = [];
globalThis.window = {
  addEventListener: (type, listener, capture) => windowListeners.push({ type, listener, capture }),
};
// The page's words, from ui/locales/en/ on disk (l10n.mjs).
await useLanguage('en');
const { EscapeCounter, wireQuickExit, ESCAPES, WITHIN_MS } = await import('../../ui/quick-exit.js');
const { h } = await import('../../ui/dom.js');

/** A clock the test sets: `now()` answers `clock.at`. */
const clock = { at: 0, now: () => clock.at };

test('three presses within a second and a half leave; the third only', () => {
  assert.deepEqual([ESCAPES, WITHIN_MS], [3, 1500]);
  const counter = new EscapeCounter({ now: clock.now });
  clock.at = 10_000;
  assert.equal(counter.press(), false);
  clock.at += 700;
  assert.equal(counter.press(), false);
  clock.at += 800;
  assert.equal(counter.press(), true, 'the third, 1.5 s after the first');
  // Counting starts again after leaving.
  clock.at += 100;
  assert.equal(counter.press(), false);
});

test('presses further apart do not add up; a single Escape is only counted', () => {
  const counter = new EscapeCounter({ now: clock.now });
  clock.at = 50_000;
  const pressed = [];
  for (const gap of [0, 1000, 1000, 1000, 1000]) {
    clock.at += gap;
    pressed.push(counter.press());
  }
  assert.deepEqual(pressed, [false, false, false, false, false], 'one a second: never three within 1.5 s');
  clock.at += 10;
  assert.equal(counter.press(), true, 'the last two and this one are within 1.5 s');
});

test('the button and three Escapes ask the app to leave; a held Escape does not', async () => {
  const calls = [];
  window.__TAURI__ = { core: { invoke: async (command, args) => (calls.push({ command, args }), null) } };
  const button = h('button', { type: 'button', id: 'quick-exit' }, 'Quick exit');
  document.body.append(button);
  wireQuickExit(button, new EscapeCounter({ now: clock.now }));
  const keydown = windowListeners.find((l) => l.type === 'keydown');
  assert.equal(keydown.capture, true, 'counted before the page handles the key');
  fire(button, 'click');
  await Promise.resolve();
  assert.deepEqual(calls, [{ command: 'quick_exit', args: {} }]);

  clock.at = 90_000;
  const key = (extra = {}) => keydown.listener({ key: 'Escape', repeat: false, ...extra });
  key();
  key({ repeat: true });
  key({ repeat: true });
  assert.equal(calls.length, 1, 'a held key repeats: one press');
  key({ key: 'Enter' });
  key();
  assert.equal(calls.length, 1, 'two presses');
  clock.at += 400;
  key();
  await Promise.resolve();
  assert.deepEqual(calls.at(-1), { command: 'quick_exit', args: {} });
  assert.equal(calls.length, 2);
});
