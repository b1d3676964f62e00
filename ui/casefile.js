// The case file's simple record pages — contacts, finances (with totals by category) and the
// timeline (with its filters) — as specs for the generic `RecordPage` of records.js.

import { h, clear, formatNumber } from './dom.js';
import { api, commandError } from './api.js';
import { RecordPage, badge } from './records.js';
import { formatMoney, moneyFlow, mediumDate, today } from './format.js';
import { t } from './i18n.js';

/** The roles of a contact (their names: casefile.ftl `casefile-contact-role`). */
export const CONTACT_ROLE_VALUES = ['opposing_party', 'attorney', 'clerk', 'judge', 'witness', 'other'];

/** `[value, name]` of every role of a contact, named in the chosen language. */
export const contactRoles = () => CONTACT_ROLE_VALUES.map((role) => [role, t('casefile-contact-role', { role })]);

const roleText = (role) => (!role || CONTACT_ROLE_VALUES.includes(role) ? t('casefile-contact-role', { role: role || 'other' }) : role);

// The categories offered for money entries. They are stored with the entry as typed (the totals
// group by them), so they are data, the same in every language.
export const FINANCE_CATEGORIES = ['filing fees', 'court costs', 'service of process', 'attorney', 'child support', 'rent', 'copies', 'transportation', 'other'];

// Each page's spec is a function: RecordPage asks it again after a switch of language.
export function contactsPage(ws, root) {
  return new RecordPage(ws, root, () => ({
    resource: 'contacts',
    page: 'contacts',
    title: t('casefile-contacts-title'),
    lead: t('casefile-contacts-lead'),
    noun: 'contact',
    name: (c) => c.name,
    fields: [
      { name: 'name', label: t('casefile-contact-name'), required: true, autocomplete: 'name' },
      { name: 'role', label: t('casefile-contact-role-label'), type: 'select', options: contactRoles(), default: 'other' },
      { name: 'phone', label: t('casefile-contact-phone'), type: 'tel', autocomplete: 'tel' },
      { name: 'email', label: t('casefile-contact-email'), type: 'email', autocomplete: 'email' },
      { name: 'address', label: t('casefile-contact-address'), type: 'textarea', rows: 2, wide: true },
      { name: 'notes', label: t('casefile-contact-notes'), type: 'textarea', rows: 3, wide: true },
    ],
    row: (c) => ({
      title: c.name,
      badges: [badge(roleText(c.role))],
      meta: [c.phone, c.email, c.address],
      body: c.notes,
    }),
  }));
}

/** The totals by category, a grand total, as a small table. */
function financeTotals(page) {
  const el = h('section', { class: 'totals-box', 'aria-labelledby': 'finance-totals-title', id: 'finance-totals' });
  const refresh = async () => {
    let totals;
    try {
      totals = await api.financeTotals(page.ws.caseId);
    } catch (err) {
      clear(el).append(h('p', { class: 'list-status error' }, t('casefile-totals-unreadable', { reason: commandError(err).message })));
      return;
    }
    const rows = Array.isArray(totals) ? totals : [];
    clear(el).append(h('h4', { id: 'finance-totals-title', class: 'totals-title' }, t('casefile-totals-title')));
    if (!rows.length) {
      el.append(h('p', { class: 'muted' }, t('casefile-totals-none')));
      return;
    }
    const grand = rows.reduce((sum, r) => sum + (Number(r.total) || 0), 0);
    const count = rows.reduce((sum, r) => sum + (Number(r.count) || 0), 0);
    el.append(
      h(
        'table',
        { class: 'totals-table' },
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('casefile-totals-category')), h('th', { scope: 'col', class: 'num' }, t('casefile-totals-entries')), h('th', { scope: 'col', class: 'num' }, t('casefile-totals-total')))),
        h(
          'tbody',
          {},
          rows.map((r) =>
            h('tr', { dataset: { category: r.category } }, h('th', { scope: 'row' }, r.category), h('td', { class: 'num' }, formatNumber(r.count)), h('td', { class: ['num', Number(r.total) < 0 && 'received'] }, formatMoney(r.total))),
          ),
        ),
        h('tfoot', {}, h('tr', {}, h('th', { scope: 'row' }, t('casefile-totals-all')), h('td', { class: 'num' }, formatNumber(count)), h('td', { class: 'num grand-total', id: 'finance-grand-total' }, formatMoney(grand)))),
      ),
      h('p', { class: 'hint' }, t('casefile-totals-hint')),
    );
  };
  // Another language: the totals are read and said again.
  return { el, refresh, relabel: refresh };
}

export function financesPage(ws, root) {
  return new RecordPage(ws, root, () => ({
    resource: 'finances',
    page: 'finances',
    title: t('casefile-finances-title'),
    lead: t('casefile-finances-lead'),
    noun: 'entry',
    empty: t('casefile-finances-empty'),
    name: (f) => t('casefile-finance-name', { what: f.description || f.category, date: mediumDate(f.date) }),
    newValues: () => ({ date: today(), category: 'other' }),
    fields: [
      { name: 'date', label: t('casefile-finance-date'), type: 'date', required: true },
      { name: 'amount', label: t('casefile-finance-amount'), type: 'money', required: true, hint: t('casefile-finance-amount-hint') },
      { name: 'category', label: t('casefile-totals-category'), list: FINANCE_CATEGORIES, placeholder: t('casefile-finance-category-placeholder') },
      { name: 'description', label: t('casefile-finance-description'), type: 'textarea', rows: 2, wide: true },
    ],
    row: (f) => {
      const flow = moneyFlow(f.amount);
      return {
        title: f.description || f.category || t('casefile-finance-untitled'),
        badges: [badge(f.category || t('casefile-finance-category-none'))],
        meta: [mediumDate(f.date)],
        extra: h('p', { class: ['money', `money-${flow.direction}`] }, flow.text),
        dataset: { direction: flow.direction },
      };
    },
    aside: financeTotals,
  }));
}

export function timelinePage(ws, root) {
  return new RecordPage(ws, root, () => ({
    resource: 'timeline',
    page: 'timeline',
    title: t('casefile-timeline-title'),
    lead: t('casefile-timeline-lead'),
    noun: 'event',
    empty: t('casefile-timeline-empty'),
    name: (e) => e.title,
    newValues: () => ({ date: today() }),
    fields: [
      { name: 'date', label: t('casefile-finance-date'), type: 'date', required: true },
      { name: 'title', label: t('casefile-event-title'), required: true, wide: true },
      { name: 'party', label: t('casefile-event-party'), placeholder: t('casefile-event-party-placeholder') },
      { name: 'isCritical', label: t('casefile-event-critical'), type: 'checkbox' },
      { name: 'details', label: t('casefile-event-details'), type: 'textarea', rows: 4, wide: true },
    ],
    filters: [
      { name: 'query', label: t('casefile-filter-words'), placeholder: t('casefile-filter-words-placeholder'), wide: true },
      { name: 'party', label: t('casefile-event-party') },
      { name: 'from', label: t('casefile-filter-from'), type: 'date' },
      { name: 'to', label: t('casefile-filter-to'), type: 'date' },
      { name: 'critical', label: t('casefile-filter-critical'), type: 'checkbox' },
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
    row: (e) => ({
      title: e.title,
      badges: e.isCritical ? [badge(t('casefile-event-critical-badge'), 'warn')] : [],
      meta: [h('time', { datetime: e.date }, mediumDate(e.date)), e.party, e.sourceDocumentId ? t('casefile-event-from-document', { id: String(e.sourceDocumentId) }) : null],
      body: e.details,
      tone: e.isCritical ? 'critical' : '',
    }),
  }));
}
