// DEVELOPMENT ONLY: the mock in the window's own engine, WebKitGTK (its MiniBrowser), through
// WebKitWebDriver — catches what Chromium forgives. Needs Debian's webkit2gtk-driver and a display:
//
//   Xvfb :97 & DISPLAY=:97 WebKitWebDriver --port=4447 &
//   python3 tests/ui-mock/serve.py 8765 &
//   node tests/ui-mock/webkit.mjs [OUT_DIR] [NAME_FILTER]
//
// Prints one line per scenario (and theme / width) and a closing "N passed, N failed"; leaves a
// screenshot of each in OUT_DIR (`<name>.png`, `<name>-dark.png`). Every run also fails on console
// errors, unhandled rejections, CSP reports, a page wider than the window or a page that scrolls.
// The WebDriver helpers (and WEBDRIVER_URL, MOCK_URL, MINIBROWSER) are in webdriver.mjs, shared
// with render-bench.mjs.

import { writeFileSync, mkdirSync } from 'node:fs';
import { BASE, q, qa, text, sleep, startSession } from './webdriver.mjs';

const OUT = process.argv[2] || '/tmp/proseva-ui-webkit';
const ONLY = process.argv[3] || '';
mkdirSync(OUT, { recursive: true });

const lastCall = (command) => `(window.__mockCalls.filter((c) => c.command === ${JSON.stringify(command)}).pop() || {args: {}}).args`;
const BOTH = ['light', 'dark'];

// [name, query, ready selector, expectation (a JS expression), {themes?, width?, height?, timeout?}]
const SCENARIOS = [
  ['chat', 'scenario=chat', '#chat-transcript .message.assistant[data-state="done"]', 'document.querySelectorAll("#tool-trail .trail-item[data-state=ok]").length === 4 && !!document.querySelector("a.cite.unverified[data-source-id=\\"99-999\\"]")'],
  ['research', 'scenario=research&theme=dark', '#research-answer .message.assistant[data-state="done"]', 'document.querySelector("#results-sidebar .result-group[data-tool=search_opinions] .result-count").textContent === "6"'],
  ['section', 'scenario=section-summary', '#section-viewer[data-state="ready"]', 'document.querySelector("#section-viewer").open && document.querySelector("#section-kind").textContent === "Plain-language summary"'],
  ['markdown', 'scenario=markdown', '#chat-transcript .message.assistant[data-state="done"]', '!document.querySelector("#chat-transcript img, #chat-transcript script")'],
  ['settings-error', 'scenario=settings-error', '#err-baseUrl:not([hidden])', '/must start with/i.test(document.querySelector("#err-baseUrl").textContent)'],
  ['setup', 'scenario=setup', '#status-setup:not([hidden])', '/Preparing the law graph/.test(document.querySelector("#status-setup-label").textContent)'],

  // The law library (the Law tab) and official text with its summary beside it
  [
    'library',
    'scenario=library',
    '#library-holds[data-corpus="starter"] .library-holds-line',
    `/^Plain-language summaries of 437 sections in 15 titles/.test(${text('#library-holds')}) && /Searchable by meaning: 437 of 437/.test(${text('#library-holds')})
      && ${text('#library-download')} === 'Download the official Code of Virginia' && !${q('#library-download')}.disabled && ${q('#library-check')}.hidden
      && ${q('#tab-library')}.getAttribute('aria-selected') === 'true' && !${q('#panel-library')}.hidden && ${q('#panel-chat')}.hidden`,
    { themes: BOTH },
  ],
  [
    'library-hold',
    'scenario=library-hold',
    'html[data-library-held] #library-run:not([hidden])',
    `/^File 12 of 80: CoVTitle_8\\.4A\\.csv$/.test(${text('#library-progress-file')}) && ${q('#library-download')}.disabled && ${q('#library-check')}.disabled
      && /KB\\/s$/.test(${text('#library-speed')}) && ${q('#library-counts [data-count="new"] strong')}.textContent === '11'`,
    { themes: BOTH },
  ],
  [
    'library-done',
    'scenario=library-download&speed=4',
    '#library-holds[data-corpus="official"]',
    `${q('#library-holds')}.dataset.corpus === 'official' && /^Official text of 33,012 sections \\(Code of Virginia and Constitution\\), with 428 plain-language summaries beside them/.test(${text('#library-holds')})
      && ${q('#library-message')}.getAttribute('role') === 'status' && /78 files downloaded/.test(${text('#library-message')})
      && !${q('#library-check')}.hidden && !${q('#library-last-check')}.hidden && !${q('#library-monthly')}.closest('[hidden]')
      && !!${q('#library-failed li[data-file="CoVTitle_33.2.csv"]')} && /HTTP 500/.test(${text('#library-failed')})`,
    { timeout: 40000 },
  ],
  [
    'library-failed',
    'scenario=library-failed&speed=4',
    '#library-message[data-phase="failed"]',
    `${q('#library-message')}.getAttribute('role') === 'alert' && /could not be reached/.test(${text('#library-message')})
      && ${text('#library-download')} === 'Resume the download' && ${qa('#library-failed li')}.length === 3`,
    { width: 640, height: 800 },
  ],
  [
    'section-beside',
    'scenario=section',
    '#section-viewer[data-state="ready"][data-has-summary="true"]',
    `${text('#section-kind')} === 'Official text' && !${q('#section-summary')}.hidden
      && ${text('#section-summary-title')} === 'Plain-language summary — not the statute’s words' && /best for the child/.test(${text('#section-summary-text')})`,
    { themes: BOTH },
  ],

  // The case workspace
  [
    'workspace',
    'scenario=workspace',
    '#case-counts .count-card',
    `[...${qa('#case-picker option')}].map((o) => o.textContent).join('|') === 'Custody of J.|Deposit from 14 Elm St.|Eviction, 12 Pine Ct.|Speeding ticket, I-95 (closed)|New case…'
      && ${q('#case-picker')}.value === '1' && localStorage.getItem('proseva.caseId') === '1'
      && ${text('#case-title')} === 'Custody of J.' && ${qa('#case-details .detail')}.length === 5 && ${qa('#case-parties li')}.length === 3
      && ${q('#case-counts [data-count="deadlines"] .count-number')}.textContent === '5' && /1 overdue/.test(${text('#case-counts [data-count="deadlines"]')})
      && ${q('#workspace .ws-nav button[data-page="overview"]')}.getAttribute('aria-current') === 'page'
      && !${q('#due-strip')}.hidden && ${qa('#due-strip .due-item')}.length === 3 && !!${q('#due-strip .due-item[data-state="overdue"]')}`,
    { themes: BOTH },
  ],
  ['workspace-narrow', 'scenario=workspace', '#case-counts .count-card', `${qa('#workspace .ws-nav button[data-page]')}.length === 10`, { themes: BOTH, width: 640, height: 800 }],
  [
    'workspace-empty',
    'scenario=workspace-empty',
    '#first-case:not([hidden])',
    `${q('#workspace')}.hidden && [...${qa('#case-picker option')}].map((o) => o.textContent).join('|') === 'No case yet|New case…'
      && !!${q('#first-case-name')} && !!${q('#first-case-type')} && !!${q('#first-case-caseNumber')} && !!${q('#first-case-court')} && !!${q('#first-case-submit')}
      && ${q('#due-strip')}.hidden`,
    { themes: BOTH },
  ],
  [
    'case-error',
    'scenario=case-error',
    '#err-first-case-name:not([hidden])',
    `${q('#first-case-name')}.getAttribute('aria-invalid') === 'true' && ${q('#first-case-name')}.getAttribute('aria-describedby').split(' ').includes('err-first-case-name')
      && /is required/i.test(${text('#err-first-case-name')}) && !${q('#first-case-error')}.hidden && document.activeElement === ${q('#first-case-name')}`,
  ],
  [
    'deadline-rule',
    'scenario=deadlines',
    '#deadline-rule-preview[data-state="ready"]',
    `${q('#deadline-rule-dialog')}.open && ${text('#rule-preview-date')} === 'Monday, December 1, 2025' && ${q('#rule-preview-date')}.dataset.date === '2025-12-01'
      && ${qa('#rule-preview-skipped li')}.length === 3 && /day after Thanksgiving/.test(${text('#rule-preview-skipped')})
      && /§ 1-210/.test(${text('#rule-preview-explanation')}) && !!${q('#rule-list a.cite[data-source-id="16.1-106"]')} && !${q('#rule-save')}.disabled`,
    { themes: BOTH, width: 1200, height: 800 },
  ],
  [
    'deadline-save',
    'scenario=deadline-save',
    '#deadlines-overdue .rec-row[data-rule-id="answer-complaint"]',
    `!${q('#deadline-rule-dialog')}.open && ${lastCall('create_record')}.record.date === undefined && ${lastCall('create_record')}.record.ruleId === 'answer-complaint'
      && ${lastCall('create_record')}.record.triggerDate === '2025-11-07' && ${lastCall('create_record')}.record.sourceRule === 'Rule 3:8(a)'
      && /Overdue by \\d+ days/.test(${text('#deadlines-overdue .rec-row[data-rule-id="answer-complaint"] .badge-error')})`,
  ],
  [
    'calendar',
    'scenario=calendar',
    '#calendar-day:not([hidden])',
    `${q('#deadline-calendar button.cal-day.today')}.getAttribute('aria-current') === 'date' && ${qa('#deadline-calendar button.cal-day.has-deadlines')}.length >= 3
      && ${qa('#deadline-calendar button.cal-day[tabindex="0"]')}.length === 1 && !!${q('#deadlines-done-fold')} && !${q('#deadlines-done-fold')}.open
      && ${qa('#deadlines-upcoming .rec-row')}.length === 4`,
    { themes: BOTH, width: 1200, height: 800 },
  ],
  [
    'documents-ocr',
    'scenario=documents',
    '#records-documents .doc-stage[data-stage="ocr"]',
    `/OCR page [123] of 3/.test(${text('#records-documents .doc-stage[data-stage="ocr"]')})`,
  ],
  [
    'documents',
    'scenario=documents',
    '#records-documents .rec-row[data-id="3"][data-stage="meaning"]',
    `/phone-video\\.pdf is 60\\.2 MB; the limit is 25 MB/.test(${text('#upload-failures')}) && ${qa('#upload-failures li')}.length === 2
      && /2 of 4 uploaded/.test(${text('#upload-status')})
      && /tesseract-ocr/.test(${text('#records-documents .rec-row[data-stage="ocr_unavailable"] .doc-problem')})
      && !!${q('#records-documents .rec-row[data-stage="failed"] .doc-problem')} && ${q('#document-file-input')}.multiple
      && window.proseva.documents.pollTimer === null`,
    { themes: BOTH, width: 1200, height: 800, timeout: 30000 },
  ],
  [
    'document-viewer',
    'scenario=document-viewer',
    '#doc-find-count:not(:empty)',
    `${q('#document-viewer')}.open && ${qa('#document-text mark.find-hit')}.length === 6 && ${qa('#document-text mark.current')}.length === 1
      && ${text('#doc-find-count')} === '1 of 6' && ${qa('#document-text .page-marker')}.length === 3`,
    { themes: BOTH, width: 1200, height: 800 },
  ],
  [
    'upload-many',
    'scenario=upload-many',
    '#upload-progress[data-state="done"]',
    `/^1,000 of 1,000 uploaded/.test(${text('#upload-status')}) && window.__mockWorkspace.db.documents.length === 1006 && window.__mockLongestFrame < 1500`,
    { timeout: 120000 },
  ],
  [
    'contact-error',
    'scenario=contact-error',
    '#err-rec-email:not([hidden])',
    `${q('#rec-email')}.getAttribute('aria-invalid') === 'true' && ${q('#rec-email')}.getAttribute('aria-describedby').includes('err-rec-email')
      && /name@example\\.com/.test(${text('#err-rec-email')}) && /7 digits/.test(${text('#err-rec-phone')}) && !${q('#record-error')}.hidden`,
    { themes: BOTH },
  ],
  [
    'finances',
    'scenario=finances',
    '#finance-grand-total',
    `${text('#finance-grand-total')} === '-$309.85' && /Received \\$450\\.00/.test(${text('#records-finances')}) && ${qa('#finance-totals tbody tr')}.length === 5`,
    { themes: BOTH },
  ],
  [
    'timeline',
    'scenario=timeline',
    '#records-timeline[data-total="2"]',
    `${lastCall('list_records')}.filter.critical === true && ${qa('#records-timeline .rec-row.tone-critical')}.length === 2`,
    { themes: BOTH },
  ],
  [
    'notes',
    'scenario=notes',
    '#note-editor[data-note-id="1"]',
    `!!${q('#note-preview a.cite[data-source-id="20-124.3"]')} && !!${q('#note-preview strong')} && ${q('#note-title')}.value === 'What the judge looks at'`,
    { themes: BOTH },
  ],
  [
    'save-note',
    'scenario=save-note',
    '.answer-actions[data-state="saved"]',
    `${lastCall('create_record')}.resource === 'notes' && ${lastCall('create_record')}.record.title === 'How do I request public records from a state agency?'
      && /### Sources\\n- § 2\\.2-3704 — https:/.test(${lastCall('create_record')}.record.body) && ${lastCall('create_record')}.record.sources.length === 4
      && ${lastCall('create_record')}.record.caseId === 1 && typeof ${lastCall('create_record')}.record.conversationId === 'number'
      && ${lastCall('chat')}.caseId === 1 && !!${q('.answer-actions .saved-note-link')}`,
  ],
  [
    'conversations',
    'scenario=conversations',
    '#chat-transcript .message.assistant[data-replayed="true"][data-state="done"]',
    `${qa('#tool-trail .trail-item[data-state="ok"]')}.length === 4 && !!${q('#chat-transcript a.cite[data-source-id="2.2-3704"]')}
      && ${qa('#chat-transcript .message-sources .source-link')}.length === 3 && !!${q('#chat-transcript button.save-note')}
      && ${q('#chat-transcript')}.dataset.conversationId === '1' && !${q('#conversations-drawer')}.open`,
    { themes: BOTH },
  ],
  [
    'conversation-list',
    'scenario=conversations&open=0',
    '#conversation-list .conversation-item',
    `${qa('#conversation-list .conversation-item')}.length === 2 && ${q('#conversation-list .conversation-item')}.dataset.kind === 'research'
      && !!${q('#conversation-list [data-action="export"]')} && !!${q('#conversation-list [data-action="rename"]')}`,
    { themes: BOTH },
  ],
  [
    'conversation-continue',
    'scenario=conversations&continue=1',
    '#chat-transcript .message.assistant:not([data-replayed])[data-state="done"]',
    `${lastCall('chat')}.conversationId === 1 && ${lastCall('chat')}.caseId === 1 && ${lastCall('chat')}.messages.length === 3
      && window.__mockWorkspace.db.conversations[0].messages.length === 4`,
  ],
  [
    'backup',
    'scenario=backup',
    '#confirm-dialog[open]',
    `/kept aside/.test(${text('#confirm-message')}) && /replaced by the backup of/.test(${text('#confirm-message')}) && ${qa('#backup-list .backup-restore')}.length === 2
      && !!${q('#backup-create')} && !!${q('#confirm-ok')}`,
    { themes: BOTH },
  ],
  // Step by step, the calendar file, reminders
  [
    'path',
    'scenario=path',
    '#case-path .path-step[data-status="next"]',
    `${q('#case-kind')}.value === 'eviction-tenant' && ${qa('#case-path .path-step')}.length === 7
      && ${qa('#case-path .path-step[data-status="done"]')}.length === 3 && ${q('#case-path .path-step[data-status="next"]')}.dataset.step === 'prepare'
      && ${text('#case-path .path-step[data-status="next"] .path-status')} === 'Next' && ${q('#case-path .path-step[data-status="next"]')}.getAttribute('aria-current') === 'step'
      && !!${q('#case-path-form input[type="date"][data-date-key="returnDate"][data-court="true"]')} && ${q('#case-path-form input[data-date-key="servedDate"]')}.value !== ''
      && ${q('#case-amount-field')}.hidden
      && /Enter the day the judge decided the case to see this deadline/.test(${text('#case-path .path-step[data-step="appeal"] .path-needs')})
      && !!${q('#case-path .path-step[data-step="first-hearing"] .path-on[data-date]')} && !!${q('#case-path .path-step[data-step="appeal"] a.cite[data-source-id="8.01-129"]')}
      && ${text('#case-path .form-number')} !== '' && /general district court/.test(${text('#case-court')}) && !!${q('#case-court a.cite[data-source-id="16.1-77"]')}
      && ${qa('#case-path-caveats li')}.length === 2 && !!${q('#ws-page-path button.add-to-calendar[data-scope="case"]')}`,
    { themes: BOTH },
  ],
  ['path-narrow', 'scenario=path', '#case-path .path-step[data-status="next"]', `${qa('#case-path .path-step')}.length === 7`, { width: 640, height: 800 }],
  [
    'path-save',
    'scenario=path-save',
    '#case-path .path-step[data-step="appeal"] .path-deadline',
    `${lastCall('set_case_path')}.caseId === 4 && Object.keys(${lastCall('set_case_path')}.dates).join() === 'judgmentDate'
      && /10 days after/.test(${text('#case-path .path-step[data-step="appeal"] .path-explanation')}) && /^Saved\./.test(${text('#case-path-saved')})
      && window.__mockWorkspace.db.deadlines.some((d) => d.caseId === 4 && d.ruleId === 'appeal-unlawful-detainer')`,
  ],
  [
    'path-tick',
    'scenario=path-tick',
    '#case-path .path-step[data-step="first-hearing"][data-status="next"]',
    `${lastCall('tick_step')}.stepId === 'prepare' && ${lastCall('tick_step')}.done === true && ${q('#path-tick-prepare')}.checked
      && document.activeElement === ${q('#path-tick-prepare')} && /4 of 7 steps done/.test(${text('#case-path-progress')})`,
  ],
  [
    'path-choose',
    'scenario=path-choose',
    '#case-path[data-kind="debt-plaintiff"] .path-step',
    `${lastCall('set_case_path')}.kind === 'debt-plaintiff' && ${lastCall('set_case_path')}.amount === 4800
      && !${q('#case-amount-field')}.hidden && /circuit court/.test(${text('#case-court .path-court-also')}) && !!${q('#case-court a.cite[data-source-id="17.1-513"]')}`,
    { themes: BOTH },
  ],
  // Proof for the hearing: the eviction's elements, two documents linked, the packet exported
  [
    'proof',
    'scenario=proof',
    '#proof-elements li.proof-element[data-element="rental-agreement"]',
    `${lastCall('case_proof')}.caseId === 5 && ${text('#proof-claim-title')} === 'What the landlord must prove' && ${text('#proof-defence-title')} === 'Your answers'
      && /does not say whether the judge will find it shown/.test(${text('#proof-caveat')}) && ${q('li.proof-element[data-element="filed-after-notice"]')}.dataset.status === 'shown'
      && !!${q('li.proof-element[data-element="filed-after-notice"] .proof-agent')}`,
    { themes: BOTH },
  ],
  [
    'proof-linked',
    'scenario=proof-linked',
    '#proof-packet-result[data-state="saved"]',
    `${q('li.proof-element[data-element="rental-agreement"]')}.dataset.status === 'shown' && ${q('li.proof-element[data-element="pay-or-quit-notice"]')}.dataset.status === 'partly'
      && ${lastCall('hearing_packet')}.exhibits.length === 3 && ${qa('#proof-files li')}.length === 2`,
  ],
  ['proof-narrow', 'scenario=proof-linked', '#proof-packet-result[data-state="saved"]', `!!${q('#proof-exhibits li.proof-exhibit')}`, { width: 640, height: 800 }],
  // Papers to file, a paper built and checked, a downloaded form filled
  [
    'papers',
    'scenario=papers',
    '#paper-kinds li.paper-kind[data-paper="motion-to-continue"]',
    `${lastCall('paper_kinds')}.caseKind === 'eviction-tenant' && ${qa('#paper-kinds li.paper-kind')}.length === 4
      && ${q('#paper-kinds li.paper-kind[data-paper="motion-to-continue"] details.paper-why')}.open && /When to file it/.test(${text('#paper-kinds')})
      && !!${q('#paper-theirs-document option')} && !!${q('#papers-fill-form')}`,
    { themes: BOTH },
  ],
  [
    'papers-built',
    'scenario=papers-built',
    '#paper-check-result[data-state="done"]',
    `${lastCall('build_paper')}.paper === 'motion-to-continue' && ${text('#paper-preview h4.paper-heading')} === 'MOTION TO CONTINUE'
      && /Case No\. GV26-001234/.test(${text('#paper-preview .paper-number')}) && /IN THE GENERAL DISTRICT COURT FOR THE CITY OF RICHMOND/.test(${text('#paper-preview .paper-court')})
      && ${qa('#paper-preview ol.paper-paragraphs li')}.length === 3 && !!${q('#paper-check-result .paper-finding')} && /Not legal advice/.test(${text('#paper-notice')})`,
    { themes: BOTH },
  ],
  ['papers-built-narrow', 'scenario=papers-built', '#paper-check-result[data-state="done"]', `!!${q('#paper-preview article.paper-sheet')}`, { width: 640, height: 800 }],
  [
    'form-fill',
    'scenario=form-fill',
    '#form-filler[data-state="ready"]',
    `${qa('#form-fields-table tr.form-field-row')}.length === 9 && ${q('#form-fields-table tr[data-name="Tenant"] input')}.value === 'Nguyễn Thị Lan'
      && ${q('#form-fields-table tr[data-name="Signature"] input')}.disabled && /Nothing leaves this computer/.test(${text('#form-file-hint')})`,
    { themes: BOTH },
  ],
  [
    'calendar-export',
    'scenario=calendar-export',
    '#calendar-export-result[data-state="saved"]',
    `${lastCall('calendar_export')}.caseId === undefined && ${lastCall('calendar_export')}.deadlineId === undefined
      && /proseva-calendar\.ics/.test(${text('#calendar-export-path')}) && !!${q('#calendar-export-result details.calendar-howto')}
      && /Google Calendar/.test(${text('#calendar-howto')}) && /Outlook/.test(${text('#calendar-howto')}) && /Apple Calendar/.test(${text('#calendar-howto')})
      && !!${q('#deadlines-upcoming .rec-row button.add-to-calendar[data-scope="deadline"]')}`,
    { themes: BOTH },
  ],
  [
    'reminders',
    'scenario=reminders',
    '#missed-reminders:not([hidden]) .reminder-item',
    `${text('#missed-reminders-title')} === 'While ProSeVA was closed' && ${qa('#missed-reminders .reminder-item')}.length >= 2
      && !!${q('#missed-reminders .reminder-item[data-passed="true"]')} && /Deadline passed on .*Ask the landlord in writing/.test(${text('#missed-reminders')})
      && /Go to the first court date tomorrow 9:00 at Richmond General District Court/.test(${text('#missed-reminders')})
      && !!${q('#missed-reminders-dismiss-all')} && ${q('#reminder-list')}.getAttribute('aria-live') === 'polite'`,
    { themes: BOTH },
  ],
  [
    'reminders-live',
    'scenario=reminders-live',
    '#reminder-list .reminder-item',
    `${q('#reminder-list')}.getAttribute('aria-live') === 'polite' && !!${q('#reminder-list .reminder-dismiss')}`,
  ],
  [
    'start-at-login',
    'scenario=start-at-login',
    '#start-at-login-prompt:not([hidden])',
    `/start when you log in/.test(${text('#start-at-login-prompt')}) && !!${q('#start-at-login-yes')} && !!${q('#start-at-login-no')}`,
  ],
  [
    'big',
    'scenario=big',
    '#records-timeline[data-total="5005"] .rec-row',
    `${qa('#records-timeline .rec-row')}.length === 100 && ${text('#records-timeline .pager-text')} === 'Showing 1–100 of 5,005'
      && performance.getEntriesByName('workspace-render:timeline').length > 0 && performance.getEntriesByName('workspace-render:timeline').every((m) => m.duration < 500)`,
  ],
  [
    'big-next',
    'scenario=big&next=1',
    '#records-timeline[data-offset="100"]',
    `${text('#records-timeline .pager-text')} === 'Showing 101–200 of 5,005' && ${qa('#records-timeline .rec-row')}.length === 100`,
  ],
  [
    'big-deadlines',
    'scenario=big&page=deadlines',
    '#deadlines-upcoming[data-total] .rec-row',
    `${qa('#deadlines-upcoming .rec-row')}.length === 100 && /^Showing 1–100 of /.test(${text('#deadlines-upcoming .pager-text')})
      && performance.getEntriesByName('workspace-render:deadlines').length > 0`,
    { width: 1200, height: 800 },
  ],
  [
    'big-documents',
    'scenario=big&page=documents',
    '#records-documents[data-total] .rec-row',
    `${qa('#records-documents .rec-row')}.length === 100 && /of 505$/.test(${text('#records-documents .pager-text')})`,
  ],
];

let passed = 0;
let failed = 0;
const session = await startSession();
const { exec } = session;
const initial = await session.rect().catch(() => null);
try {
  for (const [name, query, ready, expectation, opts = {}] of SCENARIOS) {
    if (ONLY && !name.includes(ONLY)) continue;
    for (const theme of opts.themes || ['']) {
      const label = theme === 'dark' ? `${name}-dark` : name;
      try {
        const size = opts.width ? { width: opts.width, height: opts.height || 800 } : initial && { width: initial.width, height: initial.height };
        if (size) await session.setRect(size).catch(() => {});
        await session.go(`${BASE}?${query}${theme ? `&theme=${theme}` : ''}`);
        await session.waitFor(`document.querySelector(${JSON.stringify(ready)})`, { timeout: opts.timeout || 20000, what: ready });
        await sleep(300);
        const r = await exec(`return { ok: Boolean(${expectation}), problems: window.__mockProblems || [], sideways: document.documentElement.scrollWidth > innerWidth, pageScroll: document.documentElement.scrollHeight > innerHeight + 1 }`);
        writeFileSync(`${OUT}/${label}.png`, await session.screenshot());
        const ok = r.ok && !r.problems.length && !r.sideways && !r.pageScroll;
        if (ok) passed += 1;
        else failed += 1;
        console.log(`${ok ? 'ok  ' : 'FAIL'} webkit ${label}${ok ? '' : ` — ${JSON.stringify(r)}`}`);
      } catch (err) {
        failed += 1;
        console.log(`FAIL webkit ${label} — ${err.message}`);
      }
    }
  }
} finally {
  await session.close();
}
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
