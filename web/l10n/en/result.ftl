## The result panel of a board's page (web/result.js). `$me`: yes when the seat (`$who`) is
## this page's.

result-head-over = Game { $game } is over
result-head-draw = A draw
result-head-you-won = You won!
result-head-you-lost = You lost
result-head-won = { $who } won
result-col-player = player
result-col-this-game = this game
result-col-games-won = games won
result-col-points = points
result-cell-won = won, +{ $points ->
    [one] { $points } point
   *[other] { $points } points
}
result-cell-lost = lost
result-cell-draw = draw
result-points = Points for this game: { $points }.
result-points-won-by = Points for this game: { $points } (won by { $reason }).
result-won-by-completed = playing it out
result-won-by-resigned = resignation
result-won-by-no-move = no move
result-won-by-move-limit = the move limit
result-won-by-timeout = time
result-how-counted = How points are counted
result-at-the-end = At the end: { $notes }.
result-comma = {", "}

## The series, the ratings.

result-best-of = best of { $target }
result-first-to = first to { $target } points
result-series-won = Series ({ $rule }): { $me ->
    [yes] You
   *[other] { $who }
} won the match.
result-series-no-one = Series ({ $rule }): no one won the match.
result-series-leads = Series ({ $rule }): { $me ->
    [yes] You lead
   *[other] { $who } leads
}.
result-series-level = Series ({ $rule }): level.
result-ratings = Ratings: { $list }.
result-rating = { $who }{ $me ->
    [yes] {" "}(you)
   *[other] {""}
} { $before } → { $after } ({ $change })
result-unrated = This game was not rated.
result-unrated-not-played = This game was not rated: it ended before every player had moved.
result-unrated-pair-limit = This game was not rated: these players have had their rated games together for today.
result-unrated-same-player = This game was not rated: one player held two seats.

## The ways on.

result-asked-next = Asked for the next game…
result-next-game = Next game ({ $game })
result-same-again = New match, same settings
result-replay = Replay and verify game { $game }
result-next = The next game starts when every player asks for it, or by itself after a while.
result-next-asked = The next game starts when every player asks for it (asked: { $asked }), or by itself after a while.
result-cannot-create = Cannot create the match: { $message }

## How the points add up (the server's breakdown). A line's pieces are this page's seat's
## (`$me` yes), the loser's where the loser is not one seat (`$me` loser), else `$who`'s.

result-nothing-counted = Nothing counted for points: { $total }.
result-add-up = How the { $total ->
    [one] { $total } point adds
   *[other] { $total } points add
} up: { $lines }{ $end }.
result-line-times = { $what } × { $each } = { $subtotal }
result-line-total = { $what }: { $subtotal }
result-all-saved = {"; "}every piece saved, so { $sum } × { $multiplier } = { $total }
result-in-all = {"; "}{ $total } in all
result-of = { $me ->
    [yes] your
    [loser] the loser's
   *[other] { $who }'s
}
result-line-source-track-pips = { $count ->
    [one] { $count } pip
   *[other] { $count } pips
} of { result-of } pyramids on the Source Track
result-line-balance-track-pips = { $count ->
    [one] { $count } pip
   *[other] { $count } pips
} of { result-of } pyramids on the Balance Track
result-line-perfect-track-pips = { $count ->
    [one] { $count } pip
   *[other] { $count } pips
} of { result-of } pyramids on the Perfect Track
result-line-pharaoh-saved = the Pharaoh saved
result-line-men-saved = { $count ->
    [one] { $count } man
   *[other] { $count } men
} saved
result-line-first-row-pieces = { $count } of { result-of } pieces left on the first row
result-line-middle-row-pieces = { $count } of { result-of } pieces left on the middle row
result-line-last-row-pieces = { $count } of { result-of } pieces left on the last row
result-line-large-borne-off = { $count ->
    [one] { $count } large pyramid
   *[other] { $count } large pyramids
} borne off
result-line-medium-borne-off = { $count ->
    [one] { $count } medium pyramid
   *[other] { $count } medium pyramids
} borne off
result-line-small-borne-off = { $count ->
    [one] { $count } small pyramid
   *[other] { $count } small pyramids
} borne off
result-line-large-on-board = { $count ->
    [one] { $count } large pyramid
   *[other] { $count } large pyramids
} still on the board
result-line-medium-on-board = { $count ->
    [one] { $count } medium pyramid
   *[other] { $count } medium pyramids
} still on the board
result-line-small-on-board = { $count ->
    [one] { $count } small pyramid
   *[other] { $count } small pyramids
} still on the board
result-line-piece-up = piece { $each } up
