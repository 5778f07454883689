## The board's page (/m/{id}): its own words and the words match.js writes around the board.

board-doc = Senet match
board-connecting = connecting…
board-sound = 🔊 Sound
board-confirm-moves = Confirm moves
board-keys-open = ⌨ Keys
board-keys-title = Keys
board-keys-close = Close
board-story =
    .aria-label = what happened
board-choices =
    .aria-label = legal moves
board-type-move = Type a move
board-move-go = Play
board-copy-position = Copy position
    .title = The position's notation, to paste into the analysis board
board-analyse-final = Analyse the final position
board-moves-summary = Moves, turn by turn
board-chat =
    .aria-label = Chat
board-chat-list =
    .aria-label = chat messages
board-chat-name = Your name in the chat
board-chat-use-name = Use this name
board-chat-input =
    .aria-label = Chat message
    .placeholder = Say something…
board-chat-send = Send
board-chat-canned =
    .aria-label = quick phrases
board-say-good-luck = Good luck!
    .data-say = Good luck!
board-say-well-played = Well played!
    .data-say = Well played!
board-say-thanks = Thanks!
    .data-say = Thanks!

## Written by match.js.

board-back-tournament = Back to the tournament
board-sound-on = ♪ Sound on
board-sound-off = ♪ Sound off
board-conn-open-seat = playing as seat { $seat }
board-conn-watching = watching
board-conn-reconnecting = connection lost — retrying in { $seconds } s
board-conn-closed = disconnected
board-conn-restarting = server restarting…
board-title = { $name } · game { $game }
board-doc-your-move = ▶ Your move
board-status-seeds = Collecting dice seeds before the first throw…
board-status-throw-you = You throw…
board-status-throw = { $name } throws…
board-status-to-move = { $name } to move.
board-status-game-over = Game { $game } is over.
board-your-move-board = Your move: select a piece, then a highlighted square.
board-your-move-buttons = Your move: { $what } with the buttons below.
board-your-move-both = Your move: select a piece, then a highlighted square, or { $what } with the buttons below.
board-what-dice = throw one die or two
board-what-colour = choose your colour
board-what-coaster = move a coaster
board-what-choose-one = choose one
board-what-choose = choose
board-side = plays { $side }
board-side-undecided = side not decided yet
board-you = (you)
board-online = connected
board-offline = not connected
board-points = pts
# The comma before a player's games won.
board-comma = {", "}
board-won = { $count } won
board-watching = { $count } watching
board-clock = clock
board-resign = Resign
board-resign-really = Really resign?
board-claim-in = { $name } is away: claim in { $seconds } s
board-claim = Claim: { $name } is away
board-error-not-your-turn = It is not your turn.
board-error-not-legal = That move is not allowed now.
board-error-spectator = Spectators cannot play.
board-error-rate-limited = Too many messages — slow down.
board-error-bad-token = This seat token is not valid for this match.
board-error-spectator-key-required = This match is private: you need its spectator link.
board-error-store-unavailable = The move could not be saved; try again.
board-error-not-absent = The other player is still connected.
board-error-too-early = Too early to claim: the other player may come back.
board-typed-pending = Your move is on its way.
board-typed-several = "{ $text }" names { $count } moves: type one of { $moves }.
board-typed-illegal = "{ $text }" is not a legal move now. Legal: { $moves }.

## The keys dialog.

board-key-help = Show or hide this list
board-key-move = Type a move (the focus stays there for your next one)
board-key-board = The board: its first piece that can move
board-key-arrows = On the board: the previous or next piece or target
board-key-enter = On the board: pick up a piece, or play the target it goes to
board-key-escape = Put the piece down; close a question or this list
board-key-log = The moves, turn by turn
board-key-chat = The chat

## Beside the dice of a throw.

board-throw-again = again
board-throw-no-move = no legal move
board-throw-kept = kept: throw again
board-throw-decided = for the start

## Joining a seat, and a match that is not there.

board-join-title = Join this match
board-join-name = Name
board-join-name-placeholder = your name
board-join-go = Take the seat
board-join-invite-used = That invite was used already.
board-join-failed = Cannot join: { $message }
board-join-your-seat = Go to your seat
board-join-summary = { $name } — { $variant }, { $players ->
    [one] { $players } player
   *[other] { $players } players
}.
board-how-to-play = How to play
board-rules = Rules
board-scoreboard = Scoreboard
board-spectator-view = Spectator view
board-private = Private match
board-no-such-match = No such match.
board-no-such-match-why = The link may be mistyped, or the match was never created here.
board-to-lobby = Go to the lobby
board-gone-expired = This match expired: its seats were not all taken in time.
board-gone-over = This match is over.
board-gone-scoreboard = Scoreboard and replays
board-back-lobby = Back to the lobby

## The waiting room.

board-waiting = Waiting for players: { $taken } of { $seats } seats taken
board-waiting-invites = Send each invite to one player (each works once):
board-invite-for = Invite for seat { $seat }
board-waiting-share = Share the invite link the match was created with; the game starts when every seat is taken.
board-spectator-link = Spectator link

## The narrative's sentences of the events story.js does not tell. `$me`: yes when the
## subject (`$who`) is this page's seat.

board-said-game-started = Game { $game } starts.
board-said-resigned = { $me ->
    [yes] You
   *[other] { $who }
} resigned.
board-said-timed-out = { $me ->
    [yes] You
   *[other] { $who }
} ran out of time.
board-said-claimed = { $me ->
    [yes] You
   *[other] { $who }
} claimed the game: { $against } was away.
board-said-abandoned = Nobody moved for { $against } for too long: the game is ruled out against { $me ->
    [yes] you
   *[other] { $against }
}.
board-said-rematch = { $me ->
    [yes] You
   *[other] { $who }
} asked for the next game.
board-said-match-won = The match is over: { $me ->
    [yes] You
   *[other] { $who }
} won the series.
board-said-match-no-one = The match is over: no one won the series.
# Why a game ended, before who won it (`$againstMe`: the absent seat is this page's).
board-out-claimed = { $againstMe ->
    [yes] You were
   *[other] { $against } was
} away and { $me ->
    [yes] You
   *[other] { $who }
} claimed the game.
board-out-abandoned = Nobody moved for { $against } for too long.
board-end-no-move = { $me ->
    [yes] You could not move with { $throw } and are out.
   *[other] { $who } could not move with { $throw } and is out.
}
board-end-move-limit = The move limit was reached.
board-end-won = { $me ->
    [yes] You
   *[other] { $who }
} won game { $game }, taking { $points ->
    [one] { $points } point
   *[other] { $points } points
}.
board-end-draw = Game { $game } ended in a draw.
# After the sentence of this seat's own pass, in the notice.
board-notice-you-threw = (You threw { $throw }.)

## The move list, the moves offered, a move's question.

board-act-throw = ({ $faces })
board-act-throw-no-move = ({ $faces }: no move)
board-act-throw-kept = ({ $faces }, kept)
board-act-passes = passes
board-earlier = Earlier moves:
board-full-record = full record
board-move-coaster = Move { $coaster } ({ $move })
board-moves-of = Moves of the piece on { $place }:
board-choose = Choose:
board-all-moves-label = All legal moves
board-all-moves = All legal moves ({ $count })
board-confirm-ask = Play { $move }?
board-confirm-go = Play
board-confirm-cancel = Cancel
board-move-not-your-turn = not your turn
# A piece's owner, after its name on the board ("white piece (Bo's)").
board-piece-owner = { $me ->
    [yes] yours
   *[other] { $who }'s
}
# A click on another seat's piece: `$owners`, its owners (each `board-owner`).
board-not-yours = That is { $owners } piece: you move your own.
board-owner = { $who }'s
board-owner-and = {" and "}
board-no-move-now = This piece has no legal move now.
# Where a piece borne off goes, in the move list ("28→off").
board-act-off = off
