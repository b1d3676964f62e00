// A write the assistant proposed and the tool pipeline held (`needs_confirmation`): what it would
// write, where, why, and what the person asked, with Allow once, Allow for this conversation and
// Don't allow. Nothing is written until the person presses Allow (the app's `confirm_write`, the
// person's own action); "for this conversation" lets later questions there make that kind of
// write without asking, and the line under the question box says so, with a way to take it back.

import { h, clear, announce, truncate } from './dom.js';
import { api } from './api.js';

/** What each write does, as the card's heading says it. */
const ACTIONS = {
  create_note: 'add a note',
  append_to_note: 'add to one of your notes',
  link: 'link one of your records to the law',
  add_deadline: 'add a deadline',
  create_draft: 'make a draft',
  create_paper: 'build a paper for you to sign and file',
  link_evidence: 'link one of your records to what the court must find',
  process_opinion: 'record a court opinion in your case-law notes',
};

/** The kinds of write, as the line of what is allowed names them. */
const NOUNS = {
  create_note: 'new notes',
  append_to_note: 'additions to notes',
  link: 'links',
  add_deadline: 'deadlines',
  create_draft: 'drafts',
  create_paper: 'papers to file',
  link_evidence: 'records linked to what the court must find',
  process_opinion: 'court opinions in your case-law notes',
};

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
      add('Title', a.title);
      add('Text', a.body);
      break;
    case 'append_to_note':
      add('Added text', a.text);
      break;
    case 'link':
      add('From', a.fromKind && Number.isInteger(a.fromId) ? `${a.fromKind} ${a.fromId}` : '');
      add('To', a.toKind === 'section' && a.to !== undefined ? `§ ${String(a.to).replace(/^§\s*/, '')}` : a.to !== undefined ? `${a.toKind || ''} ${a.to}`.trim() : '');
      add('Why', a.why);
      break;
    case 'add_deadline':
      add('Deadline', a.title);
      add('Date', a.date);
      add('Rule', a.ruleId);
      add('Counted from', a.triggerDate);
      break;
    case 'create_draft':
      add('Kind', a.kind);
      add('Title', a.title);
      add('Content', a.content);
      break;
    case 'create_paper': {
      add('Paper', a.paper);
      const fields = a.fields && typeof a.fields === 'object' ? a.fields : {};
      for (const [name, value] of Object.entries(fields)) {
        // `hearingDate` → "Hearing date".
        const words = name.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
        add(words.charAt(0).toUpperCase() + words.slice(1), Array.isArray(value) ? value.join('\n') : typeof value === 'boolean' ? (value ? 'yes' : 'no') : value);
      }
      break;
    }
    case 'link_evidence':
      add('Change', a.linked === false ? 'take the link away' : 'link the record');
      add('Record', a.recordKind && Number.isInteger(a.recordId) ? `${a.recordKind} ${a.recordId}` : '');
      add('What it shows', a.note);
      break;
    case 'process_opinion':
      add('Opinion', Number.isInteger(a.opinion_id) ? `CourtListener opinion ${a.opinion_id}` : '');
      add('What is kept', Number.isInteger(a.opinion_id) ? 'the opinion, a short holding written by the assistant, and links to the Code sections it cites' : '');
      break;
    default:
      break;
  }
  return rows;
}

/** Why a write was held, said to the person (the result says it to the model). */
export function heldWhy(why) {
  if (/reads like instructions/.test(why || '')) {
    return 'Something read for this answer contained instructions, so nothing is written on its account unless you allow it.';
  }
  return 'Nothing is written to your records unless you allow it.';
}

/** Where the write would go, once looked up: the case or the note, by name. */
async function whereOf(tool, args) {
  const a = args && typeof args === 'object' ? args : {};
  if (tool === 'process_opinion') return 'your case-law notes in the law graph';
  const name = async (resource, id, field, noun) => {
    try {
      const record = await api.getRecord(resource, id);
      const shown = record && text(record[field]);
      return shown ? `${noun} “${truncate(shown, 60)}”` : `${noun} ${id}`;
    } catch {
      return `${noun} ${id}`;
    }
  };
  if (tool === 'link_evidence' && Number.isInteger(a.caseId)) return proofPlace(a);
  if (Number.isInteger(a.noteId)) return name('notes', a.noteId, 'title', 'the note');
  if (a.fromKind === 'note' && Number.isInteger(a.fromId)) return name('notes', a.fromId, 'title', 'the note');
  if (Number.isInteger(a.caseId)) return name('cases', a.caseId, 'name', 'the case');
  return 'your records, in no case';
}

/** The records a link to what the court must find can be, by the resource that holds them. */
const PROOF_RECORDS = { document: ['documents', 'title'], timeline: ['timeline', 'title'], note: ['notes', 'title'], finance: ['finances', 'description'], contact: ['contacts', 'name'] };

/**
 * Where `link_evidence` would write, by name: the case, what the court must find there (the
 * element's title from the case's Proof view) and the record, once each is looked up.
 */
async function proofPlace(a) {
  const [proof, caseRecord] = await Promise.all([api.caseProof(a.caseId).catch(() => null), api.getRecord('cases', a.caseId).catch(() => null)]);
  const caseName = caseRecord && text(caseRecord.name) ? `the case “${truncate(text(caseRecord.name), 60)}”` : `the case ${a.caseId}`;
  const element = proof && Array.isArray(proof.elements) ? proof.elements.find((e) => e.id === a.elementId) : null;
  const what = element ? `“${text(element.title)}”` : text(a.elementId) || 'what the court must find';
  const [resource, field] = PROOF_RECORDS[a.recordKind] || [];
  let record = '';
  if (resource && Number.isInteger(a.recordId)) {
    const found = await api.getRecord(resource, a.recordId).catch(() => null);
    record = found && text(found[field]) ? `your ${a.recordKind === 'finance' ? 'payment' : a.recordKind} “${truncate(text(found[field]), 60)}”` : `${a.recordKind} ${a.recordId}`;
  }
  return `${caseName}, Proof for the hearing: ${record ? `${record} for ` : ''}${what}`;
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
  call.state.textContent = ' — waiting for you';
  const action = ACTIONS[call.name] || `use ${call.name}`;
  const details = writeDetails(call.name, call.args);
  const where = h('dd', { class: 'held-where' }, '…');
  const list = h(
    'dl',
    { class: 'held-details' },
    h('dt', {}, 'Where'),
    where,
    ...details.flatMap(([label, value]) => [h('dt', {}, label), h('dd', {}, truncate(value, 600))]),
  );
  if (text(proposal.why)) list.append(h('dt', {}, 'The assistant’s reason'), h('dd', { class: 'held-model-why' }, text(proposal.why)));
  if (text(proposal.asked)) list.append(h('dt', {}, 'You asked'), h('dd', { class: 'held-asked' }, `“${text(proposal.asked)}”`));
  const once = h('button', { type: 'button', class: 'button primary small allow-once' }, 'Allow once');
  const always = h('button', { type: 'button', class: 'button secondary small allow-conversation' }, 'Allow for this conversation');
  const refuse = h('button', { type: 'button', class: 'button secondary small dont-allow' }, 'Don’t allow');
  const status = h('p', { class: 'held-status', role: 'status' });
  const heading = `The assistant wants to ${action}.`;
  const card = h(
    'div',
    { class: 'held-write', role: 'group', 'aria-label': heading },
    h('p', { class: 'held-title' }, heading),
    h('p', { class: 'held-reason' }, heldWhy(error.message)),
    list,
    h('div', { class: 'held-actions' }, once, always, refuse),
    status,
  );
  clear(call.outcome).append(card);
  call.item.title = text(error.message);
  whereOf(call.name, call.args).then((place) => (where.textContent = place));

  const buttons = [once, always, refuse];
  const settle = (state, icon, line) => {
    call.item.dataset.state = state;
    clear(call.icon).append(icon);
    clear(call.outcome).append(` — ${line}`);
    call.state.textContent = state === 'ok' ? ' — done' : ' — not written';
    announce(line.charAt(0).toUpperCase() + line.slice(1));
  };
  const allow = async (forConversation) => {
    const id = conversation ? conversation() : null;
    if (forConversation && !Number.isInteger(id)) {
      status.textContent = 'This conversation is not saved yet; use Allow once.';
      return;
    }
    for (const b of buttons) b.disabled = true;
    status.textContent = 'Writing…';
    try {
      const args = call.args && typeof call.args === 'object' ? call.args : {};
      const written = await api.confirmWrite(call.name, args, forConversation ? { allow: 'conversation', conversationId: id } : {});
      const draft = written && written.draft;
      if (draft && Number.isInteger(draft.id)) {
        document.dispatchEvent(new CustomEvent('proseva:open-draft', { detail: { id: draft.id, version: draft.version } }));
      }
      if (forConversation && onAllowed) onAllowed(Array.isArray(written.allowed) ? written.allowed : []);
      settle('ok', '✓', forConversation ? `written: you allowed ${NOUNS[call.name] || call.name} for this conversation` : 'written: you allowed it once');
    } catch (err) {
      for (const b of buttons) b.disabled = false;
      status.textContent = `Could not write it: ${truncate((err && err.message) || String(err), 160)}`;
    }
  };
  once.addEventListener('click', () => allow(false));
  always.addEventListener('click', () => allow(true));
  refuse.addEventListener('click', () => settle('declined', '✗', 'not written: you did not allow it'));
}

/**
 * The line under the question box: what this conversation lets the assistant write without
 * asking, and Take back. `line` is its element; `conversation()` the conversation's id now.
 */
export class GrantsLine {
  constructor(line, conversation) {
    this.line = line;
    this.conversation = conversation;
    this.show([]);
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
    const allowed = (Array.isArray(names) ? names : []).filter((n) => NOUNS[n]);
    clear(this.line);
    this.line.hidden = allowed.length === 0;
    if (!allowed.length) return;
    const takeBack = h('button', { type: 'button', class: 'button link-like small revoke-grants' }, 'Take back');
    takeBack.addEventListener('click', async () => {
      const id = this.conversation();
      if (Number.isInteger(id)) await api.revokeGrants(id);
      this.show([]);
      announce('Every change asks you again in this conversation.');
    });
    this.line.append(`In this conversation the assistant may write without asking: ${allowed.map((n) => NOUNS[n]).join(', ')}. `, takeBack);
  }
}
