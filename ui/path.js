// The Case tab's "Step by step" page: which of the eight kinds of case this is (or none), the
// dates its path counts from (court days marked) and, for a claim for money, the amount; then the
// path itself — each step with where it stands (done, next, later), what happens, which court,
// what to file (form numbers as the court writes them, with "Fill … (a form I downloaded)") and
// what to bring (in court, with the way to Proof for the hearing), its date or its deadline (with
// the rule's working, or the date still needed), the sections it rests on (opening the section
// viewer, as § links do everywhere) and a box to tick it off —, which court hears the case and
// why, and the caveats. The server works the plan
// out (docs/contracts.md, Server: `/api/cases/{id}/path`); this page only shows it and sends what
// the person changes.
//
// Also the Overview's "Next step" card (`nextStepCard`).

import { h, clear, append, announce, spinner, said, showFieldError } from './dom.js';
import { api, commandError } from './api.js';
import { citationNodes } from './rules.js';
import { citeLink } from './markdown.js';
import { daysBetween, longDate, parseMoney, today } from './format.js';
import { calendarButton, calendarGroup, isProtectiveOrder, neutralChoice } from './calendar-export.js';
import { formLink } from './fill-form.js';
import { onLanguageChange, t, tMessage } from './i18n.js';

/** The kinds whose court depends on the amount claimed (`courts.moneyKinds` in sidecars/server/paths/paths.json). */
export const MONEY_KINDS = ['debt-defendant', 'debt-plaintiff'];

/** The courts `which_court` names (ids). */
const COURTS = ['general-district', 'small-claims', 'juvenile-domestic', 'circuit'];

/** A court `which_court` names, as a person says it (the server's `Court::name`); an unknown id as it is. */
export function courtName(court) {
  return COURTS.includes(court) ? t('path-court-name', { court }) : String(court ?? '');
}

const STATUSES = ['done', 'next', 'upcoming'];

// Official form numbers of Virginia's district courts ("form DC-421"), shown as written.
const FORM_NUMBER = /\b(?:DC|DR|JA|CC)-\d{2,4}[A-Z]?\b/g;

/**
 * A step's text as nodes: section numbers (`§ 55.1-1245`) become links that open the section
 * viewer, form numbers (`DC-421`) stand out; everything else stays text.
 */
export function richText(text) {
  const s = String(text ?? '');
  const nodes = [];
  let at = 0;
  for (const m of s.matchAll(FORM_NUMBER)) {
    if (m.index > at) nodes.push(...citationNodes(s.slice(at, m.index)));
    nodes.push(h('strong', { class: 'form-number' }, m[0]));
    at = m.index + m[0].length;
  }
  if (at < s.length || !nodes.length) nodes.push(...citationNodes(s.slice(at)));
  return nodes;
}

/** Links to the sections a step or a court choice rests on: "§ 8.01-126, § 16.1-77". */
export function sectionLinks(sections) {
  const out = [];
  for (const [n, id] of (Array.isArray(sections) ? sections : []).entries()) {
    if (n) out.push(', ');
    out.push(citeLink(`§ ${id}`, { sourceId: id, label: `§ ${id}`, status: 'verified' }));
  }
  return out;
}

/** "today", "tomorrow", "in 5 days", "yesterday", "3 days ago" — from `now` to `date`. */
export function relativeDay(date, now = today()) {
  const n = daysBetween(now, date);
  if (n === null) return '';
  if (n === 0) return t('path-day-today');
  if (n === 1) return t('path-day-tomorrow');
  if (n === -1) return t('path-day-yesterday');
  return n > 0 ? t('path-day-in', { days: n }) : t('path-day-ago', { days: -n });
}

/** "Enter “The first court date…” above" for a date of the path not known yet. */
function enterDate(label) {
  return t('path-date-not-entered', { label });
}

/** When a step happens (`on`) or is due (`deadline`), as paragraphs. */
export function stepWhen(step, now = today()) {
  const out = [];
  if (step.on) {
    if (step.on.date) {
      out.push(
        h(
          'p',
          { class: 'path-when path-on', dataset: { date: step.on.date } },
          h('strong', {}, t(step.on.court ? 'path-when-in-court' : 'path-when-on')),
          h('time', { datetime: step.on.date }, longDate(step.on.date)),
          ` (${relativeDay(step.on.date, now)})`,
        ),
      );
    } else {
      out.push(h('p', { class: 'path-when path-needs' }, h('strong', {}, t('path-when-date')), enterDate(step.on.label)));
    }
  }
  const d = step.deadline;
  if (d) {
    if (d.date) {
      const explanation = d.computation && d.computation.explanation;
      out.push(
        h(
          'div',
          { class: 'path-when path-deadline', dataset: { date: d.date, ruleId: d.ruleId } },
          h('p', {}, h('strong', {}, t('path-when-deadline')), h('time', { datetime: d.date }, longDate(d.date)), ` (${relativeDay(d.date, now)})`),
          explanation ? h('p', { class: 'path-explanation' }, richText(explanation)) : null,
        ),
      );
    } else if (d.needs) {
      out.push(h('p', { class: 'path-when path-needs', dataset: { ruleId: d.ruleId } }, h('strong', {}, t('path-when-deadline')), d.needs));
    } else if (d.error) {
      out.push(h('p', { class: 'path-when path-error', dataset: { ruleId: d.ruleId } }, h('strong', {}, t('path-when-deadline')), t('path-deadline-error', { error: d.error })));
    }
  }
  return out;
}

/** Under a step in court: the case's "Proof for the hearing" page (proof.js). */
function proofLink(step) {
  if (!step.on || !step.on.court) return null;
  const open = () => document.dispatchEvent(new CustomEvent('proseva:open-proof', { detail: { step: step.id } }));
  return h('button', { type: 'button', class: 'button link-like small path-proof', dataset: { step: step.id }, on: { click: open } }, t('path-proof-link'));
}

/** One step: `li.path-step[data-step][data-status]`, its tick box `input.path-tick[data-step]`. */
export function stepNode(step, index, now = today()) {
  const status = STATUSES.includes(step.status) ? step.status : 'upcoming';
  const titleId = `path-step-${step.id}-title`;
  const tickId = `path-tick-${step.id}`;
  const tick = h('input', { type: 'checkbox', class: 'checkbox path-tick', id: tickId, dataset: { step: step.id }, 'aria-describedby': titleId });
  tick.checked = status === 'done';
  const facts = h(
    'dl',
    { class: 'path-facts' },
    h('div', { class: 'path-fact' }, h('dt', {}, t('path-fact-what')), h('dd', {}, richText(step.what))),
    h('div', { class: 'path-fact' }, h('dt', {}, t('path-fact-court')), h('dd', {}, step.court)),
    h('div', { class: 'path-fact path-file' }, h('dt', {}, t('path-fact-file')), h('dd', {}, richText(step.file), formLink(step))),
    h('div', { class: 'path-fact path-bring' }, h('dt', {}, t('path-fact-bring')), h('dd', {}, richText(step.bring), proofLink(step))),
    step.sections && step.sections.length ? h('div', { class: 'path-fact path-law' }, h('dt', {}, t('path-fact-law')), h('dd', {}, sectionLinks(step.sections))) : null,
  );
  return h(
    'li',
    { class: ['path-step', `path-${status}`], dataset: { step: step.id, status }, 'aria-current': status === 'next' ? 'step' : null },
    h(
      'div',
      { class: 'path-step-head' },
      h('span', { class: 'path-number', 'aria-hidden': 'true' }, status === 'done' ? '✓' : String(index + 1)),
      h('h4', { class: 'path-step-title', id: titleId }, h('span', { class: 'visually-hidden' }, t('path-step-number', { number: index + 1 })), step.title),
      h('span', { class: ['badge', 'path-status', status === 'done' && 'badge-ok', status === 'next' && 'badge-next'] }, t(status === 'done' ? 'path-status-done' : status === 'next' ? 'path-status-next' : 'path-status-later')),
      h('span', { class: 'path-tick-box' }, tick, h('label', { for: tickId }, t('path-tick-done'))),
    ),
    stepWhen(step, now),
    status === 'done' ? h('details', { class: 'path-more' }, h('summary', {}, t('path-step-more')), facts) : facts,
  );
}

/** Which court hears the case, why, and the sections (`#case-court`). */
export function courtBox(court) {
  const box = h('section', { class: 'card path-court', id: 'case-court', 'aria-labelledby': 'case-court-title' }, h('h4', { class: 'card-heading', id: 'case-court-title' }, t('path-court-title')));
  if (!court) {
    box.append(h('p', { class: 'muted' }, t('path-court-choose')));
    return box;
  }
  const also = (Array.isArray(court.also) ? court.also : []).map(courtName);
  // dom.js's `append` leaves the missing parts out (the DOM's own would write "null").
  return append(box, [
    said('p', { class: 'path-court-name', dataset: { court: court.court }, 'data-l10n-id': 'path-court-usually' }, { court: court.courtName || courtName(court.court) }),
    also.length ? h('p', { class: 'path-court-also' }, t('path-court-also', { count: also.length, others: also.slice(0, -1).join(', '), last: also[also.length - 1] })) : null,
    h('p', { class: 'path-court-why' }, richText(court.why)),
    court.sections && court.sections.length ? h('p', { class: 'path-court-law' }, t('path-law-label'), sectionLinks(court.sections)) : null,
  ]);
}

/** "Is this app enough?": opens the Help tab's questions for this kind of case. */
function screenCard(kind) {
  const open = h('button', { type: 'button', class: 'secondary', id: 'case-path-screen' }, t('path-screen-open'));
  open.addEventListener('click', () => document.dispatchEvent(new CustomEvent('proseva:open-help-screen', { detail: { kind } })));
  return h(
    'div',
    { class: 'path-screen', role: 'note' },
    said('p', { 'data-l10n-id': 'path-screen-text' }),
    open,
  );
}

/** The path of a plan: a summary, the steps in order, the caveats. */
export function planNodes(plan, now = today()) {
  const steps = Array.isArray(plan.steps) ? plan.steps : [];
  const done = steps.filter((s) => s.status === 'done').length;
  const next = steps.find((s) => s.status === 'next');
  return [
    h('h4', { class: 'path-title', id: 'case-path-title' }, plan.title),
    h('p', { class: 'path-summary' }, plan.summary),
    next
      ? said('p', { class: 'path-progress', id: 'case-path-progress', 'data-l10n-id': 'path-progress-next' }, { done, total: steps.length, next: next.title })
      : said('p', { class: 'path-progress', id: 'case-path-progress', 'data-l10n-id': 'path-progress-all' }, { total: steps.length }),
    screenCard(plan.kind),
    h('ol', { class: 'path-steps', id: 'case-path-steps', 'aria-labelledby': 'case-path-title' }, steps.map((s, i) => stepNode(s, i, now))),
    plan.caveats && plan.caveats.length ? h('ul', { class: 'path-caveats', id: 'case-path-caveats', 'aria-label': tMessage('path-caveats').attributes['aria-label'] }, plan.caveats.map((c) => h('li', {}, richText(c)))) : null,
  ];
}

/**
 * A date of a kind of case (`{key, label, court}` from `path_kinds`) as a labelled date field, the
 * court date marked: the Step by step page's setup and the first start's form both use it.
 */
export function pathDateField(d, id) {
  return h(
    'div',
    { class: ['field', 'path-date', d.court && 'court-day'], dataset: { dateKey: d.key } },
    h('label', { for: id }, d.label, d.court ? [' ', h('span', { class: 'badge badge-court' }, t('path-court-date'))] : null),
    h('input', { type: 'date', id, class: 'input', dataset: { dateKey: d.key, court: d.court ? 'true' : null } }),
  );
}

/**
 * What the setup form sends: `{kind, dates, amount}` with only what changed from `saved` (the
 * case's `kind`, `pathDates` and `amount`). A date emptied is `null` (the server clears it). An
 * amount that is not a number is not sent: `invalid` says so, as the server would (the command
 * takes only a number).
 */
export function pathChanges(saved, { kind, dates, amountText }) {
  const out = {};
  if ((kind || null) !== (saved.kind || null)) out.kind = kind || null;
  const before = saved.pathDates || {};
  const changed = {};
  for (const [key, value] of Object.entries(dates || {})) {
    const v = value || null;
    if (v !== (before[key] || null)) changed[key] = v;
  }
  if (Object.keys(changed).length) out.dates = changed;
  if (amountText !== undefined) {
    const raw = String(amountText).trim();
    const amount = raw === '' ? null : parseMoney(raw);
    const was = saved.amount === undefined ? null : saved.amount;
    if (raw !== '' && amount === null) out.invalid = { amount: t('path-amount-not-number') };
    else if (amount !== null && amount < 0) out.invalid = { amount: t('path-amount-negative') };
    else if (amount !== was) out.amount = amount;
  }
  return out;
}

/** The "Step by step" page of the Case tab. */
export class PathPage {
  constructor(ws, root) {
    this.ws = ws;
    this.root = root;
    this.kinds = null;
    this.plan = null;
    this.seq = 0;
    this.kindSelect = h('select', { id: 'case-kind', class: 'input', 'aria-describedby': 'case-kind-summary err-case-kind' }, said('option', { value: '', 'data-l10n-id': 'path-kind-none' }));
    this.kindSummary = h('p', { class: 'hint', id: 'case-kind-summary' });
    this.kindError = h('p', { class: 'field-error', id: 'err-case-kind', hidden: true });
    this.datesBox = h('div', { class: 'path-date-fields', id: 'case-path-date-fields' });
    this.datesError = h('p', { class: 'field-error', id: 'err-case-path-dates', hidden: true });
    this.dates = h(
      'fieldset',
      { class: 'path-dates', id: 'case-path-dates', 'aria-describedby': 'case-path-dates-hint err-case-path-dates', hidden: true },
      said('legend', { 'data-l10n-id': 'path-dates-legend' }),
      said('p', { class: 'hint', id: 'case-path-dates-hint', 'data-l10n-id': 'path-dates-hint' }),
      this.datesBox,
      this.datesError,
    );
    this.amount = said('input', { id: 'case-amount', class: 'input', type: 'text', inputmode: 'decimal', autocomplete: 'off', 'aria-describedby': 'case-amount-hint err-case-amount', 'data-l10n-id': 'path-amount' });
    this.amountError = h('p', { class: 'field-error', id: 'err-case-amount', hidden: true });
    this.amountField = h(
      'div',
      { class: 'field', id: 'case-amount-field', hidden: true },
      said('label', { for: 'case-amount', 'data-l10n-id': 'path-amount-label' }),
      h('div', { class: 'money-row' }, h('span', { class: 'money-sign', 'aria-hidden': 'true' }, '$'), this.amount),
      said('p', { class: 'hint', id: 'case-amount-hint', 'data-l10n-id': 'path-amount-hint' }),
      this.amountError,
    );
    this.formError = h('p', { class: 'form-error', id: 'case-path-error', role: 'alert', tabindex: '-1', hidden: true });
    this.save = said('button', { type: 'submit', class: 'button primary', id: 'case-path-save', 'data-l10n-id': 'path-save' });
    this.saved = h('p', { class: 'path-saved', id: 'case-path-saved', role: 'status' });
    this.form = h(
      'form',
      { class: 'card path-setup', id: 'case-path-form', novalidate: true, 'aria-labelledby': 'case-path-form-title' },
      said('h4', { class: 'card-heading', id: 'case-path-form-title', 'data-l10n-id': 'path-form-title' }),
      h('div', { class: 'field' }, said('label', { for: 'case-kind', 'data-l10n-id': 'path-kind-label' }), this.kindSelect, this.kindSummary, this.kindError),
      this.dates,
      this.amountField,
      this.formError,
      h('div', { class: 'form-actions' }, this.save, this.saved),
    );
    this.courtSlot = h('div', { class: 'path-court-slot' }, courtBox(null));
    this.path = said('section', { class: 'case-path', id: 'case-path', 'aria-busy': 'false', 'data-l10n-id': 'path-steps' });
    this.neutral = neutralChoice('path-calendar-neutral');
    this.calendar = calendarButton('case', () => ({ caseId: this.ws.caseId }), { label: () => t('path-calendar-add'), neutral: this.neutral });
    clear(root).append(
      h(
        'header',
        { class: 'page-head' },
        h(
          'div',
          { class: 'page-titles' },
          said('h3', { class: 'page-title', tabindex: '-1', 'data-l10n-id': 'path-page-title' }),
          said('p', { class: 'page-lead', 'data-l10n-id': 'path-page-lead' }),
        ),
        h('div', { class: 'page-actions' }, calendarGroup(this.calendar, this.neutral)),
      ),
      h('div', { class: 'path-top' }, this.form, this.courtSlot),
      this.path,
    );
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.submit();
    });
    this.kindSelect.addEventListener('change', () => {
      this.kindError.hidden = true;
      this.showKind(this.kindSelect.value, { keep: true });
      this.previewCourt();
    });
    let timer = null;
    this.amount.addEventListener('input', () => {
      this.amountError.hidden = true;
      this.amount.removeAttribute('aria-invalid');
      clearTimeout(timer);
      timer = setTimeout(() => this.previewCourt(), 400);
    });
    this.path.addEventListener('change', (e) => {
      const box = e.target instanceof Element ? e.target.closest('input.path-tick') : null;
      if (box) this.tick(box.dataset.step, box.checked, box);
    });
    // Another language: the words above are written again (localizeDom); what the server said
    // (the kinds of case, the plan) is read again, and the page drawn again from it.
    onLanguageChange(() => {
      if (!this.kinds) return;
      this.kinds = null;
      this.clearErrors();
      this.saved.textContent = '';
      this.show();
    });
  }

  /** The case's record as the workspace knows it. */
  get current() {
    return this.ws.currentCase || {};
  }

  /** "Neutral titles" ticked at first for a protective order: again when the case or its kind changes. */
  neutralFollowsCase() {
    const c = this.current;
    this.neutral.setDefault(`${c.id}/${c.kind}`, isProtectiveOrder(c));
  }

  reset() {
    this.plan = null;
    clear(this.path);
    this.saved.textContent = '';
    this.formError.hidden = true;
  }

  async show() {
    const seq = (this.seq += 1);
    this.formError.hidden = true;
    if (!this.kinds) {
      try {
        this.kinds = await api.pathKinds();
      } catch (err) {
        if (seq !== this.seq) return;
        this.showFormError(t('path-kinds-error', { error: commandError(err).message }));
        return;
      }
      if (seq !== this.seq) return;
      const options = (this.kinds.kinds || []).map((k) => h('option', { value: k.kind }, k.title));
      this.kindSelect.replaceChildren(said('option', { value: '', 'data-l10n-id': 'path-kind-none' }), ...options);
    }
    const c = this.current;
    this.kindSelect.value = c.kind || '';
    this.amount.value = c.amount === null || c.amount === undefined ? '' : String(c.amount);
    this.showKind(c.kind || '', { keep: false });
    await this.load(seq);
  }

  /** Reads the plan of the case (none without a kind) and shows it. */
  async load(seq = (this.seq += 1)) {
    const c = this.current;
    this.neutralFollowsCase();
    if (!c.id || !c.kind) {
      this.plan = null;
      this.renderPlan(null);
      this.courtSlot.replaceChildren(courtBox(null));
      return;
    }
    this.path.setAttribute('aria-busy', 'true');
    if (!this.plan) clear(this.path).append(h('p', { class: 'list-status' }, spinner(), ' ', t('path-working')));
    try {
      const plan = await api.casePath(c.id);
      if (seq !== this.seq) return;
      this.plan = plan;
      this.renderPlan(plan);
    } catch (err) {
      if (seq !== this.seq) return;
      const error = commandError(err);
      this.plan = null;
      if (error.code === 'conflict') this.renderPlan(null);
      else clear(this.path).append(h('p', { class: 'list-status error' }, t('path-load-error', { error: error.message })));
    } finally {
      if (seq === this.seq) this.path.setAttribute('aria-busy', 'false');
    }
  }

  /** The date inputs (and the amount) of `kind`; `keep` keeps what was typed for the same dates. */
  showKind(kind, { keep }) {
    const info = ((this.kinds && this.kinds.kinds) || []).find((k) => k.kind === kind) || null;
    this.kindSummary.textContent = info ? info.summary : t('path-kind-choose');
    const typed = {};
    if (keep) for (const input of this.dateInputs()) typed[input.dataset.dateKey] = input.value;
    const saved = this.current.pathDates || {};
    clear(this.datesBox);
    for (const d of info ? info.dates : []) {
      const field = pathDateField(d, `case-date-${d.key}`);
      const input = field.querySelector('input');
      input.value = keep && d.key in typed ? typed[d.key] : saved[d.key] || '';
      input.addEventListener('input', () => {
        this.datesError.hidden = true;
      });
      this.datesBox.append(field);
    }
    this.dates.hidden = !info;
    this.amountField.hidden = !MONEY_KINDS.includes(kind);
  }

  dateInputs() {
    return this.datesBox.querySelectorAll('input[data-date-key]');
  }

  /** Which court, for the kind chosen and the amount typed, before they are saved. */
  async previewCourt() {
    const kind = this.kindSelect.value;
    const seq = (this.courtSeq = (this.courtSeq || 0) + 1);
    if (!kind) {
      this.courtSlot.replaceChildren(courtBox(null));
      return;
    }
    const raw = this.amount.value.trim();
    const amount = MONEY_KINDS.includes(kind) && raw ? parseMoney(raw) : null;
    try {
      const court = await api.whichCourt(kind, amount);
      if (seq === this.courtSeq) this.courtSlot.replaceChildren(courtBox(court));
    } catch {
      /* the saved plan's court stays; Save reports a bad amount under its field */
    }
  }

  renderPlan(plan) {
    if (!plan) {
      clear(this.path).append(
        h(
          'div',
          { class: 'path-empty', id: 'case-path-empty' },
          h('p', {}, t('path-empty')),
          h('p', { class: 'muted' }, t('path-empty-kinds')),
        ),
      );
      this.path.dataset.kind = '';
      return;
    }
    this.path.dataset.kind = plan.kind;
    this.path.dataset.next = plan.next || '';
    append(clear(this.path), planNodes(plan));
    this.courtSlot.replaceChildren(courtBox(plan.court));
  }

  async submit() {
    if (this.save.disabled) return;
    const c = this.current;
    if (!c.id) return;
    this.clearErrors();
    const dates = {};
    for (const input of this.dateInputs()) dates[input.dataset.dateKey] = input.value;
    const kind = this.kindSelect.value;
    const changes = pathChanges(c, { kind, dates, amountText: MONEY_KINDS.includes(kind) ? this.amount.value : undefined });
    if (changes.invalid) {
      this.showRejection({ code: 'invalid_input', message: t('path-amount-invalid'), fields: changes.invalid });
      return;
    }
    this.save.disabled = true;
    this.form.setAttribute('aria-busy', 'true');
    this.saved.textContent = '';
    const seq = (this.seq += 1);
    try {
      if (!kind) {
        // No path: the kind is cleared on the case itself (the path's answer would be "no kind").
        if (c.kind) await api.updateRecord('cases', c.id, { kind: null });
        this.plan = null;
      } else {
        this.plan = await api.setCasePath(c.id, { kind, dates: changes.dates, amount: changes.amount });
      }
      const record = await api.getRecord('cases', c.id).catch(() => null);
      if (record) this.ws.caseSaved(record);
      this.neutralFollowsCase();
      if (seq === this.seq) {
        this.showKind(kind, { keep: false });
        this.renderPlan(this.plan);
        if (!this.plan) this.courtSlot.replaceChildren(courtBox(null));
      }
      const next = this.plan && this.plan.steps.find((s) => s.status === 'next');
      this.saved.textContent = !this.plan ? t('path-saved-no-path') : next ? t('path-saved-next', { next: next.title }) : t('path-saved');
      announce(this.saved.textContent);
      this.ws.changed('deadlines');
    } catch (err) {
      this.showRejection(commandError(err));
    } finally {
      this.save.disabled = false;
      this.form.removeAttribute('aria-busy');
    }
  }

  /** A refused save: each field's message under it (`pathDates` under the dates), the rest above Save. */
  showRejection(error) {
    const fields = error.fields && Object.keys(error.fields).length ? error.fields : error.field ? { [error.field]: error.detail || error.message } : {};
    const shown = [];
    const put = (el, input, text) => {
      // In the window's language, the app's words as its tooltip.
      showFieldError(el, text);
      if (input) input.setAttribute('aria-invalid', 'true');
      shown.push(input || el);
    };
    for (const [name, why] of Object.entries(error.code === 'invalid_input' ? fields : {})) {
      if (name === 'amount') put(this.amountError, this.amount, why);
      else if (name === 'kind') put(this.kindError, this.kindSelect, why);
      else if (name === 'pathDates' || name === 'dates') put(this.datesError, null, why);
    }
    const other = error.code !== 'invalid_input' || !shown.length;
    if (other) this.showFormError(t('path-not-saved', { error: error.message }));
    else {
      this.showFormError(t('path-not-saved-fields', { count: shown.length }), { focus: false });
      shown[0].focus();
    }
  }

  clearErrors() {
    for (const el of [this.kindError, this.datesError, this.amountError, this.formError]) {
      el.hidden = true;
      el.textContent = '';
      el.removeAttribute('title');
    }
    this.amount.removeAttribute('aria-invalid');
    this.kindSelect.removeAttribute('aria-invalid');
  }

  /** `focus`: false when the focus goes to the field the message points to. */
  showFormError(text, { focus = true } = {}) {
    this.formError.textContent = text;
    this.formError.hidden = false;
    if (focus) this.formError.focus();
  }

  /** Ticks step `stepId` done (or not); the new plan is shown with focus kept on the box. */
  async tick(stepId, done, box) {
    const c = this.current;
    if (!c.id || !stepId) return;
    if (box) box.disabled = true;
    try {
      const plan = await api.tickStep(c.id, stepId, done);
      this.plan = plan;
      this.renderPlan(plan);
      const again = this.path.querySelector(`#path-tick-${stepId}`);
      if (again) again.focus();
      const next = plan.steps.find((s) => s.status === 'next');
      announce(!done ? t('path-marked-not-done') : next ? t('path-marked-done-next', { next: next.title }) : t('path-marked-done'));
      this.ws.changed('path');
    } catch (err) {
      if (box) {
        box.checked = !done;
        box.disabled = false;
      }
      announce(t('path-not-changed', { error: commandError(err).message }));
      this.showFormError(t('path-not-changed', { error: commandError(err).message }));
    }
  }
}

/**
 * The Overview's "Step by step" card (`#case-next-step`): the next step of the case's path and
 * its date, or a way to choose the kind of case. `go()` opens the Step by step page.
 */
export async function nextStepCard(card, c, go, stillWanted = () => true) {
  const heading = h('h4', { class: 'card-heading', id: 'case-next-step-title' }, t('path-card-title'));
  const open = (text) => h('button', { type: 'button', class: 'button secondary small', id: 'case-next-step-open', on: { click: go } }, text);
  if (!c || !c.kind) {
    card.replaceChildren(heading, h('p', { class: 'muted' }, t('path-card-intro')), open(t('path-card-choose')));
    return;
  }
  card.replaceChildren(heading, h('p', { class: 'list-status' }, spinner(), ' ', t('path-card-reading')));
  let plan;
  try {
    plan = await api.casePath(c.id);
  } catch (err) {
    if (!stillWanted()) return;
    card.replaceChildren(heading, h('p', { class: 'list-status error' }, t('path-card-error', { error: commandError(err).message })), open(t('path-card-see-all')));
    return;
  }
  if (!stillWanted()) return;
  const next = plan.steps.find((s) => s.status === 'next');
  append(clear(card), [
    heading,
    h('p', { class: 'muted' }, plan.title),
    next ? h('p', { class: 'path-next-line' }, h('span', { class: 'badge badge-next' }, t('path-card-next')), ' ', h('strong', {}, next.title)) : h('p', {}, t('path-card-all-done')),
    next ? stepWhen(next) : null,
    open(t('path-card-see-all')),
  ]);
}
