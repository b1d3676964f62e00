// Cases: the fields of a case (for the first-run card, "New case…" and Edit), and the Overview
// page — the case's details, parties and notes, Edit, Close / Reopen, Delete, Add to my calendar,
// its next step (when it has a step-by-step path), and how many deadlines, documents and notes it
// has.

import { h, clear, announce, formatNumber } from './dom.js';
import { api, commandError } from './api.js';
import { confirmDialog } from './dialogs.js';
import { badge, markAnswered, measureRender } from './records.js';
import { PARTY_ROLES } from './forms.js';
import { addDays, dateTime, today } from './format.js';
import { workflowsMenu } from './workflows.js';
import { nextStepCard } from './path.js';
import { calendarButton, calendarGroup, isProtectiveOrder, neutralChoice } from './calendar-export.js';
import { onLanguageChange, t } from './i18n.js';

/** The kinds of case a person can choose (their names: cases.ftl `cases-type`). */
export const CASE_TYPE_VALUES = ['custody', 'divorce', 'landlord-tenant', 'traffic', 'small-claims', 'protective-order', 'other'];

/** `[value, name]` of every kind of case, named in the chosen language. */
export const caseTypes = () => CASE_TYPE_VALUES.map((type) => [type, t('cases-type', { type })]);

/** The step-by-step paths that have a short name (the server's titles are longer). */
const PATH_KINDS = new Set(['eviction-tenant', 'debt-defendant', 'debt-plaintiff', 'custody-visitation', 'protective-order-petitioner', 'protective-order-respondent', 'traffic-misdemeanor', 'appeal-district']);
export const pathTitle = (kind) => (PATH_KINDS.has(kind) ? t('cases-path-title', { kind }) : kind);

export const typeText = (type) => {
  if (CASE_TYPE_VALUES.includes(type)) return t('cases-type', { type });
  return type || t('cases-type-not-set');
};
const roleText = (role) => (PARTY_ROLES.find(([v]) => v === role) || [role, role || ''])[1];

/** The fields of a case form; `full` adds status, parties and notes (Edit, New case…). */
export function caseFields({ full = true, edit = false } = {}) {
  const fields = [
    { name: 'name', label: t('cases-field-name'), required: true, wide: true, placeholder: t('cases-field-name-placeholder'), hint: t('cases-field-name-hint') },
    { name: 'type', label: t('cases-field-type'), type: 'select', options: [['', t('cases-field-type-choose')], ...caseTypes()] },
    { name: 'caseNumber', label: t('cases-field-case-number'), placeholder: t('cases-field-case-number-placeholder'), hint: t('cases-field-case-number-hint') },
    { name: 'court', label: t('cases-field-court'), wide: true, placeholder: t('cases-field-court-placeholder') },
  ];
  if (!full) return fields;
  if (edit) fields.push({ name: 'status', label: t('cases-field-status'), type: 'select', options: [['open', t('cases-status', { status: 'open' })], ['closed', t('cases-status', { status: 'closed' })]] });
  fields.push({ name: 'parties', label: t('cases-field-parties'), type: 'parties', wide: true, hint: t('cases-field-parties-hint') });
  fields.push({ name: 'reminders', label: t('cases-field-reminders'), type: 'reminders', wide: true, inherit: t('cases-field-reminders-inherit'), hint: t('cases-field-reminders-hint') });
  fields.push({ name: 'notes', label: t('cases-field-notes'), type: 'textarea', rows: 3, wide: true });
  return fields;
}

export class OverviewPage {
  constructor(ws, root) {
    this.ws = ws;
    this.root = root;
    this.title = h('h3', { class: 'page-title case-title', tabindex: '-1', id: 'case-title' });
    this.status = h('span', { class: 'case-status' });
    this.edit = h('button', { type: 'button', class: 'button secondary', id: 'case-edit', 'aria-haspopup': 'dialog' });
    this.toggle = h('button', { type: 'button', class: 'button secondary', id: 'case-close-toggle' }, t('cases-close'));
    this.remove = h('button', { type: 'button', class: 'button ghost danger-text', id: 'case-delete', 'aria-haspopup': 'dialog' });
    this.error = h('p', { class: 'form-error page-error', id: 'case-error', role: 'alert', tabindex: '-1', hidden: true });
    this.counts = h('ul', { class: 'count-cards', id: 'case-counts' });
    this.eyebrow = h('p', { class: 'eyebrow' });
    this.detailsTitle = h('h4', { class: 'card-heading', id: 'case-details-title' });
    this.partiesTitle = h('h4', { class: 'card-heading', id: 'case-parties-title' });
    this.notesTitle = h('h4', { class: 'card-heading', id: 'case-notes-title' });
    this.label();
    this.details = h('dl', { class: 'case-details', id: 'case-details' });
    this.parties = h('ul', { class: 'party-list', id: 'case-parties' });
    this.notes = h('p', { class: 'case-notes', id: 'case-notes' });
    this.workflows = h('span', { class: 'workflows-slot', id: 'case-workflows' });
    this.neutral = neutralChoice('case-calendar-neutral');
    this.calendar = calendarButton('case', () => ({ caseId: this.ws.caseId }), { neutral: this.neutral });
    this.nextStep = h('section', { class: 'card wide next-step-card', id: 'case-next-step', 'aria-labelledby': 'case-next-step-title' });
    clear(root).append(
      h('header', { class: 'page-head' }, h('div', { class: 'page-titles' }, this.eyebrow, h('div', { class: 'title-line' }, this.title, this.status)), h('div', { class: 'page-actions' }, this.workflows, calendarGroup(this.calendar, this.neutral), this.edit, this.toggle, this.remove)),
      this.error,
      this.counts,
      h(
        'div',
        { class: 'overview-grid' },
        this.nextStep,
        h('section', { class: 'card', 'aria-labelledby': 'case-details-title' }, this.detailsTitle, this.details),
        h('section', { class: 'card', 'aria-labelledby': 'case-parties-title' }, this.partiesTitle, this.parties),
        h('section', { class: 'card wide', 'aria-labelledby': 'case-notes-title' }, this.notesTitle, this.notes),
      ),
    );
    this.edit.addEventListener('click', (e) => this.editCase(e.currentTarget));
    this.toggle.addEventListener('click', () => this.toggleStatus());
    this.remove.addEventListener('click', (e) => this.deleteCase(e.currentTarget));
    this.counts.addEventListener('click', (e) => {
      const button = e.target instanceof Element ? e.target.closest('button[data-go]') : null;
      if (button) this.ws.go(button.dataset.go);
    });
    // Another language chosen in Settings: the page says everything again.
    onLanguageChange(() => {
      this.label();
      this.render();
      if (this.lastCounts) this.drawCounts(this.lastCounts);
    });
  }

  /** The words of the page that do not depend on the case. */
  label() {
    this.edit.textContent = t('cases-edit');
    this.remove.textContent = t('cases-delete');
    this.counts.setAttribute('aria-label', t('cases-counts-label'));
    this.eyebrow.textContent = t('cases-eyebrow');
    this.detailsTitle.textContent = t('cases-details-title');
    this.partiesTitle.textContent = t('cases-parties-title');
    this.notesTitle.textContent = t('cases-notes-title');
  }

  show() {
    this.error.hidden = true;
    this.render();
    this.refreshCounts();
  }

  render() {
    const c = this.ws.currentCase;
    if (!c) return;
    this.title.textContent = c.name;
    this.neutral.setDefault(`${c.id}/${c.kind}`, isProtectiveOrder(c));
    clear(this.workflows).append(workflowsMenu('case', c.id, { title: c.name, caseId: c.id }));
    const status = c.status === 'closed' ? 'closed' : 'open';
    clear(this.status).append(badge(t('cases-status', { status }), status === 'closed' ? 'muted' : 'ok'));
    this.toggle.textContent = c.status === 'closed' ? t('cases-reopen') : t('cases-close');
    const rows = [
      [t('cases-field-type'), typeText(c.type)],
      [t('cases-field-case-number'), c.caseNumber || '—'],
      [t('cases-field-court'), c.court || '—'],
      [t('cases-field-status'), t('cases-status', { status })],
      [t('cases-detail-added'), dateTime(c.createdAt)],
    ];
    if (c.kind) rows.splice(1, 0, [t('cases-detail-path'), pathTitle(c.kind)]);
    clear(this.details).append(...rows.map(([k, v]) => h('div', { class: 'detail' }, h('dt', {}, k), h('dd', {}, v))));
    const seq = (this.stepSeq = (this.stepSeq || 0) + 1);
    nextStepCard(this.nextStep, c, () => this.ws.go('path'), () => seq === this.stepSeq);
    clear(this.parties);
    const parties = Array.isArray(c.parties) ? c.parties : [];
    if (parties.length) for (const p of parties) this.parties.append(h('li', {}, h('span', { class: 'party-name' }, p.name), p.role ? [' ', badge(roleText(p.role))] : null));
    else this.parties.append(h('li', { class: 'muted' }, t('cases-parties-none')));
    this.notes.textContent = c.notes || t('cases-notes-none');
    this.notes.classList.toggle('muted', !c.notes);
  }

  async refreshCounts() {
    const caseId = this.ws.caseId;
    if (!caseId) return;
    const count = (resource, filter) =>
      api
        .listRecords(resource, { caseId, limit: 1, filter })
        .then((a) => Number(a && a.total) || 0)
        .catch(() => null);
    const [open, overdue, documents, notes] = await Promise.all([count('deadlines', { done: false }), count('deadlines', { done: false, to: addDays(today(), -1) }), count('documents'), count('notes')]);
    if (caseId !== this.ws.caseId) return;
    const mark = markAnswered('overview');
    this.drawCounts({ open, overdue, documents, notes });
    measureRender('overview', mark);
  }

  /** The count cards: deadlines to meet (and how many are overdue), documents, notes. */
  drawCounts(counts) {
    this.lastCounts = counts;
    const { open, overdue, documents, notes } = counts;
    const card = (go, n, label, extra) =>
      h(
        'li',
        {},
        h(
          'button',
          { type: 'button', class: 'count-card', dataset: { go, count: go } },
          h('span', { class: 'count-number' }, n === null ? '–' : formatNumber(n)),
          h('span', { class: 'count-label' }, label),
          extra ? h('span', { class: 'count-extra' }, extra) : null,
        ),
      );
    clear(this.counts).append(
      card('deadlines', open, t('cases-count-deadlines', { count: open ?? 0 }), overdue ? t('cases-count-overdue', { count: overdue }) : null),
      card('documents', documents, t('cases-count-documents', { count: documents ?? 0 })),
      card('notes', notes, t('cases-count-notes', { count: notes ?? 0 })),
    );
  }

  async editCase(trigger) {
    const c = this.ws.currentCase;
    const saved = await this.ws.recordDialog.open(
      { title: t('cases-edit-title'), kind: 'cases', fields: caseFields({ edit: true }), values: { ...c }, saveLabel: t('cases-edit-save'), submit: (v) => api.updateRecord('cases', c.id, v) },
      trigger,
    );
    if (saved && saved !== true) this.ws.caseSaved(saved);
  }

  async toggleStatus() {
    const c = this.ws.currentCase;
    const status = c.status === 'closed' ? 'open' : 'closed';
    this.toggle.disabled = true;
    try {
      const saved = await api.updateRecord('cases', c.id, { status });
      this.ws.caseSaved(saved);
      announce(status === 'closed' ? t('cases-closed-announce', { name: c.name }) : t('cases-reopened-announce', { name: c.name }));
    } catch (err) {
      this.showError(t('cases-not-changed', { reason: commandError(err).message }));
    } finally {
      this.toggle.disabled = false;
      this.toggle.focus();
    }
  }

  async deleteCase(trigger) {
    const c = this.ws.currentCase;
    const yes = await confirmDialog(
      { title: t('cases-delete-title'), message: [t('cases-delete-message', { name: c.name })], confirm: t('cases-delete-confirm'), danger: true },
      trigger,
    );
    if (!yes) return;
    try {
      await api.deleteRecord('cases', c.id);
      announce(t('cases-deleted-announce', { name: c.name }));
      this.ws.caseDeleted(c.id);
    } catch (err) {
      // A `conflict` names what is still in the case: shown as the app says it.
      this.showError(commandError(err).message);
    }
  }

  showError(text) {
    this.error.textContent = text;
    this.error.hidden = false;
    this.error.focus();
  }
}

