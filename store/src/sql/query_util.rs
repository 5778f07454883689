//! Small helpers of every query: which database it is ([`Backend`]), placeholders and their binding for the `Any` driver, an
//! integer column whatever its width, and a database error told apart by whether anything
//! may have been written.

use sqlx::Row;
use sqlx::any::AnyRow;

use crate::store_error::StoreError;

/// Which database is behind the pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    /// An embedded SQLite file.
    Sqlite,
    /// A Postgres server.
    Postgres,
}

/// `$first,$first+1,…`: `n` placeholders for values bound one by one (the `Any` driver binds
/// no arrays), as in `IN (…)`.
pub(super) fn placeholders(first: usize, n: usize) -> String {
    (first..first + n)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// `q` with each of `ids` bound, in order (to the placeholders of [`placeholders`]).
pub(super) fn bind_all<'q, S: AsRef<str>>(
    mut q: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    ids: &'q [S],
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    for id in ids {
        q = q.bind(id.as_ref());
    }
    q
}

/// A database error, told apart by whether anything may have been written.
pub(super) fn err(e: sqlx::Error) -> StoreError {
    match e {
        // Refused before or by the database: the statement or transaction did not happen.
        sqlx::Error::PoolTimedOut
        | sqlx::Error::PoolClosed
        | sqlx::Error::Database(_)
        | sqlx::Error::Configuration(_)
        | sqlx::Error::ColumnNotFound(_)
        | sqlx::Error::ColumnDecode { .. }
        | sqlx::Error::Decode(_)
        | sqlx::Error::TypeNotFound { .. } => StoreError::Refused(e.to_string()),
        _ => StoreError::Unknown(e.to_string()),
    }
}

/// Nothing was done (the store could not be opened, or the request never reached it).
pub(super) fn refused(e: impl std::fmt::Display) -> StoreError {
    StoreError::Refused(e.to_string())
}

/// Reads an integer column whatever its width.
pub fn int(r: &AnyRow, col: &str) -> Result<i64, StoreError> {
    r.try_get::<i64, _>(col).map_err(err)
}
