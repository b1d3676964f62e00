#!/usr/bin/env node
// Checks the window's message files, ui/locales/<language>/<file>.ftl (ui/locales/README.md),
// with the Fluent parser the window itself uses (ui/vendor/fluent/bundle.js). Fails when:
//   - a file does not parse: an entry the parser skips, or a line that is no entry, comment or
//     continuation (the parser says nothing of either; both are looked for here);
//   - the files of a language are not ui/i18n.js's MESSAGE_FILES, or an id is there twice;
//   - a message id does not start with its file's name (`settings-…` in settings.ftl);
//   - a message or term is in one language and not the other, or has other attributes, or other
//     variables (`{ $count }`);
//   - formatting a message gives an error (a message, term or function that does not exist);
//   - an id the page uses has no message: `t('…')` / `tMessage('…')` in ui/*.js (every quoted id
//     in the first argument, `t(a ? 'x-y' : 'x-z')` included), `data-l10n-id` in ui/index.html and in
//     the modules;
//   - a string literal in ui/*.js reads as English text (a capitalised word and more words, or a
//     capitalised sentence) instead of coming from a message — unless its line says `l10n-ok`
//     (a proper name, the English of a paper filed in English);
//   - a Spanish message (or attribute) is the same as the English one, unless it has no words of
//     its own (only variables, numbers, symbols, addresses) or ui/locales/same-in-both.txt lists
//     it (proper names, the languages' own names).
//   node scripts/check-l10n.mjs        (scripts/check-ui.sh runs it)

import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import { FluentBundle, FluentResource } from '../ui/vendor/fluent/bundle.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const UI = path.join(ROOT, 'ui');
const LOCALES = path.join(UI, 'locales');
const LANGUAGES = { en: 'en-US', es: 'es-US' };

const problems = [];
const problem = (text) => problems.push(text);

// The files the window loads, as ui/i18n.js lists them.
const i18nSource = readFileSync(path.join(UI, 'i18n.js'), 'utf8');
const listed = /export const MESSAGE_FILES = \[([^\]]*)\]/.exec(i18nSource);
const FILES = listed ? [...listed[1].matchAll(/'([^']+)'/g)].map((m) => m[1]) : [];
if (!FILES.length) problem('ui/i18n.js: MESSAGE_FILES not found');

const ENTRY = /^(-?[a-zA-Z][a-zA-Z0-9_-]*)[ \t]*=/;

/** Every variable a pattern uses (`$name`), looking into selectors, calls and references' args. */
function variables(node, out = new Set()) {
  if (!node || typeof node !== 'object') return out;
  if (Array.isArray(node)) {
    for (const n of node) variables(n, out);
    return out;
  }
  if (node.type === 'var') out.add(node.name);
  for (const key of ['selector', 'variants', 'value', 'args', 'positional', 'named', 'elements']) if (key in node) variables(node[key], out);
  return out;
}

/** language → {bundle, entries: Map id → {file, line, message}} */
const languages = {};
for (const lang of Object.keys(LANGUAGES)) {
  const dir = path.join(LOCALES, lang);
  const bundle = new FluentBundle(LANGUAGES[lang], { useIsolating: false });
  const entries = new Map();
  const present = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.ftl')).map((f) => f.slice(0, -4)) : [];
  for (const file of present) if (!FILES.includes(file)) problem(`ui/locales/${lang}/${file}.ftl is not in MESSAGE_FILES (ui/i18n.js): the window never loads it`);
  for (const file of FILES) {
    const rel = `ui/locales/${lang}/${file}.ftl`;
    if (!present.includes(file)) {
      problem(`${rel} is missing`);
      continue;
    }
    const text = readFileSync(path.join(dir, `${file}.ftl`), 'utf8');
    const resource = new FluentResource(text);
    const parsed = new Map(resource.body.map((entry) => [entry.id, entry]));
    text.split('\n').forEach((line, i) => {
      if (line === '' || /^\s/.test(line) || line.startsWith('#')) return;
      const m = ENTRY.exec(line);
      if (!m) {
        problem(`${rel}:${i + 1}: not a message, a comment or an indented continuation: ${line.slice(0, 60)}`);
        return;
      }
      const id = m[1];
      if (!parsed.has(id)) problem(`${rel}:${i + 1}: ${id} does not parse (Fluent skips it)`);
      if (entries.has(id)) problem(`${rel}:${i + 1}: ${id} is already in ${entries.get(id).file}.ftl`);
      else if (parsed.has(id)) entries.set(id, { file, line: i + 1, entry: parsed.get(id) });
      if (!id.startsWith('-') && !id.startsWith(`${file}-`)) problem(`${rel}:${i + 1}: ${id} should start with "${file}-" (ids are <file>-<thing>)`);
    });
    for (const err of bundle.addResource(resource)) problem(`${rel}: ${err.message || err}`);
  }
  languages[lang] = { bundle, entries };
}

const { en, es } = languages;

// Both languages have the same messages, attributes and variables.
for (const [a, b, aName, bName] of [
  [en, es, 'en', 'es'],
  [es, en, 'es', 'en'],
]) {
  for (const [id, { file, line }] of a.entries) {
    if (!b.entries.has(id)) problem(`ui/locales/${aName}/${file}.ftl:${line}: ${id} has no ${bName} message`);
  }
}
for (const [id, { file, entry }] of en.entries) {
  const other = es.entries.get(id);
  if (!other) continue;
  if (other.file !== file) problem(`${id} is in en/${file}.ftl but es/${other.file}.ftl`);
  const attrs = (e) => Object.keys(e.attributes || {}).sort().join(', ');
  if (attrs(entry) !== attrs(other.entry)) problem(`ui/locales/es/${other.file}.ftl:${other.line}: ${id} has attributes [${attrs(other.entry)}], English [${attrs(entry)}]`);
  if (Boolean(entry.value) !== Boolean(other.entry.value)) problem(`ui/locales/es/${other.file}.ftl:${other.line}: ${id} ${entry.value ? 'has no value' : 'has a value English has not'}`);
  if (!id.startsWith('-')) {
    const vars = (e) => [...variables([e.value, Object.values(e.attributes || {})])].sort().join(', ');
    if (vars(entry) !== vars(other.entry)) problem(`ui/locales/es/${other.file}.ftl:${other.line}: ${id} uses variables [${vars(other.entry)}], English [${vars(entry)}]`);
  }
}

// Every message formats without an error, with sample values for its variables.
const sampleArgs = (entry, value) => Object.fromEntries([...variables([entry.value, Object.values(entry.attributes || {})])].map((v) => [v, value]));
for (const [lang, { bundle, entries }] of Object.entries(languages)) {
  for (const [id, { file, line, entry }] of entries) {
    if (id.startsWith('-')) continue;
    for (const sample of [1, 5, 'x']) {
      const args = sampleArgs(entry, sample);
      const patterns = [entry.value, ...Object.values(entry.attributes || {})].filter(Boolean);
      for (const pattern of patterns) {
        const errors = [];
        bundle.formatPattern(pattern, args, errors);
        if (errors.length) problem(`ui/locales/${lang}/${file}.ftl:${line}: ${id}: ${errors.map((e) => e.message || e).join('; ')}`);
      }
    }
  }
}

// Spanish that is the English left as it was.
const allowFile = path.join(LOCALES, 'same-in-both.txt');
const allowed = new Set(
  existsSync(allowFile)
    ? readFileSync(allowFile, 'utf8')
        .split('\n')
        .map((l) => l.replace(/#.*/, '').trim())
        .filter(Boolean)
    : [],
);
const hasWords = (text) => /\p{L}{2,}/u.test(text.replace(/\b(?:https?:\/\/|www\.)\S+/g, '').replace(/\b[\w.-]+\.(?:gov|org|com|net)(?:\/\S*)?/g, ''));
const usedAllowance = new Set();
for (const [id, { entry }] of en.entries) {
  const other = es.entries.get(id);
  if (!other) continue;
  const parts = [[id, entry.value, other.entry.value]];
  for (const [name, pattern] of Object.entries(entry.attributes || {})) parts.push([`${id}.${name}`, pattern, (other.entry.attributes || {})[name]]);
  for (const [key, mine, theirs] of parts) {
    if (!mine || !theirs) continue;
    const args = sampleArgs(entry, 'x');
    const blank = sampleArgs(entry, '');
    const say = (bundle, pattern, a) => (id.startsWith('-') ? JSON.stringify(pattern) : bundle.formatPattern(pattern, a, []));
    if (say(en.bundle, mine, args) !== say(es.bundle, theirs, args)) continue;
    if (allowed.has(key) || allowed.has(id)) {
      usedAllowance.add(allowed.has(key) ? key : id);
      continue;
    }
    const words = id.startsWith('-') ? hasWords(JSON.stringify(mine)) : hasWords(say(en.bundle, mine, blank));
    if (words) problem(`ui/locales/es/${other.file}.ftl:${other.line}: ${key} is the English text; translate it, or list it in ui/locales/same-in-both.txt if it is a name`);
  }
}
for (const key of allowed) if (!usedAllowance.has(key)) console.warn(`check-l10n: ui/locales/same-in-both.txt lists ${key}, which is not the same in both (or not a message): remove it`);

// The court words as the glossary says them: where the English message says a term, the Spanish
// one must not use a form the glossary says to avoid for it. The glossary's chosen forms and any
// English name in parentheses are taken out first ("Corte Suprema de Virginia" is right while
// "corte" is not; "cobrador de deudas" while "cobrador" alone is not).
const glossaryFile = path.join(ROOT, 'sidecars/server/lang/glossary-es.json');
if (existsSync(glossaryFile)) {
  const terms = JSON.parse(readFileSync(glossaryFile, 'utf8')).terms || [];
  const fold = (s) => s.toLowerCase().normalize('NFC');
  const escape = (s) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const word = (w) => new RegExp(`(?<![\\p{L}\\p{N}])${escape(fold(w))}(?![\\p{L}\\p{N}])`, 'u');
  const chosen = terms.flatMap((term) => [term.es, term.es.replace(/\s*\([^)]*\)/g, '')]).filter(Boolean).sort((a, b) => b.length - a.length);
  const glossary = terms.map((term) => ({
    en: term.en
      .replace(/\([^)]*\)/g, '')
      .split('/')
      .map((s) => s.trim())
      .filter(Boolean)
      .map(word),
    es: term.es,
    avoid: (term.avoid || []).map((a) => ({ text: a, re: word(a) })),
  }));
  for (const [id, { entry }] of en.entries) {
    const other = es.entries.get(id);
    if (!other) continue;
    const pairs = [[entry.value, other.entry.value]];
    for (const [name, pattern] of Object.entries(entry.attributes || {})) pairs.push([pattern, (other.entry.attributes || {})[name]]);
    for (const [mine, theirs] of pairs) {
      if (!mine || !theirs) continue;
      const english = fold(id.startsWith('-') ? JSON.stringify(mine) : en.bundle.formatPattern(mine, sampleArgs(entry, ''), []));
      let spanish = fold(id.startsWith('-') ? JSON.stringify(theirs) : es.bundle.formatPattern(theirs, sampleArgs(other.entry, ''), []));
      spanish = spanish.replace(/\([^)]*\)/g, ' ');
      for (const form of chosen) spanish = spanish.replace(new RegExp(escape(fold(form)), 'g'), ' ');
      for (const term of glossary) {
        if (!term.en.some((re) => re.test(english))) continue;
        for (const avoid of term.avoid) {
          if (avoid.re.test(spanish)) problem(`ui/locales/es/${other.file}.ftl:${other.line}: ${id} says "${avoid.text}"; the glossary (sidecars/server/lang/glossary-es.json) says "${term.es}"`);
        }
      }
    }
  }
}

// Every id the page uses has a message.
const used = new Map(); // id → where
const use = (id, where) => {
  if (!used.has(id)) used.set(id, where);
};
let dynamic = 0;
/** The first argument of the call that starts at `from` (just after its `(`). */
function firstArgument(source, from) {
  let depth = 0;
  let quote = null;
  for (let i = from; i < source.length; i += 1) {
    const c = source[i];
    if (quote) {
      if (c === '\\') i += 1;
      else if (c === quote) quote = null;
      continue;
    }
    if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '(' || c === '[' || c === '{') depth += 1;
    else if (c === ')' || c === ']' || c === '}') {
      if (depth === 0) return source.slice(from, i);
      depth -= 1;
    } else if (c === ',' && depth === 0) return source.slice(from, i);
  }
  return source.slice(from);
}
const lineOf = (source, index) => source.slice(0, index).split('\n').length;
for (const name of readdirSync(UI).filter((f) => f.endsWith('.js') || f.endsWith('.html'))) {
  const source = readFileSync(path.join(UI, name), 'utf8');
  for (const m of source.matchAll(/data-l10n-id(?:="|['"]?\s*[:,]\s*['"])([^'"]+)["']/g)) use(m[1], `ui/${name}:${lineOf(source, m.index)}`);
  if (!name.endsWith('.js') || name === 'i18n.js') continue;
  for (const m of source.matchAll(/(?<![\w$.])(?:t|tMessage)\(/g)) {
    const arg = firstArgument(source, m.index + m[0].length);
    // The quoted ids in it (`t(a ? 'x-y' : 'x-z')`); words compared against (`a === 'partial'`)
    // have no hyphen and are not ids.
    const ids = [...arg.matchAll(/(['"])([a-z][a-z0-9]*(?:-[a-z0-9]+)+)\1/g)].map((s) => s[2]);
    if (/`/.test(arg)) problem(`ui/${name}:${lineOf(source, m.index)}: a message id made from a template (${arg.trim()}): write the ids out (a selector in the message, or t(a ? 'x' : 'y'))`);
    else if (!ids.length) dynamic += 1;
    for (const id of ids) use(id, `ui/${name}:${lineOf(source, m.index)}`);
  }
}
for (const [id, where] of used) if (!en.entries.has(id)) problem(`${where}: ${id} has no message in ui/locales/en/`);

// Words written in a module instead of a message: a string literal that reads as English text (a
// capitalised word followed by more words, or a capitalised sentence) in ui/*.js. Developers'
// messages (console, thrown errors) and comments are not shown; a line that must keep such a
// string (a proper name) says `l10n-ok` in a comment.
const NOT_SHOWN = new Set(['i18n.js', 'svg-clean.js', 'diagram-frame.js']);
for (const name of readdirSync(UI).filter((f) => f.endsWith('.js') && !NOT_SHOWN.has(f))) {
  readFileSync(path.join(UI, name), 'utf8')
    .split('\n')
    .forEach((line, i) => {
      if (/^\s*(\*|\/\*|\/\/)/.test(line) || /l10n-ok/.test(line)) return;
      const code = line.replace(/\s\/\/\s.*$/, '');
      if (/console\.\w+\(|throw new Error\(|^\s*import /.test(code)) return;
      for (const m of code.matchAll(/(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g)) {
        const text = m[2];
        if (/^[A-Z][a-z]+(?:\s+[a-z]+|[.!?…:]$)/.test(text)) problem(`ui/${name}:${i + 1}: English words not from a message: ${JSON.stringify(text)} (ui/locales/README.md)`);
      }
    });
}

if (problems.length) {
  for (const p of problems) console.error(`check-l10n: ${p}`);
  console.error(`check-l10n: ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
  process.exit(1);
}
const count = [...en.entries.keys()].filter((id) => !id.startsWith('-')).length;
console.log(`l10n: ${count} messages in ${FILES.length} files, the same in en and es; ${used.size} ids used in ui/, each with a message${dynamic ? ` (${dynamic} calls with an id from a variable, not checked)` : ''}`);
