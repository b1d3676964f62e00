// The diagnostics view: every tool's calls, failures and p50/p95 time since the app started, and
// the outside services' guards (ok, failing, paused for how long, how often paused).

import { api } from './api.js';
import { clear, h, formatNumber } from './dom.js';
import { onLanguageChange, t } from './i18n.js';

export class DiagnosticsView {
  constructor(dialog, opener) {
    this.dialog = dialog;
    this.body = dialog.querySelector('#diagnostics-tools tbody');
    this.empty = dialog.querySelector('#diagnostics-empty');
    this.services = dialog.querySelector('#diagnostics-services');
    opener.addEventListener('click', () => this.open());
    dialog.querySelector('#diagnostics-close').addEventListener('click', () => dialog.close());
    dialog.querySelector('#diagnostics-refresh').addEventListener('click', () => this.load());
    // Another language: the figures shown are said again in it.
    onLanguageChange(() => {
      if (this.said) this.said();
    });
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
      const error = (err && err.message) || String(err);
      this.said = () => {
        this.empty.textContent = t('diagnostics-not-read', { error });
      };
      this.said();
    } finally {
      this.dialog.removeAttribute('aria-busy');
    }
  }

  render(data) {
    this.said = () => this.render(data);
    const tools = Array.isArray(data && data.tools) ? data.tools : [];
    clear(this.body).append(
      ...tools.map((tool) =>
        h(
          'tr',
          { dataset: { tool: tool.tool } },
          h('th', { scope: 'row' }, tool.tool),
          h('td', {}, formatNumber(tool.calls)),
          h('td', { dataset: { failed: String(tool.failures > 0) } }, formatNumber(tool.failures)),
          // ms is a unit's symbol, the same in every language.
          h('td', {}, `${formatNumber(tool.p50Ms)} ms`),
          h('td', {}, `${formatNumber(tool.p95Ms)} ms`),
          h('td', {}, tool.topError || '—'),
        ),
      ),
    );
    this.empty.hidden = tools.length > 0;
    if (!tools.length) this.empty.textContent = t('diagnostics-empty');
    const services = Array.isArray(data && data.services) ? data.services : [];
    clear(this.services).append(
      ...(services.length
        ? services.map((s) =>
            h(
              'li',
              { dataset: { service: s.service, state: s.state } },
              t('diagnostics-service', { service: s.service, state: s.state, seconds: Number(s.retryAfter) || 1, trips: Number(s.trips) || 0 }),
            ),
          )
        : [h('li', { class: 'muted' }, t('diagnostics-no-services'))]),
    );
  }
}
