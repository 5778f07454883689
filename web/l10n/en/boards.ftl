## The boards' own words (web/boards.js): the names of places, what a screen reader hears of
## squares, pieces, targets and dice; and the words of the win chances (web/winbar.js), the
## clocks (web/clock.js) and the chat's controls (web/chat.js).

boards-board = { $name } board
# A special square's title: the square, its name and its rule.
boards-square-title = { $square }: { $name }. { $rule }
boards-off = off the board
boards-off-mark = off
boards-borne-off = borne off
boards-out = out of the game
boards-west = West
boards-east = East
# `$colour`: red, yellow, blue, green.
boards-colour = { $colour ->
    [red] red
    [yellow] yellow
    [blue] blue
    [green] green
   *[other] { $colour }
}
# A square of parker's lanes: its lane's colour and number ("red 12").
# A side as the engine names it (a frame's `sides`), after "plays".
boards-side = { $side ->
    [black] black
    [white] white
    [red] red
    [yellow] yellow
    [blue] blue
    [green] green
   *[other] { $side }
}
boards-lane-square = { $colour } { $square }
boards-disc = { $colour ->
    [black] black piece
   *[white] white piece
}{ $unmoved ->
    [yes] {" "}(not moved yet)
   *[no] {""}
}
boards-pyramid = { $colour ->
    [black] black
   *[white] white
} { $size ->
    [large] large
    [medium] medium
   *[small] small
} pyramid
boards-numbered = { boards-colour } piece { $dots }
boards-peg = { $colour ->
    [red] red
   *[yellow] yellow
} { $kind ->
    [pharaoh] Pharaoh
   *[man] man
}{ $arrived ->
    [yes] {" "}(just arrived)
   *[no] {""}
}
boards-stack-part = { $colour ->
    [red] red
   *[yellow] yellow
} { $size ->
    [large] large
    [medium] medium
   *[small] small
}
boards-stack = stack { $stack } (bottom to top: { $parts })
boards-comma = {", "}
# A piece and whose it is ("white piece (Bo's)").
boards-owned = { $piece } ({ $whose })
# The pieces on a square, where they stand (`$at`: square, off, place, nowhere), and whether
# they can move.
boards-piece-label = { $pieces }{ $at ->
    [square] {" "}on square { $place }
    [off] {" "}{ $place }
    [place] {" "}on { $place }
   *[nowhere] {""}
}{ $movable ->
    [yes] {" "}— can move
   *[no] {""}
}
boards-target = move to { $place }: { $moves }
boards-target-move = { $move } ({ $count ->
    [one] die
   *[other] dice
} { $dice })
boards-or = {" or "}
boards-sticks = { $sticks } sticks, { $plain ->
    [one] { $plain } plain side
   *[other] { $plain } plain sides
} up
boards-die = die: { $face }
boards-dice = dice: { $faces }

## Win chances (web/winbar.js).

winbar-pct = { $pct } %
winbar-seat = Seat { $seat }
winbar-comma = {", "}
winbar-label = Win chances: { $list }
winbar-label-seat = { $who } { $pct }
winbar-not-known = Win chances: not known yet
winbar-wait = Win chances…
winbar-chart = Win chances through game { $game }
winbar-chart-label = Win chances through game { $game }: { $list }
winbar-chart-seat = { $who } from { $from } to { $to }
winbar-loading = Loading…
winbar-failed = The chances could not be loaded ({ $message }).

## The clocks (web/clock.js).

clock-days = { $days }d { $hours }h
clock-left = { $running ->
    [yes] running, { $time } left
   *[no] { $time } left
}

## The chat's controls (web/chat.js): not what people write. `$as`: watching (a
## spectator), me (this page's seat) or player.

chat-sender = { $as ->
    [watching] { $who } (watching)
    [me] You
   *[player] { $who }
}
chat-who = { chat-sender }:
chat-peek = { chat-sender }: { $text }
chat-peek-label = Chat{ $count ->
    [0] {""}
   *[other] , { $count } new
}: { chat-sender } said { $text }. Go to the chat.
chat-unread = { $count } new
chat-none = No messages yet.
chat-none-spectators = No messages yet. Players do not see this chat unless they choose to.
chat-spectators = Spectators' chat
chat-show-spectators = Show spectators' chat
chat-mute = Mute { $who }
chat-unmute = Unmute { $who }
chat-not-connected = Not connected: the message was not sent.
chat-name-to-post-spectators = Choose a name to post in the spectators' chat.
chat-error-rate-limited = Too many messages: wait a moment before the next.
chat-error-chat-too-long = That message is too long (at most 300 characters).
chat-error-chat-empty = There is nothing to send.
chat-error-name-required = Choose a name to post.
chat-error-not-a-player = Only players can do that.
chat-error-store-unavailable = The message could not be saved; try again.
