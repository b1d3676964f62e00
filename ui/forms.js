// Forms of the case workspace, built from a list of fields: labels, hints, and the server's
// field errors under each field (`aria-describedby`, `aria-invalid`), as the settings dialog does.
//
// A field: `{name, label, type, required?, options?, hint?, placeholder?, rows?, wide?}` with
// `type` one of text, textarea, date, time, select, radio, checkbox, email, tel, money, parties,
// reminders (`inherit`: the label of "use the case's / the usual ones"; the value is `null` for
// that, else a list of offsets, `[]` for none). A rejection's `fields` (`{name: why}`) goes under
// each named field; anything else above the form.
//
// Its own words (required, the party roles, the reminder offsets, "Not saved…"): locales/*/forms.ftl.
// The labels, hints and options of the fields are the caller's, in the language it chose;
// `relabel(fields)` writes them again (a switch of language) and keeps what was typed.

import { h, clear, append, fieldErrorText, fieldLabel, showFieldError } from './dom.js';
import { parseMoney } from './format.js';
import { t } from './i18n.js';

/** The roles of a party of a case, as the server stores them. */
export const PARTY_ROLE_VALUES = ['me', 'other-party', 'child', 'attorney', 'judge', 'witness', 'other'];

/** A party's role in the chosen language (a role the app does not know is shown as it is). */
export function partyRoleText(role) {
  return PARTY_ROLE_VALUES.includes(role) ? t('forms-party-role', { role }) : String(role ?? '');
}

/** `[value, name]` of every role of a party, named in the chosen language. */
export const partyRoles = () => PARTY_ROLE_VALUES.map((role) => [role, partyRoleText(role)]);

/**
 * `[value, name]` of every role of a party, each name read in the language chosen at the time it
 * is read (for modules that look roles up here: `PARTY_ROLES.find(([v]) => v === role)[1]`).
 */
export const PARTY_ROLES = PARTY_ROLE_VALUES.map((role) => {
  const pair = [role, ''];
  Object.defineProperty(pair, 1, { get: () => partyRoleText(role), enumerable: true });
  return pair;
});

/** The reminder offsets the server knows, in its order. */
export const REMINDER_OFFSET_VALUES = ['30d', '14d', '7d', '3d', '2d', '1d', 'morning', '2h', '1h'];

/** An offset as a person says it ("7 days before"), in the chosen language. */
export function reminderOffsetText(offset) {
  switch (offset) {
    case '30d':
      return t('forms-reminder-30d');
    case '14d':
      return t('forms-reminder-14d');
    case '7d':
      return t('forms-reminder-7d');
    case '3d':
      return t('forms-reminder-3d');
    case '2d':
      return t('forms-reminder-2d');
    case '1d':
      return t('forms-reminder-1d');
    case 'morning':
      return t('forms-reminder-morning');
    case '2h':
      return t('forms-reminder-2h');
    case '1h':
      return t('forms-reminder-1h');
    default:
      return String(offset ?? '');
  }
}

/**
 * `[offset, words]` of every reminder offset, the words read in the language chosen at the time
 * they are read.
 */
export const REMINDER_OFFSETS = REMINDER_OFFSET_VALUES.map((offset) => {
  const pair = [offset, ''];
  Object.defineProperty(pair, 1, { get: () => reminderOffsetText(offset), enumerable: true });
  return pair;
});

/** `["7d", "morning"]` → "7 days before, the morning of the day"; `[]` → "none". */
export function remindersText(offsets) {
  if (!Array.isArray(offsets)) return '';
  if (!offsets.length) return t('forms-reminders-none');
  const words = offsets.map(reminderOffsetText);
  // A list of the offsets: the first as it is, the others in lower case after a comma.
  return words.map((w, i) => (i ? w.charAt(0).toLowerCase() + w.slice(1) : w)).join(', ');
}

/** " (required)" after a label. */
const requiredMark = () => h('span', { class: 'required-mark' }, ` ${t('forms-required')}`);

/** A field's label, then " (required)" when it must be filled in. */
const labelWords = (field) => (field.required ? [field.label ?? '', requiredMark()] : [field.label ?? '']);

/** Sets or removes an input's placeholder from its field. */
function placeholder(input, field) {
  if (field.placeholder) input.setAttribute('placeholder', field.placeholder);
  else input.removeAttribute('placeholder');
}

/** Writes a select's option texts from `[value, text]` pairs (options it does not list stay). */
function optionTexts(select, options) {
  for (const option of select.querySelectorAll('option')) {
    const found = (options || []).find(([v]) => String(v) === option.value);
    if (found) option.textContent = found[1];
  }
}

export class FieldSet {
  /**
   * Builds `fields` into `container` with `values`; ids are `<prefix>-<name>`, errors
   * `err-<prefix>-<name>`.
   */
  constructor(container, fields, values = {}, { prefix = 'rec', formError = null } = {}) {
    this.container = container;
    this.fields = fields;
    this.prefix = prefix;
    this.formError = formError;
    this.inputs = new Map();
    clear(container);
    const grid = h('div', { class: 'form-grid' });
    for (const field of fields) grid.append(this.build(field, values[field.name]));
    container.append(grid);
  }

  id(name) {
    return `${this.prefix}-${name}`;
  }

  /**
   * Writes the fields' words again from `fields` (the same fields, said in another language):
   * labels, hints, placeholders, options and this file's own words. What was typed stays.
   */
  relabel(fields) {
    for (const field of fields) {
      const entry = this.inputs.get(field.name);
      if (!entry) continue;
      entry.field = field;
      entry.paint(field);
    }
    this.fields = this.fields.map((f) => fields.find((x) => x.name === f.name) || f);
  }

  build(field, value) {
    const id = this.id(field.name);
    const errId = `err-${id}`;
    const hintId = field.hint ? `hint-${id}` : null;
    const describedby = [hintId, errId].filter(Boolean).join(' ');
    const error = h('p', { class: 'field-error', id: errId, hidden: true });
    const hint = field.hint ? h('p', { class: 'hint', id: hintId }) : null;
    const label = h('label', { for: id });
    const wrap = h('div', { class: ['field', field.wide && 'wide', `field-${field.type || 'text'}`], dataset: { field: field.name } });
    // The words of the field, written now and again by `relabel`.
    const words = [];
    const paint = (f) => {
      label.replaceChildren(...labelWords(f));
      if (hint) hint.textContent = f.hint || '';
      for (const write of words) write(f);
    };
    let input;
    switch (field.type) {
      case 'textarea':
        input = h('textarea', { id, name: field.name, class: 'input', rows: field.rows || 4, 'aria-describedby': describedby, placeholder: field.placeholder || null });
        input.value = value ?? '';
        words.push((f) => placeholder(input, f));
        append(wrap, [label, input, hint, error]);
        break;
      case 'select':
        input = h(
          'select',
          { id, name: field.name, class: 'input', 'aria-describedby': describedby },
          (field.options || []).map(([v, text]) => h('option', { value: v }, text)),
        );
        input.value = value ?? field.default ?? (field.options && field.options[0] ? field.options[0][0] : '');
        if (input.selectedIndex < 0 && value) {
          input.append(h('option', { value }, value));
          input.value = value;
        }
        words.push((f) => optionTexts(input, f.options));
        append(wrap, [label, input, hint, error]);
        break;
      case 'radio': {
        input = this.radioGroup(id, field, value ?? field.default ?? null, describedby);
        const groupLabel = h('p', { class: 'field-label', id: `${id}-label` });
        words.push((f) => {
          groupLabel.replaceChildren(...labelWords(f));
          input.relabel(f.options || []);
        });
        append(wrap, [groupLabel, input, hint, error]);
        break;
      }
      case 'checkbox':
        input = h('input', { id, name: field.name, type: 'checkbox', class: 'checkbox', 'aria-describedby': describedby });
        input.checked = Boolean(value);
        wrap.classList.add('check-field');
        append(wrap, [h('div', { class: 'check-row' }, input, label), hint, error]);
        break;
      case 'money': {
        const n = Number(value);
        const spent = h('option', { value: 'spent' });
        const received = h('option', { value: 'received' });
        const direction = h('select', { id: `${id}-direction`, class: 'input money-direction' }, spent, received);
        direction.value = Number.isFinite(n) && n < 0 ? 'received' : 'spent';
        input = h('input', { id, name: field.name, class: 'input', type: 'text', inputmode: 'decimal', autocomplete: 'off', placeholder: '0.00', 'aria-describedby': describedby });
        input.value = value === null || value === undefined || value === '' ? '' : Math.abs(n).toFixed(2);
        input.moneyDirection = direction;
        words.push((f) => {
          direction.setAttribute('aria-label', t('forms-money-direction-label', { label: f.label }));
          spent.textContent = t('forms-money-spent');
          received.textContent = t('forms-money-received');
        });
        append(wrap, [label, h('div', { class: 'money-row' }, direction, h('span', { class: 'money-sign', 'aria-hidden': 'true' }, '$'), input), hint, error]);
        break;
      }
      case 'parties': {
        input = this.partiesEditor(id, field, Array.isArray(value) ? value : [], describedby);
        const groupLabel = h('p', { class: 'field-label', id: `${id}-label` });
        words.push((f) => {
          groupLabel.textContent = f.label ?? '';
          input.relabel();
        });
        append(wrap, [groupLabel, input, hint, error]);
        break;
      }
      case 'reminders': {
        input = this.remindersEditor(id, field, value, describedby);
        const groupLabel = h('p', { class: 'field-label', id: `${id}-label` });
        words.push((f) => {
          groupLabel.textContent = f.label ?? '';
          input.relabel(f);
        });
        append(wrap, [groupLabel, input, hint, error]);
        break;
      }
      default:
        input = h('input', {
          id,
          name: field.name,
          class: 'input',
          type: ['date', 'time', 'email', 'tel'].includes(field.type) ? field.type : 'text',
          autocomplete: field.autocomplete || 'off',
          placeholder: field.placeholder || null,
          'aria-describedby': describedby,
          spellcheck: field.type === 'email' ? 'false' : null,
        });
        input.value = value ?? '';
        words.push((f) => placeholder(input, f));
        if (field.list) {
          const listId = `${id}-list`;
          input.setAttribute('list', listId);
          append(wrap, [h('datalist', { id: listId }, field.list.map((v) => h('option', { value: v })))]);
        }
        append(wrap, [label, input, hint, error]);
    }
    paint(field);
    if (field.required && field.type !== 'parties') input.setAttribute('aria-required', 'true');
    const clearOne = () => this.clearError(field.name);
    input.addEventListener('input', clearOne);
    input.addEventListener('change', clearOne);
    this.inputs.set(field.name, { field, input, error, paint });
    return wrap;
  }

  /** One choice of a few, as radio buttons (`readRadio()`: the value chosen, or null). */
  radioGroup(id, field, value, describedby) {
    const radios = (field.options || []).map(([v], i) => {
      const radio = h('input', { type: 'radio', id: `${id}-${i}`, name: id, value: v, class: 'radio' });
      radio.value = v;
      radio.checked = value === v;
      return radio;
    });
    const labels = radios.map((radio) => h('label', { for: radio.id }));
    const group = h(
      'div',
      { class: 'radio-group', id, role: 'radiogroup', 'aria-labelledby': `${id}-label`, 'aria-describedby': describedby },
      radios.map((radio, i) => h('div', { class: 'check-row' }, radio, labels[i])),
    );
    group.relabel = (options) => {
      radios.forEach((radio, i) => {
        const option = options.find(([v]) => v === radio.value);
        labels[i].textContent = option ? option[1] : radio.value;
      });
    };
    group.readRadio = () => {
      const chosen = radios.find((r) => r.checked);
      return chosen ? chosen.value : null;
    };
    group.focus = () => (radios.find((r) => r.checked) || radios[0] || group).focus();
    return group;
  }

  /** Rows of party name and role, with Add and Remove. */
  partiesEditor(id, field, parties, describedby) {
    const list = h('ol', { class: 'party-rows', id, role: 'group', 'aria-labelledby': `${id}-label`, 'aria-describedby': describedby });
    let seq = 0;
    const rows = new Set(); // the words of each row, written again by `relabel`
    const addRow = (party = { name: '', role: 'other' }, focus = false) => {
      seq += 1;
      const n = seq;
      const rowId = `${id}-${n}`;
      const name = h('input', { id: `${rowId}-name`, class: 'input party-name-input', type: 'text', autocomplete: 'off', value: party.name || '' });
      name.value = party.name || '';
      const role = h('select', { id: `${rowId}-role`, class: 'input party-role' }, PARTY_ROLE_VALUES.map((v) => h('option', { value: v })));
      role.value = party.role || 'other';
      if (role.selectedIndex < 0) {
        // A role the app does not know stays as it is.
        role.append(h('option', { value: party.role }, party.role));
        role.value = party.role;
      }
      const remove = h('button', { type: 'button', class: 'button ghost small party-remove' });
      const nameLabel = h('label', { for: `${rowId}-name`, class: 'visually-hidden' });
      const roleLabel = h('label', { for: `${rowId}-role`, class: 'visually-hidden' });
      const row = h('li', { class: 'party-row' }, nameLabel, name, roleLabel, role, remove);
      const removeLabel = () => {
        const who = name.value.trim();
        remove.setAttribute('aria-label', who ? t('forms-party-remove-named', { name: who }) : t('forms-party-remove-number', { number: n }));
      };
      const words = () => {
        nameLabel.textContent = t('forms-party-name-label', { number: n });
        roleLabel.textContent = t('forms-party-role-label', { number: n });
        for (const option of role.querySelectorAll('option')) if (PARTY_ROLE_VALUES.includes(option.value)) option.textContent = partyRoleText(option.value);
        remove.textContent = t('forms-party-remove');
        removeLabel();
      };
      words();
      rows.add(words);
      remove.addEventListener('click', () => {
        const next = row.nextElementSibling || row.previousElementSibling;
        row.remove();
        rows.delete(words);
        this.clearError(field.name);
        (next ? next.querySelector('input') : add).focus();
      });
      name.addEventListener('input', removeLabel);
      list.append(row);
      if (focus) name.focus();
    };
    const add = h('button', { type: 'button', class: 'button secondary small party-add' }, t('forms-party-add'));
    add.addEventListener('click', () => addRow(undefined, true));
    for (const p of parties) addRow(p);
    const box = h('div', { class: 'parties-editor' }, list, add);
    box.readParties = () =>
      [...list.querySelectorAll('.party-row')]
        .map((row) => ({ name: row.querySelector('.party-name-input').value.trim(), role: row.querySelector('.party-role').value }))
        .filter((p) => p.name);
    box.focus = () => (list.querySelector('input') || add).focus();
    box.relabel = () => {
      for (const words of rows) words();
      add.textContent = t('forms-party-add');
    };
    return box;
  }

  /**
   * "Use the usual reminders" and, when that is off, a box for each offset (none ticked: no
   * reminders). `readReminders()` gives `null` (the case's, or the usual ones) or the offsets.
   */
  remindersEditor(id, field, value, describedby) {
    const chosen = Array.isArray(value) ? value : null;
    const inherit = h('input', { type: 'checkbox', id: `${id}-inherit`, class: 'checkbox reminder-inherit' });
    inherit.checked = chosen === null;
    const inheritLabel = h('label', { for: `${id}-inherit` });
    const offsetLabels = [];
    const boxes = REMINDER_OFFSET_VALUES.map((offset) => {
      const box = h('input', { type: 'checkbox', id: `${id}-${offset}`, class: 'checkbox reminder-offset', value: offset, dataset: { offset } });
      box.checked = chosen ? chosen.includes(offset) : false;
      const label = h('label', { for: `${id}-${offset}` });
      offsetLabels.push([offset, label]);
      return h('div', { class: 'check-row' }, box, label);
    });
    const legend = h('legend', { class: 'visually-hidden' });
    const offsetsHint = h('p', { class: 'hint' });
    const offsets = h('fieldset', { class: 'reminder-offsets', id: `${id}-offsets` }, legend, boxes, offsetsHint);
    offsets.hidden = inherit.checked;
    inherit.addEventListener('change', () => {
      offsets.hidden = inherit.checked;
      if (!inherit.checked && ![...offsets.querySelectorAll('input.reminder-offset')].some((b) => b.checked)) {
        // Start from the usual three, so unticking "usual" is not the same as "none".
        for (const o of ['7d', '2d', 'morning']) offsets.querySelector(`#${id}-${o}`).checked = true;
      }
    });
    const box = h('div', { class: 'reminders-editor', id, role: 'group', 'aria-labelledby': `${id}-label`, 'aria-describedby': describedby }, h('div', { class: 'check-row' }, inherit, inheritLabel), offsets);
    box.relabel = (f) => {
      inheritLabel.textContent = f.inherit || t('forms-reminders-inherit');
      for (const [offset, label] of offsetLabels) label.textContent = reminderOffsetText(offset);
      legend.textContent = t('forms-reminders-legend');
      offsetsHint.textContent = t('forms-reminders-hint');
    };
    box.relabel(field);
    box.readReminders = () => (inherit.checked ? null : [...offsets.querySelectorAll('input.reminder-offset')].filter((b) => b.checked).map((b) => b.value));
    box.focus = () => inherit.focus();
    return box;
  }

  /** The values as the server takes them: blank text is `null` (clears the field). */
  values() {
    const out = {};
    for (const [name, { field, input }] of this.inputs) {
      switch (field.type) {
        case 'checkbox':
          out[name] = input.checked;
          break;
        case 'parties':
          out[name] = input.readParties();
          break;
        case 'reminders':
          out[name] = input.readReminders();
          break;
        case 'radio':
          out[name] = input.readRadio();
          break;
        case 'money': {
          const raw = input.value.trim();
          if (!raw) {
            out[name] = null;
            break;
          }
          const n = parseMoney(raw);
          // Not a number: sent as typed, so the server's message says what is wrong with it.
          out[name] = n === null ? raw : input.moneyDirection.value === 'received' ? -Math.abs(n) : Math.abs(n);
          break;
        }
        default: {
          const v = input.value.trim();
          out[name] = v === '' ? null : v;
        }
      }
    }
    return out;
  }

  input(name) {
    const entry = this.inputs.get(name);
    return entry ? entry.input : null;
  }

  /**
   * Shows a rejection: each of `fields` (or `field`) under its input; returns the messages of
   * fields this form does not have (for the form-level message). Focuses the first bad field.
   */
  showErrors(error) {
    this.clearErrors();
    // The app's own words for each field (a refusal said in Spanish keeps them as its `detail`).
    const fields = error.fields && Object.keys(error.fields).length ? error.fields : error.field ? { [error.field]: error.detail || error.message } : {};
    const unknown = [];
    let first = null;
    // In the form's order, so focus goes to the first bad field on screen.
    const order = (n) => {
      const at = this.fields.findIndex((f) => f.name === n);
      return at < 0 ? Infinity : at;
    };
    for (const [name, why] of Object.entries(fields).sort(([a], [b]) => order(a) - order(b))) {
      const entry = this.inputs.get(name);
      if (!entry) {
        unknown.push(`${fieldLabel(name)}: ${fieldErrorText(why)}`);
        continue;
      }
      // In the window's language: "Is required" · "Falta este dato." (the app's words as a tooltip).
      showFieldError(entry.error, why);
      const target = entry.field.type === 'parties' ? entry.input.querySelector('.party-rows') : entry.input;
      target.setAttribute('aria-invalid', 'true');
      if (!first) first = entry.input;
    }
    if (first) first.focus();
    return { known: Object.keys(fields).length - unknown.length, unknown };
  }

  clearError(name) {
    const entry = this.inputs.get(name);
    if (!entry) return;
    entry.error.textContent = '';
    entry.error.removeAttribute('title');
    entry.error.hidden = true;
    const target = entry.field.type === 'parties' ? entry.input.querySelector('.party-rows') : entry.input;
    target.removeAttribute('aria-invalid');
  }

  clearErrors() {
    for (const name of this.inputs.keys()) this.clearError(name);
  }

  focusFirst() {
    const first = this.fields[0] && this.inputs.get(this.fields[0].name);
    if (first) first.input.focus();
  }
}

/**
 * The form-level text of a rejection: "Not saved: 2 fields need a change (see below)." `action`
 * says what the form does: `save` (the default), `build` ("Not built…") or `create` ("Not
 * created…").
 */
export function rejectionText(error, fieldsShown, { action = 'save' } = {}) {
  if (error.code === 'invalid_input' && fieldsShown.known && !fieldsShown.unknown.length) {
    return t('forms-not-saved-fields', { action, count: fieldsShown.known });
  }
  if (error.code === 'invalid_input' && fieldsShown.unknown.length) return t('forms-not-saved-because', { action, reason: fieldsShown.unknown.join('; ') });
  let why = '';
  if (error.code === 'starting') why = t('forms-why-starting');
  else if (error.code === 'unavailable') why = t('forms-why-unavailable');
  // Whole sentences, one after the other; the last is the app's own message, as it came.
  return [t('forms-not-saved', { action }), why, error.message].filter(Boolean).join(' ');
}
