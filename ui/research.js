// The research panel's tool-results sidebar: the results of the latest research question,
// grouped by tool, filled live as each tool answers. Its words: locales/*/research.ftl.

import { ResultGroups, localized, relocalize } from './results.js';
import { onLanguageChange, t } from './i18n.js';

export class ResearchSidebar {
  constructor(root) {
    this.root = root;
    this.question = root.querySelector('#results-question');
    this.summary = root.querySelector('#results-summary');
    this.empty = root.querySelector('#results-empty');
    this.groups = new ResultGroups(root.querySelector('#results-groups'), {
      headingLevel: 3,
      onChange: () => this.updateSummary(),
    });
    this.running = false;
    this.clear();
    // Another language chosen in Settings: the question's line, the summary and the results' own
    // words are said again in it.
    onLanguageChange(() => relocalize(this.root));
  }

  clear() {
    this.running = false;
    this.groups.reset();
    localized(this.question, () => '');
    this.question.hidden = true;
    this.root.dataset.state = 'empty';
    this.empty.hidden = false;
    this.updateSummary();
  }

  /** A new research question: the previous results go. */
  start(question) {
    this.groups.reset();
    this.running = true;
    localized(this.question, () => t('research-for', { question }));
    this.question.hidden = false;
    this.empty.hidden = true;
    this.root.dataset.state = 'running';
    this.updateSummary();
  }

  /** The request ended (with an answer or not): calls still spinning stop. */
  finish() {
    this.running = false;
    this.groups.settle();
    this.root.dataset.state = this.groups.isEmpty ? 'none' : 'done';
    this.updateSummary();
  }

  /** Moves focus (and the view) to the results. */
  focus() {
    const title = this.root.querySelector('#results-title');
    title.scrollIntoView({ block: 'start', behavior: window.matchMedia('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth' });
    title.focus({ preventScroll: true });
  }

  updateSummary() {
    if (!this.summary || !this.groups) return;
    localized(this.summary, () => this.summaryText());
  }

  /** What the results add up to, now: looking, how many from how many sources, or nothing. */
  summaryText() {
    const sources = this.groups.groups.size;
    const cards = this.groups.cardCount;
    const looking = this.running && this.groups.pending.size > 0;
    if (this.running && !sources) return t('research-looking');
    if (looking) return t('research-so-far', { cards, sources });
    if (this.root.dataset.state === 'empty') return '';
    if (this.running && !cards) return t('research-nothing-yet');
    if (!sources) return t('research-no-sources');
    return t('research-results', { cards, sources });
  }
}
