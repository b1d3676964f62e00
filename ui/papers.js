// The Case tab's "Papers to file" page (issue 40): the court papers ProSeVA can write for the
// case's kind — a motion, a notice, a letter to the clerk —, each with when to file it and why it
// holds the parts it holds (the rule or page behind each, and when it was read); the form for one
// (the person's details proposed from the case, saying where from, the paper's own questions, the
// certificate of service); the paper built and shown as a page, with what to look at before
// filing, the check before filing, Word and PDF copies, and Edit (a new version). Also the check
// of a paper the other side filed, and "Fill a form I downloaded" (fill-form.js). The server
// builds and checks every paper; this page only asks and shows.
//
// Every word is a message (ui/locales/*/papers.ftl); the papers' titles, fields and when to file
// them come from the server in the window's language. The paper stays English (the court takes
// it in English): in Spanish the page shows, beside each part of it, what it says in Spanish and
// what it is for (`paper_explained`), and saves a Spanish copy marked "not for filing"
// (`export_paper_spanish`).

import { h, append, clear, announce, spinner, fieldErrorText, fieldLabel, showFieldError } from './dom.js';
import { api, commandError, invoke } from './api.js';
import { FieldSet, rejectionText } from './forms.js';
import { makeLink } from './markdown.js';
import { paperSheet } from './paper-preview.js';
import { FormFiller } from './fill-form.js';
import { t, language, onLanguageChange } from './i18n.js';

const serviceMethods = () => [
  ['hand', t('papers-service-hand')],
  ['mail', t('papers-service-mail')],
  ['email', t('papers-service-email')],
];
const sides = () => [
  ['plaintiff', t('papers-side-plaintiff')],
  ['defendant', t('papers-side-defendant')],
  ['petitioner', t('papers-side-petitioner')],
  ['respondent', t('papers-side-respondent')],
];
/** The kinds of case whose side the kind does not say. */
const SIDE_UNKNOWN = [null, 'custody-visitation', 'appeal-district'];

/** "Filled in from … ." after a field's own hint. */
function fromHint(hint, from) {
  return [hint, from ? t('papers-filled-from', { from }) : null].filter(Boolean).join(' ');
}

/** "When to file it: …" — the label and the app's words. */
function whenNode(when) {
  return h('p', { class: 'paper-when' }, h('strong', {}, t('papers-when-label')), ' ', when || '');
}

/** A required part and the rule or page it rests on, with when that was read. */
function partItem(part) {
  return h(
    'li',
    { class: 'paper-part' },
    h('span', { class: 'paper-part-what' }, part.part),
    h('span', { class: 'paper-part-source' }, ' — ', part.url ? makeLink(part.url, part.source, part.source) : part.source),
    h('span', { class: 'paper-part-read muted' }, ` (${part.read})`),
    part.confirmed === false ? h('span', { class: 'badge badge-warn paper-part-check' }, t('papers-part-2023')) : null,
  );
}

/** One paper of the list: its title, when to file it, why its parts, and "Write this paper". */
function kindCard(kind) {
  const parts = Array.isArray(kind.requiredParts) ? kind.requiredParts : [];
  return h(
    'li',
    { class: 'card paper-kind', dataset: { paper: kind.id, layout: kind.layout } },
    h('h5', { class: 'paper-kind-title', id: `paper-kind-${kind.id}` }, kind.title),
    whenNode(kind.when),
    parts.length ? h('details', { class: 'paper-why' }, h('summary', {}, t('papers-why-parts')), h('ul', { class: 'paper-parts' }, parts.map(partItem))) : null,
    h('button', { type: 'button', class: 'button primary small', dataset: { action: 'write', paper: kind.id }, 'aria-describedby': `paper-kind-${kind.id}` }, t('papers-write')),
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
      h('h5', { class: 'paper-findings-title' }, t('papers-findings-title', { count: findings.length })),
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
                  f.found ? h('div', {}, h('dt', {}, t('papers-finding-found')), h('dd', {}, f.found)) : null,
                  f.expected ? h('div', {}, h('dt', {}, t('papers-finding-expected')), h('dd', {}, f.expected)) : null,
                )
              : null,
          ),
        ),
      ),
    );
  } else {
    out.push(h('p', { class: 'paper-clean' }, h('strong', {}, t('papers-clean')), ' ', t('papers-clean-caveat')));
  }
  if (citations.length) {
    out.push(
      h('h6', { class: 'paper-subtitle' }, t('papers-citations-title')),
      h(
        'ul',
        { class: 'paper-citations' },
        citations.map((c) =>
          h(
            'li',
            { dataset: { status: c.status } },
            h('strong', {}, c.citation),
            `: ${t('papers-citation-status', { status: c.status || 'not_checked' })}`,
            c.caseName ? ` (${c.caseName})` : null,
            c.url ? [' ', makeLink(c.url, t('papers-citation-open'), c.url)] : null,
          ),
        ),
      ),
    );
  }
  if (findings.length) out.push(h('details', { class: 'paper-checked' }, h('summary', {}, t('papers-checked-title')), checkedList));
  else out.push(h('h6', { class: 'paper-subtitle' }, t('papers-checked-title')), checked.length ? checkedList : h('p', { class: 'muted' }, t('papers-checked-nothing')));
  return h('div', { class: 'paper-findings', dataset: { count: String(findings.length) } }, out);
}

export class PapersPage {
  constructor(ws, root) {
    this.ws = ws;
    this.root = root;
    this.seq = 0;
    this.kinds = null;
    this.kindsFor = undefined;
    this.kindsLang = null;
    this.kind = null;
    this.built = null;
    this.filler = new FormFiller({ getCaseId: () => this.ws.caseId });
    this.fillButton = h('button', { type: 'button', class: 'button secondary', id: 'papers-fill-form', 'aria-controls': 'form-filler', 'aria-expanded': 'false' });
    this.list = h('ul', { class: 'paper-kinds', id: 'paper-kinds', 'aria-labelledby': 'paper-kinds-title' });
    this.listNote = h('p', { class: 'hint', id: 'paper-kinds-note' });
    this.theirs = this.theirsCard();
    this.listView = h(
      'div',
      { class: 'papers-list-view', id: 'papers-list-view' },
      h('section', { class: 'papers-kinds-box', 'aria-labelledby': 'paper-kinds-title' }, h('h4', { class: 'group-title', id: 'paper-kinds-title' }), this.listNote, this.list),
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
          h('h3', { class: 'page-title', tabindex: '-1' }),
          h('p', { class: 'page-lead' }),
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
    this.words();
    onLanguageChange(() => this.languageChanged());
  }

  /** The page's own words, written now and again in a new language. */
  words() {
    this.root.querySelector('.page-title').textContent = t('papers-title');
    this.root.querySelector('.page-lead').textContent = t('papers-lead');
    this.fillButton.textContent = t('papers-fill-form');
    this.listView.querySelector('#paper-kinds-title').textContent = t('papers-kinds-title');
    this.theirs.querySelector('#paper-theirs-title').textContent = t('papers-theirs-title');
    this.theirs.querySelector('#paper-theirs-hint').textContent = t('papers-theirs-hint');
    this.theirs.querySelector('label[for="paper-theirs-document"]').textContent = t('papers-theirs-document');
    this.theirsButton.textContent = t('papers-theirs-check');
    const none = this.theirsSelect.querySelector('option[value=""]');
    if (none) none.textContent = t('papers-theirs-none');
  }

  /**
   * Another language: the page's words again, the papers read again in it (their titles, fields
   * and when to file them are the server's), and what is on screen drawn again — the form keeps
   * what was typed, the built paper gets its Spanish beside it (or loses it).
   */
  async languageChanged() {
    this.words();
    if (this.listNote.textContent) this.renderKindsNote();
    const view = this.view;
    if (!this.kinds) return;
    const kindId = this.kind ? this.kind.id : null;
    await this.loadKinds({ quiet: view !== 'list' });
    if (kindId) this.kind = (this.kinds || []).find((k) => k.id === kindId) || this.kind;
    if (view === 'form' && this.sets && this.kind) {
      const values = this.fields();
      // The paragraphs as they are in their boxes now; changed, they stay the person's.
      const draft = this.draft && this.paragraphs ? { ...this.draft, paragraphs: this.paragraphs.read(), custom: Boolean(this.draft.custom || values.paragraphs) } : this.draft;
      delete values.paragraphs;
      this.renderForm(this.kind, values, {}, draft);
    } else if (view === 'result' && this.built) {
      this.showBuilt(this.built, { focus: false });
    }
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

  /** The papers for the case's kind (every paper when it has none), in the window's language. */
  async loadKinds({ quiet = false } = {}) {
    const kind = this.current.kind || null;
    if (this.kinds && this.kindsFor === kind && this.kindsLang === language()) {
      if (!this.view) this.showView('list');
      return;
    }
    const seq = (this.seq += 1);
    this.list.setAttribute('aria-busy', 'true');
    if (!quiet || !this.kinds) clear(this.list).append(h('li', { class: 'list-status' }, spinner(), ' ', t('papers-kinds-loading')));
    try {
      const kinds = await api.paperKinds(kind);
      if (seq !== this.seq) return;
      this.kinds = Array.isArray(kinds) ? kinds : [];
      this.kindsFor = kind;
      this.kindsLang = language();
      this.renderKinds();
    } catch (err) {
      if (seq !== this.seq) return;
      clear(this.list).append(h('li', { class: 'list-status error' }, t('papers-kinds-failed', { reason: commandError(err).message })));
    } finally {
      if (seq === this.seq) this.list.setAttribute('aria-busy', 'false');
    }
    if (!this.view) this.showView('list');
  }

  renderKinds() {
    this.renderKindsNote();
    clear(this.list).append(...this.kinds.map(kindCard));
    if (!this.kinds.length) this.list.append(h('li', { class: 'muted' }, t('papers-kinds-none')));
  }

  renderKindsNote() {
    this.listNote.textContent = this.kindsFor ? t('papers-kinds-for-kind') : t('papers-kinds-all');
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
      { name: 'name', label: t('papers-field-name'), required: true, autocomplete: 'name', hint: fromHint(null, from.name) },
      { name: 'address', label: t('papers-field-address'), type: 'textarea', rows: 3, required: true, wide: true, hint: fromHint(t('papers-field-address-hint'), from.address) },
      { name: 'phone', label: t('papers-field-phone'), type: 'tel', autocomplete: 'tel', hint: fromHint(null, from.phone) },
      { name: 'email', label: t('papers-field-email'), type: 'email', autocomplete: 'email', hint: fromHint(null, from.email) },
      { name: 'date', label: t('papers-field-date'), type: 'date', hint: t('papers-field-date-hint') },
    ];
    if (SIDE_UNKNOWN.includes(c.kind || null)) you.push({ name: 'side', label: t('papers-field-side'), type: 'radio', options: sides(), wide: true, hint: t('papers-field-side-hint') });
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
    if (kind.certificate === 'offered') service.push({ name: 'certificate', label: t('papers-field-certificate'), type: 'checkbox', wide: true });
    if (kind.certificate !== 'none') {
      service.push(
        { name: 'serviceMethod', label: t('papers-field-service-method'), type: 'radio', options: serviceMethods(), wide: true },
        { name: 'serviceDate', label: t('papers-field-service-date'), type: 'date', hint: t('papers-field-service-date-hint') },
        { name: 'servedOn', label: t('papers-field-served-on'), type: 'textarea', rows: 2, wide: true, hint: t('papers-field-served-on-hint') },
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
    const submit = h('button', { type: 'submit', class: 'button primary', id: 'paper-build' }, editing ? t('papers-build-again') : t('papers-build'));
    const form = h(
      'form',
      { class: 'paper-form', id: 'paper-form', novalidate: true },
      error,
      h('fieldset', { class: 'paper-group', id: 'paper-you' }, h('legend', {}, t('papers-you-legend')), youBox),
      own.length ? h('fieldset', { class: 'paper-group', id: 'paper-own' }, h('legend', {}, t('papers-own-legend')), ownBox) : null,
      service.length
        ? h(
            'fieldset',
            { class: 'paper-group', id: 'paper-service' },
            h('legend', {}, t('papers-service-legend')),
            h('p', { class: 'hint' }, kind.certificate === 'required' ? t('papers-service-required') : t('papers-service-offered')),
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
    const back = h('button', { type: 'button', class: 'button link-like small', id: 'paper-back' }, editing ? t('papers-back-paper') : t('papers-back-all'));
    back.addEventListener('click', () => {
      this.showView(editing && this.built ? 'result' : 'list');
      const target = editing && this.built ? this.resultView.querySelector('#paper-result-title') : this.list.querySelector(`button[data-paper="${kind.id}"]`);
      if (target) target.focus();
    });
    const proposedCount = Object.keys(from).length;
    // dom.js's `append` leaves out the parts not there (the DOM's own would write "null").
    append(clear(this.formView), [
      h('div', { class: 'paper-form-head' }, back),
      h('p', { class: 'eyebrow' }, editing ? t('papers-edit-eyebrow', { version: draft.version }) : t('papers-write-eyebrow')),
      h('h4', { class: 'paper-form-title', id: 'paper-form-title', tabindex: '-1' }, kind.title),
      whenNode(kind.when),
      proposedCount ? h('p', { class: 'hint', id: 'paper-proposed-note' }, t('papers-proposed-note', { count: proposedCount })) : null,
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
      const remove = h('button', { type: 'button', class: 'button ghost small' }, t('papers-paragraph-remove'));
      const item = h('li', { class: 'paper-paragraph-row' }, h('label', { for: id, class: 'visually-hidden' }, t('papers-paragraph-label', { number: seq })), box, remove);
      remove.setAttribute('aria-label', t('papers-paragraph-remove-label', { number: seq }));
      remove.addEventListener('click', () => {
        const next = item.nextElementSibling || item.previousElementSibling;
        item.remove();
        (next ? next.querySelector('textarea') : more).focus();
      });
      list.append(item);
      if (focus) box.focus();
    };
    const more = h('button', { type: 'button', class: 'button secondary small', id: 'paper-paragraph-add' }, t('papers-paragraph-add'));
    more.addEventListener('click', () => add('', true));
    for (const p of initial || []) add(p);
    const el = h(
      'fieldset',
      { class: 'paper-group', id: 'paper-paragraphs' },
      h('legend', {}, t('papers-paragraphs-legend')),
      h('p', { class: 'hint' }, t('papers-paragraphs-hint')),
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
    status.textContent = t('papers-building');
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
      showFieldError(this.paragraphs.error, byField.paragraphs);
      known += 1;
    }
    for (const [name, why] of Object.entries(byField)) {
      if (name !== 'paragraphs' && !this.sets.some((s) => s.input(name))) unknown.push(`${fieldLabel(name)}: ${fieldErrorText(why)}`);
    }
    this.formError.textContent = rejectionText(error, { known, unknown }, { action: 'build' });
    this.formError.hidden = false;
    if (first) first.focus();
    else this.formError.focus();
  }

  // ------------------------------------------------------------------ the built paper

  /**
   * The built paper as a page, with what to do with it. In Spanish, the paper's parts get their
   * Spanish beside them (read from the app after the page is shown) and the Spanish copy's
   * buttons. `focus: false` draws it again where it is (a new language).
   */
  showBuilt(built, { focus = true } = {}) {
    this.built = built;
    const { draft, paper } = built;
    const warnings = Array.isArray(built.warnings) ? built.warnings : [];
    const spanish = language() === 'es';
    this.saved = h('p', { class: 'paper-saved', id: 'paper-saved', role: 'status', hidden: true });
    this.checkResult = h('section', { class: 'paper-check-result', id: 'paper-check-result', 'aria-live': 'polite', 'aria-label': t('papers-check-result-label'), hidden: true });
    this.preview = h('div', { class: 'paper-preview-wrap', id: 'paper-preview' }, paperSheet(paper));
    this.explainStatus = h('p', { class: 'list-status', id: 'paper-explained-status', role: 'status', hidden: !spanish });
    const button = (id, text, on, extra = {}) => h('button', { type: 'button', class: ['button', extra.primary ? 'primary' : 'secondary', 'small'], id, dataset: extra.dataset || null, on: { click: on } }, text);
    append(clear(this.resultView), [
      h(
        'header',
        { class: 'paper-result-head' },
        h('p', { class: 'eyebrow' }, t('papers-result-eyebrow')),
        h('h4', { class: 'paper-form-title', id: 'paper-result-title', tabindex: '-1' }, draft.title),
        h('p', { class: 'muted', id: 'paper-version' }, t('papers-version', { version: draft.version })),
      ),
      whenNode(built.when || (this.kind && this.kind.when) || ''),
      warnings.length ? h('div', { class: 'paper-warnings', id: 'paper-warnings', role: 'note' }, h('p', {}, h('strong', {}, t('papers-warnings-title'))), h('ul', {}, warnings.map((w) => h('li', {}, w)))) : null,
      // The app's notice: the server writes it in English; in another language, the same notice from the messages.
      h('p', { class: 'artifact-notice', id: 'paper-notice' }, draft.notice && language() === 'en' ? draft.notice : t('papers-notice')),
      h(
        'div',
        { class: 'paper-actions', role: 'group', 'aria-label': t('papers-actions-label') },
        button('paper-check', t('papers-check'), (e) => this.check(e.currentTarget), { primary: true }),
        button('paper-save-docx', t('papers-save-docx'), (e) => this.export('docx', e.currentTarget), { dataset: { format: 'docx' } }),
        button('paper-save-pdf', t('papers-save-pdf'), (e) => this.export('pdf', e.currentTarget), { dataset: { format: 'pdf' } }),
        button('paper-edit', t('papers-edit'), () => this.edit()),
        h('button', { type: 'button', class: 'button link-like small', id: 'paper-another', on: { click: () => this.another() } }, t('papers-another')),
      ),
      spanish
        ? h(
            'section',
            { class: 'paper-spanish', id: 'paper-spanish', 'aria-labelledby': 'paper-spanish-title' },
            h('h5', { class: 'paper-subtitle', id: 'paper-spanish-title' }, t('papers-spanish-title')),
            h('p', { class: 'hint', id: 'paper-spanish-note' }, t('papers-spanish-note')),
            h(
              'div',
              { class: 'paper-actions', role: 'group', 'aria-label': t('papers-spanish-copy-label') },
              button('paper-spanish-pdf', t('papers-spanish-pdf'), (e) => this.exportSpanish('pdf', e.currentTarget), { dataset: { format: 'pdf' } }),
              button('paper-spanish-docx', t('papers-spanish-docx'), (e) => this.exportSpanish('docx', e.currentTarget), { dataset: { format: 'docx' } }),
            ),
            this.explainStatus,
          )
        : null,
      this.saved,
      this.checkResult,
      this.preview,
    ]);
    this.resultView.dataset.draftId = String(draft.id);
    this.resultView.dataset.version = String(draft.version);
    this.showView('result');
    if (focus) {
      this.resultView.querySelector('#paper-result-title').focus();
      announce(t('papers-built-announce', { title: draft.title, version: draft.version, warnings: warnings.length }));
    }
    if (spanish) this.explain();
  }

  /** The Spanish beside each part of the paper (the app reads it back from the paper itself). */
  async explain() {
    const built = this.built;
    if (!built) return;
    const { draft, paper } = built;
    const status = this.explainStatus;
    status.hidden = false;
    status.dataset.state = 'loading';
    clear(status).append(spinner(), ' ', t('papers-spanish-loading'));
    try {
      const explained = await invoke('paper_explained', { draftId: draft.id, version: draft.version });
      // Another paper, or a new language, since.
      if (this.built !== built || language() !== 'es') return;
      this.explained = explained;
      clear(this.preview).append(paperSheet(paper, { explained }));
      status.dataset.state = 'done';
      status.textContent = '';
      status.hidden = true;
    } catch (err) {
      if (this.built !== built) return;
      status.dataset.state = 'error';
      status.textContent = t('papers-spanish-failed', { reason: commandError(err).message });
    }
  }

  async check(button) {
    if (!this.built) return;
    button.disabled = true;
    this.checkResult.hidden = false;
    this.checkResult.dataset.state = 'checking';
    clear(this.checkResult).append(h('p', { class: 'list-status' }, spinner(), ' ', t('papers-checking')));
    try {
      const report = await api.checkPaper({ draftId: this.built.draft.id });
      clear(this.checkResult).append(h('h5', { class: 'paper-subtitle' }, t('papers-check-title')), findingsNodes(report));
      this.checkResult.dataset.state = 'done';
      announce(t('papers-check-announce', { count: (report.findings || []).length }));
    } catch (err) {
      this.checkResult.dataset.state = 'error';
      clear(this.checkResult).append(h('p', { class: 'form-error', role: 'alert' }, t('papers-check-failed', { reason: commandError(err).message })));
    } finally {
      button.disabled = false;
    }
  }

  /** Writes a file to the exports folder with `write` (a command's promise of `{path}`), saying so. */
  async saving(button, format, write, savedAnnouncement) {
    button.disabled = true;
    this.saved.hidden = false;
    this.saved.dataset.state = 'saving';
    this.saved.textContent = t('papers-saving');
    try {
      const written = await write();
      this.saved.dataset.state = 'saved';
      this.saved.dataset.format = format;
      this.saved.textContent = t('papers-saved', { path: written.path });
      announce(savedAnnouncement);
    } catch (err) {
      this.saved.dataset.state = 'error';
      this.saved.textContent = t('papers-not-saved', { reason: commandError(err).message });
    } finally {
      button.disabled = false;
    }
  }

  /** The paper to file, as Word or PDF. */
  async export(format, button) {
    if (!this.built) return;
    const { draft } = this.built;
    this.saved.dataset.copy = 'paper';
    await this.saving(button, format, () => api.exportDraft(draft.id, draft.version, format), t('papers-saved-announce'));
  }

  /** The Spanish copy, not for filing, as PDF or Word. */
  async exportSpanish(format, button) {
    if (!this.built) return;
    const { draft } = this.built;
    this.saved.dataset.copy = 'spanish';
    await this.saving(button, format, () => invoke('export_paper_spanish', { draftId: draft.id, version: draft.version, format }), t('papers-spanish-saved-announce'));
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
    this.theirsButton = h('button', { type: 'button', class: 'button secondary', id: 'paper-theirs-check' });
    this.theirsResult = h('div', { class: 'paper-check-result', id: 'paper-theirs-result', 'aria-live': 'polite' });
    this.theirsButton.addEventListener('click', () => this.checkTheirs());
    return h(
      'section',
      { class: 'card paper-theirs', id: 'paper-theirs', 'aria-labelledby': 'paper-theirs-title' },
      h('h4', { class: 'card-heading', id: 'paper-theirs-title' }),
      h('p', { class: 'hint', id: 'paper-theirs-hint' }),
      h('div', { class: 'field' }, h('label', { for: 'paper-theirs-document' }), this.theirsSelect),
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
    if (!documents.length) this.theirsSelect.append(h('option', { value: '' }, t('papers-theirs-none')));
    if (documents.some((d) => String(d.id) === chosen)) this.theirsSelect.value = chosen;
    else this.theirsSelect.value = documents.length ? String(documents[0].id) : '';
    this.theirsButton.disabled = !documents.length;
  }

  async checkTheirs() {
    const id = Number(this.theirsSelect.value);
    if (!id) return;
    this.theirsButton.disabled = true;
    this.theirsResult.dataset.state = 'checking';
    clear(this.theirsResult).append(h('p', { class: 'list-status' }, spinner(), ' ', t('papers-checking')));
    try {
      const report = await api.checkPaper({ documentId: id });
      clear(this.theirsResult).append(h('h5', { class: 'paper-subtitle' }, report.title || t('papers-theirs-untitled')), findingsNodes(report));
      this.theirsResult.dataset.state = 'done';
    } catch (err) {
      this.theirsResult.dataset.state = 'error';
      clear(this.theirsResult).append(h('p', { class: 'form-error', role: 'alert' }, t('papers-check-failed', { reason: commandError(err).message })));
    } finally {
      this.theirsButton.disabled = false;
    }
  }
}
