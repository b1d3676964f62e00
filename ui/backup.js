// Backup and restore, in the Settings dialog: "Back up everything" writes one archive (the
// database, documents and settings — never the keys); each backup listed can be restored, after
// a confirmation that says what happens to the data there now.

import { h, clear, announce, spinner, said } from './dom.js';
import { api, commandError } from './api.js';
import { confirmDialog } from './dialogs.js';
import { formatBytes, dateTime } from './format.js';
import { onLanguageChange, t, tMessage } from './i18n.js';

/** The folder of a path ("/a/b/c.tar" → "/a/b"). */
export function folderOf(path) {
  const s = String(path ?? '');
  const at = Math.max(s.lastIndexOf('/'), s.lastIndexOf('\\'));
  return at > 0 ? s.slice(0, at) : s;
}

/** "3 cases, 12 documents" from `{cases: 3, documents: 12, notes: 0}` (zeros left out). */
export function countsText(counts) {
  if (!counts || typeof counts !== 'object') return '';
  return Object.entries(counts)
    .filter(([, n]) => Number(n) > 0)
    .map(([kind, n]) => t('backup-count', { kind, count: Number(n) }))
    .join(', ');
}

/**
 * When a listed backup was made, as an ISO timestamp: the app's `list_backups` gives the file's
 * `modifiedMs`; `createdAt` is taken too.
 */
export function backupTime(b) {
  if (b && b.createdAt) return String(b.createdAt);
  const ms = Number(b && b.modifiedMs);
  return Number.isFinite(ms) && ms > 0 ? new Date(ms).toISOString() : '';
}

export class BackupSection {
  /** `onRestored(answer)`: the data changed under the window (reload what shows it). */
  constructor(root, { onRestored }) {
    this.root = root;
    this.onRestored = onRestored;
    this.create = root.querySelector('#backup-create');
    this.status = root.querySelector('#backup-status');
    this.list = root.querySelector('#backup-list');
    this.create.addEventListener('click', () => this.backUp());
    this.list.addEventListener('click', (e) => {
      const button = e.target instanceof Element ? e.target.closest('button.backup-restore') : null;
      if (button) this.restore(this.backups.find((b) => b.path === button.dataset.path), button);
    });
    this.backups = [];
    this.listed = null; // what the list shows: 'backups', or a function that says why not
    // Another language: the list and the last result are said again (the backups' names and
    // paths are as they are).
    onLanguageChange(() => {
      if (this.listed) this.renderList();
      if (this.said) this.said();
    });
  }

  async refresh() {
    this.listed = null;
    clear(this.list).append(h('li', { class: 'muted' }, spinner(), ' ', said('span', { 'data-l10n-id': 'backup-looking' })));
    try {
      const list = await api.listBackups();
      this.backups = (Array.isArray(list) ? list : []).sort((a, b) => backupTime(b).localeCompare(backupTime(a)));
      this.listed = 'backups';
    } catch (err) {
      const error = commandError(err).message;
      this.listed = () => t('backup-not-listed', { error });
    }
    this.renderList();
  }

  /** The backups found (or why none could be listed), in the language of the moment. */
  renderList() {
    clear(this.list);
    if (typeof this.listed === 'function') {
      this.list.append(h('li', { class: 'muted' }, this.listed()));
      return;
    }
    if (!this.backups.length) {
      this.list.append(h('li', { class: 'muted backup-none' }, t('backup-none')));
      return;
    }
    for (const b of this.backups) {
      const when = dateTime(backupTime(b));
      const restore = tMessage('backup-restore-button', { when });
      this.list.append(
        h(
          'li',
          { class: 'backup-item', dataset: { path: b.path } },
          h('div', { class: 'backup-text' }, h('span', { class: 'backup-when' }, when), h('span', { class: 'backup-meta' }, `${b.name} · ${formatBytes(b.bytes)}`)),
          h('button', { type: 'button', class: 'button secondary small backup-restore', dataset: { path: b.path }, ...restore.attributes, 'aria-haspopup': 'dialog' }, restore.value),
        ),
      );
    }
  }

  /** Shows a result in the status line: `say()` draws it, again in another language. */
  say(state, draw) {
    this.said = () => clear(this.status).append(...[draw()].flat());
    this.status.dataset.state = state;
    this.said();
  }

  async backUp() {
    this.create.disabled = true;
    this.say('running', () => [spinner(), ' ', t('backup-running')]);
    try {
      const answer = await api.createBackup();
      this.say('done', () => {
        const counts = countsText(answer.counts);
        const args = { path: answer.path, size: formatBytes(answer.bytes), counts };
        const path = { path: h('code', { class: 'path', id: 'backup-path' }) };
        return counts ? said('span', { 'data-l10n-id': 'backup-saved-counts' }, args, path) : said('span', { 'data-l10n-id': 'backup-saved' }, args, path);
      });
      announce(t('backup-saved-announce', { path: answer.path }));
      this.refresh();
    } catch (err) {
      const error = commandError(err).message;
      this.say('error', () => t('backup-not-saved', { error }));
    } finally {
      this.create.disabled = false;
    }
  }

  async restore(backup, trigger) {
    if (!backup) return;
    const when = dateTime(backupTime(backup));
    const yes = await confirmDialog(
      {
        title: t('backup-restore-title'),
        message: [
          said('p', { 'data-l10n-id': 'backup-restore-keep' }, { path: folderOf(backup.path), when }, { path: h('code', { class: 'path' }) }),
          h('p', {}, t('backup-restore-what')),
        ],
        confirm: t('backup-restore-confirm'),
        danger: true,
      },
      trigger,
    );
    if (!yes) return;
    this.say('running', () => [spinner(), ' ', t('backup-restoring', { when: dateTime(backupTime(backup)) })]);
    try {
      const answer = await api.restoreBackup(backup.path);
      this.say('restored', () => {
        const counts = countsText(answer.restored);
        const args = { when: dateTime(backupTime(backup)), counts, path: answer.keptAt };
        const path = { path: h('code', { class: 'path', id: 'restore-kept-at' }) };
        return counts ? said('span', { 'data-l10n-id': 'backup-restored-counts' }, args, path) : said('span', { 'data-l10n-id': 'backup-restored' }, args, path);
      });
      announce(t('backup-restored-announce', { path: answer.keptAt }));
      this.onRestored(answer);
      this.refresh();
    } catch (err) {
      const error = commandError(err).message;
      this.say('error', () => t('backup-not-restored', { error }));
    }
  }
}
