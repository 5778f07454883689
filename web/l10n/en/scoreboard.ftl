## A match's scoreboard (web/scoreboard.html, web/scoreboard.js).

sb-doc = Senet — scoreboard
sb-series = Series
sb-games = Games
# The header: the match's name.
sb-title = Scoreboard — { $name }
# The series' heading: the variant's name, then its terms.
sb-heading =
    { $kind ->
        [best_of] { $variant }: best of { $target }
       *[other] { $variant }: first to { $target }
    }
sb-cannot-load = Cannot load the match: { $error }
sb-won = { $name } won the series.
sb-leads = { $name } leads.
sb-ended-level = The series ended level.
sb-level = Level so far.
# $status: the match's state; $result: one of the four sentences above.
sb-status =
    Status: { $status ->
        [joining] joining
        [live] live
        [finished] finished
        [expired] expired
       *[other] { $status }
    }. { $result }
sb-col-seat = seat
sb-col-player = player
sb-col-points = points
sb-col-games-won = games won
sb-col-game = game
sb-col-winner = winner
sb-col-how = how
# After the series' winner's name.
sb-winner-mark = { " " }★ winner
# How a game ended, by its reason.
sb-how =
    { $reason ->
        [completed] completed
        [resigned] resigned
        [no_move] no legal move
        [move_limit] move limit
        [timeout] on time
        [in_play] in play
       *[other] { $reason }
    }
sb-replay = replay & verify
sb-back = Back to the match
