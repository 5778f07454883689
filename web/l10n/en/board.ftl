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
