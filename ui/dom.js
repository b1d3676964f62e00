// Small DOM helpers. Everything on screen is built from nodes, never from HTML strings, so text
// from a model, a tool or a service can never become markup.

import { formatNumber as formatInLanguage, locale, localizeDom, t, tMessage } from './i18n.js';

/**
 * Creates an element. `attrs` may hold: `class` (string or array), `text`, `dataset` (object),
 * `on` (object of event listeners), `hidden`, and any attribute (null/false values are skipped,
 * `true` sets an empty attribute). Children may be nodes, strings (as text) or arrays of them.
 */
export function h(tag, attrs = {}, ...children) {
  const el = tag.includes(':')
    ? document.createElementNS('http://www.w3.org/2000/svg', tag.split(':')[1])
    : document.createElement(tag);
  // Plain loops, no intermediate arrays: a page of records builds thousands of elements at once.
  if (attrs) {
    for (const key of Object.keys(attrs)) {
      const value = attrs[key];
      if (value === null || value === undefined || value === false) continue;
      if (key === 'class') {
        const names = Array.isArray(value) ? classNames(value) : String(value).trim();
        if (names) el.setAttribute('class', names);
      } else if (key === 'text') {
        el.textContent = String(value);
      } else if (key === 'dataset') {
        for (const k of Object.keys(value)) {
          const v = value[k];
          if (v !== null && v !== undefined) el.setAttribute(dataAttribute(k), String(v));
        }
      } else if (key === 'on') {
        for (const event of Object.keys(value)) el.addEventListener(event, value[event]);
      } else if (key === 'hidden') {
        el.hidden = Boolean(value);
      } else {
        el.setAttribute(key, value === true ? '' : String(value));
      }
    }
  }
  if (children.length) append(el, children);
  return el;
}

/** `['a', null, 'b c']` → `'a b c'` (falsy entries left out). */
function classNames(list) {
  let names = '';
  for (const v of list) {
    if (!v) continue;
    const name = String(v).trim();
    if (name) names = names ? `${names} ${name}` : name;
  }
  return names;
}

const dataAttributes = new Map();
/** `ruleId` → `data-rule-id`, as `el.dataset.ruleId = …` names it. */
function dataAttribute(key) {
  let name = dataAttributes.get(key);
  if (!name) {
    name = `data-${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;
    dataAttributes.set(key, name);
  }
  return name;
}


/**
 * An element whose words are its message (`props['data-l10n-id']`, `args` its variables, inline
 * `<strong>` allowed); `<name>…</name>` in the message is the child given as `named[name]` (a
 * `<code>`, a `<time>`), kept with its attributes. `localizeDom` writes it now and again when the
 * language changes.
 */
export function said(tag, props, args = null, named = {}) {
  const el = h(tag, { ...props, 'data-l10n-args': args ? JSON.stringify(args) : null });
  for (const [name, child] of Object.entries(named)) {
    child.setAttribute('data-l10n-name', name);
    el.append(child);
  }
  localizeDom(el);
  return el;
}
/** Appends nodes, strings (as text nodes) and nested arrays of them. */
export function append(parent, children) {
  for (const child of children) {
    if (child === null || child === undefined || child === false) continue;
    if (Array.isArray(child)) append(parent, child);
    else parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return parent;
}

/** Removes every child of `el`. */
export function clear(el) {
  while (el.firstChild) el.removeChild(el.firstChild);
  return el;
}

let announcer = null;
let announceTimer = null;

/**
 * Says `text` through the polite live region (screen readers), once. Used for the end of an
 * answer, errors and phase changes — never for every streamed token.
 */
export function announce(text) {
  if (!announcer) announcer = document.getElementById('announcer');
  if (!announcer) return;
  // Clearing first makes a repeated message be read again.
  announcer.textContent = '';
  clearTimeout(announceTimer);
  announceTimer = setTimeout(() => {
    announcer.textContent = text;
  }, 60);
}

/** A spinner that assistive technology ignores (the surrounding text says what is happening). */
export function spinner() {
  return h('span', { class: 'spinner', 'aria-hidden': 'true' });
}

/** Formats a number with thousands separators, as the window's language writes it (ui/i18n.js). */
export function formatNumber(n) {
  const value = Number(n);
  return Number.isFinite(value) ? formatInLanguage(value) : String(n);
}

/** Cuts text to about `max` characters on a word boundary, with an ellipsis. */
export function truncate(text, max) {
  const s = String(text ?? '').replace(/\s+/g, ' ').trim();
  if (s.length <= max) return s;
  const cut = s.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

// ------------------------------------------------------------------------------------------------
// Errors in the window's language (ui/locales/*/errors.ftl). The app answers a failed command with
// `{code, message, field?, fields?}` (src-tauri/src/error.rs; the server's body is
// `{error: {code, message, fields?}}`, sidecars/server/src/error.rs). The `message` is the app's own
// sentence, in English: in English it is what the person reads; in Spanish the person reads a
// sentence for the error's code, and the app's words stay as the technical detail (a tooltip, or a
// "Detalle técnico (en inglés)" box: `errorNodes`).

/** The message for an error `code`, its variables `args` (`{message, fields, count}`). */
function codeMessage(code, args) {
  switch (code) {
    case 'invalid_input':
      return tMessage('errors-invalid-input', args);
    case 'starting':
      return tMessage('errors-starting', args);
    case 'unavailable':
      return tMessage('errors-unavailable', args);
    case 'upstream_unavailable':
      return tMessage('errors-upstream-unavailable', args);
    case 'not_found':
      return tMessage('errors-not-found', args);
    case 'conflict':
      return tMessage('errors-conflict', args);
    case 'locked':
      return tMessage('errors-locked', args);
    case 'too_large':
      return tMessage('errors-too-large', args);
    case 'payload_too_large':
      return tMessage('errors-payload-too-large', args);
    case 'unsupported_media_type':
      return tMessage('errors-unsupported-media-type', args);
    case 'bad_request':
      return tMessage('errors-bad-request', args);
    case 'internal':
      return tMessage('errors-internal', args);
    case 'unauthorized':
      return tMessage('errors-unauthorized', args);
    case 'forbidden_host':
      return tMessage('errors-forbidden-host', args);
    case 'method_not_allowed':
      return tMessage('errors-method-not-allowed', args);
    case 'busy':
      return tMessage('errors-busy', args);
    case 'rate_limited':
      return tMessage('errors-rate-limited', args);
    case 'timeout':
      return tMessage('errors-timeout', args);
    case 'cancelled':
      return tMessage('errors-cancelled', args);
    case 'model':
      return tMessage('errors-model', args);
    case 'invalid_arguments':
      return tMessage('errors-invalid-arguments', args);
    case 'not_configured':
      return tMessage('errors-not-configured', args);
    case 'failed':
      return tMessage('errors-failed', args);
    case 'unknown_tool':
      return tMessage('errors-unknown-tool', args);
    case 'not_allowed_for_role':
      return tMessage('errors-not-allowed-for-role', args);
    case 'budget_exhausted':
      return tMessage('errors-budget-exhausted', args);
    case 'circuit_open':
      return tMessage('errors-circuit-open', args);
    case 'needs_confirmation':
      return tMessage('errors-needs-confirmation', args);
    default:
      return tMessage('errors-other', args);
  }
}

/**
 * A field's name as the person reads it: `labels` (the form's own labels: an object, a Map or a
 * function of the name) first, else the app's usual names (`errors-field`), else the name itself.
 */
export function fieldLabel(name, labels) {
  let label = null;
  if (typeof labels === 'function') label = labels(name);
  else if (labels instanceof Map) label = labels.get(name);
  else if (labels && typeof labels === 'object' && Object.hasOwn(labels, name)) label = labels[name];
  return label ? String(label) : t('errors-field', { name: String(name) });
}

/** "date and title" ("fecha y título"): a list as the window's language writes it. */
function listText(items) {
  try {
    return new Intl.ListFormat(locale(), { style: 'long', type: 'conjunction' }).format(items);
  } catch {
    return items.join(', ');
  }
}

/** The error's own fields: `fields` when the app named several, else `field` (an invalid_input). */
function namedFields(err) {
  if (err.fields && typeof err.fields === 'object' && !Array.isArray(err.fields)) {
    const names = Object.keys(err.fields);
    if (names.length) return names;
  }
  return typeof err.field === 'string' && err.field ? [err.field] : [];
}

/**
 * What an error says, in the window's language: `{text, detail, code, message}`. `text` is the
 * sentence the person reads; `detail` the app's own words with their label ("Detalle técnico (en
 * inglés): …") when `text` does not already say them, else ''; `message` the app's words as they
 * came. `options.labels` names the fields as the form shows them (see `fieldLabel`).
 *
 * Accepts what a command rejects with (`{code, message, field?, fields?}`), the server's body
 * (`{error: {code, message}}`), an Error or a string (shown as it is: the window's own words), or
 * nothing (`common-error-unknown`).
 */
export function errorParts(err, options = {}) {
  if (err === null || err === undefined) return { text: t('common-error-unknown'), detail: '', code: '', message: '' };
  if (typeof err === 'string') return { text: err, detail: '', code: '', message: err };
  if (err.error && typeof err.error === 'object' && typeof err.error.code === 'string') return errorParts(err.error, options);
  // Said before in a language (api.js commandError): said again, now, from the app's own words.
  if (err.localized && typeof err.detail === 'string' && err.detail) return errorParts({ ...err, message: err.detail, detail: undefined, localized: false }, options);
  const message = typeof err.message === 'string' ? err.message : typeof err.error === 'string' ? err.error : '';
  if (typeof err.code !== 'string' || !err.code) {
    if (message) return { text: message, detail: '', code: '', message };
    let text;
    try {
      text = JSON.stringify(err);
    } catch {
      text = String(err);
    }
    return { text: text && text !== '{}' ? text : t('common-error-unknown'), detail: '', code: '', message: '' };
  }
  const names = err.code === 'invalid_input' ? namedFields(err) : [];
  const args = { message, count: names.length, fields: listText(names.map((n) => fieldLabel(n, options.labels))), limit: limitText(err.limit) };
  const { value, attributes } = codeMessage(err.code, args);
  const text = (value || '').trim() || message || t('common-error-unknown');
  const said = !message || text.includes(message.trim());
  return { text, detail: said ? '' : attributes.detail || '', code: err.code, message };
}

/** A too-large refusal's `limit` (bytes) as the window writes a size ("25 MB"); 'none' without one. */
function limitText(bytes) {
  const n = Number(bytes);
  if (!Number.isFinite(n) || n <= 0) return 'none';
  return `${formatInLanguage(n / 1048576, { maximumFractionDigits: 1 })} MB`;
}

/**
 * The sentence for a rejected invoke or a thrown error, as plain text in the window's language
 * (see `errorParts`): in English the app's own words, as before; in Spanish a Spanish sentence
 * for the error's code ("Revise estos datos: fecha y título.").
 */
export function errorText(err, options) {
  return errorParts(err, options).text;
}

/**
 * The error as nodes to put in a paragraph or a list item: its sentence (a `span`, the app's words
 * as its tooltip when they are not the sentence) and, when they are not, a closed
 * `<details class="error-detail">` "Detalle técnico (en inglés)" holding them (`lang="en"`).
 */
export function errorNodes(err, options) {
  const { text, detail, message } = errorParts(err, options);
  if (!detail) return [h('span', { class: 'error-text' }, text)];
  return [
    h('span', { class: 'error-text', title: detail }, text),
    ' ',
    h('details', { class: 'error-detail' }, h('summary', {}, t('errors-detail-summary')), h('span', { lang: 'en' }, message)),
  ];
}

/**
 * The form-level sentence of an `invalid_input` whose fields are each shown under their input:
 * "Check these: date and title." ("Revise estos datos: fecha y título."), in both languages.
 */
export function fieldsToCheckText(err, options = {}) {
  const names = err && typeof err === 'object' ? namedFields(err.error && typeof err.error === 'object' ? err.error : err) : [];
  const args = { message: (err && err.message) || '', count: names.length, fields: listText(names.map((n) => fieldLabel(n, options.labels))) };
  return tMessage('errors-invalid-input', args).attributes.fields || '';
}

/**
 * The app's reasons for refusing a field (sidecars/server/src/fields.rs, src-tauri/src/settings.rs),
 * each with its message and the parts it varies; the first that matches says it.
 */
const FIELD_REASONS = [
  [/^is required$/, () => ['errors-reason-required', {}]],
  [/^cannot be empty$/, () => ['errors-reason-empty', {}]],
  [/^is required \(YYYY-MM-DD\)$/, () => ['errors-reason-date-required', {}]],
  [/^must be a date written YYYY-MM-DD, e\.g\. 2025-03-14$/, () => ['errors-reason-date', {}]],
  [/^must be a date between (\d{4})-01-01 and (\d{4})-12-31$/, (m) => ['errors-reason-date-between', { first: m[1], last: m[2] }]],
  [/^must be at most (\d+) characters$/, (m) => ['errors-reason-too-long', { max: m[1] }]],
  [/^must be one line of at most (\d+) characters$/, (m) => ['errors-reason-one-line', { max: m[1] }]],
  [/^must be a whole number from (-?\d+) to (-?\d+)$/, (m) => ['errors-reason-whole-number', { min: m[1], max: m[2] }]],
  [/^must be from (\d+) to (\d+) minutes$/, (m) => ['errors-reason-minutes', { min: m[1], max: m[2] }]],
  [/^is required \(a number of dollars, e\.g\. 86\.50\)$/, () => ['errors-reason-money-required', {}]],
  [/^must be a number of dollars, e\.g\. 86\.50$/, () => ['errors-reason-money', {}]],
  [/^must be a number of dollars, not negative, e\.g\. 4500 or 4,500\.00$/, () => ['errors-reason-money-positive', {}]],
  [/^must be the id of a record \(a positive whole number\)$/, () => ['errors-reason-record-id', {}]],
  [/^must start with http:\/\/ or https:\/\/$/, () => ['errors-reason-web-address', {}]],
  [/^must be an e-mail address$/, () => ['errors-reason-email', {}]],
];

/** The message of a field reason: its id and variables (`why` the app's words). */
function reasonMessage(why) {
  const bare = why.replace(/\.$/, '');
  for (const [pattern, pick] of FIELD_REASONS) {
    const m = pattern.exec(bare);
    if (!m) continue;
    const [id, args] = pick(m);
    return tMessage(id, { ...args, why });
  }
  return tMessage('errors-reason-other', { why });
}

/**
 * What is wrong with one field, to show under it: `{text, detail}` in the window's language. In
 * English the app's words ("is required" → "Is required"); in Spanish the sentence for the app's
 * reason ("Falta este dato."), or "Revise este dato." for one this file does not know, the app's
 * words being then the `detail` (for a tooltip).
 */
export function fieldErrorParts(why) {
  const words = String(why ?? '').trim();
  if (!words) return { text: t('errors-reason-other', { why: '' }).trim() || t('common-error-unknown'), detail: '' };
  const { value, attributes } = reasonMessage(words);
  let said = (value || '').trim() || words;
  // The app's own full stop stays where its words are said as they are.
  if (words.endsWith('.') && !/[.!?]$/.test(said)) said += '.';
  const text = said.charAt(0).toUpperCase() + said.slice(1);
  return { text, detail: text.toLowerCase().includes(words.replace(/\.$/, '').toLowerCase()) ? '' : attributes.detail || '' };
}

/** `fieldErrorParts(why).text`: the sentence under a field. */
export function fieldErrorText(why) {
  return fieldErrorParts(why).text;
}

/**
 * Shows `why` (the app's reason) in a field's error element (`p.field-error`): the sentence in the
 * window's language, the app's words as its tooltip when they are not the sentence; unhides it.
 */
export function showFieldError(el, why) {
  const { text, detail } = fieldErrorParts(why);
  el.textContent = text;
  if (detail) el.setAttribute('title', detail);
  else el.removeAttribute('title');
  el.hidden = false;
  return el;
}

/** Empties and hides a field's error element (`showFieldError`'s). */
export function clearFieldError(el) {
  el.textContent = '';
  el.removeAttribute('title');
  el.hidden = true;
  return el;
}
