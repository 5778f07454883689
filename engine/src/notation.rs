//! The `FROM-TO` / `FROM-off` move notation that `jequier`, `pyramid` and `parker` share.
//!
//! Only the shape is read here; each variant checks the numbers against its own board.

use std::fmt;

/// Where a `FROM-TO` move ends: a square number, or `off`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum To {
    /// A square, as written (not yet range-checked).
    Square(u8),
    /// `off`: bearing off.
    Off,
}

/// Reads `FROM-TO` or `FROM-off`: the text before the first `-` is the starting square,
/// the rest a square or `off`. Numbers are read as [`u8`] reads them; `None` if either part
/// is not one.
pub(crate) fn parse_from_to(s: &str) -> Option<(u8, To)> {
    let (a, b) = s.split_once('-')?;
    let from = a.parse().ok()?;
    let to = if b == "off" {
        To::Off
    } else {
        To::Square(b.parse().ok()?)
    };
    Some((from, to))
}

/// Writes `FROM-TO`, or `FROM-off` when `to` is `None`.
pub(crate) fn write_from_to(f: &mut fmt::Formatter<'_>, from: u8, to: Option<u8>) -> fmt::Result {
    match to {
        Some(to) => write!(f, "{from}-{to}"),
        None => write!(f, "{from}-off"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_both_forms() {
        assert_eq!(parse_from_to("19-21"), Some((19, To::Square(21))));
        assert_eq!(parse_from_to("27-off"), Some((27, To::Off)));
        for bad in ["", "1", "-2", "1-", "a-2", "1-b", "1-2-3", "1-OFF", "300-1"] {
            assert_eq!(parse_from_to(bad), None, "{bad}");
        }
    }
}
