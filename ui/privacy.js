// The case file's lock in the window: the unlock screen (the only thing shown while locked), the
// header's Lock button, locking after a chosen number of idle minutes, the offer to set a
// passphrase when a protective-order case is made, and Settings → Privacy and safety (turn on with
// the recovery key shown once, change the passphrase, turn off). The server keeps the key; a
// locked server answers every call about the person's data with `locked`, and the page then starts
// again on this screen, so nothing it showed stays in it.

import { api, commandError } from './api.js';
import { fieldErrorText } from './dom.js';
import { onLanguageChange, t } from './i18n.js';
import { quickExit } from './quick-exit.js';

/** The app's reason for refusing a passphrase, as a sentence in the window's language. */
const sentence = (why) => fieldErrorText(/[.!?]$/.test(why) ? why : `${why}.`);

/** Idle minutes before the app locks itself; 0 = never. */
export const IDLE_CHOICES = [0, 5, 10, 15, 30, 60];
export const DEFAULT_IDLE_MINUTES = 10;

const PROTECTIVE_ORDER_KINDS = ['protective-order-petitioner', 'protective-order-respondent'];

/** Starts the page again: after a lock, the start finds the file locked and shows only the unlock screen. */
function restartPage() {
  history.replaceState(null, '', location.pathname + location.search);
  location.reload();
}

/** Locks now and starts the page again. */
export async function lockNow() {
  try {
    await api.privacyLock();
  } catch (err) {
    console.error('privacy_lock', err);
  }
  restartPage();
}

/**
 * The unlock screen (`#unlock-screen`). `show()` hides everything else (body[data-locked]); a
 * right passphrase (or recovery key) starts the page again, unlocked.
 */
export class UnlockScreen {
  constructor(root) {
    this.root = root;
    this.form = root.querySelector('#unlock-form');
    this.input = root.querySelector('#unlock-secret');
    this.label = root.querySelector('#unlock-label');
    this.hint = root.querySelector('#unlock-hint');
    this.error = root.querySelector('#unlock-error');
    this.submit = root.querySelector('#unlock-submit');
    this.toggle = root.querySelector('#unlock-use-recovery');
    this.useRecovery = false;
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.unlock();
    });
    this.toggle.addEventListener('click', () => this.setRecovery(!this.useRecovery));
    root.querySelector('#unlock-quick-exit').addEventListener('click', () => quickExit());
    this.written = false;
    // Another language: what this screen wrote is said again in it.
    onLanguageChange(() => {
      if (this.written) this.writeTexts();
    });
  }

  /** The label, hint and toggle for a passphrase or the recovery key. */
  writeTexts() {
    const on = this.useRecovery;
    this.written = true;
    this.label.textContent = on ? t('privacy-unlock-recovery-label') : t('privacy-unlock-passphrase-label');
    this.hint.textContent = on ? t('privacy-unlock-recovery-hint') : t('privacy-unlock-passphrase-hint');
    this.toggle.textContent = on ? t('privacy-unlock-use-passphrase') : t('privacy-unlock-use-recovery');
    if (!this.submit.disabled) this.submit.textContent = t('privacy-unlock-submit');
  }

  setRecovery(on) {
    this.useRecovery = on;
    this.input.type = on ? 'text' : 'password';
    this.input.autocomplete = on ? 'off' : 'current-password';
    this.writeTexts();
    this.input.value = '';
    this.error.hidden = true;
    this.input.focus();
  }

  show() {
    document.body.dataset.locked = 'true';
    document.title = 'ProSeVA';
    this.root.hidden = false;
    this.input.focus();
  }

  async unlock() {
    const value = this.input.value;
    if (!value.trim()) {
      this.showError(this.useRecovery ? t('privacy-unlock-type-recovery') : t('privacy-unlock-type-passphrase'));
      return;
    }
    this.submit.disabled = true;
    this.submit.textContent = t('privacy-unlock-busy');
    this.error.hidden = true;
    try {
      await api.privacyUnlock(this.useRecovery ? { recoveryKey: value } : { passphrase: value });
      this.input.value = '';
      restartPage();
    } catch (err) {
      const e = commandError(err);
      // The server's own words about the passphrase, as it says them.
      const fieldMessage = e.fields && (e.fields.passphrase || e.fields.recoveryKey);
      this.showError(fieldMessage ? sentence(fieldMessage) : e.message);
      this.input.select();
    } finally {
      this.submit.disabled = false;
      this.submit.textContent = t('privacy-unlock-submit');
    }
  }

  showError(message) {
    this.error.textContent = message;
    this.error.hidden = false;
  }
}

/**
 * At start: whether the case file is locked (then only the unlock screen is shown and the rest of
 * the page is not started). Resolves with the status `{encrypted, locked}`.
 */
export async function lockedAtStart(screen) {
  let status = { encrypted: false, locked: false };
  try {
    status = await api.privacyStatus();
  } catch (err) {
    console.warn('privacy_status', err);
  }
  if (status.locked) screen.show();
  return status;
}

/** After any call the server refused as `locked` (the lock came from elsewhere: idle, a script), start again. */
export function restartWhenLocked() {
  window.addEventListener('proseva:locked', () => restartPage(), { once: true });
}

/**
 * Locks after `minutes()` without a key press, click, touch or wheel in the window (checked every
 * 15 s). `minutes()` is read at each check, so a new setting applies at once.
 */
export class IdleLock {
  constructor({ minutes, encrypted, now = () => Date.now(), lock = lockNow }) {
    this.minutes = minutes;
    this.encrypted = encrypted;
    this.now = now;
    this.lock = lock;
    this.last = now();
    this.locking = false;
  }

  start() {
    const touch = () => {
      this.last = this.now();
    };
    for (const name of ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart']) {
      document.addEventListener(name, touch, { capture: true, passive: true });
    }
    this.timer = setInterval(() => this.check(), 15000);
  }

  /** True when it locked. */
  check() {
    const minutes = Number(this.minutes());
    if (this.locking || !this.encrypted() || !(minutes > 0)) return false;
    if (this.now() - this.last < minutes * 60000) return false;
    this.locking = true;
    this.lock();
    return true;
  }
}

/** A passphrase's problems before it is sent (the server checks again). */
export function passphraseProblem(passphrase, again) {
  if (passphrase.length < 8) return t('privacy-passphrase-too-short', { min: 8 });
  if (passphrase !== again) return t('privacy-passphrases-differ');
  return null;
}

/**
 * Settings → Privacy and safety (`#privacy-settings`): the lock's state and its actions, which act
 * at once; the idle minutes are saved with the dialog (`load()`/`save()`).
 */
export class PrivacySettingsGroup {
  constructor(group, { onChange = () => {} } = {}) {
    this.group = group;
    this.onChange = onChange;
    this.state = group.querySelector('#privacy-state');
    this.offPart = group.querySelector('#privacy-off');
    this.onPart = group.querySelector('#privacy-on');
    this.error = group.querySelector('#err-privacy');
    this.idle = group.querySelector('#set-idle-lock');
    this.remember = group.querySelector('#set-unlock-without-asking');
    this.keepField = group.querySelector('#keep-passphrase-field');
    this.keepPassphrase = group.querySelector('#privacy-keep-passphrase');
    this.remember.addEventListener('change', () => {
      this.keepField.hidden = !(this.remember.checked && this.loaded && !this.loaded.unlockWithoutAsking);
      if (!this.keepField.hidden) this.keepPassphrase.focus();
    });
    this.recoveryBox = group.querySelector('#privacy-recovery');
    this.recoveryKey = group.querySelector('#privacy-recovery-key');
    this.status = { encrypted: false, locked: false };
    this.loaded = null;
    this.changed = false; // "Your passphrase was changed" is the state shown
    // Another language: the state and the keyring's hint are said again in it.
    onLanguageChange(() => {
      if (!this.rendered) return;
      const changed = this.changed;
      this.render();
      if (changed) this.showChanged();
    });

    const q = (id) => group.querySelector(`#${id}`);
    q('privacy-turn-on').addEventListener('click', () => this.turnOn());
    q('privacy-written').addEventListener('click', () => this.hideRecoveryKey());
    q('privacy-print').addEventListener('click', () => {
      document.body.classList.add('print-recovery');
      window.print();
      document.body.classList.remove('print-recovery');
    });
    q('privacy-lock-now').addEventListener('click', () => lockNow());
    q('privacy-change').addEventListener('click', () => this.changePassphrase());
    q('privacy-turn-off').addEventListener('click', () => this.turnOff());
    this.q = q;
  }

  async load() {
    this.error.hidden = true;
    this.loaded = null;
    try {
      const [status, settings] = await Promise.all([api.privacyStatus(), api.privacySettings()]);
      this.status = status;
      this.loaded = settings;
      this.idle.value = String(settings.idleLockMinutes);
      this.remember.checked = settings.unlockWithoutAsking === true;
      this.keepPassphrase.value = '';
      this.keepField.hidden = true;
    } catch (err) {
      this.showError(t('privacy-state-failed', { reason: commandError(err).message }));
    }
    this.render();
  }

  render() {
    const on = Boolean(this.status.encrypted);
    this.rendered = true;
    this.changed = false;
    this.state.textContent = on ? t('privacy-state-on') : t('privacy-state-off');
    this.offPart.hidden = on;
    this.onPart.hidden = !on;
    this.idle.disabled = !on || !this.loaded;
    const keyring = Boolean(this.loaded && this.loaded.keyring);
    this.remember.disabled = !on || !keyring;
    this.group.querySelector('#hint-unlock-without-asking').textContent = keyring ? t('privacy-keyring-hint') : t('privacy-keyring-missing');
  }

  changes() {
    if (!this.loaded) return null;
    const out = {};
    const minutes = Number(this.idle.value);
    if (minutes !== this.loaded.idleLockMinutes) out.idleLockMinutes = minutes;
    if (!this.remember.disabled && this.remember.checked !== (this.loaded.unlockWithoutAsking === true)) {
      out.unlockWithoutAsking = this.remember.checked;
      if (this.remember.checked) out.passphrase = this.keepPassphrase.value;
    }
    return Object.keys(out).length ? out : null;
  }

  async save() {
    const changes = this.changes();
    if (!changes) return this.loaded;
    this.loaded = await api.setPrivacySettings(changes);
    this.keepPassphrase.value = '';
    this.keepField.hidden = true;
    this.onChange(this.loaded);
    return this.loaded;
  }

  showError(message) {
    this.error.textContent = message;
    this.error.hidden = false;
  }

  async act(button, busyText, work) {
    const label = button.textContent;
    button.disabled = true;
    button.textContent = busyText;
    this.error.hidden = true;
    try {
      return await work();
    } catch (err) {
      const e = commandError(err);
      const field = e.fields && Object.values(e.fields)[0];
      this.showError(field ? sentence(field) : e.message);
      return null;
    } finally {
      button.disabled = false;
      button.textContent = label;
    }
  }

  async turnOn() {
    const passphrase = this.q('privacy-new').value;
    const again = this.q('privacy-new-again').value;
    const problem = passphraseProblem(passphrase, again);
    if (problem) return this.showError(problem);
    if (!this.q('privacy-understood').checked) return this.showError(t('privacy-tick-understood'));
    const made = await this.act(this.q('privacy-turn-on'), t('privacy-encrypting'), () => api.privacyEncrypt(passphrase));
    if (!made) return undefined;
    this.q('privacy-new').value = '';
    this.q('privacy-new-again').value = '';
    this.q('privacy-understood').checked = false;
    this.status = { encrypted: true, locked: false };
    this.recoveryKey.textContent = made.recoveryKey;
    this.recoveryBox.hidden = false;
    this.render();
    this.onChange(this.loaded);
    this.q('privacy-written').focus();
    return made;
  }

  hideRecoveryKey() {
    this.recoveryKey.textContent = '';
    this.recoveryBox.hidden = true;
  }

  async changePassphrase() {
    const old = this.q('privacy-old').value;
    const passphrase = this.q('privacy-change-new').value;
    const problem = passphraseProblem(passphrase, this.q('privacy-change-again').value);
    if (!old) return this.showError(t('privacy-type-old'));
    if (problem) return this.showError(problem);
    const recovery = /^[\s0-9a-z-]{25,40}$/i.test(old) && old.replace(/[\s-]/g, '').length === 25;
    const args = recovery ? { recoveryKey: old, new: passphrase } : { old, new: passphrase };
    const done = await this.act(this.q('privacy-change'), t('privacy-changing'), () => api.privacyChangePassphrase(args));
    if (done) {
      for (const id of ['privacy-old', 'privacy-change-new', 'privacy-change-again']) this.q(id).value = '';
      this.showChanged();
    }
    return done;
  }

  showChanged() {
    this.changed = true;
    this.state.textContent = t('privacy-passphrase-changed');
  }

  async turnOff() {
    const passphrase = this.q('privacy-off-passphrase').value;
    if (!passphrase) return this.showError(t('privacy-type-to-turn-off'));
    const done = await this.act(this.q('privacy-turn-off'), t('privacy-decrypting'), () => api.privacyDecrypt(passphrase));
    if (done) {
      this.q('privacy-off-passphrase').value = '';
      this.status = done;
      this.render();
      this.onChange(this.loaded);
    }
    return done;
  }
}

/**
 * When a protective-order case is made and the case file has no passphrase: a quiet offer to set
 * one (never forced). `openPrivacy()` opens Settings at Privacy and safety.
 */
export function offerLockForProtectiveOrders({ dialog, openPrivacy }) {
  let offered = false;
  document.addEventListener('proseva:case-saved', async (e) => {
    const record = e.detail || {};
    if (offered || !(PROTECTIVE_ORDER_KINDS.includes(record.kind) || record.type === 'protective-order')) return;
    let status;
    try {
      status = await api.privacyStatus();
    } catch {
      return;
    }
    if (status.encrypted) return;
    offered = true;
    // After the dialog that made the case (the first start's question) has closed.
    for (let waited = 0; document.querySelector('dialog[open]') && waited < 30000; waited += 250) {
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    dialog.querySelector('#lock-offer-yes').onclick = () => {
      dialog.close();
      openPrivacy();
    };
    dialog.querySelector('#lock-offer-no').onclick = () => dialog.close();
    dialog.showModal();
  });
}
