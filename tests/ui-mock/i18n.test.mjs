// DEVELOPMENT ONLY: the window's languages (ui/i18n.js) with the real message files on disk:
// plurals, a message Spanish lacks said in English and recorded, the page's static text written
// and written again in another language, and dates, numbers and money as Spanish readers write
// them (US Spanish: "30 de noviembre de 2026", "$1,234.50").
//   node --test tests/ui-mock/i18n.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDocument, fire, text } from './fake-dom.mjs';
import { installLocaleFetch } from './l10n.mjs';

installFakeDocument();
globalThis.window = {};
// The files on disk, except that Spanish's common.ftl lacks `common-error-unknown`: the fallback
// to English is seen with the real files, one message taken out.
installLocaleFetch();
const fromDisk = globalThis.fetch;
globalThis.fetch = async (url) => {
  const response = await fromDisk(url);
  if (!String(url).endsWith('/locales/es/common.ftl')) return response;
  const ftl = await response.text();
  return new Response(ftl.replace(/^common-error-unknown = .*$/m, ''), { status: 200 });
};
const warnings = [];
console.warn = (...args) => warnings.push(args.join(' '));

const i18n = await import('../../ui/i18n.js');
const { h } = await import('../../ui/dom.js');
const format = await import('../../ui/format.js');
const { errorText } = await import('../../ui/dom.js');

test('English: messages, variables and plurals from the files', async () => {
  assert.equal(await i18n.loadLanguage('en'), 'en');
  assert.equal(i18n.language(), 'en');
  assert.equal(i18n.locale(), 'en-US');
  assert.equal(i18n.t('app-chat-send'), 'Ask');
  assert.equal(i18n.t('format-due-in', { days: 1 }), 'In 1 day');
  assert.equal(i18n.t('format-due-in', { days: 5 }), 'In 5 days');
  assert.equal(i18n.t('status-restarted', { count: 1 }), 'Restarted 1 time.');
  // A number is written as the language writes it.
  assert.equal(i18n.t('format-page-range', { from: 1, to: 100, total: 5000 }), 'Showing 1–100 of 5,000');
  // A selector on a word, and exact numbers before plural categories.
  assert.equal(i18n.t('settings-idle-lock-option', { minutes: 0 }), 'Never');
  assert.equal(i18n.t('settings-idle-lock-option', { minutes: 60 }), '1 hour');
  assert.equal(i18n.t('settings-idle-lock-option', { minutes: 1 }), '1 minute');
  assert.equal(i18n.t('settings-idle-lock-option', { minutes: 15 }), '15 minutes');
  assert.deepEqual(i18n.tMessage('app-settings-button'), { value: null, attributes: { title: 'Settings (Ctrl+,)', 'aria-label': 'Settings' } });
});

test('Spanish: plurals, dates, numbers and money as US Spanish writes them', async () => {
  assert.equal(await i18n.loadLanguage('es'), 'es');
  assert.equal(i18n.locale(), 'es-US');
  assert.equal(i18n.t('format-due-in', { days: 1 }), 'En 1 día');
  assert.equal(i18n.t('format-due-in', { days: 5 }), 'En 5 días');
  assert.equal(i18n.t('format-due-overdue', { days: 2 }), 'Vencida hace 2 días');
  assert.equal(i18n.t('settings-idle-minutes-option', { minutes: 1 }), '1 minuto sin preguntas');
  assert.equal(i18n.t('settings-idle-minutes-option', { minutes: 60 }), '1 hora sin preguntas');
  assert.equal(i18n.formatDate('2026-11-30'), '30 de noviembre de 2026');
  assert.equal(i18n.formatDate('2026-11-30', 'full'), 'lunes, 30 de noviembre de 2026');
  assert.equal(i18n.formatDate('2026-11-30', 'medium'), '30 nov 2026');
  assert.equal(i18n.formatDate('not a date'), 'not a date');
  assert.match(i18n.formatDateTime(new Date(2026, 10, 30, 15, 4)), /^30 nov 2026, 3:04\s?p\.\s?m\.$/);
  // US dollars with a decimal point, as on a Virginia court paper (not "1234,50 US$").
  assert.equal(i18n.formatMoney(1234.5), '$1,234.50');
  assert.equal(i18n.formatMoney(-20), '-$20.00');
  assert.equal(i18n.formatMoney(-0.001), '$0.00');
  assert.equal(i18n.formatNumber(1234567.5), '1,234,567.5');
  // ui/format.js follows the language.
  assert.equal(format.longDate('2026-11-30'), 'lunes, 30 de noviembre de 2026');
  assert.equal(format.mediumDate('2026-11-30'), '30 nov 2026');
  assert.equal(format.monthTitle({ year: 2026, month: 11 }), 'Noviembre de 2026');
  assert.equal(format.formatMoney(86.5), '$86.50');
  assert.deepEqual(format.moneyFlow(-86.5), { direction: 'received', text: 'Recibido: $86.50' });
  assert.deepEqual(format.dueState('2026-12-01', false, '2026-11-30'), { state: 'soon', text: 'Vence mañana' });
  assert.equal(format.pageText(0, 100, 5000), 'Mostrando 1–100 de 5,000');
  assert.equal(format.parseMoney('$1,234.50'), 1234.5, 'typed as in English');
  assert.equal(format.WEEKDAYS[1], 'lunes', 'the calendar’s days follow the language');
});

test('a message Spanish lacks is said in English, recorded and warned about; an unknown id is itself', async () => {
  await i18n.loadLanguage('es');
  i18n.clearMissingMessages();
  warnings.length = 0;
  assert.equal(i18n.t('common-error-unknown'), 'Something went wrong.');
  assert.equal(errorText(null), 'Something went wrong.', 'dom.js says it through t()');
  assert.deepEqual(i18n.missingMessages(), [{ language: 'es', id: 'common-error-unknown' }], 'recorded once');
  assert.equal(warnings.length, 1);
  assert.match(warnings[0], /es has no message common-error-unknown; said in English/);
  assert.equal(i18n.t('no-such-message'), 'no-such-message');
  assert.deepEqual(i18n.missingMessages().map((m) => m.id), ['common-error-unknown', 'no-such-message']);
});

test('localizeDom writes text and listed attributes, keeps named children, and a switch writes them again', async () => {
  await i18n.loadLanguage('en');
  document.documentElement = h('html', { lang: 'en' });
  let started = 0;
  const start = h('button', { id: 'open-start', 'data-l10n-name': 'start', on: { click: () => (started += 1) } }, 'Start here');
  const again = h('p', { 'data-l10n-id': 'app-chat-start-again' }, 'Have a court paper? ', start);
  const stop = h('button', { 'data-l10n-id': 'app-chat-stop' }, h('span', { class: 'stop-square', 'aria-hidden': 'true' }), 'Stop');
  const settings = h('button', { 'data-l10n-id': 'app-settings-button', title: 'x', 'aria-label': 'x' }, h('span', { 'data-l10n-id': 'app-settings-button-label' }, 'x'));
  const help = h('p', { 'data-l10n-id': 'app-chat-help' }, 'x');
  const option = h('option', { 'data-l10n-id': 'settings-idle-lock-option', 'data-l10n-args': '{"minutes": 30}' }, 'x');
  const status = h('span', { 'data-l10n-id': 'status-server-state', 'data-l10n-args': '{"state": "starting", "restarts": 0}' }, 'x');
  document.body.append(again, stop, settings, help, option, status);

  i18n.localizeDom(document);
  assert.equal(text(again), 'Have a court paper and not sure where to begin? Start here');
  assert.equal(again.childNodes[1], start, 'the very button, with its id and listener');
  assert.equal(settings.getAttribute('title'), 'Settings (Ctrl+,)');
  assert.equal(settings.getAttribute('aria-label'), 'Settings');
  assert.equal(text(settings), 'Settings');
  assert.equal(stop.childNodes[0].getAttribute('class'), 'stop-square', 'a decoration stays in front');
  assert.equal(text(stop), 'Stop');
  assert.equal(help.childNodes[1].localName, 'strong');
  assert.equal(text(help), 'Enter sends · Shift+Enter adds a line. Legal information, not legal advice.');
  assert.equal(text(option), '30 minutes');
  assert.equal(text(status), 'Case data: starting…');

  // The status line wrote its own text since: a new language leaves it to status.js.
  status.textContent = 'Case data: ready';
  const heard = [];
  const stopListening = i18n.onLanguageChange((lang) => heard.push(lang));
  assert.equal(await i18n.setLanguage('es'), 'es');
  stopListening();
  assert.deepEqual(heard, ['es']);
  assert.equal(document.documentElement.lang, 'es-US');
  assert.equal(text(again), '¿Tiene un papel del tribunal y no sabe por dónde empezar? Empiece aquí');
  assert.equal(again.childNodes[1], start);
  fire(start, 'click');
  assert.equal(started, 1, 'its listener still works');
  assert.equal(settings.getAttribute('title'), 'Configuración (Ctrl+,)');
  assert.equal(text(settings), 'Configuración');
  assert.equal(text(stop), 'Detener');
  assert.equal(stop.childNodes[0].getAttribute('class'), 'stop-square');
  assert.equal(text(help), 'Enter envía · Shift+Enter agrega una línea. Información legal, no asesoría legal.');
  assert.equal(text(option), '30 minutos');
  assert.equal(text(status), 'Case data: ready', 'taken over by its module');

  // And back.
  await i18n.setLanguage('en');
  assert.equal(text(again), 'Have a court paper and not sure where to begin? Start here');
  assert.equal(format.WEEKDAYS[1], 'Monday');
  assert.equal(i18n.formatDate('2026-11-30'), 'November 30, 2026');
  // Anything else is English.
  assert.equal(await i18n.loadLanguage('fr'), 'en');
});

test('markup a translation asks for that the element lacks is plain text; attributes are an allow-list', async () => {
  await i18n.loadLanguage('en');
  warnings.length = 0;
  // A message for an element whose markup asks for an element it does not have: plain text.
  const p = h('p', { 'data-l10n-id': 'app-research-keys-hint' }, 'x');
  i18n.localizeDom(p);
  assert.equal(text(p), 'Some services need a free key: add them under Settings.');
  assert.equal(p.children.length, 0, 'no <settings> element made');
  assert.ok(warnings.some((w) => /<settings> is neither/.test(w)));
  assert.ok(!i18n.LOCALIZABLE_ATTRIBUTES.has('href') && !i18n.LOCALIZABLE_ATTRIBUTES.has('onclick') && !i18n.LOCALIZABLE_ATTRIBUTES.has('style'));
});
