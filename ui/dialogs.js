// The workspace's dialogs: opening a <dialog> with focus given back to what opened it, the one
// confirmation dialog (`#confirm-dialog`), and the one record form dialog (`#record-dialog`) that
// adds and edits cases, deadlines, contacts, finances and timeline events.

import { h, clear, announce } from './dom.js';
import { commandError } from './api.js';
import { FieldSet, rejectionText } from './forms.js';
import { t } from './i18n.js';

/** Opens `dialog` modally; focus goes back to `trigger` (or what had it) when it closes. */
export function openDialog(dialog, trigger = document.activeElement) {
  dialog.returnTo = trigger;
  if (!dialog.dataset.wired) {
    dialog.dataset.wired = 'true';
    dialog.addEventListener('close', () => {
      const back = dialog.returnTo;
      dialog.returnTo = null;
      if (back && back.isConnected && typeof back.focus === 'function') back.focus();
    });
  }
  if (!dialog.open) {
    if (typeof dialog.showModal === 'function') dialog.showModal();
    else dialog.setAttribute('open', '');
  }
}

export function closeDialog(dialog) {
  if (typeof dialog.close === 'function') dialog.close();
  else dialog.removeAttribute('open');
}

/** True while any dialog of the window is open (keyboard shortcuts wait). */
export function anyDialogOpen() {
  return Boolean(document.querySelector('dialog[open]'));
}

/**
 * Asks the person to confirm: resolves true for the confirm button, false for Cancel or Escape.
 * `{title, message, confirm, danger}`; `message` may be text or nodes.
 */
export function confirmDialog({ title, message, confirm = t('dialogs-confirm'), danger = false }, trigger) {
  const dialog = document.getElementById('confirm-dialog');
  const ok = dialog.querySelector('#confirm-ok');
  const cancel = dialog.querySelector('#confirm-cancel');
  dialog.querySelector('#confirm-title').textContent = title;
  const body = clear(dialog.querySelector('#confirm-message'));
  for (const part of Array.isArray(message) ? message : [message]) body.append(typeof part === 'string' ? h('p', {}, part) : part);
  ok.textContent = confirm;
  ok.className = `button ${danger ? 'danger' : 'primary'}`;
  return new Promise((resolve) => {
    let answer = false;
    const done = () => {
      ok.removeEventListener('click', onOk);
      cancel.removeEventListener('click', onCancel);
      dialog.removeEventListener('close', done);
      resolve(answer);
    };
    const onOk = () => {
      answer = true;
      closeDialog(dialog);
    };
    const onCancel = () => closeDialog(dialog);
    ok.addEventListener('click', onOk);
    cancel.addEventListener('click', onCancel);
    dialog.addEventListener('close', done);
    openDialog(dialog, trigger);
    cancel.focus();
  });
}

/**
 * The record form dialog. `open({title, fields, values, submit, saveLabel, intro})` shows the
 * fields; Save calls `submit(values)` (a promise of the stored record). A rejection shows under
 * its fields and the dialog stays; anything else above the form. Resolves with the stored record,
 * or null when the person cancels.
 */
export class RecordDialog {
  constructor(dialog) {
    this.dialog = dialog;
    this.form = dialog.querySelector('#record-form');
    this.title = dialog.querySelector('#record-dialog-title');
    this.body = dialog.querySelector('#record-fields');
    this.intro = dialog.querySelector('#record-intro');
    this.error = dialog.querySelector('#record-error');
    this.save = dialog.querySelector('#record-save');
    this.pending = null;
    dialog.querySelector('#record-cancel').addEventListener('click', () => closeDialog(dialog));
    dialog.querySelector('#record-close').addEventListener('click', () => closeDialog(dialog));
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.submit();
    });
    dialog.addEventListener('close', () => {
      const p = this.pending;
      this.pending = null;
      if (p) p.resolve(p.saved || null);
    });
  }

  open({ title, fields, values = {}, submit, saveLabel = t('dialogs-save'), intro = null, kind = '' }, trigger) {
    this.title.textContent = title;
    this.dialog.dataset.kind = kind;
    clear(this.intro);
    if (intro) this.intro.append(intro);
    this.intro.hidden = !intro;
    this.error.hidden = true;
    this.error.textContent = '';
    this.save.textContent = saveLabel;
    this.save.disabled = false;
    this.fields = new FieldSet(this.body, fields, values, { prefix: 'rec' });
    this.spec = fields;
    this.submitFn = submit;
    return new Promise((resolve) => {
      this.pending = { resolve, saved: null };
      openDialog(this.dialog, trigger);
      this.fields.focusFirst();
    });
  }

  async submit() {
    if (!this.pending || this.save.disabled) return;
    this.error.hidden = true;
    this.fields.clearErrors();
    this.save.disabled = true;
    this.form.setAttribute('aria-busy', 'true');
    try {
      const saved = await this.submitFn(this.fields.values());
      this.pending.saved = saved || true;
      closeDialog(this.dialog);
      announce(t('dialogs-saved'));
    } catch (err) {
      const error = commandError(err);
      const shown = error.code === 'invalid_input' ? this.fields.showErrors(error) : { known: 0, unknown: [] };
      this.error.textContent = rejectionText(error, shown);
      this.error.hidden = false;
      if (!shown.known) this.error.focus();
    } finally {
      this.save.disabled = false;
      this.form.removeAttribute('aria-busy');
    }
  }
}
