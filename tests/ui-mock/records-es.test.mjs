// DEVELOPMENT ONLY: the case's records in Spanish, in the small stand-in document (fake-dom.mjs):
// the forms (ui/forms.js), the Notes page and "Save as note" (ui/notes.js), the Documents page and
// its uploads (ui/documents.js), the document viewer (ui/docviewer.js), "Fill a form I downloaded"
// (ui/fill-form.js), the saved conversations (ui/conversations.js) and the draft panel and dialog
// (ui/drafts.js). Each is drawn in Spanish and checked for English words (what the app answers is
// Spanish here, so every English word would be the module's own); some are drawn in English and
// switched to Spanish, as Settings does.
//   node --test tests/ui-mock/records-es.test.mjs

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDocument, fire, settle, only, text } from './fake-dom.mjs';
import { useLanguage } from './l10n.mjs';

installFakeDocument();
// What the fake document lacks and these modules use.
Object.defineProperty(Element.prototype, 'parentElement', {
  get() {
    return this.parentNode instanceof Element ? this.parentNode : null;
  },
});
Object.defineProperty(Element.prototype, 'nextElementSibling', {
  get() {
    const siblings = this.parentNode ? this.parentNode.children : [];
    return siblings[siblings.indexOf(this) + 1] ?? null;
  },
});
Object.defineProperty(Element.prototype, 'previousElementSibling', {
  get() {
    const siblings = this.parentNode ? this.parentNode.children : [];
    const at = siblings.indexOf(this);
    return at > 0 ? siblings[at - 1] : null;
  },
});
Object.defineProperty(Element.prototype, 'className', {
  get() {
    return this.getAttribute('class') ?? '';
  },
  set(value) {
    this.setAttribute('class', value);
  },
});
Element.prototype.contains = function contains(node) {
  for (let at = node; at; at = at.parentNode) if (at === this) return true;
  return false;
};
Element.prototype.replaceWith = function replaceWith(node) {
  this.after(node);
  this.remove();
};

// The app's answers, by command (a test sets what it needs).
let answers = {};
let calls = [];
const windowListeners = [];
globalThis.window = {
  __TAURI__: {
    core: {
      invoke: async (command, args) => {
        calls.push({ command, args });
        const answer = answers[command];
        if (answer === undefined) return null;
        return typeof answer === 'function' ? answer(args) : answer;
      },
    },
  },
  addEventListener: (type, fn) => windowListeners.push([type, fn]),
  dispatchEvent: () => true,
};
globalThis.performance ??= { now: () => Date.now() };
globalThis.CSS ??= { escape: (s) => String(s) };
globalThis.requestAnimationFrame = (fn) => setTimeout(fn, 0);
globalThis.CustomEvent ??= class CustomEvent {
  constructor(type, init = {}) {
    this.type = type;
    this.detail = init.detail;
  }
};
document.dispatchEvent = () => true;

const i18n = await useLanguage('es');
const { h } = await import('../../ui/dom.js');
const { FieldSet, PARTY_ROLES, remindersText, rejectionText, partyRoleText } = await import('../../ui/forms.js');
const { NotesPage, addSaveNote, noteFromAnswer } = await import('../../ui/notes.js');
const { DocumentsPage, stageInfo, kindProblem, wireDrop } = await import('../../ui/documents.js');
const { DocumentViewer } = await import('../../ui/docviewer.js');
const { FormFiller, formLink, formNamed } = await import('../../ui/fill-form.js');
const { ConversationsDrawer } = await import('../../ui/conversations.js');
const { ArtifactPanel, DraftDialog } = await import('../../ui/drafts.js');
const { relocalize } = await import('../../ui/results.js');

// The polite live region announce() writes to (kept by dom.js once found).
const announcer = h('div', { id: 'announcer' });

beforeEach(async () => {
  document.body.replaceChildren(announcer);
  document.activeElement = null;
  answers = {};
  calls = [];
  await i18n.setLanguage('es');
});

/**
 * Words of the English interface: any of them in what a module drew in Spanish is a message left
 * in English. (Spanish shares none of them; "original", "no", "a" and the formats' own names —
 * PDF, Word, Markdown — are not here.)
 */
const ENGLISH = new RegExp(
  `\\b(${[
    'the', 'and', 'of', 'to', 'your', 'you', 'is', 'are', 'not', 'save', 'saved', 'saving', 'delete', 'rename', 'loading', 'page', 'pages',
    'document', 'documents', 'draft', 'drafts', 'version', 'latest', 'made', 'by', 'open', 'remove', 'add', 'party', 'days', 'day', 'before',
    'hearing', 'field', 'fields', 'answer', 'answers', 'searchable', 'stored', 'read', 'file', 'files', 'uploaded', 'done', 'note', 'notes',
    'title', 'preview', 'edit', 'new', 'untitled', 'message', 'messages', 'export', 'only', 'kind', 'text', 'choice', 'sign', 'signature',
    'from', 'with', 'for', 'in', 'on', 'it', 'this', 'what', 'when', 'table', 'diagram', 'court', 'case', 'required', 'spent', 'received',
    'none', 'progress', 'view', 'assign', 'dismiss', 'adding', 'added', 'character', 'characters', 'matches', 'match', 'part', 'continued',
    'opening', 'shown', 'built', 'build', 'ask', 'research', 'use', 'usual', 'reminders', 'remind', 'me', 'other', 'attorney', 'judge',
    'witness', 'child', 'unknown', 'could', 'choose', 'fill', 'form', 'forms',
  ].join('|')})\\b`,
  'i',
);

const SAID_ATTRIBUTES = ['aria-label', 'title', 'placeholder', 'aria-description', 'alt', 'data-state-text'];

/** Everything `root` says: its texts and the attributes a person hears, one after the other. */
function said(root) {
  const out = [];
  const walk = (node) => {
    if (node instanceof Element) {
      // The workflows menu is ui/workflows.js's (its own conversion).
      if (node.classList.contains('workflows-menu')) return;
      for (const name of SAID_ATTRIBUTES) {
        const value = node.getAttribute(name);
        if (value) out.push(value);
      }
    }
    if (node.childNodes.length === 0 && node.textContent) out.push(node.textContent);
    for (const child of node.childNodes) walk(child);
  };
  walk(root);
  return out.join(' | ');
}

/** Fails when `root` (or a text) says any English word. */
function assertSpanish(root, what) {
  const words = typeof root === 'string' ? root : said(root);
  const found = ENGLISH.exec(words);
  assert.equal(found, null, `${what}: the English word “${found && found[0]}” in: ${words}`);
}

const CASE = { id: 1, name: 'Depósito de Calle Olmo', status: 'open' };

// ------------------------------------------------------------------------------------ forms

/** A form with every kind of field forms.js draws with words of its own. */
const fieldsIn = (lang) =>
  lang === 'es'
    ? [
        { name: 'title', label: 'Nombre', required: true },
        { name: 'amount', label: 'Cantidad', type: 'money' },
        { name: 'parties', label: 'Partes', type: 'parties' },
        { name: 'reminders', label: 'Avisos', type: 'reminders' },
        { name: 'kind', label: 'Tipo', type: 'select', options: [['a', 'Uno'], ['b', 'Dos']] },
        { name: 'how', label: 'Cómo', type: 'radio', options: [['x', 'Así'], ['y', 'Asá']] },
      ]
    : [
        { name: 'title', label: 'Name', required: true },
        { name: 'amount', label: 'Amount', type: 'money' },
        { name: 'parties', label: 'Parties', type: 'parties' },
        { name: 'reminders', label: 'Reminders', type: 'reminders' },
        { name: 'kind', label: 'Kind', type: 'select', options: [['a', 'One'], ['b', 'Two']] },
        { name: 'how', label: 'How', type: 'radio', options: [['x', 'This way'], ['y', 'That way']] },
      ];
const VALUES = { title: 'Ana', amount: -20, parties: [{ name: 'Ana Pérez', role: 'me' }, { name: 'Luis Gómez', role: 'other-party' }], reminders: ['7d', 'morning'], kind: 'b', how: 'x' };

test('a form in Spanish: required, money, parties, reminders and options say no English', () => {
  const box = h('div');
  document.body.append(box);
  new FieldSet(box, fieldsIn('es'), VALUES, { prefix: 'rec' });
  assertSpanish(box, 'the form');
  assert.equal(text(only(box, 'label[for="rec-title"]')), 'Nombre (obligatorio)');
  assert.equal(only(box, '#rec-amount-direction').getAttribute('aria-label'), 'Cantidad: gastado o recibido');
  assert.deepEqual(only(box, '#rec-parties-1-role').querySelectorAll('option').map((o) => o.textContent), ['Yo', 'La otra parte', 'Niño o niña', 'Abogado', 'Juez', 'Testigo', 'Otro']);
  assert.equal(box.querySelectorAll('button.party-remove')[0].getAttribute('aria-label'), 'Quitar a la parte Ana Pérez');
  assert.equal(text(only(box, 'label[for="rec-parties-2-name"]')), 'Parte 2: nombre');
  assert.equal(text(only(box, 'button.party-add')), '+ Agregar una parte');
  assert.equal(text(only(box, 'label[for="rec-reminders-7d"]')), '7 días antes');
  assert.equal(text(only(box, 'label[for="rec-reminders-inherit"]')), 'Usar los recordatorios de siempre');
  assert.equal(text(only(box, 'label[for="rec-how-1"]')), 'Asá');
});

test('a field the app refused says why in Spanish, the app’s words as its tooltip', () => {
  const box = h('div');
  document.body.append(box);
  const set = new FieldSet(box, fieldsIn('es'), VALUES, { prefix: 'rec' });
  const shown = set.showErrors({ code: 'invalid_input', message: '2 fields are invalid', fields: { title: 'is required', nowhere: 'must be at most 200 characters' } });
  assert.deepEqual(shown.known, 1);
  const error = only(box, '#err-rec-title');
  assert.equal(error.hidden, false);
  assert.notEqual(text(error), 'Is required');
  assert.match(error.getAttribute('title'), /is required/);
  assertSpanish(text(error), 'the field error');
  assert.equal(shown.unknown.length, 1);
  assertSpanish(shown.unknown[0], 'a field the form does not show');
  set.clearError('title');
  assert.equal(error.hidden, true);
  assert.equal(error.getAttribute('title'), null);
});

test('a form drawn in English is said again in Spanish; what was typed stays', async () => {
  await i18n.setLanguage('en');
  const box = h('div');
  document.body.append(box);
  const set = new FieldSet(box, fieldsIn('en'), VALUES, { prefix: 'rec' });
  assert.equal(text(only(box, 'label[for="rec-title"]')), 'Name (required)');
  assert.equal(box.querySelectorAll('button.party-remove')[1].textContent, 'Remove');
  assert.equal(text(only(box, 'label[for="rec-reminders-2d"]')), '2 days before');
  set.input('title').value = 'Ana María';
  await i18n.setLanguage('es');
  set.relabel(fieldsIn('es'));
  assertSpanish(box, 'the form, relabelled');
  assert.equal(set.input('title').value, 'Ana María');
  assert.equal(set.values().title, 'Ana María');
  assert.deepEqual(set.values().reminders, ['7d', 'morning']);
  assert.equal(set.values().amount, -20);
  assert.equal(text(only(box, 'label[for="rec-kind"]')), 'Tipo');
  assert.deepEqual(only(box, '#rec-kind').querySelectorAll('option').map((o) => o.textContent), ['Uno', 'Dos']);
});

test('party roles, reminder offsets and refusals, in Spanish (and English as it was)', async () => {
  assert.equal(PARTY_ROLES.find(([v]) => v === 'judge')[1], 'Juez');
  assert.equal(partyRoleText('something-else'), 'something-else');
  assert.equal(remindersText(['7d', 'morning']), '7 días antes, la mañana de ese día');
  assert.equal(remindersText([]), 'ninguno');
  assert.equal(rejectionText({ code: 'invalid_input' }, { known: 2, unknown: [] }), 'No se guardó: hay que cambiar 2 campos (vea abajo).');
  assert.equal(rejectionText({ code: 'invalid_input' }, { known: 1, unknown: [] }, { action: 'build' }), 'No se preparó: hay que cambiar un campo (vea abajo).');
  assert.equal(rejectionText({ code: 'invalid_input' }, { known: 0, unknown: ['date: bad'] }, { action: 'create' }), 'No se creó: date: bad');
  assert.equal(rejectionText({ code: 'starting', message: 'Espere.' }, { known: 0, unknown: [] }), 'No se guardó. ProSeVA todavía se está iniciando. Espere.');
  await i18n.setLanguage('en');
  assert.equal(PARTY_ROLES.find(([v]) => v === 'judge')[1], 'Judge');
  assert.equal(remindersText(['7d', 'morning']), '7 days before, the morning of the day');
  assert.equal(remindersText([]), 'none');
  assert.equal(rejectionText({ code: 'invalid_input' }, { known: 2, unknown: [] }), 'Not saved: 2 fields need a change (see below).');
  assert.equal(rejectionText({ code: 'unavailable', message: 'Locked.' }, { known: 0, unknown: [] }), 'Not saved. Your case data is not available right now. Locked.');
});

// ------------------------------------------------------------------------------------ notes

const NOTE = { id: 3, caseId: 1, title: 'Llamada al secretario', body: 'Hablé con él. **Fecha**: martes.', conversationId: 8, createdAt: '2026-11-20T15:04:00Z', updatedAt: '2026-11-21T09:30:00Z' };

function notesBridge() {
  answers = {
    list_records: { items: [NOTE, { ...NOTE, id: 4, title: '', conversationId: null }], total: 2, limit: 100, offset: 0 },
    get_record: NOTE,
    list_workflows: [],
    update_record: (args) => ({ ...NOTE, ...args.changes }),
  };
}

test('the Notes page in Spanish: heading, list, editor, preview and a note opened', async () => {
  notesBridge();
  const root = h('section', { id: 'ws-page-notes' });
  document.body.append(root);
  const ws = { caseId: 1, currentCase: CASE, changed() {}, go() {} };
  const page = new NotesPage(ws, root, { openConversation() {} });
  page.show();
  await settle();
  assert.equal(text(only(root, 'h3.page-title')), 'Notas');
  assert.equal(text(only(root, '#note-new')), '+ Nota nueva');
  assert.equal(text(only(root, '#note-editor-title')), 'Nota nueva');
  assert.equal(text(only(root, '#note-preview')), 'Aquí aparece la nota tal como se verá.');
  assertSpanish(root, 'the Notes page');
  await page.openNote(3);
  await settle();
  assert.equal(text(only(root, '#note-editor-title')), 'Editar la nota');
  assert.match(text(only(root, '.note-meta')), /^Último cambio: 21 nov 2026/);
  assert.equal(text(only(root, '#note-conversation')), 'Abrir la conversación de donde vino');
  assert.match(text(only(root, '#records-notes')), /Sin título/);
  assert.match(text(only(root, '#records-notes')), /de una conversación/);
  assertSpanish(root, 'a note opened');
});

test('the Notes page drawn in English is said again in Spanish; the note being written stays', async () => {
  await i18n.setLanguage('en');
  notesBridge();
  const root = h('section', { id: 'ws-page-notes' });
  document.body.append(root);
  const page = new NotesPage({ caseId: 1, currentCase: CASE, changed() {}, go() {} }, root, { openConversation() {} });
  page.show();
  await settle();
  assert.equal(text(only(root, 'h3.page-title')), 'Notes');
  assert.equal(text(only(root, '#note-save')), 'Save note');
  assert.equal(text(only(root, 'label[for="note-body"]')), 'Note');
  page.fields.input('title').value = 'Lo que dijo el juez';
  await i18n.setLanguage('es');
  await settle();
  assert.equal(text(only(root, 'h3.page-title')), 'Notas');
  assert.equal(text(only(root, '#note-save')), 'Guardar la nota');
  assert.equal(page.fields.input('title').value, 'Lo que dijo el juez');
  assertSpanish(root, 'the Notes page after a switch');
});

test('"Save as note" under an answer, in Spanish, and in English after a switch', async () => {
  answers = { create_record: (args) => ({ id: 9, ...args.record }) };
  const extra = h('div', { class: 'answer-extra' });
  document.body.append(extra);
  const ws = { caseId: 1, currentCase: CASE, changed() {}, go() {} };
  addSaveNote({ question: '¿Cuánto tiempo tengo?', reply: 'Diez días (§ 16.1-106).', citations: { verified: [{ sourceId: '16.1-106', label: '§ 16.1-106' }] }, results: [], extra, conversationId: () => 8 }, ws);
  assert.equal(text(only(extra, 'button.save-note')), 'Guardar como nota');
  fire(only(extra, 'button.save-note'), 'click');
  await settle();
  assert.equal(text(only(extra, 'button.save-note')), 'Guardada');
  assert.equal(text(only(extra, '.save-note-status')), '✓ Se guardó en las notas de Depósito de Calle Olmo · Abrir la nota');
  assertSpanish(extra, 'the saved line');
  const saved = calls.find((c) => c.command === 'create_record').args.record;
  assert.match(saved.body, /### Fuentes\n- § 16\.1-106$/);
  assert.equal(noteFromAnswer({ question: '', reply: 'A' }).title, 'Respuesta guardada');
  await i18n.setLanguage('en');
  relocalize(extra);
  assert.equal(text(only(extra, 'button.save-note')), 'Saved');
  assert.equal(text(only(extra, '.save-note-status')), '✓ Saved to notes of Depósito de Calle Olmo · Open the note');
});

// ------------------------------------------------------------------------------------ documents

const DOCS = [
  { id: 1, title: 'Aviso del arrendador', fileName: 'aviso.pdf', format: 'pdf', sizeBytes: 1234, pageCount: 1, textChars: 0, stage: 'meaning', createdAt: '2026-11-20T15:04:00Z', caseId: 1 },
  { id: 2, title: '', fileName: 'foto.png', format: 'png', sizeBytes: 99000, pageCount: 3, textChars: 0, stage: 'ocr', ocrPage: 2, createdAt: '2026-11-20T15:04:00Z', caseId: 1 },
  { id: 3, title: 'Recibo', fileName: 'recibo.docx', format: '', sizeBytes: 812, textChars: 0, stage: 'failed', problem: null, createdAt: '2026-11-21T09:00:00Z', caseId: 1 },
  { id: 4, title: 'Contrato', fileName: 'contrato.txt', format: 'txt', sizeBytes: 300, textChars: 0, stage: 'stored', createdAt: '2026-11-21T09:00:00Z', caseId: 1 },
];

function documentsPage(ws = { caseId: 1, currentCase: CASE, cases: [CASE, { id: 2, name: 'Cobro de deuda', status: 'closed' }], changed() {}, go() {} }) {
  answers = { list_records: { items: DOCS, total: DOCS.length, limit: 100, offset: 0 }, list_workflows: [] };
  const root = h('section', { id: 'ws-page-documents' });
  document.body.append(root);
  const page = new DocumentsPage(ws, root, { viewer: { open() {} } });
  return { page, root, ws };
}

test('document stages and kinds of file, in Spanish', () => {
  assert.deepEqual(stageInfo({ stage: 'ocr', ocrPage: 2, pageCount: 3 }), { text: 'Leyendo las letras de la página 2 de 3 (OCR)', busy: true, problem: null });
  assert.equal(stageInfo({ stage: 'failed', problem: null }).problem, 'No se pudo leer este archivo.');
  assert.equal(stageInfo({ stage: 'ocr_unavailable' }).text, 'No se pudieron leer las páginas escaneadas');
  assert.match(kindProblem('fotos.zip'), /^fotos\.zip no es un tipo de archivo que ProSeVA pueda leer \(\.txt, \.md/);
  for (const stage of ['stored', 'reading', 'ocr', 'words', 'meaning', 'ocr_unavailable', 'failed', undefined]) assertSpanish(stageInfo({ stage }).text, `the stage ${stage}`);
});

test('the Documents page in Spanish: heading, rows, stages, actions', async () => {
  const { page, root } = documentsPage();
  page.show();
  await settle();
  page.hide();
  assert.equal(text(only(root, 'h3.page-title')), 'Documentos');
  assert.equal(text(only(root, '#document-add')), '+ Agregar documentos…');
  assert.match(text(only(root, '.accept-hint')), /de hasta 25 MB cada uno\.$/);
  const row = root.querySelector('.rec-row[data-id="2"]');
  assert.equal(text(row.querySelector('.rec-title')), 'foto.png PNG');
  assert.match(text(row.querySelector('.rec-meta')), /3 páginas/);
  assert.equal(row.querySelector('li[data-state="done"]').getAttribute('data-state-text'), '(hecho)');
  assert.equal(text(root.querySelector('.rec-row[data-id="3"] .rec-title')), 'Recibo ARCHIVO');
  assert.equal(root.querySelector('.rec-row[data-id="1"] button[data-action="view"]').getAttribute('aria-label'), 'Ver el texto de Aviso del arrendador');
  assertSpanish(root, 'the Documents page');
});

test('renaming and assigning a document ask in Spanish', async () => {
  const asked = [];
  const { page, ws } = documentsPage();
  ws.recordDialog = { open: async (spec) => (asked.push(spec), false) };
  await page.act('rename', DOCS[0], h('button'));
  await page.act('assign', DOCS[0], h('button'));
  assert.equal(asked[0].title, 'Cambiar el nombre de “Aviso del arrendador”');
  assert.equal(asked[0].fields[0].label, 'Título');
  assert.equal(asked[1].title, 'Poner “Aviso del arrendador” en un caso');
  assert.deepEqual(asked[1].fields[0].options, [['', 'Sin caso'], ['1', 'Depósito de Calle Olmo'], ['2', 'Cobro de deuda (cerrado)']]);
  assert.equal(asked[1].saveLabel, 'Poner en el caso');
});

test('adding files in Spanish: progress, a file refused, and the end', async () => {
  const { page, root } = documentsPage();
  answers.upload_document = { id: 9, stage: 'stored' };
  const file = (name) => ({ name, size: 10, arrayBuffer: async () => new ArrayBuffer(10) });
  page.enqueue([file('aviso.pdf'), file('fotos.zip')]);
  await settle();
  page.hide();
  assert.equal(text(only(root, '#upload-status')), 'Agregados: 1 de 2 · Sin agregar: 1. Terminado');
  assert.equal(only(root, '.upload-failure').textContent, 'fotos.zip no es un tipo de archivo que ProSeVA pueda leer (.txt, .md, .pdf, .docx, .png, .jpg, .jpeg, .tif, .tiff)');
  assert.equal(text(only(root, '#upload-clear')), 'Cerrar');
  assert.equal(only(root, '#upload-failures').getAttribute('aria-label'), 'Archivos que no se agregaron');
  await settle(5);
  assert.equal(announcer.textContent, 'Se agregó 1 archivo; 1 no se agregó: vea la lista.');
});

test('the Documents page drawn in English is said again in Spanish', async () => {
  await i18n.setLanguage('en');
  const { page, root } = documentsPage();
  page.show();
  await settle();
  page.hide();
  assert.equal(text(only(root, 'h3.page-title')), 'Documents');
  assert.match(text(root.querySelector('.rec-row[data-id="1"] .stage-text')), /^Searchable by meaning$/);
  await i18n.setLanguage('es');
  await settle();
  page.hide();
  assert.equal(text(only(root, 'h3.page-title')), 'Documentos');
  assert.equal(text(root.querySelector('.rec-row[data-id="1"] .stage-text')), 'Se puede buscar por significado');
  assertSpanish(root, 'the Documents page after a switch');
});

test('files dragged over the window: where they go, in Spanish', () => {
  const overlay = h('div', { id: 'drop-overlay', hidden: true }, h('p', { id: 'drop-target' }));
  const ws = { currentCase: CASE, go() {} };
  windowListeners.length = 0;
  wireDrop(ws, { enqueue() {} }, overlay);
  const over = windowListeners.find(([type]) => type === 'dragenter')[1];
  over({ type: 'dragenter', dataTransfer: { types: ['Files'] }, preventDefault() {} });
  assert.equal(overlay.hidden, false);
  assert.equal(text(only(overlay, '#drop-target')), 'a Depósito de Calle Olmo');
});

// ------------------------------------------------------------------------------------ the viewer

function viewerDialog() {
  const dialog = h(
    'dialog',
    { id: 'document-viewer' },
    h('p', { id: 'doc-eyebrow' }),
    h('h2', { id: 'doc-heading' }),
    h('button', { id: 'doc-close' }),
    h('form', { id: 'doc-find' }, h('input', { id: 'doc-find-input' }), h('button', { id: 'doc-find-prev' })),
    h('p', { id: 'doc-find-count' }),
    h('p', { id: 'doc-status' }),
    h('div', { id: 'document-text' }),
    h('nav', { id: 'doc-parts' }, h('p', { id: 'doc-part-text' }), h('button', { id: 'doc-part-prev' }), h('button', { id: 'doc-part-next' })),
  );
  dialog.showModal = () => (dialog.open = true);
  dialog.close = () => (dialog.open = false);
  document.body.append(dialog);
  return dialog;
}

test('the document viewer in Spanish: what the document is, its pages, its part, find', async () => {
  answers = { document_text: { offset: 0, totalChars: 150000, text: 'Aviso uno. Otro aviso más.', pages: [{ page: 1, start: 0 }, { page: 2, start: 11 }] } };
  const dialog = viewerDialog();
  const viewer = new DocumentViewer(dialog);
  viewer.open(DOCS[1], null);
  await settle();
  assert.equal(text(only(dialog, '#doc-eyebrow')), 'PNG · 96.7 KB · 3 páginas');
  assert.equal(text(only(dialog, '#doc-heading')), 'foto.png');
  assert.deepEqual(dialog.querySelectorAll('.page-marker').map(text), ['Página 1', 'Página 2']);
  assert.equal(text(only(dialog, '#doc-part-text')), 'Caracteres 1 a 26 de 150,000');
  only(dialog, '#doc-find-input').value = 'aviso';
  viewer.find();
  assert.equal(text(only(dialog, '#doc-find-count')), '1 de 2 en esta parte');
  viewer.step(1);
  assert.equal(text(only(dialog, '#doc-find-count')), '2 de 2 en esta parte');
  assertSpanish(dialog, 'the viewer');
  only(dialog, '#doc-find-input').value = 'renta';
  viewer.find();
  assert.equal(text(only(dialog, '#doc-find-count')), 'No se encontró');
  // A language switch while it is open: its words again, the match kept.
  only(dialog, '#doc-find-input').value = 'aviso';
  viewer.find();
  viewer.step(1);
  await i18n.setLanguage('en');
  assert.equal(text(only(dialog, '#doc-find-count')), '2 of 2 in this part');
  assert.equal(text(only(dialog, '#doc-part-text')), 'Characters 1–26 of 150,000');
  assert.equal(text(only(dialog, '#doc-eyebrow')), 'PNG · 96.7 KB · 3 pages');
});

test('a document with no text yet, and one whose text could not be shown, in Spanish', async () => {
  answers = { document_text: { offset: 0, totalChars: 0, text: '', pages: [] } };
  const dialog = viewerDialog();
  const viewer = new DocumentViewer(dialog);
  viewer.open({ ...DOCS[3], title: 'Contrato' }, null);
  await settle();
  assert.equal(text(only(dialog, '#doc-status')), 'Todavía no se ha leído el texto. En la lista se ve en qué paso va; vuelva a intentarlo en un momento.');
  answers = {
    document_text: () => {
      throw { code: 'not_found', message: 'no existe' };
    },
  };
  viewer.open({ ...DOCS[0], format: '' }, null);
  await settle();
  assert.equal(text(only(dialog, '#doc-status')), 'No se pudo mostrar el texto. No se encontró lo que buscaba. Puede que se haya borrado.');
  assert.equal(text(only(dialog, '#doc-eyebrow')), 'Documento · 1.2 KB · 1 página');
  assertSpanish(dialog, 'the viewer with an error');
});

// ------------------------------------------------------------------------------------ a form to fill

const FORM = {
  formId: 'f1',
  fileName: 'DC-429.pdf',
  pages: 2,
  fields: [
    { name: 'Tribunal', label: 'Nombre del tribunal', type: 'text', maxLength: 60, required: true, proposed: 'Tribunal General de Distrito de Richmond', proposedFrom: 'el registro del caso' },
    { name: 'Aviso', label: 'Se dio aviso', type: 'checkbox', value: false },
    { name: 'Pedido', label: 'Lo que pide', type: 'choice', options: [{ value: 'A', label: 'Opción A' }, 'B'] },
    { name: 'Numero', label: 'Número', type: 'text', readOnly: true, value: 'DC-429' },
    { name: 'Firma', label: 'Firma', type: 'signature' },
  ],
};
const pdf = (name) => ({ name, size: 20, arrayBuffer: async () => new ArrayBuffer(20) });

test('"Fill a form I downloaded" in Spanish: the section, the table, the notes, saving', async () => {
  answers = { form_fields: FORM, fill_form: { path: '/home/ana/Exportaciones/DC-429-lleno.pdf' } };
  const filler = new FormFiller({ getCaseId: () => 1 });
  document.body.append(filler.el);
  filler.open({ form: 'DC-429' });
  assert.equal(text(only(filler.el, '#form-filler-for')), 'Para el DC-429: descárguelo de la página web del tribunal (el secretario del tribunal le puede decir dónde) y después elíjalo aquí.');
  await filler.read(pdf('DC-429.pdf'));
  await settle();
  assert.equal(text(only(filler.el, 'caption')), 'DC-429.pdf: 5 campos en 2 páginas');
  assert.equal(text(only(filler.el, '#form-status')), 'Se llenó 1 respuesta con datos de su caso; dice de dónde salió. Lea cada una, cambie lo que esté mal y después guarde.');
  const row = (name) => only(filler.el, `tr.form-field-row[data-name="${name}"]`);
  assert.equal(text(row('Tribunal').querySelector('.form-field-kind')), 'Texto (obligatorio)');
  assert.equal(text(row('Tribunal').querySelector('.hint')), 'Fuente: el registro del caso.');
  assert.equal(text(row('Firma').querySelector('.hint')), 'Fírmelo a mano después de imprimirlo.');
  assert.equal(text(row('Numero').querySelector('.hint')), 'El formulario no deja cambiar esto.');
  assert.equal(row('Pedido').querySelector('option').textContent, '— sin elegir —');
  assertSpanish(filler.el, 'the form to fill');
  fire(only(filler.el, '#form-fill'), 'submit');
  await settle();
  assert.equal(text(only(filler.el, '#form-saved')), 'Se guardó: /home/ana/Exportaciones/DC-429-lleno.pdf');
  answers.fill_form = () => {
    throw { code: 'invalid_input', message: 'no cabe', fields: { 'values.Tribunal': 'demasiado largo' } };
  };
  fire(only(filler.el, '#form-fill'), 'submit');
  await settle();
  assert.equal(text(only(filler.el, '#form-fill-error')), 'No se guardó: una respuesta no cabe en el formulario (vea el campo).');
  assertSpanish(filler.el, 'the form refused');
  // A switch of language: the table's words again, the answers kept.
  row('Tribunal').querySelector('input').value = 'Tribunal de Circuito';
  await i18n.setLanguage('en');
  assert.equal(text(only(filler.el, 'caption')), 'DC-429.pdf: 5 fields on 2 pages');
  assert.equal(text(row('Firma').querySelector('.hint')), 'Sign by hand after printing.');
  assert.equal(text(only(filler.el, '#form-filler-title')), 'Fill a form I downloaded');
  assert.equal(row('Tribunal').querySelector('input').value, 'Tribunal de Circuito');
});

test('a Spanish step that names a form links to it, in Spanish', () => {
  const step = { file: 'Un aviso de apelación (formulario DC-475) al secretario del tribunal.' };
  assert.equal(formNamed(step), 'DC-475');
  assert.equal(formNamed({ file: 'Nada todavía.', what: 'El citatorio (formulario DC-421) da la fecha.' }), 'form');
  assert.equal(text(formLink(step)), 'Llenar el DC-475 (un formulario que descargué)');
  assert.equal(text(formLink({ file: 'Nada.', what: 'El citatorio (formulario DC-421) da la fecha.' })), 'Llenar un formulario que descargué');
});

// ------------------------------------------------------------------------------------ saved conversations

function conversationsDialog() {
  const dialog = h(
    'dialog',
    { id: 'conversations-drawer' },
    h('h2', { id: 'conversations-title' }),
    h('button', { id: 'conversations-close' }),
    h('div', { class: 'check-row' }, h('input', { type: 'checkbox', id: 'conversations-only-case' }), h('label', { for: 'conversations-only-case' })),
    h('p', { id: 'conversations-status' }),
    h('ul', { id: 'conversation-list' }),
    h('button', { id: 'conversations-more' }),
  );
  dialog.showModal = () => (dialog.open = true);
  dialog.close = () => (dialog.open = false);
  document.body.append(dialog);
  return dialog;
}

const CONVERSATIONS = [
  { id: 1, kind: 'chat', title: '¿Cuánto tiempo tengo para apelar?', updatedAt: '2026-11-20T15:04:00Z', caseId: 1, messageCount: 4 },
  { id: 2, kind: 'research', title: '', updatedAt: '2026-11-19T15:04:00Z', caseId: 7, messageCount: 1 },
  { id: 3, kind: 'chat', title: 'Fianza', updatedAt: '2026-11-18T15:04:00Z', caseId: null, messageCount: 0 },
];

test('the saved conversations in Spanish: the list, its words, an export', async () => {
  answers = { list_records: { items: CONVERSATIONS, total: 5 }, export_conversation: { path: '/home/ana/Exportaciones/conversacion.md' } };
  const dialog = conversationsDialog();
  const ws = { caseId: 1, currentCase: CASE, cases: [CASE], recordDialog: { open: async () => false } };
  const drawer = new ConversationsDrawer(dialog, ws, { panels: { chat: { conversationId: null }, research: { conversationId: null } }, select() {} });
  drawer.open(null);
  await settle();
  assert.equal(text(only(dialog, 'label[for="conversations-only-case"]')), 'Solo Depósito de Calle Olmo');
  assert.equal(text(only(dialog, '#conversations-status')), '3 de 5');
  const items = dialog.querySelectorAll('.conversation-item');
  assert.match(text(items[0].querySelector('.conversation-meta')), /^Preguntar · .* · Depósito de Calle Olmo · 4 mensajes$/);
  assert.match(text(items[1]), /^Conversación sin título Investigar · .* · Caso n\.º 7 · 1 mensaje/);
  assert.match(text(items[2].querySelector('.conversation-meta')), /· Sin caso$/);
  assert.equal(items[0].querySelector('[data-action="rename"]').getAttribute('aria-label'), 'Cambiar el nombre de ¿Cuánto tiempo tengo para apelar?');
  assertSpanish(dialog, 'the saved conversations');
  const exportButton = items[0].querySelector('[data-action="export"]');
  await drawer.act('export', CONVERSATIONS[0], exportButton);
  assert.equal(text(items[0].querySelector('.conversation-status')), 'Se guardó en /home/ana/Exportaciones/conversacion.md');
  assert.equal(items[0].querySelector('.conversation-status code').textContent, '/home/ana/Exportaciones/conversacion.md');
  // Renaming asks in Spanish.
  let asked = null;
  ws.recordDialog.open = async (spec) => ((asked = spec), false);
  await drawer.act('rename', CONVERSATIONS[0], items[0].querySelector('[data-action="rename"]'));
  assert.equal(asked.title, 'Cambiar el nombre de la conversación');
  assert.equal(asked.fields[0].label, 'Título');
});

test('no saved conversations yet, said in Spanish; the list again in English after a switch', async () => {
  answers = { list_records: { items: [], total: 0 } };
  const dialog = conversationsDialog();
  const ws = { caseId: null, currentCase: null, cases: [] };
  const drawer = new ConversationsDrawer(dialog, ws, { panels: { chat: {}, research: {} }, select() {} });
  drawer.open(null);
  await settle();
  assert.equal(text(only(dialog, '#conversations-status')), 'Todavía no hay conversaciones guardadas. Cada pregunta que usted hace se guarda aquí con su respuesta.');
  assert.equal(text(only(dialog, 'label[for="conversations-only-case"]')), 'Solo este caso');
  await i18n.setLanguage('en');
  await settle();
  assert.equal(text(only(dialog, '#conversations-status')), 'No saved conversations yet. Each question you ask is saved here with its answer.');
  assert.equal(text(only(dialog, 'label[for="conversations-only-case"]')), 'Only this case');
});

// ------------------------------------------------------------------------------------ drafts

function artifactPanel() {
  const panel = h(
    'aside',
    { id: 'artifact-panel', hidden: true },
    h('p', { id: 'artifact-kind' }),
    h('h2', { id: 'artifact-title' }),
    h('button', { id: 'artifact-all' }),
    h('button', { id: 'artifact-close' }),
    h('ul', { id: 'artifact-list', hidden: true }),
    h('select', { id: 'artifact-version' }),
    h('span', { id: 'artifact-made' }),
    h('p', { id: 'artifact-notice' }),
    h('div', { id: 'artifact-warnings', hidden: true }),
    h('div', { id: 'artifact-view' }, h('div', { id: 'artifact-body' }), h('section', { hidden: true }, h('ol', { id: 'artifact-sources' }))),
    h('form', { id: 'artifact-editor', hidden: true }, h('textarea', { id: 'artifact-edit-text' }), h('p', { id: 'artifact-edit-error', hidden: true }), h('button', { type: 'submit' }), h('button', { id: 'artifact-edit-cancel' })),
    h('button', { id: 'artifact-edit' }),
    h('button', { id: 'artifact-rebuild', hidden: true }),
    h('div', { id: 'artifact-exports' }),
    h('p', { id: 'artifact-saved', hidden: true }),
  );
  document.body.append(panel);
  return panel;
}

const DRAFT = {
  id: 4,
  caseId: 1,
  title: 'Cronología de Calle Olmo',
  kind: 'table',
  content: 'Fecha,Hecho\n2026-11-01,Aviso en la puerta\n',
  version: 2,
  versions: [{ version: 1 }, { version: 2 }],
  createdBy: 'offline',
  versionCreatedAt: '2026-11-30T10:00:00Z',
  notice: null,
  warnings: ['Se quitó una cita que no se pudo comprobar.'],
  sources: [],
};

test('a draft shown in Spanish: its kind, versions, who made it, notice and warnings', async () => {
  answers = { get_draft: DRAFT, export_draft: { path: '/home/ana/Exportaciones/cronologia.docx' }, list_drafts: [{ ...DRAFT, kind: 'mermaid' }, { ...DRAFT, id: 5, kind: 'paper', version: 1 }] };
  const panel = artifactPanel();
  const artifacts = new ArtifactPanel(panel, { getCaseId: () => 1 });
  await artifacts.show(4);
  await settle();
  assert.equal(text(only(panel, '#artifact-kind')), 'Borrador · Tabla');
  assert.deepEqual(only(panel, '#artifact-version').querySelectorAll('option').map((o) => o.textContent), ['Versión 1', 'Versión 2 (la más reciente)']);
  assert.equal(text(only(panel, '#artifact-made')), 'Lo hizo ProSeVA con sus registros el 30 de noviembre de 2026.');
  assert.equal(text(only(panel, '#artifact-notice')), 'Borrador preparado con un programa. No es asesoría legal.');
  assert.match(text(only(panel, '#artifact-warnings')), /^Lo que cambió al revisarlo:/);
  assert.equal(only(panel, '.artifact-table-wrap').getAttribute('aria-label'), 'Tabla');
  assertSpanish(panel, 'the draft panel');
  fire(only(panel, '#artifact-exports').querySelector('button[data-format="docx"]'), 'click');
  await settle();
  assert.equal(text(only(panel, '#artifact-saved')), 'Se guardó: /home/ana/Exportaciones/cronologia.docx');
  await artifacts.toggleList();
  assert.deepEqual(only(panel, '#artifact-list').querySelectorAll('li').map(text), ['Cronología de Calle Olmo · Diagrama, versión 2', 'Cronología de Calle Olmo · Papel para el tribunal, versión 1']);
  assertSpanish(panel, 'the list of drafts');
  // A switch of language while the draft is shown: what the panel says of it, again.
  await i18n.setLanguage('en');
  assert.equal(text(only(panel, '#artifact-kind')), 'Draft · Table');
  assert.equal(text(only(panel, '#artifact-made')), 'Made by ProSeVA, from your records, on November 30, 2026.');
  assert.equal(only(panel, '#artifact-version').querySelectorAll('option')[1].textContent, 'Version 2 (latest)');
});

test('an empty table and a draft that could not be opened, in Spanish', async () => {
  answers = { get_draft: { ...DRAFT, content: '', createdBy: 'person', versionCreatedAt: '' } };
  const panel = artifactPanel();
  const artifacts = new ArtifactPanel(panel, { getCaseId: () => 1 });
  await artifacts.show(4);
  assert.equal(text(only(panel, '#artifact-body')), 'La tabla está vacía.');
  assert.equal(text(only(panel, '#artifact-made')), 'Lo hizo usted.');
  answers = {
    get_draft: () => {
      throw { code: 'not_found', message: 'no existe' };
    },
  };
  await artifacts.show(9);
  // The app's reason, as errors.js says it in Spanish.
  assert.match(text(only(panel, '#artifact-body')), /^No se pudo abrir este borrador: No se encontró/);
  assertSpanish(panel, 'a draft not opened');
});

function draftDialog() {
  const dialog = h(
    'dialog',
    { id: 'draft-dialog' },
    h(
      'form',
      {},
      h('p', { id: 'draft-error', hidden: true }),
      h('div', { id: 'draft-write-fields', hidden: true }, h('select', { id: 'draft-kind' }), h('textarea', { id: 'draft-describe' })),
      h('p', { id: 'draft-no-model', hidden: true }, h('button', { id: 'draft-settings' })),
      h('button', { id: 'draft-cancel' }),
      h('button', { id: 'draft-submit' }),
    ),
  );
  dialog.showModal = () => (dialog.open = true);
  dialog.close = () => (dialog.open = false);
  document.body.append(dialog);
  return dialog;
}

test('the Draft dialog in Spanish: its button, what it says is missing, the question it asks', async () => {
  const asked = [];
  const dialog = draftDialog();
  const dd = new DraftDialog(dialog, { getCaseId: () => null, modelOnline: () => true, panel: null, ask: (q) => asked.push(q), openSettings() {} });
  let what = 'timeline';
  dd.choice = () => what;
  dd.open(null);
  assert.equal(text(only(dialog, '#draft-submit')), 'Hacerlo con mis registros');
  await dd.go();
  assert.equal(text(only(dialog, '#draft-error')), 'Primero elija un caso (en la lista de arriba): el borrador se hace con sus registros.');
  what = 'write';
  dd.update();
  assert.equal(text(only(dialog, '#draft-submit')), 'Pedirle al asistente que lo escriba');
  only(dialog, '#draft-kind').value = 'letter';
  await dd.go();
  assert.match(text(only(dialog, '#draft-error')), /^Diga de qué debe tratar el borrador; por ejemplo, “una carta al secretario del tribunal/);
  only(dialog, '#draft-describe').value = 'pedir otra fecha para la audiencia';
  await dd.go();
  assert.deepEqual(asked, ['Haga el borrador de una carta: pedir otra fecha para la audiencia\n(Hágalo con create_draft, de tipo markdown, y anote las fuentes en que se basa.)']);
  // In English, as it was.
  await i18n.setLanguage('en');
  assert.equal(text(only(dialog, '#draft-submit')), 'Ask the assistant to write it');
  only(dialog, '#draft-kind').value = 'table';
  only(dialog, '#draft-describe').value = 'rent paid';
  await dd.go();
  assert.equal(asked[1], 'Draft a table: rent paid\n(Make it with create_draft, kind table (CSV), and list the sources it relies on.)');
});

test('no message these modules asked for was missing in Spanish', () => {
  assert.deepEqual(i18n.missingMessages(), []);
});
