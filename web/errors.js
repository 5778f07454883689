// The words of an error the server sent, in the page's language. The server's errors have a
// stable `code` and an English `message` (docs/protocol.md, "REST"; common.js's ApiError):
// a page in another language says the catalogue's `error-<code>` message (every code the
// server sends has one: web/l10n/<lang>/lobby-scripts.ftl), else the server's English words;
// where the server says why as a `reason` (docs/protocol.md, "Reasons"), the page says the
// catalogue's `error-<code>-<reason>` with the error's `args` (an illegal move by the engine's
// reason: stuck.ftl's words of it, in the page's `variant`); else, where only the server's
// words can say what is wrong (malformed JSON), the message holds them as `$detail`. A page in English
// says the server's message as it is: the catalogue's English words follow it, but it may say
// more (which seat, how many seconds). Any other error (the network's) says its message.

import { has, lang, t } from './l10n.js';

export function errorWords(err, { variant = '' } = {}) {
  const id = `error-${err?.code}`;
  if (lang === 'en' || !err?.code || !has(id)) return err?.message ?? String(err);
  // The seconds to wait (a 429's Retry-After, 0 when it did not say), and the status, which
  // tells the whole server's limit from an address's.
  const args = { secs: err.retryAfter ?? 0, status: err.status ?? 0, detail: err.message ?? '' };
  const reason = err.reason;
  if (reason) {
    const why = { ...(err.args ?? {}), variant };
    if (has(`${id}-${reason}`)) return t(`${id}-${reason}`, why);
    const stuck = `stuck-${reason.replaceAll('_', '-')}`;
    if (err.code === 'illegal_move' && has(stuck)) return t(stuck, why);
    if (err.code === 'illegal_move' && has(`error-${reason}`)) return t(`error-${reason}`, why);
  }
  return t(id, args);
}
