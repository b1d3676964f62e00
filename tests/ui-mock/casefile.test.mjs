// DEVELOPMENT ONLY: the Case tab's Overview (ui/cases.js), the case picker (ui/workspace.js's
// words), the record pages (ui/casefile.js on ui/records.js) and the confirmation dialog
// (ui/dialogs.js), in English and in Spanish, in the small stand-in document (fake-dom.mjs).
//   node --test tests/ui-mock/casefile.test.mjs

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDocument, settle, only } from './fake-dom.mjs';
import { useLanguage } from './l10n.mjs';

installFakeDocument();
globalThis.window = {};
globalThis.performance ??= { mark() {}, measure() {}, getEntriesByName: () => [], clearMeasures() {} };
globalThis.CSS ??= { escape: (s) => String(s) };

const i18n = await useLanguage('en');
const { OverviewPage, caseFields, typeText, pathTitle } = await import('../../ui/cases.js');
const { contactsPage, timelinePage } = await import('../../ui/casefile.js');
const { h } = await import('../../ui/dom.js');

/** The app's commands: lists of `items` (`total` of them), a path with no steps, else nothing. */
function bridge(items = [], total = items.length || 2) {
  window.__TAURI__ = {
    core: {
      invoke: async (command) => {
        if (command === 'list_records') return { items, total, limit: 100, offset: 0 };
        if (command === 'case_path') return { title: 'Eviction', steps: [] };
        return {};
      },
    },
  };
}

beforeEach(async () => {
  document.body.replaceChildren();
  document.activeElement = null;
  await i18n.loadLanguage('en');
});

const CASE = { id: 1, name: 'Deposit from 14 Elm St.', type: 'landlord-tenant', caseNumber: 'GV26-1', court: '', status: 'open', kind: 'eviction-tenant', parties: [], notes: '', createdAt: '2026-11-01T10:00:00Z' };

test('case fields and names: English as it was, Spanish when chosen', async () => {
  assert.equal(typeText('custody'), 'Custody and visitation');
  assert.equal(typeText(''), 'Not set');
  assert.equal(typeText('something-else'), 'something-else');
  assert.equal(pathTitle('debt-plaintiff'), 'Warrant in debt or small claims, suing');
  assert.equal(pathTitle('unknown-kind'), 'unknown-kind');
  const fields = caseFields({ edit: true });
  assert.deepEqual(fields.map((f) => f.label), ['Name of the case', 'Kind of case', 'Case number', 'Court', 'Status', 'Parties', 'Reminders for this case’s deadlines', 'Notes']);
  await i18n.loadLanguage('es');
  assert.equal(typeText('custody'), 'Custodia y derechos de visita');
  assert.equal(caseFields()[0].label, 'Nombre del caso');
});

test('the Overview says the case in English, and again in Spanish after a switch', async () => {
  bridge();
  const root = h('section', { id: 'ws-page-overview' });
  document.body.append(root);
  const ws = { caseId: 1, currentCase: { ...CASE }, go() {} };
  const page = new OverviewPage(ws, root);
  page.show();
  await settle();
  assert.equal(only(root, '#case-edit').textContent, 'Edit');
  assert.equal(only(root, '#case-close-toggle').textContent, 'Close case');
  assert.match(only(root, '#case-details').textContent, /Kind of caseLandlord and tenant/);
  assert.match(only(root, '#case-details').textContent, /Step-by-step pathEviction, as the tenant/);
  assert.equal(only(root, '#case-parties').textContent, 'No parties yet — Edit adds them.');
  assert.match(only(root, '#case-counts').textContent, /2deadlines to meet⚠ 2 overdue/);
  await i18n.loadLanguage('es');
  assert.equal(only(root, '#case-edit').textContent, 'Editar');
  assert.equal(only(root, '#case-close-toggle').textContent, 'Cerrar el caso');
  assert.match(only(root, '#case-details').textContent, /Tipo de casoArrendador e inquilino/);
  assert.match(only(root, '#case-counts').textContent, /2fechas límite por cumplir⚠ 2 vencidas/);
  assert.equal(only(root, '#case-notes').textContent, 'No hay notas.');
});

test('a record page: its heading, Add button, filters and rows follow the language', async () => {
  bridge([{ id: 7, date: '2026-11-20', title: 'Notice taped to the door', isCritical: true, sourceDocumentId: 3 }]);
  const root = h('section', { id: 'ws-page-timeline' });
  document.body.append(root);
  const page = timelinePage({ caseId: 1, changed() {} }, root);
  page.show();
  await settle();
  assert.equal(only(root, '#timeline-add').textContent, '+ Add event');
  assert.equal(only(root, 'h3.page-title').textContent, 'Timeline');
  assert.equal(only(root, 'form.filters').getAttribute('aria-label'), 'Filter timeline');
  assert.match(only(root, '.rec-row').textContent, /Critical/);
  assert.match(only(root, '.rec-row').textContent, /From document #3/);
  assert.equal(only(root, 'button[data-action="delete"]').getAttribute('aria-label'), 'Delete Notice taped to the door');
  await i18n.loadLanguage('es');
  assert.equal(only(root, '#timeline-add').textContent, '+ Agregar evento');
  assert.equal(only(root, 'h3.page-title').textContent, 'Cronología');
  assert.match(only(root, '.rec-row').textContent, /Crítico/);
  assert.match(only(root, '.rec-row').textContent, /Del documento n\.º 3/);
  assert.equal(only(root, 'button[data-action="edit"]').textContent, 'Editar');
});

test('contacts: no contacts yet, in both languages', async () => {
  bridge([], 0);
  const root = h('section', { id: 'ws-page-contacts' });
  document.body.append(root);
  const page = contactsPage({ caseId: 1, changed() {} }, root);
  page.show();
  await settle();
  assert.equal(only(root, '.list-status').textContent, 'No contacts yet.');
  await i18n.loadLanguage('es');
  assert.equal(only(root, '.list-status').textContent, 'Todavía no hay contactos.');
  assert.equal(only(root, '#contacts-add').textContent, '+ Agregar contacto');
});
