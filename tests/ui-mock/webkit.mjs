// DEVELOPMENT ONLY: the mock in the window's own engine, WebKitGTK (its MiniBrowser), through
// WebKitWebDriver — catches what Chromium forgives. Needs Debian's webkit2gtk-driver and a display:
//
//   Xvfb :97 & DISPLAY=:97 WebKitWebDriver --port=4447 &
//   python3 tests/ui-mock/serve.py 8765 &
//   node tests/ui-mock/webkit.mjs [OUT_DIR]
//
// Prints one line per scenario and a closing "N passed, N failed".

import { writeFileSync, mkdirSync } from 'node:fs';

const WD = process.env.WEBDRIVER_URL || 'http://127.0.0.1:4447';
const BASE = process.env.MOCK_URL || 'http://127.0.0.1:8765/tests/ui-mock/';
const BROWSER = process.env.MINIBROWSER || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';
const OUT = process.argv[2] || '/tmp/proseva-ui-webkit';
mkdirSync(OUT, { recursive: true });

async function wd(method, path, body) {
  const res = await fetch(WD + path, { method, headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  const json = await res.json();
  if (json.value && json.value.error) throw new Error(`${path}: ${json.value.error} ${json.value.message}`);
  return json.value;
}

const SCENARIOS = [
  ['chat', 'scenario=chat', '#chat-transcript .message.assistant[data-state="done"]', 'document.querySelectorAll("#tool-trail .trail-item[data-state=ok]").length === 4 && !!document.querySelector("a.cite.unverified[data-source-id=\\"99-999\\"]")'],
  ['research', 'scenario=research&theme=dark', '#research-answer .message.assistant[data-state="done"]', 'document.querySelector("#results-sidebar .result-group[data-tool=search_opinions] .result-count").textContent === "6"'],
  ['section', 'scenario=section-summary', '#section-viewer[data-state="ready"]', 'document.querySelector("#section-viewer").open && document.querySelector("#section-kind").textContent === "Plain-language summary"'],
  ['markdown', 'scenario=markdown', '#chat-transcript .message.assistant[data-state="done"]', '!document.querySelector("#chat-transcript img, #chat-transcript script")'],
  ['settings-error', 'scenario=settings-error', '#err-baseUrl:not([hidden])', '/must start with/i.test(document.querySelector("#err-baseUrl").textContent)'],
  ['setup', 'scenario=setup', '#status-setup:not([hidden])', '/Preparing the law graph/.test(document.querySelector("#status-setup-label").textContent)'],
];

let passed = 0;
let failed = 0;
const { sessionId } = await wd('POST', '/session', { capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: BROWSER, args: ['--automation'] } } } });
const exec = (script) => wd('POST', `/session/${sessionId}/execute/sync`, { script, args: [] });
try {
  for (const [name, query, ready, expectation] of SCENARIOS) {
    try {
      await wd('POST', `/session/${sessionId}/url`, { url: `${BASE}?${query}` });
      const start = Date.now();
      while (!(await exec(`return !!document.querySelector(${JSON.stringify(ready)})`).catch(() => false))) {
        if (Date.now() - start > 20000) throw new Error(`timed out waiting for ${ready}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      await new Promise((r) => setTimeout(r, 300));
      const r = await exec(`return { ok: Boolean(${expectation}), problems: window.__mockProblems || [], sideways: document.documentElement.scrollWidth > innerWidth, pageScroll: document.documentElement.scrollHeight > innerHeight + 1 }`);
      writeFileSync(`${OUT}/${name}.png`, Buffer.from(await wd('GET', `/session/${sessionId}/screenshot`), 'base64'));
      const ok = r.ok && !r.problems.length && !r.sideways && !r.pageScroll;
      if (ok) passed += 1;
      else failed += 1;
      console.log(`${ok ? 'ok  ' : 'FAIL'} webkit ${name}${ok ? '' : ` — ${JSON.stringify(r)}`}`);
    } catch (err) {
      failed += 1;
      console.log(`FAIL webkit ${name} — ${err.message}`);
    }
  }
} finally {
  await wd('DELETE', `/session/${sessionId}`).catch(() => {});
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
