// Notes: the Notes page (a list, and an editor with the Markdown previewed as it will show, its
// `§` citations linked) and "Save as note" on every finished answer in Ask and Research.
// Its words: locales/*/notes.ftl. A note's own title and text are the person's, shown as they are.

import { h, clear, announce } from './dom.js';
import { api, commandError } from './api.js';
import { PagedList, recordRow, confirmDelete } from './records.js';
import { FieldSet, rejectionText } from './forms.js';
import { confirmDialog } from './dialogs.js';
import { renderNoteMarkdown } from './markdown.js';
import { clip, dateTime } from './format.js';
import { workflowsMenu } from './workflows.js';
import { localized } from './results.js';
import { onLanguageChange, t } from './i18n.js';

/**
 * The note "Save as note" makes of an answer: `{caseId, title, body, sources, conversationId}`.
 * `citations` is the `done` event's (verified, spans); `results` the answer's tool_result events,
 * whose law cards give a section's URL when the check did not.
 */
export function noteFromAnswer({ question, reply, citations = null, results = [], caseId = null, conversationId = null }) {
  const urls = new Map();
  for (const ev of results || []) {
    for (const card of (ev && Array.isArray(ev.cards) && ev.cards) || []) {
      if (card && card.section && card.url && !urls.has(String(card.section))) urls.set(String(card.section), card.url);
    }
  }
  const sources = [];
  const seen = new Set();
  const add = (sourceId, label, url) => {
    const key = String(sourceId || label);
    if (!key || seen.has(key)) return;
    seen.add(key);
    const source = { label: label || `§ ${sourceId}` };
    const link = url || (sourceId ? urls.get(String(sourceId)) : null);
    if (link) source.url = link;
    if (sourceId) source.sourceId = String(sourceId);
    sources.push(source);
  };
  const check = citations && typeof citations === 'object' ? citations : {};
  for (const v of Array.isArray(check.verified) ? check.verified : []) add(v.sourceId, v.label, v.url);
  for (const s of Array.isArray(check.spans) ? check.spans : []) add(s.sourceId, s.label, null);
  let body = String(reply ?? '').trim();
  if (sources.length) {
    // The note is the person's from now on: its heading is written in the language of the moment.
    body += `\n\n### ${t('notes-sources-heading')}\n${sources.map((s) => `- ${s.label}${s.url ? ` — ${s.url}` : ''}`).join('\n')}`;
  }
  return { caseId, title: clip(question, 80) || t('notes-saved-answer-title'), body, sources, conversationId: conversationId ?? null };
}

/**
 * Adds "Save as note" under a finished answer. `info`: `{question, reply, citations, results,
 * extra (the answer's footer element), conversationId}`; `ws` gives the case and opens the note.
 */
export function addSaveNote(info, ws) {
  // What the line says: the button and its status, written again after a switch of language
  // (the answer's transcript is relocalized: results.js's `localized`).
  let state = { name: 'idle' };
  const button = h('button', { type: 'button', class: 'button secondary small save-note' });
  const status = h('span', { class: 'save-note-status', role: 'status' });
  const line = h('div', { class: 'answer-actions' }, button, status);
  const buttonWords = () => (state.name === 'saved' ? t('notes-saved-button') : t('notes-save-as-note'));
  const statusWords = () => {
    if (state.name === 'saving') return t('notes-saving');
    if (state.name === 'error') return t('notes-not-saved', { reason: state.reason });
    if (state.name !== 'saved') return '';
    const open = h('button', { type: 'button', class: 'button link-like small saved-note-link', dataset: { noteId: state.note.id } }, t('notes-open-note'));
    open.addEventListener('click', () => ws.go('notes', { noteId: state.note.id }));
    return [h('span', { class: 'saved-mark', 'aria-hidden': 'true' }, '✓ '), state.caseName ? t('notes-saved-to-case', { case: state.caseName }) : t('notes-saved-to-notes'), ' · ', open];
  };
  const paint = () => {
    localized(button, buttonWords);
    localized(status, statusWords);
  };
  paint();
  button.addEventListener('click', async () => {
    button.disabled = true;
    state = { name: 'saving' };
    paint();
    try {
      const note = await api.createRecord('notes', noteFromAnswer({ ...info, caseId: ws.caseId, conversationId: info.conversationId() }));
      state = { name: 'saved', note, caseName: ws.currentCase ? ws.currentCase.name : '' };
      paint();
      line.dataset.state = 'saved';
      ws.changed('notes');
    } catch (err) {
      button.disabled = false;
      state = { name: 'error', reason: commandError(err).message };
      paint();
      line.dataset.state = 'error';
    }
  });
  info.extra.append(line);
}

/** The fields of the editor, in the chosen language. */
const fieldsOf = () => [
  { name: 'title', label: t('notes-field-title'), required: true, wide: true },
  { name: 'body', label: t('notes-field-body'), type: 'textarea', rows: 14, wide: true, hint: t('notes-field-body-hint') },
];

export class NotesPage {
  constructor(ws, root, { openConversation }) {
    this.ws = ws;
    this.root = root;
    this.openConversation = openConversation;
    this.note = null;
    this.dirty = false;
    this.newButton = h('button', { type: 'button', class: 'button primary', id: 'note-new' });
    this.error = h('p', { class: 'form-error', id: 'note-error', role: 'alert', tabindex: '-1', hidden: true });
    this.editorTitle = h('h4', { class: 'editor-title', id: 'note-editor-title', tabindex: '-1' });
    this.fieldsBox = h('div', { class: 'note-fields' });
    this.preview = h('div', { class: 'note-preview md', id: 'note-preview', 'aria-labelledby': 'note-preview-title' });
    this.sources = h('div', { class: 'note-sources', id: 'note-sources' });
    this.meta = h('p', { class: 'note-meta muted' });
    this.save = h('button', { type: 'submit', class: 'button primary', id: 'note-save' });
    this.remove = h('button', { type: 'button', class: 'button ghost danger-text', id: 'note-delete', 'aria-haspopup': 'dialog' });
    this.previewTitle = h('h5', { class: 'preview-title', id: 'note-preview-title' });
    this.form = h(
      'form',
      { class: 'card note-editor', id: 'note-editor', novalidate: true, 'aria-labelledby': 'note-editor-title' },
      h('div', { class: 'editor-head' }, this.editorTitle, this.meta),
      this.error,
      h('div', { class: 'note-grid' }, this.fieldsBox, h('section', { class: 'preview-box' }, this.previewTitle, this.preview)),
      this.sources,
      h('div', { class: 'editor-foot' }, this.remove, this.save),
    );
    const listBox = h('div', { class: 'list-box', id: 'records-notes' });
    this.heading = h('h3', { class: 'page-title', tabindex: '-1' });
    this.lead = h('p', { class: 'page-lead' });
    this.listSection = h('section', { class: 'notes-list' }, listBox);
    clear(root).append(
      h('header', { class: 'page-head' }, h('div', { class: 'page-titles' }, this.heading, this.lead), this.newButton),
      h('div', { class: 'notes-layout' }, this.listSection, this.form),
    );
    this.list = new PagedList(listBox, {
      page: 'notes',
      label: () => t('notes-title'),
      empty: () => t('notes-empty'),
      fetch: ({ limit, offset }) => api.listRecords('notes', { caseId: this.ws.caseId, limit, offset }),
      row: (n) =>
        recordRow({
          id: n.id,
          titleNode: h('button', { type: 'button', class: 'note-open', dataset: { action: 'open', id: n.id }, 'aria-current': this.note && this.note.id === n.id ? 'true' : null }, n.title || t('notes-untitled')),
          meta: [dateTime(n.updatedAt || n.createdAt), n.conversationId ? t('notes-from-conversation') : null],
          body: clip(String(n.body || '').replace(/[#*_`>]/g, ''), 120),
          tone: this.note && this.note.id === n.id ? 'current' : '',
        }),
      onAction: (action, n) => {
        if (action === 'open') this.openNote(n.id);
      },
    });
    this.newButton.addEventListener('click', () => this.edit(null));
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.submit();
    });
    this.remove.addEventListener('click', (e) => this.deleteNote(e.currentTarget));
    this.labelled();
    this.edit(null, { focus: false });
    // Another language chosen in Settings: the page's words again; what is typed stays (the list
    // builds its rows again itself).
    onLanguageChange(() => {
      this.labelled();
      this.editorWords();
      if (this.fields) this.fields.relabel(fieldsOf());
      this.renderPreview();
      this.renderSources(this.note);
    });
  }

  /** The page's own words: heading, lead, buttons. */
  labelled() {
    this.heading.textContent = t('notes-title');
    this.lead.textContent = t('notes-lead');
    this.newButton.textContent = t('notes-new');
    this.previewTitle.textContent = t('notes-preview-title');
    this.save.textContent = t('notes-save');
    this.remove.textContent = t('notes-delete');
    this.listSection.setAttribute('aria-label', t('notes-list-label'));
  }

  /** The editor's heading and when the note last changed. */
  editorWords() {
    const { note } = this;
    this.editorTitle.textContent = note ? t('notes-edit-title') : t('notes-new-title');
    this.meta.textContent = note ? t('notes-last-changed', { when: dateTime(note.updatedAt || note.createdAt) }) : '';
  }

  show({ noteId = null } = {}) {
    this.list.load(0);
    if (noteId) this.openNote(noteId);
  }

  /** Another case: a new note for it (unsaved changes of the other case's note are dropped). */
  reset() {
    this.edit(null, { focus: false, force: true });
  }

  async confirmDiscard() {
    if (!this.dirty) return true;
    return confirmDialog({ title: t('notes-discard-title'), message: [t('notes-discard-message')], confirm: t('notes-discard-confirm'), danger: true });
  }

  async openNote(id) {
    if (!(await this.confirmDiscard())) return;
    try {
      const note = await api.getRecord('notes', id);
      this.edit(note, { force: true });
    } catch (err) {
      this.showError(t('notes-not-opened', { reason: commandError(err).message }));
    }
  }

  async edit(note, { focus = true, force = false } = {}) {
    if (!force && !(await this.confirmDiscard())) return;
    this.note = note;
    this.dirty = false;
    this.error.hidden = true;
    this.editorWords();
    this.form.dataset.noteId = note ? String(note.id) : '';
    this.fields = new FieldSet(this.fieldsBox, fieldsOf(), note || {}, { prefix: 'note' });
    const body = this.fields.input('body');
    body.addEventListener('input', () => {
      this.dirty = true;
      clearTimeout(this.previewTimer);
      this.previewTimer = setTimeout(() => this.renderPreview(), 150);
    });
    this.fields.input('title').addEventListener('input', () => {
      this.dirty = true;
    });
    this.remove.hidden = !note;
    this.renderPreview();
    this.renderSources(note);
    for (const row of this.list.list.querySelectorAll('.rec-row')) {
      const on = Boolean(note) && row.dataset.id === String(note.id);
      row.classList.toggle('tone-current', on);
      const button = row.querySelector('.note-open');
      if (button) {
        if (on) button.setAttribute('aria-current', 'true');
        else button.removeAttribute('aria-current');
      }
    }
    if (focus) this.fields.focusFirst();
  }

  renderPreview() {
    const text = this.fields.input('body').value;
    clear(this.preview);
    if (text.trim()) this.preview.append(renderNoteMarkdown(text));
    else this.preview.append(h('p', { class: 'muted' }, t('notes-preview-empty')));
  }

  renderSources(note) {
    clear(this.sources);
    if (!note) return;
    this.sources.append(h('div', { class: 'note-workflows' }, workflowsMenu('note', note.id, { title: note.title, caseId: note.caseId ?? null })));
    if (note.conversationId) {
      const open = h('button', { type: 'button', class: 'button link-like small', id: 'note-conversation' }, t('notes-open-conversation'));
      open.addEventListener('click', () => this.openConversation(note.conversationId));
      this.sources.append(h('p', {}, open));
    }
  }

  async submit() {
    const values = this.fields.values();
    this.error.hidden = true;
    this.save.disabled = true;
    try {
      const saved = this.note ? await api.updateRecord('notes', this.note.id, values) : await api.createRecord('notes', { ...values, caseId: this.ws.caseId, sources: [] });
      this.dirty = false;
      announce(t('notes-saved-announce'));
      await this.list.load(this.note ? this.list.offset : 0);
      this.edit(saved, { focus: false, force: true });
      this.ws.changed('notes');
    } catch (err) {
      const error = commandError(err);
      const shown = error.code === 'invalid_input' ? this.fields.showErrors(error) : { known: 0, unknown: [] };
      this.showError(rejectionText(error, shown), !shown.known);
    } finally {
      this.save.disabled = false;
    }
  }

  async deleteNote(trigger) {
    if (!this.note) return;
    const gone = await confirmDelete('notes', this.note, { noun: 'note', name: this.note.title, trigger, onError: (e) => this.showError(e.message, true) });
    if (!gone) return;
    this.dirty = false;
    this.edit(null, { force: true });
    this.list.load();
    this.ws.changed('notes');
  }

  showError(text, focus = true) {
    this.error.textContent = text;
    this.error.hidden = false;
    if (focus) this.error.focus();
  }
}
