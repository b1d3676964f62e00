// The diagram renderer's frame (diagram-frame.html): renders Mermaid sources the window sends
// and sends back the SVG, or the error. It answers only its parent.

(() => {
  const reply = (message) => window.parent.postMessage(message, '*');
  if (typeof window.mermaid === 'undefined') {
    reply({ ready: false, error: 'the diagram library could not be loaded' });
    return;
  }
  window.addEventListener('message', async (e) => {
    if (e.source !== window.parent || !e.data || typeof e.data.source !== 'string') return;
    const { id, source, config } = e.data;
    try {
      window.mermaid.initialize({ ...config, startOnLoad: false, securityLevel: 'strict' });
      const { svg } = await window.mermaid.render(String(id), source);
      reply({ id, svg });
    } catch (err) {
      reply({ id, error: String((err && err.message) || err) });
    } finally {
      // What Mermaid leaves behind on a failure.
      for (const stray of document.querySelectorAll(`#d${CSS.escape(String(id))}, #${CSS.escape(String(id))}`)) stray.remove();
    }
  });
  reply({ ready: true });
})();
