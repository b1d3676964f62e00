// The first start's question, "What brings you here?" (and "Start here" afterwards: under Ask's
// example questions, and in the case list).
//
// The eight kinds of case in plain words, "I just have a question" and "I'm helping someone else".
// A kind asks for the dates on the person's papers (each one optional) and, only when the person
// says "Create my case", creates the case with its kind and dates and opens Step by step at the
// next step. Nothing is stored before that. Answered or skipped, it is not asked again at start
// (settings.json `startDone`); "Start here" opens it at any time.

import { api, commandError } from './api.js';
import { announce, clear, h } from './dom.js';
import { parseMoney } from './format.js';
import { MONEY_KINDS, pathDateField } from './path.js';

/** What each kind of case is, as the person would say it (and as a helper would). */
export const START_CHOICES = [
  { kind: 'eviction-tenant', mine: 'My landlord is trying to evict me', theirs: 'Their landlord is trying to evict them', name: 'My eviction case', type: 'landlord-tenant' },
  { kind: 'debt-defendant', mine: 'Someone is suing me for money', theirs: 'Someone is suing them for money', name: 'Money I am being sued for', type: 'small-claims' },
  { kind: 'debt-plaintiff', mine: 'I want to sue someone who owes me money', theirs: 'They want to sue someone who owes them money', name: 'Money I am owed', type: 'small-claims' },
  { kind: 'custody-visitation', mine: 'Custody of my child, or visitation', theirs: 'Custody of their child, or visitation', name: 'Custody and visitation', type: 'custody' },
  { kind: 'protective-order-petitioner', mine: 'I need protection from someone', theirs: 'They need protection from someone', name: 'My protective order', type: 'protective-order' },
  { kind: 'protective-order-respondent', mine: 'Someone asked the court for a protective order against me', theirs: 'Someone asked for a protective order against them', name: 'Protective order against me', type: 'protective-order' },
  { kind: 'traffic-misdemeanor', mine: 'I got a traffic ticket or a misdemeanor charge', theirs: 'They got a traffic ticket or a misdemeanor charge', name: 'My traffic or misdemeanor charge', type: 'traffic' },
  { kind: 'appeal-district', mine: 'I lost in district court and want to appeal', theirs: 'They lost in district court and want to appeal', name: 'My appeal', type: 'other' },
];

/**
 * What "Create my case" sends, from what was typed: the case record, and the path's
 * `{kind, dates, amount}` (empty dates left out). `amountText` that is not money is an error.
 */
export function startCase(choice, { name, dates, amountText }) {
  const record = { name: (name || '').trim() || choice.name, status: 'open', type: choice.type };
  const path = { kind: choice.kind, dates: {} };
  for (const [key, value] of Object.entries(dates || {})) if (value) path.dates[key] = value;
  if (MONEY_KINDS.includes(choice.kind) && (amountText || '').trim()) {
    const amount = parseMoney(amountText);
    if (amount === null) return { error: { field: 'amount', message: 'Write the amount as dollars, for example 1,250 or 1250.00.' } };
    path.amount = amount;
  }
  return { record, path };
}

/** What a screen reader hears when the question is skipped. */
const SKIPPED = 'Skipped. “Start here”, under the example questions and in the list of cases, asks again.';

export class StartDialog {
  /**
   * `ws`: the workspace (its cases, `created`, `go`); `select(panel, opts)` shows a panel;
   * `askInput`: the Ask box, focused for "I just have a question".
   */
  constructor(dialog, { ws, select, askInput }) {
    this.dialog = dialog;
    this.ws = ws;
    this.select = select;
    this.askInput = askInput;
    this.helping = false;
    this.kinds = null;
    this.caseId = null;
    this.trigger = null;
    this.body = h('div', { class: 'dialog-body start-body' });
    dialog.replaceChildren(this.body);
    // Escape closes it as "Skip for now" does.
    dialog.addEventListener('cancel', (e) => {
      e.preventDefault();
      this.finish({ announceText: SKIPPED });
    });
  }

  /** At start: opens on a first start — never answered or skipped, and no case yet. */
  async maybeOpen() {
    const state = await api.startState().catch(() => null);
    const ask = Boolean(state && !state.done && !this.ws.cases.length && !this.ws.casesError);
    document.body.dataset.start = ask ? 'asking' : 'done';
    if (ask) this.open();
  }

  open(trigger = null) {
    this.trigger = trigger;
    this.caseId = null;
    this.showChoices();
    if (!this.dialog.open) this.dialog.showModal();
    document.body.dataset.start = 'asking';
    const first = this.body.querySelector('button');
    if (first) first.focus();
  }

  showChoices() {
    const helping = this.helping;
    const choice = (c) =>
      h('li', {}, h('button', { type: 'button', class: 'start-choice', id: `start-kind-${c.kind}`, dataset: { kind: c.kind } }, helping ? c.theirs : c.mine));
    const list = h('ul', { class: 'start-choices', 'aria-labelledby': 'start-title' }, ...START_CHOICES.map(choice));
    const question = h('button', { type: 'button', class: 'start-choice start-other', id: 'start-question' }, 'I just have a question');
    const helper = h(
      'button',
      { type: 'button', class: 'start-choice start-other', id: 'start-helping', 'aria-pressed': String(helping) },
      helping ? 'It is my own case' : 'I’m helping someone else',
    );
    const skip = h('button', { type: 'button', class: 'button ghost', id: 'start-skip' }, 'Skip for now');
    clear(this.body).append(
      h('h2', { id: 'start-title', class: 'start-title' }, 'What brings you here?'),
      h(
        'p',
        { class: 'start-lead', id: 'start-lead' },
        helping
          ? 'Choose what their case is about. Everything here works the same when you help someone else; the app will say “you” for them.'
          : 'Choose what fits best. Nothing is saved until you say so.',
      ),
      list,
      h('div', { class: 'start-others' }, question, helper),
      h('div', { class: 'start-foot' }, skip),
    );
    this.dialog.setAttribute('aria-describedby', 'start-lead');
    list.addEventListener('click', (e) => {
      const button = e.target instanceof Element ? e.target.closest('button[data-kind]') : null;
      if (button) this.showDates(START_CHOICES.find((c) => c.kind === button.dataset.kind));
    });
    question.addEventListener('click', () => {
      this.finish({ panel: 'chat', announceText: 'Ask your question in the box below.' });
    });
    helper.addEventListener('click', () => {
      this.helping = !this.helping;
      this.showChoices();
      this.body.querySelector('#start-helping').focus();
    });
    skip.addEventListener('click', () => this.finish({ announceText: SKIPPED }));
  }

  async showDates(choice) {
    if (!this.kinds) {
      try {
        this.kinds = await api.pathKinds();
      } catch (err) {
        this.showError(`The kinds of case could not be read: ${commandError(err).message}`);
        return;
      }
    }
    const info = (this.kinds.kinds || []).find((k) => k.kind === choice.kind);
    const their = this.helping ? 'their' : 'your';
    const name = h('input', { id: 'start-name', class: 'input', type: 'text', value: '', placeholder: choice.name, autocomplete: 'off' });
    const dateFields = ((info && info.dates) || []).map((d) => pathDateField(d, `start-date-${d.key}`));
    const money = MONEY_KINDS.includes(choice.kind);
    const amount = h('input', { id: 'start-amount', class: 'input', type: 'text', inputmode: 'decimal', autocomplete: 'off', 'aria-describedby': 'start-amount-hint' });
    this.error = h('p', { class: 'form-error', id: 'start-error', role: 'alert', tabindex: '-1', hidden: true });
    const back = h('button', { type: 'button', class: 'button secondary', id: 'start-back' }, 'Back');
    const create = h('button', { type: 'submit', class: 'button primary', id: 'start-create' }, this.helping ? 'Create their case and show the steps' : 'Create my case and show the steps');
    const form = h(
      'form',
      { id: 'start-form', novalidate: true },
      h('h2', { id: 'start-title', class: 'start-title', tabindex: '-1' }, `The dates on ${their} papers`),
      h('p', { class: 'start-lead', id: 'start-lead' }, info ? info.title : choice.mine),
      h(
        'p',
        { class: 'hint' },
        `Each date works out a deadline or a step. Leave a date empty if ${their} papers do not show it yet: it can be added later on the Step by step page.`,
      ),
      h('div', { class: 'field' }, h('label', { for: 'start-name' }, 'A name for this case (optional)'), name),
      ...dateFields,
      money
        ? h(
            'div',
            { class: 'field' },
            h('label', { for: 'start-amount' }, 'How much money the case is about (optional)'),
            amount,
            h('p', { class: 'hint', id: 'start-amount-hint' }, 'It decides which court hears the case.'),
          )
        : null,
      this.error,
      h('div', { class: 'start-foot' }, back, create),
    );
    clear(this.body).append(form);
    back.addEventListener('click', () => {
      this.showChoices();
      const again = this.body.querySelector(`[data-kind="${choice.kind}"]`);
      if (again) again.focus();
    });
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      const dates = {};
      for (const input of form.querySelectorAll('input[data-date-key]')) dates[input.dataset.dateKey] = input.value;
      this.create(choice, { name: name.value, dates, amountText: money ? amount.value : '' }, create);
    });
    form.querySelector('#start-title').focus();
  }

  showError(message) {
    if (!this.error || !this.error.isConnected) {
      this.error = h('p', { class: 'form-error', id: 'start-error', role: 'alert', tabindex: '-1' });
      this.body.append(this.error);
    }
    this.error.textContent = message;
    this.error.hidden = false;
    this.error.focus();
  }

  /** Creates the case (once, even if setting its path must be tried again), then its path. */
  async create(choice, typed, button) {
    const made = startCase(choice, typed);
    if (made.error) {
      this.showError(made.error.message);
      return;
    }
    button.disabled = true;
    try {
      if (!this.caseId) this.caseId = (await api.createRecord('cases', made.record)).id;
      await api.setCasePath(this.caseId, made.path);
      const record = await api.getRecord('cases', this.caseId);
      this.ws.created(record);
      await this.finish({ go: 'path', announceText: `Case “${record.name}” created. Step by step shows what to do next.` });
    } catch (err) {
      const rejection = commandError(err);
      this.showError(`${this.caseId ? 'The case was created, but its dates were not saved' : 'Not created'}: ${rejection.message}`);
    } finally {
      button.disabled = false;
    }
  }

  /** Closes it, remembers that it was answered, and goes where the answer leads. */
  async finish({ panel = null, go = null, announceText = '' } = {}) {
    await api.setStartDone(true).catch((err) => console.error('start', err));
    document.body.dataset.start = 'done';
    if (this.dialog.open) this.dialog.close();
    if (go) {
      this.ws.go(go);
    } else if (panel) {
      this.select(panel, { focusInput: false });
      this.askInput.focus();
    } else if (this.trigger && this.trigger.isConnected) {
      this.trigger.focus();
    } else {
      this.askInput.focus();
    }
    if (announceText) announce(announceText);
  }
}
