// DEVELOPMENT ONLY: a small stand-in for the browser's document, enough for the page's renderers
// that build nodes (ui/dom.js's `h`, ui/markdown.js) to run under `node --test` with no
// dependency. Elements keep their attributes in order and their children; `html(node)` writes a
// tree out as HTML-like text (text escaped) for the tests to compare. Nothing here parses HTML:
// the renderers never ask for it. For the pages that wire events (ui/path.js, ui/reminders.js):
// `querySelector(All)`, `matches` and `closest` for simple selectors (`tag#id.class[attr="v"]`,
// joined by spaces or `>` for descendants), `classList`, events that bubble (`fire(el, 'change')`),
// `focus()` and `document.activeElement`.

import assert from 'node:assert/strict';

class FakeNode {
  constructor() {
    this.parentNode = null;
    this.childNodes = [];
  }

  get firstChild() {
    return this.childNodes[0] ?? null;
  }

  get textContent() {
    return this.childNodes.map((c) => c.textContent).join('');
  }

  set textContent(value) {
    for (const child of this.childNodes) child.parentNode = null;
    this.childNodes = [];
    if (value !== '') this.appendChild(new FakeText(String(value)));
  }

  appendChild(child) {
    if (child instanceof FakeFragment) {
      for (const c of [...child.childNodes]) this.appendChild(c);
      return child;
    }
    if (!(child instanceof FakeNode)) throw new TypeError(`not a node: ${child}`);
    if (child.parentNode) child.parentNode.removeChild(child);
    child.parentNode = this;
    this.childNodes.push(child);
    return child;
  }

  append(...children) {
    for (const child of children) this.appendChild(child instanceof FakeNode ? child : new FakeText(String(child)));
  }

  removeChild(child) {
    const at = this.childNodes.indexOf(child);
    if (at < 0) throw new Error('not a child');
    this.childNodes.splice(at, 1);
    child.parentNode = null;
    return child;
  }

  remove() {
    if (this.parentNode) this.parentNode.removeChild(this);
  }

  replaceChildren(...children) {
    for (const child of [...this.childNodes]) this.removeChild(child);
    this.append(...children);
  }

  prepend(...children) {
    const rest = [...this.childNodes];
    for (const child of rest) this.removeChild(child);
    this.append(...children);
    for (const child of rest) this.appendChild(child);
  }

  /** Puts `nodes` right after this one, in its parent. */
  after(...nodes) {
    const parent = this.parentNode;
    if (!parent) return;
    const rest = parent.childNodes.slice(parent.childNodes.indexOf(this) + 1);
    for (const child of rest) parent.removeChild(child);
    parent.append(...nodes);
    for (const child of rest) parent.appendChild(child);
  }

  /** True when the node hangs from the document's body. */
  get isConnected() {
    let node = this;
    while (node.parentNode) node = node.parentNode;
    return Boolean(globalThis.document && node === globalThis.document.body);
  }
}

class FakeText extends FakeNode {
  constructor(data) {
    super();
    this.data = data;
  }

  get textContent() {
    return this.data;
  }
}

class FakeFragment extends FakeNode {}

class FakeElement extends FakeNode {
  constructor(tagName, namespaceURI = 'http://www.w3.org/1999/xhtml') {
    super();
    this.localName = tagName.toLowerCase();
    this.tagName = tagName.toUpperCase();
    this.namespaceURI = namespaceURI;
    this.attributes = new Map();
    this.listeners = [];
    // `el.dataset.lang = 'js'` writes `data-lang`, as the real one does.
    this.dataset = new Proxy(
      {},
      {
        set: (_, key, value) => {
          this.setAttribute(`data-${String(key).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`, String(value));
          return true;
        },
        get: (_, key) => this.getAttribute(`data-${String(key).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`) ?? undefined,
      },
    );
  }

  setAttribute(name, value) {
    this.attributes.set(String(name), String(value));
  }

  getAttribute(name) {
    return this.attributes.has(name) ? this.attributes.get(name) : null;
  }

  hasAttribute(name) {
    return this.attributes.has(name);
  }

  removeAttribute(name) {
    this.attributes.delete(name);
  }

  addEventListener(type, listener) {
    this.listeners.push([type, listener]);
  }

  get title() {
    return this.getAttribute('title') ?? '';
  }

  /** A form control's value: what was set, else its `value` attribute, else '' (as the real one). */
  get value() {
    return this._value ?? this.getAttribute('value') ?? '';
  }

  set value(value) {
    this._value = String(value);
  }

  set title(value) {
    this.setAttribute('title', value);
  }

  get hidden() {
    return this.hasAttribute('hidden');
  }

  set hidden(value) {
    if (value) this.setAttribute('hidden', '');
    else this.removeAttribute('hidden');
  }

  get className() {
    return this.getAttribute('class') ?? '';
  }

  get id() {
    return this.getAttribute('id') ?? '';
  }

  set id(value) {
    this.setAttribute('id', value);
  }

  get classList() {
    const names = () => this.className.split(/\s+/).filter(Boolean);
    const write = (list) => this.setAttribute('class', list.join(' '));
    return {
      contains: (name) => names().includes(name),
      add: (...add) => write([...new Set([...names(), ...add])]),
      remove: (...gone) => write(names().filter((n) => !gone.includes(n))),
      toggle: (name, force) => {
        const on = force === undefined ? !names().includes(name) : Boolean(force);
        if (on) write([...new Set([...names(), name])]);
        else write(names().filter((n) => n !== name));
        return on;
      },
    };
  }

  get children() {
    return this.childNodes.filter((c) => c instanceof FakeElement);
  }

  matches(selector) {
    // `a > b` is read as `a b` (a child is also a descendant: close enough for the page's selectors).
    return selector.split(',').some((one) => matchesChain(this, one.trim().split(/\s+/).filter((part) => part !== '>')));
  }

  closest(selector) {
    for (let node = this; node instanceof FakeElement; node = node.parentNode) if (node.matches(selector)) return node;
    return null;
  }

  querySelectorAll(selector) {
    const found = [];
    const walk = (node) => {
      for (const child of node.childNodes) {
        if (!(child instanceof FakeElement)) continue;
        if (child.matches(selector)) found.push(child);
        walk(child);
      }
    };
    walk(this);
    return found;
  }

  querySelector(selector) {
    return this.querySelectorAll(selector)[0] ?? null;
  }

  /** Runs the listeners of `event.type` here and on every ancestor (unless one stops it). */
  dispatchEvent(event) {
    event.target = event.target || this;
    let stopped = false;
    event.stopPropagation = () => {
      stopped = true;
    };
    event.preventDefault = () => {
      event.defaultPrevented = true;
    };
    for (let node = this; node && !stopped; node = node.parentNode) {
      if (!(node instanceof FakeElement)) continue;
      event.currentTarget = node;
      for (const [type, listener] of node.listeners) if (type === event.type) listener(event);
    }
    return !event.defaultPrevented;
  }

  focus() {
    if (globalThis.document) globalThis.document.activeElement = this;
  }

  scrollIntoView() {}
}

/** One compound selector (`li.path-step[data-status="next"]`, `#id`, `[hidden]`) against `el`. */
function matchesCompound(el, compound) {
  const parts = compound.match(/^[a-z0-9-]+|#[\w-]+|\.[\w-]+|\[[^\]]+\]/gi);
  if (!parts || parts.join('') !== compound) throw new Error(`fake-dom: unsupported selector ${compound}`);
  return parts.every((part) => {
    if (part[0] === '#') return el.getAttribute('id') === part.slice(1);
    if (part[0] === '.') return el.className.split(/\s+/).includes(part.slice(1));
    if (part[0] === '[') {
      const m = /^\[([\w-]+)(?:=(?:"([^"]*)"|'([^']*)'|([^\]]*)))?\]$/.exec(part);
      if (!m) throw new Error(`fake-dom: unsupported selector ${part}`);
      const value = m[2] ?? m[3] ?? m[4];
      return value === undefined ? el.hasAttribute(m[1]) : el.getAttribute(m[1]) === value;
    }
    return el.localName === part.toLowerCase();
  });
}

/** `a b c`: `el` matches `c` and has ancestors matching `b`, then `a`. */
function matchesChain(el, chain) {
  if (!matchesCompound(el, chain[chain.length - 1])) return false;
  let rest = chain.slice(0, -1);
  for (let node = el.parentNode; rest.length && node; node = node.parentNode) {
    if (node instanceof FakeElement && matchesCompound(node, rest[rest.length - 1])) rest = rest.slice(0, -1);
  }
  return rest.length === 0;
}

/** Fires a bubbling event of `type` at `el` (a change of a checkbox, a click). */
export function fire(el, type, extra = {}) {
  return el.dispatchEvent({ type, bubbles: true, ...extra });
}

/**
 * Installs the stand-in as `globalThis.document`, `globalThis.Node` and `globalThis.Element` (what
 * ui/dom.js and the pages use). `document.body` is an empty <body>; `getElementById` looks in it.
 */
export function installFakeDocument() {
  globalThis.Node = FakeNode;
  globalThis.Element = FakeElement;
  const body = new FakeElement('body');
  globalThis.document = {
    body,
    activeElement: null,
    createElement: (tag) => new FakeElement(tag),
    createElementNS: (ns, tag) => new FakeElement(tag, ns),
    createTextNode: (data) => new FakeText(String(data)),
    createDocumentFragment: () => new FakeFragment(),
    getElementById: (id) => body.querySelector(`#${id}`),
    querySelector: (selector) => body.querySelector(selector),
    querySelectorAll: (selector) => body.querySelectorAll(selector),
  };
}

const escapeText = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s) => escapeText(s).replace(/"/g, '&quot;');

/** A tree written out as HTML-like text: elements with their attributes in order, text escaped. */
export function html(node) {
  if (node instanceof FakeText) return escapeText(node.data);
  const inner = node.childNodes.map(html).join('');
  if (!(node instanceof FakeElement)) return inner;
  const attrs = [...node.attributes].map(([k, v]) => (v === '' ? ` ${k}` : ` ${k}="${escapeAttr(v)}"`)).join('');
  return `<${node.localName}${attrs}>${inner}</${node.localName}>`;
}

/** Every element of `root` (a fragment or an element) with this tag name. */
export function elements(root, tag) {
  const found = [];
  const walk = (node) => {
    for (const child of node.childNodes) {
      if (child instanceof FakeElement) {
        if (child.localName === tag) found.push(child);
        walk(child);
      }
    }
  };
  walk(root);
  return found;
}

/** Lets the page's pending calls and renders run: `rounds` turns of the timer queue. */
export const settle = async (rounds = 40) => {
  for (let i = 0; i < rounds; i += 1) await new Promise((resolve) => setTimeout(resolve, 2));
};

/** The one element under `root` that matches `selector`; none or several fails the test. */
export const only = (root, selector) => {
  const found = root.querySelectorAll(selector);
  assert.equal(found.length, 1, `one ${selector}, found ${found.length}`);
  return found[0];
};

/** The words of an element as a person reads them: its texts, one space between. */
export const text = (el) => {
  const parts = [];
  const walk = (node) => {
    if (node.childNodes.length === 0 && node.textContent) parts.push(node.textContent);
    for (const child of node.childNodes) walk(child);
  };
  walk(el);
  return parts.join(' ').replace(/\s+/g, ' ').replace(/ ([,.:;)])/g, '$1').trim();
};
