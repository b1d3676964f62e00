// The case workspace: the header's case picker (the chosen case scopes every page and is passed
// to Ask and Research), the first-run card when there is no case yet, and the Case panel's
// sub-pages (overview, step by step, papers to file, proof for the hearing, deadlines, documents,
// contacts, finances, timeline, notes).

import { h, announce } from './dom.js';
import { api, commandError } from './api.js';
import { FieldSet, rejectionText } from './forms.js';
import { caseFields } from './cases.js';
import { onLanguageChange, t } from './i18n.js';

const STORE_KEY = 'proseva.caseId';
export const PAGES = ['overview', 'path', 'papers', 'proof', 'deadlines', 'documents', 'contacts', 'finances', 'timeline', 'notes'];

/** Open cases first (by name), then closed ones. */
export function sortCases(cases) {
  return [...cases].sort((a, b) => (a.status === 'closed') - (b.status === 'closed') || String(a.name).localeCompare(String(b.name)) || a.id - b.id);
}

function savedCaseId() {
  try {
    const v = Number(window.localStorage.getItem(STORE_KEY));
    return Number.isInteger(v) && v > 0 ? v : null;
  } catch {
    return null;
  }
}

function saveCaseId(id) {
  try {
    if (id) window.localStorage.setItem(STORE_KEY, String(id));
    else window.localStorage.removeItem(STORE_KEY);
  } catch {
    /* private mode: the choice lasts for this session */
  }
}

export class Workspace {
  /** `selectPanel(name, opts)` shows a tab's panel; `recordDialog` is the shared form dialog. */
  constructor({ selectPanel, recordDialog }) {
    this.selectPanel = selectPanel;
    this.recordDialog = recordDialog;
    this.cases = [];
    this.id = null;
    // After a quick exit: no case chosen or named until the person asks for one.
    this.neutral = false;
    this.pages = {};
    this.active = 'overview';
    this.listeners = [];
    this.picker = document.getElementById('case-picker');
    this.panel = document.getElementById('panel-workspace');
    this.firstCase = document.getElementById('first-case');
    this.shell = document.getElementById('workspace');
    this.nav = this.shell.querySelector('.ws-nav');
    this.scroll = this.shell.querySelector('.ws-scroll');
    this.picker.addEventListener('change', () => this.pickerChanged());
    this.nav.addEventListener('click', (e) => {
      const button = e.target instanceof Element ? e.target.closest('button[data-page]') : null;
      if (button) this.showPage(button.dataset.page, { focus: true });
    });
    this.nav.addEventListener('keydown', (e) => this.navKey(e));
    this.setupFirstCase();
    // Another language chosen in Settings: the picker, the first-run card and its fields again.
    onLanguageChange(() => {
      this.renderPicker();
      this.renderShell();
      this.relabelFirstCase();
    });
  }

  get caseId() {
    return this.id;
  }

  get currentCase() {
    return this.cases.find((c) => c.id === this.id) || null;
  }

  /** `fn(caseId)` runs whenever the chosen case changes. */
  onCase(fn) {
    this.listeners.push(fn);
  }

  page(name) {
    return document.getElementById(`ws-page-${name}`);
  }

  /** Registers the page objects (`{show(opts), hide?(), reset?()}`). */
  setPages(pages) {
    this.pages = pages;
  }

  /** Reads the cases and chooses one; `neutral` (after a quick exit): none until the person does. */
  async start({ neutral = false } = {}) {
    this.neutral = neutral;
    await this.loadCases();
  }

  /** The case chosen when none is: the one chosen last, else the first open one, else the first. */
  defaultCaseId() {
    const saved = this.cases.find((c) => c.id === savedCaseId());
    const fallback = saved || this.cases.find((c) => c.status !== 'closed') || this.cases[0] || null;
    return fallback ? fallback.id : null;
  }

  async loadCases({ prefer = null } = {}) {
    let answer;
    try {
      answer = await api.listRecords('cases');
    } catch (err) {
      this.casesError = commandError(err);
      this.renderPicker();
      this.renderShell();
      return;
    }
    this.casesError = null;
    this.cases = sortCases((answer && answer.items) || []);
    if (this.neutral && !this.id && prefer === null) {
      // The neutral view names no case, and leaves the one chosen last for the next start.
      this.setCase(null, { quiet: true, force: true, remember: false });
      return;
    }
    const wanted = this.cases.find((c) => c.id === (prefer ?? this.id));
    this.setCase(wanted ? wanted.id : this.defaultCaseId(), { quiet: true, force: true });
  }

  renderPicker() {
    const options = [];
    if (!this.cases.length) options.push(h('option', { value: '' }, this.casesError ? t('workspace-cases-unavailable') : t('workspace-no-case-yet')));
    else if (!this.id) options.push(h('option', { value: '' }, t('workspace-choose-case')));
    // The neutral view (after a quick exit) names no case, not even in the list: "My cases…" lists them.
    if (this.neutral && this.cases.length) options.push(h('option', { value: 'mine' }, t('workspace-my-cases')));
    else for (const c of this.cases) options.push(h('option', { value: String(c.id), dataset: { status: c.status } }, c.status === 'closed' ? t('workspace-case-closed', { name: c.name }) : c.name));
    options.push(h('option', { value: 'new' }, t('workspace-new-case-option')));
    if (this.onStart) options.push(h('option', { value: 'start' }, t('workspace-start-option')));
    this.picker.replaceChildren(...options);
    this.picker.value = this.id ? String(this.id) : '';
    this.picker.title = this.currentCase ? t('workspace-picker-case', { name: this.currentCase.name }) : t('workspace-choose-case');
  }

  async pickerChanged() {
    const value = this.picker.value;
    if (value === 'new') {
      this.picker.value = this.id ? String(this.id) : '';
      await this.newCase(this.picker);
      return;
    }
    if (value === 'start') {
      this.picker.value = this.id ? String(this.id) : '';
      if (this.onStart) this.onStart(this.picker);
      return;
    }
    if (value === 'mine') {
      // Leaves the neutral view on the case chosen last; the list names them all again.
      this.setCase(this.defaultCaseId());
      announce(this.currentCase ? t('workspace-case-chosen-mine', { name: this.currentCase.name }) : t('workspace-no-case-chosen'));
      return;
    }
    this.setCase(value ? Number(value) : null);
    announce(this.currentCase ? t('workspace-picker-case', { name: this.currentCase.name }) : t('workspace-no-case-chosen'));
  }

  /**
   * Makes case `id` the current one: every page, the due strip and the next questions use it.
   * `remember: false` leaves the choice kept for the next start as it is; `page`: the options its
   * page is shown with, when the Case tab is open.
   */
  setCase(id, { quiet = false, force = false, remember = true, page = {} } = {}) {
    const changed = id !== this.id;
    this.id = id;
    if (id) this.neutral = false;
    if (remember) saveCaseId(id);
    this.renderPicker();
    this.renderShell();
    if (!changed && !force) return;
    document.body.dataset.caseId = id ? String(id) : '';
    for (const page of Object.values(this.pages)) page.caseStale = true;
    if (this.isShown()) this.showPage(this.active, { quiet, ...page });
    for (const fn of this.listeners) fn(id);
  }

  isShown() {
    return !this.panel.hidden;
  }

  /** First-run card without cases, the pages with one. */
  renderShell() {
    const none = !this.cases.length;
    this.firstCase.hidden = !none;
    this.shell.hidden = none;
    this.panel.dataset.state = none ? 'first-run' : 'case';
    const error = this.firstCase.querySelector('#first-case-unavailable');
    if (error) {
      error.hidden = !this.casesError;
      error.textContent = this.casesError ? t('workspace-cases-unreadable', { reason: this.casesError.message }) : '';
    }
  }

  /** The Case tab was selected. */
  shown() {
    const opts = this.pendingOpts || {};
    this.pendingOpts = null;
    // No case chosen yet (the neutral view after a quick exit): the Case tab shows the usual one.
    if (this.cases.length && !this.id) {
      this.setCase(this.defaultCaseId(), { quiet: true, page: opts });
      return;
    }
    this.renderShell();
    if (this.cases.length) this.showPage(this.active, opts);
    else if (this.firstFields) this.firstFields.focusFirst();
  }

  /** The Case tab was left. */
  hidden() {
    const page = this.pages[this.active];
    if (page && page.hide) page.hide();
  }

  /** Shows the Case panel at `page` (from the due strip, "Open the note", a drop of files). */
  go(page, opts = {}) {
    if (!this.isShown()) {
      // Showing the panel shows its page once, with these options.
      this.hidden();
      this.active = PAGES.includes(page) ? page : 'overview';
      this.pendingOpts = { focus: true, ...opts };
      this.selectPanel('workspace', { focusInput: false });
      return;
    }
    if (!this.cases.length) return;
    this.showPage(page, { focus: true, ...opts });
  }

  showPage(name, opts = {}) {
    if (!PAGES.includes(name)) name = 'overview';
    const previous = this.pages[this.active];
    if (previous && this.active !== name && previous.hide) previous.hide();
    this.active = name;
    for (const button of this.nav.querySelectorAll('button[data-page]')) {
      const on = button.dataset.page === name;
      if (on) button.setAttribute('aria-current', 'page');
      else button.removeAttribute('aria-current');
    }
    for (const p of PAGES) this.page(p).hidden = p !== name;
    this.panel.dataset.page = name;
    const page = this.pages[name];
    if (!page || !this.cases.length) return;
    if (page.caseStale) {
      page.caseStale = false;
      if (page.reset) page.reset();
    }
    page.show(opts);
    if (opts.focus && !opts.focusId && !opts.noteId) {
      this.scroll.scrollTop = 0;
      const heading = this.page(name).querySelector('.page-title');
      if (heading) heading.focus({ preventScroll: true });
    }
  }

  /** Arrow keys move along the sub-nav. */
  navKey(e) {
    const buttons = [...this.nav.querySelectorAll('button[data-page]')];
    const at = buttons.indexOf(document.activeElement);
    if (at < 0) return;
    let next = null;
    if (e.key === 'ArrowDown' || e.key === 'ArrowRight') next = buttons[(at + 1) % buttons.length];
    else if (e.key === 'ArrowUp' || e.key === 'ArrowLeft') next = buttons[(at - 1 + buttons.length) % buttons.length];
    else if (e.key === 'Home') next = buttons[0];
    else if (e.key === 'End') next = buttons[buttons.length - 1];
    if (next) {
      e.preventDefault();
      next.focus();
    }
  }

  /** Something in `resource` changed: what shows counts of it follows. */
  changed(resource) {
    if (resource === 'cases') return;
    const overview = this.pages.overview;
    if (overview && this.active === 'overview' && this.isShown()) overview.refreshCounts();
    else if (overview) overview.caseStale = true;
    for (const fn of this.listeners) fn(this.id, resource);
  }

  caseSaved(record) {
    this.cases = sortCases(this.cases.map((c) => (c.id === record.id ? record : c)));
    this.renderPicker();
    if (this.pages.overview && this.active === 'overview') this.pages.overview.render();
  }

  caseDeleted(id) {
    this.cases = this.cases.filter((c) => c.id !== id);
    const next = this.cases.find((c) => c.status !== 'closed') || this.cases[0] || null;
    this.setCase(next ? next.id : null, { force: true });
    if (!next) this.shown();
  }

  async newCase(trigger) {
    const saved = await this.recordDialog.open(
      { title: t('workspace-new-case-title'), kind: 'cases', fields: caseFields(), values: {}, saveLabel: t('workspace-new-case-save'), submit: (v) => api.createRecord('cases', v) },
      trigger,
    );
    if (saved && saved !== true) this.created(saved);
  }

  created(record) {
    this.cases = sortCases([...this.cases.filter((c) => c.id !== record.id), record]);
    this.active = 'overview';
    this.setCase(record.id, { force: true });
    announce(t('workspace-case-created', { name: record.name }));
  }

  // The first-run card: a short form that creates the first case.
  setupFirstCase() {
    const form = this.firstCase.querySelector('#first-case-form');
    const error = this.firstCase.querySelector('#first-case-error');
    const submit = this.firstCase.querySelector('#first-case-submit');
    this.firstFields = new FieldSet(this.firstCase.querySelector('#first-case-fields'), caseFields({ full: false }), {}, { prefix: 'first-case' });
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      error.hidden = true;
      this.firstFields.clearErrors();
      submit.disabled = true;
      try {
        const record = await api.createRecord('cases', { ...this.firstFields.values(), status: 'open' });
        this.firstFields = new FieldSet(this.firstCase.querySelector('#first-case-fields'), caseFields({ full: false }), {}, { prefix: 'first-case' });
        this.created(record);
        const heading = document.getElementById('case-title');
        if (heading) heading.focus();
      } catch (err) {
        const rejection = commandError(err);
        const shown = rejection.code === 'invalid_input' ? this.firstFields.showErrors(rejection) : { known: 0, unknown: [] };
        // forms.js words the rejection; this form creates, so it says "Not created".
        error.textContent = rejectionText(rejection, shown, { action: 'create' });
        error.hidden = false;
        if (!shown.known) error.focus();
      } finally {
        submit.disabled = false;
      }
    });
  }

  /** The first-run card's fields in the chosen language, keeping what was typed. */
  relabelFirstCase() {
    if (!this.firstFields) return;
    const values = this.firstFields.values();
    this.firstFields = new FieldSet(this.firstCase.querySelector('#first-case-fields'), caseFields({ full: false }), values, { prefix: 'first-case' });
  }

  /** After a restore: everything again from the server. */
  async reload() {
    for (const page of Object.values(this.pages)) page.caseStale = true;
    await this.loadCases();
  }
}
