## A player's page (web/history.html, web/history.js): their matches, ratings, and what a
## signed-in player can do about them (follow, challenge, block, report).

hi-doc = Senet — player history
hi-player = Player
hi-playing-now = Playing now
hi-manage = This player and you
hi-follow-plain = Follow
hi-challenge = Challenge
hi-block-plain = Block
# The report box's summary: "Report <name> to the moderators", the name between the two.
hi-report-before = Report
hi-report-after = to the moderators
hi-report-what = What happened?
hi-report-send = Send the report
hi-ratings = Ratings
hi-ratings-about = The number after ± is the rating's margin: about 95 % of the time a player's true strength lies within it (twice the Glicko-2 deviation). It is wide for a newcomer and narrows with every rated game.

hi-no-player = No such player (or this server keeps no players).
hi-who =
    { $count ->
        [one] { $name }: { $count } match
       *[other] { $name }: { $count } matches
    }
# $date: the day, as the browser writes dates in this language.
hi-since = Member since { $date }.
hi-col-when = when
hi-col-match = match
hi-col-against = against
hi-col-series = series
hi-col-games-won = games won
hi-col-points = points
hi-col-result = result
# Between the names of a list of opponents.
hi-list-sep = ,{ " " }
hi-series =
    { $kind ->
        [best_of] best of { $target }
       *[other] first to { $target }
    }
hi-games-won = { $won } of { $games }
hi-result =
    { $result ->
        [won] won
        [lost] lost
        [live] live
        [joining] joining
        [finished] finished
        [expired] expired
       *[other] { $result }
    }
hi-watch = Watch { $name }
# After the "Watch …" link: $which is " (<variant>)" or nothing.
hi-playing-against = { $which }, against { $against }
hi-block = Block { $name }
hi-unblock = Unblock { $name }
hi-blocked = { $name } is blocked: you are never paired in quick games.
hi-unblocked = { $name } is no longer blocked.
hi-reported = Thank you: the moderators will read your report.
hi-follow = Follow { $name }
hi-unfollow = Unfollow { $name }
hi-presence =
    { $status ->
        [offline] offline
        [online] online now
        [playing] playing now
       *[other] { $status }
    }
hi-watch-link = watch
hi-followed = You follow { $name }.
hi-unfollowed = You no longer follow { $name }.
hi-challenge-sent = Challenge sent: { $name } sees it now. It waits ten minutes for an answer.
# A rating pool of Senet-modern for 3 or 4 players.
hi-pool-players = { $name }, { $players } players
# After the rating now: its margin (± twice the deviation) and the rated games.
hi-rating-after =
    { $games ->
        [one] { " " }± { $margin } after { $games } rated game
       *[other] { " " }± { $margin } after { $games } rated games
    }
hi-chart-label =
    { $games ->
        [one] { $pool }: rating from 1500 to { NUMBER($to, useGrouping: 0) } over { $games } game
       *[other] { $pool }: rating from 1500 to { NUMBER($to, useGrouping: 0) } over { $games } games
    }
