//! The accounts' tables (migration 0010): accounts, their passkeys, their sessions, and the
//! passkey ceremonies between start and finish (`docs/accounts.md`). The store keeps a
//! passkey and a ceremony's state as the accounts crate wrote them (JSON) and never reads
//! their meaning; secrets arrive already digested.

use sqlx::any::AnyRow;
use sqlx::{Any, Row, Transaction};

use super::query_util::{err, int};
use super::sql_store::SqlStore;
use crate::store_error::StoreError;
use senet_protocol::time::now_ms;

/// An account as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountRow {
    /// The account's player: its ratings, games and series.
    pub player_id: String,
    /// The name as its owner wrote it.
    pub username: String,
    /// The WebAuthn user handle (a UUID).
    pub webauthn_id: String,
    /// The password's PHC string, if the account has one.
    pub password_hash: Option<String>,
    /// `player` or `moderator`.
    pub role: String,
    /// When it was made (Unix ms).
    pub created_ms: i64,
    /// When a moderator closed it, if one did.
    pub closed_ms: Option<i64>,
    /// When a moderator silenced it, if one did (and has not lifted it).
    pub silenced_ms: Option<i64>,
}

/// A passkey of an account as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PasskeyRow {
    /// The credential id (base64url).
    pub id: String,
    /// The account's name for it.
    pub name: String,
    /// The credential as the accounts crate keeps it (JSON).
    pub passkey: String,
    /// When it was added (Unix ms).
    pub created_ms: i64,
    /// When it last signed in (Unix ms), if ever.
    pub last_used_ms: Option<i64>,
}

/// A new account, written whole or not at all ([`SqlStore::create_account`]).
#[derive(Debug)]
pub struct NewAccount<'a> {
    /// The player id of a new player (unused when claiming).
    pub new_player_id: &'a str,
    /// The name as written, its lower-case key and its look.
    pub username: &'a str,
    /// See [`NewAccount::username`].
    pub username_key: &'a str,
    /// See [`NewAccount::username`].
    pub username_look: &'a str,
    /// The WebAuthn user handle.
    pub webauthn_id: &'a str,
    /// The password's PHC string, if signed up with one.
    pub password_hash: Option<&'a str>,
    /// A browser's player key (its digest) to claim: the account becomes that player.
    pub claim_key_hash: Option<&'a str>,
    /// What replaces a claimed key's digest: the digest of a secret nobody holds.
    pub retired_key_hash: &'a str,
    /// The first passkey: (credential id, name, JSON), if signed up with one.
    pub passkey: Option<(&'a str, &'a str, &'a str)>,
    /// The digest of the first session's secret.
    pub session_hash: &'a str,
}

/// What became of a sign-up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AccountMade {
    /// Made, for this player.
    Made(String),
    /// The name, or one that looks the same, is an account's already.
    NameTaken,
    /// The key to claim is no player's (or was claimed already).
    UnknownKey,
    /// The passkey is registered already (to this or another account).
    PasskeyTaken,
}

/// What became of removing a passkey.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PasskeyRemoved {
    /// Gone.
    Removed,
    /// The account has no such passkey.
    NotFound,
    /// It is the account's only way to sign in.
    LastWayIn,
}

/// An account's columns, of the table as `a` (every read of accounts names it so).
const ACCOUNT_COLUMNS: &str = "a.player_id, a.username, a.webauthn_id, a.password_hash, \
     a.role, a.created_ms, a.closed_ms, a.silenced_ms";

fn account(r: &AnyRow) -> Result<AccountRow, StoreError> {
    Ok(AccountRow {
        player_id: r.try_get("player_id").map_err(err)?,
        username: r.try_get("username").map_err(err)?,
        webauthn_id: r.try_get("webauthn_id").map_err(err)?,
        password_hash: r.try_get("password_hash").map_err(err)?,
        role: r.try_get("role").map_err(err)?,
        created_ms: int(r, "created_ms")?,
        closed_ms: r.try_get::<Option<i64>, _>("closed_ms").map_err(err)?,
        silenced_ms: r.try_get::<Option<i64>, _>("silenced_ms").map_err(err)?,
    })
}

fn is_unique_violation(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

impl SqlStore {
    /// Makes an account, its player (or takes the claimed one), its first passkey and its
    /// first session, in one transaction: all of it or nothing.
    ///
    /// # Errors
    /// When the database cannot be reached or refuses for another reason than the ones
    /// [`AccountMade`] names.
    pub async fn create_account(&self, new: &NewAccount<'_>) -> Result<AccountMade, StoreError> {
        let mut tx = self.pool().begin().await.map_err(err)?;
        let made = create_in(&mut tx, new).await?;
        if matches!(made, AccountMade::Made(_)) {
            tx.commit().await.map_err(err)?;
        }
        Ok(made)
    }

    /// Whether a name with this key or this look is an account's.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn username_taken(&self, key: &str, look: &str) -> Result<bool, StoreError> {
        let row = sqlx::query(
            "SELECT 1 AS taken FROM accounts WHERE username_key = $1 OR username_look = $2",
        )
        .bind(key)
        .bind(look)
        .fetch_optional(self.pool())
        .await
        .map_err(err)?;
        Ok(row.is_some())
    }

    /// The player a browser's player key (its digest) is, unless it is an account's already.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn claimable_player(
        &self,
        key_hash: &str,
    ) -> Result<Option<(String, String)>, StoreError> {
        let row = sqlx::query(
            "SELECT p.id, p.name FROM players p \
             WHERE p.key_hash = $1 AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.player_id = p.id)",
        )
        .bind(key_hash)
        .fetch_optional(self.pool())
        .await
        .map_err(err)?;
        row.map(|r| {
            Ok((
                r.try_get("id").map_err(err)?,
                r.try_get("name").map_err(err)?,
            ))
        })
        .transpose()
    }

    /// The account with this lower-case name key.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn account_by_username(&self, key: &str) -> Result<Option<AccountRow>, StoreError> {
        self.account_where("username_key = $1", key).await
    }

    /// The account with this WebAuthn user handle.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn account_by_webauthn_id(
        &self,
        webauthn_id: &str,
    ) -> Result<Option<AccountRow>, StoreError> {
        self.account_where("webauthn_id = $1", webauthn_id).await
    }

    /// The account of a player.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn account(&self, player_id: &str) -> Result<Option<AccountRow>, StoreError> {
        self.account_where("player_id = $1", player_id).await
    }

    async fn account_where(
        &self,
        condition: &str,
        value: &str,
    ) -> Result<Option<AccountRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {ACCOUNT_COLUMNS} FROM accounts a WHERE {condition}"
        ))
        .bind(value)
        .fetch_optional(self.pool())
        .await
        .map_err(err)?;
        row.as_ref().map(account).transpose()
    }

    /// The account a session (its secret's digest) is signed in to, if the session exists.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn session_account(
        &self,
        token_hash: &str,
    ) -> Result<Option<AccountRow>, StoreError> {
        let row = sqlx::query(&format!(
            "SELECT {ACCOUNT_COLUMNS} FROM accounts a JOIN sessions s ON s.player_id = a.player_id \
             WHERE s.token_hash = $1 AND a.closed_ms IS NULL"
        ))
        .bind(token_hash)
        .fetch_optional(self.pool())
        .await
        .map_err(err)?;
        row.as_ref().map(account).transpose()
    }

    /// Opens a session of an account.
    ///
    /// # Errors
    /// When the database refuses it (no such account) or cannot be reached.
    pub async fn open_session(&self, token_hash: &str, player_id: &str) -> Result<(), StoreError> {
        let now = now_ms();
        sqlx::query(
            "INSERT INTO sessions (token_hash, player_id, created_ms, seen_ms) VALUES ($1, $2, $3, $3)",
        )
        .bind(token_hash)
        .bind(player_id)
        .bind(now)
        .execute(self.pool())
        .await
        .map_err(err)?;
        Ok(())
    }

    /// Ends a session; whether there was one.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn end_session(&self, token_hash: &str) -> Result<bool, StoreError> {
        let done = sqlx::query("DELETE FROM sessions WHERE token_hash = $1")
            .bind(token_hash)
            .execute(self.pool())
            .await
            .map_err(err)?;
        Ok(done.rows_affected() > 0)
    }

    /// Ends every session of an account; how many there were.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn end_sessions(&self, player_id: &str) -> Result<u64, StoreError> {
        let done = sqlx::query("DELETE FROM sessions WHERE player_id = $1")
            .bind(player_id)
            .execute(self.pool())
            .await
            .map_err(err)?;
        Ok(done.rows_affected())
    }

    /// An account's passkeys, oldest first.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn passkeys(&self, player_id: &str) -> Result<Vec<PasskeyRow>, StoreError> {
        let rows = sqlx::query(
            "SELECT id, name, passkey, created_ms, last_used_ms FROM passkeys \
             WHERE player_id = $1 ORDER BY created_ms, id",
        )
        .bind(player_id)
        .fetch_all(self.pool())
        .await
        .map_err(err)?;
        rows.iter()
            .map(|r| {
                Ok(PasskeyRow {
                    id: r.try_get("id").map_err(err)?,
                    name: r.try_get("name").map_err(err)?,
                    passkey: r.try_get("passkey").map_err(err)?,
                    created_ms: int(r, "created_ms")?,
                    last_used_ms: r.try_get::<Option<i64>, _>("last_used_ms").map_err(err)?,
                })
            })
            .collect()
    }

    /// The account a passkey (its credential id) belongs to, and the passkey's JSON.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn passkey(&self, id: &str) -> Result<Option<(String, String)>, StoreError> {
        let row = sqlx::query("SELECT player_id, passkey FROM passkeys WHERE id = $1")
            .bind(id)
            .fetch_optional(self.pool())
            .await
            .map_err(err)?;
        row.map(|r| {
            Ok((
                r.try_get("player_id").map_err(err)?,
                r.try_get("passkey").map_err(err)?,
            ))
        })
        .transpose()
    }

    /// Adds a passkey to an account; false when that credential is registered already.
    ///
    /// # Errors
    /// When the database refuses it for another reason or cannot be reached.
    pub async fn add_passkey(
        &self,
        player_id: &str,
        id: &str,
        name: &str,
        passkey: &str,
    ) -> Result<bool, StoreError> {
        match insert_passkey(self.pool(), player_id, id, name, passkey).await {
            Ok(()) => Ok(true),
            Err(e) if is_unique_violation(&e) => Ok(false),
            Err(e) => Err(err(e)),
        }
    }

    /// Keeps a passkey's new state (its counter) after a sign-in with it.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn passkey_used(&self, id: &str, passkey: &str) -> Result<(), StoreError> {
        sqlx::query("UPDATE passkeys SET passkey = $1, last_used_ms = $2 WHERE id = $3")
            .bind(passkey)
            .bind(now_ms())
            .bind(id)
            .execute(self.pool())
            .await
            .map_err(err)?;
        Ok(())
    }

    /// Removes a passkey of an account, unless it is the account's only way to sign in.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn remove_passkey(
        &self,
        player_id: &str,
        id: &str,
    ) -> Result<PasskeyRemoved, StoreError> {
        let mut tx = self.pool().begin().await.map_err(err)?;
        let ways = sqlx::query(
            "SELECT (SELECT COUNT(*) FROM passkeys WHERE player_id = $1) AS keys, \
             (SELECT COUNT(*) FROM passkeys WHERE player_id = $1 AND id = $2) AS this, \
             (SELECT COUNT(*) FROM accounts WHERE player_id = $1 AND password_hash IS NOT NULL) AS password",
        )
        .bind(player_id)
        .bind(id)
        .fetch_one(&mut *tx)
        .await
        .map_err(err)?;
        if int(&ways, "this")? == 0 {
            return Ok(PasskeyRemoved::NotFound);
        }
        if int(&ways, "keys")? + int(&ways, "password")? <= 1 {
            return Ok(PasskeyRemoved::LastWayIn);
        }
        sqlx::query("DELETE FROM passkeys WHERE player_id = $1 AND id = $2")
            .bind(player_id)
            .bind(id)
            .execute(&mut *tx)
            .await
            .map_err(err)?;
        tx.commit().await.map_err(err)?;
        Ok(PasskeyRemoved::Removed)
    }

    /// Keeps a ceremony's state until `expires_ms`, and forgets the expired ones.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn begin_ceremony(
        &self,
        id: &str,
        kind: &str,
        state: &str,
        expires_ms: i64,
    ) -> Result<(), StoreError> {
        sqlx::query("DELETE FROM ceremonies WHERE expires_ms < $1")
            .bind(now_ms())
            .execute(self.pool())
            .await
            .map_err(err)?;
        sqlx::query("INSERT INTO ceremonies (id, kind, state, expires_ms) VALUES ($1, $2, $3, $4)")
            .bind(id)
            .bind(kind)
            .bind(state)
            .bind(expires_ms)
            .execute(self.pool())
            .await
            .map_err(err)?;
        Ok(())
    }

    /// Takes a ceremony of `kind` (once: a second take finds nothing), unless it expired.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn take_ceremony(&self, id: &str, kind: &str) -> Result<Option<String>, StoreError> {
        let row = sqlx::query(
            "DELETE FROM ceremonies WHERE id = $1 AND kind = $2 RETURNING state, expires_ms",
        )
        .bind(id)
        .bind(kind)
        .fetch_optional(self.pool())
        .await
        .map_err(err)?;
        let Some(row) = row else { return Ok(None) };
        if int(&row, "expires_ms")? < now_ms() {
            return Ok(None);
        }
        Ok(Some(row.try_get("state").map_err(err)?))
    }
}

async fn insert_passkey<'e, E: sqlx::Executor<'e, Database = Any>>(
    on: E,
    player_id: &str,
    id: &str,
    name: &str,
    passkey: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO passkeys (id, player_id, name, passkey, created_ms) VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(id)
    .bind(player_id)
    .bind(name)
    .bind(passkey)
    .bind(now_ms())
    .execute(on)
    .await
    .map(|_| ())
}

async fn create_in(
    tx: &mut Transaction<'static, Any>,
    new: &NewAccount<'_>,
) -> Result<AccountMade, StoreError> {
    let now = now_ms();
    let player_id = match new.claim_key_hash {
        Some(key_hash) => {
            // The key must still be the player's, and the player no account's.
            let row = sqlx::query(
                "SELECT p.id FROM players p WHERE p.key_hash = $1 \
                 AND NOT EXISTS (SELECT 1 FROM accounts a WHERE a.player_id = p.id)",
            )
            .bind(key_hash)
            .fetch_optional(&mut **tx)
            .await
            .map_err(err)?;
            let Some(row) = row else {
                return Ok(AccountMade::UnknownKey);
            };
            let id: String = row.try_get("id").map_err(err)?;
            sqlx::query("UPDATE players SET name = $1, key_hash = $2 WHERE id = $3")
                .bind(new.username)
                .bind(new.retired_key_hash)
                .bind(&id)
                .execute(&mut **tx)
                .await
                .map_err(err)?;
            id
        }
        None => {
            sqlx::query(
                "INSERT INTO players (id, name, key_hash, created_ms) VALUES ($1, $2, $3, $4)",
            )
            .bind(new.new_player_id)
            .bind(new.username)
            .bind(new.retired_key_hash)
            .bind(now)
            .execute(&mut **tx)
            .await
            .map_err(err)?;
            new.new_player_id.to_owned()
        }
    };
    let inserted = sqlx::query(
        "INSERT INTO accounts (player_id, username, username_key, username_look, webauthn_id, \
         password_hash, created_ms) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&player_id)
    .bind(new.username)
    .bind(new.username_key)
    .bind(new.username_look)
    .bind(new.webauthn_id)
    .bind(new.password_hash)
    .bind(now)
    .execute(&mut **tx)
    .await;
    match inserted {
        Ok(_) => {}
        Err(e) if is_unique_violation(&e) => return Ok(AccountMade::NameTaken),
        Err(e) => return Err(err(e)),
    }
    if let Some((id, name, passkey)) = new.passkey {
        match insert_passkey(&mut **tx, &player_id, id, name, passkey).await {
            Ok(()) => {}
            Err(e) if is_unique_violation(&e) => return Ok(AccountMade::PasskeyTaken),
            Err(e) => return Err(err(e)),
        }
    }
    sqlx::query(
        "INSERT INTO sessions (token_hash, player_id, created_ms, seen_ms) VALUES ($1, $2, $3, $3)",
    )
    .bind(new.session_hash)
    .bind(&player_id)
    .bind(now)
    .execute(&mut **tx)
    .await
    .map_err(err)?;
    Ok(AccountMade::Made(player_id))
}

/// The name a deleted account's player keeps, in its past games.
pub const DELETED_PLAYER: &str = "deleted player";

impl SqlStore {
    /// Deletes an account, in one transaction: its sessions, passkeys, blocks, follows,
    /// challenges and ratings go; its
    /// player stays, for the games it played, named [`DELETED_PLAYER`] there and everywhere
    /// (its seats' chat lines too),
    /// with a key nobody holds (`retired_key_hash`). False when there was no such account.
    ///
    /// # Errors
    /// When the database cannot be reached.
    pub async fn delete_account(
        &self,
        player_id: &str,
        retired_key_hash: &str,
    ) -> Result<bool, StoreError> {
        let mut tx = self.pool().begin().await.map_err(err)?;
        for statement in [
            "DELETE FROM sessions WHERE player_id = $1",
            "DELETE FROM passkeys WHERE player_id = $1",
            "DELETE FROM blocks WHERE player_id = $1 OR blocked_id = $1",
            "DELETE FROM follows WHERE player_id = $1 OR followed_id = $1",
            "DELETE FROM challenges WHERE from_id = $1 OR to_id = $1",
        ] {
            sqlx::query(statement)
                .bind(player_id)
                .execute(&mut *tx)
                .await
                .map_err(err)?;
        }
        let account = sqlx::query("DELETE FROM accounts WHERE player_id = $1")
            .bind(player_id)
            .execute(&mut *tx)
            .await
            .map_err(err)?;
        if account.rows_affected() == 0 {
            return Ok(false);
        }
        for statement in [
            "DELETE FROM ratings WHERE player_id = $1",
            // The seat's chat lines first: they are found by the seats the player held.
            "UPDATE chat_messages SET name = $2 WHERE seat IS NOT NULL AND EXISTS \
             (SELECT 1 FROM seats s WHERE s.match_id = chat_messages.match_id \
             AND s.seat = chat_messages.seat AND s.player_id = $1)",
            "UPDATE seats SET name = $2 WHERE player_id = $1",
        ] {
            sqlx::query(statement)
                .bind(player_id)
                .bind(DELETED_PLAYER)
                .execute(&mut *tx)
                .await
                .map_err(err)?;
        }
        sqlx::query("UPDATE players SET name = $2, key_hash = $3 WHERE id = $1")
            .bind(player_id)
            .bind(DELETED_PLAYER)
            .bind(retired_key_hash)
            .execute(&mut *tx)
            .await
            .map_err(err)?;
        tx.commit().await.map_err(err)?;
        Ok(true)
    }

    /// How many sessions an account has open.
    ///
    /// # Errors
    /// When the database cannot be read.
    pub async fn session_count(&self, player_id: &str) -> Result<i64, StoreError> {
        let row = sqlx::query("SELECT COUNT(*) AS n FROM sessions WHERE player_id = $1")
            .bind(player_id)
            .fetch_one(self.pool())
            .await
            .map_err(err)?;
        int(&row, "n")
    }
}
