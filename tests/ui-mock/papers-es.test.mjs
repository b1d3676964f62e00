// DEVELOPMENT ONLY: the case's "Papers to file" page (ui/papers.js) and the paper as a page
// (ui/paper-preview.js) in Spanish, in the small stand-in document (fake-dom.mjs), driven through
// the UI mock's own handlers (mock-workspace.js, the `papers` scenario: case 5, the eviction
// "Nguyễn Thị Lan" v. "Oak Ridge Apartments, LLC"). The page's words are Spanish, the papers come
// from the server's Spanish catalogue (sidecars/server/papers/papers.es.json, as `paper_kinds`
// answers a Spanish window), the paper built stays English — it is what the court takes — and
// beside each of its parts is what it says in Spanish (`paper_explained`); the Spanish copy (not
// for filing) is saved with `export_paper_spanish`. What the server says for those two is given
// here as it answers.
//   node --test tests/ui-mock/papers-es.test.mjs

import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { runInThisContext } from 'node:vm';
import { installFakeDocument, fire, settle, only, text } from './fake-dom.mjs';
import { englishOf, englishLeft, seen, useLanguage } from './l10n.mjs';

// ------------------------------------------------------------------ English words left on screen

const ENGLISH = englishOf(['papers', 'paper-preview', 'forms'], ['when', 'why', 'file', 'paper', 'papers', 'hearing', 'court']);

// ------------------------------------------------------------------ the app

installFakeDocument();
const repo = new URL('../../', import.meta.url);
globalThis.window = globalThis;
globalThis.location = { search: '?scenario=papers&speed=100' };
globalThis.fetch = async (path) => {
  const body = readFileSync(new URL(`.${path}`, repo), 'utf8');
  return { ok: true, json: async () => JSON.parse(body), text: async () => body };
};
for (const script of ['mock-seed.js', 'mock-workspace.js']) runInThisContext(readFileSync(new URL(script, import.meta.url), 'utf8'), { filename: script });
const mock = window.__mockWorkspace;

const CATALOGUE = {
  en: JSON.parse(readFileSync(new URL('sidecars/server/papers/papers.json', repo), 'utf8')),
  es: JSON.parse(readFileSync(new URL('sidecars/server/papers/papers.es.json', repo), 'utf8')),
};
const PURPOSE_ES = Object.fromEntries(CATALOGUE.es.explain.parts.map((p) => [p.id, p.purpose]));

/**
 * What the server answers for a paper draft in a Spanish window: beside each part of the English
 * paper, its Spanish and what it is for; the person's own words as written.
 */
function explanationOf(draftId, version, paper) {
  const part = (name, english, spanish, extra = {}) => ({ part: name, english, spanish, purpose: PURPOSE_ES[name], asWritten: false, ...extra });
  const parts = [
    part('court', paper.court.join('\n'), 'VIRGINIA:\nEN EL TRIBUNAL GENERAL DE DISTRITO DE LA CIUDAD DE RICHMOND'),
    part('caption', 'Oak Ridge Apartments, LLC, Plaintiff,\nv.\nNguyễn Thị Lan, Defendant.', 'Oak Ridge Apartments, LLC, Parte demandante,\ncontra\nNguyễn Thị Lan, Parte demandada.\nNúmero de caso: GV26-001234'),
    part('heading', paper.heading, 'MOCIÓN DE APLAZAMIENTO'),
    part('opening', paper.opening, 'Nguyễn Thị Lan (parte demandada), que se representa sin abogado, pide al Tribunal que aplace la audiencia de este caso para una fecha posterior, por estas razones:'),
    ...paper.paragraphs.map((p, i) =>
      i === 1 ? part('paragraph', p, p, { number: i + 1, asWritten: true }) : part('paragraph', p, `Párrafo ${i + 1} en español.`, { number: i + 1 }),
    ),
    part('closing', paper.closing, 'POR LO TANTO, pido al Tribunal que aplace la audiencia para una fecha posterior, y que me diga la nueva fecha.'),
    part('signature', 'Respectfully submitted,', 'Respetuosamente,\n______________________________ (su firma)\nNguyễn Thị Lan\nParte demandada, sin abogado'),
  ];
  if (paper.certificate) parts.push(part('certificate', 'CERTIFICATE OF SERVICE', 'CERTIFICADO DE NOTIFICACIÓN\nCertifico que el ____________________ mandé una copia de este escrito por correo de primera clase a:'));
  return {
    draftId,
    version,
    paper: paper.paper,
    layout: paper.layout,
    title: 'Moción de aplazamiento (pasar la audiencia a otro día)',
    parts,
    notForFiling: CATALOGUE.es.explain.notForFiling,
    asWritten: CATALOGUE.es.explain.asWritten,
  };
}

let calls = [];
let explainFails = false;
window.__TAURI__ = {
  core: {
    invoke: async (command, args, options) => {
      calls.push({ command, args });
      const spanish = i18n.language() === 'es';
      if (command === 'paper_kinds' && spanish) {
        // The server's Spanish catalogue: the same papers, their words in Spanish.
        const english = await mock.invoke(command, args, options);
        return english.map((k) => {
          const es = CATALOGUE.es.kinds.find((x) => x.id === k.id);
          const part = (p) => ({ part: p.part, source: CATALOGUE.es.sources[p.source].label, url: CATALOGUE.es.sources[p.source].url, read: CATALOGUE.es.sources[p.source].read, confirmed: CATALOGUE.es.sources[p.source].confirmed });
          return { ...k, title: es.title, when: es.when, fields: es.fields, requiredParts: es.requiredParts.map(part) };
        });
      }
      if (command === 'build_paper' && spanish) {
        const built = await mock.invoke(command, args, options);
        return { ...built, when: CATALOGUE.es.kinds.find((k) => k.id === args.paper).when };
      }
      if (command === 'paper_explained') {
        if (explainFails) throw { code: 'not_found', message: 'no hay un borrador con el id 99' };
        const draft = mock.db.drafts ? mock.db.drafts.find((d) => d.id === args.draftId) : null;
        return explanationOf(args.draftId, args.version, page.built ? page.built.paper : JSON.parse(draft.versions.at(-1).content));
      }
      if (command === 'export_paper_spanish') return { path: `/home/pat/Documents/ProSeVA/Exports/motion-to-continue-v${args.version}-es-no-presentar.${args.format}` };
      if (!mock.handles(command)) throw { code: 'internal', message: `the mock has no ${command}` };
      return mock.invoke(command, args, options);
    },
  },
};

const i18n = await useLanguage('es');
const { PapersPage, findingsNodes } = await import('../../ui/papers.js');
const { paperSheet } = await import('../../ui/paper-preview.js');
const { h } = await import('../../ui/dom.js');

const CASE = 5;
const called = (command) => calls.filter((c) => c.command === command);
const announcer = h('div', { id: 'announcer' });
const said = async () => {
  await settle();
  return announcer.textContent;
};
let page = null;

/** The Papers page of case 5, as the workspace shows it. */
async function papersPage() {
  const record = mock.db.cases.find((c) => c.id === CASE);
  const ws = { caseId: CASE, currentCase: record, changed: () => {} };
  const root = h('section', { id: 'ws-page-papers' });
  document.body.append(root);
  page = new PapersPage(ws, root);
  await page.show({});
  await settle();
  return { page, root };
}

function type(root, name, value) {
  const input = only(root, `#paper-${name}`);
  input.value = value;
  fire(input, 'input');
  return input;
}

/** `root` without the paper itself (its English is the paper filed): what the page says around it. */
function aroundThePaper(root) {
  const preview = root.querySelectorAll('#paper-preview')[0];
  if (!preview) return seen(root).join(' \n ');
  const parent = preview.parentNode;
  const at = parent.childNodes.indexOf(preview);
  parent.removeChild(preview);
  const words = seen(root).join(' \n ');
  parent.childNodes.splice(at, 0, preview);
  preview.parentNode = parent;
  return words;
}

beforeEach(async () => {
  await i18n.loadLanguage('es');
  document.body.replaceChildren(announcer);
  document.activeElement = null;
  calls = [];
  explainFails = false;
});

// ------------------------------------------------------------------ the list and the form

test('the list of papers in Spanish: the page’s words and the server’s Spanish catalogue, no English left', async () => {
  const { root } = await papersPage();
  assert.equal(text(only(root, '.page-title')), 'Documentos para presentar');
  assert.equal(text(only(root, '#papers-fill-form')), 'Llenar un formulario que bajé');
  assert.equal(text(only(root, '#paper-kinds-title')), 'Papeles que ProSeVA puede escribir para este caso');
  assert.equal(text(only(root, '#paper-kinds-note')), 'Los papeles para esta clase de caso. Escoja uno: ProSeVA llena lo que su caso ya dice.');
  const motion = only(root, 'li.paper-kind[data-paper="motion-to-continue"]');
  assert.equal(text(only(motion, '.paper-kind-title')), 'Moción de aplazamiento (pasar la audiencia a otro día)');
  assert.match(text(only(motion, '.paper-when')), /^Cuándo presentarlo: Preséntela en cuanto sepa que no puede ir/);
  assert.equal(text(only(motion, 'details.paper-why summary')), 'Por qué lleva estas partes');
  assert.equal(text(only(motion, 'button[data-action="write"]')), 'Escribir este papel');
  assert.ok(motion.querySelectorAll('li.paper-part').some((p) => text(p).includes('Código de Virginia § 8.01-271.1') && text(p).includes('página de LIS con fecha 11/21/2024')));
  const newTrial = only(root, 'li.paper-kind[data-paper="motion-for-new-trial"]');
  assert.ok(newTrial.querySelectorAll('.paper-part-check').some((b) => text(b) === 'texto oficial de 2023 — revíselo hoy'));
  assert.equal(text(only(root, '#paper-theirs-title')), 'Revisar un papel que presentó la otra parte');
  assert.equal(text(only(root, '#paper-theirs-check')), 'Revisarlo');
  // Left out: the case's documents (their titles are the person's), and the words the court's own
  // forms print, quoted in English ("Case No.").
  const titles = root.querySelectorAll('#paper-theirs-document option').map(text);
  const shown = seen(root).filter((t) => !titles.includes(t)).map((t) => t.replace(/"[^"]*"/g, ' '));
  assert.deepEqual(englishLeft(shown.join(' \n '), ENGLISH), []);
  assert.deepEqual(i18n.missingMessages(), []);
});

test('the form in Spanish: its labels, the paper’s own questions from the Spanish catalogue, the refusal in Spanish', async () => {
  const { root } = await papersPage();
  fire(only(root, 'button[data-action="write"][data-paper="motion-to-continue"]'), 'click');
  await settle();
  assert.equal(root.dataset.view, 'form');
  assert.equal(text(only(root, '#paper-form-title')), 'Moción de aplazamiento (pasar la audiencia a otro día)');
  assert.equal(text(only(root, 'label[for="paper-name"]')).replace(/\s*\*$/, '').trim().startsWith('Su nombre, como lo firma'), true);
  assert.match(text(only(root, '#hint-paper-address')), /^Una línea por renglón, como en un sobre\./);
  assert.match(text(only(root, '#hint-paper-name')), /^Se llenó con: /);
  assert.match(text(only(root, 'label[for="paper-hearingDate"]')), /^La fecha de la audiencia que quiere cambiar/);
  assert.match(text(only(root, '#hint-paper-reason')), /^Por ejemplo: Ese día voy a estar en el hospital/);
  assert.match(text(only(root, '#paper-proposed-note')), /respuestas? ya están? llenas? con datos de su caso/);
  assert.equal(text(only(root, '#paper-service legend')), 'Certificado de notificación');
  assert.ok(text(only(root, '#paper-serviceMethod')).includes('Por correo de primera clase'));
  assert.equal(text(only(root, '#paper-build')), 'Hacer el papel');
  assert.equal(text(only(root, '#paper-back')), '← Todos los papeles');

  fire(only(root, '#paper-form'), 'submit');
  await settle();
  assert.match(text(only(root, '#paper-form-error')), /^No se preparó: hay que cambiar 2 campos/);
  // The field errors and where a value came from are the server's words (the mock's are English):
  // only the page's own are checked.
  const form = only(root, '#paper-form-box');
  for (const error of form.querySelectorAll('.field-error')) {
    error.textContent = '';
    error.removeAttribute('title');
  }
  const words = aroundThePaper(form).replace(/Se llenó con: [^\n]*/g, 'Se llenó con: …');
  assert.deepEqual(englishLeft(words, ENGLISH), []);
});

// ------------------------------------------------------------------ the built paper, explained

async function buildMotion(root) {
  fire(only(root, 'button[data-action="write"][data-paper="motion-to-continue"]'), 'click');
  await settle();
  type(root, 'address', '1400 Oak Ridge Rd., Apt. 4B\nRichmond, VA 23224');
  type(root, 'reason', 'I will be in the hospital that day; my discharge papers are attached.');
  only(root, '#paper-firstRequest').checked = true;
  only(root, '#paper-serviceMethod-1').checked = true;
  fire(only(root, '#paper-form'), 'submit');
  await settle();
}

test('a built paper stays English, with its Spanish beside each part and what the part is for', async () => {
  const { page, root } = await papersPage();
  await buildMotion(root);
  assert.equal(root.dataset.view, 'result');
  assert.equal(await said(), `El papel está hecho: ${page.built.draft.title}, versión 1.`);
  assert.match(text(only(root, '#paper-version')), /^Versión 1, guardada con los borradores de este caso\./);
  assert.match(text(only(root, '#paper-result .paper-when')), /^Cuándo presentarlo: Preséntela en cuanto sepa/);
  assert.match(text(only(root, '#paper-notice')), /^Borrador preparado con el programa ProSeVA; no es asesoría legal\./);
  assert.equal(text(only(root, '#paper-check')), 'Revisar antes de presentar');
  assert.equal(text(only(root, '#paper-save-docx')), 'Guardar en Word');
  assert.equal(text(only(root, '#paper-spanish-title')), 'El papel en español, parte por parte');
  assert.match(text(only(root, '#paper-spanish-note')), /^El papel se queda en inglés: el tribunal recibe los papeles en inglés\./);
  assert.deepEqual(called('paper_explained').map((c) => c.args), [{ draftId: page.built.draft.id, version: 1 }]);

  // The paper itself: English, as filed.
  const sheet = only(root, '#paper-preview article.paper-sheet');
  assert.equal(sheet.getAttribute('aria-label'), 'Vista del papel');
  assert.equal(text(only(sheet, 'h4.paper-heading')), 'MOTION TO CONTINUE');
  assert.ok(text(only(sheet, '.paper-signature')).startsWith('Respectfully submitted,'));
  assert.equal(text(only(sheet, '.paper-certificate-title')), 'CERTIFICATE OF SERVICE');
  assert.equal(only(sheet, 'section.paper-certificate').getAttribute('aria-label'), 'Certificado de notificación');
  assert.ok(sheet.querySelectorAll('.paper-sign-line').every((l) => l.getAttribute('aria-label') === 'Firme aquí a mano'));

  // Beside each part, its Spanish: the court, the caption, the title, the opening, each paragraph,
  // the closing, the signature, the certificate — each in a row with the English part.
  const asides = sheet.querySelectorAll('aside.paper-explained');
  assert.deepEqual(
    asides.map((a) => a.dataset.part),
    ['court', 'caption', 'heading', 'opening', 'paragraph', 'paragraph', 'paragraph', 'closing', 'signature', 'certificate'],
  );
  assert.ok(asides.every((a) => a.getAttribute('lang') === 'es'));
  const heading = only(sheet, 'div.paper-explained-row[data-part="heading"]');
  assert.equal(text(only(heading, 'h4.paper-heading')), 'MOTION TO CONTINUE');
  assert.equal(text(only(heading, '.paper-explained-spanish')), 'En español: MOCIÓN DE APLAZAMIENTO');
  assert.equal(text(only(heading, '.paper-explained-purpose')), `Para qué sirve: ${PURPOSE_ES.heading}`);
  assert.equal(only(heading, 'aside').getAttribute('aria-label'), 'El título: lo que dice en español');
  const court = only(sheet, 'div.paper-explained-row[data-part="court"]');
  assert.deepEqual(court.querySelectorAll('.paper-explained-spanish .paper-line').map(text), ['VIRGINIA:', 'EN EL TRIBUNAL GENERAL DE DISTRITO DE LA CIUDAD DE RICHMOND']);
  // Each numbered paragraph holds its own; the person's words are shown as written, and say so.
  const items = sheet.querySelectorAll('ol.paper-paragraphs li');
  assert.equal(items.length, 3);
  assert.equal(text(only(items[0], '.paper-paragraph-text')).startsWith('This case is set for a hearing on'), true);
  assert.equal(only(items[1], 'aside').getAttribute('aria-label'), 'Párrafo 2: lo que dice en español');
  assert.equal(text(only(items[1], '.paper-explained-as-written')), 'Estas palabras las escribió o cambió usted: se muestran como usted las escribió.');
  assert.equal(items[0].querySelectorAll('.paper-explained-as-written').length, 0);
  // Nothing the page says around the paper, nor the labels beside it, is English (the draft's
  // title is the app's record of it, as it came).
  const result = only(root, '#paper-result');
  assert.deepEqual(englishLeft(aroundThePaper(result).replace(page.built.draft.title, ' '), ENGLISH), []);
  for (const aside of asides) {
    const labels = [...aside.querySelectorAll('.paper-explained-label').map(text), ...aside.querySelectorAll('.paper-explained-purpose, .paper-explained-as-written').map(text), aside.getAttribute('aria-label')];
    assert.deepEqual(englishLeft(labels.join(' '), ENGLISH), [], aside.dataset.part);
  }
  assert.deepEqual(i18n.missingMessages(), []);
});

test('the Spanish copy, not for filing, is saved as PDF and Word; the paper to file as before', async () => {
  const { page, root } = await papersPage();
  await buildMotion(root);
  const group = only(root, '#paper-spanish .paper-actions');
  assert.equal(group.getAttribute('aria-label'), 'Una copia en español, que no es para presentar');
  for (const [button, format, label] of [['#paper-spanish-pdf', 'pdf', 'Copia en español (PDF)'], ['#paper-spanish-docx', 'docx', 'Copia en español (Word)']]) {
    assert.equal(text(only(root, button)), label);
    fire(only(root, button), 'click');
    const saved = only(root, '#paper-saved');
    assert.equal(text(saved), 'Guardando…');
    await settle();
    assert.equal(saved.dataset.state, 'saved');
    assert.equal(saved.dataset.copy, 'spanish');
    assert.equal(text(saved), `Se guardó: /home/pat/Documents/ProSeVA/Exports/motion-to-continue-v1-es-no-presentar.${format}`);
    assert.equal(await said(), 'La copia en español se guardó en su carpeta de exportaciones. No es para presentar.');
  }
  assert.deepEqual(called('export_paper_spanish').map((c) => c.args), [
    { draftId: page.built.draft.id, version: 1, format: 'pdf' },
    { draftId: page.built.draft.id, version: 1, format: 'docx' },
  ]);
  // The paper to file is the drafts' export, in English, as before.
  fire(only(root, '#paper-save-pdf'), 'click');
  await settle();
  assert.equal(only(root, '#paper-saved').dataset.copy, 'paper');
  assert.match(text(only(root, '#paper-saved')), /^Se guardó: \/home\/pat\/Documents\/ProSeVA\/Exports\/motion-to-continue-.*-v1\.pdf$/);
  assert.equal(await said(), 'Se guardó en su carpeta de exportaciones.');
  assert.deepEqual(called('export_draft').map((c) => c.args.format), ['pdf']);
});

test('when the Spanish cannot be read the paper still shows, and the page says why', async () => {
  explainFails = true;
  const { root } = await papersPage();
  await buildMotion(root);
  const status = only(root, '#paper-explained-status');
  assert.equal(status.dataset.state, 'error');
  assert.match(text(status), /^No se pudo leer el español al lado del papel: \S/);
  assert.equal(root.querySelectorAll('#paper-preview aside.paper-explained').length, 0);
  assert.equal(text(only(root, '#paper-preview h4.paper-heading')), 'MOTION TO CONTINUE');
});

test('switching the language redraws the page: in English no Spanish beside the paper, back in Spanish it returns', async () => {
  const { root } = await papersPage();
  await buildMotion(root);
  assert.ok(root.querySelectorAll('aside.paper-explained').length > 5);
  await i18n.setLanguage('en');
  await settle();
  assert.equal(text(only(root, '.page-title')), 'Papers to file');
  assert.equal(text(only(root, '#paper-check')), 'Check before filing');
  assert.equal(root.querySelectorAll('#paper-spanish').length, 0);
  assert.equal(root.querySelectorAll('aside.paper-explained').length, 0);
  assert.equal(called('paper_kinds').at(-1).args.caseKind, 'eviction-tenant', 'the papers are read again in the new language');
  await i18n.setLanguage('es');
  await settle();
  assert.equal(text(only(root, '.page-title')), 'Documentos para presentar');
  assert.equal(text(only(root, '#paper-check')), 'Revisar antes de presentar');
  assert.ok(root.querySelectorAll('aside.paper-explained').length > 5);
  assert.match(text(only(root, '#paper-result .paper-when')), /^Cuándo presentarlo: Preséntela/);
  // Back to the list: the Spanish catalogue.
  fire(only(root, '#paper-another'), 'click');
  await settle();
  assert.equal(text(only(root, 'li.paper-kind[data-paper="motion-to-continue"] .paper-kind-title')), 'Moción de aplazamiento (pasar la audiencia a otro día)');
});

test('the check before filing and a letter, in Spanish', async () => {
  const box = findingsNodes({
    findings: [{ kind: 'case_number', message: 'El papel da otro número de caso.', found: 'GV26-1', expected: 'GV26-2' }],
    checked: ['el bloque de firma'],
    citations: [{ citation: '123 Va. 456', status: 'not_found' }, { citation: '1 Va. 2', status: 'found', url: 'https://www.courtlistener.com/x/' }],
  });
  assert.equal(text(only(box, '.paper-findings-title')), '1 cosa que revisar antes de presentar');
  assert.deepEqual(box.querySelectorAll('dt').map(text), ['En el papel', 'Lo esperado']);
  assert.deepEqual(box.querySelectorAll('.paper-citations li').map(text), ['123 Va. 456: no se encontró — revise la cita', '1 Va. 2: se encontró abrir ↗']);
  assert.equal(text(only(box, 'details.paper-checked summary')), 'Lo que se revisó');
  const clean = findingsNodes({ findings: [], checked: [], citations: [] });
  assert.equal(text(only(clean, '.paper-clean')), 'No se encontró nada que corregir. La revisión no es la de un abogado: lea todo el papel antes de presentarlo.');
  assert.equal(text(clean.querySelectorAll('p.muted')[0]), 'La revisión no encontró nada que pudiera comparar en este papel.');
  assert.deepEqual(englishLeft(box, ENGLISH), []);

  // A letter, explained: the Spanish beside the sender, the date, the clerk, the subject, each paragraph.
  const letter = {
    paper: 'letter-copy-of-order',
    layout: 'letter',
    heading: 'Request for a copy of an order — Oak Ridge Apartments, LLC v. Nguyễn Thị Lan, Case No. GV26-001234',
    paragraphs: ['I am a party in Oak Ridge Apartments, LLC v. Nguyễn Thị Lan, Case No. GV26-001234, and I do not have a lawyer.'],
    closing: 'Thank you for your help.',
    signature: { name: 'Nguyễn Thị Lan', address: ['12 Oak Ridge Ct.'] },
    letter: { date: 'December 1, 2026', to: ["Clerk's Office", 'General District Court of the City of Richmond'], salutation: 'Dear Clerk:', signOff: 'Sincerely,' },
  };
  const part = (name, spanish, number) => ({ part: name, number, english: '', spanish, purpose: PURPOSE_ES[name], asWritten: false });
  const explained = {
    parts: [
      part('sender', 'Nguyễn Thị Lan'),
      part('letterDate', '1 de diciembre de 2026'),
      part('recipient', 'Oficina del secretario del tribunal'),
      part('subject', 'Asunto: Solicitud de una copia de una orden judicial'),
      part('salutation', 'Estimado secretario del tribunal:'),
      part('body', 'Soy parte en el caso …', 1),
      part('letterClosing', 'Gracias por su ayuda.'),
      part('letterSignature', 'Atentamente,'),
    ],
  };
  const sheet = paperSheet(letter, { explained });
  assert.equal(sheet.dataset.layout, 'letter');
  assert.deepEqual(sheet.querySelectorAll('aside.paper-explained').map((a) => a.dataset.part), ['sender', 'letterDate', 'recipient', 'subject', 'salutation', 'body', 'letterClosing', 'letterSignature']);
  assert.equal(text(only(sheet, 'div.paper-explained-row[data-part="subject"] .paper-re')), `Re: ${letter.heading}`);
  assert.equal(only(sheet, 'aside[data-part="body"]').getAttribute('aria-label'), 'Párrafo 1: lo que dice en español');
  assert.equal(only(sheet, 'aside[data-part="letterDate"]').getAttribute('aria-label'), 'La fecha: lo que dice en español');
  // Without an explanation the same paper has nothing beside it.
  assert.equal(paperSheet(letter).querySelectorAll('aside').length, 0);
});
