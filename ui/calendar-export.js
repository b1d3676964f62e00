// "Add to my calendar": writes one deadline, one case or every deadline as an iCalendar (.ics)
// file in the exports folder (`calendar_export`), then says where the file is and, in plain
// words, how to import it into Google Calendar, Outlook and Apple Calendar. One result message
// (`#calendar-export-result`) shows beside whichever button was pressed last. Beside a page's
// buttons, "Neutral titles (nothing about the case)": every event "ProSeVA reminder", with no
// description or place — ticked at first for a protective order, whose calendar someone else may see.

import { h, append, clear, announce } from './dom.js';
import { api, commandError } from './api.js';

const SCOPE_TEXT = {
  deadline: 'Add to my calendar',
  case: 'Add this case to my calendar',
  all: 'Add everything to my calendar',
};

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
  const root = h('label', { class: 'calendar-neutral-choice', for: id }, box, 'Neutral titles (nothing about the case)');
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
 */
export function calendarButton(scope, args, { label = SCOPE_TEXT[scope], ariaLabel = null, neutral = null } = {}) {
  const button = h('button', { type: 'button', class: 'button secondary add-to-calendar', dataset: { scope }, 'aria-label': ariaLabel }, label);
  button.addEventListener('click', () => exportCalendar({ ...args(), ...(neutral && neutral.checked ? { neutral: true } : {}) }, button));
  return button;
}

/** The plain-words steps to import the file, in a closed `<details>`. */
export function importHelp() {
  return h(
    'details',
    { class: 'calendar-howto', id: 'calendar-howto' },
    h('summary', {}, 'How to add the file to your calendar'),
    h(
      'ul',
      {},
      h('li', {}, h('strong', {}, 'Google Calendar: '), 'on a computer, open calendar.google.com, then Settings (the gear) → Import & export → Import. Choose this file and the calendar to put it in, then press Import. Your phone shows the events once they are in Google Calendar.'),
      h('li', {}, h('strong', {}, 'Outlook: '), 'File → Open & Export → Import/Export → “Import an iCalendar (.ics) or vCalendar file”, then choose the file. In Outlook on the web: Calendar → Add calendar → Upload from file.'),
      h('li', {}, h('strong', {}, 'Apple Calendar: '), 'File → Import…, then choose the file and the calendar. Or open the file: Calendar asks where to add the events.'),
    ),
    h('p', { class: 'hint' }, 'Each deadline keeps the same identity in the file, so importing a newer file again updates its events instead of adding copies; a deadline you marked done shows as cancelled. Hearings have their time and place, and each event carries its reminders.'),
  );
}

/** The message after an export: where the file is, how many events, how to import it. */
export function exportMessage(answer) {
  const events = Number(answer && answer.events) || 0;
  const path = (answer && (answer.path || answer.fileName)) || '';
  const count = events === 1 ? '1 event' : `${events} events`;
  return [
    h(
      'p',
      { class: 'calendar-export-line' },
      events ? [h('strong', {}, `Saved ${count}`), ' for your calendar in '] : [h('strong', {}, 'Saved a calendar file with no events yet'), ' (add a deadline first) in '],
      h('span', { class: 'path', id: 'calendar-export-path' }, path),
      '.',
    ),
    importHelp(),
  ];
}

let result = null;

/** The one result message, moved beside `button`: into its record row, else under its page's header. */
function resultBeside(button) {
  if (!result) {
    result = h('div', { class: 'calendar-export-result', id: 'calendar-export-result', tabindex: '-1' });
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
  box.replaceChildren(h('p', { class: 'muted' }, 'Writing the calendar file…'));
  try {
    const answer = await api.calendarExport(args || {});
    box.dataset.state = 'saved';
    box.setAttribute('role', 'status');
    append(clear(box), exportMessage(answer));
    announce(`Calendar file saved: ${answer.fileName || answer.path}. ${Number(answer.events) === 1 ? '1 event' : `${Number(answer.events) || 0} events`}.`);
    return answer;
  } catch (err) {
    box.dataset.state = 'error';
    box.setAttribute('role', 'alert');
    box.replaceChildren(h('p', { class: 'form-error' }, `The calendar file was not saved: ${commandError(err).message}`));
    return null;
  } finally {
    button.disabled = false;
    button.removeAttribute('aria-busy');
  }
}
