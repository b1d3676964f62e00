// A court paper as a page on screen (issue 40): the paper's parts as the server built them
// (`paper` of `build_paper`, or a `paper` draft's content) laid out as the Word and PDF copies
// lay them out — the court lines centred, the style of the case with its number beside it, the
// heading, the numbered paragraphs, the signature block, the certificate of service; a letter
// with its sender, date, clerk and "Re:" line. Every part is text (dom.js's `h`), never markup.

import { h } from './dom.js';

/** A line left to fill by hand (the server's `BLANK`). */
export const BLANK = '____________________';

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
    h('div', { class: 'paper-caption-parties' }, side(c.first, false), h('p', { class: 'paper-versus' }, 'v.'), side(c.second, true)),
    h('p', { class: 'paper-number' }, `${c.numberLabel || 'Case No.'} `, h('span', { class: 'paper-number-value' }, orBlank(c.number))),
  );
}

/** The signature block's lines under the line to sign on (as the exports write them). */
function signatureLines(s) {
  const out = [h('span', { class: 'paper-sign-name' }, s.name)];
  if (s.capacity) out.push(s.capacity);
  out.push(...lines(s.address));
  if (s.phone) out.push(`Telephone: ${s.phone}`);
  if (s.email) out.push(`E-mail: ${s.email}`);
  return out.map((line) => h('span', { class: 'paper-line' }, line));
}

function signLine() {
  return h('span', { class: 'paper-sign-line', 'aria-label': 'Sign here by hand' }, BLANK);
}

/** The paper as a page: `article.paper-sheet[data-layout]`. */
export function paperSheet(paper, { label = 'Preview of the paper' } = {}) {
  const letter = paper.layout === 'letter';
  const s = paper.signature || {};
  const sheet = h('article', { class: 'paper-sheet', dataset: { layout: letter ? 'letter' : 'pleading', paper: paper.paper }, 'aria-label': label });
  if (letter) {
    sheet.append(h('p', { class: 'paper-sender' }, signatureLines({ ...s, capacity: '' })));
    if (paper.letter) {
      sheet.append(
        h('p', { class: 'paper-letter-date' }, orBlank(paper.letter.date)),
        h('p', { class: 'paper-letter-to' }, lines(paper.letter.to).map((l) => h('span', { class: 'paper-line' }, l))),
        h('p', { class: 'paper-heading paper-re' }, `Re: ${paper.heading}`),
        h('p', {}, paper.letter.salutation || 'Dear Clerk:'),
      );
    } else {
      sheet.append(h('p', { class: 'paper-heading paper-re' }, `Re: ${paper.heading}`));
    }
  } else {
    if (lines(paper.court).length) sheet.append(h('div', { class: 'paper-court' }, lines(paper.court).map((l) => h('p', {}, l))));
    if (paper.caption) sheet.append(caption(paper.caption));
    sheet.append(h('h4', { class: 'paper-heading' }, paper.heading));
  }
  if (paper.opening) sheet.append(h('p', { class: 'paper-opening' }, paper.opening));
  const paragraphs = lines(paper.paragraphs);
  if (paragraphs.length) {
    sheet.append(letter ? h('div', { class: 'paper-body' }, paragraphs.map((p) => h('p', {}, p))) : h('ol', { class: 'paper-paragraphs' }, paragraphs.map((p) => h('li', {}, p))));
  }
  if (paper.closing) sheet.append(h('p', { class: 'paper-closing' }, paper.closing));
  if (letter) {
    sheet.append(
      h('div', { class: 'paper-signature' }, h('p', {}, (paper.letter && paper.letter.signOff) || 'Sincerely,'), h('p', { class: 'paper-block' }, signLine(), h('span', { class: 'paper-line paper-sign-name' }, s.name))),
    );
  } else {
    sheet.append(
      h(
        'div',
        { class: 'paper-signature' },
        h('p', {}, 'Respectfully submitted,'),
        h('p', { class: 'paper-block' }, signLine(), signatureLines(s)),
        h('p', { class: 'paper-sign-date' }, `Date: ${orBlank(s.date)}`),
      ),
    );
  }
  const c = paper.certificate;
  if (c) {
    sheet.append(
      h(
        'section',
        { class: 'paper-certificate', 'aria-label': 'Certificate of service' },
        h('h5', { class: 'paper-certificate-title' }, 'CERTIFICATE OF SERVICE'),
        h('p', {}, c.statement),
        lines(c.served).length ? h('p', { class: 'paper-served' }, lines(c.served).map((l) => h('span', { class: 'paper-line' }, l))) : null,
        h('p', { class: 'paper-block paper-certificate-sign' }, signLine(), h('span', { class: 'paper-line paper-sign-name' }, s.name)),
      ),
    );
  }
  return sheet;
}
