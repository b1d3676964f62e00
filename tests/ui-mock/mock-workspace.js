// DEVELOPMENT ONLY. The case workspace's commands (docs/workspace.md) over an in-memory store
// seeded by mock-seed.js: records with ids and timestamps, lists with filters, limit, offset and
// total, validation errors in the app's shape (`{code: 'invalid_input', message, field, fields}`),
// documents whose stage advances (one scanned PDF through OCR pages 1–3, one image failing with
// `ocr_unavailable`), deadlines computed with Virginia's holidays, saved conversations (mock-tauri's
// chat and research save into them), backups; a case's step-by-step path worked out from the
// server's own sidecars/server/paths/paths.json and rules/deadlines.json (fetched from the served
// repository) as sidecars/server/src/paths.rs does, with its deadlines kept in line; the calendar
// file; reminders as sidecars/server/src/reminders.rs words them (`?closed=DAYS`: the app was
// last open that many days ago, so `reminders_missed` has what came due since; the `reminders`
// scenarios use 3) and the `reminders` event (`emitReminders`). Its scenarios are in mock-scenarios.js; the
// scenarios `workspace-empty`, `case-error` (no cases), `big` (1,000 deadlines, 5,000 timeline
// events, 500 documents) and the Papers to file ones (`papers…`, `form-fill`: case 5) change what
// the store starts with (mock-seed.js).
(function () {
  'use strict';

  const params = new URLSearchParams(window.location.search);
  const scenario = params.get('scenario') || '';
  const speed = Math.max(0.1, Number(params.get('speed')) || 1);
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms / speed));
  const clone = (v) => (v === undefined ? undefined : JSON.parse(JSON.stringify(v)));
  const { RULES, build } = window.__mockSeed;
  const MB = 1024 * 1024;
  const LIMIT = 25 * MB;

  const RESOURCES = ['cases', 'deadlines', 'contacts', 'finances', 'timeline', 'notes', 'conversations', 'documents'];
  const now = () => new Date().toISOString();

  // ------------------------------------------------------------------------------------------
  // The store

  const db = build(scenario, window.__mockCanned);
  const nextId = {};
  for (const r of RESOURCES) {
    db[r].forEach((rec, i) => {
      rec.id = i + 1;
      rec.createdAt = rec.createdAt || now();
      rec.updatedAt = rec.updatedAt || rec.createdAt;
    });
    nextId[r] = db[r].length + 1;
  }
  for (const c of db.conversations) {
    c.messages.forEach((m, i) => (m.id = i + 1));
    c.messageCount = c.messages.length;
    c.updatedAt = c.messages.length ? c.messages[c.messages.length - 1].createdAt : c.createdAt;
  }
  for (const d of db.deadlines) Object.assign(d, { ruleId: d.ruleId ?? null, triggerDate: d.triggerDate ?? null, sourceRule: d.sourceRule ?? null, dateNote: d.dateNote ?? null, notes: d.notes ?? null, time: d.time ?? null, location: d.location ?? null, reminders: d.reminders ?? null });
  for (const c of db.cases) Object.assign(c, { kind: c.kind ?? null, reminders: c.reminders ?? null, pathDates: c.pathDates ?? {}, amount: c.amount ?? null });
  /** Which deadline a case's path made for a date or a step (`<caseId>/date:returnDate` → id), as the server's `path_key`. */
  const pathLinks = new Map();
  for (const d of db.deadlines) {
    if (d.pathKey) pathLinks.set(`${d.caseId}/${d.pathKey}`, d.id);
    delete d.pathKey;
  }
  for (const d of db.documents) {
    prepareDocument(d);
    if (d.stage === 'stored') advance(d);
  }

  /** The fields each resource takes (as the server's `FIELDS`), and what it ignores. */
  const FIELDS = {
    cases: ['name', 'caseNumber', 'court', 'type', 'status', 'parties', 'notes', 'kind', 'reminders', 'pathDates', 'amount'],
    deadlines: ['caseId', 'title', 'date', 'kind', 'done', 'ruleId', 'triggerDate', 'notes', 'time', 'location', 'reminders'],
    contacts: ['caseId', 'name', 'role', 'phone', 'email', 'address', 'notes'],
    finances: ['caseId', 'date', 'amount', 'category', 'description'],
    timeline: ['caseId', 'date', 'party', 'title', 'details', 'isCritical', 'sourceDocumentId'],
    notes: ['caseId', 'title', 'body', 'sources', 'conversationId'],
    conversations: ['title'],
    documents: ['title', 'kind', 'caseId'],
  };
  const IGNORED = ['id', 'createdAt', 'updatedAt', 'sourceRule', 'dateNote', 'messageCount', 'messages'];
  const CONTACT_ROLES = ['opposing_party', 'attorney', 'clerk', 'judge', 'witness', 'other'];
  const PATH_KINDS = ['eviction-tenant', 'debt-defendant', 'debt-plaintiff', 'custody-visitation', 'protective-order-petitioner', 'protective-order-respondent', 'traffic-misdemeanor', 'appeal-district'];
  const OFFSETS = ['30d', '14d', '7d', '3d', '2d', '1d', 'morning', '2h', '1h'];
  const DEFAULT_OFFSETS = ['7d', '2d', 'morning'];

  // The server's paths and deadline rules, read from the served repository (serve.py serves its root).
  let book = null;
  let realRules = null;
  const loaded = Promise.all([
    fetch('/sidecars/server/paths/paths.json').then((r) => r.json()),
    fetch('/sidecars/server/rules/deadlines.json').then((r) => r.json()),
  ])
    .then(([paths, rules]) => {
      book = paths;
      realRules = rules.rules;
    })
    .catch((err) => console.error('[mock] could not read the paths and rules', err));
  /** The deadline rules: the server's own once read, else the seed's copy. */
  const ruleList = () => realRules || RULES.rules;

  /** Reminder offsets as the server reads them: known ones, each once, in its order; null when not chosen. */
  function offsets(rec, name, e) {
    const raw = rec[name];
    if (raw === null || raw === undefined) return null;
    if (!Array.isArray(raw)) {
      e[name] = `must be a list of reminder offsets, e.g. ["7d", "2d", "morning"]; the offsets are: ${OFFSETS.join(', ')}`;
      return null;
    }
    const bad = raw.find((o) => !OFFSETS.includes(o));
    if (bad !== undefined) e[name] = `${JSON.stringify(bad)} is not a reminder offset; the offsets are: ${OFFSETS.join(', ')}`;
    return OFFSETS.filter((o) => raw.includes(o));
  }

  function invalid(fields) {
    const names = Object.keys(fields).sort();
    const message = names.length === 1 ? `invalid field \`${names[0]}\`: ${fields[names[0]]}` : `${names.length} fields are invalid: ${names.join(', ')}`;
    return { code: 'invalid_input', message, field: names[0], fields };
  }
  const notFound = (resource, id) => ({ code: 'not_found', message: `no ${resource.replace(/s$/, '')} with id ${id}` });
  const isDate = (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(`${v}T00:00:00Z`));
  const blank = (v) => v === null || v === undefined || (typeof v === 'string' && !v.trim());

  /** Checks a whole record (after merging an update) as the server does; returns it cleaned. */
  function validate(resource, rec) {
    const e = {};
    const text = (name, max = 300) => {
      if (blank(rec[name])) return null;
      if (typeof rec[name] !== 'string') {
        e[name] = `must be text, not ${Array.isArray(rec[name]) ? 'a list' : typeof rec[name]}`;
        return null;
      }
      if (rec[name].trim().length > max) e[name] = `must be at most ${max} characters`;
      return rec[name].trim();
    };
    const required = (name, max) => {
      const v = text(name, max);
      if (v === null && !e[name]) e[name] = 'is required';
      return v;
    };
    const date = (name, req) => {
      if (blank(rec[name])) {
        if (req) e[name] = 'is required';
        return null;
      }
      if (!isDate(rec[name])) e[name] = 'must be a date as YYYY-MM-DD';
      return rec[name];
    };
    const out = { ...rec };
    if (resource === 'cases') {
      out.name = required('name', 300);
      out.caseNumber = text('caseNumber', 100);
      out.court = text('court', 300);
      out.type = text('type', 100);
      out.status = text('status', 50) || 'open';
      out.notes = text('notes', 100000);
      out.kind = blank(rec.kind) ? null : rec.kind;
      if (out.kind !== null && !PATH_KINDS.includes(out.kind)) e.kind = `must be one of: ${PATH_KINDS.join(', ')}`;
      out.reminders = offsets(rec, 'reminders', e);
      const dates = rec.pathDates === null || rec.pathDates === undefined ? {} : rec.pathDates;
      if (typeof dates !== 'object' || Array.isArray(dates)) e.pathDates = 'must be an object of dates, e.g. {"returnDate": "2026-03-10"}';
      else {
        out.pathDates = {};
        for (const [key, value] of Object.entries(dates)) {
          if (value === null) continue;
          if (!/^[A-Za-z]+$/.test(key)) e.pathDates = `${key}: a date's name is letters only`;
          else if (!isDate(value) || Number(value.slice(0, 4)) < 1800 || Number(value.slice(0, 4)) > 2200) e.pathDates = `${key} must be a date written YYYY-MM-DD between 1800 and 2200`;
          else out.pathDates[key] = value;
        }
      }
      if (blank(rec.amount)) out.amount = null;
      else {
        const n = typeof rec.amount === 'number' ? rec.amount : Number(String(rec.amount).trim().replace(/^\$/, '').replace(/,/g, ''));
        if (!Number.isFinite(n) || n < 0) e.amount = 'must be a number of dollars, not negative, e.g. 4500 or 4,500.00';
        else out.amount = Math.round(n * 100) / 100;
      }
      const parties = rec.parties === null || rec.parties === undefined ? [] : rec.parties;
      if (!Array.isArray(parties)) e.parties = 'must be a list of {"name", "role"} objects';
      else {
        parties.forEach((p, i) => {
          if (!p || typeof p.name !== 'string' || !p.name.trim()) e.parties = e.parties || `entry ${i + 1} must be an object with a non-empty "name" (and an optional "role")`;
        });
        out.parties = parties.filter((p) => p && p.name).map((p) => ({ name: p.name.trim(), ...(p.role ? { role: p.role } : {}) }));
      }
    } else if (resource === 'deadlines') {
      out.title = text('title', 300);
      out.kind = text('kind', 50);
      out.done = Boolean(rec.done);
      out.notes = text('notes', 100000);
      out.location = text('location', 1000);
      out.time = blank(rec.time) ? null : rec.time;
      if (out.time !== null && !/^([01]\d|2[0-3]):[0-5]\d$/.test(String(out.time))) e.time = 'must be a time of day written HH:MM on a 24-hour clock, e.g. 09:00 or 14:30';
      out.reminders = offsets(rec, 'reminders', e);
      const rule = rec.ruleId ? ruleList().find((r) => r.id === rec.ruleId) : null;
      if (rec.ruleId && !rule) e.ruleId = `no such rule; known rules: ${ruleList().map((r) => r.id).join(', ')}`;
      if (rule) {
        if (rec.__dateGiven) e.date = 'is computed from ruleId and triggerDate; to set it by hand, leave out ruleId';
        const trigger = date('triggerDate', false);
        if (!trigger && !e.triggerDate) e.triggerDate = `is required with ruleId: the date of ${rule.after}`;
        if (trigger && !e.triggerDate) {
          const c = compute(rule, trigger);
          out.date = c.date;
          out.dateNote = c.explanation;
        }
        out.sourceRule = rule.citation;
        out.title = out.title || rule.title;
        out.kind = out.kind || rule.kind;
      } else if (!rec.ruleId) {
        out.date = date('date', true);
        out.sourceRule = null;
        out.dateNote = null;
      }
      if (!out.title) e.title = 'is required (unless ruleId gives one)';
      out.kind = out.kind || 'other';
      delete out.__dateGiven;
    } else if (resource === 'contacts') {
      out.name = required('name', 300);
      out.role = text('role', 100) || 'other';
      if (!CONTACT_ROLES.includes(out.role)) e.role = `must be one of: ${CONTACT_ROLES.join(', ')}`;
      out.phone = text('phone', 50);
      out.email = text('email', 320);
      out.address = text('address', 1000);
      out.notes = text('notes', 100000);
      if (out.email && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(out.email)) e.email = 'must look like name@example.com';
      if (out.phone && (out.phone.match(/\d/g) || []).length < 7) e.phone = 'must have at least 7 digits';
    } else if (resource === 'finances') {
      out.date = date('date', true);
      if (blank(rec.amount)) e.amount = 'is required (a number of dollars, e.g. 86.50)';
      else {
        const n = typeof rec.amount === 'number' ? rec.amount : Number(String(rec.amount).trim().replace(/^\$/, '').replace(/,/g, ''));
        if (!Number.isFinite(n)) e.amount = 'must be a number of dollars, e.g. 86.50';
        else out.amount = Math.round(n * 100) / 100;
      }
      out.category = (text('category', 100) || 'other').toLowerCase();
      out.description = text('description', 10000);
    } else if (resource === 'timeline') {
      out.date = date('date', true);
      out.title = required('title', 500);
      out.party = text('party', 300);
      out.details = text('details', 100000);
      out.isCritical = Boolean(rec.isCritical);
    } else if (resource === 'notes') {
      out.title = required('title', 300);
      out.body = typeof rec.body === 'string' ? rec.body : '';
      out.sources = Array.isArray(rec.sources) ? rec.sources : [];
    } else if (resource === 'conversations') {
      out.title = required('title', 300);
    } else if (resource === 'documents') {
      out.title = required('title', 300);
    }
    delete out.__dateGiven;
    if ('caseId' in rec && rec.caseId !== null && rec.caseId !== undefined && !db.cases.some((c) => c.id === rec.caseId)) e.caseId = `no case with id ${rec.caseId}`;
    if (Object.keys(e).length) throw invalid(e);
    return out;
  }

  function checkKeys(resource, record) {
    if (!record || typeof record !== 'object' || Array.isArray(record)) throw { code: 'invalid_input', message: 'expected a JSON object of fields', field: 'record' };
    const e = {};
    for (const k of Object.keys(record)) if (!FIELDS[resource].includes(k) && !IGNORED.includes(k)) e[k] = `unknown field; known fields are: ${FIELDS[resource].join(', ')}`;
    if (Object.keys(e).length) throw invalid(e);
  }

  function table(resource) {
    if (!RESOURCES.includes(resource)) throw { code: 'invalid_input', message: `unknown resource \`${resource}\`; known: ${RESOURCES.join(', ')}`, field: 'resource', fields: { resource: 'unknown resource' } };
    return db[resource];
  }

  const listed = (resource, rec) => {
    if (resource === 'conversations') {
      const { messages, ...rest } = rec;
      return clone(rest);
    }
    if (resource === 'documents') return publicDocument(rec);
    return clone(rec);
  };

  function listRecords({ resource, caseId = null, limit = null, offset = 0, filter = null }) {
    let items = table(resource);
    if (caseId !== null && caseId !== undefined) items = items.filter((r) => (resource === 'cases' ? r.id === caseId : r.caseId === caseId));
    const f = filter || {};
    if (resource === 'deadlines') {
      if (f.from) items = items.filter((d) => d.date >= f.from);
      if (f.to) items = items.filter((d) => d.date <= f.to);
      if (typeof f.done === 'boolean') items = items.filter((d) => d.done === f.done);
    }
    if (resource === 'timeline') {
      if (f.query) {
        const words = String(f.query).toLowerCase().split(/\s+/).filter(Boolean);
        items = items.filter((t) => words.every((w) => `${t.title} ${t.details || ''} ${t.party || ''}`.toLowerCase().includes(w)));
      }
      if (f.party) items = items.filter((t) => String(t.party || '').toLowerCase().includes(String(f.party).toLowerCase()));
      if (f.critical) items = items.filter((t) => t.isCritical);
      if (f.from) items = items.filter((t) => t.date >= f.from);
      if (f.to) items = items.filter((t) => t.date <= f.to);
    }
    const order = {
      deadlines: (a, b) => a.date.localeCompare(b.date) || a.id - b.id,
      timeline: (a, b) => a.date.localeCompare(b.date) || a.id - b.id,
      finances: (a, b) => b.date.localeCompare(a.date) || b.id - a.id,
      notes: (a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id,
      conversations: (a, b) => b.updatedAt.localeCompare(a.updatedAt) || b.id - a.id,
      documents: (a, b) => b.id - a.id,
    }[resource];
    items = order ? [...items].sort(order) : [...items];
    const total = items.length;
    const from = Math.max(0, Number(offset) || 0);
    const page = limit === null || limit === undefined || limit < 0 ? items.slice(from) : items.slice(from, from + limit);
    return { items: page.map((r) => listed(resource, r)), total, limit: limit ?? null, offset: from };
  }

  function find(resource, id) {
    const rec = table(resource).find((r) => r.id === id);
    if (!rec) throw notFound(resource, id);
    return rec;
  }

  function createRecord({ resource, record }) {
    if (resource === 'documents') throw { code: 'invalid_input', message: 'documents are added with upload_document', field: 'resource' };
    if (resource === 'conversations') throw { code: 'invalid_input', message: 'conversations are made by chat and research', field: 'resource' };
    table(resource);
    checkKeys(resource, record);
    const clean = validate(resource, { ...record, __dateGiven: resource === 'deadlines' && !blank(record.date) });
    const stamp = now();
    const rec = { ...clean, id: nextId[resource]++, createdAt: stamp, updatedAt: stamp };
    if (resource === 'deadlines') Object.assign(rec, { caseId: rec.caseId ?? null, ruleId: rec.ruleId ?? null, triggerDate: rec.triggerDate ?? null, sourceRule: rec.sourceRule ?? null, dateNote: rec.dateNote ?? null, time: rec.time ?? null, location: rec.location ?? null, reminders: rec.reminders ?? null });
    if (resource === 'cases') Object.assign(rec, { kind: rec.kind ?? null, reminders: rec.reminders ?? null, pathDates: rec.pathDates ?? {}, amount: rec.amount ?? null });
    if (resource === 'notes') rec.conversationId = rec.conversationId ?? null;
    db[resource].push(rec);
    return clone(rec);
  }

  function updateRecord({ resource, id, changes }) {
    const rec = find(resource, id);
    checkKeys(resource, changes);
    const merged = { ...rec, ...changes };
    let dateGiven = false;
    if (resource === 'deadlines') {
      // A deadline from a rule is counted again unless the update clears the rule.
      dateGiven = 'date' in changes && !blank(changes.date) && !blank(merged.ruleId);
      if (blank(merged.ruleId)) Object.assign(merged, { ruleId: null, sourceRule: changes.ruleId === null ? null : merged.sourceRule });
    }
    const clean = resource === 'documents' ? { ...merged, title: blank(merged.title) ? rec.title : merged.title } : validate(resource, { ...merged, __dateGiven: dateGiven });
    Object.assign(rec, clean, { updatedAt: now() });
    return resource === 'documents' ? publicDocument(rec) : listed(resource, rec);
  }

  function deleteRecord({ resource, id }) {
    const rec = find(resource, id);
    if (resource === 'cases') {
      const held = ['deadlines', 'documents', 'contacts', 'finances', 'timeline', 'notes']
        .map((r) => [r, db[r].filter((x) => x.caseId === id).length])
        .filter(([, n]) => n);
      if (held.length) {
        const list = held.map(([r, n]) => `${n} ${n === 1 ? r.replace(/s$/, '') : r}`).join(', ');
        throw { code: 'conflict', message: `“${rec.name}” still has records (${list}); delete them or move them to another case first.` };
      }
    }
    db[resource].splice(db[resource].indexOf(rec), 1);
    return null;
  }

  function financeTotals({ caseId = null }) {
    const by = new Map();
    for (const f of db.finances) {
      if (caseId !== null && caseId !== undefined && f.caseId !== caseId) continue;
      const t = by.get(f.category) || { category: f.category, total: 0, count: 0 };
      t.total = Math.round((t.total + f.amount) * 100) / 100;
      t.count += 1;
      by.set(f.category, t);
    }
    return [...by.values()].sort((a, b) => a.category.localeCompare(b.category));
  }

  // ------------------------------------------------------------------------------------------
  // Deadlines from rules: Va. Code § 1-210, holidays of § 2.2-3300 (as sidecars/server/src/holidays.rs)

  const utc = (s) => new Date(`${s}T00:00:00Z`);
  const isoUtc = (d) => d.toISOString().slice(0, 10);
  const plus = (s, n) => {
    const d = utc(s);
    d.setUTCDate(d.getUTCDate() + n);
    return isoUtc(d);
  };
  const nth = (year, month, weekday, n) => {
    const d = new Date(Date.UTC(year, month - 1, 1));
    d.setUTCDate(1 + ((weekday - d.getUTCDay() + 7) % 7) + (n - 1) * 7);
    return isoUtc(d);
  };
  function holidays(year) {
    const days = [];
    for (const y of [year, year + 1]) {
      const lastMonday = (() => {
        const d = new Date(Date.UTC(y, 5, 0));
        d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
        return isoUtc(d);
      })();
      const thanksgiving = nth(y, 11, 4, 4);
      const list = [
        [`${y}-01-01`, "New Year's Day"],
        [nth(y, 1, 1, 3), 'Martin Luther King, Jr., Day'],
        [nth(y, 2, 1, 3), 'George Washington Day'],
        [lastMonday, 'Memorial Day'],
        [`${y}-06-19`, 'Juneteenth'],
        [`${y}-07-04`, 'Independence Day'],
        [nth(y, 9, 1, 1), 'Labor Day'],
        [nth(y, 10, 1, 2), 'Columbus Day and Yorktown Victory Day'],
        [plus(nth(y, 11, 1, 1), 1), 'Election Day'],
        [`${y}-11-11`, 'Veterans Day'],
        [thanksgiving, 'Thanksgiving Day'],
        [plus(thanksgiving, 1), 'the day after Thanksgiving'],
        [`${y}-12-25`, 'Christmas Day'],
      ];
      for (const [date, name] of list) {
        const wd = utc(date).getUTCDay();
        const kept = wd === 6 ? plus(date, -1) : wd === 0 ? plus(date, 1) : date;
        if (kept.startsWith(String(year))) days.push({ date: kept, name, observed: kept !== date });
      }
    }
    return days;
  }
  function closedBecause(date) {
    const wd = utc(date).getUTCDay();
    if (wd === 6) return 'a Saturday';
    if (wd === 0) return 'a Sunday';
    const h = holidays(Number(date.slice(0, 4))).find((x) => x.date === date);
    return h ? `a legal holiday (${h.name}${h.observed ? ' observed' : ''}, § 2.2-3300)` : null;
  }
  const longDay = (s) => utc(s).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const shortDay = (s) => utc(s).toLocaleDateString('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
  function compute(rule, triggerDate) {
    const counted = plus(triggerDate, rule.days);
    let date = counted;
    const skipped = [];
    for (let why = closedBecause(date); why; why = closedBecause(date)) {
      skipped.push({ date, reason: why });
      date = plus(date, 1);
    }
    let explanation = `${rule.days} days after ${triggerDate} (${rule.citation}) is ${longDay(counted)}`;
    if (!skipped.length) explanation += '.';
    else explanation += `; ${skipped.map((s) => `${shortDay(s.date)} is ${s.reason}`).join(', ')}, so under Va. Code § 1-210 the deadline moves to the next day the clerk's office is open: ${longDay(date)}.`;
    const due = (rule.due || []).filter((d) => (d.days ?? rule.days) === rule.days);
    if (due.length) {
      const whats = due.map((d) => d.what);
      const list = whats.length < 3 ? whats.join(' and ') : `${whats.slice(0, -1).join(', ')} and ${whats[whats.length - 1]}`;
      explanation += ` Due by then: ${list} (${[...new Set(due.map((d) => d.citation))].join(', ')}).`;
    }
    return { ruleId: rule.id, citation: rule.citation, triggerDate, countedDate: counted, date, skipped, explanation };
  }
  function computeDeadline({ ruleId, triggerDate }) {
    const rule = ruleList().find((r) => r.id === ruleId);
    const e = {};
    if (!rule) e.ruleId = `no such rule; known rules: ${ruleList().map((r) => r.id).join(', ')}`;
    if (blank(triggerDate)) e.triggerDate = 'is required';
    else if (!isDate(triggerDate)) e.triggerDate = 'must be a date as YYYY-MM-DD';
    else if (Number(triggerDate.slice(0, 4)) < 1800 || Number(triggerDate.slice(0, 4)) > 2200) e.triggerDate = 'must be a year from 1800 to 2200';
    if (Object.keys(e).length) throw invalid(e);
    return compute(rule, triggerDate);
  }

  // ------------------------------------------------------------------------------------------
  // Documents: stages that advance over time

  function publicDocument(d) {
    const { text, pages, script, timer, ...rest } = d;
    return clone({ ...rest, textChars: d.stage === 'meaning' || d.stage === 'words' ? (text || '').length : null, chunkCount: d.stage === 'meaning' || d.stage === 'words' ? Math.max(1, Math.ceil((text || '').length / 800)) : 0, embeddingStatus: d.stage === 'meaning' ? 'done' : d.stage === 'words' ? 'running' : 'pending' });
  }

  function prepareDocument(d) {
    Object.assign(d, { ocrPage: d.ocrPage ?? null, problem: d.problem ?? null, pages: d.pages ?? null, text: d.text ?? '', kind: d.kind ?? null, caseId: d.caseId ?? null });
  }

  /** Moves a document through its stages: text, OCR page by page, or OCR that is not there. */
  function advance(d) {
    const set = (patch) => Object.assign(d, patch, { updatedAt: now() });
    const steps =
      d.script === 'ocr'
        ? [[900, { stage: 'ocr', ocrPage: 1 }], [1100, { ocrPage: 2 }], [1100, { ocrPage: 3 }], [1000, { stage: 'words', ocrPage: null }], [1800, { stage: 'meaning' }]]
        : d.script === 'no-ocr'
          ? [[1200, { stage: 'ocr_unavailable', problem: 'OCR is not installed: sudo apt install tesseract-ocr tesseract-ocr-eng' }]]
          : d.script === 'broken'
            ? [[900, { stage: 'reading' }], [700, { stage: 'failed', problem: `${d.fileName} could not be read: the PDF is damaged (no cross-reference table). Open it and save it again, or scan the paper.` }]]
            : [[700, { stage: 'reading' }], [900, { stage: 'words' }], [1500, { stage: 'meaning' }]];
    let i = 0;
    const next = () => {
      if (i >= steps.length) return;
      const [ms, patch] = steps[i++];
      d.timer = setTimeout(() => {
        if (!db.documents.includes(d)) return;
        set(patch);
        next();
      }, ms / speed);
    };
    next();
  }

  const FORMATS = { txt: 'text/plain', md: 'text/markdown', pdf: 'application/pdf', docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', tif: 'image/tiff', tiff: 'image/tiff' };

  async function uploadDocument(bytes, options) {
    const headers = (options && options.headers) || {};
    if (!(bytes instanceof Uint8Array)) throw { code: 'invalid_input', message: 'the file must be the raw body of the request', field: 'file' };
    const name = decodeURIComponent(headers['X-File-Name'] || '');
    if (!name) throw { code: 'invalid_input', message: 'invalid field `file`: X-File-Name is required', field: 'file', fields: { file: 'X-File-Name is required' } };
    const caseId = headers['X-Case-Id'] ? Number(headers['X-Case-Id']) : null;
    await wait(scenario === 'upload-many' ? 2 : 250);
    if (bytes.length > LIMIT) throw { code: 'too_large', message: `${name} is ${(bytes.length / MB).toFixed(1)} MB; the limit is 25 MB` };
    const ext = (name.match(/\.([a-z0-9]+)$/i) || [])[1]?.toLowerCase();
    if (!FORMATS[ext]) throw invalid({ file: `${name}: only .txt, .md, .pdf, .docx and images (.png, .jpg, .tif) can be added` });
    if (caseId !== null && !db.cases.some((c) => c.id === caseId)) throw invalid({ caseId: `no case with id ${caseId}` });
    const text = ['txt', 'md'].includes(ext) ? new TextDecoder().decode(bytes) : `${name}\n\nThe text read from this ${ext.toUpperCase()} file.`;
    const stamp = now();
    const d = {
      id: nextId.documents++,
      caseId,
      title: name.replace(/\.[^.]+$/, ''),
      kind: null,
      fileName: name,
      format: ext === 'jpeg' ? 'jpg' : ext === 'tiff' ? 'tif' : ext,
      mediaType: FORMATS[ext],
      sizeBytes: bytes.length,
      pageCount: ext === 'pdf' || FORMATS[ext].startsWith('image/') ? 1 : null,
      stage: 'stored',
      text,
      pages: null,
      script: /broken/i.test(name) ? 'broken' : FORMATS[ext].startsWith('image/') || /scan/i.test(name) ? 'ocr' : 'text',
      createdAt: stamp,
      updatedAt: stamp,
    };
    if (d.script === 'ocr') d.pageCount = d.pageCount || 3;
    prepareDocument(d);
    db.documents.push(d);
    advance(d);
    return publicDocument(d);
  }

  function documentText({ id, offset = 0, limit = null }) {
    const d = find('documents', id);
    const from = Math.max(0, Number(offset) || 0);
    const text = ['words', 'meaning'].includes(d.stage) ? d.text : '';
    const cut = limit === null || limit === undefined ? text.slice(from) : text.slice(from, from + limit);
    const out = { documentId: d.id, offset: from, limit: limit ?? null, totalChars: text.length, text: cut };
    if (d.pages && text) out.pages = clone(d.pages);
    return out;
  }

  // ------------------------------------------------------------------------------------------
  // Saved conversations (mock-tauri's chat and research call these)

  function conversationStart(command, { conversationId, caseId, question }) {
    let c = conversationId ? db.conversations.find((x) => x.id === conversationId) : null;
    if (conversationId && !c) return null;
    const stamp = now();
    if (!c) {
      c = { id: nextId.conversations++, title: question.length > 80 ? `${question.slice(0, 79)}…` : question, kind: command, caseId: caseId ?? null, createdAt: stamp, updatedAt: stamp, messages: [], messageCount: 0 };
      db.conversations.push(c);
    }
    c.messages.push({ id: c.messages.length + 1, role: 'user', content: question, events: [], createdAt: stamp });
    c.messageCount = c.messages.length;
    c.updatedAt = stamp;
    return c.id;
  }

  function conversationAnswer(id, reply, events) {
    const c = db.conversations.find((x) => x.id === id);
    if (!c) return;
    const stamp = now();
    c.messages.push({ id: c.messages.length + 1, role: 'assistant', content: reply, events: clone(events), createdAt: stamp });
    c.messageCount = c.messages.length;
    c.updatedAt = stamp;
  }


  // ------------------------------------------------------------------------------------------
  // Step-by-step paths (as sidecars/server/src/paths.rs and store/path_deadlines.rs)

  const lowerFirst = (t) => (t ? t[0].toLowerCase() + t.slice(1) : t);
  const ticked = (caseId) => new Set(db.steps.filter((s) => s.caseId === caseId).map((s) => s.stepId));
  const pathOf = (kind) => (book ? book.kinds.find((p) => p.id === kind) : null);
  const COURT_NAME = { 'general-district': 'general district court', 'small-claims': 'small claims division of the general district court', 'juvenile-domestic': 'juvenile and domestic relations district court', circuit: 'circuit court' };

  function whichCourt({ kind, amount = null }) {
    const path = pathOf(kind);
    if (!path) throw { code: 'not_found', message: `no step-by-step path for "${String(kind).slice(0, 60)}"; the kinds are ${PATH_KINDS.join(', ')}` };
    const t = book.courts;
    const choice = (r) => ({ court: r.court, courtName: COURT_NAME[r.court], also: clone(r.also), why: r.why, sections: clone(r.sections) });
    if (t.moneyKinds.includes(kind)) {
      let cents = null;
      if (!blank(amount)) {
        const n = typeof amount === 'number' ? amount : Number(String(amount).replace(/[$,]/g, ''));
        if (!Number.isFinite(n) || n < 0) throw invalid({ amount: 'must be a number of dollars, not negative, e.g. 4500 or 4,500.00' });
        cents = Math.round(n * 100);
      }
      const band = cents === null ? null : t.money.find((b) => b.upToCents === null || cents <= b.upToCents);
      return choice(band || t.moneyUnknown);
    }
    return choice(t.byKind[kind]);
  }

  /** The case's plan; a conflict without a kind. */
  function planOf(c) {
    const path = pathOf(c.kind);
    if (!path) throw { code: 'conflict', message: `case ${c.id} has no kind yet: choose one (${PATH_KINDS.join(', ')}) to see its step-by-step path` };
    const done = ticked(c.id);
    const next = (path.steps.find((s) => !done.has(s.id)) || {}).id ?? null;
    const dated = (d) => {
      const out = { key: d.key, label: d.label, date: c.pathDates[d.key] ?? null };
      if (d.court) out.court = true;
      return out;
    };
    const steps = path.steps.map((step) => {
      const out = { id: step.id, title: step.title };
      if (step.on) out.on = dated(path.dates.find((d) => d.key === step.on));
      Object.assign(out, { what: step.what, court: step.court, file: step.file, bring: step.bring, sections: clone(step.sections), status: done.has(step.id) ? 'done' : step.id === next ? 'next' : 'upcoming' });
      if (step.deadline) {
        const rule = ruleList().find((r) => r.id === step.deadline.ruleId);
        const from = path.dates.find((d) => d.key === step.deadline.from);
        const fromLabel = from ? from.label : step.deadline.from;
        const d = { ruleId: rule.id, ruleTitle: rule.title, from: step.deadline.from, fromLabel, date: null };
        const trigger = c.pathDates[step.deadline.from];
        if (trigger) {
          d.computation = compute(rule, trigger);
          d.date = d.computation.date;
        } else d.needs = `Enter ${lowerFirst(fromLabel)} to see this deadline.`;
        out.deadline = d;
      }
      return out;
    });
    return { kind: path.id, title: path.title, summary: path.summary, court: whichCourt({ kind: c.kind, amount: c.amount }), dates: path.dates.map(dated), next, steps, caveats: clone(book.caveats) };
  }

  /** The path's dates in the case's deadlines: a court date as a hearing, a step's deadline from its rule. */
  function syncPath(c, plan) {
    const keep = (key, make, move) => {
      const link = `${c.id}/${key}`;
      const existing = db.deadlines.find((d) => d.id === pathLinks.get(link));
      if (existing) Object.assign(existing, move, { updatedAt: now() });
      else pathLinks.set(link, createRecord({ resource: 'deadlines', record: make }).id);
    };
    for (const d of plan.dates) {
      if (!d.court || !d.date) continue;
      const step = plan.steps.find((s) => s.on && s.on.key === d.key);
      keep(`date:${d.key}`, { caseId: c.id, title: step ? step.title : d.label, date: d.date, kind: 'hearing', location: c.court, notes: `From the step-by-step path: ${d.label}.` }, { date: d.date });
    }
    for (const s of plan.steps) {
      if (!s.deadline || !s.deadline.date) continue;
      const trigger = s.deadline.computation.triggerDate;
      keep(`step:${s.id}`, { caseId: c.id, ruleId: s.deadline.ruleId, triggerDate: trigger, notes: `From the step-by-step path: ${s.title}.` }, { triggerDate: trigger, date: s.deadline.date, dateNote: s.deadline.computation.explanation });
    }
  }

  function setCasePath({ caseId, ...body }) {
    const c = find('cases', caseId);
    const unknown = Object.keys(body).filter((k) => !['kind', 'dates', 'amount'].includes(k));
    if (unknown.length) throw invalid(Object.fromEntries(unknown.map((k) => [k, 'unknown field; known fields are: kind, dates, amount'])));
    const patch = {};
    if ('kind' in body) patch.kind = body.kind;
    if ('amount' in body) patch.amount = body.amount;
    if ('dates' in body) {
      if (!body.dates || typeof body.dates !== 'object' || Array.isArray(body.dates)) throw invalid({ dates: 'must be an object of dates, e.g. {"judgmentDate": "2026-03-20"}' });
      patch.pathDates = { ...c.pathDates, ...body.dates };
    }
    const clean = validate('cases', { ...c, ...patch });
    const plan = planOf({ ...c, ...clean });
    Object.assign(c, clean, { updatedAt: now() });
    syncPath(c, plan);
    return planOf(c);
  }

  function tickStep({ caseId, stepId, done }) {
    const c = find('cases', caseId);
    if (typeof stepId !== 'string' || !/^[a-z0-9._-]{1,100}$/.test(stepId)) throw invalid({ stepId: 'must be 1–100 of a-z, 0-9, ".", "-" and "_"' });
    db.steps = db.steps.filter((s) => !(s.caseId === caseId && s.stepId === stepId));
    if (done) db.steps.push({ caseId, stepId, doneAt: now() });
    return planOf(c);
  }

  function pathKinds() {
    return { about: book.about, caveats: clone(book.caveats), kinds: book.kinds.map((p) => ({ kind: p.id, title: p.title, summary: p.summary, dates: clone(p.dates), steps: p.steps.length })) };
  }

  // ------------------------------------------------------------------------------------------
  // The calendar file and reminders (as sidecars/server/src/calendar.rs and reminders.rs)

  function calendarExport({ caseId = null, deadlineId = null, neutral = false }) {
    if (caseId !== null && deadlineId !== null) throw invalid({ caseId: 'give caseId or deadlineId, not both' });
    let events;
    let fileName;
    if (deadlineId !== null) {
      find('deadlines', deadlineId);
      events = 1;
      fileName = `proseva-deadline-${deadlineId}.ics`;
    } else if (caseId !== null) {
      const c = find('cases', caseId);
      events = db.deadlines.filter((d) => d.caseId === caseId).length;
      fileName = `proseva-${c.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '')}.ics`;
    } else {
      events = db.deadlines.length;
      fileName = 'proseva-calendar.ics';
    }
    const answer = { path: `/home/pat/.local/share/proseva/exports/${fileName}`, fileName, events, neutral };
    window.__mockExports = (window.__mockExports || []).concat(answer);
    return answer;
  }

  const reminderSettings = { notifications: true, startAtLogin: false, startAtLoginAsked: false, discreet: 'protectiveOrders' };
  const dismissed = new Set();
  const closedDays = Number(params.get('closed')) || (scenario.startsWith('reminders') ? 3 : 0);
  let lastAsked = new Date(Date.now() - closedDays * 86400000);

  const localDay = (s) => {
    const [y, m, d] = s.split('-').map(Number);
    return { y, m, d };
  };
  /** When `offset` fires for a deadline on `date` (at `time`), local; null when it does not apply. */
  function firesAt(offset, date, time) {
    const { y, m, d } = localDay(date);
    const [hh, mm] = time ? time.split(':').map(Number) : [null, null];
    if (/^\d+d$/.test(offset)) return new Date(y, m - 1, d - Number.parseInt(offset, 10), 8, 0);
    if (offset === 'morning') {
      if (time && hh < 9) return new Date(Math.max(new Date(y, m - 1, d, 0, 0).getTime(), new Date(y, m - 1, d, hh, mm).getTime() - 3600000));
      return new Date(y, m - 1, d, 8, 0);
    }
    if (!time) return null;
    return new Date(new Date(y, m - 1, d, hh, mm).getTime() - Number.parseInt(offset, 10) * 3600000);
  }
  const DAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];
  const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  function wording(dl, place, caseName, today, passed) {
    const { y, m, d } = localDay(dl.date);
    const date = new Date(y, m - 1, d);
    const day = `${DAYS[date.getDay()]} ${d} ${MONTHS[m - 1]}${y === today.getFullYear() ? '' : ` ${y}`}`;
    const away = Math.round((date - new Date(today.getFullYear(), today.getMonth(), today.getDate())) / 86400000);
    const relative = away === 0 ? 'today' : away === 1 ? 'tomorrow' : `in ${away} days (${day})`;
    const at = place ? ` at ${place}` : '';
    const of = caseName ? ` — ${caseName}` : '';
    const time = dl.time ? dl.time.replace(/^0/, '') : null;
    if (time && !passed) return `${dl.title} ${relative} ${time}${at}${of}`;
    if (time) return `${dl.title} was on ${day} ${time}${at}${of}`;
    if (!passed) return `${dl.title} is due ${relative}${of}`;
    return `Deadline passed on ${day}: ${dl.title}${of}`;
  }
  /** The reminders firing in [from, to) of deadlines not done, less dismissed ones: one per deadline, its latest. */
  function remindersDue(from, to) {
    const found = [];
    for (const dl of db.deadlines) {
      if (dl.done) continue;
      const c = db.cases.find((x) => x.id === dl.caseId) || null;
      const chosen = dl.reminders ?? (c && c.reminders) ?? DEFAULT_OFFSETS;
      const stamp = dl.time ? `${dl.date}T${dl.time}` : dl.date;
      const occurrences = chosen
        .map((offset) => ({ offset, at: firesAt(offset, dl.date, dl.time), key: `deadline/${dl.id}/${offset}/${stamp}` }))
        .filter((o) => o.at && from <= o.at && o.at < to)
        .sort((a, b) => a.at - b.at);
      const open = occurrences.filter((o) => !dismissed.has(o.key));
      if (!open.length) continue;
      const latest = open[open.length - 1];
      const { y, m, d } = localDay(dl.date);
      const [hh, mm] = dl.time ? dl.time.split(':').map(Number) : [24, 0];
      const passed = new Date(y, m - 1, d, hh, mm) <= to;
      const place = dl.location || (dl.time && c ? c.court : null) || null;
      found.push({
        key: latest.key,
        keys: open.map((o) => o.key),
        deadlineId: dl.id,
        caseId: dl.caseId,
        caseName: c ? c.name : null,
        title: dl.title,
        kind: dl.kind,
        date: dl.date,
        time: dl.time,
        location: place,
        offset: latest.offset,
        at: latest.at.toISOString().replace(/\.\d+Z$/, 'Z'),
        passed,
        text: wording(dl, place, c ? c.name : null, to, passed),
      });
    }
    return found.sort((a, b) => a.at.localeCompare(b.at) || a.deadlineId - b.deadlineId);
  }
  function remindersMissed() {
    const to = new Date();
    const since = lastAsked;
    lastAsked = to;
    return { since: since.toISOString().replace(/\.\d+Z$/, 'Z'), reminders: remindersDue(since, to) };
  }
  function remindersDismiss({ keys }) {
    if (!Array.isArray(keys) || !keys.length || keys.length > 1000) throw invalid({ keys: 'must be a list of 1 to 1000 reminder keys' });
    const out = { dismissed: [], ignored: [] };
    for (const key of keys) {
      const m = /^deadline\/(\d+)\//.exec(String(key));
      if (!m || !db.deadlines.some((d) => d.id === Number(m[1]))) out.ignored.push(key);
      else {
        dismissed.add(key);
        out.dismissed.push(key);
      }
    }
    return out;
  }
  function setReminderSettings(changes) {
    const e = {};
    for (const [k, v] of Object.entries(changes || {})) {
      if (!(k in reminderSettings)) e[k] = 'unknown field; known fields are: notifications, startAtLogin, startAtLoginAsked, discreet';
      else if (k === 'discreet') {
        if (!['protectiveOrders', 'all', 'off'].includes(v)) e[k] = 'must be one of protectiveOrders, all, off';
      } else if (typeof v !== 'boolean') e[k] = 'must be true or false';
    }
    if (Object.keys(e).length) throw invalid(e);
    Object.assign(reminderSettings, changes);
    return clone(reminderSettings);
  }
  /** Sends the `reminders` event, as the app does when reminders fire while it runs (default: those of the next two days, not dismissed). */
  function emitReminders(reminders = remindersDue(new Date(), new Date(Date.now() + 2 * 86400000))) {
    if (window.__mockEmit) window.__mockEmit('reminders', { reminders: clone(reminders) });
    return reminders;
  }

  // ------------------------------------------------------------------------------------------
  // Backups

  const counts = () => Object.fromEntries(RESOURCES.map((r) => [r, db[r].length]));
  function createBackup() {
    const stamp = now().replace(/\.\d+Z$/, 'Z');
    const name = `proseva-backup-${stamp.replace(/:/g, '-')}.tar.zst`;
    const b = { path: `/home/pat/.local/share/proseva/backups/${name}`, name, bytes: 12_897_004, createdAt: stamp };
    db.backups.push(b);
    return { path: b.path, bytes: b.bytes, counts: counts() };
  }
  function restoreBackup({ path }) {
    const b = db.backups.find((x) => x.path === path);
    if (!b) throw { code: 'not_found', message: `no backup at ${path}` };
    const kept = `/home/pat/.local/share/proseva/backups/before-restore-${now().replace(/\.\d+Z$/, 'Z').replace(/:/g, '-')}.tar.zst`;
    db.backups.push({ path: kept, name: kept.split('/').pop(), bytes: 12_901_777, createdAt: now() });
    return { restored: counts(), keptAt: kept };
  }

  // ------------------------------------------------------------------------------------------
  // Papers to file: the server's catalogue (sidecars/server/papers/papers.json, read from the
  // served repository) as `paper_kinds` answers it; a paper built from the case as
  // sidecars/server/src/papers/build.rs builds it — the court lines, the caption, the catalogue's
  // wording with the values put in, the signature block, the certificate — and kept as a `paper`
  // draft (versions, exports); the check before filing; a fillable PDF form read and filled.

  let catalogue = null;
  const papersLoaded = fetch('/sidecars/server/papers/papers.json')
    .then((r) => r.json())
    .then((c) => {
      catalogue = c;
    })
    .catch((err) => console.error('[mock] could not read the papers', err));
  const BLANK = '____________________';
  const COMMON_FIELDS = ['name', 'address', 'phone', 'email', 'date', 'side', 'certificate', 'serviceMethod', 'serviceDate', 'servedOn', 'paragraphs', 'opening', 'closing'];
  const NOTICE = 'Draft prepared with software from your records. Not legal advice: read it, check it against your own papers and the court’s rules, and sign it yourself.';
  const drafts = [];
  const longDate = (s) => utc(s).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  const paperKind = (id) => catalogue.kinds.find((k) => k.id === id);

  function paperKinds({ caseKind = null }) {
    if (caseKind && !PATH_KINDS.includes(caseKind)) throw invalid({ caseKind: `unknown case kind; the kinds are: ${PATH_KINDS.join(', ')}` });
    return catalogue.kinds
      .filter((k) => !caseKind || k.caseKinds.includes(caseKind))
      .map((k) => ({
        id: k.id,
        title: k.title,
        caseKinds: clone(k.caseKinds),
        layout: k.layout,
        when: k.when,
        fields: clone(k.fields),
        certificate: k.certificate,
        sections: clone(k.sections),
        requiredParts: k.requiredParts.map((p) => {
          const s = catalogue.sources[p.source];
          return { part: p.part, source: s.label, url: s.url, read: s.read, confirmed: s.confirmed };
        }),
      }));
  }

  /** The case's own paper drafts, newest first. */
  const papersOf = (caseId) => drafts.filter((d) => d.caseId === caseId && d.kind === 'paper').sort((a, b) => b.id - a.id);
  const latest = (d) => d.versions[d.versions.length - 1];

  function paperProposed({ caseId, paper }) {
    const c = find('cases', caseId);
    const kind = paperKind(paper);
    if (!kind) throw invalid({ paper: 'unknown paper; GET /api/papers/kinds lists them' });
    const fields = {};
    const from = {};
    const me = c.parties.find((p) => p.role === 'me');
    if (me) [fields.name, from.name] = [me.name, "the case's parties (Me)"];
    const last = papersOf(caseId)[0];
    if (last) {
      const s = JSON.parse(latest(last).content).signature;
      const why = `your last paper (${last.title})`;
      if (s.address.length) [fields.address, from.address] = [s.address.join('\n'), why];
      if (s.phone) [fields.phone, from.phone] = [s.phone, why];
      if (s.email) [fields.email, from.email] = [s.email, why];
    }
    const todayIso = isoUtc(new Date());
    const hearing = db.deadlines.filter((d) => d.caseId === caseId && d.kind === 'hearing' && !d.done && d.date >= todayIso).sort((a, b) => a.date.localeCompare(b.date))[0];
    if (hearing && kind.fields.some((f) => f.name === 'hearingDate')) [fields.hearingDate, from.hearingDate] = [hearing.date, `the case's next hearing (${hearing.title})`];
    return { fields, from };
  }

  /** `VIRGINIA:` and `IN THE … COURT FOR THE CITY OF …` (sidecars/server/src/papers/court.rs, the usual wordings). */
  function courtLines(court) {
    const text = String(court || '').trim();
    const m = /^(.*?)(general district court|juvenile and domestic relations district court|j&dr district court|j&dr court|circuit court)(.*)$/i.exec(text);
    if (!m) return [['VIRGINIA:', text ? `IN THE ${text.toUpperCase()}` : `IN THE ${BLANK} COURT FOR THE ${BLANK}`], false];
    const name = /j&dr|juvenile/i.test(m[2]) ? 'JUVENILE AND DOMESTIC RELATIONS DISTRICT COURT' : m[2].toUpperCase();
    const after = m[3].replace(/^[\s,]*(of|for|in)?\s*(the)?\s*/i, '').trim();
    const raw = after || m[1].trim();
    const place = /^(city|county|town) of /i.test(raw) ? raw : /^(.+) (city|county|town)$/i.test(raw) ? raw.replace(/^(.+) (city|county|town)$/i, (_, n, k) => `${k[0].toUpperCase()}${k.slice(1).toLowerCase()} of ${n}`) : null;
    return [['VIRGINIA:', `IN THE ${name} FOR THE ${place ? place.toUpperCase() : BLANK}`], Boolean(place)];
  }

  /** The catalogue's wording with the values put in (sidecars/server/src/papers/fill.rs). */
  function putValues(kind, template, values, depth = 0) {
    return template.replace(/\{([^}]+)\}/g, (_, name) => {
      const v = values[name];
      if (v === undefined) return BLANK;
      const chosen = kind.choiceText && kind.choiceText[name];
      return chosen && depth < 2 ? putValues(kind, chosen[v] ?? v, values, depth + 1) : v;
    });
  }

  function buildPaper({ paper, caseId, fields = null, draftId = null }) {
    const kind = paperKind(paper);
    if (!kind) throw invalid({ paper: `unknown paper ${JSON.stringify(paper)}; the papers are: ${catalogue.kinds.map((k) => k.id).join(', ')}` });
    const c = find('cases', caseId);
    if (c.kind && !kind.caseKinds.includes(c.kind)) throw invalid({ paper: `${kind.title} is not offered for a case of kind ${c.kind}` });
    const f = fields || {};
    const e = {};
    const known = [...COMMON_FIELDS, ...kind.fields.map((x) => x.name)];
    for (const name of Object.keys(f)) if (!known.includes(name)) e[name] = `unknown field; known fields are: ${known.join(', ')}`;
    const me = c.parties.find((p) => p.role === 'me');
    const name = (f.name || (me && me.name) || '').trim();
    if (!name) e.name = 'is required: your name as you will sign the paper (or add yourself to the case’s parties with the role "Me")';
    const address = String(f.address || '').split('\n').map((l) => l.trim()).filter(Boolean);
    if (!address.length) e.address = 'is required: a party without a lawyer must state their address on every paper they file (Code of Virginia § 8.01-271.1)';
    if (f.email && !String(f.email).includes('@')) e.email = 'must be an e-mail address (name@example.org), or left out';
    const values = {};
    const flags = {};
    for (const spec of kind.fields) {
      const v = f[spec.name];
      if (spec.kind === 'checkbox') flags[spec.name] = v === true;
      else if (v === undefined || v === null || String(v).trim() === '') {
        if (spec.required) e[spec.name] = spec.kind === 'choice' ? `is required: one of ${spec.options.map((o) => o.value).join(', ')}` : `is required: ${spec.label.toLowerCase()}`;
      } else if (spec.kind === 'date') {
        if (!isDate(v)) e[spec.name] = 'must be a date, YYYY-MM-DD';
        else values[spec.name] = longDate(v);
      } else values[spec.name] = String(v).trim();
    }
    if (Object.keys(e).length) throw invalid(Object.fromEntries(Object.entries(e).map(([k, v]) => [`fields.${k}`, v])));
    const side = f.side || { 'debt-plaintiff': 'plaintiff', 'protective-order-petitioner': 'petitioner', 'protective-order-respondent': 'respondent', 'custody-visitation': 'petitioner' }[c.kind] || 'defendant';
    const [mine, theirs, meFirst] = { plaintiff: ['Plaintiff', 'Defendant', true], petitioner: ['Petitioner', 'Respondent', true], respondent: ['Respondent', 'Petitioner', false] }[side] || ['Defendant', 'Plaintiff', false];
    const others = c.parties.filter((p) => p.role === 'other-party').map((p) => p.name);
    const warnings = [];
    const [court, courtFound] = courtLines(c.court);
    if (!courtFound) warnings.push(c.court ? `The court's city or county could not be read from "${c.court}": the heading leaves a line for it. Write the court in the case as the summons does ("General District Court of the City of Richmond").` : 'The case does not name its court: the heading leaves lines to fill. Add the court to the case as the summons writes it.');
    const them = (others.length ? others : [BLANK]).map((n) => ({ name: n, role: theirs }));
    const us = [{ name, role: mine }];
    const [first, second] = meFirst ? [us, them] : [them, us];
    const number = (c.caseNumber || '').trim();
    const caseName = `${first.map((p) => p.name).join(', ')} v. ${second.map((p) => p.name).join(', ')}`;
    Object.assign(values, { name, Role: mine, caseName, caseNumberText: number ? `Case No. ${number}` : 'case number not yet known' });
    const paragraphs = Array.isArray(f.paragraphs)
      ? f.paragraphs.map((p) => String(p).trim()).filter(Boolean)
      : kind.paragraphs
          .map((t) => {
            const m = /^\[([^\]]+)\](.*)$/.exec(t);
            return m ? (flags[m[1]] ? putValues(kind, m[2], values) : '') : putValues(kind, t, values);
          })
          .filter((p) => p.trim());
    const wantsCertificate = kind.certificate === 'required' || (kind.certificate === 'offered' && f.certificate !== false);
    let certificate;
    if (wantsCertificate) {
      const how = { hand: 'delivered a copy of this paper by hand', mail: 'mailed a copy of this paper by first-class mail', email: 'sent a copy of this paper by e-mail' }[f.serviceMethod] || `sent a copy of this paper by ${BLANK} (hand delivery or first-class mail)`;
      const served = f.servedOn
        ? String(f.servedOn).split('\n').map((l) => l.trim()).filter(Boolean)
        : (others.length ? others : [BLANK]).map((n) => {
            const contact = db.contacts.find((x) => x.caseId === caseId && x.name.trim().toLowerCase() === n.trim().toLowerCase());
            return `${n}, ${(contact && contact.address && contact.address.replace(/\s*\n\s*/g, ', ')) || BLANK}`;
          });
      certificate = { statement: `I certify that on ${f.serviceDate ? longDate(f.serviceDate) : BLANK} I ${how} (${kind.layout === 'letter' ? 'letter' : kind.heading.toLowerCase()}) to:`, served };
      if (served.some((l) => l.includes(BLANK))) warnings.push("The certificate of service leaves a line for an address it does not know: write it in, or add the other side's address to their contact.");
    }
    const signature = { name, capacity: `${mine}, without a lawyer`, address, phone: f.phone || '', email: f.email || '', date: f.date ? longDate(f.date) : '' };
    const built = { paper: kind.id, layout: kind.layout };
    if (kind.layout === 'letter') Object.assign(built, { court: [], heading: `${kind.heading} — ${caseName}, ${values.caseNumberText}` });
    else Object.assign(built, { court, caption: { first, second, numberLabel: 'Case No.', number }, heading: kind.heading });
    Object.assign(built, { opening: f.opening || putValues(kind, kind.opening, values), paragraphs, closing: f.closing || putValues(kind, kind.closing, values), signature });
    if (certificate) built.certificate = certificate;
    if (kind.layout === 'letter') built.letter = { date: signature.date, to: ["Clerk's Office", c.court || BLANK], salutation: 'Dear Clerk:', signOff: 'Sincerely,' };
    const title = `${kind.title} — ${c.name}`;
    const sources = [...new Set(kind.requiredParts.map((p) => p.source))].map((key) => ({ label: `${catalogue.sources[key].label} (${catalogue.sources[key].read})`, url: catalogue.sources[key].url }));
    let draft = draftId ? drafts.find((d) => d.id === draftId) : null;
    if (draftId && !draft) throw { code: 'not_found', message: `no draft with id ${draftId}` };
    const stamp = now();
    if (!draft) {
      draft = { id: drafts.length + 1, caseId, kind: 'paper', title, versions: [], createdAt: stamp };
      drafts.push(draft);
    }
    draft.title = title;
    draft.versions.push({ version: draft.versions.length + 1, content: JSON.stringify(built, null, 2), sources, createdBy: 'person', createdAt: stamp });
    return { draft: draftView(draft), paper: built, warnings, when: kind.when };
  }

  function draftView(d, version = null) {
    const v = version ? d.versions.find((x) => x.version === version) : latest(d);
    if (!v) throw { code: 'not_found', message: `draft ${d.id} has no version ${version}` };
    return {
      id: d.id,
      caseId: d.caseId,
      title: d.title,
      kind: d.kind,
      version: v.version,
      content: v.content,
      sources: clone(v.sources),
      createdBy: v.createdBy,
      versionCreatedAt: v.createdAt,
      createdAt: d.createdAt,
      updatedAt: v.createdAt,
      versions: d.versions.map((x) => ({ version: x.version, createdBy: x.createdBy, createdAt: x.createdAt })),
      warnings: [],
      notice: NOTICE,
    };
  }

  /** The check before filing: the built paper against the case (as check.rs words it), or a case document's words. */
  function checkPaper({ draftId = null, documentId = null }) {
    if (draftId && documentId) throw invalid({ documentId: 'give draftId or documentId, not both' });
    const findings = [];
    const checked = [];
    const todayIso = isoUtc(new Date());
    if (draftId) {
      const d = drafts.find((x) => x.id === draftId);
      if (!d) throw { code: 'not_found', message: `no draft with id ${draftId}` };
      const c = find('cases', d.caseId);
      const p = JSON.parse(latest(d).content);
      const parties = c.parties.map((x) => x.name);
      checked.push("the names in the caption against the case's parties");
      for (const party of p.caption ? [...p.caption.first, ...p.caption.second] : []) {
        if (party.name === BLANK) findings.push({ kind: 'party_name', message: "A party's name in the caption is blank: write it in, or add the party to the case." });
        else if (!parties.includes(party.name)) findings.push({ kind: 'party_name', message: `The caption names "${party.name}", but the case's parties have "${parties[1] || parties[0]}".`, found: party.name, expected: parties[1] || parties[0] || 'a party of the case' });
      }
      if (p.caption) {
        checked.push('the case number in the caption against the case record');
        if (!p.caption.number) findings.push({ kind: 'case_number', message: "The caption has no case number: write it in (it is on the summons or the court's papers)." });
      }
      if (p.court.length) checked.push("the court in the heading against the case's court");
      checked.push('the signature block');
      checked.push('the certificate of service');
      if (p.certificate && p.certificate.statement.includes(BLANK)) findings.push({ kind: 'no_certificate', message: 'The certificate of service leaves the day or the way the copy goes blank: fill it in before you file.', found: p.certificate.statement, expected: 'the day and how the copy was given' });
      const others = papersOf(d.caseId).filter((x) => x.id !== d.id);
      if (others.length) checked.push(`the names and number against the case's ${others.length} other paper(s)`);
      checked.push('hearing dates');
      for (const m of latest(d).content.matchAll(/hearing on ([A-Z][a-z]+ \d{1,2}, \d{4})/g)) {
        const iso = isoUtc(new Date(`${m[1]} UTC`));
        if (iso < todayIso) findings.push({ kind: 'past_date', message: `The paper speaks of a hearing on ${m[1]}, which has passed.`, found: m[1], expected: `a date after ${longDate(todayIso)}` });
      }
      checked.push('1 section citation(s) against the Virginia law graph');
      return { findings, checked, sections: ['8.01-271.1'], citations: [], title: d.title };
    }
    const doc = find('documents', documentId);
    if (!['words', 'meaning'].includes(doc.stage) || !doc.text) throw invalid({ documentId: `document ${doc.id} (${doc.title}) has no text to check yet (a scan still being read, or an image)` });
    const c = doc.caseId ? db.cases.find((x) => x.id === doc.caseId) : null;
    checked.push("the case's parties' names in the text");
    const fold = (s) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/đ/gi, 'd').toLowerCase();
    for (const party of c ? c.parties.map((x) => x.name) : []) {
      if (doc.text.includes(party)) continue;
      if (fold(doc.text).includes(fold(party))) {
        const at = fold(doc.text).indexOf(fold(party));
        const found = doc.text.slice(at, at + party.length);
        findings.push({ kind: 'party_name', message: `The paper writes "${found}" where the case's party is "${party}".`, found, expected: party });
      }
    }
    checked.push('case numbers in the text against the case record');
    for (const m of doc.text.matchAll(/\b(G[VT]\d{2}-\d{4,6}(?:-\d{2})?)\b/g)) {
      if (c && c.caseNumber && m[1] !== c.caseNumber) findings.push({ kind: 'case_number', message: `The paper gives case number ${m[1]}, but the case record has ${c.caseNumber}.`, found: m[1], expected: c.caseNumber });
    }
    checked.push('hearing dates');
    return { findings, checked, sections: [], citations: [], title: doc.title };
  }

  function exportDraft({ id, version = null, format }) {
    const d = drafts.find((x) => x.id === id);
    if (!d) throw { code: 'not_found', message: `no draft with id ${id}` };
    if (!['md', 'docx', 'pdf'].includes(format)) throw invalid({ format: 'one of md, docx, pdf' });
    const v = version || latest(d).version;
    const slug = d.title.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);
    const path = `/home/pat/Documents/ProSeVA/Exports/${slug}-v${v}.${format}`;
    window.__mockExports = (window.__mockExports || []).concat(path);
    return { path };
  }

  // A fillable form: its fields as the server reads them (proseva-forms) with the answers the case
  // proposes; the DC-429 the mock "reads" is made up of the kinds of field a court form has.
  const forms = new Map();
  function formFields(bytes, options) {
    const headers = (options && options.headers) || {};
    const name = decodeURIComponent(headers['X-File-Name'] || 'form.pdf');
    const caseId = headers['X-Case-Id'] ? Number(headers['X-Case-Id']) : null;
    // As the app's command words a refusal: the file's name, then the server's sentence about it.
    const refused = (why) => ({ code: 'invalid_input', message: `${name}: ${why}`, field: 'file', fields: { file: why } });
    if (!(bytes instanceof Uint8Array) || !bytes.length) throw { code: 'invalid_input', message: `${name} is empty (0 bytes)`, field: 'file' };
    const head = new TextDecoder().decode(bytes.slice(0, 8));
    if (head.startsWith('PK')) throw refused("This file is a Word document (.docx), not a PDF. Download the form again as a PDF from the court's website.");
    if (!head.startsWith('%PDF')) throw refused("This file is not a PDF. Choose the form's PDF, as downloaded from the court's website.");
    if (/xfa/i.test(name)) throw refused('This PDF is an XFA form (made for Adobe Reader only): its fields cannot be read. Look for the court’s “fillable PDF” version of the form.');
    const c = caseId ? find('cases', caseId) : null;
    const me = c && c.parties.find((p) => p.role === 'me');
    const other = c && c.parties.find((p) => p.role === 'other-party');
    const from = (what) => (c ? `the case (${what})` : null);
    const fields = [
      { name: 'Court', label: 'Name of court', type: 'text', maxLength: 60, multiline: false, readOnly: false, required: true, page: 1, value: '', proposed: c ? c.court : undefined, proposedFrom: from('its court') },
      { name: 'CaseNo', label: 'Case No.', type: 'text', maxLength: 20, multiline: false, readOnly: false, required: false, page: 1, value: '', proposed: c ? c.caseNumber : undefined, proposedFrom: from('its case number') },
      { name: 'Tenant', label: 'Tenant name', type: 'text', multiline: false, readOnly: false, required: true, page: 1, value: '', proposed: me ? me.name : undefined, proposedFrom: me ? "the case's parties (Me)" : null },
      { name: 'Landlord', label: 'Landlord name', type: 'text', multiline: false, readOnly: false, required: true, page: 1, value: '', proposed: other ? other.name : undefined, proposedFrom: other ? "the case's parties (Other party)" : null },
      { name: 'Conditions', label: 'Conditions the landlord has not fixed', type: 'text', multiline: true, readOnly: false, required: false, page: 1, value: '' },
      { name: 'NoticeGiven', label: 'I gave the landlord written notice', type: 'checkbox', multiline: false, readOnly: false, required: false, page: 1, value: false },
      { name: 'Relief', label: 'What I ask the court for', type: 'choice', options: ['Rent paid into court', 'Repairs ordered', 'Rent abated'], multiline: false, readOnly: false, required: false, page: 2 },
      { name: 'FormNo', label: 'Form number', type: 'text', multiline: false, readOnly: true, required: false, page: 2, value: 'DC-429' },
      { name: 'Signature', label: 'Signature of tenant', type: 'signature', multiline: false, readOnly: false, required: false, page: 2 },
    ].map((x) => Object.fromEntries(Object.entries(x).filter(([, v]) => v !== undefined && v !== null)));
    const formId = Array.from({ length: 16 }, () => Math.floor(Math.random() * 16).toString(16)).join('');
    forms.set(formId, { fileName: name, fields });
    return { formId, fileName: name, pages: 2, fields: clone(fields) };
  }

  function fillForm({ formId, values }) {
    const form = forms.get(String(formId));
    if (!form) throw { code: 'not_found', message: `no open form ${formId}` };
    const e = {};
    for (const [name, value] of Object.entries(values || {})) {
      const f = form.fields.find((x) => x.name === name);
      if (!f) e[`values.${name}`] = 'the form has no field of this name';
      else if (f.type === 'signature') e[`values.${name}`] = 'a signature line is signed by hand after printing';
      else if (f.readOnly) e[`values.${name}`] = 'the form marks this field read-only';
      else if (f.type === 'checkbox' && typeof value !== 'boolean') e[`values.${name}`] = 'a check box takes true or false';
      else if (f.options && !f.options.includes(value)) e[`values.${name}`] = `is not one of its options: ${f.options.join(', ')}`;
      else if (f.maxLength && String(value).length > f.maxLength) e[`values.${name}`] = `is ${String(value).length} characters; the field takes at most ${f.maxLength}`;
      else if (!f.multiline && /\n/.test(String(value))) e[`values.${name}`] = 'is one line in the form: take out the line breaks';
    }
    if (Object.keys(e).length) throw invalid(e);
    const fileName = form.fileName.replace(/\.pdf$/i, '') + '-filled.pdf';
    const path = `/home/pat/Documents/ProSeVA/Exports/${fileName}`;
    window.__mockExports = (window.__mockExports || []).concat(path);
    return { path, fileName };
  }

  // ------------------------------------------------------------------------------------------
  // invoke

  const HANDLERS = {
    list_records: (a) => listRecords(a || {}),
    get_record: ({ resource, id }) => {
      const rec = find(resource, id);
      return resource === 'documents' ? publicDocument(rec) : clone(rec);
    },
    create_record: createRecord,
    update_record: updateRecord,
    delete_record: deleteRecord,
    finance_totals: (a) => financeTotals(a || {}),
    deadline_rules: () => clone(RULES),
    compute_deadline: computeDeadline,
    upload_document: (bytes, options) => uploadDocument(bytes, options),
    document_text: documentText,
    reread_document: ({ id }) => {
      const d = find('documents', id);
      clearTimeout(d.timer);
      Object.assign(d, { stage: 'stored', ocrPage: null, problem: null, updatedAt: now() });
      advance(d);
      return publicDocument(d);
    },
    open_document: ({ id }) => {
      find('documents', id);
      window.__mockOpenedDocuments = (window.__mockOpenedDocuments || []).concat(id);
      return null;
    },
    export_conversation: ({ id }) => {
      const c = find('conversations', id);
      const slug = c.title.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 50);
      return { path: `/home/pat/.local/share/proseva/exports/${c.id}-${slug}.md` };
    },
    create_backup: createBackup,
    list_backups: () => clone(db.backups.map(({ path, name, bytes, createdAt }) => ({ path, name, bytes, createdAt }))),
    restore_backup: restoreBackup,
    path_kinds: async () => (await loaded, pathKinds()),
    case_path: async ({ caseId }) => (await loaded, planOf(find('cases', caseId))),
    set_case_path: async (a) => (await loaded, setCasePath(a)),
    tick_step: async (a) => (await loaded, tickStep(a)),
    which_court: async (a) => (await loaded, whichCourt(a)),
    calendar_export: (a) => calendarExport({ caseId: a.caseId ?? null, deadlineId: a.deadlineId ?? null, neutral: a.neutral === true }),
    reminders_missed: remindersMissed,
    reminders_dismiss: remindersDismiss,
    reminder_settings: () => clone(reminderSettings),
    set_reminder_settings: setReminderSettings,
    // Quick exit: the app hides the window and loads the page again on its neutral view.
    quick_exit: () => {
      history.replaceState(null, '', '#neutral');
      location.reload();
      return null;
    },
    // Papers to file, and the drafts they are kept as.
    paper_kinds: async (a) => (await papersLoaded, paperKinds(a)),
    paper_proposed: async (a) => (await papersLoaded, paperProposed(a)),
    build_paper: async (a) => (await papersLoaded, buildPaper(a)),
    check_paper: async (a) => (await papersLoaded, checkPaper(a)),
    form_fields: (bytes, options) => formFields(bytes, options),
    fill_form: fillForm,
    list_drafts: ({ caseId = null }) => drafts.filter((d) => caseId === null || d.caseId === caseId).map((d) => ({ id: d.id, caseId: d.caseId, title: d.title, kind: d.kind, version: latest(d).version, updatedAt: latest(d).createdAt })),
    get_draft: ({ id, version = null }) => {
      const d = drafts.find((x) => x.id === id);
      if (!d) throw { code: 'not_found', message: `no draft with id ${id}` };
      return draftView(d, version);
    },
    export_draft: exportDraft,
    // The case file's lock: never set in the mock.
    privacy_status: () => ({ encrypted: false, locked: false }),
    privacy_settings: () => ({ idleLockMinutes: 10, unlockWithoutAsking: false, keyring: false }),
    set_privacy_settings: (a) => ({ idleLockMinutes: a.idleLockMinutes ?? 10, unlockWithoutAsking: false, keyring: false }),
  };

  // Proof for the hearing (mock-proof.js, loaded before this file).
  if (window.__mockProof) Object.assign(HANDLERS, window.__mockProof({ db, find, invalid, clone, kinds: PATH_KINDS }));

  const SLOW = { create_backup: 900, restore_backup: 1200, compute_deadline: 120, list_records: 60 };

  async function invoke(command, args, options) {
    await wait(scenario === 'big' || scenario === 'upload-many' ? 5 : SLOW[command] ?? 80);
    if (command === 'upload_document' || command === 'form_fields') return HANDLERS[command](args, options);
    return HANDLERS[command](args || {});
  }

  /** The workspace's scenarios are in mock-scenarios.js. */
  const runScenario = (name) => (window.__mockScenarios ? window.__mockScenarios.run(name) : Promise.resolve());

  window.__mockWorkspace = { handles: (command) => command in HANDLERS, invoke, conversationStart, conversationAnswer, runScenario, db, emitReminders, remindersDue, reminderSettings, dismissed };
})();

