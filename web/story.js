// A game in words and as text, from what the server sends alone: the sentences the match page
// and the replay tell of a throw (its faces and `value`), a move (its `geometry`: the squares
// and pieces it took) and a pass; and the control that copies a position's notation (the
// `notation` of the events) to paste into the analysis board. No rules here: a sentence says
// what an event or a move's geometry says, in the board's names of places.

const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;

// A piece as the geometry names it ("small pyramid", "piece 3", "Pharaoh").
export function pieceName(p) {
  const k = p?.kind || '';
  if (k.startsWith('dots')) return `piece ${k.slice(4)}`;
  return { white: 'white piece', black: 'black piece', pharaoh: 'Pharaoh', man: 'man', small: 'small pyramid', medium: 'medium pyramid', large: 'large pyramid' }[k] || 'piece';
}
export function piecesName(list) {
  if (!list?.length) return 'a piece';
  const first = pieceName(list[0]);
  return list.length > 1 ? `the ${first} with ${plural(list.length - 1, 'pyramid', 'pyramids')} on it` : `the ${first}`;
}
export const diceWords = (dice) => !dice?.length ? '' : dice.length === 1 ? `die ${dice[0]}` : `dice ${dice.join(' + ')}`;

// The value of a throw in words: the faces of dice; for sticks, the squares the server says
// the throw gives (its `value`) and how many plain sides are up.
export function throwWords(e) {
  const f = e.faces || [];
  if (e.spec?.die === 'stick') {
    const value = e.value ?? null;
    const plain = f.filter(x => x === 1).length;
    const sticks = `${f.length} sticks: ${plural(plain, 'plain side', 'plain sides')} up`;
    return value ? `${value} (${sticks})` : sticks;
  }
  if (f.length === 1) return String(f[0]);
  return f.slice(0, -1).join(', ') + ' and ' + f[f.length - 1];
}

// The choices that move no piece, as "chose …" ends; and the coasters of martian.
export const CHOICES = { d1: 'to throw one die', d2: 'to throw two dice', black: 'to play black', white: 'to play white', pass: 'to pass, leaving the turn\'s throws unused' };
export const COASTER = { east_to_west: 'the east coaster to the west end', west_to_east: 'the west coaster to the east end' };

// The sentences of a page, with its way of naming: `placeName(key)` (the board's name of a
// place), `who(seat)` and `Who(seat)` (a table seat's name, inside and at the start of a
// sentence: "You" for the page's own seat), `whose(seat)` ("your", "Bo's"), `seatOfEngine(p)`
// (the table seat of engine player p: a geometry's `owner` is one) and `isMe(seat)`.
export function storyWords({ placeName, who, Who = who, whose = (seat) => `${who(seat)}'s`, seatOfEngine = (p) => p, isMe = () => false }) {
  const place = (key) => placeName(key);
  const captures = ['capture', 'sent_back', 'removed'];

  // What a move does, from its geometry, without its subject: "moved the small pyramid from
  // 12 to 15 (die 3), and captured Bo's …" (`base`: "move the small pyramid …", to follow
  // "to"); `dice: false` leaves the dice out. With whether it hits this page's pieces.
  function deed(g, move, { base = false, dice = true } = {}) {
    g = g || {};
    const v = (past, now) => base ? now : past;
    const steps = g.steps || [];
    const diced = (s) => dice && s?.dice?.length ? ` (${diceWords(s.dice)})` : '';
    if (g.coaster) {
      return { text: `${v('moved', 'move')} ${COASTER[g.coaster] || g.coaster} (${move}), carrying ${plural(steps.length, 'stack', 'stacks')}${diced(steps[0])}`, hitMe: null, capture: false };
    }
    if (!steps.length) return { text: CHOICES[move] ? `${v('chose', 'choose')} ${CHOICES[move]}` : `${v('played', 'play')} ${move}`, hitMe: null, capture: false };
    const [s, ...rest] = steps;
    let text = s.kind === 'bear_off'
      ? `${v('bore off', 'bear off')} ${piecesName(s.pieces)} from ${place(s.from)}${diced(s)}`
      : `${v('moved', 'move')} ${piecesName(s.pieces)} from ${place(s.from)} to ${place(s.to)}${s.via?.length ? ` by way of ${s.via.map(place).join(', ')}` : ''}${diced(s)}`;
    let hitMe = null;
    const more = [];
    for (const r of rest) {
      const owner = seatOfEngine(r.owner);
      const piece = `${whose(owner)} ${pieceName(r.pieces?.[0])}`;
      if (r.kind === 'capture') more.push(`${v('captured', 'capture')} ${piece} on ${place(r.from)}`);
      else if (r.kind === 'sent_back') more.push(`${v('sent', 'send')} ${piece} back from ${place(r.from)} to ${place(r.to)}`);
      else if (r.kind === 'removed') more.push(`${v('pushed', 'push')} ${piece} off ${place(r.from)}, out of the game`);
      else if (r.kind === 'bear_off') more.push(`${v('bore off', 'bear off')} ${piece}`);
      else if (r.kind === 'move') more.push(`${v('moved', 'move')} ${piece} from ${place(r.from)} to ${place(r.to)}`);
      if (captures.includes(r.kind) && isMe(owner)) hitMe = r;
    }
    if (more.length) text += ', and ' + more.join(', ');
    return { text, hitMe, capture: rest.some(r => captures.includes(r.kind)) };
  }

  // What a `moved` event did, in a sentence; and whether it hit this page's pieces.
  function movedWords(e) {
    const d = deed(e.geometry, e.move);
    return { ...d, text: `${Who(e.seat)} ${d.text}.` };
  }

  // A `thrown` event in a sentence. `again`: the same seat threw before in this turn;
  // `pooled`: that throw was kept (kendall: all throws are made before moving).
  function thrownWords(e, { again = false, pooled = false } = {}) {
    const N = e.seat ? Who(e.seat) : '';
    let text = e.effect === 'decided' ? `${N} threw ${throwWords(e)} for the start.` : `${N} threw ${again ? 'again: ' : ''}${throwWords(e)}.`;
    if (e.effect === 'kept') text += ' Kept: throw again before moving.';
    if (e.effect === 'no_move') text += pooled ? ' No legal move with these throws.' : ' No legal move with this throw.';
    return text;
  }

  // A `passed` event in a sentence: who could not move, and whose turn it is (its `turn`).
  function passedWords(e) {
    const next = e.turn?.seat;
    return `${e.seat ? Who(e.seat) : ''} could not move: the turn passes${next ? ` to ${isMe(next) ? 'you' : who(next)}` : ''}.`;
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
  field.setAttribute('aria-label', 'The position\'s notation');
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
    if (!notation) { say('No position yet.'); return; }
    field.value = notation;
    try {
      await navigator.clipboard.writeText(notation);
      field.hidden = true;
      say('Copied');
    } catch {
      field.hidden = false;
      field.focus();
      field.select();
      say('Copy the selected text');
    }
  });
  return { field, said };
}
