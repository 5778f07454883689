//! The `senet-server` binary: serve, or verify an exported game.

use std::process::ExitCode;
use std::time::Duration;

use clap::{Parser, Subcommand};
use senet_match::record::check_upload;
use senet_server::config::{Config, LogFormat};
use tracing_subscriber::EnvFilter;

/// mimalloc instead of the system allocator: every event allocates its frame, its fact and
/// the pieces of both, and glibc's malloc/free were a tenth of the server's CPU under load
/// (`docs/performance.md`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser, Debug)]
#[command(
    name = "senet-server",
    version,
    about = "Live Senet matches over WebSockets"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    config: Config,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Check an exported game (GET /api/matches/{id}/games/{n}): every throw recomputed from
    /// the revealed seed, every event replayed through the engine.
    Verify {
        /// The game record (JSON).
        file: std::path::PathBuf,
    },
    /// Make an account a moderator (it may then read reports and close accounts), or with
    /// `--remove` a player again. Uses the store the server would (`DATABASE_URL`, else the
    /// data directory's SQLite file).
    Moderator {
        /// The account's name (any letter case).
        username: String,
        /// Make it a player again.
        #[arg(long)]
        remove: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Some(Command::Verify { file }) => verify(&file),
        Some(Command::Moderator { username, remove }) => moderator(&cli.config, &username, !remove),
        None => serve(cli.config),
    }
}

fn moderator(config: &Config, username: &str, moderator: bool) -> ExitCode {
    let done = tokio::runtime::Runtime::new()
        .map_err(|e| e.to_string())
        .and_then(|rt| {
            rt.block_on(async {
                let store = senet_store::sql::SqlStore::open(
                    config.database_url.as_deref(),
                    &config.data_dir,
                    1,
                )
                .await
                .map_err(|e| e.to_string())?;
                let accounts =
                    senet_accounts::Accounts::new(store, config.public_origin.as_deref())
                        .map_err(|e| e.to_string())?;
                accounts
                    .set_moderator(username, moderator)
                    .await
                    .map_err(|e| e.to_string())
            })
        });
    match done {
        Ok(()) => {
            let role = if moderator { "a moderator" } else { "a player" };
            println!("{username} is {role}");
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("{username}: {e}");
            ExitCode::FAILURE
        }
    }
}

fn verify(file: &std::path::Path) -> ExitCode {
    let bytes = match std::fs::read(file) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{}: {e}", file.display());
            return ExitCode::from(2);
        }
    };
    // The same check as `POST /api/verify`.
    let report = match check_upload(&bytes) {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{}: {}: {}", file.display(), e.reason.code(), e.message);
            return ExitCode::from(2);
        }
    };
    if let Some(d) = &report.dice {
        println!(
            "commitment: {}",
            if d.commitment_ok { "ok" } else { "MISMATCH" }
        );
        for t in &d.throws {
            let mark = if t.ok { "ok" } else { "MISMATCH" };
            println!(
                "throw {:>4}: {:?} expected {:?} {mark}",
                t.throw_no, t.claimed, t.expected
            );
        }
    } else {
        println!("dice: not checked");
    }
    println!(
        "replay: {}",
        if report.replay_ok {
            "ok"
        } else {
            "not verified"
        }
    );
    if let Some(reason) = report.reason {
        println!(
            "{}: {}",
            reason.code(),
            report.message.as_deref().unwrap_or_default()
        );
    }
    println!(
        "{}",
        if report.ok {
            "VERIFIED"
        } else {
            "NOT VERIFIED"
        }
    );
    if report.ok {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}

fn serve(config: Config) -> ExitCode {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    match config.log_format {
        LogFormat::Json => tracing_subscriber::fmt()
            .json()
            .with_env_filter(filter)
            .init(),
        LogFormat::Text => tracing_subscriber::fmt().with_env_filter(filter).init(),
    }
    senet_server::raise_open_file_limit();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("cannot start the runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async move {
        let running = match senet_server::spawn_durable(config).await {
            Ok(r) => r,
            Err(e) => {
                tracing::error!(error = %e, "cannot start");
                return ExitCode::FAILURE;
            }
        };
        tracing::info!(addr = %running.addr, "serving on http://{}", running.addr);
        shutdown_signal().await;
        tracing::info!("shutting down: telling clients to reconnect");
        let _ = running.shutdown.send(true);
        if !running.sockets_closed(Duration::from_secs(5)).await {
            tracing::warn!("some sockets did not close within 5 s");
        }
        match running.task.await {
            Ok(Ok(())) => ExitCode::SUCCESS,
            Ok(Err(e)) => {
                tracing::error!(error = %e, "server failed");
                ExitCode::FAILURE
            }
            Err(e) => {
                tracing::error!(error = %e, "server task failed");
                ExitCode::FAILURE
            }
        }
    })
}

async fn shutdown_signal() {
    let ctrl_c = async {
        if let Err(e) = tokio::signal::ctrl_c().await {
            tracing::error!(error = %e, "cannot listen for ctrl-c");
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut s) => {
                s.recv().await;
            }
            Err(e) => {
                tracing::error!(error = %e, "cannot listen for SIGTERM");
                std::future::pending::<()>().await;
            }
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}
