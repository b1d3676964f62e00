// DEVELOPMENT ONLY: drives ui/ through the mock in headless Chromium, checks the DOM hooks the
// end-to-end test relies on, and saves screenshots (light, dark, wide, narrow) for a person to
// look at. Console errors, uncaught exceptions and CSP violations fail the run.
//
//   python3 tests/ui-mock/serve.py 8765 &
//   node --experimental-websocket tests/ui-mock/check.mjs [OUT_DIR]     # default /tmp/proseva-ui
//
// Prints one line per check and a closing "N passed, N failed".

import { mkdirSync } from 'node:fs';
import { open } from './cdp.mjs';

const BASE = process.env.MOCK_URL || 'http://127.0.0.1:8765/tests/ui-mock/';
const OUT = process.argv[2] || '/tmp/proseva-ui';
mkdirSync(OUT, { recursive: true });

let passed = 0;
let failed = 0;
function check(name, ok, detail = '') {
  if (ok) passed += 1;
  else failed += 1;
  console.log(`${ok ? 'ok  ' : 'FAIL'} ${name}${!ok && detail ? ` — ${detail}` : ''}`);
}

async function withPage(query, opts, fn) {
  const page = await open(`${BASE}?${query}`, opts);
  try {
    await page.until('document.body && document.body.dataset.ready === "true"');
    await fn(page);
  } catch (err) {
    check(`${query} ran to the end`, false, err.message);
  } finally {
    const problems = page.problems.filter((p) => !/favicon/.test(p));
    check(`${query} ${opts.width}x${opts.height}${opts.dark ? ' dark' : ''}: no console errors or CSP reports`, problems.length === 0, problems.join(' | '));
    await page.close();
  }
}

const q = (sel) => `document.querySelector(${JSON.stringify(sel)})`;
const count = (sel) => `document.querySelectorAll(${JSON.stringify(sel)}).length`;
const text = (sel) => `(${q(sel)} || {}).textContent`;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const noHorizontalScroll = 'document.documentElement.scrollWidth <= window.innerWidth';

// 1. Chat: streaming trail, citations, section viewer.
await withPage('scenario=chat-hold', { width: 1280, height: 800 }, async (page) => {
  await page.until(`${q('#chat-transcript .message.assistant[data-state="streaming"] .md p')}`);
  check('chat: streaming message has data-state=streaming', await page.eval(count('#chat-transcript .message.assistant[data-state="streaming"]')) === 1);
  check('chat: Stop shown while running, Ask hidden', await page.eval(`!${q('#chat-stop')}.hidden && ${q('#chat-send')}.hidden`));
  await page.screenshot(`${OUT}/chat-streaming.png`);
  await page.key('Escape');
  await page.until(q('#chat-transcript .message.assistant[data-state="error"]'));
  check('chat: Escape stops the request (data-state=error, "stopped")', /stopped/i.test(await page.eval(text('.message.assistant .message-error'))));
  check('chat: Ask is back after Stop', await page.eval(`!${q('#chat-send')}.hidden && ${q('#chat-stop')}.hidden`));
  check('chat: cancel was invoked', await page.eval('window.__mockCalls.some(c => c.command === "cancel" && c.args.requestId)'));
});

await withPage('scenario=chat', { width: 1280, height: 800 }, async (page) => {
  await page.until(q('#chat-transcript .message.assistant[data-state="done"]'));
  check('chat: 4 trail items, all ok', await page.eval(`${count('#tool-trail .trail-item[data-state="ok"]')} === 4 && ${count('#tool-trail .trail-item')} === 4`));
  check('chat: trail items carry data-tool', await page.eval(`${q('#tool-trail .trail-item[data-tool="search_nodes"]')} !== null`));
  check('chat: § 2.2-3704 is a verified citation link', await page.eval(`!!${q('#chat-transcript .md a.cite[data-source-id="2.2-3704"]:not(.unverified)')}`));
  check('chat: §§ list links both numbers', await page.eval(`!!${q('a.cite[data-source-id="2.2-3713"]')} && !!${q('a.cite[data-source-id="2.2-3700"]')}`));
  check('chat: § 99-999 flagged unverified with a label', await page.eval(`/not found in the law graph/.test(${q('a.cite.unverified[data-source-id="99-999"]')}.getAttribute('aria-label'))`));
  check('chat: Sources footer lists the 3 verified citations', await page.eval(count('.message-sources .source-link')) === 3);
  check('chat: "Sources used" lists the tool results', await page.eval(`${count('.tools-used .result-group')} >= 3`));
  check('chat: history holds the exchange', await page.eval('window.proseva.chat.history.length === 2'));
  await page.screenshot(`${OUT}/chat-done.png`);

  await page.click('#chat-transcript .md a.cite[data-source-id="2.2-3704"]');
  await page.until(`${q('#section-viewer')}.open && ${q('#section-viewer')}.dataset.state === "ready"`);
  check('section: kind says Plain-language summary', (await page.eval(text('#section-kind'))) === 'Plain-language summary');
  check('section: heading and text shown', await page.eval(`${text('#section-heading')}.length > 10 && ${text('#section-text')}.length > 100`));
  check('section: official URL', /^https:\/\/law\.lis\.virginia\.gov\//.test(await page.eval(`${q('#section-url')}.getAttribute('href')`)));
  check('section: get_node called with sourceId', await page.eval('window.__mockCalls.some(c => c.command === "get_node" && c.args.sourceId === "2.2-3704" && c.args.id === null)'));
  await page.screenshot(`${OUT}/section-summary.png`);
  await page.eval(`${q('#section-url')}.click()`);
  await sleep(100);
  check('section: the URL opens through open_url', await page.eval('(window.__mockOpened || []).some(u => u.includes("section2.2-3704"))'));
  await page.key('Escape');
  await page.until(`!${q('#section-viewer')}.open`);
  check('section: Escape closes, focus returns to the citation', await page.eval('document.activeElement && document.activeElement.dataset.sourceId === "2.2-3704"'));
  await page.key('Escape');
  check('chat: Escape after closing a dialog does not disturb a finished answer', await page.eval(count('#chat-transcript .message.assistant[data-state="done"]')) === 1);

  await page.click('#chat-transcript a.cite[data-source-id="99-999"]');
  await page.until(`${q('#section-viewer')}.dataset.state === "error"`);
  check('section: missing citation explains itself', /not in the law graph/i.test(await page.eval(text('#section-status'))));
  await page.screenshot(`${OUT}/section-missing.png`);
  await page.key('Escape');

  // Keyboard shortcuts.
  await page.key('2', { code: 'Digit2', ctrl: true });
  check('keys: Ctrl+2 selects Research', await page.eval(`${q('#tab-research')}.getAttribute('aria-selected') === 'true' && !${q('#panel-research')}.hidden`));
  await page.key('1', { code: 'Digit1', ctrl: true });
  check('keys: Ctrl+1 selects Ask', await page.eval(`${q('#tab-chat')}.getAttribute('aria-selected') === 'true' && document.activeElement.id === 'chat-input'`));
  await page.key(',', { code: 'Comma', ctrl: true });
  await page.until(`${q('#settings-dialog')}.open`);
  check('keys: Ctrl+, opens settings', true);
  await page.key('Escape');
  await page.until(`!${q('#settings-dialog')}.open`);
  check('keys: Escape closes settings', true);

  // A second question with Enter; Shift+Enter makes a new line.
  await page.click('#chat-input');
  await page.type('What are my');
  await page.key('Enter', { shift: true, text: '\r' });
  check('composer: Shift+Enter adds a line', /\n/.test(await page.eval(`${q('#chat-input')}.value`)));
  await page.type('upcoming deadlines?');
  await page.key('Enter', { text: '\r' });
  await page.until(`${count('#chat-transcript .message.assistant[data-state="done"]')} === 2`);
  check('chat: second answer, one #tool-trail (on the newest message)', await page.eval(`${count('#tool-trail')} === 1 && ${q('#tool-trail')}.closest('.message') === [...document.querySelectorAll('#chat-transcript .message.assistant')].pop()`));
  check('chat: history sent with the second question', await page.eval('window.__mockCalls.filter(c => c.command === "chat").pop().args.messages.length === 3'));
  await page.screenshot(`${OUT}/chat-deadlines.png`);
});

await withPage('scenario=chat', { width: 1280, height: 800, dark: true }, async (page) => {
  await page.until(q('#chat-transcript .message.assistant[data-state="done"]'));
  await page.eval(`document.querySelector('.tools-used').open = true; document.querySelector('.tools-used').scrollIntoView()`);
  await page.screenshot(`${OUT}/chat-sources-dark.png`);
});

// 2. Research: the sidebar.
await withPage('scenario=research-hold', { width: 1280, height: 800 }, async (page) => {
  await page.until(q('#research-answer .message.assistant .md p'));
  check('research: live results before the answer is done', await page.eval(`${count('#results-sidebar .result-group')} >= 5 && ${count('#research-answer .message.assistant[data-state="streaming"]')} === 1`));
  await page.screenshot(`${OUT}/research-streaming.png`);
});

for (const [width, dark] of [
  [1280, false],
  [1280, true],
  [640, false],
  [640, true],
]) {
  await withPage('scenario=research', { width, height: 800, dark }, async (page) => {
    await page.until(q('#research-answer .message.assistant[data-state="done"]'));
    const suffix = `${width}${dark ? '-dark' : ''}`;
    if (width === 1280 && !dark) {
      check('research: opinions group counts 6', (await page.eval(text('#results-sidebar .result-group[data-tool="search_opinions"] .result-count'))) === '6');
      check('research: opinions group has 6 cards', await page.eval(count('#results-sidebar .result-group[data-tool="search_opinions"] .result-card')) === 6);
      check('research: lawyers group shows its error', await page.eval(`${q('#results-sidebar .result-group[data-tool="search_lawyers"]')}.dataset.state === 'error' && /SERPAPI_API_KEY/.test(${text('#results-sidebar .result-group[data-tool="search_lawyers"] .group-error')})`));
      check('research: #research-trail has 6 items, one error', await page.eval(`${count('#research-trail .trail-item')} === 6 && ${count('#research-trail .trail-item[data-state="error"]')} === 1`));
      check('research: answer has citation links', await page.eval(count('#research-answer a.cite[data-source-id]')) >= 2);
      check('research: group header is "Court opinions"', /Court opinions/.test(await page.eval(text('.result-group[data-tool="search_opinions"] .group-name'))));
      await page.click('#results-sidebar .result-group[data-tool="search_nodes"] .source-link');
      await page.until(`${q('#section-viewer')}.dataset.state === "ready"`);
      check('research: a law card opens the section viewer (official text)', (await page.eval(text('#section-kind'))) === 'Official text');
      await page.screenshot(`${OUT}/section-official.png`);
      await page.key('Escape');
    }
    check(`research ${suffix}: no horizontal scroll`, await page.eval(noHorizontalScroll));
    await page.screenshot(`${OUT}/research-${suffix}.png`);
    if (width === 640) {
      await page.eval(`document.querySelector('#results-sidebar').scrollIntoView()`);
      await page.screenshot(`${OUT}/research-${suffix}-sidebar.png`);
    }
  });
}

// 3. Errors, settings, status.
await withPage('scenario=error', { width: 1280, height: 800 }, async (page) => {
  await page.until(q('#chat-transcript .message.assistant[data-state="error"]'));
  check('error: message shown inline, question kept', /still starting/.test(await page.eval(text('.message-error'))) && (await page.eval(count('#chat-transcript .message.user'))) === 1);
  await page.screenshot(`${OUT}/chat-error.png`);
  await page.click('.message-error button');
  await page.until(q('#chat-transcript .message.assistant[data-state="done"]'));
  check('error: Try again asks the same question again', await page.eval(`${count('#chat-transcript .message.user')} === 1 && ${count('#chat-transcript .message.assistant')} === 1`));
});

await withPage('scenario=markdown', { width: 1280, height: 800 }, async (page) => {
  await page.until(q('#chat-transcript .message.assistant[data-state="done"]'));
  check('markdown: no HTML from the model becomes elements', await page.eval(`!document.querySelector('#chat-transcript img, #chat-transcript script, #chat-transcript b, #chat-transcript [onerror]')`));
  check('markdown: javascript: and file: links are not links', await page.eval(`![...document.querySelectorAll('#chat-transcript a[href]')].some(a => !/^(https?:|#)/.test(a.getAttribute('href')))`));
  check('markdown: lists, table, code block, quote, heading', await page.eval(`['ul ul', 'ol[start="3"]', 'table', 'pre code', 'blockquote', 'h4', 'del', 'em', 'strong', 'code'].every(s => document.querySelector('#chat-transcript .md ' + s))`));
  check('markdown: Constitution citation links', await page.eval(`!!${q('a.cite[data-source-id="const-I-12"]')}`));
  check('markdown: range links both ends', await page.eval(`!!${q('a.cite[data-source-id="16.1-241"]')} && !!${q('a.cite[data-source-id="16.1-244"]')}`));
  check('markdown: snake_case stays as written', /snake_case_word/.test(await page.eval(text('#chat-transcript .md'))));
  await page.screenshot(`${OUT}/markdown.png`, { full: false });
});

await withPage('scenario=const', { width: 1280, height: 800, dark: true }, async (page) => {
  await page.until(`${q('#section-viewer')}.open && ${q('#section-viewer')}.dataset.state === "ready"`);
  check('constitution: Article I, Section 12 opens', /Constitution of Virginia, Article I, Section 12/.test(await page.eval(text('#section-citation'))));
  await page.screenshot(`${OUT}/section-const-dark.png`);
});

await withPage('scenario=settings-error', { width: 1280, height: 800 }, async (page) => {
  await page.until(`!${q('#err-baseUrl')}.hidden`);
  check('settings: field error under base URL', /must start with http/i.test(await page.eval(text('#err-baseUrl'))) && (await page.eval(`${q('#set-baseUrl')}.getAttribute('aria-invalid')`)) === 'true');
  check('settings: secrets listed with their state', await page.eval(`${count('#settings-dialog .secret-field')} === 5 && /keyring/.test(${text('[data-secret="OPENAI_API_KEY"] .secret-status')})`));
  check('settings: password fields never prefilled', await page.eval(`[...document.querySelectorAll('#settings-dialog input[type=password]')].every(i => i.value === '')`));
  await page.screenshot(`${OUT}/settings-error.png`);
  await page.eval(`document.querySelector('#set-baseUrl').value = 'http://127.0.0.1:11434/v1'`);
  await page.click('[data-secret="LEGISCAN_API_KEY"] input');
  await page.type('abc123');
  await page.click('[data-secret="COURTLISTENER_API_TOKEN"] .secret-row button');
  await page.click('#settings-save');
  await page.until(`!${q('#settings-dialog')}.open`);
  const saved = await page.eval('window.__mockCalls.filter(c => c.command === "save_settings").pop().args');
  check('settings: save sends settings and only changed secrets', saved.settings.baseUrl === 'http://127.0.0.1:11434/v1' && saved.secrets.LEGISCAN_API_KEY === 'abc123' && saved.secrets.COURTLISTENER_API_TOKEN === '' && !('OPENAI_API_KEY' in saved.secrets), JSON.stringify(saved));
  await page.until(`/127.0.0.1/.test(${text('#status-model')})`);
  check('settings: the status line shows the new model', (await page.eval(`${q('#status-model')}.dataset.state`)) === 'online');
});

await withPage('scenario=settings', { width: 640, height: 800, dark: true }, async (page) => {
  await page.until(`${q('#settings-dialog')}.open && ${count('#settings-dialog .secret-field')} === 5`);
  await page.screenshot(`${OUT}/settings-640-dark.png`);
});

// The Law tab: Ctrl+4 and the arrow keys reach it; a download from the first click to done;
// the monthly switch saves through save_settings, keeping the other settings.
await withPage('scenario=library', { width: 1200, height: 800 }, async (page) => {
  await page.until(`${q('#library-holds')}.dataset.corpus === 'starter'`);
  check('library: the header stays one row at 1200 px with four tabs', await page.eval(`${q('#open-settings')}.getBoundingClientRect().top < ${q('#tab-chat')}.getBoundingClientRect().bottom`));
  await page.key('1', { code: 'Digit1', ctrl: true });
  await page.key('4', { code: 'Digit4', ctrl: true });
  check('library: Ctrl+4 selects Law and focuses its tab', await page.eval(`${q('#tab-library')}.getAttribute('aria-selected') === 'true' && !${q('#panel-library')}.hidden && document.activeElement.id === 'tab-library'`));
  await page.key('ArrowLeft');
  check('library: ArrowLeft from Law selects Case', await page.eval(`document.activeElement.id === 'tab-workspace' && ${q('#tab-workspace')}.getAttribute('aria-selected') === 'true'`));
  await page.key('End');
  check('library: End selects Law', await page.eval(`document.activeElement.id === 'tab-library' && ${q('#panel-workspace')}.hidden`));
  check('library: what it holds, in words', /^Plain-language summaries of 437 sections in 15 titles/.test(await page.eval(text('#library-holds'))));
  check('library: no check for updates before a download', await page.eval(`${q('#library-check')}.hidden && ${q('#library-monthly-row')}.hidden`));
  await page.click('#library-download');
  await page.until(`/^File \\d+ of 80: /.test(${text('#library-progress-file')})`);
  check('library: the download disables its button and shows the file', await page.eval(`${q('#library-download')}.disabled && !${q('#library-run')}.hidden`));
  await page.until(`${q('#library-holds')}.dataset.corpus === 'official'`, 60000);
  check('library: done, the library holds the official text', /^Official text of 33,012 sections/.test(await page.eval(text('#library-holds'))) && /files downloaded/.test(await page.eval(text('#library-message'))));
  check('library: a failed file is named with its reason', await page.eval(`!!${q('#library-failed li[data-file="CoVTitle_33.2.csv"]')} && !${q('#library-failed-box')}.hidden`));
  check('library: then a check for updates and the monthly switch', await page.eval(`!${q('#library-check')}.hidden && !${q('#library-monthly-row')}.hidden && ${q('#library-monthly')}.checked`));
  await page.screenshot(`${OUT}/library-done.png`);
  await page.click('#library-monthly');
  await page.until('window.__mockCalls.some(c => c.command === "save_settings")');
  const saved = await page.eval('window.__mockCalls.filter(c => c.command === "save_settings").pop().args');
  check('library: the monthly switch saves lawUpdates and keeps the rest', saved.settings.lawUpdates === false && saved.settings.smallModel === 'gpt-4o-mini' && JSON.stringify(saved.secrets) === '{}', JSON.stringify(saved));
});

await withPage('scenario=setup', { width: 1280, height: 800 }, async (page) => {
  await page.until(`!${q('#status-setup')}.hidden`);
  check('status: setup progress shown', /Preparing the law graph… \d+\/437/.test(await page.eval(text('#status-setup-label'))));
  check('status: explorer starting', (await page.eval(`${q('#status-explorer')}.dataset.state`)) === 'starting');
  await page.until(`/1[6-9]0\\/437|[2-9]\\d0\\/437/.test(${text('#status-setup-label')})`);
  check('status: progress follows subscribe_status', true);
  await page.screenshot(`${OUT}/status-setup.png`);
});

await withPage('scenario=failed', { width: 1280, height: 800 }, async (page) => {
  await page.until(`!${q('#app-alert')}.hidden`);
  check('status: failed phase shows a prominent message', /could not start/.test(await page.eval(text('#app-alert'))));
  check('status: server unavailable', (await page.eval(text('#status-server .status-text'))) === 'Case data: unavailable');
  await page.screenshot(`${OUT}/status-failed.png`);
});

await withPage('scenario=restarting', { width: 640, height: 800 }, async (page) => {
  await page.until(`/restarting/.test(${text('#status-server')})`);
  check('status: restarting (n)', /Case data: restarting \(2\)/.test(await page.eval(text('#status-server .status-text'))));
  await page.eval(`document.querySelector('#status-explorer').focus()`);
  check('status: explorer message on focus', await page.eval(`getComputedStyle(document.querySelector('#status-explorer .status-tip')).display !== 'none'`));
  await page.screenshot(`${OUT}/status-restarting-640.png`);
});

for (const [width, dark] of [
  [1280, false],
  [640, false],
  [640, true],
]) {
  await withPage('', { width, height: 800, dark }, async (page) => {
    check(`empty ${width}: no horizontal scroll`, await page.eval(noHorizontalScroll));
    await page.screenshot(`${OUT}/empty-${width}${dark ? '-dark' : ''}.png`);
    await page.eval(`document.querySelector('#tab-research').click()`);
    await page.screenshot(`${OUT}/empty-research-${width}${dark ? '-dark' : ''}.png`);
  });
}

await withPage('scenario=chat', { width: 640, height: 800 }, async (page) => {
  await page.until(q('#chat-transcript .message.assistant[data-state="done"]'));
  check('chat 640: no horizontal scroll', await page.eval(noHorizontalScroll));
  await page.screenshot(`${OUT}/chat-640.png`);
});

await withPage('scenario=chat', { width: 640, height: 400 }, async (page) => {
  await page.until(q('#chat-transcript .message.assistant[data-state="done"]'));
  check('chat 640x400 (200% zoom of 1280x800): no horizontal scroll', await page.eval(noHorizontalScroll));
  await page.screenshot(`${OUT}/chat-640x400.png`);
});

console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
