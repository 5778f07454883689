// The lobby's "Tournaments" card: the tournaments coming, running and just finished
// (`GET /api/tournaments`, asked again every 10 s) with a countdown each, and for a signed-in
// player a form that makes one (`POST /api/tournaments`) and opens its page. The words of a
// tournament's state are here too, for its page (web/tournament.js). The words are the
// catalogue's (web/l10n/<lang>/lobby-scripts.ftl), in the page's language.

import { api, clockRuleWords, el, isolate, loadVariants, session, t as tr, tNodes } from './common.js';
import { errorWords } from './errors.js';

// A tournament's kind in words: "Swiss" or "Arena".
export const kindWords = (kind) => tr('ls-t-kind', { kind });

// Seconds as "4:32", "1:04:32", or "2 days 3:04:32".
export function countdown(secs) {
  const s = Math.max(0, Math.ceil(secs));
  const days = Math.floor(s / 86400);
  const h = Math.floor((s % 86400) / 3600);
  const m = Math.floor((s % 3600) / 60);
  const two = (x) => String(x).padStart(2, '0');
  const clock = h || days ? `${h}:${two(m)}:${two(s % 60)}` : `${m}:${two(s % 60)}`;
  return days ? tr('ls-t-days', { days, clock }) : clock;
}

// What a tournament is doing at `at` (ms, the server's clock), with its countdown: "Starts
// in 4:32", "Running: 12:03 left", "Round 2 of 3", "Finished".
export function statusWords(t, at) {
  if (t.status === 'finished') return tr('ls-t-finished');
  if (t.status === 'created') {
    const left = (t.starts_ms - at) / 1000;
    return left > 0 ? tr('ls-t-starts-in', { left: countdown(left) }) : tr('ls-t-starting');
  }
  if (t.kind === 'swiss') return t.round > 0 ? tr('ls-t-round', { round: t.round, rounds: t.rounds }) : tr('ls-t-starting');
  if (t.ends_ms !== null && t.ends_ms !== undefined) {
    const left = (t.ends_ms - at) / 1000;
    return left > 0 ? tr('ls-t-running-left', { left: countdown(left) }) : tr('ls-t-ending');
  }
  return tr('ls-t-running');
}

// ---------- the lobby's card ----------

const card = typeof document === 'undefined' ? null : document.getElementById('tournaments-card');
const $ = (id) => document.getElementById(id);
let lines = [];
let skew = 0; // the server's clock minus this browser's

function field(label, input, cls = null) {
  return el('label', { class: cls }, label, ' ', input);
}
// A number's field: its words, then its box, on one line.
function number(label, id, min, max, value, cls = null) {
  const input = el('input', { id, type: 'number', min: String(min), max: String(max), value: String(value), inputmode: 'numeric', required: true });
  return field(label, input, cls ? `tf-num ${cls}` : 'tf-num');
}

function build() {
  card.replaceChildren(
    el('h2', { id: 'tournaments-title', text: tr('ls-tournaments') }),
    el('ul', { id: 'tournament-list', class: 'tournament-list' }),
    el('p', { class: 'error', id: 'tournament-list-error', role: 'alert' }),
    el('p', { id: 'tournament-signin', class: 'muted', hidden: true },
      ...tNodes('ls-t-sign-in-to', { link: el('a', { href: '/account', text: tr('ls-t-sign-in') }) })),
    el('form', { id: 'tournament-form', class: 'tournament-form', hidden: true },
      el('h3', { text: tr('ls-t-new') }),
      field(tr('ls-t-kind-field'), el('select', { id: 'tf-kind' },
        el('option', { value: 'arena', text: tr('ls-t-kind-arena') }),
        el('option', { value: 'swiss', text: tr('ls-t-kind-swiss') }))),
      field(tr('ls-t-name'), el('input', { id: 'tf-name', maxlength: '64', placeholder: tr('ls-t-optional') })),
      field(tr('ls-t-variant'), el('select', { id: 'tf-variant' })),
      el('fieldset', {}, el('legend', { text: tr('ls-t-clock') }),
        number(tr('ls-t-minutes'), 'tf-base', 1, 180, 3),
        number(tr('ls-t-increment'), 'tf-inc', 0, 60, 2)),
      number(tr('ls-t-starts'), 'tf-starts', 0, 10080, 5),
      number(tr('ls-t-lasts'), 'tf-duration', 1, 720, 30, 'tf-arena'),
      number(tr('ls-t-rounds'), 'tf-rounds', 1, 20, 3, 'tf-swiss'),
      el('label', {}, el('input', { id: 'tf-rated', type: 'checkbox' }), ` ${tr('ls-t-rated')}`),
      el('button', { type: 'submit', id: 'tf-go', text: tr('ls-t-create') }),
      el('p', { class: 'error', id: 'tf-error', role: 'alert' })));
  $('tf-kind').addEventListener('change', onKind);
  onKind();
  $('tournament-form').addEventListener('submit', create);
}

// Arena: how long it lasts; Swiss: how many rounds (the other field is hidden and not sent).
function onKind() {
  const swiss = $('tf-kind').value === 'swiss';
  $('tournament-form').querySelector('.tf-arena').hidden = swiss;
  $('tournament-form').querySelector('.tf-swiss').hidden = !swiss;
  $('tf-duration').disabled = swiss;
  $('tf-rounds').disabled = !swiss;
}

async function create(e) {
  e.preventDefault();
  $('tf-error').textContent = '';
  const kind = $('tf-kind').value;
  const body = {
    kind,
    variant: $('tf-variant').value,
    clock: { kind: 'fischer', base_secs: Math.round(Number($('tf-base').value) * 60), increment_secs: Number($('tf-inc').value) },
    rated: $('tf-rated').checked,
    starts_in_secs: Math.round(Number($('tf-starts').value) * 60),
  };
  if (kind === 'arena') body.duration_mins = Number($('tf-duration').value);
  else body.rounds = Number($('tf-rounds').value);
  const name = $('tf-name').value.trim();
  if (name) body.name = name;
  $('tf-go').disabled = true;
  try {
    const t = await api('/api/tournaments', body);
    location.assign(`/t/${encodeURIComponent(t.id)}`);
  } catch (err) {
    $('tf-go').disabled = false;
    $('tf-error').textContent = tr('ls-t-create-failed', { error: errorWords(err) });
  }
}

// One line of the list: its name (a link to its page), what it is, its players, and its
// state with the countdown (`.t-when`, written again every second).
function lineItem(t, variants) {
  const variant = variants.find((v) => v.id === t.variant)?.name ?? t.variant;
  const words = [kindWords(t.kind), variant, t.clock ? clockRuleWords(t.clock) : null, t.rated ? tr('ls-t-rated') : null, tr('ls-t-players', { count: t.players })].filter(Boolean).map(isolate).join(' · ');
  return el('li', { dataset: { tournament: t.id, status: t.status } },
    el('a', { href: `/t/${encodeURIComponent(t.id)}`, class: 't-link', dir: 'auto', text: t.name }),
    el('span', { class: 't-what', text: ` — ${words}` }),
    el('span', { class: 't-when', text: statusWords(t, Date.now() + skew) }));
}

let asked = 0;
async function refresh() {
  const mine = ++asked;
  let data;
  try {
    data = await api('/api/tournaments');
  } catch (err) {
    if (mine === asked) $('tournament-list-error').textContent = err.status === 404 ? tr('ls-t-none-here') : tr('ls-t-unavailable', { error: errorWords(err) });
    return;
  }
  if (mine !== asked) return;
  $('tournament-list-error').textContent = '';
  skew = (data.now_ms ?? Date.now()) - Date.now();
  lines = data.tournaments ?? [];
  const variants = await loadVariants();
  const items = lines.map((t) => lineItem(t, variants));
  const list = $('tournament-list');
  // An unchanged line keeps its element (and the keyboard's focus on its link).
  const kept = new Map([...list.children].map((li) => [li.dataset.tournament, li]));
  const next = items.map((li) => {
    const old = kept.get(li.dataset.tournament);
    return old && old.querySelector('.t-link').textContent === li.querySelector('.t-link').textContent
      && old.querySelector('.t-what').textContent === li.querySelector('.t-what').textContent
      && old.dataset.status === li.dataset.status ? old : li;
  });
  if (!next.length) next.push(el('li', { class: 'empty', text: tr('ls-t-none') }));
  list.replaceChildren(...next);
  tick();
}

function tick() {
  for (const li of $('tournament-list').children) {
    const t = lines.find((x) => x.id === li.dataset.tournament);
    if (t) li.querySelector('.t-when').textContent = statusWords(t, Date.now() + skew);
  }
}

async function start() {
  build();
  refresh();
  setInterval(refresh, 10000);
  setInterval(tick, 1000);
  const me = await session();
  $('tournament-signin').hidden = Boolean(me);
  if (!me) return;
  const variants = await loadVariants();
  // Tournament games are between two players: the variants two can play.
  $('tf-variant').replaceChildren(...variants.filter((v) => (v.min_players ?? 2) <= 2)
    .map((v) => el('option', { value: v.id, text: v.name, selected: v.id === 'kendall' })));
  $('tournament-form').hidden = false;
}

if (card) start();
