//! What a ruleset says about itself beyond its moves: [`Ruleset`], implemented in each
//! ruleset's module, and the [`SpecialSquare`]s it lists.
//!
//! Every fact that differs between variants — the id, the name, the number of players, the
//! throw, the board, the words a client shows — is an item of [`Ruleset`], so it lives in
//! the module of its ruleset. [`Variant`](crate::Variant)'s methods and
//! [`VariantInfo`](crate::VariantInfo) read them through the one list of rulesets in the
//! crate root (`games!`): a ruleset that leaves one out does not compile.
//!
//! ```
//! use senet_engine::{Ruleset, SquareKind, Variant};
//! use senet_engine::jequier::Jequier;
//!
//! assert_eq!(Jequier::ID, Variant::Jequier.id());
//! let water = Variant::Jequier
//!     .special_squares()
//!     .iter()
//!     .find(|s| s.kind == SquareKind::Trap)
//!     .map(|s| s.place.to_string());
//! assert_eq!(water.as_deref(), Some("s27"));
//! ```

use serde::{Deserialize, Serialize};

use crate::dice::ThrowSpec;
use crate::geometry::Layout;
use crate::place::Place;
use crate::stuck::{PieceNoun, generic_words};
use crate::{IllegalMove, Player};

/// A ruleset: its rules ([`Layout`], and through it [`crate::Rules`]) and everything the
/// engine says about it to a server, an API document or a client.
///
/// Implemented by each ruleset's game type in its own module. No item has a default except
/// [`Ruleset::explain`], which only combines two others, so a new ruleset that forgets one
/// does not compile.
pub trait Ruleset: Layout {
    /// The stable id ([`crate::Variant::id`]): the module's name, in lowercase.
    const ID: &'static str;

    /// The display name ([`crate::Variant::name`]).
    const NAME: &'static str;

    /// Fewest and most players ([`crate::Variant::player_range`]).
    const PLAYER_RANGE: (u8, u8);

    /// The [`crate::Setup`] fields, other than `players`, that the ruleset uses
    /// ([`crate::Variant::options`]).
    const OPTIONS: &'static [&'static str];

    /// The throw of an ordinary turn ([`crate::Variant::throw_spec`]).
    const THROW: ThrowSpec;

    /// The board ([`crate::Variant::board`]).
    const BOARD: BoardKind;

    /// How [`crate::Rules::to_notation`] writes a position
    /// ([`crate::Variant::position_notation`]): a client draws the pieces with the reader of
    /// this family, so a ruleset that writes an existing family needs no new reader.
    const POSITION_NOTATION: PositionNotation;

    /// The forms of the move notation, in one line ([`crate::Variant::move_notation`]).
    const MOVE_NOTATION: &'static str;

    /// A paragraph for a newcomer: the pieces, the throw, how they move and how the game is
    /// won ([`crate::Variant::summary`]).
    const SUMMARY: &'static str;

    /// What the rules call a piece, for the sentences every ruleset shares
    /// ([`crate::stuck::generic_words`]).
    const PIECE: PieceNoun;

    /// Every square whose rule a board should show, in board order
    /// ([`crate::Variant::special_squares`]).
    const SPECIAL_SQUARES: &'static [SpecialSquare];

    /// The ruleset's own sentence for why a piece cannot move, where its rules say more than
    /// the sentence every ruleset shares; `None` to use that one.
    fn own_words(reason: IllegalMove) -> Option<&'static str>;

    /// The sentence a player sees when they click a piece that cannot move for `reason`:
    /// [`Ruleset::own_words`], else [`crate::stuck::generic_words`] with
    /// [`Ruleset::PIECE`]. `None` for the reasons that never concern one piece (the game is
    /// over, not your turn, throw first, a malformed move, no such piece).
    fn explain(reason: IllegalMove) -> Option<&'static str> {
        match Self::own_words(reason) {
            Some(words) => Some(words),
            None => generic_words(Self::PIECE, reason),
        }
    }

    /// For each player of this game (index 0 is player 1), the side or colour they play as
    /// the rules name it, `None` while the rules have not decided it yet.
    fn sides(&self) -> Vec<Option<&'static str>>;

    /// What the position holds that a board does not draw (pieces borne off, the dice
    /// still to play, counters towards a limit), as data; empty when nothing.
    /// [`notes::english`](crate::notes::english) says them in one line.
    fn notes(&self) -> Vec<crate::notes::Note>;
}

/// A family of position notations: how a position's pieces are written, which says which
/// reader a client draws them with. Rulesets may share one; their moves and rules differ.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum PositionNotation {
    /// Two sides of alike discs on the 30-square track, one character a square (`W`, `B`;
    /// lowercase for a piece not moved yet, `.` for empty), then which player is black and
    /// whose turn it is: `jequier`'s notation. A ruleset may add words of its own after
    /// these (`bell`'s pieces borne off); a reader of the family skips them.
    TrackDiscs,
    /// Pyramids of three sizes on the 30-square track, with the pieces borne off: `pyramid`'s.
    TrackPyramids,
    /// Numbered pieces of up to four players on the 30-square track: `modern`'s.
    TrackNumbered,
    /// A Pharaoh and men on `parker`'s two paths.
    ParkerPegs,
    /// Stacks of pyramids on `martian`'s coasters.
    MartianStacks,
}

/// The kind of board a variant is played on, which says which [`Place`]s it uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum BoardKind {
    /// The 3 × 10 S track of [`crate::board30`]: places `s1` … `s30`, `off`, `out`.
    Track30,
    /// `parker`'s two paths of 20 squares: places `p1-1` … `p2-20`, `out`.
    Parker,
    /// `martian`'s three coasters: places `S1` … `P9`, `off`.
    Martian,
}

impl BoardKind {
    /// Whether `place` is a square of this board (not `off` or `out`, which are beside
    /// every board).
    ///
    /// ```
    /// use senet_engine::{BoardKind, Place};
    /// assert!(BoardKind::Track30.has_square("s27".parse::<Place>()?));
    /// assert!(!BoardKind::Parker.has_square("s27".parse::<Place>()?));
    /// assert!(!BoardKind::Martian.has_square(Place::Off));
    /// # Ok::<_, senet_engine::ParseError>(())
    /// ```
    pub const fn has_square(self, place: Place) -> bool {
        match self {
            BoardKind::Track30 => matches!(place, Place::Square(_)),
            BoardKind::Parker => matches!(place, Place::Lane { .. }),
            BoardKind::Martian => matches!(place, Place::Path(_)),
        }
    }
}

/// A square whose rule a board should show: a mark drawn on it, its name, and its rule in
/// one sentence. Serialised with these field names (`place` as its string form, `kind` in
/// snake_case).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct SpecialSquare {
    /// The square.
    pub place: Place,
    /// A glyph or label drawn on the square (`☥`, `III`); may be empty.
    pub mark: &'static str,
    /// Its name (`Ankh`, `Pharaoh corner`).
    pub name: &'static str,
    /// Its rule, in one short sentence.
    pub rule: &'static str,
    /// What kind of rule it is.
    pub kind: SquareKind,
}

/// What kind of rule a [`SpecialSquare`] has. Serialised in snake_case (`bear_off`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum SquareKind {
    /// Where pieces start, or come back to (`modern`'s sun, `parker`'s Pharaoh corners).
    Start,
    /// A piece here cannot be taken or sent back (by some or all pieces).
    Safe,
    /// A piece that stops here is sent elsewhere at once (`jequier`'s water, `modern`'s moon
    /// and bird).
    Trap,
    /// Where a trap sends a piece (`modern`'s bird's birth).
    Rebirth,
    /// A piece here leaves the board with a throw the square names.
    BearOff,
    /// A piece here must move on at the first chance (`pyramid`'s Ankh).
    Forced,
    /// A piece here waits for a particular throw (`parker`'s last Senet Row space).
    Wait,
    /// Pieces are captured here (`parker`'s Senet Row).
    Capture,
    /// A square of a named track, with the track's rule (`martian`'s Source, Balance and
    /// Perfect Tracks).
    Track,
    /// Where the path turns from one track onto the next (`martian`'s Birth and Death Flips).
    Flip,
}

/// Square `n` of the 30-square track, for a table of special squares (a number off the
/// track fails to compile there).
pub(crate) const fn track_square(n: u8) -> Place {
    match Place::square(n) {
        Some(place) => place,
        None => panic!("not a square of the 30-square track"),
    }
}

/// Square `n` of `lane`'s `parker` path, for a table of special squares.
pub(crate) const fn lane_square(lane: Player, n: u8) -> Place {
    match Place::lane(lane, n) {
        Some(place) => place,
        None => panic!("not a square of a parker path"),
    }
}

/// Path square `p` (0 for `S1` to 26 for `P9`) of `martian`, for a table of special squares.
pub(crate) const fn path_square(p: u8) -> Place {
    match Place::path(p) {
        Some(place) => place,
        None => panic!("not a square of the martian path"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stuck::specificity;
    use crate::{Game, Setup, Status, Throw, Variant, jequier, martian, parker};

    const EVERY_REASON: [IllegalMove; 19] = IllegalMove::ALL;

    #[test]
    fn every_special_square_is_on_its_board_once_and_says_its_rule() {
        for v in Variant::ALL {
            let squares = v.special_squares();
            assert!(!squares.is_empty(), "{v}");
            for (i, s) in squares.iter().enumerate() {
                assert!(
                    v.board().has_square(s.place),
                    "{v}: {} is off its board",
                    s.place
                );
                assert!(!s.name.is_empty(), "{v}: {}", s.place);
                assert!(
                    s.rule.ends_with('.') && s.rule.chars().next().is_some_and(char::is_uppercase),
                    "{v}: {}: one sentence: {:?}",
                    s.place,
                    s.rule
                );
                assert!(!s.mark.contains(char::is_whitespace), "{v}: {:?}", s.mark);
                assert!(
                    squares[i + 1..].iter().all(|t| t.place > s.place),
                    "{v}: {} listed twice or out of board order",
                    s.place
                );
            }
        }
    }

    #[test]
    fn the_web_clients_special_squares_are_all_there() {
        let find = |v: Variant, place: &str| {
            let place: Place = place.parse().unwrap();
            v.special_squares()
                .iter()
                .find(|s| s.place == place)
                .copied()
                .unwrap_or_else(|| panic!("{v}: no special square {place}"))
        };
        let marks = |v: Variant, places: &[&str]| -> Vec<&str> {
            places.iter().map(|p| find(v, p).mark).collect()
        };
        let track = ["s26", "s27", "s28", "s29", "s30"];
        assert_eq!(
            marks(Variant::Pyramid, &track),
            ["☥", "X", "III", "II", "I"]
        );
        assert_eq!(find(Variant::Pyramid, "s26").kind, SquareKind::Forced);
        assert_eq!(find(Variant::Pyramid, "s27").kind, SquareKind::BearOff);
        // The trap square 27 of jequier and modern; pyramid's 27 is none.
        assert_eq!(find(Variant::Jequier, "s27").kind, SquareKind::Trap);
        assert_eq!(find(Variant::Modern, "s27").kind, SquareKind::Trap);
        for n in jequier::SAFE_SQUARES {
            let place = format!("s{n}");
            assert_eq!(
                find(Variant::Jequier, &place).kind,
                SquareKind::Safe,
                "{place}"
            );
        }
        assert_eq!(
            marks(
                Variant::Modern,
                &["s1", "s15", "s26", "s27", "s28", "s29", "s30"]
            ),
            ["☀", "◇", "☾", "bird", "3", "2", "1"]
        );
        // Parker: the Pharaoh corners, the Safety Rows, the Senet Row and its last space.
        for lane in [1, 2] {
            assert_eq!(find(Variant::Parker, &format!("p{lane}-1")).mark, "♛");
            assert_eq!(
                find(Variant::Parker, &format!("p{lane}-7")).kind,
                SquareKind::Safe
            );
            assert_eq!(
                find(Variant::Parker, &format!("p{lane}-14")).kind,
                SquareKind::Capture
            );
            assert_eq!(
                find(Variant::Parker, &format!("p{lane}-20")).kind,
                SquareKind::Wait
            );
        }
        assert_eq!(Variant::Parker.special_squares().len(), 40);
        let tracks: Vec<&str> = ["S1", "B1", "P1"]
            .iter()
            .map(|p| find(Variant::Martian, p).name)
            .collect();
        assert_eq!(tracks, ["Source Track", "Balance Track", "Perfect Track"]);
        assert_eq!(find(Variant::Martian, "S9").name, "Birth Flip");
        assert_eq!(find(Variant::Martian, "B9").name, "Death Flip");
        assert_eq!(find(Variant::Martian, "P9").kind, SquareKind::BearOff);
        // Every square of the path is on a named track.
        assert_eq!(Variant::Martian.special_squares().len(), martian::SQUARES);
        assert_eq!(find(Variant::Martian, "B5").name, "Balance Track");
    }

    #[test]
    fn special_squares_serialise_with_their_field_names() {
        let json = serde_json::to_value(Variant::Pyramid.special_squares()[1]).unwrap();
        assert_eq!(
            json,
            serde_json::json!({
                "place": "s27",
                "mark": "X",
                "name": "X (4)",
                "rule": "Safe; a pyramid here waits for a die of 4, which bears it off.",
                "kind": "bear_off",
            })
        );
        let info = serde_json::to_value(Variant::Modern.info()).unwrap();
        assert_eq!(info["special_squares"][0]["kind"], "start");
        assert!(info["summary"].as_str().is_some_and(|s| s.contains("sun")));
    }

    #[test]
    fn every_reason_about_a_piece_has_words_in_every_variant() {
        for v in Variant::ALL {
            for reason in EVERY_REASON {
                let words = v.explain(reason);
                if specificity(reason) == 0 {
                    assert_eq!(words, None, "{v}: {reason:?}");
                } else {
                    let words = words.unwrap_or_default();
                    assert!(
                        words.ends_with('.') && words.len() > 10,
                        "{v}: {reason:?}: {words:?}"
                    );
                }
            }
        }
        // The variant's own words, else the shared ones with its noun.
        assert_eq!(
            Variant::Martian.explain(IllegalMove::Trapped),
            Some("That pyramid is held inside a larger one: the larger one moves first.")
        );
        assert_eq!(
            Variant::Parker.explain(IllegalMove::OccupiedByOwn),
            Some("That peg would land on one of your own.")
        );
        assert_eq!(
            Variant::Modern.explain(IllegalMove::NotLegal),
            Some("That piece has moved with the first die: the second die moves another piece.")
        );
    }

    /// Plays `game` by its first legal move, throwing the lowest faces, until `done` says so.
    fn play_until(game: &mut Game, done: impl Fn(&Game) -> bool) {
        for _ in 0..1000 {
            if done(game) {
                return;
            }
            match game.status() {
                Status::Throw { spec, .. } => {
                    let faces = vec![spec.die.max_face(); usize::from(spec.count)];
                    game.throw(Throw::new(spec, &faces).unwrap()).unwrap();
                }
                Status::Move { player } => {
                    let mv = game.legal_moves()[0];
                    game.play(player, mv).unwrap();
                }
                Status::Over(_) => break,
            }
        }
        assert!(done(game), "{}", game.to_notation());
    }

    #[test]
    fn sides_are_named_once_the_rules_decide_them() {
        let mut jequier = Game::new(Variant::Jequier, Setup::default()).unwrap();
        assert_eq!(jequier.sides(), [None, None]);
        // Player 1 throws a 1 (one plain side up) and plays black.
        jequier
            .throw(Throw::new(crate::ThrowSpec::FOUR_STICKS, &[1, 0, 0, 0]).unwrap())
            .unwrap();
        assert_eq!(jequier.sides(), [Some("black"), Some("white")]);

        let mut pyramid = Game::new(Variant::Pyramid, Setup::default()).unwrap();
        assert_eq!(pyramid.sides(), [None, None]);
        play_until(&mut pyramid, |g| matches!(g.status(), Status::Move { .. }));
        assert_eq!(
            pyramid.sides(),
            [None, None],
            "the roll-off winner has not chosen"
        );
        play_until(&mut pyramid, |g| g.sides()[0].is_some());
        let mut sides = pyramid.sides();
        sides.sort();
        assert_eq!(sides, [Some("black"), Some("white")]);

        let modern = Game::new(Variant::Modern, Setup::players(3)).unwrap();
        assert_eq!(modern.sides(), [Some("red"), Some("yellow"), Some("blue")]);
        for v in [Variant::Parker, Variant::Martian] {
            let game = Game::new(v, Setup::default()).unwrap();
            assert_eq!(game.sides(), [Some("red"), Some("yellow")], "{v}");
        }
    }

    #[test]
    fn position_notes_say_what_the_board_does_not_draw() {
        let notes =
            |v: Variant, notation: &str| Game::from_notation(v, notation).unwrap().position_notes();
        assert_eq!(
            notes(Variant::Jequier, "...........W.B................ b2 m1:2"),
            "borne off: white 4, black 4"
        );
        assert_eq!(
            notes(
                Variant::Pyramid,
                "LlLlMmMmMm/SsSsSsSs.s/S......... -/- throw w black=1"
            ),
            "borne off: black none; white none"
        );
        assert_eq!(
            notes(
                Variant::Pyramid,
                "L........s/........../.......... LMSS/m move b 4,2 black=2"
            ),
            "borne off: black large, medium, small, small; white medium · dice to play: 4, 2"
        );
        assert_eq!(
            notes(Variant::Modern, "2 1b3,20a1,5b1,6b2 a2,b4 1 move:35"),
            "pieces up: red 2, yellow 4 (the third ends the game) · dice to play: 3, 5"
        );
        assert_eq!(
            notes(
                Variant::Parker,
                "nowait q12 1:1,2,3,4,5 2:1,2,3,4,5 move 1 3,5"
            ),
            format!(
                "no waiting for a one · turns since the last capture: 12 (a draw at {}) · dice \
                 to play: 3, 5",
                parker::QUIET_TURN_LIMIT
            )
        );
        assert_eq!(
            notes(Variant::Martian, "S1:LMS S3:L B5:l P8:L 1 move 2 10"),
            "borne off: red 7, yellow 11 · die: 2"
        );
        assert_eq!(
            notes(Variant::Kendall, "W...B.....................B... b1 m1:2 7"),
            "borne off: white 6, black 5 · throws to play: 2"
        );
        assert_eq!(
            notes(
                Variant::Kendall,
                "W...B.........B............... b1 t2 7 h1:15,l1"
            ),
            "borne off: white 6, black 5 · black's piece on 15 came back from the water and must \
             move next · black loses the next turn"
        );
        assert_eq!(
            notes(
                Variant::Bell,
                ".W..B.....................B... b1 m1:4 off:w0,b0"
            ),
            "borne off: black 0, white 0 · captured: black 8, white 9"
        );
    }
}
