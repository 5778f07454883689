//! The house rules, checked over the whole workspace (docs/architecture.md, "The house
//! rules"). Each test names what breaks a rule and where, so a failure says what to fix.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};
use std::process::Command;

use senet_checks::exhaustive::CatchAlls;
use senet_checks::modules::Crate;
use senet_checks::sizes::code_lines_before_tests;
use senet_engine::Variant;
use syn::visit::Visit;

/// The workspace's root folder.
fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("the checks crate is in the workspace")
        .to_path_buf()
}

/// The workspace's members, as folders (from the root `Cargo.toml`).
fn members() -> Vec<String> {
    let text = std::fs::read_to_string(root().join("Cargo.toml")).expect("Cargo.toml");
    let line = text
        .lines()
        .find(|l| l.trim_start().starts_with("members"))
        .expect("a members line");
    line.split('"')
        .skip(1)
        .step_by(2)
        .map(str::to_owned)
        .collect()
}

/// The crates that make up the server, below the engine and the bots: their file names must
/// be unique among them.
const SERVER_SIDE: [&str; 7] = [
    "protocol", "match", "store", "live", "cluster", "assets", "server",
];

/// The pure crates: no I/O crate may be in their dependency tree.
const PURE: [&str; 5] = [
    "senet-engine",
    "senet-bots",
    "senet-protocol",
    "senet-match",
    "senet-tournament",
];

/// Crates that do I/O (a runtime, sockets, a database, a web framework).
const IO_CRATES: [&str; 9] = [
    "tokio",
    "mio",
    "sqlx",
    "sqlx-core",
    "axum",
    "hyper",
    "redis",
    "tungstenite",
    "tokio-tungstenite",
];

/// Every `.rs` file under `dir` (recursively), skipping `target` folders.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            if path
                .file_name()
                .is_some_and(|n| n == "target" || n == "node_modules")
            {
                continue;
            }
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

fn relative(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

#[test]
fn no_import_circle_in_any_crate() {
    let mut report = Vec::new();
    for member in members() {
        let dir = root().join(&member).join("src");
        for file in ["lib.rs", "main.rs"] {
            let entry = dir.join(file);
            if !entry.exists() {
                continue;
            }
            let krate = Crate::read(&entry).unwrap_or_else(|e| panic!("{member}: {e}"));
            for circle in krate.circles() {
                let edges: Vec<String> = circle
                    .iter()
                    .map(|&(a, b)| {
                        format!("{} -> {}", krate.modules[a].name(), krate.modules[b].name())
                    })
                    .collect();
                report.push(format!("{member}/src/{file}: {}", edges.join(", ")));
            }
        }
    }
    assert!(
        report.is_empty(),
        "modules that import each other (a module's imports must never lead back to it):\n{}",
        report.join("\n")
    );
}

#[test]
fn no_source_file_over_700_lines_of_code_before_its_tests() {
    // A ruleset's module holds one whole ruleset, and may be longer.
    let rulesets: BTreeSet<String> = Variant::ALL
        .iter()
        .map(|v| format!("engine/src/{}.rs", v.id()))
        .collect();
    let mut files = Vec::new();
    for member in members().iter().map(String::as_str).chain(["fuzz"]) {
        for part in ["src", "examples", "benches", "fuzz_targets"] {
            rust_files(&root().join(member).join(part), &mut files);
        }
    }
    let mut long = Vec::new();
    for file in &files {
        let name = relative(file);
        if rulesets.contains(&name) {
            continue;
        }
        let text = std::fs::read_to_string(file).expect("readable");
        let n = code_lines_before_tests(&text);
        if n > 700 {
            long.push(format!("{name}: {n}"));
        }
    }
    assert!(files.len() > 50, "only {} files found", files.len());
    assert!(
        long.is_empty(),
        "over 700 lines of code:\n{}",
        long.join("\n")
    );
}

#[test]
fn no_two_server_modules_share_a_file_name() {
    let mut by_name: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for member in SERVER_SIDE {
        let mut files = Vec::new();
        rust_files(&root().join(member).join("src"), &mut files);
        for file in files {
            let name = file
                .file_name()
                .and_then(|n| n.to_str())
                .unwrap_or_default()
                .to_owned();
            // A folder's module file is named by its folder.
            if ["lib.rs", "main.rs", "mod.rs"].contains(&name.as_str()) {
                continue;
            }
            by_name.entry(name).or_default().push(relative(&file));
        }
    }
    let twice: Vec<String> = by_name
        .into_iter()
        .filter(|(_, places)| places.len() > 1)
        .map(|(name, places)| format!("{name}: {}", places.join(", ")))
        .collect();
    assert!(
        twice.is_empty(),
        "file names used twice:\n{}",
        twice.join("\n")
    );
}

#[test]
fn no_match_over_rulesets_has_a_catch_all_arm() {
    let mut files = Vec::new();
    for member in members().iter().map(String::as_str).chain(["fuzz"]) {
        rust_files(&root().join(member), &mut files);
    }
    // The names the ruleset enums give the rulesets: the ids, capitalised (`jequier` ->
    // `Jequier`).
    let rulesets: Vec<String> = Variant::ALL
        .iter()
        .map(|v| {
            let id = v.id();
            id[..1].to_uppercase() + &id[1..]
        })
        .collect();
    assert!(rulesets.iter().all(|r| {
        format!(
            "{:?}",
            Variant::ALL
                .iter()
                .find(|v| v.id() == r.to_lowercase())
                .unwrap()
        ) == *r
    }));
    let mut found = Vec::new();
    for file in &files {
        let text = std::fs::read_to_string(file).expect("readable");
        let parsed = syn::parse_file(&text).unwrap_or_else(|e| panic!("{}: {e}", relative(file)));
        let mut v = CatchAlls::new(rulesets.clone());
        v.visit_file(&parsed);
        found.extend(
            v.found
                .into_iter()
                .map(|m| format!("{}: match on {m}", relative(file))),
        );
    }
    assert!(
        found.is_empty(),
        "a catch-all arm beside a ruleset's variant gives a new ruleset another's behaviour \
         silently; name every variant:\n{}",
        found.join("\n")
    );
}

/// The host's target triple (`rustc -vV`), so `cargo metadata` needs no package of another
/// platform.
fn host() -> String {
    let rustc = std::env::var("RUSTC").unwrap_or_else(|_| "rustc".to_owned());
    let out = Command::new(rustc).arg("-vV").output().expect("rustc runs");
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .find_map(|l| l.strip_prefix("host: ").map(str::to_owned))
        .expect("rustc says its host")
}

#[test]
fn pure_crates_have_no_io_crate_in_their_tree() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".to_owned());
    let metadata = |offline: bool| {
        let mut cmd = Command::new(&cargo);
        cmd.current_dir(root()).args([
            "metadata",
            "--format-version",
            "1",
            "--locked",
            "--filter-platform",
            &host(),
        ]);
        if offline {
            cmd.arg("--offline");
        }
        cmd.output().expect("cargo runs")
    };
    let mut out = metadata(true);
    if !out.status.success() {
        out = metadata(false);
    }
    assert!(
        out.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).expect("json");
    let names: BTreeMap<&str, &str> = meta["packages"]
        .as_array()
        .expect("packages")
        .iter()
        .filter_map(|p| Some((p["id"].as_str()?, p["name"].as_str()?)))
        .collect();
    // Each package's normal dependencies (not dev or build), as the resolver chose them.
    let mut normal: BTreeMap<&str, Vec<&str>> = BTreeMap::new();
    for node in meta["resolve"]["nodes"].as_array().expect("nodes") {
        let id = node["id"].as_str().expect("id");
        let deps = node["deps"].as_array().expect("deps");
        normal
            .entry(id)
            .or_default()
            .extend(deps.iter().filter_map(|d| {
                let is_normal = d["dep_kinds"]
                    .as_array()?
                    .iter()
                    .any(|k| k["kind"].is_null());
                is_normal.then(|| d["pkg"].as_str()).flatten()
            }));
    }
    let mut report = Vec::new();
    for pure in PURE {
        let start = names
            .iter()
            .find(|(_, n)| **n == pure)
            .map(|(id, _)| *id)
            .unwrap_or_else(|| panic!("{pure} is in the workspace"));
        let mut seen = BTreeSet::from([start]);
        let mut todo = vec![start];
        while let Some(id) = todo.pop() {
            for &dep in normal.get(id).map(Vec::as_slice).unwrap_or_default() {
                if seen.insert(dep) {
                    todo.push(dep);
                }
            }
        }
        let io: Vec<&str> = seen
            .iter()
            .filter_map(|id| names.get(id).copied())
            .filter(|n| IO_CRATES.contains(n))
            .collect();
        if !io.is_empty() {
            report.push(format!("{pure}: {}", io.join(", ")));
        }
    }
    assert!(
        report.is_empty(),
        "I/O crates in pure crates' trees:\n{}",
        report.join("\n")
    );
}
