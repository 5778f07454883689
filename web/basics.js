// What every script stands on: DOM building, REST calls, the variants, seat tokens, a clock
// rule in words. It imports only the words (l10n.js), so that both `common.js` (which hands
// all of it on to the pages) and the page socket that `common.js` starts (`people.js`) can
// import it without importing each other.

import { has, t } from './l10n.js';

export function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    e.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return e;
}

export const SVGNS = 'http://www.w3.org/2000/svg';
export function svg(tag, attrs = {}, ...children) {
  const e = document.createElementNS(SVGNS, tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(e.dataset, v);
    else e.setAttribute(k, v);
  }
  for (const c of children.flat()) if (c) e.append(c);
  return e;
}

export class ApiError extends Error {
  constructor(status, code, message) { super(message); this.status = status; this.code = code; }
}

export async function api(path, body, key) {
  const opts = body === undefined ? { headers: {} } : {
    method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  };
  // A private match's pages are read with its spectator key or a seat token.
  if (key) opts.headers.authorization = 'Bearer ' + key;
  const res = await fetch(path, opts);
  let data = null;
  try { data = await res.json(); } catch { /* not JSON */ }
  if (!res.ok) {
    const err = new ApiError(res.status, data?.code ?? 'http_' + res.status, data?.message ?? res.statusText);
    // Why, under the code, and its figures (docs/protocol.md, "Reasons"), for errorWords.
    err.reason = data?.reason ?? null;
    err.args = data?.args ?? {};
    // Seconds to wait before asking again (a 429's Retry-After), or null.
    err.retryAfter = Number(res.headers.get('retry-after')) || null;
    throw err;
  }
  return data;
}

// What the pages know of each variant is the server's (the engine's): `GET /api/variants`,
// one request per page, shared; a page that cannot reach it knows no variant. Its words (the
// name, the summary, each option's description) are said in the page's language: the
// catalogue's `variant-<id>-name`, `variant-<id>-summary` and `variant-option-<name>`
// (web/l10n/<lang>/variants.ftl), else the engine's English.
let variantsPromise = null;
export function loadVariants() {
  variantsPromise ??= api('/api/variants').then((list) => list.map(variantWords))
    .catch(() => { variantsPromise = null; return []; });
  return variantsPromise;
}
const said = (id, fallback) => (has(id) ? t(id) : fallback);
function variantWords(v) {
  return {
    ...v,
    english: v.name,
    name: said(`variant-${v.id}-name`, v.name),
    summary: said(`variant-${v.id}-summary`, v.summary),
    option_details: v.option_details?.map((o) => ({ ...o, description: said(`variant-option-${o.name}`, o.description) })),
  };
}

// A match's name in the page's language, from `variants` (loadVariants' list). A match nobody
// named is named by the server after its variant, in English: the engine's name and " match"
// (server/src/http/lobby.rs; a suite test holds it to that); such a name is said as the
// catalogue's `match-default-name`. A name a person wrote stays as written.
export function matchName(name, variantId, variants) {
  const v = variants?.find((x) => x.id === variantId);
  return v && name === `${v.english} match` ? t('match-default-name', { variant: v.name }) : name;
}

// Seat tokens live in localStorage only (never in a URL after the join).
export function saveSeat(matchId, seat, token) {
  localStorage.setItem('senet:seat:' + matchId, JSON.stringify({ seat, token }));
}
export function loadSeat(matchId) {
  try { return JSON.parse(localStorage.getItem('senet:seat:' + matchId)); } catch { return null; }
}

// The clock's rule in words: "5+3" (minutes + seconds per move), "90s+2" (a base not in
// whole minutes) or "3 days per move".
export function clockRuleWords(rule) {
  if (!rule) return '';
  if (rule.kind === 'correspondence') return t('ls-clock-days', { days: rule.days });
  if (rule.base_secs % 60 !== 0) return t('ls-clock-secs', { secs: rule.base_secs, inc: rule.increment_secs });
  return `${rule.base_secs / 60}+${rule.increment_secs}`;
}
