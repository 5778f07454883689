// Every page of the site, photographed at 1280×800 and 375×740, for people to look at after a
// change (not a test: it asserts only that each page drew). Needs a running server: SENET_URL.
// LANGS=en,fr,ar picks the page languages (English alone by default).
//
//   SENET_URL=http://127.0.0.1:8123 node tests/browser/screenshots.mjs
//
// Writes target/screenshots/every/<lang>-<page>-<width>.png (the whole page, not only what
// the screen shows) and lists them. The pages: the lobby (with a waiting table, a seek, an
// arena to come and Senet TV), a board as its player mid-game in every variant, a board as a
// spectator, a finished game's scoreboard and replay, a player's page, the rules and how-to
// pages, the analysis board, the account page, a tournament, and the "no such …" pages.

import path from 'node:path';
import { BASE, DESKTOP, PHONE, SHOTS, collectErrors, launch, lobbyContent, log, outDir, post, sleep, waitForServer } from './harness.mjs';

const OUT = outDir(path.join(SHOTS, 'every'));
await waitForServer();
const browser = await launch();
const LANGS = (process.env.LANGS || 'en').split(',');
const variants = (await (await fetch(BASE + '/api/variants')).json()).map((v) => v.id);

// Ana, a guest player whose page lists her matches.
const ana = (await post('/api/players', { name: 'Ana' })).body;
if (!ana.player_id) throw new Error(JSON.stringify(ana));

// Ana's match against the computer in `variant`, with her seat token.
async function againstComputer(variant) {
  const made = (await post('/api/matches', { variant, bots: ['easy'], player_name: 'Ana', player_key: ana.player_key })).body;
  if (!made.match_id) throw new Error(JSON.stringify(made));
  return made;
}

// A page in `lang` at `viewport` holding the seat of `seat` (a match made above), if any.
async function open(lang, viewport, seat = null) {
  const ctx = await browser.newContext({ viewport, locale: lang, extraHTTPHeaders: { 'accept-language': lang } });
  if (seat) {
    await ctx.addInitScript(([id, s, token]) => localStorage.setItem('senet:seat:' + id, JSON.stringify({ seat: s, token })), [seat.match_id, seat.seat, seat.token]);
  }
  const page = await ctx.newPage();
  page.setDefaultTimeout(20000);
  page.errors = collectErrors(page, [], { keep: (text) => !/Failed to load resource/.test(text), withUrl: true });
  return page;
}

// Plays `moves` of the page's own moves (any legal one), so that the board has pieces moved,
// dice thrown and notes to show.
async function playSome(page, moves) {
  for (let i = 0; i < moves; i++) {
    const ready = await page.waitForFunction(() => document.body.dataset.myTurn === '1' || ['game_over', 'match_over'].includes(document.body.dataset.turn), null, { timeout: 20000 }).catch(() => null);
    if (!ready || await page.evaluate(() => document.body.dataset.myTurn !== '1')) return;
    const before = await page.evaluate(() => Number(document.body.dataset.lastEvent));
    // The choices may be folded away on a phone: clicked as a script would.
    const clicked = await page.evaluate(() => {
      const button = document.querySelector('#choices button.move[data-any="1"]');
      button?.click();
      return Boolean(button);
    });
    if (!clicked) return;
    await page.waitForFunction((n) => Number(document.body.dataset.lastEvent) > n, before).catch(() => {});
  }
  await sleep(300);
}

const content = await lobbyContent();
const finished = await againstComputer('kendall');
// The finished game of the scoreboard and the replay: its player resigns at once.
{
  const page = await open('en', DESKTOP, finished);
  await page.goto(`${BASE}/m/${finished.match_id}`);
  await page.waitForSelector('#resign');
  await page.click('#resign');
  await page.click('#resign');
  await page.waitForSelector('#result:not([hidden])');
  await page.context().close();
}
const boards = Object.fromEntries(await Promise.all(variants.map(async (v) => [v, await againstComputer(v)])));

const PAGES = [
  ['lobby', '/', '#tv-board svg.board'],
  ...variants.map((v) => [`board-${v}`, `/m/${boards[v].match_id}`, 'svg.board rect[data-sq]', boards[v]]),
  ['spectator', `/m/${boards.modern.match_id}/watch`, 'svg.board rect[data-sq]'],
  ['scoreboard', `/m/${finished.match_id}/scoreboard`, '#games'],
  ['replay', `/m/${finished.match_id}/games/1/replay`, 'svg.board'],
  ['player', `/players/${ana.player_id}`, '#history'],
  ['rules', '/rules/pyramid', '#rules'],
  ['howto', '/howto/pyramid', 'main'],
  ['analysis', '/analysis', 'main'],
  ['account', '/account', 'main'],
  ['tournament', `/t/${content.cup.id}`, 'main'],
  ['no-match', '/m/nope0000000000000000/watch', 'h1'],
  ['no-page', '/no/such/page', 'h1'],
];

const taken = [];
for (const lang of LANGS) {
  for (const [viewport, width] of [[DESKTOP, 1280], [PHONE, 375]]) {
    for (const [name, url, ready, seat] of PAGES) {
      const page = await open(lang, viewport, seat);
      await page.goto(BASE + url);
      await page.waitForSelector(ready);
      if (seat) await playSome(page, 3);
      else await sleep(700);
      const file = path.join(OUT, `${lang}-${name}-${width}.png`);
      await page.screenshot({ path: file, fullPage: true });
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      taken.push(`${path.relative(SHOTS, file)}${sideways > 0 ? ` (scrolls sideways by ${sideways} px)` : ''}${page.errors.length ? ` errors: ${page.errors.join(' | ')}` : ''}`);
      await page.context().close();
    }
  }
}
await content.stop();
await browser.close();
log(`screenshots in ${SHOTS}:\n  ${taken.join('\n  ')}`);
