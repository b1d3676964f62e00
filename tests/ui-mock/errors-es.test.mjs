// DEVELOPMENT ONLY: the app's errors in the window's language (ui/dom.js errorText, errorNodes,
// fieldErrorText, showFieldError; ui/locales/*/errors.ftl). In English the app's own words, as
// before; in Spanish a Spanish sentence for the error's code, the app's words kept as the detail.
//   node --test tests/ui-mock/errors-es.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { installFakeDocument, text } from './fake-dom.mjs';
import { useLanguage } from './l10n.mjs';

installFakeDocument();
const i18n = await useLanguage('en');
const dom = await import('../../ui/dom.js');
const { errorText, errorParts, errorNodes, fieldErrorText, fieldErrorParts, showFieldError, clearFieldError, fieldsToCheckText, h } = dom;

/** Every error code the app answers with: both error.rs files, the agent's and its tools'. */
function codesInRust() {
  const read = (path) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
  const codes = new Set();
  // The server: `ApiError::X => "code"`; the tools: `ToolError::X(_) => "code"`; the agent's runner.
  for (const path of ['sidecars/server/src/error.rs', 'crates/agent/src/tool.rs', 'crates/agent/src/runner/mod.rs']) {
    for (const m of read(path).matchAll(/(?:ApiError|ToolError|AgentError)::\w+(?:\([^)]*\)|\s*\{[^}]*\})?\s*(?:\|[^=]*)?=>\s*"([a-z_]+)"/g)) codes.add(m[1]);
  }
  // The desktop: `enum ErrorCode { Starting, InvalidInput, … }`, serialized snake_case.
  const desktop = /pub enum ErrorCode \{([\s\S]*?)\n\}/.exec(read('src-tauri/src/error.rs'))[1];
  for (const m of desktop.matchAll(/^\s*([A-Z]\w*),/gm)) codes.add(m[1].replace(/[A-Z]/g, (c, i) => (i ? '_' : '') + c.toLowerCase()));
  return codes;
}

test('every code the app answers with has its own Spanish sentence, never the catch-all', async () => {
  const codes = codesInRust();
  for (const code of ['starting', 'invalid_input', 'not_found', 'too_large', 'locked', 'internal', 'busy', 'upstream_unavailable', 'cancelled', 'model', 'circuit_open']) {
    assert.ok(codes.has(code), `${code} is read from the Rust sources (${[...codes].join(', ')})`);
  }
  await i18n.setLanguage('es');
  try {
    const other = errorText({ code: 'no_such_code', message: 'x' });
    assert.equal(other, 'Algo salió mal.');
    for (const code of codes) {
      const said = errorText({ code, message: 'the app says this in English' });
      assert.notEqual(said, other, `${code} has a message of its own in errors.ftl`);
      assert.ok(!said.includes('the app says'), `${code}: ${said}`);
    }
    assert.deepEqual(i18n.missingMessages().filter((m) => m.id.startsWith('errors-')), []);
  } finally {
    await i18n.setLanguage('en');
  }
});

test('in English the app’s own words, as before; no detail, since they are the text', () => {
  assert.equal(errorText(null), 'Something went wrong.');
  assert.equal(errorText('plain words'), 'plain words');
  assert.equal(errorText(new Error('The ProSeVA app is not connected')), 'The ProSeVA app is not connected');
  const notFound = { code: 'not_found', message: 'no case with id 4' };
  assert.equal(errorText(notFound), 'no case with id 4');
  assert.deepEqual(errorParts(notFound), { text: 'no case with id 4', detail: '', code: 'not_found', message: 'no case with id 4' });
  const invalid = { code: 'invalid_input', message: '2 fields are invalid: date, title', fields: { date: 'must be a date', title: 'is required' } };
  assert.equal(errorText(invalid), '2 fields are invalid: date, title');
  // The server's own body is read too.
  assert.equal(errorText({ error: { code: 'locked', message: 'the case file is locked' } }), 'the case file is locked');
  const nodes = errorNodes(notFound).filter((n) => typeof n !== 'string');
  assert.equal(nodes.length, 1, 'no detail box when the text is the app’s words');
  assert.equal(nodes[0].getAttribute('title'), null);
  assert.equal(fieldsToCheckText(invalid), 'Check these: date and title.');
  assert.equal(fieldsToCheckText(invalid, { labels: { date: 'Date filed', title: 'Title' } }), 'Check these: Date filed and Title.');
});

test('in Spanish a Spanish sentence per code, the fields named as the form labels them', async () => {
  await i18n.setLanguage('es');
  try {
    assert.equal(errorText(null), 'Algo salió mal.');
    assert.equal(errorText({ code: 'starting', message: 'ProSeVA is still starting' }), 'ProSeVA todavía se está iniciando. Inténtelo de nuevo en un momento.');
    assert.equal(errorText({ code: 'not_found', message: 'no case with id 4' }), 'No se encontró lo que buscaba. Puede que se haya borrado.');
    assert.equal(errorText({ code: 'too_large', message: 'big.pdf is 30 MB; the largest file ProSeVA takes is 25 MB' }), 'El archivo es demasiado grande para ProSeVA.');
    // With the limit the app sends (bytes), the sentence says it, as the window writes sizes.
    assert.equal(
      errorText({ code: 'too_large', message: 'big.pdf is 30.0 MB; the largest file ProSeVA takes is 24.9 MB', limit: 26148864 }),
      'El archivo es demasiado grande para ProSeVA: lo más que acepta es 24.9 MB.',
    );
    const { commandError } = await import('../../ui/api.js');
    assert.equal(
      commandError({ code: 'too_large', message: 'big.pdf is 30.0 MB', limit: 26148864 }).message,
      'El archivo es demasiado grande para ProSeVA: lo más que acepta es 24.9 MB.',
    );
    assert.equal(errorText({ code: 'locked', message: 'the case file is locked' }), 'Su expediente está bloqueado. Ábralo con su frase de contraseña.');
    assert.equal(errorText({ code: 'unavailable', message: 'the case data server is unavailable' }), 'Un servicio que ProSeVA necesita no está disponible ahora. Inténtelo de nuevo en un momento.');
    assert.equal(errorText({ code: 'internal', message: 'something went wrong inside the server; the details are in its log' }), 'Algo salió mal dentro de ProSeVA.');
    assert.equal(errorText({ error: { code: 'busy', message: 'busy', retryAfter: 2 } }), 'ProSeVA está respondiendo otras preguntas. Inténtelo de nuevo en unos segundos.');

    // invalid_input: the fields, by the app's usual names, or by the form's labels.
    const two = { code: 'invalid_input', message: '2 fields are invalid: date, title', fields: { date: 'must be a date', title: 'is required' } };
    assert.equal(errorText(two), 'Revise estos datos: fecha y título.');
    assert.equal(errorText(two, { labels: { date: 'Fecha de la audiencia' } }), 'Revise estos datos: Fecha de la audiencia y título.');
    assert.equal(errorText(two, { labels: (name) => (name === 'title' ? 'Nombre del evento' : null) }), 'Revise estos datos: fecha y Nombre del evento.');
    assert.equal(errorText({ code: 'invalid_input', message: 'must start with http:// or https://', field: 'baseUrl' }), 'Revise este dato: dirección del servicio.');
    assert.equal(errorText({ code: 'invalid_input', message: 'bad', field: 'someOddName' }), 'Revise este dato: someOddName.', 'a name no list knows is shown as it is');
    assert.equal(errorText({ code: 'invalid_input', message: 'the conversation is empty' }), 'Revise los datos que escribió.');
    assert.equal(fieldsToCheckText(two), 'Revise estos datos: fecha y título.');

    // The app's words stay as the detail: a tooltip and a closed box, marked as English.
    const parts = errorParts({ code: 'not_found', message: 'no case with id 4' });
    assert.equal(parts.detail, 'Detalle técnico (en inglés): no case with id 4');
    const shown = h('p', {}, errorNodes({ code: 'not_found', message: 'no case with id 4' }));
    const span = shown.querySelector('.error-text');
    assert.equal(text(span), 'No se encontró lo que buscaba. Puede que se haya borrado.');
    assert.equal(span.getAttribute('title'), 'Detalle técnico (en inglés): no case with id 4');
    const box = shown.querySelector('details.error-detail');
    assert.ok(box && !box.hasAttribute('open'), 'a closed box');
    assert.equal(text(box.querySelector('summary')), 'Detalle técnico (en inglés)');
    assert.equal(box.querySelector('[lang="en"]').textContent, 'no case with id 4');

    // What the window says itself (an Error, a string) is shown as it is.
    assert.equal(errorText(new Error('No se pudo leer el archivo.')), 'No se pudo leer el archivo.');
  } finally {
    await i18n.setLanguage('en');
  }
});

test('a field’s reason: the app’s words in English, a Spanish sentence in Spanish with the same figures', async () => {
  assert.equal(fieldErrorText('is required'), 'Is required');
  assert.equal(fieldErrorText('must be at most 200 characters'), 'Must be at most 200 characters');
  assert.equal(fieldErrorText('must be a date written YYYY-MM-DD, e.g. 2025-03-14'), 'Must be a date written YYYY-MM-DD, e.g. 2025-03-14');
  assert.equal(fieldErrorText('something the list does not know'), 'Something the list does not know');
  assert.deepEqual(fieldErrorParts('is required'), { text: 'Is required', detail: '' });

  await i18n.setLanguage('es');
  try {
    const cases = [
      ['is required', 'Falta este dato.'],
      ['cannot be empty', 'No puede quedar vacío.'],
      ['is required (YYYY-MM-DD)', 'Falta la fecha (AAAA-MM-DD: año, mes y día).'],
      ['must be a date written YYYY-MM-DD, e.g. 2025-03-14', 'Debe ser una fecha escrita AAAA-MM-DD (año, mes y día), por ejemplo 2025-03-14.'],
      ['must be a date between 1900-01-01 and 2100-12-31', 'Debe ser una fecha entre el 1900-01-01 y el 2100-12-31.'],
      ['must be at most 200 characters', 'Puede tener 200 caracteres como máximo.'],
      ['must be one line of at most 4096 characters', 'Debe ser una sola línea de 4096 caracteres como máximo.'],
      ['must be a whole number from 1 to 50', 'Debe ser un número entero del 1 al 50.'],
      ['must be from 1 to 240 minutes', 'Debe ser de 1 a 240 minutos.'],
      ['is required (a number of dollars, e.g. 86.50)', 'Falta la cantidad en dólares (por ejemplo, 86.50).'],
      ['must be a number of dollars, e.g. 86.50', 'Debe ser una cantidad en dólares, por ejemplo 86.50.'],
      ['must be a number of dollars, not negative, e.g. 4500 or 4,500.00', 'Debe ser una cantidad en dólares, sin signo de menos, por ejemplo 4500 o 4,500.00.'],
      ['must be the id of a record (a positive whole number)', 'Debe ser el número de un registro guardado (un número entero mayor que cero).'],
      ['must start with http:// or https://', 'Debe empezar con http:// o https://.'],
      ['must be an e-mail address', 'Debe ser una dirección de correo electrónico.'],
      ['must be one of: pending, done', 'Revise este dato.'],
    ];
    for (const [why, spanish] of cases) assert.equal(fieldErrorText(why), spanish, why);
    assert.deepEqual(fieldErrorParts('is required'), { text: 'Falta este dato.', detail: 'Detalle técnico (en inglés): is required' });

    // Shown under its field: the sentence, the app's words as the tooltip; cleared again.
    const p = h('p', { class: 'field-error', hidden: true });
    showFieldError(p, 'must be at most 200 characters');
    assert.equal(p.hidden, false);
    assert.equal(text(p), 'Puede tener 200 caracteres como máximo.');
    assert.equal(p.getAttribute('title'), 'Detalle técnico (en inglés): must be at most 200 characters');
    clearFieldError(p);
    assert.equal(p.hidden, true);
    assert.equal(text(p), '');
    assert.equal(p.getAttribute('title'), null);
  } finally {
    await i18n.setLanguage('en');
  }
});

test('the Spanish reasons keep every figure of the English they stand for', async () => {
  const samples = [
    'must be a date between 1900-01-01 and 2100-12-31',
    'must be at most 200 characters',
    'must be a whole number from 1 to 50',
    'must be from 1 to 240 minutes',
    'must be a number of dollars, not negative, e.g. 4500 or 4,500.00',
    'must be a date written YYYY-MM-DD, e.g. 2025-03-14',
  ];
  const figures = (s) => (s.match(/\d[\d,.-]*\d|\d/g) || []).map((f) => f.replace(/[.,]$/, '')).sort();
  await i18n.setLanguage('es');
  try {
    for (const why of samples) assert.deepEqual(figures(fieldErrorText(why)), figures(why), why);
  } finally {
    await i18n.setLanguage('en');
  }
});

test('a reason the app ends with a full stop keeps it in English and is still known in Spanish', async () => {
  assert.equal(fieldErrorText('Give the whole path of the file.'), 'Give the whole path of the file.');
  assert.equal(fieldErrorText('is required.'), 'Is required.');
  await i18n.setLanguage('es');
  try {
    assert.equal(fieldErrorText('is required.'), 'Falta este dato.');
  } finally {
    await i18n.setLanguage('en');
  }
});

test('commandError says the app’s refusal in the window’s language, once, with the app’s words kept', async () => {
  const { commandError } = await import('../../ui/api.js');
  await i18n.loadLanguage('es');
  try {
    const said = commandError({ code: 'not_found', message: 'no deadline 7' });
    assert.equal(said.message, errorText({ code: 'not_found', message: 'no deadline 7' }));
    assert.notEqual(said.message, 'no deadline 7');
    assert.equal(said.detail, 'no deadline 7');
    // Said once: asking again, or through errorText, gives the same sentence and keeps the detail.
    assert.deepEqual(commandError(said), said);
    assert.equal(errorText(said), said.message);
    assert.equal(errorParts(said).message, 'no deadline 7');
  } finally {
    await i18n.loadLanguage('en');
  }
  assert.equal(commandError({ code: 'not_found', message: 'no deadline 7' }).message, 'no deadline 7', 'English: the app’s words');
  assert.equal(errorText(commandError({ code: 'not_found', message: 'no deadline 7' })), 'no deadline 7');
});
