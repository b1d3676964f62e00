// The diagnostics view: every tool's calls, failures and p50/p95 time since the app started, and
// the outside services' guards (ok, failing, paused for how long, how often paused).

import { api } from './api.js';
import { clear, h } from './dom.js';

const STATES = { ok: 'working', failing: 'failing (still asked)', paused: 'paused', trying: 'being tried again' };

export class DiagnosticsView {
  constructor(dialog, opener) {
    this.dialog = dialog;
    this.body = dialog.querySelector('#diagnostics-tools tbody');
    this.empty = dialog.querySelector('#diagnostics-empty');
    this.services = dialog.querySelector('#diagnostics-services');
    opener.addEventListener('click', () => this.open());
    dialog.querySelector('#diagnostics-close').addEventListener('click', () => dialog.close());
    dialog.querySelector('#diagnostics-refresh').addEventListener('click', () => this.load());
  }

  open() {
    if (!this.dialog.open) this.dialog.showModal();
    this.load();
  }

  async load() {
    this.dialog.setAttribute('aria-busy', 'true');
    try {
      this.render(await api.diagnostics());
    } catch (err) {
      clear(this.body);
      this.empty.hidden = false;
      this.empty.textContent = `The figures could not be read: ${(err && err.message) || err}`;
    } finally {
      this.dialog.removeAttribute('aria-busy');
    }
  }

  render(data) {
    const tools = Array.isArray(data && data.tools) ? data.tools : [];
    clear(this.body).append(
      ...tools.map((t) =>
        h(
          'tr',
          { dataset: { tool: t.tool } },
          h('th', { scope: 'row' }, t.tool),
          h('td', {}, String(t.calls)),
          h('td', { dataset: { failed: String(t.failures > 0) } }, String(t.failures)),
          h('td', {}, `${t.p50Ms} ms`),
          h('td', {}, `${t.p95Ms} ms`),
          h('td', {}, t.topError || '—'),
        ),
      ),
    );
    this.empty.hidden = tools.length > 0;
    if (!tools.length) this.empty.textContent = 'No look-ups yet: ask a question first.';
    const services = Array.isArray(data && data.services) ? data.services : [];
    clear(this.services).append(
      ...(services.length
        ? services.map((s) =>
            h(
              'li',
              { dataset: { service: s.service, state: s.state } },
              `${s.service}: ${STATES[s.state] || s.state}`,
              s.state === 'paused' ? ` for ${s.retryAfter || 1} s more` : '',
              s.trips ? ` — paused ${s.trips} time${s.trips === 1 ? '' : 's'} since ProSeVA started` : '',
            ),
          )
        : [h('li', { class: 'muted' }, 'No outside service asked yet.')]),
    );
  }
}
