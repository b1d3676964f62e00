// DEVELOPMENT ONLY: the Deadlines page's month calendar (ui/calendar.js), "Add to my calendar"
// (ui/calendar-export.js) and "Add a deadline from a rule" (ui/rules.js) in Spanish, in the small
// stand-in document (fake-dom.mjs): month and weekday names from the language itself, each drawn
// in English and said again when the language changes, then used in Spanish, with no English
// word of their own left. What the app says is given here in Spanish-looking words.
//   node --test tests/ui-mock/calendar-es.test.mjs

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDocument, fire, settle, only, text } from './fake-dom.mjs';
import { englishOf, englishLeft, useLanguage } from './l10n.mjs';

// ------------------------------------------------------------------ English words left on screen


// English month and weekday names, which Intl says in Spanish.
const NAMES = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december', 'sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

// ------------------------------------------------------------------ the app

installFakeDocument();
globalThis.window = globalThis;
globalThis.performance ??= { mark() {}, measure() {}, getEntriesByName: () => [], clearMeasures() {} };

let answers = {};
let calls = [];
window.__TAURI__ = {
  core: {
    invoke: async (command, args) => {
      calls.push({ command, args });
      const answer = answers[command];
      if (answer === undefined) throw { code: 'internal', message: `sin ${command}` };
      return typeof answer === 'function' ? answer(args) : answer;
    },
  },
};

const i18n = await useLanguage('en');
const { MonthCalendar, weekdays } = await import('../../ui/calendar.js');
const { calendarButton, calendarGroup, neutralChoice } = await import('../../ui/calendar-export.js');
const { RuleDialog } = await import('../../ui/rules.js');
const { h } = await import('../../ui/dom.js');

const announcer = h('div', { id: 'announcer' });
const said = async () => {
  await settle();
  return announcer.textContent;
};

beforeEach(async () => {
  await i18n.loadLanguage('en');
  document.body.replaceChildren(announcer);
  calls = [];
  answers = {};
});

// ------------------------------------------------------------------ the month calendar

const DEADLINES = [
  { id: 1, date: '2025-11-03', title: 'Audiencia', done: false },
  { id: 2, date: '2025-11-03', title: 'Aviso', done: true },
  { id: 3, date: '2025-11-03', title: 'Pago', done: false },
  { id: 4, date: '2025-11-20', title: 'Entrega', done: true },
];

test('the month calendar: month and weekday names from the language, the days named in Spanish after a switch', async () => {
  assert.deepEqual(weekdays().map((w) => w.short), ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
  const root = h('div', { id: 'deadline-calendar' });
  document.body.append(root);
  const picked = [];
  const cal = new MonthCalendar(root, { fetchMonth: async () => DEADLINES, onPick: (date, list) => picked.push([date, list.length]) });
  await cal.moveTo('2025-11-03');
  assert.equal(text(only(root, '#calendar-title')), 'November 2025');
  assert.equal(only(root, 'button.cal-day[data-date="2025-11-03"]').getAttribute('aria-label'), 'Monday, November 3, 2025, 3 deadlines, overdue: Audiencia; Aviso (done); Pago');
  const english = new Set([...englishOf(['calendar']), ...NAMES]);
  assert.ok(englishLeft(root, english).length > 10);

  await i18n.loadLanguage('es');
  assert.deepEqual(englishLeft(root, english), []);
  assert.equal(text(only(root, '#calendar-title')), 'Noviembre de 2025');
  assert.deepEqual(root.querySelectorAll('thead th').map((th) => th.getAttribute('abbr')), ['domingo', 'lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado']);
  assert.deepEqual(root.querySelectorAll('thead th span[aria-hidden="true"]').map(text), ['dom', 'lun', 'mar', 'mié', 'jue', 'vie', 'sáb']);
  assert.equal(only(root, 'button.cal-prev').getAttribute('aria-label'), 'Mes anterior');
  assert.equal(only(root, 'button.cal-next').getAttribute('title'), 'Mes siguiente');
  assert.equal(text(only(root, 'button.cal-today')), 'Hoy');
  const day = only(root, 'button.cal-day[data-date="2025-11-03"]');
  assert.equal(day.getAttribute('aria-label'), 'lunes, 3 de noviembre de 2025, 3 fechas límite, vencidas: Audiencia; Aviso (hecha); Pago');
  assert.equal(text(only(day, '.cal-more')), '+1 más');
  assert.equal(only(root, 'button.cal-day[data-date="2025-11-20"]').getAttribute('aria-label'), 'jueves, 20 de noviembre de 2025, 1 fecha límite: Entrega (hecha)');
  assert.match(text(only(root, '#calendar-help')), /^Las flechas pasan de un día a otro/);

  // The next month, and today, in Spanish.
  fire(only(root, 'button.cal-next'), 'click');
  await settle();
  assert.equal(text(only(root, '#calendar-title')), 'Diciembre de 2025');
  fire(only(root, 'button.cal-today'), 'click');
  await settle();
  const today = only(root, 'button.cal-day.today');
  assert.match(today.getAttribute('aria-label'), /^\d{1,2} Hoy, \p{L}+, \d{1,2} de \p{L}+ de \d{4}/u);
  assert.equal(text(only(today, '.cal-today-tag')), 'Hoy');
  assert.deepEqual(englishLeft(root, english), []);
  fire(only(root, 'button.cal-day[data-date="' + today.dataset.date + '"]'), 'click');
  assert.equal(picked.length, 1);
});

// ------------------------------------------------------------------ Add to my calendar

test('Add to my calendar in Spanish: the buttons, the tick box, the file saved and how to import it', async () => {
  answers.calendar_export = { path: '/home/ana/Exportaciones/proseva-calendario.ics', fileName: 'proseva-calendario.ics', events: 3 };
  const choice = neutralChoice('deadlines-calendar-neutral');
  const all = calendarButton('all', () => ({}), { neutral: choice });
  const head = h('header', { class: 'page-head' }, calendarGroup(all, choice), calendarButton('case', () => ({ caseId: 1 })));
  document.body.append(h('section', {}, head));
  assert.equal(all.textContent, 'Add everything to my calendar');
  await i18n.loadLanguage('es');
  assert.equal(all.textContent, 'Agregar todo a mi calendario');
  assert.equal(head.querySelectorAll('button')[1].textContent, 'Agregar este caso a mi calendario');
  assert.equal(choice.root.textContent, 'Títulos neutrales (nada sobre el caso)');
  assert.equal(calendarButton('deadline', () => ({ deadlineId: 1 })).textContent, 'Agregar a mi calendario');

  choice.box.checked = true;
  fire(all, 'click');
  assert.equal(await said(), 'Archivo de calendario guardado: proseva-calendario.ics. 3 eventos.');
  assert.deepEqual(calls.at(-1), { command: 'calendar_export', args: { neutral: true } });
  const result = document.getElementById('calendar-export-result');
  assert.equal(result.querySelector('.calendar-export-line').textContent, 'Se guardaron 3 eventos para su calendario en /home/ana/Exportaciones/proseva-calendario.ics.');
  assert.equal(only(result, '#calendar-export-path').textContent, '/home/ana/Exportaciones/proseva-calendario.ics');
  assert.equal(text(only(result, 'summary')), 'Cómo agregar el archivo a su calendario');
  assert.deepEqual(result.querySelectorAll('li strong').map((s) => s.textContent), ['Google Calendar: ', 'Outlook: ', 'Calendario de Apple: ']);
  const english = englishOf(['calendar-export']);
  assert.deepEqual(englishLeft(result, english), []);
  assert.deepEqual(englishLeft(head, english), []);

  // Said again in English, and back, where it is.
  await i18n.loadLanguage('en');
  assert.equal(result.querySelector('.calendar-export-line').textContent, 'Saved 3 events for your calendar in /home/ana/Exportaciones/proseva-calendario.ics.');
  assert.equal(text(only(result, 'summary')), 'How to add the file to your calendar');
  assert.equal(choice.root.textContent, 'Neutral titles (nothing about the case)');
  await i18n.loadLanguage('es');
  assert.deepEqual(englishLeft(result, english), []);

  answers.calendar_export = { path: '/home/ana/Exportaciones/vacio.ics', fileName: 'vacio.ics', events: 0 };
  fire(all, 'click');
  await settle();
  assert.equal(result.querySelector('.calendar-export-line').textContent, 'Se guardó un archivo de calendario todavía sin eventos (primero agregue una fecha límite) en /home/ana/Exportaciones/vacio.ics.');
  answers.calendar_export = () => Promise.reject({ code: 'not_found', message: 'no hay tal fecha límite' });
  fire(all, 'click');
  await settle();
  assert.equal(result.textContent, 'No se guardó el archivo de calendario: No se encontró lo que buscaba. Puede que se haya borrado.');
});

// ------------------------------------------------------------------ Add a deadline from a rule

const BOOK = {
  about: 'Reglas de Virginia; vea § 8.01-129.',
  caveats: ['Pregunte en la oficina del secretario del tribunal.'],
  rules: [
    {
      id: 'apelacion',
      title: 'Apelación',
      citation: 'Va. Code § 16.1-106',
      days: 10,
      after: 'la audiencia',
      court: 'Tribunal General de Distrito',
      note: 'El día de la audiencia.',
      kind: 'appeal',
      due: [
        { what: 'el aviso de apelación', citation: '§ 16.1-106' },
        { what: 'la fianza de apelación', citation: '§ 16.1-107' },
        { what: 'el impuesto', citation: '§ 8.01-129', days: 30 },
      ],
    },
    { id: 'uno', title: 'Un día', citation: '§ 1-1', days: 1, after: 'la carta', kind: 'other', due: [] },
  ],
};
const COMPUTED = {
  date: '2025-11-10',
  triggerDate: '2025-10-31',
  ruleId: 'apelacion',
  citation: 'Va. Code § 16.1-106',
  explanation: 'Diez días después de la audiencia (§ 16.1-106).',
  countedDate: '2025-11-09',
  skipped: [{ date: '2025-11-09', reason: 'domingo' }],
  due: [{ date: '2025-11-10', what: 'el aviso de apelación', citation: '§ 16.1-106' }],
};

/** The rule dialog of ui/index.html. */
function ruleDialog() {
  const p = (id) => h('p', { id });
  const dialog = h(
    'dialog',
    { id: 'deadline-rule-dialog' },
    h(
      'form',
      { id: 'rule-form' },
      p('rule-about'),
      p('rule-error'),
      h('ul', { id: 'rule-list' }),
      p('err-rule-list'),
      h('label', { id: 'rule-trigger-label' }, '2. Date of the event the days count from'),
      h('input', { id: 'rule-trigger', type: 'date' }),
      p('rule-trigger-hint'),
      p('err-rule-trigger'),
      h('input', { id: 'rule-title' }),
      p('err-rule-title'),
      h('section', { id: 'deadline-rule-preview', 'data-state': 'empty' }),
      h('ul', { id: 'rule-caveats' }),
      h('button', { id: 'rule-cancel' }),
      h('button', { id: 'rule-close' }),
      h('button', { id: 'rule-save', type: 'submit' }),
    ),
  );
  dialog.close = () => {
    dialog.open = false;
    fire(dialog, 'close');
  };
  dialog.showModal = () => (dialog.open = true);
  document.body.append(dialog);
  return dialog;
}

test('a deadline from a rule in Spanish: the rules, the date it gives and how it was counted, then saved', async () => {
  answers.deadline_rules = BOOK;
  answers.compute_deadline = COMPUTED;
  answers.create_record = ({ record }) => ({ id: 9, date: '2025-11-10', ...record });
  const dialog = ruleDialog();
  const rules = new RuleDialog(dialog);
  const opened = rules.open(1, null);
  await settle();
  const english = englishOf(['rules', 'markdown']);
  assert.match(text(dialog.querySelector('li.rule-option .rule-meta')), /10 days after la audiencia/);
  assert.equal(text(only(dialog, '#deadline-rule-preview')), 'Pick a rule and enter the date: the deadline it gives, and how it was counted, shows here before you save.');

  await i18n.loadLanguage('es');
  const [appeal] = dialog.querySelectorAll('li.rule-option');
  assert.equal(text(appeal.querySelector('p.rule-meta')), 'Va. Code § 16.1-106 · 10 días después de la audiencia · Tribunal General de Distrito');
  assert.deepEqual(appeal.querySelectorAll('p.rule-due').map((p) => p.textContent), [
    'Vence para entonces: el aviso de apelación y la fianza de apelación (§ 16.1-106, § 16.1-107)',
    'Vence en 30 días: el impuesto (§ 8.01-129)',
  ]);
  assert.equal(dialog.querySelectorAll('li.rule-option')[1].querySelector('p.rule-meta').textContent, '§ 1-1 · 1 día después de la carta');
  assert.equal(text(only(dialog, '#deadline-rule-preview')), 'Elija una regla y escriba la fecha: la fecha límite que da, y cómo se contó, aparece aquí antes de guardar.');

  only(appeal, 'input[name="rule"]').checked = true;
  fire(only(dialog, '#rule-list'), 'change');
  assert.equal(text(only(dialog, '#rule-trigger-label')), '2. Fecha de la audiencia');
  only(dialog, '#rule-trigger').value = '2025-10-31';
  fire(only(dialog, '#rule-trigger'), 'change');
  assert.equal(await said(), 'La fecha límite sería el lunes, 10 de noviembre de 2025.');
  const preview = only(dialog, '#deadline-rule-preview');
  assert.equal(preview.dataset.state, 'ready');
  assert.deepEqual(preview.querySelectorAll('p.preview-eyebrow, p.preview-date, h3.preview-subtitle, p.preview-warning').map(text), [
    'La fecha límite',
    'lunes, 10 de noviembre de 2025',
    'Lo que vence',
    'Se movió del domingo, 9 de noviembre de 2025: se saltó 1 día',
    '⚠ Esta fecha ya pasó.',
  ]);
  assert.deepEqual(englishLeft(dialog, english), []);
  // Said again in English where it stands, the rule still chosen.
  await i18n.loadLanguage('en');
  assert.equal(text(only(dialog, '#rule-trigger-label')), '2. Date of la audiencia');
  assert.equal(text(preview.querySelector('h3.preview-subtitle')), 'What is due');
  assert.equal(only(dialog, 'input[name="rule"][value="apelacion"]').checked, true);
  await i18n.loadLanguage('es');
  assert.deepEqual(englishLeft(dialog, english), []);

  fire(only(dialog, '#rule-form'), 'submit');
  assert.equal(await said(), 'Fecha límite guardada para el lunes, 10 de noviembre de 2025.');
  const saved = await opened;
  assert.equal(saved.id, 9);
  assert.deepEqual(calls.at(-1).args.record, { caseId: 1, title: 'Apelación', kind: 'appeal', ruleId: 'apelacion', triggerDate: '2025-10-31', sourceRule: 'Va. Code § 16.1-106', dateNote: COMPUTED.explanation });
});

test('a rule book that cannot be read, and a deadline not saved, say why in Spanish', async () => {
  await i18n.loadLanguage('es');
  answers.deadline_rules = () => Promise.reject({ code: 'unavailable', message: 'el servidor no está funcionando' });
  const dialog = ruleDialog();
  const rules = new RuleDialog(dialog);
  rules.open(1, null);
  await settle();
  assert.equal(text(only(dialog, '#rule-error')), 'No se pudieron leer las reglas: Un servicio que ProSeVA necesita no está disponible ahora. Inténtelo de nuevo en un momento.');
  await i18n.loadLanguage('en');
  // The refusal was said when it came, in Spanish; the frame around it follows the language.
  assert.equal(text(only(dialog, '#rule-error')), 'The rules could not be read: Un servicio que ProSeVA necesita no está disponible ahora. Inténtelo de nuevo en un momento.');
  await i18n.loadLanguage('es');

  answers.deadline_rules = BOOK;
  answers.compute_deadline = COMPUTED;
  answers.create_record = () => Promise.reject({ code: 'internal', message: 'disco lleno' });
  rules.open(1, null);
  await settle();
  only(dialog, 'input[name="rule"][value="apelacion"]').checked = true;
  fire(only(dialog, '#rule-list'), 'change');
  only(dialog, '#rule-trigger').value = '2025-10-31';
  fire(only(dialog, '#rule-trigger'), 'change');
  await settle();
  fire(only(dialog, '#rule-form'), 'submit');
  await settle();
  assert.equal(text(only(dialog, '#rule-error')), 'No se guardó: Algo salió mal dentro de ProSeVA.');
  assert.deepEqual(englishLeft(dialog, englishOf(['rules', 'markdown'])), []);
});
