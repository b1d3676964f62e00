// Drafts as artifacts: the panel beside Ask that shows a draft — a letter or checklist
// (Markdown, through the safe renderer), a diagram (Mermaid, vendored in ui/vendor/mermaid, run
// in a frame of its own once one is shown) or a table (CSV) — with its versions, the not-legal-advice
// notice, its sources, the person's own edits as new versions, and exports to Word, PDF and
// Markdown. And the Draft dialog: a case timeline or a hearing checklist built from the case's
// records with no model, or a letter, outline or table the assistant writes (which needs a model,
// and says so when there is none).
//
// A diagram that does not render shows the library's error and the source, never a blank.
//
// Its words: locales/*/drafts.ftl (the panel's and the dialog's static words are app.ftl's). A
// draft's title, text, notice, warnings and sources are the app's, shown as they come.

import { api } from './api.js';
import { announce, clear, errorText, h, showFieldError, truncate } from './dom.js';
import { renderMarkdown } from './markdown.js';
import { cleanSvg } from './svg-clean.js';
import { paperOf, paperSheet } from './paper-preview.js';
import { formatDate, onLanguageChange, t } from './i18n.js';

/** A draft's kind in words ("Diagram"); a kind the app does not know is shown as it is. */
function kindText(kind) {
  return ['markdown', 'mermaid', 'table', 'paper'].includes(kind) ? t('drafts-kind', { kind }) : String(kind ?? '');
}

// The formats a draft is saved as, by their own names (the same in every language).
const FORMATS = [
  ['docx', 'Word (.docx)'],
  ['pdf', 'PDF'],
  ['md', 'Markdown'],
];

// ------------------------------------------------------------------------------------ Mermaid

let frameReady = null;
const waiting = new Map();

/** The diagram renderer: Mermaid in a frame of its own (ui/diagram-frame.html), started once. */
function diagramFrame() {
  if (frameReady) return frameReady;
  frameReady = new Promise((resolve, reject) => {
    const frame = document.createElement('iframe');
    frame.className = 'diagram-frame';
    frame.title = t('drafts-diagram-frame');
    frame.tabIndex = -1;
    frame.setAttribute('aria-hidden', 'true');
    const failed = (message) => {
      frameReady = null;
      frame.remove();
      reject(new Error(message));
    };
    const timer = setTimeout(() => failed(t('drafts-diagram-not-started')), 20000);
    window.addEventListener('message', (e) => {
      if (e.source !== frame.contentWindow || !e.data || typeof e.data !== 'object') return;
      if ('ready' in e.data) {
        clearTimeout(timer);
        if (e.data.ready) resolve(frame);
        else failed(String(e.data.error || t('drafts-diagram-not-started')));
        return;
      }
      const pending = waiting.get(e.data.id);
      if (!pending) return;
      waiting.delete(e.data.id);
      if (typeof e.data.svg === 'string') pending.resolve(e.data.svg);
      else pending.reject(new Error(String(e.data.error || t('drafts-diagram-not-drawn'))));
    });
    frame.src = 'diagram-frame.html';
    document.body.append(frame);
  });
  return frameReady;
}

/** Mermaid's SVG for `source`, drawn in the renderer's frame. */
async function drawInFrame(id, source) {
  const frame = await diagramFrame();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error(t('drafts-diagram-too-long')));
    }, 20000);
    waiting.set(id, {
      resolve: (svg) => {
        clearTimeout(timer);
        resolve(svg);
      },
      reject: (err) => {
        clearTimeout(timer);
        reject(err);
      },
    });
    frame.contentWindow.postMessage({ id, source, config: mermaidConfig() }, '*');
  });
}

function mermaidConfig() {
  const dark = document.documentElement.classList.contains('theme-dark');
  return {
    theme: dark ? 'dark' : 'default',
    fontFamily: getComputedStyle(document.body).fontFamily,
    // SVG text rather than HTML in <foreignObject>: nothing but SVG reaches the page.
    htmlLabels: false,
    flowchart: { htmlLabels: false },
  };
}

let diagramCount = 0;

/**
 * Renders Mermaid `source` into `into`: the diagram, or the error and the source. Resolves to
 * true when the diagram is shown. The diagram's stylesheet, scoped to it, is kept in `sheets` (a
 * constructed stylesheet: the CSSOM, which the CSP allows where an inline <style> is refused).
 */
export async function renderDiagram(source, into, sheets = []) {
  clear(into);
  into.append(h('p', { class: 'artifact-loading muted' }, t('drafts-diagram-drawing')));
  const id = `draft-diagram-${(diagramCount += 1)}`;
  let svgText;
  try {
    svgText = await drawInFrame(id, source);
  } catch (err) {
    clear(into).append(diagramError(errorText(err), source));
    return false;
  }
  const svg = safeSvg(svgText, id, sheets);
  if (!svg) {
    clear(into).append(diagramError(t('drafts-diagram-not-picture'), source));
    return false;
  }
  clear(into).append(h('figure', { class: 'artifact-diagram' }, svg));
  return true;
}

function diagramError(message, source) {
  return h(
    'div',
    { class: 'artifact-error', role: 'alert' },
    h('p', { class: 'artifact-error-title' }, t('drafts-diagram-error-title')),
    h('p', {}, truncate(message.replace(/\s+/g, ' '), 400)),
    h('p', { class: 'muted' }, t('drafts-diagram-source')),
    h('pre', { class: 'artifact-source' }, source),
  );
}

/**
 * Mermaid's SVG, made safe for the page and for its CSP by the allow-list sanitiser
 * (ui/svg-clean.js: DOMPurify's SVG profile, no foreignObject, no SMIL, links only inside the
 * picture, its stylesheet scoped to it), sized for the panel; its stylesheet is adopted and kept
 * in `sheets`. Null when nothing safe is left to show.
 */
function safeSvg(markup, id, sheets) {
  const clean = cleanSvg(markup, id);
  if (!clean) return null;
  const { svg, sheet } = clean;
  // As wide as the panel, never wider than drawn, and never shrunk below 60% (the figure
  // scrolls sideways instead: a long timeline in small type helps no one).
  const box = svg.viewBox && svg.viewBox.baseVal;
  svg.style.width = '100%';
  svg.style.height = 'auto';
  if (box && box.width > 0) {
    svg.style.maxWidth = `${Math.ceil(box.width)}px`;
    svg.style.minWidth = `${Math.ceil(box.width * 0.6)}px`;
  } else {
    svg.style.maxWidth = '100%';
  }
  svg.setAttribute('role', 'img');
  if (sheet && 'adoptedStyleSheets' in document) {
    document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet];
    sheets.push(sheet);
  }
  return svg;
}

function dropSheets(sheets) {
  if (!sheets.length) return;
  document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => !sheets.includes(s));
  sheets.length = 0;
}

// ------------------------------------------------------------------------------------ tables

/** CSV (RFC 4180: quoted fields, doubled quotes, line breaks inside quotes) as rows of cells. */
export function parseCsv(text) {
  const rows = [];
  let row = [];
  let cell = '';
  let quoted = false;
  const src = String(text ?? '').replace(/\r\n?/g, '\n');
  for (let i = 0; i < src.length; i += 1) {
    const c = src[i];
    if (quoted) {
      if (c === '"' && src[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
    } else cell += c;
  }
  if (cell !== '' || row.length) {
    row.push(cell);
    rows.push(row);
  }
  return rows.filter((r) => r.length > 1 || r[0] !== '');
}

function renderTable(content) {
  const [head, ...body] = parseCsv(content);
  if (!head) return h('p', { class: 'muted' }, t('drafts-table-empty'));
  return h(
    'div',
    { class: 'artifact-table-wrap', tabindex: '0', role: 'region', 'aria-label': t('drafts-table-label') },
    h(
      'table',
      { class: 'artifact-table' },
      h('thead', {}, h('tr', {}, head.map((c) => h('th', { scope: 'col' }, c)))),
      h('tbody', {}, body.map((r) => h('tr', {}, r.map((c) => h('td', {}, c))))),
    ),
  );
}

// ------------------------------------------------------------------------------------ the panel

export class ArtifactPanel {
  /** `panel`: the <aside>; `getCaseId()`: the case the drafts list shows. */
  constructor(panel, { getCaseId }) {
    this.panel = panel;
    this.getCaseId = getCaseId;
    this.sheets = [];
    this.draft = null;
    const $ = (sel) => panel.querySelector(sel);
    this.el = {
      title: $('#artifact-title'),
      kind: $('#artifact-kind'),
      version: $('#artifact-version'),
      made: $('#artifact-made'),
      notice: $('#artifact-notice'),
      warnings: $('#artifact-warnings'),
      body: $('#artifact-body'),
      sources: $('#artifact-sources'),
      exports: $('#artifact-exports'),
      saved: $('#artifact-saved'),
      edit: $('#artifact-edit'),
      rebuild: $('#artifact-rebuild'),
      editor: $('#artifact-editor'),
      editText: $('#artifact-edit-text'),
      editError: $('#artifact-edit-error'),
      list: $('#artifact-list'),
      listButton: $('#artifact-all'),
      view: $('#artifact-view'),
    };
    $('#artifact-close').addEventListener('click', () => this.close());
    this.el.version.addEventListener('change', () => this.show(this.draft.id, Number(this.el.version.value)));
    for (const [format, label] of FORMATS) {
      this.el.exports.append(
        h('button', { type: 'button', class: 'button secondary small', dataset: { format }, on: { click: (e) => this.export(format, e.currentTarget) } }, label),
      );
    }
    this.el.edit.addEventListener('click', () => this.startEdit());
    this.el.rebuild.addEventListener('click', () => this.rebuild());
    $('#artifact-edit-cancel').addEventListener('click', () => this.stopEdit());
    this.el.editor.addEventListener('submit', (e) => {
      e.preventDefault();
      this.saveEdit();
    });
    this.el.listButton.addEventListener('click', () => this.toggleList());
    panel.addEventListener('keydown', (e) => {
      if (e.key === 'Escape' && !e.defaultPrevented) {
        e.preventDefault();
        this.close();
      }
    });
    // Another language chosen in Settings: what the panel says of the draft, again (a table is
    // drawn again; a diagram, a paper and a text are the draft's own).
    onLanguageChange(() => {
      if (!this.draft || !this.isOpen) return;
      this.describe();
      if (this.draft.kind === 'table') clear(this.el.body).append(renderTable(this.draft.content));
    });
  }

  /** What the panel says of the draft shown: its kind, versions, who made it, notice and warnings. */
  describe() {
    const { draft } = this;
    this.el.kind.textContent = t('drafts-eyebrow', { kind: kindText(draft.kind) });
    clear(this.el.version);
    const versions = draft.versions || [];
    for (const v of versions) {
      const label = t('drafts-version-option', { version: String(v.version), latest: v.version === versions.length ? 'yes' : 'no' });
      this.el.version.append(h('option', { value: String(v.version), selected: v.version === draft.version }, label));
    }
    this.el.version.disabled = versions.length < 2;
    const when = String(draft.versionCreatedAt || '').slice(0, 10);
    const by = ['person', 'agent', 'offline'].includes(draft.createdBy) ? draft.createdBy : 'other';
    this.el.made.textContent = when ? t('drafts-made-by-on', { by, name: String(draft.createdBy ?? ''), when: formatDate(when, 'long') }) : t('drafts-made-by', { by, name: String(draft.createdBy ?? '') });
    this.el.notice.textContent = draft.notice || t('drafts-notice');
    const warnings = Array.isArray(draft.warnings) ? draft.warnings : [];
    this.el.warnings.hidden = !warnings.length;
    clear(this.el.warnings);
    if (warnings.length) {
      this.el.warnings.append(h('p', {}, t('drafts-warnings-title')), h('ul', {}, warnings.map((w) => h('li', {}, w))));
    }
  }

  get isOpen() {
    return !this.panel.hidden;
  }

  open() {
    this.panel.hidden = false;
    document.body.dataset.artifact = 'open';
  }

  close() {
    this.panel.hidden = true;
    delete document.body.dataset.artifact;
    delete document.body.dataset.artifactKind;
    dropSheets(this.sheets);
    const input = document.getElementById('chat-input');
    if (input) input.focus();
  }

  /** Shows draft `id` at `version` (its latest when omitted); `focus: false` leaves the keyboard
   * where it is (a draft the assistant just made, while the person may be typing). */
  async show(id, version = null, { focus = true } = {}) {
    this.open();
    this.panel.setAttribute('aria-busy', 'true');
    this.hideList();
    try {
      const draft = await api.getDraft(id, version);
      await this.render(draft, { focus });
    } catch (err) {
      this.draft = null;
      clear(this.el.body).append(h('p', { class: 'form-error', role: 'alert' }, t('drafts-not-opened', { reason: errorText(err) })));
    } finally {
      this.panel.removeAttribute('aria-busy');
    }
  }

  async render(draft, { focus = true } = {}) {
    this.draft = draft;
    this.stopEdit();
    this.panel.dataset.kind = draft.kind;
    document.body.dataset.artifactKind = draft.kind;
    this.panel.dataset.draftId = String(draft.id);
    this.el.title.textContent = draft.title;
    this.describe();
    clear(this.el.sources);
    const sources = Array.isArray(draft.sources) ? draft.sources : [];
    this.el.sources.parentElement.hidden = !sources.length;
    for (const s of sources) {
      const label = s.url ? h('a', { href: s.url, 'data-url': s.url }, s.label) : s.label;
      this.el.sources.append(h('li', {}, label));
    }
    this.el.rebuild.hidden = draft.createdBy !== 'offline' || !draft.caseId;
    // A paper is changed on its case's Papers to file page (Edit there), not as JSON here.
    this.el.edit.hidden = draft.kind === 'paper';
    this.el.saved.hidden = true;
    dropSheets(this.sheets);
    this.panel.dataset.rendered = 'pending';
    if (draft.kind === 'mermaid') {
      const ok = await renderDiagram(draft.content, this.el.body, this.sheets);
      this.panel.dataset.rendered = ok ? 'diagram' : 'error';
    } else if (draft.kind === 'paper' && paperOf(draft.content)) {
      // A court paper (the Papers to file page): laid out as a page, as its Word and PDF copies are.
      clear(this.el.body).append(paperSheet(paperOf(draft.content)));
      this.panel.dataset.rendered = 'paper';
    } else if (draft.kind === 'table') {
      clear(this.el.body).append(renderTable(draft.content));
      this.panel.dataset.rendered = 'table';
    } else {
      clear(this.el.body).append(h('div', { class: 'artifact-text markdown' }, renderMarkdown(draft.content)));
      this.panel.dataset.rendered = 'text';
    }
    if (focus) this.el.title.focus({ preventScroll: true });
    announce(t('drafts-shown', { title: draft.title, version: String(draft.version) }));
  }

  async export(format, button) {
    if (!this.draft) return;
    button.disabled = true;
    this.el.saved.hidden = false;
    this.el.saved.dataset.state = 'saving';
    this.el.saved.textContent = t('drafts-saving');
    try {
      const written = await api.exportDraft(this.draft.id, this.draft.version, format);
      this.el.saved.dataset.state = 'saved';
      this.el.saved.textContent = t('drafts-saved', { path: written.path });
      announce(t('drafts-saved-announce'));
    } catch (err) {
      this.el.saved.dataset.state = 'error';
      this.el.saved.textContent = t('drafts-not-saved', { reason: errorText(err) });
    } finally {
      button.disabled = false;
    }
  }

  startEdit() {
    if (!this.draft) return;
    this.el.editor.hidden = false;
    this.el.view.hidden = true;
    this.el.editText.value = this.draft.content;
    this.el.editError.hidden = true;
    this.el.editText.focus();
  }

  stopEdit() {
    this.el.editor.hidden = true;
    this.el.view.hidden = false;
  }

  async saveEdit() {
    const content = this.el.editText.value;
    const submit = this.el.editor.querySelector('button[type=submit]');
    submit.disabled = true;
    try {
      const draft = await api.reviseDraft(this.draft.id, content);
      await this.render(draft);
      announce(t('drafts-saved-version', { version: String(draft.version) }));
    } catch (err) {
      // A draft that does not pass its check: the message names the line.
      if (err && err.fields && err.fields.content) showFieldError(this.el.editError, err.fields.content);
      else {
        this.el.editError.removeAttribute('title');
        this.el.editError.textContent = errorText(err);
        this.el.editError.hidden = false;
      }
      this.el.editText.focus();
    } finally {
      submit.disabled = false;
    }
  }

  async rebuild() {
    if (!this.draft) return;
    const build = this.draft.kind === 'mermaid' ? 'timeline' : 'checklist';
    this.el.rebuild.disabled = true;
    try {
      await this.render(await api.buildDraft(build, this.draft.caseId, this.draft.id));
      announce(t('drafts-rebuilt'));
    } catch (err) {
      this.el.saved.hidden = false;
      this.el.saved.dataset.state = 'error';
      this.el.saved.textContent = t('drafts-not-built', { reason: errorText(err) });
    } finally {
      this.el.rebuild.disabled = false;
    }
  }

  hideList() {
    this.el.list.hidden = true;
    this.el.listButton.setAttribute('aria-expanded', 'false');
  }

  async toggleList() {
    if (!this.el.list.hidden) {
      this.hideList();
      return;
    }
    this.el.list.hidden = false;
    this.el.listButton.setAttribute('aria-expanded', 'true');
    clear(this.el.list).append(h('li', { class: 'muted' }, t('drafts-list-loading')));
    try {
      const drafts = await api.listDrafts(this.getCaseId());
      clear(this.el.list);
      if (!drafts.length) this.el.list.append(h('li', { class: 'muted' }, t('drafts-list-empty')));
      for (const d of drafts) {
        this.el.list.append(
          h(
            'li',
            {},
            h(
              'button',
              { type: 'button', class: 'button link-like', dataset: { draftId: d.id }, on: { click: () => this.show(d.id) } },
              d.title,
            ),
            h('span', { class: 'muted' }, ` · ${t('drafts-list-kind-version', { kind: kindText(d.kind), version: String(d.version) })}`),
          ),
        );
      }
    } catch (err) {
      clear(this.el.list).append(h('li', { class: 'form-error' }, errorText(err)));
    }
  }
}

// ------------------------------------------------------------------------------------ the dialog

/** The Draft dialog: build from the case's records, or ask the assistant to write one. */
export class DraftDialog {
  /** `getCaseId()`, `modelOnline()`, `panel` (an ArtifactPanel), `ask(question)`, `openSettings()`. */
  constructor(dialog, opts) {
    Object.assign(this, opts);
    this.dialog = dialog;
    this.form = dialog.querySelector('form');
    this.error = dialog.querySelector('#draft-error');
    this.describe = dialog.querySelector('#draft-describe');
    this.writeRow = dialog.querySelector('#draft-write-fields');
    this.noModel = dialog.querySelector('#draft-no-model');
    this.submit = dialog.querySelector('#draft-submit');
    dialog.querySelector('#draft-cancel').addEventListener('click', () => dialog.close());
    this.form.addEventListener('change', () => this.update());
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.go();
    });
    dialog.querySelector('#draft-settings').addEventListener('click', () => {
      dialog.close();
      this.openSettings();
    });
    // Another language chosen in Settings: the submit button's words again.
    onLanguageChange(() => this.update());
  }

  choice() {
    const checked = this.form.querySelector('input[name=draft-what]:checked');
    return checked ? checked.value : 'timeline';
  }

  open(trigger) {
    this.trigger = trigger;
    this.error.hidden = true;
    if (!this.dialog.open) this.dialog.showModal();
    this.update();
  }

  update() {
    const what = this.choice();
    const written = what === 'write';
    this.writeRow.hidden = !written;
    const online = this.modelOnline();
    this.noModel.hidden = !written || online;
    this.submit.disabled = written && !online;
    this.submit.textContent = written ? t('drafts-submit-write') : t('drafts-submit-build');
  }

  fail(message) {
    this.error.hidden = false;
    this.error.textContent = message;
  }

  async go() {
    const what = this.choice();
    const caseId = this.getCaseId();
    if (what === 'write') {
      const kind = this.form.querySelector('#draft-kind').value;
      const description = this.describe.value.trim();
      if (!description) {
        this.fail(t('drafts-describe-missing'));
        this.describe.focus();
        return;
      }
      // The question the assistant is asked, in the person's language: what to write, then how
      // (the tool and the draft kinds are the app's names, the same in every language).
      const what = ['letter', 'outline', 'table'].includes(kind) ? kind : 'other';
      const format = kind === 'table' ? 'table (CSV)' : 'markdown';
      this.dialog.close();
      this.describe.value = '';
      this.ask(`${t('drafts-ask', { kind: what, description })}\n${t('drafts-ask-how', { format })}`);
      return;
    }
    if (!caseId) {
      this.fail(t('drafts-choose-case'));
      return;
    }
    this.submit.disabled = true;
    try {
      const draft = await api.buildDraft(what, caseId);
      this.dialog.close();
      this.panel.open();
      await this.panel.render(draft);
    } catch (err) {
      this.fail(errorText(err));
    } finally {
      this.submit.disabled = false;
    }
  }
}
