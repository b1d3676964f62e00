// DEVELOPMENT ONLY: the Law tab (ui/library.js), the Diagnostics dialog (ui/diagnostics.js) and
// Settings → Backups (ui/backup.js) in Spanish, in the small stand-in document (fake-dom.mjs):
// each drawn in English, said again when the language changes, then used in Spanish, with no
// English word of their own left. What the app says is given here in Spanish-looking words. Also:
// the Law tab's monthly switch saves every setting it read, with only `lawUpdates` changed.
//   node --test tests/ui-mock/library-es.test.mjs

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDocument, fire, settle, only, text } from './fake-dom.mjs';
import { englishOf, englishLeft, useLanguage } from './l10n.mjs';

// ------------------------------------------------------------------ English words left on screen


// ------------------------------------------------------------------ the app

installFakeDocument();
globalThis.window = globalThis;

/** The app's answers to each command (a test changes them); every call is kept. */
let answers = {};
let calls = [];
let pushStatus = null;
window.__TAURI__ = {
  core: {
    Channel: class {},
    invoke: async (command, args) => {
      calls.push({ command, args });
      if (command === 'subscribe_library') {
        pushStatus = (status) => args.onStatus.onmessage(status);
        return null;
      }
      const answer = answers[command];
      if (answer === undefined) throw { code: 'internal', message: `sin ${command}` };
      return typeof answer === 'function' ? answer(args) : answer;
    },
  },
};

const i18n = await useLanguage('en');
const { LibraryView, monthlySettings } = await import('../../ui/library.js');
const { DiagnosticsView } = await import('../../ui/diagnostics.js');
const { BackupSection } = await import('../../ui/backup.js');
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

// ------------------------------------------------------------------ the Law tab

/** The Law panel's parts, as ui/index.html has them. */
function lawPanel() {
  const ids = ['library-holds', 'library-last-check', 'library-monthly-error', 'library-speed', 'library-build-text', 'library-progress-file', 'library-import-progress', 'library-files-summary'];
  const parts = Object.fromEntries(ids.map((id) => [id, h('p', { id })]));
  const root = h(
    'section',
    { id: 'panel-library' },
    Object.values(parts),
    h('button', { id: 'library-download' }, 'Download the official Code of Virginia'),
    h('button', { id: 'library-check', hidden: true }),
    h('button', { id: 'library-import' }),
    h('button', { id: 'library-import-folder' }),
    h('input', { id: 'library-import-input', type: 'file' }),
    h('input', { id: 'library-import-folder-input', type: 'file' }),
    h('div', { id: 'library-monthly-row', hidden: true }, h('input', { type: 'checkbox', id: 'library-monthly' })),
    h('div', { id: 'library-run', hidden: true }, h('div', { id: 'library-download-progress' }, h('progress', { id: 'library-file-bar' })), h('div', { id: 'library-build', hidden: true }, h('progress', { id: 'library-build-bar' })), h('ul', { id: 'library-counts' })),
    h('div', { id: 'library-message', hidden: true }),
    h('details', { id: 'library-details', hidden: true }, h('pre', { id: 'library-details-text' })),
    h('div', { id: 'library-failed-box', hidden: true }, h('ul', { id: 'library-failed' })),
    h('details', { id: 'library-files', hidden: true }, h('table', {}, h('tbody', { id: 'library-files-list' }))),
  );
  document.body.append(root);
  return root;
}

const GRAPH = {
  corpus: 'official',
  nodeCount: 38460,
  embeddingCount: 12000,
  semanticSearch: true,
  builtAt: '2026-11-26T13:00:00Z',
  sectionTextKinds: [{ type: 'official', count: 33012 }, { type: 'summary', count: 9 }],
  nodeTypes: [{ type: 'title', count: 72 }, { type: 'constitution_section', count: 168 }],
  embeddingProgress: { state: 'running', done: 12000, total: 33021, perSecond: 2.5, secondsLeft: 300 },
};
const FILES = [
  { name: 'CoVTitle_1.csv', rows: 1200, lastModified: '2024-07-01T00:00:00Z', retrievedAt: '2026-11-26T13:00:00Z', origin: 'download' },
  { name: 'CoVTitle_2.csv', rows: 80, lastModified: null, retrievedAt: '2026-11-26T13:00:00Z', origin: 'import' },
];
const DONE = { phase: 'done', kind: 'update', filesOnDisk: 2, lastCheck: '2026-11-26T13:00:00Z', newOrChanged: 1, unchanged: 1, notPublished: ['CoVTitle_7.csv'], failed: [{ name: 'CoVTitle_3.csv', reason: 'CoVTitle_3.csv: el sitio respondió 500' }], files: FILES, asOf: '2026-11-26T13:00:00Z', message: 'Listo.' };

test('the Law tab: what the library holds and the last download, in English, then said again in Spanish', async () => {
  answers.library_status = { starterSummaries: 437, graph: GRAPH, library: DONE };
  answers.get_settings = { lawUpdates: true };
  const root = lawPanel();
  const view = new LibraryView(root);
  view.shown();
  await settle();
  const english = englishOf(['library']);
  assert.equal(text(only(root, '#library-download')), 'Download the official Code of Virginia');
  assert.match(text(only(root, '#library-holds')), /^Official text of 33,012 sections \(Code of Virginia and Constitution\), with 428 plain-language summaries beside them\./);
  assert.ok(englishLeft(root, english).length > 20);

  await i18n.loadLanguage('es');
  assert.deepEqual(englishLeft(root, english), []);
  const holds = only(root, '#library-holds');
  assert.equal(text(only(holds, '.library-holds-line')), 'Texto oficial de 33,012 secciones (Código de Virginia y Constitución), con 428 resúmenes en lenguaje sencillo al lado.');
  assert.deepEqual(holds.querySelectorAll('.library-facts li').map(text).slice(0, 2), ['72 títulos del Código', '9 secciones más todavía son solo un resumen (su texto oficial no está descargado)']);
  assert.match(text(holds.querySelectorAll('.library-facts li')[2]), /^Se hizo el 26 nov 2026/);
  assert.equal(holds.querySelectorAll('.library-facts time').length, 1, 'the date is a <time>');
  assert.equal(
    text(only(holds, '#library-embedding p')),
    'Preparando la biblioteca para buscar por significado: 12,000 de 33,021, 2.5 por segundo, faltan más o menos 5 minutos. Mientras tanto, la búsqueda por palabras funciona para todo; sus preguntas van primero.',
  );
  assert.equal(text(only(holds, '#library-embedding-pause')), 'Pausar');
  assert.equal(text(only(root, '#library-download')), 'Descargar el Código oficial de Virginia');
  assert.match(text(only(root, '#library-last-check')), /^2 archivos del Código oficial en esta computadora\. Última revisión: 26 nov 2026.*\.$/);
  assert.deepEqual(only(root, '#library-counts').querySelectorAll('li').map(text), ['Nuevos o cambiados: 1', 'Sin cambios: 1', 'No publicados: 1', 'No descargados: 1']);
  assert.equal(text(only(root, '#library-failed li')), 'CoVTitle_3.csv — el sitio respondió 500');
  assert.match(text(only(root, '#library-files-summary')), /^2 archivos en esta computadora: texto oficial al 26 nov 2026/);
  const rows = only(root, '#library-files-list').querySelectorAll('tr').map((tr) => tr.querySelectorAll('td').map(text));
  assert.equal(rows[1][1], 'no lo dice');
  assert.match(rows[0][2], /^descargado el 26 nov 2026/);
  assert.match(rows[1][2], /^importado el 26 nov 2026/);
  assert.equal(text(only(root, '#library-message')), 'Listo.', 'the app’s own message, as it came');
});

test('the Law tab in Spanish: a download as it goes, an import, a refusal', async () => {
  await i18n.loadLanguage('es');
  answers.library_status = { starterSummaries: 437, graph: null, library: { phase: 'idle', filesOnDisk: 0 } };
  answers.get_settings = { lawUpdates: true };
  answers.library_download = { started: true };
  const root = lawPanel();
  const view = new LibraryView(root);
  view.shown();
  await settle();
  const english = englishOf(['library']);
  assert.equal(text(only(root, '#library-holds')), 'La base de leyes todavía no está funcionando; lo que tiene aparecerá aquí cuando funcione (la línea de estado de abajo dice más).');

  fire(only(root, '#library-download'), 'click');
  pushStatus({ phase: 'downloading', kind: 'download', filesOnDisk: 0, fileCount: 83, file: null });
  assert.equal(await said(), 'Empezó la descarga del Código oficial.');
  assert.equal(text(only(root, '#library-progress-file')), 'Preparándose para descargar 83 archivos…');
  pushStatus({ phase: 'downloading', kind: 'download', filesOnDisk: 2, fileCount: 83, file: 'CoVTitle_20.csv', fileNumber: 3, bytes: 1258291, totalBytes: 3565158, bytesPerSecond: 86016, newOrChanged: 2, unchanged: 0, notPublished: [] });
  assert.equal(text(only(root, '#library-progress-file')), 'Archivo 3 de 83: CoVTitle_20.csv');
  assert.equal(text(only(root, '#library-speed')), '1.2 MB de 3.4 MB · 84 KB/s');
  pushStatus({ phase: 'building', kind: 'download', filesOnDisk: 83, buildStage: 'writing', buildDone: 12000, buildTotal: 33012, newOrChanged: 83, unchanged: 0, notPublished: [] });
  assert.equal(await said(), 'Descargado. Armando la biblioteca.');
  assert.equal(text(only(root, '#library-build-text')), 'Armando la biblioteca: escribiendo las secciones 12,000/33,012');
  assert.deepEqual(englishLeft(root, english), []);
  pushStatus({ phase: 'building', kind: 'download', filesOnDisk: 83, buildStage: null, newOrChanged: 83, unchanged: 0, notPublished: [] });
  assert.equal(text(only(root, '#library-build-text')), 'Armando la biblioteca: empezando');

  // An import: one file kept, one refused, one that is not a .csv (not sent).
  pushStatus({ phase: 'idle', filesOnDisk: 83 });
  answers.library_import_file = (bytes) => (bytes.length === 1 ? { accepted: { file: 'a.csv' } } : { refused: null });
  answers.library_import_finish = { started: true };
  const file = (name, size) => ({ name, lastModified: 0, arrayBuffer: async () => new ArrayBuffer(size) });
  await view.importFiles([file('a.csv', 1), file('b.csv', 2), file('notas.txt', 3)]);
  assert.equal(text(only(root, '#library-import-progress')), '1 archivo de 2 revisado y guardado; 1 rechazado.');
  assert.deepEqual(calls.find((c) => c.command === 'library_import_finish').args.refused, [{ name: 'b.csv', reason: 'no se aceptó' }]);
  assert.equal(await said(), 'Armando la biblioteca con los archivos importados.');
  await view.importFiles([file('notas.txt', 3)]);
  assert.equal(only(root, '#library-message').textContent, 'Ninguno de los archivos elegidos es un archivo .csv guardado del sitio de LIS.');
  // Our own message is said again in another language.
  await i18n.loadLanguage('en');
  assert.equal(only(root, '#library-message').textContent, 'None of the chosen files is a .csv file saved from the LIS site.');
  await i18n.loadLanguage('es');

  // A check that cannot start says why.
  answers.library_check_updates = () => Promise.reject({ code: 'unavailable', message: 'sin conexión' });
  fire(only(root, '#library-check'), 'click');
  await settle();
  assert.equal(text(only(root, '#library-message')), 'No se pudo empezar la revisión: Un servicio que ProSeVA necesita no está disponible ahora. Inténtelo de nuevo en un momento.');
  assert.deepEqual(englishLeft(root, english), []);
});

test('the monthly switch saves every setting it read with only lawUpdates changed (the language, the local model and the rest kept)', async () => {
  const read = {
    language: 'es',
    systemLanguage: 'en',
    baseUrl: 'http://127.0.0.1:11434/v1',
    smallModel: 'qwen3:1.7b',
    largeModel: 'qwen3:8b',
    offline: false,
    openalexEmail: 'ana@example.com',
    lawUpdates: true,
    mcpCaseData: true,
    localModel: '/home/ana/modelos/qwen3-1.7b-q4_k_m.gguf',
    localModelName: 'Qwen3 1.7B',
    localModelIdleMinutes: 20,
    secrets: [{ name: 'SERPAPI_API_KEY', label: 'SerpApi', set: true, store: 'keyring' }],
  };
  const kept = { ...read };
  for (const viewOnly of ['secrets', 'systemLanguage', 'localModelName']) delete kept[viewOnly];
  assert.deepEqual(monthlySettings(read, false), { ...kept, lawUpdates: false });
  assert.deepEqual(read.lawUpdates, true, 'what was read is left as it was');
  // Following the computer's language (none chosen) stays so.
  assert.equal(monthlySettings({ ...read, language: null }, true).language, null);

  await i18n.loadLanguage('es');
  answers.library_status = { starterSummaries: 0, graph: null, library: { phase: 'idle', filesOnDisk: 2, lastCheck: '2026-11-26T13:00:00Z' } };
  answers.get_settings = read;
  answers.save_settings = ({ settings }) => ({ ...read, ...settings });
  const root = lawPanel();
  const view = new LibraryView(root);
  view.shown();
  await settle();
  const monthly = only(root, '#library-monthly');
  assert.equal(monthly.checked, true);
  monthly.checked = false;
  fire(monthly, 'change');
  assert.equal(await said(), 'La búsqueda mensual de actualizaciones está apagada.');
  const saved = calls.filter((c) => c.command === 'save_settings');
  assert.equal(saved.length, 1);
  assert.deepEqual(saved[0].args, { settings: { ...kept, lawUpdates: false }, secrets: {} });
  assert.equal(monthly.checked, false);

  // Refused: the switch goes back, and says why.
  answers.save_settings = () => Promise.reject({ code: 'invalid_input', message: 'no se pudo escribir' });
  monthly.checked = true;
  fire(monthly, 'change');
  await settle();
  assert.equal(monthly.checked, false);
  assert.equal(text(only(root, '#library-monthly-error')), 'No se guardó: Revise los datos que escribió.');
});

// ------------------------------------------------------------------ Diagnostics

test('Diagnostics in Spanish: the figures, the outside services, and no look-ups yet', async () => {
  const dialog = h(
    'dialog',
    { id: 'diagnostics' },
    h('table', { id: 'diagnostics-tools' }, h('tbody')),
    h('p', { id: 'diagnostics-empty', hidden: true }),
    h('ul', { id: 'diagnostics-services' }),
    h('button', { id: 'diagnostics-close' }),
    h('button', { id: 'diagnostics-refresh' }),
  );
  dialog.showModal = () => (dialog.open = true);
  const opener = h('button', { id: 'open-diagnostics' });
  document.body.append(dialog, opener);
  answers.diagnostics = {
    tools: [{ tool: 'buscar_ley', calls: 1234, failures: 2, p50Ms: 40, p95Ms: 1500, topError: 'tiempo agotado' }],
    services: [
      { service: 'CourtListener', state: 'paused', retryAfter: 30, trips: 2 },
      { service: 'OpenAlex', state: 'ok', trips: 0 },
      { service: 'LIS', state: 'failing', trips: 1 },
      { service: 'SerpApi', state: 'trying', trips: 0 },
    ],
  };
  new DiagnosticsView(dialog, opener);
  fire(opener, 'click');
  await settle();
  const english = englishOf(['diagnostics']);
  assert.match(text(only(dialog, '#diagnostics-services')), /CourtListener: paused for 30 s more — paused 2 times since ProSeVA started/);
  await i18n.loadLanguage('es');
  assert.deepEqual(dialog.querySelectorAll('#diagnostics-services li').map(text), [
    'CourtListener: en pausa por 30 s más — en pausa 2 veces desde que se inició ProSeVA',
    'OpenAlex: funciona',
    'LIS: falla (se le sigue preguntando) — en pausa 1 vez desde que se inició ProSeVA',
    'SerpApi: se está volviendo a probar',
  ]);
  assert.deepEqual(dialog.querySelectorAll('#diagnostics-tools td').map(text), ['1,234', '2', '40 ms', '1,500 ms', 'tiempo agotado']);
  assert.deepEqual(englishLeft(dialog, english), []);

  answers.diagnostics = { tools: [], services: [] };
  fire(only(dialog, '#diagnostics-refresh'), 'click');
  await settle();
  assert.equal(text(only(dialog, '#diagnostics-empty')), 'Todavía no hay búsquedas: primero haga una pregunta.');
  assert.equal(text(only(dialog, '#diagnostics-services')), 'Todavía no se le ha preguntado a ningún servicio de afuera.');
  answers.diagnostics = () => Promise.reject(new Error('sin conexión'));
  fire(only(dialog, '#diagnostics-refresh'), 'click');
  await settle();
  assert.equal(text(only(dialog, '#diagnostics-empty')), 'No se pudieron leer las cifras: sin conexión');
  assert.deepEqual(englishLeft(dialog, english), []);
});

// ------------------------------------------------------------------ Backups

/** The confirmation dialog of ui/index.html, answering `yes` when it opens. */
function confirmDialog(yes) {
  const ok = h('button', { id: 'confirm-ok' });
  Object.defineProperty(ok, 'className', { set: (v) => ok.setAttribute('class', v), get: () => ok.getAttribute('class') ?? '' });
  const cancel = h('button', { id: 'confirm-cancel' });
  const dialog = h('dialog', { id: 'confirm-dialog' }, h('h2', { id: 'confirm-title' }), h('div', { id: 'confirm-message' }), ok, cancel);
  dialog.close = () => {
    dialog.open = false;
    fire(dialog, 'close');
  };
  dialog.showModal = () => {
    dialog.open = true;
    setTimeout(() => fire(yes ? ok : cancel, 'click'), 0);
  };
  // The stand-in elements keep their listeners; the dialog takes its own away when answered.
  for (const el of [ok, cancel, dialog]) el.removeEventListener = (type, fn) => (el.listeners = el.listeners.filter(([t, f]) => t !== type || f !== fn));
  document.body.append(dialog);
  return dialog;
}

test('Backups in Spanish: the list, a backup made, one restored after the question', async () => {
  const section = h('section', { id: 'backup-section' }, h('button', { id: 'backup-create' }), h('p', { id: 'backup-status' }), h('ul', { id: 'backup-list' }));
  document.body.append(section);
  const ask = confirmDialog(true);
  const backups = [{ path: '/home/ana/copias/proseva-2026-11-23-103456.proseva-backup', name: 'proseva-2026-11-23-103456.proseva-backup', bytes: 2048, modifiedMs: 1795430096000 }];
  answers.list_backups = () => backups;
  answers.create_backup = { path: '/home/ana/respaldo.proseva-backup', bytes: 4096, counts: { cases: 1, deadlines: 12, documents: 0, timeline: 3, finances: 1, draftVersions: 2 } };
  answers.restore_backup = { restored: { cases: 2 }, keptAt: '/home/ana/copias/anterior.proseva-backup' };
  let restored = 0;
  const view = new BackupSection(section, { onRestored: () => (restored += 1) });
  await view.refresh();
  const english = englishOf(['backup']);
  assert.equal(only(section, 'button.backup-restore').textContent, 'Restore…');
  await i18n.loadLanguage('es');
  const restore = only(section, 'button.backup-restore');
  assert.equal(restore.textContent, 'Restaurar…');
  assert.match(restore.getAttribute('aria-label'), /^Restaurar la copia de seguridad del 23 nov 2026/);

  fire(only(section, '#backup-create'), 'click');
  await settle();
  assert.equal(
    text(only(section, '#backup-status')),
    '✓ Se guardó en /home/ana/respaldo.proseva-backup (4 KB): 1 caso, 12 fechas límite, 3 eventos de la cronología, 1 anotación de dinero, 2 versiones de borradores.',
  );
  assert.equal(only(section, '#backup-path').textContent, '/home/ana/respaldo.proseva-backup');
  assert.equal(announcer.textContent, 'Copia de seguridad guardada en /home/ana/respaldo.proseva-backup');
  assert.deepEqual(englishLeft(section, english), []);

  fire(only(section, 'button.backup-restore'), 'click');
  await settle();
  assert.equal(text(only(ask, '#confirm-title')), '¿Restaurar esta copia de seguridad?');
  assert.match(text(only(ask, '#confirm-message')), /^Sus datos de ahora se guardarán aparte en \/home\/ana\/copias y se cambiarán por la copia de seguridad del 23 nov 2026/);
  assert.equal(text(only(ask, '#confirm-ok')), 'Restaurar la copia de seguridad');
  assert.deepEqual(englishLeft(ask, english), []);
  assert.equal(restored, 1);
  assert.match(text(only(section, '#backup-status')), /^✓ Se restauró la copia de seguridad del 23 nov 2026.* \(2 casos\)\. Sus datos anteriores están guardados en \/home\/ana\/copias\/anterior\.proseva-backup\.$/);
  assert.equal(only(section, '#restore-kept-at').textContent, answers.restore_backup.keptAt);
  // The result is said again in another language.
  await i18n.loadLanguage('en');
  assert.match(text(only(section, '#backup-status')), /^✓ Restored the backup of Nov 23, 2026.* \(2 cases\)\. Your previous data is kept at /);
  await i18n.loadLanguage('es');

  answers.create_backup = () => Promise.reject({ code: 'internal', message: 'disco lleno' });
  fire(only(section, '#backup-create'), 'click');
  await settle();
  assert.equal(text(only(section, '#backup-status')), 'No se hizo la copia de seguridad: Algo salió mal dentro de ProSeVA.');
  answers.list_backups = () => [];
  await view.refresh();
  assert.equal(text(only(section, '#backup-list')), 'Todavía no hay copias de seguridad.');
  assert.deepEqual(englishLeft(section, english), []);
});
