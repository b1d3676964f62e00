// The Law tab: what the law library holds (the law graph's stats, in plain words) and the
// official Code of Virginia — download it from the LIS site, watch it come file by file, check
// for updates, and the monthly check's switch. The app pushes the download's status as it
// changes (`subscribe_library`); when a run is done the graph was replaced, and the explorer
// swaps it in within half a second, so the stats are read again a moment later.

import { h, clear, announce, formatNumber } from './dom.js';
import { api, commandError } from './api.js';
import { dateTime, formatBytes } from './format.js';

const RUNNING = new Set(['downloading', 'building']);

/** The build's stages (`proseva_law::ingest::Progress`) in words. */
const STAGES = {
  reading: 'reading the files',
  writing: 'writing the sections',
  embedding: 'making it searchable by meaning',
  indexing: 'indexing',
};

/** Count of `type` in a `[{type, count}]` list (0 when absent). */
export function countOf(list, type) {
  const entry = Array.isArray(list) ? list.find((t) => t && t.type === type) : null;
  return entry ? Number(entry.count) || 0 : 0;
}

/**
 * What the law graph holds, from the explorer's stats: `{corpus, official, summaryOnly, sections,
 * titles, constitution, beside, vectors, of, builtAt, semantic}`. `starterSummaries` is how many
 * sections the starter corpus summarises (those kept beside the official text).
 */
export function holdings(graph, starterSummaries = 0) {
  const kinds = graph.sectionTextKinds || [];
  const official = countOf(kinds, 'official');
  const summaryOnly = countOf(kinds, 'summary');
  const sections = (Array.isArray(kinds) ? kinds : []).reduce((n, t) => n + (Number(t.count) || 0), 0);
  const types = graph.nodeTypes || [];
  const constitution = countOf(types, 'constitution_section') + countOf(types, 'constitution_article') > 0;
  const vectors = Number(graph.embeddingCount) || 0;
  const nodes = Number(graph.nodeCount) || 0;
  return {
    corpus: graph.corpus || (official > 0 ? 'official' : 'starter'),
    official,
    summaryOnly,
    sections,
    titles: countOf(types, 'title'),
    constitution,
    // Each starter summary is either beside its official text or still a section of its own.
    beside: official > 0 ? Math.max(0, Number(starterSummaries) - summaryOnly) : 0,
    vectors,
    of: vectors > sections && nodes ? nodes : sections,
    builtAt: graph.builtAt || null,
    semantic: Boolean(graph.semanticSearch),
  };
}

/** "12 seconds", "about 4 minutes", "about 2 hours". */
function duration(seconds) {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} seconds`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} minutes`;
  return `${Math.round(seconds / 3600)} hours`;
}

const plural = (n, one, many) => `${formatNumber(n)} ${n === 1 ? one : many}`;

/** The headline of "What your library holds". */
export function holdsSentence(held) {
  if (held.official > 0) {
    const where = held.constitution ? 'Code of Virginia and Constitution' : 'Code of Virginia';
    const beside = held.beside > 0 ? `, with ${plural(held.beside, 'plain-language summary', 'plain-language summaries')} beside them` : '';
    return `Official text of ${plural(held.official, 'section', 'sections')} (${where})${beside}.`;
  }
  const titles = held.titles > 0 ? ` in ${plural(held.titles, 'title', 'titles')}` : '';
  const constitution = held.constitution ? ' and the Constitution' : '';
  return `Plain-language summaries of ${plural(held.summaryOnly || held.sections, 'section', 'sections')}${titles}${constitution} (the starter library).`;
}

/** "File 3 of 80: CoVTitle_20.csv" (or what comes before the first file). */
export function fileLine(status) {
  if (status.file) return `File ${formatNumber(status.fileNumber)} of ${formatNumber(status.fileCount)}: ${status.file}`;
  if (status.fileCount) return `Getting ready to download ${plural(status.fileCount, 'file', 'files')}…`;
  return 'Getting ready…';
}

/** "1.2 MB of 3.4 MB · 84 KB/s". */
export function speedLine(status) {
  const parts = [];
  const bytes = Number(status.bytes) || 0;
  const total = Number(status.totalBytes) || 0;
  if (total > 0) parts.push(`${formatBytes(bytes)} of ${formatBytes(total)}`);
  else if (bytes > 0) parts.push(formatBytes(bytes));
  const rate = Number(status.bytesPerSecond) || 0;
  if (rate > 0) parts.push(`${formatNumber(Math.round(rate / 1024))} KB/s`);
  return parts.join(' · ');
}

/** "Building the library: writing the sections 12,000/33,012". */
export function buildLine(status) {
  const stage = STAGES[status.buildStage] || status.buildStage || 'starting';
  const total = Number(status.buildTotal) || 0;
  const done = total > 0 ? ` ${formatNumber(status.buildDone || 0)}/${formatNumber(total)}` : '';
  return `Building the library: ${stage}${done}`;
}

/** "7 files on this computer — official text as of Nov 26, 2026". */
export function filesSummary(files, asOf) {
  const count = plural(files.length, 'file', 'files');
  return asOf ? `${count} on this computer — official text as of ${dateTime(asOf)}` : `${count} on this computer`;
}

/** Why a file failed, without the file's name the app puts first ("CoVTitle_20.csv: …"). */
export function failureReason(f) {
  const reason = String((f && f.reason) || '').trim();
  const name = String((f && f.name) || '');
  return name && reason.startsWith(`${name}: `) ? reason.slice(name.length + 2) : reason || 'no reason was given';
}

export class LibraryView {
  /** `root`: the Law panel. */
  constructor(root) {
    this.root = root;
    const $ = (id) => root.querySelector(`#${id}`);
    this.holds = $('library-holds');
    this.download = $('library-download');
    this.check = $('library-check');
    this.lastCheck = $('library-last-check');
    this.monthlyRow = $('library-monthly-row');
    this.monthly = $('library-monthly');
    this.monthlyError = $('library-monthly-error');
    this.run = $('library-run');
    this.downloadBox = $('library-download-progress');
    this.fileLine = $('library-progress-file');
    this.fileBar = $('library-file-bar');
    this.speed = $('library-speed');
    this.buildBox = $('library-build');
    this.buildText = $('library-build-text');
    this.buildBar = $('library-build-bar');
    this.counts = $('library-counts');
    this.message = $('library-message');
    this.failedBox = $('library-failed-box');
    this.failed = $('library-failed');
    this.details = $('library-details');
    this.detailsText = $('library-details-text');
    this.importButton = $('library-import');
    this.importFolder = $('library-import-folder');
    this.importInput = $('library-import-input');
    this.importFolderInput = $('library-import-folder-input');
    this.importProgress = $('library-import-progress');
    this.filesBox = $('library-files');
    this.filesSummary = $('library-files-summary');
    this.filesList = $('library-files-list');

    this.status = null;
    this.graph = undefined;
    this.starterSummaries = 0;
    this.subscribed = false;
    this.settingsRead = false;
    this.graphSeq = 0;

    this.download.addEventListener('click', () => this.begin('download'));
    this.check.addEventListener('click', () => this.begin('check'));
    this.monthly.addEventListener('change', () => this.saveMonthly());
    this.importButton.addEventListener('click', () => this.importInput.click());
    this.importFolder.addEventListener('click', () => this.importFolderInput.click());
    for (const input of [this.importInput, this.importFolderInput]) {
      input.addEventListener('change', () => {
        const files = [...input.files];
        input.value = '';
        this.importFiles(files);
      });
    }
  }

  /**
   * Imports files the person saved from the LIS site: each is sent and checked in turn (a folder
   * may hold other files: only `.csv` files are sent), then the library is built from them.
   */
  async importFiles(picked) {
    const files = picked.filter((f) => /\.csv$/i.test(f.name));
    if (!files.length) {
      this.showMessage('failed', picked.length ? 'None of the chosen files is a .csv file saved from the LIS site.' : 'No file was chosen.');
      return;
    }
    this.importButton.disabled = true;
    this.importFolder.disabled = true;
    this.download.disabled = true;
    this.hideMessage();
    this.importProgress.hidden = false;
    const refused = [];
    let accepted = 0;
    for (const [i, file] of files.entries()) {
      this.importProgress.textContent = `Checking file ${formatNumber(i + 1)} of ${formatNumber(files.length)}: ${file.name}`;
      try {
        const bytes = new Uint8Array(await file.arrayBuffer());
        const answer = await api.libraryImportFile(bytes, file.name, file.lastModified);
        if (answer && answer.accepted) accepted += 1;
        else refused.push((answer && answer.refused) || { name: file.name, reason: 'not accepted' });
      } catch (err) {
        refused.push({ name: file.name, reason: commandError(err).message });
      }
    }
    this.importProgress.textContent = `${plural(accepted, 'file', 'files')} of ${formatNumber(files.length)} checked and kept${refused.length ? `; ${formatNumber(refused.length)} refused` : ''}.`;
    try {
      const answer = await api.libraryImportFinish(accepted, refused);
      if (answer && answer.started) {
        this.focusRun = true;
        announce('Building the library from the imported files.');
      }
    } catch (err) {
      this.showMessage('failed', `The import could not finish: ${commandError(err).message}`);
    } finally {
      this.importButton.disabled = false;
      this.importFolder.disabled = false;
      if (!this.status || !RUNNING.has(this.status.phase)) this.download.disabled = false;
    }
  }

  /** Listens to the download's status (once). */
  listen() {
    if (this.subscribed) return;
    this.subscribed = true;
    api.subscribeLibrary((status) => this.onStatus(status)).catch((err) => {
      this.subscribed = false;
      this.showMessage('failed', `The state of the download could not be read: ${commandError(err).message}`);
    });
  }

  /** The Law tab was opened. */
  shown() {
    this.listen();
    this.refresh();
    if (!this.settingsRead) this.readSettings();
  }

  /** The app's status changed: the law graph may just have come up. */
  appStatus(status) {
    const healthy = status && status.explorer && status.explorer.state === 'healthy';
    if (healthy && this.graph === null && !this.root.hidden) this.refresh();
  }

  /** Reads the library's state and the graph's stats again. */
  async refresh() {
    const seq = (this.graphSeq += 1);
    let answer;
    try {
      answer = await api.libraryStatus();
    } catch (err) {
      if (seq !== this.graphSeq) return null;
      this.graph = null;
      this.renderHoldings(commandError(err).message);
      return null;
    }
    if (seq !== this.graphSeq) return null;
    this.starterSummaries = Number(answer.starterSummaries) || this.starterSummaries;
    this.graph = answer.graph || null;
    this.renderHoldings();
    // While the app pushes the status, an answer read before the last push must not undo it.
    if (answer.library && (!this.subscribed || !this.status)) this.onStatus(answer.library, { fromRefresh: true });
    return answer;
  }

  async readSettings() {
    try {
      const settings = await api.getSettings();
      this.monthly.checked = settings.lawUpdates !== false;
      this.settingsRead = true;
    } catch {
      // Left as it is; the next visit reads again.
    }
  }

  renderHoldings(problem = null) {
    const box = this.holds;
    clear(box);
    if (!this.graph) {
      box.dataset.corpus = '';
      box.append(
        h(
          'p',
          { class: 'muted' },
          problem ? `What the library holds could not be read: ${problem}` : 'The law graph is not running yet; what it holds shows here once it is (the status line at the bottom says more).',
        ),
      );
      return;
    }
    const held = holdings(this.graph, this.starterSummaries);
    box.dataset.corpus = held.corpus;
    box.append(h('p', { class: 'library-holds-line' }, holdsSentence(held)));
    const facts = h('ul', { class: 'library-facts' });
    if (held.official > 0 && held.titles > 0) facts.append(h('li', {}, `${plural(held.titles, 'title', 'titles')} of the Code`));
    if (held.official > 0 && held.summaryOnly > 0) {
      facts.append(h('li', {}, `${plural(held.summaryOnly, 'more section is', 'more sections are')} still only a summary (their official text is not downloaded)`));
    }
    if (held.builtAt) facts.append(h('li', {}, 'Built on ', h('time', { datetime: held.builtAt }, dateTime(held.builtAt))));
    if (held.of > 0) {
      const off = held.vectors > 0 && !held.semantic ? ' (search by meaning is off right now)' : '';
      facts.append(h('li', {}, `Searchable by meaning: ${formatNumber(held.vectors)} of ${formatNumber(held.of)}${off}`));
    }
    if (held.official === 0) facts.append(h('li', { class: 'muted' }, 'Summaries are our words, not the statutes’. Download the official Code below for the exact text.'));
    box.append(facts);
    this.renderEmbedding(this.graph.embeddingProgress);
  }

  /**
   * The background embedding of text that has no vector yet (the official text after a download):
   * how far it has come, its pace, and Pause / Resume. Re-read every few seconds while it works.
   */
  renderEmbedding(progress) {
    clearTimeout(this.embeddingTimer);
    const total = progress ? Number(progress.total) || 0 : 0;
    const done = progress ? Number(progress.done) || 0 : 0;
    if (!progress || total === 0 || (progress.state === 'done' && done >= total)) return;
    const paused = progress.state === 'paused';
    const pace = Number(progress.perSecond) > 0 ? `, ${Number(progress.perSecond).toFixed(1)} a second` : '';
    const left = !paused && Number(progress.secondsLeft) > 0 ? `, about ${duration(Number(progress.secondsLeft))} left` : '';
    const line = paused
      ? `Making the library searchable by meaning is paused at ${formatNumber(done)} of ${formatNumber(total)}. Search by words works for everything.`
      : progress.state === 'failed'
        ? `Making the library searchable by meaning stopped at ${formatNumber(done)} of ${formatNumber(total)}: ${progress.message || 'the model could not be reached'}. It tries again by itself.`
        : `Making the library searchable by meaning: ${formatNumber(done)} of ${formatNumber(total)}${pace}${left}. Search by words works for everything meanwhile; your questions go first.`;
    const bar = h('progress', { id: 'library-embedding-bar', max: String(total), value: String(done) });
    const button = h('button', { type: 'button', id: 'library-embedding-pause', class: 'button small' }, paused ? 'Resume' : 'Pause');
    button.addEventListener('click', async () => {
      button.disabled = true;
      try {
        await api.libraryPauseEmbedding(!paused);
      } catch (err) {
        announce(commandError(err).message);
      }
      this.refresh();
    });
    this.holds.append(h('div', { id: 'library-embedding', class: 'library-embedding', 'data-state': progress.state }, h('p', {}, line), bar, button));
    this.embeddingTimer = setTimeout(() => this.refresh(), 3000);
  }

  onStatus(status, { fromRefresh = false } = {}) {
    if (!status || typeof status !== 'object') return;
    const before = this.status;
    this.status = status;
    this.render(status);
    if (RUNNING.has(status.phase)) this.focusProgress();
    const was = before ? before.phase : null;
    // A run that ended just before this view first heard of it: the stats read so far may predate
    // the swap of the new graph.
    if (!was && status.phase === 'done' && status.lastBuild && (!this.graph || this.graph.corpus !== 'official')) this.afterBuild();
    if (fromRefresh || was === status.phase) return;
    if (RUNNING.has(status.phase) && !RUNNING.has(was)) {
      announce(status.kind === 'update' ? 'Checking the official Code for updates.' : 'The download of the official Code started.');
    }
    if (status.phase === 'building' && was === 'downloading') announce('Downloaded. Building the library.');
    if (status.phase === 'done' && was) {
      if (status.message) announce(status.message);
      this.afterBuild();
    }
  }

  /** A run ended: the explorer swaps the new graph in within half a second; read it again. */
  afterBuild() {
    const previous = this.graph ? this.graph.builtAt : null;
    let tries = 0;
    const again = async () => {
      tries += 1;
      const answer = await this.refresh();
      const builtAt = answer && answer.graph ? answer.graph.builtAt : null;
      if (builtAt === previous && tries < 3) setTimeout(again, 1500);
    };
    setTimeout(again, 1000);
  }

  render(s) {
    const running = RUNNING.has(s.phase);
    const onDisk = Number(s.filesOnDisk) || 0;
    this.root.dataset.libraryPhase = s.phase || 'idle';

    this.download.disabled = running;
    this.download.textContent = s.interrupted && !running ? 'Resume the download' : 'Download the official Code of Virginia';
    this.check.hidden = onDisk === 0;
    this.check.disabled = running;
    this.monthlyRow.hidden = onDisk === 0;
    this.lastCheck.hidden = onDisk === 0 || !s.lastCheck;
    if (s.lastCheck) {
      clear(this.lastCheck).append(
        `${plural(onDisk, 'file', 'files')} of the official Code on this computer. Last checked `,
        h('time', { datetime: s.lastCheck }, dateTime(s.lastCheck)),
        '.',
      );
    }

    this.run.hidden = !running && !(s.kind && (s.phase === 'done' || s.phase === 'failed'));
    this.run.dataset.phase = s.phase || 'idle';
    this.downloadBox.hidden = s.phase !== 'downloading';
    if (s.phase === 'downloading') {
      this.fileLine.textContent = fileLine(s);
      const total = Number(s.totalBytes) || 0;
      if (total > 0) {
        this.fileBar.max = total;
        this.fileBar.value = Math.min(Number(s.bytes) || 0, total);
      } else {
        this.fileBar.removeAttribute('value');
      }
      this.speed.textContent = speedLine(s);
    }
    this.buildBox.hidden = s.phase !== 'building';
    if (s.phase === 'building') {
      this.buildText.textContent = buildLine(s);
      const total = Number(s.buildTotal) || 0;
      if (total > 0) {
        this.buildBar.max = total;
        this.buildBar.value = Math.min(Number(s.buildDone) || 0, total);
      } else {
        this.buildBar.removeAttribute('value');
      }
    }
    this.renderCounts(s);
    this.renderFailed(s.failed);
    this.renderFiles(s);
    this.importButton.disabled = running;
    this.importFolder.disabled = running;

    if (s.message && (s.phase === 'done' || s.phase === 'failed')) this.showMessage(s.phase, s.message, s.details);
    else if (running || !s.message) this.hideMessage();
  }

  /** Every file on this computer: rows, when the site says it changed, when it was fetched and how. */
  renderFiles(s) {
    const files = Array.isArray(s.files) ? s.files : [];
    const json = JSON.stringify([files, s.asOf]);
    if (json === this.filesJson) return;
    this.filesJson = json;
    this.filesBox.hidden = files.length === 0;
    if (!files.length) return;
    this.filesSummary.textContent = filesSummary(files, s.asOf);
    clear(this.filesList);
    for (const f of files) {
      this.filesList.append(
        h(
          'tr',
          { dataset: { file: f.name, origin: f.origin || '' } },
          h('th', { scope: 'row' }, f.name),
          h('td', {}, formatNumber(Number(f.rows) || 0)),
          h('td', {}, f.lastModified ? dateTime(f.lastModified) : 'not said'),
          h('td', {}, f.retrievedAt ? `${f.origin === 'import' ? 'imported' : 'downloaded'} ${dateTime(f.retrievedAt)}` : '—'),
        ),
      );
    }
  }

  renderCounts(s) {
    const notPublished = Array.isArray(s.notPublished) ? s.notPublished : [];
    const failed = Array.isArray(s.failed) ? s.failed : [];
    const items = [
      ['new', 'New or changed', s.newOrChanged],
      ['unchanged', 'Unchanged', s.unchanged],
      ['not-published', 'Not published', notPublished.length],
    ];
    if (failed.length) items.push(['failed', 'Not downloaded', failed.length]);
    const json = JSON.stringify([items, notPublished]);
    if (json === this.countsJson) return;
    this.countsJson = json;
    clear(this.counts);
    for (const [key, label, n] of items) {
      const li = h('li', { dataset: { count: key } }, h('span', { class: 'library-count-label' }, `${label}: `), h('strong', {}, formatNumber(Number(n) || 0)));
      if (key === 'not-published' && notPublished.length) li.title = notPublished.join(', ');
      this.counts.append(li);
    }
  }

  renderFailed(list) {
    const failed = Array.isArray(list) ? list : [];
    const json = JSON.stringify(failed);
    if (json === this.failedJson) return;
    this.failedJson = json;
    clear(this.failed);
    for (const f of failed) {
      this.failed.append(h('li', { dataset: { file: f.name } }, h('strong', { class: 'library-failed-name' }, f.name), ' — ', failureReason(f)));
    }
    this.failedBox.hidden = failed.length === 0;
  }

  showMessage(phase, text, details = null) {
    const role = phase === 'failed' ? 'alert' : 'status';
    const more = typeof details === 'string' ? details.trim() : '';
    this.details.hidden = !more;
    if (this.detailsText.textContent !== more) this.detailsText.textContent = more;
    if (!more) this.details.open = false;
    if (this.message.dataset.phase === phase && this.message.textContent === text && !this.message.hidden) return;
    // The role first, then the text, so the change is announced as what it is.
    this.message.textContent = '';
    this.message.setAttribute('role', role);
    this.message.dataset.phase = phase;
    this.message.hidden = false;
    this.message.textContent = text;
  }

  hideMessage() {
    this.details.hidden = true;
    this.details.open = false;
    if (this.message.hidden) return;
    this.message.hidden = true;
    this.message.textContent = '';
    this.message.setAttribute('role', 'status');
    delete this.message.dataset.phase;
  }

  /** Starts a download (`download`) or a check for updates (`check`). */
  async begin(which) {
    this.download.disabled = true;
    this.check.disabled = true;
    let started = false;
    try {
      const answer = which === 'check' ? await api.libraryCheckUpdates() : await api.libraryDownload();
      started = Boolean(answer && answer.started);
      if (!started) announce('A download is already going.');
    } catch (err) {
      this.showMessage('failed', `${which === 'check' ? 'The check' : 'The download'} could not start: ${commandError(err).message}`);
    }
    if (!started) {
      if (this.status) this.render(this.status);
      if (!this.status || !RUNNING.has(this.status.phase)) {
        this.download.disabled = false;
        this.check.disabled = false;
      }
      return;
    }
    // The clicked button stays disabled and cannot keep the focus: the progress gets it once the
    // run's status arrives. It is pushed as the run goes; read once more if it is slow to come.
    this.focusRun = true;
    if (this.status && RUNNING.has(this.status.phase)) this.focusProgress();
    else setTimeout(() => (this.status && RUNNING.has(this.status.phase) ? null : this.refresh()), 1500);
  }

  focusProgress() {
    if (!this.focusRun || this.run.hidden) return;
    this.focusRun = false;
    const active = document.activeElement;
    if (!active || active === document.body || active === this.download || active === this.check) this.run.focus();
  }

  async saveMonthly() {
    const on = this.monthly.checked;
    this.monthly.disabled = true;
    this.monthlyError.hidden = true;
    try {
      const view = await api.getSettings();
      const settings = {
        baseUrl: view.baseUrl || null,
        smallModel: view.smallModel || '',
        largeModel: view.largeModel || '',
        offline: Boolean(view.offline),
        openalexEmail: view.openalexEmail || null,
        lawUpdates: on,
      };
      const saved = await api.saveSettings(settings, {});
      this.monthly.checked = saved ? saved.lawUpdates !== false : on;
      announce(on ? 'ProSeVA will check for updates to the official Code once a month.' : 'Monthly checks for updates are off.');
    } catch (err) {
      this.monthly.checked = !on;
      this.monthlyError.textContent = `Not saved: ${commandError(err).message}`;
      this.monthlyError.hidden = false;
    } finally {
      this.monthly.disabled = false;
    }
  }
}
