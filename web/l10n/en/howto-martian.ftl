## The how-to page /howto/martian: all its words, in page order (web/howto/martian.html holds
## none of its own, only where each goes).

howto-martian-doc = How to play Martian Senet — Senet
howto-martian-description =
    .content = How to play Martian Senet: three coasters, twelve stacking pyramids each, one die, nests, trees, blocks and coaster moves.
howto-martian-title = How to play Martian Senet
howto-martian-lede = A Looney Pyramids game of 2012 on three square coasters, where the pieces stack.
howto-martian-lede-rules = The exact rules cover every case.
howto-martian-goal = The goal
howto-martian-goal-1 = Be the first to bear off all twelve of your pyramids.
howto-martian-board-pieces = The board and the pieces
howto-martian-board-pieces-1 = Three coasters of 3 × 3 squares lie in a line from East to West, making three tracks of nine squares. Every pyramid runs the same way: along the Source Track from East to West (S1–S9), back along the Balance Track from West to East (B1–B9), along the Perfect Track from East to West (P1–P9), then off. Each player has four small, four medium and four large pyramids (1, 2 and 3 pips). They start nested in trios, small inside medium inside large, alternating along the Source Track with one empty square in the middle. Player 1, red here, holds the easternmost trio and moves first.
howto-martian-board-pieces-fig =
    .data-alt = The start: eight nested trios on the Source Track, red on S1, S3, S6 and S8, yellow on S2, S4, S7 and S9, with S5 empty. S1 and S5 are outlined.
howto-martian-board-pieces-fig-caption = The start. Only the outer large pyramid of a nest can move: with a 4, red's large on S1 goes to the empty S5.
howto-martian-die = The die
howto-martian-die-1 = One six-sided die. A 1, 2, 3, 4 or 6 moves one of your pyramids exactly that many squares. After a 1, a 5 or a 6 you roll again. A 5 moves no pyramid: an end coaster, with everything on it, goes to the other end of the line, unturned. Pyramids stay on their tracks but may lose or gain ground. If you cannot move, a 1 or a 6 rolls again and a 2, 3 or 4 passes the die.
howto-martian-stacking = Stacking
howto-martian-stacking-1 = You move one of your own free pyramids, and any smaller pyramids stacked on it ride along, whatever their colour. It may land on a pyramid exactly one size bigger (standing on it, a tree) or exactly one size smaller (covering it, a nest), never on one of its own size, and no nest may cover a tree. A pyramid inside a nest is trapped until the one covering it leaves. A complete tree of one colour, large, medium and small, is a block: the other colour's pyramids cannot pass it.
howto-martian-stacking-fig =
    .data-alt = Red: a large on B2, a complete tree on B7, a medium and small on P5. Yellow: a nest on S8, a large with a medium on B1, a medium on B4, a small on B5. B2 and B4 are outlined.
howto-martian-stacking-fig-caption = Red rolled a 2: its large on B2 can cover yellow's medium on B4 and trap it. Red's tree on B7 blocks every yellow pyramid behind it.
howto-martian-stacking-fig2 =
    .data-alt = The same board after red's move, yellow to play a 5: red's large covers yellow's medium on B4.
howto-martian-stacking-fig2-caption = Yellow rolled a 5. Moving the east coaster to the West end would carry red's block from B7 back to B1; moving the west coaster East would send yellow's own nest back from S8 to S2.
howto-martian-bearing-off-end = Bearing off and the end
howto-martian-bearing-off-end-1 = You may bear off once none of your pyramids is left on the Source Track; any count that reaches past P9 takes the pyramid off, no exact count needed. The first to bear off all twelve wins at once. The winner scores for each pip of the loser's pyramids still on the board: 1 on the Perfect Track, 2 on the Balance Track, 3 on the Source Track. In a “best of” series the most games won takes the match; in a “first to” series, the first to reach the points target.
howto-martian-bearing-off-end-fig =
    .data-alt = Red: a tree on P2, a medium on P5, a small on P8. Yellow: a nest on B3 and a large on B7. P5 and the off square are outlined.
howto-martian-bearing-off-end-fig-caption = Red has left the Source Track, so this 6 bears off the medium on P5. Should red win with yellow's pyramids where they are, they would give red 18 points.
howto-martian-spec = Every detail, with the tests that pin it:
howto-martian-spec-link = the exact rules of Martian Senet
