//! Wrong passwords, counted against the name tried and the address (migration 0010's
//! `sign_in_failures`): rows, so that every node counts the same ones.

use sqlx::Row;

use super::query_util::{err, int};
use super::sql_store::SqlStore;
use crate::store_error::StoreError;
use senet_protocol::time::now_ms;

/// Wrong passwords of a subject (a name, an address) since a time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Failures {
    /// How many.
    pub count: i64,
    /// When the oldest was (Unix ms), if any.
    pub oldest_ms: Option<i64>,
}

impl SqlStore {
    /// The wrong passwords of each of `subjects` since `since_ms`, in their order.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn sign_in_failures(
        &self,
        subjects: &[&str],
        since_ms: i64,
    ) -> Result<Vec<Failures>, StoreError> {
        let mut out = Vec::with_capacity(subjects.len());
        for subject in subjects {
            let row = sqlx::query(
                "SELECT COUNT(*) AS n, MIN(at_ms) AS oldest FROM sign_in_failures \
                 WHERE subject = $1 AND at_ms >= $2",
            )
            .bind(*subject)
            .bind(since_ms)
            .fetch_one(self.pool())
            .await
            .map_err(err)?;
            out.push(Failures {
                count: int(&row, "n")?,
                oldest_ms: row.try_get::<Option<i64>, _>("oldest").map_err(err)?,
            });
        }
        Ok(out)
    }

    /// Counts a wrong password against each of `subjects`, and forgets the failures from
    /// before `forget_before_ms`.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn sign_in_failed(
        &self,
        subjects: &[&str],
        forget_before_ms: i64,
    ) -> Result<(), StoreError> {
        let now = now_ms();
        let mut tx = self.pool().begin().await.map_err(err)?;
        sqlx::query("DELETE FROM sign_in_failures WHERE at_ms < $1")
            .bind(forget_before_ms)
            .execute(&mut *tx)
            .await
            .map_err(err)?;
        for subject in subjects {
            sqlx::query("INSERT INTO sign_in_failures (subject, at_ms) VALUES ($1, $2)")
                .bind(*subject)
                .bind(now)
                .execute(&mut *tx)
                .await
                .map_err(err)?;
        }
        tx.commit().await.map_err(err)?;
        Ok(())
    }

    /// Forgets a subject's wrong passwords (a right one was given).
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn sign_in_failures_cleared(&self, subject: &str) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM sign_in_failures WHERE subject = $1")
            .bind(subject)
            .execute(self.pool())
            .await
            .map_err(err)?;
        Ok(())
    }
}
