// A month calendar of deadlines: previous / next month, today marked, each deadline on its day.
// Every day is a button (one tab stop for the grid; arrow keys move by day and week, Page Up /
// Page Down by month, Home / End to the week's ends); choosing a day lists its deadlines below.

import { h, clear } from './dom.js';
import { markAnswered, measureRender } from './records.js';
import { monthGrid, monthTitle, shiftMonth, longDate, addDays, parseDate, today } from './format.js';
import { locale, onLanguageChange, t, tMessage } from './i18n.js';

/**
 * The days of the week from Sunday, in the chosen language (Intl): `{long, short}` —
 * "Sunday", "Sun" · "domingo", "dom".
 */
export function weekdays() {
  const long = new Intl.DateTimeFormat(locale(), { weekday: 'long' });
  const short = new Intl.DateTimeFormat(locale(), { weekday: 'short' });
  // 2026-11-29 is a Sunday.
  return Array.from({ length: 7 }, (_, i) => {
    const day = new Date(2026, 10, 29 + i, 12);
    return { long: long.format(day), short: short.format(day).replace(/\.$/, '') };
  });
}

export class MonthCalendar {
  /**
   * `fetchMonth({from, to})` answers the month's deadlines; `onPick(date, deadlines, button)`
   * shows a day's.
   */
  constructor(root, { fetchMonth, onPick }) {
    this.root = root;
    this.fetchMonth = fetchMonth;
    this.onPick = onPick;
    const now = parseDate(today());
    this.month = { year: now.getFullYear(), month: now.getMonth() + 1 };
    this.focusDate = today();
    this.byDate = new Map();
    this.seq = 0;
    this.title = h('h4', { class: 'cal-title', id: 'calendar-title', 'aria-live': 'polite' });
    this.prev = h('button', { type: 'button', class: 'icon-button cal-prev' }, '‹');
    this.next = h('button', { type: 'button', class: 'icon-button cal-next' }, '›');
    this.todayButton = h('button', { type: 'button', class: 'button ghost small cal-today' });
    this.help = h('p', { class: 'visually-hidden', id: 'calendar-help' });
    this.table = h('table', { class: 'cal-grid', 'aria-labelledby': 'calendar-title' });
    this.label();
    clear(root).append(h('div', { class: 'cal-head' }, this.prev, this.title, this.next, this.todayButton), this.help, h('div', { class: 'cal-scroll' }, this.table));
    // Another language: the month, the days and the buttons are said again in it.
    onLanguageChange(() => {
      this.label();
      this.title.textContent = monthTitle(this.month);
      if (this.weeks) {
        this.render(this.weeks);
        this.updateTabStop(false);
      }
    });
    this.table.setAttribute('aria-describedby', 'calendar-help');
    this.prev.addEventListener('click', () => this.go(shiftMonth(this.month, -1)));
    this.next.addEventListener('click', () => this.go(shiftMonth(this.month, 1)));
    this.todayButton.addEventListener('click', () => this.moveTo(today(), true));
    this.table.addEventListener('click', (e) => {
      const day = e.target instanceof Element ? e.target.closest('button.cal-day') : null;
      if (day) this.pick(day.dataset.date, day);
    });
    this.table.addEventListener('keydown', (e) => this.onKey(e));
  }

  /** The calendar's own words, in the language of the moment. */
  label() {
    for (const [button, { attributes }] of [
      [this.prev, tMessage('calendar-previous')],
      [this.next, tMessage('calendar-next')],
    ]) {
      button.setAttribute('aria-label', attributes['aria-label']);
      button.setAttribute('title', attributes.title);
    }
    this.todayButton.textContent = t('calendar-today');
    this.help.textContent = t('calendar-help');
  }

  go(month, { focus = false } = {}) {
    const first = `${month.year}-${String(month.month).padStart(2, '0')}-01`;
    const keepDay = parseDate(this.focusDate);
    let target = first;
    if (keepDay) {
      const last = new Date(month.year, month.month, 0).getDate();
      target = `${first.slice(0, 8)}${String(Math.min(keepDay.getDate(), last)).padStart(2, '0')}`;
    }
    this.month = month;
    this.focusDate = target;
    return this.load({ focus });
  }

  /** Shows the month of `date` with `date` focused. */
  moveTo(date, focus = false) {
    const d = parseDate(date);
    if (!d) return Promise.resolve();
    const month = { year: d.getFullYear(), month: d.getMonth() + 1 };
    this.focusDate = date;
    if (month.year === this.month.year && month.month === this.month.month && this.rendered) {
      this.updateTabStop(focus);
      return Promise.resolve();
    }
    this.month = month;
    return this.load({ focus });
  }

  async load({ focus = false } = {}) {
    const seq = (this.seq += 1);
    const weeks = monthGrid(this.month.year, this.month.month, today());
    const from = weeks[0][0].date;
    const to = weeks[weeks.length - 1][6].date;
    this.title.textContent = monthTitle(this.month);
    let items = [];
    try {
      items = await this.fetchMonth({ from, to });
    } catch {
      items = [];
    }
    if (seq !== this.seq) return;
    const mark = markAnswered('calendar');
    this.byDate = new Map();
    for (const d of items) {
      if (!this.byDate.has(d.date)) this.byDate.set(d.date, []);
      this.byDate.get(d.date).push(d);
    }
    this.render(weeks);
    measureRender('calendar', mark);
    this.updateTabStop(focus);
  }

  render(weeks) {
    this.weeks = weeks;
    const head = h('thead', {}, h('tr', {}, weekdays().map((w) => h('th', { scope: 'col', abbr: w.long }, h('span', { 'aria-hidden': 'true' }, w.short), h('span', { class: 'visually-hidden' }, w.long)))));
    const body = h('tbody');
    for (const week of weeks) {
      const tr = h('tr');
      for (const cell of week) {
        const list = this.byDate.get(cell.date) || [];
        const open = list.filter((d) => !d.done);
        const overdue = open.length && cell.date < today();
        // The name starts with what the cell shows (its day, and "Today"), then the whole date.
        const words = [cell.today ? t('calendar-day-today', { day: String(cell.day), date: longDate(cell.date) }) : longDate(cell.date)];
        if (list.length) {
          const titles = list.map((d) => (d.done ? t('calendar-deadline-done', { title: d.title }) : d.title)).join('; ');
          words.push(t('calendar-day-deadlines', { count: list.length, overdue: overdue ? 'yes' : 'no', titles }));
        }
        const button = h(
          'button',
          {
            type: 'button',
            class: ['cal-day', !cell.inMonth && 'outside', cell.today && 'today', list.length && 'has-deadlines', overdue && 'overdue'],
            dataset: { date: cell.date, count: list.length || null },
            tabindex: '-1',
            'aria-label': words.join(', '),
            'aria-current': cell.today ? 'date' : null,
          },
          h('span', { class: 'cal-num', 'aria-hidden': 'true' }, String(cell.day)),
          cell.today ? [' ', h('span', { class: 'cal-today-tag', 'aria-hidden': 'true' }, t('calendar-today'))] : null,
          list.length
            ? h(
                'span',
                { class: 'cal-chips', 'aria-hidden': 'true' },
                list.slice(0, 2).map((d) => h('span', { class: ['cal-chip', d.done && 'done', overdue && !d.done && 'overdue'] }, d.title)),
                list.length > 2 ? h('span', { class: 'cal-more' }, t('calendar-more', { count: list.length - 2 })) : null,
              )
            : null,
        );
        tr.append(h('td', { class: cell.inMonth ? null : 'outside' }, button));
      }
      body.append(tr);
    }
    this.table.replaceChildren(head, body);
    this.rendered = true;
  }

  /** One day button is in the tab order: the focused day (or the first of the month). */
  updateTabStop(focus) {
    const buttons = this.table.querySelectorAll('button.cal-day');
    let target = this.table.querySelector(`button.cal-day[data-date="${this.focusDate}"]`);
    if (!target || target.classList.contains('outside')) target = this.table.querySelector('button.cal-day:not(.outside)');
    for (const b of buttons) b.tabIndex = b === target ? 0 : -1;
    if (focus && target) target.focus();
  }

  onKey(e) {
    const day = e.target instanceof Element ? e.target.closest('button.cal-day') : null;
    if (!day) return;
    const date = day.dataset.date;
    const d = parseDate(date);
    let next = null;
    switch (e.key) {
      case 'ArrowLeft':
        next = addDays(date, -1);
        break;
      case 'ArrowRight':
        next = addDays(date, 1);
        break;
      case 'ArrowUp':
        next = addDays(date, -7);
        break;
      case 'ArrowDown':
        next = addDays(date, 7);
        break;
      case 'Home':
        next = addDays(date, -d.getDay());
        break;
      case 'End':
        next = addDays(date, 6 - d.getDay());
        break;
      case 'PageUp':
      case 'PageDown': {
        e.preventDefault();
        this.go(shiftMonth(this.month, e.key === 'PageUp' ? -1 : 1), { focus: true });
        return;
      }
      default:
        return;
    }
    e.preventDefault();
    this.focusDate = next;
    const n = parseDate(next);
    if (n.getMonth() + 1 !== this.month.month || n.getFullYear() !== this.month.year) {
      this.month = { year: n.getFullYear(), month: n.getMonth() + 1 };
      this.load({ focus: true });
    } else {
      this.updateTabStop(true);
    }
  }

  pick(date, button) {
    this.focusDate = date;
    this.updateTabStop(false);
    for (const b of this.table.querySelectorAll('button.cal-day[aria-pressed]')) b.removeAttribute('aria-pressed');
    button.setAttribute('aria-pressed', 'true');
    this.onPick(date, this.byDate.get(date) || [], button);
  }

  /** Deadlines changed: the shown month again. */
  refresh() {
    return this.load({ focus: false });
  }
}
