// What the browser tests share (accounts.mjs, tournaments.mjs, languages.mjs, run.mjs,
// lighthouse.mjs, verify-fixtures.mjs, and open-probe.mjs for the measurements): the server's
// URL (SENET_URL), waiting for it, Debian's Chromium and the flags every test launches it with,
// the screenshot directory, the collection of a page's script errors, the probe of text laid
// over text, and the lobby's content made through the API. Importing it does nothing but
// define these.

import { chromium } from 'playwright-core';
import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import path from 'node:path';
import assert from 'node:assert/strict';

export const BASE = process.env.SENET_URL || 'http://127.0.0.1:8080';
export const HERE = path.dirname(fileURLToPath(import.meta.url));
export const ROOT = path.resolve(HERE, '../..');
// Screenshots go here (made by `outDir`, by the tests that take them).
export const SHOTS = path.join(ROOT, 'target/screenshots');
export const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
export const CHROMIUM_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 375, height: 740 };

const t0 = Date.now();
// A line of the test's log, with the seconds since it started.
export const log = (...a) => console.log(`[${((Date.now() - t0) / 1000).toFixed(1)}s]`, ...a);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// `dir`, made if missing.
export function outDir(dir) {
  mkdirSync(dir, { recursive: true });
  return dir;
}

// Waits (20 s at most) for the server at `base` to answer /healthz.
export async function waitForServer(base = BASE) {
  for (let i = 0; ; i++) {
    try { if ((await fetch(base + '/healthz')).ok) break; } catch { /* not yet */ }
    if (i > 200) throw new Error(`no server at ${base}`);
    await sleep(100);
  }
}

// Chromium with the tests' flags (and `args` after them): a browser, or with `profile` a
// persistent context in that profile directory (`options` are playwright's launch options).
export function launch({ profile = null, args = [], ...options } = {}) {
  const all = { executablePath: CHROMIUM, args: [...CHROMIUM_FLAGS, ...args], ...options };
  return profile ? chromium.launchPersistentContext(profile, all) : chromium.launch(all);
}

// Keeps `page`'s script errors in `errors`: every uncaught one, and the console's errors whose
// text `keep` takes (none without it); each after the page's URL with `withUrl`.
export function collectErrors(page, errors, { keep = null, withUrl = false } = {}) {
  const said = (what) => (withUrl ? `${page.url()}: ${what}` : String(what));
  page.on('pageerror', (e) => errors.push(said(e)));
  if (keep) page.on('console', (m) => { if (m.type() === 'error' && keep(m.text())) errors.push(said(m.text())); });
  return errors;
}

// Text laid over other text on the page (run in it: `page.evaluate(textOverTextProbe)`): every
// visible text box (cut to what the boxes around it let show), pairwise; two boxes of
// different elements that share more than 2×2 px. The board's own labels (square numbers, a
// target's dice) are left out: on a phone's upright parker board a target's "6+6" can touch
// its square's number, not yet mended.
export const textOverTextProbe = () => {
  const clipOf = (el) => {
    let c = { l: -1e9, t: -1e9, r: 1e9, b: 1e9 };
    for (let a = el; a && a !== document.documentElement; a = a.parentElement) {
      const cs = getComputedStyle(a);
      if (cs.overflowX !== 'visible' || cs.overflowY !== 'visible' || cs.clipPath !== 'none') {
        const r = a.getBoundingClientRect();
        c = { l: Math.max(c.l, r.left), t: Math.max(c.t, r.top), r: Math.min(c.r, r.right), b: Math.min(c.b, r.bottom) };
      }
    }
    return c;
  };
  const boxes = [];
  const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = w.nextNode(); n; n = w.nextNode()) {
    const text = n.textContent.trim();
    const el = n.parentElement;
    if (!text || !el || el.closest('script, style, title, option, datalist, [hidden], svg.board')) continue;
    if (!el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
    const clip = clipOf(el);
    const range = document.createRange(); range.selectNodeContents(n);
    for (const r of range.getClientRects()) {
      const b = { l: Math.max(r.left, clip.l), t: Math.max(r.top, clip.t), r: Math.min(r.right, clip.r), b: Math.min(r.bottom, clip.b) };
      if (b.r - b.l > 1 && b.b - b.t > 1) boxes.push({ ...b, el, text: text.slice(0, 24) });
    }
  }
  const out = [];
  for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
    const a = boxes[i], c = boxes[j];
    if (a.el === c.el) continue;
    const x = Math.min(a.r, c.r) - Math.max(a.l, c.l), y = Math.min(a.b, c.b) - Math.max(a.t, c.t);
    if (x > 2 && y > 2) out.push(`"${a.text}" × "${c.text}" (${Math.round(x)}×${Math.round(y)})`);
  }
  return out;
};

// A JSON POST to the server: the response and its parsed body.
export const post = async (url, body, headers = {}) => {
  const res = await fetch(BASE + url, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  return { res, body: await res.json() };
};

// The lobby's content, made through the API (languages.mjs and lighthouse.mjs look for it):
// a public match waiting for its second player (Ana's table), a seek (Bea's, kept open by
// polling its ticket, as its poster's page would), and an arena to come (the Cup of Cleo),
// made by an account (`host`, Cleo and a suffix; `cookie` its session). Their names are
// Latin. `stop()` ends the polling and withdraws the seek.
export async function lobbyContent() {
  const table = (await post('/api/matches', { variant: 'kendall', public: true, name: 'Table of Ana', player_name: 'Ana' })).body;
  assert.ok(table.match_id, JSON.stringify(table));
  const seek = (await post('/api/seeks', {
    variant: 'kendall', series: { kind: 'best_of', target: 3 }, clock: { kind: 'fischer', base_secs: 300, increment_secs: 3 },
    range: { min: 1000, max: 2000 }, name: 'Bea',
  })).body;
  assert.ok(seek.ticket && seek.seek, JSON.stringify(seek));
  const seekPolls = new AbortController();
  (async () => {
    while (!seekPolls.signal.aborted) {
      await fetch(`${BASE}/api/quick/${encodeURIComponent(seek.ticket)}`, { cache: 'no-store', signal: seekPolls.signal }).catch(() => {});
    }
  })();
  const host = `Cleo${Date.now().toString(36)}`;
  const account = await post('/api/accounts', { username: host, password: 'a long enough password' });
  assert.equal(account.res.status, 201, JSON.stringify(account.body));
  const cookie = account.res.headers.get('set-cookie').split(';')[0];
  const cup = (await post('/api/tournaments', {
    kind: 'arena', name: 'Cup of Cleo', variant: 'kendall', clock: { kind: 'fischer', base_secs: 180, increment_secs: 2 },
    starts_in_secs: 3600, duration_mins: 30,
  }, { cookie })).body;
  assert.ok(cup.id, JSON.stringify(cup));
  const stop = async () => {
    seekPolls.abort();
    await fetch(`${BASE}/api/quick/${encodeURIComponent(seek.ticket)}`, { method: 'DELETE' }).catch(() => {});
  };
  return { table, seek, host, cookie, cup, stop };
}
