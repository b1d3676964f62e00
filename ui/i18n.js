// The window's languages (issue 44): every word on screen comes from Project Fluent message files,
// ui/locales/<language>/<file>.ftl, one file per module of ui/ (how to convert a module:
// ui/locales/README.md). English is always loaded too: a message the chosen language lacks is
// said in English, recorded (`missingMessages()`) and warned about on the console, never left out.
// Dates, numbers and money are written as the language's readers write them (`formatDate`,
// `formatDateTime`, `formatNumber`, `formatMoney`; ui/format.js and ui/dom.js use these).

import { FluentBundle, FluentResource } from './vendor/fluent/bundle.js';

/**
 * The languages the window speaks: the setting's value (`settings.json` `language`) → the locale
 * its messages, dates, numbers and money are formatted for. Spanish is US Spanish (`es-US`):
 * Spanish words with the United States' conventions — US dollars written "$1,234.50" with a
 * decimal point, as on every Virginia court paper and as a person types an amount (ui/format.js's
 * `parseMoney` reads the same in both languages) — where `es` or `es-ES` would write "1234,50 US$".
 */
export const LOCALES = { en: 'en-US', es: 'es-US' };

/**
 * The message files loaded for each language, in ui/locales/<language>/<file>.ftl: one per module
 * (`common` for words and errors shared by several). A module converted later adds its file here.
 */
export const MESSAGE_FILES = [
  'common', 'app', 'format', 'settings', 'status',
  'path', 'write-confirm', 'reminders', 'deadlines', 'cases', 'workspace', 'casefile', 'records', 'dialogs', 'conversation', 'research', 'results', 'section', 'verdict', 'help', 'privacy', 'quick-exit', 'start',
  'documents', 'docviewer', 'drafts', 'papers', 'paper-preview', 'fill-form', 'forms', 'proof', 'library', 'diagnostics', 'notes', 'conversations', 'backup', 'calendar', 'calendar-export', 'rules', 'workflows', 'markdown', 'errors',
];

/**
 * The attributes a message may set on an element of the page (`.aria-label = …` in the .ftl file);
 * any other is refused, so a translation can never set `href`, `onclick` or `style`.
 */
export const LOCALIZABLE_ATTRIBUTES = new Set([
  'title',
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-valuetext',
  'placeholder',
  'alt',
  'label',
  'abbr',
  'data-question',
]);

/** Elements a translation may write inline (`<strong>…</strong>`), made fresh as plain text in them. */
const INLINE_TAGS = new Set(['strong', 'em', 'b', 'i', 'code', 'kbd', 'small', 'span']);

const bundles = new Map(); // language → FluentBundle (loaded once)
const loading = new Map(); // language → Promise<FluentBundle>
let chosen = 'en';
const missing = new Map(); // `${language}:${id}` → {language, id}
const listeners = new Set();
const localized = new WeakMap(); // element → what localizeDom last wrote there

/** The chosen language: `'en'` or `'es'`. */
export function language() {
  return chosen;
}

/** The chosen language's locale (`'en-US'`, `'es-US'`), for `Intl` and `<html lang>`. */
export function locale() {
  return LOCALES[chosen] || LOCALES.en;
}

/** `lang` when the window speaks it, else English. */
export function supported(lang) {
  return Object.hasOwn(LOCALES, lang) ? lang : 'en';
}

/** Where a message file is, beside this module (the app's own files; a `file:` URL under Node). */
function fileUrl(lang, file) {
  return new URL(`./locales/${lang}/${file}.ftl`, import.meta.url);
}

async function readFile(lang, file) {
  try {
    const response = await fetch(fileUrl(lang, file));
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    return await response.text();
  } catch (err) {
    console.warn(`i18n: ${lang}/${file}.ftl could not be read (${err && err.message ? err.message : err}); English stands in`);
    return '';
  }
}

/** The bundle of `lang`, its message files fetched and parsed once. */
function bundleOf(lang) {
  if (bundles.has(lang)) return Promise.resolve(bundles.get(lang));
  if (!loading.has(lang)) {
    const promise = Promise.all(MESSAGE_FILES.map((file) => readFile(lang, file))).then((texts) => {
      // No Unicode isolation marks around placeables: both languages run left to right, and the
      // marks would be invisible characters in every text a test or a screen reader reads.
      const bundle = new FluentBundle(LOCALES[lang], { useIsolating: false });
      texts.forEach((text, i) => {
        const errors = bundle.addResource(new FluentResource(text));
        for (const err of errors) console.warn(`i18n: ${lang}/${MESSAGE_FILES[i]}.ftl: ${err.message || err}`);
      });
      bundles.set(lang, bundle);
      loading.delete(lang);
      return bundle;
    });
    loading.set(lang, promise);
  }
  return loading.get(lang);
}

/**
 * Loads `lang` (`'en'` or `'es'`; anything else is English) and makes it the chosen language:
 * its message files and English's (the fallback). Sets `<html lang>`; when the language changed,
 * tells every module that listens (`onLanguageChange`). Resolves with the language. Does not
 * write the page's static text: `localizeDom(document)` (or `setLanguage`) does.
 */
export async function loadLanguage(lang) {
  const want = supported(lang);
  await Promise.all([bundleOf('en'), bundleOf(want)]);
  const was = chosen;
  chosen = want;
  const root = globalThis.document && globalThis.document.documentElement;
  if (root) root.lang = locale();
  if (want !== was) {
    for (const fn of [...listeners]) {
      try {
        fn(want);
      } catch (err) {
        console.error('i18n: a language listener failed', err);
      }
    }
  }
  return chosen;
}

/**
 * Switches the window to `lang` at once: loads it (modules that listen re-render what they wrote)
 * and writes the page's static text again (`localizeDom(document)`). Resolves with the language.
 */
export async function setLanguage(lang) {
  const now = await loadLanguage(lang);
  if (globalThis.document) localizeDom(globalThis.document);
  return now;
}

/** Calls `fn(language)` after every switch of language; answers a function that stops it. */
export function onLanguageChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** The messages asked for that the chosen language lacked: `[{language, id}]`, in order. */
export function missingMessages() {
  return [...missing.values()];
}

/** Forgets the missing messages recorded (tests). */
export function clearMissingMessages() {
  missing.clear();
}

function recordMissing(lang, id) {
  const key = `${lang}:${id}`;
  if (missing.has(key)) return;
  missing.set(key, { language: lang, id });
  console.warn(bundles.has('en') ? `i18n: ${lang} has no message ${id}${lang === 'en' ? '' : '; said in English'}` : `i18n: ${id} asked for before loadLanguage()`);
}

/** The bundle and message for `id`: the chosen language's, else English's (recorded as missing). */
function find(id) {
  const own = bundles.get(chosen);
  if (own && own.hasMessage(id)) return { bundle: own, message: own.getMessage(id) };
  recordMissing(chosen, id);
  const english = bundles.get('en');
  if (chosen !== 'en' && english && english.hasMessage(id)) return { bundle: english, message: english.getMessage(id) };
  return null;
}

/**
 * Fluent's arguments from ours: strings, numbers and Dates as they are (numbers are formatted as
 * the language writes them: 1,234), anything else as text; null and undefined as empty text.
 */
function fluentArgs(args) {
  if (!args) return undefined;
  const out = {};
  for (const [key, value] of Object.entries(args)) {
    if (value === null || value === undefined) out[key] = '';
    else if (typeof value === 'string' || typeof value === 'number' || value instanceof Date) out[key] = value;
    else out[key] = String(value);
  }
  return out;
}

function formatPattern(bundle, pattern, args, where) {
  const errors = [];
  const text = bundle.formatPattern(pattern, fluentArgs(args), errors);
  if (errors.length) console.warn(`i18n: ${where}: ${errors.map((e) => e.message || e).join('; ')}`);
  return text;
}

/**
 * A message in the chosen language with its attributes: `{value, attributes}`, `value` null when
 * the message has only attributes; `{value: id, attributes: {}}` when no language has it.
 */
export function tMessage(id, args) {
  const found = find(id);
  if (!found) return { value: id, attributes: {} };
  const { bundle, message } = found;
  const attributes = {};
  for (const [name, pattern] of Object.entries(message.attributes || {})) {
    attributes[name] = formatPattern(bundle, pattern, args, `${id}.${name}`);
  }
  return { value: message.value ? formatPattern(bundle, message.value, args, id) : null, attributes };
}

/**
 * The text of message `id` in the chosen language, `args` its variables (`{ $count }` in the
 * file; a number also chooses the plural: `{ $count -> [one] … *[other] … }`). A message the
 * language lacks is said in English; one no language has is its id.
 */
export function t(id, args) {
  const { value } = tMessage(id, args);
  return value === null ? id : value;
}

/**
 * Writes the static text of the page (or of `root`): every element with `data-l10n-id` gets its
 * message's text (`data-l10n-args`, JSON, its variables) and the attributes its message lists
 * (`.aria-label`, `.title`, `.placeholder`… — only those in LOCALIZABLE_ATTRIBUTES). A message with
 * no value (only attributes) leaves the element's content alone.
 *
 * Markup in a translation, never parsed as HTML: `<strong>…</strong>` (and em, b, i, code, kbd,
 * small, span) becomes that element with the text in it; `<name>…</name>` is the element's child
 * that carries `data-l10n-name="name"` — kept, with its id, listeners and attributes, its text
 * replaced. Children that only decorate (`aria-hidden="true"`, `<svg>`, `<img>`) stay in front.
 *
 * Called again (a new language), an element a module has since written its own text into is left
 * to that module.
 */
export function localizeDom(root = globalThis.document) {
  if (!root) return;
  const found = [];
  if (typeof root.getAttribute === 'function' && root.getAttribute('data-l10n-id')) found.push(root);
  found.push(...root.querySelectorAll('[data-l10n-id]'));
  for (const el of found) localizeElement(el);
}

function localizeElement(el) {
  const id = el.getAttribute('data-l10n-id');
  let args;
  const raw = el.getAttribute('data-l10n-args');
  if (raw) {
    try {
      args = JSON.parse(raw);
    } catch {
      console.warn(`i18n: data-l10n-args of ${id} is not JSON`);
    }
  }
  // A message no language has (files that could not be read) leaves the page's own words.
  if (!find(id)) return;
  const { value, attributes } = tMessage(id, args);
  let done = localized.get(el);
  if (!done) {
    done = { text: undefined, attrs: {}, named: new Map(), decor: [] };
    for (const child of el.children) {
      const name = child.getAttribute('data-l10n-name');
      if (name) done.named.set(name, child);
      else if (child.getAttribute('aria-hidden') === 'true' || child.localName === 'svg' || child.localName === 'img') done.decor.push(child);
    }
    localized.set(el, done);
  }
  if (value !== null && (done.text === undefined || el.textContent === done.text)) {
    overlay(el, value, done);
    done.text = el.textContent;
  }
  for (const [name, text] of Object.entries(attributes)) {
    if (!LOCALIZABLE_ATTRIBUTES.has(name)) {
      console.warn(`i18n: ${id} may not set the attribute ${name}`);
      continue;
    }
    const was = done.attrs[name];
    if (was === undefined || el.getAttribute(name) === was) {
      el.setAttribute(name, text);
      done.attrs[name] = text;
    }
  }
}

const MARKUP = /<([a-z][a-z0-9-]*)>([^<]*)<\/\1>/g;

/** Puts `value` in `el`: text, inline elements, and the element's own named children. */
function overlay(el, value, done) {
  if (!el.children.length && !value.includes('<')) {
    el.textContent = value;
    return;
  }
  const doc = globalThis.document;
  const parts = [...done.decor];
  let at = 0;
  for (const m of value.matchAll(MARKUP)) {
    if (m.index > at) parts.push(doc.createTextNode(value.slice(at, m.index)));
    const [, name, inner] = m;
    const own = done.named.get(name);
    if (own) {
      if (!own.children.length) own.textContent = inner;
      parts.push(own);
    } else if (INLINE_TAGS.has(name)) {
      const made = doc.createElement(name);
      made.textContent = inner;
      parts.push(made);
    } else {
      console.warn(`i18n: ${el.getAttribute('data-l10n-id')}: <${name}> is neither an inline element nor a data-l10n-name child`);
      parts.push(doc.createTextNode(inner));
    }
    at = m.index + m[0].length;
  }
  if (at < value.length) parts.push(doc.createTextNode(value.slice(at)));
  while (el.firstChild) el.removeChild(el.firstChild);
  for (const part of parts) el.appendChild(part);
}

// ------------------------------------------------------------------------------------------------
// Dates, numbers and money in the chosen language. One Intl formatter per locale and style, made
// once: `toLocaleString` builds a new one per call (slow in lists).

const formatters = new Map();
function formatter(kind, options) {
  const key = `${locale()}|${kind}`;
  let made = formatters.get(key);
  if (!made) {
    made = kind.startsWith('n:') ? new Intl.NumberFormat(locale(), options) : new Intl.DateTimeFormat(locale(), options);
    formatters.set(key, made);
  }
  return made;
}

/** The styles of `formatDate`, as English and Spanish write November 30, 2026. */
const DATE_STYLES = {
  // "Monday, November 30, 2026" · "lunes, 30 de noviembre de 2026"
  full: { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' },
  // "November 30, 2026" · "30 de noviembre de 2026"
  long: { year: 'numeric', month: 'long', day: 'numeric' },
  // "Nov 30, 2026" · "30 nov 2026"
  medium: { year: 'numeric', month: 'short', day: 'numeric' },
  // "November 2026" · "noviembre de 2026"
  month: { month: 'long', year: 'numeric' },
  // "Monday" · "lunes"
  weekday: { weekday: 'long' },
};

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A `YYYY-MM-DD` as a local calendar day (noon, so no daylight-saving edge moves it), or null. */
function calendarDay(text) {
  const m = ISO_DATE.exec(String(text ?? '').trim());
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12);
  return d.getMonth() === Number(m[2]) - 1 && d.getDate() === Number(m[3]) ? d : null;
}

/**
 * A calendar day (`YYYY-MM-DD`, read as a local day, or a Date) in the chosen language; `style`
 * one of `full`, `long` (the default), `medium`, `month`, `weekday`. Text that is not a date is
 * given back as it is.
 */
export function formatDate(isoDate, style = 'long') {
  const d = isoDate instanceof Date ? isoDate : calendarDay(isoDate);
  if (!d || Number.isNaN(d.getTime())) return String(isoDate ?? '');
  return formatter(`d:${style}`, DATE_STYLES[style] || DATE_STYLES.long).format(d);
}

/** A moment (ISO 8601 timestamp or Date) in local time: "Nov 30, 2026, 3:04 PM" · "30 nov 2026, 3:04 p.m.". */
export function formatDateTime(iso) {
  const d = iso instanceof Date ? iso : new Date(iso);
  if (Number.isNaN(d.getTime())) return String(iso ?? '');
  return formatter('t:stamp', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }).format(d);
}

/** A number as the language writes it: 1,234.5 (`options`: Intl.NumberFormat's). */
export function formatNumber(n, options) {
  const value = Number(n);
  if (!Number.isFinite(value)) return String(n ?? '');
  if (options) return new Intl.NumberFormat(locale(), options).format(value);
  return formatter('n:plain').format(value);
}

/** Dollars (a number of dollars, as the case data keeps them) as "$1,234.50"; negative "-$20.00". */
export function formatMoney(dollars) {
  const n = Number(dollars);
  if (!Number.isFinite(n)) return String(dollars ?? '');
  const text = formatter('n:usd', { style: 'currency', currency: 'USD' }).format(Math.abs(n));
  return n < 0 && Math.round(Math.abs(n) * 100) !== 0 ? `-${text}` : text;
}
