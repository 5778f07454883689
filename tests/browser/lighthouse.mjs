// Lighthouse's accessibility audits of the lobby and the board page, in every language: each
// must score 100. Needs a running server: SENET_URL (e.g. http://127.0.0.1:8123);
// scripts/test.sh starts one.
//
// One Debian Chromium for everything (harness.mjs's CHROMIUM_FLAGS, the other tests' own):
// playwright-core launches it with a profile of its own and a DevTools port, makes the
// pages' content through the lobby and the REST API, and Lighthouse (the pinned `lighthouse`
// of package.json) audits over that port, in navigation mode, the accessibility category only, each page twice: on
// Lighthouse's default phone (412 × 823, mobile) and on its desktop (1350 × 940), whose
// layouts differ (the board page's chat beside the board, the header's account link). Lighthouse opens its page in the same profile, so it has the seat's token the lobby
// put into localStorage and the `senet_lang` cookie this test sets for each language;
// storage is not reset between audits (that would drop both).
//
// Audited, in English, French and Arabic (the cookie; `<html lang dir>` is checked too):
// - the lobby `/`, with content in its lists: a seek (kept open by polling its ticket, as its
//   poster's page would), a public match waiting for a player, an arena to come, and the
//   game below among the live games;
// - the board of a live game against the computer, started from the lobby's "Play the
//   computer" card (as run.mjs's playComputer does), as its player `/m/<id>` (the player's
//   own page stays open on it, so the seat stays connected) and as a spectator `/m/<id>/watch`.
// Every audit that does not pass is printed with its failing nodes (selector, snippet and
// axe's explanation), then the test fails unless every score is 100 and no audit failed
// (one of weight 0 included). ONLY=lobby,player,spectator, LANGS=en,fr,ar and
// FORMS=phone,desktop run some of them; the JSON reports go to target/lighthouse-a11y/.

import lighthouse from 'lighthouse';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { BASE, HERE, ROOT, collectErrors, launch, lobbyContent, log, outDir, sleep, waitForServer } from './harness.mjs';

const OUT = outDir(path.join(ROOT, 'target/lighthouse-a11y'));
const pick = (env, all) => (process.env[env] ? process.env[env].split(',') : all);
const LANGS = pick('LANGS', ['en', 'fr', 'ar']);
const PAGES = pick('ONLY', ['lobby', 'player', 'spectator']);
const FORMS = pick('FORMS', ['phone', 'desktop']);
// Lighthouse's phone (its default: 412 × 823, mobile) and its desktop (1350 × 940).
const SETTINGS = {
  phone: {},
  desktop: { formFactor: 'desktop', screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false } },
};

await waitForServer();

// The one browser: a profile of its own, a DevTools port Chromium picks (it writes it into
// the profile's DevToolsActivePort), for Lighthouse.
const profile = mkdtempSync(path.join(os.tmpdir(), 'senet-lighthouse-'));
const ctx = await launch({ profile, args: ['--remote-debugging-port=0'], viewport: { width: 1280, height: 800 } });
let port = 0;
for (let i = 0; !port; i++) {
  const file = path.join(profile, 'DevToolsActivePort');
  if (existsSync(file)) port = Number(readFileSync(file, 'utf8').split('\n')[0]);
  if (!port && i > 100) throw new Error('Chromium wrote no DevToolsActivePort');
  if (!port) await sleep(50);
}
const errors = [];
const newPage = async () => {
  const page = await ctx.newPage();
  page.setDefaultTimeout(15000);
  collectErrors(page, errors, { withUrl: true });
  return page;
};
const setLang = (lang) => ctx.addCookies([{ name: 'senet_lang', value: lang, url: BASE }]);

// The lobby's content, through the API (harness.mjs, as languages.mjs makes it).
const lobby = await lobbyContent();
const { table, seek, cup } = lobby;

// A game against the computer, from the lobby's card; its player's page stays on the board.
await setLang('en');
const player = await newPage();
await player.goto(BASE + '/');
await Promise.all([player.waitForURL(/\/m\/[^/]+$/), player.click('#bot-go')]);
await player.waitForFunction(() => window.senet?.names?.length === 2 && document.body.dataset.conn === 'open');
const id = decodeURIComponent(new URL(player.url()).pathname.split('/')[2]);
log('a game against the computer:', id);

const URLS = { lobby: '/', player: `/m/${encodeURIComponent(id)}`, spectator: `/m/${encodeURIComponent(id)}/watch` };
const failed = [];
const checker = await newPage();
for (const lang of LANGS) {
  await setLang(lang);
  // The profile's pages come in this language now (the cookie), as Lighthouse's will, and
  // the lobby's lists have what the audit is to see in them.
  await checker.goto(BASE + '/');
  assert.deepEqual(await checker.evaluate(() => [document.documentElement.lang, document.documentElement.dir]), [lang, lang === 'ar' ? 'rtl' : 'ltr']);
  for (const sel of [`#seeks li[data-seek="${seek.seek}"]`, `#live li[data-match="${table.match_id}"]`, `#live li[data-match="${id}"]`,
    `#tournament-list li[data-tournament="${cup.id}"]`]) await checker.waitForSelector(sel);
  for (const name of PAGES) for (const form of FORMS) {
    const url = BASE + URLS[name];
    const { lhr } = await lighthouse(url, {
      port, output: 'json', logLevel: 'error', onlyCategories: ['accessibility'], disableStorageReset: true, ...SETTINGS[form],
    });
    const label = `${name} (${URLS[name].replace(encodeURIComponent(id), '<id>')}, ${form}) in ${lang}`;
    writeFileSync(path.join(OUT, `${name}-${form}-${lang}.json`), JSON.stringify(lhr, null, 1));
    if (lhr.runtimeError) throw new Error(`${label}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const score = Math.round(lhr.categories.accessibility.score * 100);
    const bad = [];
    for (const ref of lhr.categories.accessibility.auditRefs) {
      const a = lhr.audits[ref.id];
      if (a.score === null || a.score >= 1 || ['notApplicable', 'manual', 'informative'].includes(a.scoreDisplayMode)) continue;
      bad.push(a);
      console.log(`  ${label}: ${a.id} (weight ${ref.weight}): ${a.title}`);
      for (const item of a.details?.items ?? []) {
        const n = item.node ?? item;
        console.log(`    ${n.selector ?? ''}\n      ${n.snippet ?? JSON.stringify(item).slice(0, 300)}`);
        if (n.explanation) console.log(`      ${n.explanation.replace(/\n/g, '\n      ')}`);
      }
    }
    log(`${label}: accessibility ${score}${bad.length ? `, ${bad.length} audit(s) failing` : ''}`);
    if (score !== 100 || bad.length) failed.push(`${label}: ${score} (${bad.map((a) => a.id).join(', ')})`);
  }
}

await lobby.stop();
await ctx.close();
rmSync(profile, { recursive: true, force: true });
assert.deepEqual(errors, [], 'no script error on the pages');
assert.deepEqual(failed, [], 'every page scores accessibility 100 with no audit failing');
const version = JSON.parse(readFileSync(path.join(HERE, 'node_modules/lighthouse/package.json'), 'utf8')).version;
log(`lighthouse ${version}: ${LANGS.length * PAGES.length * FORMS.length} audits, every one 100`);
