// The how-to-play page of a variant: every example position (a <figure> with the position's
// notation, which the senet-assets crate's tests read with the engine) is drawn with the board of
// the match page, the move its caption explains outlined as a last move is.

import { Board } from './boards.js';
import { writtenBoard } from './common.js';

const variant = document.querySelector('main[data-variant]')?.dataset.variant;

function draw(figure) {
  const board = new Board(figure.querySelector('.howto-board'), variant, writtenBoard(variant), { interactive: false });
  // One picture with one description (the figure's alt text), not a group of pieces to walk.
  board.svg.setAttribute('role', 'img');
  board.svg.setAttribute('aria-label', figure.dataset.alt);
  const { from, to } = figure.dataset;
  board.draw(figure.dataset.notation, { lastMove: from && to ? { steps: [{ from, to }] } : null });
}

// One board per task, so that a slow phone stays responsive while the page draws them (their
// places are kept by the style sheet: nothing moves when one appears).
for (const figure of document.querySelectorAll('figure[data-notation]')) {
  draw(figure);
  await new Promise((resolve) => setTimeout(resolve));
}
