// The status line: the case-data server, the law graph (explorer), the model mode, first-run
// progress while the law graph is built, and a prominent message if the app failed to start.
// Fed by `subscribe_status` (pushed changes) with `app_status` polled every 5 s as a fallback.

import { h, clear, errorText } from './dom.js';
import { api, hostOf } from './api.js';
import { language, onLanguageChange, t } from './i18n.js';

const POLL_MS = 5000;

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

function setData(el, key, value) {
  if (el.dataset[key] !== value) el.dataset[key] = value;
}

/** "Case data: ready", "Law graph: restarting (2)…" (status.ftl: status-server-state, status-explorer-state). */
function sidecarText(name, sc, phase) {
  const id = name === 'server' ? 'status-server-state' : 'status-explorer-state';
  const restarts = (sc && Number(sc.restarts)) || 0;
  if (!sc) return t(id, { state: 'unknown', restarts });
  switch (sc.state) {
    case 'healthy':
    case 'restarting':
      return t(id, { state: sc.state, restarts });
    case 'starting':
      return t(id, { state: name === 'explorer' && phase === 'preparing' ? 'preparing' : 'starting', restarts });
    case 'failed':
    case 'stopped':
      return t(id, { state: 'unavailable', restarts });
    default:
      return t(id, { state: 'unknown', restarts });
  }
}

function sidecarTip(name, sc) {
  if (!sc) return '';
  const parts = [];
  // The app's own message (from the supervisor) is kept as it came.
  if (sc.message) parts.push(sc.message);
  else if (sc.state === 'healthy') parts.push(t(name === 'server' ? 'status-server-ready-tip' : 'status-explorer-ready-tip'));
  else if (sc.state === 'failed' || sc.state === 'stopped') parts.push(t(name === 'server' ? 'status-server-down-tip' : 'status-explorer-down-tip'));
  if (sc.restarts) parts.push(t('status-restarted', { count: Number(sc.restarts) }));
  return parts.join(' ');
}

function modelText(model) {
  if (!model || model.mode === 'offline') return t('status-model-offline');
  if (model.mode === 'local') {
    if (model.state === 'failed') return t('status-model-local-failed', { model: model.model });
    if (model.state === 'waiting') return t('status-model-local-waiting', { model: model.model });
    return t('status-model-local', { model: model.model });
  }
  const host = hostOf(model.baseUrl || '') || 'api.openai.com';
  const names = [model.small, model.large].filter(Boolean);
  const unique = names.length === 2 && names[0] === names[1] ? [names[0]] : names;
  return unique.length ? t('status-model-online', { models: unique.join('/'), host }) : t('status-model-online-default', { host });
}

function modelTip(model) {
  if (model.mode === 'local') {
    if (model.state !== 'failed') return t('status-model-local-tip', { model: model.model });
    return model.message ? t('status-model-local-failed-tip', { reason: model.message }) : t('status-model-local-failed-log-tip');
  }
  if (model.mode === 'online') {
    const names = { large: model.large || '', small: model.small || '' };
    return model.baseUrl ? t('status-model-online-tip', { ...names, address: model.baseUrl }) : t('status-model-online-openai-tip', names);
  }
  return t('status-model-offline-tip');
}

export class StatusLine {
  constructor() {
    this.root = document.getElementById('status-line');
    this.server = document.getElementById('status-server');
    this.explorer = document.getElementById('status-explorer');
    this.model = document.getElementById('status-model');
    this.services = document.getElementById('status-services');
    this.servicesItem = document.getElementById('status-services-li');
    this.mcpItem = document.getElementById('status-mcp-li');
    this.setup = document.getElementById('status-setup');
    this.setupLabel = document.getElementById('status-setup-label');
    this.setupBar = document.getElementById('status-setup-bar');
    this.alert = document.getElementById('app-alert');
    this.listeners = [];
    this.last = null;
    this.lastJson = '';
    // Another language chosen in Settings: everything this line says is said again.
    onLanguageChange(() => {
      if (!this.last) return;
      this.lastJson = '';
      this.render(this.last);
    });
  }

  /** Calls `fn(status)` on every status. */
  onStatus(fn) {
    this.listeners.push(fn);
    if (this.last) fn(this.last);
  }

  start() {
    const accept = (status) => this.render(status);
    api.subscribeStatus((status) => accept(status)).catch((err) => console.warn('subscribe_status failed', err));
    const poll = () =>
      api
        .appStatus()
        .then(accept)
        .catch((err) => this.renderUnreachable(errorText(err)));
    poll();
    this.timer = setInterval(poll, POLL_MS);
  }

  renderUnreachable(message) {
    if (this.last) return; // keep the last known state; the next poll may succeed
    setText(this.server.querySelector('.status-text'), sidecarText('server', null));
    setText(this.explorer.querySelector('.status-text'), sidecarText('explorer', null));
    this.root.title = message;
  }

  render(status) {
    if (!status || typeof status !== 'object') return;
    const json = JSON.stringify(status);
    if (json === this.lastJson) return;
    this.lastJson = json;
    this.last = status;
    const phase = status.phase || 'starting';
    setData(this.root, 'phase', phase);

    this.renderSidecar(this.server, 'server', status.server, phase);
    this.renderSidecar(this.explorer, 'explorer', status.explorer, phase);

    const model = status.model || { mode: 'offline' };
    const modelState = model.mode === 'local' ? (model.state === 'failed' ? 'offline' : 'online') : model.mode === 'online' ? 'online' : 'offline';
    setData(this.model, 'state', modelState);
    setText(this.model.querySelector('.status-text'), modelText(model));
    this.setTip(this.model, modelTip(model));

    this.renderServices(Array.isArray(status.services) ? status.services : []);
    this.mcpItem.hidden = status.mcpCaseData !== true;

    const setup = status.setup;
    if (setup && Number(setup.total) > 0 && phase !== 'ready') {
      const done = Math.max(0, Math.min(Number(setup.done) || 0, Number(setup.total)));
      const counts = { done, total: Number(setup.total) };
      const stage = setup.stage && setup.stage !== 'done' ? setup.stage : null;
      setText(this.setupLabel, stage ? t('status-setup-progress-stage', { ...counts, stage }) : t('status-setup-progress', counts));
      this.setupBar.max = Number(setup.total);
      this.setupBar.value = done;
      this.setup.hidden = false;
    } else if (phase === 'preparing') {
      setText(this.setupLabel, t('status-setup-preparing'));
      this.setupBar.removeAttribute('value');
      this.setup.hidden = false;
    } else {
      this.setup.hidden = true;
    }

    this.renderAlert(status);
    for (const fn of this.listeners) {
      try {
        fn(status);
      } catch (err) {
        console.error(err);
      }
    }
  }

  setTip(item, text) {
    const tip = item.querySelector('.status-tip');
    setText(tip, text);
    tip.hidden = !text;
    if (text) item.setAttribute('aria-describedby', tip.id);
    else item.removeAttribute('aria-describedby');
  }

  /** Outside services their circuit breaker has paused: "CourtListener paused for 30 s after 3 failures". */
  renderServices(services) {
    const paused = services.filter((s) => s && s.state === 'paused');
    this.servicesItem.hidden = paused.length === 0;
    if (!paused.length) return;
    setText(this.services.querySelector('.status-text'), paused.map((s) => t('status-service-paused', { service: s.service, seconds: Number(s.retryAfter) || 1 })).join('; '));
    this.setTip(this.services, t('status-services-tip'));
  }

  renderSidecar(item, name, sc, phase) {
    setData(item, 'state', (sc && sc.state) || 'unknown');
    setText(item.querySelector('.status-text'), sidecarText(name, sc, phase));
    this.setTip(item, sidecarTip(name, sc));
  }

  renderAlert(status) {
    const failed = status.phase === 'failed';
    // The language is part of the key: a new language writes the alert again.
    const key = failed ? `${language()}|${status.message}|${status.server && status.server.log}` : '';
    if (this.alert.dataset.key === key) return;
    this.alert.dataset.key = key;
    clear(this.alert);
    if (!failed) {
      this.alert.hidden = true;
      return;
    }
    this.alert.append(
      h('h2', { class: 'alert-title' }, t('status-alert-title')),
      h('p', {}, status.message || t('status-alert-message')),
      h('p', {}, t('status-alert-advice')),
    );
    for (const sc of [status.server, status.explorer]) {
      if (!sc || (sc.state !== 'failed' && sc.state !== 'stopped')) continue;
      const details = h('details', { class: 'alert-details' }, h('summary', {}, t('status-alert-details', { part: sc.name === 'explorer' ? 'explorer' : 'server' })));
      if (sc.message) details.append(h('p', {}, sc.message));
      const log = String(sc.log || '');
      if (log.includes('\n')) details.append(h('pre', { class: 'log', tabindex: '0' }, log.slice(-4000)));
      else if (log) details.append(h('p', {}, t('status-alert-log'), ' ', h('code', { class: 'log-path' }, log)));
      this.alert.append(details);
    }
    this.alert.hidden = false;
  }
}
