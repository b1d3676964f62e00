// The document viewer: a side sheet with a document's text as the app read it, in parts of
// 100,000 characters ("Page k" where the app knows the pages), and find in document: every match
// marked with <mark>, next / previous, "3 of 12". Its words: locales/*/docviewer.ftl (the sheet's
// static words are app.ftl's); the document's text is shown as the app read it.

import { h, clear, spinner } from './dom.js';
import { api, commandError } from './api.js';
import { openDialog, closeDialog } from './dialogs.js';
import { formatBytes } from './format.js';
import { onLanguageChange, t } from './i18n.js';

const PART = 100000;
const MAX_MARKS = 5000;

/**
 * Where the `n`th character (a Unicode code point, as the server counts) of `text` is in the
 * JavaScript string (UTF-16 code units): they differ after an emoji or another astral character.
 */
export function utf16Index(text, n) {
  if (n <= 0) return n;
  if (!/[\uD800-\uDBFF]/.test(text)) return n;
  let chars = 0;
  for (let i = 0; i < text.length; i += 1) {
    if (chars === n) return i;
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) i += 1;
    chars += 1;
  }
  return chars === n ? text.length : text.length + (n - chars);
}

/**
 * The text of one part cut at its page starts: `[{page, text, continued}]` (page null before the
 * first known start). `pages` are `{page, start}` with `start` counted in characters from the
 * document's beginning, as `offset` is.
 */
export function splitPages(text, offset, pages) {
  const starts = (Array.isArray(pages) ? pages : [])
    .map((p) => ({ page: p.page, at: utf16Index(text, Number(p.start) - offset) }))
    .filter((p) => Number.isFinite(p.at) && p.at >= 0 && p.at < text.length)
    .sort((a, b) => a.at - b.at);
  // The page this part begins inside (its start is before the offset).
  const before = (Array.isArray(pages) ? pages : []).filter((p) => Number(p.start) < offset).sort((a, b) => b.start - a.start)[0];
  const out = [];
  let at = 0;
  let page = before ? before.page : null;
  for (const s of starts) {
    if (s.at > at) out.push({ page, text: text.slice(at, s.at), continued: page !== null && at === 0 && Boolean(before) });
    at = s.at;
    page = s.page;
  }
  out.push({ page, text: text.slice(at), continued: page !== null && at === 0 && Boolean(before) });
  return out.filter((seg, i) => seg.text.length || i === out.length - 1);
}

/** Where `query` occurs in `text`, case-insensitively: start offsets (at most `max`). */
export function findAll(text, query, max = MAX_MARKS) {
  const q = String(query ?? '').toLocaleLowerCase();
  if (!q) return [];
  const hay = String(text).toLocaleLowerCase();
  const out = [];
  let at = hay.indexOf(q);
  while (at >= 0 && out.length < max) {
    out.push(at);
    at = hay.indexOf(q, at + q.length);
  }
  return out;
}

export class DocumentViewer {
  constructor(dialog) {
    this.dialog = dialog;
    const $ = (id) => dialog.querySelector(`#${id}`);
    this.eyebrow = $('doc-eyebrow');
    this.heading = $('doc-heading');
    this.status = $('doc-status');
    this.textBox = $('document-text');
    this.findForm = $('doc-find');
    this.findInput = $('doc-find-input');
    this.findCount = $('doc-find-count');
    this.parts = $('doc-parts');
    this.partText = $('doc-part-text');
    this.prevPart = $('doc-part-prev');
    this.nextPart = $('doc-part-next');
    this.seq = 0;
    this.hits = [];
    this.current = -1;
    $('doc-close').addEventListener('click', () => closeDialog(dialog));
    dialog.addEventListener('click', (e) => {
      if (e.target === dialog) closeDialog(dialog);
    });
    this.findForm.addEventListener('submit', (e) => {
      e.preventDefault();
      this.step(1);
    });
    $('doc-find-prev').addEventListener('click', () => this.step(-1));
    this.findInput.addEventListener('input', () => {
      clearTimeout(this.findTimer);
      this.findTimer = setTimeout(() => this.find(), 200);
    });
    this.findInput.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && e.shiftKey) {
        e.preventDefault();
        this.step(-1);
      }
    });
    this.prevPart.addEventListener('click', () => this.load(Math.max(0, this.offset - PART)));
    this.nextPart.addEventListener('click', () => this.load(this.offset + PART));
    // Another language chosen while the viewer is open: its words again (the text stays).
    onLanguageChange(() => {
      if (!this.isOpen || !this.doc) return;
      this.describe();
      if (this.dialog.dataset.state === 'ready') this.words();
      else if (this.dialog.dataset.state === 'loading') this.load(this.offset || 0);
    });
  }

  /** What the document is: its kind, size and pages, and its name. */
  describe() {
    const doc = this.doc;
    this.eyebrow.textContent = [doc.format ? doc.format.toUpperCase() : t('docviewer-document'), formatBytes(doc.sizeBytes), doc.pageCount ? t('docviewer-pages', { count: Number(doc.pageCount) }) : null].filter(Boolean).join(' · ');
    this.heading.textContent = doc.title || doc.fileName || t('docviewer-untitled', { id: String(doc.id) });
  }

  /** The words around the text once it is shown: the status, which part, the matches, the page markers. */
  words() {
    const chars = [...(this.text || '')].length;
    if (!this.text.trim()) {
      this.status.className = 'section-status';
      clear(this.status).append(
        this.doc.stage === 'meaning' || this.doc.stage === 'words' ? t('docviewer-no-text') : this.doc.problem || t('docviewer-not-read-yet'),
      );
    }
    if (this.paged) {
      this.partText.textContent = t('docviewer-part', { from: this.offset + 1, to: this.offset + chars, total: this.total });
    }
    const current = this.current;
    this.find();
    if (current >= 0 && current < this.hits.length) this.go(current);
  }

  get isOpen() {
    return this.dialog.open;
  }

  /** Opens the viewer on document `doc` (a record). */
  open(doc, trigger) {
    this.doc = doc;
    this.findInput.value = '';
    this.findCount.textContent = '';
    this.describe();
    openDialog(this.dialog, trigger);
    this.load(0);
    this.heading.focus();
  }

  close() {
    closeDialog(this.dialog);
  }

  async load(offset) {
    const seq = (this.seq += 1);
    this.dialog.dataset.state = 'loading';
    clear(this.textBox);
    clear(this.status).append(spinner(), ' ', t('docviewer-opening'));
    this.status.hidden = false;
    this.status.className = 'section-status';
    let answer;
    try {
      answer = await api.documentText(this.doc.id, { offset, limit: PART });
    } catch (err) {
      if (seq !== this.seq) return;
      const error = commandError(err);
      this.dialog.dataset.state = 'error';
      this.status.className = 'section-status error';
      // A sentence of its own, then the app's reason as it came.
      clear(this.status).append(h('strong', {}, t('docviewer-not-shown')), ' ', error.message);
      return;
    }
    if (seq !== this.seq) return;
    this.offset = Number(answer.offset) || 0;
    // `totalChars` (docs/workspace.md); the server's own text page calls it `total`.
    this.total = Number(answer.totalChars ?? answer.total) || 0;
    this.text = String(answer.text || '');
    const chars = [...this.text].length;
    this.segments = splitPages(this.text, this.offset, answer.pages);
    this.dialog.dataset.state = 'ready';
    if (this.text.trim()) this.status.hidden = true;
    const paged = this.total > chars;
    this.parts.hidden = !paged;
    if (paged) {
      this.prevPart.disabled = this.offset <= 0;
      this.nextPart.disabled = this.offset + chars >= this.total;
    }
    this.paged = paged;
    this.current = -1;
    this.words();
    if (offset) this.textBox.focus();
  }

  /** Renders the part with its page markers and, when `query` is set, its matches marked. */
  render(query) {
    const fragment = document.createDocumentFragment();
    const hits = [];
    const qlen = query ? query.length : 0;
    for (const seg of this.segments) {
      if (seg.page !== null) {
        const page = String(seg.page);
        fragment.append(h('p', { class: 'page-marker', dataset: { page: seg.page } }, seg.continued ? t('docviewer-page-continued', { page }) : t('docviewer-page', { page })));
      }
      const block = h('div', { class: 'doc-page', dataset: { page: seg.page ?? null } });
      const starts = query ? findAll(seg.text, query, MAX_MARKS - hits.length) : [];
      let at = 0;
      for (const s of starts) {
        if (s > at) block.append(seg.text.slice(at, s));
        const mark = h('mark', { class: 'find-hit' }, seg.text.slice(s, s + qlen));
        block.append(mark);
        hits.push(mark);
        at = s + qlen;
      }
      if (at < seg.text.length) block.append(seg.text.slice(at));
      fragment.append(block);
    }
    this.textBox.replaceChildren(fragment);
    return hits;
  }

  find() {
    const query = this.findInput.value;
    if (!this.segments) return;
    this.hits = this.render(query.trim() ? query : '');
    this.current = -1;
    if (!query.trim()) {
      this.findCount.textContent = '';
      return;
    }
    if (!this.hits.length) {
      this.findCount.textContent = t('docviewer-no-matches');
      this.findInput.setAttribute('aria-invalid', 'true');
      return;
    }
    this.findInput.removeAttribute('aria-invalid');
    this.go(0);
  }

  step(delta) {
    if (!this.hits.length) {
      this.find();
      return;
    }
    this.go((this.current + delta + this.hits.length) % this.hits.length);
  }

  /** Makes match `index` the current one (#doc-find-count, a polite live region, says so). */
  go(index) {
    if (this.current >= 0 && this.hits[this.current]) this.hits[this.current].classList.remove('current');
    this.current = index;
    const mark = this.hits[index];
    mark.classList.add('current');
    mark.scrollIntoView({ block: 'center' });
    // "3 of 12", "3 of 5,000+" (there are more than are marked), "… in this part" (of a long text).
    const count = { at: index + 1, count: this.hits.length, more: this.hits.length >= MAX_MARKS ? 'yes' : 'no' };
    this.findCount.textContent = this.paged ? t('docviewer-match-in-part', count) : t('docviewer-match', count);
  }
}
