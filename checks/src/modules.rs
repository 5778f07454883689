//! The module graph of a crate, read from its source with `syn`: which module's code names
//! which other module's items, and the circles in it.
//!
//! A module is a file (or an inline `mod` block outside tests). An edge runs from module `A`
//! to module `B` when `A`'s code outside `#[cfg(test)]` names an item `B` defines: through a
//! `use` (a glob import names the whole module), or a qualified path such as
//! `crate::x::Item` or `super::Item`. Re-exports are followed to the module that defines
//! the item, so a parent that re-exports a child's types is not taken for their home.
//! Declaring a child (`mod child;`) is ownership, not an edge. Method calls name no module
//! and are no edge: an `impl` block in a child file is the child's.
//!
//! What it cannot see: items made by macros, and paths inside macro calls.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use syn::visit::Visit;

/// One module of a crate.
#[derive(Debug, Default)]
pub struct Module {
    /// Its path from the crate root (`["http", "lobby"]`; empty for the root).
    pub path: Vec<String>,
    /// The file it is in.
    pub file: PathBuf,
    parent: Option<usize>,
    children: BTreeMap<String, usize>,
    items: BTreeSet<String>,
    /// `use` declarations: the name they bring in (none for a glob) and the path.
    uses: Vec<(Option<String>, Vec<String>)>,
    /// Qualified paths named in the code (two segments or more).
    paths: Vec<Vec<String>>,
}

impl Module {
    /// The module's path as Rust writes it (`crate::http::lobby`).
    pub fn name(&self) -> String {
        std::iter::once("crate".to_owned())
            .chain(self.path.iter().cloned())
            .collect::<Vec<_>>()
            .join("::")
    }
}

/// A crate's modules; module 0 is the root.
#[derive(Debug)]
pub struct Crate {
    /// Its modules.
    pub modules: Vec<Module>,
}

/// Whether the attributes hold `#[cfg(test)]` (code that only tests see).
fn is_test(attrs: &[syn::Attribute]) -> bool {
    attrs.iter().any(|a| {
        a.path().is_ident("cfg")
            && a.parse_args::<syn::Meta>()
                .is_ok_and(|m| m.path().is_ident("test"))
    })
}

/// The `#[path = "…"]` of a `mod` declaration, if it has one.
fn path_attr(attrs: &[syn::Attribute]) -> Option<String> {
    attrs.iter().find_map(|a| match &a.meta {
        syn::Meta::NameValue(nv) if nv.path.is_ident("path") => match &nv.value {
            syn::Expr::Lit(syn::ExprLit {
                lit: syn::Lit::Str(s),
                ..
            }) => Some(s.value()),
            _ => None,
        },
        _ => None,
    })
}

/// Flattens a `use` tree into (name brought in, path); a glob has no name.
fn flatten(
    tree: &syn::UseTree,
    prefix: &mut Vec<String>,
    out: &mut Vec<(Option<String>, Vec<String>)>,
) {
    match tree {
        syn::UseTree::Path(p) => {
            prefix.push(p.ident.to_string());
            flatten(&p.tree, prefix, out);
            prefix.pop();
        }
        syn::UseTree::Name(n) => {
            let name = n.ident.to_string();
            if name == "self" {
                out.push((prefix.last().cloned(), prefix.clone()));
            } else {
                let mut path = prefix.clone();
                path.push(name.clone());
                out.push((Some(name), path));
            }
        }
        syn::UseTree::Rename(r) => {
            let mut path = prefix.clone();
            path.push(r.ident.to_string());
            out.push((Some(r.rename.to_string()), path));
        }
        syn::UseTree::Glob(_) => out.push((None, prefix.clone())),
        syn::UseTree::Group(g) => {
            for t in &g.items {
                flatten(t, prefix, out);
            }
        }
    }
}

/// Collects the qualified paths of code (not of `use` items, not of test code).
#[derive(Default)]
struct Paths(Vec<Vec<String>>);

impl<'ast> Visit<'ast> for Paths {
    fn visit_path(&mut self, p: &'ast syn::Path) {
        if p.segments.len() >= 2 {
            self.0
                .push(p.segments.iter().map(|s| s.ident.to_string()).collect());
        }
        syn::visit::visit_path(self, p);
    }

    fn visit_item_use(&mut self, _: &'ast syn::ItemUse) {}

    fn visit_item_mod(&mut self, _: &'ast syn::ItemMod) {}

    fn visit_item_fn(&mut self, f: &'ast syn::ItemFn) {
        if !is_test(&f.attrs) {
            syn::visit::visit_item_fn(self, f);
        }
    }

    fn visit_impl_item_fn(&mut self, f: &'ast syn::ImplItemFn) {
        if !is_test(&f.attrs) {
            syn::visit::visit_impl_item_fn(self, f);
        }
    }
}

impl Crate {
    /// Reads the crate whose root file is `root` (`src/lib.rs` or `src/main.rs`).
    ///
    /// # Errors
    /// A file that cannot be read or parsed, or a `mod` without its file.
    pub fn read(root: &Path) -> Result<Crate, String> {
        let mut krate = Crate {
            modules: Vec::new(),
        };
        let text = std::fs::read_to_string(root).map_err(|e| format!("{}: {e}", root.display()))?;
        let file = syn::parse_file(&text).map_err(|e| format!("{}: {e}", root.display()))?;
        let dir = root.parent().unwrap_or(Path::new(".")).to_path_buf();
        krate.add(None, Vec::new(), root, &dir, &file.items)?;
        Ok(krate)
    }

    /// Adds a module with `items`, found in `file`; its children's files are under
    /// `child_dir`.
    fn add(
        &mut self,
        parent: Option<usize>,
        path: Vec<String>,
        file: &Path,
        child_dir: &Path,
        items: &[syn::Item],
    ) -> Result<usize, String> {
        let me = self.modules.len();
        self.modules.push(Module {
            path: path.clone(),
            file: file.to_path_buf(),
            parent,
            ..Module::default()
        });
        let mut paths = Paths::default();
        for item in items {
            let (attrs, name) = match item {
                syn::Item::Const(i) => (&i.attrs, Some(i.ident.to_string())),
                syn::Item::Enum(i) => (&i.attrs, Some(i.ident.to_string())),
                syn::Item::Fn(i) => (&i.attrs, Some(i.sig.ident.to_string())),
                syn::Item::Static(i) => (&i.attrs, Some(i.ident.to_string())),
                syn::Item::Struct(i) => (&i.attrs, Some(i.ident.to_string())),
                syn::Item::Trait(i) => (&i.attrs, Some(i.ident.to_string())),
                syn::Item::Type(i) => (&i.attrs, Some(i.ident.to_string())),
                syn::Item::Union(i) => (&i.attrs, Some(i.ident.to_string())),
                syn::Item::Impl(i) => (&i.attrs, None),
                syn::Item::Use(i) => (&i.attrs, None),
                syn::Item::Mod(i) => (&i.attrs, None),
                _ => continue,
            };
            if is_test(attrs) {
                continue;
            }
            if let Some(name) = name {
                self.modules[me].items.insert(name);
            }
            match item {
                syn::Item::Use(u) => {
                    let mut flat = Vec::new();
                    flatten(&u.tree, &mut Vec::new(), &mut flat);
                    self.modules[me].uses.extend(flat);
                }
                syn::Item::Mod(m) => {
                    let name = m.ident.to_string();
                    let mut child_path = path.clone();
                    child_path.push(name.clone());
                    let child = match &m.content {
                        Some((_, inner)) => {
                            self.add(Some(me), child_path, file, &child_dir.join(&name), inner)?
                        }
                        None => {
                            let (child_file, grand_dir) = match path_attr(&m.attrs) {
                                Some(p) => {
                                    let f = child_dir.join(p);
                                    let d = f.with_extension("");
                                    (f, d)
                                }
                                None => {
                                    let flat = child_dir.join(format!("{name}.rs"));
                                    if flat.exists() {
                                        (flat, child_dir.join(&name))
                                    } else {
                                        let dir = child_dir.join(&name);
                                        (dir.join("mod.rs"), dir)
                                    }
                                }
                            };
                            let text = std::fs::read_to_string(&child_file)
                                .map_err(|e| format!("{}: {e}", child_file.display()))?;
                            let parsed = syn::parse_file(&text)
                                .map_err(|e| format!("{}: {e}", child_file.display()))?;
                            self.add(Some(me), child_path, &child_file, &grand_dir, &parsed.items)?
                        }
                    };
                    self.modules[me].children.insert(name, child);
                }
                other => paths.visit_item(other),
            }
        }
        self.modules[me].paths = paths.0;
        Ok(me)
    }

    /// The module that defines what `segments` name from module `m` (the module itself for
    /// a path to a module); none for what lies outside the crate.
    fn resolve(&self, m: usize, segments: &[String], depth: u8) -> Option<usize> {
        if depth > 24 || segments.is_empty() {
            return None;
        }
        // A path from `crate`, `self` or `super` names this crate: what it cannot find (an
        // item a macro made) is taken for the module it stops in. A path from a bare name
        // may be another crate's.
        let mut first = !matches!(segments[0].as_str(), "crate" | "self" | "super");
        let (mut cur, mut rest) = match segments[0].as_str() {
            "crate" => (0, &segments[1..]),
            "self" => (m, &segments[1..]),
            "super" => {
                let mut cur = m;
                let mut i = 0;
                while segments.get(i).is_some_and(|s| s == "super") {
                    cur = self.modules[cur].parent?;
                    i += 1;
                }
                (cur, &segments[i..])
            }
            "Self" => return None,
            _ => (m, segments),
        };
        while let Some((seg, tail)) = rest.split_first() {
            let module = &self.modules[cur];
            if let Some(&child) = module.children.get(seg) {
                cur = child;
                rest = tail;
                first = false;
                continue;
            }
            if module.items.contains(seg) {
                return Some(cur);
            }
            if let Some((_, path)) = module.uses.iter().find(|(n, _)| n.as_deref() == Some(seg)) {
                let mut full = path.clone();
                full.extend(tail.iter().cloned());
                // A `use` path is written from the module that holds it.
                return self.resolve(cur, &full, depth + 1);
            }
            for (_, glob) in module.uses.iter().filter(|(n, _)| n.is_none()) {
                if let Some(source) = self.resolve(cur, glob, depth + 1) {
                    let src = &self.modules[source];
                    if src.children.contains_key(seg)
                        || src.items.contains(seg)
                        || src.uses.iter().any(|(n, _)| n.as_deref() == Some(seg))
                    {
                        let mut full = vec!["self".to_owned()];
                        full.extend(rest.iter().cloned());
                        return self.resolve(source, &full, depth + 1);
                    }
                }
            }
            // Not of this crate (an extern crate, the prelude), or made by a macro.
            return if first { None } else { Some(cur) };
        }
        Some(cur)
    }

    /// Every edge between two different modules: `(from, to)`, each once.
    pub fn edges(&self) -> BTreeSet<(usize, usize)> {
        let mut out = BTreeSet::new();
        for (m, module) in self.modules.iter().enumerate() {
            let named = module
                .uses
                .iter()
                .map(|(_, p)| p)
                .chain(module.paths.iter());
            for path in named {
                if let Some(to) = self.resolve(m, path, 0)
                    && to != m
                {
                    out.insert((m, to));
                }
            }
        }
        out
    }

    /// The circles: every set of two or more modules that reach each other (Tarjan's
    /// strongly connected components), each with its edges.
    pub fn circles(&self) -> Vec<Vec<(usize, usize)>> {
        let edges = self.edges();
        let n = self.modules.len();
        let mut next: Vec<Vec<usize>> = vec![Vec::new(); n];
        for &(a, b) in &edges {
            next[a].push(b);
        }
        let components = strongly_connected(&next);
        components
            .into_iter()
            .filter(|c| c.len() > 1)
            .map(|c| {
                let set: BTreeSet<usize> = c.into_iter().collect();
                edges
                    .iter()
                    .copied()
                    .filter(|(a, b)| set.contains(a) && set.contains(b))
                    .collect()
            })
            .collect()
    }
}

/// Tarjan's algorithm, iteratively: the strongly connected components of a graph given as
/// each node's successors.
fn strongly_connected(next: &[Vec<usize>]) -> Vec<Vec<usize>> {
    let n = next.len();
    let mut index = vec![usize::MAX; n];
    let mut low = vec![0; n];
    let mut on_stack = vec![false; n];
    let mut stack = Vec::new();
    let mut out = Vec::new();
    let mut counter = 0;
    for start in 0..n {
        if index[start] != usize::MAX {
            continue;
        }
        // (node, position in its successor list)
        let mut work = vec![(start, 0usize)];
        index[start] = counter;
        low[start] = counter;
        counter += 1;
        stack.push(start);
        on_stack[start] = true;
        while let Some(&mut (v, ref mut i)) = work.last_mut() {
            if let Some(&w) = next[v].get(*i) {
                *i += 1;
                if index[w] == usize::MAX {
                    index[w] = counter;
                    low[w] = counter;
                    counter += 1;
                    stack.push(w);
                    on_stack[w] = true;
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
            } else {
                work.pop();
                if let Some(&(u, _)) = work.last() {
                    low[u] = low[u].min(low[v]);
                }
                if low[v] == index[v] {
                    let mut component = Vec::new();
                    while let Some(w) = stack.pop() {
                        on_stack[w] = false;
                        component.push(w);
                        if w == v {
                            break;
                        }
                    }
                    out.push(component);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn components_of_a_small_graph() {
        // 0 -> 1 -> 2 -> 0 is a circle; 3 -> 0 hangs off it; 4 alone.
        let next = vec![vec![1], vec![2], vec![0], vec![0], vec![]];
        let mut big: Vec<Vec<usize>> = strongly_connected(&next)
            .into_iter()
            .filter(|c| c.len() > 1)
            .map(|mut c| {
                c.sort_unstable();
                c
            })
            .collect();
        big.sort();
        assert_eq!(big, vec![vec![0, 1, 2]]);
    }

    fn write(dir: &Path, name: &str, text: &str) {
        let path = dir.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }

    #[test]
    fn a_circle_through_a_re_export_is_found_and_a_facade_is_not_one() {
        let dir = std::env::temp_dir().join(format!("senet-checks-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        // The root re-exports `a::A` and `b::B`; `b` names `A` through the root, which is
        // `a`'s item: b -> a, not b -> root. Then `a` names `b::B`: a circle of a and b.
        write(&dir, "lib.rs", "mod a; mod b; pub use a::A; pub use b::B;");
        write(
            &dir,
            "a.rs",
            "pub struct A; fn f() -> crate::b::B { todo!() }",
        );
        write(&dir, "b.rs", "use crate::A; pub struct B(A);");
        let k = Crate::read(&dir.join("lib.rs")).unwrap();
        let name = |i: usize| k.modules[i].name();
        let edges: BTreeSet<(String, String)> = k
            .edges()
            .into_iter()
            .map(|(a, b)| (name(a), name(b)))
            .collect();
        assert!(
            edges.contains(&("crate::b".into(), "crate::a".into())),
            "{edges:?}"
        );
        assert!(!edges.iter().any(|(_, to)| to == "crate"), "{edges:?}");
        assert_eq!(k.circles().len(), 1);
        // Without a's path to b, only the facade's edges down remain: no circle.
        write(&dir, "a.rs", "pub struct A;");
        let k = Crate::read(&dir.join("lib.rs")).unwrap();
        assert!(k.circles().is_empty());
        // A child that imports its parent's own item while the parent uses the child.
        write(&dir, "lib.rs", "mod a; pub struct Root; pub use a::A;");
        write(&dir, "a.rs", "use super::Root; pub struct A(Root);");
        let k = Crate::read(&dir.join("lib.rs")).unwrap();
        assert_eq!(k.circles().len(), 1);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
