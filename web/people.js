// The page's own socket (GET /ws/people): how many people are online, for the lobby's line,
// the open seeks, for the lobby's list, and, on every page of a signed-in player, challenges
// by name as they come and as they are answered, and a tournament's pairing of the account.
// The server says everything here; the page only draws it and sends the answers
// (POST /api/challenges/{id}/accept, decline, cancel).

import { api, clockRuleWords, el, loadVariants, saveSeat } from './basics.js';
import { isolate, t, tAttr } from './l10n.js';
import { errorWords } from './errors.js';

let me = null;
let variants = [];
let retry = 1000;
// Challenges shown, by id: the box of each.
const shown = new Map();

function region() {
  let box = document.getElementById('challenges');
  if (!box) {
    box = el('aside', { id: 'challenges', class: 'challenges', 'aria-label': tAttr('people-challenges', 'aria-label'), 'aria-live': 'polite' });
    document.body.append(box);
  }
  return box;
}

function variantName(id) { return variants.find((v) => v.id === id)?.name ?? id; }

// The terms in words: "Bell's Senet (1960), rated, best of 3, clock 5+3".
function termsWords(terms) {
  const words = [variantName(terms?.variant)];
  words.push(t(terms?.rated ? 'people-rated' : 'people-casual'));
  const s = terms?.series;
  if (s && s.target > 1) words.push(t(s.kind === 'first_to' ? 'people-first-to' : 'people-best-of', { target: s.target }));
  if (terms?.clock) words.push(t('people-clock', { rule: clockRuleWords(terms.clock) }));
  return words.map(isolate).join(t('people-comma'));
}

function button(text, onClick, cls) {
  const b = el('button', { type: 'button', text, class: cls ?? null });
  b.addEventListener('click', onClick);
  return b;
}

function say(box, text) {
  box.querySelector('.challenge-status').textContent = text;
}

// What a challenge's box says and offers, as the challenge is now.
function draw(c) {
  const mine = me && c.from === me.username;
  let box = shown.get(c.id);
  if (!box) {
    box = el('div', { class: 'challenge card', dataset: { challenge: c.id } },
      el('p', { class: 'challenge-words' }),
      el('div', { class: 'challenge-actions inline-form' }),
      el('p', { class: 'challenge-status', role: 'status' }));
    shown.set(c.id, box);
    region().append(box);
  }
  const words = box.querySelector('.challenge-words');
  const actions = box.querySelector('.challenge-actions');
  actions.replaceChildren();
  const terms = termsWords(c.terms);
  if (c.state === 'open') {
    if (mine) {
      words.textContent = t('people-you-challenged', { to: c.to, terms });
      actions.append(button(t('people-cancel'), () => answer(c, 'cancel', box), 'secondary'));
    } else {
      words.textContent = t('people-challenges-you', { from: c.from, terms });
      actions.append(button(t('people-accept', { from: c.from }), () => answer(c, 'accept', box)),
        button(t('people-decline'), () => answer(c, 'decline', box), 'secondary'));
    }
    return;
  }
  if (c.state === 'accepted') {
    words.textContent = mine ? t('people-accepted-yours', { to: c.to }) : t('people-you-accepted', { from: c.from });
    if (mine && c.match_id && c.token) {
      saveSeat(c.match_id, 1, c.token);
      actions.append(el('a', { class: 'button', href: `/m/${c.match_id}`, text: t('people-go-to-board') }));
      // The challenger goes to the board at once, as the accepting player does.
      if (!location.pathname.startsWith(`/m/${c.match_id}`)) location.assign(`/m/${encodeURIComponent(c.match_id)}`);
    }
  } else if (c.state === 'declined') {
    words.textContent = mine ? t('people-declined-yours', { to: c.to }) : t('people-you-declined', { from: c.from });
  } else if (c.state === 'cancelled') {
    words.textContent = mine ? t('people-you-took-back', { to: c.to }) : t('people-took-back', { from: c.from });
  }
  actions.append(button(t('people-close'), () => { box.remove(); shown.delete(c.id); }, 'secondary'));
}

async function answer(c, how, box) {
  try {
    const r = await api(`/api/challenges/${encodeURIComponent(c.id)}/${how}`, {});
    if (how === 'accept') {
      saveSeat(r.match_id, r.seat, r.token);
      location.assign(`/m/${encodeURIComponent(r.match_id)}`);
    } else {
      draw(r);
    }
  } catch (err) {
    say(box, err.code === 'challenge_gone' ? t('people-challenge-gone') : errorWords(err));
  }
}

// A tournament paired this account: its seat is kept, and the page goes to the board. On a
// board (the game just finished there, or another one), it says so first and goes after
// three seconds, unless the player chooses to stay.
function tournamentGame(m) {
  saveSeat(m.match_id, m.seat, m.token);
  sessionStorage.setItem(`senet:tournament:${m.match_id}`, m.tournament_id);
  const board = `/m/${encodeURIComponent(m.match_id)}`;
  if (location.pathname === board) return;
  // Noted as shown, as the tournament's page notes the boards it opens: back there during
  // the game, that page links to the board instead of opening it again.
  if (!location.pathname.startsWith('/m/')) {
    sessionStorage.setItem(`senet:tournament-opened:${m.match_id}`, '1');
    location.assign(board);
    return;
  }
  const box = el('div', { class: 'challenge card', dataset: { tournamentGame: m.match_id } },
    el('p', { class: 'challenge-words', text: t('people-next-game', { tournament: m.tournament_name }) }),
    el('div', { class: 'challenge-actions inline-form' }),
    el('p', { class: 'challenge-status', role: 'status', text: t('people-going', { secs: 3 }) }));
  const go = setTimeout(() => { sessionStorage.setItem(`senet:tournament-opened:${m.match_id}`, '1'); location.assign(board); }, 3000);
  box.querySelector('.challenge-actions').append(
    el('a', { class: 'button', href: board, text: t('people-go-to-board') }),
    button(t('people-stay'), () => { clearTimeout(go); say(box, t('people-waiting')); }, 'secondary'));
  region().append(box);
}

function online(m) {
  const line = document.getElementById('online-count');
  if (!line) return;
  line.textContent = t('people-online', { online: m.online, playing: m.playing });
}

function connect() {
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/people`);
  let signedOut = false;
  ws.onopen = () => { retry = 1000; };
  ws.onmessage = (e) => {
    let m;
    try { m = JSON.parse(e.data); } catch { return; }
    if (m.type === 'online') online(m);
    else if (m.type === 'challenges') m.challenges.forEach(draw);
    else if (m.type === 'challenge') draw(m.challenge);
    else if (m.type === 'tournament_game') tournamentGame(m);
    // The lobby draws the open seeks (lobby.js); other pages have no list of them.
    else if (m.type === 'seeks') document.dispatchEvent(new CustomEvent('senet:seeks', { detail: m.seeks }));
    else if (m.type === 'error' && m.code === 'signed_out') signedOut = true;
  };
  ws.onclose = () => {
    if (signedOut) return;
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 30000);
  };
}

// The lobby's list of the players one follows, each with its status (asked every 15 s).
async function following() {
  const list = document.getElementById('following');
  if (!list || !me) return;
  let r;
  try { r = await api('/api/me/follows'); } catch { return; }
  list.replaceChildren(...r.follows.map((f) => el('li', { dataset: { status: f.status } },
    el('a', { href: `/players/${encodeURIComponent(f.player_id)}`, text: f.username }),
    ` · ${t('people-status', { status: f.status })}`,
    f.match_id ? ' · ' : '', f.match_id ? el('a', { href: `/m/${f.match_id}/watch`, text: t('people-watch') }) : '')));
  document.getElementById('following-card').hidden = r.follows.length === 0;
}

// Opened once per page: for a signed-in player on every page, for a guest on the lobby only.
export async function start(account) {
  me = account;
  try { variants = await loadVariants(); } catch { variants = []; }
  connect();
  if (me && document.getElementById('following')) {
    following();
    setInterval(following, 15000);
  }
}
