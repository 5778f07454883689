## The how-to page /howto/parker: all its words, in page order (web/howto/parker.html holds
## none of its own, only where each goes).

howto-parker-doc = How to play Parker Brothers Senet (1946) — Senet
howto-parker-description =
    .content = How to play Parker Brothers SENET: a Pharaoh and four men each, two dice, captures in the Senet Row, and the wait for a one.
howto-parker-title = How to play Parker Brothers Senet (1946)
howto-parker-lede = The Parker Brothers board game of 1946: not a race but a hunt.
howto-parker-lede-rules = The exact rules cover every case.
howto-parker-goal = The goal
howto-parker-goal-1 = Capture all of your opponent's pegs. Each player has five: a Pharaoh and four men.
howto-parker-board-paths = The board and the paths
howto-parker-board-paths-1 = The board has three rows of ten spaces. The outer rows are each player's own Safety Row, where no peg can be captured; the middle row is the shared Senet Row. Your path is a loop of 20 spaces: from your Pharaoh's corner (1) along your Safety Row to 10, up into the Senet Row, along it (11–20) against your opponent's direction, and down to your corner again. Pegs may go round many times. In the Senet Row each space has one hole per player, so the two players' pegs never block each other.
howto-parker-board-paths-fig =
    .data-alt = The start: red's Pharaoh and men on its spaces 1 to 5 at the bottom left, yellow's on its spaces 1 to 5 at the top right. Red's space 5 and red's Senet Row space 11 are outlined.
howto-parker-board-paths-fig-caption = The start: each Pharaoh (the larger peg) in its corner, the men beside it. Red threw 4 and 2 and may take its front man the total of 6 into the Senet Row.
howto-parker-dice-moving = The dice and moving
howto-parker-dice-moving-1 = Both players roll; the higher total starts. A turn is a roll of two dice: move one peg the total, or one peg per die (the same peg may take both, one after the other). Use both dice if you can; if no peg can move by either die or the total, the turn is lost. Men only move forward and may not pass or land on a peg of their own colour.
howto-parker-captures = Captures
howto-parker-captures-1 = A peg that comes to rest in the Senet Row directly alongside an opposing peg captures it. Passing by captures nothing, and captures happen only in the Senet Row. A capture does not end the turn.
howto-parker-captures-fig =
    .data-alt = Red's Pharaoh on its space 6, red men on 3, 4, 8 and in the Senet Row on red 12; yellow's Pharaoh in its corner, yellow men on 3, 5, 9 and in the Senet Row on yellow 16. Red 12 and red 15 are outlined.
howto-parker-captures-fig-caption = Red threw 3 and 2. The red man in the Senet Row moves 3 and stops alongside the yellow man: captured.
howto-parker-pharaoh = The Pharaoh
howto-parker-pharaoh-1 = The Pharaoh may jump over pegs of its own colour. In the Senet Row it may also move backward (never back into its Safety Row), even forward on one die and backward on the other. A player left with no Pharaoh and a single man gives that man the Pharaoh's powers.
howto-parker-waiting-one = Waiting for a one
howto-parker-waiting-one-1 = A man cannot run from the Senet Row into his Safety Row in one move: he must land exactly on his last space (20), and wait there until a later roll shows a 1 on either die; that 1 takes him down to his corner, if it is free. A waiting man can be captured. The Pharaoh never waits. Players may waive this rule when they create the match.
howto-parker-waiting-one-fig =
    .data-alt = Red's Pharaoh on red 17 and a red man waiting on red 20 in the Senet Row, red men on 4 and 9; yellow's Pharaoh on yellow 18 in the Senet Row, yellow men on 2 and 3. Red 17 and red 13 are outlined.
howto-parker-waiting-one-fig-caption = Red threw 4 and 1. Red's Pharaoh may go back 4 and capture yellow's Pharaoh alongside; the 1 can then bring the man waiting on 20 down to the corner.
howto-parker-end-score = The end and the score
howto-parker-end-score-1 = Capturing the last opposing peg wins at once. The winner scores the pegs it saved: 25 for its Pharaoh, 10 for each man, doubled if all five are saved (130 at most). If 300 turns pass without a capture, the game is a draw worth nothing. In a “best of” series the most games won takes the match; in a “first to” series, the first to reach the points target.
howto-parker-spec = Every detail, with the tests that pin it:
howto-parker-spec-link = the exact rules of Parker Brothers Senet
