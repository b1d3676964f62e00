// The Case tab's "Papers to file" page (issue 40): the court papers ProSeVA can write for the
// case's kind — a motion, a notice, a letter to the clerk —, each with when to file it and why it
// holds the parts it holds (the rule or page behind each, and when it was read); the form for one
// (the person's details proposed from the case, saying where from, the paper's own questions, the
// certificate of service); the paper built and shown as a page, with what to look at before
// filing, the check before filing, Word and PDF copies, and Edit (a new version). Also the check
// of a paper the other side filed, and "Fill a form I downloaded" (fill-form.js). The server
// builds and checks every paper; this page only asks and shows.

import { h, append, clear, announce, spinner } from './dom.js';
import { api, commandError } from './api.js';
import { FieldSet, rejectionText } from './forms.js';
import { makeLink } from './markdown.js';
import { paperSheet } from './paper-preview.js';
import { FormFiller } from './fill-form.js';

const SERVICE_METHODS = [
  ['hand', 'By hand'],
  ['mail', 'By first-class mail'],
  ['email', 'By e-mail'],
];
const SIDES = [
  ['plaintiff', 'Plaintiff (I sued)'],
  ['defendant', 'Defendant (I was sued)'],
  ['petitioner', 'Petitioner (I asked the court)'],
  ['respondent', 'Respondent (the other side asked)'],
];
/** The kinds of case whose side the kind does not say. */
const SIDE_UNKNOWN = [null, 'custody-visitation', 'appeal-district'];
const CITATION_TEXT = {
  found: 'found',
  not_found: 'not found — check the citation',
  ambiguous: 'more than one case matches — check it',
  unknown_reporter: 'a reporter the look-up does not know — check it by hand',
  not_checked: 'not checked — check it by hand',
};

/** "Filled in from … ." after a field's own hint. */
function fromHint(hint, from) {
  return [hint, from ? `Filled in from ${from}.` : null].filter(Boolean).join(' ');
}

/** A required part and the rule or page it rests on, with when that was read. */
function partItem(part) {
  return h(
    'li',
    { class: 'paper-part' },
    h('span', { class: 'paper-part-what' }, part.part),
    h('span', { class: 'paper-part-source' }, ' — ', part.url ? makeLink(part.url, part.source, part.source) : part.source),
    h('span', { class: 'paper-part-read muted' }, ` (${part.read})`),
    part.confirmed === false ? h('span', { class: 'badge badge-warn paper-part-check' }, 'official text of 2023 — check it today') : null,
  );
}

/** One paper of the list: its title, when to file it, why its parts, and "Write this paper". */
function kindCard(kind) {
  const parts = Array.isArray(kind.requiredParts) ? kind.requiredParts : [];
  return h(
    'li',
    { class: 'card paper-kind', dataset: { paper: kind.id, layout: kind.layout } },
    h('h5', { class: 'paper-kind-title', id: `paper-kind-${kind.id}` }, kind.title),
    h('p', { class: 'paper-when' }, h('strong', {}, 'When to file it: '), kind.when),
    parts.length ? h('details', { class: 'paper-why' }, h('summary', {}, 'Why these parts'), h('ul', { class: 'paper-parts' }, parts.map(partItem))) : null,
    h('button', { type: 'button', class: 'button primary small', dataset: { action: 'write', paper: kind.id }, 'aria-describedby': `paper-kind-${kind.id}` }, 'Write this paper'),
  );
}

/**
 * What the check before filing found: each finding (with what the paper says and what was
 * expected), the case citations, and what was checked — "Nothing to fix was found" with the list
 * of what was checked when nothing was.
 */
export function findingsNodes(report) {
  const findings = Array.isArray(report.findings) ? report.findings : [];
  const checked = Array.isArray(report.checked) ? report.checked : [];
  const citations = Array.isArray(report.citations) ? report.citations : [];
  const checkedList = h('ul', { class: 'paper-checked-list' }, checked.map((c) => h('li', {}, c)));
  const out = [];
  if (findings.length) {
    out.push(
      h('h5', { class: 'paper-findings-title' }, `${findings.length} thing${findings.length === 1 ? '' : 's'} to look at before filing`),
      h(
        'ul',
        { class: 'paper-finding-list' },
        findings.map((f) =>
          h(
            'li',
            { class: 'paper-finding', dataset: { kind: f.kind } },
            h('p', { class: 'paper-finding-message' }, f.message),
            f.found || f.expected
              ? h(
                  'dl',
                  { class: 'paper-finding-values' },
                  f.found ? h('div', {}, h('dt', {}, 'In the paper'), h('dd', {}, f.found)) : null,
                  f.expected ? h('div', {}, h('dt', {}, 'Expected'), h('dd', {}, f.expected)) : null,
                )
              : null,
          ),
        ),
      ),
    );
  } else {
    out.push(h('p', { class: 'paper-clean' }, h('strong', {}, 'Nothing to fix was found.'), ' The check is not a lawyer’s review: read the paper through before you file it.'));
  }
  if (citations.length) {
    out.push(
      h('h6', { class: 'paper-subtitle' }, 'Case citations'),
      h(
        'ul',
        { class: 'paper-citations' },
        citations.map((c) =>
          h('li', { dataset: { status: c.status } }, h('strong', {}, c.citation), `: ${CITATION_TEXT[c.status] || c.status}`, c.caseName ? ` (${c.caseName})` : null, c.url ? [' ', makeLink(c.url, 'open', c.url)] : null),
        ),
      ),
    );
  }
  if (findings.length) out.push(h('details', { class: 'paper-checked' }, h('summary', {}, 'What was checked'), checkedList));
  else out.push(h('h6', { class: 'paper-subtitle' }, 'What was checked'), checked.length ? checkedList : h('p', { class: 'muted' }, 'The check found nothing it could compare in this paper.'));
  return h('div', { class: 'paper-findings', dataset: { count: String(findings.length) } }, out);
}

export class PapersPage {
  constructor(ws, root) {
    this.ws = ws;
    this.root = root;
    this.seq = 0;
    this.kinds = null;
    this.kindsFor = undefined;
    this.kind = null;
    this.built = null;
    this.filler = new FormFiller({ getCaseId: () => this.ws.caseId });
    this.fillButton = h('button', { type: 'button', class: 'button secondary', id: 'papers-fill-form', 'aria-controls': 'form-filler', 'aria-expanded': 'false' }, 'Fill a form I downloaded');
    this.list = h('ul', { class: 'paper-kinds', id: 'paper-kinds', 'aria-labelledby': 'paper-kinds-title' });
    this.listNote = h('p', { class: 'hint', id: 'paper-kinds-note' });
    this.theirs = this.theirsCard();
    this.listView = h(
      'div',
      { class: 'papers-list-view', id: 'papers-list-view' },
      h('section', { class: 'papers-kinds-box', 'aria-labelledby': 'paper-kinds-title' }, h('h4', { class: 'group-title', id: 'paper-kinds-title' }, 'Papers ProSeVA can write for this case'), this.listNote, this.list),
      this.theirs,
    );
    this.formView = h('section', { class: 'card paper-form-box', id: 'paper-form-box', 'aria-labelledby': 'paper-form-title', hidden: true });
    this.resultView = h('section', { class: 'paper-result', id: 'paper-result', 'aria-labelledby': 'paper-result-title', hidden: true });
    clear(root).append(
      h(
        'header',
        { class: 'page-head' },
        h(
          'div',
          { class: 'page-titles' },
          h('h3', { class: 'page-title', tabindex: '-1' }, 'Papers to file'),
          h('p', { class: 'page-lead' }, 'Court papers written from your case — a motion, a notice, a letter to the clerk — laid out as the court expects, checked before you file, and saved as Word or PDF. You read them, sign them and file them.'),
        ),
        h('div', { class: 'page-actions' }, this.fillButton),
      ),
      this.filler.el,
      this.listView,
      this.formView,
      this.resultView,
    );
    this.fillButton.addEventListener('click', () => this.toggleFiller());
    this.list.addEventListener('click', (e) => {
      const button = e.target instanceof Element ? e.target.closest('button[data-action="write"]') : null;
      if (button) this.choose(button.dataset.paper);
    });
  }

  get current() {
    return this.ws.currentCase || {};
  }

  /** Another case: back to the list, nothing of the last one kept. */
  reset() {
    this.kind = null;
    this.built = null;
    this.filler.reset();
    this.showView('list');
  }

  async show(opts = {}) {
    const kinds = this.loadKinds();
    if (opts.fillForm) {
      // After the workspace has put the keyboard on the page's title: the picker gets it.
      await Promise.resolve();
      this.openFiller(opts.fillForm);
    }
    await kinds;
    if (this.view === 'list' || !this.view) this.loadDocuments();
  }

  showView(view) {
    this.view = view;
    this.root.dataset.view = view;
    this.listView.hidden = view !== 'list';
    this.formView.hidden = view !== 'form';
    this.resultView.hidden = view !== 'result';
  }

  toggleFiller() {
    if (this.filler.el.hidden) this.openFiller();
    else {
      this.filler.close();
      this.fillButton.setAttribute('aria-expanded', 'false');
    }
  }

  openFiller(form = null) {
    this.fillButton.setAttribute('aria-expanded', 'true');
    this.filler.open({ form: form === true ? null : form });
  }

  /** The papers for the case's kind (every paper when it has none). */
  async loadKinds() {
    const kind = this.current.kind || null;
    if (this.kinds && this.kindsFor === kind) {
      if (!this.view) this.showView('list');
      return;
    }
    const seq = (this.seq += 1);
    this.list.setAttribute('aria-busy', 'true');
    clear(this.list).append(h('li', { class: 'list-status' }, spinner(), ' Reading the papers…'));
    try {
      const kinds = await api.paperKinds(kind);
      if (seq !== this.seq) return;
      this.kinds = Array.isArray(kinds) ? kinds : [];
      this.kindsFor = kind;
      this.renderKinds();
    } catch (err) {
      if (seq !== this.seq) return;
      clear(this.list).append(h('li', { class: 'list-status error' }, `The papers could not be read: ${commandError(err).message}`));
    } finally {
      if (seq === this.seq) this.list.setAttribute('aria-busy', 'false');
    }
    if (!this.view) this.showView('list');
  }

  renderKinds() {
    this.listNote.textContent = this.kindsFor
      ? 'The papers for this kind of case. Choose one: ProSeVA fills in what your case already says.'
      : 'Your case has no kind chosen on Step by step yet, so every paper is listed. Choose the kind there to see only the ones that fit.';
    clear(this.list).append(...this.kinds.map(kindCard));
    if (!this.kinds.length) this.list.append(h('li', { class: 'muted' }, 'No papers for this kind of case yet.'));
  }

  // ------------------------------------------------------------------ the form

  /** Shows the form for paper `id`, with what the case proposes. */
  async choose(id, { values = null, draft = null } = {}) {
    const kind = (this.kinds || []).find((k) => k.id === id);
    if (!kind) return;
    this.kind = kind;
    const caseId = this.ws.caseId;
    let proposed = { fields: {}, from: {} };
    if (!values) {
      try {
        proposed = await api.paperProposed(caseId, id);
      } catch {
        /* nothing proposed: the person types it all */
      }
    }
    this.renderForm(kind, values || proposed.fields || {}, values ? {} : proposed.from || {}, draft);
    this.showView('form');
    this.formView.querySelector('#paper-form-title').focus();
  }

  renderForm(kind, values, from, draft) {
    const editing = Boolean(draft);
    const c = this.current;
    const you = [
      { name: 'name', label: 'Your name, as you sign', required: true, autocomplete: 'name', hint: fromHint(null, from.name) },
      { name: 'address', label: 'Your address', type: 'textarea', rows: 3, required: true, wide: true, hint: fromHint('One line per line, as on an envelope. A party without a lawyer must give it on every paper (Code of Virginia § 8.01-271.1).', from.address) },
      { name: 'phone', label: 'Telephone', type: 'tel', autocomplete: 'tel', hint: fromHint(null, from.phone) },
      { name: 'email', label: 'E-mail', type: 'email', autocomplete: 'email', hint: fromHint(null, from.email) },
      { name: 'date', label: 'Date you sign it', type: 'date', hint: 'Leave it empty to write the date by hand when you sign.' },
    ];
    if (SIDE_UNKNOWN.includes(c.kind || null)) you.push({ name: 'side', label: 'Your side in the case', type: 'radio', options: SIDES, wide: true, hint: 'How the caption names you.' });
    const own = (kind.fields || []).map((f) => ({
      name: f.name,
      label: f.label,
      required: Boolean(f.required),
      wide: f.kind === 'text' || f.kind === 'choice' || f.kind === 'checkbox',
      type: { date: 'date', choice: 'radio', checkbox: 'checkbox', text: 'textarea' }[f.kind] || 'text',
      rows: 3,
      options: (f.options || []).map((o) => [o.value, o.label]),
      hint: fromHint(f.hint, from[f.name]),
    }));
    const service = [];
    if (kind.certificate === 'offered') service.push({ name: 'certificate', label: 'Add a certificate of service (I will give the other side a copy)', type: 'checkbox', wide: true });
    if (kind.certificate !== 'none') {
      service.push(
        { name: 'serviceMethod', label: 'How you give them the copy', type: 'radio', options: SERVICE_METHODS, wide: true },
        { name: 'serviceDate', label: 'The day you give or send it', type: 'date', hint: 'Leave it empty to write it in by hand.' },
        { name: 'servedOn', label: 'Who gets a copy', type: 'textarea', rows: 2, wide: true, hint: 'One person a line: “Name, address”. Leave it empty to use the other side’s name and the address in their contact.' },
      );
    }
    const start = { certificate: kind.certificate === 'offered' ? true : undefined, ...values };
    const error = h('p', { class: 'form-error', id: 'paper-form-error', role: 'alert', tabindex: '-1', hidden: true });
    const youBox = h('div', {});
    const ownBox = h('div', {});
    const serviceBox = h('div', {});
    this.sets = [new FieldSet(youBox, you, start, { prefix: 'paper' }), new FieldSet(ownBox, own, start, { prefix: 'paper' })];
    if (service.length) this.sets.push(new FieldSet(serviceBox, service, start, { prefix: 'paper' }));
    this.formError = error;
    this.draft = draft;
    this.paragraphs = editing ? this.paragraphEditor(draft.paragraphs) : null;
    const submit = h('button', { type: 'submit', class: 'button primary', id: 'paper-build' }, editing ? 'Build a new version' : 'Build the paper');
    const form = h(
      'form',
      { class: 'paper-form', id: 'paper-form', novalidate: true },
      error,
      h('fieldset', { class: 'paper-group', id: 'paper-you' }, h('legend', {}, 'About you (the signature block)'), youBox),
      own.length ? h('fieldset', { class: 'paper-group', id: 'paper-own' }, h('legend', {}, 'This paper'), ownBox) : null,
      service.length
        ? h(
            'fieldset',
            { class: 'paper-group', id: 'paper-service' },
            h('legend', {}, 'Certificate of service'),
            h('p', { class: 'hint' }, kind.certificate === 'required' ? 'This paper must say how the other side gets a copy: it stays on the paper.' : 'It tells the court the other side gets a copy. Keep it unless the clerk says it is not needed.'),
            serviceBox,
          )
        : null,
      this.paragraphs ? this.paragraphs.el : null,
      h('div', { class: 'form-actions' }, submit, h('span', { class: 'list-status', id: 'paper-build-status', role: 'status' })),
    );
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.build(submit);
    });
    const back = h('button', { type: 'button', class: 'button link-like small', id: 'paper-back' }, editing ? '← Back to the paper' : '← All papers');
    back.addEventListener('click', () => {
      this.showView(editing && this.built ? 'result' : 'list');
      const target = editing && this.built ? this.resultView.querySelector('#paper-result-title') : this.list.querySelector(`button[data-paper="${kind.id}"]`);
      if (target) target.focus();
    });
    const proposedCount = Object.keys(from).length;
    // dom.js's `append` leaves out the parts not there (the DOM's own would write "null").
    append(clear(this.formView), [
      h('div', { class: 'paper-form-head' }, back),
      h('p', { class: 'eyebrow' }, editing ? `Edit: a new version of version ${draft.version}` : 'Write a paper'),
      h('h4', { class: 'paper-form-title', id: 'paper-form-title', tabindex: '-1' }, kind.title),
      h('p', { class: 'paper-when' }, h('strong', {}, 'When to file it: '), kind.when),
      proposedCount ? h('p', { class: 'hint', id: 'paper-proposed-note' }, `${proposedCount} answer${proposedCount === 1 ? ' is' : 's are'} filled in from your case; each says where from. Change anything that is wrong.`) : null,
      form,
    ]);
    this.formView.dataset.paper = kind.id;
  }

  /** The numbered paragraphs as a list of boxes, to change, add or remove (Edit). */
  paragraphEditor(initial) {
    const list = h('ol', { class: 'paper-paragraph-list', id: 'paper-paragraph-list' });
    const error = h('p', { class: 'field-error', id: 'err-paper-paragraphs', hidden: true });
    let seq = 0;
    const add = (text = '', focus = false) => {
      seq += 1;
      const id = `paper-paragraph-${seq}`;
      const box = h('textarea', { id, class: 'input paper-paragraph', rows: 3, 'aria-describedby': 'err-paper-paragraphs' });
      box.value = text;
      const remove = h('button', { type: 'button', class: 'button ghost small' }, 'Remove');
      const item = h('li', { class: 'paper-paragraph-row' }, h('label', { for: id, class: 'visually-hidden' }, `Paragraph ${seq}`), box, remove);
      remove.setAttribute('aria-label', `Remove paragraph ${seq}`);
      remove.addEventListener('click', () => {
        const next = item.nextElementSibling || item.previousElementSibling;
        item.remove();
        (next ? next.querySelector('textarea') : more).focus();
      });
      list.append(item);
      if (focus) box.focus();
    };
    const more = h('button', { type: 'button', class: 'button secondary small', id: 'paper-paragraph-add' }, '+ Add a paragraph');
    more.addEventListener('click', () => add('', true));
    for (const p of initial || []) add(p);
    const el = h(
      'fieldset',
      { class: 'paper-group', id: 'paper-paragraphs' },
      h('legend', {}, 'The numbered paragraphs'),
      h('p', { class: 'hint' }, 'Change the words as you need; they are numbered in this order. Left as they are, they are written again from your answers above.'),
      list,
      more,
      error,
    );
    return { el, error, read: () => [...list.querySelectorAll('textarea')].map((t) => t.value.trim()).filter(Boolean) };
  }

  /** The fields as `build_paper` takes them: blanks left out; the paragraphs only when changed. */
  fields() {
    const out = {};
    for (const set of this.sets) {
      for (const [name, value] of Object.entries(set.values())) if (value !== null && value !== undefined) out[name] = value;
    }
    if (this.paragraphs && this.draft) {
      const now = this.paragraphs.read();
      // Sent when changed now, or when changed for the version being edited (else they would be
      // written again from the answers, and that change lost).
      if (this.draft.custom || JSON.stringify(now) !== JSON.stringify(this.draft.paragraphs || [])) out.paragraphs = now;
    }
    return out;
  }

  async build(submit) {
    if (submit.disabled || !this.kind) return;
    const status = this.formView.querySelector('#paper-build-status');
    for (const set of this.sets) set.clearErrors();
    this.formError.hidden = true;
    if (this.paragraphs) this.paragraphs.error.hidden = true;
    const values = this.fields();
    submit.disabled = true;
    status.textContent = 'Building the paper…';
    try {
      const built = await api.buildPaper(this.kind.id, this.ws.caseId, values, this.draft ? this.draft.id : null);
      this.values = values;
      status.textContent = '';
      this.showBuilt(built);
      this.ws.changed('drafts');
    } catch (err) {
      status.textContent = '';
      this.showRejection(commandError(err));
    } finally {
      submit.disabled = false;
    }
  }

  /** `fields.<name>` under its field (the paragraphs under theirs); the rest above the form. */
  showRejection(error) {
    const byField = {};
    const other = [];
    for (const [key, why] of Object.entries(error.fields || {})) {
      if (key.startsWith('fields.')) byField[key.slice('fields.'.length)] = why;
      else other.push(`${key}: ${why}`);
    }
    let known = 0;
    let first = null;
    const unknown = [...other];
    for (const set of this.sets) {
      const mine = Object.fromEntries(Object.entries(byField).filter(([name]) => set.input(name)));
      if (!Object.keys(mine).length) {
        set.clearErrors();
        continue;
      }
      const shown = set.showErrors({ fields: mine });
      known += shown.known;
      if (!first) first = document.activeElement;
    }
    if (byField.paragraphs && this.paragraphs) {
      this.paragraphs.error.textContent = byField.paragraphs;
      this.paragraphs.error.hidden = false;
      known += 1;
    }
    for (const [name, why] of Object.entries(byField)) {
      if (name !== 'paragraphs' && !this.sets.some((s) => s.input(name))) unknown.push(`${name}: ${why}`);
    }
    const text = rejectionText(error, { known, unknown }).replace(/^Not saved/, 'Not built');
    this.formError.textContent = error.code === 'invalid_input' && known && !unknown.length ? text.replace('(see below)', '(see each one below)') : text;
    this.formError.hidden = false;
    if (first) first.focus();
    else this.formError.focus();
  }

  // ------------------------------------------------------------------ the built paper

  showBuilt(built) {
    this.built = built;
    const { draft, paper } = built;
    const warnings = Array.isArray(built.warnings) ? built.warnings : [];
    this.saved = h('p', { class: 'paper-saved', id: 'paper-saved', role: 'status', hidden: true });
    this.checkResult = h('section', { class: 'paper-check-result', id: 'paper-check-result', 'aria-live': 'polite', 'aria-label': 'What the check found', hidden: true });
    const button = (id, text, on, extra = {}) => h('button', { type: 'button', class: ['button', extra.primary ? 'primary' : 'secondary', 'small'], id, dataset: extra.dataset || null, on: { click: on } }, text);
    append(clear(this.resultView), [
      h(
        'header',
        { class: 'paper-result-head' },
        h('p', { class: 'eyebrow' }, 'Your paper'),
        h('h4', { class: 'paper-form-title', id: 'paper-result-title', tabindex: '-1' }, draft.title),
        h('p', { class: 'muted', id: 'paper-version' }, `Version ${draft.version}, kept with this case’s drafts. Every version stays.`),
      ),
      h('p', { class: 'paper-when' }, h('strong', {}, 'When to file it: '), built.when || (this.kind && this.kind.when) || ''),
      warnings.length ? h('div', { class: 'paper-warnings', id: 'paper-warnings', role: 'note' }, h('p', {}, h('strong', {}, 'Look at these before you file:')), h('ul', {}, warnings.map((w) => h('li', {}, w)))) : null,
      h('p', { class: 'artifact-notice', id: 'paper-notice' }, draft.notice || 'Draft prepared with software. Not legal advice.'),
      h(
        'div',
        { class: 'paper-actions', role: 'group', 'aria-label': 'What to do with the paper' },
        button('paper-check', 'Check before filing', (e) => this.check(e.currentTarget), { primary: true }),
        button('paper-save-docx', 'Save as Word', (e) => this.export('docx', e.currentTarget), { dataset: { format: 'docx' } }),
        button('paper-save-pdf', 'Save as PDF', (e) => this.export('pdf', e.currentTarget), { dataset: { format: 'pdf' } }),
        button('paper-edit', 'Edit', () => this.edit()),
        h('button', { type: 'button', class: 'button link-like small', id: 'paper-another', on: { click: () => this.another() } }, 'Write another paper'),
      ),
      this.saved,
      this.checkResult,
      h('div', { class: 'paper-preview-wrap', id: 'paper-preview' }, paperSheet(paper)),
    ]);
    this.resultView.dataset.draftId = String(draft.id);
    this.resultView.dataset.version = String(draft.version);
    this.showView('result');
    this.resultView.querySelector('#paper-result-title').focus();
    announce(`The paper is built: ${draft.title}, version ${draft.version}.${warnings.length ? ` ${warnings.length} things to look at.` : ''}`);
  }

  async check(button) {
    if (!this.built) return;
    button.disabled = true;
    this.checkResult.hidden = false;
    this.checkResult.dataset.state = 'checking';
    clear(this.checkResult).append(h('p', { class: 'list-status' }, spinner(), ' Checking the paper against your case…'));
    try {
      const report = await api.checkPaper({ draftId: this.built.draft.id });
      clear(this.checkResult).append(h('h5', { class: 'paper-subtitle' }, 'The check before filing'), findingsNodes(report));
      this.checkResult.dataset.state = 'done';
      const n = (report.findings || []).length;
      announce(n ? `The check found ${n} thing${n === 1 ? '' : 's'} to look at.` : 'The check found nothing to fix.');
    } catch (err) {
      this.checkResult.dataset.state = 'error';
      clear(this.checkResult).append(h('p', { class: 'form-error', role: 'alert' }, `The check could not run: ${commandError(err).message}`));
    } finally {
      button.disabled = false;
    }
  }

  async export(format, button) {
    if (!this.built) return;
    const { draft } = this.built;
    button.disabled = true;
    this.saved.hidden = false;
    this.saved.dataset.state = 'saving';
    this.saved.textContent = 'Saving…';
    try {
      const written = await api.exportDraft(draft.id, draft.version, format);
      this.saved.dataset.state = 'saved';
      this.saved.dataset.format = format;
      this.saved.textContent = `Saved: ${written.path}`;
      announce('Saved to your exports folder.');
    } catch (err) {
      this.saved.dataset.state = 'error';
      this.saved.textContent = `Not saved: ${commandError(err).message}`;
    } finally {
      button.disabled = false;
    }
  }

  /** Back to the form with the answers given, and the paragraphs to change: a new version. */
  edit() {
    if (!this.built || !this.kind) return;
    const { draft, paper } = this.built;
    this.renderForm(this.kind, this.values || {}, {}, { id: draft.id, version: draft.version, paragraphs: paper.paragraphs || [], custom: Boolean(this.values && this.values.paragraphs) });
    this.showView('form');
    this.formView.querySelector('#paper-form-title').focus();
  }

  another() {
    this.built = null;
    this.showView('list');
    this.loadDocuments();
    const title = this.listView.querySelector('#paper-kinds-title');
    if (title) title.scrollIntoView({ block: 'start' });
    const first = this.list.querySelector('button[data-action="write"]');
    if (first) first.focus();
  }

  // ------------------------------------------------------------------ the other side's paper

  theirsCard() {
    this.theirsSelect = h('select', { id: 'paper-theirs-document', class: 'input', 'aria-describedby': 'paper-theirs-hint' });
    this.theirsButton = h('button', { type: 'button', class: 'button secondary', id: 'paper-theirs-check' }, 'Check it');
    this.theirsResult = h('div', { class: 'paper-check-result', id: 'paper-theirs-result', 'aria-live': 'polite' });
    this.theirsButton.addEventListener('click', () => this.checkTheirs());
    return h(
      'section',
      { class: 'card paper-theirs', id: 'paper-theirs', 'aria-labelledby': 'paper-theirs-title' },
      h('h4', { class: 'card-heading', id: 'paper-theirs-title' }, 'Check a paper the other side filed'),
      h('p', { class: 'hint', id: 'paper-theirs-hint' }, 'Add it to this case’s Documents first. The check compares it with your case — the names, the case number, the court, the dates — and looks up the law it cites.'),
      h('div', { class: 'field' }, h('label', { for: 'paper-theirs-document' }, 'The paper'), this.theirsSelect),
      this.theirsButton,
      this.theirsResult,
    );
  }

  /** The case's documents the person did not write here (drafts are their own). */
  async loadDocuments() {
    const caseId = this.ws.caseId;
    if (!caseId) return;
    let documents = [];
    try {
      const page = await api.listRecords('documents', { caseId, limit: 200 });
      documents = ((page && page.items) || []).filter((d) => d.kind !== 'draft');
    } catch {
      documents = [];
    }
    if (caseId !== this.ws.caseId) return;
    const chosen = this.theirsSelect.value;
    this.theirsSelect.replaceChildren(...documents.map((d) => h('option', { value: String(d.id) }, d.title || d.fileName)));
    if (!documents.length) this.theirsSelect.append(h('option', { value: '' }, 'No documents in this case yet'));
    if (documents.some((d) => String(d.id) === chosen)) this.theirsSelect.value = chosen;
    else this.theirsSelect.value = documents.length ? String(documents[0].id) : '';
    this.theirsButton.disabled = !documents.length;
  }

  async checkTheirs() {
    const id = Number(this.theirsSelect.value);
    if (!id) return;
    this.theirsButton.disabled = true;
    this.theirsResult.dataset.state = 'checking';
    clear(this.theirsResult).append(h('p', { class: 'list-status' }, spinner(), ' Checking the paper against your case…'));
    try {
      const report = await api.checkPaper({ documentId: id });
      clear(this.theirsResult).append(h('h5', { class: 'paper-subtitle' }, report.title || 'The paper'), findingsNodes(report));
      this.theirsResult.dataset.state = 'done';
    } catch (err) {
      this.theirsResult.dataset.state = 'error';
      clear(this.theirsResult).append(h('p', { class: 'form-error', role: 'alert' }, `The check could not run: ${commandError(err).message}`));
    } finally {
      this.theirsButton.disabled = false;
    }
  }
}
