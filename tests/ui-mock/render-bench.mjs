// DEVELOPMENT ONLY: how long the case workspace takes to render a page of the big case (1,000
// deadlines, 5,000 timeline events, 500 documents: `?scenario=big` of the mock) in the window's own
// engine, WebKitGTK's MiniBrowser, after the page's list command has answered. The requirement:
// ≤ 100 ms. `scripts/render-bench.sh` starts everything this needs; by hand:
//
//   Xvfb :97 & DISPLAY=:97 WebKitWebDriver --port=4447 &
//   python3 tests/ui-mock/serve.py 8765 &
//   node tests/ui-mock/render-bench.mjs [--runs=10] [--pages=timeline,deadlines,documents] [--json=FILE]
//
// Each run is a fresh load of `?scenario=big&page=overview` (the mock opens the Case tab), then,
// as a person would: a click on the page in the sub-nav (its first render in that document), then
// a click on "Next →" (the second page, what `&next=1` does); on the deadlines page, then a click
// on the Done fold. One unmeasured warm-up run first.
//
// Two figures per render, both from the mark the page sets when its command answered
// (`workspace-answered:<page>:<n>`, ui/records.js):
//   render  the app's own measure `workspace-render:<page>`: the rows built and in the DOM;
//   frame   until the next frame is out (requestAnimationFrame, then a message: after the style,
//           layout and paint of that frame) — what the eye sees; includes up to one frame's wait.
// Prints a table (page, runs, p50 / p95 / max of each, in ms). Exits non-zero only when a page
// does not render; the figures are not judged here.

import { writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { BASE, sleep, startSession } from './webdriver.mjs';

const opt = (name, fallback) => {
  const arg = process.argv.slice(2).find((a) => a.startsWith(`--${name}=`));
  return arg ? arg.slice(name.length + 3) : fallback;
};
const RUNS = Math.max(1, Number(opt('runs', process.env.RUNS || 10)) || 10);
const PAGES = opt('pages', 'timeline,deadlines,documents').split(',').filter(Boolean);
const JSON_OUT = opt('json', '');

// Where each page's main list is. The deadlines page shows two lists and a month calendar at
// once (`also`), and its Done fold is read when opened (`open`: the fold's summary is clicked
// after "Next →", and that list's render is timed as well).
const LISTS = {
  timeline: { box: '#records-timeline', also: [] },
  documents: { box: '#records-documents', also: [] },
  deadlines: { box: '#deadlines-upcoming', also: ['deadlines-overdue', 'calendar'], open: { click: '#deadlines-done-fold > summary', page: 'deadlines-done', label: 'deadlines: open Done' } },
};

// Wraps performance.measure so that each `workspace-render:<page>` also records when the next
// frame is out, from the same "answered" mark. Installed after the load, before any click.
const INSTRUMENT = `
  if (!window.__bench) {
    window.__bench = [];
    const measure = performance.measure.bind(performance);
    performance.measure = function (name, start, ...rest) {
      const entry = measure(name, start, ...rest);
      if (typeof name === 'string' && name.startsWith('workspace-render:') && typeof start === 'string') {
        const page = name.slice('workspace-render:'.length);
        const mark = performance.getEntriesByName(start, 'mark').pop();
        const render = entry && typeof entry.duration === 'number' ? entry.duration : performance.getEntriesByName(name, 'measure').pop().duration;
        const record = { page, render, frame: null };
        window.__bench.push(record);
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          record.frame = performance.now() - mark.startTime;
        };
        requestAnimationFrame(() => channel.port2.postMessage(null));
      }
      return entry;
    };
  }
  return true;`;

const samples = new Map(); // row label → [{render, frame}]
const add = (label, s) => {
  if (!samples.has(label)) samples.set(label, []);
  samples.get(label).push(s);
};
const failures = [];
const problems = new Set();

const loadBefore = loadavg()[0];
const session = await startSession();
const { exec } = session;
await session.setRect({ width: 1280, height: 800 }).catch(() => {});

/** The `__bench` records from index `from` on, once `pages` all have one with its frame out. */
async function recordsFor(from, pages, what) {
  const start = Date.now();
  for (;;) {
    const got = await exec(`return (window.__bench || []).slice(${from})`).catch(() => []);
    const done = pages.every((p) => got.some((r) => r.page === p && r.frame !== null));
    if (done) return got;
    if (Date.now() - start > 30000) throw new Error(`no render of ${what} (${pages.join(', ')}) within 30 s`);
    await sleep(25);
  }
}

/** One fresh load; `record` false for the warm-up. */
async function run(page, record) {
  const { box, also, open } = LISTS[page];
  await session.go(`${BASE}?scenario=big&page=overview`);
  await session.waitFor(`!document.querySelector('#ws-page-overview').hidden && document.querySelector('#case-counts .count-card') && !document.querySelector('#panel-workspace [aria-busy="true"]')`, {
    timeout: 30000,
    what: 'the overview of the big case',
  });
  await sleep(300); // let the overview's own work settle
  await exec(INSTRUMENT);

  // The page's first render in this document.
  let from = await exec('return window.__bench.length');
  await exec(`document.querySelector('#workspace .ws-nav button[data-page="${page}"]').click(); return true;`);
  const first = await recordsFor(from, [page, ...also], page);
  await session.waitFor(`document.querySelector('${box}[data-total] .rec-row') && !document.querySelector('#ws-page-${page} [aria-busy="true"]')`, { what: `${box} rows` });
  const rows = await exec(`return document.querySelectorAll('${box} .rec-row').length`);
  if (rows < 100) throw new Error(`${page}: ${rows} rows on the first page, expected 100`);

  // The next page ("Next →", as `&next=1`).
  await sleep(200);
  from = await exec('return window.__bench.length');
  await exec(`document.querySelector('${box} .pager-next').click(); return true;`);
  const next = await recordsFor(from, [page], `${page} next`);
  await session.waitFor(`document.querySelector('${box}[data-offset="100"] .rec-row')`, { what: `${box} at offset 100` });

  // A fold opened (the deadlines' Done list).
  let opened = null;
  if (open && !(await exec(`return !!document.querySelector('${open.click}').closest('details').querySelector('.rec-row')`))) {
    await sleep(200);
    from = await exec('return window.__bench.length');
    await exec(`document.querySelector('${open.click}').click(); return true;`);
    opened = (await recordsFor(from, [open.page], open.label)).find((x) => x.page === open.page);
  }

  for (const p of await exec('return window.__mockProblems || []')) problems.add(`${page}: ${typeof p === 'string' ? p : JSON.stringify(p)}`);
  if (!record) return;
  for (const p of [page, ...also]) {
    const r = first.find((x) => x.page === p);
    add(p === page ? page : `${page}: ${p}`, r);
  }
  add(`${page} next`, next.find((x) => x.page === page));
  if (opened) add(open.label, opened);
}

try {
  for (const page of PAGES) {
    if (!LISTS[page]) {
      failures.push(`${page}: not a list page (${Object.keys(LISTS).join(', ')})`);
      continue;
    }
    for (let i = 0; i <= RUNS; i += 1) {
      try {
        await run(page, i > 0);
      } catch (err) {
        failures.push(`${page} run ${i}: ${err.message}`);
        if (i === 0) break; // the page does not render at all: no use repeating it
      }
    }
  }
} finally {
  await session.close();
}

const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
const ms = (v) => (v === undefined || v === null ? '—' : v.toFixed(1));
const stats = (values) => {
  const s = values.filter((v) => typeof v === 'number').sort((a, b) => a - b);
  return s.length ? [pct(s, 50), pct(s, 95), s[s.length - 1]] : [null, null, null];
};

const header = ['page', 'runs', 'render p50', 'p95', 'max', 'frame p50', 'p95', 'max'];
const table = [...samples].map(([label, list]) => [label, String(list.length), ...stats(list.map((s) => s.render)).map(ms), ...stats(list.map((s) => s.frame)).map(ms)]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((r) => r[i].length)));
const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
console.log(`render-bench: scenario=big (1,000 deadlines, 5,000 timeline events, 500 documents), WebKitGTK MiniBrowser 1280×800, ${RUNS} fresh loads a page (+1 warm-up), ms from the command's answer`);
console.log(`render-bench: ${cpus().length} cores, load average ${loadBefore.toFixed(2)} before, ${loadavg()[0].toFixed(2)} after (other work on the machine slows every figure)`);
console.log(line(header));
console.log(line(widths.map((w) => '-'.repeat(w))));
for (const r of table) console.log(line(r));
for (const p of problems) console.log(`note: the page reported ${p}`);
for (const f of failures) console.log(`FAIL ${f}`);
if (JSON_OUT) writeFileSync(JSON_OUT, JSON.stringify({ runs: RUNS, samples: Object.fromEntries(samples), failures, problems: [...problems] }, null, 2));
process.exit(failures.length ? 1 : 0);
