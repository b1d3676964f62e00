// Notes: the Notes page (a list, and an editor with the Markdown previewed as it will show, its
// `§` citations linked) and "Save as note" on every finished answer in Ask and Research.

import { h, clear, announce } from './dom.js';
import { api, commandError } from './api.js';
import { PagedList, recordRow, confirmDelete } from './records.js';
import { FieldSet, rejectionText } from './forms.js';
import { confirmDialog } from './dialogs.js';
import { renderNoteMarkdown } from './markdown.js';
import { clip, dateTime } from './format.js';
import { workflowsMenu } from './workflows.js';

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
    body += `\n\n### Sources\n${sources.map((s) => `- ${s.label}${s.url ? ` — ${s.url}` : ''}`).join('\n')}`;
  }
  return { caseId, title: clip(question, 80) || 'Saved answer', body, sources, conversationId: conversationId ?? null };
}

/**
 * Adds "Save as note" under a finished answer. `info`: `{question, reply, citations, results,
 * extra (the answer's footer element), conversationId}`; `ws` gives the case and opens the note.
 */
export function addSaveNote(info, ws) {
  const button = h('button', { type: 'button', class: 'button secondary small save-note' }, 'Save as note');
  const status = h('span', { class: 'save-note-status', role: 'status' });
  const line = h('div', { class: 'answer-actions' }, button, status);
  button.addEventListener('click', async () => {
    button.disabled = true;
    clear(status).append('Saving…');
    try {
      const note = await api.createRecord('notes', noteFromAnswer({ ...info, caseId: ws.caseId, conversationId: info.conversationId() }));
      const open = h('button', { type: 'button', class: 'button link-like small saved-note-link', dataset: { noteId: note.id } }, 'Open the note');
      open.addEventListener('click', () => ws.go('notes', { noteId: note.id }));
      clear(status).append(h('span', { class: 'saved-mark', 'aria-hidden': 'true' }, '✓ '), 'Saved to notes', ws.currentCase ? ` of ${ws.currentCase.name}` : '', ' · ', open);
      button.textContent = 'Saved';
      line.dataset.state = 'saved';
      ws.changed('notes');
    } catch (err) {
      button.disabled = false;
      clear(status).append(`Not saved: ${commandError(err).message}`);
      line.dataset.state = 'error';
    }
  });
  info.extra.append(line);
}

const FIELDS = [
  { name: 'title', label: 'Title', required: true, wide: true },
  { name: 'body', label: 'Note', type: 'textarea', rows: 14, wide: true, hint: 'Markdown works: **bold**, *italic*, - lists, ### headings. A section number such as § 20-124.3 links to the law.' },
];

export class NotesPage {
  constructor(ws, root, { openConversation }) {
    this.ws = ws;
    this.root = root;
    this.openConversation = openConversation;
    this.note = null;
    this.dirty = false;
    const newButton = h('button', { type: 'button', class: 'button primary', id: 'note-new' }, '+ New note');
    this.error = h('p', { class: 'form-error', id: 'note-error', role: 'alert', tabindex: '-1', hidden: true });
    this.editorTitle = h('h4', { class: 'editor-title', id: 'note-editor-title', tabindex: '-1' }, 'New note');
    this.fieldsBox = h('div', { class: 'note-fields' });
    this.preview = h('div', { class: 'note-preview md', id: 'note-preview', 'aria-labelledby': 'note-preview-title' });
    this.sources = h('div', { class: 'note-sources', id: 'note-sources' });
    this.meta = h('p', { class: 'note-meta muted' });
    this.save = h('button', { type: 'submit', class: 'button primary', id: 'note-save' }, 'Save note');
    this.remove = h('button', { type: 'button', class: 'button ghost danger-text', id: 'note-delete', 'aria-haspopup': 'dialog' }, 'Delete');
    this.form = h(
      'form',
      { class: 'card note-editor', id: 'note-editor', novalidate: true, 'aria-labelledby': 'note-editor-title' },
      h('div', { class: 'editor-head' }, this.editorTitle, this.meta),
      this.error,
      h('div', { class: 'note-grid' }, this.fieldsBox, h('section', { class: 'preview-box' }, h('h5', { class: 'preview-title', id: 'note-preview-title' }, 'Preview'), this.preview)),
      this.sources,
      h('div', { class: 'editor-foot' }, this.remove, this.save),
    );
    const listBox = h('div', { class: 'list-box', id: 'records-notes' });
    clear(root).append(
      h(
        'header',
        { class: 'page-head' },
        h('div', { class: 'page-titles' }, h('h3', { class: 'page-title', tabindex: '-1' }, 'Notes'), h('p', { class: 'page-lead' }, 'Your own notes for this case, and answers you saved from Ask and Research.')),
        newButton,
      ),
      h('div', { class: 'notes-layout' }, h('section', { class: 'notes-list', 'aria-label': 'Your notes' }, listBox), this.form),
    );
    this.list = new PagedList(listBox, {
      page: 'notes',
      label: 'Notes',
      empty: 'No notes yet.',
      fetch: ({ limit, offset }) => api.listRecords('notes', { caseId: this.ws.caseId, limit, offset }),
      row: (n) =>
        recordRow({
          id: n.id,
          titleNode: h('button', { type: 'button', class: 'note-open', dataset: { action: 'open', id: n.id }, 'aria-current': this.note && this.note.id === n.id ? 'true' : null }, n.title || 'Untitled'),
          meta: [dateTime(n.updatedAt || n.createdAt), n.conversationId ? 'from a conversation' : null],
          body: clip(String(n.body || '').replace(/[#*_`>]/g, ''), 120),
          tone: this.note && this.note.id === n.id ? 'current' : '',
        }),
      onAction: (action, n) => {
        if (action === 'open') this.openNote(n.id);
      },
    });
    newButton.addEventListener('click', () => this.edit(null));
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.submit();
    });
    this.remove.addEventListener('click', (e) => this.deleteNote(e.currentTarget));
    this.edit(null, { focus: false });
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
    return confirmDialog({ title: 'Discard your changes?', message: ['This note has changes that are not saved.'], confirm: 'Discard changes', danger: true });
  }

  async openNote(id) {
    if (!(await this.confirmDiscard())) return;
    try {
      const note = await api.getRecord('notes', id);
      this.edit(note, { force: true });
    } catch (err) {
      this.showError(`This note could not be opened: ${commandError(err).message}`);
    }
  }

  async edit(note, { focus = true, force = false } = {}) {
    if (!force && !(await this.confirmDiscard())) return;
    this.note = note;
    this.dirty = false;
    this.error.hidden = true;
    this.editorTitle.textContent = note ? 'Edit note' : 'New note';
    this.meta.textContent = note ? `Last changed ${dateTime(note.updatedAt || note.createdAt)}` : '';
    this.form.dataset.noteId = note ? String(note.id) : '';
    this.fields = new FieldSet(this.fieldsBox, FIELDS, note || {}, { prefix: 'note' });
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
    else this.preview.append(h('p', { class: 'muted' }, 'The note, as it will show, appears here.'));
  }

  renderSources(note) {
    clear(this.sources);
    if (!note) return;
    this.sources.append(h('div', { class: 'note-workflows' }, workflowsMenu('note', note.id, { title: note.title, caseId: note.caseId ?? null })));
    if (note.conversationId) {
      const open = h('button', { type: 'button', class: 'button link-like small', id: 'note-conversation' }, 'Open the conversation it came from');
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
      announce('Note saved.');
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
