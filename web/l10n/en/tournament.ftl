## A tournament's page (web/tournament.html, web/tournament.js). Its kinds and states are
## the lobby's tournaments card's (lobby-scripts.ftl, ls-t-*).

tp-doc = Senet — tournament
tp-doc-named = Senet — { $name }
tp-missing-doc = Senet — No such tournament
tp-missing-title = No such tournament
tp-missing-detail = There is no tournament at this address: the link may be mistyped or cut short.
tp-podium = Podium
tp-loading = Loading…
tp-join = Join
tp-join-again = Join again
tp-leave = Leave
tp-standings = Standings
tp-nobody = Nobody has joined yet.
tp-games = Games
tp-no-game = No game yet.

# The header: the tournament's kind.
tp-title =
    { $kind ->
        [swiss] Swiss tournament
       *[other] Arena tournament
    }
# A place: $n the number, $form its ordinal plural form in this language (one, two, few,
# other in English: 1st, 2nd, 3rd, 4th).
tp-ordinal =
    { $form ->
        [one] { $n }st
        [two] { $n }nd
        [few] { $n }rd
       *[other] { $n }th
    }
# The terms' line: the kind · the variant, then these, each after " · ".
tp-term-clock = clock { $clock }
tp-term-rounds =
    { $count ->
        [one] { $count } round
       *[other] { $count } rounds
    }
tp-term-minutes =
    { $count ->
        [one] { $count } minute
       *[other] { $count } minutes
    }
tp-term-players =
    { $count ->
        [one] { $count } player
       *[other] { $count } players
    }
tp-term-made-by = made by { $name }
# Said to a screen reader: $secs is 60 or 10.
tp-news-starts-in =
    { $secs ->
        [60] The tournament starts in one minute.
       *[other] The tournament starts in ten seconds.
    }
tp-news-left =
    { $secs ->
        [60] one minute left in the arena.
       *[other] ten seconds left in the arena.
    }
tp-col-rank = Rank
tp-col-player = Player
tp-col-rating = Rating
tp-col-performance = Performance
tp-col-performance-short = Perf.
tp-col-points = Points
tp-col-points-short = Pts
tp-col-games = Games
tp-col-rounds = Rounds
tp-col-sheet = Sheet
tp-you = { " " }(you)
tp-on-fire = { " " }on fire
tp-on-fire-title = on fire: the next win counts double
tp-withdrawn = { " " }(withdrawn)
tp-left = { " " }(left)
tp-sheet-round = round { $n }
tp-sheet-game = game { $n }
tp-game-round = Round { $round } ·{ " " }
tp-in-play = in play
tp-void = void (does not count)
# "Sign in to join": $link is a link whose words are tp-sign-in.
tp-sign-in = Sign in
tp-sign-in-join = { $link } to join.
tp-sign-in-next = { $link } to play in the next one.
# $place: an ordinal (tp-ordinal); $points: the score ("1½"); $count: the same as a number.
tp-you-finished =
    { $count ->
        [one] You finished { $place } with { $points } point.
       *[other] You finished { $place } with { $points } points.
    }
tp-you-withdrew = You have withdrawn: you are paired no more.
tp-you-left = You left: you are paired no more.
tp-game-ready = Your game is ready: opening its board…
# $link: a link whose words are tp-go-to-board.
tp-game-playing = Your game is being played: { $link }.
tp-go-to-board = go to its board
tp-you-are-in = You are in: your first game starts with the tournament.
tp-bye = You have the bye this round. Waiting for your next opponent…
tp-waiting = Waiting for your next opponent…
tp-news-started = The tournament has started.
tp-news-over = The tournament is over.
# $podium: the places (tp-podium-place), joined by tp-list-sep.
tp-news-over-podium = The tournament is over. { $podium }.
tp-podium-place = { $place } { $name }
tp-list-sep = ,{ " " }
tp-news-round = Round { $round } of { $rounds } has started.
tp-news-you-are = Standings: you are { $place } with { $points }.
tp-news-leads = Standings: { $name } leads with { $points }.
tp-news-joined = You have joined the tournament.
tp-news-you-left = You have left the tournament.
# $link: a link whose words are tp-sign-in-lower.
tp-signed-out = You are signed out: { $link } first.
tp-sign-in-lower = sign in
