## The notes under a board: what the position holds that the board does not draw (a frame's
## `note_list`, each note by its `kind`, put together by web/notes.js). English is the
## engine's own line, the frame's `notes` (`senet_engine::notes::english`): a crate test
## keeps them equal. $side is the engine's side (white, black, red, yellow, blue, green).

# Between two notes, and between the items of a list, and between the sides of pyramid's
# sizes (whose items are lists themselves).
notes-separator = {" · "}
notes-list-separator = {", "}
notes-group-separator = {"; "}
# A die's face or a throw, in a list.
notes-number = { $number }
# A side and a number of its pieces ("white 4").
notes-side-count = { $side ->
    [black] black
    [white] white
    [red] red
    [yellow] yellow
    [blue] blue
    [green] green
   *[other] { $side }
} { $count }
# A side and the sizes of the pyramids it has borne off ("black large, small"); $sizes is a
# list of notes-size, or notes-none.
notes-side-sizes = { $side ->
    [black] black
   *[white] white
} { $sizes }
notes-size = { $size ->
    [large] large
    [medium] medium
   *[small] small
}
notes-none = none
notes-borne-off = borne off: { $sides }
notes-sizes-borne-off = borne off: { $sides }
notes-captured = captured: { $sides }
# A numbered piece gone up in modern: its colour and its dots ("red 2").
notes-piece = { $side ->
    [red] red
    [yellow] yellow
    [blue] blue
   *[green] green
} { $piece }
notes-pieces-up = pieces up: { $pieces } (the third ends the game)
notes-no-pieces-up = pieces up: none yet (the third ends the game)
notes-waiting-for-one = a man waits for a throw of one to leave the Senet Row
notes-no-waiting-for-one = no waiting for a one
notes-quiet-turns = turns since the last capture: { $turns } (a draw at { $limit })
notes-dice-to-play = dice to play: { $dice }
notes-die = die: { $die }
notes-needs-one = { $side ->
    [black] black
   *[white] white
} needs a 1 to start moving
notes-throws-to-play = throws to play: { $throws }
notes-throws-kept = throws kept: { $throws }
notes-back-from-water = { $side ->
    [black] black
   *[white] white
}'s piece on { $square } came back from the water and must move next
notes-loses-turn = { $side ->
    [black] black
   *[white] white
} loses the next turn
