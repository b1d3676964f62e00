// The status line: the case-data server, the law graph (explorer), the model mode, first-run
// progress while the law graph is built, and a prominent message if the app failed to start.
// Fed by `subscribe_status` (pushed changes) with `app_status` polled every 5 s as a fallback.

import { h, clear, formatNumber, errorText } from './dom.js';
import { api, hostOf } from './api.js';

const POLL_MS = 5000;

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

function setData(el, key, value) {
  if (el.dataset[key] !== value) el.dataset[key] = value;
}

function sidecarText(name, sc, phase) {
  const label = name === 'server' ? 'Case data' : 'Law graph';
  if (!sc) return `${label}: unknown`;
  switch (sc.state) {
    case 'healthy':
      return `${label}: ready`;
    case 'starting':
      return name === 'explorer' && phase === 'preparing' ? `${label}: preparing…` : `${label}: starting…`;
    case 'restarting':
      return `${label}: restarting${sc.restarts ? ` (${sc.restarts})` : ''}…`;
    case 'failed':
    case 'stopped':
      return `${label}: unavailable`;
    default:
      return `${label}: ${sc.state || 'unknown'}`;
  }
}

function sidecarTip(name, sc) {
  if (!sc) return '';
  const parts = [];
  if (sc.message) parts.push(sc.message);
  else if (sc.state === 'healthy') parts.push(name === 'server' ? 'Your cases, deadlines and documents are available.' : 'The Code and Constitution of Virginia are available for search.');
  else if (sc.state === 'failed' || sc.state === 'stopped') {
    parts.push(name === 'server' ? 'Your case data cannot be read right now.' : 'Answers cannot search Virginia law right now; other sources still work.');
  }
  if (sc.restarts) parts.push(`Restarted ${sc.restarts} time${sc.restarts === 1 ? '' : 's'}.`);
  return parts.join(' ');
}

function modelText(model) {
  if (!model || model.mode === 'offline') return 'Offline mode — answers quote sources';
  if (model.mode === 'local') {
    if (model.state === 'failed') return `${model.model} could not start — answers are offline`;
    if (model.state === 'waiting') return `Answers: ${model.model} on this computer (loads with the next question)`;
    return `Answers: ${model.model} on this computer`;
  }
  const host = hostOf(model.baseUrl || '') || 'api.openai.com';
  const names = [model.small, model.large].filter(Boolean);
  const unique = names.length === 2 && names[0] === names[1] ? [names[0]] : names;
  return `Model: ${unique.join('/') || 'default'} at ${host}`;
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
    setText(this.server.querySelector('.status-text'), 'Case data: unknown');
    setText(this.explorer.querySelector('.status-text'), 'Law graph: unknown');
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
    const tip =
      model.mode === 'local'
        ? model.state === 'failed'
          ? `The model on this computer could not start: ${model.message || 'see its log'}. Answers quote their sources until it does (Settings → Answers written on this computer).`
          : `Answers are written by ${model.model}, running on this computer: nothing you ask leaves it. Small models make mistakes; read the quoted sections.`
        : model.mode === 'online'
        ? `Answers are written by ${model.large || 'the large model'} after ${model.small || 'the small model'} gathers sources, at ${model.baseUrl || 'the default OpenAI address'}.`
        : 'No model service is set (or offline mode is on): answers are built from the sources found, quoted with their citations.';
    this.setTip(this.model, tip);

    this.renderServices(Array.isArray(status.services) ? status.services : []);
    this.mcpItem.hidden = status.mcpCaseData !== true;

    const setup = status.setup;
    if (setup && Number(setup.total) > 0 && phase !== 'ready') {
      const done = Math.max(0, Math.min(Number(setup.done) || 0, Number(setup.total)));
      const stage = setup.stage && setup.stage !== 'done' ? ` (${setup.stage})` : '';
      setText(this.setupLabel, `Preparing the law graph… ${formatNumber(done)}/${formatNumber(setup.total)}${stage}`);
      this.setupBar.max = Number(setup.total);
      this.setupBar.value = done;
      this.setup.hidden = false;
    } else if (phase === 'preparing') {
      setText(this.setupLabel, 'Preparing the law graph…');
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
    setText(this.services.querySelector('.status-text'), paused.map((s) => `${s.service} paused for ${s.retryAfter || 1} s after 3 failures`).join('; '));
    this.setTip(
      this.services,
      'It failed three times in a row, so ProSeVA leaves it alone for a while instead of asking again and again; it is tried again when the time is up. Other sources still work.',
    );
  }

  renderSidecar(item, name, sc, phase) {
    setData(item, 'state', (sc && sc.state) || 'unknown');
    setText(item.querySelector('.status-text'), sidecarText(name, sc, phase));
    this.setTip(item, sidecarTip(name, sc));
  }

  renderAlert(status) {
    const failed = status.phase === 'failed';
    const key = failed ? `${status.message}|${status.server && status.server.log}` : '';
    if (this.alert.dataset.key === key) return;
    this.alert.dataset.key = key;
    clear(this.alert);
    if (!failed) {
      this.alert.hidden = true;
      return;
    }
    this.alert.append(
      h('h2', { class: 'alert-title' }, 'ProSeVA could not start'),
      h('p', {}, status.message || 'A part of the app did not start. Your data is safe on this computer.'),
      h('p', {}, 'Close ProSeVA and open it again. If this keeps happening, the details below help whoever looks into it.'),
    );
    for (const sc of [status.server, status.explorer]) {
      if (!sc || (sc.state !== 'failed' && sc.state !== 'stopped')) continue;
      const name = sc.name === 'explorer' ? 'Law graph (explorer)' : 'Case data (server)';
      const details = h('details', { class: 'alert-details' }, h('summary', {}, `Technical details: ${name}`));
      if (sc.message) details.append(h('p', {}, sc.message));
      const log = String(sc.log || '');
      if (log.includes('\n')) details.append(h('pre', { class: 'log', tabindex: '0' }, log.slice(-4000)));
      else if (log) details.append(h('p', {}, 'Its log file: ', h('code', { class: 'log-path' }, log)));
      this.alert.append(details);
    }
    this.alert.hidden = false;
  }
}
