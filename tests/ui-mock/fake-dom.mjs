// DEVELOPMENT ONLY: a small stand-in for the browser's document, enough for the page's renderers
// that build nodes (ui/dom.js's `h`, ui/markdown.js) to run under `node --test` with no
// dependency. Elements keep their attributes in order and their children; `html(node)` writes a
// tree out as HTML-like text (text escaped) for the tests to compare. Nothing here parses HTML:
// the renderers never ask for it.

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

}

/** Installs the stand-in as `globalThis.document` and `globalThis.Node` (what ui/dom.js uses). */
export function installFakeDocument() {
  globalThis.Node = FakeNode;
  globalThis.document = {
    createElement: (tag) => new FakeElement(tag),
    createElementNS: (ns, tag) => new FakeElement(tag, ns),
    createTextNode: (data) => new FakeText(String(data)),
    createDocumentFragment: () => new FakeFragment(),
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
