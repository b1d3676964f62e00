// Finds references to the Code and the Constitution of Virginia in text, as the agent's
// `proseva-citation` crate does, so that the same citations the agent checked become links:
// `§ 20-124.3`, `§§ 20-124.2 and 20-124.3`, `§§ 16.1-241 through 16.1-244` (both ends linked),
// `Va. Code § 8.01-243`, `section 8.01-228`, `§ 63.2-1509:1`, `§ 8.9A-102` and
// `Article I, Section 12` (sourceId `const-I-12`). A bare `20-124.3` in running text is not taken:
// it could be a date or a phone number.

const isDigit = (c) => c >= '0' && c <= '9';
const isUpper = (c) => c >= 'A' && c <= 'Z';
const isAlnum = (c) => c !== undefined && /[\p{L}\p{N}]/u.test(c);
const isSpace = (c) => c !== undefined && /\s/.test(c);

function digits(s, i) {
  let j = i;
  while (j < s.length && isDigit(s[j])) j += 1;
  return j > i ? j : -1;
}

function dotted(s, i) {
  let j = digits(s, i);
  if (j < 0) return -1;
  while (s[j] === '.') {
    const k = digits(s, j + 1);
    if (k < 0) break;
    j = k;
  }
  return j;
}

/** End index of a Code section number starting at `i` (`8.01-243`, `63.2-1509:1`), or -1. */
export function sectionNumberEnd(s, i) {
  let j = digits(s, i);
  if (j < 0) return -1;
  if (s[j] === '.') {
    j = digits(s, j + 1);
    if (j < 0) return -1;
  }
  if (isUpper(s[j])) j += 1;
  if (s[j] !== '-') return -1;
  j = dotted(s, j + 1);
  if (j < 0) return -1;
  if (s[j] === ':') {
    const k = dotted(s, j + 1);
    if (k >= 0) j = k;
  }
  if (j < s.length && /[A-Za-z0-9]/.test(s[j])) return -1;
  return j;
}

function skipSpace(s, i) {
  let j = i;
  while (j < s.length && isSpace(s[j])) j += 1;
  return j;
}

function wordStart(s, i) {
  return i === 0 || !isAlnum(s[i - 1]);
}

function startsWithWord(s, i, word) {
  return s.startsWith(word, i) && !isAlnum(s[i + word.length]);
}

function sectionWord(s, i) {
  if (!wordStart(s, i)) return 0;
  for (const word of ['sections', 'section', 'secs.', 'sec.']) {
    if (s.slice(i, i + word.length).toLowerCase() === word) {
      if (word.endsWith('.') || !isAlnum(s[i + word.length])) return word.length;
    }
  }
  return 0;
}

/** After a list item: `,` `and` `or` (a list) or `through` `to` `-` `–` (a range). */
function separator(s, i) {
  let j = skipSpace(s, i);
  for (const word of ['through', 'to']) {
    if (startsWithWord(s, j, word)) return { kind: 'range', end: j + word.length };
  }
  if (s[j] === '–' || s[j] === '—' || s[j] === '-') return { kind: 'range', end: j + 1 };
  let list = false;
  if (s[j] === ',' || s[j] === ';') {
    j = skipSpace(s, j + 1);
    list = true;
  }
  for (const word of ['and', 'or']) {
    if (startsWithWord(s, j, word)) return { kind: 'list', end: j + word.length };
  }
  return list ? { kind: 'list', end: j } : null;
}

function scanList(s, start, afterMark, plural, out) {
  let i = skipSpace(s, afterMark);
  const end = sectionNumberEnd(s, i);
  if (end < 0) return -1;
  out.push({ start, end, sourceId: s.slice(i, end) });
  i = end;
  if (!plural) return i;
  for (;;) {
    const sep = separator(s, i);
    if (!sep) break;
    const j = skipSpace(s, sep.end);
    const next = sectionNumberEnd(s, j);
    if (next < 0) break;
    out.push({ start: j, end: next, sourceId: s.slice(j, next), rangeEnd: sep.kind === 'range' });
    i = next;
  }
  return i;
}

function constitutionSectionEnd(s, i) {
  let j = digits(s, i);
  if (j < 0) return -1;
  if (s[j] === '-' && isUpper(s[j + 1]) && !/[A-Za-z0-9]/.test(s[j + 2] || '')) j += 2;
  if (j < s.length && /[A-Za-z0-9]/.test(s[j])) return -1;
  return j;
}

function scanConstitution(s, start, out) {
  let i = start + 'Article '.length;
  let a = i;
  while (a < s.length && 'IVX'.includes(s[a])) a += 1;
  if (a === i) return -1;
  const article = s.slice(i, a);
  i = a;
  if (s[i] === ',') i += 1;
  i = skipSpace(s, i);
  const mark = ['Sections', 'Section', '§§', '§'].find((m) => s.startsWith(m, i));
  if (!mark) return -1;
  i = skipSpace(s, i + mark.length);
  let itemStart = start;
  for (;;) {
    const end = constitutionSectionEnd(s, i);
    if (end < 0) return out.length ? i : -1;
    out.push({ start: itemStart, end, sourceId: `const-${article}-${s.slice(i, end)}` });
    i = end;
    const sep = separator(s, i);
    if (sep && sep.kind === 'list' && constitutionSectionEnd(s, skipSpace(s, sep.end)) >= 0) {
      i = skipSpace(s, sep.end);
      itemStart = i;
    } else {
      return i;
    }
  }
}

function scanVacodeLink(s, start, out) {
  let i = start + '/vacode/'.length;
  if (s.startsWith('title', i)) {
    const at = s.indexOf('/section', i);
    if (at < 0 || /\s/.test(s.slice(i, at))) return -1;
    i = at + '/section'.length;
  }
  const end = sectionNumberEnd(s, i);
  if (end < 0) return -1;
  out.push({ start, end, sourceId: s.slice(i, end) });
  return end;
}

/**
 * Every citation in `text`, in order: `{start, end, sourceId}` where `text.slice(start, end)` is
 * the part to show as a link (`§ 2.2-3704`, or just `20-124.3` for the second item of a list).
 */
export function findCitations(text) {
  const s = String(text);
  const out = [];
  let i = 0;
  while (i < s.length) {
    let next = -1;
    const c = s[i];
    if (c === '§') {
      let marks = 0;
      while (s[i + marks] === '§') marks += 1;
      next = scanList(s, i, i + marks, marks > 1, out);
    } else if ((c === 's' || c === 'S') && sectionWord(s, i)) {
      const len = sectionWord(s, i);
      const plural = s.slice(i, i + len).toLowerCase().endsWith('s');
      next = scanList(s, i, i + len, plural, out);
    } else if (c === '/' && s.startsWith('/vacode/', i)) {
      next = scanVacodeLink(s, i, out);
    } else if (c === 'A' && s.startsWith('Article ', i) && wordStart(s, i)) {
      next = scanConstitution(s, i, out);
    }
    i = next > i ? next : i + 1;
  }
  return out;
}

/** How a sourceId is written for people: `§ 2.2-3704`, `Constitution of Virginia, Article I, Section 12`. */
export function citationLabel(sourceId, nodeType) {
  const id = String(sourceId ?? '');
  const constitution = /^const-([IVX]+)-(.+)$/.exec(id);
  if (constitution) return `Constitution of Virginia, Article ${constitution[1]}, Section ${constitution[2]}`;
  if (nodeType && nodeType !== 'section' && !/^\d/.test(id)) return id;
  if (nodeType === 'title') return `Title ${id}`;
  if (nodeType === 'chapter') return `Chapter ${id.replace(':', ', chapter ')}`;
  if (/^\d+(\.\d+)?[A-Z]?-/.test(id)) return `§ ${id}`;
  return id;
}

/** A short label for a sourceId: `§ 2.2-3704`, `Va. Const. art. I, § 12`. */
export function shortCitationLabel(sourceId) {
  const id = String(sourceId ?? '');
  const constitution = /^const-([IVX]+)-(.+)$/.exec(id);
  if (constitution) return `Va. Const. art. ${constitution[1]}, § ${constitution[2]}`;
  if (/^\d+(\.\d+)?[A-Z]?-/.test(id)) return `§ ${id}`;
  return id;
}
