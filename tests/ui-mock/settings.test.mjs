// DEVELOPMENT ONLY: what Settings says of a model's download (ui/settings.js downloadProgress),
// shown both beside the recommended model and in its catalogue row.
//   node --test tests/ui-mock/settings.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDocument } from './fake-dom.mjs';

installFakeDocument();
globalThis.window = {};
const { downloadProgress } = await import('../../ui/settings.js');

test('a download says how far it is, its rate and the time left once measured', () => {
  const row = { sizeBytes: 1e9, progress: { done: 3.4e8, total: 1e9, bytesPerSecond: 2.5e6, secondsLeft: 264 } };
  assert.deepEqual(downloadProgress(row), { total: 1e9, done: 3.4e8, text: '340 MB of 1,000 MB · 2.5 MB/s · about 4 min left' });
  // Under a minute left is "about 1 min", never 0.
  assert.match(downloadProgress({ sizeBytes: 1e9, progress: { done: 9.9e8, secondsLeft: 5 } }).text, /about 1 min left$/);
});

test('before the rate is measured, only how far it is; the catalogue size stands in for a missing total', () => {
  assert.deepEqual(downloadProgress({ sizeBytes: 2e9, progress: { done: 0, secondsLeft: null } }), { total: 2e9, done: 0, text: '0 MB of 2,000 MB' });
  assert.equal(downloadProgress({ sizeBytes: 5e8 }).text, '0 MB of 500 MB');
});
