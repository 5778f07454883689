//! [`StoreError`]: why the store did not do what it was asked, told apart by whether the
//! write may have happened all the same.

/// Why the store did not do what it was asked.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StoreError {
    /// Nothing was written: the database refused the write (a constraint) or could not be
    /// reached before anything was sent.
    #[error("the event store refused: {0}")]
    Refused(String),
    /// The write may or may not have happened (the connection broke during it, or a commit's
    /// answer was lost): [`EventStore::stored_count`](crate::EventStore::stored_count) tells.
    #[error("the event store did not answer: {0}")]
    Unknown(String),
    /// Nothing was written: this node no longer holds the lease of the match (another node
    /// took it over: `docs/cluster.md`).
    #[error("this node no longer owns match {0}")]
    Fenced(String),
}

impl StoreError {
    /// Whether the write may have happened all the same.
    pub fn outcome_unknown(&self) -> bool {
        matches!(self, StoreError::Unknown(_))
    }
}
