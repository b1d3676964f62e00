// DEVELOPMENT ONLY: a tiny Chrome DevTools Protocol driver for looking at ui/ through the mock —
// real time (no virtual-time guessing), console errors and CSP reports collected, screenshots
// and keyboard input. Needs chromium and Node 20+ (`node --experimental-websocket` on Node 20).
//
//   import { open } from './cdp.mjs';
//   const page = await open('http://127.0.0.1:8765/tests/ui-mock/?scenario=chat', { width: 1280, height: 800 });
//   await page.until('document.querySelector(".message.assistant[data-state=done]")');
//   await page.screenshot('/tmp/chat.png');
//   await page.close();

import { spawn } from 'node:child_process';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function json(url) {
  for (let i = 0; i < 100; i += 1) {
    try {
      const res = await fetch(url);
      if (res.ok) return res.json();
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  throw new Error(`no answer from ${url}`);
}

export async function open(url, { width = 1280, height = 800, port = 9300 + Math.floor(Math.random() * 500), dark = false } = {}) {
  const profile = mkdtempSync(join(tmpdir(), 'proseva-cdp-'));
  const chrome = spawn(
    'chromium',
    ['--headless', '--no-sandbox', '--disable-gpu', `--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, `--window-size=${width},${height}`, 'about:blank'],
    { stdio: 'ignore' },
  );
  const targets = await json(`http://127.0.0.1:${port}/json/list`);
  const target = targets.find((t) => t.type === 'page');
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let seq = 0;
  const pending = new Map();
  const problems = [];
  const logs = [];
  ws.onmessage = (msg) => {
    const data = JSON.parse(msg.data);
    if (data.id && pending.has(data.id)) {
      const { resolve, reject } = pending.get(data.id);
      pending.delete(data.id);
      if (data.error) reject(new Error(data.error.message));
      else resolve(data.result);
      return;
    }
    if (data.method === 'Runtime.consoleAPICalled') {
      const text = data.params.args.map((a) => a.value ?? a.description ?? '').join(' ');
      logs.push(`${data.params.type}: ${text}`);
      if (data.params.type === 'error' || data.params.type === 'warning') problems.push(`console.${data.params.type}: ${text}`);
    } else if (data.method === 'Runtime.exceptionThrown') {
      const d = data.params.exceptionDetails;
      problems.push(`exception: ${d.exception ? d.exception.description : d.text}`);
    } else if (data.method === 'Log.entryAdded') {
      const e = data.params.entry;
      if (e.level === 'error' || e.level === 'warning') problems.push(`log.${e.level}: ${e.text} ${e.url || ''}`);
    }
  };
  const send = (method, params = {}) =>
    new Promise((resolve, reject) => {
      seq += 1;
      pending.set(seq, { resolve, reject });
      ws.send(JSON.stringify({ id: seq, method, params }));
    });
  await send('Runtime.enable');
  await send('Log.enable');
  await send('Page.enable');
  await send('Emulation.setDeviceMetricsOverride', { width, height, deviceScaleFactor: 1, mobile: false });
  if (dark) await send('Emulation.setEmulatedMedia', { features: [{ name: 'prefers-color-scheme', value: 'dark' }] });
  await send('Page.navigate', { url });

  const page = {
    problems,
    logs,
    send,
    async eval(expression) {
      const r = await send('Runtime.evaluate', { expression, awaitPromise: true, returnByValue: true });
      if (r.exceptionDetails) throw new Error(`${expression}: ${r.exceptionDetails.exception ? r.exceptionDetails.exception.description : r.exceptionDetails.text}`);
      return r.result.value;
    },
    async until(expression, timeout = 20000) {
      const start = Date.now();
      for (;;) {
        let v;
        try {
          v = await page.eval(expression);
        } catch {
          v = null;
        }
        if (v) return v;
        if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${expression}`);
        await sleep(50);
      }
    },
    async screenshot(path, { full = false } = {}) {
      const params = { format: 'png' };
      if (full) params.captureBeyondViewport = true;
      const r = await send('Page.captureScreenshot', params);
      writeFileSync(path, Buffer.from(r.data, 'base64'));
    },
    async key(key, { code = key, ctrl = false, shift = false, text } = {}) {
      const modifiers = (ctrl ? 2 : 0) | (shift ? 8 : 0);
      const keyCode = key === 'Enter' ? 13 : key === 'Escape' ? 27 : key === 'Tab' ? 9 : key.length === 1 ? key.toUpperCase().charCodeAt(0) : 0;
      const base = { key, code, modifiers, windowsVirtualKeyCode: keyCode };
      await send('Input.dispatchKeyEvent', { type: text ? 'keyDown' : 'rawKeyDown', ...base, text });
      await send('Input.dispatchKeyEvent', { type: 'keyUp', ...base });
    },
    async type(text) {
      await send('Input.insertText', { text });
    },
    async click(selector) {
      const box = await page.eval(`(() => { const el = document.querySelector(${JSON.stringify(selector)}); if (!el) return null; el.scrollIntoView({block: 'center'}); const r = el.getBoundingClientRect(); return {x: r.x + r.width / 2, y: r.y + r.height / 2}; })()`);
      if (!box) throw new Error(`no element ${selector}`);
      for (const type of ['mousePressed', 'mouseReleased']) {
        await send('Input.dispatchMouseEvent', { type, x: box.x, y: box.y, button: 'left', clickCount: 1 });
      }
    },
    async close() {
      try {
        ws.close();
      } finally {
        chrome.kill('SIGTERM');
      }
    },
  };
  return page;
}
