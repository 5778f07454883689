## The how-to page /howto/pyramid: all its words, in page order (web/howto/pyramid.html holds
## none of its own, only where each goes).

howto-pyramid-doc = How to play Pyramid Senet — Senet
howto-pyramid-description =
    .content = How to play Pyramid Senet: ten pyramids each, two four-sided dice, captures, safe pairs, blockades and the numbered bear-off squares.
howto-pyramid-title = How to play Pyramid Senet
howto-pyramid-lede = Peter Aronson's Senet for Icehouse pyramids: a race in which the pieces are worth points.
howto-pyramid-lede-rules = The exact rules cover every case.
howto-pyramid-goal = The goal
howto-pyramid-goal-1 = Bear off pyramids worth more points than your opponent's. A large pyramid is worth 4, a medium 3, a small 2; a captured pyramid is worth nothing. Pyramids run along the S-shaped track from square 1 to 30: left to right on the top row, back on the middle row, left to right on the bottom row.
howto-pyramid-pieces-start = The pieces and the start
howto-pyramid-pieces-start-1 = Each side has two large, three medium and five small pyramids, black or white. They fill squares 1–20, alternating black and white from square 1, large ones first, then medium, then small. Both players roll the two dice; the higher total chooses to go first as black or second as white (a tie is rolled again).
howto-pyramid-dice-moving = The dice and moving
howto-pyramid-dice-moving-1 = Two four-sided dice. Move two pyramids one die each, or one pyramid twice; a double is just two moves of that number. Both dice must be used if at all possible. On black's very first turn only one die is rolled. Pyramids never move backward and never land on their own colour.
howto-pyramid-dice-moving-fig =
    .data-alt = The start: pyramids fill squares 1 to 20, black on the odd squares and white on the even ones, large first, then medium, then small. Squares 19 and 20 are outlined.
howto-pyramid-dice-moving-fig-caption = The start, and black's one-die first turn. With a 1 any black pyramid may capture the white one ahead of it, here 19 onto 20: no white pyramid has a white neighbour yet.
howto-pyramid-captures-safety-blockades = Captures, safety and blockades
howto-pyramid-captures-safety-blockades-1 = Land on a lone enemy pyramid and it is captured: it leaves the game. A pyramid is safe when a pyramid of its own colour stands next to it along the track, or when it is on one of the five marked squares at the end. Three pyramids of one colour in a row are a blockade: the other colour cannot pass it.
howto-pyramid-captures-safety-blockades-fig =
    .data-alt = Black pyramids on 6, 11, 15 and 16; white pyramids on 9, 13, 14, 17, 18 and 19. Squares 6 and 9 are outlined.
howto-pyramid-captures-safety-blockades-fig-caption = Black rolled 3 and 2. The lone white pyramid on 9 can be captured from 6. White's pair on 13–14 is safe, and the three on 17–19 block black's pyramids on 15 and 16.
howto-pyramid-last-five-squares = The last five squares
howto-pyramid-last-five-squares-1 = Square 26, the Ankh, must be left at the next chance. Squares 27 (X), 28 (III), 29 (II) and 30 (I) are where pyramids leave: a pyramid that lands there waits until a die shows exactly that number (4, 3, 2 or 1), and then it is borne off. Bearing off comes first, then the Ankh, then other moves.
howto-pyramid-last-five-squares-fig =
    .data-alt = Black pyramids on 21, 26 and 28; white pyramids on 24, 25 and 27. Square 28 and the off square are outlined.
howto-pyramid-last-five-squares-fig-caption = Black rolled 3 and 2. The 3 must bear off the small pyramid on III (28); then the 2 must move the medium off the Ankh.
howto-pyramid-end-score = The end and the score
howto-pyramid-end-score-1 = The game ends the moment one side has no pyramid left on the board, borne off or captured. The side that bore off more points wins; on equal points, the player who ended the game. The winner scores its own borne-off points in the series: in a “best of” series the most games won takes the match, in a “first to” series the first to reach the points target.
howto-pyramid-spec = Every detail, with the tests that pin it:
howto-pyramid-spec-link = the exact rules of Pyramid Senet
