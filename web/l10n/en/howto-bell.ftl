## The how-to page /howto/bell: all its words, in page order (web/howto/bell.html holds
## none of its own, only where each goes).

howto-bell-doc = How to play Bell's Senet (1960) — Senet
howto-bell-description =
    .content = How to play Senet by R. C. Bell's suggested rules: ten pieces each, one four-sided die, captures, and the five marked squares at the end of the track.
howto-bell-title = How to play Bell's Senet (1960)
howto-bell-lede = A race along the 30 squares of the ancient board, as the games historian R. C. Bell suggested it could be played.
howto-bell-lede-rules = The exact rules cover every case.
howto-bell-goal = The goal
howto-bell-goal-1 = Save more of your ten pieces than your opponent. The track runs in an S: 1–10 along the top row, 11–20 back along the middle row, 21–30 along the bottom row, then off. Pieces you bear off are saved; pieces taken by your opponent are lost.
howto-bell-pieces-first-throw = The pieces and the first throw
howto-bell-pieces-first-throw-1 = Each player has ten pieces, black or white, alternating along the first two rows: black on the odd squares 1 to 19, white on the even squares 2 to 20. Each player throws the four-sided die once; the higher throw plays black and starts (equal throws are thrown again). Black then throws again for the first move.
howto-bell-pieces-first-throw-fig =
    .data-alt = The start: black pieces on the odd squares 1 to 19, white pieces on the even squares 2 to 20. Squares 1 and 4 are outlined.
howto-bell-pieces-first-throw-fig-caption = The start. Black threw a 3: the piece on 1 may take the white piece on 4 (outlined); so may any black piece but the front one, which runs to 22.
howto-bell-moving-taking = Moving and taking
howto-bell-moving-taking-1 = Each throw moves one of your pieces forward by the whole number; pieces never move backward and you may not land on your own piece. If a piece can use the throw you must move one; if none can, the throw is lost. Either way the other player throws next.
howto-bell-moving-taking-2 = Land on an opposing piece and you take it: it leaves the game for good. Two or three pieces side by side do not protect each other and do not block anything.
howto-bell-moving-taking-fig =
    .data-alt = Black pieces on 3, 7, 12, 15, 19 and 21; white pieces on 6, 10, 14, 16, 24 and 26. Squares 21 and 24 are outlined.
howto-bell-moving-taking-fig-caption = Black threw a 3: the piece on 21 may take white's piece on 24 (outlined), as may the pieces on 3 and 7. White's piece on 26 stands on a marked square, where nothing can take it.
howto-bell-marked-squares = The marked squares
howto-bell-marked-squares-1 = The last five squares are marked: the ankh ☥ (26), then X, III, II and I (27 to 30). A piece on a marked square is safe, and you must move it at the first throw that can move it, before any other piece. From the ankh a piece moves on along the track; from X, III, II or I it leaves the board only with that exact number: 4 from X, 3 from III, 2 from II, 1 from I.
howto-bell-marked-squares-fig =
    .data-alt = Black pieces on 10, 18, 23 and 27; white pieces on 2, 9, 13, 20, 25 and 28. Square 27 and the off square are outlined.
howto-bell-marked-squares-fig-caption = Black threw a 4: the piece on X (27) must bear off now, before any other black piece moves.
howto-bell-marked-squares-fig2 =
    .data-alt = Black pieces on 14, 19, 29 and 30; white pieces on 5, 11, 17, 22 and 26. Square 29 and the off square are outlined.
howto-bell-marked-squares-fig2-caption = Black threw a 2: the piece on II (29) bears off; the piece on I (30) waits for a 1.
howto-bell-end = The end
howto-bell-end-1 = The game ends as soon as one side has no piece left on the board, whether its last piece was borne off or taken. Each side then counts its saved pieces: those borne off, and for the side that still has pieces on the board, those too (nothing can take them any more). More saved wins; if both saved as many, the player whose move ended the game wins.
howto-bell-scoring-series = Scoring a series
howto-bell-scoring-series-1 = The winner scores one point for each piece saved, 1 to 10. In a “best of” series the most games won takes the match (points break a tie); in a “first to” series, the first to reach the points target.
howto-bell-spec = Every detail, with the tests that pin it:
howto-bell-spec-link = the exact rules of Bell's Senet
