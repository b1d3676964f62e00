// Saved conversations: the drawer that lists them (`#conversation-list`, newest first, with
// their case), reopens one in its panel (its answers rebuilt by replaying their saved events),
// renames, deletes and exports one as Markdown. Its words: locales/*/conversations.ftl; a
// conversation's own title and messages are shown as they were saved.

import { h, clear, announce, spinner } from './dom.js';
import { api, commandError } from './api.js';
import { openDialog, closeDialog } from './dialogs.js';
import { confirmDelete } from './records.js';
import { dateTime } from './format.js';
import { onLanguageChange, t } from './i18n.js';

const SHOWN_EVENTS = new Set(['tool_call', 'tool_result', 'done', 'error']);
const PAGE = 50;

/**
 * A saved conversation (`get_record('conversations', id)`) as the turns a panel replays: user
 * messages as they are, `{role: 'user', content}`; answers as `{role: 'assistant', content,
 * events}` with the events that rebuild the trail and sources, ending with a `done` that carries
 * the saved text (deltas, if any were saved, are left out: `done` has the whole reply).
 */
export function rebuildMessages(conversation) {
  const messages = conversation && Array.isArray(conversation.messages) ? conversation.messages : [];
  const turns = [];
  for (const m of messages) {
    if (!m || typeof m !== 'object') continue;
    const content = typeof m.content === 'string' ? m.content : '';
    if (m.role === 'user') {
      turns.push({ role: 'user', content });
      continue;
    }
    if (m.role !== 'assistant') continue;
    const events = (Array.isArray(m.events) ? m.events : []).filter((e) => e && typeof e === 'object' && SHOWN_EVENTS.has(e.type));
    const done = events.find((e) => e.type === 'done');
    const rest = events.filter((e) => e.type === 'tool_call' || e.type === 'tool_result');
    const error = events.find((e) => e.type === 'error');
    let last;
    if (done) last = { ...done, reply: typeof done.reply === 'string' && done.reply ? done.reply : content };
    else if (error && !content.trim()) last = error;
    else last = { type: 'done', reply: content };
    turns.push({ role: 'assistant', content, events: [...rest, last] });
  }
  return turns;
}

/** The `{role, content}` history a carried-on conversation sends with its next question. */
export function historyOf(turns) {
  return turns.map((t) => ({ role: t.role, content: t.content }));
}

/** The panel a conversation was had in ("Ask", "Research"); another kind is shown as it is. */
const kindText = (kind) => (kind === 'chat' || kind === 'research' ? t('conversations-kind', { kind }) : String(kind ?? ''));

/** "Saved to <path>" as nodes: the message's words, and the path (its variable) in a <code>. */
function savedTo(path) {
  const text = t('conversations-saved-to', { path: '\u0000' });
  const at = text.indexOf('\u0000');
  if (at < 0) return [text];
  return [text.slice(0, at), h('code', { class: 'path' }, path), text.slice(at + 1)].filter((x) => x !== '');
}

export class ConversationsDrawer {
  /** `panels`: `{chat, research}` Conversations; `select(name)` shows a panel. */
  constructor(dialog, ws, { panels, select }) {
    this.dialog = dialog;
    this.ws = ws;
    this.panels = panels;
    this.select = select;
    const $ = (id) => dialog.querySelector(`#${id}`);
    this.list = $('conversation-list');
    this.status = $('conversations-status');
    this.more = $('conversations-more');
    this.onlyCase = $('conversations-only-case');
    this.offset = 0;
    this.items = new Map();
    $('conversations-close').addEventListener('click', () => closeDialog(dialog));
    dialog.addEventListener('click', (e) => {
      if (e.target === dialog) closeDialog(dialog);
    });
    this.onlyCase.addEventListener('change', () => this.load());
    this.more.addEventListener('click', () => this.load({ append: true }));
    this.list.addEventListener('click', (e) => {
      const button = e.target instanceof Element ? e.target.closest('button[data-action]') : null;
      if (!button) return;
      const item = this.items.get(button.dataset.id);
      if (item) this.act(button.dataset.action, item, button);
    });
    // Another language chosen in Settings while the drawer is open: its list is said again.
    onLanguageChange(() => {
      if (!this.isOpen) return;
      this.labelled();
      this.load();
    });
  }

  /** The words of "Only <case>" (the drawer's other words are index.html's). */
  labelled() {
    const label = this.dialog.querySelector('label[for="conversations-only-case"]');
    if (label) label.textContent = this.ws.currentCase ? t('conversations-only-case-named', { name: this.ws.currentCase.name }) : t('conversations-only-case');
  }

  get isOpen() {
    return this.dialog.open;
  }

  open(trigger) {
    this.onlyCase.disabled = !this.ws.caseId;
    this.onlyCase.closest('.check-row').hidden = !this.ws.caseId;
    this.labelled();
    openDialog(this.dialog, trigger);
    this.load();
    this.dialog.querySelector('#conversations-title').focus();
  }

  async load({ append = false } = {}) {
    const seq = (this.seq = (this.seq || 0) + 1);
    const offset = append ? this.offset : 0;
    if (!append) {
      clear(this.list);
      this.items.clear();
      clear(this.status).append(spinner(), ' ', t('conversations-loading'));
      this.status.hidden = false;
    }
    let answer;
    try {
      const caseId = this.onlyCase.checked && this.ws.caseId ? this.ws.caseId : null;
      answer = await api.listRecords('conversations', { caseId, limit: PAGE, offset });
    } catch (err) {
      if (seq !== this.seq) return;
      this.status.textContent = t('conversations-unreadable', { reason: commandError(err).message });
      return;
    }
    if (seq !== this.seq) return;
    const items = [...((answer && answer.items) || [])].sort((a, b) => String(b.updatedAt || b.createdAt).localeCompare(String(a.updatedAt || a.createdAt)));
    const total = Number(answer && answer.total) || items.length;
    this.offset = offset + items.length;
    const fragment = document.createDocumentFragment();
    for (const c of items) {
      this.items.set(String(c.id), c);
      fragment.append(this.item(c));
    }
    this.list.append(fragment);
    this.status.textContent = this.items.size ? t('conversations-shown', { shown: this.items.size, total }) : t('conversations-none');
    this.status.hidden = false;
    this.more.hidden = this.offset >= total;
  }

  item(c) {
    const caseName = c.caseId ? (this.ws.cases.find((x) => x.id === c.caseId) || {}).name || t('conversations-case-number', { id: String(c.caseId) }) : t('conversations-no-case');
    const title = c.title || t('conversations-untitled');
    const current = ['chat', 'research'].some((k) => this.panels[k].conversationId === c.id);
    return h(
      'li',
      { class: ['conversation-item', current && 'current'], dataset: { id: c.id, kind: c.kind } },
      h(
        'button',
        { type: 'button', class: 'conversation-open', dataset: { action: 'open', id: c.id }, 'aria-current': current ? 'true' : null },
        h('span', { class: 'conversation-title' }, title),
        h('span', { class: 'conversation-meta' }, [
          h('span', { class: `kind-tag kind-${c.kind}` }, kindText(c.kind)),
          ` · ${dateTime(c.updatedAt || c.createdAt)} · ${caseName}`,
          c.messageCount ? ` · ${t('conversations-messages', { count: Number(c.messageCount) })}` : '',
        ]),
      ),
      h(
        'div',
        { class: 'conversation-actions' },
        h('button', { type: 'button', class: 'button ghost small', dataset: { action: 'rename', id: c.id }, 'aria-label': t('conversations-rename-label', { title }), 'aria-haspopup': 'dialog' }, t('conversations-rename')),
        h('button', { type: 'button', class: 'button ghost small', dataset: { action: 'export', id: c.id }, 'aria-label': t('conversations-export-label', { title }) }, t('conversations-export')),
        h('button', { type: 'button', class: 'button ghost small danger-text', dataset: { action: 'delete', id: c.id }, 'aria-label': t('conversations-delete-label', { title }), 'aria-haspopup': 'dialog' }, t('conversations-delete')),
      ),
      h('p', { class: 'conversation-status', role: 'status' }),
    );
  }

  async act(action, c, button) {
    const li = button.closest('.conversation-item');
    const status = li.querySelector('.conversation-status');
    switch (action) {
      case 'open':
        closeDialog(this.dialog);
        this.reopen(c.id);
        break;
      case 'rename': {
        const saved = await this.ws.recordDialog.open(
          {
            title: t('conversations-rename-title'),
            kind: 'conversations',
            fields: [{ name: 'title', label: t('conversations-field-title'), required: true, wide: true }],
            values: { title: c.title },
            saveLabel: t('conversations-rename'),
            submit: (v) => api.updateRecord('conversations', c.id, v),
          },
          button,
        );
        if (saved && saved !== true) {
          this.items.set(String(c.id), saved);
          const fresh = this.item(saved);
          li.replaceWith(fresh);
          fresh.querySelector('[data-action="rename"]').focus();
        }
        break;
      }
      case 'export':
        button.disabled = true;
        status.textContent = t('conversations-exporting');
        try {
          const { path } = await api.exportConversation(c.id);
          // "Saved to <path>": the words around the path are the message's, the path is set apart.
          clear(status).append(...savedTo(path));
          announce(t('conversations-exported', { path }));
        } catch (err) {
          status.textContent = t('conversations-not-exported', { reason: commandError(err).message });
        }
        button.disabled = false;
        break;
      case 'delete': {
        const gone = await confirmDelete('conversations', c, {
          noun: 'conversation',
          name: c.title || t('conversations-untitled'),
          trigger: button,
          onError: (e) => (status.textContent = t('conversations-not-deleted', { reason: e.message })),
        });
        if (!gone) break;
        for (const conv of Object.values(this.panels)) if (conv.conversationId === c.id) conv.reset();
        this.items.delete(String(c.id));
        const next = li.nextElementSibling || li.previousElementSibling;
        li.remove();
        if (next) next.querySelector('.conversation-open').focus();
        else this.dialog.querySelector('#conversations-title').focus();
        break;
      }
      default:
        break;
    }
  }

  /** Shows saved conversation `id` in its panel. */
  async reopen(id) {
    let conversation;
    try {
      conversation = await api.getRecord('conversations', id);
    } catch (err) {
      announce(t('conversations-not-opened', { reason: commandError(err).message }));
      return false;
    }
    const name = conversation.kind === 'research' ? 'research' : 'chat';
    this.select(name, { focusInput: false });
    const conv = this.panels[name];
    conv.replay(conversation.id, rebuildMessages(conversation));
    conv.input.focus();
    announce(t('conversations-reopened', { title: conversation.title || t('conversations-untitled-short') }));
    return true;
  }
}
