// The Deadlines page (overdue ones flagged in words, upcoming ones next, done ones folded away,
// a month calendar, Add by hand, Add from a rule, mark done, edit, delete, each one or all of them
// to the person's own calendar; a deadline's time, place and reminders) and the "Due in the next
// 7 days" strip on the Ask panel.

import { h, clear, append, announce } from './dom.js';
import { api, commandError } from './api.js';
import { PagedList, recordRow, badge, confirmDelete } from './records.js';
import { MonthCalendar } from './calendar.js';
import { citationNodes } from './rules.js';
import { addDays, dueState, longDate, mediumDate, today } from './format.js';
import { remindersText } from './forms.js';
import { calendarButton, calendarGroup, exportCalendar, isProtectiveOrder, neutralChoice } from './calendar-export.js';
import { onLanguageChange, t, tMessage } from './i18n.js';

/** The kinds of deadline, in order. */
export const DEADLINE_KIND_IDS = ['filing', 'hearing', 'response', 'service', 'appeal', 'discovery', 'post-trial', 'other'];

/** A kind of deadline in words ("Filing"); one not known is its own name. */
const kindText = (kind) => (DEADLINE_KIND_IDS.includes(kind) ? t('deadlines-kind', { kind }) : kind || t('deadlines-kind', { kind: 'other' }));

/** The kinds as the Kind field's options: `[[value, words]]` in the language of the moment. */
export function deadlineKinds() {
  return DEADLINE_KIND_IDS.map((kind) => [kind, t('deadlines-kind', { kind })]);
}

function deadlineFields(record) {
  const fields = [
    { name: 'title', label: t('deadlines-field-title'), required: true, wide: true },
    {
      name: 'date',
      label: t('deadlines-field-date'),
      type: 'date',
      required: true,
      hint: record && record.ruleId ? (record.sourceRule ? t('deadlines-field-date-rule-hint', { rule: record.sourceRule }) : t('deadlines-field-date-a-rule-hint')) : null,
    },
    { name: 'kind', label: t('deadlines-field-kind'), type: 'select', options: deadlineKinds(), default: 'other' },
  ];
  if (record && record.ruleId) fields.push({ name: 'triggerDate', label: t('deadlines-field-trigger'), type: 'date', hint: t('deadlines-field-trigger-hint') });
  const location = tMessage('deadlines-field-location');
  fields.push(
    { name: 'time', label: t('deadlines-field-time'), type: 'time', hint: t('deadlines-field-time-hint') },
    { name: 'location', label: location.value, wide: true, placeholder: location.attributes.placeholder, hint: t('deadlines-field-location-hint') },
    { name: 'reminders', label: t('deadlines-field-reminders'), type: 'reminders', wide: true, inherit: t('deadlines-field-reminders-inherit') },
    { name: 'notes', label: t('deadlines-field-notes'), type: 'textarea', rows: 3, wide: true },
  );
  return fields;
}

export class DeadlinesPage {
  constructor(ws, root, { ruleDialog }) {
    this.ws = ws;
    this.root = root;
    this.ruleDialog = ruleDialog;
    // One tick box for the page's calendar buttons: "everything" and each deadline's.
    this.neutral = neutralChoice('deadlines-calendar-neutral');
    const addHand = h('button', { type: 'button', class: 'button secondary', id: 'deadline-add', 'aria-haspopup': 'dialog' });
    const addRule = h('button', { type: 'button', class: 'button primary', id: 'deadline-from-rule', 'aria-haspopup': 'dialog' });
    this.error = h('p', { class: 'form-error page-error', role: 'alert', tabindex: '-1', hidden: true });
    this.dayBox = h('section', { class: 'cal-day-list', id: 'calendar-day', 'aria-live': 'polite', hidden: true });
    const calRoot = h('div', { class: 'calendar', id: 'deadline-calendar' });
    const overdueBox = h('div', { class: 'list-box', id: 'deadlines-overdue' });
    const upcomingBox = h('div', { class: 'list-box', id: 'deadlines-upcoming' });
    const doneBox = h('div', { class: 'list-box', id: 'deadlines-done' });
    this.doneSummary = h('summary', {});
    this.doneTotal = null; // how many are done, once counted
    this.doneDetails = h('details', { class: 'done-fold', id: 'deadlines-done-fold' }, this.doneSummary, doneBox);
    this.overdueSection = h('section', { class: 'deadline-group overdue-group', 'aria-labelledby': 'deadlines-overdue-title' }, h('h4', { class: 'group-title', id: 'deadlines-overdue-title' }, h('span', { 'aria-hidden': 'true' }, '⚠ '), (this.overdueWord = h('span', {}))), overdueBox);
    const title = h('h3', { class: 'page-title', tabindex: '-1' });
    const lead = h('p', { class: 'page-lead' });
    const upcomingTitle = h('h4', { class: 'group-title', id: 'deadlines-upcoming-title' });
    const calendarBox = h('section', { class: 'calendar-box' }, calRoot, this.dayBox);
    clear(root).append(
      h(
        'header',
        { class: 'page-head' },
        h('div', { class: 'page-titles' }, title, lead),
        h('div', { class: 'page-actions' }, calendarGroup(calendarButton('all', () => ({}), { neutral: this.neutral }), this.neutral), addHand, addRule),
      ),
      this.error,
      h(
        'div',
        { class: 'deadlines-layout' },
        h(
          'div',
          { class: 'deadlines-lists' },
          this.overdueSection,
          h('section', { class: 'deadline-group', 'aria-labelledby': 'deadlines-upcoming-title' }, upcomingTitle, upcomingBox),
          this.doneDetails,
        ),
        calendarBox,
      ),
    );
    /** The page's own words (again, when the language changes). */
    const paint = () => {
      addHand.textContent = t('deadlines-add-hand');
      addRule.textContent = t('deadlines-add-rule');
      this.overdueWord.textContent = t('deadlines-overdue');
      title.textContent = t('deadlines-page-title');
      lead.textContent = t('deadlines-page-lead');
      upcomingTitle.textContent = t('deadlines-upcoming');
      calendarBox.setAttribute('aria-label', tMessage('deadlines-calendar').attributes['aria-label']);
      this.doneSummary.textContent = this.doneTotal === null ? t('deadlines-done') : t('deadlines-done-count', { count: this.doneTotal });
    };
    paint();
    // Another language: the lists say themselves again (records.js); the rest here.
    onLanguageChange(() => {
      paint();
      if (this.dayBox.hidden === false && this.dayDate) this.showDay(this.dayDate, this.dayItems || []);
    });
    const list = (box, page, filter, label, empty) =>
      new PagedList(box, {
        page,
        label,
        empty,
        fetch: ({ limit, offset }) => api.listRecords('deadlines', { caseId: this.ws.caseId, limit, offset, filter: filter() }),
        row: (d) => this.row(d),
        onAction: (action, d, button) => this.act(action, d, button),
      });
    this.overdue = list(overdueBox, 'deadlines-overdue', () => ({ to: addDays(today(), -1), done: false }), () => t('deadlines-list-overdue'), () => t('deadlines-empty-overdue'));
    this.upcoming = list(upcomingBox, 'deadlines', () => ({ from: today(), done: false }), () => t('deadlines-list-upcoming'), () => t('deadlines-empty-upcoming'));
    this.done = list(doneBox, 'deadlines-done', () => ({ done: true }), () => t('deadlines-list-done'), () => t('deadlines-empty-done'));
    this.overdue.onRendered = (l) => {
      this.overdueSection.hidden = !l.total;
    };
    this.done.onRendered = (l) => {
      this.doneTotal = Number(l.total) || 0;
      this.doneSummary.textContent = t('deadlines-done-count', { count: this.doneTotal });
    };
    // The Done fold's rows are built when it is opened: closed, it needs only its count (a
    // hundred rows nobody sees were a third of the page's first render).
    this.doneStale = true;
    this.doneDetails.addEventListener('toggle', () => {
      if (this.doneDetails.open && this.doneStale) this.loadDone();
    });
    this.calendar = new MonthCalendar(calRoot, {
      fetchMonth: async ({ from, to }) => (await api.listRecords('deadlines', { caseId: this.ws.caseId, filter: { from, to }, limit: 1000 })).items || [],
      onPick: (date, list) => this.showDay(date, list),
    });
    // Checkboxes: mark done / not done.
    root.addEventListener('change', (e) => {
      const box = e.target instanceof Element ? e.target.closest('input.done-check') : null;
      if (box) this.setDone(box.dataset.id, box.checked, box);
    });
    this.dayBox.addEventListener('click', (e) => {
      const button = e.target instanceof Element ? e.target.closest('button[data-action]') : null;
      if (!button) return;
      if (button.dataset.action === 'add-on-day') this.edit(null, button, { date: button.dataset.date });
      else {
        const d = (this.dayItems || []).find((x) => String(x.id) === button.dataset.id);
        if (d) this.act(button.dataset.action, d, button);
      }
    });
    addHand.addEventListener('click', (e) => this.edit(null, e.currentTarget));
    addRule.addEventListener('click', async (e) => {
      const saved = await this.ruleDialog.open(this.ws.caseId, e.currentTarget);
      if (saved) {
        this.reloadAll({ highlight: saved.id });
        this.ws.changed('deadlines');
      }
    });
  }

  row(d) {
    const due = dueState(d.date, d.done);
    const check = h('input', { type: 'checkbox', class: 'done-check checkbox', id: `done-${d.id}`, dataset: { id: d.id }, 'aria-label': t('deadlines-done-check', { title: d.title }) });
    check.checked = Boolean(d.done);
    const extra = [];
    if (d.sourceRule) extra.push(h('p', { class: 'rec-rule' }, t('deadlines-rule-label'), citationNodes(d.sourceRule), d.triggerDate ? ` · ${t('deadlines-counted-from', { date: mediumDate(d.triggerDate) })}` : ''));
    if (d.dateNote) extra.push(h('p', { class: 'rec-note' }, citationNodes(d.dateNote)));
    if (d.notes) extra.push(h('p', { class: 'rec-body' }, d.notes));
    if (Array.isArray(d.reminders)) extra.push(h('p', { class: 'rec-reminders' }, t('deadlines-reminders', { reminders: remindersText(d.reminders) })));
    return recordRow({
      id: d.id,
      lead: h('div', { class: 'rec-lead' }, check),
      title: d.title,
      badges: [badge(due.text, due.state === 'overdue' ? 'error' : due.state === 'today' || due.state === 'soon' ? 'warn' : due.state === 'done' ? 'ok' : ''), badge(kindText(d.kind))],
      meta: [h('time', { datetime: d.date }, longDate(d.date)), d.time ? t('deadlines-at-time', { time: d.time }) : null, d.location],
      extra: extra.length ? h('div', { class: 'rec-extra' }, extra) : null,
      tone: due.state,
      dataset: { state: due.state, date: d.date, ruleId: d.ruleId || null },
      actions: [
        { action: 'calendar', text: t('deadlines-calendar-add'), label: t('deadlines-calendar-add-label', { title: d.title }), kind: 'secondary add-to-calendar', dataset: { scope: 'deadline' } },
        { action: 'edit', text: t('deadlines-edit'), label: t('deadlines-edit-label', { title: d.title }), dialog: true },
        { action: 'delete', text: t('deadlines-delete'), label: t('deadlines-delete-label', { title: d.title }), kind: 'ghost danger-text', dialog: true },
      ],
    });
  }

  show({ focusId = null } = {}) {
    this.error.hidden = true;
    // "Everything" holds every case's deadlines: neutral at first when any case is a protective order.
    this.neutral.setDefault(this.ws.cases.map((c) => `${c.id}/${c.kind}`).join(), this.ws.cases.some(isProtectiveOrder));
    this.reloadAll({ highlight: focusId });
  }

  /** Another case: its own calendar day and done list. */
  reset() {
    this.dayBox.hidden = true;
    this.doneDetails.open = false;
  }

  /** The Done fold: its rows when open, else only how many ("Done (12)"). */
  loadDone() {
    this.doneStale = !this.doneDetails.open;
    if (this.doneDetails.open) return this.done.load(0);
    return this.countDone();
  }

  async countDone() {
    try {
      const answer = await api.listRecords('deadlines', { caseId: this.ws.caseId, limit: 1, offset: 0, filter: { done: true } });
      const total = Number(answer && answer.total) || (answer && Array.isArray(answer.items) ? answer.items.length : 0);
      this.doneTotal = total;
      if (!this.doneDetails.open) this.doneSummary.textContent = t('deadlines-done-count', { count: total });
    } catch {
      this.doneTotal = null;
      this.doneSummary.textContent = t('deadlines-done');
    }
  }

  async reloadAll({ highlight = null } = {}) {
    await Promise.all([this.overdue.load(0), this.upcoming.load(0), this.loadDone(), this.calendar.refresh()]);
    if (this.dayBox.hidden === false && this.dayDate) this.showDay(this.dayDate, this.calendar.byDate.get(this.dayDate) || []);
    if (highlight) {
      let row = this.overdue.rowOf(highlight) || this.upcoming.rowOf(highlight);
      if (!row) {
        // A done deadline: if the fold is closed its rows are read now (then it opens on it).
        if (this.doneStale) {
          this.doneStale = false;
          await this.done.load(0);
        }
        row = this.done.rowOf(highlight);
      }
      if (row) {
        row.classList.add('highlight');
        if (row.closest('details') && !row.closest('details').open) row.closest('details').open = true;
        row.scrollIntoView({ block: 'center' });
        const focusable = row.querySelector('input, button');
        if (focusable) focusable.focus({ preventScroll: true });
        setTimeout(() => row.classList.remove('highlight'), 2500);
      }
    }
  }

  showDay(date, list) {
    this.dayDate = date;
    this.dayItems = list;
    clear(this.dayBox).append(h('h4', { class: 'group-title' }, longDate(date)));
    if (list.length) {
      this.dayBox.append(
        h(
          'ul',
          { class: 'day-items' },
          list.map((d) => {
            const due = dueState(d.date, d.done);
            return h(
              'li',
              {},
              h('span', { class: 'day-item-title' }, d.title),
              ' ',
              badge(due.text, due.state === 'overdue' ? 'error' : due.state === 'done' ? 'ok' : ''),
              ' ',
              h('button', { type: 'button', class: 'button link-like small', dataset: { action: 'edit', id: d.id }, 'aria-haspopup': 'dialog', 'aria-label': t('deadlines-edit-label', { title: d.title }) }, t('deadlines-edit')),
            );
          }),
        ),
      );
    } else {
      this.dayBox.append(h('p', { class: 'muted' }, t('deadlines-day-none')));
    }
    this.dayBox.append(h('button', { type: 'button', class: 'button secondary small', dataset: { action: 'add-on-day', date }, 'aria-haspopup': 'dialog' }, t('deadlines-day-add', { date: mediumDate(date) })));
    this.dayBox.hidden = false;
  }

  async setDone(id, done, box) {
    box.disabled = true;
    try {
      await api.updateRecord('deadlines', Number(id), { done });
      announce(t(done ? 'deadlines-marked-done' : 'deadlines-marked-not-done'));
      await this.reloadAll();
      this.ws.changed('deadlines');
    } catch (err) {
      box.checked = !done;
      box.disabled = false;
      this.showError(t('deadlines-not-changed', { error: commandError(err).message }));
    }
  }

  async act(action, d, button) {
    if (action === 'calendar') exportCalendar({ deadlineId: d.id, neutral: this.neutral.checked }, button);
    else if (action === 'edit') this.edit(d, button);
    else if (action === 'delete') {
      const gone = await confirmDelete('deadlines', d, { noun: 'deadline', name: d.title, trigger: button, onError: (e) => this.showError(e.message) });
      if (gone) {
        this.reloadAll();
        this.ws.changed('deadlines');
      }
    }
  }

  async edit(record, trigger, preset = {}) {
    const saved = await this.ws.recordDialog.open(
      {
        title: record ? t('deadlines-edit-title') : t('deadlines-add-title'),
        kind: 'deadlines',
        fields: deadlineFields(record),
        values: record ? { ...record } : { kind: 'filing', date: today(), ...preset },
        saveLabel: record ? t('deadlines-save-changes') : t('deadlines-add-save'),
        submit: (v) => {
          if (!record) return api.createRecord('deadlines', { ...v, caseId: this.ws.caseId });
          const changes = { ...v };
          if (record.ruleId) {
            // A rule's date is the server's to count: a date typed by hand unlinks the rule.
            if (changes.date && changes.date !== record.date) Object.assign(changes, { ruleId: null, triggerDate: null });
            else delete changes.date;
          }
          return api.updateRecord('deadlines', record.id, changes);
        },
      },
      trigger,
    );
    if (saved) {
      this.reloadAll({ highlight: saved.id });
      this.ws.changed('deadlines');
    }
  }

  showError(text) {
    this.error.textContent = text;
    this.error.hidden = false;
    this.error.focus();
  }
}

/**
 * The strip above the Ask transcript: the current case's deadlines not done, overdue ones and
 * those of the next 7 days, each a way to the Deadlines page. Hidden when there are none.
 */
export class DueStrip {
  constructor(root, ws) {
    this.root = root;
    this.ws = ws;
    this.seq = 0;
    root.addEventListener('click', (e) => {
      const button = e.target instanceof Element ? e.target.closest('button[data-deadline-id]') : null;
      if (button) this.ws.go('deadlines', { focusId: Number(button.dataset.deadlineId) });
      else if (e.target instanceof Element && e.target.closest('.due-all')) this.ws.go('deadlines');
    });
    // Another language: the strip is read and said again.
    onLanguageChange(() => {
      if (!this.root.hidden) this.refresh();
    });
  }

  async refresh() {
    const seq = (this.seq += 1);
    if (!this.ws.caseId) {
      this.root.hidden = true;
      return;
    }
    const now = today();
    let answer;
    try {
      // From the start of time: overdue ones too. The contract's `from` is left out on purpose.
      answer = await api.listRecords('deadlines', { caseId: this.ws.caseId, filter: { to: addDays(now, 7), done: false }, limit: 8 });
    } catch {
      if (seq === this.seq) this.root.hidden = true;
      return;
    }
    if (seq !== this.seq) return;
    const items = (answer && answer.items) || [];
    const total = Number(answer && answer.total) || items.length;
    if (!items.length) {
      this.root.hidden = true;
      clear(this.root);
      return;
    }
    const overdue = items.filter((d) => d.date < now).length;
    append(clear(this.root), [
      h('h3', { class: 'due-title', id: 'due-strip-title' }, !overdue ? t('deadlines-due-title') : total > items.length ? t('deadlines-due-overdue-more', { count: overdue }) : t('deadlines-due-overdue', { count: overdue })),
      h(
        'ul',
        { class: 'due-items', 'aria-labelledby': 'due-strip-title' },
        items.map((d) => {
          const due = dueState(d.date, false, now);
          return h(
            'li',
            {},
            h(
              'button',
              { type: 'button', class: ['due-item', `due-${due.state}`], dataset: { deadlineId: d.id, state: due.state } },
              h('span', { class: 'due-when' }, due.state === 'overdue' ? due.text : `${mediumDate(d.date)} · ${due.text}`),
              h('span', { class: 'due-what' }, d.title),
            ),
          );
        }),
      ),
      total > items.length ? h('button', { type: 'button', class: 'button link-like small due-all' }, t('deadlines-due-all', { total })) : null,
    ]);
    this.root.hidden = false;
  }
}
