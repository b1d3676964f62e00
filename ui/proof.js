// The Case tab's "Proof for the hearing" page (issue 43): for the case's kind, what the court must
// find — what the side bringing the case must prove, then the answers to it — each element with
// where it stands (shown, partly, nothing yet: a count of the person's records, never a guess at
// who wins, and the caveat always on screen), its plain words, the sections it rests on, the kinds
// of evidence that show it (✓ or what is missing), the dates the notice check read, and the
// records linked to it (each with what it shows, to change, and Unlink); "Link a record" picks one
// of the case's documents, timeline events, notes, payments or people that the element takes.
// Then the hearing packet: the linked documents numbered as exhibits in the person's order, and
// "Export hearing packet" (PDF and Word in the exports folder). The server works the view out and
// writes the packet (docs/contracts.md, "Proof for the hearing"); this page only shows and asks.

import { h, append, clear, announce, spinner, said } from './dom.js';
import { api, commandError } from './api.js';
import { makeLink } from './markdown.js';
import { sectionLinks } from './path.js';
import { capitalize, formatMoney, mediumDate } from './format.js';
import { locale, localizeDom, onLanguageChange, t, tMessage } from './i18n.js';

/** Where an element stands, in a mark (never colour alone) and words (`proof-status`). */
const STATUS = {
  shown: { mark: '✓', tone: 'badge-ok' },
  partly: { mark: '◐', tone: 'badge-warn' },
  nothing: { mark: '○', tone: '' },
};

/** The records an element can be shown by, in the server's order (`proof::RECORD_KINDS`). */
const RECORDS = {
  document: { resource: 'documents', label: (d) => d.title || d.fileName },
  timeline: { resource: 'timeline', label: (e) => `${mediumDate(e.date)} — ${e.title}` },
  note: { resource: 'notes', label: (n) => n.title },
  finance: { resource: 'finances', label: (f) => `${mediumDate(f.date)} — ${formatMoney(Math.abs(f.amount))} — ${f.description || f.category}` },
  contact: {
    resource: 'contacts',
    label: (c) => (c.role && c.role !== 'other' ? t('proof-contact-label', { name: c.name, role: t('proof-contact-role', { role: c.role, words: c.role.replace(/_/g, ' ') }) }) : c.name),
  },
};
const RECORD_KINDS = Object.keys(RECORDS);
/** How many of each kind of record the picker reads. */
const PICK_LIMIT = 1000;

/** A button that does nothing now (disabled as it was made, or while its call runs). */
const off = (button) => button.disabled === true || button.hasAttribute('disabled');

/** The two headings: what must be proved, then the answers — said from the person's side, as
 * the server's book for the kind words them (`claimHeading`, `defenceHeading`). */
export function sideTitles(proof) {
  return { claim: proof.claimHeading || t('proof-claim-title'), defence: proof.defenceHeading || t('proof-defence-title') };
}

/** "2 shown · 1 partly shown · 5 with nothing yet", as a list (`#proof-counts`). */
export function countsNode(counts) {
  return h(
    'ul',
    { class: 'proof-counts', id: 'proof-counts', ...tMessage('proof-counts-label').attributes },
    Object.entries(STATUS).map(([status, s]) => {
      // The mark (hidden from screen readers) stays in front of the message's words.
      const args = { status, count: Number((counts && counts[status]) || 0) };
      const li = h(
        'li',
        { class: ['proof-count', `proof-count-${status}`], dataset: { status }, 'data-l10n-id': 'proof-count', 'data-l10n-args': JSON.stringify(args) },
        h('span', { class: 'proof-count-mark', 'aria-hidden': 'true' }, s.mark),
        h('strong', { class: 'proof-count-n', 'data-l10n-name': 'n' }),
      );
      localizeDom(li);
      return li;
    }),
  );
}

/** An element's status badge: its mark and its words. */
function statusBadge(status) {
  const s = STATUS[status] || STATUS.nothing;
  return h('span', { class: ['badge', 'proof-status', s.tone], dataset: { status } }, h('span', { 'aria-hidden': 'true' }, s.mark), t('proof-status', { status: STATUS[status] ? status : 'nothing' }));
}

/** "a document, a timeline event or a note", as the language lists choices. */
function kindsText(kinds) {
  const words = kinds.map((kind) => t('proof-record-a', { kind }));
  return new Intl.ListFormat(locale(), { type: 'disjunction' }).format(words);
}

/** The kinds of evidence of an element: ✓ and what it is when a link covers it, else the missing sentence. */
export function evidenceList(kinds, links) {
  return h(
    'ul',
    { class: 'proof-evidence-list' },
    kinds.map((k) => {
      const covered = links.some((l) => (l.covers || []).includes(k.id));
      return h(
        'li',
        { class: 'proof-evidence', dataset: { evidence: k.id, covered: String(covered) } },
        h('span', { class: 'proof-evidence-mark', 'aria-hidden': 'true' }, covered ? '✓' : '✗'),
        h('span', { class: 'visually-hidden' }, `${covered ? t('proof-have') : t('proof-missing')} `),
        covered ? k.what : k.missing,
        h('span', { class: 'proof-evidence-by muted' }, ` (${kindsText(k.recordKinds || [])})`),
      );
    }),
  );
}

/** "Document · Dec 1, 2025" (or "added Dec 1, 2025" for a document's day it was added). */
function linkMeta(link) {
  const noun = t('proof-record-noun', { kind: link.recordKind });
  if (!link.date) return noun;
  return `${noun} · ${recordDate(link)}`;
}

/** A linked record's date: "Dec 1, 2025", or "added Dec 1, 2025" for the day a document was added. */
function recordDate(link) {
  return t('proof-record-date', { added: link.dateIsAdded ? 'yes' : 'no', date: mediumDate(link.date) });
}

/** Where an element comes from: each source, with when it was read. */
function sourcesNode(sources) {
  const list = Array.isArray(sources) ? sources.filter(Boolean) : [];
  if (!list.length) return null;
  return h(
    'details',
    { class: 'proof-sources' },
    h('summary', {}, t('proof-sources')),
    h(
      'ul',
      {},
      list.map((s) =>
        h('li', {}, s.url ? makeLink(s.url, s.label, s.label) : s.label, h('span', { class: 'muted' }, ` (${s.read})`), s.confirmed === false ? [' ', h('span', { class: 'badge badge-warn' }, t('proof-source-check'))] : null),
      ),
    ),
  );
}

export class ProofPage {
  constructor(ws, root) {
    this.ws = ws;
    this.root = root;
    this.seq = 0;
    this.proof = null;
    this.book = null;
    this.records = {};
    this.order = [];
    this.status = h('p', { class: 'list-status', id: 'proof-status', role: 'status' });
    this.summary = h('section', { class: 'card proof-summary', id: 'proof-summary', 'aria-labelledby': 'proof-title' });
    this.elements = h('div', { class: 'proof-elements', id: 'proof-elements' });
    this.packet = h('section', { class: 'card proof-packet', id: 'proof-packet', 'aria-labelledby': 'proof-packet-title', hidden: true });
    clear(root).append(
      h(
        'header',
        { class: 'page-head' },
        h('div', { class: 'page-titles' }, said('h3', { class: 'page-title', tabindex: '-1', 'data-l10n-id': 'proof-title' }), said('p', { class: 'page-lead', 'data-l10n-id': 'proof-lead' })),
      ),
      this.status,
      this.summary,
      this.elements,
      this.packet,
    );
    root.addEventListener('click', (e) => this.clicked(e));
    root.addEventListener('submit', (e) => this.submitted(e));
    // Another language: the page's words are said again, and what it shows drawn again in it.
    onLanguageChange(() => this.relocalize());
  }

  relocalize() {
    localizeDom(this.root);
    if (this.status.dataset.state === 'loading') this.showLoading();
    else if (this.status.dataset.state === 'error') this.showError(this.error);
    else if (this.proof) this.render();
  }

  showLoading() {
    clear(this.status).append(spinner(), ` ${t('proof-loading')}`);
  }

  showError(message) {
    this.error = message;
    const again = h('button', { type: 'button', class: 'button secondary small', dataset: { action: 'reload' } }, t('proof-try-again'));
    clear(this.status).append(h('span', { class: 'form-error' }, t('proof-not-read', { error: message })), ' ', again);
  }

  /** Another case: nothing of the last one kept. */
  reset() {
    this.proof = null;
    this.records = {};
    this.order = [];
    clear(this.summary);
    clear(this.elements);
    this.packet.hidden = true;
  }

  show() {
    return this.load();
  }

  /** The case's Proof view, its kind's elements and the records to pick from. */
  async load() {
    const caseId = this.ws.caseId;
    if (!caseId) return;
    const seq = (this.seq += 1);
    this.root.setAttribute('aria-busy', 'true');
    this.status.dataset.state = 'loading';
    this.showLoading();
    try {
      const [proof, records] = await Promise.all([api.caseProof(caseId), this.loadRecords(caseId)]);
      const book = proof.kind ? (this.book && this.book.kind === proof.kind ? this.book : await api.proofKind(proof.kind)) : null;
      if (seq !== this.seq || caseId !== this.ws.caseId) return;
      Object.assign(this, { proof, book, records });
      this.status.dataset.state = 'ready';
      clear(this.status);
      this.render();
    } catch (err) {
      if (seq !== this.seq) return;
      this.status.dataset.state = 'error';
      this.showError(commandError(err).message);
    } finally {
      if (seq === this.seq) this.root.setAttribute('aria-busy', 'false');
    }
  }

  /** The case's records of each kind (drafts are not evidence); a kind that fails is left empty. */
  async loadRecords(caseId) {
    const lists = await Promise.all(
      RECORD_KINDS.map((kind) =>
        api.listRecords(RECORDS[kind].resource, { caseId, limit: PICK_LIMIT }).then(
          (page) => ((page && page.items) || []).filter((r) => !(kind === 'document' && r.kind === 'draft')),
          () => [],
        ),
      ),
    );
    return Object.fromEntries(RECORD_KINDS.map((kind, i) => [kind, lists[i]]));
  }

  // ------------------------------------------------------------------ rendering

  render() {
    const p = this.proof;
    this.root.dataset.kind = p.kind || '';
    const counts = countsNode(p.counts);
    const caveat = h('p', { class: 'proof-caveat', id: 'proof-caveat', role: 'note' }, p.caveat);
    if (!p.kind) {
      const go = h('button', { type: 'button', class: 'button primary small', id: 'proof-go-path', dataset: { action: 'go-path' } }, t('proof-go-path'));
      append(clear(this.summary), [h('h4', { class: 'proof-title', id: 'proof-title' }, t('proof-no-kind-title')), h('p', { class: 'proof-message', id: 'proof-message' }, p.message), go, caveat]);
      clear(this.elements);
      this.packet.hidden = true;
      return;
    }
    append(clear(this.summary), [h('h4', { class: 'proof-title', id: 'proof-title' }, p.title), counts, caveat]);
    const titles = sideTitles(p);
    const group = (side) => {
      const mine = p.elements.filter((e) => e.side === side);
      if (!mine.length) return null;
      const id = `proof-${side}-title`;
      return h(
        'section',
        { class: 'proof-side', id: `proof-${side}`, 'aria-labelledby': id },
        h('h4', { class: 'group-title', id }, titles[side]),
        h('ol', { class: 'proof-element-list', 'aria-labelledby': id }, mine.map((e) => this.elementCard(e))),
      );
    };
    append(clear(this.elements), [group('claim'), group('defence')]);
    this.renderPacket();
  }

  /** The book's element (its kinds of evidence and sources) for a view's element. */
  bookElement(id) {
    return ((this.book && this.book.elements) || []).find((e) => e.id === id) || { evidenceKinds: [] };
  }

  elementCard(el) {
    const book = this.bookElement(el.id);
    const titleId = `proof-el-${el.id}-title`;
    const links = Array.isArray(el.links) ? el.links : [];
    const dates = Array.isArray(el.dates) ? el.dates : [];
    return h(
      'li',
      { class: ['card', 'proof-element'], id: `proof-el-${el.id}`, dataset: { element: el.id, status: el.status, side: el.side } },
      h('div', { class: 'proof-element-head' }, h('h5', { class: 'proof-element-title', id: titleId }, el.title), statusBadge(el.status)),
      h('p', { class: 'proof-plain' }, el.plain),
      el.sections && el.sections.length ? h('p', { class: 'proof-law' }, `${t('proof-law')} `, sectionLinks(el.sections)) : null,
      dates.length ? h('div', { class: ['proof-dates', el.period && el.period.short && 'proof-dates-short'], role: 'note' }, h('ul', {}, dates.map((d) => h('li', {}, d)))) : null,
      h('h6', { class: 'proof-subtitle' }, t('proof-evidence-title')),
      evidenceList(book.evidenceKinds || [], links),
      h('h6', { class: 'proof-subtitle' }, t('proof-records-title')),
      links.length ? h('ul', { class: 'proof-links' }, links.map((l) => this.linkItem(el, l))) : h('p', { class: 'muted proof-no-links' }, t('proof-no-links')),
      this.linkForm(el, book),
      sourcesNode(book.sources),
    );
  }

  /** A linked record: its label, kind and date, who proposed it, what it shows (to change), Unlink. */
  linkItem(el, link) {
    const key = `${el.id}-${link.recordKind}-${link.recordId}`;
    const data = { element: el.id, recordKind: link.recordKind, recordId: String(link.recordId) };
    const note = h('input', { class: 'input proof-note', id: `proof-note-${key}`, type: 'text', maxlength: '1000', autocomplete: 'off' });
    note.value = link.note || '';
    return h(
      'li',
      { class: 'proof-link', id: `proof-link-${key}`, dataset: { recordKind: link.recordKind, recordId: String(link.recordId), createdBy: link.createdBy } },
      h(
        'div',
        { class: 'proof-link-head' },
        h('strong', { class: 'proof-link-label' }, link.label),
        h('span', { class: 'muted proof-link-meta' }, ` ${linkMeta(link)}`),
        link.createdBy === 'agent' ? h('span', { class: 'badge proof-agent' }, t('proof-agent')) : null,
      ),
      h(
        'form',
        { class: 'proof-note-form', dataset: { ...data, form: 'note' }, novalidate: true },
        h('label', { for: note.id }, t('proof-note-label'), h('span', { class: 'visually-hidden' }, ` — ${link.label}`)),
        note,
        h('button', { type: 'submit', class: 'button secondary small', ...tMessage('proof-note-save', { label: link.label }).attributes }, t('proof-note-save', { label: link.label })),
        h('button', { type: 'button', class: 'button ghost small proof-unlink', dataset: { ...data, action: 'unlink' }, ...tMessage('proof-unlink', { label: link.label, title: el.title }).attributes }, t('proof-unlink', { label: link.label, title: el.title })),
        h('span', { class: 'list-status proof-note-status', id: `proof-note-status-${key}`, role: 'status' }),
      ),
    );
  }

  /** "Link a record" and its form: the case's records of the kinds the element takes. */
  linkForm(el, book) {
    const accepts = RECORD_KINDS.filter((k) => (book.evidenceKinds || []).some((ev) => (ev.recordKinds || []).includes(k)));
    const linked = new Set((el.links || []).map((l) => `${l.recordKind}:${l.recordId}`));
    const groups = accepts
      .map((kind) => [kind, (this.records[kind] || []).filter((r) => !linked.has(`${kind}:${r.id}`))])
      .filter(([, list]) => list.length);
    const formId = `proof-link-form-${el.id}`;
    const select = h('select', { class: 'input proof-pick', id: `proof-pick-${el.id}` }, groups.map(([kind, list]) => h('optgroup', { label: t('proof-record-group', { kind }) }, list.map((r) => h('option', { value: `${kind}:${r.id}` }, RECORDS[kind].label(r))))));
    if (groups.length) select.value = `${groups[0][0]}:${groups[0][1][0].id}`;
    const open = h('button', { type: 'button', class: 'button secondary small proof-open-link', id: `proof-open-link-${el.id}`, dataset: { action: 'open-link', element: el.id }, 'aria-expanded': 'false', 'aria-controls': formId, 'aria-describedby': `proof-el-${el.id}-title` }, t('proof-link-open'));
    const form = h(
      'form',
      { class: 'proof-link-form', id: formId, dataset: { form: 'link', element: el.id }, novalidate: true, hidden: true },
      h('p', { class: 'hint' }, t('proof-link-can-be', { kinds: kindsText(accepts) })),
      groups.length
        ? [
            h('div', { class: 'field' }, h('label', { for: select.id }, t('proof-link-record')), select),
            h('div', { class: 'field' }, h('label', { for: `proof-pick-note-${el.id}` }, t('proof-link-note')), h('input', { class: 'input', id: `proof-pick-note-${el.id}`, type: 'text', maxlength: '1000', autocomplete: 'off' })),
          ]
        : h('p', { class: 'muted proof-nothing-to-link' }, t('proof-link-nothing', { linked: linked.size ? 'yes' : 'no' })),
      h('p', { class: 'form-error', id: `proof-link-error-${el.id}`, role: 'alert', hidden: true }),
      h(
        'div',
        { class: 'form-actions' },
        h('button', { type: 'submit', class: 'button primary small', disabled: !groups.length }, t('proof-link')),
        h('button', { type: 'button', class: 'button ghost small', dataset: { action: 'close-link', element: el.id } }, t('proof-link-cancel')),
      ),
    );
    return h('div', { class: 'proof-link-box' }, open, form);
  }

  // ------------------------------------------------------------------ the hearing packet

  /** The linked documents in the elements' order, each once, with the elements it goes to. */
  linkedDocuments() {
    const byId = new Map();
    for (const el of (this.proof && this.proof.elements) || []) {
      for (const l of el.links || []) {
        if (l.recordKind !== 'document') continue;
        if (!byId.has(l.recordId)) byId.set(l.recordId, { id: l.recordId, label: l.label, date: l.date, dateIsAdded: l.dateIsAdded, goesTo: [] });
        byId.get(l.recordId).goesTo.push(el.title);
      }
    }
    return byId;
  }

  /** The exhibits in the person's order: those they moved first, the rest as linked. */
  exhibits() {
    const byId = this.linkedDocuments();
    const ids = [...this.order.filter((id) => byId.has(id)), ...[...byId.keys()].filter((id) => !this.order.includes(id))];
    return ids.map((id) => byId.get(id));
  }

  renderPacket() {
    const exhibits = this.exhibits();
    const move = (ex, i, dir) => {
      const off = dir === 'up' ? i === 0 : i === exhibits.length - 1;
      // The name starts with the words on the button (what a person using speech says).
      const { value, attributes } = tMessage(dir === 'up' ? 'proof-move-up' : 'proof-move-down', { number: i + 1, label: ex.label });
      return h('button', { type: 'button', class: 'button ghost small', disabled: off, dataset: { action: `move-${dir}`, documentId: String(ex.id) }, ...attributes }, value);
    };
    const list = exhibits.length
      ? h(
          'ol',
          { class: 'proof-exhibits', id: 'proof-exhibits', 'aria-labelledby': 'proof-packet-title' },
          exhibits.map((ex, i) =>
            h(
              'li',
              { class: 'proof-exhibit', dataset: { documentId: String(ex.id), number: String(i + 1) } },
              h('span', { class: 'proof-exhibit-number' }, t('proof-exhibit', { number: i + 1 })),
              h('span', { class: 'proof-exhibit-what' }, h('strong', {}, ex.label), ex.date ? h('span', { class: 'muted' }, ` · ${recordDate(ex)}`) : null, h('span', { class: 'proof-exhibit-goes muted' }, t('proof-exhibit-goes', { parts: ex.goesTo.join('; ') }))),
              h('span', { class: 'proof-exhibit-move', role: 'group', ...tMessage('proof-exhibit-order', { number: i + 1 }).attributes }, move(ex, i, 'up'), move(ex, i, 'down')),
            ),
          ),
        )
      : h('p', { class: 'muted', id: 'proof-no-exhibits' }, t('proof-no-exhibits'));
    this.exportButton = h('button', { type: 'button', class: 'button primary', id: 'proof-export', dataset: { action: 'export' } }, t('proof-export'));
    this.packetResult = h('div', { class: 'proof-packet-result', id: 'proof-packet-result', 'aria-live': 'polite' });
    append(clear(this.packet), [
      h('h4', { class: 'card-heading', id: 'proof-packet-title' }, t('proof-packet-title')),
      h('p', { class: 'hint' }, t('proof-packet-lead')),
      list,
      h('div', { class: 'form-actions' }, this.exportButton),
      this.packetResult,
    ]);
    this.packet.hidden = false;
  }

  /** Moves exhibit `id` one place up or down; the keyboard stays on the moved exhibit. */
  move(id, dir) {
    const ids = this.exhibits().map((ex) => ex.id);
    const at = ids.indexOf(id);
    const to = dir === 'up' ? at - 1 : at + 1;
    if (at < 0 || to < 0 || to >= ids.length) return;
    [ids[at], ids[to]] = [ids[to], ids[at]];
    this.order = ids;
    this.renderPacket();
    const item = this.packet.querySelector(`li.proof-exhibit[data-document-id="${id}"]`);
    const same = item.querySelector(`button[data-action="move-${dir}"]`);
    (off(same) ? item.querySelector(`button[data-action="move-${dir === 'up' ? 'down' : 'up'}"]`) : same).focus();
    announce(t('proof-moved', { label: this.exhibits()[to].label, number: to + 1 }));
  }

  async exportPacket() {
    const button = this.exportButton;
    if (off(button)) return;
    button.disabled = true;
    this.packetResult.dataset.state = 'saving';
    clear(this.packetResult).append(h('p', { class: 'muted' }, spinner(), ` ${t('proof-exporting')}`));
    try {
      const made = await api.hearingPacket(this.ws.caseId, this.exhibits().map((ex) => ex.id));
      const files = Array.isArray(made.files) ? made.files : [];
      const warnings = Array.isArray(made.warnings) ? made.warnings : [];
      this.packetResult.dataset.state = 'saved';
      append(clear(this.packetResult), [
        h('p', { id: 'proof-packet-done' }, t('proof-packet-saved', { count: files.length })),
        h('ul', { class: 'proof-files help-files', id: 'proof-files' }, files.map((f) => h('li', { title: f.path, dataset: { path: f.path } }, h('strong', {}, f.fileName), h('span', { class: 'muted proof-file-path' }, f.path)))),
        warnings.length ? h('div', { class: 'proof-warnings', id: 'proof-warnings', role: 'note' }, h('p', {}, h('strong', {}, t('proof-packet-look'))), h('ul', {}, warnings.map((w) => h('li', {}, w)))) : null,
      ]);
      announce(t('proof-packet-announce', { count: files.length }));
    } catch (err) {
      this.packetResult.dataset.state = 'error';
      clear(this.packetResult).append(h('p', { class: 'form-error', role: 'alert' }, t('proof-packet-failed', { error: commandError(err).message })));
    } finally {
      button.disabled = false;
    }
  }

  // ------------------------------------------------------------------ links

  clicked(e) {
    const button = e.target instanceof Element ? e.target.closest('button[data-action]') : null;
    if (!button || off(button)) return;
    const { action, element } = button.dataset;
    if (action === 'reload') this.load();
    else if (action === 'go-path') this.ws.go('path');
    else if (action === 'open-link' || action === 'close-link') this.toggleLinkForm(element, action === 'open-link');
    else if (action === 'unlink') this.change(button, { element, kind: button.dataset.recordKind, id: Number(button.dataset.recordId), linked: false });
    else if (action === 'move-up' || action === 'move-down') this.move(Number(button.dataset.documentId), action.slice(5));
    else if (action === 'export') this.exportPacket();
  }

  toggleLinkForm(element, open) {
    const form = this.root.querySelector(`#proof-link-form-${element}`);
    const opener = this.root.querySelector(`#proof-open-link-${element}`);
    if (!form || !opener) return;
    form.hidden = !open;
    opener.setAttribute('aria-expanded', String(open));
    if (open) (form.querySelector('select') || form.querySelector('button[type="submit"]')).focus();
    else opener.focus();
  }

  submitted(e) {
    const form = e.target instanceof Element ? e.target.closest('form[data-form]') : null;
    if (!form) return;
    e.preventDefault();
    const element = form.dataset.element;
    if (form.dataset.form === 'note') {
      const note = form.querySelector('input.proof-note').value;
      this.change(form.querySelector('button[type="submit"]'), { element, kind: form.dataset.recordKind, id: Number(form.dataset.recordId), linked: true, note });
      return;
    }
    const select = form.querySelector('select');
    if (!select || !select.value) return;
    const [kind, id] = select.value.split(':');
    const note = form.querySelector(`#proof-pick-note-${element}`).value;
    this.change(form.querySelector('button[type="submit"]'), { element, kind, id: Number(id), linked: true, note: note.trim() ? note : null, picked: true });
  }

  /**
   * Sends one change of a link; the answer is the whole view, shown again with the keyboard where
   * the person was. A refusal is shown beside what they did, their choice and words kept.
   */
  async change(button, { element, kind, id, linked, note = null, picked = false }) {
    const caseId = this.ws.caseId;
    const el = this.proof.elements.find((x) => x.id === element);
    const title = el ? el.title : element;
    const before = el && el.links.find((l) => l.recordKind === kind && l.recordId === id);
    button.disabled = true;
    try {
      const proof = await api.linkProof(caseId, element, kind, id, linked, note);
      if (caseId !== this.ws.caseId) return;
      this.proof = proof;
      this.render();
      const after = proof.elements.find((x) => x.id === element);
      const link = after && after.links.find((l) => l.recordKind === kind && l.recordId === id);
      const label = (link || before || { label: t('proof-the-record') }).label;
      const where = t('proof-where', { shown: Number(proof.counts.shown) || 0, partly: Number(proof.counts.partly) || 0, nothing: Number(proof.counts.nothing) || 0 });
      const key = `${element}-${kind}-${id}`;
      if (!linked) {
        this.root.querySelector(`#proof-open-link-${element}`).focus();
        announce(`${t('proof-unlinked', { label: capitalize(label), title })} ${where}`);
      } else if (picked) {
        const input = this.root.querySelector(`#proof-note-${key}`);
        if (input) input.focus();
        announce(`${t('proof-linked', { label, title })} ${where}`);
      } else {
        const status = this.root.querySelector(`#proof-note-status-${key}`);
        if (status) status.textContent = t('proof-saved');
        const input = this.root.querySelector(`#proof-note-${key}`);
        if (input) input.focus();
      }
    } catch (err) {
      button.disabled = false;
      const message = commandError(err).message;
      if (picked) {
        const error = this.root.querySelector(`#proof-link-error-${element}`);
        error.textContent = t('proof-not-linked', { error: message });
        error.hidden = false;
        error.setAttribute('tabindex', '-1');
        error.focus();
      } else {
        const status = this.root.querySelector(`#proof-note-status-${element}-${kind}-${id}`);
        if (status) {
          status.textContent = linked ? t('proof-not-saved', { error: message }) : t('proof-not-unlinked', { error: message });
          status.classList.add('error');
        }
        button.focus();
      }
    }
  }
}
