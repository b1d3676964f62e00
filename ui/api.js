// The only way this page talks to the app: Tauri's `invoke` and `Channel`, for our own commands.
// Argument names are camelCase, as the Rust commands expect. A command that fails rejects with
// `{code, message, field?}`; `code` is `starting`, `invalid_input`, `unavailable`, `not_found` or
// `internal`.

function core() {
  const tauri = window.__TAURI__;
  if (!tauri || !tauri.core) {
    throw new Error('The ProSeVA app is not connected (this page must run inside the ProSeVA window).');
  }
  return tauri.core;
}

/** True when the page runs inside the app (or the development mock). */
export function connected() {
  return Boolean(window.__TAURI__ && window.__TAURI__.core);
}

export function invoke(command, args) {
  try {
    return core().invoke(command, args);
  } catch (err) {
    return Promise.reject(err);
  }
}

/** A channel whose messages go to `onMessage`. */
export function channel(onMessage) {
  const { Channel } = core();
  const ch = new Channel();
  ch.onmessage = onMessage;
  return ch;
}

let counter = 0;
/** A fresh id for a chat or research request (used to cancel it). */
export function newRequestId(prefix = 'req') {
  counter += 1;
  if (window.crypto && typeof window.crypto.randomUUID === 'function') {
    return `${prefix}-${window.crypto.randomUUID()}`;
  }
  return `${prefix}-${Date.now().toString(36)}-${counter}-${Math.random().toString(36).slice(2, 10)}`;
}

/** True for an absolute http(s) URL, the only kind we ever hand to the browser. */
export function isWebUrl(url) {
  if (typeof url !== 'string') return false;
  try {
    const parsed = new URL(url.trim());
    return (parsed.protocol === 'https:' || parsed.protocol === 'http:') && Boolean(parsed.host);
  } catch {
    return false;
  }
}

/** The host of a URL without `www.`, for labels such as "courtlistener.com". */
export function hostOf(url) {
  try {
    return new URL(url).host.replace(/^www\./, '');
  } catch {
    return '';
  }
}

/** Opens an http(s) URL in the person's own browser. */
export function openUrl(url) {
  if (!isWebUrl(url)) return Promise.resolve();
  return invoke('open_url', { url: url.trim() }).catch((err) => {
    console.warn('open_url failed', err);
  });
}

/**
 * Any rejection as `{code, message, field}`: the app's typed errors as they are; anything else (a
 * bridge failure, a malformed call Tauri refused before our command ran) as `internal`.
 */
export function commandError(err) {
  if (err && typeof err === 'object' && typeof err.code === 'string' && typeof err.message === 'string') {
    return { code: err.code, message: err.message, field: typeof err.field === 'string' ? err.field : null };
  }
  const message = typeof err === 'string' ? err : err && typeof err.message === 'string' ? err.message : 'Something went wrong.';
  return { code: 'internal', message, field: null };
}

export const api = {
  appStatus: () => invoke('app_status'),
  subscribeStatus: (onStatus) => invoke('subscribe_status', { onStatus: channel(onStatus) }),
  /** Starts a chat or research request: resolves with `{requestId}` once it is accepted; every
   * event, `done` or `error` last, goes to `onEvent`. */
  ask: (command, requestId, messages, onEvent) => invoke(command, { requestId, messages, onEvent: channel(onEvent) }),
  cancel: (requestId) => invoke('cancel', { requestId }),
  getNode: ({ id = null, sourceId = null }) => invoke('get_node', { id, sourceId }),
  getSettings: () => invoke('get_settings'),
  saveSettings: (settings, secrets) => invoke('save_settings', { settings, secrets }),
};
