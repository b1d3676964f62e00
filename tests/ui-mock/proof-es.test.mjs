// DEVELOPMENT ONLY: the Case tab's "Proof for the hearing" page (ui/proof.js) in Spanish, in the
// small stand-in document (fake-dom.mjs): drawn in English, then said again when the language
// changes; then used in Spanish (link, save, unlink, move an exhibit, export the packet). What the
// server says is given here in Spanish-looking words, so any English word left on the page is one
// of the page's own.
//   node --test tests/ui-mock/proof-es.test.mjs

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDocument, fire, settle, only, text } from './fake-dom.mjs';
import { englishOf, englishLeft, useLanguage } from './l10n.mjs';

// ------------------------------------------------------------------ English words left on screen


const ENGLISH = englishOf(['proof', 'markdown']);

// ------------------------------------------------------------------ the app, in Spanish-looking words

installFakeDocument();
globalThis.window = globalThis;

const BOOK = {
  kind: 'desalojo',
  elements: [
    {
      id: 'contrato',
      evidenceKinds: [
        { id: 'papel', what: 'El contrato firmado', missing: 'Falta el contrato firmado', recordKinds: ['document', 'note'] },
        { id: 'testigo', what: 'Alguien que lo vio', missing: 'Falta alguien que lo vio', recordKinds: ['contact', 'timeline'] },
      ],
      sources: [{ url: 'https://law.lis.virginia.gov/vacode/55.1-1200/', label: 'Código de Virginia § 55.1-1200', read: '2026-11-30', confirmed: false }],
    },
    { id: 'pago', evidenceKinds: [{ id: 'recibo', what: 'El recibo', missing: 'Falta el recibo', recordKinds: ['finance'] }], sources: [] },
  ],
};
const RECORDS = {
  documents: [
    { id: 3, title: 'Contrato de Ana', kind: 'upload' },
    { id: 4, title: 'Carta del dueño', kind: 'upload' },
  ],
  timeline: [{ id: 5, date: '2025-12-02', title: 'Llegó la carta' }],
  notes: [{ id: 6, title: 'Mi nota' }],
  finances: [{ id: 7, date: '2025-12-03', amount: -50, description: 'Giro postal' }],
  contacts: [{ id: 8, name: 'Rosa Díaz', role: 'witness' }],
};
let links;
const link = (recordId, label, more = {}) => ({ recordKind: 'document', recordId, label, date: '2025-12-01', dateIsAdded: true, createdBy: 'person', covers: ['papel'], ...more });
function view() {
  const mine = links.filter((l) => l.element === 'contrato').map(({ element, ...l }) => l);
  const status = mine.length ? 'partly' : 'nothing';
  return {
    caseId: 1,
    kind: 'desalojo',
    title: 'Desalojo de Ana',
    claimHeading: null,
    defenceHeading: null,
    elements: [
      { id: 'contrato', side: 'claim', title: 'Contrato', plain: 'Hubo un contrato.', sections: ['55.1-1200'], status, missing: [], links: mine, dates: ['Fechas: 1 y 10.'] },
      { id: 'pago', side: 'defence', title: 'Pago', plain: 'Ella pagó.', sections: [], status: 'nothing', missing: [], links: [] },
    ],
    counts: { shown: 0, partly: mine.length ? 1 : 0, nothing: mine.length ? 1 : 2 },
    caveat: 'Aviso: el juez decide.',
  };
}
let calls = [];
window.__TAURI__ = {
  core: {
    invoke: async (command, args) => {
      calls.push({ command, args });
      if (command === 'case_proof') return view();
      if (command === 'proof_kind') return BOOK;
      if (command === 'list_records') return { items: RECORDS[args.resource] || [], total: (RECORDS[args.resource] || []).length };
      if (command === 'link_proof') {
        links = links.filter((l) => !(l.element === args.elementId && l.recordId === args.recordId));
        if (args.linked) links.push({ element: args.elementId, ...link(args.recordId, RECORDS.documents.find((d) => d.id === args.recordId).title, { note: args.note || undefined }) });
        return view();
      }
      if (command === 'hearing_packet') return { files: [{ path: '/home/ana/Exportaciones/paquete.pdf', fileName: 'paquete.pdf' }], warnings: ['Revise las fechas.'] };
      throw { code: 'internal', message: `sin ${command}` };
    },
  },
};

const i18n = await useLanguage('en');
const { ProofPage } = await import('../../ui/proof.js');
const { h } = await import('../../ui/dom.js');

const announcer = h('div', { id: 'announcer' });
const said = async () => {
  await settle();
  return announcer.textContent;
};

async function proofPage() {
  document.body.replaceChildren(announcer);
  const root = h('section', { id: 'ws-page-proof' });
  document.body.append(root);
  const page = new ProofPage({ caseId: 1, go() {} }, root);
  await page.show();
  await settle();
  return root;
}

beforeEach(async () => {
  await i18n.loadLanguage('en');
  links = [{ element: 'contrato', ...link(3, 'Contrato de Ana', { createdBy: 'agent', note: 'Página 1' }) }];
  calls = [];
});

test('the page drawn in English is said again in Spanish when the language changes, with no English word left', async () => {
  const root = await proofPage();
  assert.equal(text(only(root, 'h3.page-title')), 'Proof for the hearing');
  assert.equal(text(only(root, '.proof-status[data-status="partly"]')), '◐ Partly shown');
  assert.ok(englishLeft(root, ENGLISH).length > 10, 'the English page has English words');

  await i18n.loadLanguage('es');
  assert.deepEqual(englishLeft(root, ENGLISH), []);
  assert.equal(text(only(root, 'h3.page-title')), 'Pruebas para la audiencia');
  assert.equal(text(only(root, '#proof-claim-title')), 'Lo que se debe probar');
  assert.equal(text(only(root, '#proof-defence-title')), 'Las respuestas al caso');
  assert.equal(text(only(root, '.proof-status[data-status="partly"]')), '◐ Mostrado en parte');
  assert.equal(text(only(root, '.proof-status[data-status="nothing"]')), '○ Nada todavía');
  assert.deepEqual(root.querySelectorAll('li.proof-count').map(text), ['✓ 0 mostrados', '◐ 1 mostrado en parte', '○ 1 sin nada todavía']);
  assert.equal(only(root, '#proof-counts').getAttribute('aria-label'), 'Cómo van sus pruebas');
  const evidence = root.querySelectorAll('li.proof-evidence').map(text);
  assert.deepEqual(evidence.slice(0, 2), ['✓ Usted tiene: El contrato firmado (un documento o una nota)', '✗ Falta: Falta alguien que lo vio (una persona o un evento de la cronología)']);
  const linked = only(root, 'li.proof-link');
  assert.equal(text(only(linked, '.proof-link-meta')), 'Documento · agregado el 1 dic 2025');
  assert.equal(text(only(linked, '.proof-agent')), 'Lo propuso el asistente');
  assert.equal(only(linked, 'button.proof-unlink').getAttribute('aria-label'), 'Desvincular “Contrato de Ana” de “Contrato”');
  assert.equal(text(only(root, '.proof-exhibit-number')), 'Documento de prueba 1');
  assert.equal(text(only(root, '.proof-exhibit-goes')), 'Sirve para: Contrato');
  assert.equal(text(only(root, '#proof-export')), 'Exportar el paquete para la audiencia');
  assert.equal(only(root, '.proof-law a.cite').getAttribute('title'), 'Leer § 55.1-1200');
  assert.equal(only(root, '.proof-sources a.ext-link').getAttribute('title'), 'Se abre en su navegador: https://law.lis.virginia.gov/vacode/55.1-1200/');
});

test('in Spanish: the picker, a link made, a note saved, an exhibit moved, the packet exported and a link taken away', async () => {
  await i18n.loadLanguage('es');
  const root = await proofPage();
  // The picker of "Contrato": the case's records of the kinds it takes, grouped and named in Spanish.
  fire(only(root, '#proof-open-link-contrato'), 'click');
  const form = only(root, '#proof-link-form-contrato');
  assert.deepEqual(form.querySelectorAll('optgroup').map((g) => g.getAttribute('label')), ['Documentos', 'Eventos de la cronología', 'Notas', 'Personas']);
  assert.deepEqual(form.querySelectorAll('option').map(text), ['Carta del dueño', '2 dic 2025 — Llegó la carta', 'Mi nota', 'Rosa Díaz (testigo)']);
  assert.equal(text(only(form, 'p.hint')), 'Puede ser un documento, un evento de la cronología, una nota o una persona de este caso.');
  // "Pago" takes payments only: the one payment, with its amount.
  fire(only(root, '#proof-open-link-pago'), 'click');
  assert.equal(text(only(root, '#proof-pick-pago option')), '3 dic 2025 — $50.00 — Giro postal');
  assert.deepEqual(englishLeft(root, ENGLISH), []);

  only(form, 'select').value = 'document:4';
  fire(form, 'submit');
  assert.equal(await said(), 'Se vinculó Carta del dueño a “Contrato”. 0 mostrados, 1 en parte, 1 sin nada todavía.');
  assert.equal(root.querySelectorAll('#proof-exhibits li.proof-exhibit').length, 2);

  const key = 'contrato-document-4';
  only(root, `#proof-note-${key}`).value = 'La firma';
  fire(only(root, `li#proof-link-${key} form`), 'submit');
  await settle();
  assert.equal(text(only(root, `#proof-note-status-${key}`)), 'Guardado.');

  fire(only(root, '#proof-exhibits button[data-action="move-up"][data-document-id="4"]'), 'click');
  assert.equal(await said(), 'Carta del dueño ahora es el documento de prueba 1.');
  assert.equal(only(root, '#proof-exhibits button[data-action="move-down"][data-document-id="4"]').getAttribute('aria-label'), 'Bajar: documento de prueba 1, “Carta del dueño”');

  fire(only(root, '#proof-export'), 'click');
  assert.equal(await said(), 'El paquete para la audiencia está guardado: 1 archivo en su carpeta de exportaciones.');
  assert.equal(text(only(root, '#proof-packet-done')), 'Se guardó 1 archivo en su carpeta de exportaciones:');
  assert.match(text(only(root, '#proof-warnings')), /^Revise esto: Revise las fechas\.$/);
  assert.deepEqual(calls.filter((c) => c.command === 'hearing_packet').map((c) => c.args.exhibits), [[4, 3]]);
  assert.deepEqual(englishLeft(root, ENGLISH), []);

  fire(only(root, 'li#proof-link-contrato-document-3 button.proof-unlink'), 'click');
  assert.equal(await said(), 'Contrato de Ana ya no está vinculado a “Contrato”. 0 mostrados, 1 en parte, 1 sin nada todavía.');
  assert.deepEqual(englishLeft(root, ENGLISH), []);
});

test('in Spanish: a case with no kind yet, and a view that cannot be read', async () => {
  await i18n.loadLanguage('es');
  const noKind = { caseId: 1, kind: null, title: null, elements: [], counts: { shown: 0, partly: 0, nothing: 0 }, caveat: 'Aviso.', message: 'Elija el tipo de caso.' };
  const invoke = window.__TAURI__.core.invoke;
  window.__TAURI__.core.invoke = async (command, args) => (command === 'case_proof' ? noKind : invoke(command, args));
  let root = await proofPage();
  assert.equal(text(only(root, '#proof-title')), 'Todavía no se eligió el tipo de caso');
  assert.equal(text(only(root, '#proof-go-path')), 'Elegirlo en Paso a paso');
  assert.deepEqual(englishLeft(root, ENGLISH), []);

  window.__TAURI__.core.invoke = async (command, args) => {
    if (command === 'case_proof') throw { code: 'unavailable', message: 'el servidor no está funcionando' };
    return invoke(command, args);
  };
  root = await proofPage();
  assert.equal(text(only(root, '#proof-status')), 'No se pudo leer lo que el tribunal debe comprobar: Un servicio que ProSeVA necesita no está disponible ahora. Inténtelo de nuevo en un momento. Intentar de nuevo');
  await i18n.loadLanguage('en');
  assert.equal(text(only(root, '#proof-status')), 'What the court must find could not be read: Un servicio que ProSeVA necesita no está disponible ahora. Inténtelo de nuevo en un momento. Try again');
  window.__TAURI__.core.invoke = invoke;
});
