// Forms of the case workspace, built from a list of fields: labels, hints, and the server's
// field errors under each field (`aria-describedby`, `aria-invalid`), as the settings dialog does.
//
// A field: `{name, label, type, required?, options?, hint?, placeholder?, rows?, wide?}` with
// `type` one of text, textarea, date, time, select, radio, checkbox, email, tel, money, parties,
// reminders (`inherit`: the label of "use the case's / the usual ones"; the value is `null` for
// that, else a list of offsets, `[]` for none). A rejection's `fields` (`{name: why}`) goes under
// each named field; anything else above the form.

import { h, clear, append } from './dom.js';
import { capitalize, parseMoney } from './format.js';

export const PARTY_ROLES = [
  ['me', 'Me'],
  ['other-party', 'Other party'],
  ['child', 'Child'],
  ['attorney', 'Attorney'],
  ['judge', 'Judge'],
  ['witness', 'Witness'],
  ['other', 'Other'],
];

/** The reminder offsets the server knows, in its order, as a person says them. */
export const REMINDER_OFFSETS = [
  ['30d', '30 days before'],
  ['14d', '2 weeks before'],
  ['7d', '7 days before'],
  ['3d', '3 days before'],
  ['2d', '2 days before'],
  ['1d', 'The day before'],
  ['morning', 'The morning of the day'],
  ['2h', '2 hours before a hearing'],
  ['1h', '1 hour before a hearing'],
];

/** `["7d", "morning"]` → "7 days before, the morning of the day"; `[]` → "none". */
export function remindersText(offsets) {
  if (!Array.isArray(offsets)) return '';
  if (!offsets.length) return 'none';
  const words = offsets.map((o) => (REMINDER_OFFSETS.find(([v]) => v === o) || [o, o])[1]);
  return words.map((w, i) => (i ? w.charAt(0).toLowerCase() + w.slice(1) : w)).join(', ');
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

  build(field, value) {
    const id = this.id(field.name);
    const errId = `err-${id}`;
    const hintId = field.hint ? `hint-${id}` : null;
    const describedby = [hintId, errId].filter(Boolean).join(' ');
    const error = h('p', { class: 'field-error', id: errId, hidden: true });
    const hint = field.hint ? h('p', { class: 'hint', id: hintId }, field.hint) : null;
    const label = h('label', { for: id }, field.label, field.required ? h('span', { class: 'required-mark' }, ' (required)') : null);
    const wrap = h('div', { class: ['field', field.wide && 'wide', `field-${field.type || 'text'}`], dataset: { field: field.name } });
    let input;
    switch (field.type) {
      case 'textarea':
        input = h('textarea', { id, name: field.name, class: 'input', rows: field.rows || 4, 'aria-describedby': describedby, placeholder: field.placeholder || null });
        input.value = value ?? '';
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
        append(wrap, [label, input, hint, error]);
        break;
      case 'radio':
        input = this.radioGroup(id, field, value ?? field.default ?? null, describedby);
        append(wrap, [h('p', { class: 'field-label', id: `${id}-label` }, field.label, field.required ? h('span', { class: 'required-mark' }, ' (required)') : null), input, hint, error]);
        break;
      case 'checkbox':
        input = h('input', { id, name: field.name, type: 'checkbox', class: 'checkbox', 'aria-describedby': describedby });
        input.checked = Boolean(value);
        wrap.classList.add('check-field');
        append(wrap, [h('div', { class: 'check-row' }, input, label), hint, error]);
        break;
      case 'money': {
        const n = Number(value);
        const direction = h(
          'select',
          { id: `${id}-direction`, class: 'input money-direction', 'aria-label': `${field.label}: spent or received` },
          h('option', { value: 'spent' }, 'Spent'),
          h('option', { value: 'received' }, 'Received'),
        );
        direction.value = Number.isFinite(n) && n < 0 ? 'received' : 'spent';
        input = h('input', { id, name: field.name, class: 'input', type: 'text', inputmode: 'decimal', autocomplete: 'off', placeholder: '0.00', 'aria-describedby': describedby });
        input.value = value === null || value === undefined || value === '' ? '' : Math.abs(n).toFixed(2);
        input.moneyDirection = direction;
        append(wrap, [label, h('div', { class: 'money-row' }, direction, h('span', { class: 'money-sign', 'aria-hidden': 'true' }, '$'), input), hint, error]);
        break;
      }
      case 'parties':
        input = this.partiesEditor(id, field, Array.isArray(value) ? value : [], describedby);
        append(wrap, [h('p', { class: 'field-label', id: `${id}-label` }, field.label), input, hint, error]);
        break;
      case 'reminders':
        input = this.remindersEditor(id, field, value, describedby);
        append(wrap, [h('p', { class: 'field-label', id: `${id}-label` }, field.label), input, hint, error]);
        break;
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
        if (field.list) {
          const listId = `${id}-list`;
          input.setAttribute('list', listId);
          append(wrap, [h('datalist', { id: listId }, field.list.map((v) => h('option', { value: v })))]);
        }
        append(wrap, [label, input, hint, error]);
    }
    if (field.required && field.type !== 'parties') input.setAttribute('aria-required', 'true');
    const clearOne = () => this.clearError(field.name);
    input.addEventListener('input', clearOne);
    input.addEventListener('change', clearOne);
    this.inputs.set(field.name, { field, input, error });
    return wrap;
  }

  /** One choice of a few, as radio buttons (`readRadio()`: the value chosen, or null). */
  radioGroup(id, field, value, describedby) {
    const radios = (field.options || []).map(([v, text], i) => {
      const radio = h('input', { type: 'radio', id: `${id}-${i}`, name: id, value: v, class: 'radio' });
      radio.value = v;
      radio.checked = value === v;
      return radio;
    });
    const group = h(
      'div',
      { class: 'radio-group', id, role: 'radiogroup', 'aria-labelledby': `${id}-label`, 'aria-describedby': describedby },
      radios.map((radio, i) => h('div', { class: 'check-row' }, radio, h('label', { for: radio.id }, field.options[i][1]))),
    );
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
    const addRow = (party = { name: '', role: 'other' }, focus = false) => {
      seq += 1;
      const rowId = `${id}-${seq}`;
      const name = h('input', { id: `${rowId}-name`, class: 'input party-name-input', type: 'text', autocomplete: 'off', value: party.name || '' });
      name.value = party.name || '';
      const role = h('select', { id: `${rowId}-role`, class: 'input party-role' }, PARTY_ROLES.map(([v, t]) => h('option', { value: v }, t)));
      role.value = party.role || 'other';
      if (role.selectedIndex < 0) {
        role.append(h('option', { value: party.role }, party.role));
        role.value = party.role;
      }
      const remove = h('button', { type: 'button', class: 'button ghost small party-remove' }, 'Remove');
      const row = h(
        'li',
        { class: 'party-row' },
        h('label', { for: `${rowId}-name`, class: 'visually-hidden' }, `Party ${seq}: name`),
        name,
        h('label', { for: `${rowId}-role`, class: 'visually-hidden' }, `Party ${seq}: role`),
        role,
        remove,
      );
      remove.setAttribute('aria-label', `Remove party ${party.name || seq}`);
      remove.addEventListener('click', () => {
        const next = row.nextElementSibling || row.previousElementSibling;
        row.remove();
        this.clearError(field.name);
        (next ? next.querySelector('input') : add).focus();
      });
      name.addEventListener('input', () => remove.setAttribute('aria-label', `Remove party ${name.value.trim() || seq}`));
      list.append(row);
      if (focus) name.focus();
    };
    const add = h('button', { type: 'button', class: 'button secondary small party-add' }, '+ Add a party');
    add.addEventListener('click', () => addRow(undefined, true));
    for (const p of parties) addRow(p);
    const box = h('div', { class: 'parties-editor' }, list, add);
    box.readParties = () =>
      [...list.querySelectorAll('.party-row')]
        .map((row) => ({ name: row.querySelector('.party-name-input').value.trim(), role: row.querySelector('.party-role').value }))
        .filter((p) => p.name);
    box.focus = () => (list.querySelector('input') || add).focus();
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
    const boxes = REMINDER_OFFSETS.map(([offset, text]) => {
      const box = h('input', { type: 'checkbox', id: `${id}-${offset}`, class: 'checkbox reminder-offset', value: offset, dataset: { offset } });
      box.checked = chosen ? chosen.includes(offset) : false;
      return h('div', { class: 'check-row' }, box, h('label', { for: `${id}-${offset}` }, text));
    });
    const offsets = h('fieldset', { class: 'reminder-offsets', id: `${id}-offsets` }, h('legend', { class: 'visually-hidden' }, 'Remind me'), boxes, h('p', { class: 'hint' }, 'Day reminders come at 8:00 in the morning. None ticked: no reminders.'));
    offsets.hidden = inherit.checked;
    inherit.addEventListener('change', () => {
      offsets.hidden = inherit.checked;
      if (!inherit.checked && ![...offsets.querySelectorAll('input.reminder-offset')].some((b) => b.checked)) {
        // Start from the usual three, so unticking "usual" is not the same as "none".
        for (const o of ['7d', '2d', 'morning']) offsets.querySelector(`#${id}-${o}`).checked = true;
      }
    });
    const box = h(
      'div',
      { class: 'reminders-editor', id, role: 'group', 'aria-labelledby': `${id}-label`, 'aria-describedby': describedby },
      h('div', { class: 'check-row' }, inherit, h('label', { for: `${id}-inherit` }, field.inherit || 'Use the usual reminders')),
      offsets,
    );
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
    const fields = error.fields && Object.keys(error.fields).length ? error.fields : error.field ? { [error.field]: error.message } : {};
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
        unknown.push(`${name}: ${why}`);
        continue;
      }
      entry.error.textContent = capitalize(why);
      entry.error.hidden = false;
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

/** The form-level text of a rejection. */
export function rejectionText(error, fieldsShown) {
  if (error.code === 'invalid_input' && fieldsShown.known && !fieldsShown.unknown.length) {
    return `Not saved: ${fieldsShown.known === 1 ? 'one field needs' : `${fieldsShown.known} fields need`} a change (see below).`;
  }
  if (error.code === 'invalid_input' && fieldsShown.unknown.length) return `Not saved: ${fieldsShown.unknown.join('; ')}`;
  const why = { starting: 'ProSeVA is still starting. ', unavailable: 'Your case data is not available right now. ' }[error.code] || '';
  return `Not saved. ${why}${error.message}`;
}
