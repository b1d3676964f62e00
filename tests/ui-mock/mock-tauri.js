// DEVELOPMENT ONLY. A stand-in for the Tauri bridge (`window.__TAURI__.core.{invoke, Channel}`)
// with canned, realistic behaviour, so ui/ can be looked at in a plain browser. The app never
// loads this file. The case workspace's commands and scenarios are in mock-workspace.js (its
// records in mock-seed.js). URL parameters:
//   ?scenario=chat|chat-hold|tools-hold|research|research-hold|section|section-summary|
//             section-missing|const|settings|settings-error|setup|failed|error|chat-deadlines|
//             markdown|restarting|library|library-download|library-hold|library-done|
//             library-failed|library-interrupted (and the workspace's: see mock-workspace.js)
//   ?theme=dark|light   force a theme (adds .theme-dark / .theme-light on <html>)
//   ?model=online       the status line shows an online model instead of offline mode
//   ?lang=es            the computer's language is Spanish (`systemLanguage`): the window starts in
//                       Spanish until Settings → Language chooses another
//   ?speed=N            divide every delay by N (default 1)
/* eslint-disable no-console */
(function () {
  'use strict';

  const params = new URLSearchParams(window.location.search);
  const scenario = params.get('scenario') || '';
  const speed = Math.max(0.1, Number(params.get('speed')) || 1);
  const theme = params.get('theme');
  if (theme === 'dark' || theme === 'light') document.documentElement.classList.add(`theme-${theme}`);

  // Anything that goes wrong on the page, for drivers that cannot read the console (WebDriver).
  window.__mockProblems = [];
  window.addEventListener('error', (e) => window.__mockProblems.push(`error: ${e.message} ${e.filename || ''}:${e.lineno || ''}`));
  window.addEventListener('unhandledrejection', (e) => window.__mockProblems.push(`unhandled rejection: ${e.reason}${e.reason && e.reason.stack ? ` at ${String(e.reason.stack).split('\n').slice(0, 3).join(' | ')}` : ''}`));
  document.addEventListener('securitypolicyviolation', (e) => window.__mockProblems.push(`CSP: ${e.violatedDirective} ${e.blockedURI}`));

  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms / speed));
  const clone = (v) => JSON.parse(JSON.stringify(v));

  // ------------------------------------------------------------------------------------------
  // Channel

  let channelSeq = 0;
  class Channel {
    constructor(onmessage) {
      channelSeq += 1;
      this.id = channelSeq;
      this.onmessage = typeof onmessage === 'function' ? onmessage : () => {};
    }
    send(message) {
      try {
        this.onmessage(clone(message));
      } catch (err) {
        console.error('channel handler threw', err);
      }
    }
    toJSON() {
      return `__CHANNEL__:${this.id}`;
    }
  }

  // ------------------------------------------------------------------------------------------
  // Status

  const sidecar = (name, state, extra = {}) => ({
    name,
    state,
    url: state === 'healthy' ? `http://127.0.0.1:${name === 'server' ? 41231 : 41232}` : null,
    pid: state === 'healthy' ? (name === 'server' ? 40112 : 40113) : null,
    restarts: 0,
    message: null,
    log: `/home/pat/.local/share/proseva/logs/${name}.log`,
    ...extra,
  });

  const onlineModel = { mode: 'online', baseUrl: 'http://127.0.0.1:11434/v1', small: 'qwen2.5:7b', large: 'qwen2.5:14b' };
  let status = {
    phase: 'ready',
    setup: null,
    server: sidecar('server', 'healthy'),
    explorer: sidecar('explorer', 'healthy'),
    model: params.get('model') === 'online' ? onlineModel : { mode: 'offline' },
    dataDir: '/home/pat/.local/share/proseva',
    version: '0.1.0',
    message: null,
  };
  const statusChannels = [];
  function setStatus(patch) {
    status = { ...status, ...patch };
    for (const ch of statusChannels) ch.send(status);
  }

  if (scenario === 'setup') {
    status = { ...status, phase: 'preparing', setup: { stage: 'sections', done: 120, total: 437 }, explorer: sidecar('explorer', 'starting') };
    (async () => {
      await wait(1500);
      for (let done = 140; done <= 300; done += 20) {
        await wait(400);
        setStatus({ setup: { stage: 'sections', done, total: 437 } });
      }
    })();
  }
  if (scenario === 'failed') {
    status = {
      ...status,
      phase: 'failed',
      server: sidecar('server', 'failed', {
        message: 'The case-data server did not answer its health check within 15 s.',
      }),
      explorer: sidecar('explorer', 'stopped'),
      message: 'The case-data server could not start.',
    };
  }
  if (scenario === 'restarting') {
    status = {
      ...status,
      server: sidecar('server', 'restarting', { restarts: 2, message: 'The case-data server stopped unexpectedly (exit code 101); restarting.' }),
      explorer: sidecar('explorer', 'failed', { message: 'The law graph could not start: graph.db is damaged. Answers can still use your case data and the research services.' }),
    };
  }

  // ------------------------------------------------------------------------------------------
  // The law graph

  const LIS = 'https://law.lis.virginia.gov';
  const NODES = {
    '2.2-3704': {
      id: 1204,
      nodeType: 'section',
      sourceId: '2.2-3704',
      heading: 'Public records to be open to inspection; procedure for requesting records and responding to request; charges; transfer of records for storage, etc.',
      sourceText:
        'Any citizen of Virginia may inspect and get copies of public records held by a state or local public body, during its regular office hours, unless a law specifically allows the records to be withheld.\n\nA request does not have to mention the Freedom of Information Act, and may be made in writing, by email or in person. It must identify the records with reasonable specificity.\n\nThe public body must respond within five working days: by providing the records; by saying that they are withheld, in whole or in part, and which law allows that; by saying that they cannot be found or do not exist; or by saying that it needs up to seven more working days.\n\nThe public body may charge reasonable costs for finding and copying the records, and must estimate them in advance when the requester asks.',
      textKind: 'summary',
      url: `${LIS}/vacode/title2.2/chapter37/section2.2-3704/`,
      parents: [
        { sourceId: '2.2', heading: 'Administration of Government', nodeType: 'title' },
        { sourceId: '2.2:37', heading: 'Virginia Freedom of Information Act', nodeType: 'chapter' },
      ],
    },
    '2.2-3713': {
      id: 1219,
      nodeType: 'section',
      sourceId: '2.2-3713',
      heading: 'Proceedings for enforcement of chapter',
      sourceText:
        'A person denied the rights and privileges of the Freedom of Information Act may go to court to enforce them, by a petition for mandamus or injunction, supported by an affidavit showing good cause. The case is heard within seven days of filing.\n\nIf the person wins, the court may award reasonable costs and attorney fees, unless special circumstances would make that unjust.',
      textKind: 'summary',
      url: `${LIS}/vacode/title2.2/chapter37/section2.2-3713/`,
      parents: [
        { sourceId: '2.2', heading: 'Administration of Government', nodeType: 'title' },
        { sourceId: '2.2:37', heading: 'Virginia Freedom of Information Act', nodeType: 'chapter' },
      ],
    },
    '2.2-3700': {
      id: 1198,
      nodeType: 'section',
      sourceId: '2.2-3700',
      heading: 'Short title; policy',
      sourceText: 'This chapter may be cited as the Virginia Freedom of Information Act. It ensures the people of the Commonwealth ready access to public records, and is to be read liberally in favour of access.',
      textKind: 'summary',
      url: `${LIS}/vacode/title2.2/chapter37/section2.2-3700/`,
      parents: [
        { sourceId: '2.2', heading: 'Administration of Government', nodeType: 'title' },
        { sourceId: '2.2:37', heading: 'Virginia Freedom of Information Act', nodeType: 'chapter' },
      ],
    },
    '20-108': {
      id: 5120,
      nodeType: 'section',
      sourceId: '20-108',
      heading: 'Revision and alteration of such decrees',
      sourceText:
        'The court may, upon the petition of either of the parents, or on its own motion or upon petition of any probation officer or the Department of Social Services, or any person who has legitimate interest therein, revise and alter such decree concerning the care, custody, and maintenance of the children and make a new decree concerning the same, as the circumstances of the parents and the benefit of the children may require.',
      textKind: 'official',
      url: `${LIS}/vacode/title20/chapter6/section20-108/`,
      parents: [
        { sourceId: '20', heading: 'Domestic Relations', nodeType: 'title' },
        { sourceId: '20:6', heading: 'Divorce, Affirmation and Annulment', nodeType: 'chapter' },
      ],
    },
    '20-124.3': {
      id: 5161,
      nodeType: 'section',
      sourceId: '20-124.3',
      heading: 'Best interests of the child; visitation',
      sourceText:
        'In determining best interests of a child for purposes of determining custody or visitation arrangements including any pendente lite orders pursuant to § 20-103, the court shall consider the following:\n1. The age and physical and mental condition of the child, giving due consideration to the child\'s changing developmental needs;\n2. The age and physical and mental condition of each parent;\n3. The relationship existing between each parent and each child, giving due consideration to the positive involvement with the child\'s life, the ability to accurately assess and meet the emotional, intellectual and physical needs of the child;\n4. The needs of the child, giving due consideration to other important relationships of the child, including but not limited to siblings, peers and extended family members;\n5. The role that each parent has played and will play in the future, in the upbringing and care of the child;\n6. The propensity of each parent to actively support the child\'s contact and relationship with the other parent, including whether a parent has unreasonably denied the other parent access to or visitation with the child;\n7. The relative willingness and demonstrated ability of the parents to maintain a close and continuing relationship with the child, and the ability of each parent to cooperate in and resolve disputes regarding matters affecting the child;\n8. The reasonable preference of the child, if the court deems the child to be of reasonable intelligence, understanding, age and experience to express such a preference;\n9. Any history of family abuse as that term is defined in § 16.1-228 or sexual abuse;\n10. Such other factors as the court deems necessary and proper to the determination.',
      textKind: 'official',
      summary:
        'When a court decides custody or visitation, it must look at what is best for the child. It weighs ten factors: the child\'s age and health, each parent\'s health, the child\'s bond with each parent, the child\'s other important relationships, the part each parent has played in raising the child, whether each parent supports the child\'s relationship with the other parent, how well the parents cooperate, the child\'s own reasonable preference, any history of family abuse, and anything else the court finds relevant.\n\nThe court must say, in writing or on the record, what it based its decision on.',
      url: `${LIS}/vacode/title20/chapter6.1/section20-124.3/`,
      parents: [
        { sourceId: '20', heading: 'Domestic Relations', nodeType: 'title' },
        { sourceId: '20:6.1', heading: 'Custody and Visitation Arrangements for Minor Children', nodeType: 'chapter' },
      ],
    },
    '20-124.2': {
      id: 5160,
      nodeType: 'section',
      sourceId: '20-124.2',
      heading: 'Court-ordered custody and visitation arrangements',
      sourceText:
        'In any case in which custody or visitation of minor children is at issue, the court shall provide prompt adjudication, upon due consideration of all the facts, of custody and visitation arrangements, including support and maintenance for the children, prior to other considerations arising in the matter.',
      textKind: 'official',
      url: `${LIS}/vacode/title20/chapter6.1/section20-124.2/`,
      parents: [
        { sourceId: '20', heading: 'Domestic Relations', nodeType: 'title' },
        { sourceId: '20:6.1', heading: 'Custody and Visitation Arrangements for Minor Children', nodeType: 'chapter' },
      ],
    },
    '55.1-1226': {
      id: 7311,
      nodeType: 'section',
      sourceId: '55.1-1226',
      heading: 'Security deposits',
      sourceText:
        'A landlord may ask for a security deposit of no more than two months\' rent. Within 45 days after the tenancy ends and the tenant leaves, the landlord must return the deposit, less any lawful deductions, with a written list of the deductions. A landlord who wrongfully keeps a deposit can be made to pay it back with actual damages and reasonable attorney fees.',
      textKind: 'summary',
      url: `${LIS}/vacode/title55.1/chapter12/section55.1-1226/`,
      parents: [
        { sourceId: '55.1', heading: 'Property and Conveyances', nodeType: 'title' },
        { sourceId: '55.1:12', heading: 'Virginia Residential Landlord and Tenant Act', nodeType: 'chapter' },
      ],
    },
    'const-I-12': {
      id: 9012,
      nodeType: 'constitution_section',
      sourceId: 'const-I-12',
      heading: 'Freedom of speech and of the press; right peaceably to assemble, and to petition',
      sourceText:
        'That the freedoms of speech and of the press are among the great bulwarks of liberty, and can never be restrained except by despotic governments; that any citizen may freely speak, write, and publish his sentiments on all subjects, being responsible for the abuse of that right; that the General Assembly shall not pass any law abridging the freedom of speech or of the press, nor the right of the people peaceably to assemble, and to petition the government for the redress of grievances.',
      textKind: 'official',
      url: `${LIS}/constitution/article1/section12/`,
      parents: [{ sourceId: 'const-I', heading: 'Bill of Rights', nodeType: 'constitution_article' }],
    },
  };

  /** The citations in each canned section's text, in order (the app finds them with proseva-citation). */
  const NODE_CITES = { '20-124.3': [['§ 20-103', '20-103'], ['§ 16.1-228', '16.1-228']] };

  const searchNode = (id) => {
    const n = NODES[id];
    return { id: n.id, nodeType: n.nodeType, sourceId: n.sourceId, heading: n.heading, sourceText: n.sourceText.slice(0, 500), textKind: n.textKind, url: n.url };
  };

  // ------------------------------------------------------------------------------------------
  // What the app adds to the events for the page (in the app, each tool's Rust display and card
  // readers and proseva-citation do this; the mock carries canned equivalents).

  const DISPLAY = {
    search_nodes: ['Virginia law', 'Code and Constitution of Virginia (law graph)', 'Searching the law graph'],
    get_node: ['Sections read', 'Law graph', 'Reading § 2.2-3704'],
    get_neighbors: ['Related sections', 'Law graph', 'Finding related sections'],
    search_opinions: ['Court opinions', 'CourtListener', 'Searching court opinions'],
    search_statutes: ['Virginia bills', 'LegiScan', 'Searching Virginia bills'],
    search_govinfo: ['Federal publications', 'GovInfo', 'Searching federal publications'],
    search_academic: ['Scholarly articles', 'OpenAlex', 'Searching scholarly articles'],
    search_lawyers: ['Lawyers', 'Web search (SerpAPI)', 'Looking for lawyers'],
    GetDeadlines: ['Your deadlines', 'Your case file', 'Reading your deadlines'],
    GetCases: ['Your cases', 'Your case file', 'Reading your cases'],
    SearchTimeline: ['Your timeline', 'Your case file', 'Searching your timeline'],
    SearchKnowledge: ['Passages from your documents', 'Your uploaded documents', 'Searching your documents'],
  };

  const label = (id) => (String(id).startsWith('const-') ? `Va. Const. art. ${id.split('-')[1]}, § ${id.split('-').slice(2).join('-')}` : `§ ${id}`);

  function withDisplay(ev) {
    const [title, source, action] = DISPLAY[ev.name] || [ev.name, '', `Using ${ev.name}`];
    const q = ev.args && (ev.args.query || ev.args.search);
    return { ...ev, title, source, ...(ev.type === 'tool_call' ? { label: q ? `${action}: “${q}”` : action } : {}) };
  }

  const lawCard = (n, meta = []) => ({
    title: n.heading || label(n.sourceId),
    citation: label(n.sourceId),
    snippet: (n.sourceText || '').slice(0, 320),
    url: n.url || null,
    kind: 'law',
    meta,
    textKind: n.textKind || null,
    section: n.sourceId || null,
  });

  /** Canned results as cards, as the tools' card readers would give them. */
  function cardsOf(name, result) {
    if (name === 'get_node') return [lawCard(result)];
    if (name === 'get_neighbors') return result.edges.map((e) => lawCard(e.fromNode.id === result.id ? e.toNode : e.fromNode, [e.relType === 'cites' ? 'Cites this section' : 'Contains it']));
    const list = result.nodes || result.results || result.passages || result.events || result.deadlines || result.cases || [];
    return list.map((item) => {
      if (item.sourceId) return lawCard(item);
      const extras = [];
      if (item.cited_by) extras.push({ label: 'Cited by', value: String(item.cited_by) });
      if (item.authors) extras.push({ label: 'By', value: item.authors });
      if (item.daysUntil !== undefined) extras.push(item.overdue ? { label: 'When', value: `Overdue by ${-item.daysUntil} days`, tone: 'warn' } : { label: 'When', value: `In ${item.daysUntil} days` });
      if (typeof item.score === 'number') extras.push({ label: 'Match', value: `${Math.round(item.score * 100)}%` });
      return {
        title: item.title || item.name || item.documentTitle || 'Result',
        citation: item.citation || item.caseNumber || item.sourceRule || '',
        snippet: (item.snippet || item.text || item.details || item.notes || '').slice(0, 320),
        url: item.url || null,
        kind: 'other',
        meta: [item.court || item.party || item.kind, item.date].filter(Boolean),
        extras,
      };
    });
  }

  function withCards(ev) {
    if (!ev.ok) return { ...withDisplay(ev), cards: [] };
    const total = typeof ev.result.total === 'number' ? ev.result.total : undefined;
    return { ...withDisplay(ev), cards: cardsOf(ev.name, ev.result), total };
  }

  /**
   * The `citations` of a canned reply: `cited` lists, in order, the exact text of each citation
   * and its section; offsets are found in the reply (JS strings are UTF-16, as the app counts).
   */
  function checked(reply, cited, verified, extra = {}) {
    const known = new Set(verified.map((v) => v.sourceId));
    const spans = [];
    let from = 0;
    for (const [text, sourceId] of cited) {
      const start = reply.indexOf(text, from);
      if (start < 0) throw new Error(`[mock] ${text} is not in the reply`);
      spans.push({ startUtf16: start, endUtf16: start + text.length, sourceId, label: `§ ${sourceId}`.replace(/^§ const-I-12$/, 'Constitution of Virginia, Article I, Section 12'), status: known.has(sourceId) ? 'verified' : 'unverified' });
      from = start + text.length;
    }
    const unverified = [...new Set(cited.map((c) => c[1]).filter((id) => !known.has(id)))];
    return { verified: verified.map((v) => ({ ...v, label: label(v.sourceId) })), unverified, spans, ...extra };
  }

  // ------------------------------------------------------------------------------------------
  // Canned conversations

  const FOIA_REPLY = `## Requesting public records in Virginia

Under the Virginia Freedom of Information Act, **any citizen of the Commonwealth** may ask a public body — such as a state agency — for its records (§ 2.2-3704).

1. **Send a request** that identifies the records with *reasonable specificity*. A letter, an email or a visit is enough; you do not have to mention FOIA, though it helps.
2. **Wait for the answer.** The agency must respond within **five working days**: it provides the records, says which law lets it withhold them, or asks for up to seven more working days.
3. **Costs.** The agency may charge reasonable costs, and must estimate them in advance if you ask.

If the agency does not respond, you can ask a court to enforce the Act under §§ 2.2-3713 and 2.2-3700. Some guides also cite § 99-999 for late responses — check that one.

> The law graph on this computer holds a *plain-language summary* of § 2.2-3704, not its exact words.

Read the Act itself on [the Virginia LIS site](https://law.lis.virginia.gov/vacode/title2.2/chapter37/) before you rely on it.

This is legal information, not legal advice.`;

  const FOIA_STEPS = [
    { type: 'phase', name: 'tools' },
    { type: 'tool_call', id: 'c1', name: 'search_nodes', args: { search: 'request public records state agency', limit: 8 } },
    { type: 'tool_call', id: 'c2', name: 'SearchKnowledge', args: { query: 'public records request', topK: 5 } },
    { wait: 500 },
    { type: 'tool_result', id: 'c1', name: 'search_nodes', ok: true, result: { total: 3, nodes: ['2.2-3704', '2.2-3713', '2.2-3700'].map(searchNode) } },
    { wait: 250 },
    { type: 'tool_result', id: 'c2', name: 'SearchKnowledge', ok: true, result: { query: 'public records request', mode: 'hybrid', passages: [{ documentId: 3, documentTitle: 'Letter to DMV, March 2024', chunkId: 17, passage: 2, start: 410, end: 702, startChar: 410, text: 'I am writing to request copies of all records about my license suspension, under the Virginia Freedom of Information Act.', score: 0.71, similarity: 0.68, matchedBy: ['meaning', 'words'] }] } },
    { type: 'tool_call', id: 'c3', name: 'get_node', args: { id: '2.2-3704' } },
    { wait: 400 },
    { type: 'tool_result', id: 'c3', name: 'get_node', ok: true, result: { ...searchNode('2.2-3704'), sourceText: NODES['2.2-3704'].sourceText, source: 'starter', unresolvedCitations: [] } },
    { type: 'tool_call', id: 'c4', name: 'get_neighbors', args: { id: 1204 } },
    { wait: 300 },
    {
      type: 'tool_result',
      id: 'c4',
      name: 'get_neighbors',
      ok: true,
      result: {
        id: 1204,
        edges: [
          { relType: 'contains', weight: null, fromNode: { id: 1190, sourceId: '2.2:37', heading: 'Virginia Freedom of Information Act', nodeType: 'chapter' }, toNode: { id: 1204, sourceId: '2.2-3704', heading: 'Public records to be open to inspection', nodeType: 'section' } },
          { relType: 'cites', weight: 1, fromNode: { id: 1219, sourceId: '2.2-3713', heading: 'Proceedings for enforcement of chapter', nodeType: 'section' }, toNode: { id: 1204, sourceId: '2.2-3704', heading: 'Public records to be open to inspection', nodeType: 'section' } },
        ],
      },
    },
    { type: 'phase', name: 'answer' },
    { stream: FOIA_REPLY },
    {
      type: 'done',
      reply: FOIA_REPLY,
      citations: checked(
        FOIA_REPLY,
        [['§ 2.2-3704', '2.2-3704'], ['§§ 2.2-3713', '2.2-3713'], ['2.2-3700', '2.2-3700'], ['§ 99-999', '99-999'], ['§ 2.2-3704', '2.2-3704']],
        [
          { sourceId: '2.2-3704', nodeId: 1204, heading: NODES['2.2-3704'].heading, url: NODES['2.2-3704'].url, textKind: 'summary' },
          { sourceId: '2.2-3713', nodeId: 1219, heading: NODES['2.2-3713'].heading, url: NODES['2.2-3713'].url, textKind: 'summary' },
          { sourceId: '2.2-3700', nodeId: 1198, heading: NODES['2.2-3700'].heading, url: NODES['2.2-3700'].url, textKind: 'summary' },
        ],
      ),
    },
  ];

  const DEPOSIT_REPLY = `**What the Virginia law sources say**

- **§ 55.1-1226. Security deposits** (plain-language summary): "Within 45 days after the tenancy ends and the tenant leaves, the landlord must return the deposit, less any lawful deductions, with a written list of the deductions." [Official text](https://law.lis.virginia.gov/vacode/title55.1/chapter12/section55.1-1226/)

**From your case file**

- 2024-11-30: Moved out of 14 Elm St., keys returned to the property manager

_I am in offline mode: this answer quotes the sources found rather than explaining them._

This is legal information, not legal advice. Read the official text before you rely on it.`;

  const DEPOSIT_STEPS = [
    { type: 'phase', name: 'tools' },
    { type: 'tool_call', id: 'd1', name: 'search_nodes', args: { search: 'landlord security deposit return', limit: 8 } },
    { type: 'tool_call', id: 'd2', name: 'SearchTimeline', args: { query: 'deposit move out' } },
    { wait: 500 },
    { type: 'tool_result', id: 'd1', name: 'search_nodes', ok: true, result: { total: 1, nodes: [searchNode('55.1-1226')] } },
    { type: 'tool_result', id: 'd2', name: 'SearchTimeline', ok: true, result: { total: 1, returned: 1, events: [{ id: 8, caseId: 2, date: '2024-11-30', party: 'Me', title: 'Moved out of 14 Elm St., keys returned to the property manager', details: 'Photos of every room taken the same day.', isCritical: true, sourceDocumentId: null, createdAt: '2024-12-01T10:00:00Z', updatedAt: '2024-12-01T10:00:00Z' }] } },
    { type: 'phase', name: 'answer' },
    { stream: DEPOSIT_REPLY },
    { type: 'done', reply: DEPOSIT_REPLY, citations: checked(DEPOSIT_REPLY, [['§ 55.1-1226', '55.1-1226']], [{ sourceId: '55.1-1226', nodeId: 7311, heading: 'Security deposits', url: NODES['55.1-1226'].url, textKind: 'summary' }]) },
  ];

  const DEADLINE_REPLY = `You have **two upcoming deadlines** and one that is overdue:

| Date | What | When |
|---|---|---|
| 2025-02-03 | File the written statement of facts | in 6 days |
| 2025-02-20 | Custody hearing, J&DR Court | in 23 days |
| 2025-01-10 | Serve the motion on the other party | **overdue** |

The hearing date comes from the court's notice; the statement deadline follows Rule 5A:8 of the Rules of the Supreme Court of Virginia.

This is legal information, not legal advice.`;

  const DEADLINE_STEPS = [
    { type: 'phase', name: 'tools' },
    { type: 'tool_call', id: 'e1', name: 'GetDeadlines', args: {} },
    { type: 'tool_call', id: 'e2', name: 'GetCases', args: {} },
    { wait: 300 },
    {
      type: 'tool_result',
      id: 'e1',
      name: 'GetDeadlines',
      ok: true,
      result: {
        today: '2025-01-28',
        upcoming: 2,
        overdue: 1,
        done: 0,
        deadlines: [
          { id: 1, caseId: 1, title: 'File the written statement of facts', date: '2025-02-03', kind: 'filing', done: false, ruleId: 'va-5a-8', sourceRule: 'Rule 5A:8', dateNote: 'Moved to the next business day.', notes: null, status: 'upcoming', overdue: false, daysUntil: 6 },
          { id: 2, caseId: 1, title: 'Custody hearing, J&DR Court', date: '2025-02-20', kind: 'hearing', done: false, status: 'upcoming', overdue: false, daysUntil: 23 },
          { id: 3, caseId: 1, title: 'Serve the motion on the other party', date: '2025-01-10', kind: 'service', done: false, status: 'overdue', overdue: true, daysUntil: -18 },
        ],
      },
    },
    { type: 'tool_result', id: 'e2', name: 'GetCases', ok: true, result: { count: 1, cases: [{ id: 1, name: 'Custody of J.', caseNumber: 'JJ123456-01-00', court: 'Fairfax County J&DR District Court', type: 'custody', status: 'open', parties: [{ name: 'Pat Doe', role: 'petitioner' }, { name: 'Sam Doe', role: 'respondent' }], notes: 'Hearing on modification of custody.' }] } },
    { type: 'phase', name: 'answer' },
    { stream: DEADLINE_REPLY },
    { type: 'done', reply: DEADLINE_REPLY, citations: checked(DEADLINE_REPLY, [], []) },
  ];

  const MARKDOWN_REPLY = `# Heading one
Text with **bold**, *italic*, _underscored italic_, ~~struck~~, \`inline code\` and a snake_case_word.
A second line in the same paragraph.

### Lists
- First item with § 20-124.3
- Second item
  - Nested item citing §§ 16.1-241 through 16.1-244
  - Another nested
- Third item

3. Numbered from three
4. Four

> A quotation with Article I, Section 12 inside.
> Second quoted line.

\`\`\`
code block <script>alert(1)</script>
  indented line
\`\`\`

Unsafe things stay text: <img src=x onerror=alert(1)> and <b>not bold</b> and [a javascript link](javascript:alert(1)) and [a file link](file:///etc/passwd).
Safe links: [CourtListener](https://www.courtlistener.com/) and a bare one https://law.lis.virginia.gov/vacode/20-108/. Also Va. Code § 8.01-243 and sections 8.01-228 to 8.01-230.

---

| Left | Right |
|:--|--:|
| a | 1 |
| b | 2 |`;

  const MARKDOWN_STEPS = [
    { type: 'phase', name: 'answer' },
    { stream: MARKDOWN_REPLY },
    {
      type: 'done',
      reply: MARKDOWN_REPLY,
      citations: checked(
        MARKDOWN_REPLY,
        [['§ 20-124.3', '20-124.3'], ['§§ 16.1-241', '16.1-241'], ['16.1-244', '16.1-244'], ['Article I, Section 12', 'const-I-12'], ['/vacode/20-108', '20-108'], ['§ 8.01-243', '8.01-243'], ['sections 8.01-228', '8.01-228'], ['8.01-230', '8.01-230']],
        [
          { sourceId: '20-124.3', nodeId: 5161, heading: 'Best interests of the child; visitation', url: NODES['20-124.3'].url, textKind: 'official' },
          { sourceId: 'const-I-12', nodeId: 9012, heading: NODES['const-I-12'].heading, url: NODES['const-I-12'].url, textKind: 'official' },
        ],
        { note: 'citations could not be checked: the Virginia law graph (explorer) is unavailable' },
      ),
    },
  ];

  const RESEARCH_REPLY = `Virginia courts change a custody order when two things are shown: there has been a **material change in circumstances** since the last order, and a change would be in the **child's best interests** (§ 20-108; the best-interest factors are listed in § 20-124.3).

### Cases to read first
- *Keel v. Keel*, 225 Va. 606 (1983) — the Supreme Court of Virginia's two-part test for changing custody.
- *Visikides v. Derr*, 3 Va. App. 69 (1986) — the change must be one that affects the child's welfare.
- *Hiner v. Hadeed*, 15 Va. App. 575 (1993) — a parent's move is weighed against the child's best interests.

### Also found
- Two recent bills touch custody and parenting time; check their status before relying on them.
- Law-review articles discuss how courts weigh a child's preference.

Lawyer listings could not be searched: no SerpAPI key is set. The Virginia State Bar's lawyer referral service can help.

This is legal information, not legal advice.`;

  const opinions = [
    { title: 'Keel v. Keel', citation: '225 Va. 606; 303 S.E.2d 917', court: 'Supreme Court of Virginia', date: '1983-06-17', snippet: 'In custody modification cases, the court must determine first whether there has been a change of circumstances since the most recent custody award, and second whether a change in custody would be in the best interests of the child.', url: 'https://www.courtlistener.com/opinion/1189812/keel-v-keel/', docket_number: 'Record No. 820544', cited_by: 412 },
    { title: 'Visikides v. Derr', citation: '3 Va. App. 69; 348 S.E.2d 40', court: 'Court of Appeals of Virginia', date: '1986-09-02', snippet: 'The change of circumstances must be material and must affect the welfare of the child…', url: 'https://www.courtlistener.com/opinion/1200001/visikides-v-derr/', cited_by: 160 },
    { title: 'Hiner v. Hadeed', citation: '15 Va. App. 575; 425 S.E.2d 811', court: 'Court of Appeals of Virginia', date: '1993-01-19', snippet: 'A custodial parent’s relocation is a change in circumstances; the court must weigh whether the move is in the child’s best interests.', url: 'https://www.courtlistener.com/opinion/1200002/hiner-v-hadeed/', cited_by: 95 },
    { title: 'Brown v. Brown', citation: '30 Va. App. 532; 518 S.E.2d 336', court: 'Court of Appeals of Virginia', date: '1999-08-03', snippet: 'The trial court did not err in finding a material change where the child’s schooling needs had changed substantially.', url: 'https://www.courtlistener.com/opinion/1200003/brown-v-brown/' },
    { title: 'Wheeler v. Wheeler', citation: '42 Va. App. 282; 591 S.E.2d 698', court: 'Court of Appeals of Virginia', date: '2004-02-10', snippet: 'Evidence of a parent’s remarriage alone does not establish a material change in circumstances.', url: 'https://www.courtlistener.com/opinion/1200004/wheeler-v-wheeler/' },
    { title: 'Surles v. Mayer', citation: '48 Va. App. 146; 628 S.E.2d 563', court: 'Court of Appeals of Virginia', date: '2006-04-11', snippet: 'The best-interests analysis requires consideration of the statutory factors in Code § 20-124.3.', url: 'https://www.courtlistener.com/opinion/1200005/surles-v-mayer/' },
  ];

  const RESEARCH_STEPS = [
    { type: 'phase', name: 'tools' },
    { type: 'tool_call', id: 'r1', name: 'search_opinions', args: { query: 'custody modification material change in circumstances', court: 'va vactapp' } },
    { type: 'tool_call', id: 'r2', name: 'search_nodes', args: { search: 'custody modification' } },
    { type: 'tool_call', id: 'r3', name: 'search_statutes', args: { query: 'custody' } },
    { type: 'tool_call', id: 'r4', name: 'search_lawyers', args: { query: 'family law', location: 'Virginia' } },
    { type: 'tool_call', id: 'r5', name: 'search_academic', args: { query: 'child custody modification' } },
    { wait: 300 },
    { type: 'tool_result', id: 'r4', name: 'search_lawyers', ok: false, result: { error: 'search_lawyers is not available: no SerpAPI key is configured. Set the environment variable SERPAPI_API_KEY (or enter the key on the settings screen) and try again; a key can be had at https://serpapi.com/manage-api-key.' } },
    { wait: 300 },
    { type: 'tool_result', id: 'r2', name: 'search_nodes', ok: true, result: { total: 3, nodes: ['20-108', '20-124.3', '20-124.2'].map(searchNode) } },
    { wait: 600 },
    { type: 'tool_result', id: 'r1', name: 'search_opinions', ok: true, result: { service: 'CourtListener', query: 'custody modification material change in circumstances', total: 1243, results: opinions } },
    { wait: 400 },
    {
      type: 'tool_result',
      id: 'r3',
      name: 'search_statutes',
      ok: true,
      result: {
        service: 'LegiScan',
        query: 'custody',
        total: 2,
        results: [
          { title: 'Custody and visitation; best interests of the child; factors.', citation: 'HB 1234', court: 'VA 2024 Regular Session', date: '2024-03-08', snippet: 'Last action: Governor: Approved by Governor-Chapter 301 (effective 7/1/24)', url: 'https://legiscan.com/VA/bill/HB1234/2024', relevance: 98 },
          { title: 'Parenting time; shared custody presumption study.', citation: 'SB 567', court: 'VA 2025 Regular Session', date: '2025-01-20', snippet: 'Last action: Senate: Referred to Committee for Courts of Justice', url: 'https://legiscan.com/VA/bill/SB567/2025', relevance: 71 },
        ],
      },
    },
    { type: 'tool_call', id: 'r6', name: 'search_govinfo', args: { query: 'child custody interstate jurisdiction' } },
    { wait: 300 },
    {
      type: 'tool_result',
      id: 'r5',
      name: 'search_academic',
      ok: true,
      result: {
        service: 'OpenAlex',
        query: 'child custody modification',
        total: 5120,
        results: [
          { title: 'The Child’s Voice in Custody Modification Proceedings', date: '2019-05-01', court: 'Family Court Review', snippet: 'We review how courts weigh the stated preferences of older children when deciding whether to modify custody…', url: 'https://doi.org/10.1111/fcre.12345', authors: 'A. Smith, B. Jones, C. Lee et al.', year: 2019, doi: 'https://doi.org/10.1111/fcre.12345', cited_by: 37 },
          { title: 'Relocation Disputes After Divorce', date: '2016-10-12', court: 'Journal of Law and Family Studies', snippet: 'Relocation is the most litigated ground for modification…', url: 'https://doi.org/10.2139/ssrn.000000', authors: 'D. Park', year: 2016, cited_by: 12 },
        ],
      },
    },
    { wait: 300 },
    { type: 'tool_result', id: 'r6', name: 'search_govinfo', ok: true, result: { service: 'GovInfo', query: 'child custody interstate jurisdiction', total: 88, results: [{ title: '28 U.S.C. 1738A - Full faith and credit given to child custody determinations', citation: 'USCODE-2022-title28-partV-chap115-sec1738A', court: 'United States Code', date: '2022-12-31', url: 'https://www.govinfo.gov/app/details/USCODE-2022-title28/USCODE-2022-title28-partV-chap115-sec1738A', collection: 'USCODE' }] } },
    { type: 'phase', name: 'answer' },
    { stream: RESEARCH_REPLY },
    {
      type: 'done',
      reply: RESEARCH_REPLY,
      citations: checked(
        RESEARCH_REPLY,
        [['§ 20-108', '20-108'], ['§ 20-124.3', '20-124.3']],
        [
          { sourceId: '20-108', nodeId: 5120, heading: NODES['20-108'].heading, url: NODES['20-108'].url, textKind: 'official' },
          { sourceId: '20-124.3', nodeId: 5161, heading: NODES['20-124.3'].heading, url: NODES['20-124.3'].url, textKind: 'official' },
        ],
      ),
    },
  ];

  function pickSteps(command, question) {
    const q = question.toLowerCase();
    if (command === 'research') return RESEARCH_STEPS;
    if (q.includes('markdown')) return MARKDOWN_STEPS;
    if (q.includes('deposit')) return DEPOSIT_STEPS;
    if (q.includes('deadline')) return DEADLINE_STEPS;
    return FOIA_STEPS;
  }

  const running = new Map(); // requestId → { cancelled }

  /**
   * Accepts a request as the app does: `{requestId, conversationId}` at once (the question saved
   * in that conversation, a new one unless `conversationId` carries one on), the events over the
   * channel; the answer, with its events (no deltas), is saved when `done` is sent.
   */
  async function converse(command, { requestId, messages, onEvent, conversationId = null, caseId = null }) {
    if (!(onEvent instanceof Channel)) throw { code: 'internal', message: 'onEvent must be a Channel' };
    if (!Array.isArray(messages) || !messages.length) throw { code: 'invalid_input', message: 'required: a list of {role, content}', field: 'messages' };
    if (scenario === 'error' && !running.has('retried')) {
      await wait(400);
      running.set('retried', { cancelled: false });
      throw { code: 'starting', message: 'ProSeVA is still starting (preparing the law graph and the case-data server); try again in a moment.' };
    }
    const store = window.__mockWorkspace;
    const question = messages[messages.length - 1].content || '';
    const savedId = store ? store.conversationStart(command, { conversationId, caseId, question }) : null;
    const req = { cancelled: false };
    running.set(requestId, req);
    const sent = [];
    const recorder = {
      send(ev) {
        if (ev.type !== 'delta' && ev.type !== 'phase') sent.push(clone(ev));
        if (ev.type === 'done' && store && savedId) store.conversationAnswer(savedId, ev.reply, sent);
        onEvent.send(ev);
      },
    };
    run(command, messages, recorder, req).finally(() => running.delete(requestId));
    return { requestId, conversationId: savedId };
  }

  // The workflow registry as `list_workflows` answers it, and a run of one, step by step.
  const WORKFLOWS = [
    { key: 'integrate', displayName: 'Connect to the law', description: 'Find the Code sections, deadlines and records this document or note is connected to, and write them into a Connections note.', requiresFocus: ['document', 'note'], role: 'executor', maxToolCalls: 24, expectedOutcome: 'One Connections section appended to the note.' },
    { key: 'hearing_prep', displayName: 'Prepare for a hearing', description: 'Turn the case into a checklist note backed by the Code sections the court will apply.', requiresFocus: ['case'], role: 'executor', maxToolCalls: 24, expectedOutcome: 'One checklist note in the case.' },
    { key: 'build_case_law', displayName: 'Build case-law notes', description: 'Find the court opinions that apply this section, follow the cases that cite them, and link each to the sections it cites in your law graph.', requiresFocus: ['section'], role: 'executor', maxToolCalls: 30, expectedOutcome: 'Court opinions recorded in your case-law notes.' },
  ];

  async function runWorkflow({ requestId, key, focus, onEvent }) {
    if (!(onEvent instanceof Channel)) throw { code: 'internal', message: 'onEvent must be a Channel' };
    const workflow = WORKFLOWS.find((w) => w.key === key);
    if (!workflow) throw { code: 'invalid_input', message: `there is no workflow "${key}"`, field: 'key' };
    if (!focus || !workflow.requiresFocus.includes(focus.kind)) throw { code: 'invalid_input', message: `${key} runs on ${workflow.requiresFocus.join(' or ')}`, field: 'key' };
    const store = window.__mockWorkspace;
    const note = store && store.createNoteForWorkflow ? store.createNoteForWorkflow(workflow, focus) : { id: 1, title: 'Connections', body: '' };
    const steps = [
      { name: 'think', label: 'Planning: Read the record, search the law graph by its words, keep the strongest connections, write them once.', title: 'Plan', source: 'The assistant', cards: [{ title: 'Plan', snippet: 'Read the record, search the law graph by its words, keep the strongest connections, write them once.', kind: 'other' }] },
      { name: 'search_nodes', label: 'Searching the law graph: “custody best interests”', title: 'Virginia law', source: 'Law graph', cards: [{ title: 'Best interests of the child', citation: '§ 20-124.3', section: '20-124.3', snippet: 'In determining best interests of a child…', kind: 'law', textKind: 'summary' }] },
      { name: key === 'integrate' ? 'append_to_note' : 'create_note', label: 'Writing the note', title: 'Notes', source: 'Your case file', cards: [{ title: note.title, citation: key === 'integrate' ? 'Added to the note' : 'New note', snippet: '## Connections\n- [§ 20-124.3] Best interests of the child', kind: 'other', record: { kind: 'note', id: note.id } }] },
      { name: 'link', label: 'Linking § 20-124.3', title: 'Links', source: 'Your case file', cards: [{ title: 'Linked to § 20-124.3', citation: `from ${focus.kind} ${focus.id}`, snippet: 'cited in the record', section: '20-124.3', kind: 'other', record: { kind: focus.kind, id: Number(focus.id) } }] },
    ];
    const req = { cancelled: false };
    running.set(requestId, req);
    (async () => {
      onEvent.send({ type: 'phase', name: 'tools' });
      const toolResults = [];
      for (const [i, step] of steps.entries()) {
        await wait(120);
        if (req.cancelled) return;
        const id = `wf-${i}`;
        onEvent.send({ type: 'tool_call', id, name: step.name, args: {}, title: step.title, source: step.source, label: step.label });
        await wait(120);
        onEvent.send({ type: 'tool_result', id, name: step.name, ok: true, result: {}, title: step.title, source: step.source, cards: step.cards });
        toolResults.push({ tool: step.name, args: {}, ok: true, result: {} });
      }
      onEvent.send({ type: 'phase', name: 'answer' });
      const reply = `“${workflow.displayName}” wrote to the note “${note.title}” and linked § 20-124.3.`;
      onEvent.send({ type: 'delta', text: reply });
      onEvent.send({ type: 'done', reply, toolResults, citations: checked(reply, [['§ 20-124.3', '20-124.3']], [{ sourceId: '20-124.3', heading: 'Best interests of the child', url: 'https://law.lis.virginia.gov/vacode/20-124.3/', textKind: 'summary' }]) });
    })().finally(() => running.delete(requestId));
    return { requestId, conversationId: null };
  }

  async function run(command, messages, onEvent, req) {
    const question = messages[messages.length - 1].content || '';
    const hold = scenario.endsWith('-hold') ? scenario : '';
    const steps = pickSteps(command, question);
    const toolResults = [];
    const calls = {};
    const stopped = () => onEvent.send({ type: 'error', code: 'cancelled', message: 'stopped: the request was cancelled before it was answered' });
    for (const step of steps) {
      if (req.cancelled) return stopped();
      if (step.wait) {
        await wait(step.wait);
        continue;
      }
      if (hold === 'tools-hold' && step.type === 'tool_result' && toolResults.length >= 2) {
        await new Promise(() => {});
      }
      if (step.stream) {
        const words = step.stream.match(/\S+\s*/g) || [];
        for (let i = 0; i < words.length; i += 3) {
          if (req.cancelled) return stopped();
          if ((hold === 'chat-hold' || hold === 'research-hold') && i > words.length * 0.55) {
            await new Promise(() => {});
          }
          onEvent.send({ type: 'delta', text: words.slice(i, i + 3).join('') });
          await wait(35);
        }
        continue;
      }
      if (step.type === 'tool_call') {
        calls[step.id] = step.args;
        onEvent.send(withDisplay(step));
      } else if (step.type === 'tool_result') {
        toolResults.push({ tool: step.name, args: calls[step.id] || {}, ok: step.ok, result: step.result });
        onEvent.send(withCards(step));
      } else if (step.type === 'done') {
        return onEvent.send({ ...step, toolResults });
      } else {
        onEvent.send(step);
      }
      await wait(120);
    }
  }

  // ------------------------------------------------------------------------------------------
  // Settings

  let settings = {
    baseUrl: null,
    smallModel: 'gpt-4o-mini',
    largeModel: 'gpt-4o',
    offline: false,
    openalexEmail: null,
    lawUpdates: true,
    language: null,
    systemLanguage: params.get('lang') === 'es' ? 'es' : 'en',
    secrets: [
      { name: 'OPENAI_API_KEY', label: 'OpenAI API key', set: true, store: 'keyring' },
      { name: 'COURTLISTENER_API_TOKEN', label: 'CourtListener API token', set: true, store: 'file' },
      { name: 'LEGISCAN_API_KEY', label: 'LegiScan API key', set: false, store: null },
      { name: 'GOVINFO_API_KEY', label: 'GovInfo (api.data.gov) API key', set: false, store: null },
      { name: 'SERPAPI_API_KEY', label: 'SerpAPI key (lawyer search)', set: false, store: null },
    ],
  };

  async function saveSettings({ settings: s, secrets }) {
    await wait(300);
    const invalid = (field, message) => ({ code: 'invalid_input', message, field });
    if (!s || typeof s !== 'object') throw 'invalid args `settings` for command `save_settings`: missing';
    if (s.baseUrl && !/^https?:\/\//.test(s.baseUrl)) throw invalid('baseUrl', 'must start with http:// or https://');
    if (!s.smallModel) throw invalid('smallModel', 'must not be empty');
    if (!s.largeModel) throw invalid('largeModel', 'must not be empty');
    if (s.openalexEmail && !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(s.openalexEmail)) throw invalid('openalexEmail', 'must be an e-mail address');
    if (s.language && !['en', 'es'].includes(s.language)) throw invalid('language', `must be "en" (English), "es" (Español) or empty to follow this computer's language, not ${JSON.stringify(s.language)}`);
    const nextSecrets = settings.secrets.map((sec) => {
      if (!secrets || !(sec.name in secrets)) return sec;
      const v = secrets[sec.name];
      return v ? { ...sec, set: true, store: 'keyring' } : { ...sec, set: false, store: null };
    });
    // As the app: a save that leaves the language out keeps it.
    const language = 'language' in s ? s.language || null : settings.language;
    settings = { baseUrl: s.baseUrl || null, smallModel: s.smallModel, largeModel: s.largeModel, offline: Boolean(s.offline), openalexEmail: s.openalexEmail || null, lawUpdates: s.lawUpdates !== false, language, systemLanguage: settings.systemLanguage, secrets: nextSecrets };
    const keyed = settings.baseUrl || nextSecrets[0].set;
    setStatus({ model: settings.offline || !keyed ? { mode: 'offline' } : { mode: 'online', baseUrl: settings.baseUrl || 'https://api.openai.com/v1', small: settings.smallModel, large: settings.largeModel } });
    return clone(settings);
  }


  // ------------------------------------------------------------------------------------------
  // The law library: the official Code's download (`proseva_sidecars::library`), simulated.

  const STARTER_GRAPH = {
    corpus: 'starter',
    builtAt: '2026-05-01T14:02:11Z',
    nodeCount: 540,
    embeddingCount: 437,
    semanticSearch: true,
    sectionTextKinds: [{ type: 'summary', count: 437 }],
    nodeTypes: [
      { type: 'chapter', count: 66 },
      { type: 'constitution_article', count: 6 },
      { type: 'constitution_section', count: 21 },
      { type: 'section', count: 416 },
      { type: 'title', count: 15 },
    ],
  };
  let embeddingPaused = false;
  const officialGraph = () => ({
    corpus: 'official',
    builtAt: new Date().toISOString().replace(/\.\d+Z$/, 'Z'),
    nodeCount: 38460,
    embeddingCount: 437,
    semanticSearch: true,
    embeddingProgress: embeddingPaused
      ? { state: 'paused', total: 37000, done: 1240, perSecond: 0, secondsLeft: null, message: null }
      : { state: 'embedding', total: 37000, done: 1240, perSecond: 13.2, secondsLeft: 2709, message: null },
    sectionTextKinds: [{ type: 'official', count: 33012 }, { type: 'summary', count: 9 }],
    nodeTypes: [
      { type: 'article', count: 1210 },
      { type: 'chapter', count: 4071 },
      { type: 'constitution_article', count: 12 },
      { type: 'constitution_section', count: 168 },
      { type: 'section', count: 32853 },
      { type: 'title', count: 72 },
    ],
  });
  const TITLE_NUMBERS = ['1', '2.2', '3.2', '4.1', '5.1', '6.2', '8.01', '8.1A', '8.2', '8.3A', '8.4', '8.4A', '8.5A', '8.7', '8.8A', '8.9A', '8.10', '9.1', '10.1', '11', '12.1', '13.1', '15.2', '16.1', '17.1', '18.2', '19.2', '20', '21', '22.1', '23.1', '24.2', '25.1', '27', '28.2', '29.1', '30', '32.1', '33.2', '34', '35.1', '36', '37.2', '38.2', '40.1', '41.1', '42.1', '43', '44', '45.2', '46.2', '48', '49', '51.1', '51.5', '52', '53.1', '54.1', '55.1', '56', '57', '58.1', '59.1', '60.2', '61.1', '62.1', '63.2', '64.2', '65.2', '66', '67'];
  const LIBRARY_FILES = TITLE_NUMBERS.map((t) => `CoVTitle_${t}.csv`).concat(['Constitution.csv', 'Authorities.csv', 'Charters.csv', 'Compacts.csv', 'PopularNames.csv', 'UncodifiedActs.csv', 'Definitions.csv', 'Changes.csv', 'RepealedSections.csv']);
  const idleLibrary = {
    phase: 'idle', kind: null, fileNumber: 0, fileCount: 0, file: null, bytes: 0, totalBytes: null, bytesPerSecond: 0,
    newOrChanged: 0, unchanged: 0, notPublished: [], failed: [], buildStage: null, buildDone: 0, buildTotal: 0,
    message: null, interrupted: false, filesOnDisk: 0, lastCheck: null, lastBuild: null,
  };
  let graph = STARTER_GRAPH;
  let library = { ...idleLibrary };
  if (scenario === 'library-done') {
    graph = officialGraph();
    library = { ...library, filesOnDisk: LIBRARY_FILES.length - 2, lastCheck: '2026-06-02T09:14:00Z', lastBuild: '2026-06-02T09:16:31Z' };
  }
  if (scenario === 'library-interrupted') library = { ...library, interrupted: true, filesOnDisk: 23 };
  const libraryChannels = [];
  let libraryRunning = false;
  function setLibrary(patch) {
    library = { ...library, ...patch };
    for (const ch of libraryChannels) ch.send(library);
  }

  /** One run, as the app's: each file in turn (progress while it comes), then the build. */
  async function runLibrary(kind) {
    libraryRunning = true;
    const hold = scenario === 'library-hold';
    const failing = scenario === 'library-failed';
    const names = LIBRARY_FILES;
    setLibrary({ ...idleLibrary, phase: 'downloading', kind, fileCount: names.length, interrupted: true, filesOnDisk: library.filesOnDisk, lastCheck: library.lastCheck, lastBuild: library.lastBuild });
    const skip = kind === 'download' ? library.filesOnDisk : 0;
    for (let i = skip; i < names.length; i += 1) {
      const name = names[i];
      const total = 180000 + ((i * 7919) % 9) * 110000;
      setLibrary({ fileNumber: i + 1, file: name, bytes: 0, totalBytes: total, bytesPerSecond: 0 });
      if (failing && i >= skip + 2) {
        await wait(300);
        const failed = library.failed.concat({ name, reason: `${name}: error sending request (connection refused) (tried 4 times)` });
        setLibrary({ failed });
        if (failed.length >= 3) {
          setLibrary({ phase: 'failed', file: null, message: `Stopped: the site https://law.lis.virginia.gov could not be reached (error sending request (connection refused)). Check the connection; the download resumes with ${name} when you start it again or reopen ProSeVA.` });
          libraryRunning = false;
          return;
        }
        continue;
      }
      for (let part = 1; part <= 4; part += 1) {
        if (hold && i === skip + 11 && part === 3) {
          // Frozen half-way through file 12, for screenshots (drivers wait for this mark).
          document.documentElement.dataset.libraryHeld = 'true';
          await new Promise(() => {});
        }
        await wait(40);
        const bytes = Math.round((total * part) / 4);
        setLibrary({ bytes, bytesPerSecond: 88000 + ((i * 31) % 17) * 1900 });
      }
      if (name === 'Compacts.csv') setLibrary({ notPublished: library.notPublished.concat(name) });
      else if (name === 'CoVTitle_33.2.csv' && kind === 'download') {
        setLibrary({ failed: library.failed.concat({ name, reason: `${name}: the site answered HTTP 500 Internal Server Error (tried 4 times)` }) });
      } else if (kind === 'update' && i % 9) setLibrary({ unchanged: library.unchanged + 1 });
      else setLibrary({ newOrChanged: library.newOrChanged + 1, filesOnDisk: Math.min(library.filesOnDisk + 1, names.length - 2) });
    }
    const changed = library.newOrChanged > 0;
    if (changed || graph.corpus !== 'official') {
      setLibrary({ phase: 'building', file: null, buildStage: 'reading', buildDone: 0, buildTotal: names.length });
      for (const [stage, total] of [['reading', names.length], ['writing', 38460], ['indexing', 1]]) {
        for (let step = 1; step <= 4; step += 1) {
          await wait(150);
          setLibrary({ buildStage: stage, buildDone: Math.round((total * step) / 4), buildTotal: total });
        }
      }
      graph = officialGraph();
    }
    const n = library.newOrChanged;
    let message = n === 0 ? 'The official Code is up to date.' : `${n} files downloaded or updated; the library now holds the official text.`;
    if (library.failed.length) message += ` Not downloaded: ${library.failed.map((f) => f.name).join(', ')} (their summaries stay; try again later).`;
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    setLibrary({ phase: 'done', file: null, message, interrupted: false, lastCheck: now, lastBuild: changed ? now : library.lastBuild });
    libraryRunning = false;
  }
  function startLibrary(kind) {
    if (libraryRunning) return { started: false };
    runLibrary(kind).catch((err) => console.error('[mock] library run', err));
    return { started: true };
  }

  // ------------------------------------------------------------------------------------------
  // invoke

  const calls = [];
  async function invoke(command, args = {}, options = {}) {
    calls.push({ command, args: args instanceof Uint8Array ? `<${args.length} bytes>` : args });
    switch (command) {
      case 'app_status':
        return clone(status);
      case 'subscribe_status':
        if (!(args.onStatus instanceof Channel)) throw 'onStatus must be a Channel';
        statusChannels.push(args.onStatus);
        setTimeout(() => args.onStatus.send(status), 0);
        return null;
      case 'chat':
      case 'research':
        return converse(command, args);
      case 'list_workflows':
        return clone(WORKFLOWS.filter((w) => !args.kind || w.requiresFocus.includes(args.kind)));
      case 'run_workflow':
        return runWorkflow(args);
      case 'cancel': {
        const req = running.get(args.requestId);
        if (req) req.cancelled = true;
        return null;
      }
      case 'get_node': {
        await wait(150);
        if (scenario === 'restarting') throw { code: 'unavailable', message: 'the Virginia law graph (explorer) is unavailable' };
        const key = args.sourceId || Object.keys(NODES).find((k) => NODES[k].id === args.id);
        const node = NODES[key];
        if (!node) throw { code: 'not_found', message: `§ ${args.sourceId ?? args.id} is not in the law graph` };
        return { ...clone(node), label: label(node.sourceId).replace(/^Va\. Const\. art\. I, § 12$/, 'Constitution of Virginia, Article I, Section 12'), citations: checked(node.sourceText, NODE_CITES[key] || [], []).spans.map((c) => ({ ...c, status: 'unchecked' })) };
      }
      case 'get_settings':
        await wait(80);
        return clone(settings);
      case 'save_settings':
        return saveSettings(args);
      case 'library_status':
        await wait(60);
        return clone({ library, graph: scenario === 'restarting' ? null : graph, starterSummaries: 437 });
      case 'subscribe_library':
        if (!(args.onStatus instanceof Channel)) throw 'onStatus must be a Channel';
        libraryChannels.push(args.onStatus);
        args.onStatus.send(library);
        return null;
      case 'library_download':
        return startLibrary('download');
      case 'library_check_updates':
        return startLibrary('update');
      case 'library_pause_embedding':
        embeddingPaused = Boolean(args.paused);
        // The stats the Law tab reads next say so, as the explorer's would.
        if (graph.corpus === 'official') graph = { ...graph, embeddingProgress: officialGraph().embeddingProgress };
        return { paused: embeddingPaused };
      case 'open_url':
        if (!/^https?:\/\//.test(args.url || '')) throw { code: 'invalid_input', message: 'only http:// and https:// links can be opened', field: 'url' };
        console.info('[mock] open_url', args.url);
        window.__mockOpened = (window.__mockOpened || []).concat(args.url);
        return null;
      default:
        if (window.__mockWorkspace && window.__mockWorkspace.handles(command)) return window.__mockWorkspace.invoke(command, args, options);
        throw `unknown command ${command}`;
    }
  }

  // The app's events (`withGlobalTauri`'s `event.listen`): mock-workspace.js sends `reminders`.
  const eventHandlers = new Map();
  let eventSeq = 0;
  const event = {
    listen: async (name, handler) => {
      if (!eventHandlers.has(name)) eventHandlers.set(name, new Set());
      eventHandlers.get(name).add(handler);
      return () => eventHandlers.get(name).delete(handler);
    },
  };
  window.__mockEmit = (name, payload) => {
    for (const handler of eventHandlers.get(name) || []) handler({ event: name, id: (eventSeq += 1), payload });
  };

  window.__TAURI__ = { core: { invoke, Channel }, event };
  window.__mockCalls = calls;

  /** The canned answers' events as the page receives them (for saved conversations). */
  window.__mockCanned = {
    answer(name) {
      const steps = { foia: FOIA_STEPS, deposit: DEPOSIT_STEPS, research: RESEARCH_STEPS }[name];
      const calls = {};
      const toolResults = [];
      const events = [];
      for (const step of steps) {
        if (step.wait || step.stream || step.type === 'phase') continue;
        if (step.type === 'tool_call') {
          calls[step.id] = step.args;
          events.push(withDisplay(step));
        } else if (step.type === 'tool_result') {
          toolResults.push({ tool: step.name, args: calls[step.id] || {}, ok: step.ok, result: step.result });
          events.push(withCards(step));
        } else if (step.type === 'done') {
          events.push({ ...step, toolResults });
        }
      }
      return clone({ reply: events[events.length - 1].reply, events });
    },
  };

  // ------------------------------------------------------------------------------------------
  // Scenarios: drive the real UI as a person would.

  const whenReady = () =>
    new Promise((resolve) => {
      const check = () => (window.proseva && document.body.dataset.ready === 'true' ? resolve(window.proseva) : setTimeout(check, 20));
      check();
    });
  const until = (fn, timeout = 20000) =>
    new Promise((resolve, reject) => {
      const start = Date.now();
      const check = () => {
        const v = fn();
        if (v) resolve(v);
        else if (Date.now() - start > timeout) reject(new Error('timed out'));
        else setTimeout(check, 25);
      };
      check();
    });
  const typeAndSend = (input, text) => {
    input.value = text;
    input.dispatchEvent(new Event('input', { bubbles: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true, cancelable: true }));
  };
  const chatDone = () => document.querySelector('#chat-transcript .message.assistant[data-state="done"]');

  async function runScenario() {
    if (!scenario) return;
    await whenReady();
    const $ = (sel) => document.querySelector(sel);
    switch (scenario) {
      case 'chat':
      case 'chat-hold':
      case 'tools-hold':
        typeAndSend($('#chat-input'), 'How do I request public records from a state agency?');
        break;
      case 'chat-deadlines':
        typeAndSend($('#chat-input'), 'What are my upcoming deadlines?');
        break;
      case 'markdown':
        typeAndSend($('#chat-input'), 'Show me every markdown feature');
        break;
      case 'error':
        typeAndSend($('#chat-input'), 'How do I request public records from a state agency?');
        break;
      case 'research':
      case 'research-hold':
        $('#tab-research').click();
        typeAndSend($('#research-input'), 'Find Virginia cases on custody modification');
        break;
      case 'section':
      case 'section-summary':
      case 'section-missing': {
        typeAndSend($('#chat-input'), scenario === 'section' ? 'What does the law say about custody? markdown' : 'How do I request public records from a state agency?');
        await until(chatDone);
        const id = scenario === 'section' ? '20-124.3' : scenario === 'section-summary' ? '2.2-3704' : '99-999';
        (await until(() => $(`#chat-transcript a.cite[data-source-id="${id}"]`))).click();
        break;
      }
      case 'const':
        typeAndSend($('#chat-input'), 'markdown please');
        await until(chatDone);
        (await until(() => $('#chat-transcript a.cite[data-source-id="const-I-12"]'))).click();
        break;
      case 'settings':
        $('#open-settings').click();
        break;
      case 'library':
      case 'library-done':
      case 'library-interrupted':
        $('#tab-library').click();
        break;
      case 'library-download':
      case 'library-hold':
      case 'library-failed':
        $('#tab-library').click();
        (await until(() => !$('#library-download').disabled && $('#library-download'))).click();
        break;
      case 'settings-error':
        $('#open-settings').click();
        await until(() => $('#set-smallModel').value);
        $('#set-baseUrl').value = 'localhost:11434';
        $('#settings-form').requestSubmit();
        break;
      default:
        if (window.__mockWorkspace) await window.__mockWorkspace.runScenario(scenario);
        break;
    }
  }
  runScenario().catch((err) => console.error('[mock] scenario failed', err));

  // ?debug=1: after the scenario, record scroll positions in <body data-debug> (for --dump-dom).
  if (params.get('debug')) {
    setInterval(() => {
      const info = [...document.querySelectorAll('.chat-scroll, .research-scroll, .research-layout, .results-sidebar')].map((el) => `${el.className}:${el.scrollTop}/${el.scrollHeight}/${el.clientHeight}`);
      document.body.dataset.debug = info.join(' | ');
    }, 200);
  }
})();
