// DEVELOPMENT ONLY: tests of the window's Markdown renderer (ui/markdown.js) — headings, emphasis,
// inline code and code blocks, nested lists, links (only http(s) ones; javascript:, data:,
// vbscript: and the rest shown as text, however they are disguised), character references
// decoded as the exports decode them and never turned into markup, raw HTML shown as text.
// The renderer builds nodes; here it builds them in a small stand-in document (fake-dom.mjs).
//   node --test tests/ui-mock/markdown.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDocument, html, elements } from './fake-dom.mjs';
import { renderMarkdown, markdownToPlain, decodeEntities, matchEntity } from '../../ui/markdown.js';
import { useLanguage } from './l10n.mjs';

installFakeDocument();
// The page's words, from ui/locales/en/ on disk (l10n.mjs).
await useLanguage('en');

const render = (source, ctx) => renderMarkdown(source, ctx);
const out = (source, ctx) => html(render(source, ctx));
/** The one link's attributes, in a line of Markdown. */
const link = (source) => {
  const found = elements(render(source), 'a');
  assert.equal(found.length, 1, `one link in ${out(source)}`);
  return found[0];
};
const EXT = (href, label, hidden = '') =>
  `<a class="ext-link" href="${href}" data-url="${href}" title="Opens in your browser: ${href}" rel="noopener noreferrer">${label}${hidden}<span class="ext-mark" aria-hidden="true">↗</span></a>`;

// ------------------------------------------------------------------------------------ blocks

test('headings start at h4 inside a message and stop at h6; "#word" is not a heading', () => {
  assert.equal(out('# Rights'), '<h4 class="md-heading">Rights</h4>');
  assert.equal(out('## A **strong** case ##'), '<h5 class="md-heading">A <strong>strong</strong> case</h5>');
  assert.equal(out('###### Six'), '<h6 class="md-heading">Six</h6>');
  assert.equal(out('### Three'), '<h6 class="md-heading">Three</h6>');
  assert.equal(out('#hashtag'), '<p>#hashtag</p>');
  assert.equal(out('####### seven'), '<p>####### seven</p>');
});

test('paragraphs: a blank line between them, single line breaks kept', () => {
  assert.equal(out('one\ntwo\n\nthree'), '<p>one<br></br>two</p><p>three</p>');
});

test('fenced code blocks keep what was written: no Markdown, no references, no markup', () => {
  const source = '```html\n<script>alert(1)</script>\n**not bold** &lt; [x](https://e.com)\n```';
  assert.equal(
    out(source),
    '<pre class="code-block" tabindex="0"><code data-lang="html">&lt;script&gt;alert(1)&lt;/script&gt;\n**not bold** &amp;lt; [x](https://e.com)</code></pre>',
  );
  assert.equal(elements(render(source), 'script').length, 0);
  // A tilde fence, and a fence still open (an answer being written) takes the rest.
  assert.equal(out('~~~\na ~~b~~\n~~~\nafter'), '<pre class="code-block" tabindex="0"><code>a ~~b~~</code></pre><p>after</p>');
  assert.equal(out('```\nstill\nwriting'), '<pre class="code-block" tabindex="0"><code>still\nwriting</code></pre>');
});

test('bullet lists nest by indentation; numbered lists keep their start; loose items get paragraphs', () => {
  assert.equal(
    out('- one\n- two\n  - two a *em*\n  - two b\n    1. deep\n- three'),
    '<ul><li>one</li><li>two<ul><li>two a <em>em</em></li><li>two b<ol><li>deep</li></ol></li></ul></li><li>three</li></ul>',
  );
  assert.equal(out('3. c\n4. d'), '<ol start="3"><li>c</li><li>d</li></ol>');
  assert.equal(out('1) a\n2) b'), '<ol><li>a</li><li>b</li></ol>');
  assert.equal(out('- a\n\n- b'), '<ul><li><p>a</p></li><li><p>b</p></li></ul>');
  // A bullet list right after a numbered one is a list of its own.
  assert.equal(out('1. a\n- b'), '<ol><li>a</li></ol><ul><li>b</li></ul>');
  // Deeper than the renderer goes, the rest is text — nothing is lost.
  const deep = Array.from({ length: 20 }, (_, n) => `${'  '.repeat(n)}- level ${n}`).join('\n');
  const text = render(deep).textContent;
  for (let n = 0; n < 20; n += 1) assert.ok(text.includes(`level ${n}`), `level ${n} in ${text}`);
});

test('blockquotes, rules and tables', () => {
  assert.equal(out('> quoted *text*\n> more'), '<blockquote><p>quoted <em>text</em><br></br>more</p></blockquote>');
  assert.equal(out('a\n\n---\n\nb'), '<p>a</p><hr></hr><p>b</p>');
  assert.equal(
    out('| Name | Amount |\n|---|--:|\n| Rent &amp; fees | $1,200 |'),
    '<div class="table-wrap" tabindex="0"><table><thead><tr><th scope="col">Name</th><th scope="col" class="align-right">Amount</th></tr></thead>' +
      '<tbody><tr><td>Rent &amp; fees</td><td class="align-right">$1,200</td></tr></tbody></table></div>',
  );
});

// ------------------------------------------------------------------------------------ inline

test('emphasis: bold, italic, strikethrough; snake_case and a lone star stay as written', () => {
  assert.equal(out('**bold** *it* _it_ __b__ ~~gone~~'), '<p><strong>bold</strong> <em>it</em> <em>it</em> <strong>b</strong> <del>gone</del></p>');
  assert.equal(out('**a _b_ c**'), '<p><strong>a <em>b</em> c</strong></p>');
  assert.equal(out('snake_case_name and 2 * 3 * 4'), '<p>snake_case_name and 2 * 3 * 4</p>');
  assert.equal(out('**not closed'), '<p>**not closed</p>');
  assert.equal(out('\\*escaped\\*'), '<p>*escaped*</p>');
});

test('inline code keeps its text as written, references and markup included', () => {
  assert.equal(out('Use `a*b*c` here'), '<p>Use <code>a*b*c</code> here</p>');
  assert.equal(out('``a ` b``'), '<p><code>a ` b</code></p>');
  assert.equal(out('`&lt;b&gt;` &lt;b&gt;'), '<p><code>&amp;lt;b&amp;gt;</code> &lt;b&gt;</p>');
  assert.equal(out('`<img src=x onerror=alert(1)>`'), '<p><code>&lt;img src=x onerror=alert(1)&gt;</code></p>');
  assert.equal(out('an `unclosed tick'), '<p>an `unclosed tick</p>');
});

test('http(s) links become links to the person’s browser; autolinks and bare addresses too', () => {
  assert.equal(
    out('[the statute](https://law.lis.virginia.gov/vacode/20-124.3/)'),
    `<p>${EXT(
      'https://law.lis.virginia.gov/vacode/20-124.3/',
      'the statute',
      '<span class="visually-hidden"> (opens law.lis.virginia.gov in your browser)</span>',
    )}</p>`,
  );
  assert.equal(out('[**bold** label](http://example.com/a "title")'), `<p>${EXT('http://example.com/a', '<strong>bold</strong> label', '<span class="visually-hidden"> (opens example.com in your browser)</span>')}</p>`);
  assert.equal(out('<https://example.com/x>'), `<p>${EXT('https://example.com/x', 'https://example.com/x')}</p>`);
  assert.equal(out('See https://example.com/a_(b).'), `<p>See ${EXT('https://example.com/a_(b)', 'https://example.com/a_(b)')}.</p>`);
  assert.equal(out('(https://example.com/x)'), `<p>(${EXT('https://example.com/x', 'https://example.com/x')})</p>`);
  // A link inside a link's label is its text.
  assert.equal(link('[see https://b.example](https://a.example/)').getAttribute('href'), 'https://a.example/');
});

test('javascript:, data:, vbscript: and every other non-web target show as text, however disguised', () => {
  const refused = [
    '[click](javascript:alert(1))',
    '[click](JavaScript:alert(document.cookie))',
    '[click]( javascript:alert(1) )',
    '[click](javascript&colon;alert(1))',
    '[click](java&#115;cript:alert(1))',
    '[click](&#106;avascript:alert(1))',
    '[click](data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==)',
    '[click](DATA:text/html,<script>alert(1)</script>)',
    '[click](vbscript:msgbox(1))',
    '[click](file:///etc/passwd)',
    '[click](/relative/path)',
    '[click](mailto:clerk@example.com)',
    '[click](<javascript:alert(1)>)',
    '[click](//example.com/no-scheme)',
  ];
  for (const source of refused) {
    const fragment = render(source);
    assert.equal(elements(fragment, 'a').length, 0, `${source} → ${html(fragment)}`);
    assert.equal(html(fragment), '<p><span class="link-text">click</span></p>', source);
  }
  // Nor as autolinks or bare addresses.
  assert.equal(elements(render('<javascript:alert(1)> javascript:alert(1) data:text/html,x'), 'a').length, 0);
});

test('character references are decoded into text, as the exports decode them', () => {
  assert.equal(render('A &lt;b&gt;bold&lt;/b&gt; claim &amp; more').textContent, 'A <b>bold</b> claim & more');
  assert.equal(elements(render('&lt;b&gt;x&lt;/b&gt;'), 'b').length, 0);
  assert.equal(render('&quot;quoted&quot; &#39;single&#39; &apos;a&apos; &#x27;b&#X27;').textContent, '"quoted" \'single\' \'a\' \'b\'');
  assert.equal(render('&#167; 20-124.3, &sect; 1, &#xA7; 2, &nbsp;x').textContent, '§ 20-124.3, § 1, § 2, \u00a0x');
  assert.equal(render('&LT;tag&GT; &Amp;').textContent, '<tag> &');
  // Decoded once: `&amp;lt;` is the text `&lt;`.
  assert.equal(render('&amp;lt;').textContent, '&lt;');
  // What is not a reference the exports know stays as written.
  assert.equal(render('AT&T; &copy; &unknown; & alone &#0; &#xD800; &#x110000; &;').textContent, 'AT&T; &copy; &unknown; & alone &#0; &#xD800; &#x110000; &;');
  // An escaped ampersand is an ampersand.
  assert.equal(render('\\&lt;').textContent, '&lt;');
  // In headings, list items, table cells and link labels as well.
  assert.equal(out('# Q &amp; A'), '<h4 class="md-heading">Q &amp; A</h4>');
  assert.equal(render('- &lt;one&gt;\n- two').textContent, '<one>two');
  assert.equal(link('[Smith &amp; Jones](https://example.com/?a=1&amp;b=2)').getAttribute('href'), 'https://example.com/?a=1&b=2');
  assert.equal(link('[Smith &amp; Jones](https://example.com/)').textContent.startsWith('Smith & Jones'), true);
  // The plain text of announcements too.
  assert.equal(markdownToPlain('**Q** &amp; `A` &lt;b&gt;'), 'Q & A <b>');
});

test('a decoded reference is never read as Markdown or markup again', () => {
  assert.equal(out('&#42;not em&#42; &#95;no&#95;'), '<p>*not em* _no_</p>');
  assert.equal(out('&#96;not code&#96;'), '<p>`not code`</p>');
  assert.equal(out('&#91;x&#93;(javascript:alert(1))'), '<p>[x](javascript:alert(1))</p>');
  assert.equal(out('&#35; not a heading'), '<p># not a heading</p>');
  assert.equal(out('&lt;script&gt;alert(1)&lt;/script&gt;'), '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>');
  assert.equal(out('&lt;https://example.com&gt;'), `<p>&lt;${EXT('https://example.com/', 'https://example.com')}&gt;</p>`);
  // The private-use characters that mark citations cannot be forged with a reference.
  assert.equal(render('&#xE000;0&#xE001;§ 1-1&#xE002;', { citations: { spans: [] } }).textContent, '&#xE000;0&#xE001;§ 1-1&#xE002;');
});

test('raw HTML a model writes shows as text', () => {
  const source = '<img src=x onerror=alert(1)> <script>alert(1)</script> <a href="javascript:x">a</a> <iframe src="frame.html">';
  const fragment = render(source);
  for (const tag of ['img', 'script', 'a', 'iframe']) assert.equal(elements(fragment, tag).length, 0, tag);
  assert.equal(fragment.textContent, source);
});

test('citations land on their text with references decoded around them', () => {
  const text = 'Fees &amp; costs: § 20-124.3 applies.';
  const start = text.indexOf('§');
  const spans = [{ startUtf16: start, endUtf16: start + 10, sourceId: '20-124.3', label: '§ 20-124.3', status: 'verified' }];
  const fragment = render(text, { citations: { spans } });
  const [cite] = elements(fragment, 'a');
  assert.equal(cite.getAttribute('class'), 'cite');
  assert.equal(cite.getAttribute('data-source-id'), '20-124.3');
  assert.equal(cite.textContent, '§ 20-124.3');
  assert.equal(fragment.textContent, 'Fees & costs: § 20-124.3 applies.');
});

test('decodeEntities and matchEntity: the same table as the exports', () => {
  assert.equal(decodeEntities('a &lt; b &gt; c &amp;&amp; d &colon; &tab;|&newline;|'), 'a < b > c && d : \t|\n|');
  assert.deepEqual(matchEntity('&#x1F600; rest'), { text: '😀', length: 9 });
  assert.equal(matchEntity('&lt rest'), null);
  assert.equal(matchEntity('& lt;'), null);
  assert.equal(decodeEntities(null), '');
});
