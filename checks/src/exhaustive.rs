//! Whether a `match` over rulesets has a catch-all arm: one that would give a new ruleset
//! some other ruleset's behaviour without a word from the compiler.

use syn::visit::Visit;

/// The types whose variants are the rulesets: a `match` naming one of the rulesets in a
/// pattern must name every one.
const RULESET_ENUMS: [&str; 3] = ["Variant", "Game", "Move"];

/// Whether `pat` names a ruleset as a variant of a ruleset enum (`Variant::Jequier`,
/// `Game::Parker(g)`, or such a pattern inside a tuple); `rulesets` are their names as the
/// enums spell them (`Jequier`).
fn names_a_ruleset(pat: &syn::Pat, rulesets: &[String]) -> bool {
    let path = match pat {
        syn::Pat::Path(p) => Some(&p.path),
        syn::Pat::TupleStruct(p) => Some(&p.path),
        syn::Pat::Struct(p) => Some(&p.path),
        syn::Pat::Tuple(t) => return t.elems.iter().any(|p| names_a_ruleset(p, rulesets)),
        syn::Pat::Or(o) => return o.cases.iter().any(|p| names_a_ruleset(p, rulesets)),
        syn::Pat::Reference(r) => return names_a_ruleset(&r.pat, rulesets),
        syn::Pat::Paren(p) => return names_a_ruleset(&p.pat, rulesets),
        _ => None,
    };
    path.is_some_and(|p| {
        let segs: Vec<String> = p.segments.iter().map(|s| s.ident.to_string()).collect();
        segs.len() >= 2
            && RULESET_ENUMS.contains(&segs[segs.len() - 2].as_str())
            && rulesets.contains(&segs[segs.len() - 1])
    })
}

/// Whether `pat` matches anything: `_`, a plain binding, or a tuple of such.
fn catches_all(pat: &syn::Pat) -> bool {
    match pat {
        syn::Pat::Wild(_) => true,
        syn::Pat::Ident(i) => i.subpat.is_none(),
        syn::Pat::Tuple(t) => t.elems.iter().all(catches_all),
        syn::Pat::Paren(p) => catches_all(&p.pat),
        syn::Pat::Reference(r) => catches_all(&r.pat),
        _ => false,
    }
}

/// Finds the catch-all arms of matches over rulesets in a file.
#[derive(Debug, Default)]
pub struct CatchAlls {
    rulesets: Vec<String>,
    /// Each match found, as the text of its first ruleset pattern (to find it by).
    pub found: Vec<String>,
}

impl CatchAlls {
    /// A finder for the rulesets named `rulesets` (as the enums spell them: `Jequier`).
    pub fn new(rulesets: Vec<String>) -> CatchAlls {
        CatchAlls {
            rulesets,
            found: Vec::new(),
        }
    }
}

impl<'ast> Visit<'ast> for CatchAlls {
    fn visit_expr_match(&mut self, m: &'ast syn::ExprMatch) {
        if let Some(first) = m
            .arms
            .iter()
            .find(|a| names_a_ruleset(&a.pat, &self.rulesets))
            && m.arms.iter().any(|a| catches_all(&a.pat))
        {
            let pat = &first.pat;
            self.found.push(quote::quote!(#pat).to_string());
        }
        syn::visit::visit_expr_match(self, m);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn found(code: &str) -> Vec<String> {
        let file = syn::parse_file(code).unwrap();
        let mut v = CatchAlls::new(vec![
            "Modern".into(),
            "Parker".into(),
            "Jequier".into(),
            "A".into(),
        ]);
        v.visit_file(&file);
        v.found
    }

    #[test]
    fn a_wildcard_beside_a_variant_is_found() {
        assert_eq!(
            found("fn f(v: Variant) -> u8 { match v { Variant::Modern => 4, _ => 2 } }").len(),
            1
        );
        assert_eq!(
            found("fn f(v: Variant) -> u8 { match v { Variant::Modern => 4, other => 2 } }").len(),
            1
        );
        assert_eq!(
            found("fn f(g: Game, m: Move) { match (g, m) { (Game::A(g), Move::A(m)) => {}, _ => {} } }")
                .len(),
            1
        );
    }

    #[test]
    fn exhaustive_matches_and_other_enums_pass() {
        assert!(found("fn f(v: Variant) -> u8 { match v { Variant::Modern => 4, Variant::Parker | Variant::Jequier => 2 } }").is_empty());
        assert!(found("fn f(c: char) -> u8 { match c { 'a' => 1, _ => 2 } }").is_empty());
        assert!(
            found("fn f(e: IllegalMove) -> u8 { match e { IllegalMove::Blocked => 1, _ => 2 } }")
                .is_empty()
        );
        // A ruleset's own `Move` type is not the engine's.
        assert!(found("fn f(m: Move) -> u8 { match m { Move::Black => 1, _ => 2 } }").is_empty());
    }
}
