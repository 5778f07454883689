//! Blocks, reports and moderators (`docs/accounts.md`): a player blocks another (they are
//! never paired in quick games) or reports one; a moderator reads the reports and closes an
//! account.

use senet_protocol::{Detail, Reason, Username};
use senet_store::sql::account_rows::AccountRow;
use senet_store::sql::moderation_rows::ReportRow;
use webauthn_rs::prelude::Uuid;

use crate::account_error::AccountError;
use crate::accounts_service::Accounts;

impl Accounts {
    /// The open account with this name (any letter case).
    pub(crate) async fn named(&self, name: &str) -> Result<AccountRow, AccountError> {
        let key = Username::parse(name).map_err(|_| AccountError::NoSuchAccount)?;
        self.rows()?
            .account_by_username(key.key())
            .await?
            .filter(|a| a.closed_ms.is_none())
            .ok_or(AccountError::NoSuchAccount)
    }

    /// `account` blocks the account named `name`.
    ///
    /// # Errors
    /// [`AccountError::NoSuchAccount`], [`AccountError::Invalid`] for oneself; the store's.
    pub async fn block(&self, account: &AccountRow, name: &str) -> Result<(), AccountError> {
        let other = self.named(name).await?;
        if other.player_id == account.player_id {
            return Err(AccountError::Invalid(Detail::new(
                Reason::BlockSelf,
                "you cannot block yourself",
            )));
        }
        self.rows()?
            .block(&account.player_id, &other.player_id)
            .await?;
        Ok(())
    }

    /// `account` unblocks the account named `name`.
    ///
    /// # Errors
    /// [`AccountError::NoSuchAccount`]; the store's.
    pub async fn unblock(&self, account: &AccountRow, name: &str) -> Result<(), AccountError> {
        let other = self.named(name).await?;
        self.rows()?
            .unblock(&account.player_id, &other.player_id)
            .await?;
        Ok(())
    }

    /// The names `account` blocks.
    ///
    /// # Errors
    /// The store's.
    pub async fn blocked(&self, account: &AccountRow) -> Result<Vec<String>, AccountError> {
        Ok(self
            .rows()?
            .blocked(&account.player_id)
            .await?
            .into_iter()
            .map(|(_, name)| name)
            .collect())
    }

    /// The players `player_id` is never paired with: those it blocks, and those blocking it.
    ///
    /// # Errors
    /// The store's.
    pub async fn kept_apart(&self, player_id: &str) -> Result<Vec<String>, AccountError> {
        Ok(self.rows()?.kept_apart(player_id).await?)
    }

    /// `account` reports the account named `name` (about `match_id`, if given); the report's
    /// id. The reason is a chat text's length at most, normalised as chat is.
    ///
    /// # Errors
    /// [`AccountError::NoSuchAccount`], [`AccountError::Invalid`] for an empty or long
    /// reason or an unknown match; the store's.
    pub async fn report(
        &self,
        account: &AccountRow,
        name: &str,
        match_id: Option<&str>,
        reason: &str,
    ) -> Result<String, AccountError> {
        let reason = senet_protocol::text::normalise(reason).map_err(|_| {
            AccountError::Invalid(
                Detail::new(Reason::ReportWhy, "say why, in 1 to 300 characters")
                    .with("max", senet_protocol::text::MAX_CHARS),
            )
        })?;
        let other = self.named(name).await?;
        let match_id = match match_id.filter(|m| !m.is_empty()) {
            Some(m) if self.rows()?.has_match(m).await? => Some(m),
            Some(_) => {
                return Err(AccountError::Invalid(Detail::new(
                    Reason::ReportMatch,
                    "no such match",
                )));
            }
            None => None,
        };
        let id = Uuid::new_v4().to_string();
        self.rows()?
            .report(&id, &account.player_id, &other.player_id, match_id, &reason)
            .await?;
        tracing::info!(report = %id, "a player was reported");
        Ok(id)
    }

    fn moderator(account: &AccountRow) -> Result<(), AccountError> {
        if account.role == "moderator" {
            Ok(())
        } else {
            Err(AccountError::NotModerator)
        }
    }

    /// The newest reports, for a moderator.
    ///
    /// # Errors
    /// [`AccountError::NotModerator`]; the store's.
    pub async fn reports(&self, account: &AccountRow) -> Result<Vec<ReportRow>, AccountError> {
        Accounts::moderator(account)?;
        Ok(self.rows()?.reports().await?)
    }

    /// A moderator closes the account named `name`: it signs in no more, and every session
    /// of it ends.
    ///
    /// # Errors
    /// [`AccountError::NotModerator`], [`AccountError::NoSuchAccount`]; the store's.
    pub async fn close(&self, account: &AccountRow, name: &str) -> Result<(), AccountError> {
        Accounts::moderator(account)?;
        let other = self.named(name).await?;
        self.rows()?.close_account(&other.player_id).await?;
        tracing::info!(moderator = %account.player_id, closed = %other.player_id, "account closed");
        Ok(())
    }

    /// A moderator silences the account named `name` (`true`), or lifts it: a silenced
    /// account signs in and plays, but cannot chat (in any seat it holds, or watching) or
    /// challenge anyone.
    ///
    /// # Errors
    /// [`AccountError::NotModerator`], [`AccountError::NoSuchAccount`]; the store's.
    pub async fn silence(
        &self,
        account: &AccountRow,
        name: &str,
        silenced: bool,
    ) -> Result<(), AccountError> {
        Accounts::moderator(account)?;
        let other = self.named(name).await?;
        self.rows()?
            .set_silenced(&other.player_id, silenced)
            .await?;
        tracing::info!(moderator = %account.player_id, account = %other.player_id, silenced, "silence set");
        Ok(())
    }

    /// Whether seat `seat` of match `match_id` is held by a silenced account (false
    /// without a SQL store, which keeps no accounts).
    ///
    /// # Errors
    /// The store's.
    pub async fn seat_silenced(&self, match_id: &str, seat: u8) -> Result<bool, AccountError> {
        match self.rows() {
            Ok(rows) => Ok(rows.seat_silenced(match_id, seat).await?),
            Err(_) => Ok(false),
        }
    }

    /// Makes the account named `name` a moderator (`true`) or a player again: for the
    /// operator's command line, never a route.
    ///
    /// # Errors
    /// [`AccountError::NoSuchAccount`]; the store's.
    pub async fn set_moderator(&self, name: &str, moderator: bool) -> Result<(), AccountError> {
        let key = Username::parse(name).map_err(|_| AccountError::NoSuchAccount)?;
        let role = if moderator { "moderator" } else { "player" };
        if self.rows()?.set_role(key.key(), role).await? {
            Ok(())
        } else {
            Err(AccountError::NoSuchAccount)
        }
    }
}
