// DEVELOPMENT ONLY: the window's languages under `node --test`. ui/i18n.js fetches its message
// files beside itself (`file:` URLs under Node, which Node's fetch does not read): this stands in
// for them with the files on disk, ui/locales/<language>/<file>.ftl, and hands every other request
// to the fetch that was there before (a test's own stand-in).
//   const i18n = await useLanguage('en');   // before the page's modules say anything

import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';

let installed = false;

/** Makes `fetch` read `file:` URLs from disk (404 when the file is not there). */
export function installLocaleFetch() {
  if (installed) return;
  installed = true;
  const before = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = String(input && input.href ? input.href : input);
    if (!url.startsWith('file:')) return before(input, init);
    try {
      return new Response(await readFile(fileURLToPath(url)), { status: 200 });
    } catch {
      return new Response('', { status: 404 });
    }
  };
}

/** Loads `lang` ('en' or 'es') from the message files on disk; answers ui/i18n.js. */
export async function useLanguage(lang = 'en') {
  installLocaleFetch();
  const i18n = await import('../../ui/i18n.js');
  await i18n.loadLanguage(lang);
  return i18n;
}

// ------------------------------------------------------------------ English words left on screen
// What the tests of each module in Spanish check: no English word of its own messages (nor a
// common English word) is left in what it renders.

const LOCALES = new URL('../../ui/locales/', import.meta.url);
/** English words no Spanish text of the window uses. */
const COMMON = ['the', 'and', 'your', 'you', 'is', 'are', 'was', 'not', 'with', 'from', 'for', 'this', 'that', 'what', 'could', 'be', 'been', 'yet', 'here', 'of', 'to', 'in', 'on', 'at', 'by', 'it', 'its', 'or', 'an', 'has', 'have', 'will'];
/** The words of a text; web addresses are names, not words. */
export const wordsOf = (s) => String(s).replace(/\bhttps?:\/\/\S+/g, ' ').replace(/\b[\w.-]+\.(?:gov|org|com|net)\S*/g, ' ').match(/\p{L}[\p{L}’'-]*/gu) || [];
/** The words of the messages of `files` in `lang` (comments, ids, variables and keys left out). */
function ftlWords(lang, files) {
  const out = new Set();
  for (const file of files) {
    for (const line of readFileSync(new URL(`${lang}/${file}.ftl`, LOCALES), 'utf8').split('\n')) {
      if (/^\s*#/.test(line)) continue;
      const said = line.replace(/^[a-z][\w-]*\s*=/, ' ').replace(/^\s*\.[\w-]+\s*=/, ' ').replace(/\$[\w-]+/g, ' ').replace(/\*?\[[^\]]*\]/g, ' ').replace(/<\/?[a-z]+>/g, ' ');
      for (const w of wordsOf(said)) out.add(w.toLowerCase());
    }
  }
  return out;
}
/** English words of these message files (and common ones, and `extra`) that their Spanish never says. */
export function englishOf(files, extra = []) {
  const es = ftlWords('es', files);
  return new Set([...ftlWords('en', files), ...COMMON, ...extra].filter((w) => w.length > 1 && !es.has(w)));
}
/** Everything a person sees or hears of `root`: its texts and its names, titles and labels. */
export function seen(node, out = []) {
  if (node.attributes instanceof Map) {
    for (const name of ['aria-label', 'title', 'placeholder', 'label', 'abbr', 'alt', 'aria-description']) if (node.attributes.has(name)) out.push(node.attributes.get(name));
  }
  if (!node.childNodes.length && node.textContent) out.push(node.textContent);
  for (const child of node.childNodes) seen(child, out);
  return out;
}
/** The English words left in `root` (or in a text). */
export const englishLeft = (root, english) => wordsOf(typeof root === 'string' ? root : seen(root).join(' \n ')).filter((w) => english.has(w.toLowerCase()));
