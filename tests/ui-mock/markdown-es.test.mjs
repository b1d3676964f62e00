// DEVELOPMENT ONLY: the words the Markdown renderer adds (ui/markdown.js: the names of outside
// links and of citation links) and the Workflows menu of a record (ui/workflows.js), in Spanish,
// in the small stand-in document (fake-dom.mjs), with no English word of their own left. The
// Markdown's own words and the workflows' names are as they come.
//   node --test tests/ui-mock/markdown-es.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDocument, elements, settle, fire, only } from './fake-dom.mjs';
import { englishOf, englishLeft, useLanguage } from './l10n.mjs';

// ------------------------------------------------------------------ English words left on screen


// ------------------------------------------------------------------ the page

installFakeDocument();
globalThis.window = globalThis;
window.__TAURI__ = {
  core: {
    invoke: async (command, args) => {
      if (command === 'list_workflows') return args.kind === 'document' ? [{ key: 'conectar', displayName: 'Conectar con la ley', description: 'Busca las leyes del documento.', expectedOutcome: 'Una nota con las leyes.' }] : [];
      throw { code: 'internal', message: `sin ${command}` };
    },
  },
};

const i18n = await useLanguage('es');
const { renderMarkdown, makeLink, citeLink, renderNoteMarkdown } = await import('../../ui/markdown.js');
const { workflowsMenu } = await import('../../ui/workflows.js');
const { h } = await import('../../ui/dom.js');

test('links and citations in a reply are named in Spanish; the reply’s own words are as written', () => {
  const reply = 'Vea [la página](https://law.lis.virginia.gov/vacode/55.1-1245/) y https://www.vplc.org/ — § 55.1-1245 y § 1-999.';
  const spans = [
    { startUtf16: reply.indexOf('§ 55'), endUtf16: reply.indexOf('§ 55') + 12, sourceId: '55.1-1245', label: '§ 55.1-1245', status: 'verified' },
    { startUtf16: reply.indexOf('§ 1-999'), endUtf16: reply.indexOf('§ 1-999') + 7, sourceId: '1-999', label: '§ 1-999', status: 'unverified' },
  ];
  const root = h('div', {}, renderMarkdown(reply, { citations: { spans, note: null } }));
  const [page, site] = elements(root, 'a').filter((a) => a.getAttribute('class') === 'ext-link');
  assert.equal(page.getAttribute('title'), 'Se abre en su navegador: https://law.lis.virginia.gov/vacode/55.1-1245/');
  assert.equal(only(page, 'span.visually-hidden').textContent, ' (abre law.lis.virginia.gov en su navegador)');
  assert.equal(site.querySelectorAll('span.visually-hidden').length, 0, 'a bare address names itself');
  const [verified, unverified] = elements(root, 'a').filter((a) => a.getAttribute('class') !== 'ext-link');
  assert.equal(verified.getAttribute('title'), 'Leer § 55.1-1245');
  assert.equal(unverified.getAttribute('title'), '§ 1-999: no se encontró en la base de leyes; revise esta cita');
  assert.equal(unverified.getAttribute('aria-label'), '§ 1-999: no se encontró en la base de leyes; revise esta cita');
  assert.deepEqual(englishLeft(root, englishOf(['markdown'])), []);

  // Nothing could be checked (the law graph was not there): said so.
  const unchecked = citeLink('§ 1-999', spans[1], { citations: { note: 'sin base de leyes' } });
  assert.equal(unchecked.getAttribute('aria-label'), '§ 1-999: no se pudo comparar con la base de leyes');
  // A link whose address has no host to name.
  const link = makeLink('https://[::1]/', ['aquí'], 'aquí');
  assert.equal(only(link, 'span.visually-hidden').textContent, ' (abre [::1] en su navegador)');
  // A note's § citations open the section, named in Spanish.
  const note = h('div', {}, renderNoteMarkdown('Ver § 8.01-129.'));
  assert.equal(only(note, 'a.cite').getAttribute('title'), 'Leer § 8.01-129');
});

test('the same links in English, as they were', async () => {
  await i18n.loadLanguage('en');
  const link = makeLink('https://example.com/a', ['la página'], 'la página');
  assert.equal(link.getAttribute('title'), 'Opens in your browser: https://example.com/a');
  assert.equal(only(link, 'span.visually-hidden').textContent, ' (opens example.com in your browser)');
  await i18n.loadLanguage('es');
});

test('the Workflows menu says its name in Spanish, and again after a switch; the workflows are the app’s', async () => {
  const menu = workflowsMenu('document', 3, { title: 'Contrato', caseId: 1 });
  document.body.replaceChildren(menu);
  await settle();
  assert.equal(menu.hidden, false);
  const summary = only(menu, 'summary');
  assert.equal(summary.textContent, 'Flujos de trabajo');
  assert.equal(only(menu, 'button.workflow-choice').getAttribute('title'), 'Una nota con las leyes.');
  assert.deepEqual(englishLeft(menu, englishOf(['workflows'])), []);
  await i18n.loadLanguage('en');
  assert.equal(summary.textContent, 'Workflows');
  await i18n.loadLanguage('es');
  assert.equal(summary.textContent, 'Flujos de trabajo');

  // Choosing one asks the window to run it, named by the workflow and the record.
  const asked = [];
  document.dispatchEvent = (e) => asked.push(e.detail);
  fire(only(menu, 'button.workflow-choice'), 'click');
  delete document.dispatchEvent;
  assert.deepEqual(asked, [{ key: 'conectar', focus: { kind: 'document', id: 3 }, label: 'Conectar con la ley: “Contrato”', caseId: 1 }]);
  // A kind with no workflow: no menu.
  const none = workflowsMenu('section', 'x');
  await settle();
  assert.equal(none.hidden, true);
});
