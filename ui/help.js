// The Help tab (issue 41): who can help where the person lives — the legal aid program for their
// county or city, the help lines for the whole state —, whether their income may be inside the
// programs' limits, when this app is not enough (a few yes-or-no questions for the kind of case; a
// "yes" opens a hand-off screen: why, with the law, who to call today, what the app can still do),
// and the packet to take to a lawyer. Every entry shows where it was read and when; nothing is promised: programs
// decide who they help. The locality is chosen from the list of Virginia's 133 (remembered on this
// computer), never typed.

import { h, clear, announce } from './dom.js';
import { api, commandError, hostOf } from './api.js';
import { makeLink } from './markdown.js';
import { formatMoney, parseMoney, daysBetween, today, mediumDate } from './format.js';
import { locale, localizeDom, onLanguageChange, t } from './i18n.js';

const LOCALITY_KEY = 'proseva.help.locality';

/** When a page was read: "Nov 29, 2026 (today)" / "(12 days ago)"; '' when it is not known. */
export function readWhen(read, now = today()) {
  if (!read) return '';
  const days = daysBetween(read, now);
  if (days === null || days === undefined) return mediumDate(read);
  return t('help-read-when', { date: mediumDate(read), days: Math.max(0, days) });
}

/** "read Nov 29, 2026 (today)" / "(12 days ago)". */
export function readAgo(read, now = today()) {
  const when = readWhen(read, now);
  return when ? t('help-read-ago', { when }) : '';
}

/** "A or B" ("A o B"), as the chosen language joins a list of choices. */
function orList(items) {
  try {
    return new Intl.ListFormat(locale(), { type: 'disjunction' }).format(items);
  } catch {
    return items.join(' / ');
  }
}

/**
 * An element whose message (its `data-l10n-id`, `data-l10n-args`) names children:
 * `<site>…</site>` in the message is the child given here as `site` (a link), kept as it is.
 */
function localized(el, named = {}) {
  for (const [name, child] of Object.entries(named)) {
    child.setAttribute('data-l10n-name', name);
    el.append(child);
  }
  localizeDom(el);
  return el;
}

/** A web address as a person reads it: no scheme, no trailing slash. */
export function plainUrl(url) {
  return String(url || '')
    .replace(/^https?:\/\//i, '')
    .replace(/^www\./i, '')
    .replace(/\/$/, '');
}

/** A web address, opened in the person's browser by the page's one handler for outside links. */
function link(url, text) {
  const label = text || plainUrl(url);
  return makeLink(url, label, label);
}

function sourceLine(sources) {
  const list = Array.isArray(sources) ? sources : [];
  if (!list.length) return null;
  const first = list[0];
  const site = hostOf(first.url);
  const args = { site, more: list.length - 1, when: readWhen(first.read) };
  const p = args.when
    ? h('p', { class: 'help-source muted', 'data-l10n-id': 'help-source', 'data-l10n-args': JSON.stringify(args) })
    : h('p', { class: 'help-source muted', 'data-l10n-id': 'help-source-undated', 'data-l10n-args': JSON.stringify(args) });
  return localized(p, { site: link(first.url, site) });
}

export class HelpView {
  constructor(root) {
    this.root = root;
    this.select = root.querySelector('#help-locality');
    this.results = root.querySelector('#help-results');
    this.form = root.querySelector('#help-eligibility-form');
    this.size = root.querySelector('#help-household');
    this.income = root.querySelector('#help-income');
    this.answer = root.querySelector('#help-eligibility-answer');
    this.loading = null;
    this.caseKind = null;
    this.case = null;
    this.cards = root.querySelector('.library.help:not(.help-handoff)');
    this.screenKind = root.querySelector('#help-screen-kind');
    this.questions = root.querySelector('#help-screen-questions');
    this.handoff = root.querySelector('#help-handoff');
    this.packetCase = root.querySelector('#help-packet-case');
    this.packetForm = root.querySelector('#help-packet-form');
    this.packetDocs = root.querySelector('#help-packet-documents');
    this.packetNotes = root.querySelector('#help-packet-notes');
    this.packetQuestions = root.querySelector('#help-packet-questions');
    this.packetResult = root.querySelector('#help-packet-result');
    this.screenKind.addEventListener('change', () => this.loadQuestions(this.screenKind.value));
    this.packetForm.addEventListener('submit', (e) => {
      e.preventDefault();
      this.makePacket();
    });
    this.select.addEventListener('change', () => {
      this.note = null;
      this.root.querySelector('#help-locality-note').textContent = '';
      try {
        localStorage.setItem(LOCALITY_KEY, this.select.value);
      } catch {
        // No storage: the choice lasts this session.
      }
      this.show(this.select.value);
      if (this.screenKind.value) this.loadQuestions(this.screenKind.value);
    });
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.check();
    });
    // What this tab wrote, said again in another language (Settings → Language).
    this.note = null; // () => the locality note's text
    this.answerView = null; // () => the eligibility answer's nodes
    this.packetView = null; // () => the packet result's nodes
    onLanguageChange(() => this.relocalize());
  }

  relocalize() {
    if (!this.loading) return;
    if (this.counties) this.counties.label = t('help-counties');
    if (this.cities) this.cities.label = t('help-cities');
    this.root.querySelector('#help-locality-note').textContent = this.note ? this.note() : '';
    if (this.select.value) this.show(this.select.value, { quiet: true });
    if (this.screenKind.value) this.loadQuestions(this.screenKind.value);
    if (this.answerView) clear(this.answer).append(...this.answerView());
    if (this.packetView) clear(this.packetResult).append(...this.packetView());
    if (!this.handoff.hidden && this.handoffQuestion) this.showHandOff(this.handoffQuestion, { quiet: true });
    this.refreshPacket({ keep: true });
  }

  /** The open case (`{id, name, kind}`) or null: its kind's programs come first, its kind's
   * questions are asked, and the packet is made from it. */
  setCase(c) {
    const was = this.case ? this.case.id : null;
    this.case = c || null;
    this.caseKind = (c && c.kind) || null;
    if (this.loading && this.select.value) this.show(this.select.value);
    if (this.loading && this.caseKind && !this.screenKind.value) {
      this.screenKind.value = this.caseKind;
      this.loadQuestions(this.caseKind);
    }
    // The case's documents and notes as they are now (ticks kept for the same case).
    this.refreshPacket({ keep: was === (this.case ? this.case.id : null) });
  }

  /** Opens the questions for a kind (from the case's Step by step page). */
  async openScreen(kind) {
    await this.shown();
    this.closeHandOff();
    if (kind) {
      this.screenKind.value = kind;
      await this.loadQuestions(kind);
    }
    this.root.querySelector('#help-screen').scrollIntoView({ block: 'start' });
    this.screenKind.focus();
  }

  /** Loads the lists the first time the tab is shown; later calls wait for that same load. */
  shown() {
    if (!this.loading) this.loading = this.load();
    return this.loading;
  }

  async load() {
    const kinds = this.loadKinds();
    try {
      const list = await api.helpLocalities();
      const counties = h('optgroup', { label: t('help-counties') });
      const cities = h('optgroup', { label: t('help-cities') });
      this.counties = counties;
      this.cities = cities;
      for (const l of list) (l.kind === 'city' ? cities : counties).append(h('option', { value: l.id }, l.name));
      this.select.append(counties, cities);
      let saved = null;
      try {
        saved = localStorage.getItem(LOCALITY_KEY);
      } catch {
        saved = null;
      }
      if (saved && list.some((l) => l.id === saved)) {
        this.select.value = saved;
        this.show(saved);
        // Questions read before the place was known are read again, naming its program.
        if (this.screenKind.value) this.loadQuestions(this.screenKind.value);
      } else {
        await this.fromCourt();
      }
    } catch (err) {
      this.loading = null;
      clear(this.results);
      this.results.append(h('p', { class: 'form-error', role: 'alert' }, t('help-localities-failed', { reason: commandError(err).message })));
    }
    await kinds;
  }

  async show(locality, { quiet = false } = {}) {
    clear(this.results);
    if (!locality) return;
    this.results.append(h('p', { class: 'muted' }, t('help-looking')));
    let help;
    try {
      help = await api.helpFor(locality, this.caseKind);
    } catch (err) {
      clear(this.results);
      this.results.append(h('p', { class: 'form-error', role: 'alert' }, commandError(err).message));
      return;
    }
    clear(this.results);
    const place = help.locality ? help.locality.name : '';
    const programs = help.programs || [];
    this.results.append(
      h('h3', { class: 'help-heading' }, t('help-programs-heading', { place })),
      h('p', { class: 'help-lead' }, t('help-programs-lead')),
    );
    const list = h('ul', { class: 'help-programs', 'aria-label': t('help-programs-label', { place }) });
    for (const p of programs) list.append(programCard(p));
    this.results.append(list);
    this.results.append(h('h3', { class: 'help-heading' }, t('help-statewide-heading')));
    const lines = h('ul', { class: 'help-statewide', 'aria-label': t('help-statewide-heading') });
    for (const s of help.statewide || []) lines.append(statewideCard(s));
    this.results.append(lines);
    const when = readWhen(help.listDate);
    this.results.append(h('p', { class: 'help-age muted' }, when ? t('help-list-age', { when }) : t('help-list-changes')));
    if (!quiet) announce(t('help-programs-found', { count: programs.length, place }));
  }

  /** Shows `view()` (a function giving the nodes) as the eligibility answer, again on a new language. */
  setAnswer(view) {
    this.answerView = view;
    clear(this.answer).append(...view());
  }

  async check() {
    clear(this.answer);
    this.answerView = null;
    const size = Number(this.size.value);
    const income = parseMoney(this.income.value);
    if (income === null || income < 0) {
      this.setAnswer(() => [h('p', { class: 'form-error', role: 'alert' }, t('help-income-needed'))]);
      this.income.focus();
      return;
    }
    let e;
    try {
      e = await api.helpEligibility(size, income);
    } catch (err) {
      this.answer.append(h('p', { class: 'form-error', role: 'alert' }, commandError(err).message));
      return;
    }
    this.setAnswer(() => eligibilityNodes(e));
    announce(e.programs && e.programs.some((r) => r.mayQualify) ? t('help-may-qualify-announce') : t('help-above-limits-announce'));
  }
  /** With no place chosen yet, the place the open case's court names (said, and changeable). */
  async fromCourt() {
    const note = this.root.querySelector('#help-locality-note');
    const court = this.case && this.case.court;
    if (!court || this.select.value) return;
    let answer;
    try {
      answer = await api.helpLocalityOfCourt(court);
    } catch {
      return;
    }
    if (this.select.value) return;
    if (answer.locality) {
      this.select.value = answer.locality.id;
      this.note = () => t('help-locality-from-court', { court });
      note.textContent = this.note();
      this.show(answer.locality.id);
      if (this.screenKind.value) this.loadQuestions(this.screenKind.value);
    } else if (answer.could && answer.could.length) {
      const names = answer.could.map((l) => l.name);
      this.note = () => t('help-locality-court-could-be', { court, places: orList(names) });
      note.textContent = this.note();
    }
  }

  async loadKinds() {
    try {
      const book = await api.pathKinds();
      const kinds = Array.isArray(book.kinds) ? book.kinds : [];
      for (const k of kinds) this.screenKind.append(h('option', { value: k.kind }, k.title));
      if (this.caseKind && kinds.some((k) => k.kind === this.caseKind) && !this.screenKind.value) {
        this.screenKind.value = this.caseKind;
        this.loadQuestions(this.caseKind);
      }
    } catch (err) {
      clear(this.questions).append(h('li', { class: 'form-error', role: 'alert' }, t('help-kinds-failed', { reason: commandError(err).message })));
    }
  }

  async loadQuestions(kind) {
    clear(this.questions);
    if (!kind) return;
    const seq = (this.screenSeq = (this.screenSeq || 0) + 1);
    let screen;
    const locality = this.select.value || null;
    try {
      screen = await api.helpScreen(kind, locality);
    } catch (err) {
      if (seq === this.screenSeq) this.questions.append(h('li', { class: 'form-error', role: 'alert' }, commandError(err).message));
      return;
    }
    if (seq !== this.screenSeq) return;
    this.screen = screen;
    this.screenLocality = locality;
    this.questions.dataset.locality = locality || '';
    for (const q of screen.questions || []) this.questions.append(this.questionNode(q));
  }

  questionNode(q) {
    const label = `help-q-${q.id}`;
    const no = h('button', { type: 'button', class: 'secondary', dataset: { answer: 'no' }, 'aria-pressed': 'false' }, t('help-answer', { answer: 'no' }));
    const yes = h('button', { type: 'button', class: 'secondary', dataset: { answer: 'yes' }, 'aria-pressed': 'false' }, t('help-answer', { answer: 'yes' }));
    const item = h('li', { class: 'help-question', dataset: { question: q.id } }, h('p', { id: label }, q.text), h('div', { class: 'help-answers', role: 'group', 'aria-labelledby': label }, yes, no));
    no.addEventListener('click', () => {
      no.setAttribute('aria-pressed', 'true');
      yes.setAttribute('aria-pressed', 'false');
    });
    yes.addEventListener('click', async () => {
      yes.setAttribute('aria-pressed', 'true');
      no.setAttribute('aria-pressed', 'false');
      // The hand-off names the program for the place chosen now, even if it was chosen after the
      // questions were read.
      let shown = q;
      if ((this.select.value || null) !== this.screenLocality) {
        try {
          const fresh = await api.helpScreen(this.screenKind.value, this.select.value || null);
          shown = (fresh.questions || []).find((x) => x.id === q.id) || q;
        } catch {
          shown = q;
        }
      }
      this.showHandOff(shown);
    });
    return item;
  }

  /** The hand-off: a screen of its own in the Help tab, until "Back to the questions". */
  showHandOff(q, { quiet = false } = {}) {
    const hand = q.handOff || {};
    this.handoffQuestion = q;
    const calls = h('ul', { class: 'help-statewide', 'aria-label': t('help-handoff-call-heading') });
    for (const c of hand.call || []) calls.append(c.howToApply !== undefined ? programCard(c) : statewideCard(c));
    const law = (q.law || []).map((p) => {
      // The law's own words, its citation and the program's note come from the server as they are.
      const args = { official: p.official ? 'yes' : 'no', text: p.textOf || '', when: readWhen(p.read), site: hostOf(p.source) };
      const from = args.when
        ? h('p', { class: 'muted', 'data-l10n-id': 'help-law-source', 'data-l10n-args': JSON.stringify(args) })
        : h('p', { class: 'muted', 'data-l10n-id': 'help-law-source-undated', 'data-l10n-args': JSON.stringify(args) });
      localized(from, { site: link(p.source, args.site) });
      if (p.note) from.append(` ${p.note}`);
      return h('li', {}, p.url ? link(p.url, p.cite) : h('strong', {}, p.cite), h('blockquote', {}, t('help-law-passage', { passage: p.passage })), from);
    });
    const back = h('button', { type: 'button', id: 'help-handoff-back', class: 'secondary' }, t('help-handoff-back'));
    const packet = h('button', { type: 'button', id: 'help-handoff-packet', class: 'primary' }, t('help-handoff-packet'));
    back.addEventListener('click', () => this.closeHandOff({ focus: q.id }));
    packet.addEventListener('click', () => {
      this.closeHandOff();
      const card = this.root.querySelector('#help-packet');
      card.scrollIntoView({ block: 'start' });
      (this.packetForm.hidden ? this.packetCase : this.packetQuestions).focus();
    });
    clear(this.handoff).append(
      h('h3', { id: 'help-handoff-title', tabindex: '-1' }, hand.title || t('help-handoff-title')),
      h('p', { class: 'help-handoff-question' }, t('help-handoff-answered-yes'), ' ', h('em', {}, q.text)),
      h('h4', {}, t('help-handoff-why-heading')),
      h('p', { id: 'help-handoff-why' }, q.why),
      h('h4', {}, t('help-handoff-call-heading')),
      h('p', { id: 'help-handoff-today' }, hand.today),
      calls,
      h('h4', {}, t('help-handoff-app-heading')),
      h('p', {}, hand.appCanStill),
      h('p', { class: 'help-handoff-actions' }, packet, ' ', back),
      law.length ? h('details', { class: 'help-law' }, h('summary', {}, t('help-handoff-law', { count: law.length })), h('ul', {}, law)) : null,
    );
    this.handoff.dataset.question = q.id;
    this.cards.hidden = true;
    this.handoff.hidden = false;
    if (quiet) return;
    this.handoff.closest('.library-scroll').scrollTop = 0;
    this.handoff.querySelector('#help-handoff-title').focus();
    announce(t('help-handoff-announce', { title: hand.title || t('help-handoff-title') }));
  }

  closeHandOff({ focus = null } = {}) {
    if (this.handoff.hidden) return;
    this.handoff.hidden = true;
    this.cards.hidden = false;
    if (focus) {
      const button = this.questions.querySelector(`[data-question="${CSS.escape(focus)}"] button[data-answer="yes"]`);
      if (button) button.focus();
    }
  }

  async refreshPacket({ keep = false } = {}) {
    if (!keep) {
      clear(this.packetResult);
      this.packetView = null;
    }
    const c = this.case;
    if (!c || !c.id) {
      this.packetCase.textContent = t('help-packet-no-case');
      this.packetForm.hidden = true;
      return;
    }
    this.packetCase.textContent = t('help-packet-from-case', { name: c.name });
    this.packetForm.hidden = false;
    const fill = async (fieldset, resource, label) => {
      const ticked = keep ? new Set([...fieldset.querySelectorAll('input:checked')].map((i) => i.value)) : new Set();
      for (const old of fieldset.querySelectorAll('label, p')) old.remove();
      let answer;
      try {
        answer = await api.listRecords(resource, { caseId: c.id, limit: 200 });
      } catch (err) {
        fieldset.append(h('p', { class: 'form-error' }, commandError(err).message));
        return;
      }
      const items = (answer && answer.items) || [];
      if (!items.length) fieldset.append(h('p', { class: 'muted' }, t(resource === 'documents' ? 'help-packet-no-documents' : 'help-packet-no-notes')));
      for (const item of items) {
        const box = h('input', { type: 'checkbox', value: String(item.id), dataset: { id: String(item.id) } });
        box.checked = ticked.has(String(item.id));
        fieldset.append(h('label', {}, box, ' ', label(item)));
      }
    };
    await Promise.all([fill(this.packetDocs, 'documents', (d) => d.title || d.fileName), fill(this.packetNotes, 'notes', (n) => n.title)]);
  }

  async makePacket() {
    const c = this.case;
    if (!c) return;
    const ticked = (fieldset) => [...fieldset.querySelectorAll('input:checked')].map((i) => Number(i.value));
    const questions = this.packetQuestions.value.split('\n').map((q) => q.trim()).filter(Boolean);
    const button = this.packetForm.querySelector('#help-packet-make');
    button.disabled = true;
    this.packetView = null;
    clear(this.packetResult).append(h('p', { class: 'muted' }, t('help-packet-making')));
    try {
      const made = await api.helpPacket(c.id, { notes: ticked(this.packetNotes), documents: ticked(this.packetDocs), questions });
      const files = made.files || [];
      // The files' names and the server's warnings are shown as they come.
      this.packetView = () => [
        h('p', { id: 'help-packet-done' }, t('help-packet-saved', { count: files.length })),
        h('ul', { class: 'help-files' }, files.map((f) => h('li', { title: f.path }, f.fileName))),
        ...(made.warnings || []).map((w) => h('p', { class: 'form-error' }, w)),
      ];
      clear(this.packetResult).append(...this.packetView());
      announce(t('help-packet-saved-announce', { count: files.length }));
    } catch (err) {
      clear(this.packetResult).append(h('p', { class: 'form-error', role: 'alert' }, commandError(err).message));
    } finally {
      button.disabled = false;
    }
  }
}

function programCard(p) {
  const phones = Array.isArray(p.phone) ? p.phone : [];
  return h(
    'li',
    { class: 'card help-card', dataset: { program: p.id, takes: p.takesThisKind === null || p.takesThisKind === undefined ? null : String(p.takesThisKind) } },
    h('h4', { class: 'help-name' }, p.name),
    phones.length ? h('p', { class: 'help-phone' }, t('help-telephone'), ' ', h('strong', {}, phones.join(' · '))) : null,
    p.url ? h('p', { class: 'help-web' }, t('help-web'), ' ', link(p.url)) : null,
    p.howToApply ? h('p', { class: 'help-apply' }, p.howToApply) : null,
    p.caseKinds && p.caseKinds.length ? h('p', { class: 'help-kinds muted' }, t('help-takes-cases', { kinds: p.caseKinds.join('; ') })) : null,
    p.takesThisKind === false ? h('p', { class: 'help-kinds muted' }, t('help-takes-unknown')) : null,
    sourceLine(p.sources),
  );
}

function statewideCard(s) {
  return h(
    'li',
    { class: 'card help-card', dataset: { line: s.id } },
    h('h4', { class: 'help-name' }, s.name),
    s.phone ? h('p', { class: 'help-phone' }, t('help-telephone'), ' ', h('strong', {}, s.phone)) : null,
    s.url ? h('p', { class: 'help-web' }, t('help-web'), ' ', link(s.url)) : null,
    h('p', {}, s.who),
    s.cost ? h('p', { class: 'help-cost muted' }, t('help-cost', { cost: s.cost })) : null,
    sourceLine(s.sources),
  );
}

/** The eligibility answer: the poverty guideline, and each program's limit (its name and rule as the server says them). */
function eligibilityNodes(e) {
  const size = Number(e.householdSize);
  const poverty = h(
    'p',
    { class: 'help-poverty' },
    t('help-poverty', {
      size,
      year: String(e.guidelineYear),
      line: formatMoney(e.povertyLine),
      income: formatMoney(e.yearlyIncome),
      percent: Number(e.percentOfPoverty),
    }),
  );
  const list = h('ul', { class: 'help-rules' });
  for (const r of e.programs || []) {
    const limit = formatMoney(r.limit);
    list.append(
      h(
        'li',
        { class: 'help-rule', dataset: { qualify: r.mayQualify ? 'yes' : 'no' } },
        h('strong', {}, r.name),
        ': ',
        r.mayQualify ? t('help-rule-may-qualify', { size, limit }) : t('help-rule-above', { size, limit }),
        h('span', { class: 'help-rule-why muted' }, ` ${r.rule}`),
      ),
    );
  }
  return [poverty, list, h('p', { class: 'muted' }, e.caveat)];
}
