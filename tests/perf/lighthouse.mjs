// Lighthouse audits of the web client: figures for docs/performance.md ("Web client
// (Lighthouse)"), not a test (nothing here fails on a score). scripts/lighthouse.sh installs
// the pinned lighthouse, starts a server and runs this; by hand:
//
//   SENET_URL=http://127.0.0.1:PORT node tests/perf/lighthouse.mjs
//
// It creates a martian match through the REST API and joins its second seat (so the game
// starts and the board is live: martian has no roll-off, so the first player, whose page is
// audited, always has a move to make, the busier of a board page's states), then audits, in navigation mode with Lighthouse's default
// (mobile) settings against Debian's Chromium: the lobby `/`, the board page `/m/<id>` as the
// match's first player, a how-to page and the match's scoreboard. Each page is audited RUNS
// times (default 3), each time in a fresh browser profile, so every load is a first load with
// an empty cache; the run with the median performance score is printed with its accessibility
// and best-practices scores, CLS, LCP, TBT and the bytes transferred, and every audit that did
// not pass in full. The JSON reports go to target/lighthouse/.
//
// The board page finds its seat token in localStorage (the lobby puts it there when it creates
// a match). Lighthouse clears a page's storage before it loads it, and with the storage the
// cache; here storage is not reset, the profile is new instead, and the token is put into
// localStorage from `/healthz`, which loads none of the page's files.

import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import puppeteer from 'puppeteer-core';
import { mkdirSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import path from 'node:path';

const BASE = process.env.SENET_URL || 'http://127.0.0.1:8080';
const RUNS = Number(process.env.RUNS || 3);
const HOWTO = process.env.HOWTO || 'martian';
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];
const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../target/lighthouse');
mkdirSync(OUT, { recursive: true });

async function api(p, body) {
  const res = await fetch(BASE + p, body === undefined ? {} : { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (!res.ok) throw new Error(`${p}: ${res.status} ${await res.text()}`);
  return res.json();
}

// One audit of `url` in a fresh profile; `storage` is put into the origin's localStorage first.
async function audit(url, storage = {}) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: FLAGS });
  try {
    if (Object.keys(storage).length) {
      const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
      const page = await browser.newPage();
      await page.goto(BASE + '/healthz');
      await page.evaluate((items) => { for (const [k, v] of Object.entries(items)) localStorage.setItem(k, v); }, storage);
      await page.close();
      await browser.disconnect();
    }
    const result = await lighthouse(url, {
      port: chrome.port, output: 'json', logLevel: 'error', disableStorageReset: true,
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    return result.lhr;
  } finally {
    await chrome.kill();
  }
}

// What is printed of a report.
function figures(lhr) {
  const a = lhr.audits;
  const score = (c) => Math.round(lhr.categories[c].score * 100);
  return {
    performance: score('performance'), accessibility: score('accessibility'), 'best-practices': score('best-practices'),
    CLS: a['cumulative-layout-shift'].numericValue.toFixed(3),
    'LCP ms': Math.round(a['largest-contentful-paint'].numericValue),
    'TBT ms': Math.round(a['total-blocking-time'].numericValue),
    transferred: `${a['total-byte-weight'].numericValue} B = ${(a['total-byte-weight'].numericValue / 1024).toFixed(1)} KiB`,
  };
}

// Audits of the three categories that did not pass in full (informative ones left out).
function findings(lhr) {
  const out = [];
  for (const id of ['performance', 'accessibility', 'best-practices']) {
    for (const ref of lhr.categories[id].auditRefs) {
      const a = lhr.audits[ref.id];
      if (a.score === null || a.score >= 1 || a.scoreDisplayMode === 'informative' || a.scoreDisplayMode === 'notApplicable') continue;
      if (ref.weight === 0 && a.scoreDisplayMode !== 'metricSavings') continue;
      out.push(`${id}: ${ref.id} (${a.score}) ${a.displayValue ?? ''}`.trim());
    }
  }
  return out;
}

const created = await api('/api/matches', { variant: 'martian', name: 'lighthouse' });
const id = created.match_id;
await api(`/api/matches/${id}/join`, { invite: created.invites[0].invite });
const seat = { [`senet:seat:${id}`]: JSON.stringify({ seat: created.seat, token: created.token }) };

const pages = [
  ['lobby', '/', {}],
  ['board', `/m/${id}`, seat],
  [`howto/${HOWTO}`, `/howto/${HOWTO}`, {}],
  ['scoreboard', `/m/${id}/scoreboard`, {}],
];

const rows = {};
for (const [name, p, storage] of pages) {
  const runs = [];
  for (let i = 0; i < RUNS; i++) runs.push(await audit(BASE + p, storage));
  runs.sort((x, y) => x.categories.performance.score - y.categories.performance.score);
  const median = runs[Math.floor(runs.length / 2)];
  writeFileSync(path.join(OUT, `${name.replace('/', '-')}.json`), JSON.stringify(median, null, 1));
  rows[`${name} (${p.replace(id, '<id>')})`] = figures(median);
  console.log(`${name}: performance of each run ${runs.map(r => Math.round(r.categories.performance.score * 100)).join(', ')}`);
  for (const f of findings(median)) console.log(`  ${f}`);
}
const version = (await import('lighthouse/package.json', { with: { type: 'json' } })).default.version;
// The simulated CPU slowdown multiplies what the machine really took: on a busy machine the
// blocking time and the scores move; the load says how busy it was.
console.log(`lighthouse ${version}, ${RUNS} run(s) per page, median by performance; load average ${os.loadavg().map(l => l.toFixed(1)).join(' ')}:`);
console.table(rows);
