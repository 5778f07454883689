## The analysis board (web/analysis.html, web/analysis.js). The position's notes are the
## engine's.

an-doc = Senet — analysis board
an-position = Position
an-position-input =
    .placeholder = the position's notation (empty: the start)
an-set-up = Set up
an-choose-throw = Choose a throw
an-every-move = Every legal move, best first
an-undo = Undo
an-copy = Copy the position
an-lobby = Lobby
# An engine player, by number.
an-player = Player { $n }
an-several = Several moves go there: choose one in the list below.
an-over = The game is over.
# $turn: what the position waits for (throw or move); $side: the player's colour (an-side).
an-turn =
    { $turn ->
        [throw] { $who } to throw.
       *[move] { $who } to move.
    }
an-turn-side =
    { $turn ->
        [throw] { $who } ({ $side }) to throw.
       *[move] { $who } ({ $side }) to move.
    }
an-side =
    { $side ->
        [black] black
        [white] white
        [red] red
        [yellow] yellow
        [blue] blue
       *[other] { $side }
    }
an-chance = { $who }: { $chance } %
an-throw-label = throw { $faces }
an-option = { $move }: { $chance } % to win
an-option-best = { $move }: { $chance } % to win (best)
