// Reminders in the window: on start, what came due while ProSeVA was closed (`#missed-reminders`,
// "While ProSeVA was closed", first thing at the top), each with Show and Dismiss, and Dismiss all;
// while it runs, the reminders the app sends as they fire (the `reminders` event) in a live list
// (`#reminder-list`, read out politely). A dismissed reminder never comes back (`reminders_dismiss`
// with every key it stands for). Also: the one-time question, after the person's first deadline,
// whether ProSeVA should start at login hidden in the tray (`#start-at-login-prompt`), and the
// Reminders group of Settings (notifications on or off, start at login, discreet reminders).
// On the neutral view after a quick exit, a reminder that fires says only "You have a reminder"
// (Show still opens it), and what came due while ProSeVA was closed waits until a case is chosen.

import { h, clear, announce } from './dom.js';
import { api, commandError, listen } from './api.js';
import { onLanguageChange, t } from './i18n.js';

/** What a reminder says on the neutral view: nothing of its case. */
export function neutralText() {
  return t('reminders-neutral');
}

/**
 * One reminder: `li.reminder-item[data-key][data-deadline-id][data-passed]` with Show and Dismiss;
 * `neutral`: its text (and its buttons' names) say nothing of the case.
 */
export function reminderItem(r, { neutral = false } = {}) {
  const text = neutral ? neutralText() : r.text;
  return h(
    'li',
    { class: 'reminder-item', dataset: { key: r.key, deadlineId: r.deadlineId, caseId: neutral ? null : (r.caseId ?? null), passed: r.passed ? 'true' : 'false' } },
    h('span', { class: 'reminder-text' }, text),
    h(
      'span',
      { class: 'reminder-actions' },
      r.deadlineId ? h('button', { type: 'button', class: 'button link-like small reminder-open', dataset: { key: r.key }, 'aria-label': neutral ? t('reminders-show-neutral') : t('reminders-show-named', { name: r.title || r.text }) }, t('reminders-show')) : null,
      h('button', { type: 'button', class: 'button ghost small reminder-dismiss', dataset: { key: r.key }, 'aria-label': neutral ? t('reminders-dismiss-neutral') : t('reminders-dismiss-named', { name: text }) }, t('reminders-dismiss')),
    ),
  );
}

/**
 * A panel of reminders (`root`), with a heading (`title()`, its text in the language of the
 * moment), Dismiss all and a list. `open(reminder)` shows a reminder's deadline. Used twice: for
 * the missed ones, and (with `live`) for those that fire.
 */
export class ReminderPanel {
  constructor(root, { title, titleId, listId = null, dismissAllId, live = false, open = null }) {
    this.root = root;
    this.items = [];
    this.open = open;
    this.live = live;
    this.title = title;
    this.neutral = false;
    this.list = h('ul', { class: 'reminder-items', id: listId, 'aria-labelledby': titleId });
    this.error = h('p', { class: 'form-error reminder-error', role: 'alert', hidden: true });
    this.dismissAll = h('button', { type: 'button', class: 'button secondary small', id: dismissAllId });
    this.heading = h('h2', { class: 'reminder-title', id: titleId });
    this.panel = h(
      'section',
      { class: ['reminder-panel', live && 'live'], 'aria-labelledby': titleId, tabindex: '-1' },
      h('div', { class: 'reminder-head' }, this.heading, this.dismissAll),
      this.list,
      this.error,
    );
    this.dismissAll.addEventListener('click', () => this.dismiss(this.items));
    this.panel.addEventListener('click', (e) => {
      const button = e.target instanceof Element ? e.target.closest('button[data-key]') : null;
      if (!button) return;
      const r = this.items.find((x) => x.key === button.dataset.key);
      if (!r) return;
      if (button.classList.contains('reminder-dismiss')) this.dismiss([r], button);
      else if (button.classList.contains('reminder-open') && this.open) this.open(r);
    });
    this.render();
  }

  /** Shows `reminders` (replacing the list, or, with `add`, merged in: one per deadline, the latest). */
  set(reminders, { add = false } = {}) {
    const incoming = (Array.isArray(reminders) ? reminders : []).filter((r) => r && typeof r.key === 'string' && typeof r.text === 'string');
    if (!add) this.items = incoming;
    else {
      for (const r of incoming) {
        const at = this.items.findIndex((x) => x.key === r.key || (r.deadlineId && x.deadlineId === r.deadlineId));
        if (at >= 0) this.items[at] = r;
        else this.items.push(r);
      }
    }
    this.render();
    return incoming;
  }

  render() {
    this.heading.textContent = typeof this.title === 'function' ? this.title() : String(this.title ?? '');
    this.dismissAll.textContent = t('reminders-dismiss-all');
    this.list.replaceChildren(...this.items.map((r) => reminderItem(r, { neutral: this.neutral })));
    this.dismissAll.hidden = this.items.length < 2;
    const empty = this.items.length === 0;
    if (this.live) {
      // The live region stays in the page; only its panel comes and goes.
      if (empty) clear(this.root);
      else if (this.panel.parentNode !== this.root) this.root.append(this.panel);
    } else {
      if (this.panel.parentNode !== this.root) this.root.append(this.panel);
      this.root.hidden = empty;
    }
  }

  /** Dismisses `reminders` (every key each stands for); they leave the list once the app agrees. */
  async dismiss(reminders, button = null) {
    if (!reminders.length) return;
    const keys = [...new Set(reminders.flatMap((r) => (Array.isArray(r.keys) && r.keys.length ? r.keys : [r.key])))];
    if (button) button.disabled = true;
    this.dismissAll.disabled = true;
    this.error.hidden = true;
    const at = button ? [...this.list.children].indexOf(button.closest('li')) : 0;
    try {
      await api.remindersDismiss(keys);
    } catch (err) {
      this.error.textContent = t('reminders-not-dismissed', { error: commandError(err).message });
      this.error.hidden = false;
      if (button) button.disabled = false;
      this.dismissAll.disabled = false;
      return;
    }
    const gone = new Set(reminders.map((r) => r.key));
    this.items = this.items.filter((r) => !gone.has(r.key));
    this.dismissAll.disabled = false;
    this.render();
    announce(t('reminders-dismissed', { count: reminders.length }));
    // Focus goes to the next reminder's Dismiss, else out of the empty panel to the page.
    const buttons = this.list.querySelectorAll('button.reminder-dismiss');
    const next = buttons[Math.min(Math.max(at, 0), buttons.length - 1)];
    if (next) next.focus();
    else if (button || reminders.length > 1) {
      const main = document.getElementById('main');
      if (main) main.focus();
    }
  }
}

/**
 * The reminders of the window: the missed ones on start, the live ones as they fire.
 * `open(reminder)` shows the reminder's deadline in its case.
 */
export class Reminders {
  constructor({ missedRoot, liveRoot, open }) {
    this.missed = new ReminderPanel(missedRoot, { title: () => t('reminders-missed-title'), titleId: 'missed-reminders-title', listId: 'missed-reminder-items', dismissAllId: 'missed-reminders-dismiss-all', open });
    this.live = new ReminderPanel(liveRoot, { title: () => t('reminders-live-title'), titleId: 'reminder-list-title', listId: 'reminder-items', dismissAllId: 'reminders-dismiss-all', live: true, open });
    // Another language: both lists are said again (a reminder's own text is the app's).
    onLanguageChange(() => {
      this.missed.render();
      this.live.render();
    });
  }

  /**
   * Asks what came due while the app was closed, and shows it first. While the app is still
   * checking (`starting`), asks again every `retryMs` (up to `tries` times) without holding up the
   * window.
   */
  async start({ retryMs = 2000, tries = 60 } = {}) {
    let answer;
    for (let attempt = 1; ; attempt += 1) {
      try {
        answer = await api.remindersMissed();
        break;
      } catch (err) {
        const error = commandError(err);
        if (error.code !== 'starting' || attempt >= tries) {
          console.warn('reminders_missed', error.message);
          return null;
        }
        await new Promise((resolve) => setTimeout(resolve, retryMs));
      }
    }
    const shown = this.missed.set(answer && answer.reminders);
    if (shown.length) announce(t('reminders-missed', { count: shown.length }));
    return answer;
  }

  /** Follows the app's `reminders` event; false when the bridge has no events. */
  async listen() {
    try {
      this.unlisten = await listen('reminders', (payload) => this.fired(payload));
    } catch (err) {
      console.warn('reminders event', err);
      this.unlisten = null;
    }
    return Boolean(this.unlisten);
  }

  /** On the neutral view (`on`) reminders say nothing of their case; off, all of it again. */
  setNeutral(on) {
    for (const panel of [this.missed, this.live]) {
      panel.neutral = on;
      panel.render();
    }
  }

  /** Reminders that fired while the app runs: into the live list (the missed panel drops them). */
  fired(payload) {
    const reminders = payload && Array.isArray(payload.reminders) ? payload.reminders : [];
    const added = this.live.set(reminders, { add: true });
    if (added.length) {
      // A reminder that fires again for the same deadline replaces its older one above.
      const ids = new Set(added.map((r) => r.deadlineId));
      if (this.missed.items.some((r) => ids.has(r.deadlineId))) this.missed.set(this.missed.items.filter((r) => !ids.has(r.deadlineId)));
    }
    return added;
  }
}

/**
 * The one-time question after the person's first deadline: start ProSeVA at login, hidden in the
 * tray? Yes or Not now; either answer is remembered (`startAtLoginAsked`) and it is not asked again.
 */
export class StartAtLoginPrompt {
  constructor(root) {
    this.root = root;
    this.settled = false;
    this.asking = null;
    this.error = h('p', { class: 'form-error', role: 'alert', hidden: true });
    const yes = h('button', { type: 'button', class: 'button primary small', id: 'start-at-login-yes' });
    const no = h('button', { type: 'button', class: 'button secondary small', id: 'start-at-login-no' });
    const title = h('h2', { class: 'reminder-title', id: 'start-at-login-title' });
    const text = h('p', { id: 'start-at-login-text' });
    this.buttons = [yes, no];
    clear(root).append(
      h(
        'section',
        { class: 'reminder-panel ask', 'aria-labelledby': 'start-at-login-title', 'aria-describedby': 'start-at-login-text' },
        title,
        text,
        h('div', { class: 'ask-actions' }, yes, no),
        this.error,
      ),
    );
    const paint = () => {
      yes.textContent = t('reminders-login-yes');
      no.textContent = t('reminders-login-no');
      title.textContent = t('reminders-login-title');
      text.textContent = t('reminders-login-text');
    };
    paint();
    // Another language: the question is asked in it.
    onLanguageChange(paint);
    root.hidden = true;
    yes.addEventListener('click', () => this.answer(true));
    no.addEventListener('click', () => this.answer(false));
  }

  /** After deadlines changed: asks once, when it never asked and the person has a deadline. */
  maybeAsk() {
    if (this.settled || !this.root.hidden) return Promise.resolve(false);
    if (!this.asking) this.asking = this.check().finally(() => (this.asking = null));
    return this.asking;
  }

  async check() {
    let settings;
    try {
      settings = await api.reminderSettings();
    } catch {
      return false;
    }
    if (!settings || settings.startAtLoginAsked || settings.startAtLogin) {
      this.settled = true;
      return false;
    }
    const some = await api.listRecords('deadlines', { limit: 1 }).catch(() => null);
    if (!some || !(Number(some.total) || (Array.isArray(some.items) && some.items.length))) return false;
    this.root.hidden = false;
    announce(t('reminders-login-asked'));
    return true;
  }

  async answer(yes) {
    for (const b of this.buttons) b.disabled = true;
    this.error.hidden = true;
    try {
      await api.setReminderSettings(yes ? { startAtLogin: true, startAtLoginAsked: true } : { startAtLoginAsked: true });
    } catch (err) {
      this.error.textContent = t('reminders-not-saved', { error: commandError(err).message });
      this.error.hidden = false;
      for (const b of this.buttons) b.disabled = false;
      return;
    }
    this.settled = true;
    this.root.hidden = true;
    announce(t(yes ? 'reminders-login-on' : 'reminders-login-later'));
    const main = document.getElementById('main');
    if (main) main.focus();
  }
}

/** Which reminders are discreet (`protectiveOrders`, `all`, `off`); anything else is the default. */
export const DISCREET_CHOICES = ['protectiveOrders', 'all', 'off'];
function discreetChoice(value) {
  return DISCREET_CHOICES.includes(value) ? value : 'protectiveOrders';
}

/**
 * The Reminders group of the settings dialog: `load()` when it opens, `save()` with its Save
 * (only what changed; turning start-at-login on or off there counts as having been asked).
 */
export class ReminderSettingsGroup {
  constructor(group) {
    this.group = group;
    this.notifications = group.querySelector('#set-notifications');
    this.startAtLogin = group.querySelector('#set-startAtLogin');
    this.discreet = group.querySelector('#set-discreet');
    this.error = group.querySelector('#err-reminder-settings');
    this.loaded = null;
  }

  async load() {
    this.loaded = null;
    this.error.hidden = true;
    try {
      this.loaded = await api.reminderSettings();
    } catch (err) {
      this.error.textContent = t('reminders-settings-error', { error: commandError(err).message });
      this.error.hidden = false;
    }
    const ok = Boolean(this.loaded);
    this.notifications.disabled = !ok;
    this.startAtLogin.disabled = !ok;
    this.discreet.disabled = !ok;
    if (ok) {
      this.notifications.checked = this.loaded.notifications !== false;
      this.startAtLogin.checked = this.loaded.startAtLogin === true;
      this.discreet.value = discreetChoice(this.loaded.discreet);
    }
  }

  /** What changed, for `set_reminder_settings` (null when nothing did). */
  changes() {
    if (!this.loaded) return null;
    const out = {};
    if (this.notifications.checked !== (this.loaded.notifications !== false)) out.notifications = this.notifications.checked;
    if (this.startAtLogin.checked !== (this.loaded.startAtLogin === true)) Object.assign(out, { startAtLogin: this.startAtLogin.checked, startAtLoginAsked: true });
    if (this.discreet.value !== discreetChoice(this.loaded.discreet)) out.discreet = this.discreet.value;
    return Object.keys(out).length ? out : null;
  }

  /** Saves what changed; rejects with the app's error (the dialog shows it). */
  async save() {
    const changes = this.changes();
    if (!changes) return this.loaded;
    this.loaded = await api.setReminderSettings(changes);
    return this.loaded;
  }
}
