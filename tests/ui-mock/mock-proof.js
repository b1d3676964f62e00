// DEVELOPMENT ONLY. Proof for the hearing in the mock (mock-workspace.js merges these handlers into
// its own): each kind's elements read from the server's own sidecars/server/proof/<kind>.json
// (fetched from the served repository), the case's Proof view worked out as
// sidecars/server/src/proof/view.rs does — a status per element from the kinds of evidence its
// links cover, the missing sentences, the records' labels and dates, the notice check's dates —,
// links made and taken away as store/proof_links.rs keeps them (an empty note keeps the one there),
// and the hearing packet's files named as proof/packet.rs names them. `db.proofLinks` holds the
// links (mock-seed.js starts the `proof` scenarios with some).
(function () {
  'use strict';

  const RECORD_KINDS = ['document', 'timeline', 'note', 'finance', 'contact'];
  const TABLE = { document: 'documents', timeline: 'timeline', note: 'notes', finance: 'finances', contact: 'contacts' };
  const CAVEAT = 'This shows which of your records you have matched to what the court must find. It does not say whether the judge will find it shown: the judge weighs the evidence of both sides and decides.';
  const NO_KIND = 'Choose what kind of case this is (Case → Step by step) to see what the court must find in it.';
  const MAX_NOTE_CHARS = 1000;

  /** The handlers, over the mock workspace's store and helpers. */
  window.__mockProof = function install({ db, find, invalid, clone, kinds }) {
    db.proofLinks = db.proofLinks || [];
    let nextLink = db.proofLinks.length + 1;
    db.proofLinks.forEach((l, i) => Object.assign(l, { id: i + 1, note: l.note || '', createdBy: l.createdBy || 'person' }));
    const books = new Map();
    const book = (kind) => {
      if (!books.has(kind)) books.set(kind, fetch(`/sidecars/server/proof/${kind}.json`).then((r) => r.json()));
      return books.get(kind);
    };

    const money = (amount) => `$${Math.abs(amount).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    /** A record as the Proof view names it (store/proof_links.rs's `record`); null when there is none. */
    function record(kind, id) {
      const rec = db[TABLE[kind]].find((r) => r.id === id);
      if (!rec) return null;
      const info = { caseId: rec.caseId ?? null, label: rec.title, date: null, dateIsAdded: false };
      if (kind === 'document') {
        const shown = db.timeline.filter((t) => t.sourceDocumentId === id).map((t) => t.date).sort()[0];
        Object.assign(info, { date: shown || rec.createdAt.slice(0, 10), dateIsAdded: !shown });
      } else if (kind === 'timeline') info.date = rec.date;
      else if (kind === 'finance') Object.assign(info, { label: `${money(rec.amount)} — ${rec.description || rec.category}`, date: rec.date });
      else if (kind === 'contact') info.label = !rec.role || rec.role === 'other' ? rec.name : `${rec.name} (${rec.role.replace(/_/g, ' ')})`;
      return info;
    }

    const longDate = (s) => new Date(`${s}T00:00:00Z`).toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
    const days = (n) => `${n} ${Math.abs(n) === 1 ? 'day' : 'days'}`;
    /** The notice check (view.rs's `count_period`): the days between two dates against the period. */
    function countPeriod(c, b, check, links) {
      const title = (id) => (b.elements.find((e) => e.id === id) || { title: id }).title;
      const dateOf = (end) =>
        (end.pathDate && c.pathDates[end.pathDate]) ||
        links.filter((l) => l.elementId === end.element && l.recordKind === 'timeline' && l.view.date).map((l) => l.view.date).sort()[0] ||
        null;
      const ask = (end) => `The date ${end.label} is not recorded yet: link the timeline event of that day to “${title(end.element)}”.`;
      const from = dateOf(check.from);
      const to = dateOf(check.to);
      if (!from || !to) return { dates: [!from && ask(check.from), !to && ask(check.to)].filter(Boolean) };
      const period = check.periods.find((p) => (!p.onOrAfter || from >= p.onOrAfter) && (!p.before || from < p.before));
      if (!period) return { dates: [`No period is recorded for ${check.from.label} on ${longDate(from)}.`] };
      const n = Math.round((Date.parse(to) - Date.parse(from)) / 86400000);
      const short = n <= period.days;
      const said = `For ${check.from.label} on ${longDate(from)}, § ${period.section} gives ${days(period.days)}; ${check.to.label} ${short ? 'before' : 'after'} they had run out.`;
      return {
        dates: [`From your dates, ${check.from.label} on ${longDate(from)} and ${check.to.label} on ${longDate(to)}: ${days(n)} later.`, n < 0 ? `That is before ${check.from.label} — check the two dates.` : said],
        period: { from, to, days: n, period: period.days, section: period.section, short },
      };
    }

    async function caseProof({ caseId }) {
      const c = find('cases', caseId);
      if (!c.kind) return { caseId, kind: null, title: null, person: null, otherSide: null, claimHeading: null, defenceHeading: null, elements: [], counts: { shown: 0, partly: 0, nothing: 0 }, caveat: CAVEAT, message: NO_KIND };
      const b = await book(c.kind);
      const links = [];
      for (const l of db.proofLinks.filter((x) => x.caseId === caseId)) {
        const info = record(l.recordKind, l.recordId);
        if (!info || info.caseId !== caseId) continue;
        const view = { recordKind: l.recordKind, recordId: l.recordId, label: info.label, createdBy: l.createdBy, covers: [] };
        if (info.date) view.date = info.date;
        if (info.dateIsAdded) view.dateIsAdded = true;
        if (l.note) view.note = l.note;
        links.push({ ...l, view });
      }
      const counts = { shown: 0, partly: 0, nothing: 0 };
      const elements = b.elements.map((e) => {
        const mine = links
          .filter((l) => l.elementId === e.id)
          .map((l) => ({ ...l.view, covers: e.evidenceKinds.filter((k) => k.recordKinds.includes(l.recordKind)).map((k) => k.id) }));
        const missing = e.evidenceKinds.filter((k) => !mine.some((l) => l.covers.includes(k.id))).map((k) => k.missing);
        const status = !missing.length ? 'shown' : missing.length < e.evidenceKinds.length ? 'partly' : 'nothing';
        counts[status] += 1;
        const out = { id: e.id, side: e.side, title: e.title, plain: e.plain, sections: clone(e.sections), status, missing, links: mine };
        if (e.check) {
          const { dates, period } = countPeriod(c, b, e.check, links);
          if (dates.length) out.dates = dates;
          if (period) out.period = period;
        }
        return out;
      });
      return { caseId, kind: b.kind, title: b.title, person: b.person, otherSide: b.otherSide, claimHeading: b.claimHeading, defenceHeading: b.defenceHeading, elements, counts, caveat: CAVEAT };
    }

    async function proofKind({ kind }) {
      if (!kinds.includes(kind)) throw { code: 'not_found', message: `no case kind ${JSON.stringify(kind)}; the kinds are: ${[...kinds].sort().join(', ')}` };
      const b = await book(kind);
      const { sources, passages, elements, ...rest } = b;
      return clone({
        ...rest,
        elements: elements.map((e) => ({ ...e, source: sources[e.sources[0]], sources: e.sources.map((s) => sources[s]) })),
      });
    }

    /** `PUT /api/cases/{id}/proof/links` (view.rs's `LinkChange::parse` and `set_link`). */
    async function linkProof({ caseId, elementId, recordKind, recordId, linked, note = null }) {
      const e = {};
      if (typeof elementId !== 'string' || !elementId.trim()) e.elementId = 'is required';
      if (!RECORD_KINDS.includes(recordKind)) e.recordKind = `must be one of: ${RECORD_KINDS.join(', ')}`;
      if (!Number.isInteger(recordId) || recordId < 1) e.recordId = 'must be a whole number above 0';
      if (typeof linked !== 'boolean') e.linked = 'required: true to link the record, false to take the link away';
      if (note !== null && (typeof note !== 'string' || note.trim().length > MAX_NOTE_CHARS)) e.note = `must be text of at most ${MAX_NOTE_CHARS} characters`;
      if (Object.keys(e).length) throw invalid(e);
      const c = find('cases', caseId);
      if (!c.kind) throw invalid({ elementId: 'this case has no kind yet, so it has no elements: choose what kind of case it is first (Case → Step by step)' });
      const b = await book(c.kind);
      if (!b.elements.some((x) => x.id === elementId)) throw invalid({ elementId: `"${elementId}" is not an element of a ${b.kind} case; its elements are: ${b.elements.map((x) => x.id).join(', ')}` });
      const same = (l) => l.caseId === caseId && l.elementId === elementId && l.recordKind === recordKind && l.recordId === recordId;
      if (linked) {
        const info = record(recordKind, recordId);
        if (!info) throw invalid({ recordId: `there is no ${recordKind} with id ${recordId}` });
        if (info.caseId !== caseId) throw invalid({ recordId: `${recordKind} ${recordId} belongs to another case` });
        const existing = db.proofLinks.find(same);
        const text = note === null ? null : note.trim();
        if (existing) {
          if (text) existing.note = text;
        } else db.proofLinks.push({ id: nextLink++, caseId, elementId, recordKind, recordId, note: text || '', createdBy: 'person' });
      } else db.proofLinks = db.proofLinks.filter((l) => !same(l));
      return caseProof({ caseId });
    }

    /** `POST /api/cases/{id}/hearing-packet`: the exhibits checked as packet.rs checks them, the files named as it names them. */
    async function hearingPacket({ caseId, exhibits = null }) {
      const order = exhibits || [];
      if (!Array.isArray(order) || !order.every((id) => Number.isInteger(id) && id > 0)) throw invalid({ exhibits: 'must be a list of at most 500 document ids (whole numbers above 0), in the order to number them' });
      const c = find('cases', caseId);
      const proof = await caseProof({ caseId });
      const linked = new Set(proof.elements.flatMap((e) => e.links.filter((l) => l.recordKind === 'document').map((l) => l.recordId)));
      const seen = new Set();
      for (const id of order) {
        if (!linked.has(id)) throw invalid({ exhibits: `document ${id} is not linked to anything the court must find in this case; link it first` });
        if (seen.has(id)) throw invalid({ exhibits: `document ${id} is named twice` });
        seen.add(id);
      }
      const warnings = proof.elements.some((e) => e.links.length) ? [] : ['Nothing is linked yet: the packet lists what the court must find, with no evidence under it.'];
      const stem = `${c.name.replace(/[\\/:*?"<>|]/g, '-')} - hearing packet`;
      const files = ['pdf', 'docx'].map((ext) => ({ path: `/home/pat/Documents/ProSeVA/Exports/${stem}.${ext}`, fileName: `${stem}.${ext}` }));
      window.__mockExports = (window.__mockExports || []).concat(files.map((f) => f.path));
      return { files, warnings };
    }

    return { proof_kind: proofKind, case_proof: caseProof, link_proof: linkProof, hearing_packet: hearingPacket };
  };
})();
