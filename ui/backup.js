// Backup and restore, in the Settings dialog: "Back up everything" writes one archive (the
// database, documents and settings — never the keys); each backup listed can be restored, after
// a confirmation that says what happens to the data there now.

import { h, clear, announce, spinner, formatNumber } from './dom.js';
import { api, commandError } from './api.js';
import { confirmDialog } from './dialogs.js';
import { formatBytes, dateTime } from './format.js';

/** The folder of a path ("/a/b/c.tar" → "/a/b"). */
export function folderOf(path) {
  const s = String(path ?? '');
  const at = Math.max(s.lastIndexOf('/'), s.lastIndexOf('\\'));
  return at > 0 ? s.slice(0, at) : s;
}

const NAMES = {
  timeline: ['timeline event', 'timeline events'],
  finances: ['money entry', 'money entries'],
};

/** "3 cases, 12 documents" from `{cases: 3, documents: 12, notes: 0}` (zeros left out). */
export function countsText(counts) {
  if (!counts || typeof counts !== 'object') return '';
  return Object.entries(counts)
    .filter(([, n]) => Number(n) > 0)
    .map(([k, n]) => {
      const [one, many] = NAMES[k] || [k.replace(/s$/, ''), k];
      return `${formatNumber(n)} ${Number(n) === 1 ? one : many}`;
    })
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
  }

  async refresh() {
    clear(this.list).append(h('li', { class: 'muted' }, spinner(), ' Looking for backups…'));
    try {
      const list = await api.listBackups();
      this.backups = (Array.isArray(list) ? list : []).sort((a, b) => backupTime(b).localeCompare(backupTime(a)));
    } catch (err) {
      clear(this.list).append(h('li', { class: 'muted' }, `Backups could not be listed: ${commandError(err).message}`));
      return;
    }
    clear(this.list);
    if (!this.backups.length) {
      this.list.append(h('li', { class: 'muted backup-none' }, 'No backups yet.'));
      return;
    }
    for (const b of this.backups) {
      const when = dateTime(backupTime(b));
      this.list.append(
        h(
          'li',
          { class: 'backup-item', dataset: { path: b.path } },
          h('div', { class: 'backup-text' }, h('span', { class: 'backup-when' }, when), h('span', { class: 'backup-meta' }, `${b.name} · ${formatBytes(b.bytes)}`)),
          h('button', { type: 'button', class: 'button secondary small backup-restore', dataset: { path: b.path }, 'aria-label': `Restore the backup of ${when}`, 'aria-haspopup': 'dialog' }, 'Restore…'),
        ),
      );
    }
  }

  async backUp() {
    this.create.disabled = true;
    clear(this.status).append(spinner(), ' Backing up…');
    this.status.dataset.state = 'running';
    try {
      const answer = await api.createBackup();
      const counts = countsText(answer.counts);
      clear(this.status).append('✓ Saved to ', h('code', { class: 'path', id: 'backup-path' }, answer.path), ` (${formatBytes(answer.bytes)})`, counts ? ` — ${counts}.` : '.');
      this.status.dataset.state = 'done';
      announce(`Backup saved to ${answer.path}`);
      this.refresh();
    } catch (err) {
      this.status.textContent = `Not backed up: ${commandError(err).message}`;
      this.status.dataset.state = 'error';
    } finally {
      this.create.disabled = false;
    }
  }

  async restore(backup, trigger) {
    if (!backup) return;
    const when = dateTime(backupTime(backup));
    const yes = await confirmDialog(
      {
        title: 'Restore this backup?',
        message: [
          h('p', {}, 'Your current data will be kept aside in ', h('code', { class: 'path' }, folderOf(backup.path)), ` and replaced by the backup of ${when}.`),
          h('p', {}, 'Your cases, deadlines, documents, notes and saved conversations will be as they were then. Your keys are not touched.'),
        ],
        confirm: 'Restore the backup',
        danger: true,
      },
      trigger,
    );
    if (!yes) return;
    clear(this.status).append(spinner(), ` Restoring the backup of ${when}…`);
    this.status.dataset.state = 'running';
    try {
      const answer = await api.restoreBackup(backup.path);
      const counts = countsText(answer.restored);
      clear(this.status).append(`✓ Restored the backup of ${when}${counts ? ` (${counts})` : ''}. Your previous data is kept at `, h('code', { class: 'path', id: 'restore-kept-at' }, answer.keptAt), '.');
      this.status.dataset.state = 'restored';
      announce(`Backup restored. Your previous data is kept at ${answer.keptAt}`);
      this.onRestored(answer);
      this.refresh();
    } catch (err) {
      this.status.textContent = `Not restored: ${commandError(err).message}`;
      this.status.dataset.state = 'error';
    }
  }
}
