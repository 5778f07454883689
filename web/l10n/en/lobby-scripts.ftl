## The words the lobby's scripts write (web/lobby.js, web/tournaments.js, web/tv.js), those of
## web/common.js, which every page's scripts share, and the server's errors by their code
## (web/errors.js). Player, match and variant names are the server's, as it sends them.

## web/common.js

# The header's link to the account page, for screen readers.
ls-account-label = Your account: signed in as { $name }
# A link to copy's button, and what it says once it has copied.
ls-copy = Copy
ls-copied = Copied
# A seat whose player has no name.
ls-seat = seat { $seat }
# A correspondence clock's rule.
ls-clock-days =
    { $days ->
        [one] { $days } day per move
       *[other] { $days } days per move
    }
# A Fischer clock's rule whose base is not whole minutes: seconds + seconds a move.
ls-clock-secs = { $secs }s+{ $inc }

## The lobby (web/lobby.js)

# The name of a match against the computer, as its player starts it: $level is the
# computer's, in words (easy, medium, hard).
ls-bot-match-name = Against the computer ({ $level })
ls-bot-failed = Cannot start the game: { $error }
ls-quick-failed = Cannot look for an opponent: { $error }
ls-quick-looking = Looking for an opponent… ({ NUMBER($secs, useGrouping: 0) } s)
ls-no-game = No game: { $error }
# A guest asks for a rated match or seek: $link is a link to the account page, whose words
# are ls-sign-in-or-create.
ls-rated-match-accounts = A rated match is between accounts: { $link } first.
ls-rated-game-accounts = A rated game is between accounts: { $link } first.
ls-sign-in-or-create = sign in or create one
ls-create-failed = Cannot create the match: { $error }
ls-created = Match created
ls-created-invites = Send each invite to one player (each works once). Your own seat is kept in this browser.
ls-invite-for = Invite for seat { $seat }
ls-spectator-link = Spectator link
ls-go-to-board = Go to the board

# The live games' list. A line: the match's name — its variant · rated · its clock · against
# the computer · its players (ls-versus between them) · its state · its spectators.
ls-live-none = No public game right now.
ls-seat-open = seat { $seat } (open)
ls-versus = vs
ls-rated = rated
ls-casual = casual
ls-against-computer = against the computer
ls-live-status =
    { $status ->
        [joining] joining
        [live] live
        [finished] finished
        [expired] expired
       *[other] { $status }
    }
ls-live-status-game = { $status }, game { $game }
ls-watching = { NUMBER($count, useGrouping: 0) } watching
ls-your-seat = Your seat
ls-join = Join
ls-watch = Watch
ls-scoreboard = Scoreboard
ls-join-full = Too late: every seat of { $match } is taken.
ls-join-failed = Cannot join { $match }: { $error }

# The seeks' list. A line: the poster's name (rating) — the seek's terms, joined by " · ".
ls-seats-taken = { $filled } of { $seats } seats taken
ls-best-of = best of { $target }
ls-first-to = first to { $target }
ls-no-clock = no clock
ls-opponents-rated = opponents rated { NUMBER($min, useGrouping: 0) }–{ NUMBER($max, useGrouping: 0) }
ls-anonymous = Anonymous
ls-seek-line = { $name } ({ NUMBER($rating, useGrouping: 0) }) — { $terms }
ls-your-seek = your seek
ls-post-failed = Cannot post the seek: { $error }
ls-waiting-seats = Waiting for the other seats…
ls-seek-gone = Too late: that seek is gone.
ls-join-seek-failed = Cannot join: { $error }
ls-seek-left = The seek is gone: its poster left.

# The leaderboard: by series won, or by rating.
ls-lb-none = No games by registered players yet.
ls-lb-player = player
ls-lb-series-won = series won
ls-lb-games-won = games won
ls-lb-points = points
ls-lb-not-here = The leaderboard is not available yet on this server.
ls-lb-unavailable = The leaderboard is not available: { $error }
ls-you-play-as = You play as { $name }.
ls-your-history = Your history
ls-ratings-none = No rated games yet.
ls-lb-rating = rating
ls-lb-rated-games = rated games
# A rating ± twice its deviation.
ls-rating-range = { NUMBER($rating, useGrouping: 0) } ± { NUMBER($deviation, useGrouping: 0) }
ls-ratings-unavailable = The ratings are not available: { $error }

## The lobby's tournaments card (web/tournaments.js); its kinds and states are the tournament
## page's too.

ls-tournaments = Tournaments
ls-t-kind =
    { $kind ->
        [swiss] Swiss
       *[other] Arena
    }
# A countdown of days and more: $clock is the rest, as "3:04:32".
ls-t-days =
    { $days ->
        [one] { $days } day { $clock }
       *[other] { $days } days { $clock }
    }
ls-t-finished = Finished
ls-t-starts-in = Starts in { $left }
ls-t-starting = Starting…
ls-t-round = Round { $round } of { $rounds }
ls-t-running-left = Running: { $left } left
ls-t-ending = Ending: the last games are being finished
ls-t-running = Running
# "Sign in to create or join": $link is a link to the account page, whose words are
# ls-t-sign-in.
ls-t-sign-in-to = { $link } to create or join
ls-t-sign-in = Sign in
ls-t-new = New tournament
ls-t-kind-field = Kind
ls-t-kind-arena = arena: for a set time
ls-t-kind-swiss = Swiss: in rounds
ls-t-name = Name
ls-t-optional = optional
ls-t-variant = Variant
ls-t-clock = Clock
ls-t-minutes = Minutes
ls-t-increment = + seconds a move
ls-t-starts = Starts in (minutes)
ls-t-lasts = Lasts (minutes)
ls-t-rounds = Rounds
ls-t-rated = rated
ls-t-create = Create tournament
ls-t-create-failed = Cannot create the tournament: { $error }
ls-t-players =
    { $count ->
        [one] { $count } player
       *[other] { NUMBER($count, useGrouping: 0) } players
    }
ls-t-none-here = This server holds no tournaments.
ls-t-unavailable = The tournaments are not available: { $error }
ls-t-none = No tournament right now.

## Senet TV (web/tv.js). Its line: the players (ls-versus between them) · the variant · the
## game.

ls-tv-copy = Copy position
    .title = The position's notation, to paste into the analysis board
ls-tv-none = No live game to show right now.
ls-tv-game = game { $game }

## The server's errors (web/errors.js), by their code (docs/protocol.md): what a page in
## another language says for the server's English message. A page in English shows the
## server's message itself, which these words follow (it may say more: how many seconds,
## which seat). A code with no message here (invalid, malformed: what is wrong is the
## server's to say) is said in the server's words in every language.

# $secs: the seconds to wait (the answer's Retry-After), 0 when it did not say.
error-rate_limited =
    { $secs ->
        [0] too many requests; try again later
       *[other] too many requests; try again in { $secs }s
    }
# $status: 503 when the whole server holds as many matches as it may, else this address.
error-too_many_matches =
    { $status ->
        [503] the server has too many open matches; try again later
       *[other] your address has as many matches that are not finished as it may; finish one first
    }
error-too_many_connections = too many connections from your address
error-match_full = every seat of this match is taken
error-name_taken = that name looks the same as a seated player's name: choose another
error-blocked = you cannot sit at a table with a player who blocks you, or whom you block
error-seek_gone = no open seek has this id: it was taken, cancelled or its poster left
error-own_seek = this seek is your own (the same player or address): wait for someone else
error-out_of_range = your rating is outside the seek's range, or the poster's outside yours
error-unknown_variant = no such variant
error-not_found = not found
error-match_unavailable = the match is not available
error-signed_out = you are not signed in
error-challenge_gone = that challenge is not open any more
