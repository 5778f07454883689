//! Match leases (`store/sql/lease.rs`, `docs/cluster.md`) against a real Postgres: what a
//! renewal keeps, gives up and never brings back.

use std::time::Duration;

use crate::db::pg_db;
use senet_store::sql::SqlStore;
use senet_store::sql::lease::Leases;
use sqlx::postgres::PgPool;

/// The migrated database of `test` with matches `ids` in it (None: no Postgres, said loudly).
async fn setup(test: &str, ids: &[&str]) -> Option<(crate::db::PgDb, PgPool)> {
    let db = pg_db(test).await?;
    let dir = tempfile::tempdir().unwrap();
    SqlStore::open(Some(&db.url), dir.path(), 1).await.unwrap();
    let pg = PgPool::connect(&db.url).await.unwrap();
    for id in ids {
        sqlx::query(
            "INSERT INTO matches (id, name, variant, options, players, series_kind, \
             series_target, public, status, created_ms, updated_ms) \
             VALUES ($1, 'lease test', 'pyramid', '{}', 2, 'best_of', 1, true, 'live', 0, 0)",
        )
        .bind(id)
        .execute(&pg)
        .await
        .unwrap();
    }
    Some((db, pg))
}

#[tokio::test]
async fn a_given_back_lease_stays_given_back_through_renewals() {
    let Some((db, pg)) = setup("a_given_back_lease_stays_given_back", &["m1", "m2"]).await else {
        return;
    };
    let one = Leases::new("one".into(), Duration::from_secs(30), pg.clone());
    let two = Leases::new("two".into(), Duration::from_secs(30), pg.clone());
    assert_eq!(one.acquire("m1").await.unwrap(), Some(1));
    assert_eq!(one.acquire("m2").await.unwrap(), Some(1));
    one.release("m1").await.unwrap();
    // The renewal renews m2 alone: m1 stays free for another node at once.
    assert_eq!(one.renew().await.unwrap(), Vec::<String>::new());
    assert_eq!(one.count(), 1);
    assert_eq!(two.acquire("m1").await.unwrap(), Some(2));
    assert_eq!(two.acquire("m2").await.unwrap(), None, "m2 is still one's");
    drop(pg);
    db.drop_db().await;
}

#[tokio::test]
async fn a_renewal_reports_a_lease_taken_by_another_node_and_keeps_an_expired_untaken_one() {
    let Some((db, pg)) = setup("a_renewal_reports_a_lease_taken", &["m1", "m2"]).await else {
        return;
    };
    let one = Leases::new("one".into(), Duration::from_millis(300), pg.clone());
    let two = Leases::new("two".into(), Duration::from_secs(30), pg.clone());
    assert_eq!(one.acquire("m1").await.unwrap(), Some(1));
    assert_eq!(one.acquire("m2").await.unwrap(), Some(1));
    tokio::time::sleep(Duration::from_millis(400)).await;
    // Both expired; two takes m1 only.
    assert_eq!(two.acquire("m1").await.unwrap(), Some(2));
    assert_eq!(one.renew().await.unwrap(), vec!["m1".to_owned()]);
    assert_eq!(one.token("m1"), None);
    // m2 expired but nobody took it: renewed with its token, so one goes on with it.
    assert_eq!(one.token("m2"), Some(1));
    assert_eq!(two.acquire("m2").await.unwrap(), None);
    drop(pg);
    db.drop_db().await;
}

#[tokio::test]
async fn leases_taken_while_a_renewal_runs_are_never_reported_lost() {
    let ids: Vec<String> = (0..400).map(|i| format!("m{i}")).collect();
    let refs: Vec<&str> = ids.iter().map(String::as_str).collect();
    let Some((db, pg)) = setup("leases_taken_while_a_renewal_runs", &refs).await else {
        return;
    };
    let one = std::sync::Arc::new(Leases::new(
        "one".into(),
        Duration::from_secs(30),
        pg.clone(),
    ));
    // Renewals run back to back while the leases are taken one by one.
    let renewing = {
        let one = one.clone();
        tokio::spawn(async move {
            let mut lost = Vec::new();
            for _ in 0..200 {
                lost.extend(one.renew().await.unwrap());
            }
            lost
        })
    };
    for id in &ids {
        assert_eq!(one.acquire(id).await.unwrap(), Some(1));
    }
    let lost = renewing.await.unwrap();
    assert!(lost.is_empty(), "taken for lost: {lost:?}");
    assert_eq!(one.count(), ids.len());
    drop(pg);
    db.drop_db().await;
}
