// The Documents page: add files with the file picker or by dropping them anywhere on the window,
// one upload at a time from a queue (a thousand files keep the page responsive, and every
// failure is listed with its file's name); each document's stage as it is read (stored → text or
// OCR page by page → searchable by words → by meaning), polled while any is still on its way;
// View, Open original, Rename, Assign to case, Re-read, Delete.
// Its words: locales/*/documents.ftl. A document's name and the app's reasons are shown as they come.

import { h, clear, announce } from './dom.js';
import { api, commandError } from './api.js';
import { PagedList, recordRow, badge, confirmDelete } from './records.js';
import { sizeProblem, formatBytes, ACCEPTED_EXTENSIONS, dateTime } from './format.js';
import { workflowsMenu } from './workflows.js';
import { onLanguageChange, t } from './i18n.js';

const POLL_MS = 1500;
const QUEUE_REFRESH_MS = 10000;

/** The steps a document goes through, in the chosen language. */
const steps = () => [t('documents-step-stored'), t('documents-step-text'), t('documents-step-words'), t('documents-step-meaning')];

/**
 * Where a document is on its way: `{text, busy, problem}`.
 * `busy` while it still changes (the page polls), `problem` for `failed` / `ocr_unavailable`.
 */
export function stageInfo(doc) {
  const stage = doc && doc.stage;
  switch (stage) {
    case 'stored':
      return { text: t('documents-stage-stored'), busy: true, problem: null };
    case 'reading':
      return { text: t('documents-stage-reading'), busy: true, problem: null };
    case 'ocr': {
      const page = Number(doc.ocrPage) || 0;
      const of = Number(doc.pageCount) || 0;
      return { text: of ? t('documents-stage-ocr-page', { page: page || 1, pages: of }) : t('documents-stage-ocr'), busy: true, problem: null };
    }
    case 'words':
      return { text: t('documents-stage-words'), busy: true, problem: null };
    case 'meaning':
      return { text: t('documents-stage-meaning'), busy: false, problem: null };
    case 'ocr_unavailable':
      return { text: t('documents-stage-ocr-unavailable'), busy: false, problem: doc.problem || t('documents-problem-no-ocr') };
    case 'failed':
      return { text: t('documents-stage-failed'), busy: false, problem: doc.problem || t('documents-problem-unreadable') };
    default:
      return { text: stage ? String(stage) : t('documents-stage-unknown'), busy: false, problem: doc && doc.problem ? doc.problem : null };
  }
}

/** The extension check of the file picker's `accept`, for dropped files: null when fine. */
export function kindProblem(name) {
  const lower = String(name).toLowerCase();
  if (ACCEPTED_EXTENSIONS.some((ext) => lower.endsWith(ext))) return null;
  return t('documents-kind-problem', { name, kinds: ACCEPTED_EXTENSIONS.join(', ') });
}

function stageNode(doc) {
  const info = stageInfo(doc);
  // How many of the steps are done: the next one is in progress.
  const reached = { stored: 1, reading: 1, ocr: 1, words: 3, meaning: 4 }[doc.stage] ?? 1;
  const node = h('div', { class: 'doc-stage', dataset: { stage: doc.stage || 'unknown' } });
  if (info.problem) {
    node.append(
      h('p', { class: 'stage-text stage-problem' }, h('span', { 'aria-hidden': 'true' }, '⚠ '), info.text),
      h('p', { class: 'doc-problem' }, info.problem),
    );
    return node;
  }
  node.append(
    h(
      'ol',
      { class: 'stage-steps', 'aria-label': t('documents-progress-label') },
      steps().map((label, i) => {
        const state = i < reached ? 'done' : i === reached ? 'current' : 'todo';
        // "(done)" / "(in progress)" for assistive technology come from the stylesheet
        // (workspace-docs.css: alternative text of ::after); `data-state-text` carries them in
        // the chosen language, for the stylesheet to read (`attr(data-state-text)`).
        const stateText = state === 'done' ? t('documents-step-done') : state === 'current' ? t('documents-step-current') : null;
        return h('li', { dataset: { state, stateText } }, label);
      }),
    ),
    h('p', { class: ['stage-text', info.busy && 'busy'] }, info.text),
  );
  return node;
}

export class DocumentsPage {
  constructor(ws, root, { viewer }) {
    this.ws = ws;
    this.root = root;
    this.viewer = viewer;
    this.queue = [];
    this.counts = { total: 0, uploaded: 0, failed: 0 };
    this.pumping = false;
    this.pollTimer = null;
    this.visible = false;
    this.input = h('input', { type: 'file', id: 'document-file-input', multiple: true, accept: ACCEPTED_EXTENSIONS.join(','), class: 'visually-hidden', tabindex: '-1', 'aria-hidden': 'true' });
    const pick = h('button', { type: 'button', class: 'button primary', id: 'document-add' });
    this.pick = pick;
    this.progress = h('div', { class: 'upload-box', id: 'upload-progress', hidden: true });
    this.statusText = h('p', { class: 'upload-status', id: 'upload-status' });
    this.bar = h('progress', { id: 'upload-bar', max: '1', value: '0', 'aria-labelledby': 'upload-status' });
    this.current = h('p', { class: 'upload-current muted' });
    this.failures = h('ul', { class: 'upload-failures', id: 'upload-failures' });
    this.clearButton = h('button', { type: 'button', class: 'button ghost small', id: 'upload-clear', hidden: true });
    this.progress.append(h('div', { class: 'upload-head' }, this.statusText, this.clearButton), this.bar, this.current, this.failures);
    this.error = h('p', { class: 'form-error page-error', role: 'alert', tabindex: '-1', hidden: true });
    this.heading = h('h3', { class: 'page-title', tabindex: '-1' });
    this.lead = h('p', { class: 'page-lead' });
    this.acceptHint = h('p', { class: 'hint accept-hint' });
    const listBox = h('div', { class: 'list-box', id: 'records-documents' });
    clear(root).append(
      h('header', { class: 'page-head' }, h('div', { class: 'page-titles' }, this.heading, this.lead), h('div', { class: 'page-actions' }, pick, this.input)),
      this.acceptHint,
      this.error,
      this.progress,
      listBox,
    );
    this.list = new PagedList(listBox, {
      page: 'documents',
      label: () => t('documents-title'),
      empty: () => t('documents-empty'),
      fetch: ({ limit, offset }) => api.listRecords('documents', { caseId: this.ws.caseId, limit, offset }),
      row: (d) => this.row(d),
      onAction: (action, d, button) => this.act(action, d, button),
      onRendered: () => this.schedulePoll(),
    });
    this.labelled();
    // Another language chosen in Settings: the page's words again (the list builds its rows again).
    onLanguageChange(() => {
      this.labelled();
      if (!this.progress.hidden) this.updateProgress(true);
    });
    pick.addEventListener('click', () => this.input.click());
    this.input.addEventListener('change', () => {
      const files = [...this.input.files];
      this.input.value = '';
      this.enqueue(files);
    });
    this.clearButton.addEventListener('click', () => {
      this.counts = { total: 0, uploaded: 0, failed: 0 };
      clear(this.failures);
      this.progress.hidden = true;
      pick.focus();
    });
  }

  /** The page's own words: heading, lead, the Add button, what files it takes. */
  labelled() {
    this.heading.textContent = t('documents-title');
    this.lead.textContent = t('documents-lead');
    this.pick.textContent = t('documents-add');
    this.acceptHint.textContent = t('documents-accept-hint', { size: formatBytes(25 * 1024 * 1024) });
    this.failures.setAttribute('aria-label', t('documents-failures-label'));
    this.clearButton.textContent = t('documents-dismiss');
  }

  row(d) {
    const name = d.title || d.fileName || t('documents-untitled', { id: String(d.id) });
    const info = stageInfo(d);
    const li = recordRow({
      id: d.id,
      title: name,
      badges: [badge((d.format || '').toUpperCase() || t('documents-format-unknown'))],
      meta: [
        d.fileName && d.fileName !== name ? d.fileName : null,
        formatBytes(d.sizeBytes),
        d.pageCount ? t('documents-pages', { count: Number(d.pageCount) }) : null,
        d.textChars ? t('documents-characters', { count: Number(d.textChars) }) : null,
        d.createdAt ? t('documents-added-on', { when: dateTime(d.createdAt) }) : null,
      ],
      extra: stageNode(d),
      tone: info.problem ? 'problem' : '',
      stacked: true,
      dataset: { stage: d.stage || 'unknown' },
      actions: [
        { action: 'view', text: t('documents-view'), label: t('documents-view-label', { name }), kind: 'secondary', dialog: true },
        { action: 'open', text: t('documents-open'), label: t('documents-open-label', { name }) },
        { action: 'rename', text: t('documents-rename'), label: t('documents-rename-label', { name }), kind: 'ghost', dialog: true },
        { action: 'assign', text: t('documents-assign'), label: t('documents-assign-label', { name }), kind: 'ghost', dialog: true },
        { action: 'reread', text: t('documents-reread'), label: t('documents-reread-label', { name }), kind: 'ghost' },
        { action: 'delete', text: t('documents-delete'), label: t('documents-delete-label', { name }), kind: 'ghost danger-text', dialog: true },
      ],
    });
    // Workflows need the document's text.
    if (d.textChars > 0) {
      const actions = li.querySelector('.rec-actions');
      if (actions) actions.prepend(workflowsMenu('document', d.id, { title: name, caseId: d.caseId ?? null }));
    }
    return li;
  }

  show() {
    this.visible = true;
    this.error.hidden = true;
    this.list.load(0);
  }

  hide() {
    this.visible = false;
    clearTimeout(this.pollTimer);
    this.pollTimer = null;
  }

  /** Polls while any shown document is still on its way, and stops when none is. */
  schedulePoll() {
    clearTimeout(this.pollTimer);
    this.pollTimer = null;
    // While files are being added the queue refreshes the list itself (now and then).
    if (!this.visible || this.pumping) return;
    if (!this.list.items.some((d) => stageInfo(d).busy)) return;
    this.pollTimer = setTimeout(() => this.poll(), POLL_MS);
  }

  async poll() {
    this.pollTimer = null;
    if (!this.visible) return;
    let answer;
    try {
      answer = await api.listRecords('documents', { caseId: this.ws.caseId, limit: this.list.pageSize, offset: this.list.offset });
    } catch {
      this.schedulePoll();
      return;
    }
    if (!this.visible) return;
    const items = (answer && answer.items) || [];
    const same = items.length === this.list.items.length && items.every((d, i) => d.id === this.list.items[i].id) && Number(answer.total) === this.list.total;
    if (same) {
      // Only what changed: a row's stage and title, in place (focus and scroll stay).
      items.forEach((d, i) => {
        const old = this.list.items[i];
        if (old.stage === d.stage && old.ocrPage === d.ocrPage && old.title === d.title && old.problem === d.problem && old.pageCount === d.pageCount) return;
        this.list.replace(d);
        if (d.stage === 'meaning' && old.stage !== 'meaning') announce(t('documents-now-searchable', { name: d.title || d.fileName }));
        if (stageInfo(d).problem && !stageInfo(old).problem) announce(t('documents-now-problem', { name: d.title || d.fileName, stage: stageInfo(d).text }));
      });
      this.list.items = items;
      this.schedulePoll();
    } else {
      this.list.render(answer, this.list.offset);
      this.schedulePoll();
    }
  }

  async act(action, d, button) {
    const name = d.title || d.fileName;
    switch (action) {
      case 'view':
        this.viewer.open(d, button);
        break;
      case 'open':
        try {
          await api.openDocument(d.id);
          announce(t('documents-opening', { name }));
        } catch (err) {
          this.showError(t('documents-not-opened', { name, reason: commandError(err).message }));
        }
        break;
      case 'rename':
        this.edit(d, button, { title: t('documents-rename-title', { name }), fields: [{ name: 'title', label: t('documents-field-title'), required: true, wide: true }], values: { title: name }, saveLabel: t('documents-rename') });
        break;
      case 'assign': {
        const options = [['', t('documents-no-case')], ...this.ws.cases.map((c) => [String(c.id), c.status === 'closed' ? t('documents-case-closed', { name: c.name }) : c.name])];
        this.edit(d, button, {
          title: t('documents-assign-title', { name }),
          fields: [{ name: 'caseId', label: t('documents-field-case'), type: 'select', options }],
          values: { caseId: d.caseId === null || d.caseId === undefined ? '' : String(d.caseId) },
          saveLabel: t('documents-assign-save'),
          convert: (v) => ({ caseId: v.caseId === null ? null : Number(v.caseId) }),
        });
        break;
      }
      case 'reread':
        button.disabled = true;
        try {
          const doc = await api.rereadDocument(d.id);
          this.list.replace(doc || { ...d, stage: 'stored' });
          announce(t('documents-reading-again', { name }));
          this.schedulePoll();
        } catch (err) {
          button.disabled = false;
          this.showError(t('documents-not-reread', { name, reason: commandError(err).message }));
        }
        break;
      case 'delete': {
        const gone = await confirmDelete('documents', d, { noun: 'document', name, trigger: button, onError: (e) => this.showError(e.message) });
        if (gone) {
          this.list.load();
          this.ws.changed('documents');
        }
        break;
      }
      default:
        break;
    }
  }

  async edit(d, trigger, { title, fields, values, saveLabel, convert = (v) => v }) {
    const saved = await this.ws.recordDialog.open({ title, kind: 'documents', fields, values, saveLabel, submit: (v) => api.updateRecord('documents', d.id, convert(v)) }, trigger);
    if (saved) {
      this.list.load();
      this.ws.changed('documents');
    }
  }

  showError(text) {
    this.error.textContent = text;
    this.error.hidden = false;
    this.error.focus();
  }

  // ---------------------------------------------------------------------------------------
  // The upload queue

  /** Adds files (from the picker or a drop) to the queue; too-large ones fail at once, unread. */
  enqueue(files) {
    const list = [...files];
    if (!list.length) return;
    if (!this.pumping && this.counts.total === this.counts.uploaded + this.counts.failed) {
      this.counts = { total: 0, uploaded: 0, failed: 0 };
      clear(this.failures);
    }
    const caseId = this.ws.caseId;
    for (const file of list) {
      this.counts.total += 1;
      const problem = sizeProblem(file.name, file.size) || kindProblem(file.name);
      if (problem) this.fail(file.name, problem);
      else this.queue.push({ file, caseId });
    }
    this.progress.hidden = false;
    this.clearButton.hidden = true;
    announce(t('documents-to-add', { count: list.length }));
    this.updateProgress(true);
    this.pump();
  }

  fail(name, message) {
    this.counts.failed += 1;
    // The app's messages usually begin with the file's name; it is said once. (A label and its
    // reason: the file's name, then the app's words.)
    const text = String(message);
    const rest = text.startsWith(name) ? text.slice(name.length) : `: ${text}`;
    this.failures.append(h('li', { class: 'upload-failure', dataset: { file: name } }, h('strong', {}, name), rest));
  }

  async pump() {
    if (this.pumping) return;
    this.pumping = true;
    clearTimeout(this.pollTimer);
    this.pollTimer = null;
    let lastRefresh = performance.now();
    while (this.queue.length) {
      const { file, caseId } = this.queue.shift();
      this.current.textContent = t('documents-adding', { name: file.name });
      this.updateProgress();
      try {
        const bytes = new Uint8Array(await file.arrayBuffer());
        await api.uploadDocument(bytes, file.name, caseId);
        this.counts.uploaded += 1;
      } catch (err) {
        const error = commandError(err);
        this.fail(file.name, error.message);
      }
      this.updateProgress();
      // New rows now and then (not after each of a thousand files).
      if (this.visible && performance.now() - lastRefresh > QUEUE_REFRESH_MS) {
        lastRefresh = performance.now();
        this.list.load(this.list.offset, { quiet: true });
      }
      // Let the page breathe between files.
      await new Promise((resolve) => setTimeout(resolve, 0));
    }
    this.pumping = false;
    this.current.textContent = '';
    this.updateProgress(true);
    this.clearButton.hidden = false;
    const { uploaded, failed } = this.counts;
    announce(failed ? t('documents-added-some', { count: uploaded, failed }) : t('documents-added', { count: uploaded }));
    if (this.visible) this.list.load(this.list.offset, { quiet: true });
    this.ws.changed('documents');
  }

  updateProgress(now = false) {
    if (this.progressQueued && !now) return;
    this.progressQueued = true;
    const paint = () => {
      this.progressQueued = false;
      const { total, uploaded, failed } = this.counts;
      const finished = uploaded + failed;
      const state = this.pumping || finished < total ? 'running' : 'done';
      this.statusText.textContent = failed ? t('documents-progress-failed', { uploaded, total, failed, state }) : t('documents-progress', { uploaded, total, state });
      this.bar.max = Math.max(1, total);
      this.bar.value = finished;
      this.progress.dataset.state = this.pumping || finished < total ? 'running' : failed ? 'problems' : 'done';
    };
    if (now) paint();
    else requestAnimationFrame(paint);
  }
}

/**
 * Files dragged over the window: an overlay says where they will go; dropped, they are added to
 * the current case's documents (the Documents page is shown). The overlay follows `dragover`
 * (fired every few hundred milliseconds while files are over the window), so it goes away when
 * they leave by any way, in any engine.
 */
export function wireDrop(ws, documents, overlay) {
  let timer = null;
  const hasFiles = (e) => e.dataTransfer && [...(e.dataTransfer.types || [])].includes('Files');
  const hide = () => {
    clearTimeout(timer);
    overlay.hidden = true;
  };
  const show = () => {
    if (overlay.hidden) {
      const target = overlay.querySelector('#drop-target');
      if (target) target.textContent = ws.currentCase ? t('documents-drop-to-case', { name: ws.currentCase.name }) : t('documents-drop-to-documents');
      overlay.hidden = false;
    }
    clearTimeout(timer);
    timer = setTimeout(hide, 800);
  };
  const over = (e) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    if (e.type === 'dragover') e.dataTransfer.dropEffect = 'copy';
    show();
  };
  window.addEventListener('dragenter', over);
  window.addEventListener('dragover', over);
  window.addEventListener('dragend', hide);
  window.addEventListener('drop', (e) => {
    hide();
    if (!e.dataTransfer || !e.dataTransfer.files || !e.dataTransfer.files.length) return;
    e.preventDefault();
    const files = [...e.dataTransfer.files];
    ws.go('documents');
    documents.enqueue(files);
  });
}
