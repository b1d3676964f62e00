// DEVELOPMENT ONLY: the Help tab (ui/help.js) in the small stand-in document — the legal aid for a
// place with where each entry was read, the eligibility answer, and the same screen said again in
// Spanish when the language changes.
//   node --test tests/ui-mock/help.test.mjs

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { installFakeDocument } from './fake-dom.mjs';
import { useLanguage } from './l10n.mjs';

installFakeDocument();
const calls = [];
const answers = {
  help_for: () => ({
    locality: { id: 'fairfax-county', name: 'Fairfax County' },
    listDate: null,
    programs: [
      {
        id: 'lsnv',
        name: 'Legal Services of Northern Virginia',
        phone: ['703-778-6800'],
        url: 'https://www.lsnv.org/',
        howToApply: 'Call or apply online.',
        caseKinds: ['housing', 'family'],
        takesThisKind: false,
        sources: [{ url: 'https://www.lsnv.org/apply', read: null }, { url: 'https://www.valegalaid.org/' }],
      },
    ],
    statewide: [{ id: 'vlas', name: 'Virginia Legal Aid', phone: '866-534-5243', who: 'Anyone in Virginia.', cost: 'free', sources: [] }],
  }),
  help_eligibility: () => ({
    householdSize: 3,
    guidelineYear: 2026,
    povertyLine: 27320,
    yearlyIncome: 21000,
    percentOfPoverty: 77,
    programs: [{ name: 'LSNV', mayQualify: true, limit: 34150, rule: '125% of the guideline.' }],
    caveat: 'They decide.',
  }),
};
globalThis.window = {
  __TAURI__: { core: { invoke: async (command, args) => (calls.push({ command, args }), answers[command] ? answers[command](args) : null) } },
  addEventListener: () => {},
};
globalThis.localStorage = { getItem: () => null, setItem: () => {} };
globalThis.CSS = { escape: (s) => s };

const i18n = await useLanguage('en');
const { HelpView } = await import('../../ui/help.js');
const { h } = await import('../../ui/dom.js');

/** The tab's parts, found by the selectors help.js asks for. */
function helpRoot() {
  const parts = {
    '#help-locality': h('select', { id: 'help-locality' }, h('option', { value: 'fairfax-county' }, 'Fairfax County')),
    '#help-results': h('div', { id: 'help-results' }),
    '#help-eligibility-form': h('form', {}),
    '#help-household': h('input', { value: '3' }),
    '#help-income': h('input', {}),
    '#help-eligibility-answer': h('div', {}),
    '.library.help:not(.help-handoff)': h('div', {}),
    '#help-screen-kind': h('select', {}),
    '#help-screen-questions': h('ul', {}),
    '#help-handoff': h('section', { hidden: true }),
    '#help-packet-case': h('p', {}),
    '#help-packet-form': h('form', {}),
    '#help-packet-documents': h('fieldset', {}),
    '#help-packet-notes': h('fieldset', {}),
    '#help-packet-questions': h('textarea', {}),
    '#help-packet-result': h('div', {}),
    '#help-locality-note': h('p', {}),
  };
  return { parts, querySelector: (selector) => parts[selector] ?? null };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test('legal aid for a place says where each entry was read, in English and then in Spanish', async () => {
  const root = helpRoot();
  const view = new HelpView(root);
  view.loading = Promise.resolve();
  root.parts['#help-locality'].value = 'fairfax-county';
  await view.show('fairfax-county');
  const results = root.parts['#help-results'];
  const text = results.textContent;
  assert.match(text, /^Legal aid for Fairfax County/);
  assert.match(text, /Telephone: 703-778-6800/);
  assert.match(text, /Takes cases such as: housing; family\./);
  assert.match(text, /The pages read do not say it takes your kind of case; ask them\./);
  assert.match(text, /Source: lsnv\.org[^.]*\.org in your browser\)↗ and 1 more\./);
  assert.match(text, /Cost: free/);
  const source = results.querySelector('p.help-source');
  assert.match(source.querySelector('a').textContent, /^lsnv\.org/, 'the link stays a link, in the sentence');

  root.parts['#help-income'].value = '21,000';
  await view.check();
  assert.equal(
    root.parts['#help-eligibility-answer'].querySelector('p.help-poverty').textContent,
    'The federal poverty guideline for 3 people in 2026 is $27,320.00 a year. $21,000.00 is 77% of it.',
  );
  assert.match(root.parts['#help-eligibility-answer'].textContent, /LSNV: you may qualify — they decide\. Their limit for 3 people is about \$34,150\.00 a year\./);

  await i18n.setLanguage('es');
  await settle();
  const again = root.parts['#help-results'].textContent;
  assert.match(again, /^Ayuda legal para Fairfax County/);
  assert.match(again, /Fuentes: lsnv\.org[^↗]*↗ y 1 más\./);
  assert.match(root.parts['#help-eligibility-answer'].textContent, /La pauta federal de pobreza para 3 personas en 2026/);
  await i18n.setLanguage('en');
});
