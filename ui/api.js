// The only way this page talks to the app: Tauri's `invoke` and `Channel`, for our own commands.
// Argument names are camelCase, as the Rust commands expect. A command that fails rejects with
// `{code, message, field?, fields?}`; `code` is `starting`, `invalid_input`, `not_found`,
// `conflict`, `too_large`, `locked` (the case file is locked), `unavailable` or `internal`
// (docs/workspace.md).

import { errorParts } from './dom.js';
import { t } from './i18n.js';

function core() {
  const tauri = window.__TAURI__;
  if (!tauri || !tauri.core) {
    throw new Error('The ProSeVA app is not connected (this page must run inside the ProSeVA window).');
  }
  return tauri.core;
}

/**
 * Listens to the app's event `name` (`withGlobalTauri` gives `window.__TAURI__.event`); `onPayload`
 * gets each event's payload. Resolves with a function that stops listening, or null when the
 * bridge has no events (an old build, a page outside the app).
 */
export async function listen(name, onPayload) {
  const events = window.__TAURI__ && window.__TAURI__.event;
  if (!events || typeof events.listen !== 'function') return null;
  return events.listen(name, (event) => onPayload(event ? event.payload : null));
}

/** True when the page runs inside the app (or the development mock). */
export function connected() {
  return Boolean(window.__TAURI__ && window.__TAURI__.core);
}

export function invoke(command, args) {
  let call;
  try {
    call = core().invoke(command, args);
  } catch (err) {
    return Promise.reject(err);
  }
  // The case file was locked (idle, quick exit, another window): the page starts again on the
  // unlock screen (privacy.js listens).
  return call.catch((err) => {
    if (err && err.code === 'locked') window.dispatchEvent(new CustomEvent('proseva:locked'));
    throw err;
  });
}

/** A channel whose messages go to `onMessage`. */
export function channel(onMessage) {
  const { Channel } = core();
  const ch = new Channel();
  ch.onmessage = onMessage;
  return ch;
}

let counter = 0;
/** A fresh id for a chat or research request (used to cancel it). */
export function newRequestId(prefix = 'req') {
  counter += 1;
  if (window.crypto && typeof window.crypto.randomUUID === 'function') {
    return `${prefix}-${window.crypto.randomUUID()}`;
  }
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 10)}`;
}

/** True for an absolute http(s) URL, the only kind we ever hand to the browser. */
export function isWebUrl(url) {
  if (typeof url !== 'string') return false;
  try {
    const parsed = new URL(url.trim());
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && Boolean(parsed.host);
  } catch {
    return false;
  }
}

/** The host of a URL without `www.`, for labels such as "courtlistener.com". */
export function hostOf(url) {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** Opens an http(s) URL in the person's own browser. */
export function openUrl(url) {
  if (!isWebUrl(url)) return Promise.resolve();
  return invoke('open_url', { url: url.trim() }).catch((err) => {
    console.warn('open_url failed', err);
  });
}

/**
 * Any rejection as `{code, message, field}` (plus `fields`, each offending field's message, when
 * the app named several): the app's typed errors as they are; anything else (a bridge failure, a
 * malformed call Tauri refused before our command ran) as `internal`.
 */
export function commandError(err) {
  if (err && typeof err === 'object' && typeof err.code === 'string' && typeof err.message === 'string') {
    // Said before (perhaps in the other language): said again from the app's own words.
    const appWords = err.localized && typeof err.detail === 'string' && err.detail ? err.detail : err.message;
    const out = { code: err.code, message: appWords, field: typeof err.field === 'string' ? err.field : null };
    if (typeof err.limit === 'number' && Number.isFinite(err.limit)) out.limit = err.limit;
    if (err.fields && typeof err.fields === 'object' && !Array.isArray(err.fields)) {
      out.fields = Object.fromEntries(Object.entries(err.fields).filter(([, why]) => typeof why === 'string'));
    }
    // `message` in the window's language (dom.js errorParts: in English the app's own words; in
    // Spanish a sentence for the code), the app's words kept as `detail`: every screen that shows
    // `commandError(err).message` says it in the person's language.
    const { text, detail } = errorParts(out);
    if (detail) {
      out.detail = out.message;
      out.message = text;
    }
    out.localized = true;
    return out;
  }
  const message = typeof err === 'string' ? err : err && typeof err.message === 'string' ? err.message : t('common-error-unknown');
  return { code: 'internal', message, field: null, localized: true };
}

/** A case made or changed is announced (`proseva:case-saved`, the record as detail): privacy.js
 * offers the lock for a protective-order case. Answers the record. */
function caseSaved(resource, saved) {
  if (resource === 'cases' && saved && typeof saved === 'object') document.dispatchEvent(new CustomEvent('proseva:case-saved', { detail: saved }));
  return saved;
}

export const api = {
  appStatus: () => invoke('app_status'),
  subscribeStatus: (onStatus) => invoke('subscribe_status', { onStatus: channel(onStatus) }),
  /** Starts a chat or research request: resolves with `{requestId, conversationId}` once it is
   * accepted; every event, `done` or `error` last, goes to `onEvent`. `conversationId` carries on a
   * saved conversation, `caseId` is the case in the header's picker (both may be null). */
  ask: (command, requestId, messages, onEvent, { conversationId = null, caseId = null } = {}) =>
    invoke(command, { requestId, messages, onEvent: channel(onEvent), conversationId, caseId }),
  cancel: (requestId) => invoke('cancel', { requestId }),
  /** The workflows that fit a record of `kind` (case, document, note, section). */
  listWorkflows: (kind) => invoke('list_workflows', { kind }),
  /** Runs workflow `key` on `focus` ({kind, id}); answers and streams like `ask`. */
  runWorkflow: (requestId, key, focus, onEvent, { caseId = null, input = null } = {}) =>
    invoke('run_workflow', { requestId, key, focus, input, onEvent: channel(onEvent), conversationId: null, caseId }),
  /** Makes a write the agent held for the person's confirmation (`needs_confirmation`): Allow once,
   * or `allow: 'conversation'` with the conversation's id (Allow for this conversation). */
  confirmWrite: (name, args, { allow = 'once', conversationId = null } = {}) => invoke('confirm_write', { name, args, allow, conversationId }),
  /** The write tools the person allowed in a conversation ("Allow for this conversation"). */
  conversationGrants: (conversationId) => invoke('conversation_grants', { conversationId }),
  /** Takes them back: every write asks again. */
  revokeGrants: (conversationId) => invoke('revoke_grants', { conversationId }),
  /** `{tools: [{tool, calls, failures, topError?, p50Ms, p95Ms}], services: [...]}`. */
  diagnostics: () => invoke('diagnostics'),
  getNode: ({ id = null, sourceId = null }) => invoke('get_node', { id, sourceId }),
  getSettings: () => invoke('get_settings'),
  saveSettings: (settings, secrets) => invoke('save_settings', { settings, secrets }),
  pickModelFile: () => invoke('pick_model_file'),
  localModelStatus: () => invoke('local_model_status'),
  modelCatalogue: () => invoke('model_catalogue'),
  modelDownload: (id) => invoke('model_download', { id }),
  modelDownloadStop: (id) => invoke('model_download_stop', { id }),
  modelUse: (id) => invoke('model_use', { id }),
  modelDelete: (id) => invoke('model_delete', { id }),

  // The case workspace (docs/workspace.md).
  /** `{items, total, limit, offset}`; `filter` per resource (deadlines, timeline). */
  listRecords: (resource, { caseId = null, limit = null, offset = null, filter = null } = {}) => {
    const args = { resource };
    if (caseId !== null && caseId !== undefined) args.caseId = caseId;
    if (limit !== null && limit !== undefined) args.limit = limit;
    if (offset !== null && offset !== undefined) args.offset = offset;
    if (filter && Object.keys(filter).length) args.filter = filter;
    return invoke('list_records', args);
  },
  getRecord: (resource, id) => invoke('get_record', { resource, id }),
  createRecord: (resource, record) => invoke('create_record', { resource, record }).then((saved) => caseSaved(resource, saved)),
  updateRecord: (resource, id, changes) => invoke('update_record', { resource, id, changes }).then((saved) => caseSaved(resource, saved)),
  deleteRecord: (resource, id) => invoke('delete_record', { resource, id }),
  financeTotals: (caseId = null) => invoke('finance_totals', caseId === null || caseId === undefined ? {} : { caseId }),
  deadlineRules: () => invoke('deadline_rules', {}),
  computeDeadline: (ruleId, triggerDate) => invoke('compute_deadline', { ruleId, triggerDate }),
  /** Uploads one file: its bytes are the invoke body (Tauri 2 raw request), its name and case go
   * in headers. Resolves with the stored document (stage `stored`). */
  uploadDocument: (bytes, fileName, caseId = null) => {
    const headers = { 'X-File-Name': encodeURIComponent(fileName) };
    if (caseId !== null && caseId !== undefined) headers['X-Case-Id'] = String(caseId);
    try {
      return core().invoke('upload_document', bytes, { headers });
    } catch (err) {
      return Promise.reject(err);
    }
  },
  documentText: (id, { offset = 0, limit = null } = {}) => invoke('document_text', limit === null ? { id, offset } : { id, offset, limit }),
  rereadDocument: (id) => invoke('reread_document', { id }),
  openDocument: (id) => invoke('open_document', { id }),
  exportConversation: (id) => invoke('export_conversation', { id }),
  createBackup: () => invoke('create_backup', {}),
  listBackups: () => invoke('list_backups', {}),
  restoreBackup: (path) => invoke('restore_backup', { path }),
  // A case's step-by-step path (docs/contracts.md, Server: /api/paths, /api/cases/{id}/path).
  /** `{about, caveats, kinds: [{kind, title, summary, dates: [{key, label, court?}], steps}]}`. */
  pathKinds: () => invoke('path_kinds', {}),
  /** The case's plan; rejects with `conflict` when the case has no kind yet. */
  casePath: (caseId) => invoke('case_path', { caseId }),
  /** Saves the kind, the path's dates (merged; `null` clears one) and the amount → the plan. Only
   * what is given changes. */
  setCasePath: (caseId, { kind, dates, amount } = {}) => {
    const args = { caseId };
    if (kind !== undefined) args.kind = kind;
    if (dates !== undefined) args.dates = dates;
    if (amount !== undefined) args.amount = amount;
    return invoke('set_case_path', args);
  },
  /** Ticks a step done (or not) → the plan. */
  tickStep: (caseId, stepId, done) => invoke('tick_step', { caseId, stepId, done }),
  /** `{court, courtName, also, why, sections}` for a kind (and the amount claimed, in dollars). */
  whichCourt: (kind, amount = null) => invoke('which_court', amount === null || amount === undefined ? { kind } : { kind, amount }),
  // Help from people (docs/contracts.md, Server: /api/help/localities, /api/help, /api/help/eligibility,
  // /api/help/screen, /api/cases/{id}/packet).
  /** `[{id, name, kind: county|city}]`, Virginia's 133 localities. */
  helpLocalities: () => invoke('help_localities', {}),
  /** `{locality, programs, statewide, listDate}`; the programs that take `caseKind` first. */
  helpFor: (locality, caseKind = null) => invoke('help_for', caseKind ? { locality, caseKind } : { locality }),
  /** `{guidelineYear, povertyLine, percentOfPoverty, programs: [{name, mayQualify, limit, rule, …}], caveat}`. */
  helpEligibility: (householdSize, yearlyIncome) => invoke('help_eligibility', { householdSize, yearlyIncome }),
  /** `{caseKind, questions: [{id, text, why, sections, law, handOff: {title, call, today, appCanStill}}], checkedOn, gaps}`. */
  helpScreen: (caseKind, locality = null) => invoke('help_screen', locality ? { caseKind, locality } : { caseKind }),
  /** The packet for a lawyer, written to the exports folder → `{files: [{path, fileName}], warnings}`. */
  /** `{locality: {id, name, kind} | null, could: [...]}`: the place a court's name names. */
  helpLocalityOfCourt: (court) => invoke('help_locality_of_court', { court }),
  helpPacket: (caseId, { notes = [], documents = [], questions = [] } = {}) => invoke('help_packet', { caseId, notes, documents, questions }),
  // Deadlines in the person's own calendar, and reminders.
  /** Writes an .ics to the exports folder: one deadline, one case, or (neither) everything →
   * `{path, fileName, events}`. `neutral`: nothing about the case in it ("ProSeVA reminder"). */
  calendarExport: ({ caseId = null, deadlineId = null, neutral = false } = {}) => {
    const args = {};
    if (caseId !== null && caseId !== undefined) args.caseId = caseId;
    if (deadlineId !== null && deadlineId !== undefined) args.deadlineId = deadlineId;
    if (neutral) args.neutral = true;
    return invoke('calendar_export', args);
  },
  /** What came due while the app was closed: `{since, reminders: [...]}`. */
  remindersMissed: () => invoke('reminders_missed', {}),
  /** Dismisses reminders by key: they never come back. */
  remindersDismiss: (keys) => invoke('reminders_dismiss', { keys }),
  /** `{notifications, startAtLogin, startAtLoginAsked, discreet}`. */
  reminderSettings: () => invoke('reminder_settings', {}),
  startState: () => invoke('start_state', {}),
  setStartDone: (done) => invoke('set_start_done', { done }),
  /** Changes any of `{notifications, startAtLogin, startAtLoginAsked, discreet}` → all four
   * (`discreet`: `protectiveOrders`, `all` or `off`). */
  setReminderSettings: (changes) => invoke('set_reminder_settings', changes),
  /** Quick exit: the window hidden at once, this page loaded again on its neutral view. */
  quickExit: () => invoke('quick_exit', {}),

  // The case file's lock (privacy.js).
  privacyStatus: () => invoke('privacy_status', {}),
  privacyEncrypt: (passphrase) => invoke('privacy_encrypt', { passphrase }),
  /** `{passphrase}` or `{recoveryKey}`. */
  privacyUnlock: (secret) => invoke('privacy_unlock', secret),
  privacyLock: () => invoke('privacy_lock', {}),
  /** `{old, new}` or `{recoveryKey, new}`. */
  privacyChangePassphrase: (args) => invoke('privacy_change_passphrase', args),
  privacyDecrypt: (passphrase) => invoke('privacy_decrypt', { passphrase }),
  privacySettings: () => invoke('privacy_settings', {}),
  setPrivacySettings: (changes) => invoke('set_privacy_settings', changes),

  // Drafts (the artifact panel): checked and versioned by the case data server.
  listDrafts: (caseId = null) => invoke('list_drafts', caseId === null || caseId === undefined ? {} : { caseId }),
  getDraft: (id, version = null) => invoke('get_draft', version === null ? { id } : { id, version }),
  buildDraft: (build, caseId, draftId = null) => invoke('build_draft', { build, caseId, draftId }),
  reviseDraft: (id, content) => invoke('revise_draft', { id, content }),
  exportDraft: (id, version, format) => invoke('export_draft', { id, version, format }),

  // Papers the person can file (papers.js): built from the case, checked, official forms filled.
  /** `[{id, title, caseKinds, layout, when, fields, certificate, sections, requiredParts}]`. */
  paperKinds: (caseKind = null) => invoke('paper_kinds', caseKind ? { caseKind } : {}),
  /** `{fields, from}`: what the case proposes for a paper's fields, and where each came from. */
  paperProposed: (caseId, paper) => invoke('paper_proposed', { caseId, paper }),
  /** Builds the paper, saved as a `paper` draft (a new version of `draftId`) → `{draft, paper,
   * warnings, when}`; a missing field rejects on `fields.<name>`. */
  buildPaper: (paper, caseId, fields, draftId = null) => invoke('build_paper', draftId ? { paper, caseId, fields, draftId } : { paper, caseId, fields }),
  /** The check before filing: `{draftId}` or `{documentId}` → `{findings, checked, sections, citations, title}`. */
  checkPaper: ({ draftId = null, documentId = null }) => invoke('check_paper', draftId ? { draftId } : { documentId }),
  /** Reads a fillable PDF form: its bytes are the invoke body, its name and case go in headers →
   * `{formId, fileName, pages, fields}`. */
  formFields: (bytes, fileName, caseId = null) => {
    const headers = { 'X-File-Name': encodeURIComponent(fileName) };
    if (caseId !== null && caseId !== undefined) headers['X-Case-Id'] = String(caseId);
    try {
      return core().invoke('form_fields', bytes, { headers });
    } catch (err) {
      return Promise.reject(err);
    }
  },
  /** Saves the filled form to the exports folder → `{path, fileName}`; a value that does not fit
   * rejects on `values.<name>`. */
  fillForm: (formId, values) => invoke('fill_form', { formId, values }),

  // Proof for the hearing (proof.js): what the court must find, the records linked, the packet.
  /** `{kind, title, person, otherSide, checkedOn, elements: [{id, side, title, plain, sections,
   * evidenceKinds: [{id, what, recordKinds, missing}], source, sources, check?}], gaps}`. */
  proofKind: (kind) => invoke('proof_kind', { kind }),
  /** `{caseId, kind, title, person, otherSide, elements: [{id, side, title, plain, sections, status,
   * missing, links, dates?, period?}], counts: {shown, partly, nothing}, caveat, message?}`. */
  caseProof: (caseId) => invoke('case_proof', { caseId }),
  /** Links a record to an element (or takes the link away) → the Proof view after the change; a
   * wrong element, record kind or record rejects on that field. */
  linkProof: (caseId, elementId, recordKind, recordId, linked, note = null) =>
    invoke('link_proof', note === null ? { caseId, elementId, recordKind, recordId, linked } : { caseId, elementId, recordKind, recordId, linked, note }),
  /** Writes the hearing packet (PDF, Word) to the exports folder, the exhibits in this order →
   * `{files: [{path, fileName}], warnings}`. */
  hearingPacket: (caseId, exhibits = []) => invoke('hearing_packet', { caseId, exhibits }),

  // The law library: the official Code of Virginia, downloaded and built into the law graph.
  /** `{library, graph, starterSummaries}`: the download's state (`phase` idle, downloading,
   * building, done or failed), the law graph's stats (null while it is not running) and how many
   * sections the starter corpus summarises. */
  libraryStatus: () => invoke('library_status', {}),
  /** The download's state now and on every change, to `onStatus`. */
  subscribeLibrary: (onStatus) => invoke('subscribe_library', { onStatus: channel(onStatus) }),
  /** Starts (or resumes) the download: `{started}` (false when a run is already going). */
  libraryDownload: () => invoke('library_download', {}),
  /** Asks the site again for every file already here: `{started}`. */
  libraryCheckUpdates: () => invoke('library_check_updates', {}),
  /** Checks one file the person saved from the LIS site and keeps it: `{accepted: {file, keptAs,
   * rows}}` or `{refused: {name, reason}}`. Its bytes are the invoke body; its name and when it
   * last changed (ms since 1970) go in headers. */
  libraryImportFile: (bytes, fileName, lastModified = null) => {
    const headers = { 'X-File-Name': encodeURIComponent(fileName) };
    if (Number.isFinite(lastModified)) headers['X-Last-Modified'] = String(Math.trunc(lastModified));
    try {
      return core().invoke('library_import_file', bytes, { headers });
    } catch (err) {
      return Promise.reject(err);
    }
  },
  /** Builds the library from the imported files: `{started}`. */
  libraryImportFinish: (accepted, refused) => invoke('library_import_finish', { accepted, refused }),
  /** Pauses or resumes the background embedding of the law graph: `{paused}`. */
  libraryPauseEmbedding: (paused) => invoke('library_pause_embedding', { paused }),
};
