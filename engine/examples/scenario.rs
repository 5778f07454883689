//! Checks scenario files: `cargo run -p senet-engine --example scenario -- PATH...`
//!
//! Each PATH is a `.scn` file or a folder searched for them. Prints one line per case and
//! exits 0 only if every case passed.

use std::path::PathBuf;
use std::process::ExitCode;

#[path = "../tests/support/files.rs"]
mod files;

fn main() -> ExitCode {
    let paths: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    if paths.is_empty() {
        eprintln!("usage: scenario PATH...   (a .scn file or a folder of them)");
        return ExitCode::from(2);
    }
    let (mut passed, mut failed) = (0usize, 0usize);
    for path in paths {
        let found = match files::scenario_files(&path) {
            Ok(f) if !f.is_empty() => f,
            Ok(_) => {
                eprintln!("{}: no scenario files", path.display());
                failed += 1;
                continue;
            }
            Err(e) => {
                eprintln!("{}: {e}", path.display());
                failed += 1;
                continue;
            }
        };
        for file in found {
            for case in files::run_file(&file) {
                match &case.failure {
                    None => {
                        passed += 1;
                        println!("ok   {}:{} {}", file.display(), case.line, case.name);
                    }
                    Some((line, why)) => {
                        failed += 1;
                        println!("FAIL {}:{} {}: {why}", file.display(), line, case.name);
                    }
                }
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed == 0 && passed > 0 {
        ExitCode::SUCCESS
    } else {
        ExitCode::FAILURE
    }
}
