// Quick exit, for a person who may share this computer with the person they need protection from:
// the header's "Quick exit" button (`#quick-exit`), or Escape pressed three times within about a
// second and a half anywhere in the page, asks the app (`quick_exit`) to hide the window at once
// and start this page again on its neutral view — the Law tab's front page, no case chosen
// (`#neutral`, read by app.js). A single Escape still closes a dialog or stops an answer: the
// presses are only counted, never taken.

import { api } from './api.js';

/** How many presses of Escape leave, and within how long of the first (ms). */
export const ESCAPES = 3;
export const WITHIN_MS = 1500;

/** The page's marker of its neutral view, in its address. */
export const NEUTRAL_HASH = '#neutral';

/**
 * Counts presses of Escape: `press()` is true on the one that completes `count` presses within
 * `withinMs` of the first of them (and starts counting again). `now()` gives the time in ms.
 */
export class EscapeCounter {
  constructor({ count = ESCAPES, withinMs = WITHIN_MS, now = () => performance.now() } = {}) {
    this.count = count;
    this.withinMs = withinMs;
    this.now = now;
    this.times = [];
  }

  press() {
    const at = this.now();
    this.times = this.times.filter((t) => at - t <= this.withinMs);
    this.times.push(at);
    if (this.times.length < this.count) return false;
    this.times = [];
    return true;
  }
}

/** The page again, on its neutral view, without the app: what quick exit does when it cannot ask. */
function neutralPage() {
  history.replaceState(null, '', NEUTRAL_HASH);
  location.reload();
}

/** Leaves at once: the app hides the window and clears the page; failing that, the page clears itself. */
export function quickExit() {
  return api.quickExit().catch((err) => {
    console.error('quick_exit', err);
    neutralPage();
  });
}

/** True when this page was loaded as the neutral view; the marker leaves its address. */
export function takeNeutralView() {
  if (location.hash !== NEUTRAL_HASH) return false;
  history.replaceState(null, '', location.pathname + location.search);
  return true;
}

/** Wires the button and the three presses of Escape (counted before any other handler sees them). */
export function wireQuickExit(button, counter = new EscapeCounter()) {
  button.addEventListener('click', () => quickExit());
  window.addEventListener(
    'keydown',
    (e) => {
      // A held key repeats: only presses count.
      if (e.key === 'Escape' && !e.repeat && counter.press()) quickExit();
    },
    true,
  );
}
