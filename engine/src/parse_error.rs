//! [`ParseError`]: why a text is not what it should be, for every reader in the crate.

/// Why a text is not a position or a move of a variant.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ParseError(pub String);

impl ParseError {
    /// An error with the given message.
    pub fn new(msg: impl Into<String>) -> ParseError {
        ParseError(msg.into())
    }
}
