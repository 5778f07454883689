//! Dice and throwing sticks: what the caller must roll, and the faces it rolled.
//!
//! The engine never rolls. A game in [`Status::Throw`](crate::Status::Throw) names a
//! [`ThrowSpec`] (which die, how many); the caller rolls each die uniformly and hands the
//! faces back as a [`Throw`]. What a throw *means* (a sum, two steps, a stick count) is the
//! variant's business.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// One physical die or stick. Every face is equally likely.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "lowercase")]
pub enum Die {
    /// A four-sided die, faces 1 to 4.
    D4,
    /// A six-sided die, faces 1 to 6.
    D6,
    /// A flat throwing stick: face 0 is the red (marked) side, face 1 the plain side.
    Stick,
}

impl Die {
    /// The lowest face.
    pub const fn min_face(self) -> u8 {
        match self {
            Die::D4 | Die::D6 => 1,
            Die::Stick => 0,
        }
    }

    /// The highest face.
    pub const fn max_face(self) -> u8 {
        match self {
            Die::D4 => 4,
            Die::D6 => 6,
            Die::Stick => 1,
        }
    }

    /// How many faces the die has.
    pub const fn faces(self) -> u8 {
        self.max_face() - self.min_face() + 1
    }
}

/// What the caller must roll now: `count` dice of kind `die`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct ThrowSpec {
    /// The kind of die.
    pub die: Die,
    /// How many of them (1 to [`Throw::MAX_DICE`]).
    pub count: u8,
}

impl ThrowSpec {
    /// One six-sided die.
    pub const ONE_D6: ThrowSpec = ThrowSpec {
        die: Die::D6,
        count: 1,
    };
    /// Two six-sided dice.
    pub const TWO_D6: ThrowSpec = ThrowSpec {
        die: Die::D6,
        count: 2,
    };
    /// One four-sided die.
    pub const ONE_D4: ThrowSpec = ThrowSpec {
        die: Die::D4,
        count: 1,
    };
    /// Two four-sided dice.
    pub const TWO_D4: ThrowSpec = ThrowSpec {
        die: Die::D4,
        count: 2,
    };
    /// Four throwing sticks.
    pub const FOUR_STICKS: ThrowSpec = ThrowSpec {
        die: Die::Stick,
        count: 4,
    };

    /// Every possible throw for this spec, each equally likely (faces in roll order).
    ///
    /// ```
    /// use senet_engine::ThrowSpec;
    /// assert_eq!(ThrowSpec::TWO_D4.all_throws().len(), 16);
    /// assert_eq!(ThrowSpec::FOUR_STICKS.all_throws().len(), 16);
    /// ```
    pub fn all_throws(self) -> Vec<Throw> {
        let mut out = vec![Throw::EMPTY];
        for _ in 0..self.count {
            let mut next = Vec::with_capacity(out.len() * usize::from(self.die.faces()));
            for partial in &out {
                for face in self.die.min_face()..=self.die.max_face() {
                    let mut t = *partial;
                    t.faces[usize::from(t.len)] = face;
                    t.len += 1;
                    next.push(t);
                }
            }
            out = next;
        }
        out
    }
}

impl fmt::Display for ThrowSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.die {
            Die::D4 => write!(f, "{}d4", self.count),
            Die::D6 => write!(f, "{}d6", self.count),
            Die::Stick => write!(f, "{} sticks", self.count),
        }
    }
}

/// The faces of one throw, in the order they were rolled.
///
/// A `Throw` is only a record of faces; [`Throw::new`] checks it against a [`ThrowSpec`].
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Throw {
    faces: [u8; Throw::MAX_DICE],
    len: u8,
}

impl Throw {
    /// The most dice or sticks one throw can have.
    pub const MAX_DICE: usize = 4;
    const EMPTY: Throw = Throw {
        faces: [0; Throw::MAX_DICE],
        len: 0,
    };

    /// A throw of the given faces, checked against `spec`.
    ///
    /// # Errors
    /// [`IllegalThrow`] when the number of faces or a face value does not fit the spec.
    ///
    /// ```
    /// use senet_engine::{Throw, ThrowSpec};
    /// let t = Throw::new(ThrowSpec::TWO_D6, &[3, 5])?;
    /// assert_eq!(t.faces(), &[3, 5]);
    /// assert!(Throw::new(ThrowSpec::TWO_D6, &[3, 7]).is_err());
    /// # Ok::<_, senet_engine::IllegalThrow>(())
    /// ```
    pub fn new(spec: ThrowSpec, faces: &[u8]) -> Result<Throw, IllegalThrow> {
        if faces.len() != usize::from(spec.count) {
            return Err(IllegalThrow::WrongCount {
                expected: spec.count,
                got: faces.len(),
            });
        }
        let mut t = Throw::EMPTY;
        for &face in faces {
            if !(spec.die.min_face()..=spec.die.max_face()).contains(&face) {
                return Err(IllegalThrow::FaceOutOfRange {
                    die: spec.die,
                    face,
                });
            }
            t.faces[usize::from(t.len)] = face;
            t.len += 1;
        }
        Ok(t)
    }

    /// A throw of the given faces, unchecked; `None` if more than [`Throw::MAX_DICE`] faces.
    ///
    /// Use [`Throw::new`] to check the faces against what the game asked for.
    pub fn from_faces(faces: &[u8]) -> Option<Throw> {
        if faces.len() > Throw::MAX_DICE {
            return None;
        }
        let mut t = Throw::EMPTY;
        t.faces[..faces.len()].copy_from_slice(faces);
        t.len = faces.len() as u8;
        Some(t)
    }

    /// The faces, in roll order.
    pub fn faces(&self) -> &[u8] {
        &self.faces[..usize::from(self.len)]
    }

    /// Sum of the faces.
    pub fn sum(&self) -> u8 {
        self.faces().iter().sum()
    }

    /// Checks this throw against `spec`.
    ///
    /// # Errors
    /// As [`Throw::new`].
    pub fn check(&self, spec: ThrowSpec) -> Result<(), IllegalThrow> {
        Throw::new(spec, self.faces()).map(|_| ())
    }
}

impl fmt::Debug for Throw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Throw({self})")
    }
}

/// Faces separated by single spaces, e.g. `3 5`.
impl fmt::Display for Throw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, face) in self.faces().iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "{face}")?;
        }
        Ok(())
    }
}

impl FromStr for Throw {
    type Err = IllegalThrow;

    /// Faces separated by spaces or commas; a run of digits with no separator (`1011`)
    /// is read one face per digit, which suits throwing sticks.
    fn from_str(s: &str) -> Result<Throw, IllegalThrow> {
        let parts: Vec<&str> = s.split([' ', ',']).filter(|p| !p.is_empty()).collect();
        let mut faces = Vec::new();
        if parts.len() == 1 && parts[0].len() > 1 {
            for c in parts[0].chars() {
                faces.push(c.to_digit(10).ok_or(IllegalThrow::Malformed)? as u8);
            }
        } else {
            for p in parts {
                faces.push(p.parse::<u8>().map_err(|_| IllegalThrow::Malformed)?);
            }
        }
        Throw::from_faces(&faces).ok_or(IllegalThrow::Malformed)
    }
}

impl Serialize for Throw {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.faces().serialize(s)
    }
}

impl<'de> Deserialize<'de> for Throw {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Throw, D::Error> {
        let faces = Vec::<u8>::deserialize(d)?;
        Throw::from_faces(&faces)
            .ok_or_else(|| serde::de::Error::custom("too many dice in a throw"))
    }
}

/// Why a throw was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum IllegalThrow {
    /// The game is not waiting for a throw.
    #[error("the game is not waiting for a throw")]
    NotExpected,
    /// The number of dice differs from what was asked for.
    #[error("expected {expected} dice, got {got}")]
    WrongCount {
        /// Dice asked for.
        expected: u8,
        /// Dice given.
        got: usize,
    },
    /// A face is not on the die.
    #[error("face {face} is not on a {die:?}")]
    FaceOutOfRange {
        /// The die.
        die: Die,
        /// The face given.
        face: u8,
    },
    /// The text is not a throw.
    #[error("not a throw")]
    Malformed,
}

/// The dice of a turn that are still to be played, for two-dice turns played one die at a time.
///
/// Order does not matter; a value may appear twice (doubles).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RemainingDice {
    values: [u8; 2],
    len: u8,
}

impl RemainingDice {
    /// No dice left.
    pub const NONE: RemainingDice = RemainingDice {
        values: [0; 2],
        len: 0,
    };

    /// The dice of a throw (at most two).
    ///
    /// # Panics
    /// If `faces` has more than two values.
    pub fn new(faces: &[u8]) -> RemainingDice {
        assert!(faces.len() <= 2, "RemainingDice holds at most two dice");
        let mut r = RemainingDice::NONE;
        r.values[..faces.len()].copy_from_slice(faces);
        r.len = faces.len() as u8;
        r
    }

    /// The dice left, in the order they were thrown.
    pub fn values(&self) -> &[u8] {
        &self.values[..usize::from(self.len)]
    }

    /// True when no die is left.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The number of dice left.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// True if a die showing `value` is left.
    pub fn contains(&self, value: u8) -> bool {
        self.values().contains(&value)
    }

    /// The distinct values left (a double counts once), for move generation.
    pub fn distinct(&self) -> impl Iterator<Item = u8> + '_ {
        let v = self.values();
        v.iter()
            .enumerate()
            .filter(move |(i, x)| !v[..*i].contains(x))
            .map(|(_, x)| *x)
    }

    /// Uses one die showing `value`; false (and nothing changes) if there is none.
    pub fn take(&mut self, value: u8) -> bool {
        match self.values().iter().position(|&v| v == value) {
            Some(i) => {
                self.values[i] = self.values[usize::from(self.len) - 1];
                self.len -= 1;
                let n = usize::from(self.len);
                self.values[n..].fill(0);
                true
            }
            None => false,
        }
    }

    /// Uses every die.
    pub fn clear(&mut self) {
        *self = RemainingDice::NONE;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn throw_parses_spaced_and_packed_faces() {
        assert_eq!("3 5".parse::<Throw>().unwrap().faces(), &[3, 5]);
        assert_eq!("1011".parse::<Throw>().unwrap().faces(), &[1, 0, 1, 1]);
        assert_eq!("4".parse::<Throw>().unwrap().faces(), &[4]);
        assert!("x".parse::<Throw>().is_err());
        assert!("1 2 3 4 5".parse::<Throw>().is_err());
    }

    #[test]
    fn throw_checks_its_spec() {
        assert!(Throw::new(ThrowSpec::FOUR_STICKS, &[0, 1, 1, 0]).is_ok());
        assert_eq!(
            Throw::new(ThrowSpec::FOUR_STICKS, &[0, 2, 1, 0]),
            Err(IllegalThrow::FaceOutOfRange {
                die: Die::Stick,
                face: 2
            })
        );
        assert_eq!(
            Throw::new(ThrowSpec::ONE_D6, &[1, 2]),
            Err(IllegalThrow::WrongCount {
                expected: 1,
                got: 2
            })
        );
    }

    #[test]
    fn remaining_dice_take_and_distinct() {
        let mut r = RemainingDice::new(&[3, 3]);
        assert_eq!(r.distinct().collect::<Vec<_>>(), vec![3]);
        assert!(r.take(3));
        assert_eq!(r.values(), &[3]);
        assert!(!r.take(4));
        assert!(r.take(3));
        assert!(r.is_empty());
        let r = RemainingDice::new(&[2, 5]);
        assert_eq!(r.distinct().collect::<Vec<_>>(), vec![2, 5]);
    }

    #[test]
    fn all_throws_enumerates_every_combination() {
        let all = ThrowSpec::TWO_D6.all_throws();
        assert_eq!(all.len(), 36);
        assert!(all.iter().all(|t| t.check(ThrowSpec::TWO_D6).is_ok()));
    }
}
