// DEVELOPMENT ONLY: what Settings says of a model's download (ui/settings.js downloadProgress),
// shown both beside the recommended model and in its catalogue row; and Settings → Language:
// saving Español turns the window Spanish at once, "Follow this computer" names the computer's.
//   node --test tests/ui-mock/settings.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDocument, settle, text } from './fake-dom.mjs';
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
function settingsPage() {
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
        if (command === 'model_catalogue') return [];
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
