// The analysis board: a position of any variant, explored by throws and moves the server
// applies and rates (POST /api/analysis). The page holds no rules: the server says what the
// position waits for, which throws can come, which moves are legal and what each is worth.
// The line explored is a list of the server's answers, so Undo is going back one.

import { api, el, loadVariants, t, writtenBoard } from './common.js';
import { errorWords } from './errors.js';
import { notesInWords } from './notes.js';
import { Board, diceView } from './boards.js';
import { copyPosition } from './story.js';

const $ = (id) => document.getElementById(id);
let board = null, boardVariant = null;
// The server's answers along the line explored, the one shown last.
const line = [];

function who(p) { return t('an-player', { n: p }); }

async function ask(body) {
  $('error').textContent = '';
  try {
    return await api('/api/analysis', body);
  } catch (err) {
    $('error').textContent = errorWords(err, { variant: body.variant });
    return null;
  }
}

async function step(body) {
  const next = await ask({ variant: line.at(-1).variant, position: line.at(-1).position, ...body });
  if (next) { line.push(next); show(); }
}

function show() {
  const a = line.at(-1);
  if (boardVariant !== a.variant) {
    board = new Board($('board'), a.variant, writtenBoard(a.variant), { onMove: (mv) => step({ move: mv }) });
    board.onSelect = () => { $('error').textContent = t('an-several'); };
    boardVariant = a.variant;
  }
  const moving = a.turn === 'move';
  board.draw(a.position, { moves: a.moves || [], canMove: moving });
  $('info').textContent = notesInWords(a);
  const side = a.sides?.[a.player - 1];
  $('turn').textContent = a.turn === 'over' ? t('an-over') : t(side ? 'an-turn-side' : 'an-turn', { who: who(a.player), side: side ? t('an-side', { side }) : '', turn: a.turn });
  $('chances').replaceChildren(...a.chances.map((c, i) => el('span', { class: 'analysis-chance', dataset: { player: String(i + 1) } }, t('an-chance', { who: who(i + 1), chance: c }))));
  $('throws').hidden = a.turn !== 'throw';
  $('moves').hidden = !moving;
  if (a.turn === 'throw') {
    // One button per distinct throw (the same faces in another order is the same throw).
    const seen = new Set();
    const distinct = a.throws.filter(f => { const k = [...f].sort().join(','); return !seen.has(k) && seen.add(k); });
    $('throw-list').replaceChildren(...distinct.map(f => el('button', { type: 'button', class: 'throw-choice', dataset: { faces: f.join(',') }, 'aria-label': t('an-throw-label', { faces: f.join(' ') }), onclick: () => step({ throw: f }) },
      diceView(a.throw_spec, f))));
  }
  if (moving) {
    $('move-list').replaceChildren(...a.options.map((o, k) => el('li', {},
      el('button', { type: 'button', class: 'review-jump', dataset: { move: o.move }, onclick: () => step({ move: o.move }) },
        t(k === 0 ? 'an-option-best' : 'an-option', { move: o.move, chance: o.chance })))));
  }
  $('undo').disabled = line.length < 2;
  $('position').value = a.position;
  document.body.dataset.position = a.position;
  document.body.dataset.turn = a.turn;
  // A link to this position: the address holds it.
  history.replaceState(null, '', `?variant=${encodeURIComponent(a.variant)}&position=${encodeURIComponent(a.position)}`);
}

async function setUp(variant, position) {
  const first = await ask({ variant, ...(position ? { position } : {}) });
  if (!first) return;
  line.length = 0;
  line.push(first);
  show();
}

async function init() {
  const params = new URLSearchParams(location.search);
  const variants = await loadVariants();
  $('variant').replaceChildren(...variants.map(v => el('option', { value: v.id, text: v.name })));
  const variant = variants.some(v => v.id === params.get('variant')) ? params.get('variant') : variants[0].id;
  $('variant').value = variant;
  $('setup').addEventListener('submit', (e) => { e.preventDefault(); setUp($('variant').value, $('position').value.trim()); });
  $('undo').onclick = () => { if (line.length > 1) { line.pop(); show(); } };
  copyPosition($('copy'), () => line.at(-1)?.position);
  await setUp(variant, params.get('position'));
}

init();
