// A conversation panel (chat, or research): sends a question with the history, streams the
// answer as Markdown, shows the trail of tool calls as they run, and ends with the reply, its
// checked citations and its sources — or with a calm error and a way to try again.
//
// One path: the command answers `{requestId, conversationId}` at once; everything else, the answer
// included, arrives as events on the request's channel, `done` or `error` last. The conversation
// is saved by the app: its id is passed with the next question, and a saved one can be shown
// again (`replay`) from its messages and their events.

import { h, clear, announce, spinner, truncate } from './dom.js';
import { api, newRequestId, commandError } from './api.js';
import { renderMarkdown, markdownToPlain } from './markdown.js';
import { ResultGroups, kindBadge, resultCode, resultError, localized, relocalize, toolDoing } from './results.js';
import { renderVerdict } from './verdict.js';
import { holdWrite, GrantsLine } from './write-confirm.js';
import { onLanguageChange, t } from './i18n.js';

// Its words: locales/*/conversation.ftl. What the app says (answers, tool labels, errors' messages,
// the titles of what was found) is shown as it comes.

/** What the answer is doing now: `name` is the request's phase (tools, answer, intent, verify, decide). */
const phaseText = (name) => t('conversation-phase', { phase: name || 'other' });

/** A heading a screen reader reads before a message ("You asked"), said again in a new language. */
const hiddenHeading = (say) => localized(h('h3', { class: 'visually-hidden' }), say);

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
    // Another language chosen in Settings: the words around the answers are said again in it.
    onLanguageChange(() => relocalize(this.transcript));
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
      announce(t('conversation-wait'));
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
      hiddenHeading(() => t('conversation-you-asked')),
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
  runWorkflow({ key, focus = null, label, caseId = null, input = null, badge = null }) {
    if (this.running) {
      announce(t('conversation-wait'));
      return false;
    }
    this.reset();
    if (this.empty) this.empty.hidden = true;
    const userEl = h(
      'article',
      { class: 'message user workflow-run', dataset: { workflow: key } },
      hiddenHeading(() => t('conversation-you-ran-workflow')),
      h('div', { class: 'message-body user-text' }, badge ? h('span', { class: 'workflow-badge' }, badge) : localized(h('span', { class: 'workflow-badge' }), () => t('conversation-workflow-badge')), ' ', label),
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

    // The phase line is said again in a new language from the request's phase (set below).
    let req = null;
    const phase = h('span', { class: 'phase' }, spinner(), localized(h('span', { class: 'phase-text' }), () => phaseText((req && req.phaseName) || 'starting')));
    const trail = localized(h('ol', { class: 'trail', id: this.trailId }), (el) => el.setAttribute('aria-label', t('conversation-trail-label')));
    trail.hidden = true;
    const body = h('div', { class: 'message-body md' });
    const extra = h('div', { class: 'message-extra' });
    const msg = h(
      'article',
      { class: 'message assistant', dataset: { state: 'streaming', requestId, replayed: replay ? 'true' : null }, 'aria-busy': 'true' },
      hiddenHeading(() => t('conversation-answered')),
      h('header', { class: 'message-head' }, h('span', { class: 'who' }, 'ProSeVA'), phase),
      trail,
      body,
      extra,
    );
    userEl.after(msg);

    req = {
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
        userEl = h('article', { class: 'message user' }, hiddenHeading(() => t('conversation-you-asked')), h('div', { class: 'message-body user-text' }, turn.content));
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
          message: typeof ev.message === 'string' ? ev.message : t('conversation-error-unfinished'),
        });
        break;
      default:
        break;
    }
  }

  setPhase(req, name) {
    req.phaseName = name;
    const text = phaseText(name);
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
      const model = health.model;
      let line;
      if (ahead > 0) line = t('conversation-local-waiting', { model, ahead });
      else if (health.loaded === false) line = t('conversation-local-loading', { model });
      else line = t('conversation-local-writing', { model });
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
    const state = h('span', { class: 'visually-hidden trail-state' });
    trailState(state, 'running');
    const outcome = h('span', { class: 'trail-outcome' });
    const item = h(
      'li',
      { class: 'trail-item', dataset: { tool: ev.name, state: 'running', callId: id } },
      icon,
      h('span', { class: 'trail-text' }, localized(h('span', { class: 'trail-label' }), () => toolDoing(ev)), outcome, state),
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
        localized(call.outcome, () => [
          ` — ${t('conversation-outcome-draft', { title: truncate(draft.title || t('conversation-draft-untitled'), 70), version: String(draft.version) })} `,
          h('button', { type: 'button', class: 'button link-like small open-draft', dataset: { draftId: draft.id }, on: { click: () => open(true) } }, t('conversation-open-draft')),
        ]);
        if (!req.replay && this.name === 'chat') open(false);
      } else if (written) {
        // A write to the workspace: what was written, and a way to open it.
        // A link opens the section it points to; a note or a deadline opens in the workspace.
        localized(call.outcome, () => [
          ` — ${truncate(written.title || t('conversation-written-untitled'), 70)} `,
          written.section ? readSectionButton(written.section) : recordButton(written.record),
        ]);
      } else if (ev.name === 'process_opinion' && cards[0]) {
        // An opinion added to the case-law notes: what it was linked to, and the section to read.
        const added = cards[0];
        localized(call.outcome, () => [
          ` — ${truncate(added.title || t('conversation-opinion-untitled'), 60)}: ${added.citation || ''} `,
          added.section ? readSectionButton(added.section) : '',
        ]);
      } else {
        localized(call.outcome, () => ` — ${t('conversation-outcome-found', { count: cards.length })}`);
      }
      trailState(call.state, 'done');
    } else if (resultCode(ev.result) === 'needs_confirmation' && !req.replay) {
      holdWrite(call, ev.result, { conversation: () => this.conversationId, onAllowed: (names) => this.grants.show(names) });
    } else {
      const error = resultError(ev.result);
      call.outcome.textContent = ` — ${truncate(error, 90)}`;
      call.item.title = error;
      trailState(call.state, 'failed');
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
    if (!reply.trim()) req.body.append(localized(h('p', { class: 'muted' }), () => t('conversation-no-answer')));
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
    const flagged = unverified.size ? ` ${t('conversation-answer-flagged', { count: unverified.size })}` : '';
    announce(`${t('conversation-answer-ready', { reply: truncate(markdownToPlain(reply), 240) })}${flagged}`);
  }

  settleTrail(req) {
    for (const call of req.calls.values()) {
      if (call.done) continue;
      call.done = true;
      call.item.dataset.state = 'error';
      clear(call.icon).append('–');
      localized(call.outcome, () => ` — ${t('conversation-trail-state', { state: 'unfinished' })}`);
      trailState(call.state, 'unfinished');
    }
    if (this.sidebar) this.sidebar.groups.settle();
  }

  renderSources(req, check, unverified) {
    if (!check) return;
    const verified = Array.isArray(check.verified) ? check.verified : [];
    if (!verified.length && !unverified.size && !check.note) return;
    const footer = h('footer', { class: 'message-sources' });
    if (verified.length) {
      footer.append(localized(h('h4', { class: 'sources-title' }), () => t('conversation-sources-title')));
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
      const couldNotCheck = Boolean(check.note);
      footer.append(
        localized(h('p', { class: 'unverified-note' }), () => [
          h('span', { class: 'warn-mark', 'aria-hidden': 'true' }, '⚠ '),
          `${t(couldNotCheck ? 'conversation-unverified-not-checked' : 'conversation-unverified-not-found', { list })} `,
          t('conversation-unverified-advice'),
        ]),
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
      localized(h('summary'), () => t('conversation-tools-used', { count: toolResults.length })),
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
    const button = localized(h('button', { type: 'button', class: 'button secondary small sidebar-link' }), () => t('conversation-sidebar-link', { cards, sources }));
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
    const retry = localized(h('button', { type: 'button', class: 'button secondary' }), () => t(stopped ? 'conversation-ask-again' : 'conversation-try-again'));
    retry.addEventListener('click', () => {
      if (this.running) return;
      req.msg.remove();
      this.run(req.text, req.userEl);
    });
    const actions = h('div', { class: 'error-actions' }, retry);
    const hint = errorHint(error);
    if (error.code === 'invalid_input') this.showInputError(message);
    if (hint && hint.settings && this.openSettings) {
      const settings = localized(h('button', { type: 'button', class: 'button link-like' }), () => t('conversation-open-settings'));
      settings.addEventListener('click', () => this.openSettings());
      actions.append(settings);
    }
    const box = h(
      'div',
      { class: ['message-error', stopped && 'stopped'], role: stopped ? null : 'alert', dataset: { code: error.code } },
      localized(h('p', { class: 'error-title' }), () => (stopped ? t('conversation-stopped-title') : t('conversation-error-title', { code: String(error.code || '') }))),
      stopped ? null : h('p', { class: 'error-text' }, message),
      hint ? localized(h('p', { class: 'error-hint' }), () => errorHint(error).text) : null,
      actions,
    );
    req.extra.append(box);
    if (this.sidebar) this.sidebar.finish();
    this.running = null;
    this.updateComposer();
    if (req.replay) return;
    this.scrollToEnd(true);
    if (!stopped) announce(t('conversation-failed-said', { message }));
    else announce(t('conversation-stopped-said'));
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
  const button = h('button', { type: 'button', class: 'button link-like small open-record', dataset: { recordKind: record.kind, recordId: record.id } }, t('conversation-open-record', { kind: String(record.kind || '') }));
  button.addEventListener('click', () => {
    document.dispatchEvent(new CustomEvent('proseva:open-record', { detail: { kind: record.kind, id: record.id } }));
  });
  return button;
}

/** A button that opens a section of the law in the section viewer. */
function readSectionButton(section) {
  return h('button', { type: 'button', class: 'button link-like small source-link', 'data-source-id': section, 'aria-haspopup': 'dialog' }, t('conversation-read-section'));
}

/** A trail step's state for screen readers (" — done"); `state`: running, done, failed, unfinished. */
function trailState(el, state) {
  localized(el, () => ` — ${t('conversation-trail-state', { state })}`);
}

/** What to do about an error, by its code (its text in the chosen language). */
function errorHint(error) {
  switch (error.code) {
    case 'starting':
      return { text: t('conversation-hint-starting') };
    case 'model':
      return { text: t('conversation-hint-model'), settings: true };
    case 'unavailable':
      return { text: t('conversation-hint-unavailable') };
    case 'invalid_input':
      return { text: t('conversation-hint-invalid-input') };
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
