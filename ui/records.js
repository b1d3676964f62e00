// Generic lists and forms of the case workspace: a paged list of records (`PagedList`: 100 rows a
// page, "Showing 1–100 of 5,000", rows built in a DocumentFragment, its render timed as
// `workspace-render:<page>`), a record row, and a whole page of one resource (`RecordPage`: list,
// filters, Add / Edit / Delete through the record dialog) used by contacts, finances and timeline.

import { h, clear, announce, spinner } from './dom.js';
import { api, commandError } from './api.js';
import { confirmDialog } from './dialogs.js';
import { pageText } from './format.js';
import { onLanguageChange, t } from './i18n.js';

/** A text that may be given as a function (evaluated each time, in the chosen language). */
const textOf = (v) => (typeof v === 'function' ? v() : v);

export const PAGE_SIZE = 100;

/** Marks "rows in the DOM" for a render that began when its command answered (`answeredMark`). */
export function measureRender(page, answeredMark) {
  try {
    performance.measure(`workspace-render:${page}`, answeredMark);
    const all = performance.getEntriesByName(`workspace-render:${page}`);
    if (all.length > 50) performance.clearMeasures(`workspace-render:${page}`);
  } catch {
    /* an old engine without marks: nothing to measure */
  }
}

let markSeq = 0;
/** A fresh "command answered" mark for `page`; returns its name. */
export function markAnswered(page) {
  markSeq += 1;
  const name = `workspace-answered:${page}:${markSeq}`;
  try {
    performance.mark(name);
  } catch {
    /* no marks */
  }
  return name;
}

/** A pill that says something in words (never colour alone). */
export function badge(text, tone = '') {
  return h('span', { class: ['badge', tone && `badge-${tone}`] }, text);
}

/**
 * One row: `{id, title | titleNode, meta?: [text], body?, extra?, lead?, badges?, actions?:
 * [{action, label, text?, kind? (its classes), dataset?, dialog?}], tone?, dataset?, stacked? (actions below, not beside)}`. Actions are buttons with `data-action` and the row's id
 * (one listener on the list handles them all).
 */
export function recordRow(r) {
  const meta = (r.meta || []).filter(Boolean);
  const li = h(
    'li',
    { class: ['rec-row', r.tone && `tone-${r.tone}`, r.stacked && 'stacked'], dataset: { id: r.id, ...(r.dataset || {}) } },
    h(
      'div',
      { class: 'rec-main' },
      h('h4', { class: 'rec-title' }, r.titleNode || r.title, r.badges && r.badges.length ? [' ', r.badges] : null),
      meta.length ? h('p', { class: 'rec-meta' }, meta.map((m, n) => [n ? h('span', { class: 'sep', 'aria-hidden': 'true' }, ' · ') : null, m])) : null,
      r.body ? h('p', { class: 'rec-body' }, r.body) : null,
      r.extra || null,
    ),
  );
  if (r.lead) li.prepend(r.lead);
  if (r.actions && r.actions.length) {
    li.append(
      h(
        'div',
        { class: 'rec-actions' },
        r.actions.map((a) =>
          h(
            'button',
            { type: 'button', class: ['button', a.kind || 'secondary', 'small'], dataset: { ...(a.dataset || {}), action: a.action, id: r.id }, 'aria-label': a.label || null, 'aria-haspopup': a.dialog ? 'dialog' : null },
            a.text,
          ),
        ),
      ),
    );
  }
  return li;
}

/**
 * A paged list. `fetch({limit, offset})` answers `{items, total}`; `row(record)` builds its `<li>`;
 * `onAction(action, record, button)` handles row buttons. `empty` and `label` are text, or
 * functions that say it in the chosen language (read again after a switch of language, when the
 * rows are built again with `row`).
 */
export class PagedList {
  constructor(root, { page, fetch, row, onAction = null, pageSize = PAGE_SIZE, empty = () => t('records-empty-default'), label = '', onRendered = null }) {
    this.root = root;
    this.page = page;
    this.fetchPage = fetch;
    this.row = row;
    this.onAction = onAction;
    this.pageSize = pageSize;
    this.emptyText = empty;
    this.onRendered = onRendered;
    this.offset = 0;
    this.total = 0;
    this.items = [];
    this.byId = new Map();
    this.seq = 0;
    this.label = label;
    this.status = h('p', { class: 'list-status', role: 'status' });
    this.list = h('ul', { class: 'rec-list', dataset: { page } });
    this.pagerText = h('p', { class: 'pager-text' });
    this.prev = h('button', { type: 'button', class: 'button secondary small pager-prev' });
    this.next = h('button', { type: 'button', class: 'button secondary small pager-next' });
    this.pager = h('nav', { class: 'pager' }, this.pagerText, h('div', { class: 'pager-buttons' }, this.prev, this.next));
    this.pager.hidden = true;
    this.labelled();
    // Another language chosen in Settings: the list's own words, and its rows built again.
    onLanguageChange(() => {
      this.labelled();
      if (this.answer) this.render(this.answer, this.offset);
    });
    clear(root).append(this.status, this.list, this.pager);
    this.prev.addEventListener('click', () => this.load(Math.max(0, this.offset - this.pageSize), { focus: true }));
    this.next.addEventListener('click', () => this.load(this.offset + this.pageSize, { focus: true }));
    this.list.addEventListener('click', (e) => {
      const button = e.target instanceof Element ? e.target.closest('button[data-action]') : null;
      if (!button || !this.onAction || !this.list.contains(button)) return;
      const record = this.byId.get(String(button.dataset.id));
      if (record) this.onAction(button.dataset.action, record, button);
    });
  }

  /** Writes the list's own words (its name, the pager's) in the chosen language. */
  labelled() {
    const label = textOf(this.label);
    if (label) this.list.setAttribute('aria-label', label);
    else this.list.removeAttribute('aria-label');
    this.pager.setAttribute('aria-label', label ? t('records-pager-label', { list: label }) : t('records-pager-label-plain'));
    this.prev.textContent = t('records-previous');
    this.next.textContent = t('records-next');
  }

  /** Loads the page at `offset` (the same page again by default). */
  async load(offset = this.offset, { focus = false, quiet = false } = {}) {
    const seq = (this.seq += 1);
    if (!quiet) {
      this.root.setAttribute('aria-busy', 'true');
      if (!this.items.length) clear(this.status).append(spinner(), ' ', t('records-loading'));
    }
    let answer;
    try {
      answer = await this.fetchPage({ limit: this.pageSize, offset });
    } catch (err) {
      if (seq !== this.seq) return null;
      this.root.removeAttribute('aria-busy');
      const error = commandError(err);
      this.status.textContent = t('records-list-unreadable', { reason: error.message });
      this.status.classList.add('error');
      return null;
    }
    if (seq !== this.seq) return null;
    const mark = markAnswered(this.page);
    this.render(answer, offset);
    measureRender(this.page, mark);
    this.root.removeAttribute('aria-busy');
    if (focus) this.pagerText.focus?.();
    if (this.onRendered) this.onRendered(this);
    return answer;
  }

  render(answer, offset) {
    const items = answer && Array.isArray(answer.items) ? answer.items : [];
    this.answer = answer;
    this.items = items;
    this.total = Number(answer && answer.total) || items.length;
    this.offset = offset;
    this.byId = new Map(items.map((r) => [String(r.id), r]));
    if (!items.length && offset > 0 && this.total > 0) {
      // The last page emptied (a delete): step back.
      this.load(Math.max(0, offset - this.pageSize));
      return;
    }
    // Focus on a row's control survives a new render of the same rows (polling, an edit).
    const active = document.activeElement;
    const keep = active && this.list.contains(active) ? focusKey(active) : null;
    const fragment = document.createDocumentFragment();
    for (const record of items) fragment.append(this.row(record));
    this.list.replaceChildren(fragment);
    if (keep) restoreFocus(this.list, keep);
    this.status.classList.remove('error');
    this.status.textContent = items.length ? '' : textOf(this.emptyText);
    this.status.hidden = Boolean(items.length);
    const paged = this.total > items.length || offset > 0;
    this.pager.hidden = !paged;
    this.pagerText.textContent = pageText(offset, items.length, this.total);
    this.pagerText.tabIndex = -1;
    this.prev.disabled = offset <= 0;
    this.next.disabled = offset + items.length >= this.total;
    this.root.dataset.total = String(this.total);
    this.root.dataset.offset = String(offset);
  }

  /** Replaces one record's row in place (after an edit), keeping the rest. */
  replace(record) {
    const key = String(record.id);
    const old = this.list.querySelector(`.rec-row[data-id="${CSS.escape(key)}"]`);
    this.byId.set(key, record);
    this.items = this.items.map((r) => (String(r.id) === key ? record : r));
    if (this.answer) this.answer = { ...this.answer, items: this.items };
    if (!old) return;
    const active = document.activeElement;
    const keep = active && old.contains(active) ? focusKey(active) : null;
    old.replaceWith(this.row(record));
    if (keep) restoreFocus(this.list, keep);
  }

  rowOf(id) {
    return this.list.querySelector(`.rec-row[data-id="${CSS.escape(String(id))}"]`);
  }
}

/** What identifies a focused control inside a row: its row id and action (or its id). */
function focusKey(el) {
  const row = el.closest('.rec-row');
  return { rowId: row ? row.dataset.id : null, action: el.dataset.action || null, id: el.id || null };
}

function restoreFocus(list, key) {
  let el = key.id ? list.querySelector(`#${CSS.escape(key.id)}`) : null;
  if (!el && key.rowId) {
    const row = list.querySelector(`.rec-row[data-id="${CSS.escape(key.rowId)}"]`);
    if (row) el = (key.action && row.querySelector(`[data-action="${CSS.escape(key.action)}"]`)) || row.querySelector('button, input');
  }
  if (el) el.focus({ preventScroll: true });
}

/**
 * Deletes `record` of `resource` after a confirmation; resolves true when it is gone. `noun` is the
 * kind of record, a key that chooses the words (records.ftl): `contact`, `entry`, `event`,
 * `deadline`, `document`, `note`, `conversation`.
 */
export async function confirmDelete(resource, record, { noun, name, trigger, onError }) {
  const yes = await confirmDialog(
    { title: t('records-delete-title', { noun }), message: [t('records-delete-message', { name })], confirm: t('records-delete-confirm', { noun }), danger: true },
    trigger,
  );
  if (!yes) return false;
  try {
    await api.deleteRecord(resource, record.id);
    announce(t('records-deleted', { name }));
    return true;
  } catch (err) {
    const error = commandError(err);
    if (onError) onError(error);
    else announce(t('records-not-deleted', { reason: error.message }));
    return false;
  }
}

/**
 * A workspace page of one resource: heading, lead, Add button, optional filters (passed as
 * `filter` to `list_records`), optional `aside` (finance totals), the paged list.
 *
 * `spec`: `{resource, page, title, lead, noun, fields, row(record) → recordRow options,
 *   name(record), filters?: [fields], filterOf?(values), newValues?(), aside?(page) → {el, refresh, relabel?}}`
 * `noun` is the kind of record, a key that chooses the words (`contact`, `entry`, `event`; see
 * confirmDelete). `spec` may be a function that answers it: it is asked again after a switch of
 * language, and the page says everything again.
 */
export class RecordPage {
  constructor(ws, root, spec) {
    this.ws = ws;
    this.root = root;
    this.specOf = typeof spec === 'function' ? spec : () => spec;
    spec = this.spec = this.specOf();
    this.addButton = h('button', { type: 'button', class: 'button primary', id: `${spec.page}-add`, 'aria-haspopup': 'dialog' });
    this.error = h('p', { class: 'form-error page-error', role: 'alert', tabindex: '-1', hidden: true });
    const listBox = h('div', { class: 'list-box', id: `records-${spec.page}` });
    this.filterValues = {};
    this.heading = h('h3', { class: 'page-title', tabindex: '-1' });
    this.lead = h('p', { class: 'page-lead' });
    clear(root).append(h('header', { class: 'page-head' }, h('div', { class: 'page-titles' }, this.heading, this.lead), this.addButton), this.error);
    if (spec.filters) root.append(this.filterForm(spec.filters));
    if (spec.aside) {
      this.aside = spec.aside(this);
      root.append(this.aside.el);
    }
    root.append(listBox);
    this.list = new PagedList(listBox, {
      page: spec.page,
      label: () => this.spec.title,
      empty: () => this.spec.empty || t('records-empty', { noun: this.spec.noun }),
      fetch: ({ limit, offset }) => api.listRecords(spec.resource, { caseId: this.ws.caseId, limit, offset, filter: this.currentFilter() }),
      row: (record) => recordRow({ ...this.spec.row(record), id: record.id, actions: this.actions(record) }),
      onAction: (action, record, button) => this.act(action, record, button),
    });
    this.addButton.addEventListener('click', (e) => this.edit(null, e.currentTarget));
    this.labelled();
    // Another language chosen in Settings: the spec's words again (the list rebuilds its rows).
    onLanguageChange(() => {
      this.spec = this.specOf();
      this.labelled();
      if (this.aside && this.aside.relabel) this.aside.relabel();
    });
  }

  /** Writes the page's own words: heading, lead, the Add button, the filters' labels. */
  labelled() {
    const { spec } = this;
    this.heading.textContent = spec.title;
    this.lead.textContent = spec.lead || '';
    this.lead.hidden = !spec.lead;
    this.addButton.textContent = t('records-add-button', { noun: spec.noun });
    if (this.filters) this.filters.relabel(spec.filters || []);
  }

  actions(record) {
    const name = this.spec.name(record);
    return [
      ...(this.spec.extraActions ? this.spec.extraActions(record) : []),
      { action: 'edit', text: t('records-edit'), label: t('records-edit-label', { name }), dialog: true },
      { action: 'delete', text: t('records-delete'), label: t('records-delete-label', { name }), kind: 'ghost danger-text', dialog: true },
    ];
  }

  currentFilter() {
    return this.spec.filterOf ? this.spec.filterOf(this.filterValues) : null;
  }

  filterForm(fields) {
    const form = h('form', { class: 'filters', role: 'search', novalidate: true });
    const row = h('div', { class: 'filter-row' });
    const labels = new Map(); // field name → its <label>
    const inputs = new Map(); // field name → its <input>
    for (const f of fields) {
      const id = `${this.spec.page}-filter-${f.name}`;
      let input;
      const label = h('label', { for: id });
      labels.set(f.name, label);
      if (f.type === 'checkbox') {
        input = h('input', { type: 'checkbox', id, name: f.name, class: 'checkbox' });
        row.append(h('div', { class: 'filter-field check-row' }, input, label));
      } else {
        input = h('input', { type: f.type || 'text', id, name: f.name, class: 'input', autocomplete: 'off' });
        inputs.set(f.name, input);
        row.append(h('div', { class: ['filter-field', f.wide && 'wide'] }, label, input));
      }
    }
    const apply = h('button', { type: 'submit', class: 'button secondary small' });
    const reset = h('button', { type: 'button', class: 'button ghost small' });
    row.append(h('div', { class: 'filter-buttons' }, apply, reset));
    form.append(row);
    // The words of the filters (again after a switch of language; what is typed stays).
    this.filters = {
      relabel: (now) => {
        form.setAttribute('aria-label', t('records-filter-label', { list: this.spec.title.toLowerCase() }));
        for (const f of now) {
          const label = labels.get(f.name);
          if (label) label.textContent = f.label;
          const input = inputs.get(f.name);
          if (input) {
            if (f.placeholder) input.setAttribute('placeholder', f.placeholder);
            else input.removeAttribute('placeholder');
          }
        }
        apply.textContent = t('records-filter-apply');
        reset.textContent = t('records-filter-clear');
      },
    };
    this.filters.relabel(fields);
    const read = () => {
      const values = {};
      for (const f of fields) {
        const input = form.elements[f.name];
        values[f.name] = f.type === 'checkbox' ? input.checked : input.value.trim();
      }
      return values;
    };
    let timer = null;
    const run = () => {
      clearTimeout(timer);
      this.filterValues = read();
      this.list.load(0);
    };
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      run();
    });
    form.addEventListener('input', (e) => {
      clearTimeout(timer);
      timer = setTimeout(run, e.target.type === 'checkbox' ? 0 : 350);
    });
    reset.addEventListener('click', () => {
      form.reset();
      run();
    });
    return form;
  }

  show() {
    this.error.hidden = true;
    this.list.load(0);
    if (this.aside) this.aside.refresh();
  }

  async act(action, record, button) {
    if (action === 'edit') this.edit(record, button);
    else if (action === 'delete') {
      const gone = await confirmDelete(this.spec.resource, record, { noun: this.spec.noun, name: this.spec.name(record), trigger: button, onError: (e) => this.showError(e) });
      if (gone) this.changed();
    } else if (this.spec.onAction) this.spec.onAction(action, record, button, this);
  }

  async edit(record, trigger) {
    const { spec } = this;
    const values = record ? { ...record } : spec.newValues ? spec.newValues() : {};
    const saved = await this.ws.recordDialog.open(
      {
        title: record ? t('records-edit-title', { noun: spec.noun }) : t('records-add-title', { noun: spec.noun }),
        kind: spec.resource,
        fields: spec.fields,
        values,
        saveLabel: record ? t('records-save-changes') : t('records-add-title', { noun: spec.noun }),
        submit: (v) => (record ? api.updateRecord(spec.resource, record.id, v) : api.createRecord(spec.resource, { ...v, caseId: this.ws.caseId })),
      },
      trigger,
    );
    if (saved) {
      if (record && saved !== true) this.list.replace(saved);
      else this.list.load(record ? this.list.offset : 0);
      if (this.aside) this.aside.refresh();
      this.ws.changed(spec.resource);
    }
  }

  changed() {
    this.list.load();
    if (this.aside) this.aside.refresh();
    this.ws.changed(this.spec.resource);
  }

  showError(error) {
    this.error.textContent = error.message;
    this.error.hidden = false;
    this.error.focus();
  }
}
