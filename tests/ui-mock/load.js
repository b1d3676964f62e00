// DEVELOPMENT ONLY: puts the real ui/index.html into this page (after mock-tauri.js defined
// window.__TAURI__), with ui/ as the base for its relative URLs, then starts the real ui/app.js.
(async function () {
  'use strict';
  const base = document.createElement('base');
  base.href = '/ui/';
  document.head.prepend(base);
  const html = await (await fetch('/ui/index.html', { cache: 'no-store' })).text();
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const el of doc.head.children) {
    if (el.tagName === 'SCRIPT' || el.tagName === 'TITLE') continue;
    document.head.append(document.importNode(el, true));
  }
  document.title = `${doc.title} (mock)`;
  for (const el of [...doc.body.childNodes]) document.body.append(document.importNode(el, true));
  await import('/ui/app.js');
})().catch((err) => console.error('[mock] could not load ui/', err));
