// A conversation panel (chat, or research): sends a question with the history, streams the
// answer as Markdown, shows the trail of tool calls as they run, and ends with the reply, its
// checked citations and its sources — or with a calm error and a way to try again.
//
// One path: the command answers `{requestId, conversationId}` at once; everything else, the answer
// included, arrives as events on the request's channel, `done` or `error` last. The conversation
// is saved by the app: its id is passed with the next question, and a saved one can be shown
// again (`replay`) from its messages and their events.

import { h, clear, announce, spinner, truncate, formatNumber } from './dom.js';
import { api, newRequestId, commandError } from './api.js';
import { renderMarkdown, markdownToPlain } from './markdown.js';
import { ResultGroups, kindBadge, resultCode, resultError } from './results.js';
import { renderVerdict } from './verdict.js';
import { holdWrite, GrantsLine } from './write-confirm.js';

const PHASES = {
  tools: 'Looking things up…',
  answer: 'Writing the answer…',
  intent: 'Finding the law and your records on this claim…',
  verify: 'Checking the claim against what was found…',
  decide: 'Deciding…',
};

export class Conversation {
  /**
   * opts: { name, command, transcript, input, send, stop, trailId, empty, sidebar?,
   *         sourcesInMessage?, onBusy?, openSettings?, getCaseId?, onAnswer?, onConversation? }
   * `onAnswer(info)` is called for every finished answer (shown live or replayed), with
   * `{question, reply, citations, results, extra, msg, conversationId()}`; `onConversation(id)`
   * when the app names the conversation a question went to.
   */
  constructor(opts) {
    const { send, stop, ...rest } = opts;
    Object.assign(this, rest);
    this.sendButton = send;
    this.stopButton = stop;
    this.history = [];
    this.running = null;
    this.trailCounter = 0;
    this.conversationId = null;
    this.epoch = 0;
    this.setupComposer();
  }

  setupComposer() {
    const { input, sendButton: send, stopButton: stop } = this;
    const form = input.form;
    const grow = () => {
      input.style.height = 'auto';
      input.style.height = `${Math.min(input.scrollHeight + 2, 240)}px`;
    };
    input.addEventListener('input', () => {
      grow();
      this.clearInputError();
    });
    input.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' && !e.shiftKey && !e.isComposing && !e.altKey && !e.ctrlKey && !e.metaKey) {
        e.preventDefault();
        this.pressedAt = performance.now();
        this.submit();
      }
    });
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.submit();
    });
    stop.addEventListener('click', () => this.stop());
    // What this conversation lets the assistant write without asking (write-confirm.js).
    const line = h('p', { class: 'grants-line', id: `${this.name}-grants`, role: 'status' });
    form.append(line);
    this.grants = new GrantsLine(line, () => this.conversationId);
    this.growInput = grow;
    this.updateComposer();
  }

  submit() {
    const text = this.input.value.trim();
    if (!text) {
      this.input.focus();
      return;
    }
    if (this.running) {
      announce('Please wait for the current answer, or press Stop.');
      return;
    }
    this.input.value = '';
    this.growInput();
    this.ask(text);
    this.input.focus();
  }

  /** Asks `text` (from the input or an example button). */
  ask(text) {
    if (this.running) return;
    if (this.empty) this.empty.hidden = true;
    const userEl = h(
      'article',
      { class: 'message user' },
      h('h3', { class: 'visually-hidden' }, 'You asked'),
      h('div', { class: 'message-body user-text' }, text),
    );
    this.transcript.append(userEl);
    this.run(text, userEl);
  }

  updateComposer() {
    const busy = Boolean(this.running);
    this.sendButton.disabled = busy;
    this.stopButton.hidden = !busy;
    this.sendButton.hidden = busy;
    if (this.onBusy) this.onBusy(busy, this);
  }

  get busy() {
    return Boolean(this.running);
  }

  /**
   * Runs a workflow of the app's registry on a record (`focus: {kind, id}`), as a turn of a new
   * conversation: `label` stands where a question would, the steps show in the trail and the
   * workflow's summary is the answer. False when a request is already running.
   */
  runWorkflow({ key, focus = null, label, caseId = null, input = null, badge = 'Workflow' }) {
    if (this.running) {
      announce('Please wait for the current answer, or press Stop.');
      return false;
    }
    this.reset();
    if (this.empty) this.empty.hidden = true;
    const userEl = h(
      'article',
      { class: 'message user workflow-run', dataset: { workflow: key } },
      h('h3', { class: 'visually-hidden' }, 'You ran a workflow'),
      h('div', { class: 'message-body user-text' }, h('span', { class: 'workflow-badge' }, badge), ' ', label),
    );
    this.transcript.append(userEl);
    this.run(label, userEl, (req, onEvent) => api.runWorkflow(req.requestId, key, focus, onEvent, { caseId, input }));
    return true;
  }

  /** Sends the request for `text`; `userEl` is its question in the transcript. `send(req, onEvent)`
   * starts something other than a question (a workflow). */
  run(text, userEl, send = null) {
    const req = this.startAnswer(text, userEl);
    if (this.sidebar) this.sidebar.start(text);
    this.scrollToEnd(true);

    const messages = [...this.history, { role: 'user', content: text }];
    const epoch = this.epoch;
    let accepted;
    try {
      const onEvent = (ev) => this.onEvent(req, ev);
      accepted = send
        ? send(req, onEvent)
        : api.ask(this.command, req.requestId, messages, onEvent, {
            conversationId: this.conversationId,
            caseId: this.getCaseId ? this.getCaseId() : null,
          });
    } catch (err) {
      accepted = Promise.reject(err);
    }
    // The acknowledgement says only that the request runs (and in which saved conversation); a
    // refusal is the end of it.
    Promise.resolve(accepted).then(
      (answer) => {
        if (epoch !== this.epoch || !answer || answer.conversationId === undefined || answer.conversationId === null) return;
        const changed = this.conversationId !== answer.conversationId;
        this.conversationId = answer.conversationId;
        this.transcript.dataset.conversationId = String(answer.conversationId);
        if (changed && this.onConversation) this.onConversation(answer.conversationId);
      },
      (err) => {
        const error = commandError(err);
        // A saved conversation deleted meanwhile: the next try starts a new one.
        if (error.field === 'conversationId' && epoch === this.epoch) this.conversationId = null;
        this.fail(req, error);
      },
    );
  }

  /** The answer's place in the transcript, after `userEl`, and its request state. */
  startAnswer(text, userEl, { replay = false } = {}) {
    const requestId = replay ? `${this.name}-saved-${(this.trailCounter += 1)}` : newRequestId(this.name);
    // Only the newest trail carries the panel's trail id.
    const old = document.getElementById(this.trailId);
    if (old) old.removeAttribute('id');

    const phase = h('span', { class: 'phase' }, spinner(), h('span', { class: 'phase-text' }, 'Starting…'));
    const trail = h('ol', { class: 'trail', id: this.trailId, 'aria-label': 'Steps taken for this answer' });
    trail.hidden = true;
    const body = h('div', { class: 'message-body md' });
    const extra = h('div', { class: 'message-extra' });
    const msg = h(
      'article',
      { class: 'message assistant', dataset: { state: 'streaming', requestId, replayed: replay ? 'true' : null }, 'aria-busy': 'true' },
      h('h3', { class: 'visually-hidden' }, 'ProSeVA answered'),
      h('header', { class: 'message-head' }, h('span', { class: 'who' }, 'ProSeVA'), phase),
      trail,
      body,
      extra,
    );
    userEl.after(msg);

    const req = {
      requestId,
      text,
      userEl,
      msg,
      phase,
      trail,
      body,
      extra,
      reply: '',
      finished: false,
      calls: new Map(),
      results: [],
      renderQueued: false,
      lastRender: 0,
      replay,
      // For the desktop benchmark: from the Enter key (or the click) to the first and last event.
      metrics: { panel: this.name, startedAt: this.pressedAt ?? performance.now(), firstEventMs: null, doneMs: null },
    };
    this.pressedAt = undefined;
    this.running = req;
    this.updateComposer();
    return req;
  }

  /**
   * Shows a saved conversation: `turns` are its messages as `rebuildMessages` gives them (user
   * questions as they are; answers with the events to replay: their trail, text and sources).
   * The next question carries on conversation `id`.
   */
  replay(id, turns) {
    this.reset();
    this.conversationId = id;
    this.grants.refresh();
    this.transcript.dataset.conversationId = String(id);
    if (this.empty) this.empty.hidden = true;
    let userEl = null;
    let question = '';
    for (const turn of turns) {
      if (turn.role === 'user') {
        question = turn.content;
        userEl = h('article', { class: 'message user' }, h('h3', { class: 'visually-hidden' }, 'You asked'), h('div', { class: 'message-body user-text' }, turn.content));
        this.transcript.append(userEl);
        continue;
      }
      if (!userEl) {
        userEl = h('div', { class: 'visually-hidden' });
        this.transcript.append(userEl);
      }
      const req = this.startAnswer(question, userEl, { replay: true });
      if (this.sidebar) this.sidebar.start(question);
      for (const ev of turn.events) this.onEvent(req, ev);
      userEl = null;
    }
    this.running = null;
    this.updateComposer();
    const first = this.transcript.querySelector('.message');
    if (first) this.scroller().scrollTop = 0;
  }

  onEvent(req, ev) {
    if (req.finished || !ev || typeof ev !== 'object') return;
    if (!req.replay) recordMetrics(req.metrics, ev.type);
    switch (ev.type) {
      case 'phase':
        this.setPhase(req, ev.name);
        break;
      case 'tool_call':
        this.addCall(req, ev);
        if (this.sidebar) this.sidebar.groups.call(ev);
        break;
      case 'tool_result':
        this.addResult(req, ev);
        if (this.sidebar) this.sidebar.groups.result(ev);
        break;
      case 'delta':
        if (typeof ev.text === 'string') {
          req.reply += ev.text;
          if (!req.phaseName) this.setPhase(req, 'answer');
          this.queueRender(req);
        }
        break;
      case 'done':
        this.finish(req, ev);
        break;
      case 'error':
        this.fail(req, {
          code: typeof ev.code === 'string' && ev.code ? ev.code : 'internal',
          message: typeof ev.message === 'string' ? ev.message : 'The answer could not be finished.',
        });
        break;
      default:
        break;
    }
  }

  setPhase(req, name) {
    req.phaseName = name;
    const text = PHASES[name] || 'Working…';
    req.phase.querySelector('.phase-text').textContent = text;
    req.msg.dataset.phase = name;
    if (!req.replay) announce(text);
    if (name === 'answer' && !req.replay) this.watchLocalModel(req);
  }

  /**
   * While the answer has not begun, says what the model on this computer is doing: loading,
   * or answering questions ahead of this one (it takes one at a time). Nothing for a model
   * service or offline mode (`localModelStatus` is null then).
   */
  async watchLocalModel(req) {
    const text = req.phase.querySelector('.phase-text');
    while (!req.finished && !req.reply) {
      const health = await api.localModelStatus().catch(() => null);
      if (!health || typeof health !== 'object' || req.finished || req.reply) return;
      const ahead = Math.max(0, Number(health.queued) || 0);
      let line = PHASES.answer;
      if (ahead > 0) line = `Waiting for ${health.model} on this computer — ${ahead} question${ahead === 1 ? '' : 's'} ahead of yours…`;
      else if (health.loaded === false) line = `Loading ${health.model} on this computer…`;
      else line = `Writing the answer with ${health.model} on this computer…`;
      text.textContent = line;
      req.msg.dataset.localQueue = String(ahead);
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  }

  addCall(req, ev) {
    if (!req.phaseName) this.setPhase(req, 'tools');
    const id = ev.id !== undefined ? String(ev.id) : `call-${(this.trailCounter += 1)}`;
    if (req.calls.has(id)) return;
    const icon = h('span', { class: 'trail-icon', 'aria-hidden': 'true' }, spinner());
    const state = h('span', { class: 'visually-hidden trail-state' }, ' — in progress');
    const outcome = h('span', { class: 'trail-outcome' });
    const item = h(
      'li',
      { class: 'trail-item', dataset: { tool: ev.name, state: 'running', callId: id } },
      icon,
      h('span', { class: 'trail-text' }, h('span', { class: 'trail-label' }, ev.label || ev.title || ev.name), outcome, state),
    );
    req.calls.set(id, { item, icon, state, outcome, name: ev.name, args: ev.args });
    req.trail.hidden = false;
    req.trail.append(item);
    if (!req.replay) this.scrollToEnd();
  }

  addResult(req, ev) {
    const id = ev.id !== undefined ? String(ev.id) : null;
    if (!id || !req.calls.has(id)) this.addCall(req, { ...ev, args: ev.args || {} });
    const call = req.calls.get(id) || [...req.calls.values()].pop();
    const ok = ev.ok !== false;
    req.results.push(ev);
    if (!call || call.done) return;
    call.done = true;
    call.item.dataset.state = ok ? 'ok' : 'error';
    clear(call.icon).append(ok ? '✓' : '✗');
    if (ok) {
      const cards = Array.isArray(ev.cards) ? ev.cards : [];
      const written = cards.find((c) => c && c.record);
      const draft = (ev.name === 'create_draft' || ev.name === 'create_paper') && ev.result && ev.result.draft;
      if (ev.name === 'think') {
        call.outcome.textContent = '';
      } else if (draft && Number.isInteger(draft.id)) {
        // A draft: it opens beside the conversation (at once, when it was just made).
        const open = (focus) => document.dispatchEvent(new CustomEvent('proseva:open-draft', { detail: { id: draft.id, version: draft.version, focus } }));
        const opener = h('button', { type: 'button', class: 'button link-like small open-draft', dataset: { draftId: draft.id }, on: { click: () => open(true) } }, 'Open the draft');
        clear(call.outcome).append(` — ${truncate(draft.title || 'draft', 70)}, version ${draft.version} `, opener);
        if (!req.replay && this.name === 'chat') open(false);
      } else if (written) {
        // A write to the workspace: what was written, and a way to open it.
        // A link opens the section it points to; a note or a deadline opens in the workspace.
        const opener = written.section
          ? h('button', { type: 'button', class: 'button link-like small source-link', 'data-source-id': written.section, 'aria-haspopup': 'dialog' }, 'Read the section')
          : recordButton(written.record);
        clear(call.outcome).append(` — ${truncate(written.title || 'written', 70)} `, opener);
      } else if (ev.name === 'process_opinion' && cards[0]) {
        // An opinion added to the case-law notes: what it was linked to, and the section to read.
        const added = cards[0];
        const opener = added.section
          ? h('button', { type: 'button', class: 'button link-like small source-link', 'data-source-id': added.section, 'aria-haspopup': 'dialog' }, 'Read the section')
          : '';
        clear(call.outcome).append(` — ${truncate(added.title || 'opinion', 60)}: ${added.citation || ''} `, opener);
      } else {
        const n = cards.length;
        call.outcome.textContent = ` — ${n ? `${formatNumber(n)} found` : 'nothing found'}`;
      }
      call.state.textContent = ' — done';
    } else if (resultCode(ev.result) === 'needs_confirmation' && !req.replay) {
      holdWrite(call, ev.result, { conversation: () => this.conversationId, onAllowed: (names) => this.grants.show(names) });
    } else {
      const error = resultError(ev.result);
      call.outcome.textContent = ` — ${truncate(error, 90)}`;
      call.item.title = error;
      call.state.textContent = ' — failed';
    }
  }

  queueRender(req) {
    if (req.renderQueued) return;
    req.renderQueued = true;
    const wait = Math.max(0, 60 - (performance.now() - req.lastRender));
    setTimeout(() => {
      requestAnimationFrame(() => {
        req.renderQueued = false;
        if (req.finished) return;
        req.lastRender = performance.now();
        const stick = this.nearBottom();
        clear(req.body).append(renderMarkdown(req.reply));
        if (stick) this.scrollToEnd(true);
      });
    }, wait);
  }

  finish(req, done) {
    if (req.finished) return;
    req.finished = true;
    if (!req.replay) recordMetrics(req.metrics, 'done');
    const reply = typeof done.reply === 'string' ? done.reply : req.reply;
    const check = done.citations && typeof done.citations === 'object' ? done.citations : null;
    const unverified = new Set(check && Array.isArray(check.unverified) ? check.unverified.map(String) : []);
    const stick = this.nearBottom();
    if (done.decision && typeof done.decision === 'object') {
      // A claim check: the verdict card stands for the reply (which says the same in words, for notes).
      clear(req.body).append(renderVerdict(done.decision, { caseId: this.getCaseId ? this.getCaseId() : null }));
      req.msg.dataset.verdict = done.decision.verdict;
    } else {
      clear(req.body).append(renderMarkdown(reply, { citations: { spans: check ? check.spans : [], note: check ? check.note || null : null } }));
    }
    if (!reply.trim()) req.body.append(h('p', { class: 'muted' }, 'No answer was written.'));
    this.settleTrail(req);
    req.phase.hidden = true;
    req.msg.dataset.state = 'done';
    req.msg.removeAttribute('aria-busy');
    this.renderSources(req, check, unverified);
    if (this.sourcesInMessage) this.renderToolsUsed(req, req.results);
    if (this.sidebar) {
      this.sidebar.finish();
      this.renderSidebarLink(req);
    }
    this.history.push({ role: 'user', content: req.text }, { role: 'assistant', content: reply });
    if (this.onAnswer) {
      this.onAnswer({ question: req.text, reply, citations: check, results: req.results, extra: req.extra, msg: req.msg, conversationId: () => this.conversationId });
    }
    this.running = null;
    this.updateComposer();
    if (req.replay) return;
    if (stick) this.scrollToEnd(true);
    const flagged = unverified.size ? ` ${unverified.size === 1 ? 'One citation was' : `${unverified.size} citations were`} not found in the law graph.` : '';
    announce(`Answer ready. ${truncate(markdownToPlain(reply), 240)}${flagged}`);
  }

  settleTrail(req) {
    for (const call of req.calls.values()) {
      if (call.done) continue;
      call.done = true;
      call.item.dataset.state = 'error';
      clear(call.icon).append('–');
      call.outcome.textContent = ' — not finished';
      call.state.textContent = ' — not finished';
    }
    if (this.sidebar) this.sidebar.groups.settle();
  }

  renderSources(req, check, unverified) {
    if (!check) return;
    const verified = Array.isArray(check.verified) ? check.verified : [];
    if (!verified.length && !unverified.size && !check.note) return;
    const footer = h('footer', { class: 'message-sources' });
    if (verified.length) {
      footer.append(h('h4', { class: 'sources-title' }, 'Sources'));
      footer.append(
        h(
          'ul',
          { class: 'sources-list' },
          verified.map((v) =>
            h(
              'li',
              {},
              h('button', { type: 'button', class: 'source-link', 'data-source-id': v.sourceId, 'data-label': v.label || null, 'aria-haspopup': 'dialog' }, v.label || v.sourceId),
              v.heading ? h('span', { class: 'source-heading' }, ` ${truncate(v.heading, 90)}`) : null,
              ' ',
              kindBadge(v.textKind),
            ),
          ),
        ),
      );
    }
    if (unverified.size) {
      const labels = new Map((Array.isArray(check.spans) ? check.spans : []).map((s) => [s.sourceId, s.label]));
      const list = [...unverified].map((id) => labels.get(id) || id).join(', ');
      footer.append(
        h(
          'p',
          { class: 'unverified-note' },
          h('span', { class: 'warn-mark', 'aria-hidden': 'true' }, '⚠ '),
          check.note ? `Could not check: ${list}. ` : `Not found in the law graph: ${list}. `,
          'Check these citations in the official Code before you rely on them.',
        ),
      );
    }
    if (check.note) footer.append(h('p', { class: 'check-note' }, check.note.charAt(0).toUpperCase() + check.note.slice(1)));
    req.extra.append(footer);
  }

  /** The tool_result events of the answer, as cards grouped by tool, folded away. */
  renderToolsUsed(req, toolResults) {
    if (!toolResults.length) return;
    const container = h('div', { class: 'tools-used-groups' });
    const details = h(
      'details',
      { class: 'tools-used' },
      h('summary', {}, `Sources used (${toolResults.length} look-up${toolResults.length === 1 ? '' : 's'})`),
      container,
    );
    const groups = new ResultGroups(container, { headingLevel: 4 });
    groups.fill(toolResults);
    req.extra.append(details);
  }

  /** A way to the sidebar's results (most useful when it sits below the answer). */
  renderSidebarLink(req) {
    const cards = this.sidebar.groups.cardCount;
    const sources = this.sidebar.groups.groups.size;
    if (!sources) return;
    const button = h(
      'button',
      { type: 'button', class: 'button secondary small sidebar-link' },
      `See the ${cards} result${cards === 1 ? '' : 's'} from ${sources} source${sources === 1 ? '' : 's'}`,
    );
    button.addEventListener('click', () => this.sidebar.focus());
    req.extra.append(h('p', { class: 'sidebar-link-line' }, button));
  }

  /** The request ended without an answer; `error` is `{code, message, field?}`. */
  fail(req, error, { stopped = false } = {}) {
    if (req.finished) return;
    const message = error.message;
    stopped = stopped || error.code === 'cancelled';
    req.finished = true;
    if (!req.replay) recordMetrics(req.metrics, 'error');
    if (req.reply.trim()) {
      clear(req.body).append(renderMarkdown(req.reply));
    }
    this.settleTrail(req);
    req.phase.hidden = true;
    req.msg.dataset.state = 'error';
    if (stopped) req.msg.dataset.stopped = 'true';
    req.msg.removeAttribute('aria-busy');
    const retry = h('button', { type: 'button', class: 'button secondary' }, stopped ? 'Ask again' : 'Try again');
    retry.addEventListener('click', () => {
      if (this.running) return;
      req.msg.remove();
      this.run(req.text, req.userEl);
    });
    const actions = h('div', { class: 'error-actions' }, retry);
    const hint = errorHint(error);
    if (error.code === 'invalid_input') this.showInputError(message);
    if (hint && hint.settings && this.openSettings) {
      const settings = h('button', { type: 'button', class: 'button link-like' }, 'Open settings');
      settings.addEventListener('click', () => this.openSettings());
      actions.append(settings);
    }
    const titles = {
      starting: 'ProSeVA is still starting.',
      invalid_input: 'This question could not be sent.',
      unavailable: 'A service did not answer.',
      model: 'The model service did not answer.',
    };
    const box = h(
      'div',
      { class: ['message-error', stopped && 'stopped'], role: stopped ? null : 'alert', dataset: { code: error.code } },
      h('p', { class: 'error-title' }, stopped ? 'You stopped this answer.' : titles[error.code] || 'This answer could not be finished.'),
      stopped ? null : h('p', { class: 'error-text' }, message),
      hint ? h('p', { class: 'error-hint' }, hint.text) : null,
      actions,
    );
    req.extra.append(box);
    if (this.sidebar) this.sidebar.finish();
    this.running = null;
    this.updateComposer();
    if (req.replay) return;
    this.scrollToEnd(true);
    if (!stopped) announce(`The answer could not be finished: ${message}`);
    else announce('Stopped.');
  }

  /** Stops the running request (Stop button, Escape). */
  stop() {
    const req = this.running;
    if (!req) return false;
    api.cancel(req.requestId).catch((err) => console.warn('cancel failed', err));
    // The request's own `cancelled` error event follows; the answer is marked stopped at once.
    this.fail(req, { code: 'cancelled', message: 'Stopped' }, { stopped: true });
    this.input.focus();
    return true;
  }

  /** The element that scrolls the transcript (it differs between wide and narrow layouts). */
  scroller() {
    let el = this.transcript;
    while (el && el !== document.body) {
      const style = getComputedStyle(el);
      if (/(auto|scroll)/.test(style.overflowY) && el.scrollHeight > el.clientHeight + 1) return el;
      el = el.parentElement;
    }
    return document.scrollingElement || document.documentElement;
  }

  /** Where the visible part of the transcript ends (above a composer that overlaps it). */
  visibleLimit(el) {
    const box = el === document.scrollingElement ? { top: 0, bottom: window.innerHeight } : el.getBoundingClientRect();
    const composer = this.input.form.getBoundingClientRect();
    return composer.top > box.top && composer.top < box.bottom ? composer.top : box.bottom;
  }

  /** True when the end of the transcript is in view (or nearly): new text then keeps it in view. */
  nearBottom() {
    const last = this.transcript.lastElementChild;
    if (!last) return true;
    const el = this.scroller();
    return last.getBoundingClientRect().bottom - this.visibleLimit(el) < 120;
  }

  scrollToEnd(force = false) {
    if (!force && !this.nearBottom()) return;
    const last = this.transcript.lastElementChild;
    if (!last) return;
    const el = this.scroller();
    const overflow = last.getBoundingClientRect().bottom - this.visibleLimit(el) + 16;
    if (overflow > 0) el.scrollTop += overflow;
  }

  /** A refused question: the reason under the input, which is marked invalid until edited. */
  showInputError(message) {
    const id = `${this.input.id}-error`;
    let note = document.getElementById(id);
    if (!note) {
      note = h('p', { class: 'field-error composer-error', id, role: 'alert' });
      this.input.form.querySelector('.composer-row').after(note);
    }
    note.textContent = message;
    note.hidden = false;
    this.input.setAttribute('aria-invalid', 'true');
    const described = (this.input.getAttribute('aria-describedby') || '').split(' ').filter(Boolean);
    if (!described.includes(id)) this.input.setAttribute('aria-describedby', [...described, id].join(' '));
  }

  clearInputError() {
    const note = document.getElementById(`${this.input.id}-error`);
    if (note) note.hidden = true;
    this.input.removeAttribute('aria-invalid');
  }

  /** Starts over: a new conversation (the history the model sees is cleared too). */
  reset() {
    if (this.running) this.stop();
    this.history = [];
    this.conversationId = null;
    if (this.grants) this.grants.show([]);
    this.epoch += 1;
    delete this.transcript.dataset.conversationId;
    for (const el of [...this.transcript.children]) {
      if (el !== this.empty) el.remove();
    }
    if (this.empty) this.empty.hidden = false;
    if (this.sidebar) this.sidebar.clear();
  }
}

/** A button that opens a record the assistant wrote (a note, a deadline) in the workspace. */
function recordButton(record) {
  const noun = { note: 'the note', deadline: 'the deadline', document: 'the document', case: 'the case' }[record.kind] || 'it';
  const button = h('button', { type: 'button', class: 'button link-like small open-record', dataset: { recordKind: record.kind, recordId: record.id } }, `Open ${noun}`);
  button.addEventListener('click', () => {
    document.dispatchEvent(new CustomEvent('proseva:open-record', { detail: { kind: record.kind, id: record.id } }));
  });
  return button;
}

/** What to do about an error, by its code. */
function errorHint(error) {
  switch (error.code) {
    case 'starting':
      return { text: 'ProSeVA is still getting ready. Wait for the status line at the bottom to say “ready”, then try again.' };
    case 'model':
      return { text: 'This looks like a problem with the model service. Check the model settings, or switch on offline mode.', settings: true };
    case 'unavailable':
      return { text: 'A service did not answer. Check the status line at the bottom, or try again in a moment.' };
    case 'invalid_input':
      return { text: 'Change the question (or start a new conversation) and send it again.' };
    default:
      return null;
  }
}

/** Keeps the last 50 requests' timings on `window.__prosevaMetrics` (read by `cargo bench`). */
function recordMetrics(metrics, type) {
  const elapsed = performance.now() - metrics.startedAt;
  if (metrics.firstEventMs === null) {
    metrics.firstEventMs = elapsed;
    const all = (window.__prosevaMetrics = window.__prosevaMetrics || []);
    all.push(metrics);
    if (all.length > 50) all.shift();
  }
  if ((type === 'done' || type === 'error') && metrics.doneMs === null) metrics.doneMs = elapsed;
}
