// A write the assistant proposed and the tool pipeline held (`needs_confirmation`): what it would
// write, where, why, and what the person asked, with Allow once, Allow for this conversation and
// Don't allow. Nothing is written until the person presses Allow (the app's `confirm_write`, the
// person's own action); "for this conversation" lets later questions there make that kind of
// write without asking, and the line under the question box says so, with a way to take it back.

import { h, clear, announce, truncate } from './dom.js';
import { api } from './api.js';
import { onLanguageChange, t } from './i18n.js';

/** The writes the card knows (write-confirm.ftl names each: its heading, its kind). */
const TOOLS = ['create_note', 'append_to_note', 'link', 'add_deadline', 'create_draft', 'create_paper', 'link_evidence', 'process_opinion'];

/** The kind of write `tool` is, as the line of what is allowed names it ("new notes"). */
const kindOf = (tool) => t('write-confirm-kind', { tool });

const text = (value) => (typeof value === 'string' ? value.trim() : '');

/** The lines of what the write would put in the records: [label, value] pairs. */
export function writeDetails(name, args) {
  const a = args && typeof args === 'object' ? args : {};
  const rows = [];
  const add = (label, value) => {
    const shown = typeof value === 'number' ? String(value) : text(value);
    if (shown) rows.push([label, shown]);
  };
  switch (name) {
    case 'create_note':
      add(t('write-confirm-label-title'), a.title);
      add(t('write-confirm-label-text'), a.body);
      break;
    case 'append_to_note':
      add(t('write-confirm-label-added-text'), a.text);
      break;
    case 'link':
      add(t('write-confirm-label-from'), a.fromKind && Number.isInteger(a.fromId) ? `${a.fromKind} ${a.fromId}` : '');
      add(t('write-confirm-label-to'), a.toKind === 'section' && a.to !== undefined ? `§ ${String(a.to).replace(/^§\s*/, '')}` : a.to !== undefined ? `${a.toKind || ''} ${a.to}`.trim() : '');
      add(t('write-confirm-label-why'), a.why);
      break;
    case 'add_deadline':
      add(t('write-confirm-label-deadline'), a.title);
      add(t('write-confirm-label-date'), a.date);
      add(t('write-confirm-label-rule'), a.ruleId);
      add(t('write-confirm-label-counted-from'), a.triggerDate);
      break;
    case 'create_draft':
      add(t('write-confirm-label-kind'), a.kind);
      add(t('write-confirm-label-title'), a.title);
      add(t('write-confirm-label-content'), a.content);
      break;
    case 'create_paper': {
      add(t('write-confirm-label-paper'), a.paper);
      const fields = a.fields && typeof a.fields === 'object' ? a.fields : {};
      for (const [name, value] of Object.entries(fields)) {
        // `hearingDate` → "Hearing date".
        const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
        add(words.charAt(0).toUpperCase() + words.slice(1), Array.isArray(value) ? value.join('\n') : typeof value === 'boolean' ? t('write-confirm-yes-no', { value: value ? 'yes' : 'no' }) : value);
      }
      break;
    }
    case 'link_evidence':
      add(t('write-confirm-label-change'), t(a.linked === false ? 'write-confirm-unlink' : 'write-confirm-link'));
      add(t('write-confirm-label-record'), a.recordKind && Number.isInteger(a.recordId) ? `${a.recordKind} ${a.recordId}` : '');
      add(t('write-confirm-label-shows'), a.note);
      break;
    case 'process_opinion':
      add(t('write-confirm-label-opinion'), Number.isInteger(a.opinion_id) ? t('write-confirm-opinion', { id: String(a.opinion_id) }) : '');
      add(t('write-confirm-label-kept'), Number.isInteger(a.opinion_id) ? t('write-confirm-opinion-kept') : '');
      break;
    default:
      break;
  }
  return rows;
}

/** Why a write was held, said to the person (the result says it to the model). */
export function heldWhy(why) {
  if (/reads like instructions/.test(why || '')) {
    return t('write-confirm-why-instructions');
  }
  return t('write-confirm-why');
}

/** Where the write would go, once looked up: the case or the note, by name. */
async function whereOf(tool, args) {
  const a = args && typeof args === 'object' ? args : {};
  if (tool === 'process_opinion') return t('write-confirm-where-opinions');
  // The note or the case by its name ("the note “Rent”"), else by its number.
  const name = async (resource, id, field) => {
    const note = resource === 'notes';
    let shown = '';
    try {
      const record = await api.getRecord(resource, id);
      shown = (record && text(record[field])) || '';
    } catch {
      /* by its number */
    }
    if (shown) return note ? t('write-confirm-where-note', { title: truncate(shown, 60) }) : t('write-confirm-where-case', { title: truncate(shown, 60) });
    return note ? t('write-confirm-where-note-id', { id: String(id) }) : t('write-confirm-where-case-id', { id: String(id) });
  };
  if (tool === 'link_evidence' && Number.isInteger(a.caseId)) return proofPlace(a);
  if (Number.isInteger(a.noteId)) return name('notes', a.noteId, 'title');
  if (a.fromKind === 'note' && Number.isInteger(a.fromId)) return name('notes', a.fromId, 'title');
  if (Number.isInteger(a.caseId)) return name('cases', a.caseId, 'name');
  return t('write-confirm-where-nowhere');
}

/** The records a link to what the court must find can be, by the resource that holds them. */
const PROOF_RECORDS = { document: ['documents', 'title'], timeline: ['timeline', 'title'], note: ['notes', 'title'], finance: ['finances', 'description'], contact: ['contacts', 'name'] };

/**
 * Where `link_evidence` would write, by name: the case, what the court must find there (the
 * element's title from the case's Proof view) and the record, once each is looked up.
 */
async function proofPlace(a) {
  const [proof, caseRecord] = await Promise.all([api.caseProof(a.caseId).catch(() => null), api.getRecord('cases', a.caseId).catch(() => null)]);
  const caseName = caseRecord && text(caseRecord.name) ? t('write-confirm-where-case', { title: truncate(text(caseRecord.name), 60) }) : t('write-confirm-where-case-id', { id: String(a.caseId) });
  const element = proof && Array.isArray(proof.elements) ? proof.elements.find((e) => e.id === a.elementId) : null;
  const what = element ? `“${text(element.title)}”` : text(a.elementId) || t('write-confirm-proof-what');
  const [resource, field] = PROOF_RECORDS[a.recordKind] || [];
  let record = '';
  if (resource && Number.isInteger(a.recordId)) {
    const found = await api.getRecord(resource, a.recordId).catch(() => null);
    record = found && text(found[field]) ? t('write-confirm-proof-record', { kind: a.recordKind, title: truncate(text(found[field]), 60) }) : `${a.recordKind} ${a.recordId}`;
  }
  return record ? t('write-confirm-where-proof-record', { case: caseName, record, what }) : t('write-confirm-where-proof', { case: caseName, what });
}

/**
 * Turns a trail item into the confirmation of a held write. `call`: the trail's record of the
 * call ({item, icon, state, outcome, name, args}); `result`: the held result (its `error` and the
 * `proposal`: what the person asked, and what the model said it was doing); `conversation()`: the
 * conversation's id now (null before it is saved); `onAllowed(names)`: what the conversation allows
 * after an Allow for this conversation.
 */
export function holdWrite(call, result, { conversation, onAllowed } = {}) {
  const error = (result && result.error) || {};
  const proposal = (result && result.proposal) || {};
  call.item.dataset.state = 'held';
  clear(call.icon).append('⚠');
  const where = h('dd', { class: 'held-where' }, '…');
  const whereLabel = h('dt', {});
  const list = h('dl', { class: 'held-details' }, whereLabel, where);
  const once = h('button', { type: 'button', class: 'button primary small allow-once' });
  const always = h('button', { type: 'button', class: 'button secondary small allow-conversation' });
  const refuse = h('button', { type: 'button', class: 'button secondary small dont-allow' });
  const status = h('p', { class: 'held-status', role: 'status' });
  const title = h('p', { class: 'held-title' });
  const reason = h('p', { class: 'held-reason' });
  const card = h('div', { class: 'held-write', role: 'group' }, title, reason, list, h('div', { class: 'held-actions' }, once, always, refuse), status);
  clear(call.outcome).append(card);
  call.item.title = text(error.message);

  // Where the card stands: held (with what the status line says: `said`), or written, or not.
  let settled = null; // null while held; else {state, line: () => text}
  let said = null; // () => the status line's text
  const findWhere = () => whereOf(call.name, call.args).then((place) => (where.textContent = place));
  /** Writes every word of the card (again, when the language changes). */
  const paint = () => {
    if (settled) {
      clear(call.outcome).append(` — ${settled.line()}`);
      call.state.textContent = ` — ${t(settled.state === 'ok' ? 'write-confirm-state-done' : 'write-confirm-state-not-written')}`;
      return;
    }
    call.state.textContent = ` — ${t('write-confirm-state-waiting')}`;
    const heading = t('write-confirm-heading', { tool: call.name });
    card.setAttribute('aria-label', heading);
    title.textContent = heading;
    reason.textContent = heldWhy(error.message);
    whereLabel.textContent = t('write-confirm-where');
    list.replaceChildren(whereLabel, where, ...writeDetails(call.name, call.args).flatMap(([label, value]) => [h('dt', {}, label), h('dd', {}, truncate(value, 600))]));
    if (text(proposal.why)) list.append(h('dt', {}, t('write-confirm-reason')), h('dd', { class: 'held-model-why' }, text(proposal.why)));
    if (text(proposal.asked)) list.append(h('dt', {}, t('write-confirm-asked')), h('dd', { class: 'held-asked' }, `“${text(proposal.asked)}”`));
    once.textContent = t('write-confirm-allow-once');
    always.textContent = t('write-confirm-allow-conversation');
    refuse.textContent = t('write-confirm-dont-allow');
    if (said) status.textContent = said();
  };
  paint();
  findWhere();
  const stop = onLanguageChange(() => {
    // A card no longer on screen (another conversation) listens no more.
    if (call.item.isConnected === false) {
      stop();
      return;
    }
    paint();
    if (!settled) findWhere();
  });

  const buttons = [once, always, refuse];
  const say = (fn) => {
    said = fn;
    status.textContent = fn ? fn() : '';
  };
  const settle = (state, icon, line) => {
    settled = { state, line };
    call.item.dataset.state = state;
    clear(call.icon).append(icon);
    paint();
    const words = line();
    announce(words.charAt(0).toUpperCase() + words.slice(1));
  };
  const allow = async (forConversation) => {
    const id = conversation ? conversation() : null;
    if (forConversation && !Number.isInteger(id)) {
      say(() => t('write-confirm-not-saved'));
      return;
    }
    for (const b of buttons) b.disabled = true;
    say(() => t('write-confirm-writing'));
    try {
      const args = call.args && typeof call.args === 'object' ? call.args : {};
      const written = await api.confirmWrite(call.name, args, forConversation ? { allow: 'conversation', conversationId: id } : {});
      const draft = written && written.draft;
      if (draft && Number.isInteger(draft.id)) {
        document.dispatchEvent(new CustomEvent('proseva:open-draft', { detail: { id: draft.id, version: draft.version } }));
      }
      if (forConversation && onAllowed) onAllowed(Array.isArray(written.allowed) ? written.allowed : []);
      settle('ok', '✓', forConversation ? () => t('write-confirm-written-conversation', { kinds: kindOf(call.name) }) : () => t('write-confirm-written-once'));
    } catch (err) {
      for (const b of buttons) b.disabled = false;
      const why = truncate((err && err.message) || String(err), 160);
      say(() => t('write-confirm-failed', { error: why }));
    }
  };
  once.addEventListener('click', () => allow(false));
  always.addEventListener('click', () => allow(true));
  refuse.addEventListener('click', () => settle('declined', '✗', () => t('write-confirm-declined')));
}

/**
 * The line under the question box: what this conversation lets the assistant write without
 * asking, and Take back. `line` is its element; `conversation()` the conversation's id now.
 */
export class GrantsLine {
  constructor(line, conversation) {
    this.line = line;
    this.conversation = conversation;
    this.names = [];
    this.show([]);
    // Another language: the line is said again.
    onLanguageChange(() => this.show(this.names));
  }

  /** Reads what the current conversation allows (after switching conversations). */
  async refresh() {
    const id = this.conversation();
    if (!Number.isInteger(id)) return this.show([]);
    try {
      this.show(await api.conversationGrants(id));
    } catch {
      this.show([]);
    }
  }

  show(names) {
    const allowed = (Array.isArray(names) ? names : []).filter((n) => TOOLS.includes(n));
    this.names = allowed;
    clear(this.line);
    this.line.hidden = allowed.length === 0;
    if (!allowed.length) return;
    const takeBack = h('button', { type: 'button', class: 'button link-like small revoke-grants' }, t('write-confirm-take-back'));
    takeBack.addEventListener('click', async () => {
      const id = this.conversation();
      if (Number.isInteger(id)) await api.revokeGrants(id);
      this.show([]);
      announce(t('write-confirm-taken-back'));
    });
    this.line.append(t('write-confirm-grants', { kinds: allowed.map(kindOf).join(', ') }), takeBack);
  }
}
