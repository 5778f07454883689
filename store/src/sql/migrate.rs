//! The schema: every migration, per backend, embedded in the binary and run at start-up.

use std::borrow::Cow;
use std::path::Path;
use std::pin::Pin;

use sqlx::AnyPool;
use sqlx::any::AnyPoolOptions;
use sqlx::migrate::{Migration, MigrationSource, MigrationType, Migrator};

use super::query_util::{Backend, refused};
use crate::store_error::StoreError;

/// The migrations of a backend, embedded in the binary, up to a version (all: `i64::MAX`).
#[derive(Debug)]
struct Embedded {
    backend: Backend,
    up_to: i64,
}

/// Every migration, per backend: (version, name, SQLite text, Postgres text).
const MIGRATIONS: [(i64, &str, &str, &str); 12] = [
    (
        1,
        "init",
        include_str!("../../../migrations/sqlite/0001_init.sql"),
        include_str!("../../../migrations/postgres/0001_init.sql"),
    ),
    (
        2,
        "events as facts",
        include_str!("../../../migrations/sqlite/0002_events_as_facts.sql"),
        include_str!("../../../migrations/postgres/0002_events_as_facts.sql"),
    ),
    (
        3,
        "ratings",
        include_str!("../../../migrations/sqlite/0003_ratings.sql"),
        include_str!("../../../migrations/postgres/0003_ratings.sql"),
    ),
    (
        4,
        "clocks",
        include_str!("../../../migrations/sqlite/0004_clocks.sql"),
        include_str!("../../../migrations/postgres/0004_clocks.sql"),
    ),
    (
        5,
        "chat",
        include_str!("../../../migrations/sqlite/0005_chat.sql"),
        include_str!("../../../migrations/postgres/0005_chat.sql"),
    ),
    (
        6,
        "bots",
        include_str!("../../../migrations/sqlite/0006_bots.sql"),
        include_str!("../../../migrations/postgres/0006_bots.sql"),
    ),
    (
        7,
        "leases",
        include_str!("../../../migrations/sqlite/0007_leases.sql"),
        include_str!("../../../migrations/postgres/0007_leases.sql"),
    ),
    (
        8,
        "unrated games",
        include_str!("../../../migrations/sqlite/0008_unrated_games.sql"),
        include_str!("../../../migrations/postgres/0008_unrated_games.sql"),
    ),
    (
        9,
        "game reviews",
        include_str!("../../../migrations/sqlite/0009_game_reviews.sql"),
        include_str!("../../../migrations/postgres/0009_game_reviews.sql"),
    ),
    (
        10,
        "accounts",
        include_str!("../../../migrations/sqlite/0010_accounts.sql"),
        include_str!("../../../migrations/postgres/0010_accounts.sql"),
    ),
    (
        11,
        "follows and challenges",
        include_str!("../../../migrations/sqlite/0011_people.sql"),
        include_str!("../../../migrations/postgres/0011_people.sql"),
    ),
    (
        12,
        "tournaments",
        include_str!("../../../migrations/sqlite/0012_tournaments.sql"),
        include_str!("../../../migrations/postgres/0012_tournaments.sql"),
    ),
];

impl MigrationSource<'static> for Embedded {
    fn resolve(
        self,
    ) -> Pin<
        Box<dyn Future<Output = Result<Vec<Migration>, sqlx::error::BoxDynError>> + Send + 'static>,
    > {
        let migrations = MIGRATIONS
            .iter()
            .filter(|m| m.0 <= self.up_to)
            .map(|&(version, name, sqlite, postgres)| {
                let sql = match self.backend {
                    Backend::Sqlite => sqlite,
                    Backend::Postgres => postgres,
                };
                Migration::new(
                    version,
                    Cow::Borrowed(name),
                    MigrationType::Simple,
                    Cow::Borrowed(sql),
                    false,
                )
            })
            .collect();
        Box::pin(std::future::ready(Ok(migrations)))
    }
}

/// `<data_dir>/senet.db`, readable by this user only: the file holds the seeds of games in
/// progress. The directory is made (or tightened to) 0700 and the database files 0600
/// before SQLite opens them (its `-wal` and `-shm` files take the main file's mode).
pub(super) fn private_database_file(data_dir: &Path) -> Result<std::path::PathBuf, StoreError> {
    let cannot =
        |what: &Path, e: std::io::Error| refused(format!("cannot prepare {}: {e}", what.display()));
    #[cfg(unix)]
    {
        use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
        std::fs::DirBuilder::new()
            .recursive(true)
            .mode(0o700)
            .create(data_dir)
            .map_err(|e| cannot(data_dir, e))?;
        std::fs::set_permissions(data_dir, std::fs::Permissions::from_mode(0o700))
            .map_err(|e| cannot(data_dir, e))?;
        let path = std::path::absolute(data_dir.join("senet.db")).map_err(refused)?;
        std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .mode(0o600)
            .open(&path)
            .map_err(|e| cannot(&path, e))?;
        for suffix in ["", "-wal", "-shm"] {
            let file = std::path::PathBuf::from(format!("{}{suffix}", path.display()));
            if file.exists() {
                std::fs::set_permissions(&file, std::fs::Permissions::from_mode(0o600))
                    .map_err(|e| cannot(&file, e))?;
            }
        }
        Ok(path)
    }
    #[cfg(not(unix))]
    {
        std::fs::create_dir_all(data_dir).map_err(|e| cannot(data_dir, e))?;
        std::path::absolute(data_dir.join("senet.db")).map_err(refused)
    }
}

/// Runs the migrations of `backend` up to version `up_to` (`i64::MAX`: all of them).
pub(super) async fn migrate(
    pool: &AnyPool,
    backend: Backend,
    up_to: i64,
) -> Result<(), StoreError> {
    let migrator = Migrator::new(Embedded { backend, up_to })
        .await
        .map_err(|e| refused(format!("migrations: {e}")))?;
    migrator
        .run(pool)
        .await
        .map_err(|e| refused(format!("migrations: {e}")))
}

/// Creates the schema of an older release in an empty database: the migrations up to
/// `version` only. For tests of the later migrations (a database written by an older
/// release, then opened by this one).
///
/// # Errors
/// When the database cannot be reached or migrated.
pub async fn migrate_up_to(url: &str, version: i64) -> Result<AnyPool, StoreError> {
    sqlx::any::install_default_drivers();
    let backend = if url.starts_with("sqlite:") {
        Backend::Sqlite
    } else {
        Backend::Postgres
    };
    let pool = AnyPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await
        .map_err(|e| refused(format!("cannot connect to the database: {e}")))?;
    migrate(&pool, backend, version).await?;
    Ok(pool)
}
