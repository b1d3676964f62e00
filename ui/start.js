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
import { onLanguageChange, t } from './i18n.js';
import { MONEY_KINDS, pathDateField } from './path.js';

/**
 * What each kind of case is, as the person would say it (`mine`), as a helper would (`theirs`),
 * and the case's name when none is typed — in the chosen language, read when asked.
 */
export const START_CHOICES = [
  {
    kind: 'eviction-tenant',
    type: 'landlord-tenant',
    get mine() { return t('start-eviction-tenant-mine'); },
    get theirs() { return t('start-eviction-tenant-theirs'); },
    get name() { return t('start-eviction-tenant-name'); },
  },
  {
    kind: 'debt-defendant',
    type: 'small-claims',
    get mine() { return t('start-debt-defendant-mine'); },
    get theirs() { return t('start-debt-defendant-theirs'); },
    get name() { return t('start-debt-defendant-name'); },
  },
  {
    kind: 'debt-plaintiff',
    type: 'small-claims',
    get mine() { return t('start-debt-plaintiff-mine'); },
    get theirs() { return t('start-debt-plaintiff-theirs'); },
    get name() { return t('start-debt-plaintiff-name'); },
  },
  {
    kind: 'custody-visitation',
    type: 'custody',
    get mine() { return t('start-custody-visitation-mine'); },
    get theirs() { return t('start-custody-visitation-theirs'); },
    get name() { return t('start-custody-visitation-name'); },
  },
  {
    kind: 'protective-order-petitioner',
    type: 'protective-order',
    get mine() { return t('start-protective-order-petitioner-mine'); },
    get theirs() { return t('start-protective-order-petitioner-theirs'); },
    get name() { return t('start-protective-order-petitioner-name'); },
  },
  {
    kind: 'protective-order-respondent',
    type: 'protective-order',
    get mine() { return t('start-protective-order-respondent-mine'); },
    get theirs() { return t('start-protective-order-respondent-theirs'); },
    get name() { return t('start-protective-order-respondent-name'); },
  },
  {
    kind: 'traffic-misdemeanor',
    type: 'traffic',
    get mine() { return t('start-traffic-misdemeanor-mine'); },
    get theirs() { return t('start-traffic-misdemeanor-theirs'); },
    get name() { return t('start-traffic-misdemeanor-name'); },
  },
  {
    kind: 'appeal-district',
    type: 'other',
    get mine() { return t('start-appeal-district-mine'); },
    get theirs() { return t('start-appeal-district-theirs'); },
    get name() { return t('start-appeal-district-name'); },
  },
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
    if (amount === null) return { error: { field: 'amount', message: t('start-amount-not-money') } };
    path.amount = amount;
  }
  return { record, path };
}


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
      this.finish({ announceText: t('start-skipped') });
    });
    this.view = null; // what the dialog shows: {name: 'choices'} or {name: 'dates', choice}
    // Another language while it is open: the same view, said again (what was typed is kept).
    onLanguageChange(() => this.relocalize());
  }

  async relocalize() {
    if (!this.dialog.open || !this.view) return;
    if (this.view.name === 'choices') {
      this.showChoices();
      return;
    }
    const typed = [...this.body.querySelectorAll('input')].map((input) => [input.id, input.value]);
    await this.showDates(this.view.choice);
    for (const [id, value] of typed) {
      const input = id ? this.body.querySelector(`#${CSS.escape(id)}`) : null;
      if (input) input.value = value;
    }
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
    this.view = { name: 'choices' };
    const helping = this.helping;
    const choice = (c) =>
      h('li', {}, h('button', { type: 'button', class: 'start-choice', id: `start-kind-${c.kind}`, dataset: { kind: c.kind } }, helping ? c.theirs : c.mine));
    const list = h('ul', { class: 'start-choices', 'aria-labelledby': 'start-title' }, ...START_CHOICES.map(choice));
    const question = h('button', { type: 'button', class: 'start-choice start-other', id: 'start-question' }, t('start-just-a-question'));
    const helper = h(
      'button',
      { type: 'button', class: 'start-choice start-other', id: 'start-helping', 'aria-pressed': String(helping) },
      helping ? t('start-own-case') : t('start-helping'),
    );
    const skip = h('button', { type: 'button', class: 'button ghost', id: 'start-skip' }, t('start-skip'));
    clear(this.body).append(
      h('h2', { id: 'start-title', class: 'start-title' }, t('start-title')),
      h('p', { class: 'start-lead', id: 'start-lead' }, helping ? t('start-lead-helping') : t('start-lead')),
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
      this.finish({ panel: 'chat', announceText: t('start-ask-below') });
    });
    helper.addEventListener('click', () => {
      this.helping = !this.helping;
      this.showChoices();
      this.body.querySelector('#start-helping').focus();
    });
    skip.addEventListener('click', () => this.finish({ announceText: t('start-skipped') }));
  }

  async showDates(choice) {
    if (!this.kinds) {
      try {
        this.kinds = await api.pathKinds();
      } catch (err) {
        this.showError(t('start-kinds-failed', { reason: commandError(err).message }));
        return;
      }
    }
    this.view = { name: 'dates', choice };
    // The kind's title and its dates' labels come from the server as they are.
    const info = (this.kinds.kinds || []).find((k) => k.kind === choice.kind);
    const who = this.helping ? 'theirs' : 'mine';
    const name = h('input', { id: 'start-name', class: 'input', type: 'text', value: '', placeholder: choice.name, autocomplete: 'off' });
    const dateFields = ((info && info.dates) || []).map((d) => pathDateField(d, `start-date-${d.key}`));
    const money = MONEY_KINDS.includes(choice.kind);
    const amount = h('input', { id: 'start-amount', class: 'input', type: 'text', inputmode: 'decimal', autocomplete: 'off', 'aria-describedby': 'start-amount-hint' });
    this.error = h('p', { class: 'form-error', id: 'start-error', role: 'alert', tabindex: '-1', hidden: true });
    const back = h('button', { type: 'button', class: 'button secondary', id: 'start-back' }, t('start-back'));
    const create = h('button', { type: 'submit', class: 'button primary', id: 'start-create' }, this.helping ? t('start-create-theirs') : t('start-create-mine'));
    const form = h(
      'form',
      { id: 'start-form', novalidate: true },
      h('h2', { id: 'start-title', class: 'start-title', tabindex: '-1' }, t('start-dates-title', { who })),
      h('p', { class: 'start-lead', id: 'start-lead' }, info ? info.title : choice.mine),
      h('p', { class: 'hint' }, t('start-dates-hint', { who })),
      h('div', { class: 'field' }, h('label', { for: 'start-name' }, t('start-name-label')), name),
      ...dateFields,
      money
        ? h(
            'div',
            { class: 'field' },
            h('label', { for: 'start-amount' }, t('start-amount-label')),
            amount,
            h('p', { class: 'hint', id: 'start-amount-hint' }, t('start-amount-hint')),
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
      await this.finish({ go: 'path', announceText: t('start-created', { name: record.name }) });
    } catch (err) {
      const rejection = commandError(err);
      this.showError(this.caseId ? t('start-dates-not-saved', { reason: rejection.message }) : t('start-not-created', { reason: rejection.message }));
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
