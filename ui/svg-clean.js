// A diagram's SVG made safe for the window. Mermaid draws in a frame of its own
// (ui/diagram-frame.html) and sends back markup, which the page trusts no more than anything else
// it did not write: an allow-list sanitiser, DOMPurify (vendored and pinned in
// ui/vendor/dompurify/), keeps only what its SVG profile allows, less the parts a diagram never
// needs and that could load or run something —
//   - no <script>, no <foreignObject> (and so no HTML, no <iframe>), no <a>, <image>, <feImage>,
//     <use> or any other element that points elsewhere;
//   - no SMIL (<animate>, <set>, <animateTransform>, <animateMotion>, <mpath>, <discard>), which
//     could rewrite an attribute such as `href` after the check;
//   - no event attribute (`onload`, `onclick`, …: none is on the allow-list), and every `href`,
//     `xlink:href` or `src` left is a reference inside the document (`#…`): no javascript:,
//     data: or outside address;
//   - no `url(…)` to anything but `#…` in an attribute or a style, no `image-set()`, no `@import`.
// Its <style> becomes a constructed stylesheet (the CSSOM: the window's CSP, `style-src 'self'`,
// refuses an inline <style>) in which every rule is scoped to the diagram — each selector starts
// with the diagram's own id, as Mermaid writes them — so `body { display: none }` reaches nothing
// outside the picture; at-rules (@import, @font-face, @keyframes, …) are dropped. Style attributes
// are set through `element.style`, with the same checks.
//
// The pure parts (selectors, CSS values, references) are tested in tests/ui-mock/svg-clean.test.mjs;
// the whole of it, with hostile SVG, in the real window (src-tauri/tests/diagram_e2e.rs).

// Sets `globalThis.DOMPurify` (the file is a UMD script; imported as a module it has no `exports`).
import './vendor/dompurify/purify.min.js';

const SVG_NS = 'http://www.w3.org/2000/svg';

/** Elements the SVG profile allows that a diagram never needs and that could load or animate something. */
export const FORBIDDEN_TAGS = [
  'script',
  'style', // taken out first and applied, scoped, through the CSSOM
  'foreignObject',
  'a',
  'image',
  'feImage',
  'use',
  'tref',
  'altGlyph',
  'altGlyphDef',
  'altGlyphItem',
  'glyphRef',
  'cursor',
  'animate',
  'animateColor',
  'animateMotion',
  'animateTransform',
  'set',
  'mpath',
  'discard',
];

/** Style properties the diagram may not set: nothing leaves the flow of the panel it is drawn in. */
const FORBIDDEN_PROPERTIES = new Set(['position', 'z-index', 'inset', 'behavior', '-moz-binding']);

// The attribute that carries a style from before the sanitiser to after it (its value: an index).
const STYLE_MARK = 'data-proseva-style';

/** Whether `value` is a reference inside the document (`#name`), the only kind of link a diagram keeps. */
export function isLocalReference(value) {
  return /^#[^\s"'()\\<>]*$/.test(String(value ?? '').trim());
}

/**
 * Whether a CSS value (a declaration's, or a presentation attribute's such as `fill`) loads
 * nothing: every `url(…)` is a reference inside the document, and no other function that takes an
 * address (`image()`, `image-set()`, `src()`, `element()`, `expression()`) or a backslash escape
 * (which could spell one) or a block is in it.
 */
export function cssValueSafe(value) {
  const text = String(value ?? '');
  if (/[\\{}<>;@]/.test(text)) return false;
  if (/\/\*/.test(text)) return false;
  for (const m of text.matchAll(/([\w-]*)\s*\(/g)) {
    const name = m[1].toLowerCase();
    if (name === 'url') {
      const arg = /^url\s*\(\s*(?:"([^"]*)"|'([^']*)'|([^)'"\s]*))\s*\)/i.exec(text.slice(m.index));
      if (!arg || !isLocalReference(arg[1] ?? arg[2] ?? arg[3])) return false;
    } else if (/image|^src$|^element$|expression|^attr$/.test(name)) {
      return false;
    }
  }
  return !/(?:javascript|vbscript|data)\s*:/i.test(text);
}

/** The selectors of a selector list, split at its top-level commas. */
export function splitSelectors(list) {
  const parts = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  const s = String(list ?? '');
  for (let i = 0; i < s.length; i += 1) {
    const c = s[i];
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '\\') i += 1;
    else if (c === '(' || c === '[') depth += 1;
    else if (c === ')' || c === ']') depth = Math.max(0, depth - 1);
    else if (c === ',' && depth === 0) {
      parts.push(s.slice(start, i).trim());
      start = i + 1;
    }
  }
  parts.push(s.slice(start).trim());
  return parts.filter(Boolean);
}

/** Whether `selector` starts with the compound selector of the diagram itself (`#id`, `#id.x`, …). */
function startsWithScope(selector, scopeId) {
  const head = `#${scopeId}`;
  return selector.startsWith(head) && !/^[\w\\-]/.test(selector.slice(head.length));
}

/**
 * The first combinator of `selector` at the top level (outside parentheses, brackets and strings):
 * ' ' (descendant), '>', '~', '+', or '' when it has none (one compound selector).
 */
function firstCombinator(selector) {
  let depth = 0;
  let quote = '';
  for (let i = 0; i < selector.length; i += 1) {
    const c = selector[i];
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = '';
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '\\') i += 1;
    else if (c === '(' || c === '[') depth += 1;
    else if (c === ')' || c === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0 && /[\s>~+]/.test(c)) {
      const next = selector.slice(i).trimStart()[0];
      return next === '>' || next === '~' || next === '+' ? next : ' ';
    }
  }
  return '';
}

/**
 * Whether `selector` can match only the diagram's root or what is inside it: it starts with
 * `#scopeId`, and what follows that compound selector goes down (a descendant or a child), never
 * across to a sibling of the diagram (`#id ~ p`, `#id + div`).
 */
export function isScoped(selector, scopeId) {
  if (!startsWithScope(selector, scopeId)) return false;
  const combinator = firstCombinator(selector);
  return combinator !== '~' && combinator !== '+';
}

/**
 * A selector list scoped to the diagram whose root has id `scopeId`: each selector that starts with
 * `#scopeId` is kept when it does not reach across to a sibling of the diagram (`#id ~ p` is
 * dropped, `#id .a ~ .b` kept);
 * any other gets `#scopeId ` in front (`body` → `#scopeId body`, which matches nothing). Null when
 * nothing is left.
 */
export function scopeSelector(list, scopeId) {
  const scoped = [];
  for (const selector of splitSelectors(list)) {
    if (startsWithScope(selector, scopeId)) {
      if (isScoped(selector, scopeId)) scoped.push(selector);
    } else {
      scoped.push(`#${scopeId} ${selector}`);
    }
  }
  return scoped.length ? scoped.join(', ') : null;
}

/** The declarations of a CSSStyleDeclaration that pass [`cssValueSafe`], as CSS text. */
export function safeDeclarations(style) {
  const out = [];
  for (let i = 0; i < style.length; i += 1) {
    const property = style.item(i);
    const value = style.getPropertyValue(property);
    if (!declarationSafe(property, value)) continue;
    const important = style.getPropertyPriority(property) === 'important' ? ' !important' : '';
    out.push(`${property}: ${value}${important};`);
  }
  return out.join(' ');
}

function declarationSafe(property, value) {
  return /^-{0,2}[a-zA-Z][\w-]*$/.test(property) && !FORBIDDEN_PROPERTIES.has(property.toLowerCase()) && cssValueSafe(value);
}

/**
 * CSS text of the style rules in `rules` (a CSSRuleList, or an array of rules shaped like one),
 * scoped to the diagram ([`scopeSelector`]) and with only safe declarations; every other rule
 * (@import, @font-face, @keyframes, @media, …) is left out.
 */
export function scopedCss(rules, scopeId) {
  const out = [];
  for (const rule of Array.from(rules || [])) {
    if (!rule || typeof rule.selectorText !== 'string' || !rule.style) continue;
    const selector = scopeSelector(rule.selectorText, scopeId);
    const body = safeDeclarations(rule.style);
    if (selector && body) out.push(`${selector} { ${body} }`);
  }
  return out.join('\n');
}

/**
 * The last check, on the stylesheet as the browser parsed it: any rule that is not a plain style
 * rule whose every selector is scoped to the diagram is deleted.
 */
function onlyScopedRules(sheet, scopeId) {
  for (let i = sheet.cssRules.length - 1; i >= 0; i -= 1) {
    const rule = sheet.cssRules[i];
    const nested = rule.cssRules && rule.cssRules.length > 0;
    const scoped = !nested && typeof rule.selectorText === 'string' && splitSelectors(rule.selectorText).every((s) => isScoped(s, scopeId));
    if (!scoped) sheet.deleteRule(i);
  }
  return sheet;
}

let purifier = null;
let sanitizing = null; // the scope and document the hook checks against, while one diagram is cleaned

/** The page's own DOMPurify instance, with the hook that keeps links inside the document. */
function sanitizer() {
  if (purifier) return purifier;
  const make = globalThis.DOMPurify;
  if (typeof make !== 'function') return null;
  const instance = make(window);
  if (!instance.isSupported) return null;
  instance.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName;
    const value = data.attrValue;
    if (name === 'href' || name.endsWith(':href') || name === 'src') {
      if (!isLocalReference(value)) data.keepAttr = false;
    } else if (name === 'style') {
      data.keepAttr = false; // styles travel beside the sanitiser (STYLE_MARK) and are checked there
    } else if (name === 'id' || name === 'xml:id') {
      // An id the page already uses (`chat-input`, …) is not taken by a picture.
      if (sanitizing && value !== sanitizing.scopeId && sanitizing.page.getElementById(value)) data.keepAttr = false;
    } else if (!name.startsWith('aria-') && name !== 'class' && name !== STYLE_MARK && !cssValueSafe(value)) {
      // A presentation attribute (`fill`, `marker-end`, `filter`, …) is CSS: it may point only inside.
      data.keepAttr = false;
    }
  });
  purifier = instance;
  return purifier;
}

/**
 * `markup` (Mermaid's SVG) cleaned for this page: `{ svg, sheet, css }` — the <svg> element
 * (in this document, not yet attached, its root's id set to `scopeId`), the diagram's stylesheet
 * scoped to it (a constructed CSSStyleSheet, not yet adopted; null when there is none) and that
 * stylesheet's text. Null when the markup is not an SVG picture or the sanitiser is not there
 * (nothing is shown rather than something unchecked).
 */
export function cleanSvg(markup, scopeId) {
  if (!/^[A-Za-z][\w-]*$/.test(String(scopeId))) throw new Error(`not an id for a diagram: ${scopeId}`);
  const purify = sanitizer();
  if (!purify) return null;
  const parsed = new DOMParser().parseFromString(String(markup ?? ''), 'image/svg+xml');
  const source = parsed.documentElement;
  if (!source || source.namespaceURI !== SVG_NS || source.localName !== 'svg' || parsed.getElementsByTagName('parsererror').length) return null;

  // The stylesheet and the style attributes go round the sanitiser, checked on their own.
  const css = [];
  for (const style of [...source.getElementsByTagNameNS('*', 'style')]) {
    css.push(style.textContent || '');
    style.remove();
  }
  const styles = [];
  for (const el of [source, ...source.getElementsByTagName('*')]) {
    el.removeAttribute(STYLE_MARK);
    const style = el.getAttribute('style');
    if (style !== null) {
      el.setAttribute(STYLE_MARK, String(styles.length));
      styles.push(style);
      el.removeAttribute('style');
    }
  }

  let clean;
  sanitizing = { scopeId, page: document };
  try {
    clean = purify.sanitize(source, {
      USE_PROFILES: { svg: true, svgFilters: true },
      FORBID_TAGS: FORBIDDEN_TAGS,
      // What was inside a forbidden element goes with it (an <a>'s label stays, as text of the picture).
      ADD_FORBID_CONTENTS: FORBIDDEN_TAGS.filter((tag) => tag !== 'a'),
      // No data-* attribute: the page acts on some (`data-source-id` opens the section viewer).
      ALLOW_DATA_ATTR: false,
      ADD_ATTR: [STYLE_MARK],
      RETURN_DOM_FRAGMENT: true,
    });
  } finally {
    sanitizing = null;
  }
  const roots = clean ? [...clean.children] : [];
  if (roots.length !== 1 || roots[0].namespaceURI !== SVG_NS || roots[0].localName !== 'svg') return null;
  const svg = document.importNode(roots[0], true);
  svg.id = scopeId;

  for (const el of [svg, ...svg.querySelectorAll(`[${STYLE_MARK}]`)]) {
    const index = el.getAttribute(STYLE_MARK);
    el.removeAttribute(STYLE_MARK);
    if (index === null || !/^\d+$/.test(index) || Number(index) >= styles.length) continue;
    // Parsed by the CSSOM (allowed by the CSP), then each declaration checked as the stylesheet's are.
    el.style.cssText = styles[Number(index)];
    const keep = safeDeclarations(el.style);
    el.style.cssText = keep;
  }

  const text = css.join('\n').trim();
  let sheet = null;
  let scopedText = '';
  if (text && typeof CSSStyleSheet === 'function') {
    try {
      const parsedSheet = new CSSStyleSheet();
      parsedSheet.replaceSync(text); // @import is refused by a constructed stylesheet in any case
      scopedText = scopedCss(parsedSheet.cssRules, scopeId);
      if (scopedText) {
        sheet = new CSSStyleSheet();
        sheet.replaceSync(scopedText);
        onlyScopedRules(sheet, scopeId);
        scopedText = Array.from(sheet.cssRules, (r) => r.cssText).join('\n');
      }
    } catch (err) {
      console.warn('diagram styles', err);
      sheet = null;
      scopedText = '';
    }
  }
  return { svg, sheet, css: scopedText };
}
