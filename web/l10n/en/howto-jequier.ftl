## The how-to page /howto/jequier: all its words, in page order (web/howto/jequier.html holds
## none of its own, only where each goes).

howto-jequier-doc = How to play Jéquier's Senet (1930) — Senet
howto-jequier-description =
    .content = How to play Jéquier's Senet: five pieces each, four throwing sticks, send-backs, protected pairs, blockades and the water square.
howto-jequier-title = How to play Jéquier's Senet (1930)
howto-jequier-lede = A race along the 30 squares of the ancient board, as the Egyptologist Gustave Jéquier reconstructed it.
howto-jequier-lede-rules = The exact rules cover every case.
howto-jequier-goal = The goal
howto-jequier-goal-1 = Be the first to take your five pieces off the board. The track runs in an S: 1–10 along the top row, 11–20 back along the middle row, 21–30 along the bottom row, then off.
howto-jequier-pieces = The pieces
howto-jequier-pieces-1 = Each player has five pieces, white or black, alternating on the first row: white on the odd squares, black on the even ones. The players throw in turn until someone throws a 1: that player plays black, moves the piece on 10 one square, and throws again.
howto-jequier-pieces-fig =
    .data-alt = The starting row: white pieces on squares 1, 3, 5, 7 and 9, black pieces on 2, 4, 6, 8 and 10. Squares 10 and 11 are outlined.
howto-jequier-pieces-fig-caption = The start: the first 1 moves black's front piece from 10 to 11 (outlined).
howto-jequier-throwing-sticks = Throwing the sticks
howto-jequier-throwing-sticks-1 = Four sticks, red on one side and plain on the other. Count the plain sides up: 1 to 4, and none at all counts 6. A 2 is the most common (6 times in 16), a 1 or a 3 come 4 times in 16, a 4 or a 6 once. After playing a 1, 4 or 6 you throw again; after a 2 or 3 the other player throws.
howto-jequier-moving = Moving
howto-jequier-moving-1 = Each throw moves one piece forward by the whole number; you may not land on your own piece. A piece on its starting square waits until the piece that started just in front of it has moved. If no piece can move forward, one must move backward onto an empty square. If nothing can move, your turn ends, even after a 1, 4 or 6.
howto-jequier-sending-back-protection = Sending back, protection and blockades
howto-jequier-sending-back-protection-1 = Land on a lone opposing piece and it goes back to the lowest-numbered empty square. Pieces of one colour side by side along the track protect each other, and the marked squares 15, 26, 28 and 29 are safe. Three opposing pieces in a row are a blockade that nothing may pass.
howto-jequier-sending-back-protection-fig =
    .data-alt = White pieces on 4, 9, 11, 15 and 22; black pieces on 14, 17, 18, 24 and 28. Squares 11 and 14 are outlined.
howto-jequier-sending-back-protection-fig-caption = White threw a 3: the piece on 11 may send the lone black piece on 14 back to square 1, but 15 may not land on 18, where black's pair protect each other.
howto-jequier-sending-back-protection-2 = Square 27 is the water: a piece that lands there goes straight back to the lowest empty square.
howto-jequier-sending-back-protection-fig2 =
    .data-alt = White pieces on 12, 17, 18, 23 and 25; black pieces on 19, 20, 21, 29 and 30. Squares 23 and 1 are outlined.
howto-jequier-sending-back-protection-fig2-caption = White threw a 4: black's blockade on 19–21 stops the pieces on 17 and 18, and 29 is safe. The piece on 23 may move, but the water on 27 sends it back to square 1 (outlined).
howto-jequier-bearing-off-end = Bearing off and the end
howto-jequier-bearing-off-end-1 = Once all your pieces on the board are in the last row, any throw that carries one past 30 takes it off; no exact throw is needed. Bearing off the fifth piece wins.
howto-jequier-bearing-off-end-fig =
    .data-alt = White pieces on 21, 23, 25, 28 and 30; black pieces on 13, 16, 17, 19 and 22. Square 28 and the off square are outlined.
howto-jequier-bearing-off-end-fig-caption = All of white's pieces are in the last row: with this 3 the piece on 28 (or on 30) leaves the board.
howto-jequier-scoring-series = Scoring a series
howto-jequier-scoring-series-1 = The winner scores for each opposing piece left on the board: 1 in the last row, 2 in the middle row, 3 in the first row. In a “best of” series the most games won takes the match (points break a tie); in a “first to” series, the first to reach the points target.
howto-jequier-spec = Every detail, with the tests that pin it:
howto-jequier-spec-link = the exact rules of Jéquier's Senet
