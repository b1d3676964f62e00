// Small DOM helpers. Everything on screen is built from nodes, never from HTML strings, so text
// from a model, a tool or a service can never become markup.

import { formatNumber as formatInLanguage, t } from './i18n.js';

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

/** The message of a rejected invoke or a thrown error, as plain text. */
export function errorText(err) {
  if (err === null || err === undefined) return t('common-error-unknown');
  if (typeof err === 'string') return err;
  if (typeof err.message === 'string') return err.message;
  if (typeof err.error === 'string') return err.error;
  try {
    return JSON.stringify(err);
  } catch {
    return String(err);
  }
}
