// "Add from a rule": pick a Virginia deadline rule (each with its citation, linked to the section
// viewer when it is a Code section, and what is due by its day: the filing, and any bond, fee or
// tax that must go with it), enter the date of the event it counts from, and see the date it
// gives — with the weekend and holiday days skipped and why, and the date each thing is due —
// before saving. The server
// computes the date again when the deadline is saved (`{ruleId, triggerDate}`), so what is saved
// is what was shown.

import { h, clear, announce, spinner, showFieldError, clearFieldError, fieldErrorText } from './dom.js';
import { api, commandError } from './api.js';
import { openDialog, closeDialog } from './dialogs.js';
import { linkCitations, findSectionCitations } from './markdown.js';
import { longDate, mediumDate, today } from './format.js';
import { onLanguageChange, t } from './i18n.js';

/** A rule's citation as nodes: `§` numbers become citation links, the rest stays text. */
export function citationNodes(text) {
  const s = String(text ?? '');
  return linkCitations(s, findSectionCitations(s));
}

/**
 * What a rule says is due, as lines: "Due by then: the notice of appeal, the appeal bond and the
 * writ tax (Va. Code § 8.01-129)" for what is due on the rule's day, then "Due within 30 days: …"
 * for an item the text gives more days (the server's explanation says the same with dates).
 */
export function dueLines(rule) {
  const groups = new Map();
  for (const item of Array.isArray(rule && rule.due) ? rule.due : []) {
    const days = Number.isInteger(item.days) ? item.days : rule.days;
    if (!groups.has(days)) groups.set(days, { whats: [], cites: [] });
    const g = groups.get(days);
    g.whats.push(item.what);
    if (!g.cites.includes(item.citation)) g.cites.push(item.citation);
  }
  const order = [...groups.keys()].sort((a, b) => (a === rule.days ? -1 : b === rule.days ? 1 : a - b));
  return order.map((days) => {
    const { whats, cites } = groups.get(days);
    const what = joinList(whats);
    const cited = cites.join(', ');
    return days === rule.days ? t('rules-due-by-then', { what, cites: cited }) : t('rules-due-within', { days, what, cites: cited });
  });
}

/** "a, b and c"; "a, x; b; and c" when an item has a comma of its own (as the server writes it). */
function joinList(items) {
  if (items.length < 2) return items.join('');
  const semicolons = items.some((i) => i.includes(','));
  const first = items.slice(0, -1).join(semicolons ? '; ' : ', ');
  return t('rules-list-and', { first, last: items[items.length - 1], semicolons: semicolons ? 'yes' : 'no' });
}

const FIELD_ERRORS = { ruleId: 'err-rule-list', triggerDate: 'err-rule-trigger', title: 'err-rule-title' };
const FIELD_INPUTS = { ruleId: 'rule-list', triggerDate: 'rule-trigger', title: 'rule-title' };

export class RuleDialog {
  constructor(dialog) {
    this.dialog = dialog;
    const $ = (id) => dialog.querySelector(`#${id}`);
    this.form = $('rule-form');
    this.about = $('rule-about');
    this.error = $('rule-error');
    this.list = $('rule-list');
    this.trigger = $('rule-trigger');
    this.triggerLabel = $('rule-trigger-label');
    this.triggerHint = $('rule-trigger-hint');
    this.title = $('rule-title');
    this.preview = $('deadline-rule-preview');
    this.caveats = $('rule-caveats');
    this.save = $('rule-save');
    this.book = null;
    this.computed = null;
    this.seq = 0;
    this.timer = null;
    $('rule-cancel').addEventListener('click', () => closeDialog(dialog));
    $('rule-close').addEventListener('click', () => closeDialog(dialog));
    this.list.addEventListener('change', () => this.ruleChanged());
    this.trigger.addEventListener('input', () => this.schedule());
    this.trigger.addEventListener('change', () => this.schedule(0));
    this.title.addEventListener('input', () => this.clearError('title'));
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.submit();
    });
    dialog.addEventListener('close', () => {
      const p = this.pending;
      this.pending = null;
      if (p) p(this.saved || null);
    });
    // Another language: what the dialog wrote is said again (the rules themselves are the app's).
    onLanguageChange(() => this.relocalize());
  }

  relocalize() {
    if (this.loading) this.showLoading();
    else if (this.book) {
      const rule = this.rule;
      this.renderRules();
      if (rule) {
        const radio = this.list.querySelector(`input[name="rule"][value="${rule.id}"]`);
        if (radio) radio.checked = true;
        this.triggerLabel.textContent = t('rules-trigger-label', { after: rule.after });
      }
    }
    if (this.errorSaid && !this.error.hidden) this.error.textContent = this.errorSaid();
    this.setPreview(this.preview.dataset.state || 'empty', this.computed);
  }

  showLoading() {
    clear(this.list).append(h('li', { class: 'muted' }, spinner(), ` ${t('rules-loading')}`));
  }

  get isOpen() {
    return this.dialog.open;
  }

  /** Opens the dialog for case `caseId`; resolves with the saved deadline, or null. */
  async open(caseId, trigger) {
    this.caseId = caseId;
    this.saved = null;
    this.computed = null;
    this.error.hidden = true;
    this.clearErrors();
    this.trigger.value = '';
    this.title.value = '';
    this.titleTouched = false;
    this.setPreview('empty');
    const done = new Promise((resolve) => {
      this.pending = resolve;
    });
    openDialog(this.dialog, trigger);
    if (!this.book) {
      this.loading = true;
      this.showLoading();
      try {
        this.book = await api.deadlineRules();
      } catch (err) {
        clear(this.list);
        const error = commandError(err).message;
        this.showError(() => t('rules-not-read', { error }));
        return done;
      } finally {
        this.loading = false;
      }
    }
    this.renderRules();
    const first = this.list.querySelector('input[name="rule"]');
    if (first) first.focus();
    return done;
  }

  renderRules() {
    const book = this.book || { rules: [] };
    clear(this.about).append(...citationNodes(book.about || ''));
    this.about.hidden = !book.about;
    clear(this.caveats);
    for (const c of book.caveats || []) this.caveats.append(h('li', {}, c));
    const fragment = document.createDocumentFragment();
    for (const rule of book.rules || []) {
      const id = `rule-opt-${rule.id}`;
      fragment.append(
        h(
          'li',
          { class: 'rule-option', dataset: { ruleId: rule.id } },
          h('input', { type: 'radio', name: 'rule', id, value: rule.id, 'aria-describedby': `${id}-about` }),
          h(
            'div',
            { class: 'rule-text' },
            h('label', { for: id, class: 'rule-title' }, rule.title),
            h('p', { class: 'rule-meta', id: `${id}-about` }, h('span', { class: 'rule-cite' }, citationNodes(rule.citation)), ` · ${t('rules-days-after', { days: rule.days, after: rule.after })}`, rule.court ? ` · ${rule.court}` : ''),
            ...dueLines(rule).map((line) => h('p', { class: 'rule-meta rule-due' }, citationNodes(line))),
          ),
        ),
      );
    }
    this.list.replaceChildren(fragment);
  }

  get rule() {
    const checked = [...this.list.querySelectorAll('input[name="rule"]')].find((input) => input.checked);
    return checked && this.book ? this.book.rules.find((r) => r.id === checked.value) : null;
  }

  ruleChanged() {
    const rule = this.rule;
    this.clearError('ruleId');
    for (const li of this.list.querySelectorAll('.rule-option')) li.classList.toggle('selected', Boolean(rule && li.dataset.ruleId === rule.id));
    if (rule) {
      this.triggerLabel.textContent = t('rules-trigger-label', { after: rule.after });
      this.triggerHint.textContent = rule.note || '';
      if (!this.titleTouched || !this.title.value.trim()) this.title.value = rule.title;
    }
    this.schedule(0);
  }

  schedule(delay = 300) {
    this.clearError('triggerDate');
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.compute(), delay);
  }

  async compute() {
    const rule = this.rule;
    const date = this.trigger.value.trim();
    // The date field's `change` when it loses focus to Save comes after the `input` that already
    // counted this rule and date: counting again would disable Save between the press and the
    // release of the click on it, and the click would be lost.
    const c = this.computed;
    if (rule && c && c.ruleId === rule.id && c.triggerDate === date && this.preview.dataset.state === 'ready') return;
    this.computed = null;
    if (!rule || !date) {
      this.setPreview('empty');
      return;
    }
    const seq = (this.seq += 1);
    this.setPreview('loading');
    try {
      const answer = await api.computeDeadline(rule.id, date);
      if (seq !== this.seq) return;
      this.computed = answer;
      this.setPreview('ready', answer);
      announce(t('rules-would-be', { date: longDate(answer.date) }));
    } catch (err) {
      if (seq !== this.seq) return;
      const error = commandError(err);
      this.setPreview('error');
      if (!this.showFieldErrors(error)) this.showError(error.message);
    }
  }

  setPreview(state, c = null) {
    this.preview.dataset.state = state;
    this.save.disabled = state !== 'ready';
    clear(this.preview);
    if (state === 'empty') {
      this.preview.append(h('p', { class: 'muted' }, t('rules-preview-empty')));
      return;
    }
    if (state === 'loading') {
      this.preview.append(h('p', { class: 'muted' }, spinner(), ` ${t('rules-counting')}`));
      return;
    }
    if (state === 'error' || !c) {
      this.preview.append(h('p', { class: 'muted' }, t('rules-preview-error')));
      return;
    }
    const moved = Array.isArray(c.skipped) && c.skipped.length > 0;
    this.preview.append(
      h('p', { class: 'preview-eyebrow' }, t('rules-preview-title')),
      h('p', { class: 'preview-date', id: 'rule-preview-date', dataset: { date: c.date } }, longDate(c.date)),
      h('p', { class: 'preview-explanation', id: 'rule-preview-explanation' }, citationNodes(c.explanation)),
    );
    if (Array.isArray(c.due) && c.due.length) {
      this.preview.append(
        h('h3', { class: 'preview-subtitle' }, t('rules-preview-due')),
        h(
          'ul',
          { class: 'preview-skipped', id: 'rule-preview-due' },
          c.due.map((d) => h('li', { dataset: { date: d.date } }, h('strong', {}, mediumDate(d.date)), ' — ', d.what, ' (', citationNodes(d.citation), ')')),
        ),
      );
    }
    if (moved) {
      this.preview.append(
        h('h3', { class: 'preview-subtitle' }, t('rules-moved', { date: longDate(c.countedDate), count: c.skipped.length })),
        h(
          'ul',
          { class: 'preview-skipped', id: 'rule-preview-skipped' },
          c.skipped.map((s) => h('li', { dataset: { date: s.date } }, h('strong', {}, mediumDate(s.date)), ' — ', citationNodes(s.reason))),
        ),
      );
    }
    if (c.date < today()) this.preview.append(h('p', { class: 'preview-warning' }, h('span', { 'aria-hidden': 'true' }, '⚠ '), t('rules-passed')));
  }

  async submit() {
    const rule = this.rule;
    const c = this.computed;
    if (!rule || !c || this.save.disabled) return;
    this.save.disabled = true;
    this.error.hidden = true;
    // The server computes the date from the rule and the trigger date: sending `date` too is
    // refused ("is computed from ruleId and triggerDate"); `sourceRule` and `dateNote` are its own.
    const record = {
      caseId: this.caseId,
      title: this.title.value.trim() || rule.title,
      kind: rule.kind,
      ruleId: rule.id,
      triggerDate: c.triggerDate,
      sourceRule: c.citation,
      dateNote: c.explanation,
    };
    try {
      this.saved = await api.createRecord('deadlines', record);
      closeDialog(this.dialog);
      announce(t('rules-saved', { date: longDate(this.saved.date) }));
    } catch (err) {
      const error = commandError(err);
      if (!this.showFieldErrors(error)) this.showError(() => t('rules-not-saved', { error: error.message }));
      this.save.disabled = false;
    }
  }

  /** Puts a rejection's fields under their inputs; false when none of them is here. */
  showFieldErrors(error) {
    if (error.code !== 'invalid_input') return false;
    const fields = error.fields && Object.keys(error.fields).length ? error.fields : error.field ? { [error.field]: error.message } : {};
    let shown = false;
    for (const [name, why] of Object.entries(fields)) {
      const errEl = this.dialog.querySelector(`#${FIELD_ERRORS[name] || 'none'}`);
      if (!errEl) continue;
      showFieldError(errEl, why);
      const input = this.dialog.querySelector(`#${FIELD_INPUTS[name]}`);
      if (input) input.setAttribute('aria-invalid', 'true');
      shown = true;
    }
    const rest = Object.keys(fields).filter((n) => !FIELD_ERRORS[n]);
    if (rest.length) this.showError(() => rest.map((n) => `${n}: ${fieldErrorText(fields[n])}`).join('; '));
    return shown;
  }

  clearError(name) {
    const errEl = this.dialog.querySelector(`#${FIELD_ERRORS[name]}`);
    if (errEl) clearFieldError(errEl);
    const input = this.dialog.querySelector(`#${FIELD_INPUTS[name]}`);
    if (input) input.removeAttribute('aria-invalid');
    if (name === 'title') this.titleTouched = true;
  }

  clearErrors() {
    for (const name of Object.keys(FIELD_ERRORS)) this.clearError(name);
    this.titleTouched = false;
  }

  /** Shows an error above the form: the app's text, or a function that says ours (again in another language). */
  showError(text) {
    this.errorSaid = typeof text === 'function' ? text : null;
    this.error.textContent = typeof text === 'function' ? text() : text;
    this.error.hidden = false;
    this.error.focus();
  }
}
