//! Players among themselves (`docs/accounts.md`, "Challenges" and "Who is online"): an
//! account follows others to see whether they are online or playing, and challenges one by
//! name. A challenge holds the match's terms (checked by the server before it is sent) and
//! waits for its answer; the server makes the match when it is accepted.

use senet_protocol::{Detail, Reason};
use senet_store::sql::account_rows::AccountRow;
use senet_store::sql::people_rows::{ChallengeRow, FollowedRow};
use webauthn_rs::prelude::Uuid;

use crate::account_error::AccountError;
use crate::accounts_service::Accounts;

/// How long a challenge waits for its answer.
pub const CHALLENGE_TTL_MS: i64 = 10 * 60 * 1000;
/// How many unanswered challenges one account may have sent at once.
pub const OPEN_CHALLENGES: i64 = 10;

/// What the challenged player (or, for [`Answer::Cancel`], the challenger) says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The challenged player takes it: the server makes the match.
    Accept,
    /// The challenged player does not.
    Decline,
    /// The challenger takes it back.
    Cancel,
}

impl Answer {
    /// The state the challenge moves to.
    pub fn state(self) -> &'static str {
        match self {
            Answer::Accept => "accepted",
            Answer::Decline => "declined",
            Answer::Cancel => "cancelled",
        }
    }
}

impl Accounts {
    /// `account` follows the account named `name`.
    ///
    /// # Errors
    /// [`AccountError::NoSuchAccount`], [`AccountError::Invalid`] for oneself; the store's.
    pub async fn follow(&self, account: &AccountRow, name: &str) -> Result<(), AccountError> {
        let other = self.named(name).await?;
        if other.player_id == account.player_id {
            return Err(AccountError::Invalid(Detail::new(
                Reason::FollowSelf,
                "you cannot follow yourself",
            )));
        }
        self.rows()?
            .follow(&account.player_id, &other.player_id)
            .await?;
        Ok(())
    }

    /// `account` stops following the account named `name`.
    ///
    /// # Errors
    /// [`AccountError::NoSuchAccount`]; the store's.
    pub async fn unfollow(&self, account: &AccountRow, name: &str) -> Result<(), AccountError> {
        let other = self.named(name).await?;
        self.rows()?
            .unfollow(&account.player_id, &other.player_id)
            .await?;
        Ok(())
    }

    /// The open accounts `account` follows, by name.
    ///
    /// # Errors
    /// The store's.
    pub async fn followed(&self, account: &AccountRow) -> Result<Vec<FollowedRow>, AccountError> {
        Ok(self.rows()?.followed(&account.player_id).await?)
    }

    /// Whether `player_id` is kept apart (a block, either way) from a player seated in match
    /// `match_id`: then it may not take a seat there.
    ///
    /// # Errors
    /// The store's.
    pub async fn blocked_at_table(
        &self,
        player_id: &str,
        match_id: &str,
    ) -> Result<bool, AccountError> {
        let rows = self.rows()?;
        let apart = rows.kept_apart(player_id).await?;
        if apart.is_empty() {
            return Ok(false);
        }
        Ok(rows
            .seated_players(match_id)
            .await?
            .iter()
            .any(|p| apart.contains(p)))
    }

    /// The open account named `name` (any letter case), if any.
    ///
    /// # Errors
    /// The store's.
    pub async fn account_named(&self, name: &str) -> Result<Option<AccountRow>, AccountError> {
        match self.named(name).await {
            Ok(a) => Ok(Some(a)),
            Err(AccountError::NoSuchAccount) => Ok(None),
            Err(e) => Err(e),
        }
    }

    /// The account of `player_id`, open or closed.
    ///
    /// # Errors
    /// The store's.
    pub async fn account_of(&self, player_id: &str) -> Result<Option<AccountRow>, AccountError> {
        Ok(self.rows()?.account(player_id).await?)
    }

    /// Of `player_ids`, those seated in a match being played: (player id, match id, public).
    ///
    /// # Errors
    /// The store's.
    pub async fn playing(
        &self,
        player_ids: &[String],
    ) -> Result<Vec<(String, String, bool)>, AccountError> {
        Ok(self.rows()?.playing(player_ids).await?)
    }

    /// `account` challenges the account named `name` to a match on `terms` (JSON the server
    /// checked); the challenge as kept, open for [`CHALLENGE_TTL_MS`].
    ///
    /// # Errors
    /// [`AccountError::Silenced`]; [`AccountError::NoSuchAccount`]; [`AccountError::Invalid`]
    /// for oneself; [`AccountError::ChallengeRefused`] when either blocks the other;
    /// [`AccountError::TooManyChallenges`] past [`OPEN_CHALLENGES`]; the store's.
    pub async fn challenge(
        &self,
        account: &AccountRow,
        name: &str,
        terms: &str,
    ) -> Result<ChallengeRow, AccountError> {
        if account.silenced_ms.is_some() {
            return Err(AccountError::Silenced);
        }
        let other = self.named(name).await?;
        if other.player_id == account.player_id {
            return Err(AccountError::Invalid(Detail::new(
                Reason::ChallengeSelf,
                "you cannot challenge yourself",
            )));
        }
        let rows = self.rows()?;
        if rows
            .kept_apart(&account.player_id)
            .await?
            .contains(&other.player_id)
        {
            return Err(AccountError::ChallengeRefused);
        }
        let open = rows.open_challenges_from(&account.player_id).await?;
        if open >= OPEN_CHALLENGES {
            return Err(AccountError::TooManyChallenges(open));
        }
        let id = Uuid::new_v4().to_string();
        let expires = senet_protocol::time::now_ms() + CHALLENGE_TTL_MS;
        rows.send_challenge(&id, &account.player_id, &other.player_id, terms, expires)
            .await?;
        // Old challenges (and the seat tokens they held) go as new ones come.
        rows.forget_challenges(senet_protocol::time::now_ms())
            .await?;
        rows.challenge(&id)
            .await?
            .ok_or_else(|| AccountError::Internal("a challenge just kept is not there".into()))
    }

    /// The challenges to or from `account` that have not expired, newest first.
    ///
    /// # Errors
    /// The store's.
    pub async fn challenges(
        &self,
        account: &AccountRow,
    ) -> Result<Vec<ChallengeRow>, AccountError> {
        Ok(self.rows()?.challenges_of(&account.player_id).await?)
    }

    /// The challenge `id` as `account` may see it (theirs, either side, not expired).
    ///
    /// # Errors
    /// [`AccountError::ChallengeGone`] when it is not; the store's.
    pub async fn challenge_of(
        &self,
        account: &AccountRow,
        id: &str,
    ) -> Result<ChallengeRow, AccountError> {
        self.rows()?
            .challenge(id)
            .await?
            .filter(|c| c.from_id == account.player_id || c.to_id == account.player_id)
            .filter(|c| c.expires_ms > senet_protocol::time::now_ms())
            .ok_or(AccountError::ChallengeGone)
    }

    /// `account` answers the open challenge `id`: the challenge as it is now. Of two
    /// answers at once, one alone moves it.
    ///
    /// # Errors
    /// [`AccountError::ChallengeGone`] when it is not open (answered, cancelled, expired) or
    /// not `account`'s to answer that way; the store's.
    pub async fn answer_challenge(
        &self,
        account: &AccountRow,
        id: &str,
        answer: Answer,
    ) -> Result<ChallengeRow, AccountError> {
        let rows = self.rows()?;
        if !rows
            .answer_challenge(id, &account.player_id, answer.state())
            .await?
        {
            return Err(AccountError::ChallengeGone);
        }
        rows.challenge(id).await?.ok_or(AccountError::ChallengeGone)
    }

    /// Records the match an accepted challenge made, and the challenger's seat token for
    /// the challenger's page to collect.
    ///
    /// # Errors
    /// The store's.
    pub async fn challenge_made(
        &self,
        id: &str,
        match_id: &str,
        from_token: &str,
    ) -> Result<(), AccountError> {
        Ok(self
            .rows()?
            .challenge_match(id, match_id, from_token)
            .await?)
    }
}
