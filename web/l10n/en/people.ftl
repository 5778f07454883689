## The words of web/people.js, on every page: the challenges' box, the lobby's line of who is
## online and its list of the players one follows, and a tournament's "next game" box. Names
## are the accounts' and the tournaments', as the server sends them.

people-challenges =
    .aria-label = Challenges
# A challenge's terms, joined by people-comma: the variant, rated or casual, the series,
# the clock.
people-rated = rated
people-casual = casual
people-best-of = best of { $target }
people-first-to = first to { $target }
people-clock = clock { $rule }
people-comma = {", "}
people-you-challenged = You challenged { $to }: { $terms }. Waiting for an answer…
people-challenges-you = { $from } challenges you: { $terms }.
people-cancel = Cancel
people-accept = Accept { $from }'s challenge
people-decline = Decline
people-accepted-yours = { $to } accepted your challenge.
people-you-accepted = You accepted { $from }'s challenge.
people-declined-yours = { $to } declined your challenge.
people-you-declined = You declined { $from }'s challenge.
people-you-took-back = You took back your challenge to { $to }.
people-took-back = { $from } took back the challenge.
people-go-to-board = Go to the board
people-close = Close
people-challenge-gone = That challenge is not open any more.

# A tournament paired the account while it is on another board.
people-next-game = Your next game in { $tournament } is ready.
people-going =
    { $secs ->
        [one] Going to the board in { $secs } second…
       *[other] Going to the board in { $secs } seconds…
    }
people-stay = Stay here
people-waiting = Your game is waiting: its clock runs.

# The lobby's line: how many people are online, and how many games are being played.
people-online =
    { NUMBER($online, useGrouping: 0) } online · { $playing ->
        [one] { $playing } game being played
       *[other] { NUMBER($playing, useGrouping: 0) } games being played
    }
# A followed player's state, and the link to watch their game.
people-status =
    { $status ->
        [offline] offline
        [online] online
        [playing] playing
       *[other] { $status }
    }
people-watch = watch
