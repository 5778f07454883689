//! The rulesets as one set of types: the macro `games!`, given the list of every ruleset (the
//! crate root's `with_rulesets!`), makes [`Game`](crate::Game) and [`Move`](crate::Move) from
//! it, and every method (of those and of [`Variant`](crate::Variant)) that asks "which
//! ruleset?" answers through
//! that list, by the ruleset's [`Ruleset`](crate::Ruleset) and [`Rules`](crate::Rules)
//! items. Here too are the methods of [`Game`] built on those.
//!
//! A `match` the macro writes names each ruleset of the list once and nothing else, so a new
//! ruleset is one module and one line of the list; whatever the module leaves out is a compile
//! error.

use serde::Serialize;

use crate::{Geometry, IllegalMove, Layout, Player, Rules, Ruleset, Status, Variant};

/// A legal move with its geometry, for a client that shows the moves on a board.
///
/// Serialised as `{"move": "19-21", "steps": [...]}` (and `"coaster"` on a coaster move).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct LegalMove {
    /// The move (serialised as its notation).
    #[serde(rename = "move")]
    pub mv: Move,
    /// What it does to the pieces.
    #[serde(flatten)]
    pub geometry: Geometry,
}

/// Makes [`Game`](crate::Game) and [`Move`](crate::Move), and [`Variant`](crate::Variant)'s
/// methods, from the list of rulesets: `Variant => module::Type`, each with its doc comment.
macro_rules! games {
    ($($(#[$doc:meta])* $variant:ident => $module:ident :: $ty:ident),* $(,)?) => {
        // Each ruleset is the variant the list names it with (a crossed line does not compile).
        $(const _: () = assert!(
            <crate::$module::$ty as $crate::Rules>::VARIANT as u8 == Variant::$variant as u8,
            concat!(stringify!($module::$ty), "::VARIANT is not Variant::", stringify!($variant)),
        );)*

        impl Variant {
            /// The stable id, the ruleset module's name (`martian`, `modern`, `parker`,
            /// `jequier`, `pyramid`); see [`Ruleset::ID`](crate::Ruleset::ID).
            pub const fn id(self) -> &'static str {
                match self {
                    $(Variant::$variant => <crate::$module::$ty as $crate::Ruleset>::ID,)*
                }
            }

            /// A display name.
            pub const fn name(self) -> &'static str {
                match self {
                    $(Variant::$variant => <crate::$module::$ty as $crate::Ruleset>::NAME,)*
                }
            }

            /// Fewest and most players.
            pub const fn player_range(self) -> (u8, u8) {
                match self {
                    $(Variant::$variant => <crate::$module::$ty as $crate::Ruleset>::PLAYER_RANGE,)*
                }
            }

            /// The [`Setup`](crate::Setup) fields, other than `players`, that this variant
            /// uses.
            pub const fn options(self) -> &'static [&'static str] {
                match self {
                    $(Variant::$variant => <crate::$module::$ty as $crate::Ruleset>::OPTIONS,)*
                }
            }

            /// The throw the variant's ordinary turn asks for (a variant may ask for another
            /// at special moments, e.g. `pyramid`'s single die on the first turn).
            pub const fn throw_spec(self) -> $crate::ThrowSpec {
                match self {
                    $(Variant::$variant => <crate::$module::$ty as $crate::Ruleset>::THROW,)*
                }
            }

            /// The board the variant is played on, which says which
            /// [`Place`](crate::Place)s it uses.
            pub const fn board(self) -> $crate::BoardKind {
                match self {
                    $(Variant::$variant => <crate::$module::$ty as $crate::Ruleset>::BOARD,)*
                }
            }

            /// The family of the variant's position notation, which says which reader a
            /// client draws its pieces with.
            pub const fn position_notation(self) -> $crate::PositionNotation {
                match self {
                    $(Variant::$variant => <crate::$module::$ty as $crate::Ruleset>::POSITION_NOTATION,)*
                }
            }

            /// The forms of the variant's move notation, in one line.
            pub const fn move_notation(self) -> &'static str {
                match self {
                    $(Variant::$variant => <crate::$module::$ty as $crate::Ruleset>::MOVE_NOTATION,)*
                }
            }

            /// A paragraph for a newcomer: the pieces, the throw, how they move and how the
            /// game is won.
            pub const fn summary(self) -> &'static str {
                match self {
                    $(Variant::$variant => <crate::$module::$ty as $crate::Ruleset>::SUMMARY,)*
                }
            }

            /// Every square whose rule a board should show, each with its mark, name and
            /// rule, in board order.
            ///
            /// ```
            /// use senet_engine::{SquareKind, Variant};
            /// let ankh = &Variant::Pyramid.special_squares()[0];
            /// assert_eq!((ankh.place.to_string().as_str(), ankh.mark), ("s26", "☥"));
            /// assert_eq!(ankh.kind, SquareKind::Forced);
            /// ```
            pub const fn special_squares(self) -> &'static [$crate::SpecialSquare] {
                match self {
                    $(Variant::$variant => <crate::$module::$ty as $crate::Ruleset>::SPECIAL_SQUARES,)*
                }
            }

            /// The sentence a player sees when they click a piece that cannot move for
            /// `reason` (a [`Stuck`](crate::Stuck)'s), in the variant's own words where its
            /// rules say more; see [`Ruleset::explain`](crate::Ruleset::explain). `None` for
            /// the reasons that never concern one piece (the game is over, not your turn, ...).
            ///
            /// ```
            /// use senet_engine::{IllegalMove, Variant};
            /// let words = Variant::Pyramid.explain(IllegalMove::MustMoveForcedPiece);
            /// assert_eq!(words, Some("The pyramid on the Ankh (26) must move first."));
            /// assert_eq!(Variant::Parker.explain(IllegalMove::NotYourTurn), None);
            /// ```
            pub fn explain(self, reason: $crate::IllegalMove) -> Option<&'static str> {
                match self {
                    $(Variant::$variant => <crate::$module::$ty as $crate::Ruleset>::explain(reason),)*
                }
            }

            /// The value of a throw of this variant as one number, where its faces are not
            /// already the values played (the squares `jequier`'s four sticks give); see
            /// [`Rules::throw_value`](crate::Rules::throw_value).
            ///
            /// ```
            /// use senet_engine::{Throw, ThrowSpec, Variant};
            /// // Two plain sides up: 2. No plain side up: 6.
            /// let two = Throw::new(ThrowSpec::FOUR_STICKS, &[1, 0, 1, 0])?;
            /// let six = Throw::new(ThrowSpec::FOUR_STICKS, &[0, 0, 0, 0])?;
            /// assert_eq!(Variant::Jequier.throw_value(&two), Some(2));
            /// assert_eq!(Variant::Jequier.throw_value(&six), Some(6));
            /// assert_eq!(Variant::Pyramid.throw_value(&Throw::new(ThrowSpec::TWO_D4, &[3, 1])?), None);
            /// # Ok::<_, senet_engine::IllegalThrow>(())
            /// ```
            pub fn throw_value(self, throw: &$crate::Throw) -> Option<u8> {
                match self {
                    $(Variant::$variant => <crate::$module::$ty as $crate::Rules>::throw_value(throw),)*
                }
            }
        }

        /// A game of any variant.
        #[derive(Clone, Debug, PartialEq, Eq, Hash, ::serde::Serialize, ::serde::Deserialize)]
        #[serde(tag = "variant", content = "state", rename_all = "lowercase")]
        pub enum Game {
            $(
                #[doc = concat!("A game of [`", stringify!($module), "`](crate::", stringify!($module), ").")]
                $variant(crate::$module::$ty),
            )*
        }

        /// A move of any variant. Serialised as its notation.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Move {
            $(
                #[doc = concat!("A move of [`", stringify!($module), "`](crate::", stringify!($module), ").")]
                $variant(<crate::$module::$ty as $crate::Rules>::Move),
            )*
        }

        impl ::std::fmt::Display for Move {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                match self {
                    $(Move::$variant(m) => ::std::fmt::Display::fmt(m, f),)*
                }
            }
        }

        impl Move {
            /// The variant this move belongs to.
            pub fn variant(&self) -> Variant {
                match self {
                    $(Move::$variant(_) => Variant::$variant,)*
                }
            }
        }

        $(
            impl crate::$module::$ty {
                /// `mv` as a move of this ruleset, or [`IllegalMove::Malformed`] when it is
                /// another variant's (how [`Game`] pairs a game with a move without a
                /// catch-all arm).
                fn own_move(
                    mv: Move,
                ) -> Result<<crate::$module::$ty as $crate::Rules>::Move, $crate::IllegalMove> {
                    let Move::$variant(m) = mv else {
                        return Err($crate::IllegalMove::Malformed);
                    };
                    Ok(m)
                }
            }
        )*

        impl Game {
            /// A new game of `variant` in its starting position.
            ///
            /// # Errors
            /// [`SetupError`](crate::SetupError) when the setup does not fit the variant.
            pub fn new(
                variant: Variant,
                setup: $crate::Setup,
            ) -> Result<Game, $crate::SetupError> {
                variant.check_players(setup.players)?;
                Ok(match variant {
                    $(Variant::$variant => Game::$variant(crate::$module::$ty::new(setup)?),)*
                })
            }

            /// Reads a position of `variant` in its notation.
            ///
            /// # Errors
            /// [`ParseError`](crate::ParseError) when the text is not a position of that
            /// variant.
            pub fn from_notation(variant: Variant, s: &str) -> Result<Game, $crate::ParseError> {
                Ok(match variant {
                    $(Variant::$variant => Game::$variant(crate::$module::$ty::from_notation(s)?),)*
                })
            }

            /// The variant.
            pub fn variant(&self) -> Variant {
                match self {
                    $(Game::$variant(_) => Variant::$variant,)*
                }
            }

            /// What the game waits for now.
            pub fn status(&self) -> $crate::Status {
                match self {
                    $(Game::$variant(g) => g.status(),)*
                }
            }

            /// Number of players.
            pub fn players(&self) -> u8 {
                match self {
                    $(Game::$variant(g) => g.players(),)*
                }
            }

            /// Applies a throw; see [`Rules::throw`](crate::Rules::throw).
            ///
            /// # Errors
            /// [`IllegalThrow`](crate::IllegalThrow); the game is unchanged.
            pub fn throw(
                &mut self,
                throw: $crate::Throw,
            ) -> Result<$crate::ThrowEffect, $crate::IllegalThrow> {
                match self {
                    $(Game::$variant(g) => g.throw(throw),)*
                }
            }

            /// Every legal move now.
            pub fn legal_moves(&self) -> Vec<Move> {
                match self {
                    $(Game::$variant(g) => g.legal_moves().into_iter().map(Move::$variant).collect(),)*
                }
            }

            /// Reads a move in this game's notation. Says nothing about legality.
            ///
            /// # Errors
            /// [`ParseError`](crate::ParseError) when the text is not a move of this variant.
            pub fn parse_move(&self, s: &str) -> Result<Move, $crate::ParseError> {
                match self {
                    $(Game::$variant(_) => s.parse().map(Move::$variant),)*
                }
            }

            /// Plays `mv` for `player` if legal; see [`Rules::play`](crate::Rules::play).
            ///
            /// # Errors
            /// [`IllegalMove`](crate::IllegalMove) ([`IllegalMove::Malformed`] for a move of
            /// another variant); the game is unchanged.
            pub fn play(
                &mut self,
                player: $crate::Player,
                mv: Move,
            ) -> Result<(), $crate::IllegalMove> {
                match self {
                    $(Game::$variant(g) => g.play(player, crate::$module::$ty::own_move(mv)?),)*
                }
            }

            /// Plays `mv`, taken from [`Game::legal_moves`] of this very position, without
            /// checking it again (see [`Rules::play_unchecked`](crate::Rules::play_unchecked)):
            /// for a caller that has just generated the moves, such as a search.
            ///
            /// # Errors
            /// [`IllegalMove::Malformed`] when `mv` is a move of another variant; the game is
            /// unchanged.
            ///
            /// # Panics
            /// May panic, or leave a nonsensical state, if `mv` is a move of this variant but
            /// not legal now. The server only calls [`Game::play`].
            pub fn play_unchecked(&mut self, mv: Move) -> Result<(), $crate::IllegalMove> {
                match self {
                    $(Game::$variant(g) => g.play_unchecked(crate::$module::$ty::own_move(mv)?),)*
                }
                Ok(())
            }

            /// `player` resigns; see [`Rules::resign`](crate::Rules::resign).
            ///
            /// # Errors
            /// [`IllegalMove::GameOver`] if the game is already over.
            pub fn resign(&mut self, player: $crate::Player) -> Result<(), $crate::IllegalMove> {
                self.concede(player, $crate::Concession::Resigned)
            }

            /// `player` gives up, by resigning or on time; see
            /// [`Rules::concede`](crate::Rules::concede).
            ///
            /// # Errors
            /// [`IllegalMove::GameOver`] if the game is already over.
            pub fn concede(
                &mut self,
                player: $crate::Player,
                how: $crate::Concession,
            ) -> Result<(), $crate::IllegalMove> {
                match self {
                    $(Game::$variant(g) => g.concede(player, how),)*
                }
            }

            /// The position in the variant's notation (no variant prefix).
            pub fn to_notation(&self) -> String {
                match self {
                    $(Game::$variant(g) => g.to_notation(),)*
                }
            }

            /// Where every piece is now; see [`Layout::placement`](crate::Layout::placement).
            pub fn placement(&self) -> $crate::Placement {
                match self {
                    $(Game::$variant(g) => g.placement(),)*
                }
            }

            /// What `mv` will do to the pieces if it is played now; see
            /// [`Layout::geometry`](crate::Layout::geometry).
            ///
            /// # Errors
            /// [`IllegalMove`](crate::IllegalMove) when `mv` is not legal now (as
            /// [`Game::play`] would say for the player to move).
            pub fn geometry(&self, mv: Move) -> Result<$crate::Geometry, $crate::IllegalMove> {
                match self {
                    $(Game::$variant(g) => g.geometry(crate::$module::$ty::own_move(mv)?),)*
                }
            }

            /// Every legal move now, each with its geometry, in the order of
            /// [`Game::legal_moves`].
            pub fn legal_moves_with_geometry(&self) -> Vec<$crate::LegalMove> {
                match self {
                    $(Game::$variant(g) => g
                        .legal_moves()
                        .into_iter()
                        .map(|m| $crate::LegalMove {
                            geometry: g.geometry_unchecked(m),
                            mv: Move::$variant(m),
                        })
                        .collect(),)*
                }
            }

            /// How the points of the finished game are made up; see
            /// [`Rules::breakdown`](crate::Rules::breakdown).
            pub fn breakdown(&self) -> Option<$crate::Breakdown> {
                match self {
                    $(Game::$variant(g) => g.breakdown(),)*
                }
            }

            /// The places of the mover's pieces that have no legal move, and why; see
            /// [`Layout::stuck`](crate::Layout::stuck).
            pub fn stuck(&self) -> Vec<$crate::Stuck> {
                match self {
                    $(Game::$variant(g) => g.stuck(),)*
                }
            }

            /// The same as [`Game::stuck`], given the places the legal moves start from; see
            /// [`Layout::stuck_except`](crate::Layout::stuck_except).
            pub fn stuck_except(
                &self,
                movable: impl Fn($crate::Place) -> bool,
            ) -> Vec<$crate::Stuck> {
                match self {
                    $(Game::$variant(g) => g.stuck_except(&movable),)*
                }
            }

            /// For each player (index 0 is player 1), the side or colour they play as the
            /// rules name it: `black` or `white` once `jequier`'s first 1 or `pyramid`'s
            /// roll-off has decided it (`None` before), `red` and `yellow` in `parker` and
            /// `martian`, `red`, `yellow`, `blue`, `green` in `modern`; see
            /// [`Ruleset::sides`](crate::Ruleset::sides).
            ///
            /// ```
            /// use senet_engine::{Game, Setup, Variant};
            /// let game = Game::new(Variant::Jequier, Setup::default())?;
            /// assert_eq!(game.sides(), [None, None]);
            /// let game = Game::from_notation(Variant::Jequier, "...........W.B................ b2 m1:2")?;
            /// assert_eq!(game.sides(), [Some("white"), Some("black")]);
            /// # Ok::<_, Box<dyn std::error::Error>>(())
            /// ```
            pub fn sides(&self) -> Vec<Option<&'static str>> {
                match self {
                    $(Game::$variant(g) => g.sides(),)*
                }
            }

            /// One line, in words, of what the position holds that a board does not draw:
            /// pieces borne off, the dice still to play, `parker`'s waiting rule and turns
            /// since the last capture: [`Game::notes`] in English.
            ///
            /// ```
            /// use senet_engine::{Game, Setup, Variant};
            /// let game = Game::new(Variant::Parker, Setup::default())?;
            /// assert!(game.position_notes().contains("(a draw at 300)"));
            /// # Ok::<_, senet_engine::SetupError>(())
            /// ```
            pub fn position_notes(&self) -> String {
                crate::notes::english(&self.notes())
            }

            /// What the position holds that a board does not draw, as data (what
            /// [`Game::position_notes`] says in English); see
            /// [`Ruleset::notes`](crate::Ruleset::notes).
            ///
            /// ```
            /// use senet_engine::{Game, Note, Setup, Variant};
            /// let game = Game::new(Variant::Parker, Setup::default())?;
            /// assert!(game.notes().contains(&Note::QuietTurns { turns: 0, limit: 300 }));
            /// # Ok::<_, senet_engine::SetupError>(())
            /// ```
            pub fn notes(&self) -> Vec<crate::Note> {
                match self {
                    $(Game::$variant(g) => g.notes(),)*
                }
            }

            /// Checks the position's invariants; see
            /// [`Rules::check_invariants`](crate::Rules::check_invariants).
            ///
            /// # Errors
            /// The first broken invariant.
            pub fn check_invariants(&self) -> Result<(), String> {
                match self {
                    $(Game::$variant(g) => g.check_invariants(),)*
                }
            }
        }
    };
}

with_rulesets!(games);

impl Serialize for Move {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Game {
    /// Plays a move given in notation for `player`.
    ///
    /// # Errors
    /// [`IllegalMove::Malformed`] if the text is not a move of this variant, else as
    /// [`Game::play`].
    pub fn play_notation(&mut self, player: Player, mv: &str) -> Result<Move, IllegalMove> {
        let mv = self.parse_move(mv).map_err(|_| IllegalMove::Malformed)?;
        self.play(player, mv)?;
        Ok(mv)
    }

    /// Plays `mv` for `player` if legal, and says what it did to the pieces.
    ///
    /// # Errors
    /// As [`Game::play`]; the game is unchanged.
    pub fn play_with_geometry(
        &mut self,
        player: Player,
        mv: Move,
    ) -> Result<Geometry, IllegalMove> {
        let geometry = match self.status() {
            Status::Move { player: p } if p == player => self.geometry(mv).ok(),
            _ => None,
        };
        self.play(player, mv)?;
        // `play` accepted the move, so it was legal and its geometry was computed.
        Ok(geometry.unwrap_or_default())
    }
}

#[cfg(test)]
mod tests {
    use crate::{Game, IllegalMove, Move, Setup, Status, Throw, ThrowSpec, Variant, jequier};

    #[test]
    fn a_move_of_another_variant_is_malformed_and_changes_nothing() {
        let mut game = Game::new(Variant::Parker, Setup::default()).unwrap();
        // The starting roll (6+6 against 1+1), then player 1's first throw.
        for faces in [[6, 6], [1, 1], [3, 5]] {
            game.throw(Throw::new(ThrowSpec::TWO_D6, &faces).unwrap())
                .unwrap();
        }
        let Status::Move { player } = game.status() else {
            panic!("a move is due: {}", game.to_notation());
        };
        let before = game.clone();
        let other = Move::Jequier(jequier::Move::new(10, 11));
        assert_eq!(game.play(player, other), Err(IllegalMove::Malformed));
        assert_eq!(game.geometry(other), Err(IllegalMove::Malformed));
        assert_eq!(game.play_unchecked(other), Err(IllegalMove::Malformed));
        assert_eq!(game, before);
        // A legal move plays the same checked and unchecked.
        let mv = game.legal_moves()[0];
        let mut checked = game.clone();
        checked.play(player, mv).unwrap();
        game.play_unchecked(mv).unwrap();
        assert_eq!(game, checked);
    }
}
