// The research panel's tool-results sidebar: the results of the latest research question,
// grouped by tool, filled live as each tool answers.

import { formatNumber } from './dom.js';
import { ResultGroups } from './results.js';

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
  }

  clear() {
    this.running = false;
    this.groups.reset();
    this.question.textContent = '';
    this.question.hidden = true;
    this.root.dataset.state = 'empty';
    this.empty.hidden = false;
    this.updateSummary();
  }

  /** A new research question: the previous results go. */
  start(question) {
    this.groups.reset();
    this.running = true;
    this.question.textContent = `For: “${question}”`;
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
    const groups = this.groups.groups.size;
    const cards = this.groups.cardCount;
    const looking = this.running && this.groups.pending.size > 0;
    if (this.running && !groups) this.summary.textContent = 'Looking things up…';
    else if (looking) this.summary.textContent = `${formatNumber(cards)} so far from ${groups} source${groups === 1 ? '' : 's'} — still looking…`;
    else if (this.root.dataset.state === 'empty') this.summary.textContent = '';
    else if (this.running && !cards) this.summary.textContent = 'Nothing found yet.';
    else if (!groups) this.summary.textContent = 'No sources were searched for this question.';
    else this.summary.textContent = `${formatNumber(cards)} result${cards === 1 ? '' : 's'} from ${groups} source${groups === 1 ? '' : 's'}`;
  }
}
