// The section viewer: a side sheet that shows one section of the Code (or the Constitution) of
// Virginia from the law graph — its heading, where it sits, its text with a clear statement of
// whether that text is the official wording or a plain-language summary (official text may have
// the summary kept beside it, shown apart and labelled as such), and its official page.
// Its words: locales/*/section.ftl. The law's text, headings and notices are shown as they come.

import { h, clear, announce, spinner } from './dom.js';
import { api, isWebUrl, hostOf, commandError } from './api.js';
import { longDate, mediumDate } from './format.js';
import { linkCitations } from './markdown.js';
import { requestWorkflow, workflowsMenu } from './workflows.js';
import { onLanguageChange, t } from './i18n.js';

export class SectionViewer {
  constructor(dialog) {
    this.dialog = dialog;
    this.citation = dialog.querySelector('#section-citation');
    this.heading = dialog.querySelector('#section-heading');
    this.path = dialog.querySelector('#section-path');
    this.kindLine = dialog.querySelector('#section-kind-line');
    this.kind = dialog.querySelector('#section-kind');
    this.kindNote = dialog.querySelector('#section-kind-note');
    this.text = dialog.querySelector('#section-text');
    this.summary = dialog.querySelector('#section-summary');
    this.summaryText = dialog.querySelector('#section-summary-text');
    this.urlLine = dialog.querySelector('#section-url-line');
    this.url = dialog.querySelector('#section-url');
    this.status = dialog.querySelector('#section-status');
    this.back = dialog.querySelector('#section-back');
    this.opinions = dialog.querySelector('#section-opinions');
    this.opinionList = dialog.querySelector('#section-opinions-list');
    this.opinionsEmpty = dialog.querySelector('#section-opinions-empty');
    this.sectionWorkflows = dialog.querySelector('#section-workflows');
    this.versionsBox = dialog.querySelector('#section-versions');
    this.versionNotice = dialog.querySelector('#section-version-notice');
    this.versionToggle = dialog.querySelector('#section-version-toggle');
    this.asOf = dialog.querySelector('#section-as-of');
    this.checked = dialog.querySelector('#section-checked');
    this.currency = dialog.querySelector('#section-currency');
    this.currencyLine = dialog.querySelector('#section-currency-line');
    this.changes = dialog.querySelector('#section-changes');
    this.versionToggle.addEventListener('click', () => this.toggleVersion());
    this.stack = [];
    this.current = null;
    this.seq = 0;
    this.trigger = null;
    // Another language chosen in Settings: the section shown is opened again, in its words.
    onLanguageChange(() => {
      if (this.isOpen && this.current) this.load(this.current, { push: false });
    });

    dialog.querySelector('#section-close').addEventListener('click', () => this.close());
    dialog.querySelector('#section-find-opinions').addEventListener('click', () => {
      const id = this.current;
      if (!id) return;
      requestWorkflow({ key: 'build_case_law', focus: { kind: 'section', id }, label: t('section-build-case-law', { label: this.labelOf(id) }) });
    });
    // A workflow started from here runs in Ask: the sheet makes way for it.
    document.addEventListener('proseva:run-workflow', () => {
      if (this.isOpen) this.close();
    });
    this.back.addEventListener('click', () => {
      const prev = this.stack.pop();
      if (prev) this.load(prev, { push: false });
    });
    // A click on the backdrop (outside the sheet) closes it.
    dialog.addEventListener('click', (e) => {
      if (e.target === dialog) this.close();
    });
    dialog.addEventListener('close', () => {
      this.stack = [];
      const t = this.trigger;
      this.trigger = null;
      if (t && t.isConnected) t.focus();
    });
  }

  get isOpen() {
    return this.dialog.open;
  }

  /**
   * Opens the viewer on `sourceId` (`2.2-3704`, `const-I-12`); `trigger` gets focus back on close,
   * and its `data-label` (the app's label for the citation, `§ 2.2-3704`) is shown while loading.
   */
  open(sourceId, trigger) {
    if (!sourceId) return;
    this.labels = this.labels || new Map();
    if (trigger && trigger.dataset && trigger.dataset.label) this.labels.set(sourceId, trigger.dataset.label);
    if (!this.dialog.open) {
      this.trigger = trigger || document.activeElement;
      this.stack = [];
      this.current = null;
      if (typeof this.dialog.showModal === 'function') this.dialog.showModal();
      else this.dialog.setAttribute('open', '');
      this.load(sourceId, { push: false });
    } else {
      this.load(sourceId, { push: true });
    }
  }

  close() {
    if (typeof this.dialog.close === 'function') this.dialog.close();
    else this.dialog.removeAttribute('open');
  }

  async load(sourceId, { push }) {
    if (push && this.current && this.current !== sourceId) this.stack.push(this.current);
    this.current = sourceId;
    this.back.hidden = this.stack.length === 0;
    const seq = (this.seq += 1);
    const label = this.labelOf(sourceId);
    this.dialog.dataset.state = 'loading';
    this.dialog.dataset.sourceId = sourceId;
    this.citation.textContent = label;
    this.heading.textContent = label;
    clear(this.path);
    this.path.hidden = true;
    this.kindLine.hidden = true;
    this.kind.textContent = '';
    this.kind.className = 'kind-badge';
    this.kindNote.textContent = '';
    clear(this.text);
    clear(this.summaryText);
    this.summary.hidden = true;
    delete this.dialog.dataset.hasSummary;
    this.versionsBox.hidden = true;
    this.asOf.hidden = true;
    this.checked.hidden = true;
    this.checked.textContent = '';
    delete this.dialog.dataset.summaryChecked;
    this.currency.hidden = true;
    this.currencyLine.textContent = '';
    clear(this.changes);
    delete this.dialog.dataset.changes;
    this.node = null;
    delete this.dialog.dataset.versions;
    delete this.dialog.dataset.versionShown;
    this.urlLine.hidden = true;
    this.opinions.hidden = true;
    clear(this.opinionList);
    clear(this.sectionWorkflows);
    this.url.removeAttribute('href');
    this.url.removeAttribute('data-url');
    clear(this.status).append(spinner(), ` ${t('section-opening', { label })}`);
    this.status.hidden = false;
    this.status.className = 'section-status';
    this.heading.focus();

    let node;
    try {
      node = await api.getNode({ id: null, sourceId });
    } catch (err) {
      if (seq !== this.seq) return;
      this.showError(sourceId, commandError(err));
      return;
    }
    if (seq !== this.seq) return;
    if (!node || typeof node !== 'object') {
      this.showError(sourceId, { code: 'not_found', message: t('section-not-in-graph', { label }) });
      return;
    }
    this.show(node, sourceId);
  }

  renderText(text, citations) {
    clear(this.text);
    if (text.trim()) {
      for (const para of paragraphs(text, citations)) this.text.append(h('p', {}, linkCitations(para.text, para.spans)));
    } else {
      this.text.append(h('p', { class: 'muted' }, t('section-no-text')));
    }
  }

  /**
   * A section the LIS files list in two versions: which one the text is (the one in effect), a
   * sentence on the other ("A new version takes effect July 1, 2027."), and a button to read it.
   */
  showVersions(node) {
    const versions = Array.isArray(node.versions) ? node.versions : [];
    if (!versions.length) return;
    const shown = versions.find((v) => v.shown) || versions[0];
    this.dialog.dataset.versions = String(versions.length);
    this.dialog.dataset.versionShown = shown.label || '';
    this.shownVersion = shown;
    this.viewing = shown;
    clear(this.versionNotice).append(h('strong', {}, versionHeadline(shown)), ' ', node.versionNotice || '');
    const other = versions.find((v) => v !== shown);
    this.versionToggle.hidden = !other;
    if (other) this.versionToggle.textContent = t('section-version-read-other', { version: versionLabel(other) });
    this.otherVersion = other || null;
    this.versionsBox.hidden = false;
  }

  /** Shows the other version's text in place of the one in effect, or back. */
  toggleVersion() {
    const node = this.node;
    if (!node || !this.otherVersion) return;
    const showingOther = this.viewing !== this.shownVersion;
    const next = showingOther ? this.shownVersion : this.otherVersion;
    this.viewing = next;
    this.renderText(String(next.sourceText || ''), next.citations);
    if (next.heading) this.heading.textContent = stripLabel(next.heading, node.sourceId);
    this.dialog.dataset.versionShown = next.label || '';
    this.dialog.dataset.viewingOther = String(!showingOther);
    clear(this.versionNotice).append(
      h('strong', {}, versionHeadline(next)),
      ' ',
      showingOther ? node.versionNotice || '' : t('section-version-reading-other'),
    );
    this.versionToggle.textContent = showingOther
      ? t('section-version-read-other', { version: versionLabel(this.otherVersion) })
      : t('section-version-back', { version: versionLabel(this.shownVersion) });
    announce(t('section-version-shown', { headline: versionHeadline(next) }));
  }

  /** Under the text: which file it came from, when the site last changed it, when it was fetched. */
  showAsOf(node) {
    const line = asOfLine(node.sourceFile);
    if (!line) return;
    this.asOf.textContent = line;
    this.asOf.hidden = false;
  }

  /** The label the app gave this section (`§ 2.2-3704`), or its id until the app has said. */
  labelOf(sourceId) {
    return (this.labels && this.labels.get(sourceId)) || sourceId;
  }

  show(node, sourceId) {
    const label = node.label || this.labelOf(node.sourceId || sourceId);
    if (this.labels && node.label) this.labels.set(node.sourceId || sourceId, node.label);
    this.dialog.dataset.state = 'ready';
    this.status.hidden = true;
    this.citation.textContent = label;
    this.heading.textContent = node.heading ? stripLabel(node.heading, node.sourceId || sourceId) : label;

    const parents = Array.isArray(node.parents) ? node.parents : [];
    if (parents.length) {
      const list = h('ol', { class: 'breadcrumbs' });
      for (const p of parents) list.append(h('li', {}, parentLabel(p)));
      this.path.append(list);
      this.path.hidden = false;
    }

    const isSummary = node.textKind === 'summary';
    this.kind.textContent = t(isSummary ? 'section-kind-summary' : 'section-kind-official');
    this.kind.className = `kind-badge ${isSummary ? 'summary' : 'official'}`;
    const constitution = /^const-/.test(String(node.sourceId || sourceId)) || /constitution/.test(node.nodeType || '');
    const lawOf = constitution ? 'constitution' : 'code';
    this.kindNote.textContent = isSummary ? t('section-kind-note-summary') : t('section-kind-note-official', { law: lawOf });
    this.kindLine.hidden = false;
    this.dialog.dataset.textKind = node.textKind || '';

    this.node = node;
    this.renderText(String(node.sourceText || ''), node.citations);
    this.showVersions(node);
    this.showAsOf(node);

    // Official text with the plain-language summary kept beside it: both, each clearly labelled.
    const summary = node.textKind === 'official' && typeof node.summary === 'string' ? node.summary.trim() : '';
    if (summary) {
      this.kindNote.textContent = t('section-kind-note-official-with-summary', { law: lawOf });
      for (const para of paragraphs(summary, [])) this.summaryText.append(h('p', {}, para.text));
      this.summary.hidden = false;
      this.dialog.dataset.hasSummary = 'true';
    }
    this.showSummaryCheck(node, node.textKind === 'summary' || Boolean(summary));

    if (isWebUrl(node.url)) {
      this.url.href = node.url;
      this.url.dataset.url = node.url;
      clear(this.url).append(node.url, h('span', { class: 'ext-mark', 'aria-hidden': 'true' }, ' ↗'));
      this.url.title = t('section-opens-in-browser', { host: hostOf(node.url) });
      this.urlLine.hidden = false;
    }
    const opinions = this.showOpinions(node, label);
    const opened = t('section-opened', { label, kind: isSummary ? 'summary' : summary ? 'official-with-summary' : 'official' });
    announce(opinions ? `${opened} ${t('section-opened-opinions', { count: opinions })}` : opened);
  }

  /**
   * Says when the plain-language summary shown was checked against the official text (the date of
   * that text, from the starter manifest), with where it was read in the line's tooltip.
   */
  showSummaryCheck(node, showsSummary) {
    const check = node.summaryCheck;
    if (!showsSummary || !check || !check.textOf) return;
    this.checked.textContent = t('section-summary-checked', { date: longDate(check.textOf) });
    this.checked.title = t('section-summary-checked-title', { date: longDate(check.checkedOn), source: String(check.source ?? '') });
    this.checked.hidden = false;
    this.dialog.dataset.summaryChecked = check.textOf;
    this.showCurrency(node);
  }

  /**
   * How current the summary is: the laws of the 2023–2026 sessions that changed the section since
   * the text it was checked against (each with its chapter, the day it took or takes effect, what
   * it changed and where that was read), or how old that text is when none was found.
   */
  showCurrency(node) {
    if (!node.currencyNotice) return;
    this.currencyLine.textContent = node.currencyNotice;
    const changes = Array.isArray(node.changes) ? node.changes : [];
    for (const c of changes) {
      const name = `${c.session ? `${c.session} ` : ''}${c.bill}${c.chapter ? ` (${c.chapter})` : ''}`;
      const head = c.effective ? t('section-change-from', { name, date: longDate(c.effective) }) : t('section-change', { name });
      const item = h('li', {}, h('strong', {}, `${head} `), c.what || '');
      if (c.source) item.append(' ', h('a', { class: 'ext-link', href: c.source, target: '_blank', rel: 'noopener' }, t('section-change-source')));
      this.changes.append(item);
    }
    this.changes.hidden = changes.length === 0;
    this.currency.hidden = false;
    this.dialog.dataset.changes = String(changes.length);
  }

  /**
   * "Court opinions citing this section": the opinions of the person's case-law notes linked to a
   * section (the law graph's user layer), each with how it uses the section and its holding,
   * labelled as the opinion's own words or a summary. Returns how many.
   */
  showOpinions(node, label) {
    if (!/section$/.test(String(node.nodeType || ''))) return 0;
    const opinions = Array.isArray(node.opinions) ? node.opinions : [];
    for (const o of opinions) this.opinionList.append(opinionItem(o));
    this.opinionsEmpty.hidden = opinions.length > 0;
    this.sectionWorkflows.append(workflowsMenu('section', node.sourceId, { title: label }));
    this.opinions.hidden = false;
    this.dialog.dataset.opinions = String(opinions.length);
    return opinions.length;
  }

  /** `error`: the command's `{code, message}`. */
  showError(sourceId, error) {
    const label = this.labelOf(sourceId);
    const message = error.message;
    this.dialog.dataset.state = 'error';
    this.dialog.dataset.errorCode = error.code;
    this.heading.textContent = label;
    this.status.className = 'section-status error';
    const lookup = officialUrl(sourceId);
    clear(this.status).append(
      h('strong', {}, t(error.code === 'not_found' ? 'section-error-not-found' : 'section-error-not-opened')),
      ' ',
      message.replace(/^Error:\s*/, ''),
      '. ',
      t('section-error-next', { code: String(error.code || '') }),
    );
    if (lookup) {
      this.url.href = lookup;
      this.url.dataset.url = lookup;
      clear(this.url).append(t('section-look-for', { label }), h('span', { class: 'ext-mark', 'aria-hidden': 'true' }, ' ↗'));
      this.urlLine.hidden = false;
    }
    this.status.hidden = false;
    announce(t('section-not-opened-said', { label, message }));
  }
}

/** A version's note as a person reads it: "effective until July 1, 2025", "contingent effective date". */
export function versionLabel(v) {
  const label = String((v && v.label) || '').trim();
  return label ? label.charAt(0).toLowerCase() + label.slice(1) : t('section-version-another');
}

/** "In effect: the version effective July 1, 2025." or "Not in effect: …". */
export function versionHeadline(v) {
  return t('section-version-headline', { inEffect: v && v.inEffect ? 'yes' : 'no', version: versionLabel(v) });
}

/**
 * "Official text from CoVTitle_20.csv, last changed on the LIS site July 1, 2024; downloaded
 * November 26, 2026." — or imported, for a file the person saved in a browser. Empty without a file.
 */
export function asOfLine(file) {
  if (!file || !file.name) return '';
  return t('section-as-of', {
    file: String(file.name),
    changed: file.lastModified ? 'yes' : 'no',
    changedOn: file.lastModified ? mediumDate(String(file.lastModified).slice(0, 10)) : '',
    got: !file.retrievedAt ? 'none' : file.origin === 'import' ? 'import' : 'download',
    gotOn: file.retrievedAt ? mediumDate(String(file.retrievedAt).slice(0, 10)) : '',
    old: file.format === 'pipeNoHeader' ? 'yes' : 'no',
  });
}

/** The official LIS page where the section can be looked up (the Constitution's, for `const-` ids). */
function officialUrl(sourceId) {
  const id = String(sourceId);
  if (id.startsWith('const-')) return 'https://law.lis.virginia.gov/constitution/';
  return /^[\w.:-]+$/.test(id) ? `https://law.lis.virginia.gov/vacode/${id}/` : null;
}

/**
 * The paragraphs of a section's text (split at line breaks, trimmed), each with the citation spans
 * that fall inside it, their offsets made relative to the paragraph.
 */
export function paragraphs(text, spans) {
  const out = [];
  const all = Array.isArray(spans) ? spans : [];
  const breaks = /\n\s*\n|\n/g;
  let from = 0;
  const take = (end) => {
    const raw = text.slice(from, end);
    const lead = raw.length - raw.trimStart().length;
    const body = raw.trim();
    if (body) {
      const start = from + lead;
      const stop = start + body.length;
      const inside = all
        .filter((s) => s && s.startUtf16 >= start && s.endUtf16 <= stop)
        .map((s) => ({ ...s, startUtf16: s.startUtf16 - start, endUtf16: s.endUtf16 - start }));
      out.push({ text: body, spans: inside });
    }
  };
  for (const m of text.matchAll(breaks)) {
    take(m.index);
    from = m.index + m[0].length;
  }
  take(text.length);
  return out;
}

function stripLabel(heading, sourceId) {
  // Headings such as "§ 2.2-3704. Public records…" repeat the number shown above them.
  const s = String(heading).trim();
  const id = String(sourceId || '');
  const m = new RegExp(`^§+\\s*${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.?\\s*`).exec(s);
  return m && s.length > m[0].length ? s.slice(m[0].length) : s;
}

function opinionItem(o) {
  const title = String(o.heading || o.sourceId || t('section-opinion-untitled'));
  const name = isWebUrl(o.url)
    ? h('a', { class: 'ext-link', href: o.url, 'data-url': o.url, title: t('section-opens-in-browser', { host: hostOf(o.url) }) }, title, h('span', { class: 'ext-mark', 'aria-hidden': 'true' }, ' ↗'))
    : h('strong', {}, title);
  const use = o.relType === 'interprets' ? 'interprets' : 'cites';
  const head = h('p', { class: 'opinion-head' }, name, ' ', h('span', { class: `opinion-use ${use}`, title: t('section-opinion-use-about', { use }) }, t('section-opinion-use', { use })));
  if (o.mentions > 1) head.append(h('span', { class: 'opinion-mentions' }, ` · ${t('section-opinion-mentions', { count: Number(o.mentions) })}`));
  const item = h('li', { class: 'opinion-item', dataset: { sourceId: String(o.sourceId || ''), relType: String(o.relType || '') } }, head);
  const holding = String(o.holding || '').trim();
  if (holding) {
    item.append(h('p', { class: 'opinion-holding' }, holding));
    item.append(
      h(
        'p',
        { class: 'opinion-kind' },
        t(o.holdingKind === 'summary' ? 'section-holding-summary' : 'section-holding-own-words'),
      ),
    );
  }
  return item;
}

function parentLabel(p) {
  const heading = String(p.heading || '').trim();
  const id = String(p.sourceId || '');
  // The part's kind and number; `named` is how the law graph's own (English) heading starts when
  // it already says them ("Title 20. Domestic Relations"), so they are not said twice.
  let kind = '';
  let number = '';
  if (p.nodeType === 'title') [kind, number] = ['title', id];
  else if (p.nodeType === 'chapter') [kind, number] = ['chapter', id.includes(':') ? id.split(':').pop() : id];
  else if (p.nodeType === 'article') [kind, number] = ['article', id.split(':').pop()];
  else if (p.nodeType === 'constitution_article') [kind, number] = ['article', id.replace(/^const-/, '')];
  const named = kind ? `${kind} ${number}` : '';
  if (!kind || heading.toLowerCase().startsWith(named)) return heading || id;
  const label = t('section-parent', { kind, number });
  return heading ? `${label}. ${heading}` : label;
}
