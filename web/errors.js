// The words of an error the server sent, in the page's language. The server's errors have a
// stable `code` and an English `message` (docs/protocol.md, "REST"; common.js's ApiError):
// a page in another language says the catalogue's `error-<code>` message (every code the
// server sends has one: web/l10n/<lang>/lobby-scripts.ftl), else the server's English words;
// where only the server's words can say what is wrong (`invalid`: which name rule), the
// message holds them as `$detail`. A page in English
// says the server's message as it is: the catalogue's English words follow it, but it may say
// more (which seat, how many seconds). Any other error (the network's) says its message.

import { has, lang, t } from './l10n.js';

export function errorWords(err) {
  const id = `error-${err?.code}`;
  if (lang === 'en' || !err?.code || !has(id)) return err?.message ?? String(err);
  // The seconds to wait (a 429's Retry-After, 0 when it did not say), and the status, which
  // tells the whole server's limit from an address's.
  return t(id, { secs: err.retryAfter ?? 0, status: err.status ?? 0, detail: err.message ?? '' });
}
