// A court paper as a page on screen (issue 40): the paper's parts as the server built them
// (`paper` of `build_paper`, or a `paper` draft's content) laid out as the Word and PDF copies
// lay them out — the court lines centred, the style of the case with its number beside it, the
// heading, the numbered paragraphs, the signature block, the certificate of service; a letter
// with its sender, date, clerk and "Re:" line. Every part is text (dom.js's `h`), never markup.
//
// The paper is always English — it is what the court takes — so its own words ("Respectfully
// submitted,", "CERTIFICATE OF SERVICE", "v.", "Date:") are written here as the exports write them,
// never translated (PAPER_WORDS). Given the server's explanation (`GET
// /api/papers/{draftId}/explained`), each part carries beside it what it says in Spanish and what
// it is for (`aside.paper-explained`, lang="es").

import { h } from './dom.js';
import { t } from './i18n.js';

/** A line left to fill by hand (the server's `BLANK`). */
export const BLANK = '____________________';

/** The English paper's own words, as the Word and PDF files write them (the paper filed). */
const PAPER_WORDS = {
  caseNo: 'Case No.', // l10n-ok: the English paper filed
  versus: 'v.',
  telephone: 'Telephone:', // l10n-ok: the English paper filed
  email: 'E-mail:',
  re: 'Re:', // l10n-ok: the English paper filed
  dearClerk: 'Dear Clerk:', // l10n-ok: the English paper filed
  sincerely: 'Sincerely,', // l10n-ok: the English paper filed
  respectfully: 'Respectfully submitted,', // l10n-ok: the English paper filed
  date: 'Date:', // l10n-ok: the English paper filed
  certificate: 'CERTIFICATE OF SERVICE',
};

const orBlank = (value) => (String(value ?? '').trim() ? String(value) : BLANK);
const lines = (list) => (Array.isArray(list) ? list.filter((l) => String(l ?? '').trim()) : []);

/** A paper draft's content (JSON) as the paper, or null when it is not one. */
export function paperOf(content) {
  try {
    const paper = JSON.parse(content);
    return paper && typeof paper === 'object' && paper.signature && typeof paper.heading === 'string' ? paper : null;
  } catch {
    return null;
  }
}

/** One side of the caption: each party's name, its role under it, as the court writes them. */
function side(parties, last) {
  const list = Array.isArray(parties) ? parties : [];
  return list.map((p, i) => {
    const end = last && i === list.length - 1 ? '.' : ',';
    return h(
      'p',
      { class: 'paper-party' },
      h('span', { class: 'paper-party-name' }, p.role ? `${p.name},` : `${p.name}${end}`),
      p.role ? h('span', { class: 'paper-party-role' }, `${p.role}${end}`) : null,
    );
  });
}

/** The style of the case: the parties left ("… v. …"), the case number right. */
function caption(c) {
  return h(
    'div',
    { class: 'paper-caption' },
    h('div', { class: 'paper-caption-parties' }, side(c.first, false), h('p', { class: 'paper-versus' }, PAPER_WORDS.versus), side(c.second, true)),
    h('p', { class: 'paper-number' }, `${c.numberLabel || PAPER_WORDS.caseNo} `, h('span', { class: 'paper-number-value' }, orBlank(c.number))),
  );
}

/** The signature block's lines under the line to sign on (as the exports write them). */
function signatureLines(s) {
  const out = [h('span', { class: 'paper-sign-name' }, s.name)];
  if (s.capacity) out.push(s.capacity);
  out.push(...lines(s.address));
  if (s.phone) out.push(`${PAPER_WORDS.telephone} ${s.phone}`);
  if (s.email) out.push(`${PAPER_WORDS.email} ${s.email}`);
  return out.map((line) => h('span', { class: 'paper-line' }, line));
}

function signLine() {
  return h('span', { class: 'paper-sign-line', 'aria-label': t('paper-preview-sign-here') }, BLANK);
}

/**
 * What part `part` of the paper says in Spanish and what it is for, to show beside it: its
 * Spanish (line by line), what it is for, and — for the person's own words — that they are shown
 * as written.
 */
export function explanationNode(part) {
  const name = t('paper-preview-part', { part: part.part, number: part.number || 1 });
  const spanish = String(part.spanish || '')
    .split('\n')
    .map((line) => h('span', { class: 'paper-line' }, line));
  return h(
    'aside',
    { class: 'paper-explained', lang: 'es', dataset: { part: part.part, number: part.number ? String(part.number) : null }, 'aria-label': t('paper-preview-explained', { part: name }) },
    h('p', { class: 'paper-explained-spanish' }, h('strong', { class: 'paper-explained-label' }, t('paper-preview-in-spanish')), ' ', spanish),
    part.purpose ? h('p', { class: 'paper-explained-purpose' }, h('strong', { class: 'paper-explained-label' }, t('paper-preview-purpose')), ' ', part.purpose) : null,
    part.asWritten ? h('p', { class: 'paper-explained-as-written' }, t('paper-preview-as-written')) : null,
  );
}

/**
 * The explanation's parts by where they go: `court`, `heading`… once; `paragraph` and `body` by
 * number. Empty without an explanation.
 */
function partsOf(explained) {
  const parts = new Map();
  for (const part of (explained && Array.isArray(explained.parts) && explained.parts) || []) {
    parts.set(part.number ? `${part.part}:${part.number}` : part.part, part);
  }
  return parts;
}

/**
 * The paper as a page: `article.paper-sheet[data-layout]`. With `explained` (the server's
 * explanation of this paper), each part is a `div.paper-explained-row` holding the English part
 * and, beside it, what it says in Spanish (`aside.paper-explained`); a numbered paragraph holds its
 * own.
 */
export function paperSheet(paper, { label = null, explained = null } = {}) {
  const letter = paper.layout === 'letter';
  const s = paper.signature || {};
  const parts = partsOf(explained);
  const sheet = h('article', {
    class: ['paper-sheet', parts.size ? 'paper-sheet-explained' : null],
    dataset: { layout: letter ? 'letter' : 'pleading', paper: paper.paper },
    'aria-label': label || t('paper-preview-label'),
  });
  /** `node`, with the Spanish of part `key` beside it when there is one. */
  const beside = (key, node) => {
    const part = parts.get(key);
    return part ? h('div', { class: 'paper-explained-row', dataset: { part: part.part } }, node, explanationNode(part)) : node;
  };
  if (letter) {
    sheet.append(beside('sender', h('p', { class: 'paper-sender' }, signatureLines({ ...s, capacity: '' }))));
    if (paper.letter) {
      sheet.append(
        beside('letterDate', h('p', { class: 'paper-letter-date' }, orBlank(paper.letter.date))),
        beside('recipient', h('p', { class: 'paper-letter-to' }, lines(paper.letter.to).map((l) => h('span', { class: 'paper-line' }, l)))),
        beside('subject', h('p', { class: 'paper-heading paper-re' }, `${PAPER_WORDS.re} ${paper.heading}`)),
        beside('salutation', h('p', {}, paper.letter.salutation || PAPER_WORDS.dearClerk)),
      );
    } else {
      sheet.append(beside('subject', h('p', { class: 'paper-heading paper-re' }, `${PAPER_WORDS.re} ${paper.heading}`)));
    }
  } else {
    if (lines(paper.court).length) sheet.append(beside('court', h('div', { class: 'paper-court' }, lines(paper.court).map((l) => h('p', {}, l)))));
    if (paper.caption) sheet.append(beside('caption', caption(paper.caption)));
    sheet.append(beside('heading', h('h4', { class: 'paper-heading' }, paper.heading)));
  }
  if (paper.opening) sheet.append(beside('opening', h('p', { class: 'paper-opening' }, paper.opening)));
  const paragraphs = lines(paper.paragraphs);
  if (paragraphs.length) {
    const key = letter ? 'body' : 'paragraph';
    const explainedParagraph = (i) => {
      const part = parts.get(`${key}:${i + 1}`);
      return part ? explanationNode(part) : null;
    };
    sheet.append(
      letter
        ? h('div', { class: 'paper-body' }, paragraphs.map((p, i) => beside(`body:${i + 1}`, h('p', {}, p))))
        : h(
            'ol',
            { class: 'paper-paragraphs' },
            paragraphs.map((p, i) => {
              const aside = explainedParagraph(i);
              return aside ? h('li', { class: 'paper-explained-row', dataset: { part: key } }, h('span', { class: 'paper-paragraph-text' }, p), aside) : h('li', {}, p);
            }),
          ),
    );
  }
  if (paper.closing) sheet.append(beside(letter ? 'letterClosing' : 'closing', h('p', { class: 'paper-closing' }, paper.closing)));
  if (letter) {
    sheet.append(
      beside(
        'letterSignature',
        h(
          'div',
          { class: 'paper-signature' },
          h('p', {}, (paper.letter && paper.letter.signOff) || PAPER_WORDS.sincerely),
          h('p', { class: 'paper-block' }, signLine(), h('span', { class: 'paper-line paper-sign-name' }, s.name)),
        ),
      ),
    );
  } else {
    sheet.append(
      beside(
        'signature',
        h(
          'div',
          { class: 'paper-signature' },
          h('p', {}, PAPER_WORDS.respectfully),
          h('p', { class: 'paper-block' }, signLine(), signatureLines(s)),
          h('p', { class: 'paper-sign-date' }, `${PAPER_WORDS.date} ${orBlank(s.date)}`),
        ),
      ),
    );
  }
  const c = paper.certificate;
  if (c) {
    sheet.append(
      beside(
        'certificate',
        h(
          'section',
          { class: 'paper-certificate', 'aria-label': t('paper-preview-certificate') },
          h('h5', { class: 'paper-certificate-title' }, PAPER_WORDS.certificate),
          h('p', {}, c.statement),
          lines(c.served).length ? h('p', { class: 'paper-served' }, lines(c.served).map((l) => h('span', { class: 'paper-line' }, l))) : null,
          h('p', { class: 'paper-block paper-certificate-sign' }, signLine(), h('span', { class: 'paper-line paper-sign-name' }, s.name)),
        ),
      ),
    );
  }
  return sheet;
}
