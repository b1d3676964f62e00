// The Law tab: what the law library holds (the law graph's stats, in plain words) and the
// official Code of Virginia — download it from the LIS site, watch it come file by file, check
// for updates, and the monthly check's switch. The app pushes the download's status as it
// changes (`subscribe_library`); when a run is done the graph was replaced, and the explorer
// swaps it in within half a second, so the stats are read again a moment later.

import { h, clear, announce, formatNumber, said } from './dom.js';
import { api, commandError } from './api.js';
import { dateTime, formatBytes } from './format.js';
import { formatNumber as formatIn, onLanguageChange, t } from './i18n.js';

const RUNNING = new Set(['downloading', 'building']);

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

/** Time left as a unit and how many of it: 12 seconds, about 4 minutes, about 2 hours. */
function duration(seconds) {
  if (seconds < 90) return { unit: 'second', left: Math.max(1, Math.round(seconds)) };
  if (seconds < 5400) return { unit: 'minute', left: Math.round(seconds / 60) };
  return { unit: 'hour', left: Math.round(seconds / 3600) };
}

/** The headline of "What your library holds". */
export function holdsSentence(held) {
  const constitution = held.constitution ? 'yes' : 'no';
  if (held.official > 0) return t('library-holds-official', { count: held.official, constitution, beside: Math.max(0, held.beside) });
  return t('library-holds-starter', { count: held.summaryOnly || held.sections, titles: Math.max(0, held.titles), constitution });
}

/** "File 3 of 80: CoVTitle_20.csv" (or what comes before the first file). */
export function fileLine(status) {
  if (status.file) return t('library-file-line', { number: Number(status.fileNumber) || 0, count: Number(status.fileCount) || 0, file: status.file });
  if (status.fileCount) return t('library-getting-ready-files', { count: Number(status.fileCount) });
  return t('library-getting-ready');
}

/** "1.2 MB of 3.4 MB · 84 KB/s". */
export function speedLine(status) {
  const parts = [];
  const bytes = Number(status.bytes) || 0;
  const total = Number(status.totalBytes) || 0;
  if (total > 0) parts.push(t('library-bytes-of', { done: formatBytes(bytes), total: formatBytes(total) }));
  else if (bytes > 0) parts.push(formatBytes(bytes));
  const rate = Number(status.bytesPerSecond) || 0;
  // KB/s is a unit's symbol, the same in every language.
  if (rate > 0) parts.push(`${formatNumber(Math.round(rate / 1024))} KB/s`);
  return parts.join(' · ');
}

/** "Building the library: writing the sections 12,000/33,012". */
export function buildLine(status) {
  const stage = status.buildStage || 'starting';
  const total = Number(status.buildTotal) || 0;
  if (total > 0) return t('library-build-count', { stage, done: Number(status.buildDone) || 0, total });
  return t('library-build', { stage });
}

/** "7 files on this computer — official text as of Nov 26, 2026". */
export function filesSummary(files, asOf) {
  if (asOf) return t('library-files-summary-as-of', { count: files.length, date: dateTime(asOf) });
  return t('library-files-summary', { count: files.length });
}

/** Why a file failed, without the file's name the app puts first ("CoVTitle_20.csv: …"). */
export function failureReason(f) {
  const reason = String((f && f.reason) || '').trim();
  const name = String((f && f.name) || '');
  return name && reason.startsWith(`${name}: `) ? reason.slice(name.length + 2) : reason || t('library-no-reason');
}

/**
 * The settings to save when the monthly switch changes: every setting read (`get_settings`), with
 * only `lawUpdates` changed — not the view's own fields (the secrets, the computer's language, the
 * model's name), which are not settings.
 */
export function monthlySettings(view, on) {
  const settings = { ...(view || {}) };
  for (const viewOnly of ['secrets', 'systemLanguage', 'localModelName']) delete settings[viewOnly];
  settings.lawUpdates = on;
  return settings;
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
    // Another language: what this view wrote is said again (the page's own words: localizeDom).
    onLanguageChange(() => this.relocalize());
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
      this.showMessage('failed', () => (picked.length ? t('library-import-none-csv') : t('library-import-none')));
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
      this.sayImport(() => t('library-import-checking', { number: i + 1, count: files.length, file: file.name }));
      try {
        const bytes = new Uint8Array(await file.arrayBuffer());
        const answer = await api.libraryImportFile(bytes, file.name, file.lastModified);
        if (answer && answer.accepted) accepted += 1;
        else refused.push((answer && answer.refused) || { name: file.name, reason: t('library-import-not-accepted') });
      } catch (err) {
        refused.push({ name: file.name, reason: commandError(err).message });
      }
    }
    const done = { kept: accepted, count: files.length, refused: refused.length };
    this.sayImport(() => t('library-import-done', done));
    try {
      const answer = await api.libraryImportFinish(accepted, refused);
      if (answer && answer.started) {
        this.focusRun = true;
        announce(t('library-import-building'));
      }
    } catch (err) {
      const error = commandError(err).message;
      this.showMessage('failed', () => t('library-import-failed', { error }));
    } finally {
      this.importButton.disabled = false;
      this.importFolder.disabled = false;
      if (!this.status || !RUNNING.has(this.status.phase)) this.download.disabled = false;
    }
  }

  /** The import's progress line (`say()` its words, said again in another language). */
  sayImport(say) {
    this.importSaid = say;
    this.importProgress.textContent = say();
  }

  /** Another language: everything this view wrote, said again. */
  relocalize() {
    if (this.importSaid && !this.importProgress.hidden) this.importProgress.textContent = this.importSaid();
    if (this.graph !== undefined) {
      if (this.graph) this.renderHoldings();
      else this.renderHoldings(this.problem);
    }
    const said = this.said;
    if (this.status) {
      this.filesJson = null;
      this.countsJson = null;
      this.failedJson = null;
      this.render(this.status);
    }
    if (said) this.showMessage(said.phase, said.message, said.details);
  }

  /** Listens to the download's status (once). */
  listen() {
    if (this.subscribed) return;
    this.subscribed = true;
    api.subscribeLibrary((status) => this.onStatus(status)).catch((err) => {
      this.subscribed = false;
      const error = commandError(err).message;
      this.showMessage('failed', () => t('library-status-not-read', { error }));
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
      this.problem = problem;
      box.append(h('p', { class: 'muted' }, problem ? t('library-holds-not-read', { problem }) : t('library-holds-not-running')));
      return;
    }
    const held = holdings(this.graph, this.starterSummaries);
    box.dataset.corpus = held.corpus;
    box.append(h('p', { class: 'library-holds-line' }, holdsSentence(held)));
    const facts = h('ul', { class: 'library-facts' });
    if (held.official > 0 && held.titles > 0) facts.append(h('li', {}, t('library-fact-titles', { count: held.titles })));
    if (held.official > 0 && held.summaryOnly > 0) facts.append(h('li', {}, t('library-fact-summary-only', { count: held.summaryOnly })));
    if (held.builtAt) facts.append(said('li', { 'data-l10n-id': 'library-fact-built' }, { date: dateTime(held.builtAt) }, { time: h('time', { datetime: held.builtAt }) }));
    if (held.of > 0) {
      facts.append(h('li', {}, t('library-fact-searchable', { done: held.vectors, total: held.of, off: held.vectors > 0 && !held.semantic ? 'yes' : 'no' })));
    }
    if (held.official === 0) facts.append(h('li', { class: 'muted' }, t('library-fact-our-words')));
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
    const rate = Number(progress.perSecond) > 0 ? formatIn(Number(progress.perSecond), { minimumFractionDigits: 1, maximumFractionDigits: 1 }) : 'none';
    const left = !paused && Number(progress.secondsLeft) > 0 ? duration(Number(progress.secondsLeft)) : { unit: 'none', left: 0 };
    const line = paused
      ? t('library-embedding-paused', { done, total })
      : progress.state === 'failed'
        ? t('library-embedding-failed', { done, total, why: progress.message || t('library-embedding-unreachable') })
        : t('library-embedding-running', { done, total, rate, ...left });
    const bar = h('progress', { id: 'library-embedding-bar', max: String(total), value: String(done) });
    const button = h('button', { type: 'button', id: 'library-embedding-pause', class: 'button small' }, paused ? t('library-embedding-resume') : t('library-embedding-pause'));
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
      announce(status.kind === 'update' ? t('library-checking') : t('library-started'));
    }
    if (status.phase === 'building' && was === 'downloading') announce(t('library-building'));
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
    this.download.textContent = s.interrupted && !running ? t('library-download-resume') : t('library-download');
    this.check.hidden = onDisk === 0;
    this.check.disabled = running;
    this.monthlyRow.hidden = onDisk === 0;
    this.lastCheck.hidden = onDisk === 0 || !s.lastCheck;
    if (s.lastCheck) {
      clear(this.lastCheck).append(said('span', { 'data-l10n-id': 'library-last-check' }, { count: onDisk, date: dateTime(s.lastCheck) }, { time: h('time', { datetime: s.lastCheck }) }));
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
          h('td', {}, f.lastModified ? dateTime(f.lastModified) : t('library-file-not-said')),
          h('td', {}, f.retrievedAt ? t('library-file-fetched', { origin: f.origin === 'import' ? 'import' : 'download', date: dateTime(f.retrievedAt) }) : '—'),
        ),
      );
    }
  }

  renderCounts(s) {
    const notPublished = Array.isArray(s.notPublished) ? s.notPublished : [];
    const failed = Array.isArray(s.failed) ? s.failed : [];
    const items = [
      ['new', t('library-count-new'), s.newOrChanged],
      ['unchanged', t('library-count-unchanged'), s.unchanged],
      ['not-published', t('library-count-not-published'), notPublished.length],
    ];
    if (failed.length) items.push(['failed', t('library-count-failed'), failed.length]);
    const json = JSON.stringify([items, notPublished]);
    if (json === this.countsJson) return;
    this.countsJson = json;
    clear(this.counts);
    for (const [key, label, n] of items) {
      const li = h('li', { dataset: { count: key } }, h('span', { class: 'library-count-label' }, `${label} `), h('strong', {}, formatNumber(Number(n) || 0)));
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

  /** Shows a message: the app's (text), or this view's own (a function that says it, again in another language). */
  showMessage(phase, message, details = null) {
    this.said = typeof message === 'function' ? { phase, message, details } : null;
    const text = typeof message === 'function' ? message() : message;
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
    this.said = null;
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
    let refused = null;
    try {
      const answer = which === 'check' ? await api.libraryCheckUpdates() : await api.libraryDownload();
      started = Boolean(answer && answer.started);
      if (!started) announce(t('library-already'));
    } catch (err) {
      const error = commandError(err).message;
      refused = () => t('library-not-started', { which: which === 'check' ? 'check' : 'download', error });
    }
    if (!started) {
      if (this.status) this.render(this.status);
      // After the status is drawn again (which hides a message of no run), or it would not show.
      if (refused) this.showMessage('failed', refused);
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
      const saved = await api.saveSettings(monthlySettings(view, on), {});
      this.monthly.checked = saved ? saved.lawUpdates !== false : on;
      announce(on ? t('library-monthly-on') : t('library-monthly-off'));
    } catch (err) {
      this.monthly.checked = !on;
      this.monthlyError.textContent = t('library-monthly-not-saved', { error: commandError(err).message });
      this.monthlyError.hidden = false;
    } finally {
      this.monthly.disabled = false;
    }
  }
}
