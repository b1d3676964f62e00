// What each tool is called for people, how a call in progress is described, and one normaliser
// that turns any tool result into cards `{title, citation, court, date, snippet, url, textKind,
// sourceId, extras}`. Known shapes (the law graph, the research services, the person's own case
// data) get specific handling; anything else is read by common field names, and as a last resort
// shown as a compact JSON preview.

import { citationLabel } from './cite.js';
import { formatNumber, truncate } from './dom.js';

/** Group headers: friendly name of each tool, and the source it draws on. */
export const TOOL_NAMES = {
  search_nodes: 'Virginia law',
  get_node: 'Sections read',
  get_neighbors: 'Related sections',
  find_similar: 'Similar sections',
  get_stats: 'Law graph overview',
  search_opinions: 'Court opinions',
  search_dockets: 'Court dockets',
  lookup_citation: 'Citation check',
  search_statutes: 'Virginia bills',
  search_govinfo: 'Federal publications',
  search_academic: 'Scholarly articles',
  search_lawyers: 'Lawyers',
  GetCases: 'Your cases',
  GetDeadlines: 'Your deadlines',
  GetContacts: 'Your contacts',
  GetFinances: 'Your expenses',
  GetDocuments: 'Your documents',
  GetDocumentText: 'Document text',
  SearchTimeline: 'Your timeline',
  SearchKnowledge: 'Passages from your documents',
};

/** Where a tool's results come from, shown under the group name. */
export const TOOL_SOURCES = {
  search_nodes: 'Code and Constitution of Virginia (law graph)',
  get_node: 'Law graph',
  get_neighbors: 'Law graph',
  find_similar: 'Law graph',
  get_stats: 'Law graph',
  search_opinions: 'CourtListener',
  search_dockets: 'CourtListener (federal dockets)',
  lookup_citation: 'CourtListener',
  search_statutes: 'LegiScan',
  search_govinfo: 'GovInfo',
  search_academic: 'OpenAlex',
  search_lawyers: 'Web search (SerpAPI)',
  GetCases: 'Your case file',
  GetDeadlines: 'Your case file',
  GetContacts: 'Your case file',
  GetFinances: 'Your case file',
  GetDocuments: 'Your case file',
  GetDocumentText: 'Your case file',
  SearchTimeline: 'Your case file',
  SearchKnowledge: 'Your uploaded documents',
};

export function toolName(tool) {
  return TOOL_NAMES[tool] || humanize(tool);
}

function humanize(name) {
  return String(name || 'Tool')
    .replace(/_/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/^./, (c) => c.toUpperCase());
}

function quoted(value, max = 60) {
  return `“${truncate(value, max)}”`;
}

/** `§ 2.2-3704` for a section number; null for a bare node id (which means nothing to a person). */
function nodeRef(id) {
  if (id === undefined || id === null || id === '') return null;
  if (typeof id === 'number' || /^\d+$/.test(String(id))) return null;
  return citationLabel(String(id).replace(/^§\s*/, ''));
}

/** "Searching the law graph: “deposit”" — what a running call is doing, in plain words. */
export function trailLabel(tool, args) {
  const a = args && typeof args === 'object' ? args : {};
  const q = a.query ?? a.search ?? a.text;
  switch (tool) {
    case 'search_nodes':
      return `Searching the law graph: ${quoted(a.search ?? '')}`;
    case 'get_node':
      return nodeRef(a.id) ? `Reading ${nodeRef(a.id)}` : 'Reading a section in full';
    case 'get_neighbors':
      return nodeRef(a.id) ? `Finding sections related to ${nodeRef(a.id)}` : 'Finding related sections';
    case 'find_similar':
      return nodeRef(a.id) ? `Finding sections similar to ${nodeRef(a.id)}` : 'Finding similar sections';
    case 'get_stats':
      return 'Checking what the law graph holds';
    case 'search_opinions':
      return `Searching court opinions: ${quoted(q ?? '')}`;
    case 'search_dockets':
      return `Searching court dockets: ${quoted(q ?? '')}`;
    case 'lookup_citation':
      return `Checking case citations: ${quoted(q ?? '', 40)}`;
    case 'search_statutes':
      return `Searching Virginia bills: ${quoted(q ?? '')}`;
    case 'search_govinfo':
      return `Searching federal publications: ${quoted(q ?? '')}`;
    case 'search_academic':
      return `Searching scholarly articles: ${quoted(q ?? '')}`;
    case 'search_lawyers':
      return `Looking for lawyers: ${quoted(q ?? '')}${a.location ? ` near ${a.location}` : ''}`;
    case 'GetCases':
      return 'Reading your cases';
    case 'GetDeadlines':
      return 'Reading your deadlines';
    case 'GetContacts':
      return 'Reading your contacts';
    case 'GetFinances':
      return 'Reading your expenses';
    case 'GetDocuments':
      return 'Listing your documents';
    case 'GetDocumentText':
      return `Reading document ${a.id ?? ''}`.trim();
    case 'SearchTimeline':
      return q ? `Searching your timeline: ${quoted(q)}` : 'Reading your timeline';
    case 'SearchKnowledge':
      return `Searching your documents: ${quoted(q ?? '')}`;
    default:
      return q ? `Using ${toolName(tool)}: ${quoted(q)}` : `Using ${toolName(tool)}`;
  }
}

// ---------------------------------------------------------------------------------------------
// The normaliser

const TITLE_KEYS = ['title', 'heading', 'caseName', 'case_name', 'name', 'display_name', 'documentTitle', 'document_title', 'label'];
const CITATION_KEYS = ['citation', 'caseNumber', 'case_number', 'docket_number', 'docketNumber', 'bill_number', 'doi'];
const COURT_KEYS = ['court', 'venue', 'collection', 'role', 'party', 'kind', 'type', 'category', 'service'];
const DATE_KEYS = ['date', 'dateFiled', 'date_filed', 'publication_date', 'last_action_date', 'year', 'updatedAt'];
const SNIPPET_KEYS = ['snippet', 'sourceText', 'text', 'passage', 'summary', 'details', 'description', 'abstract', 'notes', 'last_action', 'dateNote'];
const URL_KEYS = ['url', 'link', 'absolute_url', 'website', 'landing_page_url', 'text_url'];
const LIST_KEYS = ['results', 'nodes', 'items', 'cases', 'deadlines', 'contacts', 'documents', 'entries', 'events', 'passages', 'edges', 'neighbors', 'similar', 'hits', 'data'];

/** Extra facts worth a chip, by field name → label. */
const EXTRA_KEYS = {
  status: 'Status',
  authors: 'By',
  author: 'By',
  phone: 'Phone',
  email: 'Email',
  address: 'Address',
  rating: 'Rating',
  reviews: 'Reviews',
  cited_by: 'Cited by',
  cited_as: 'Cited as',
  date_terminated: 'Closed',
  relevance: 'Relevance',
  pageCount: 'Pages',
  fileName: 'File',
  score: 'Match',
  similarity: 'Similarity',
};

function first(obj, keys) {
  for (const k of keys) {
    const v = obj[k];
    if (v === undefined || v === null) continue;
    if (typeof v === 'string' && v.trim()) return v.trim();
    if (typeof v === 'number') return String(v);
    if (Array.isArray(v) && v.length && v.every((x) => typeof x === 'string' || typeof x === 'number')) return v.join('; ');
  }
  return '';
}

function isPlainObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

function webUrl(v) {
  if (typeof v !== 'string') return '';
  try {
    const u = new URL(v.trim());
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : '';
  } catch {
    return '';
  }
}

function day(v) {
  const s = String(v ?? '');
  return /^\d{4}-\d{2}-\d{2}T/.test(s) ? s.slice(0, 10) : s;
}

function isNode(v) {
  return isPlainObject(v) && ('sourceId' in v || 'nodeType' in v) && ('heading' in v || 'sourceText' in v || 'id' in v);
}

/** A law-graph node as a card; the card opens the section viewer. */
function nodeCard(node, extra = {}) {
  const sourceId = node.sourceId ? String(node.sourceId) : '';
  const openable = Boolean(sourceId) && /^(const-|\d)/.test(sourceId) && /section|constitution/.test(node.nodeType || 'section');
  return {
    title: node.heading || (sourceId ? citationLabel(sourceId, node.nodeType) : 'Law graph item'),
    citation: sourceId ? citationLabel(sourceId, node.nodeType) : '',
    court: node.nodeType && node.nodeType !== 'section' ? humanize(node.nodeType) : '',
    date: '',
    snippet: node.sourceText ? truncate(node.sourceText, 320) : '',
    url: webUrl(node.url),
    textKind: node.textKind || '',
    sourceId: openable ? sourceId : '',
    extras: extra.extras || [],
  };
}

function money(n) {
  const v = Number(n);
  return Number.isFinite(v) ? v.toLocaleString('en-US', { style: 'currency', currency: 'USD' }) : String(n);
}

function extrasOf(item, used) {
  const extras = [];
  for (const [key, label] of Object.entries(EXTRA_KEYS)) {
    if (used.has(key)) continue;
    let v = item[key];
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length)) continue;
    if (Array.isArray(v)) v = v.map((x) => (isPlainObject(x) ? x.name || x.display_name || '' : x)).filter(Boolean).join(', ');
    if (isPlainObject(v)) continue;
    if (key === 'score' || key === 'similarity') {
      const n = Number(v);
      if (!Number.isFinite(n)) continue;
      v = n <= 1 ? `${Math.round(n * 100)}%` : n.toFixed(2);
    }
    if (key === 'status') v = String(v).replace(/_/g, ' ');
    extras.push({ label, value: truncate(String(v), 80) });
  }
  return extras;
}

/** One item read by common field names. */
function genericCard(item) {
  if (!isPlainObject(item)) {
    return { title: '', citation: '', court: '', date: '', snippet: truncate(String(item), 300), url: '', textKind: '', sourceId: '', extras: [] };
  }
  if (isNode(item)) return nodeCard(item);
  if (isNode(item.node)) {
    const card = nodeCard(item.node);
    if (typeof item.score === 'number') card.extras.push({ label: 'Similarity', value: `${Math.round(item.score * 100)}%` });
    return card;
  }
  const used = new Set();
  const pick = (keys) => {
    for (const k of keys) {
      const v = first(item, [k]);
      if (v) {
        used.add(k);
        return v;
      }
    }
    return '';
  };
  let title = pick(TITLE_KEYS);
  const citation = pick(CITATION_KEYS);
  const court = pick(COURT_KEYS);
  const date = day(pick(DATE_KEYS));
  const snippet = pick(SNIPPET_KEYS);
  let url = '';
  for (const k of URL_KEYS) {
    const u = webUrl(item[k]) || (isPlainObject(item[k]) ? webUrl(item[k].website || item[k].url) : '');
    if (u) {
      url = u;
      break;
    }
  }
  const extras = extrasOf(item, used);
  if (!title && !citation && !snippet && !url) {
    return { title: '', citation: '', court: '', date: '', snippet: '', url: '', textKind: '', sourceId: '', extras: [], json: compactJson(item) };
  }
  if (!title && citation) title = citation;
  return {
    title,
    citation: citation === title ? '' : citation,
    court,
    date,
    snippet: snippet ? truncate(snippet, 320) : '',
    url,
    textKind: item.textKind || '',
    sourceId: '',
    extras,
  };
}

/** A short JSON preview, for results of a shape we do not know. */
export function compactJson(value, max = 600) {
  let s;
  try {
    s = JSON.stringify(value, null, 1);
  } catch {
    s = String(value);
  }
  s = String(s ?? '').replace(/\n\s*/g, ' ');
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

function listIn(result) {
  if (Array.isArray(result)) return result;
  if (!isPlainObject(result)) return null;
  for (const k of LIST_KEYS) {
    if (Array.isArray(result[k])) return result[k];
  }
  return null;
}

function deadlineCard(d) {
  const card = genericCard(d);
  card.court = d.kind ? humanize(d.kind) : '';
  const days = Number(d.daysUntil);
  let when = '';
  if (d.done || d.status === 'done') when = 'Done';
  else if (d.overdue || d.status === 'overdue') when = Number.isFinite(days) ? `Overdue by ${Math.abs(days)} day${Math.abs(days) === 1 ? '' : 's'}` : 'Overdue';
  else if (Number.isFinite(days)) when = days === 0 ? 'Today' : days === 1 ? 'Tomorrow' : `In ${days} days`;
  card.extras = when ? [{ label: 'When', value: when, tone: d.overdue ? 'warn' : '' }] : [];
  if (d.sourceRule) card.citation = String(d.sourceRule);
  card.snippet = truncate([d.dateNote, d.notes].filter(Boolean).join(' — '), 320);
  return card;
}

function caseCard(c) {
  const card = genericCard(c);
  card.court = c.court || '';
  card.citation = c.caseNumber || '';
  const parties = Array.isArray(c.parties) ? c.parties.map((p) => (p.role ? `${p.name} (${p.role})` : p.name)).filter(Boolean) : [];
  card.extras = [c.type && { label: 'Type', value: c.type }, c.status && { label: 'Status', value: c.status }, parties.length && { label: 'Parties', value: parties.join(', ') }].filter(Boolean);
  return card;
}

function edgeCards(result) {
  const edges = Array.isArray(result) ? result : result.edges || result.neighbors || [];
  const self = result && !Array.isArray(result) ? result.id : null;
  return edges.map((e) => {
    const outgoing = self !== null && e.fromNode && e.fromNode.id === self;
    const other = outgoing ? e.toNode : e.fromNode && e.fromNode.id !== self ? e.fromNode : e.toNode;
    if (!isPlainObject(other)) return genericCard(e);
    const rel = e.relType === 'cites' ? (outgoing ? 'Cited by this section' : 'Cites this section') : e.relType === 'contains' ? (outgoing ? 'Part of it' : 'Contains it') : humanize(e.relType || 'related');
    const card = nodeCard(other);
    card.court = rel;
    return card;
  });
}

function statsCards(s) {
  const parts = [];
  if (s.nodeCount !== undefined) parts.push(`${formatNumber(s.nodeCount)} items`);
  if (s.edgeCount !== undefined) parts.push(`${formatNumber(s.edgeCount)} links`);
  if (s.corpus) parts.push(`corpus: ${s.corpus}`);
  if (s.semanticSearch !== undefined) parts.push(`search by meaning ${s.semanticSearch ? 'on' : 'off'}`);
  const types = Array.isArray(s.nodeTypes) ? s.nodeTypes.map((t) => ({ label: humanize(t.type), value: formatNumber(t.count) })) : [];
  return [{ title: 'Virginia law graph', citation: '', court: '', date: '', snippet: parts.join(' · '), url: '', textKind: '', sourceId: '', extras: types.slice(0, 8) }];
}

function financeCards(f) {
  const cards = [];
  const cats = Array.isArray(f.totalsByCategory) ? f.totalsByCategory : [];
  cards.push({
    title: `Total spent: ${money(f.total ?? 0)}`,
    citation: '',
    court: '',
    date: '',
    snippet: f.count !== undefined ? `${formatNumber(f.count)} entries${f.entriesShown !== undefined && f.entriesShown < f.count ? `, newest ${f.entriesShown} shown` : ''}` : '',
    url: '',
    textKind: '',
    sourceId: '',
    extras: cats.map((c) => ({ label: humanize(c.category), value: money(c.total) })),
  });
  for (const e of Array.isArray(f.entries) ? f.entries : []) {
    cards.push({
      title: e.description || humanize(e.category || 'Entry'),
      citation: '',
      court: e.category ? humanize(e.category) : '',
      date: e.date || '',
      snippet: '',
      url: '',
      textKind: '',
      sourceId: '',
      extras: [{ label: 'Amount', value: money(e.amount) }],
    });
  }
  return cards;
}

function timelineCard(e) {
  const card = genericCard(e);
  card.court = e.party || '';
  card.snippet = e.details ? truncate(e.details, 320) : '';
  card.extras = e.isCritical ? [{ label: 'Marked', value: 'critical', tone: 'warn' }] : [];
  return card;
}

function passageCard(p) {
  return {
    title: p.documentTitle || p.title || 'Your document',
    citation: '',
    court: '',
    date: '',
    snippet: truncate(p.text || p.passage || '', 320),
    url: '',
    textKind: '',
    sourceId: '',
    extras: typeof p.score === 'number' ? [{ label: 'Match', value: p.score <= 1 ? `${Math.round(p.score * 100)}%` : p.score.toFixed(2) }] : [],
  };
}

/**
 * Normalises one tool result.
 * Returns `{ ok, error, cards, total, note }`: `error` is set for a failed tool (ok=false or an
 * `{error}` result); `total` is how many the service found in all, when it says.
 */
export function normaliseResult(tool, result, ok = true) {
  const out = { ok: true, error: '', cards: [], total: null, note: '' };
  if (!ok || (isPlainObject(result) && typeof result.error === 'string' && Object.keys(result).length <= 2)) {
    out.ok = false;
    out.error = isPlainObject(result) ? String(result.error || result.message || 'This source failed.') : typeof result === 'string' ? result : 'This source failed.';
    return out;
  }
  if (isPlainObject(result)) {
    if (typeof result.note === 'string') out.note = result.note;
    const total = result.total ?? result.count;
    if (typeof total === 'number') out.total = total;
  }
  try {
    out.cards = cardsFor(tool, result);
  } catch (err) {
    console.warn('could not read a tool result', tool, err);
    out.cards = [{ title: '', citation: '', court: '', date: '', snippet: '', url: '', textKind: '', sourceId: '', extras: [], json: compactJson(result) }];
  }
  return out;
}

function cardsFor(tool, result) {
  if (result === null || result === undefined) return [];
  switch (tool) {
    case 'get_node':
      return isNode(result) ? [nodeCard(result)] : [genericCard(result)];
    case 'get_neighbors':
      return edgeCards(result);
    case 'get_stats':
      return isPlainObject(result) ? statsCards(result) : [genericCard(result)];
    case 'GetCases':
      return (listIn(result) || []).map(caseCard);
    case 'GetDeadlines':
      return (listIn(result) || []).map(deadlineCard);
    case 'GetFinances':
      return isPlainObject(result) ? financeCards(result) : (listIn(result) || []).map(genericCard);
    case 'SearchTimeline':
      return (listIn(result) || []).map(timelineCard);
    case 'SearchKnowledge':
      return (listIn(result) || []).map(passageCard);
    case 'GetDocumentText':
      if (isPlainObject(result) && typeof result.text === 'string') {
        const card = genericCard({ title: result.title || `Document ${result.id ?? ''}`, snippet: result.text });
        if (result.total) card.extras.push({ label: 'Length', value: `${formatNumber(result.total)} characters` });
        return [card];
      }
      break;
    default:
      break;
  }
  const list = listIn(result);
  if (list) return list.map(genericCard);
  if (isPlainObject(result)) {
    const card = genericCard(result);
    return [card];
  }
  return [genericCard(result)];
}

/** "12" or "10 of 2,343 found". */
export function countText(shown, total) {
  if (typeof total === 'number' && total > shown) return `${formatNumber(shown)} shown of ${formatNumber(total)} found`;
  return '';
}
