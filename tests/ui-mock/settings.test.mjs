// DEVELOPMENT ONLY: what Settings says of a model's download (ui/settings.js downloadProgress),
// shown both beside the recommended model and in its catalogue row; and Settings → Language:
// saving Español turns the window Spanish at once, "Follow this computer" names the computer's.
//   node --test tests/ui-mock/settings.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fire, installFakeDocument, settle, text } from './fake-dom.mjs';
import { useLanguage } from './l10n.mjs';

installFakeDocument();
globalThis.window = {};
// The page's words, from ui/locales/en/ on disk (l10n.mjs).
await useLanguage('en');
const { downloadProgress, SettingsDialog } = await import('../../ui/settings.js');
const { h } = await import('../../ui/dom.js');
const i18n = await import('../../ui/i18n.js');

test('a download says how far it is, its rate and the time left once measured', () => {
  const row = { sizeBytes: 1e9, progress: { done: 3.4e8, total: 1e9, bytesPerSecond: 2.5e6, secondsLeft: 264 } };
  assert.deepEqual(downloadProgress(row), { total: 1e9, done: 3.4e8, text: '340 MB of 1,000 MB · 2.5 MB/s · about 4 min left' });
  // Under a minute left is "about 1 min", never 0.
  assert.match(downloadProgress({ sizeBytes: 1e9, progress: { done: 9.9e8, secondsLeft: 5 } }).text, /about 1 min left$/);
});

test('before the rate is measured, only how far it is; the catalogue size stands in for a missing total', () => {
  assert.deepEqual(downloadProgress({ sizeBytes: 2e9, progress: { done: 0, secondsLeft: null } }), { total: 2e9, done: 0, text: '0 MB of 2,000 MB' });
  assert.equal(downloadProgress({ sizeBytes: 5e8 }).text, '0 MB of 500 MB');
});

/**
 * The settings dialog's parts that ui/settings.js reaches (index.html's, in small), in a page with
 * one of the header's words; the app's commands answered as the app does.
 */
function settingsPage({ catalogue = [], refuse = {} } = {}) {
  const calls = [];
  let saved = {
    language: null,
    systemLanguage: 'es',
    baseUrl: null,
    smallModel: 'gpt-4o-mini',
    largeModel: 'gpt-4o',
    offline: true,
    openalexEmail: null,
    lawUpdates: true,
    mcpCaseData: false,
    localModel: null,
    localModelIdleMinutes: 5,
    secrets: [{ name: 'OPENAI_API_KEY', label: 'OpenAI (or compatible server) API key', set: true, store: 'keyring' }],
  };
  globalThis.window.__TAURI__ = {
    core: {
      invoke: async (command, args) => {
        calls.push({ command, args });
        if (command === 'get_settings') return structuredClone(saved);
        if (refuse[command]) throw refuse[command];
        if (command === 'model_catalogue') return structuredClone(catalogue);
        if (command === 'save_settings') {
          saved = { ...saved, ...args.settings, systemLanguage: saved.systemLanguage };
          return structuredClone(saved);
        }
        throw { code: 'internal', message: `unexpected ${command}` };
      },
    },
  };
  globalThis.CSS = { escape: (s) => String(s) };
  const input = (id) => h('input', { id });
  const dialog = h(
    'dialog',
    { id: 'settings-dialog' },
    h(
      'form',
      { id: 'settings-form' },
      h('h2', { id: 'settings-title', 'data-l10n-id': 'settings-title' }, 'Settings'),
      h('button', { id: 'settings-close', 'data-l10n-id': 'settings-close', title: 'Close (Esc)' }),
      h('p', { id: 'settings-busy', hidden: true }),
      h('p', { id: 'settings-error', hidden: true }),
      h(
        'fieldset',
        { id: 'language-group' },
        h('legend', { 'data-l10n-id': 'settings-language-legend' }, 'Language / Idioma'),
        h('label', { for: 'set-language', 'data-l10n-id': 'settings-language-label' }, 'Language of the window'),
        h(
          'select',
          { id: 'set-language' },
          h('option', { value: '', id: 'set-language-follow', 'data-l10n-id': 'settings-language-follow', 'data-l10n-args': '{"system": "en"}' }, 'Follow this computer (English)'),
          h('option', { value: 'en', 'data-l10n-id': 'settings-language-english' }, 'English'),
          h('option', { value: 'es', 'data-l10n-id': 'settings-language-spanish' }, 'Español'),
        ),
        h('p', { class: 'field-error', id: 'err-language', hidden: true }),
      ),
      h('div', { id: 'local-recommended' }),
      h('details', { id: 'local-details' }, h('summary', {}, 'Details')),
      h('ul', { id: 'local-catalogue' }),
      input('set-localModel'),
      h('button', { id: 'local-model-browse' }),
      h('button', { id: 'local-model-clear' }),
      h('select', { id: 'set-localModelIdleMinutes' }),
      input('set-offline'),
      h('details', { id: 'model-service' }),
      h('div', { id: 'model-fields' }),
      input('set-baseUrl'),
      h('p', { class: 'field-error', id: 'err-baseUrl', hidden: true }),
      input('set-smallModel'),
      input('set-largeModel'),
      h('div', { id: 'model-secret-fields' }),
      input('set-mcpCaseData'),
      h('div', { id: 'secret-fields' }),
      input('set-openalexEmail'),
      input('settings-data-dir'),
      h('p', { id: 'settings-version' }),
      h('button', { id: 'settings-cancel', 'data-l10n-id': 'settings-cancel' }, 'Cancel'),
      h('button', { id: 'settings-save', 'data-l10n-id': 'settings-save' }, 'Save settings'),
    ),
  );
  dialog.showModal = () => {
    dialog.open = true;
  };
  dialog.close = () => {
    dialog.open = false;
  };
  dialog.querySelector('#settings-form').reset = () => {};
  const tab = h('span', { id: 'tab-chat-label', 'data-l10n-id': 'app-tab-chat-label' }, 'Ask');
  document.body.append(h('div', { id: 'announcer' }), tab, dialog);
  const settings = new SettingsDialog(dialog, { getStatus: () => ({ dataDir: '/home/me/.local/share/proseva', version: '0.1.0' }) });
  return { calls, dialog, tab, settings, $: (sel) => dialog.querySelector(sel) };
}

test('Settings → Language: Español saved turns every screen Spanish at once; English turns it back', async () => {
  await i18n.loadLanguage('en');
  const { calls, tab, settings, $ } = settingsPage();
  i18n.localizeDom(document);

  await settings.open();
  // Nothing chosen yet: the computer's language, named.
  assert.equal($('#set-language').value, '');
  assert.equal(text($('#set-language-follow')), 'Follow this computer (Español)');
  assert.equal(text($('#model-secret-fields .secret-status')), '✓ Saved in the system keyring');

  $('#set-language').value = 'es';
  await settings.save();
  const sent = calls.find((c) => c.command === 'save_settings');
  assert.equal(sent.args.settings.language, 'es', 'the choice is saved with the other settings');
  assert.equal(i18n.language(), 'es');
  assert.equal(text(tab), 'Preguntar', 'the page outside the dialog');
  assert.equal(text($('#settings-title')), 'Configuración');
  assert.equal($('#settings-close').getAttribute('title'), 'Cerrar (Esc)');
  assert.equal(text($('legend')), 'Idioma / Language');
  await settle();
  assert.equal(text(document.getElementById('announcer')), 'Se guardó la configuración.');

  // Open again: what the dialog builds is Spanish too.
  await settings.open();
  assert.equal($('#set-language').value, 'es');
  assert.equal(text($('#set-language-follow')), 'Usar el idioma de esta computadora (Español)');
  assert.equal(text($('#model-secret-fields label')), 'Clave de API de OpenAI (o de un servidor compatible) (OPENAI_API_KEY)');
  assert.equal(text($('#model-secret-fields .secret-status')), '✓ Guardada en el llavero del sistema');
  assert.equal(text($('#local-recommended')), 'Esta computadora tiene muy poca memoria libre para los modelos que ofrece ProSeVA. El modo sin conexión sigue respondiendo: cita las fuentes que encuentra.');
  assert.equal(
    downloadProgress({ sizeBytes: 1e9, progress: { done: 3.4e8, total: 1e9, bytesPerSecond: 2.5e6, secondsLeft: 264 } }).text,
    '340 MB de 1,000 MB · 2.5 MB/s · faltan unos 4 min',
  );

  // English chosen: back at once.
  $('#set-language').value = 'en';
  await settings.save();
  assert.equal(i18n.language(), 'en');
  assert.equal(text(tab), 'Ask');
  assert.equal(text($('#settings-title')), 'Settings');

  // "Follow this computer" saves no language, and the window follows the computer's (Spanish here).
  await settings.open();
  $('#set-language').value = '';
  await settings.save();
  assert.equal(calls.filter((c) => c.command === 'save_settings').at(-1).args.settings.language, null);
  assert.equal(i18n.language(), 'es');
  assert.equal(text(tab), 'Preguntar');
});

/** Catalogue rows as `model_catalogue` answers them (src-tauri/src/models.rs, docs/contracts.md). */
const GiB = 1073741824;
function catalogueRows() {
  const row = (id, name, extra) => ({
    id,
    name,
    parameters: '1.7 billion',
    parameterBillions: 1.7,
    sizeBytes: 1107409472,
    ramNeeded: 2.0 * GiB,
    licence: 'Apache-2.0',
    licenceUrl: 'https://www.apache.org/licenses/LICENSE-2.0',
    description: 'Small and quick: the best choice for most laptops with 8 GB of memory. Can choose its own research tools.',
    descriptionEs: 'Pequeño y rápido: la mejor opción para la mayoría de las computadoras portátiles con 8 GB de memoria. Puede elegir por sí mismo las herramientas de investigación.',
    note: null,
    fit: 'fits',
    fitCause: 'room',
    memoryTotal: 16 * GiB,
    cores: 8,
    reason: "fits: needs about 2.0 GB of this computer's 16 GB",
    state: 'none',
    partialBytes: 0,
    inUse: false,
    progress: null,
    error: null,
    errorCode: null,
    ...extra,
  });
  return [
    row('qwen3-1.7b', 'Qwen3 1.7B', {}),
    row('two-cores', 'Two cores', { fit: 'slowHere', fitCause: 'fewCores', cores: 2, reason: "slow here: 2 cores, so answers come a few words a second; needs about 2.0 GB of this computer's 16 GB" }),
    row('half', 'Half', { ramNeeded: 3.4 * GiB, memoryTotal: 6 * GiB, fit: 'slowHere', fitCause: 'moreThanHalf', reason: "slow here: needs about 3.4 GB, more than half of this computer's 6 GB" }),
    row('stopped', 'Stopped', {
      state: 'partial',
      partialBytes: 120e6,
      error: 'the connection was cut after 120 MB of 1108 MB (reset); the 120 MB already here are kept, and Download resumes from there',
      errorCode: 'interrupted',
    }),
    row('big', 'Big', {
      parameters: 'about four billion',
      parameterBillions: null,
      ramNeeded: 3.4 * GiB,
      memoryTotal: 4 * GiB,
      fit: 'tooLarge',
      fitCause: 'moreThanThreeQuarters',
      descriptionEs: null,
      reason: 'too large: needs about 3.4 GB, and this computer has 4 GB (a quarter of it is kept for the rest)',
    }),
    row('unknown', 'Unknown computer', { fit: null, fitCause: null, memoryTotal: null, cores: null, reason: null }),
  ];
}

test('a catalogue row says what the model needs here from its figures, in English as the app did', async () => {
  await i18n.loadLanguage('en');
  const rows = catalogueRows();
  const { settings, $ } = settingsPage({ catalogue: rows });
  await settings.open();
  const row = (id) => $(`#local-catalogue .model-row[data-id="${id}"]`);
  const verdict = (id) => {
    const p = row(id).querySelector('.model-verdict');
    return p ? text(p) : null;
  };
  // The English sentence is the one the app wrote in `reason`, capitalised, as before.
  for (const r of rows.filter((x) => x.reason)) assert.equal(verdict(r.id), r.reason.charAt(0).toUpperCase() + r.reason.slice(1), r.id);
  assert.equal(verdict('unknown'), null, 'no verdict when the computer could not be read');
  assert.equal(text(row('qwen3-1.7b').querySelector('.muted')), '1.7 billion parameters · 1.0 GB download · needs about 2.0 GB of memory · Apache-2.0');
  assert.equal(text(row('big').querySelector('.muted')), 'about four billion parameters · 1.0 GB download · needs about 3.4 GB of memory · Apache-2.0', 'the catalogue’s words when it gives no number');
  assert.equal(text(row('qwen3-1.7b').querySelector('.hint')), rows[0].description);
  const error = row('stopped').querySelector('.model-error');
  assert.equal(text(error), rows[3].error, 'the app’s words as they are');
  assert.equal(error.getAttribute('title'), null);
  settings.dialog.close();
});

test('in Spanish the row’s verdict, description, figures and download error are Spanish, with the same figures', async () => {
  await i18n.loadLanguage('es');
  try {
    const rows = catalogueRows();
    const { settings, $ } = settingsPage({ catalogue: rows });
    await settings.open();
    const row = (id) => $(`#local-catalogue .model-row[data-id="${id}"]`);
    const verdict = (id) => text(row(id).querySelector('.model-verdict'));
    assert.equal(verdict('qwen3-1.7b'), 'Funciona bien aquí: necesita unos 2.0 GB de los 16 GB de memoria de esta computadora');
    assert.equal(
      verdict('two-cores'),
      'Lento aquí: esta computadora tiene 2 núcleos de procesador, así que las respuestas llegan de a pocas palabras por segundo; necesita unos 2.0 GB de los 16 GB de memoria de esta computadora',
    );
    assert.equal(verdict('half'), 'Lento aquí: necesita unos 3.4 GB, más de la mitad de los 6 GB de memoria de esta computadora');
    assert.equal(verdict('big'), 'Demasiado grande: necesita unos 3.4 GB y esta computadora tiene 4 GB de memoria (una cuarta parte se deja libre para lo demás)');
    assert.equal(text(row('qwen3-1.7b').querySelector('.muted')), '1.7 mil millones de parámetros · descarga de 1.0 GB · necesita unos 2.0 GB de memoria · Apache-2.0');
    assert.equal(text(row('qwen3-1.7b').querySelector('.hint')), rows[0].descriptionEs);
    assert.equal(text(row('big').querySelector('.hint')), rows[4].description, 'a catalogue of one’s own without Spanish: its English line');
    const error = row('stopped').querySelector('.model-error');
    assert.equal(text(error), 'Se cortó la conexión durante la descarga. Presione Continuar para seguir desde donde quedó.');
    assert.equal(error.getAttribute('title'), `Detalle técnico (en inglés, interrupted): ${rows[3].error}`);
    assert.equal(text(row('stopped').querySelector('button[data-action="download"]')), 'Continuar (120 MB de 1,107 MB)');
    // Each verdict states the figures of the English sentence the app wrote.
    const figures = (s) => (s.match(/\d+(?:\.\d+)?/g) || []).sort();
    for (const r of rows.filter((x) => x.reason)) assert.deepEqual(figures(verdict(r.id)), figures(r.reason), r.id);
    // Nothing English is left in a row but the names and the licence.
    for (const r of rows.filter((x) => x.descriptionEs)) {
      const said = text(row(r.id)).replace(r.name, '').replace(r.licence, '');
      for (const word of ['needs', 'memory', 'computer', 'fits', 'slow', 'billion', 'parameters', 'download', 'connection']) {
        assert.ok(!new RegExp(`\\b${word}\\b`, 'i').test(said), `${r.id}: "${word}" in ${said}`);
      }
    }
    settings.dialog.close();
  } finally {
    await i18n.loadLanguage('en');
  }
});

test('a model action refused by the app is said in the window’s language', async () => {
  await i18n.loadLanguage('es');
  try {
    const rows = catalogueRows().slice(0, 1);
    const { settings, $ } = settingsPage({ catalogue: rows, refuse: { model_download: { code: 'unavailable', message: 'no HTTP client' } } });
    await settings.open();
    fire($('#local-catalogue .model-row[data-id="qwen3-1.7b"] button[data-action="download"]'), 'click');
    await settle();
    assert.equal(text($('#settings-error')), 'Qwen3 1.7B: Un servicio que ProSeVA necesita no está disponible ahora. Inténtelo de nuevo en un momento.');
    settings.dialog.close();
  } finally {
    await i18n.loadLanguage('en');
  }
});

test('in Spanish, a setting the app refuses says why under its field in Spanish, the app’s words as its tooltip', async () => {
  await i18n.loadLanguage('es');
  const refusal = { code: 'invalid_input', field: 'baseUrl', message: 'must start with http:// or https://' };
  const { $, settings } = settingsPage({ refuse: { save_settings: refusal } });
  i18n.localizeDom(document);
  await settings.open();
  $('#set-baseUrl').value = 'localhost:8080';
  await settings.save();
  const under = $('#err-baseUrl');
  assert.ok(under && !under.hidden, 'the field’s error is shown');
  assert.equal(text(under), 'Debe empezar con http:// o https://.');
  assert.equal($('#set-baseUrl').getAttribute('aria-invalid'), 'true');
  assert.match(text($('#settings-error')), /^No se guardó\. .*: Debe empezar con http:\/\/ o https:\/\/\.$/);
  await i18n.loadLanguage('en');
});
