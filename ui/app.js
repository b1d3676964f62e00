// ProSeVA's window: wires the panels, dialogs, status line and keyboard shortcuts together.

import { api, connected, openUrl } from './api.js';
import { announce } from './dom.js';
import { Conversation } from './conversation.js';
import { ResearchSidebar } from './research.js';
import { SectionViewer } from './section.js';
import { SettingsDialog } from './settings.js';
import { StatusLine } from './status.js';
import { RecordDialog, anyDialogOpen } from './dialogs.js';
import { Workspace } from './workspace.js';
import { OverviewPage } from './cases.js';
import { PathPage } from './path.js';
import { PapersPage } from './papers.js';
import { ProofPage } from './proof.js';
import { DeadlinesPage, DueStrip } from './deadlines.js';
import { RuleDialog } from './rules.js';
import { DocumentsPage, wireDrop } from './documents.js';
import { DocumentViewer } from './docviewer.js';
import { contactsPage, financesPage, timelinePage } from './casefile.js';
import { NotesPage, addSaveNote } from './notes.js';
import { ConversationsDrawer } from './conversations.js';
import { BackupSection } from './backup.js';
import { LibraryView } from './library.js';
import { DiagnosticsView } from './diagnostics.js';
import { ArtifactPanel, DraftDialog } from './drafts.js';
import { Reminders, ReminderSettingsGroup, StartAtLoginPrompt } from './reminders.js';
import { StartDialog } from './start.js';
import { HelpView } from './help.js';
import { takeNeutralView, wireQuickExit } from './quick-exit.js';
import { IdleLock, PrivacySettingsGroup, UnlockScreen, lockNow, lockedAtStart, offerLockForProtectiveOrders, restartWhenLocked } from './privacy.js';
import { loadLanguage, localizeDom, t } from './i18n.js';

const $ = (id) => document.getElementById(id);

/** Follows the system's light or dark preference, unless a theme was forced on <html>. */
function followSystemTheme() {
  const root = document.documentElement;
  if (root.classList.contains('theme-light') || root.classList.contains('theme-dark')) return;
  const dark = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => root.classList.toggle('theme-dark', dark.matches);
  apply();
  dark.addEventListener('change', apply);
}
followSystemTheme();

/**
 * The window's language, before anything shows (index.html hides the page until then): the one
 * chosen in Settings, else this computer's (`systemLanguage`, from its locale), else English.
 * The page's static text is then written in it; a settings answer that never comes is English.
 */
async function startLanguage() {
  try {
    const settings = await Promise.race([
      api.getSettings().catch((err) => {
        console.warn('get_settings', err);
        return null;
      }),
      new Promise((resolve) => setTimeout(() => resolve(null), 3000)),
    ]);
    await loadLanguage((settings && (settings.language || settings.systemLanguage)) || 'en');
    localizeDom(document);
  } catch (err) {
    console.error('language', err);
  } finally {
    document.documentElement.removeAttribute('data-l10n-pending');
  }
}

/** A locked case file shows only the unlock screen: the rest of the page is not even started. */
async function start() {
  wireQuickExit($('quick-exit'));
  await startLanguage();
  const privacy = await lockedAtStart(new UnlockScreen($('unlock-screen')));
  if (privacy.locked) {
    document.body.dataset.ready = 'true';
    return;
  }
  startUnlocked(privacy);
}

function startUnlocked(privacy) {
  // Loaded again by quick exit: the Law tab's front page, no case chosen, nothing of it shown
  // until the person chooses one (or opens the Case tab).
  let neutral = takeNeutralView();
  if (neutral) document.body.dataset.view = 'neutral';
  const status = new StatusLine();
  const viewer = new SectionViewer($('section-viewer'));
  // The case file's lock: the Lock button once a passphrase is set, locking when idle, and a start
  // again on the unlock screen whenever the server says it is locked.
  let encrypted = Boolean(privacy.encrypted);
  let idleMinutes = 0;
  const lockButton = $('lock-now');
  lockButton.hidden = !encrypted;
  lockButton.addEventListener('click', () => lockNow());
  restartWhenLocked();
  const privacyGroup = new PrivacySettingsGroup($('privacy-settings'), {
    onChange: (chosen) => {
      encrypted = Boolean(privacyGroup.status.encrypted);
      lockButton.hidden = !encrypted;
      if (chosen) idleMinutes = chosen.idleLockMinutes;
    },
  });
  api
    .privacySettings()
    .then((chosen) => {
      idleMinutes = chosen.idleLockMinutes;
    })
    .catch((err) => console.warn('privacy_settings', err));
  new IdleLock({ minutes: () => idleMinutes, encrypted: () => encrypted }).start();
  const settings = new SettingsDialog($('settings-dialog'), {
    getStatus: () => status.last,
    groups: [new ReminderSettingsGroup($('reminder-settings')), privacyGroup],
  });
  new DiagnosticsView($('diagnostics'), $('open-diagnostics'));
  const recordDialog = new RecordDialog($('record-dialog'));
  // `select` is defined below; the workspace asks for a panel only after start-up.
  const ws = new Workspace({ selectPanel: (name, opts) => select(name, opts), recordDialog });
  const backup = new BackupSection($('backup-section'), {
    onRestored: () => {
      chat.reset();
      research.reset();
      ws.reload();
    },
  });
  const openSettings = (trigger) => {
    backup.refresh();
    return settings.open(trigger || $('open-settings'));
  };
  // A protective-order case made without a passphrase set: the offer to set one, once.
  offerLockForProtectiveOrders({
    dialog: $('lock-offer-dialog'),
    openPrivacy: async () => {
      await openSettings();
      const group = $('privacy-settings');
      group.scrollIntoView({ block: 'start' });
      $('privacy-new').focus();
    },
  });
  const onAnswer = (info) => addSaveNote(info, ws);
  const onConversation = () => {
    if (drawer.isOpen) drawer.load();
  };

  const chat = new Conversation({
    name: 'chat',
    command: 'chat',
    transcript: $('chat-transcript'),
    input: $('chat-input'),
    send: $('chat-send'),
    stop: $('chat-stop'),
    trailId: 'tool-trail',
    empty: $('chat-empty'),
    sourcesInMessage: true,
    openSettings: () => openSettings(),
    getCaseId: () => ws.caseId,
    onAnswer,
    onConversation,
    onBusy: (busy, conv) => {
      $('chat-new').hidden = busy || !conv.transcript.querySelector('.message');
      $('chat-check').hidden = busy;
      $('chat-draft').hidden = busy;
    },
  });

  // Drafts: the artifact panel beside Ask, and the Draft dialog.
  const artifacts = new ArtifactPanel($('artifact-panel'), { getCaseId: () => ws.caseId });
  const draftDialog = new DraftDialog($('draft-dialog'), {
    panel: artifacts,
    getCaseId: () => ws.caseId,
    // A model service or a model on this computer writes letters; offline, Draft… builds from records only.
    modelOnline: () => Boolean(status.last && status.last.model && ['online', 'local'].includes(status.last.model.mode)),
    ask: (question) => {
      select('chat', { focusInput: false });
      chat.ask(question);
    },
    openSettings: () => openSettings(),
  });
  $('chat-draft').addEventListener('click', (e) => draftDialog.open(e.currentTarget));
  // A draft the assistant made opens beside the conversation.
  document.addEventListener('proseva:open-draft', (e) => {
    const { id, version, focus = true } = e.detail || {};
    if (!Number.isInteger(id)) return;
    if (focus) select('chat', { focusInput: false });
    artifacts.show(id, Number.isInteger(version) ? version : null, { focus });
  });

  const sidebar = new ResearchSidebar($('results-sidebar'));
  const research = new Conversation({
    name: 'research',
    command: 'research',
    transcript: $('research-answer'),
    input: $('research-input'),
    send: $('research-send'),
    stop: $('research-stop'),
    trailId: 'research-trail',
    empty: $('research-empty'),
    sidebar,
    sourcesInMessage: false,
    openSettings: () => openSettings(),
    getCaseId: () => ws.caseId,
    onAnswer,
    onConversation,
    onBusy: (busy, conv) => {
      $('research-new').hidden = busy || !conv.transcript.querySelector('.message');
    },
  });

  const panels = {
    chat: { tab: $('tab-chat'), panel: $('panel-chat'), conv: chat },
    research: { tab: $('tab-research'), panel: $('panel-research'), conv: research },
    workspace: { tab: $('tab-workspace'), panel: $('panel-workspace'), conv: null },
    library: { tab: $('tab-library'), panel: $('panel-library'), conv: null },
    help: { tab: $('tab-help'), panel: $('panel-help'), conv: null },
  };
  const library = new LibraryView($('panel-library'));
  const help = new HelpView($('panel-help'));
  let active = 'chat';

  function select(name, { focusInput = true, focusTab = false } = {}) {
    const was = active;
    active = name;
    for (const [key, p] of Object.entries(panels)) {
      const on = key === name;
      p.tab.setAttribute('aria-selected', String(on));
      p.tab.tabIndex = on ? 0 : -1;
      p.panel.hidden = !on;
    }
    document.body.dataset.panel = name;
    if (was === 'workspace' && name !== 'workspace') ws.hidden();
    if (name === 'workspace') ws.shown();
    if (name === 'library') library.shown();
    if (name === 'help') {
      const open = ws.cases.find((c) => c.id === ws.caseId);
      help.setCase(open || null);
      help.shown();
    }
    if (name === 'chat') dueStrip.refresh();
    if (focusTab) panels[name].tab.focus();
    else if (focusInput && panels[name].conv) panels[name].conv.input.focus();
  }

  // The case workspace's pages, its dialogs, the due strip and saved conversations.
  const ruleDialog = new RuleDialog($('deadline-rule-dialog'));
  const docViewer = new DocumentViewer($('document-viewer'));
  const drawer = new ConversationsDrawer($('conversations-drawer'), ws, { panels: { chat, research }, select });
  const documents = new DocumentsPage(ws, ws.page('documents'), { viewer: docViewer });
  ws.setPages({
    overview: new OverviewPage(ws, ws.page('overview')),
    path: new PathPage(ws, ws.page('path')),
    papers: new PapersPage(ws, ws.page('papers')),
    proof: new ProofPage(ws, ws.page('proof')),
    deadlines: new DeadlinesPage(ws, ws.page('deadlines'), { ruleDialog }),
    documents,
    contacts: contactsPage(ws, ws.page('contacts')),
    finances: financesPage(ws, ws.page('finances')),
    timeline: timelinePage(ws, ws.page('timeline')),
    notes: new NotesPage(ws, ws.page('notes'), { openConversation: (id) => drawer.reopen(id) }),
  });
  const dueStrip = new DueStrip($('due-strip'), ws);
  // Reminders: what came due while the app was closed first, then those that fire as it runs;
  // "Show" opens the reminder's deadline in its case. After the first deadline, one question.
  const reminders = new Reminders({
    missedRoot: $('missed-reminders'),
    liveRoot: $('reminder-list'),
    open: (r) => {
      if (r.caseId && r.caseId !== ws.caseId && ws.cases.some((c) => c.id === r.caseId)) ws.setCase(r.caseId);
      ws.go('deadlines', { focusId: r.deadlineId });
    },
  });
  const startAtLogin = new StartAtLoginPrompt($('start-at-login-prompt'));
  if (neutral) reminders.setNeutral(true);
  ws.onCase((caseId, resource) => {
    if (neutral && caseId) {
      // A case chosen: the neutral view ends, and what came due while ProSeVA was closed shows.
      neutral = false;
      delete document.body.dataset.view;
      reminders.setNeutral(false);
      reminders.start();
    }
    if (!resource || resource === 'deadlines') dueStrip.refresh();
    if (resource === 'deadlines') startAtLogin.maybeAsk();
  });
  wireDrop(ws, documents, $('drop-overlay'));
  $('chat-conversations').addEventListener('click', (e) => drawer.open(e.currentTarget));
  $('research-conversations').addEventListener('click', (e) => drawer.open(e.currentTarget));

  for (const [name, p] of Object.entries(panels)) {
    p.tab.addEventListener('click', () => select(name, { focusInput: false, focusTab: true }));
    p.tab.addEventListener('keydown', (e) => {
      const order = Object.keys(panels);
      const at = order.indexOf(name);
      let next = null;
      if (e.key === 'ArrowRight' || e.key === 'ArrowDown') next = order[(at + 1) % order.length];
      else if (e.key === 'ArrowLeft' || e.key === 'ArrowUp') next = order[(at - 1 + order.length) % order.length];
      else if (e.key === 'Home') next = order[0];
      else if (e.key === 'End') next = order[order.length - 1];
      if (next) {
        e.preventDefault();
        select(next, { focusTab: true });
      }
    });
  }

  // Example questions ask at once.
  for (const [name, p] of Object.entries(panels)) {
    for (const button of p.panel.querySelectorAll('.example')) {
      button.addEventListener('click', () => {
        select(name, { focusInput: false });
        p.conv.ask(button.dataset.question || button.textContent.trim());
        p.conv.input.focus();
      });
    }
  }

  // Check a claim: what is in the Ask box is the claim; the check runs as a new conversation.
  $('chat-check').addEventListener('click', () => {
    const claim = chat.input.value.trim();
    if (!claim) {
      chat.showInputError(t('app-claim-needed'));
      chat.input.focus();
      return;
    }
    if (chat.busy) return;
    chat.input.value = '';
    chat.growInput();
    chat.runWorkflow({ key: 'check_claim', input: claim, label: claim, caseId: ws.caseId, badge: t('app-claim-badge') });
  });
  // A workflow chosen from a record's Workflows menu runs in Ask, as a new conversation.
  document.addEventListener('proseva:run-workflow', (e) => {
    select('chat', { focusInput: false });
    chat.runWorkflow(e.detail);
  });
  // What the assistant wrote opens in the workspace.
  // Step by step's "Is this app enough?": the Help tab's questions for the case's kind.
  document.addEventListener('proseva:open-help-screen', (e) => {
    select('help', { focusInput: false });
    help.openScreen(e.detail && e.detail.kind);
  });
  // A step that names a form: "Fill a form I downloaded" on the case's Papers to file page.
  document.addEventListener('proseva:fill-form', (e) => {
    select('workspace', { focusInput: false });
    ws.go('papers', { fillForm: (e.detail && e.detail.form) || true });
  });
  // A step in court: what must be proved there, on the case's Proof for the hearing page.
  document.addEventListener('proseva:open-proof', () => {
    select('workspace', { focusInput: false });
    ws.go('proof');
  });
  document.addEventListener('proseva:open-record', (e) => {
    const { kind, id } = e.detail || {};
    select('workspace', { focusInput: false });
    if (kind === 'note') ws.go('notes', { noteId: id });
    else if (kind === 'deadline') ws.go('deadlines');
    else if (kind === 'document') ws.go('documents');
  });

  $('chat-new').addEventListener('click', () => {
    chat.reset();
    $('chat-new').hidden = true;
    chat.input.focus();
    announce(t('app-chat-new-started'));
  });
  $('research-new').addEventListener('click', () => {
    research.reset();
    $('research-new').hidden = true;
    research.input.focus();
    announce(t('app-research-cleared'));
  });

  $('open-settings').addEventListener('click', (e) => openSettings(e.currentTarget));
  // "What brings you here?": on a first start, and from "Start here" at any time.
  const startDialog = new StartDialog($('start-dialog'), { ws, select, askInput: chat.input });
  $('open-start').addEventListener('click', (e) => startDialog.open(e.currentTarget));
  ws.onStart = (trigger) => startDialog.open(trigger);
  ws.renderPicker();
  $('settings-dialog').addEventListener('settings-saved', () => {
    // The status line shows the new model mode as soon as the app reports it.
    status.lastJson = '';
  });

  // Citations, source buttons and outside links, wherever they are.
  document.addEventListener('click', (e) => {
    const target = e.target instanceof Element ? e.target : null;
    if (!target) return;
    const settingsLink = target.closest('.open-settings-link');
    if (settingsLink) {
      openSettings(settingsLink);
      return;
    }
    const opener = target.closest('a.cite[data-source-id], .source-link[data-source-id]');
    if (opener) {
      e.preventDefault();
      viewer.open(opener.dataset.sourceId, opener);
      return;
    }
    const link = target.closest('a[href]');
    if (link) {
      const href = link.getAttribute('href') || '';
      if (href.startsWith('#') && href.length > 1) return; // in-page (skip link)
      e.preventDefault();
      const url = link.dataset.url || link.href;
      if (/^https?:/i.test(url)) openUrl(url);
    }
  });
  // Middle-click on a link would open a second window of the app: send it to the browser too.
  document.addEventListener('auxclick', (e) => {
    const link = e.target instanceof Element ? e.target.closest('a[href]') : null;
    if (!link) return;
    e.preventDefault();
    const url = link.dataset.url || link.href;
    if (/^https?:/i.test(url)) openUrl(url);
  });

  // Keyboard shortcuts.
  document.addEventListener('keydown', (e) => {
    const mod = e.ctrlKey || e.metaKey;
    const dialogOpen = anyDialogOpen();
    const panelKeys = { 1: 'chat', 2: 'research', 3: 'workspace', 4: 'library', 5: 'help' };
    if (mod && !e.altKey && !e.shiftKey && panelKeys[e.key] && !dialogOpen) {
      e.preventDefault();
      select(panelKeys[e.key], { focusTab: !panels[panelKeys[e.key]].conv });
      return;
    }
    if (mod && (e.key === ',' || e.code === 'Comma')) {
      e.preventDefault();
      if (viewer.isOpen) viewer.close();
      if (!settings.isOpen) openSettings();
      return;
    }
    if (e.key === 'Escape' && !dialogOpen && !e.defaultPrevented) {
      if (panels[active].conv && panels[active].conv.stop()) e.preventDefault();
    }
  });

  status.start();
  // Cases read while the case-data server was still starting are read again once it is ready.
  status.onStatus((st) => {
    if (ws.casesError && st && st.server && st.server.state === 'healthy') ws.reload();
    library.appStatus(st);
  });
  // The law library's download is followed from the start (a resumed one, the monthly check).
  library.listen();
  reminders.listen();
  if (neutral) select('library', { focusInput: false });
  else select('chat', { focusInput: true });
  // The cases first, so the first question already knows the case; then the page is ready.
  // What came due while the app was closed is asked for at once; the page is ready with the cases.
  if (!neutral) reminders.start();
  // A first start asks what brings the person here, once the cases are known (none yet); never
  // over the neutral view.
  ws.start({ neutral })
    .catch((err) => console.error('workspace', err))
    .then(() => {
      if (!neutral) return startDialog.maybeOpen();
      document.body.dataset.start = 'done';
      return null;
    })
    .catch((err) => console.error('start', err))
    .finally(() => {
      document.body.dataset.ready = 'true';
    });

  // For people and for tests: what is on screen.
  window.proseva = { chat, research, sidebar, artifacts, draftDialog, viewer, settings, status, select, workspace: ws, documents, drawer, docViewer, ruleDialog, library, reminders, startAtLogin, startDialog };
}

if (!connected()) {
  console.error('ProSeVA: window.__TAURI__ is missing; this page must run inside the ProSeVA app.');
}
if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', start);
else start();
