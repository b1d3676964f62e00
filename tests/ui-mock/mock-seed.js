// DEVELOPMENT ONLY. The records the mock's case workspace starts with (mock-workspace.js keeps
// them in memory and answers the workspace's commands from them), and the deadline rules as the
// server ships them (sidecars/server/rules/deadlines.json). Dates are relative to today, so the
// due strip and the overdue flags always have something to show. Case 4 is an eviction with a
// step-by-step path: its dates, two steps ticked, a court date tomorrow at 9:00. The Papers to
// file scenarios add case 5, the eviction they write for (Nguyễn Thị Lan v. Oak Ridge Apartments,
// LLC); the Proof for the hearing ones add the records its proof links.
(function () {
  'use strict';

  const RULES = {
    "about": "Virginia deadlines counted in days from an event. The day of the event is not counted and the last day is (Va. Code § 1-210); a last day on a Saturday, Sunday or legal holiday (§ 2.2-3300) moves to the next day the clerk's office is open. Each rule names its source; read it before relying on the date.",
    "caveats": [
      "Not legal advice. A court order, a statute specific to your case, or a change in the rules can set a different deadline.",
      "Days the Governor closes state offices and days a clerk's office closes for weather also move deadlines (§ 1-210) but are not in this table; ask the clerk.",
      "When a paper was served on you by mail, Rule 1:7 adds three days to periods counted from its service; the dates here do not add them."
    ],
    "rules": [
      {
        "id": "answer-complaint",
        "title": "File an answer, demurrer or other responsive pleading",
        "citation": "Rule 3:8(a)",
        "days": 21,
        "after": "service of the summons and complaint on you",
        "kind": "response",
        "court": "circuit court",
        "note": "If you do not respond in time you can be found in default."
      },
      {
        "id": "appeal-general-district",
        "title": "Note an appeal from the general district court",
        "citation": "Va. Code § 16.1-106",
        "days": 10,
        "after": "entry of the general district court's judgment",
        "kind": "appeal",
        "court": "general district court",
        "note": "The appeal goes to the circuit court. Other steps of an appeal, such as the appeal bond and the writ tax, have their own deadlines; ask the clerk."
      },
      {
        "id": "appeal-unlawful-detainer",
        "title": "Note an appeal of an unlawful detainer (eviction) judgment",
        "citation": "Va. Code § 8.01-129",
        "days": 10,
        "after": "entry of the judgment for possession",
        "kind": "appeal",
        "court": "general district court",
        "note": "An eviction appeal also needs a bond and the rent as it falls due; ask the clerk what to pay and by when."
      },
      {
        "id": "appeal-juvenile-domestic",
        "title": "Note an appeal from the juvenile and domestic relations district court",
        "citation": "Va. Code § 16.1-296",
        "days": 10,
        "after": "entry of the final judgment, order or conviction",
        "kind": "appeal",
        "court": "juvenile and domestic relations district court",
        "note": "The appeal goes to the circuit court, which hears the case anew."
      },
      {
        "id": "notice-of-appeal-court-of-appeals",
        "title": "File a notice of appeal to the Court of Appeals",
        "citation": "Rule 5A:6(a)",
        "days": 30,
        "after": "entry of the circuit court's final judgment",
        "kind": "appeal",
        "court": "circuit court",
        "note": "The notice is filed with the clerk of the circuit court that entered the judgment, and a copy goes to the other parties."
      },
      {
        "id": "transcript-court-of-appeals",
        "title": "File the transcript for an appeal to the Court of Appeals",
        "citation": "Rule 5A:8(a)",
        "days": 60,
        "after": "entry of the circuit court's final judgment",
        "kind": "appeal",
        "court": "circuit court",
        "note": "The transcript is filed with the clerk of the circuit court; order it from the court reporter well before this day."
      },
      {
        "id": "trial-court-control-ends",
        "title": "Last day the trial court can change its final order",
        "citation": "Rule 1:1(a)",
        "days": 21,
        "after": "entry of the final judgment, order or decree",
        "kind": "post-trial",
        "court": "circuit court",
        "note": "A motion to reconsider or for a new trial must be decided by this day, not only filed; filing a motion does not extend it."
      },
      {
        "id": "answer-interrogatories",
        "title": "Serve answers and objections to interrogatories",
        "citation": "Rule 4:8(d)",
        "days": 21,
        "after": "service of the interrogatories on you",
        "kind": "discovery",
        "court": "circuit court",
        "note": "Answer each question separately and fully in writing, under oath."
      },
      {
        "id": "respond-production-request",
        "title": "Serve a written response to a request for production of documents",
        "citation": "Rule 4:9(b)",
        "days": 21,
        "after": "service of the request on you",
        "kind": "discovery",
        "court": "circuit court",
        "note": "Say for each item whether you will produce it or why you object."
      },
      {
        "id": "respond-requests-for-admission",
        "title": "Answer or object to requests for admission",
        "citation": "Rule 4:11(a)",
        "days": 21,
        "after": "service of the requests on you",
        "kind": "discovery",
        "court": "circuit court",
        "note": "Anything you do not answer or object to in time is taken as admitted."
      }
    ]
  };

  const pad = (n) => String(n).padStart(2, '0');
  const iso = (d) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
  /** Today plus `n` days, `YYYY-MM-DD` (local). */
  const day = (n) => {
    const d = new Date();
    d.setHours(12, 0, 0, 0);
    d.setDate(d.getDate() + n);
    return iso(d);
  };
  /** A timestamp `n` days ago (plus `h` hours). */
  const stamp = (n, h = 10) => {
    const d = new Date();
    d.setDate(d.getDate() - n);
    d.setHours(h, 12, 0, 0);
    return d.toISOString();
  };

  const ORDER_TEXT = [
    'VIRGINIA: IN THE JUVENILE AND DOMESTIC RELATIONS DISTRICT COURT OF FAIRFAX COUNTY\n\nIn re: J. Doe, a minor child\nCase No. JJ123456-01-00\n\nCUSTODY AND VISITATION ORDER\n\nThis matter came before the Court on the petition of Pat Doe for custody of the minor child. Having considered the evidence and the factors of § 20-124.3, the Court finds that joint legal custody is in the best interests of the child.\n',
    'It is ORDERED that the parties share joint legal custody of the child, with primary physical custody to the petitioner. The respondent shall have visitation every other weekend from Friday at 6 p.m. to Sunday at 6 p.m., and one evening each week.\n\nNeither party shall relocate the child\'s residence more than fifty miles without thirty days\' written notice to the other party and to the Court, as § 20-124.5 requires.\n',
    'Either party may petition the Court to modify this custody order upon a material change in circumstances (§ 20-108).\n\nENTERED this 14th day of March, 2023.\n\nJudge, Juvenile and Domestic Relations District Court\n',
  ];

  const LETTER_TEXT = 'Pat Doe\n22 Oak Lane\nFairfax, VA 22030\n\nDepartment of Motor Vehicles\nRecords Request\n\nDear Records Officer,\n\nI am writing to request copies of all records about my license suspension, under the Virginia Freedom of Information Act (§ 2.2-3704). Please tell me the cost in advance if it will be more than $25.\n\nThank you,\nPat Doe\n';

  const NOTICE_TEXT = [
    'NOTICE OF HEARING\n\nTo: Sam Doe\nCase No. JJ123456-01-00\n\nYou are notified that the Motion to Modify Custody filed by Pat Doe will be heard on the date shown below.\n',
    'Place: Fairfax County Juvenile and Domestic Relations District Court, 4000 Chain Bridge Road, Courtroom 3B.\n\nBring any documents and witnesses you wish the court to consider. The custody order of March 14, 2023 stays in force until the court rules.\n',
    'If you need an interpreter, or an accommodation for a disability, tell the clerk\'s office at least five days before the hearing.\n',
  ];

  const MOVING_TEXT = 'Moving out of 14 Elm St.\n\n- Gave written notice on Oct 30.\n- Walked through with the property manager on Nov 30; keys returned.\n- Photos of every room taken the same day (see the phone album "Elm St move-out").\n- Forwarding address given in writing: 22 Oak Lane, Fairfax.\n- Deposit paid at move-in: $1,450.\n';

  /** The documents, each with its text (pages as `{page, start}`) and how its stages go. */
  function documents() {
    const joined = (parts) => ({ text: parts.join('\n'), pages: parts.reduce((acc, p, i) => (acc.push({ page: i + 1, start: i ? acc[i - 1].start + parts[i - 1].length + 1 : 0 }), acc), []) });
    const order = joined(ORDER_TEXT);
    const notice = joined(NOTICE_TEXT);
    return [
      { caseId: 1, title: 'Custody order (March 2023)', kind: 'order', fileName: 'custody-order-2023.pdf', format: 'pdf', mediaType: 'application/pdf', sizeBytes: 412_331, pageCount: 3, stage: 'meaning', ...order, createdAt: stamp(40) },
      { caseId: 1, title: 'Letter to DMV', kind: 'letter', fileName: 'letter-to-dmv.docx', format: 'docx', mediaType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', sizeBytes: 18_220, pageCount: null, stage: 'meaning', text: LETTER_TEXT, pages: null, createdAt: stamp(20) },
      { caseId: 1, title: 'Notice of hearing (scanned)', kind: 'notice', fileName: 'notice-of-hearing-scan.pdf', format: 'pdf', mediaType: 'application/pdf', sizeBytes: 2_841_002, pageCount: 3, stage: 'stored', ...notice, script: 'ocr', createdAt: stamp(0, 9) },
      { caseId: 1, title: 'Photo of the lease, page 2', kind: 'evidence', fileName: 'lease-page-2.jpg', format: 'jpg', mediaType: 'image/jpeg', sizeBytes: 3_512_998, pageCount: 1, stage: 'stored', text: '', pages: null, script: 'no-ocr', createdAt: stamp(0, 9) },
      { caseId: 1, title: 'Moving notes', kind: 'notes', fileName: 'moving-notes.txt', format: 'txt', mediaType: 'text/plain', sizeBytes: 1_204, pageCount: null, stage: 'stored', text: MOVING_TEXT, pages: null, script: 'text', createdAt: stamp(0, 9) },
      { caseId: 2, title: 'Lease (signed)', kind: 'lease', fileName: 'lease-14-elm.pdf', format: 'pdf', mediaType: 'application/pdf', sizeBytes: 902_114, pageCount: 1, stage: 'meaning', text: 'RESIDENTIAL LEASE — 14 Elm St., Richmond, VA\n\nSecurity deposit: $1,450, to be returned within 45 days after the tenancy ends (§ 55.1-1226).\n', pages: [{ page: 1, start: 0 }], createdAt: stamp(300) },
    ];
  }

  /**
   * Case 5, for the Papers to file scenarios (mock-workspace.js builds its papers from
   * sidecars/server/papers/papers.json): an eviction in Richmond, the tenant's own name in
   * Vietnamese, the hearing in nine days, the landlord's contact and its summons.
   */
  function papersCase(db) {
    db.cases.push(
      { name: 'Oak Ridge eviction', caseNumber: 'GV26-001234', court: 'General District Court of the City of Richmond', type: 'landlord-tenant', kind: 'eviction-tenant', pathDates: { returnDate: day(9) }, status: 'open', parties: [{ name: 'Nguyễn Thị Lan', role: 'me' }, { name: 'Oak Ridge Apartments, LLC', role: 'other-party' }], notes: null, createdAt: stamp(10) },
    );
    db.deadlines.push(
      { caseId: 5, title: 'Go to the first court date', date: day(9), kind: 'hearing', done: false, time: '09:30', location: 'General District Court of the City of Richmond, 400 N. 9th St.', notes: 'From the step-by-step path: The first court date (the return date on the summons).', pathKey: 'date:returnDate' },
    );
    db.contacts.push(
      { caseId: 5, name: 'Oak Ridge Apartments, LLC', role: 'opposing_party', phone: '(804) 555-0170', email: null, address: '2200 Oak Ridge Rd., Richmond, VA 23224', notes: 'The landlord; the rental office is on the ground floor.' },
    );
    db.documents.push(
      // The landlord's paper, as the person scanned it: the tenant's name without its accents and
      // the case number mistyped (what the check of the other side's paper finds).
      { caseId: 5, title: 'Summons for unlawful detainer (from the landlord)', kind: 'notice', fileName: 'summons-unlawful-detainer.pdf', format: 'pdf', mediaType: 'application/pdf', sizeBytes: 188_402, pageCount: 1, stage: 'meaning', text: 'SUMMONS FOR UNLAWFUL DETAINER — Case No. GV26-001243\nGeneral District Court of the City of Richmond\nOak Ridge Apartments, LLC, Plaintiff, v. Nguyen Thi Lan, Defendant.\nPossession of 1400 Oak Ridge Rd., Apt. 4B, Richmond, VA 23224, and rent of $1,350.\n', pages: [{ page: 1, start: 0 }], createdAt: stamp(10) },
    );
  }

  /**
   * Case 5 with what the Proof for the hearing scenarios link (mock-proof.js works the view out
   * from sidecars/server/proof/eviction-tenant.json): the lease and the landlord's notice, the day
   * the notice came and the day the landlord filed, a rent payment, a note and a witness; the
   * assistant proposed the summons for "filed after the notice".
   */
  function proofCase(db) {
    papersCase(db);
    const add = (table, rec) => db[table].push(rec);
    add('documents', { caseId: 5, title: 'Lease, 1400 Oak Ridge Rd., Apt. 4B', kind: 'lease', fileName: 'lease-oak-ridge.pdf', format: 'pdf', mediaType: 'application/pdf', sizeBytes: 412_880, pageCount: 1, stage: 'meaning', text: 'RESIDENTIAL LEASE — 1400 Oak Ridge Rd., Apt. 4B. Rent $1,350 a month, due on the 1st.\n', pages: [{ page: 1, start: 0 }], createdAt: stamp(40) });
    add('documents', { caseId: 5, title: 'Pay-or-quit notice (from the landlord)', kind: 'notice', fileName: 'pay-or-quit.pdf', format: 'pdf', mediaType: 'application/pdf', sizeBytes: 96_114, pageCount: 1, stage: 'meaning', text: 'NOTICE TO PAY RENT OR QUIT — 14 days.\n', pages: [{ page: 1, start: 0 }], createdAt: stamp(30) });
    const summons = db.documents.findIndex((d) => d.caseId === 5 && d.fileName === 'summons-unlawful-detainer.pdf') + 1;
    add('timeline', { caseId: 5, date: day(-30), party: 'Oak Ridge Apartments, LLC', title: 'Pay-or-quit notice taped to my door', details: 'I took a photo of it on the door.', isCritical: true });
    add('timeline', { caseId: 5, date: day(-20), party: 'Court', title: 'The landlord filed the unlawful detainer', details: 'The date on the summons.', isCritical: true, sourceDocumentId: summons });
    add('finances', { caseId: 5, date: day(-25), amount: 1350, category: 'rent', description: 'October rent, money order to the rental office' });
    add('notes', { caseId: 5, title: 'What the rental office said', body: 'On the phone they said the money order was never logged.', sources: [] });
    add('contacts', { caseId: 5, name: 'Minh Trần', role: 'witness', phone: '(804) 555-0188', email: null, address: null, notes: 'Neighbour in 4C; saw me hand in the money order.' });
    db.proofLinks = [{ caseId: 5, elementId: 'filed-after-notice', recordKind: 'document', recordId: summons, note: 'The summons shows the day the landlord filed.', createdBy: 'agent' }];
  }

  /** The whole store for a scenario: `{cases, deadlines, contacts, finances, timeline, notes, conversations, documents, backups, steps}`. */
  function build(scenario, canned) {
    const db = { cases: [], deadlines: [], contacts: [], finances: [], timeline: [], notes: [], conversations: [], documents: [], backups: [], steps: [] };
    if (scenario === 'workspace-empty' || scenario === 'case-error') return db;
    db.cases = [
      { name: 'Custody of J.', caseNumber: 'JJ123456-01-00', court: 'Fairfax County J&DR District Court', type: 'custody', status: 'open', parties: [{ name: 'Pat Doe', role: 'me' }, { name: 'Sam Doe', role: 'other-party' }, { name: 'J. Doe', role: 'child' }], notes: 'Motion to modify custody: Sam plans to move to Norfolk. Hearing set; statement of facts due first.', createdAt: stamp(60) },
      { name: 'Deposit from 14 Elm St.', caseNumber: 'GV24-001234-00', court: 'Richmond General District Court', type: 'landlord-tenant', status: 'open', parties: [{ name: 'Pat Doe', role: 'me' }, { name: 'Elm Street Properties LLC', role: 'other-party' }], notes: null, createdAt: stamp(45) },
      { name: 'Speeding ticket, I-95', caseNumber: 'GT23-88812-00', court: 'Prince William General District Court', type: 'traffic', status: 'closed', parties: [], notes: 'Paid on time; closed.', createdAt: stamp(400) },
      // A step-by-step path (mock-workspace.js works the plan out from sidecars/server/paths/paths.json):
      // served six days ago, in court tomorrow; the first three steps ticked.
      { name: 'Eviction, 12 Pine Ct.', caseNumber: 'GV26-004411-00', court: 'Richmond General District Court', type: 'landlord-tenant', kind: 'eviction-tenant', pathDates: { servedDate: day(-6), returnDate: day(1) }, status: 'open', parties: [{ name: 'Pat Doe', role: 'me' }, { name: 'Pine Court Apartments LLC', role: 'other-party' }], notes: 'Summons for unlawful detainer (DC-421) for November rent.', createdAt: stamp(7) },
    ];
    db.steps = [
      { caseId: 4, stepId: 'notice', doneAt: stamp(6) },
      { caseId: 4, stepId: 'summons', doneAt: stamp(5) },
      { caseId: 4, stepId: 'interpreter', doneAt: stamp(5) },
    ];
    db.deadlines = [
      { caseId: 1, title: 'Serve the motion on the other party', date: day(-18), kind: 'service', done: false, notes: 'Sheriff service, or a private process server.' },
      { caseId: 1, title: 'File the written statement of facts', date: day(3), kind: 'filing', done: false, ruleId: 'transcript-court-of-appeals', triggerDate: day(-57), sourceRule: 'Rule 5A:8(a)', dateNote: `60 days after ${day(-57)} (Rule 5A:8(a)).` },
      { caseId: 1, title: 'Exchange exhibit lists', date: day(6), kind: 'filing', done: false },
      { caseId: 1, title: 'Custody hearing, J&DR Court', date: day(23), kind: 'hearing', done: false, notes: 'Courtroom 3B, 9:00 a.m. Bring the school records.' },
      { caseId: 1, title: 'Answer the interrogatories', date: day(31), kind: 'discovery', done: false, ruleId: 'answer-interrogatories', triggerDate: day(10), sourceRule: 'Rule 4:8(d)', dateNote: `21 days after ${day(10)} (Rule 4:8(d)).` },
      { caseId: 1, title: 'File the petition to modify custody', date: day(-40), kind: 'filing', done: true },
      { caseId: 2, title: 'Note an appeal from the general district court', date: day(5), kind: 'appeal', done: false, ruleId: 'appeal-general-district', triggerDate: day(-5), sourceRule: 'Va. Code § 16.1-106', dateNote: `10 days after ${day(-5)} (Va. Code § 16.1-106).` },
      // The eviction: the court date its path put in (`pathKey`: which path date made it), with a time
      // and a place; and one of the person's own, with its own reminders, due yesterday.
      { caseId: 4, title: 'Go to the first court date', date: day(1), kind: 'hearing', done: false, time: '09:00', location: 'Richmond General District Court, 400 N. 9th St., Courtroom 2', notes: 'From the step-by-step path: The first court date (the return date on the summons).', pathKey: 'date:returnDate' },
      { caseId: 4, title: 'Ask the landlord in writing for the amount owed', date: day(-1), kind: 'other', done: false, reminders: ['2d', 'morning'] },
    ];
    db.contacts = [
      { caseId: 1, name: 'Sam Doe', role: 'opposing_party', phone: '(703) 555-0142', email: 'sam.doe@example.com', address: '101 Bay St., Norfolk, VA 23510', notes: 'Prefers email.' },
      { caseId: 1, name: 'Clerk, Fairfax J&DR Court', role: 'clerk', phone: '(703) 246-3367', email: null, address: '4000 Chain Bridge Rd, Fairfax, VA 22030', notes: 'Open 8:00–4:00, weekdays.' },
      { caseId: 1, name: 'Dana Whitfield', role: 'witness', phone: '(703) 555-0199', email: 'dana.w@example.com', address: null, notes: 'J.’s teacher; can speak to school attendance.' },
    ];
    db.finances = [
      { caseId: 1, date: day(-50), amount: 86, category: 'filing fees', description: 'Petition to modify custody' },
      { caseId: 1, date: day(-30), amount: 12, category: 'service of process', description: 'Sheriff’s fee' },
      { caseId: 1, date: day(-20), amount: 23.4, category: 'copies', description: 'Certified copy of the custody order' },
      { caseId: 1, date: day(-14), amount: -450, category: 'child support', description: 'Support received for last month' },
      { caseId: 1, date: day(-2), amount: 18.75, category: 'transportation', description: 'Parking at the courthouse' },
    ];
    db.timeline = [
      { caseId: 1, date: day(-420), party: 'Court', title: 'Custody order entered: joint legal custody', details: 'Primary physical custody to me.', isCritical: true, sourceDocumentId: 1 },
      { caseId: 1, date: day(-70), party: 'Sam Doe', title: 'Sam says he is moving to Norfolk', details: 'Text message; screenshot saved.', isCritical: true },
      { caseId: 1, date: day(-50), party: 'Me', title: 'Filed the petition to modify custody', details: null, isCritical: false },
      { caseId: 1, date: day(-33), party: 'School', title: 'Teacher’s letter about J.’s attendance', details: 'Dana Whitfield will testify.', isCritical: false },
      { caseId: 1, date: day(-9), party: 'Sam Doe', title: 'Missed the weekend visit', details: 'No notice given.', isCritical: false },
    ];
    db.notes = [
      { caseId: 1, title: 'What the judge looks at', body: 'The court weighs the **best interests of the child** under § 20-124.3:\n\n- the child’s age and needs\n- each parent’s role, and their support of the child’s contact with the other parent\n- the child’s preference, if old enough\n\nA change needs a *material change in circumstances* (§ 20-108).', sources: [{ label: '§ 20-124.3', sourceId: '20-124.3' }, { label: '§ 20-108', sourceId: '20-108' }], conversationId: null, createdAt: stamp(12) },
      { caseId: 1, title: 'Questions for the clerk', body: '1. Can I file the statement of facts by mail?\n2. Is there a fee for a certified copy?', sources: [], conversationId: null, createdAt: stamp(4) },
    ];
    if (canned) {
      const foia = canned.answer('foia');
      const research = canned.answer('research');
      db.conversations = [
        {
          title: 'How do I request public records from a state agency?',
          kind: 'chat',
          caseId: 1,
          createdAt: stamp(3, 14),
          messages: [
            { role: 'user', content: 'How do I request public records from a state agency?', events: [], createdAt: stamp(3, 14) },
            { role: 'assistant', content: foia.reply, events: foia.events, createdAt: stamp(3, 14) },
          ],
        },
        {
          title: 'Find Virginia cases on custody modification',
          kind: 'research',
          caseId: 1,
          createdAt: stamp(1, 9),
          messages: [
            { role: 'user', content: 'Find Virginia cases on custody modification', events: [], createdAt: stamp(1, 9) },
            { role: 'assistant', content: research.reply, events: research.events, createdAt: stamp(1, 9) },
          ],
        },
        { title: 'Security deposit deadline', kind: 'chat', caseId: 2, createdAt: stamp(8, 16), messages: [{ role: 'user', content: 'When must my landlord return the deposit?', events: [], createdAt: stamp(8, 16) }, { role: 'assistant', content: 'Within **45 days** after the tenancy ends (§ 55.1-1226).', events: [], createdAt: stamp(8, 16) }] },
      ];
    }
    db.documents = documents();
    db.backups = [
      { path: '/home/pat/.local/share/proseva/backups/proseva-backup-2025-01-12T09-30-00Z.tar.zst', name: 'proseva-backup-2025-01-12T09-30-00Z.tar.zst', bytes: 11_832_112, createdAt: '2025-01-12T09:30:00Z' },
      { path: '/home/pat/.local/share/proseva/backups/proseva-backup-2024-12-01T18-02-41Z.tar.zst', name: 'proseva-backup-2024-12-01T18-02-41Z.tar.zst', bytes: 9_204_880, createdAt: '2024-12-01T18:02:41Z' },
    ];
    if (scenario === 'big') bigData(db);
    if (/^papers|^form-fill/.test(scenario)) papersCase(db);
    if (/^proof/.test(scenario)) proofCase(db);
    return db;
  }

  /** 1,000 deadlines, 5,000 timeline events, 500 documents in case 1. */
  function bigData(db) {
    const kinds = ['filing', 'hearing', 'response', 'service', 'discovery'];
    for (let i = 0; i < 1000; i += 1) db.deadlines.push({ caseId: 1, title: `Deadline ${i + 1}: ${['File', 'Serve', 'Answer', 'Attend', 'Send'][i % 5]} item ${i + 1}`, date: day((i % 400) - 100), kind: kinds[i % 5], done: i % 7 === 0 });
    const parties = ['Me', 'Sam Doe', 'Court', 'School', 'Clerk'];
    for (let i = 0; i < 5000; i += 1) db.timeline.push({ caseId: 1, date: day(-5000 + i), party: parties[i % 5], title: `Event ${i + 1}: ${['Phone call', 'Text message', 'Visit', 'Letter', 'Email'][i % 5]} about the schedule`, details: i % 3 ? null : 'Details written at the time, kept for the record.', isCritical: i % 50 === 0 });
    for (let i = 0; i < 500; i += 1) db.documents.push({ caseId: 1, title: `Scanned page ${i + 1}`, kind: 'evidence', fileName: `scan-${String(i + 1).padStart(4, '0')}.pdf`, format: 'pdf', mediaType: 'application/pdf', sizeBytes: 200_000 + i * 31, pageCount: 1, stage: 'meaning', text: `Page ${i + 1} of the scanned papers.`, pages: [{ page: 1, start: 0 }], createdAt: stamp(30) });
  }

  window.__mockSeed = { RULES, build, day, stamp };
})();
