// The Help tab (issue 41): who can help where the person lives — the legal aid program for their
// county or city, the help lines for the whole state — and whether their income may be inside the
// programs' limits. Every entry shows where it was read and when; nothing is promised: programs
// decide who they help. The locality is chosen from the list of Virginia's 133 (remembered on this
// computer), never typed.

import { h, clear, announce } from './dom.js';
import { api, commandError, hostOf } from './api.js';
import { makeLink } from './markdown.js';
import { formatMoney, parseMoney, daysBetween, today, mediumDate } from './format.js';

const LOCALITY_KEY = 'proseva.help.locality';

/** "read 29 November 2026 (today)" / "(12 days ago)". */
export function readAgo(read, now = today()) {
  if (!read) return '';
  const days = daysBetween(read, now);
  const ago = days === null || days === undefined ? '' : days <= 0 ? ' (today)' : days === 1 ? ' (yesterday)' : ` (${days} days ago)`;
  return `read ${mediumDate(read)}${ago}`;
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
  return h(
    'p',
    { class: 'help-source muted' },
    'Source: ',
    link(first.url, hostOf(first.url)),
    list.length > 1 ? ` and ${list.length - 1} more` : '',
    `, ${readAgo(first.read)}.`,
  );
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
    this.loaded = false;
    this.caseKind = null;
    this.select.addEventListener('change', () => {
      try {
        localStorage.setItem(LOCALITY_KEY, this.select.value);
      } catch {
        // No storage: the choice lasts this session.
      }
      this.show(this.select.value);
    });
    this.form.addEventListener('submit', (e) => {
      e.preventDefault();
      this.check();
    });
  }

  /** The case kind whose programs come first (the open case's), or null. */
  setCaseKind(kind) {
    this.caseKind = kind || null;
    if (this.loaded && this.select.value) this.show(this.select.value);
  }

  async shown() {
    if (this.loaded) return;
    this.loaded = true;
    try {
      const list = await api.helpLocalities();
      const counties = h('optgroup', { label: 'Counties' });
      const cities = h('optgroup', { label: 'Cities' });
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
      }
    } catch (err) {
      this.loaded = false;
      clear(this.results);
      this.results.append(h('p', { class: 'form-error', role: 'alert' }, `The list of places could not be read: ${commandError(err).message}`));
    }
  }

  async show(locality) {
    clear(this.results);
    if (!locality) return;
    this.results.append(h('p', { class: 'muted' }, 'Looking…'));
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
      h('h3', { class: 'help-heading' }, `Legal aid for ${place}`),
      h(
        'p',
        { class: 'help-lead' },
        'Legal aid is free help from lawyers for people with low incomes. Call or apply, say where you live and what your case is about; they decide whether they can take it.',
      ),
    );
    const list = h('ul', { class: 'help-programs', 'aria-label': `Legal aid programs for ${place}` });
    for (const p of programs) list.append(programCard(p));
    this.results.append(list);
    this.results.append(h('h3', { class: 'help-heading' }, 'Help for all of Virginia'));
    const lines = h('ul', { class: 'help-statewide', 'aria-label': 'Help for all of Virginia' });
    for (const s of help.statewide || []) lines.append(statewideCard(s));
    this.results.append(lines);
    this.results.append(
      h('p', { class: 'help-age muted' }, `This list was ${readAgo(help.listDate)}. Numbers and offices change: if one does not answer, try the statewide Legal Aid line.`),
    );
    announce(`${programs.length} legal aid program${programs.length === 1 ? '' : 's'} for ${place}.`);
  }

  async check() {
    clear(this.answer);
    const size = Number(this.size.value);
    const income = parseMoney(this.income.value);
    if (income === null || income < 0) {
      this.answer.append(h('p', { class: 'form-error', role: 'alert' }, 'Enter the household’s yearly income before tax, in dollars (for example 21,000).'));
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
    const people = e.householdSize === 1 ? '1 person' : `${e.householdSize} people`;
    this.answer.append(
      h(
        'p',
        { class: 'help-poverty' },
        `The federal poverty guideline for ${people} in ${e.guidelineYear} is ${formatMoney(e.povertyLine)} a year. ${formatMoney(e.yearlyIncome)} is ${e.percentOfPoverty}% of it.`,
      ),
    );
    const list = h('ul', { class: 'help-rules' });
    for (const r of e.programs || []) {
      list.append(
        h(
          'li',
          { class: 'help-rule', dataset: { qualify: r.mayQualify ? 'yes' : 'no' } },
          h('strong', {}, r.name),
          ': ',
          r.mayQualify ? `you may qualify — they decide. Their limit for ${people} is about ${formatMoney(r.limit)} a year.` : `above their limit of about ${formatMoney(r.limit)} a year for ${people}.`,
          h('span', { class: 'help-rule-why muted' }, ` ${r.rule}`),
        ),
      );
    }
    this.answer.append(list, h('p', { class: 'muted' }, e.caveat));
    announce(e.programs && e.programs.some((r) => r.mayQualify) ? 'You may qualify for free legal help. They decide.' : 'Your income is above the limits shown.');
  }
}

function programCard(p) {
  const phones = Array.isArray(p.phone) ? p.phone : [];
  return h(
    'li',
    { class: 'card help-card', dataset: { program: p.id, takes: p.takesThisKind === null || p.takesThisKind === undefined ? null : String(p.takesThisKind) } },
    h('h4', { class: 'help-name' }, p.name),
    phones.length ? h('p', { class: 'help-phone' }, 'Telephone: ', h('strong', {}, phones.join(' · '))) : null,
    p.url ? h('p', { class: 'help-web' }, 'Web: ', link(p.url)) : null,
    p.howToApply ? h('p', { class: 'help-apply' }, p.howToApply) : null,
    p.caseKinds && p.caseKinds.length ? h('p', { class: 'help-kinds muted' }, `Takes cases such as: ${p.caseKinds.join('; ')}.`) : null,
    p.takesThisKind === false ? h('p', { class: 'help-kinds muted' }, 'The pages read do not say it takes your kind of case; ask them.') : null,
    sourceLine(p.sources),
  );
}

function statewideCard(s) {
  return h(
    'li',
    { class: 'card help-card', dataset: { line: s.id } },
    h('h4', { class: 'help-name' }, s.name),
    s.phone ? h('p', { class: 'help-phone' }, 'Telephone: ', h('strong', {}, s.phone)) : null,
    s.url ? h('p', { class: 'help-web' }, 'Web: ', link(s.url)) : null,
    h('p', {}, s.who),
    s.cost ? h('p', { class: 'help-cost muted' }, `Cost: ${s.cost}`) : null,
    sourceLine(s.sources),
  );
}
