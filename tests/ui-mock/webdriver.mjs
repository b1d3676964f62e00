// DEVELOPMENT ONLY: a few lines of W3C WebDriver for the mock in WebKitGTK's MiniBrowser (through
// Debian's WebKitWebDriver), shared by webkit.mjs (the scenarios' checks) and render-bench.mjs (the
// big workspace's render times). No npm dependencies: node's own fetch.
//
//   WEBDRIVER_URL  WebKitWebDriver            (default http://127.0.0.1:4447)
//   MOCK_URL       the mock page (serve.py)   (default http://127.0.0.1:8765/tests/ui-mock/)
//   MINIBROWSER    the browser binary          (default Debian's webkit2gtk-4.1 MiniBrowser)

export const WD = process.env.WEBDRIVER_URL || 'http://127.0.0.1:4447';
export const BASE = process.env.MOCK_URL || 'http://127.0.0.1:8765/tests/ui-mock/';
export const BROWSER = process.env.MINIBROWSER || '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** One WebDriver command; throws on a WebDriver error. */
export async function wd(method, path, body) {
  const res = await fetch(WD + path, { method, headers: { 'content-type': 'application/json' }, body: body ? JSON.stringify(body) : undefined });
  const json = await res.json();
  if (json.value && json.value.error) throw new Error(`${path}: ${json.value.error} ${json.value.message}`);
  return json.value;
}

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// Expressions for scripts run in the page.
export const q = (s) => `document.querySelector(${JSON.stringify(s)})`;
export const qa = (s) => `document.querySelectorAll(${JSON.stringify(s)})`;
export const text = (s) => `(${q(s)} ? ${q(s)}.textContent : '')`;

/** A MiniBrowser session: `{id, exec, execAsync, go, waitFor, rect, setRect, screenshot, close}`. */
export async function startSession({ browser = BROWSER } = {}) {
  const { sessionId } = await wd('POST', '/session', { capabilities: { alwaysMatch: { 'webkitgtk:browserOptions': { binary: browser, args: ['--automation'] } } } });
  const s = `/session/${sessionId}`;
  const session = {
    id: sessionId,
    /** Runs `script` (a function body; `return` its value) in the page. */
    exec: (script, args = []) => wd('POST', `${s}/execute/sync`, { script, args }),
    /** Runs `script` with a callback as its last argument (`arguments[arguments.length - 1]`). */
    execAsync: (script, args = []) => wd('POST', `${s}/execute/async`, { script, args }),
    go: (url) => wd('POST', `${s}/url`, { url }),
    rect: () => wd('GET', `${s}/window/rect`),
    setRect: (size) => wd('POST', `${s}/window/rect`, size),
    screenshot: async () => Buffer.from(await wd('GET', `${s}/screenshot`), 'base64'),
    setTimeouts: (timeouts) => wd('POST', `${s}/timeouts`, timeouts),
    /** Polls until the JS expression `expr` is true in the page; throws after `timeout` ms. */
    async waitFor(expr, { timeout = 20000, every = 100, what = expr } = {}) {
      const start = Date.now();
      while (!(await session.exec(`return Boolean(${expr})`).catch(() => false))) {
        if (Date.now() - start > timeout) throw new Error(`timed out waiting for ${what}`);
        await sleep(every);
      }
    },
    close: () => wd('DELETE', s).catch(() => {}),
  };
  return session;
}
