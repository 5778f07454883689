// The match page's result panel, loaded by match.js when a game the page shows is over: who
// won and why, the points and how they add up (the server's breakdown, in words), the
// standing, the game's win chances (web/winbar.js), the series, the rating changes, and the
// ways on.

import { api, el, ensurePlayer, readKey, saveInvites, saveSeat, withKey } from './common.js';
import { chartFor, seatColour } from './winbar.js';
import { t } from './l10n.js';
import { errorWords } from './errors.js';
import { notesInWords } from './notes.js';

const $ = (id) => document.getElementById(id);
// The match page, as renderResult was last given it: its state `st`, `matchId`, the words of
// its seats (`who`, `isMe`, `subject(seat)`: a seat's name and whether it is the page's, the
// arguments of a catalogue's sentence about it), a game's end in words (`endWords`), its seats
// with the colours of their pieces (`seats(seatColour)`, for the chart) and `send` on its
// socket.
let m = null;
// The reasons a game ends (`game_over`'s `reason`), each with its catalogue's words.
const REASONS = new Set(['completed', 'resigned', 'no_move', 'move_limit', 'timeout']);
const dashed = (code) => code.replaceAll('_', '-');

function seriesWords() {
  const { st, subject } = m;
  const s = st.snap?.series;
  if (!s) return '';
  const rule = t(s.kind === 'best_of' ? 'result-best-of' : 'result-first-to', { target: s.target });
  const n = st.names.length;
  const key = s.kind === 'best_of' ? st.wins : st.score;
  const best = Math.max(...(key || [0]));
  const leaders = [...Array(n).keys()].filter(i => (key?.[i] ?? 0) === best).map(i => i + 1);
  if (st.matchOver) return st.matchOver.winner ? t('result-series-won', { rule, ...subject(st.matchOver.winner) }) : t('result-series-no-one', { rule });
  return best > 0 && leaders.length === 1 ? t('result-series-leads', { rule, ...subject(leaders[0]) }) : t('result-series-level', { rule });
}

// A rated game's rating changes (or why it was not rated), read once from the scoreboard (the store rates a game in
// the transaction that stores its end, so they are there when game_over arrives).
// The scoreboard's reason for a game of a rated match that was not rated, in words.
const UNRATED = new Set(['not_played', 'pair_limit', 'same_player']);
const ratingsOf = new Map(); // game -> changes, 'loading' or null (not rated)
function ratingLine(game) {
  const { who, isMe } = m;
  const p = el('p', { class: 'rating-change', id: 'result-rating' });
  const got = ratingsOf.get(game);
  if (got === undefined) {
    ratingsOf.set(game, 'loading');
    api(`/api/matches/${encodeURIComponent(m.matchId)}/scoreboard`, undefined, readKey(m.matchId))
      .then(b => { const g = b.games?.find(g => g.game === game); ratingsOf.set(game, g?.ratings ?? (g?.unrated ? { unrated: g.unrated } : null)); renderResult(); })
      .catch(() => ratingsOf.set(game, null));
  } else if (Array.isArray(got)) {
    const sign = (n) => n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '±0';
    p.textContent = t('result-ratings', { list: got.map(c => t('result-rating', { who: who(c.seat), me: isMe(c.seat) ? 'yes' : 'no',
      before: String(Math.round(c.before)), after: String(Math.round(c.after)), change: sign(c.change) })).join(t('result-comma')) });
  } else if (got?.unrated) {
    p.textContent = t(UNRATED.has(got.unrated) ? `result-unrated-${dashed(got.unrated)}` : 'result-unrated');
    p.dataset.unrated = got.unrated;
  }
  return p;
}

// Draws the panel for the page `page` (see `m`), or hides it while no game is over.
export function renderResult(page = m) {
  m = page;
  const { st, who, isMe } = m;
  const box = $('result');
  const e = st.over;
  const ended = e && (st.turn?.kind === 'game_over' || st.turn?.kind === 'match_over');
  const appears = ended && box.hidden;
  box.hidden = !ended;
  // On a phone the panel is below the board: bring it into view once.
  if (appears) requestAnimationFrame(() => box.scrollIntoView?.({ block: 'nearest' }));
  document.body.dataset.result = ended ? '1' : '';
  if (!ended) return;
  const game = e.game || st.game;
  let head, outcome;
  if (e.winner === undefined) { head = t('result-head-over', { game }); outcome = 'over'; }
  else if (e.winner === null) { head = t('result-head-draw'); outcome = 'draw'; }
  else if (st.seat) { head = t(isMe(e.winner) ? 'result-head-you-won' : 'result-head-you-lost'); outcome = isMe(e.winner) ? 'won' : 'lost'; }
  else { head = t('result-head-won', { who: who(e.winner) }); outcome = 'watch'; }
  const n = st.names.length;
  const table = el('table', { class: 'standing' }, el('thead', {}, el('tr', {}, ...['player', 'this-game', 'games-won', 'points'].map(h => el('th', { text: t(`result-col-${h}`) })))),
    el('tbody', {}, ...[...Array(n).keys()].map(i => el('tr', { class: i + 1 === e.winner ? 'winner' : '' },
      el('td', {}, el('bdi', {}, who(i + 1)), isMe(i + 1) ? ' ' + t('board-you') : ''),
      el('td', { text: e.winner === undefined ? '' : i + 1 === e.winner ? t('result-cell-won', { points: e.points }) : t(e.winner ? 'result-cell-lost' : 'result-cell-draw') }),
      el('td', { text: String(st.wins?.[i] ?? 0) }), el('td', { text: String(st.score?.[i] ?? 0) })))));
  const buttons = [];
  const k = st.turn?.kind;
  if (st.seat && k === 'game_over') {
    const asked = st.rematch.has(st.seat);
    buttons.push(el('button', { type: 'button', id: 'rematch', disabled: asked || null, text: asked ? t('result-asked-next') : t('result-next-game', { game: game + 1 }),
      onclick: () => m.send({ type: 'rematch' }) }));
  }
  buttons.push(el('button', { type: 'button', id: 'same-again', class: 'secondary', text: t('result-same-again'), onclick: newMatchSameSettings }));
  buttons.push(el('a', { href: withKey(`/m/${m.matchId}/games/${game}/replay`), class: 'button secondary', id: 'replay-link', text: t('result-replay', { game }) }));
  buttons.push(el('a', { href: '/', class: 'button secondary', id: 'lobby-link', text: t('board-back-lobby') }));
  const reason = e.reason ? `${m.endWords(e)}` : '';
  const next = k === 'game_over' ? t(st.rematch.size ? 'result-next-asked' : 'result-next', { asked: [...st.rematch].map(who).join(t('result-comma')) }) : '';
  box.dataset.outcome = outcome;
  const atTheEnd = notesInWords(st.notes);
  box.replaceChildren(el('h2', { id: 'result-head', text: head }),
    reason ? el('p', { class: 'why', id: 'result-why', text: reason }) : '',
    e.points !== undefined ? el('p', { class: 'points', id: 'result-points' },
      (e.reason ? t('result-points-won-by', { points: e.points, reason: REASONS.has(e.reason) ? t(`result-won-by-${dashed(e.reason)}`) : e.reason }) : t('result-points', { points: e.points })) + ' ',
      el('a', { href: '/rules/' + st.variant, text: t('result-how-counted') }), atTheEnd ? ' · ' + t('result-at-the-end', { notes: atTheEnd }) : '') : '',
    e.breakdown ? el('p', { class: 'breakdown', id: 'result-breakdown', text: breakdownWords(e) }) : '',
    table, chartFor(m.matchId, game, readKey(m.matchId), m.seats(seatColour)),
    el('p', { class: 'series', id: 'result-series', text: seriesWords() }), ratingLine(game), next ? el('p', { class: 'muted', text: next }) : '',
    el('p', { class: 'buttons' }, ...buttons), el('p', { class: 'error', id: 'same-error', role: 'alert' }));
}

// What each line of a points breakdown counts, in words (`result-line-<label>`): `count` of
// them, worth `each`; whose pieces they are (`me`: yes for this page's seat, `loser` where the
// loser is not one seat, else `who`).
const SCORE_LINES = new Set(['source_track_pips', 'balance_track_pips', 'perfect_track_pips', 'pharaoh_saved', 'men_saved',
  'first_row_pieces', 'middle_row_pieces', 'last_row_pieces', 'large_borne_off', 'medium_borne_off', 'small_borne_off',
  'large_on_board', 'medium_on_board', 'small_on_board', 'piece_up']);

// The server's breakdown of a game's points as a sentence: "How the 10 points add up: 3 of
// Bo's pieces left on the first row × 3 = 9, 1 of Bo's pieces left on the last row × 1 = 1."
function breakdownWords(e) {
  const { st, subject } = m;
  const b = e.breakdown;
  if (!b.items?.length) return t('result-nothing-counted', { total: b.total });
  // The loser's pieces are counted only in two-player variants: the seat that did not win.
  const loser = b.whose === 'loser' ? [...Array(st.names.length).keys()].map(i => i + 1).find(s => s !== e.winner) : null;
  const of = loser ? subject(loser) : { who: '', me: 'loser' };
  const lines = b.items.map(i => {
    const what = SCORE_LINES.has(i.label) ? t(`result-line-${dashed(i.label)}`, { count: i.count, each: i.each, ...of }) : i.label.replaceAll('_', ' ');
    return t(i.label === 'pharaoh_saved' || i.label === 'piece_up' ? 'result-line-total' : 'result-line-times', { what, each: i.each, subtotal: i.subtotal });
  });
  const sum = b.items.reduce((n, i) => n + i.subtotal, 0);
  const end = b.multiplier !== 1 ? t('result-all-saved', { sum, multiplier: b.multiplier, total: b.total }) : lines.length > 1 ? t('result-in-all', { total: b.total }) : '';
  return t('result-add-up', { total: b.total, lines: lines.join(t('result-comma')), end });
}

// A new match like this one (variant, players, series, options, visibility, name); this
// browser takes its first seat and the new match's waiting room shows the invites.
async function newMatchSameSettings() {
  const { st } = m;
  const s = st.snap;
  const body = { variant: s.variant, players: s.players, series: s.series, public: s.public, name: s.name };
  // Against the computer: the same bots in the same seats.
  if (s.bots?.some(Boolean)) body.bots = s.bots.filter(Boolean);
  // The options of the setup, as the server said them (`players` is given above).
  if (st.setup) { const { players, ...options } = st.setup; body.options = options; }
  const me = st.seat ? st.names[st.seat - 1] : null;
  if (me) body.player_name = me;
  const player = await ensurePlayer(me);
  if (player) body.player_key = player.player_key;
  try {
    const r = await api('/api/matches', body);
    saveSeat(r.match_id, r.seat, r.token);
    saveInvites(r.match_id, r.invites, r.spectator_url);
    location.href = `/m/${r.match_id}`;
  } catch (err) {
    $('same-error').textContent = t('result-cannot-create', { message: errorWords(err) });
  }
}
