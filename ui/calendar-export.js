// "Add to my calendar": writes one deadline, one case or every deadline as an iCalendar (.ics)
// file in the exports folder (`calendar_export`), then says where the file is and, in plain
// words, how to import it into Google Calendar, Outlook and Apple Calendar. One result message
// (`#calendar-export-result`) shows beside whichever button was pressed last. Beside a page's
// buttons, "Neutral titles (nothing about the case)": every event "ProSeVA reminder", with no
// description or place — ticked at first for a protective order, whose calendar someone else may see.

import { h, append, clear, announce, said } from './dom.js';
import { api, commandError } from './api.js';
import { localizeDom, onLanguageChange, t } from './i18n.js';

/** The kinds of case whose calendar is neutral unless the person unticks it. */
export const PROTECTIVE_ORDER_KINDS = ['protective-order-petitioner', 'protective-order-respondent'];

/** True for a protective-order case (either side). */
export function isProtectiveOrder(c) {
  return Boolean(c && PROTECTIVE_ORDER_KINDS.includes(c.kind));
}

/**
 * The "Neutral titles (nothing about the case)" tick box of a page (`label.calendar-neutral-choice`
 * holding `input#<id>`): `{root, box, checked, setDefault(key, on)}`. `setDefault` ticks it or not
 * when `key` (the case, its kind) is new; what the person ticked stays while it is the same.
 */
export function neutralChoice(id) {
  const box = h('input', { type: 'checkbox', class: 'checkbox calendar-neutral', id });
  const words = h('span', {}, t('calendar-export-neutral'));
  const root = h('label', { class: 'calendar-neutral-choice', for: id }, box, words);
  onLanguageChange(() => {
    words.textContent = t('calendar-export-neutral');
  });
  let shownFor;
  return {
    root,
    box,
    get checked() {
      return box.checked;
    },
    setDefault(key, on) {
      if (key === shownFor) return;
      shownFor = key;
      box.checked = Boolean(on);
    },
  };
}

/** A calendar button with its tick box under it (`span.calendar-export-group`), for a page's actions. */
export function calendarGroup(button, choice) {
  return h('span', { class: 'calendar-export-group' }, button, choice.root);
}

/**
 * A `button.add-to-calendar[data-scope]` that exports what `args()` names (`{caseId}`,
 * `{deadlineId}` or `{}`) when pressed; with `neutral` (a [`neutralChoice`]), neutral when ticked.
 * `label` and `ariaLabel` may be functions that say them (again when the language changes); with
 * no `label`, the scope's words.
 */
export function calendarButton(scope, args, { label = () => t('calendar-export-button', { scope }), ariaLabel = null, neutral = null } = {}) {
  const say = (words) => (typeof words === 'function' ? words() : words);
  const button = h('button', { type: 'button', class: 'button secondary add-to-calendar', dataset: { scope }, 'aria-label': say(ariaLabel) }, say(label));
  if (typeof label === 'function' || typeof ariaLabel === 'function') {
    onLanguageChange(() => {
      button.textContent = say(label);
      if (ariaLabel) button.setAttribute('aria-label', say(ariaLabel));
    });
  }
  button.addEventListener('click', () => exportCalendar({ ...args(), ...(neutral && neutral.checked ? { neutral: true } : {}) }, button));
  return button;
}

/** The plain-words steps to import the file, in a closed `<details>`. */
export function importHelp() {
  return h(
    'details',
    { class: 'calendar-howto', id: 'calendar-howto' },
    said('summary', { 'data-l10n-id': 'calendar-export-howto' }),
    h('ul', {}, said('li', { 'data-l10n-id': 'calendar-export-howto-google' }), said('li', { 'data-l10n-id': 'calendar-export-howto-outlook' }), said('li', { 'data-l10n-id': 'calendar-export-howto-apple' })),
    said('p', { class: 'hint', 'data-l10n-id': 'calendar-export-howto-more' }),
  );
}

/** The message after an export: where the file is, how many events, how to import it. */
export function exportMessage(answer) {
  const events = Number(answer && answer.events) || 0;
  const path = (answer && (answer.path || answer.fileName)) || '';
  return [said('p', { class: 'calendar-export-line', 'data-l10n-id': 'calendar-export-saved' }, { count: events, path }, { path: h('span', { class: 'path', id: 'calendar-export-path' }) }), importHelp()];
}

let result = null;

/** The one result message, moved beside `button`: into its record row, else under its page's header. */
function resultBeside(button) {
  if (!result) {
    result = h('div', { class: 'calendar-export-result', id: 'calendar-export-result', tabindex: '-1' });
    // Another language: the result is said again in it (its words are all messages).
    const box = result;
    onLanguageChange(() => localizeDom(box));
  }
  const row = button.closest('.rec-row');
  const host = row ? row.querySelector('.rec-main') : null;
  if (host) host.append(result);
  else {
    const head = button.closest('.page-head') || button.parentNode;
    head.after(result);
  }
  return result;
}

/** Exports, then shows where the file went (or why it did not). Resolves with the answer or null. */
export async function exportCalendar(args, button) {
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  const box = resultBeside(button);
  box.dataset.state = 'saving';
  box.removeAttribute('role');
  box.replaceChildren(said('p', { class: 'muted', 'data-l10n-id': 'calendar-export-writing' }));
  try {
    const answer = await api.calendarExport(args || {});
    box.dataset.state = 'saved';
    box.setAttribute('role', 'status');
    append(clear(box), exportMessage(answer));
    announce(t('calendar-export-announce', { file: answer.fileName || answer.path, count: Number(answer.events) || 0 }));
    return answer;
  } catch (err) {
    box.dataset.state = 'error';
    box.setAttribute('role', 'alert');
    box.replaceChildren(said('p', { class: 'form-error', 'data-l10n-id': 'calendar-export-failed' }, { error: commandError(err).message }));
    return null;
  } finally {
    button.disabled = false;
    button.removeAttribute('aria-busy');
  }
}
