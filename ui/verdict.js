// The verdict card of a claim check: the verdict in words, a confidence bar, the resolution, the
// sections it rests on (each opens in the section viewer, labelled official text or summary),
// a note when a citation was left out or no model decided, and the action plan — a step with a
// date can be added to the person's deadlines.

import { h } from './dom.js';
import { api, commandError } from './api.js';
import { kindBadge } from './results.js';

const VERDICTS = {
  supported: { text: 'The law supports this claim', tone: 'ok' },
  not_supported: { text: 'The law does not support this claim', tone: 'no' },
  unclear: { text: 'Unclear from what was found', tone: 'unclear' },
};

function sectionLabel(id) {
  const s = String(id);
  const c = /^const-([IVX]+)-(\d+)$/.exec(s);
  return c ? `Constitution of Virginia, Article ${c[1]}, Section ${c[2]}` : `§ ${s}`;
}

/** A step's "Add to deadlines" button: adds it to the case's deadlines on its date. */
function addToDeadlines(step, caseId) {
  const status = h('span', { class: 'step-status', role: 'status' });
  const button = h('button', { type: 'button', class: 'button secondary small add-deadline', dataset: { date: step.by_when } }, 'Add to deadlines');
  button.addEventListener('click', async () => {
    button.disabled = true;
    status.textContent = 'Adding…';
    try {
      const record = { title: String(step.step).slice(0, 300), date: step.by_when, kind: 'other' };
      if (caseId !== null && caseId !== undefined) record.caseId = caseId;
      await api.createRecord('deadlines', record);
      button.textContent = 'Added';
      status.textContent = ` ✓ in your deadlines for ${step.by_when}`;
      document.dispatchEvent(new CustomEvent('proseva:records-changed', { detail: { resource: 'deadlines' } }));
    } catch (err) {
      button.disabled = false;
      status.textContent = ` Not added: ${commandError(err).message}`;
    }
  });
  return [button, status];
}

/** The card for `decision` ({verdict, confidence, resolution, citations, action_plan, dropped?, note?}). */
export function renderVerdict(decision, { caseId = null } = {}) {
  const v = VERDICTS[decision.verdict] || VERDICTS.unclear;
  const confidence = Math.max(0, Math.min(1, Number(decision.confidence) || 0));
  const percent = Math.round(confidence * 100);
  const card = h('section', { class: 'verdict-card', dataset: { verdict: decision.verdict, tone: v.tone }, 'aria-label': 'Claim check' });
  card.append(
    h('p', { class: 'verdict-eyebrow' }, 'Claim check'),
    h('h4', { class: 'verdict-words' }, v.text),
    h(
      'div',
      { class: 'confidence' },
      h('span', { class: 'confidence-label', id: `conf-${Math.random().toString(36).slice(2)}` }, `Confidence ${percent} %`),
      h('div', { class: 'confidence-bar', role: 'meter', 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': String(percent), 'aria-label': 'Confidence' }, h('span', { class: 'confidence-fill', style: `width: ${percent}%` })),
    ),
    h('p', { class: 'verdict-resolution' }, String(decision.resolution || '')),
  );
  if (decision.note) card.append(h('p', { class: 'verdict-note', role: 'note' }, String(decision.note)));
  const citations = Array.isArray(decision.citations) ? decision.citations : [];
  if (citations.length) {
    card.append(
      h('h5', { class: 'verdict-heading' }, 'The law it rests on'),
      h(
        'ul',
        { class: 'verdict-citations' },
        citations.map((c) =>
          h(
            'li',
            { class: 'verdict-citation', dataset: { section: c.section, textKind: c.textKind } },
            h('button', { type: 'button', class: 'button link-like source-link', 'data-source-id': c.section, 'aria-haspopup': 'dialog' }, sectionLabel(c.section)),
            ' ',
            kindBadge(c.textKind),
            h('blockquote', { class: 'verdict-quote', dataset: { verbatim: c.verbatim === false ? 'false' : c.verbatim === true ? 'true' : null } }, String(c.quote || '')),
            c.verbatim === false ? h('p', { class: 'quote-warning' }, 'These are the model’s words: they are not in the section’s text as the app has it. Open the section to read what it says.') : null,
          ),
        ),
      ),
    );
  }
  const steps = Array.isArray(decision.action_plan) ? decision.action_plan : [];
  if (steps.length) {
    card.append(
      h('h5', { class: 'verdict-heading' }, 'What to do'),
      h(
        'ol',
        { class: 'verdict-steps' },
        steps.map((s) =>
          h(
            'li',
            { class: 'verdict-step' },
            h('span', { class: 'step-text' }, String(s.step || '')),
            s.by_when ? h('span', { class: 'step-when' }, ` — by ${s.by_when}`) : null,
            s.where ? h('span', { class: 'step-where' }, ` — ${s.where}`) : null,
            s.by_when ? h('span', { class: 'step-actions' }, ' ', addToDeadlines(s, caseId)) : null,
          ),
        ),
      ),
    );
  }
  return card;
}
