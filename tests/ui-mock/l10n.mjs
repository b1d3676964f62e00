// DEVELOPMENT ONLY: the window's languages under `node --test`. ui/i18n.js fetches its message
// files beside itself (`file:` URLs under Node, which Node's fetch does not read): this stands in
// for them with the files on disk, ui/locales/<language>/<file>.ftl, and hands every other request
// to the fetch that was there before (a test's own stand-in).
//   const i18n = await useLanguage('en');   // before the page's modules say anything

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
