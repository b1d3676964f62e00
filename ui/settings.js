// The settings dialog: the window's language, the model service (address, model names, offline
// switch), API keys for the model and the research services (write-only: a key is never shown
// again, only whether it is saved and where), the OpenAlex email, and the data folder (read-only).
// Its words: locales/*/settings.ftl.

import { h, clear, announce, errorText, showFieldError, clearFieldError, fieldErrorText } from './dom.js';
import { api, commandError } from './api.js';
import { formatNumber, language, localizeDom, setLanguage, t, tMessage } from './i18n.js';

const FIELDS = ['language', 'baseUrl', 'smallModel', 'largeModel', 'offline', 'openalexEmail', 'localModel', 'localModelIdleMinutes'];
const IDLE_CHOICES = [2, 5, 15, 60];

/** "1.0 GB" (1 GB = 2³⁰ bytes), the number as the window's language writes it. */
const gigabytes = (n) => `${formatNumber((Number(n) || 0) / 1073741824, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} GB`;

export class SettingsDialog {
  /** `groups`: parts of the dialog saved by their own commands (`{load(), save()}`), e.g. Reminders. */
  constructor(dialog, { getStatus, groups = [] }) {
    this.groups = groups;
    this.dialog = dialog;
    this.form = dialog.querySelector('#settings-form');
    this.formError = dialog.querySelector('#settings-error');
    this.saveButton = dialog.querySelector('#settings-save');
    this.modelKeys = dialog.querySelector('#model-secret-fields');
    this.researchKeys = dialog.querySelector('#secret-fields');
    this.dataDir = dialog.querySelector('#settings-data-dir');
    this.version = dialog.querySelector('#settings-version');
    this.getStatus = getStatus;
    this.secrets = [];
    this.clearing = new Set();
    this.trigger = null;
    this.loading = false;

    dialog.querySelector('#settings-close').addEventListener('click', () => this.close());
    dialog.querySelector('#settings-cancel').addEventListener('click', () => this.close());
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.save();
    });
    for (const preset of dialog.querySelectorAll('[data-preset-url]')) {
      preset.addEventListener('click', () => {
        const input = this.field('baseUrl');
        input.value = preset.dataset.presetUrl;
        this.clearFieldError('baseUrl');
        input.focus();
      });
    }
    this.field('offline').addEventListener('change', () => this.reflectOffline());
    dialog.querySelector('#local-model-browse').addEventListener('click', async () => {
      const path = await api.pickModelFile().catch(() => null);
      if (path) {
        this.field('localModel').value = path;
        this.clearFieldError('localModel');
      }
      this.field('localModel').focus();
    });
    dialog.querySelector('#local-model-clear').addEventListener('click', () => {
      this.field('localModel').value = '';
      this.clearFieldError('localModel');
      this.field('localModel').focus();
    });
    dialog.addEventListener('close', () => {
      const t = this.trigger;
      this.trigger = null;
      if (t && t.isConnected) t.focus();
    });
  }

  get isOpen() {
    return this.dialog.open;
  }

  field(name) {
    return this.dialog.querySelector(`#set-${name}`);
  }

  async open(trigger) {
    if (this.dialog.open || this.opening) return;
    this.opening = true;
    try {
      await this.show(trigger);
    } finally {
      this.opening = false;
    }
  }

  async show(trigger) {
    this.trigger = trigger || document.activeElement;
    this.resetErrors();
    this.form.reset();
    this.clearing.clear();
    let status = this.getStatus();
    if (!status) status = await api.appStatus().catch(() => null);
    this.dataDir.value = (status && status.dataDir) || '';
    this.version.textContent = status && status.version ? `ProSeVA ${status.version}` : 'ProSeVA';
    if (typeof this.dialog.showModal === 'function') this.dialog.showModal();
    else this.dialog.setAttribute('open', '');
    this.setBusy(true, t('settings-loading'));
    try {
      const [settings] = await Promise.all([api.getSettings(), ...this.groups.map((g) => g.load())]);
      this.fill(settings);
      await this.renderCatalogue();
      this.setBusy(false);
      const first = this.dialog.querySelector('#local-recommended button') || this.dialog.querySelector('#local-details > summary');
      if (first) first.focus();
    } catch (err) {
      this.setBusy(false);
      this.showFormError(t('settings-load-failed', { error: errorText(err) }));
    }
  }

  close() {
    if (typeof this.dialog.close === 'function') this.dialog.close();
    else this.dialog.removeAttribute('open');
  }

  setBusy(busy, text) {
    this.loading = busy;
    this.form.setAttribute('aria-busy', String(busy));
    this.saveButton.disabled = busy;
    const note = this.dialog.querySelector('#settings-busy');
    note.textContent = busy ? text || '' : '';
    note.hidden = !busy;
  }

  fill(s) {
    const settings = s || {};
    // The language: chosen, or "Follow this computer (English)" naming the computer's.
    this.field('language').value = settings.language || '';
    const follow = this.dialog.querySelector('#set-language-follow');
    follow.setAttribute('data-l10n-args', JSON.stringify({ system: settings.systemLanguage || 'en' }));
    localizeDom(follow);
    this.field('baseUrl').value = settings.baseUrl || '';
    this.field('smallModel').value = settings.smallModel || '';
    this.field('largeModel').value = settings.largeModel || '';
    this.field('offline').checked = Boolean(settings.offline);
    this.field('openalexEmail').value = settings.openalexEmail || '';
    this.field('mcpCaseData').checked = settings.mcpCaseData === true;
    this.field('localModel').value = settings.localModel || '';
    const idle = Number(settings.localModelIdleMinutes) || 5;
    const idleSelect = this.field('localModelIdleMinutes');
    if (!IDLE_CHOICES.includes(idle)) idleSelect.append(h('option', { value: String(idle) }, t('settings-idle-minutes-option', { minutes: idle })));
    idleSelect.value = String(idle);
    // Set in the Law tab; kept as it is when this dialog saves.
    this.lawUpdates = settings.lawUpdates !== false;
    this.secrets = Array.isArray(settings.secrets) ? settings.secrets : [];
    this.clearing.clear();
    clear(this.modelKeys);
    clear(this.researchKeys);
    for (const secret of this.secrets) {
      const target = secret.name === 'OPENAI_API_KEY' ? this.modelKeys : this.researchKeys;
      target.append(this.secretField(secret));
    }
    this.reflectOffline();
    // What the person set up before is shown open: a model file of their own, a model service.
    const serviceKey = this.secrets.some((k) => k.name === 'OPENAI_API_KEY' && k.set);
    this.dialog.querySelector('#model-service').open = Boolean(settings.baseUrl || serviceKey);
    this.dialog.querySelector('#local-details').open = Boolean(settings.localModel);
  }

  /** The downloadable models, with their verdict, state and buttons; polled while one downloads. */
  async renderCatalogue() {
    const list = this.dialog.querySelector('#local-catalogue');
    let rows;
    try {
      rows = await api.modelCatalogue();
    } catch (err) {
      clear(list).append(h('li', { class: 'field-error' }, t('settings-catalogue-failed', { error: errorText(err) })));
      return;
    }
    if (!Array.isArray(rows)) return;
    clear(list);
    for (const row of rows) list.append(this.catalogueRow(row));
    this.renderRecommended(rows);
    clearTimeout(this.catalogueTimer);
    if (this.dialog.open && rows.some((r) => r.state === 'downloading')) {
      this.catalogueTimer = setTimeout(() => this.renderCatalogue(), 500);
    }
  }

  /**
   * The model for this computer, said plainly at the top: the one in use, else the first of the
   * catalogue (its recommended order) that fits here, else the first that runs slowly here.
   */
  renderRecommended(rows) {
    const box = this.dialog.querySelector('#local-recommended');
    const pick = rows.find((r) => r.inUse) || rows.find((r) => r.fit === 'fits') || rows.find((r) => r.fit === 'slowHere');
    if (!pick) {
      box.dataset.key = '';
      clear(box).append(h('p', { class: 'hint' }, t('settings-local-none-fits')));
      return;
    }
    // As the catalogue's rows write sizes, so both say the same.
    const size = gigabytes(pick.sizeBytes);
    const model = pick.name;
    let action;
    let said;
    if (pick.inUse) {
      said = t('settings-local-in-use', { model });
    } else if (pick.state === 'ready') {
      said = t('settings-local-ready', { model });
      action = [t('settings-local-use'), 'use'];
    } else if (pick.state === 'downloading') {
      said = t('settings-local-downloading', { model });
      action = [t('settings-local-stop'), 'stop'];
    } else {
      said = t('settings-local-recommended', { model, size });
      action = [t(pick.state === 'partial' ? 'settings-local-resume' : 'settings-local-download', { size }), 'download'];
    }
    // Polled while a download runs: rebuilt only when what it says changes, so the button keeps
    // the keyboard focus.
    const key = `${pick.id}|${said}|${action ? action.join('|') : ''}`;
    if (box.dataset.key === key) {
      this.showRecommendedProgress(box, pick);
      return;
    }
    box.dataset.key = key;
    const focused = box.contains(document.activeElement);
    const parts = [h('p', { class: 'local-recommended-text' }, said)];
    if (pick.fit === 'slowHere' && !pick.inUse) parts.push(h('p', { class: 'hint' }, t('settings-local-slow')));
    if (action) {
      const button = h('button', { type: 'button', class: 'button primary', id: 'local-recommended-action', dataset: { action: action[1], id: pick.id } }, action[0]);
      button.addEventListener('click', () => {
        const same = this.dialog.querySelector(`#local-catalogue .model-row[data-id="${CSS.escape(pick.id)}"] button[data-action="${action[1]}"]`);
        if (same) same.click();
      });
      parts.push(button);
    }
    clear(box).append(...parts);
    this.showRecommendedProgress(box, pick);
    if (focused) (box.querySelector('button') || this.dialog.querySelector('#local-details > summary')).focus();
  }

  /** The recommended model's download, how far and the time left, updated in place (never rebuilt). */
  showRecommendedProgress(box, pick) {
    let line = box.querySelector('.local-recommended-progress');
    if (pick.state !== 'downloading') {
      if (line) line.remove();
      return;
    }
    if (!line) {
      line = h('div', { class: 'model-progress local-recommended-progress' }, h('progress', { max: '1', value: '0' }), h('span', { class: 'model-progress-text' }));
      box.querySelector('.local-recommended-text').after(line);
    }
    const { total, done, text } = downloadProgress(pick);
    const bar = line.querySelector('progress');
    bar.max = total || 1;
    bar.value = done;
    bar.setAttribute('aria-label', t('settings-local-progress-label', { model: pick.name }));
    line.querySelector('.model-progress-text').textContent = text;
  }

  catalogueRow(row) {
    const act = async (action, label, run) => {
      try {
        await run();
        announce(label);
      } catch (err) {
        this.showFormError(`${row.name}: ${errorText(err)}`);
      }
      if (action === 'use') {
        const saved = await api.getSettings().catch(() => null);
        if (saved) this.fill(saved);
      }
      this.renderCatalogue();
    };
    const button = (text, action, cls = 'secondary') =>
      h('button', { type: 'button', class: `button ${cls} small`, dataset: { action } }, text);
    const buttons = [];
    if (row.state === 'downloading') buttons.push(button(t('settings-model-stop'), 'stop'));
    else if (row.state === 'ready') {
      if (!row.inUse) buttons.push(button(t('settings-model-use'), 'use', 'primary'));
      buttons.push(button(t('settings-model-delete'), 'delete'));
    } else {
      const resume = t('settings-model-resume', { done: megabytes(row.partialBytes), total: megabytes(row.sizeBytes) });
      buttons.push(button(row.state === 'partial' ? resume : t('settings-model-download'), 'download', 'primary'));
      if (row.state === 'partial') buttons.push(button(t('settings-model-delete'), 'delete'));
    }
    for (const b of buttons) {
      b.addEventListener('click', () => {
        const action = b.dataset.action;
        if (action === 'download') act(action, t('settings-model-download-started'), () => api.modelDownload(row.id));
        else if (action === 'stop') act(action, t('settings-model-download-stopped'), () => api.modelDownloadStop(row.id));
        else if (action === 'use') act(action, t('settings-model-in-use-said'), () => api.modelUse(row.id));
        else if (action === 'delete') act(action, t('settings-model-deleted'), () => api.modelDelete(row.id));
      });
    }
    let progress = null;
    if (row.state === 'downloading') {
      const { total, done, text } = downloadProgress(row);
      progress = h('div', { class: 'model-progress' }, h('progress', { max: String(total || 1), value: String(done) }), h('span', { class: 'model-progress-text' }, text));
    }
    return h(
      'li',
      { class: 'model-row', dataset: { id: row.id, state: row.state, fit: row.fit || 'unknown' } },
      h(
        'div',
        { class: 'model-head' },
        h('strong', {}, row.name),
        ' ',
        h('span', { class: 'muted' }, modelFacts(row)),
        row.inUse ? [' ', h('span', { class: 'badge' }, t('settings-model-in-use'))] : null,
      ),
      modelVerdict(row),
      h('p', { class: 'hint' }, language() === 'es' && row.descriptionEs ? row.descriptionEs : row.description),
      progress,
      modelError(row),
      h('div', { class: 'model-actions' }, ...buttons),
    );
  }

  reflectOffline() {
    const offline = this.field('offline').checked;
    this.dialog.querySelector('#model-fields').dataset.muted = String(offline);
  }

  secretField(secret) {
    const id = `secret-${secret.name}`;
    const statusId = `${id}-status`;
    const errId = `err-${secret.name}`;
    const input = h('input', {
      id,
      name: secret.name,
      type: 'password',
      autocomplete: 'new-password',
      spellcheck: 'false',
      autocapitalize: 'off',
      class: 'input',
      'aria-describedby': `${statusId} ${errId}`,
      placeholder: t(secret.set ? 'settings-secret-replace-placeholder' : 'settings-secret-paste-placeholder'),
    });
    const status = h('p', { class: 'secret-status', id: statusId });
    const clearButton = h('button', { type: 'button', class: 'button secondary small' }, t('settings-secret-clear'));
    // The key's name in the window's language (the app's label for a key this screen does not know).
    const keyName = t('settings-secret-name', { name: secret.name, label: secret.label || secret.name });
    const error = h('p', { class: 'field-error', id: errId, hidden: true });
    const wrap = h(
      'div',
      { class: 'field secret-field', dataset: { secret: secret.name } },
      h('label', { for: id }, keyName, h('span', { class: 'env-name' }, ` (${secret.name})`)),
      h('div', { class: 'secret-row' }, input, clearButton),
      status,
      error,
    );
    const render = () => {
      const typed = input.value.length > 0;
      status.dataset.state = this.clearing.has(secret.name) ? 'clearing' : typed ? 'new' : secret.set ? 'set' : 'unset';
      const keeping = this.clearing.has(secret.name);
      if (keeping) {
        status.textContent = t('settings-secret-will-be-removed');
      } else if (typed) {
        status.textContent = t(secret.set ? 'settings-secret-will-replace' : 'settings-secret-will-save');
      } else if (secret.set) {
        status.textContent = t('settings-secret-saved', { store: secret.store || 'other' });
      } else {
        status.textContent = t('settings-secret-not-set');
      }
      clearButton.textContent = t(keeping ? 'settings-secret-keep' : 'settings-secret-clear');
      clearButton.hidden = !typed && !secret.set;
      clearButton.setAttribute('aria-label', t(keeping ? 'settings-secret-keep-label' : 'settings-secret-clear-label', { key: keyName }));
    };
    input.addEventListener('input', () => {
      this.clearing.delete(secret.name);
      this.clearFieldError(secret.name);
      render();
    });
    clearButton.addEventListener('click', () => {
      if (input.value) {
        input.value = '';
      } else if (this.clearing.has(secret.name)) {
        this.clearing.delete(secret.name);
      } else if (secret.set) {
        this.clearing.add(secret.name);
      }
      render();
      input.focus();
    });
    render();
    return wrap;
  }

  collect() {
    const text = (name) => this.field(name).value.trim();
    const settings = {
      language: this.field('language').value || null,
      baseUrl: text('baseUrl') || null,
      smallModel: text('smallModel'),
      largeModel: text('largeModel'),
      offline: this.field('offline').checked,
      openalexEmail: text('openalexEmail') || null,
      lawUpdates: this.lawUpdates !== false,
      mcpCaseData: this.field('mcpCaseData').checked,
      localModel: text('localModel') || null,
      localModelIdleMinutes: Number(this.field('localModelIdleMinutes').value) || 5,
    };
    const secrets = {};
    for (const secret of this.secrets) {
      const input = this.dialog.querySelector(`#secret-${CSS.escape(secret.name)}`);
      const value = input ? input.value.trim() : '';
      if (value) secrets[secret.name] = value;
      else if (this.clearing.has(secret.name)) secrets[secret.name] = '';
    }
    return { settings, secrets };
  }

  async save() {
    if (this.loading) return;
    this.resetErrors();
    const { settings, secrets } = this.collect();
    this.setBusy(true, t('settings-saving'));
    try {
      const saved = await api.saveSettings(settings, secrets);
      // A new language shows at once, everywhere (the dialog's own words included).
      const chosen = saved ? saved.language || saved.systemLanguage : settings.language;
      if (chosen && chosen !== language()) {
        await setLanguage(chosen).catch((err) => console.error('language', err));
        if (this.dialog.open) this.renderCatalogue();
      }
      for (const group of this.groups) {
        try {
          await group.save();
        } catch (err) {
          // The rest is saved: say so, and keep the dialog open on what was not.
          this.setBusy(false);
          if (saved) this.fill(saved);
          this.showFormError(t('settings-saved-partly', { reason: commandError(err).message }));
          this.formError.focus();
          return;
        }
      }
      this.setBusy(false);
      if (saved) this.fill(saved);
      this.close();
      announce(t('settings-saved'));
      this.dialog.dispatchEvent(new CustomEvent('settings-saved', { detail: saved }));
    } catch (err) {
      this.setBusy(false);
      this.showRejection(commandError(err));
    }
  }

  /** A refused save: an `invalid_input` error goes under its field, anything else above the form. */
  showRejection(error) {
    const name = error.code === 'invalid_input' ? error.field : null;
    const known = name && (FIELDS.includes(name) || this.secrets.some((s) => s.name === name));
    if (known) {
      const input = FIELDS.includes(name) ? this.field(name) : this.dialog.querySelector(`#secret-${CSS.escape(name)}`);
      const err = this.dialog.querySelector(`#err-${CSS.escape(name)}`);
      // The app's words for this field (the window's sentence for them, the words as a tooltip).
      const why = (error.detail || error.message).trim();
      if (err) showFieldError(err, why);
      if (input) {
        input.setAttribute('aria-invalid', 'true');
        const folded = input.closest('details');
        if (folded) folded.open = true;
        input.focus();
      }
      this.showFormError(t('settings-not-saved-field', { field: labelFor(this.dialog, name), reason: fieldErrorText(why) }));
    } else {
      this.showFormError(t(error.code === 'unavailable' ? 'settings-not-saved-unavailable' : 'settings-not-saved', { reason: error.message }));
      this.formError.focus();
    }
  }

  showFormError(text) {
    this.formError.textContent = text;
    this.formError.hidden = false;
  }

  clearFieldError(name) {
    const err = this.dialog.querySelector(`#err-${CSS.escape(name)}`);
    if (err) clearFieldError(err);
    const input = FIELDS.includes(name) ? this.field(name) : this.dialog.querySelector(`#secret-${CSS.escape(name)}`);
    if (input) input.removeAttribute('aria-invalid');
  }

  resetErrors() {
    this.formError.hidden = true;
    this.formError.textContent = '';
    for (const err of this.dialog.querySelectorAll('.field-error')) {
      err.textContent = '';
      err.hidden = true;
    }
    for (const input of this.dialog.querySelectorAll('[aria-invalid]')) input.removeAttribute('aria-invalid');
  }
}

/**
 * A computer's memory as whole GB ("16 GB"), as the catalogue's verdicts write it
 * (crates/models/src/catalogue.rs `gb_whole`): rounded to the nearest GB, one decimal below 2 GB.
 */
function computerGigabytes(bytes) {
  const value = (Number(bytes) || 0) / 1073741824;
  return value < 2 ? `${formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} GB` : `${formatNumber(Math.round(value))} GB`;
}

/** A catalogue row's figures: parameters, download, memory, licence. */
function modelFacts(row) {
  const figures = { size: gigabytes(row.sizeBytes), memory: gigabytes(row.ramNeeded), licence: row.licence };
  const billions = Number(row.parameterBillions);
  if (row.parameterBillions !== null && row.parameterBillions !== undefined && Number.isFinite(billions) && billions > 0) {
    return t('settings-model-facts-billions', { ...figures, billions });
  }
  return t('settings-model-facts', { ...figures, parameters: row.parameters });
}

/**
 * How the model would run on this computer, said from the row's facts (`fit`, `fitCause`,
 * `ramNeeded`, `memoryTotal`, `cores`: docs/contracts.md) in the window's language; null when the
 * computer's memory could not be read (no verdict).
 */
function modelVerdict(row) {
  if (!row.fit) return null;
  const facts = { needed: gigabytes(row.ramNeeded), total: computerGigabytes(row.memoryTotal), cores: Number(row.cores) || 1 };
  let text;
  if (!row.memoryTotal) text = t('settings-model-verdict-fit', { fit: String(row.fit) });
  else if (row.fitCause === 'room') text = t('settings-model-verdict-room', facts);
  else if (row.fitCause === 'fewCores') text = t('settings-model-verdict-few-cores', facts);
  else if (row.fitCause === 'moreThanHalf') text = t('settings-model-verdict-more-than-half', facts);
  else if (row.fitCause === 'moreThanThreeQuarters') text = t('settings-model-verdict-too-large', facts);
  else text = t('settings-model-verdict-fit', { fit: String(row.fit) });
  return h('p', { class: 'model-verdict' }, text);
}

/** Why the row's download stopped, in the window's language; the app's own words as its tooltip. */
function modelError(row) {
  if (!row.error) return null;
  const { value, attributes } = tMessage('settings-model-error', { code: row.errorCode || '', error: row.error });
  const text = value || row.error;
  return h('p', { class: 'field-error model-error', title: text === row.error ? null : attributes.detail || null, dataset: { code: row.errorCode || null } }, text);
}

/** "1,000 MB" (1 MB = 10⁶ bytes, as the download's progress counts). */
const megabytes = (n) => `${formatNumber(Math.round((Number(n) || 0) / 1e6))} MB`;

/**
 * How far a model's download is: `{total, done, text}`, the text as "340 MB of 1,000 MB · 2.5 MB/s ·
 * about 5 min left" (the rate and time left once the download has measured them).
 */
export function downloadProgress(row) {
  const p = row.progress || {};
  const total = Number(p.total) || Number(row.sizeBytes) || 0;
  const done = Number(p.done) || 0;
  const parts = [t('settings-download-done', { done: megabytes(done), total: megabytes(total) })];
  if (p.bytesPerSecond) parts.push(`${formatNumber(p.bytesPerSecond / 1e6, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} MB/s`);
  if (p.secondsLeft !== null && p.secondsLeft !== undefined) parts.push(t('settings-download-left', { minutes: Math.max(1, Math.round(p.secondsLeft / 60)) }));
  return { total, done, text: parts.join(' · ') };
}

function labelFor(dialog, name) {
  const input = FIELDS.includes(name) ? dialog.querySelector(`#set-${name}`) : dialog.querySelector(`#secret-${CSS.escape(name)}`);
  const label = input && input.id ? dialog.querySelector(`label[for="${CSS.escape(input.id)}"]`) : null;
  const text = label ? label.firstChild && label.firstChild.nodeType === Node.TEXT_NODE ? label.firstChild.textContent : label.textContent : name;
  return String(text).trim();
}
