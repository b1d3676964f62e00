// The Workflows menu of a record (a case, a document, a note, a section): the workflows of the
// app's registry that fit it. Choosing one runs it in Ask, as a new conversation whose trail shows
// every step and whose answer is the workflow's summary; what it wrote opens from the trail.

import { h, clear } from './dom.js';
import { api } from './api.js';
import { onLanguageChange, t } from './i18n.js';

const lists = new Map();

// Another language: every menu on the page says its name in it.
onLanguageChange(() => {
  // The app names the workflows in the window's language: asked again in the new one.
  lists.clear();
  if (!globalThis.document) return;
  for (const summary of document.querySelectorAll('summary.workflows-toggle')) summary.textContent = t('workflows-menu');
});

/** The workflows for records of `kind`, asked of the app once per kind. */
export function workflowsFor(kind) {
  if (!lists.has(kind)) {
    lists.set(
      kind,
      api.listWorkflows(kind).then(
        (items) => (Array.isArray(items) ? items : []),
        () => {
          lists.delete(kind);
          return [];
        },
      ),
    );
  }
  return lists.get(kind);
}

/** Asks the window to run a workflow (app.js runs it in Ask). */
export function requestWorkflow(detail) {
  document.dispatchEvent(new CustomEvent('proseva:run-workflow', { detail }));
}

/**
 * A "Workflows" menu for one record; it hides itself when no workflow fits. `title` names the
 * record in the conversation (`Connect to the law: “Lease”`).
 */
export function workflowsMenu(kind, id, { title = '', caseId = null } = {}) {
  const list = h('ul', { class: 'workflows-list', role: 'list' });
  const summary = h('summary', { class: 'button secondary small workflows-toggle' }, t('workflows-menu'));
  const menu = h('details', { class: 'workflows-menu', dataset: { kind, id: String(id) } }, summary, list);
  menu.hidden = true;
  workflowsFor(kind).then((items) => {
    clear(list);
    menu.hidden = items.length === 0;
    for (const w of items) {
      const button = h(
        'button',
        { type: 'button', class: 'workflow-choice', dataset: { workflow: w.key }, title: w.expectedOutcome || '' },
        h('span', { class: 'workflow-name' }, w.displayName),
        h('span', { class: 'workflow-about' }, w.description),
      );
      button.addEventListener('click', () => {
        menu.open = false;
        const label = title ? `${w.displayName}: “${title}”` : w.displayName;
        requestWorkflow({ key: w.key, focus: { kind, id }, label, caseId });
      });
      list.append(h('li', {}, button));
    }
  });
  menu.addEventListener('keydown', (e) => {
    if (e.key === 'Escape' && menu.open) {
      e.stopPropagation();
      menu.open = false;
      summary.focus();
    }
  });
  return menu;
}
