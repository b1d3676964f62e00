// A small, safe Markdown renderer: it builds DOM nodes (never HTML strings), so anything a model
// writes — including `<script>` or `<img onerror>` — shows as text. Supported: paragraphs,
// headings, bold, italic, strikethrough, inline code, fenced code blocks, bullet and numbered
// lists (nested), blockquotes, tables, horizontal rules and links. Only http(s) links become links
// (opened in the person's browser by the app); any other link shows as its text. Character
// references (`&lt;`, `&amp;`, `&#167;` …) are decoded as the exports decode them (crates/drafts,
// `decode_entities`), into text nodes — a decoded `<` is a character, never markup — except in
// code, which shows exactly what was written. Citations of the Code and Constitution of Virginia
// become `a.cite` links that open the section viewer: the app finds them (the `done` event's
// `citations.spans`, UTF-16 offsets into the reply), this file only links them. Before parsing,
// each span is wrapped in invisible marks (private-use characters), so it survives the Markdown
// parse wherever it lands; marks inside code and link targets are dropped.
//
// Tested in tests/ui-mock/markdown.test.mjs (node --test, with a small stand-in document).

import { h } from './dom.js';
import { t, tMessage } from './i18n.js';

const OPEN = '\uE000';
const MID = '\uE001';
const CLOSE = '\uE002';
const MARKED = /\uE000(\d+)\uE001([^\uE000-\uE002]*)\uE002/g;

/** Wraps each span of `text` in marks: OPEN, the span's index, MID, the cited text, CLOSE. */
export function markCitations(text, spans) {
  // Private-use characters a model wrote become U+FFFD first (same length, so offsets hold).
  const clean = text.replace(/[\uE000-\uE002]/g, '\uFFFD');
  if (!Array.isArray(spans) || !spans.length) return clean;
  let out = '';
  let at = 0;
  spans.forEach((span, n) => {
    const start = span && span.startUtf16;
    const end = span && span.endUtf16;
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < at || end <= start || end > clean.length) return;
    out += clean.slice(at, start) + OPEN + n + MID + clean.slice(start, end) + CLOSE;
    at = end;
  });
  return out + clean.slice(at);
}

/** The text without marks (for code, link targets, and text that links nothing). */
export function stripMarks(text) {
  return String(text).replace(/\uE000\d*\uE001?/g, '').replace(/[\uE001\uE002]/g, '');
}

/**
 * Renders `source` to a DocumentFragment.
 * `ctx.citations`: `{ spans, note }` from the app — the citations to link, each `verified` or
 * `unverified` (flagged), and why nothing could be checked; omit while the answer is still being
 * written.
 */
export function renderMarkdown(source, ctx = {}) {
  const spans = ctx.citations && Array.isArray(ctx.citations.spans) ? ctx.citations.spans : [];
  const text = markCitations(String(source ?? ''), spans).replace(/\r\n?/g, '\n');
  const fragment = document.createDocumentFragment();
  for (const node of parseBlocks(text.split('\n'), ctx, 0)) fragment.append(node);
  return fragment;
}

// Named references the exports decode (crates/drafts/src/text.rs, `decode_entities`), matched
// without regard to case as there.
const NAMED_ENTITIES = new Map([
  ['lt', '<'],
  ['gt', '>'],
  ['amp', '&'],
  ['quot', '"'],
  ['apos', "'"],
  ['nbsp', '\u00a0'],
  ['colon', ':'],
  ['tab', '\t'],
  ['newline', '\n'],
  ['sect', '§'],
]);
const ENTITY = /^&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[A-Za-z][A-Za-z0-9]{1,30});/;

/**
 * The character reference at the start of `text` (`&lt;`, `&#60;`, `&#x3C;` …): `{ text, length }`
 * — what it stands for and how many characters it takes — or null when there is none (a lone `&`,
 * a name the exports do not know, NUL, a surrogate, a code point past U+10FFFF, or one of the
 * private-use characters that mark citations, which a reference may not forge).
 */
export function matchEntity(text) {
  const m = ENTITY.exec(text);
  if (!m) return null;
  const name = m[1];
  let decoded;
  if (name[0] === '#') {
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    const forbidden = code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff) || (code >= 0xe000 && code <= 0xe002);
    if (!Number.isFinite(code) || forbidden) return null;
    decoded = String.fromCodePoint(code);
  } else {
    decoded = NAMED_ENTITIES.get(name.toLowerCase());
    if (decoded === undefined) return null;
  }
  return { text: decoded, length: m[0].length };
}

/** `text` with its character references decoded ([`matchEntity`]); anything else as written. */
export function decodeEntities(text) {
  const s = String(text ?? '');
  if (!s.includes('&')) return s;
  let out = '';
  let i = 0;
  while (i < s.length) {
    const amp = s.indexOf('&', i);
    if (amp < 0) break;
    out += s.slice(i, amp);
    const ref = matchEntity(s.slice(amp, amp + 40));
    if (ref) {
      out += ref.text;
      i = amp + ref.length;
    } else {
      out += '&';
      i = amp + 1;
    }
  }
  return out + s.slice(i);
}

/** Plain text of Markdown, for announcements: marks removed, references decoded, whitespace folded. */
export function markdownToPlain(source) {
  return decodeEntities(String(source ?? '')
    .replace(/```[\s\S]*?(```|$)/g, ' ')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/^\s{0,3}(#{1,6}|>|[-*+]|\d+[.)])\s+/gm, '')
    .replace(/(\*\*|__|~~|\*|_)/g, ''))
    .replace(/\s+/g, ' ')
    .trim();
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})\s*([\w+#.-]*)[^`]*$/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const HR = /^\s{0,3}([-*_])(\s*\1){2,}\s*$/;
const QUOTE = /^\s{0,3}>\s?/;
const LIST_ITEM = /^(\s*)([-*+•]|\d{1,9}[.)])\s+(.*)$/;
const TABLE_SEP = /^\s*\|?\s*:?-{2,}:?\s*(\|\s*:?-{2,}:?\s*)*\|?\s*$/;

const MAX_DEPTH = 12;

function indentOf(line) {
  const m = /^[ \t]*/.exec(line)[0];
  return m.replace(/\t/g, '    ').length;
}

function isBlank(line) {
  return line === undefined || line.trim() === '';
}

function startsBlock(line, next) {
  return (
    FENCE.test(line) ||
    HEADING.test(line) ||
    HR.test(line) ||
    QUOTE.test(line) ||
    LIST_ITEM.test(line) ||
    (line.includes('|') && next !== undefined && TABLE_SEP.test(next) && next.includes('-'))
  );
}

function parseBlocks(lines, ctx, depth) {
  const out = [];
  let i = 0;
  if (depth > MAX_DEPTH) {
    const text = lines.join('\n').trim();
    return text ? [h('p', {}, text)] : [];
  }
  while (i < lines.length) {
    const line = lines[i];
    if (isBlank(line)) {
      i += 1;
      continue;
    }
    let m;
    if ((m = FENCE.exec(line))) {
      const fence = m[1];
      const body = [];
      i += 1;
      while (i < lines.length && !new RegExp(`^\\s{0,3}${fence[0] === '`' ? '`' : '~'}{${fence.length},}\\s*$`).test(lines[i])) {
        body.push(lines[i]);
        i += 1;
      }
      i += 1; // the closing fence (or the end, while an answer is still streaming)
      const code = h('code', {}, stripMarks(body.join('\n')));
      if (m[2]) code.dataset.lang = m[2];
      out.push(h('pre', { class: 'code-block', tabindex: '0' }, code));
      continue;
    }
    if ((m = HEADING.exec(line))) {
      // The page uses h1–h3 (app, panel, message); inside a message headings start at h4.
      const level = Math.min(6, m[1].length + 3);
      out.push(h(`h${level}`, { class: 'md-heading' }, parseInline(m[2], ctx)));
      i += 1;
      continue;
    }
    if (HR.test(line)) {
      out.push(h('hr'));
      i += 1;
      continue;
    }
    if (QUOTE.test(line)) {
      const body = [];
      while (i < lines.length && QUOTE.test(lines[i])) {
        body.push(lines[i].replace(QUOTE, ''));
        i += 1;
      }
      out.push(h('blockquote', {}, parseBlocks(body, ctx, depth + 1)));
      continue;
    }
    if (LIST_ITEM.test(line)) {
      const [list, next] = parseList(lines, i, ctx, depth);
      out.push(list);
      i = next;
      continue;
    }
    if (line.includes('|') && i + 1 < lines.length && TABLE_SEP.test(lines[i + 1]) && lines[i + 1].includes('-')) {
      const [table, next] = parseTable(lines, i, ctx);
      out.push(table);
      i = next;
      continue;
    }
    // A paragraph: until a blank line or the start of another block. Single line breaks are kept.
    const para = [line.trim()];
    i += 1;
    while (i < lines.length && !isBlank(lines[i]) && !startsBlock(lines[i], lines[i + 1])) {
      para.push(lines[i].trim());
      i += 1;
    }
    const children = [];
    para.forEach((text, n) => {
      if (n > 0) children.push(h('br'));
      children.push(...parseInline(text.replace(/\s+$/, ''), ctx));
    });
    out.push(h('p', {}, children));
  }
  return out;
}

function parseList(lines, start, ctx, depth) {
  const first = LIST_ITEM.exec(lines[start]);
  const baseIndent = indentOf(first[1]);
  const ordered = /\d/.test(first[2]);
  const items = [];
  let loose = false;
  let i = start;
  let current = null;
  while (i < lines.length) {
    const line = lines[i];
    if (isBlank(line)) {
      // A blank line ends the list unless the list (or the item) goes on after it.
      let j = i + 1;
      while (j < lines.length && isBlank(lines[j])) j += 1;
      if (j >= lines.length) break;
      const m = LIST_ITEM.exec(lines[j]);
      const sameList = m && indentOf(m[1]) <= baseIndent + 1 && /\d/.test(m[2]) === ordered;
      if (sameList || indentOf(lines[j]) > baseIndent + 1) {
        if (current) current.lines.push('');
        loose = loose || Boolean(sameList);
        i = j;
        continue;
      }
      break;
    }
    const m = LIST_ITEM.exec(line);
    const indent = indentOf(line);
    if (m && indentOf(m[1]) <= baseIndent + 1) {
      if (/\d/.test(m[2]) !== ordered) break;
      current = { lines: [m[3]], contentIndent: indentOf(m[1]) + m[2].length + 1, number: parseInt(m[2], 10) };
      items.push(current);
      i += 1;
      continue;
    }
    if (current && indent > baseIndent) {
      // Nested content: drop the item's indentation (as much of it as the line has).
      const drop = Math.min(indent, current.contentIndent);
      current.lines.push(line.replace(/^[ \t]*/, (ws) => ' '.repeat(Math.max(0, ws.replace(/\t/g, '    ').length - drop))));
      i += 1;
      continue;
    }
    if (current && !startsBlock(line, lines[i + 1])) {
      // A lazy continuation of the item's paragraph.
      current.lines.push(line.trim());
      i += 1;
      continue;
    }
    break;
  }
  const list = h(ordered ? 'ol' : 'ul');
  if (ordered && items.length && items[0].number !== 1 && Number.isFinite(items[0].number)) {
    list.setAttribute('start', String(items[0].number));
  }
  for (const item of items) {
    const blocks = parseBlocks(item.lines, ctx, depth + 1);
    const li = h('li');
    if (!loose && blocks.length && blocks[0].tagName === 'P') {
      // A tight list: the first paragraph's content sits directly in the item.
      li.append(...blocks[0].childNodes);
      li.append(...blocks.slice(1));
    } else {
      li.append(...blocks);
    }
    list.append(li);
  }
  return [list, i];
}

function splitRow(line) {
  let s = line.trim();
  if (s.startsWith('|')) s = s.slice(1);
  if (s.endsWith('|') && !s.endsWith('\\|')) s = s.slice(0, -1);
  const cells = [];
  let cell = '';
  for (let k = 0; k < s.length; k += 1) {
    if (s[k] === '\\' && s[k + 1] === '|') {
      cell += '|';
      k += 1;
    } else if (s[k] === '|') {
      cells.push(cell.trim());
      cell = '';
    } else {
      cell += s[k];
    }
  }
  cells.push(cell.trim());
  return cells;
}

function parseTable(lines, start, ctx) {
  const header = splitRow(lines[start]);
  const aligns = splitRow(lines[start + 1]).map((c) => {
    const left = c.startsWith(':');
    const right = c.endsWith(':');
    if (left && right) return 'center';
    if (right) return 'right';
    return null;
  });
  const alignClass = (n) => (aligns[n] ? `align-${aligns[n]}` : null);
  const thead = h('thead', {}, h('tr', {}, header.map((c, n) => h('th', { scope: 'col', class: alignClass(n) }, parseInline(c, ctx)))));
  const tbody = h('tbody');
  let i = start + 2;
  while (i < lines.length && !isBlank(lines[i]) && lines[i].includes('|')) {
    const cells = splitRow(lines[i]);
    tbody.append(h('tr', {}, header.map((_, n) => h('td', { class: alignClass(n) }, parseInline(cells[n] ?? '', ctx)))));
    i += 1;
  }
  return [h('div', { class: 'table-wrap', tabindex: '0' }, h('table', {}, thead, tbody)), i];
}

// ---------------------------------------------------------------------------------------------
// Inline

const BARE_URL = /^https?:\/\/[^\s<>"'`]+/;
const PUNCT = /[!-/:-@[-`{-~]/;

function isWordChar(c) {
  return c !== undefined && /[\p{L}\p{N}]/u.test(c);
}

/** Index of the closing `delim` for an emphasis opened at `from`, or -1. */
function findClose(s, from, delim) {
  let k = from;
  while (k < s.length) {
    const at = s.indexOf(delim, k);
    if (at < 0) return -1;
    const before = s[at - 1];
    const after = s[at + delim.length];
    const rightFlanking = before !== undefined && !/\s/.test(before);
    // `_` closes only at a word's end (so snake_case stays as written).
    const okEnd = delim[0] !== '_' || !isWordChar(after);
    // A single `*` must not be part of `**`.
    const single = delim.length > 1 || (s[at + 1] !== delim && s[at - 1] !== delim) || at === from;
    if (at > from && rightFlanking && okEnd && single) return at;
    k = at + delim.length;
  }
  return -1;
}

/** Parses inline Markdown into nodes. `opts.inLink` stops nested links and citation links. */
export function parseInline(text, ctx = {}, opts = {}) {
  const s = String(text ?? '');
  const out = [];
  let buf = '';
  const flush = () => {
    if (!buf) return;
    if (opts.inLink || ctx.noCitations) out.push(document.createTextNode(stripMarks(buf)));
    else out.push(...linkMarked(buf, ctx));
    buf = '';
  };
  let i = 0;
  while (i < s.length) {
    const c = s[i];
    if (c === '\\' && i + 1 < s.length && PUNCT.test(s[i + 1])) {
      buf += s[i + 1];
      i += 2;
      continue;
    }
    if (c === '&') {
      // Decoded straight into the text: what it stands for is never read as Markdown again.
      const ref = matchEntity(s.slice(i, i + 40));
      if (ref) {
        buf += ref.text;
        i += ref.length;
        continue;
      }
    }
    if (c === '`') {
      let n = 0;
      while (s[i + n] === '`') n += 1;
      const fence = '`'.repeat(n);
      const close = s.indexOf(fence, i + n);
      if (close > i) {
        flush();
        let code = s.slice(i + n, close);
        if (/^ .* $/.test(code) && code.trim()) code = code.slice(1, -1);
        out.push(h('code', {}, stripMarks(code)));
        i = close + n;
        continue;
      }
      buf += fence;
      i += n;
      continue;
    }
    if ((c === '*' || c === '_' || c === '~') && s[i + 1] === c && (c !== '~' || true)) {
      const delim = c + c;
      const opensOk = s[i + 2] !== undefined && !/\s/.test(s[i + 2]) && (c !== '_' || !isWordChar(s[i - 1]));
      const close = opensOk ? findClose(s, i + 2, delim) : -1;
      if (close > 0) {
        flush();
        const tag = c === '~' ? 'del' : 'strong';
        out.push(h(tag, {}, parseInline(s.slice(i + 2, close), ctx, opts)));
        i = close + 2;
        continue;
      }
      buf += delim;
      i += 2;
      continue;
    }
    if (c === '*' || c === '_') {
      const opensOk = s[i + 1] !== undefined && !/\s/.test(s[i + 1]) && (c !== '_' || !isWordChar(s[i - 1]));
      const close = opensOk ? findClose(s, i + 1, c) : -1;
      if (close > 0) {
        flush();
        out.push(h('em', {}, parseInline(s.slice(i + 1, close), ctx, opts)));
        i = close + 1;
        continue;
      }
      buf += c;
      i += 1;
      continue;
    }
    if (c === '[' && !opts.inLink) {
      const link = matchLink(s, i);
      if (link) {
        flush();
        out.push(makeLink(link.url, parseInline(link.label, ctx, { ...opts, inLink: true }), link.label));
        i = link.end;
        continue;
      }
    }
    if (c === '<' && !opts.inLink) {
      const m = /^<(https?:\/\/[^\s<>]+)>/.exec(s.slice(i));
      if (m) {
        flush();
        out.push(makeLink(m[1], [m[1]], m[1]));
        i += m[0].length;
        continue;
      }
    }
    if ((c === 'h' || c === 'H') && !opts.inLink && !isWordChar(s[i - 1])) {
      const m = BARE_URL.exec(s.slice(i));
      if (m) {
        let url = m[0];
        // Sentence punctuation after a URL is not part of it; nor is an unbalanced `)`, nor a
        // character reference at its end (`https://example.com&gt;`).
        url = url.replace(/(?:&#?[A-Za-z0-9]+;)+$/, '');
        while (/[.,;:!?*_]$/.test(url)) url = url.slice(0, -1);
        while (url.endsWith(')') && (url.match(/\(/g) || []).length < (url.match(/\)/g) || []).length) url = url.slice(0, -1);
        flush();
        out.push(makeLink(url, [url], url));
        i += url.length;
        continue;
      }
    }
    buf += c;
    i += 1;
  }
  flush();
  return out;
}

/** `[label](url "title")` at `i`, or null. Brackets and parentheses may nest one level. */
function matchLink(s, i) {
  let depth = 0;
  let k = i;
  for (; k < s.length; k += 1) {
    if (s[k] === '\\') {
      k += 1;
      continue;
    }
    if (s[k] === '[') depth += 1;
    else if (s[k] === ']') {
      depth -= 1;
      if (depth === 0) break;
    }
  }
  if (k >= s.length || s[k + 1] !== '(') return null;
  const label = s.slice(i + 1, k);
  let j = k + 2;
  let parens = 1;
  for (; j < s.length; j += 1) {
    if (s[j] === '(') parens += 1;
    else if (s[j] === ')') {
      parens -= 1;
      if (parens === 0) break;
    }
  }
  if (j >= s.length) return null;
  let target = s.slice(k + 2, j).trim();
  target = target.replace(/\s+("[^"]*"|'[^']*')$/, '');
  if (target.startsWith('<') && target.endsWith('>')) target = target.slice(1, -1);
  // A reference in the address is decoded before the address is checked (`javascript&colon;…` is
  // still javascript:, and still refused).
  return { label, url: decodeEntities(target), end: j + 1 };
}

function safeWebUrl(url) {
  try {
    const parsed = new URL(String(url).trim());
    if ((parsed.protocol === 'https:' || parsed.protocol === 'http:') && parsed.host) return parsed.href;
  } catch {
    /* not a URL */
  }
  return null;
}

/** A link to an outside page (opened in the person's browser), or just the label for any other target. */
export function makeLink(url, children, labelText) {
  url = stripMarks(url);
  labelText = stripMarks(labelText ?? '');
  const href = safeWebUrl(url);
  if (!href) return h('span', { class: 'link-text' }, children);
  let host = '';
  try {
    host = new URL(href).host.replace(/^www\./, '');
  } catch {
    host = '';
  }
  const same = String(labelText ?? '').trim() === String(url).trim();
  return h(
    'a',
    {
      class: 'ext-link',
      href,
      'data-url': href,
      title: t('markdown-link-title', { url: href }),
      rel: 'noopener noreferrer',
    },
    children,
    same ? null : h('span', { class: 'visually-hidden' }, host ? t('markdown-link-opens', { host }) : t('markdown-link-opens-page')),
    h('span', { class: 'ext-mark', 'aria-hidden': 'true' }, '↗'),
  );
}

/** Text with marks → text nodes and citation links (the spans are `ctx.citations.spans`). */
function linkMarked(text, ctx) {
  const spans = (ctx.citations && ctx.citations.spans) || [];
  const nodes = [];
  let at = 0;
  for (const m of text.matchAll(MARKED)) {
    if (m.index > at) nodes.push(document.createTextNode(stripMarks(text.slice(at, m.index))));
    const span = spans[Number(m[1])];
    nodes.push(span ? citeLink(m[2], span, ctx) : document.createTextNode(m[2]));
    at = m.index + m[0].length;
  }
  if (at < text.length) nodes.push(document.createTextNode(stripMarks(text.slice(at))));
  return nodes;
}

/**
 * Plain text with its citations linked: `spans` as the app sends them (UTF-16 offsets into
 * `text`). Spans that overlap or fall outside the text are left out.
 */
export function linkCitations(text, spans, ctx = {}) {
  const nodes = [];
  let at = 0;
  for (const span of Array.isArray(spans) ? spans : []) {
    const { startUtf16: start, endUtf16: end } = span || {};
    if (!Number.isInteger(start) || !Number.isInteger(end) || start < at || end <= start || end > text.length) continue;
    if (start > at) nodes.push(document.createTextNode(text.slice(at, start)));
    nodes.push(citeLink(text.slice(start, end), span, ctx));
    at = end;
  }
  if (at < text.length || !nodes.length) nodes.push(document.createTextNode(text.slice(at)));
  return nodes;
}

/** An `a.cite` link that opens the section viewer for the span's section; flagged when unverified. */
export function citeLink(label, span, ctx = {}) {
  const check = ctx.citations;
  const unverified = span.status === 'unverified';
  const a = h(
    'a',
    {
      class: ['cite', unverified && 'unverified'],
      href: '#',
      'data-source-id': span.sourceId,
      'data-label': span.label || null,
      'aria-haspopup': 'dialog',
    },
    label,
  );
  if (unverified) {
    const said = tMessage('markdown-cite-unverified', { label, why: check && check.note ? 'note' : 'other' });
    a.title = said.value;
    a.setAttribute('aria-label', said.attributes['aria-label']);
    a.append(h('span', { class: 'cite-flag', 'aria-hidden': 'true' }, '⚠'));
  } else {
    a.title = t('markdown-cite-read', { label: span.label || label });
  }
  return a;
}

const SECTION_CITE = /§§?\s*(\d+(?:\.\d+)?(?::\d+)?-\d+(?:\.\d+)*(?::\d+)?)/g;

/**
 * Citation spans of `§ 20-124.3`-style section numbers in text the app has not checked (a note
 * the person wrote, a deadline rule's citation): `{startUtf16, endUtf16, sourceId, label, status:
 * 'unchecked'}`, ready for `renderMarkdown(text, {citations: {spans}})` or `linkCitations`. The
 * section viewer says whether each one is in the law graph when it is opened.
 */
export function findSectionCitations(text) {
  const spans = [];
  for (const m of String(text ?? '').matchAll(SECTION_CITE)) {
    spans.push({ startUtf16: m.index, endUtf16: m.index + m[0].length, sourceId: m[1], label: `§ ${m[1]}`, status: 'unchecked' });
  }
  return spans;
}

/** Markdown the person wrote, with its `§` citations linked. */
export function renderNoteMarkdown(source) {
  return renderMarkdown(source, { citations: { spans: findSectionCitations(source), note: null } });
}
