// Senet TV on the lobby: the board of the match `GET /api/tv` names (the most-watched live
// public match, else the server's own bot game), drawn from a spectator socket. Read-only.
// The lobby loads this script after its load event (web/lobby.js).

import { api, el, isolate, Live, variantName, boardInfo, seatName, botsNamed, t, tAttr } from './common.js';
import { Board } from './boards.js';
import { copyPosition } from './story.js';

// A phone's width, where the line under the board names the players by their short names.
const phoneWidth = window.matchMedia?.('(max-width: 560px)');
phoneWidth?.addEventListener?.('change', () => say());

const $ = (id) => document.getElementById(id);
const host = $('tv-board');
let live = null;
let board = null;
let matchId = null;
let notation = null;
let lastMove = null;
let draws = 0;
// What the board of the match's variant draws besides its geometry (common.js's boardInfo,
// from the lobby's own GET /api/variants), known before its socket opens.
let info = null, infoOf = null;
// The line under the board: the match's players and variant, and the game being played.
let caption = null, game = null;
// The position on the screen as text (its notation), to paste into the analysis board.
const copy = el('button', { type: 'button', id: 'tv-copy', class: 'secondary', hidden: true, title: tAttr('ls-tv-copy', 'title'), text: t('ls-tv-copy') });
$('tv-watch').after(copy);
copyPosition(copy, () => notation);

// Asks which match to show; switches to it when it changed.
async function tune() {
  let ch;
  try { ch = await api('/api/tv'); } catch {
    if (!matchId) $('tv-names').textContent = t('ls-tv-none');
    return;
  }
  if (ch.match_id === matchId) return;
  const known = await boardInfo(ch.variant);
  if (ch.match_id === matchId) return;
  info = known; infoOf = ch.variant;
  if (live) { live.closed = true; live.ws?.close(); }
  matchId = ch.match_id;
  host.dataset.match = matchId;
  host.dataset.source = ch.source;
  $('tv-watch').href = `/m/${encodeURIComponent(matchId)}/watch`;
  $('tv-watch').hidden = false;
  live = new Live(matchId, { onMessage, onStatus: () => {} });
}

async function onMessage(msg) {
  if (msg.type === 'welcome' || msg.type === 'snapshot') {
    const s = msg.snapshot;
    if (!board || board.variant !== s.variant) {
      board = new Board(host, s.variant, s.variant === infoOf ? info : null, { interactive: false });
      // The card keeps the board across, whatever the screen (its space is reserved so).
      board.layout(false);
    }
    notation = s.notation;
    lastMove = null;
    draw(false);
    // The names in full, and (a phone's line is short) the server's short forms.
    const { names: named, shortNames } = botsNamed(s.names, s.short_names, s.bots);
    const versus = (short) => named.map((_, i) => isolate((short && shortNames[i]) || seatName(named, i + 1))).join(` ${t('ls-versus')} `);
    game = s.game;
    const variant = await variantName(s.variant);
    caption = { names: versus(false), short: versus(true), variant };
    say();
  } else if (msg.type === 'event') {
    if (msg.notation) notation = msg.notation;
    if (msg.kind === 'game_started') lastMove = null;
    if (msg.kind === 'moved') lastMove = msg.geometry || null;
    draw(msg.kind === 'moved');
    if (msg.kind === 'game_started' && msg.game) { game = msg.game; say(); }
    // A match that is over leaves the screen for the next one.
    if (msg.kind === 'match_over') setTimeout(tune, 5000);
  }
}

// The line under the board: its players · its variant · its game; on a phone the players'
// short names, with the whole line as its title.
function say() {
  if (!caption) return;
  const line = (names) => [names, isolate(caption.variant), game ? t('ls-tv-game', { game }) : null].filter(Boolean).join(' · ');
  $('tv-names').textContent = line(phoneWidth?.matches ? caption.short : caption.names);
  $('tv-names').title = line(caption.names);
}

function draw(animate) {
  if (!board) return;
  board.draw(notation, { lastMove, animate });
  copy.hidden = !notation;
  draws += 1;
  host.dataset.draws = draws;
}

tune();
// Now and then: a human match that became the most watched replaces the bot game.
setInterval(tune, 60000);
