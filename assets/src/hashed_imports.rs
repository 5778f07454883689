//! The content-hashed copies of the scripts: what no crate does for us.
//!
//! A script's hashed name, `<stem>.<version>.<ext>`, has a version that covers the script and
//! every module it imports, statically or dynamically, directly or not; in its hashed copy
//! each import names the imported module's hashed copy, and comment lines, blank lines and
//! indentation are left out. The pages name the hashed copies and preload what their scripts
//! import statically. Bundlers do this for a build step; the site has none, and hashing each
//! file's own bytes alone (as embedding crates offer) would leave the imports naming plain
//! URLs, which a browser must revalidate on every load.

use std::collections::BTreeSet;
use std::sync::OnceLock;

use sha2::{Digest, Sha256};

use crate::embedded::static_files;

/// How a script names a module it imports: always `./<name>`, a literal (a computed name
/// could not be rewritten to the module's hashed copy).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Import {
    /// `from './<name>'`: the module is loaded, and run, before the script.
    Static,
    /// `import('./<name>')`: the module is loaded when the script's code asks for it.
    Dynamic,
}

impl Import {
    /// Both ways: what a script's version covers.
    pub(crate) const ALL: [Import; 2] = [Import::Static, Import::Dynamic];

    /// The text before a module's name in such an import, and the text after it.
    fn around(self) -> (&'static str, &'static str) {
        match self {
            Import::Static => ("from './", "'"),
            Import::Dynamic => ("import('./", "')"),
        }
    }

    /// The import of `name` as a script writes it.
    fn written(self, name: &str) -> String {
        let (before, after) = self.around();
        format!("{before}{name}{after}")
    }
}

/// Files a script may import, by name: `(name, text)`.
pub(crate) type Files<'a> = [(&'a str, &'a str)];

/// The embedded scripts and style sheets as [`Files`].
pub(crate) fn embedded() -> &'static Files<'static> {
    static FILES: OnceLock<Vec<(&str, &str)>> = OnceLock::new();
    FILES.get_or_init(|| {
        static_files()
            .iter()
            .map(|&(name, _, text)| (name, text))
            .collect()
    })
}

/// The text of file `name` (`""` for a name that is not one).
fn file_text<'a>(name: &str, files: &Files<'a>) -> &'a str {
    files
        .iter()
        .find(|(n, _)| *n == name)
        .map_or("", |&(_, text)| text)
}

/// The modules of `files` that `text` imports the `how` way.
pub(crate) fn imports<'a>(
    text: &'a str,
    how: Import,
    files: &'a Files<'a>,
) -> impl Iterator<Item = &'a str> {
    let (before, after) = how.around();
    text.split(before)
        .skip(1)
        .filter_map(move |rest| rest.split_once(after).map(|(name, _)| name))
        .filter(|name| files.iter().any(|(n, _)| n == name))
}

/// The modules of `files` that `name` imports in one of the `ways`, directly or through the
/// modules it imports so (not `name` itself).
pub(crate) fn import_closure<'a>(
    name: &str,
    ways: &[Import],
    files: &'a Files<'a>,
) -> BTreeSet<&'a str> {
    let imported = |text: &'a str| ways.iter().flat_map(move |&how| imports(text, how, files));
    let mut closure = BTreeSet::new();
    let mut todo: Vec<&str> = imported(file_text(name, files)).collect();
    while let Some(next) = todo.pop() {
        if next != name && closure.insert(next) {
            todo.extend(imported(file_text(next, files)));
        }
    }
    closure
}

/// `<stem>.<version>.<ext>`: the version is 16 hex digits of SHA-256 over the file and every
/// module of `files` it imports, statically or dynamically, directly or not (each name and
/// text, length-prefixed): a change to a module loaded only when needed renames every script
/// that may load it.
pub(crate) fn hashed_name(name: &str, files: &Files) -> String {
    let mut closure: BTreeSet<&str> = import_closure(name, &Import::ALL, files);
    closure.insert(name);
    let mut hasher = Sha256::new();
    for part in closure.iter().flat_map(|n| [*n, file_text(n, files)]) {
        hasher.update((part.len() as u64).to_le_bytes());
        hasher.update(part);
    }
    let version = &hex::encode(hasher.finalize())[..16];
    match name.rsplit_once('.') {
        Some((stem, ext)) => format!("{stem}.{version}.{ext}"),
        None => format!("{name}.{version}"),
    }
}

/// What a hashed URL serves: a script slimmed and linked to its imports' hashed copies; any
/// other file as it is.
pub(crate) fn tagged_text(name: &str, text: &str, hashed: &[(&str, String)]) -> String {
    if name.ends_with(".js") {
        slim_script(&link_imports(text, hashed))
    } else {
        text.to_owned()
    }
}

/// A script without the lines that are only a `//` comment, without blank lines and without
/// each line's indentation. Safe for the scripts of `web/` because none has a string or a
/// template literal running over two lines (`slim_scripts_keep_every_statement` checks), where
/// a line's start would be content.
fn slim_script(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for line in text.lines() {
        let line = line.trim_start();
        if line.is_empty() || line.starts_with("//") {
            continue;
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

/// A script with each import of a module (`from './<name>'`, `import('./<name>')`) naming
/// the module's hashed copy.
fn link_imports(text: &str, hashed: &[(&str, String)]) -> String {
    hashed
        .iter()
        .flat_map(|(name, hashed_as)| Import::ALL.map(|how| (how, name, hashed_as)))
        .fold(text.to_owned(), |text, (how, name, hashed_as)| {
            text.replace(&how.written(name), &how.written(hashed_as))
        })
}

/// A page with each `"/static/<name>"` naming the file's hashed copy.
pub(crate) fn link_page(html: &str, hashed: &[(&str, String)]) -> String {
    hashed
        .iter()
        .fold(html.to_owned(), |html, (name, hashed_as)| {
            html.replace(
                &format!("\"/static/{name}\""),
                &format!("\"/static/{hashed_as}\""),
            )
        })
}

/// A page whose module scripts have their imports preloaded: before each
/// `<script type="module" src="/static/<name>">`, a `<link rel="modulepreload">` for every
/// module of `files` it imports statically, directly or not, that the page does not preload
/// yet. Without them the browser finds a module's imports only once it has the module, one
/// round of fetches (and on a revisit, of cache reads) per level of the import graph. A
/// module imported dynamically (and what only it imports) is left out: the page loads it
/// when it needs it, if ever, and a preload would make every first visit pay for it.
pub(crate) fn preload_modules(html: &str, files: &Files) -> String {
    const TAG: &str = "<script type=\"module\" src=\"/static/";
    let mut out = String::with_capacity(html.len() + 256);
    let mut rest = html;
    while let Some(at) = rest.find(TAG) {
        let (before, script) = rest.split_at(at);
        out.push_str(before);
        let name = script[TAG.len()..].split('"').next().unwrap_or("");
        for module in import_closure(name, &[Import::Static], files) {
            let link = format!("<link rel=\"modulepreload\" href=\"/static/{module}\">");
            if !html.contains(&link) && !out.contains(&link) {
                out.push_str(&link);
                out.push('\n');
            }
        }
        out.push_str(&script[..TAG.len()]);
        rest = &script[TAG.len()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The embedded text of an asset (`""` for a name that is not one).
    fn asset_text(name: &str) -> &'static str {
        file_text(name, embedded())
    }

    /// Whether some line of `script` ends inside a string or a template literal (where
    /// [`slim_script`] would change content): a scan that knows quotes, template literals,
    /// `//` comments and regular expression literals (a `/` where a value starts).
    fn line_ends_inside_a_literal(script: &str) -> Option<usize> {
        let mut in_template = false;
        for (no, line) in script.lines().enumerate() {
            let chars: Vec<char> = line.chars().collect();
            let mut i = 0;
            let mut last = ' ';
            while i < chars.len() {
                let c = chars[i];
                if in_template {
                    match c {
                        '\\' => i += 1,
                        '`' => in_template = false,
                        _ => {}
                    }
                } else if c == '`' {
                    in_template = true;
                } else if c == '\'' || c == '"' {
                    i += 1;
                    while i < chars.len() && chars[i] != c {
                        i += usize::from(chars[i] == '\\') + 1;
                    }
                    if i >= chars.len() {
                        return Some(no + 1);
                    }
                } else if c == '/' && chars.get(i + 1) == Some(&'/') {
                    break;
                } else if c == '/' && "=(,!&|?:;{[".contains(last) {
                    let mut class = false;
                    i += 1;
                    while i < chars.len() && (class || chars[i] != '/') {
                        match chars[i] {
                            '\\' => i += 1,
                            '[' => class = true,
                            ']' => class = false,
                            _ => {}
                        }
                        i += 1;
                    }
                }
                if !c.is_whitespace() {
                    last = c;
                }
                i += 1;
            }
            if in_template {
                return Some(no + 1);
            }
        }
        None
    }

    #[test]
    fn slim_scripts_keep_every_statement() {
        for (path, _, body) in static_files().iter().filter(|(p, _, _)| p.ends_with(".js")) {
            assert_eq!(
                line_ends_inside_a_literal(body),
                None,
                "{path}: a literal runs over a line end, which slimming would change"
            );
            let slim = slim_script(body);
            let code = |t: &str| -> Vec<String> {
                t.lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty() && !l.starts_with("//"))
                    .map(str::to_owned)
                    .collect()
            };
            assert_eq!(code(&slim), code(body), "{path}");
            assert!(slim.len() < body.len(), "{path}");
        }
        assert_eq!(line_ends_inside_a_literal("const a = `x\n  y`;"), Some(1));
        assert_eq!(line_ends_inside_a_literal("const r = /`a`/g; // `"), None);
    }

    /// A small module graph: `page.js` imports `a.js`, and `lazy.js` when it is asked to;
    /// `lazy.js` imports `a.js` and `deep.js`, whose text is `deep`.
    fn lazy_graph(deep: &'static str) -> Vec<(&'static str, &'static str)> {
        vec![
            (
                "page.js",
                "import { a } from './a.js';\nexport const later = () => import('./lazy.js');\n",
            ),
            ("a.js", "export const a = 1;\n"),
            (
                "lazy.js",
                "import { a } from './a.js';\nimport { d } from './deep.js';\nexport const l = a + d;\n",
            ),
            ("deep.js", deep),
        ]
    }

    #[test]
    fn a_dynamic_import_counts_in_the_version_is_hashed_and_is_not_preloaded() {
        let files = lazy_graph("export const d = 1;\n");
        assert_eq!(
            import_closure("page.js", &[Import::Static], &files),
            BTreeSet::from(["a.js"])
        );
        assert_eq!(
            import_closure("page.js", &Import::ALL, &files),
            BTreeSet::from(["a.js", "deep.js", "lazy.js"])
        );
        // A change to a module the page loads only when needed, or to one that module
        // imports, renames the page's script; a module that reaches neither keeps its name.
        let changed = lazy_graph("export const d = 2;\n");
        let name = |n: &str, files: &Files| hashed_name(n, files);
        assert_ne!(name("page.js", &files), name("page.js", &changed));
        assert_ne!(name("lazy.js", &files), name("lazy.js", &changed));
        assert_eq!(name("a.js", &files), name("a.js", &changed));
        // The hashed copy names hashed copies, in the static import and the dynamic one alike.
        let hashed: Vec<(&str, String)> =
            files.iter().map(|(n, _)| (*n, name(n, &files))).collect();
        assert!(hashed[0].1.starts_with("page.") && hashed[0].1.ends_with(".js"));
        assert_eq!(
            link_imports(file_text("page.js", &files), &hashed),
            format!(
                "import {{ a }} from './{}';\nexport const later = () => import('./{}');\n",
                hashed[1].1, hashed[2].1
            )
        );
        // Preloaded: what the page's script imports statically; not the module it loads later,
        // nor what only that module imports.
        let html = "<head><script type=\"module\" src=\"/static/page.js\"></script></head>";
        assert_eq!(
            preload_modules(html, &files),
            "<head><link rel=\"modulepreload\" href=\"/static/a.js\">\n\
             <script type=\"module\" src=\"/static/page.js\"></script></head>"
        );
    }

    #[test]
    fn a_version_covers_what_a_module_imports() {
        // match.js imports boards.js, which imports common.js: a change to common.js
        // must rename all three.
        let closure = |name: &'static str| {
            let mut seen = BTreeSet::new();
            let mut todo = vec![name];
            while let Some(n) = todo.pop() {
                if seen.insert(n) {
                    todo.extend(
                        Import::ALL
                            .iter()
                            .flat_map(|&how| imports(asset_text(n), how, embedded())),
                    );
                }
            }
            seen
        };
        assert!(closure("match.js").contains("common.js"));
        assert!(closure("match.js").contains("boards.js"));
        assert!(!closure("common.js").contains("match.js"));
        let names: BTreeSet<String> = static_files()
            .iter()
            .map(|(n, _, _)| hashed_name(n, embedded()))
            .collect();
        assert_eq!(names.len(), static_files().len());
    }

    #[test]
    fn no_script_is_imported_back_by_what_it_imports() {
        // An import circle, even through a dynamic import, ties a module to what stands on
        // it: what a page needs goes under both, as basics.js does for common.js and people.js.
        for (name, _, _) in static_files().iter().filter(|(n, _, _)| n.ends_with(".js")) {
            let back: Vec<&str> = import_closure(name, &Import::ALL, embedded())
                .into_iter()
                .filter(|module| {
                    Import::ALL.iter().any(|&how| {
                        imports(asset_text(module), how, embedded()).any(|m| m == *name)
                    })
                })
                .collect();
            assert!(back.is_empty(), "{name} is imported back by {back:?}");
        }
    }
}
