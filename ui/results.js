// Tool results as cards, grouped by tool: the research panel's sidebar and each chat answer's
// "Sources used" list are both a ResultGroups, filled from tool_call / tool_result events. The app
// says everything shown: each group's title and source (`title`, `source` on the events) and each
// result as cards `{title, citation, snippet, url, kind, meta?, textKind?, section?, extras?,
// preview?}`; this file only renders them. Its own words: locales/*/results.ftl.

import { h, clear, formatNumber } from './dom.js';
import { hostOf } from './api.js';
import { t } from './i18n.js';

// Words that stay on screen (a conversation's answers, the results beside them) are written by a
// function kept with their element, and written again after a switch of language (`relocalize`).
const renderers = new WeakMap();

function paint(el, render) {
  const out = render(el);
  if (out !== undefined) clear(el).append(...[out].flat().filter((x) => x !== null && x !== undefined && x !== false));
}

/**
 * Writes `el`'s words with `render(el)` now, and again after a switch of language when a module
 * calls `relocalize` on a part of the page that holds `el`. `render` answers the element's content
 * (text, nodes, a list of both) or sets its attributes and answers nothing. Answers `el`.
 */
export function localized(el, render) {
  renderers.set(el, render);
  el.setAttribute('data-l10n-live', '');
  paint(el, render);
  return el;
}

/** Writes again, in the language chosen now, every `localized` element in `root`. */
export function relocalize(root) {
  if (!root || typeof root.querySelectorAll !== 'function') return;
  for (const el of root.querySelectorAll('[data-l10n-live]')) {
    const render = renderers.get(el);
    if (render) paint(el, render);
  }
}

/** "10 shown of 2,343 found", or '' when all found are shown. */
export function countText(shown, total) {
  if (typeof total === 'number' && total > shown) return t('results-count-shown', { shown, total });
  return '';
}

/** The error text of a failed result (`{"error": "..."}`). */
export function resultError(result) {
  if (result && typeof result === 'object' && result.error !== undefined) {
    return typeof result.error === 'string' ? result.error : String(result.error.message || t('results-source-failed'));
  }
  return typeof result === 'string' && result ? result : t('results-source-failed');
}

/** The stable code of a failed result (`{"error": {"code"}}`), or ''. */
export function resultCode(result) {
  const error = result && typeof result === 'object' ? result.error : null;
  return error && typeof error === 'object' && typeof error.code === 'string' ? error.code : '';
}

let groupSeq = 0;

/** The badge that says whether a law text is the official wording or a summary. */
export function kindBadge(textKind, { long = false } = {}) {
  if (textKind === 'summary') {
    return localized(h('span', { class: 'kind-badge summary' }), (el) => {
      el.setAttribute('title', t('results-summary-badge-title'));
      return t(long ? 'results-summary-badge-long' : 'results-summary-badge');
    });
  }
  if (textKind === 'official') {
    return localized(h('span', { class: 'kind-badge official' }), (el) => {
      el.setAttribute('title', t('results-official-badge-title'));
      return t('results-official-badge');
    });
  }
  return null;
}

/** One result card. */
export function renderCard(card) {
  const li = h('li', { class: 'result-card', dataset: { kind: card.kind || null } });
  if (card.preview) {
    li.append(localized(h('p', { class: 'card-meta' }), () => t('results-preview-label')), h('pre', { class: 'json-preview', tabindex: '0' }, card.preview));
    return li;
  }
  if (card.textKind) li.dataset.textKind = card.textKind;
  let titleContent;
  if (card.section) {
    titleContent = h(
      'button',
      { type: 'button', class: 'card-title-button source-link', 'data-source-id': card.section, 'data-label': card.citation || null, 'aria-haspopup': 'dialog' },
      card.title,
    );
  } else if (card.url) {
    titleContent = localized(h('a', { class: 'ext-link', href: card.url, 'data-url': card.url }), (el) => {
      el.setAttribute('title', t('results-opens-in-browser-title', { url: card.url }));
      return [card.title || card.url, h('span', { class: 'visually-hidden' }, ` ${t('results-opens-in-browser')}`)];
    });
  } else {
    titleContent = card.title || localized(h('span'), () => t('results-untitled'));
  }
  li.append(h('h4', { class: 'card-title' }, titleContent));
  const meta = [card.citation, ...(Array.isArray(card.meta) ? card.meta : [])].filter(Boolean);
  if (meta.length || card.textKind) {
    const metaLine = h('p', { class: 'card-meta' });
    meta.forEach((m, n) => {
      if (n) metaLine.append(h('span', { class: 'sep', 'aria-hidden': 'true' }, ' · '));
      metaLine.append(h('span', {}, m));
    });
    const badge = kindBadge(card.textKind);
    if (badge) metaLine.append(' ', badge);
    li.append(metaLine);
  }
  if (card.snippet) li.append(h('p', { class: 'card-snippet' }, card.snippet));
  if (card.extras && card.extras.length) {
    li.append(
      h(
        'ul',
        { class: 'card-extras' },
        card.extras.map((x) => h('li', { class: ['extra', x.tone && `tone-${x.tone}`] }, h('span', { class: 'extra-label' }, `${x.label}: `), x.value)),
      ),
    );
  }
  if (card.url && card.section) {
    const host = hostOf(card.url);
    li.append(
      h(
        'p',
        { class: 'card-actions' },
        localized(h('a', { class: 'ext-link', href: card.url, 'data-url': card.url }), () => [
          host ? t('results-official-page', { host }) : t('results-official-page-web'),
          h('span', { class: 'ext-mark', 'aria-hidden': 'true' }, ' ↗'),
        ]),
      ),
    );
  } else if (card.url) {
    li.append(h('p', { class: 'card-host' }, hostOf(card.url)));
  }
  return li;
}

/** What a group says under its title: still looking, how many shown of how many, nothing found; '' for nothing. */
function groupStatus(g) {
  const partial = typeof g.total === 'number' && g.total > g.cards;
  if (g.running > 0) {
    if (!g.cards) return t('results-looking');
    return partial ? t('results-shown-still-looking', { shown: g.cards, total: g.total }) : t('results-so-far-still-looking', { count: g.cards });
  }
  if (partial) return countText(g.cards, g.total);
  if (!g.cards && !g.failed && g.stopped) return t('results-stopped');
  if (!g.cards && !g.failed) return t('results-nothing-found');
  return '';
}

/** Groups of result cards, one per tool, in the order the tools were first called. */
export class ResultGroups {
  /** `container` receives the groups; `opts.headingLevel` is the level of group headings. */
  constructor(container, opts = {}) {
    this.container = container;
    this.headingLevel = opts.headingLevel || 3;
    this.onChange = opts.onChange || (() => {});
    this.reset();
  }

  reset() {
    this.groups = new Map();
    this.pending = new Map(); // call id → tool
    this.seen = new Set(); // call ids whose result is shown
    this.resultCount = 0;
    clear(this.container);
    this.onChange();
  }

  /** Total cards across groups. */
  get cardCount() {
    let n = 0;
    for (const g of this.groups.values()) n += g.cards;
    return n;
  }

  get isEmpty() {
    return this.groups.size === 0;
  }

  /** The group of a tool's results; `ev` is its tool_call or tool_result event (title, source). */
  group(tool, ev = {}) {
    let g = this.groups.get(tool);
    if (g) return g;
    groupSeq += 1;
    const bodyId = `result-group-${groupSeq}`;
    const count = h('span', { class: 'result-count' }, '0');
    const countLabel = localized(h('span', { class: 'visually-hidden' }), () => ` ${t('results-count-label', { count: g ? g.cards : 0 })}`);
    const toggle = h(
      'button',
      { type: 'button', class: 'group-toggle', 'aria-expanded': 'true', 'aria-controls': bodyId },
      h('span', { class: 'group-chevron', 'aria-hidden': 'true' }),
      h('span', { class: 'group-titles' }, localized(h('span', { class: 'group-name' }), () => toolTitle({ ...ev, name: ev.name || tool })), ev.source ? h('span', { class: 'group-source' }, ev.source) : null),
      h('span', { class: 'group-progress', 'aria-hidden': 'true' }),
      count,
      countLabel,
    );
    const status = h('p', { class: 'group-status' });
    const errors = h('ul', { class: 'group-errors' });
    const note = h('p', { class: 'group-note' });
    const list = h('ol', { class: 'result-cards' });
    const body = h('div', { class: 'group-body', id: bodyId }, status, errors, note, list);
    const el = h('section', { class: 'result-group', dataset: { tool, state: 'running' } }, h(`h${this.headingLevel}`, { class: 'result-group-header' }, toggle), body);
    toggle.addEventListener('click', () => {
      const open = toggle.getAttribute('aria-expanded') !== 'true';
      toggle.setAttribute('aria-expanded', String(open));
      body.hidden = !open;
    });
    status.hidden = true;
    errors.hidden = true;
    note.hidden = true;
    g = { tool, el, count, countLabel, status, errors, note, list, cards: 0, total: 0, calls: 0, failed: 0, running: 0 };
    this.groups.set(tool, g);
    this.container.append(el);
    return g;
  }

  update(g) {
    g.count.textContent = formatNumber(g.cards);
    g.countLabel.textContent = ` ${t('results-count-label', { count: g.cards })}`;
    let state = 'ok';
    if (g.running > 0) state = 'running';
    else if (g.failed > 0 && g.failed === g.calls) state = 'error';
    else if (g.failed > 0) state = 'partial';
    g.el.dataset.state = state;
    const text = groupStatus(g);
    localized(g.status, () => groupStatus(g));
    g.status.hidden = !text;
    this.onChange();
  }

  /** A `tool_call` event: the group shows that it is looking. */
  call(ev) {
    if (!ev || !ev.name) return;
    const g = this.group(ev.name, ev);
    if (ev.id !== undefined && !this.pending.has(ev.id) && !this.seen.has(ev.id)) {
      this.pending.set(ev.id, ev.name);
      g.running += 1;
      g.calls += 1;
    }
    this.update(g);
  }

  /** A `tool_result` event. */
  result(ev) {
    if (!ev || !ev.name) return;
    if (ev.id !== undefined && this.seen.has(ev.id)) return;
    const g = this.group(ev.name, ev);
    if (ev.id !== undefined && this.pending.has(ev.id)) {
      this.pending.delete(ev.id);
      g.running = Math.max(0, g.running - 1);
    } else {
      g.calls += 1;
    }
    if (ev.id !== undefined) this.seen.add(ev.id);
    this.resultCount += 1;
    this.addResult(g, ev);
    this.update(g);
  }

  /** Shows one tool_result event's cards, or its error. */
  addResult(g, ev) {
    if (ev.ok === false) {
      g.failed += 1;
      const error = resultError(ev.result);
      const needsKey = /_API_KEY|_API_TOKEN|settings screen|key is configured/i.test(error);
      g.errors.append(
        h(
          'li',
          { class: 'group-error' },
          h('span', { class: 'error-mark', 'aria-hidden': 'true' }, '⚠ '),
          localized(h('span', { class: 'visually-hidden' }), () => `${t('results-error-prefix')} `),
          error,
          needsKey ? [' ', localized(h('button', { type: 'button', class: 'button link-like inline open-settings-link' }), () => t('results-add-key'))] : null,
        ),
      );
      g.errors.hidden = false;
      return;
    }
    if (typeof ev.total === 'number') g.total += ev.total;
    if (ev.note && !g.note.textContent.includes(ev.note)) {
      g.note.textContent = g.note.textContent ? `${g.note.textContent} ${ev.note}` : ev.note;
      g.note.hidden = false;
    }
    for (const card of Array.isArray(ev.cards) ? ev.cards : []) {
      g.list.append(renderCard(card));
      g.cards += 1;
    }
  }

  /** Shows a finished request's tool_result events at once (a chat answer's "Sources used"). */
  fill(events) {
    for (const ev of events) {
      this.call(ev);
      this.result(ev);
    }
  }

  /** Stops every spinner (a request that ended without results for some calls). */
  settle() {
    for (const [id, tool] of this.pending) {
      const g = this.groups.get(tool);
      if (g) {
        g.running = Math.max(0, g.running - 1);
        g.stopped = true;
        this.update(g);
      }
      this.pending.delete(id);
    }
  }
}

/**
 * A tool's name as a result group shows it: the app's title in English; in Spanish the tool's
 * Spanish name (`results-tool-title`), the app's title for a tool the messages do not know.
 */
export function toolTitle(ev) {
  return t('results-tool-title', { tool: ev.name || '', title: ev.title || ev.name || '' });
}

/**
 * What a tool call is doing, as the trail shows it ("Reading § 55.1-1226"): the app's label in
 * English; in Spanish by the tool's name, with the § or the quoted search the label names.
 */
export function toolDoing(ev) {
  const label = ev.label || ev.title || ev.name || '';
  const named = /(§\s*[\w.:-]+|“[^”]*”)/.exec(label);
  return t('results-tool-doing', { tool: ev.name || '', label, detail: named ? named[1] : 'none' });
}
