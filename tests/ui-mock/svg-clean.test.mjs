// DEVELOPMENT ONLY: tests of the pure parts of the diagram sanitiser (ui/svg-clean.js) — a
// diagram's stylesheet scoped to the diagram, CSS values and references that load nothing.
// DOMPurify itself runs in the real window, where src-tauri/tests/diagram_e2e.rs feeds it hostile
// SVG (foreignObject, SMIL, event attributes, javascript: links, a page-wide <style>).
//   node --test tests/ui-mock/svg-clean.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cleanSvg, cssValueSafe, FORBIDDEN_TAGS, isLocalReference, isScoped, safeDeclarations, scopedCss, scopeSelector, splitSelectors } from '../../ui/svg-clean.js';
import { useLanguage } from './l10n.mjs';

// The page's words, from ui/locales/en/ on disk (l10n.mjs).
await useLanguage('en');

const ID = 'draft-diagram-7';

/** A CSSStyleDeclaration as the CSSOM gives it: `[property, value, priority]` in order. */
function declarations(list) {
  return {
    length: list.length,
    item: (i) => list[i][0],
    getPropertyValue: (p) => list.find((d) => d[0] === p)?.[1] ?? '',
    getPropertyPriority: (p) => list.find((d) => d[0] === p)?.[2] ?? '',
  };
}
const rule = (selectorText, list) => ({ selectorText, style: declarations(list) });

test('selectors are split at top-level commas only', () => {
  assert.deepEqual(splitSelectors('a, b > c ,:is(d, e) f, [title="x,y"], '), ['a', 'b > c', ':is(d, e) f', '[title="x,y"]']);
});

test('every selector is scoped to the diagram; Mermaid’s own ones are kept as written', () => {
  assert.equal(scopeSelector(`#${ID} .node rect, #${ID} .node circle`, ID), `#${ID} .node rect, #${ID} .node circle`);
  assert.equal(scopeSelector(`#${ID}`, ID), `#${ID}`);
  assert.equal(scopeSelector(`#${ID}.flowchart > g`, ID), `#${ID}.flowchart > g`);
  assert.equal(scopeSelector('body', ID), `#${ID} body`);
  assert.equal(scopeSelector(':root, html, *', ID), `#${ID} :root, #${ID} html, #${ID} *`);
  assert.equal(scopeSelector('#chat-input, .app', ID), `#${ID} #chat-input, #${ID} .app`);
  // An id that only starts like the diagram's is another element.
  assert.equal(scopeSelector(`#${ID}0 .x`, ID), `#${ID} #${ID}0 .x`);
  // What reaches across to the diagram's siblings is dropped; inside the diagram it is fine.
  assert.equal(scopeSelector(`#${ID} ~ p, #${ID}+div, #${ID} .a ~ .b`, ID), `#${ID} .a ~ .b`);
  assert.equal(scopeSelector(`#${ID} ~ *`, ID), null);
  assert.equal(scopeSelector('.a ~ .b', ID), `#${ID} .a ~ .b`);
});

test('isScoped: the root itself, or what is below it, never a sibling', () => {
  assert.ok(isScoped(`#${ID}`, ID));
  assert.ok(isScoped(`#${ID} body`, ID));
  assert.ok(isScoped(`#${ID}>g`, ID));
  assert.ok(isScoped(`#${ID}:not(.a ~ .b) text`, ID));
  assert.ok(!isScoped(`#${ID} ~ p`, ID));
  assert.ok(!isScoped(`#${ID}+p`, ID));
  assert.ok(!isScoped(`#${ID}x`, ID));
  assert.ok(!isScoped('body', ID));
});

test('CSS values may point only inside the document', () => {
  for (const ok of ['#333', 'rgb(1, 2, 3)', 'url(#arrowhead)', 'url("#a-1")', "url('#b')", 'calc(100% - 2px)', '"trebuchet ms", verdana, arial, sans-serif', 'translate(10px, 20px) rotate(45deg)', 'var(--mermaid-font-family)', 'M10,10 L20,20']) {
    assert.ok(cssValueSafe(ok), ok);
  }
  for (const bad of [
    'url(https://evil.example/x.png)',
    'url("http://evil.example/font")',
    'url(data:image/svg+xml;base64,PHN2Zz4=)',
    'url(javascript:alert(1))',
    'URL( //evil.example/x )',
    'url(x.png)',
    'u\\rl(https://evil.example)',
    'image-set("https://evil.example/a.png" 1x)',
    '-webkit-image-set(url(#a) 1x, "b.png" 2x)',
    'image("x.png")',
    'src("x.png")',
    'element(#page)',
    'expression(alert(1))',
    'attr(data-x url)',
    'red; background: url(https://evil.example)',
    'red } body { display: none',
    '@import "x.css"',
    'javascript:alert(1)',
    'red /* comment */',
  ]) {
    assert.ok(!cssValueSafe(bad), bad);
  }
});

test('links: only a reference inside the document', () => {
  assert.ok(isLocalReference('#draft-diagram-7_flowchart-pointEnd'));
  assert.ok(isLocalReference(' #a '));
  for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'https://example.com/#a', '/x#a', '#a b', '#a)', '', null]) {
    assert.ok(!isLocalReference(bad), String(bad));
  }
});

test('declarations: unsafe values and properties that take the picture out of its panel are left out', () => {
  const style = declarations([
    ['fill', '#ececff', ''],
    ['stroke', 'url(https://evil.example/p.svg#x)', ''],
    ['position', 'fixed', ''],
    ['z-index', '99999', ''],
    ['font-family', '"trebuchet ms", verdana', 'important'],
    ['--mermaid-font-family', 'arial', ''],
    ['cursor', 'url(x.cur), auto', ''],
  ]);
  assert.equal(safeDeclarations(style), 'fill: #ececff; font-family: "trebuchet ms", verdana !important; --mermaid-font-family: arial;');
});

test('a diagram’s stylesheet: scoped rules with safe declarations, nothing else', () => {
  const rules = [
    rule(`#${ID}`, [['font-family', 'arial', '']]),
    rule('body', [['display', 'none', '']]),
    rule(`#${ID} ~ .app`, [['display', 'none', '']]),
    rule(`#${ID} .edge`, [['stroke', 'url(https://evil.example/a)', '']]),
    rule(`#${ID} .marker`, [['fill', 'url(#grad)', '']]),
    { cssText: '@import url("https://evil.example/x.css");', href: 'https://evil.example/x.css' },
    { cssText: '@font-face { src: url(https://evil.example/f.woff) }', style: declarations([['src', 'url(x)', '']]) },
    { name: 'dash', cssRules: [] },
  ];
  assert.equal(scopedCss(rules, ID), [`#${ID} { font-family: arial; }`, `#${ID} body { display: none; }`, `#${ID} .marker { fill: url(#grad); }`].join('\n'));
  assert.equal(scopedCss([], ID), '');
});

test('the elements a diagram never needs are forbidden, SMIL and foreignObject among them', () => {
  for (const tag of ['script', 'foreignObject', 'animate', 'set', 'animateTransform', 'animateMotion', 'animateColor', 'mpath', 'discard', 'a', 'image', 'feImage', 'use', 'style']) {
    assert.ok(FORBIDDEN_TAGS.includes(tag), tag);
  }
});

test('without the sanitiser (here, outside a browser) nothing is shown; a bad id is refused', () => {
  assert.equal(cleanSvg('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', ID), null);
  assert.throws(() => cleanSvg('<svg/>', 'x" onload="alert(1)'), /not an id/);
});
