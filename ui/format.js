// Pure helpers of the case workspace: dates (`YYYY-MM-DD`, read as local calendar days, never
// through UTC), the month calendar's layout, money, file sizes. No DOM: unit-tested in Node.
// Everything they write is in the window's language (ui/i18n.js; words in locales/*/format.ftl).

import { formatDate, formatDateTime, formatMoney as money, formatNumber, onLanguageChange, t } from './i18n.js';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** `YYYY-MM-DD` of a Date, in local time. */
export function isoDate(d) {
  const y = String(d.getFullYear()).padStart(4, '0');
  const m = String(d.getMonth() + 1).padStart(2, '0');
  const day = String(d.getDate()).padStart(2, '0');
  return `${y}-${m}-${day}`;
}

/** Today, `YYYY-MM-DD`, in local time. */
export function today(now = new Date()) {
  return isoDate(now);
}

/** The Date (local noon, so no daylight-saving edge moves it) of a `YYYY-MM-DD`, or null. */
export function parseDate(text) {
  const m = ISO_DATE.exec(String(text ?? '').trim());
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 12);
  return d.getMonth() === Number(m[2]) - 1 && d.getDate() === Number(m[3]) ? d : null;
}

/** `date` plus `n` days (n may be negative). */
export function addDays(date, n) {
  const d = parseDate(date);
  if (!d) return null;
  d.setDate(d.getDate() + n);
  return isoDate(d);
}

/** Whole days from `from` to `to` (both `YYYY-MM-DD`): positive when `to` is later. */
export function daysBetween(from, to) {
  const a = parseDate(from);
  const b = parseDate(to);
  if (!a || !b) return null;
  return Math.round((Date.UTC(b.getFullYear(), b.getMonth(), b.getDate()) - Date.UTC(a.getFullYear(), a.getMonth(), a.getDate())) / 86400000);
}

/** "Monday, December 1, 2025" · "lunes, 1 de diciembre de 2025" (or the text itself when it is not a date). */
export function longDate(text) {
  return formatDate(text, 'full');
}

/** "Dec 1, 2025" · "1 dic 2025". */
export function mediumDate(text) {
  return formatDate(text, 'medium');
}

/** A timestamp (ISO 8601) as "Dec 1, 2025, 3:04 PM" · "1 dic 2025, 3:04 p.m.", in local time. */
export function dateTime(iso) {
  return formatDateTime(iso);
}

/**
 * Where a deadline stands, in words (never colour alone): `{state, text}` with `state` one of
 * `done`, `overdue`, `today`, `soon` (within 7 days), `later`.
 */
export function dueState(date, done, now = today()) {
  if (done) return { state: 'done', text: t('format-due-done') };
  const n = daysBetween(now, date);
  if (n === null) return { state: 'later', text: '' };
  if (n < 0) return { state: 'overdue', text: t('format-due-overdue', { days: -n }) };
  if (n === 0) return { state: 'today', text: t('format-due-today') };
  if (n === 1) return { state: 'soon', text: t('format-due-tomorrow') };
  return { state: n <= 7 ? 'soon' : 'later', text: t('format-due-in', { days: n }) };
}

/** The days of the week from Sunday, in the window's language (a live binding: it follows a switch). */
export let WEEKDAYS = weekdayNames();
function weekdayNames() {
  // 2026-11-29 is a Sunday.
  return Array.from({ length: 7 }, (_, i) => formatDate(new Date(2026, 10, 29 + i, 12), 'weekday'));
}
onLanguageChange(() => {
  WEEKDAYS = weekdayNames();
});

/**
 * The weeks of a month as the calendar shows them: rows of 7 days from Sunday, the month's days
 * with the days of the months around it to fill the first and last row. Each day is
 * `{date, day, inMonth, today}`. `month` is 1–12.
 */
export function monthGrid(year, month, now = today()) {
  const first = new Date(year, month - 1, 1, 12);
  const start = new Date(first);
  start.setDate(1 - first.getDay());
  const days = new Date(year, month, 0, 12).getDate();
  const cells = first.getDay() + days;
  const weeks = [];
  const d = new Date(start);
  for (let w = 0; w < Math.ceil(cells / 7); w += 1) {
    const week = [];
    for (let i = 0; i < 7; i += 1) {
      const iso = isoDate(d);
      week.push({ date: iso, day: d.getDate(), inMonth: d.getMonth() === month - 1, today: iso === now });
      d.setDate(d.getDate() + 1);
    }
    weeks.push(week);
  }
  return weeks;
}

/** `{year, month}` moved by `delta` months. */
export function shiftMonth({ year, month }, delta) {
  const index = year * 12 + (month - 1) + delta;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The first and last day of a month, `YYYY-MM-DD`. */
export function monthRange({ year, month }) {
  const last = new Date(year, month, 0, 12).getDate();
  const mm = String(month).padStart(2, '0');
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** "March 2025" · "Marzo de 2025" (a heading: its first letter a capital). */
export function monthTitle({ year, month }) {
  return capitalize(formatDate(new Date(year, month - 1, 1, 12), 'month'));
}

/** Dollars as "$1,234.50", negative ones as "-$20.00" (the same in English and US Spanish). */
export function formatMoney(amount) {
  return money(amount);
}

/**
 * A finance amount in words: positive is money spent, negative money received
 * (docs/workspace.md) — `{direction: 'spent'|'received', text: "Spent $86.50"}`.
 */
export function moneyFlow(amount) {
  const n = Number(amount);
  const received = Number.isFinite(n) && n < 0;
  const text = t(received ? 'format-money-received' : 'format-money-spent', { amount: formatMoney(Math.abs(n)) });
  return { direction: received ? 'received' : 'spent', text };
}

/**
 * A dollar amount typed by a person ("$1,234.50", "86.5") as a number, or null when it is not
 * one (the server then says why). US Spanish writes amounts as English does (ui/i18n.js), so
 * one reading serves both languages.
 */
export function parseMoney(text) {
  const s = String(text ?? '').trim().replace(/^\$/, '').replace(/,/g, '');
  if (!/^-?(\d+(\.\d*)?|\.\d+)$/.test(s)) return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
}

export const MB = 1024 * 1024;
/** The server's upload limit (its `max_body_bytes`, 25 MiB). */
export const UPLOAD_LIMIT = 25 * MB;

/** Bytes as "812 bytes", "14.2 KB", "60.2 MB", "1.3 GB" (1 KB = 1024 bytes, as the limit). */
export function formatBytes(bytes) {
  const n = Number(bytes);
  if (!Number.isFinite(n) || n < 0) return '';
  if (n < 1024) return t('format-bytes', { count: n });
  const units = ['KB', 'MB', 'GB', 'TB'];
  let v = n / 1024;
  let u = 0;
  while (v >= 1024 && u < units.length - 1) {
    v /= 1024;
    u += 1;
  }
  const rounded = v >= 100 ? Math.round(v) : Math.round(v * 10) / 10;
  // The unit is a symbol, the same in every language; the number is written as the language does.
  return `${formatNumber(rounded)} ${units[u]}`;
}

/** Null when `size` bytes may be uploaded; else "<name> is 60.2 MB; the limit is 25 MB". */
export function sizeProblem(name, size, limit = UPLOAD_LIMIT) {
  if (!(Number(size) > limit)) return null;
  return t('format-size-problem', { name, size: formatBytes(size), limit: formatBytes(limit) });
}

/** The file kinds the app reads (the document file picker's `accept`). */
export const ACCEPTED_EXTENSIONS = ['.txt', '.md', '.pdf', '.docx', '.png', '.jpg', '.jpeg', '.tif', '.tiff'];

/** "Showing 1–100 of 5,000" for a page of a list. */
export function pageText(offset, shown, total) {
  if (!total) return '';
  // Numbers, so Fluent writes them as the language does (5,000).
  if (shown >= total && offset === 0) return t('format-page-all', { total: Number(total) });
  return t('format-page-range', { from: Number(offset) + 1, to: Number(offset) + Number(shown), total: Number(total) });
}

/** Text cut to `max` characters on a word boundary, with an ellipsis. */
export function clip(text, max) {
  const s = String(text ?? '').replace(/\s+/g, ' ').trim();
  if (s.length <= max) return s;
  const cut = s.slice(0, max);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,.;:]+$/, '')}…`;
}

/** `s` trimmed, its first letter a capital ("that passphrase…" → "That passphrase…"). */
export function capitalize(s) {
  const t = String(s ?? '').trim();
  return t ? t[0].toUpperCase() + t.slice(1) : t;
}
