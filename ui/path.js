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

import { h, clear, append, announce, spinner } from './dom.js';
import { api, commandError } from './api.js';
import { citationNodes } from './rules.js';
import { citeLink } from './markdown.js';
import { daysBetween, longDate, parseMoney, today } from './format.js';
import { calendarButton, calendarGroup, isProtectiveOrder, neutralChoice } from './calendar-export.js';
import { formLink } from './fill-form.js';

/** The kinds whose court depends on the amount claimed (`courts.moneyKinds` in sidecars/server/paths/paths.json). */
export const MONEY_KINDS = ['debt-defendant', 'debt-plaintiff'];

/** The courts `which_court` names, as a person says them (the server's `Court::name`). */
export const COURT_NAMES = {
  'general-district': 'general district court',
  'small-claims': 'small claims division of the general district court',
  'juvenile-domestic': 'juvenile and domestic relations district court',
  circuit: 'circuit court',
};

const STATUS_TEXT = { done: 'Done', next: 'Next', upcoming: 'Later' };

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
  if (n === 0) return 'today';
  if (n === 1) return 'tomorrow';
  if (n === -1) return 'yesterday';
  return n > 0 ? `in ${n} days` : `${-n} days ago`;
}

/** "Enter “The first court date…” above" for a date of the path not known yet. */
function enterDate(label) {
  return `Not entered yet: enter “${label}” above when you know it.`;
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
          h('strong', {}, step.on.court ? 'In court: ' : 'On: '),
          h('time', { datetime: step.on.date }, longDate(step.on.date)),
          ` (${relativeDay(step.on.date, now)})`,
        ),
      );
    } else {
      out.push(h('p', { class: 'path-when path-needs' }, h('strong', {}, 'Date: '), enterDate(step.on.label)));
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
          h('p', {}, h('strong', {}, 'Deadline: '), h('time', { datetime: d.date }, longDate(d.date)), ` (${relativeDay(d.date, now)})`),
          explanation ? h('p', { class: 'path-explanation' }, richText(explanation)) : null,
        ),
      );
    } else if (d.needs) {
      out.push(h('p', { class: 'path-when path-needs', dataset: { ruleId: d.ruleId } }, h('strong', {}, 'Deadline: '), d.needs));
    } else if (d.error) {
      out.push(h('p', { class: 'path-when path-error', dataset: { ruleId: d.ruleId } }, h('strong', {}, 'Deadline: '), `could not be counted: ${d.error}`));
    }
  }
  return out;
}

/** Under a step in court: the case's "Proof for the hearing" page (proof.js). */
function proofLink(step) {
  if (!step.on || !step.on.court) return null;
  const open = () => document.dispatchEvent(new CustomEvent('proseva:open-proof', { detail: { step: step.id } }));
  return h('button', { type: 'button', class: 'button link-like small path-proof', dataset: { step: step.id }, on: { click: open } }, 'Proof for the hearing: what the court must find, and your records for it');
}

/** One step: `li.path-step[data-step][data-status]`, its tick box `input.path-tick[data-step]`. */
export function stepNode(step, index, now = today()) {
  const status = STATUS_TEXT[step.status] ? step.status : 'upcoming';
  const titleId = `path-step-${step.id}-title`;
  const tickId = `path-tick-${step.id}`;
  const tick = h('input', { type: 'checkbox', class: 'checkbox path-tick', id: tickId, dataset: { step: step.id }, 'aria-describedby': titleId });
  tick.checked = status === 'done';
  const facts = h(
    'dl',
    { class: 'path-facts' },
    h('div', { class: 'path-fact' }, h('dt', {}, 'What happens'), h('dd', {}, richText(step.what))),
    h('div', { class: 'path-fact' }, h('dt', {}, 'Court'), h('dd', {}, step.court)),
    h('div', { class: 'path-fact path-file' }, h('dt', {}, 'What to file'), h('dd', {}, richText(step.file), formLink(step))),
    h('div', { class: 'path-fact path-bring' }, h('dt', {}, 'What to bring'), h('dd', {}, richText(step.bring), proofLink(step))),
    step.sections && step.sections.length ? h('div', { class: 'path-fact path-law' }, h('dt', {}, 'The law'), h('dd', {}, sectionLinks(step.sections))) : null,
  );
  return h(
    'li',
    { class: ['path-step', `path-${status}`], dataset: { step: step.id, status }, 'aria-current': status === 'next' ? 'step' : null },
    h(
      'div',
      { class: 'path-step-head' },
      h('span', { class: 'path-number', 'aria-hidden': 'true' }, status === 'done' ? '✓' : String(index + 1)),
      h('h4', { class: 'path-step-title', id: titleId }, h('span', { class: 'visually-hidden' }, `Step ${index + 1}: `), step.title),
      h('span', { class: ['badge', 'path-status', status === 'done' && 'badge-ok', status === 'next' && 'badge-next'] }, STATUS_TEXT[status]),
      h('span', { class: 'path-tick-box' }, tick, h('label', { for: tickId }, 'Done')),
    ),
    stepWhen(step, now),
    status === 'done' ? h('details', { class: 'path-more' }, h('summary', {}, 'What this step said'), facts) : facts,
  );
}

/** Which court hears the case, why, and the sections (`#case-court`). */
export function courtBox(court) {
  const box = h('section', { class: 'card path-court', id: 'case-court', 'aria-labelledby': 'case-court-title' }, h('h4', { class: 'card-heading', id: 'case-court-title' }, 'Which court'));
  if (!court) {
    box.append(h('p', { class: 'muted' }, 'Choose the kind of case to see which court hears it.'));
    return box;
  }
  const also = (Array.isArray(court.also) ? court.also : []).map((c) => COURT_NAMES[c] || c);
  // dom.js's `append` leaves the missing parts out (the DOM's own would write "null").
  return append(box, [
    h('p', { class: 'path-court-name', dataset: { court: court.court } }, 'Usually the ', h('strong', {}, court.courtName || COURT_NAMES[court.court] || court.court), '.'),
    also.length ? h('p', { class: 'path-court-also' }, `It may also go to the ${joinOr(also)}.`) : null,
    h('p', { class: 'path-court-why' }, richText(court.why)),
    court.sections && court.sections.length ? h('p', { class: 'path-court-law' }, 'The law: ', sectionLinks(court.sections)) : null,
  ]);
}

function joinOr(list) {
  if (list.length < 2) return list.join('');
  return `${list.slice(0, -1).join(', ')} or the ${list[list.length - 1]}`;
}

/** "Is this app enough?": opens the Help tab's questions for this kind of case. */
function screenCard(kind) {
  const open = h('button', { type: 'button', class: 'secondary', id: 'case-path-screen' }, 'Answer a few questions');
  open.addEventListener('click', () => document.dispatchEvent(new CustomEvent('proseva:open-help-screen', { detail: { kind } })));
  return h(
    'div',
    { class: 'path-screen', role: 'note' },
    h('p', {}, h('strong', {}, 'Is this app enough for your case? '), 'Some situations need a lawyer now — a charge that can mean jail, a bankruptcy, custody across state lines, immigration. A few yes-or-no questions tell you.'),
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
    h(
      'p',
      { class: 'path-progress', id: 'case-path-progress' },
      next ? [`${done} of ${steps.length} steps done. Next: `, h('strong', {}, next.title), '.'] : `All ${steps.length} steps done.`,
    ),
    screenCard(plan.kind),
    h('ol', { class: 'path-steps', id: 'case-path-steps', 'aria-labelledby': 'case-path-title' }, steps.map((s, i) => stepNode(s, i, now))),
    plan.caveats && plan.caveats.length ? h('ul', { class: 'path-caveats', id: 'case-path-caveats', 'aria-label': 'Before you rely on this' }, plan.caveats.map((c) => h('li', {}, richText(c)))) : null,
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
    h('label', { for: id }, d.label, d.court ? [' ', h('span', { class: 'badge badge-court' }, 'Court date')] : null),
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
    if (raw !== '' && amount === null) out.invalid = { amount: 'must be a number of dollars, e.g. 4500 or 4,500.00' };
    else if (amount !== null && amount < 0) out.invalid = { amount: 'must be a number of dollars, not negative, e.g. 4500 or 4,500.00' };
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
    this.kindSelect = h('select', { id: 'case-kind', class: 'input', 'aria-describedby': 'case-kind-summary err-case-kind' }, h('option', { value: '' }, 'None of these'));
    this.kindSummary = h('p', { class: 'hint', id: 'case-kind-summary' });
    this.kindError = h('p', { class: 'field-error', id: 'err-case-kind', hidden: true });
    this.datesBox = h('div', { class: 'path-date-fields', id: 'case-path-date-fields' });
    this.datesError = h('p', { class: 'field-error', id: 'err-case-path-dates', hidden: true });
    this.dates = h(
      'fieldset',
      { class: 'path-dates', id: 'case-path-dates', 'aria-describedby': 'case-path-dates-hint err-case-path-dates', hidden: true },
      h('legend', {}, 'Dates in your case'),
      h('p', { class: 'hint', id: 'case-path-dates-hint' }, 'Enter the ones you know, from the papers you got. The deadlines below are counted from them, and each one goes into your Deadlines.'),
      this.datesBox,
      this.datesError,
    );
    this.amount = h('input', { id: 'case-amount', class: 'input', type: 'text', inputmode: 'decimal', autocomplete: 'off', placeholder: 'e.g. 4,800.00', 'aria-describedby': 'case-amount-hint err-case-amount' });
    this.amountError = h('p', { class: 'field-error', id: 'err-case-amount', hidden: true });
    this.amountField = h(
      'div',
      { class: 'field', id: 'case-amount-field', hidden: true },
      h('label', { for: 'case-amount' }, 'Amount claimed, in dollars'),
      h('div', { class: 'money-row' }, h('span', { class: 'money-sign', 'aria-hidden': 'true' }, '$'), this.amount),
      h('p', { class: 'hint', id: 'case-amount-hint' }, 'Not counting interest and lawyer fees. It decides which court can hear the case.'),
      this.amountError,
    );
    this.formError = h('p', { class: 'form-error', id: 'case-path-error', role: 'alert', tabindex: '-1', hidden: true });
    this.save = h('button', { type: 'submit', class: 'button primary', id: 'case-path-save' }, 'Save');
    this.saved = h('p', { class: 'path-saved', id: 'case-path-saved', role: 'status' });
    this.form = h(
      'form',
      { class: 'card path-setup', id: 'case-path-form', novalidate: true, 'aria-labelledby': 'case-path-form-title' },
      h('h4', { class: 'card-heading', id: 'case-path-form-title' }, 'Your case'),
      h('div', { class: 'field' }, h('label', { for: 'case-kind' }, 'Which of these is your case?'), this.kindSelect, this.kindSummary, this.kindError),
      this.dates,
      this.amountField,
      this.formError,
      h('div', { class: 'form-actions' }, this.save, this.saved),
    );
    this.courtSlot = h('div', { class: 'path-court-slot' }, courtBox(null));
    this.path = h('section', { class: 'case-path', id: 'case-path', 'aria-busy': 'false', 'aria-label': 'The steps of your case' });
    this.neutral = neutralChoice('path-calendar-neutral');
    this.calendar = calendarButton('case', () => ({ caseId: this.ws.caseId }), { label: 'Add this case to my calendar', neutral: this.neutral });
    clear(root).append(
      h(
        'header',
        { class: 'page-head' },
        h(
          'div',
          { class: 'page-titles' },
          h('h3', { class: 'page-title', tabindex: '-1' }, 'Step by step'),
          h('p', { class: 'page-lead' }, 'What happens in a case like yours, in order: which court, what to file and bring, and the dates you must not miss. Tick each step off as you go.'),
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
        this.showFormError(`The kinds of case could not be read: ${commandError(err).message}`);
        return;
      }
      if (seq !== this.seq) return;
      const options = (this.kinds.kinds || []).map((k) => h('option', { value: k.kind }, k.title));
      this.kindSelect.replaceChildren(h('option', { value: '' }, 'None of these'), ...options);
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
    if (!this.plan) clear(this.path).append(h('p', { class: 'list-status' }, spinner(), ' Working out your steps…'));
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
      else clear(this.path).append(h('p', { class: 'list-status error' }, `The steps could not be read: ${error.message}`));
    } finally {
      if (seq === this.seq) this.path.setAttribute('aria-busy', 'false');
    }
  }

  /** The date inputs (and the amount) of `kind`; `keep` keeps what was typed for the same dates. */
  showKind(kind, { keep }) {
    const info = ((this.kinds && this.kinds.kinds) || []).find((k) => k.kind === kind) || null;
    this.kindSummary.textContent = info ? info.summary : 'Choose one to see its steps. Leave “None of these” if none fits: everything else in the case works the same.';
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
          h('p', {}, 'Choose which of the eight kinds your case is, above, and save: the steps of that kind of case appear here, with their dates.'),
          h('p', { class: 'muted' }, 'Eviction for a tenant, a warrant in debt or small claims (either side), custody and visitation, a protective order (either side), a traffic or misdemeanor charge, and an appeal from a district court.'),
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
      this.showRejection({ code: 'invalid_input', message: 'the amount is not a number', fields: changes.invalid });
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
      this.saved.textContent = this.plan ? `Saved.${next ? ` Next: ${next.title}.` : ''} Dates with a deadline or a court day are in your Deadlines.` : 'Saved: no step-by-step path for this case.';
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
    const fields = error.fields && Object.keys(error.fields).length ? error.fields : error.field ? { [error.field]: error.message } : {};
    const shown = [];
    const put = (el, input, text) => {
      el.textContent = text.charAt(0).toUpperCase() + text.slice(1);
      el.hidden = false;
      if (input) input.setAttribute('aria-invalid', 'true');
      shown.push(input || el);
    };
    for (const [name, why] of Object.entries(error.code === 'invalid_input' ? fields : {})) {
      if (name === 'amount') put(this.amountError, this.amount, why);
      else if (name === 'kind') put(this.kindError, this.kindSelect, why);
      else if (name === 'pathDates' || name === 'dates') put(this.datesError, null, why);
    }
    const other = error.code !== 'invalid_input' || !shown.length;
    if (other) this.showFormError(`Not saved: ${error.message}`);
    else {
      this.showFormError(`Not saved: ${shown.length === 1 ? 'one thing needs' : `${shown.length} things need`} a change (see above).`);
      shown[0].focus();
    }
  }

  clearErrors() {
    for (const el of [this.kindError, this.datesError, this.amountError, this.formError]) {
      el.hidden = true;
      el.textContent = '';
    }
    this.amount.removeAttribute('aria-invalid');
    this.kindSelect.removeAttribute('aria-invalid');
  }

  showFormError(text) {
    this.formError.textContent = text;
    this.formError.hidden = false;
    if (!text.includes('see above')) this.formError.focus();
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
      announce(done ? `Marked done.${next ? ` Next: ${next.title}.` : ' Every step is done.'}` : 'Marked not done.');
      this.ws.changed('path');
    } catch (err) {
      if (box) {
        box.checked = !done;
        box.disabled = false;
      }
      announce(`Not changed: ${commandError(err).message}`);
      this.showFormError(`Not changed: ${commandError(err).message}`);
    }
  }
}

/**
 * The Overview's "Step by step" card (`#case-next-step`): the next step of the case's path and
 * its date, or a way to choose the kind of case. `go()` opens the Step by step page.
 */
export async function nextStepCard(card, c, go, stillWanted = () => true) {
  const heading = h('h4', { class: 'card-heading', id: 'case-next-step-title' }, 'Step by step');
  const open = (text) => h('button', { type: 'button', class: 'button secondary small', id: 'case-next-step-open', on: { click: go } }, text);
  if (!c || !c.kind) {
    card.replaceChildren(heading, h('p', { class: 'muted' }, 'For an eviction, a debt or small claim, custody, a protective order, a traffic charge or an appeal, ProSeVA can show each step in order, with its deadline.'), open('Choose the kind of case'));
    return;
  }
  card.replaceChildren(heading, h('p', { class: 'list-status' }, spinner(), ' Reading your steps…'));
  let plan;
  try {
    plan = await api.casePath(c.id);
  } catch (err) {
    if (!stillWanted()) return;
    card.replaceChildren(heading, h('p', { class: 'list-status error' }, `Your steps could not be read: ${commandError(err).message}`), open('See every step'));
    return;
  }
  if (!stillWanted()) return;
  const next = plan.steps.find((s) => s.status === 'next');
  append(clear(card), [
    heading,
    h('p', { class: 'muted' }, plan.title),
    next ? h('p', { class: 'path-next-line' }, h('span', { class: 'badge badge-next' }, 'Next'), ' ', h('strong', {}, next.title)) : h('p', {}, 'Every step is done.'),
    next ? stepWhen(next) : null,
    open('See every step'),
  ]);
}
