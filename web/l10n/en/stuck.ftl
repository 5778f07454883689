## Why a piece cannot move (a frame's `stuck`: its `reason`, formatted by match.js with the
## match's `$variant`). English is the engine's own sentence of each variant (`Variant::explain`;
## a crate test keeps them equal): a variant not named says the words of its kind of piece.

stuck-must-wait = { $variant ->
    [bell] A piece on X, III, II or I leaves only by bearing off with that number (4, 3, 2, 1).
    [jequier] That piece must wait until the piece in front of it has moved.
    [parker] That man must wait: he reaches square 20 only by an exact count, and leaves it only with a one of a later throw.
    [pyramid] That pyramid must wait on its numbered square until a die shows that square's number.
    [martian] That pyramid must wait.
   *[other] That piece must wait.
}
stuck-must-bear-off-first = { $variant ->
    [pyramid] A pyramid on a numbered square that a die of this throw bears off must go first.
   *[other] You must bear off first.
}
stuck-must-move-forced-piece = { $variant ->
    [bell] A piece on a marked square can move, so it must move first.
    [kendall] Another piece must move: the front piece on the opening 1, your piece in the water, or your piece back from the water until it moves on.
    [modern] A piece of yours on squares 28 to 30 must move this turn, and this move would keep it from moving.
    [pyramid] The pyramid on the Ankh (26) must move first.
    [martian] Another pyramid must move first.
    [parker] Another peg must move first.
   *[other] Another piece must move first.
}
stuck-must-use-all-dice = { $variant ->
    [martian] Moving that pyramid would leave a die unused: both dice must be played when they can be.
    [pyramid] Moving that pyramid would leave a die unused: both dice must be played when they can be.
    [parker] Moving that peg would leave a die unused: both dice must be played when they can be.
   *[other] Moving that piece would leave a die unused: both dice must be played when they can be.
}
stuck-blocked = { $variant ->
    [jequier] That piece is blocked by three opposing pieces in a row.
    [kendall] The water already holds a piece.
    [martian] That pyramid is blocked by a complete tree of the other colour in its way.
    [parker] That man is blocked by one of your own pegs in his way.
    [pyramid] That pyramid is blocked by three opposing pyramids in a row.
   *[other] That piece is blocked.
}
stuck-protected = { $variant ->
    [bell] That piece would land on an opposing piece on a marked square, which is safe.
    [jequier] That piece would land on a protected piece: two of a colour side by side, or one on a safe square (15, 26, 28, 29).
    [kendall] That piece has one of its colour beside it: they protect each other.
    [modern] That piece would land on a protected piece: pieces on squares 28 to 30 are safe from pieces outside the last five squares.
    [pyramid] That pyramid would land on a protected pyramid: one next to another of its colour, or one on a marked square (26 to 30).
    [martian] That pyramid would land on a protected pyramid.
    [parker] That peg would land on a protected peg.
   *[other] That piece would land on a protected piece.
}
stuck-occupied-by-own = { $variant ->
    [martian] That pyramid would land on one of your own.
    [pyramid] That pyramid would land on one of your own.
    [parker] That peg would land on one of your own.
   *[other] That piece would land on one of your own.
}
stuck-illegal-stack = { $variant ->
    [martian] That pyramid cannot stack where it would land: only on a pyramid one size larger or smaller, and never nesting over a tree.
    [pyramid] That pyramid cannot be stacked where it would land.
    [parker] That peg cannot be stacked where it would land.
   *[other] That piece cannot be stacked where it would land.
}
stuck-cannot-bear-off = { $variant ->
    [jequier] You may bear off only once all your pieces are in the last row.
    [kendall] You may bear off only once none of your pieces is on the first row.
    [martian] A pyramid bears off only once none of yours is on the Source Track, and never carrying the other colour.
    [pyramid] Only a pyramid on a numbered square (27 to 30) bears off, with that square's number.
    [parker] That peg may not bear off yet.
   *[other] That piece may not bear off yet.
}
stuck-off-path = { $variant ->
    [kendall] A piece must stop exactly on square 26 before going on, and leaves 28 to 30 only by bearing off.
    [martian] That pyramid would leave the board.
    [pyramid] That pyramid would leave the board.
    [parker] That peg would leave the board.
   *[other] That piece would leave the board.
}
stuck-trapped = { $variant ->
    [martian] That pyramid is held inside a larger one: the larger one moves first.
    [pyramid] That pyramid is held inside another: the one around it moves first.
    [parker] That peg is held inside another: the one around it moves first.
   *[other] That piece is held inside another: the one around it moves first.
}
stuck-no-backward = { $variant ->
    [bell] Pieces only move forward.
    [jequier] A piece moves backward only when none of yours can move forward.
    [kendall] A piece moves backward only when none of yours can move forward, and never from 27 to 30.
    [parker] That peg may not move backward: only the Pharaoh does, and only within the Senet Row.
    [pyramid] Pyramids never move backward.
    [martian] That pyramid may not move backward now.
   *[other] That piece may not move backward now.
}
stuck-no-such-die = { $variant ->
    [bell] The die does not move that piece that far; bearing off takes the exact number.
    [jequier] The sticks do not move that piece that far.
    [kendall] The sticks do not move that piece so: 26 bears off with a 5, the water with a 4, 28 with a 3, 29 with a 2.
    [martian] This throw moves a coaster, not a pyramid: choose a coaster move.
    [pyramid] This throw does not move that pyramid.
    [parker] This throw does not move that peg.
   *[other] This throw does not move that piece.
}
stuck-not-legal = { $variant ->
    [modern] That piece has moved with the first die: the second die moves another piece.
    [martian] That pyramid has no legal move with this throw.
    [pyramid] That pyramid has no legal move with this throw.
    [parker] That peg has no legal move with this throw.
   *[other] That piece has no legal move with this throw.
}
