//! Pure rules for five Senet rulesets.
//!
//! No I/O, no async, no randomness: the caller rolls the dice and passes them in, so a game is
//! exactly the replay of its throws and moves.
//!
//! | id | module | source |
//! |---|---|---|
//! | `martian` | [`martian`] | Martian Senet (M. Rogers, 2012) |
//! | `modern`  | [`modern`]  | Senet-modern, 2 to 4 players |
//! | `parker`  | [`parker`]  | Parker Brothers SENET (1946) |
//! | `jequier` | [`jequier`] | Jéquier's rules (1930) |
//! | `pyramid` | [`pyramid`] | Pyramid Senet (P. Aronson) |
//!
//! Every variant implements [`Rules`]; [`Game`] wraps them all behind one type for code that
//! does not care which variant it runs (the server, the scenario runner).
//!
//! ```
//! use senet_engine::{Game, Setup, Status, Throw, Variant};
//!
//! let mut game = Game::new(Variant::Pyramid, Setup::default())?;
//! // Drive the game: throw when asked, move when asked.
//! for _ in 0..10 {
//!     match game.status() {
//!         Status::Throw { spec, .. } => {
//!             let faces = vec![spec.die.min_face(); usize::from(spec.count)];
//!             game.throw(Throw::new(spec, &faces)?)?;
//!         }
//!         Status::Move { player } => {
//!             let mv = game.legal_moves()[0];
//!             game.play(player, mv)?;
//!         }
//!         Status::Over(_) => break,
//!     }
//! }
//! # Ok::<_, Box<dyn std::error::Error>>(())
//! ```

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

pub mod board30;
pub mod dice;
pub mod geometry;
pub mod jequier;
pub mod martian;
mod mechanics;
pub mod modern;
mod notation;
pub mod parker;
mod place;
pub mod playout;
pub mod pyramid;
mod rules;
pub mod scenario;
pub mod scoring;
pub mod stuck;

pub use dice::{Die, IllegalThrow, RemainingDice, Throw, ThrowSpec};
pub use geometry::{Geometry, Layout, LegalMove, Place, Placement};
pub use rules::{
    Concession, EndReason, IllegalMove, Outcome, ParseError, Rules, Setup, SetupError, Status,
    ThrowEffect,
};
pub use scoring::Breakdown;
pub use stuck::Stuck;

/// A ruleset, by its stable id.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Variant {
    /// Martian Senet: three coasters, stacking pyramids, one d6.
    Martian,
    /// Senet-modern: 30 squares, numbered pieces, 2d6, 2 to 4 players.
    Modern,
    /// Parker Brothers SENET (1946): Senet Row between two Safety Rows, captures.
    Parker,
    /// Jéquier's rules: four throwing sticks, send-back, protected pairs.
    Jequier,
    /// Pyramid Senet: two d4, captures, numbered bear-off squares.
    Pyramid,
}

impl Variant {
    /// Every variant, in a stable order.
    pub const ALL: [Variant; 5] = [
        Variant::Martian,
        Variant::Modern,
        Variant::Parker,
        Variant::Jequier,
        Variant::Pyramid,
    ];

    /// The stable id (`martian`, `modern`, `parker`, `jequier`, `pyramid`).
    pub const fn id(self) -> &'static str {
        match self {
            Variant::Martian => "martian",
            Variant::Modern => "modern",
            Variant::Parker => "parker",
            Variant::Jequier => "jequier",
            Variant::Pyramid => "pyramid",
        }
    }

    /// A display name.
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Martian => "Martian Senet",
            Variant::Modern => "Senet-modern",
            Variant::Parker => "Parker Brothers Senet (1946)",
            Variant::Jequier => "Jéquier's Senet (1930)",
            Variant::Pyramid => "Pyramid Senet",
        }
    }

    /// Fewest and most players.
    pub const fn player_range(self) -> (u8, u8) {
        match self {
            Variant::Modern => (2, 4),
            _ => (2, 2),
        }
    }

    /// The [`Setup`] fields, other than `players`, that this variant uses.
    pub const fn options(self) -> &'static [&'static str] {
        match self {
            Variant::Parker => &["waiting_for_one"],
            _ => &[],
        }
    }

    /// The throw the variant's ordinary turn asks for (a variant may ask for another at
    /// special moments, e.g. `pyramid`'s single die on the first turn).
    pub const fn throw_spec(self) -> ThrowSpec {
        match self {
            Variant::Martian => ThrowSpec::ONE_D6,
            Variant::Modern | Variant::Parker => ThrowSpec::TWO_D6,
            Variant::Jequier => ThrowSpec::FOUR_STICKS,
            Variant::Pyramid => ThrowSpec::TWO_D4,
        }
    }

    /// The variant's throw as a probability table: every distinct result of an ordinary
    /// throw, with the number of equally likely ways to get it out of all of them.
    ///
    /// Dice results are the faces in ascending order (`"2+5"`); `jequier`'s four sticks are
    /// read as the value they give (`"6"` when every red side is up), which is why its table
    /// is not uniform.
    ///
    /// ```
    /// use senet_engine::Variant;
    /// let sticks = Variant::Jequier.throw_table();
    /// let ways: Vec<(&str, u32)> = sticks.iter().map(|o| (o.result.as_str(), o.ways)).collect();
    /// assert_eq!(ways, [("1", 4), ("2", 6), ("3", 4), ("4", 1), ("6", 1)]);
    /// assert!(sticks.iter().all(|o| o.out_of == 16));
    /// ```
    pub fn throw_table(self) -> Vec<ThrowOdds> {
        let all = self.throw_spec().all_throws();
        let out_of = u32::try_from(all.len()).unwrap_or(u32::MAX);
        let mut table: Vec<ThrowOdds> = Vec::new();
        for throw in &all {
            let result = match self {
                Variant::Jequier => jequier::throw_value(throw).to_string(),
                _ => {
                    let mut faces = throw.faces().to_vec();
                    faces.sort_unstable();
                    let faces: Vec<String> = faces.iter().map(u8::to_string).collect();
                    faces.join("+")
                }
            };
            match table.iter_mut().find(|o| o.result == result) {
                Some(odds) => odds.ways += 1,
                None => table.push(ThrowOdds {
                    result,
                    ways: 1,
                    out_of,
                }),
            }
        }
        table.sort_by(|a, b| a.result.cmp(&b.result));
        table
    }

    /// Checks the number of players.
    ///
    /// # Errors
    /// [`SetupError::PlayerCount`] when it is out of range.
    pub fn check_players(self, players: u8) -> Result<(), SetupError> {
        let (min, max) = self.player_range();
        if (min..=max).contains(&players) {
            Ok(())
        } else {
            Err(SetupError::PlayerCount {
                variant: self,
                players,
                min,
                max,
            })
        }
    }
}

impl Variant {
    /// Everything about the variant that a server, an API document or a client shows, in
    /// one place, derived from the other methods here.
    ///
    /// ```
    /// use senet_engine::{BoardKind, Variant};
    /// let info = Variant::Parker.info();
    /// assert_eq!((info.id, info.min_players, info.max_players), ("parker", 2, 2));
    /// assert_eq!(info.options, ["waiting_for_one"]);
    /// assert!(info.option_details[0].default);
    /// assert_eq!(info.board, BoardKind::Parker);
    /// ```
    pub fn info(self) -> VariantInfo {
        let (min_players, max_players) = self.player_range();
        VariantInfo {
            id: self.id(),
            name: self.name(),
            min_players,
            max_players,
            options: self.options(),
            option_details: self
                .options()
                .iter()
                .filter_map(|&name| VariantOption::named(name))
                .collect(),
            throw: self.throw_spec(),
            throw_table: self.throw_table(),
            board: self.board(),
            move_notation: self.move_notation(),
        }
    }

    /// The board the variant is played on, which says which [`Place`]s it uses.
    pub const fn board(self) -> BoardKind {
        match self {
            Variant::Martian => BoardKind::Martian,
            Variant::Parker => BoardKind::Parker,
            Variant::Modern | Variant::Jequier | Variant::Pyramid => BoardKind::Track30,
        }
    }

    /// The forms of the variant's move notation, in one line.
    pub const fn move_notation(self) -> &'static str {
        match self {
            Variant::Martian => {
                "SQUARE then SIZE (S1L: the large pyramid on S1), or E>W / W>E (a coaster move)"
            }
            Variant::Modern => "PIECE+DISTANCE (4+7: the piece with 4 dots, 7 steps), or d1 / d2",
            Variant::Parker => "FROM-TO, squares 1 to 20 of the mover's own path (5-9)",
            Variant::Jequier => "FROM-TO (10-11) or FROM-off (28-off)",
            Variant::Pyramid => "FROM-TO (19-21), FROM-off (27-off), or black / white",
        }
    }
}

/// What [`Variant::info`] says about a variant. Serialised with these field names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct VariantInfo {
    /// The stable id, as [`Variant::id`].
    pub id: &'static str,
    /// The display name, as [`Variant::name`].
    pub name: &'static str,
    /// Fewest players.
    pub min_players: u8,
    /// Most players.
    pub max_players: u8,
    /// The [`Setup`] fields, other than `players`, that the variant uses, as
    /// [`Variant::options`].
    pub options: &'static [&'static str],
    /// The same options with their defaults and what they mean.
    pub option_details: Vec<VariantOption>,
    /// The ordinary throw, as [`Variant::throw_spec`].
    pub throw: ThrowSpec,
    /// The ordinary throw's odds, as [`Variant::throw_table`].
    pub throw_table: Vec<ThrowOdds>,
    /// The board, as [`Variant::board`].
    pub board: BoardKind,
    /// The move notation, as [`Variant::move_notation`].
    pub move_notation: &'static str,
}

/// A [`Setup`] option of a variant.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct VariantOption {
    /// The [`Setup`] field (and the name the server's API uses).
    pub name: &'static str,
    /// Its value in [`Setup::default`].
    pub default: bool,
    /// What it does.
    pub description: &'static str,
}

impl VariantOption {
    /// The option with this [`Setup`] field name, if there is one.
    pub fn named(name: &str) -> Option<VariantOption> {
        match name {
            "waiting_for_one" => Some(VariantOption {
                name: "waiting_for_one",
                default: Setup::default().waiting_for_one,
                description: "parker: plain pegs wait on the last Senet Row space for a one \
                              (the printed rule; players may waive it before the game)",
            }),
            _ => None,
        }
    }
}

/// The kind of board a variant is played on, which says which [`Place`]s it uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum BoardKind {
    /// The 3 × 10 S track of [`board30`]: places `s1` … `s30`, `off`, `out`.
    Track30,
    /// `parker`'s two paths of 20 squares: places `p1-1` … `p2-20`, `out`.
    Parker,
    /// `martian`'s three coasters: places `S1` … `P9`, `off`.
    Martian,
}

/// One line of [`Variant::throw_table`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ThrowOdds {
    /// What the throw gives: dice faces in ascending order joined by `+`, or a stick value.
    pub result: String,
    /// How many of the equally likely raw throws give it.
    pub ways: u32,
    /// How many equally likely raw throws there are in all.
    pub out_of: u32,
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl FromStr for Variant {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Variant, ParseError> {
        Variant::ALL
            .into_iter()
            .find(|v| v.id() == s)
            .ok_or_else(|| ParseError::new(format!("unknown variant {s:?}")))
    }
}

/// A seat at the table, in turn order. Two-player variants use `One` and `Two` only.
///
/// Serialised as the number 1 to 4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "u8", try_from = "u8")]
pub enum Player {
    /// The first seat.
    One,
    /// The second seat.
    Two,
    /// The third seat (`modern` only).
    Three,
    /// The fourth seat (`modern` only).
    Four,
}

impl Player {
    /// Every seat, in order.
    pub const ALL: [Player; 4] = [Player::One, Player::Two, Player::Three, Player::Four];

    /// Zero-based index (One is 0).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The seat with zero-based index `i`, if any.
    pub const fn from_index(i: usize) -> Option<Player> {
        match i {
            0 => Some(Player::One),
            1 => Some(Player::Two),
            2 => Some(Player::Three),
            3 => Some(Player::Four),
            _ => None,
        }
    }

    /// The seat after this one in a game of `players` players.
    pub const fn next(self, players: u8) -> Player {
        match Player::from_index((self.index() + 1) % players as usize) {
            Some(p) => p,
            None => Player::One,
        }
    }

    /// The other seat of a two-player game.
    pub const fn opponent(self) -> Player {
        self.next(2)
    }
}

impl From<Player> for u8 {
    fn from(p: Player) -> u8 {
        p.index() as u8 + 1
    }
}

impl TryFrom<u8> for Player {
    type Error = ParseError;

    fn try_from(n: u8) -> Result<Player, ParseError> {
        n.checked_sub(1)
            .and_then(|i| Player::from_index(usize::from(i)))
            .ok_or_else(|| ParseError::new(format!("no player {n}")))
    }
}

/// The seat number, 1 to 4.
impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", u8::from(*self))
    }
}

impl FromStr for Player {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Player, ParseError> {
        let n: u8 = s
            .parse()
            .map_err(|_| ParseError::new(format!("no player {s:?}")))?;
        Player::try_from(n)
    }
}

macro_rules! games {
    ($($variant:ident => $module:ident :: $ty:ident),* $(,)?) => {
        /// A game of any variant.
        #[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
        #[serde(tag = "variant", content = "state", rename_all = "lowercase")]
        pub enum Game {
            $(
                #[doc = concat!("A game of [`", stringify!($module), "`].")]
                $variant($module::$ty),
            )*
        }

        /// A move of any variant. Serialised as its notation.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum Move {
            $(
                #[doc = concat!("A move of [`", stringify!($module), "`].")]
                $variant(<$module::$ty as Rules>::Move),
            )*
        }

        impl fmt::Display for Move {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                match self {
                    $(Move::$variant(m) => fmt::Display::fmt(m, f),)*
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

        impl Game {
            /// A new game of `variant` in its starting position.
            ///
            /// # Errors
            /// [`SetupError`] when the setup does not fit the variant.
            pub fn new(variant: Variant, setup: Setup) -> Result<Game, SetupError> {
                variant.check_players(setup.players)?;
                Ok(match variant {
                    $(Variant::$variant => Game::$variant($module::$ty::new(setup)?),)*
                })
            }

            /// Reads a position of `variant` in its notation.
            ///
            /// # Errors
            /// [`ParseError`] when the text is not a position of that variant.
            pub fn from_notation(variant: Variant, s: &str) -> Result<Game, ParseError> {
                Ok(match variant {
                    $(Variant::$variant => Game::$variant($module::$ty::from_notation(s)?),)*
                })
            }

            /// The variant.
            pub fn variant(&self) -> Variant {
                match self {
                    $(Game::$variant(_) => Variant::$variant,)*
                }
            }

            /// What the game waits for now.
            pub fn status(&self) -> Status {
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

            /// Applies a throw; see [`Rules::throw`].
            ///
            /// # Errors
            /// [`IllegalThrow`]; the game is unchanged.
            pub fn throw(&mut self, throw: Throw) -> Result<ThrowEffect, IllegalThrow> {
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
            /// [`ParseError`] when the text is not a move of this variant.
            pub fn parse_move(&self, s: &str) -> Result<Move, ParseError> {
                match self {
                    $(Game::$variant(_) => s.parse().map(Move::$variant),)*
                }
            }

            /// Plays `mv` for `player` if legal; see [`Rules::play`].
            ///
            /// # Errors
            /// [`IllegalMove`]; the game is unchanged.
            pub fn play(&mut self, player: Player, mv: Move) -> Result<(), IllegalMove> {
                match (self, mv) {
                    $((Game::$variant(g), Move::$variant(m)) => g.play(player, m),)*
                    #[allow(unreachable_patterns)]
                    _ => Err(IllegalMove::Malformed),
                }
            }

            /// `player` resigns; see [`Rules::resign`].
            ///
            /// # Errors
            /// [`IllegalMove::GameOver`] if the game is already over.
            pub fn resign(&mut self, player: Player) -> Result<(), IllegalMove> {
                self.concede(player, Concession::Resigned)
            }

            /// `player` gives up, by resigning or on time; see [`Rules::concede`].
            ///
            /// # Errors
            /// [`IllegalMove::GameOver`] if the game is already over.
            pub fn concede(&mut self, player: Player, how: Concession) -> Result<(), IllegalMove> {
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

            /// Where every piece is now; see [`Layout::placement`].
            pub fn placement(&self) -> Placement {
                match self {
                    $(Game::$variant(g) => g.placement(),)*
                }
            }

            /// What `mv` will do to the pieces if it is played now; see [`Layout::geometry`].
            ///
            /// # Errors
            /// [`IllegalMove`] when `mv` is not legal now (as [`Game::play`] would say for the
            /// player to move).
            pub fn geometry(&self, mv: Move) -> Result<Geometry, IllegalMove> {
                match (self, mv) {
                    $((Game::$variant(g), Move::$variant(m)) => g.geometry(m),)*
                    #[allow(unreachable_patterns)]
                    _ => Err(IllegalMove::Malformed),
                }
            }

            /// Every legal move now, each with its geometry, in the order of
            /// [`Game::legal_moves`].
            pub fn legal_moves_with_geometry(&self) -> Vec<LegalMove> {
                match self {
                    $(Game::$variant(g) => g
                        .legal_moves()
                        .into_iter()
                        .map(|m| LegalMove {
                            geometry: g.geometry_unchecked(m),
                            mv: Move::$variant(m),
                        })
                        .collect(),)*
                }
            }

            /// How the points of the finished game are made up; see [`Rules::breakdown`].
            pub fn breakdown(&self) -> Option<Breakdown> {
                match self {
                    $(Game::$variant(g) => g.breakdown(),)*
                }
            }

            /// The places of the mover's pieces that have no legal move, and why; see
            /// [`Layout::stuck`].
            pub fn stuck(&self) -> Vec<Stuck> {
                match self {
                    $(Game::$variant(g) => g.stuck(),)*
                }
            }

            /// The same as [`Game::stuck`], given the places the legal moves start from; see
            /// [`Layout::stuck_except`].
            pub fn stuck_except(&self, movable: impl Fn(Place) -> bool) -> Vec<Stuck> {
                match self {
                    $(Game::$variant(g) => g.stuck_except(&movable),)*
                }
            }

            /// Checks the position's invariants; see [`Rules::check_invariants`].
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

impl Variant {
    /// The value of a throw of this variant as one number, where its faces are not already
    /// the values played (the squares `jequier`'s four sticks give); see
    /// [`Rules::throw_value`].
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
    pub fn throw_value(self, throw: &Throw) -> Option<u8> {
        match self {
            Variant::Martian => martian::Martian::throw_value(throw),
            Variant::Modern => modern::Modern::throw_value(throw),
            Variant::Parker => parker::Parker::throw_value(throw),
            Variant::Jequier => jequier::Jequier::throw_value(throw),
            Variant::Pyramid => pyramid::Pyramid::throw_value(throw),
        }
    }
}

games! {
    Martian => martian::Martian,
    Modern => modern::Modern,
    Parker => parker::Parker,
    Jequier => jequier::Jequier,
    Pyramid => pyramid::Pyramid,
}

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
}

impl Game {
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
    use super::*;

    #[test]
    fn variant_ids_round_trip() {
        for v in Variant::ALL {
            assert_eq!(v.id().parse::<Variant>().unwrap(), v);
            assert_eq!(
                serde_json::to_string(&v).unwrap(),
                format!("\"{}\"", v.id())
            );
        }
        assert!("chess".parse::<Variant>().is_err());
    }

    #[test]
    fn players_number_from_one_and_rotate() {
        assert_eq!(Player::One.to_string(), "1");
        assert_eq!("4".parse::<Player>().unwrap(), Player::Four);
        assert!("5".parse::<Player>().is_err());
        assert!("0".parse::<Player>().is_err());
        assert_eq!(Player::Two.next(2), Player::One);
        assert_eq!(Player::Two.next(3), Player::Three);
        assert_eq!(Player::Three.next(3), Player::One);
        assert_eq!(Player::One.opponent(), Player::Two);
        assert_eq!(serde_json::to_string(&Player::Three).unwrap(), "3");
    }

    #[test]
    fn every_throw_table_adds_up() {
        for v in Variant::ALL {
            let table = v.throw_table();
            let total: u32 = table.iter().map(|o| o.ways).sum();
            assert_eq!(total, table[0].out_of, "{v}");
        }
        // Two dice: a double is one way in 36, a mixed pair two.
        let d6 = Variant::Parker.throw_table();
        assert_eq!(d6.len(), 21);
        assert_eq!(
            d6.iter().find(|o| o.result == "3+3").map(|o| o.ways),
            Some(1)
        );
        assert_eq!(
            d6.iter().find(|o| o.result == "2+5").map(|o| o.ways),
            Some(2)
        );
    }

    #[test]
    fn info_agrees_with_the_other_methods() {
        for v in Variant::ALL {
            let info = v.info();
            assert_eq!(info.id, v.id());
            assert_eq!((info.min_players, info.max_players), v.player_range());
            assert_eq!(info.option_details.len(), info.options.len(), "{v}");
            assert_eq!(info.throw_table, v.throw_table());
            let json = serde_json::to_value(&info).unwrap();
            assert_eq!(json["id"], v.id());
            assert!(json["throw"]["count"].is_number());
        }
        assert_eq!(Variant::Modern.info().max_players, 4);
        assert_eq!(
            serde_json::to_value(Variant::Pyramid.board()).unwrap(),
            "track30"
        );
    }

    #[test]
    fn player_counts_are_checked() {
        assert!(Variant::Modern.check_players(4).is_ok());
        assert!(Variant::Modern.check_players(5).is_err());
        assert!(Variant::Jequier.check_players(3).is_err());
        assert!(Game::new(Variant::Parker, Setup::players(3)).is_err());
    }
}
