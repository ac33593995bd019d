//! The library's layout, held to what a newcomer is told of it: the top-level modules of
//! `src/` import one another in one direction only (no cycle, so each can be read, tested and
//! moved with what is below it), and CONTRIBUTING.md's map ("How the code is laid out") names
//! every module of the library and of the binary.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use crate::repo::{files, layout_paths, text};

/// The code of `text` without its comment lines (`//`, `///`, `//!`): a module named in a
/// doc's prose or a doc link is no import.
fn code_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines()
        .enumerate()
        .filter(|(_, line)| !line.trim_start().starts_with("//"))
        .map(|(i, line)| (i + 1, line))
}

/// The top-level modules that `line` names by a `crate::` path: `crate::report::Sink` and
/// each of `crate::{report, stream::Place}`.
fn named_modules(line: &str) -> Vec<&str> {
    let ident = |s: &str| -> usize {
        s.find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(s.len())
    };
    let mut names = Vec::new();
    for (at, _) in line.match_indices("crate::") {
        let rest = &line[at + "crate::".len()..];
        match rest.strip_prefix('{') {
            Some(group) => {
                // The first name of each member at the group's top level.
                let (mut depth, mut start) = (0, true);
                for (i, c) in group.char_indices() {
                    match c {
                        '{' => depth += 1,
                        '}' if depth == 0 => break,
                        '}' => depth -= 1,
                        ',' if depth == 0 => start = true,
                        c if start && depth == 0 && !c.is_whitespace() => {
                            names.push(&group[i..i + ident(&group[i..])]);
                            start = false;
                        }
                        _ => {}
                    }
                }
            }
            None => names.push(&rest[..ident(rest)]),
        }
    }
    names.retain(|name| !name.is_empty());
    names
}

/// The library's top-level module that `path` (under `src/`) belongs to; `None` for the
/// crate's roots (`lib.rs`, `main.rs`) and the binary's `cli/`, which imports the library by
/// its name, not by `crate::`.
fn module_of(path: &Path) -> Option<String> {
    let rest = path.strip_prefix("src").ok()?;
    let first = rest.components().next()?.as_os_str().to_str()?;
    let module = first.strip_suffix(".rs").unwrap_or(first);
    (!matches!(module, "lib" | "main" | "cli")).then(|| module.to_string())
}

/// Each top-level module's imports of the others, each with the first place that makes it.
fn imports() -> BTreeMap<String, BTreeMap<String, String>> {
    let mut graph: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
    for path in files() {
        let (Some(module), Some(text)) = (module_of(&path), text(&path)) else {
            continue;
        };
        if path.extension().is_none_or(|e| e != "rs") {
            continue;
        }
        let edges = graph.entry(module.clone()).or_default();
        for (number, line) in code_lines(&text) {
            for name in named_modules(line) {
                if name != module && name != "self" {
                    let place = format!("{}:{number}", path.display());
                    edges.entry(name.to_string()).or_insert(place);
                }
            }
        }
    }
    graph
}

/// A cycle of `graph`, as its modules in order, if it has one (a depth-first search).
fn cycle(graph: &BTreeMap<String, BTreeMap<String, String>>) -> Option<Vec<String>> {
    fn visit(
        node: &str,
        graph: &BTreeMap<String, BTreeMap<String, String>>,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            return Some(path[at..].to_vec());
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_string());
        for next in graph.get(node).into_iter().flat_map(|edges| edges.keys()) {
            if let Some(found) = visit(next, graph, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_string());
        None
    }
    let mut done = BTreeSet::new();
    graph
        .keys()
        .find_map(|node| visit(node, graph, &mut Vec::new(), &mut done))
}

#[test]
fn no_cycle_among_the_top_level_modules() {
    let graph = imports();
    assert!(
        graph.len() > 20,
        "the modules of src/ were found: {:?}",
        graph.keys()
    );
    if let Some(cycle) = cycle(&graph) {
        let arrows: Vec<String> = (0..cycle.len())
            .map(|i| {
                let (from, to) = (&cycle[i], &cycle[(i + 1) % cycle.len()]);
                format!("{from} -> {to} ({})", graph[from][to])
            })
            .collect();
        panic!(
            "the top-level modules import each other in a circle; move what a back-edge \
             uses to the module it belongs to:\n  {}",
            arrows.join("\n  ")
        );
    }
}

#[test]
fn imports_and_cycles_are_read_as_meant() {
    assert_eq!(
        named_modules("use crate::report::{Format, Sink};"),
        ["report"]
    );
    assert_eq!(
        named_modules("use crate::{report::Sink, stream::{Place, Run}, visible};"),
        ["report", "stream", "visible"]
    );
    assert_eq!(
        named_modules("let x = crate::excerpt::count_chars(b) + crate::cpu::level();"),
        ["excerpt", "cpu"]
    );
    assert_eq!(
        module_of(Path::new("src/check/whatwg/host.rs")).as_deref(),
        Some("check")
    );
    assert_eq!(
        module_of(Path::new("src/visible/mod.rs")).as_deref(),
        Some("visible")
    );
    assert_eq!(module_of(Path::new("src/cli/run.rs")), None);
    let graph = |edges: &[(&str, &str)]| {
        let mut graph: BTreeMap<String, BTreeMap<String, String>> = BTreeMap::new();
        for (from, to) in edges {
            graph
                .entry(from.to_string())
                .or_default()
                .insert(to.to_string(), String::new());
        }
        graph
    };
    assert_eq!(cycle(&graph(&[("a", "b"), ("b", "c"), ("a", "c")])), None);
    assert_eq!(
        cycle(&graph(&[("a", "b"), ("b", "c"), ("c", "a")])),
        Some(vec!["a".to_string(), "b".to_string(), "c".to_string()])
    );
}

/// The modules CONTRIBUTING.md's map must name: every Rust file of `src/`, a folder's
/// `mod.rs` by its folder; not the unit tests beside the code (`tests.rs`, `tests/`), which go
/// with the module they test.
fn modules() -> Vec<String> {
    let mut modules: Vec<String> = files()
        .into_iter()
        .filter(|path| path.starts_with("src") && path.extension().is_some_and(|e| e == "rs"))
        .filter(|path| {
            !path
                .components()
                .any(|c| c.as_os_str() == "tests.rs" || c.as_os_str() == "tests")
        })
        .map(|path| {
            let path = path.to_string_lossy().replace('\\', "/");
            match path.strip_suffix("mod.rs") {
                Some(folder) => folder.to_string(),
                None => path,
            }
        })
        .collect();
    modules.sort();
    modules
}

#[test]
fn the_contributors_map_names_every_module() {
    let map = std::fs::read_to_string("CONTRIBUTING.md").expect("CONTRIBUTING.md reads");
    let named: BTreeSet<String> = layout_paths(&map).into_iter().collect();
    let modules = modules();
    assert!(
        modules.len() > 100,
        "the modules of src/ were found: {modules:?}"
    );
    let missing: Vec<&String> = modules.iter().filter(|m| !named.contains(*m)).collect();
    assert!(
        missing.is_empty(),
        "CONTRIBUTING.md's map (\"How the code is laid out\") does not name {} module(s); add \
         each, with what it owns: {missing:#?}",
        missing.len()
    );
}
