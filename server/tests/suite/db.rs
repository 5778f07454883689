//! Databases for the durable-store tests: a SQLite file in a temp dir, or a fresh Postgres
//! database per test (from `DATABASE_URL`, else the local server on 127.0.0.1:5432, else a
//! throwaway cluster from the installed `initdb`; skipped loudly when there is none), and a
//! GET that sends an `Authorization` header.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::process::Command;
use std::time::Duration;

use senet_server::Config;
use serde_json::Value;
use sqlx::Connection;

/// A SQLite database in a temp dir (kept while the `TempDir` lives).
pub fn sqlite() -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}?mode=rwc", dir.path().join("t.db").display());
    (dir, url)
}

/// A Postgres database made for one test (dropped by [`PgDb::drop_db`]).
pub struct PgDb {
    admin: String,
    name: String,
    /// Its URL.
    pub url: String,
    /// A throwaway cluster started for the test (stopped on drop).
    cluster: Option<Cluster>,
}

/// A throwaway Postgres cluster (stopped on drop).
pub struct Cluster {
    pg_ctl: std::path::PathBuf,
    dir: tempfile::TempDir,
    opts: String,
}

/// Whether this process runs as root (initdb and postgres refuse to).
fn running_as_root() -> bool {
    Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0")
}

/// A command for a Postgres binary: as root, run through `runuser -u postgres` (the
/// account the Debian packages create), since the server refuses to run as root.
fn pg_command(bin: &std::path::Path) -> Command {
    if running_as_root() {
        let mut c = Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(bin);
        c
    } else {
        Command::new(bin)
    }
}

impl Cluster {
    pub fn ctl(&self, args: &[&str]) -> bool {
        pg_command(&self.pg_ctl)
            .arg("-D")
            .arg(self.dir.path().join("data"))
            .args(["-o", &self.opts, "-l"])
            .arg(self.dir.path().join("log"))
            .args(args)
            .output()
            .is_ok_and(|o| o.status.success())
    }
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = pg_command(&self.pg_ctl)
            .arg("-D")
            .arg(self.dir.path().join("data"))
            .args(["-m", "immediate", "-w", "stop"])
            .output();
    }
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

fn find_pg_bin(name: &str) -> Option<std::path::PathBuf> {
    let mut dirs: Vec<std::path::PathBuf> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path().join("bin"))
        .collect();
    dirs.sort();
    dirs.reverse();
    dirs.extend(
        std::env::var_os("PATH")
            .iter()
            .flat_map(std::env::split_paths),
    );
    dirs.into_iter().map(|d| d.join(name)).find(|p| p.is_file())
}

/// Starts a throwaway cluster (initdb + pg_ctl) on a free port in a temp dir.
pub fn start_cluster() -> Option<(String, Cluster)> {
    let initdb = find_pg_bin("initdb")?;
    let pg_ctl = find_pg_bin("pg_ctl")?;
    let dir = tempfile::tempdir().ok()?;
    let data = dir.path().join("data");
    if running_as_root() {
        // The cluster's files must belong to the account that runs it.
        let owned = Command::new("chown")
            .arg("postgres:postgres")
            .arg(dir.path())
            .status()
            .is_ok_and(|st| st.success());
        if !owned {
            eprintln!("cannot hand the cluster directory to the postgres account");
            return None;
        }
    }
    let out = pg_command(&initdb)
        .arg("-D")
        .arg(&data)
        .args(["-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync"])
        .output()
        .ok()?;
    if !out.status.success() {
        eprintln!(
            "initdb failed: {}",
            String::from_utf8_lossy(&out.stderr).trim()
        );
        return None;
    }
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .ok()?
        .local_addr()
        .ok()?
        .port();
    let opts = format!(
        "-p {port} -c listen_addresses=127.0.0.1 -k {} -c fsync=off",
        dir.path().display()
    );
    let cluster = Cluster { pg_ctl, dir, opts };
    let ok = cluster.ctl(&["-w", "start"]);
    ok.then(|| {
        (
            format!("postgres://postgres@127.0.0.1:{port}/postgres"),
            cluster,
        )
    })
}

/// A fresh Postgres database, or `None` (with a loud banner) if no server can be had.
pub async fn pg_db(test: &str) -> Option<PgDb> {
    let mut cluster = None;
    let admin = match std::env::var("DATABASE_URL") {
        Ok(u) if u.starts_with("postgres") => u,
        _ => {
            let local = "postgres://postgres@127.0.0.1:5432/postgres".to_owned();
            // SENET_TEST_PG_CLUSTER=1 skips the local server, to exercise the fallback.
            let skip_local = std::env::var_os("SENET_TEST_PG_CLUSTER").is_some();
            if !skip_local && answers(&local).await {
                local
            } else if let Some((url, c)) = start_cluster() {
                cluster = Some(c);
                url
            } else {
                eprintln!(
                    "\n**************************************************************\n\
                     SKIPPED {test} ON POSTGRES: no DATABASE_URL, nothing on\n\
                     127.0.0.1:5432, and no initdb/pg_ctl to start a cluster\n\
                     **************************************************************\n"
                );
                return None;
            }
        }
    };
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
    Some(PgDb {
        admin,
        name,
        url,
        cluster,
    })
}

impl PgDb {
    /// Drops the database (also done on drop, e.g. when the test panics).
    pub async fn drop_db(self) {
        drop(self);
    }
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
        self.cluster.take();
    }
}

pub fn config(url: &str) -> Config {
    let mut cfg = Config::for_tests();
    cfg.database_url = Some(url.to_owned());
    cfg.seed_wait_ms = 0;
    cfg.rate_per_sec = 100_000.0;
    cfg.rate_burst = 100_000.0;
    cfg
}

/// `GET path` with `Authorization: Bearer <bearer>` (when given); the status and the JSON
/// body (null if empty).
pub async fn get_bearer(addr: SocketAddr, path: &str, bearer: Option<&str>) -> (u16, Value) {
    crate::common::Client { addr }
        .http_with("GET", path, None, bearer)
        .await
}
