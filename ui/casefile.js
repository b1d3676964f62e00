// The case file's simple record pages — contacts, finances (with totals by category) and the
// timeline (with its filters) — as specs for the generic `RecordPage` of records.js.

import { h, clear } from './dom.js';
import { api, commandError } from './api.js';
import { RecordPage, badge } from './records.js';
import { formatMoney, moneyFlow, mediumDate, today } from './format.js';

export const CONTACT_ROLES = [
  ['opposing_party', 'Other party'],
  ['attorney', 'Attorney'],
  ['clerk', 'Clerk'],
  ['judge', 'Judge'],
  ['witness', 'Witness'],
  ['other', 'Other'],
];

const roleText = (role) => (CONTACT_ROLES.find(([v]) => v === role) || [role, role || 'Other'])[1];

export const FINANCE_CATEGORIES = ['filing fees', 'court costs', 'service of process', 'attorney', 'child support', 'rent', 'copies', 'transportation', 'other'];

export function contactsPage(ws, root) {
  return new RecordPage(ws, root, {
    resource: 'contacts',
    page: 'contacts',
    title: 'Contacts',
    lead: 'The people and offices in this case: the other party, the clerk, lawyers, witnesses.',
    noun: 'contact',
    name: (c) => c.name,
    fields: [
      { name: 'name', label: 'Name', required: true, autocomplete: 'name' },
      { name: 'role', label: 'Role', type: 'select', options: CONTACT_ROLES, default: 'other' },
      { name: 'phone', label: 'Phone', type: 'tel', autocomplete: 'tel' },
      { name: 'email', label: 'Email', type: 'email', autocomplete: 'email' },
      { name: 'address', label: 'Address', type: 'textarea', rows: 2, wide: true },
      { name: 'notes', label: 'Notes', type: 'textarea', rows: 3, wide: true },
    ],
    row: (c) => ({
      title: c.name,
      badges: [badge(roleText(c.role))],
      meta: [c.phone, c.email, c.address],
      body: c.notes,
    }),
  });
}

/** The totals by category, a grand total, as a small table. */
function financeTotals(page) {
  const el = h('section', { class: 'totals-box', 'aria-labelledby': 'finance-totals-title', id: 'finance-totals' });
  const refresh = async () => {
    let totals;
    try {
      totals = await api.financeTotals(page.ws.caseId);
    } catch (err) {
      clear(el).append(h('p', { class: 'list-status error' }, `Totals could not be read: ${commandError(err).message}`));
      return;
    }
    const rows = Array.isArray(totals) ? totals : [];
    clear(el).append(h('h4', { id: 'finance-totals-title', class: 'totals-title' }, 'Totals by category'));
    if (!rows.length) {
      el.append(h('p', { class: 'muted' }, 'Nothing recorded yet.'));
      return;
    }
    const grand = rows.reduce((sum, r) => sum + (Number(r.total) || 0), 0);
    const count = rows.reduce((sum, r) => sum + (Number(r.count) || 0), 0);
    el.append(
      h(
        'table',
        { class: 'totals-table' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Category'), h('th', { scope: 'col', class: 'num' }, 'Entries'), h('th', { scope: 'col', class: 'num' }, 'Total'))),
        h(
          'tbody',
          {},
          rows.map((r) =>
            h('tr', { dataset: { category: r.category } }, h('th', { scope: 'row' }, r.category), h('td', { class: 'num' }, String(r.count)), h('td', { class: ['num', Number(r.total) < 0 && 'received'] }, formatMoney(r.total))),
          ),
        ),
        h('tfoot', {}, h('tr', {}, h('th', { scope: 'row' }, 'All categories'), h('td', { class: 'num' }, String(count)), h('td', { class: 'num grand-total', id: 'finance-grand-total' }, formatMoney(grand)))),
      ),
      h('p', { class: 'hint' }, 'Money spent counts up; money received (shown with a minus sign) counts down.'),
    );
  };
  return { el, refresh };
}

export function financesPage(ws, root) {
  return new RecordPage(ws, root, {
    resource: 'finances',
    page: 'finances',
    title: 'Finances',
    lead: 'What the case costs you, and what you receive: fees, costs, support.',
    noun: 'entry',
    empty: 'No money recorded yet.',
    name: (f) => `${f.description || f.category} (${mediumDate(f.date)})`,
    newValues: () => ({ date: today(), category: 'other' }),
    fields: [
      { name: 'date', label: 'Date', type: 'date', required: true },
      { name: 'amount', label: 'Amount in dollars', type: 'money', required: true, hint: 'Choose Spent or Received, then the amount, e.g. 86.50.' },
      { name: 'category', label: 'Category', list: FINANCE_CATEGORIES, placeholder: 'e.g. filing fees' },
      { name: 'description', label: 'Description', type: 'textarea', rows: 2, wide: true },
    ],
    row: (f) => {
      const flow = moneyFlow(f.amount);
      return {
        title: f.description || f.category || 'Entry',
        badges: [badge(f.category || 'other')],
        meta: [mediumDate(f.date)],
        extra: h('p', { class: ['money', `money-${flow.direction}`] }, flow.text),
        dataset: { direction: flow.direction },
      };
    },
    aside: financeTotals,
  });
}

export function timelinePage(ws, root) {
  return new RecordPage(ws, root, {
    resource: 'timeline',
    page: 'timeline',
    title: 'Timeline',
    lead: 'What happened, when, and who did it — the story of the case in order.',
    noun: 'event',
    empty: 'No events match.',
    name: (t) => t.title,
    newValues: () => ({ date: today() }),
    fields: [
      { name: 'date', label: 'Date', type: 'date', required: true },
      { name: 'title', label: 'What happened', required: true, wide: true },
      { name: 'party', label: 'Who', placeholder: 'e.g. Me, the landlord' },
      { name: 'isCritical', label: 'Critical — an important event for the case', type: 'checkbox' },
      { name: 'details', label: 'Details', type: 'textarea', rows: 4, wide: true },
    ],
    filters: [
      { name: 'query', label: 'Words', placeholder: 'e.g. deposit', wide: true },
      { name: 'party', label: 'Who' },
      { name: 'from', label: 'From', type: 'date' },
      { name: 'to', label: 'To', type: 'date' },
      { name: 'critical', label: 'Critical only', type: 'checkbox' },
    ],
    filterOf: (v) => {
      const f = {};
      if (v.query) f.query = v.query;
      if (v.party) f.party = v.party;
      if (v.critical) f.critical = true;
      if (v.from) f.from = v.from;
      if (v.to) f.to = v.to;
      return f;
    },
    row: (t) => ({
      title: t.title,
      badges: t.isCritical ? [badge('Critical', 'warn')] : [],
      meta: [h('time', { datetime: t.date }, mediumDate(t.date)), t.party, t.sourceDocumentId ? `From document #${t.sourceDocumentId}` : null],
      body: t.details,
      tone: t.isCritical ? 'critical' : '',
    }),
  });
}
