// The notes under a board in the page's language: what the position holds that the board
// does not draw (pieces borne off, the dice still to play, counters towards a limit). The
// server sends them as data (a frame's `note_list`, each with its `kind` and figures) beside
// the engine's English line (`notes`); this puts each into the words of web/l10n/<lang>/
// notes.ftl. It decides nothing: every figure is the server's.

import { t } from './l10n.js';

const list = (items) => items.join(t('notes-list-separator'));
const numbers = (faces) => list(faces.map((number) => t('notes-number', { number })));
const counts = (sides) => list(sides.map(({ side, count }) => t('notes-side-count', { side, count })));
const sizes = (all) => (all.length ? list(all.map((size) => t('notes-size', { size }))) : t('notes-none'));

// Each kind of note in words.
const SAY = {
  borne_off: (n) => t('notes-borne-off', { sides: counts(n.sides) }),
  sizes_borne_off: (n) => t('notes-sizes-borne-off', {
    sides: n.sides.map((s) => t('notes-side-sizes', { side: s.side, sizes: sizes(s.sizes) })).join(t('notes-group-separator')),
  }),
  captured: (n) => t('notes-captured', { sides: counts(n.sides) }),
  pieces_up: (n) => (n.pieces.length
    ? t('notes-pieces-up', { pieces: list(n.pieces.map(({ side, piece }) => t('notes-piece', { side, piece }))) })
    : t('notes-no-pieces-up')),
  waiting_for_one: (n) => t(n.waiting ? 'notes-waiting-for-one' : 'notes-no-waiting-for-one'),
  quiet_turns: (n) => t('notes-quiet-turns', { turns: n.turns, limit: n.limit }),
  dice_to_play: (n) => t('notes-dice-to-play', { dice: numbers(n.dice) }),
  die: (n) => t('notes-die', { die: n.die }),
  needs_one: (n) => t('notes-needs-one', { side: n.side }),
  throws_to_play: (n) => t('notes-throws-to-play', { throws: numbers(n.throws) }),
  throws_kept: (n) => t('notes-throws-kept', { throws: numbers(n.throws) }),
  back_from_water: (n) => t('notes-back-from-water', { side: n.side, square: n.square }),
  loses_turn: (n) => t('notes-loses-turn', { side: n.side }),
};

// The notes of a position (a frame, a snapshot, an analysis: anything with `notes` and
// `note_list`) in one line. A kind this page does not know yet (a newer server) is said by
// the server's English line rather than not at all.
export function notesInWords(position) {
  const notes = position?.note_list;
  if (!notes || notes.some((n) => !SAY[n.kind])) return position?.notes || '';
  return notes.map((n) => SAY[n.kind](n)).join(t('notes-separator'));
}
