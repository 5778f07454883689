## The how-to page /howto/modern: all its words, in page order (web/howto/modern.html holds
## none of its own, only where each goes).

howto-modern-doc = How to play Senet-modern — Senet
howto-modern-description =
    .content = How to play Senet-modern: two to four players, numbered pieces, two dice, the sun, the moon and the bird, and marks for pieces that go up.
howto-modern-title = How to play Senet-modern
howto-modern-lede = A modern game on the old board for two to four players, with numbered pieces and two ordinary dice.
howto-modern-lede-rules = The exact rules cover every case.
howto-modern-goal = The goal
howto-modern-goal-1 = Get pieces “up”, off the end of the board, and collect marks: each piece up is worth its number of dots. The game ends as soon as three pieces are up, counting every player's together, and the most marks wins.
howto-modern-pieces-start = The pieces and the start
howto-modern-pieces-start-1 = Each player has five pieces with 1 to 5 dots; each player's pieces have their own colour and shape. They line up from square 1, the sun: first every player's 5, then every player's 4, down to the 1s. The player whose piece stands on the sun starts, and turns go round in seat order. Pieces follow the S-shaped track to square 30.
howto-modern-pieces-start-fig =
    .data-alt = The start for two players: red and yellow pieces alternate on squares 1 to 10, red's 5 on the sun, yellow's 1 on square 10.
howto-modern-pieces-start-fig-caption = The start for two players: red's 5 stands on the sun, so red throws first.
howto-modern-dice-moving = The dice and moving
howto-modern-dice-moving-1 = Throw two dice. Move one piece by their sum, or two different pieces by one die each. Both dice must be used when possible, and you may not land on your own piece. Land on an opponent's piece and it goes back to the sun; whatever piece was already standing on the sun, of any colour, leaves the game for good.
howto-modern-dice-moving-fig =
    .data-alt = Red pieces on 6, 12, 17 and 22; yellow pieces on 1, 9, 14, 20 and 28; red's 1 is already up. Squares 6 and 9 are outlined.
howto-modern-dice-moving-fig-caption = Red threw 3 and 4. Red's 4 can move 3 from 6 to 9 and send yellow's 4 to the sun, where yellow's 5 stands: that 5 leaves the game.
howto-modern-special-squares = The special squares
howto-modern-special-squares-1 = Stop on 26, the moon, and your piece goes back to the sun. Stop on 27, the bird, and it flies back to 15 (an opponent there is sent to the sun). Squares 28, 29 and 30 are safe from pieces coming from outside the last five squares, but a piece standing there at the start of your turn must move during it.
howto-modern-going-up = Going up
howto-modern-going-up-1 = The goal is one step past square 30: from 28 a piece needs exactly 3, from 29 a 2, from 30 a 1 (one die or the sum). A bigger number goes to the goal and walks the extra steps back, and the moon and the bird work on the way back too. When you have only one piece left on the board, you choose to throw one die or two.
howto-modern-going-up-fig =
    .data-alt = The same board with yellow to play: yellow's 1 stands on square 28. Square 28 and the off square are outlined.
howto-modern-going-up-fig-caption = Yellow threw 3 and 4, and its piece on 28 must move. The 3 takes it up exactly; the 4 would bounce back to 30, and the sum of 7 would bounce back onto the bird and fly to 15.
howto-modern-end-score = The end and the score
howto-modern-end-score-1 = There is no passing: a player who cannot move at all loses at once. Otherwise the third piece up ends the game; the most marks wins, then the most pieces up, then whoever got a piece up first. The winner scores its marks in the series: in a “best of” series the most games won takes the match, in a “first to” series the first to reach the points target.
howto-modern-spec = Every detail, with the tests that pin it:
howto-modern-spec-link = the exact rules of Senet-modern
