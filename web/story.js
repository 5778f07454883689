// A game in words and as text, from what the server sends alone: the sentences the match page
// and the replay tell of a throw (its faces and `value`), a move (its `geometry`: the squares
// and pieces it took) and a pass; and the control that copies a position's notation (the
// `notation` of the events) to paste into the analysis board. No rules here: a sentence says
// what an event or a move's geometry says, in the board's names of places.

import { t } from './l10n.js';

// A piece as the geometry names it ("small pyramid", "piece 3", "Pharaoh"): the arguments of
// the catalogue's piece messages (`story-piece`, `story-the-piece`, `story-whose-piece`).
const KINDS = new Set(['white', 'black', 'pharaoh', 'man', 'small', 'medium', 'large']);
function kindArgs(p) {
  const k = p?.kind || '';
  if (k.startsWith('dots')) return { kind: 'dots', dots: Number(k.slice(4)) };
  return { kind: KINDS.has(k) ? k : 'other', dots: 0 };
}
export function pieceName(p) { return t('story-piece', kindArgs(p)); }
// The mover's piece (or stack) with its article: "the small pyramid", "the medium pyramid
// with 2 pyramids on it".
export function piecesName(list) {
  if (!list?.length) return t('story-a-piece');
  const a = kindArgs(list[0]);
  return list.length > 1 ? t('story-the-stack', { ...a, count: list.length - 1 }) : t('story-the-piece', a);
}
// Another seat's (or this page's own) piece: "Bo's white piece", "your man".
function whosePiece(p, name, me) {
  const a = kindArgs(p);
  return t('story-whose-piece', { ...a, who: name, me: me ? 'yes' : 'no' });
}
export const diceWords = (dice) => !dice?.length ? '' : t('story-dice', { count: dice.length, dice: dice.join(' + ') });

// The value of a throw in words: the faces of dice; for sticks, the squares the server says
// the throw gives (its `value`) and how many plain sides are up.
export function throwWords(e) {
  const f = e.faces || [];
  if (e.spec?.die === 'stick') {
    const value = e.value ?? null;
    const plain = f.filter(x => x === 1).length;
    const sticks = t('story-sticks', { sticks: f.length, plain });
    return value ? t('story-stick-value', { value, sticks }) : sticks;
  }
  if (f.length === 1) return String(f[0]);
  return t('story-faces', { init: f.slice(0, -1).join(', '), last: f[f.length - 1] });
}
// The number a throw of sticks gives (the move list's and the dice's short word).
export const stickValue = (e) => String(e.value ?? e.faces?.length ?? '');

// The choices that move no piece, and the coasters of martian: `form` is `past` ("chose to
// throw one die"), `you` (the same said of this page's seat) or `base` ("choose to …").
const CHOICE_IDS = new Set(['d1', 'd2', 'black', 'white', 'pass']);
export const isChoice = (move) => CHOICE_IDS.has(move);
// A choice as its button says it ("Throw one die").
export const choiceButton = (move) => t(`story-button-${move}`);
// A coaster's move, as a noun phrase ("the east coaster to the west end").
export const coasterWords = (c) => c === 'east_to_west' || c === 'west_to_east' ? t(`story-coaster-${c.replaceAll('_', '-')}`) : c;

// The sentences of a page, with its way of naming: `placeName(key)` (the board's name of a
// place), `who(seat)` (a table seat's name), `seatOfEngine(p)` (the table seat of engine
// player p: a geometry's `owner` is one) and `isMe(seat)` (this page's own seat: "You",
// "your"). `Who` and `whose` are accepted for older callers and not used: the catalogue
// says "You" and "your" itself, as its language conjugates them.
export function storyWords({ placeName, who, seatOfEngine = (p) => p, isMe = () => false }) {
  const place = (key) => placeName(key);
  const captures = ['capture', 'sent_back', 'removed'];
  const subject = (seat) => ({ me: seat && isMe(seat) ? 'yes' : 'no', who: seat ? who(seat) : '' });

  // What a move does, from its geometry, without its subject: "moved the small pyramid from
  // 12 to 15 (die 3), and captured Bo's …" (`base`: "move the small pyramid …", to follow
  // "to"); `dice: false` leaves the dice out; `me`: said of this page's seat ("you" forms).
  // With whether it hits this page's pieces.
  function deed(g, move, { base = false, dice = true, me = false } = {}) {
    g = g || {};
    const form = base ? 'base' : me ? 'you' : 'past';
    const steps = g.steps || [];
    const diced = (s) => dice && s?.dice?.length ? t('story-diced', { dice: diceWords(s.dice) }) : '';
    if (g.coaster) {
      return { text: t('story-deed-coaster', { form, coaster: coasterWords(g.coaster), move, stacks: steps.length }) + diced(steps[0]), hitMe: null, capture: false };
    }
    if (!steps.length) return { text: isChoice(move) ? t(`story-deed-choice-${move}`, { form }) : t('story-deed-played', { form, move }), hitMe: null, capture: false };
    const [s, ...rest] = steps;
    const via = s.via?.length ? t('story-via', { places: s.via.map(place).join(', ') }) : '';
    let text = s.kind === 'bear_off'
      ? t('story-deed-bear-off', { form, piece: piecesName(s.pieces), from: place(s.from) }) + diced(s)
      : t('story-deed-move', { form, piece: piecesName(s.pieces), from: place(s.from), to: place(s.to), via }) + diced(s);
    let hitMe = null;
    const more = [];
    for (const r of rest) {
      const owner = seatOfEngine(r.owner);
      const piece = whosePiece(r.pieces?.[0], who(owner), isMe(owner));
      const args = { form, piece, from: place(r.from), to: place(r.to) };
      if (r.kind === 'capture') more.push(t('story-also-capture', args));
      else if (r.kind === 'sent_back') more.push(t('story-also-sent-back', args));
      else if (r.kind === 'removed') more.push(t('story-also-removed', args));
      else if (r.kind === 'bear_off') more.push(t('story-also-bear-off', args));
      else if (r.kind === 'move') more.push(t('story-also-move', args));
      if (captures.includes(r.kind) && isMe(owner)) hitMe = r;
    }
    if (more.length) text += t('story-and') + more.join(t('story-comma'));
    return { text, hitMe, capture: rest.some(r => captures.includes(r.kind)) };
  }

  // What a `moved` event did, in a sentence; and whether it hit this page's pieces.
  function movedWords(e) {
    const s = subject(e.seat);
    const d = deed(e.geometry, e.move, { me: s.me === 'yes' });
    return { ...d, text: t('story-moved', { ...s, deed: d.text }) };
  }

  // A `thrown` event in a sentence. `again`: the same seat threw before in this turn;
  // `pooled`: that throw was kept (kendall: all throws are made before moving).
  function thrownWords(e, { again = false, pooled = false } = {}) {
    const args = { ...subject(e.seat), throw: throwWords(e), again: again ? 'yes' : 'no' };
    let text = e.effect === 'decided' ? t('story-threw-start', args) : t('story-threw', args);
    if (e.effect === 'kept') text += ' ' + t('story-kept');
    if (e.effect === 'no_move') text += ' ' + t(pooled ? 'story-no-move-pooled' : 'story-no-move');
    return text;
  }

  // A `passed` event in a sentence: who could not move, and whose turn it is (its `turn`).
  function passedWords(e) {
    const next = e.turn?.seat;
    return t('story-passed', { ...subject(e.seat), to: !next ? 'none' : isMe(next) ? 'you' : 'other', next: next ? who(next) : '' });
  }

  return { place, deed, movedWords, thrownWords, passedWords };
}

// ---------- a position as text ----------

// Wires `button` to copy the position's notation (`text()`, the latest the page was sent) to
// the clipboard, and adds to the end of its line what that needs: a polite status that says
// "Copied", and a read-only field holding the text, shown selected where the clipboard cannot
// be written (no permission, an old browser), for the reader to copy by hand.
export function copyPosition(button, text) {
  const doc = button.ownerDocument;
  const field = doc.createElement('input');
  Object.assign(field, { readOnly: true, hidden: true, className: 'copy-text', spellcheck: false });
  field.setAttribute('aria-label', t('story-copy-field'));
  const said = doc.createElement('span');
  said.className = 'copy-said';
  said.setAttribute('role', 'status');
  // At the end of the button's line: nothing beside the button moves when they show.
  button.parentElement.append(said, field);
  let clear = null;
  const say = (words) => {
    clearTimeout(clear);
    // Emptied first: the same words said again are read again.
    said.textContent = '';
    requestAnimationFrame(() => { said.textContent = words; });
    clear = setTimeout(() => { said.textContent = ''; }, 4000);
  };
  button.addEventListener('click', async () => {
    const notation = text();
    if (!notation) { say(t('story-copy-none')); return; }
    field.value = notation;
    try {
      await navigator.clipboard.writeText(notation);
      field.hidden = true;
      say(t('story-copied'));
    } catch {
      field.hidden = false;
      field.focus();
      field.select();
      say(t('story-copy-by-hand'));
    }
  });
  return { field, said };
}
