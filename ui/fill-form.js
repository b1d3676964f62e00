// "Fill a form I downloaded" (issue 40): an official fillable PDF form the person saved from the
// court's website (DC-429, DC-475, …) is read by the server on this computer, its fields shown
// in a table — each with its label and name, its kind, and an answer proposed from the case
// (saying where it came from) — and, once the person has looked, a filled copy is saved to the
// exports folder. Signature lines stay empty: they are signed by hand after printing. A file the
// server refuses (not a PDF, XFA only, encrypted, signed, no fields) is named with its reason.
//
// Also the link from a Step by step step that names a form (`formLink`).
//
// Its words: locales/*/fill-form.ftl. The form's own labels, names and options, and the app's
// reasons, are shown as they come.

import { h, clear, announce, showFieldError } from './dom.js';
import { api, commandError } from './api.js';
import { sizeProblem } from './format.js';
import { onLanguageChange, t } from './i18n.js';

/**
 * A step's words name an official form: "(form DC-429)", "form DC-475" — or, in the Spanish
 * steps (sidecars/server/paths/paths.es.json), "formulario DC-475", "(formulario …".
 */
const NAMES_A_FORM = /form(?:ulario)? DC-|\(form(?:ulario)? /i;
const FORM_NUMBER = /\b(?:DC|DR|JA|CC)-\d{2,4}[A-Z]?\b/;

/**
 * The form a step names: its number when what to file names it (`DC-429`), else `form` (a form
 * named only in what happens — the summons the person was served — or without a number); null
 * when the step names none.
 */
export function formNamed(step) {
  const file = String((step && step.file) || '');
  if (NAMES_A_FORM.test(file)) {
    const number = FORM_NUMBER.exec(file);
    return number ? number[0] : 'form';
  }
  return NAMES_A_FORM.test(String((step && step.what) || '')) ? 'form' : null;
}

/** "Fill a form I downloaded" under a step that names a form: opens the Papers page's filler. */
export function formLink(step) {
  const form = formNamed(step);
  if (!form) return null;
  return h(
    'button',
    {
      type: 'button',
      class: 'button link-like small path-fill-form',
      dataset: { form },
      on: { click: () => document.dispatchEvent(new CustomEvent('proseva:fill-form', { detail: { form } })) },
    },
    form === 'form' ? t('fill-form-link') : t('fill-form-link-named', { form }),
  );
}

/** A field's kind in words ("Check box"); a kind the app does not know is shown as it is. */
function kindText(type) {
  switch (type) {
    case 'text':
      return t('fill-form-kind-text');
    case 'checkbox':
      return t('fill-form-kind-checkbox');
    case 'radio':
      return t('fill-form-kind-radio');
    case 'choice':
      return t('fill-form-kind-choice');
    case 'signature':
      return t('fill-form-kind-signature');
    default:
      return String(type ?? '');
  }
}

/** A field's options as `[value, label]` (the server sends the option texts). */
const optionsOf = (field) => (Array.isArray(field.options) ? field.options : []).map((o) => (o && typeof o === 'object' ? [String(o.value), String(o.label ?? o.value)] : [String(o), String(o)]));

/** The answer shown at first: the case's proposal, else what the form already holds. */
function initial(field) {
  if (field.proposed !== undefined && field.proposed !== null) return field.proposed;
  return field.value ?? null;
}

/** One row of the table: `tr.form-field-row[data-name]` with its control, note and error. */
function fieldRow(field, i) {
  const id = `form-field-${i}`;
  const noteId = `note-${id}`;
  const errId = `err-${id}`;
  const value = initial(field);
  const fixed = field.type === 'signature' || field.readOnly;
  // What the note under the answer says: how to sign, that it cannot change, or where the answer came from.
  const noteKind = fixed ? (field.type === 'signature' ? 'signature' : 'fixed') : field.proposedFrom && field.proposed !== undefined && field.proposed !== null ? 'proposed' : null;
  const describedby = [noteKind ? noteId : null, errId].filter(Boolean).join(' ');
  let control;
  let notChosen = null;
  if (field.type === 'checkbox') {
    control = h('input', { type: 'checkbox', id, class: 'checkbox', 'aria-describedby': describedby });
    control.checked = value === true;
  } else if (field.type === 'radio' || field.type === 'choice') {
    notChosen = h('option', { value: '' });
    control = h('select', { id, class: 'input', 'aria-describedby': describedby }, notChosen, optionsOf(field).map(([v, text]) => h('option', { value: v }, text)));
    control.value = typeof value === 'string' ? value : '';
  } else if (field.multiline && !fixed) {
    control = h('textarea', { id, class: 'input', rows: 3, 'aria-describedby': describedby, maxlength: field.maxLength || null });
    control.value = typeof value === 'string' ? value : '';
  } else {
    control = h('input', { type: 'text', id, class: 'input', autocomplete: 'off', 'aria-describedby': describedby, maxlength: field.maxLength || null });
    control.value = typeof value === 'string' || typeof value === 'number' ? String(value) : '';
  }
  if (fixed) {
    control.disabled = true;
    control.setAttribute('disabled', '');
  }
  if (field.required) control.setAttribute('aria-required', 'true');
  const error = h('p', { class: 'field-error', id: errId, hidden: true });
  const kindCell = h('td', { class: 'form-field-kind' });
  const note = noteKind ? h('p', { class: ['hint', fixed && 'form-field-fixed'], id: noteId }) : null;
  const row = h(
    'tr',
    { class: 'form-field-row', dataset: { name: field.name, type: field.type, proposed: noteKind === 'proposed' ? 'true' : null } },
    h('th', { scope: 'row' }, h('label', { for: id }, field.label || field.name), field.label && field.label !== field.name ? h('span', { class: 'form-field-name muted' }, field.name) : null),
    kindCell,
    h('td', { class: 'form-field-answer' }, control, note, error),
  );
  /** The row's words, written again after a switch of language. */
  const words = () => {
    kindCell.replaceChildren(kindText(field.type), ...(field.required ? [h('span', { class: 'required-mark' }, ` ${t('fill-form-required')}`)] : []));
    if (notChosen) notChosen.textContent = t('fill-form-not-chosen');
    if (noteKind === 'signature') note.textContent = t('fill-form-note-signature');
    else if (noteKind === 'fixed') note.textContent = t('fill-form-note-fixed');
    else if (noteKind === 'proposed') note.textContent = t('fill-form-note-from', { source: field.proposedFrom });
  };
  words();
  const clearError = () => {
    error.hidden = true;
    error.textContent = '';
    control.removeAttribute('aria-invalid');
  };
  control.addEventListener('input', clearError);
  control.addEventListener('change', clearError);
  return { field, control, error, row, fixed, words };
}

/** What goes to `fill_form`: only the fields with an answer (a box unticked only when it was ticked). */
export function filledValues(rows) {
  const values = {};
  for (const { field, control, fixed } of rows) {
    if (fixed) continue;
    if (field.type === 'checkbox') {
      if (control.checked) values[field.name] = true;
      else if (field.value === true) values[field.name] = false;
    } else if (control.value !== '' && String(control.value).trim() !== '') {
      values[field.name] = control.value;
    }
  }
  return values;
}

/** The Papers page's "Fill a form I downloaded" section (`#form-filler`). */
export class FormFiller {
  /** `getCaseId()`: the case whose record proposes the answers. */
  constructor({ getCaseId }) {
    this.getCaseId = getCaseId;
    this.rows = [];
    this.form = null;
    this.file = h('input', { type: 'file', id: 'form-file', class: 'input form-file', accept: 'application/pdf,.pdf', 'aria-describedby': 'form-file-hint form-file-error' });
    this.fileError = h('p', { class: 'form-error', id: 'form-file-error', role: 'alert', hidden: true });
    this.status = h('p', { class: 'list-status', id: 'form-status', role: 'status' });
    this.wanted = h('p', { class: 'hint', id: 'form-filler-for', hidden: true });
    this.table = h('div', { class: 'form-fields-wrap', id: 'form-fields' });
    this.fillError = h('p', { class: 'form-error', id: 'form-fill-error', role: 'alert', tabindex: '-1', hidden: true });
    this.save = h('button', { type: 'submit', class: 'button primary', id: 'form-save' });
    this.saved = h('p', { class: 'paper-saved', id: 'form-saved', role: 'status', hidden: true });
    this.fill = h('form', { class: 'form-fill', id: 'form-fill', novalidate: true, hidden: true }, this.table, this.fillError, h('div', { class: 'form-actions' }, this.save), this.saved);
    this.heading = h('h4', { class: 'card-heading', id: 'form-filler-title', tabindex: '-1' });
    this.lead = h('p', {});
    this.fileLabel = h('label', { for: 'form-file' });
    this.fileHint = h('p', { class: 'hint', id: 'form-file-hint' });
    this.el = h(
      'section',
      { class: 'card form-filler', id: 'form-filler', 'aria-labelledby': 'form-filler-title', hidden: true, dataset: { state: 'empty' } },
      this.heading,
      this.lead,
      this.wanted,
      h('div', { class: 'field' }, this.fileLabel, this.file, this.fileHint, this.fileError),
      this.status,
      this.fill,
    );
    this.labelled();
    // Another language chosen in Settings: the section's words again; the answers typed stay.
    onLanguageChange(() => {
      this.labelled();
      if (this.form) {
        for (const r of this.rows) r.words();
        this.tableWords();
      }
    });
    this.file.addEventListener('change', () => {
      const chosen = this.file.files && this.file.files[0];
      if (chosen) this.read(chosen);
    });
    this.fill.addEventListener('submit', (e) => {
      e.preventDefault();
      this.saveFilled();
    });
  }

  /** The section's own words: heading, what it does, the picker's label and hint, Save. */
  labelled() {
    this.heading.textContent = t('fill-form-title');
    this.lead.textContent = t('fill-form-lead');
    this.fileLabel.textContent = t('fill-form-file-label');
    this.fileHint.textContent = t('fill-form-file-hint');
    this.save.textContent = t('fill-form-save');
    this.wanted.textContent = this.wantedForm ? t('fill-form-wanted', { form: this.wantedForm }) : '';
  }

  /** Shows the section (for form `form`, when a step named one) and puts the keyboard on the picker. */
  open({ form = null } = {}) {
    this.el.hidden = false;
    this.wanted.hidden = !form || form === 'form';
    this.wantedForm = form && form !== 'form' ? form : null;
    this.wanted.textContent = this.wantedForm ? t('fill-form-wanted', { form: this.wantedForm }) : '';
    this.el.scrollIntoView({ block: 'start' });
    this.file.focus();
  }

  close() {
    this.el.hidden = true;
  }

  /** Forgets the form and the file chosen (another case was chosen). */
  reset() {
    this.file.value = '';
    this.clearForm();
  }

  /** Forgets the form read last (the file input keeps what was just chosen). */
  clearForm() {
    this.form = null;
    this.rows = [];
    this.el.dataset.state = 'empty';
    this.fileError.hidden = true;
    this.status.textContent = '';
    this.fill.hidden = true;
    this.saved.hidden = true;
    clear(this.table);
  }

  /** Reads `file` (a File, or anything with `name`, `size` and `arrayBuffer()`) and shows its fields. */
  async read(file) {
    this.clearForm();
    const tooBig = sizeProblem(file.name, file.size);
    if (tooBig) {
      this.refuse(tooBig);
      return;
    }
    this.el.dataset.state = 'reading';
    this.status.textContent = t('fill-form-reading', { name: file.name });
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      this.show(await api.formFields(bytes, file.name, this.getCaseId()));
    } catch (err) {
      this.refuse(commandError(err).message);
    }
  }

  refuse(message) {
    this.el.dataset.state = 'error';
    this.status.textContent = '';
    this.fileError.textContent = message;
    this.fileError.hidden = false;
    announce(message);
  }

  /** The form's fields as a table, answers proposed from the case. */
  show(form) {
    this.form = form;
    const fields = Array.isArray(form.fields) ? form.fields : [];
    this.rows = fields.map(fieldRow);
    this.caption = h('caption', {});
    this.headers = [h('th', { scope: 'col' }), h('th', { scope: 'col' }), h('th', { scope: 'col' })];
    clear(this.table).append(
      h('table', { class: 'form-fields-table', id: 'form-fields-table' }, this.caption, h('thead', {}, h('tr', {}, this.headers)), h('tbody', {}, this.rows.map((r) => r.row))),
    );
    this.tableWords();
    this.fill.hidden = false;
    this.el.dataset.state = 'ready';
    announce(t('fill-form-read', { name: form.fileName || t('fill-form-the-form'), count: fields.length }));
  }

  /** The table's caption and headers, and what the status says of the answers. */
  tableWords() {
    const form = this.form;
    const fields = Array.isArray(form.fields) ? form.fields : [];
    const proposed = fields.filter((f) => f.proposed !== undefined && f.proposed !== null).length;
    this.caption.textContent = t('fill-form-caption', { name: form.fileName || t('fill-form-the-form'), count: fields.length, pages: Number(form.pages) || 0 });
    const [field, kind, answer] = this.headers;
    field.textContent = t('fill-form-column-field');
    kind.textContent = t('fill-form-column-kind');
    answer.textContent = t('fill-form-column-answer');
    this.status.textContent = proposed ? t('fill-form-proposed', { count: proposed }) : t('fill-form-none-proposed');
  }

  async saveFilled() {
    if (!this.form || this.save.disabled) return;
    for (const r of this.rows) {
      r.error.hidden = true;
      r.error.removeAttribute('title');
      r.control.removeAttribute('aria-invalid');
    }
    this.fillError.hidden = true;
    this.saved.hidden = true;
    this.save.disabled = true;
    this.el.dataset.state = 'saving';
    try {
      const written = await api.fillForm(this.form.formId, filledValues(this.rows));
      this.saved.dataset.state = 'saved';
      this.saved.textContent = t('fill-form-saved', { path: written.path });
      this.saved.hidden = false;
      this.el.dataset.state = 'saved';
      announce(t('fill-form-saved-announce'));
    } catch (err) {
      this.el.dataset.state = 'ready';
      this.showRejection(commandError(err));
    } finally {
      this.save.disabled = false;
    }
  }

  /** `values.<name>` under that field's answer; anything else above Save. */
  showRejection(error) {
    const fields = error.fields || {};
    let first = null;
    const other = [];
    for (const [key, why] of Object.entries(fields)) {
      const name = key.startsWith('values.') ? key.slice('values.'.length) : null;
      const row = name !== null ? this.rows.find((r) => r.field.name === name) : null;
      if (!row) {
        other.push(why);
        continue;
      }
      showFieldError(row.error, why);
      row.control.setAttribute('aria-invalid', 'true');
      if (!first) first = row.control;
    }
    this.fillError.textContent = first && !other.length ? t('fill-form-not-saved-field') : t('fill-form-not-saved', { reason: other.length ? other.join('; ') : error.message });
    this.fillError.hidden = false;
    (first || this.fillError).focus();
  }
}
