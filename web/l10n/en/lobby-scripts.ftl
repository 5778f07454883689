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
# A guest's name when they wrote none (the server's own default is this English one).
ls-default-player = Player { $seat }
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
## which seat). Every code the server sends has a message here (a crate test); where only
## the server's words can say what is wrong (invalid, malformed), $detail holds them.

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

# Every other code the server can send (docs/protocol.md; a crate test keeps the list
# whole). $detail: the server's own English words, where only they can say what is wrong.
error-malformed = the request is not one the server reads: { $detail }
error-invalid = not acceptable: { $detail }
error-bad_invite = that invite is not valid for this match
error-invite_used = that invite was used already
error-too_large = what was sent is too large
error-unsupported_media_type = the server takes JSON only
error-method_not_allowed = this address does not take that kind of request
error-origin_not_allowed = requests from another site's page are not allowed
error-busy = the server is busy; try again in a moment
error-too_many_reviews = your address has as many reviews waiting as it may; try again later
error-game_live = the game is not over yet
error-bad_position = the position cannot be read: { $detail }
error-illegal_throw = that throw is not possible here: { $detail }
error-illegal_move = that move is not possible here: { $detail }
error-tournament_over = the tournament is over
error-tournament_started = the tournament's last round has started: it takes no more players
error-wrong_credentials = that name and password, or passkey, sign nobody in
error-username_taken = that name is taken, or looks the same as an account's name: choose another
error-passkey_taken = that passkey is registered already
error-last_way_in = that is this account's only way to sign in: add another first
error-ceremony_expired = the passkey request expired: start again
error-account_closed = a moderator closed this account
error-forbidden = only a moderator may do that
error-passkey_refused = the passkey does not check out: { $detail }
error-silenced = a moderator silenced this account
error-challenge_refused = that player does not take challenges from you
error-too_many_challenges = you have as many challenges waiting for an answer as you may: cancel one first
error-binary_not_supported = the connection takes text messages only
error-too_many_spectators = this match has as many spectators as it takes
error-hello_first = the connection must say hello first
error-hello_timeout = the connection said no hello in time
error-already_hello = the connection has said hello already
error-bad_token = this link or seat is not one of this match's
error-spectator_key_required = this match is private: watching it takes its spectator link
error-spectator = spectators cannot act in the match
error-stale_seq = that request is too old to be answered
error-not_started = the game has not started
error-already_started = the game has started already
error-game_over = the game is over
error-wrong_game = that was for another game of the match
error-game_not_over = the game is not over
error-match_over = the match is over
error-not_idle = that player is not away
error-seeds_closed = the dice seeds are closed: the first throw has been made
error-seed_given = you gave your dice seed already
error-bad_seed = a dice seed is 0 to 64 letters, digits, - or _
error-not_absent = that player is not away
error-too_early = too early: wait a little longer
error-out_of_time = your time ran out
error-clock_decides = this match has a clock: the clock decides when time is up
error-time_left = the player to move still has time
error-bad_setup = the match's setup cannot start a game: { $detail }
error-store_unavailable = the server could not save that: try again in a moment
error-store_inconsistent = the match is held up by a problem on the server
error-unavailable = the server cannot answer right now; try again later
error-internal = something went wrong on the server
error-chat_empty = the message is empty
error-chat_too_long = the message is too long: 300 characters at most
error-name_required = choose a name to chat
error-not_a_player = only a player can do that
error-match_moved = the match moved to another server; reconnecting
error-no_requests = this connection only listens
error-not_your_turn = it is not your turn
error-must_throw_first = throw first
error-no_such_piece = there is no piece of yours there
error-no_such_die = there is no such die to play
error-occupied_by_own = one of your own pieces is there
error-protected = that piece is protected
error-off_path = that goes off the track
error-cannot_bear_off = that piece cannot bear off
error-must_bear_off_first = you must bear off first
error-must_move_forced_piece = another piece must move
error-must_use_all_dice = you must use every die you can
error-must_wait = that piece must wait
error-no_backward = that piece may not move backward
error-illegal_stack = pieces cannot stack that way
error-trapped = that piece is trapped
error-not_legal = that move is not legal

# Why, under a code: the server's `reason` (docs/protocol.md, "Reasons"), said with its
# figures ($min, $max, $seat) in place of the English $detail. An illegal move by the
# engine's reason says stuck.ftl's words of it (or its own error-<reason>).
error-invalid-name_too_long = a name has at most { $max } characters
error-invalid-name_control = a name may not hold control characters or text-direction marks
error-invalid-name_invisible = a name needs at least one visible character
error-invalid-name_like_seat = that chat name looks the same as seat { $seat }'s name: choose another
error-invalid-username_too_short = an account's name has at least { $min } characters
error-invalid-password_too_short = a password has at least { $min } characters
error-invalid-password_too_long = a password has at most { $max } bytes
error-invalid-player_count = this variant is played by { $min } to { $max } players
error-invalid-series_target = a series is { $min } to { $max } games
error-invalid-too_many_bots = at most { $max } computer players: the first seat is yours
error-invalid-bot_level = a computer player is easy, medium or hard
error-invalid-clock_base = a clock's starting time is at most { $max } seconds
error-invalid-clock_increment = a clock adds at most { $max } seconds a move
error-invalid-clock_days = a correspondence clock gives 1 to { $max } days a move
error-invalid-rated_sign_in = a rated game is between accounts: sign in first
error-invalid-rated_public = a rated match is public
error-invalid-range_order = a rating range's lowest rating is at most its highest
error-invalid-two_players = this is for two-player games only
error-invalid-challenge_no_bots = a challenge is for two players, with no computer
error-invalid-challenge_self = you cannot challenge yourself
error-invalid-follow_self = you cannot follow yourself
error-invalid-block_self = you cannot block yourself
error-invalid-report_why = say why, in 1 to { $max } characters
error-invalid-report_match = there is no such match to report
error-invalid-delete_confirm = to delete the account, type its name exactly as it is written
error-invalid-unknown_player_key = this browser's player is not known here (or was claimed by an account): reload the page
error-invalid-tournament_clock = a tournament's games are on a clock with a time per game
error-invalid-arena_terms = an arena lasts 1 to { $max } minutes, and has no rounds
error-invalid-swiss_terms = a Swiss tournament has 1 to { $max } rounds, and no duration
error-invalid-tournament_kind = a tournament is an arena or Swiss
error-bad_position-position_too_long = a position is at most { $max } characters
error-bad_position-position_unreadable = that is not a position in this variant's notation
error-bad_position-position_impossible = that position cannot happen in this variant
error-illegal_throw-no_throw_due = the position waits for no throw
error-illegal_throw-throw_faces = the dice cannot show that throw here
error-illegal_move-no_move_due = the position waits for no move
error-illegal_move-move_unreadable = that is not a move in this variant's notation
error-illegal_move-throw_and_move = a throw or a move, not both
error-passkey_refused-passkey_unverified = the passkey's answer could not be verified: try again
error-bad_setup-setup_players = this variant is played by { $min } to { $max } players
