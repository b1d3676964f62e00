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

export const CASE_TYPES = [
  ['custody', 'Custody and visitation'],
  ['divorce', 'Divorce'],
  ['landlord-tenant', 'Landlord and tenant'],
  ['traffic', 'Traffic'],
  ['small-claims', 'Small claims'],
  ['protective-order', 'Protective order'],
  ['other', 'Other'],
];

/** The short names of the step-by-step paths (the server's titles are longer). */
const PATH_TITLES = {
  'eviction-tenant': 'Eviction, as the tenant',
  'debt-defendant': 'Warrant in debt or small claims, being sued',
  'debt-plaintiff': 'Warrant in debt or small claims, suing',
  'custody-visitation': 'Custody and visitation',
  'protective-order-petitioner': 'Protective order, asking for one',
  'protective-order-respondent': 'Protective order, answering one',
  'traffic-misdemeanor': 'Traffic or misdemeanor charge',
  'appeal-district': 'Appeal from a district court',
};
export const pathTitle = (kind) => PATH_TITLES[kind] || kind;

export const typeText = (type) => (CASE_TYPES.find(([v]) => v === type) || [type, type || 'Not set'])[1];
const roleText = (role) => (PARTY_ROLES.find(([v]) => v === role) || [role, role || ''])[1];

/** The fields of a case form; `full` adds status, parties and notes (Edit, New case…). */
export function caseFields({ full = true, edit = false } = {}) {
  const fields = [
    { name: 'name', label: 'Name of the case', required: true, wide: true, placeholder: 'e.g. Custody of J., or Deposit from Elm St. landlord', hint: 'Any name that helps you recognise it.' },
    { name: 'type', label: 'Kind of case', type: 'select', options: [['', 'Choose…'], ...CASE_TYPES] },
    { name: 'caseNumber', label: 'Case number', placeholder: 'e.g. JJ123456-01-00', hint: 'On any paper from the court. Leave empty if you have none yet.' },
    { name: 'court', label: 'Court', wide: true, placeholder: 'e.g. Fairfax County J&DR District Court' },
  ];
  if (!full) return fields;
  if (edit) fields.push({ name: 'status', label: 'Status', type: 'select', options: [['open', 'Open'], ['closed', 'Closed']] });
  fields.push({ name: 'parties', label: 'Parties', type: 'parties', wide: true, hint: 'Who is in the case, and their role.' });
  fields.push({ name: 'reminders', label: 'Reminders for this case’s deadlines', type: 'reminders', wide: true, inherit: 'Use the usual reminders: 7 days before, 2 days before and the morning of the day', hint: 'A deadline can still choose its own.' });
  fields.push({ name: 'notes', label: 'Notes', type: 'textarea', rows: 3, wide: true });
  return fields;
}

export class OverviewPage {
  constructor(ws, root) {
    this.ws = ws;
    this.root = root;
    this.title = h('h3', { class: 'page-title case-title', tabindex: '-1', id: 'case-title' });
    this.status = h('span', { class: 'case-status' });
    this.edit = h('button', { type: 'button', class: 'button secondary', id: 'case-edit', 'aria-haspopup': 'dialog' }, 'Edit');
    this.toggle = h('button', { type: 'button', class: 'button secondary', id: 'case-close-toggle' }, 'Close case');
    this.remove = h('button', { type: 'button', class: 'button ghost danger-text', id: 'case-delete', 'aria-haspopup': 'dialog' }, 'Delete');
    this.error = h('p', { class: 'form-error page-error', id: 'case-error', role: 'alert', tabindex: '-1', hidden: true });
    this.counts = h('ul', { class: 'count-cards', id: 'case-counts', 'aria-label': 'In this case' });
    this.details = h('dl', { class: 'case-details', id: 'case-details' });
    this.parties = h('ul', { class: 'party-list', id: 'case-parties' });
    this.notes = h('p', { class: 'case-notes', id: 'case-notes' });
    this.workflows = h('span', { class: 'workflows-slot', id: 'case-workflows' });
    this.neutral = neutralChoice('case-calendar-neutral');
    this.calendar = calendarButton('case', () => ({ caseId: this.ws.caseId }), { neutral: this.neutral });
    this.nextStep = h('section', { class: 'card wide next-step-card', id: 'case-next-step', 'aria-labelledby': 'case-next-step-title' });
    clear(root).append(
      h('header', { class: 'page-head' }, h('div', { class: 'page-titles' }, h('p', { class: 'eyebrow' }, 'Your case'), h('div', { class: 'title-line' }, this.title, this.status)), h('div', { class: 'page-actions' }, this.workflows, calendarGroup(this.calendar, this.neutral), this.edit, this.toggle, this.remove)),
      this.error,
      this.counts,
      h(
        'div',
        { class: 'overview-grid' },
        this.nextStep,
        h('section', { class: 'card', 'aria-labelledby': 'case-details-title' }, h('h4', { class: 'card-heading', id: 'case-details-title' }, 'Details'), this.details),
        h('section', { class: 'card', 'aria-labelledby': 'case-parties-title' }, h('h4', { class: 'card-heading', id: 'case-parties-title' }, 'Parties'), this.parties),
        h('section', { class: 'card wide', 'aria-labelledby': 'case-notes-title' }, h('h4', { class: 'card-heading', id: 'case-notes-title' }, 'Notes about the case'), this.notes),
      ),
    );
    this.edit.addEventListener('click', (e) => this.editCase(e.currentTarget));
    this.toggle.addEventListener('click', () => this.toggleStatus());
    this.remove.addEventListener('click', (e) => this.deleteCase(e.currentTarget));
    this.counts.addEventListener('click', (e) => {
      const button = e.target instanceof Element ? e.target.closest('button[data-go]') : null;
      if (button) this.ws.go(button.dataset.go);
    });
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
    clear(this.status).append(c.status === 'closed' ? badge('Closed', 'muted') : badge('Open', 'ok'));
    this.toggle.textContent = c.status === 'closed' ? 'Reopen case' : 'Close case';
    const rows = [
      ['Kind of case', typeText(c.type)],
      ['Case number', c.caseNumber || '—'],
      ['Court', c.court || '—'],
      ['Status', c.status === 'closed' ? 'Closed' : 'Open'],
      ['Added', dateTime(c.createdAt)],
    ];
    if (c.kind) rows.splice(1, 0, ['Step-by-step path', pathTitle(c.kind)]);
    clear(this.details).append(...rows.map(([k, v]) => h('div', { class: 'detail' }, h('dt', {}, k), h('dd', {}, v))));
    const seq = (this.stepSeq = (this.stepSeq || 0) + 1);
    nextStepCard(this.nextStep, c, () => this.ws.go('path'), () => seq === this.stepSeq);
    clear(this.parties);
    const parties = Array.isArray(c.parties) ? c.parties : [];
    if (parties.length) for (const p of parties) this.parties.append(h('li', {}, h('span', { class: 'party-name' }, p.name), p.role ? [' ', badge(roleText(p.role))] : null));
    else this.parties.append(h('li', { class: 'muted' }, 'No parties yet — Edit adds them.'));
    this.notes.textContent = c.notes || 'No notes.';
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
      card('deadlines', open, open === 1 ? 'deadline to meet' : 'deadlines to meet', overdue ? `⚠ ${overdue} overdue` : null),
      card('documents', documents, documents === 1 ? 'document' : 'documents'),
      card('notes', notes, notes === 1 ? 'note' : 'notes'),
    );
    measureRender('overview', mark);
  }

  async editCase(trigger) {
    const c = this.ws.currentCase;
    const saved = await this.ws.recordDialog.open(
      { title: 'Edit case', kind: 'cases', fields: caseFields({ edit: true }), values: { ...c }, saveLabel: 'Save changes', submit: (v) => api.updateRecord('cases', c.id, v) },
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
      announce(status === 'closed' ? `${c.name} closed. It stays in the case list, marked closed.` : `${c.name} reopened.`);
    } catch (err) {
      this.showError(`Not changed: ${commandError(err).message}`);
    } finally {
      this.toggle.disabled = false;
      this.toggle.focus();
    }
  }

  async deleteCase(trigger) {
    const c = this.ws.currentCase;
    const yes = await confirmDialog(
      { title: 'Delete this case?', message: [`“${c.name}” will be deleted. A case that still has deadlines, documents or other records cannot be deleted: delete or move them first.`], confirm: 'Delete case', danger: true },
      trigger,
    );
    if (!yes) return;
    try {
      await api.deleteRecord('cases', c.id);
      announce(`${c.name} deleted.`);
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

