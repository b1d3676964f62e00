// The verdict card of a claim check: the verdict in words, a confidence bar, the resolution, the
// sections it rests on (each opens in the section viewer, labelled official text or summary),
// a note when a citation was left out or no model decided, and the action plan — a step with a
// date can be added to the person's deadlines. Its words: locales/*/verdict.ftl; what the model
// wrote (the resolution, quotes, steps, dates) is shown as it comes. The card sits in a
// conversation, whose switch of language says its words again (`localized`, results.js).

import { h } from './dom.js';
import { api, commandError } from './api.js';
import { kindBadge, localized } from './results.js';
import { t } from './i18n.js';

const TONES = { supported: 'ok', not_supported: 'no', unclear: 'unclear' };

function sectionLabel(id) {
  const s = String(id);
  const c = /^const-([IVX]+)-(\d+)$/.exec(s);
  return c ? t('verdict-constitution-section', { article: c[1], section: c[2] }) : `§ ${s}`;
}

/** A step's "Add to deadlines" button: adds it to the case's deadlines on its date. */
function addToDeadlines(step, caseId) {
  // Where the adding is (idle, adding, added, failed), and the app's message when it failed.
  let state = 'idle';
  let failure = '';
  const statusText = () => {
    if (state === 'adding') return t('verdict-adding');
    if (state === 'added') return ` ${t('verdict-added-said', { date: String(step.by_when) })}`;
    if (state === 'failed') return ` ${t('verdict-not-added', { message: failure })}`;
    return '';
  };
  const buttonText = () => t(state === 'added' ? 'verdict-added' : 'verdict-add-to-deadlines');
  const status = localized(h('span', { class: 'step-status', role: 'status' }), statusText);
  const button = localized(h('button', { type: 'button', class: 'button secondary small add-deadline', dataset: { date: step.by_when } }), buttonText);
  const show = (now) => {
    state = now;
    status.textContent = statusText();
    button.textContent = buttonText();
  };
  button.addEventListener('click', async () => {
    button.disabled = true;
    show('adding');
    try {
      const record = { title: String(step.step).slice(0, 300), date: step.by_when, kind: 'other' };
      if (caseId !== null && caseId !== undefined) record.caseId = caseId;
      await api.createRecord('deadlines', record);
      show('added');
      document.dispatchEvent(new CustomEvent('proseva:records-changed', { detail: { resource: 'deadlines' } }));
    } catch (err) {
      button.disabled = false;
      failure = commandError(err).message;
      show('failed');
    }
  });
  return [button, status];
}

/** The card for `decision` ({verdict, confidence, resolution, citations, action_plan, dropped?, note?}). */
export function renderVerdict(decision, { caseId = null } = {}) {
  const verdict = Object.hasOwn(TONES, decision.verdict) ? decision.verdict : 'unclear';
  const confidence = Math.max(0, Math.min(1, Number(decision.confidence) || 0));
  const percent = Math.round(confidence * 100);
  const card = localized(h('section', { class: 'verdict-card', dataset: { verdict: decision.verdict, tone: TONES[verdict] } }), (el) => el.setAttribute('aria-label', t('verdict-claim-check')));
  card.append(
    localized(h('p', { class: 'verdict-eyebrow' }), () => t('verdict-claim-check')),
    localized(h('h4', { class: 'verdict-words' }), () => t('verdict-words', { verdict })),
    h(
      'div',
      { class: 'confidence' },
      localized(h('span', { class: 'confidence-label', id: `conf-${Math.random().toString(36).slice(2)}` }), () => t('verdict-confidence', { percent })),
      localized(
        h('div', { class: 'confidence-bar', role: 'meter', 'aria-valuemin': '0', 'aria-valuemax': '100', 'aria-valuenow': String(percent) }, h('span', { class: 'confidence-fill', style: `width: ${percent}%` })),
        (el) => el.setAttribute('aria-label', t('verdict-confidence-label')),
      ),
    ),
    h('p', { class: 'verdict-resolution' }, String(decision.resolution || '')),
  );
  if (decision.note) card.append(h('p', { class: 'verdict-note', role: 'note' }, String(decision.note)));
  const citations = Array.isArray(decision.citations) ? decision.citations : [];
  if (citations.length) {
    card.append(
      localized(h('h5', { class: 'verdict-heading' }), () => t('verdict-law-heading')),
      h(
        'ul',
        { class: 'verdict-citations' },
        citations.map((c) =>
          h(
            'li',
            { class: 'verdict-citation', dataset: { section: c.section, textKind: c.textKind } },
            localized(h('button', { type: 'button', class: 'button link-like source-link', 'data-source-id': c.section, 'aria-haspopup': 'dialog' }), () => sectionLabel(c.section)),
            ' ',
            kindBadge(c.textKind),
            h('blockquote', { class: 'verdict-quote', dataset: { verbatim: c.verbatim === false ? 'false' : c.verbatim === true ? 'true' : null } }, String(c.quote || '')),
            c.verbatim === false ? localized(h('p', { class: 'quote-warning' }), () => t('verdict-quote-not-verbatim')) : null,
          ),
        ),
      ),
    );
  }
  const steps = Array.isArray(decision.action_plan) ? decision.action_plan : [];
  if (steps.length) {
    card.append(
      localized(h('h5', { class: 'verdict-heading' }), () => t('verdict-steps-heading')),
      h(
        'ol',
        { class: 'verdict-steps' },
        steps.map((s) =>
          h(
            'li',
            { class: 'verdict-step' },
            h('span', { class: 'step-text' }, String(s.step || '')),
            s.by_when ? localized(h('span', { class: 'step-when' }), () => ` — ${t('verdict-step-by', { date: String(s.by_when) })}`) : null,
            s.where ? h('span', { class: 'step-where' }, ` — ${s.where}`) : null,
            s.by_when ? h('span', { class: 'step-actions' }, ' ', addToDeadlines(s, caseId)) : null,
          ),
        ),
      ),
    );
  }
  return card;
}
