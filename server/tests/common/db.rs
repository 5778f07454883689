//! Databases for the read-model tests: a SQLite file in a temp dir, or a fresh Postgres
//! database per test (from `DATABASE_URL`, else the local server on 127.0.0.1:5432; skipped
//! loudly when there is neither), and a GET that sends an `Authorization` header.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::time::Duration;

use senet_server::Config;
use serde_json::Value;
use sqlx::Connection;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A configuration for a durable test server on `url`.
pub fn config(url: &str) -> Config {
    let mut cfg = Config::for_tests();
    cfg.database_url = Some(url.to_owned());
    cfg.seed_wait_ms = 0;
    cfg.rate_per_sec = 100_000.0;
    cfg.rate_burst = 100_000.0;
    cfg
}

/// A SQLite database in a temp dir (kept while the `TempDir` lives).
pub fn sqlite() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
    (dir, url)
}

/// A Postgres database made for one test, dropped on drop.
pub struct PgDb {
    admin: String,
    name: String,
    /// Its URL.
    pub url: String,
}

async fn answers(url: &str) -> bool {
    matches!(
        tokio::time::timeout(
            Duration::from_secs(3),
            sqlx::postgres::PgConnection::connect(url)
        )
        .await,
        Ok(Ok(_))
    )
}

/// A fresh Postgres database, or `None` (with a loud banner) if no server answers.
pub async fn pg_db(test: &str) -> Option<PgDb> {
    let admin = match std::env::var("DATABASE_URL") {
        Ok(u) if u.starts_with("postgres") => u,
        _ => "postgres://postgres@127.0.0.1:5432/postgres".to_owned(),
    };
    if !answers(&admin).await {
        eprintln!(
            "\n**************************************************************\n\
             SKIPPED {test} ON POSTGRES: nothing answers at {admin}\n\
             **************************************************************\n"
        );
        return None;
    }
    let mut b = [0u8; 6];
    getrandom::fill(&mut b).unwrap();
    let name = format!("senet_test_{}", hex::encode(b));
    let mut conn = sqlx::postgres::PgConnection::connect(&admin)
        .await
        .expect("admin connection");
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut conn)
        .await
        .expect("create database");
    let base = admin.rsplit_once('/').map(|(b, _)| b).unwrap_or(&admin);
    let url = format!("{base}/{name}");
    Some(PgDb { admin, name, url })
}

impl Drop for PgDb {
    fn drop(&mut self) {
        let (admin, name) = (self.admin.clone(), self.name.clone());
        // Drop may run inside the test's runtime: use a thread with a runtime of its own.
        let done = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .unwrap();
            rt.block_on(async {
                if let Ok(mut conn) = sqlx::postgres::PgConnection::connect(&admin).await {
                    let _ = sqlx::query(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                        .execute(&mut conn)
                        .await;
                }
            });
        });
        let _ = done.join();
    }
}

/// `GET path` with `Authorization: Bearer <bearer>` (when given); the status and the JSON
/// body (null if empty).
pub async fn get_bearer(addr: SocketAddr, path: &str, bearer: Option<&str>) -> (u16, Value) {
    let mut s = TcpStream::connect(addr).await.expect("connect");
    let auth = bearer
        .map(|b| format!("Authorization: Bearer {b}\r\n"))
        .unwrap_or_default();
    let req = format!("GET {path} HTTP/1.1\r\nHost: test\r\nConnection: close\r\n{auth}\r\n");
    s.write_all(req.as_bytes()).await.expect("write");
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.expect("read");
    let text = String::from_utf8_lossy(&buf);
    let (head, body) = text.split_once("\r\n\r\n").expect("a response");
    let status: u16 = head
        .split(' ')
        .nth(1)
        .expect("status")
        .parse()
        .expect("status");
    let value = if body.trim().is_empty() {
        Value::Null
    } else {
        serde_json::from_str(body).unwrap_or(Value::String(body.to_owned()))
    };
    (status, value)
}
