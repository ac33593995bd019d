//! The library's own cases: the hostile patterns that panicked other implementations, the
//! regular expression rules ECMAScript and the regex crate differ on, and the laws (`test()` is
//! `exec()` found, whatever the pattern and URL).

use proptest::prelude::*;

use super::*;

fn pathname(pattern: &str) -> Result<Pattern, PatternError> {
    let mut init = Init::default();
    init.components[5] = Some(pattern.into());
    Pattern::from_init(init, Options::default())
}

/// rust-urlpattern#72 (found by fuzzing: `\`, a line feed, `*`, NUL), deno#13394 (`/:a.`),
/// deno#20906 (`:café://:foo`): each compiles or is refused, and the run goes on.
#[test]
fn the_patterns_that_panicked_peers_do_not_end_the_run() {
    let result = pathname("\\\n*\0");
    assert!(!matches!(result, Err(PatternError::Compiler)), "{result:?}");
    let dotted = pathname("/:a.").expect("urlpattern.spec: a name then a fixed '.'");
    assert_eq!(dotted.component(5), "/:a.");
    let mut reader = Reader::new();
    let url = reader.read(b"http://h/x.").unwrap();
    assert_eq!(
        dotted.exec(&url).unwrap().components[5].groups,
        [("a", Some("x"))]
    );
    // A name may be any identifier (ECMA-262 IdentifierPart): `café` is one.
    let named = Pattern::new(":café://:foo", None, Options::default());
    assert!(named.is_ok(), "{named:?}");
}

#[test]
fn a_flag_group_ecmascript_has_not_is_refused() {
    // WPT: `((?R)):` must throw; the regex crate alone would read (?R) as its CRLF flag.
    let wpt = Pattern::new("((?R)):", None, Options::default());
    assert!(matches!(wpt, Err(PatternError::Regexp(_))), "{wpt:?}");
    for pattern in ["/((?R))", "/((?x)a)", "/((?U)a)", "/((?P<n>a))"] {
        let refused = pathname(pattern);
        assert!(
            matches!(&refused, Err(PatternError::Regexp(e)) if e.kind == RegexpErrorKind::Syntax),
            "{pattern}: {refused:?}"
        );
    }
    for pattern in ["/((?:a)b)", "/((?<n>a))", "/((?i:a)b)"] {
        assert!(pathname(pattern).is_ok(), "{pattern}");
    }
    // Look-around: ECMAScript has it, an automaton without backtracking cannot.
    let refused = pathname("/(a(?=b))");
    assert!(
        matches!(&refused, Err(PatternError::Regexp(e)) if e.kind == RegexpErrorKind::Backtracking),
        "{refused:?}"
    );
}

/// WPT's entry `*{}**?` on `foobar`: the optional group that matched empty is undefined
/// (ECMA-262 "RepeatMatcher"), not `""`.
#[test]
fn an_optional_group_that_matched_empty_is_undefined() {
    let pattern = pathname("*{}**?").unwrap();
    let url = Components(["", "", "", "", "", "foobar", "", ""]);
    let groups = &pattern.exec(&url).unwrap().components[5].groups;
    assert_eq!(groups, &[("0", Some("foobar")), ("1", None)]);
}

/// Shapes that take exponential time in a backtracking engine (bun#42603's `**.example.com`,
/// nested quantifiers): the automaton answers in time linear in the input.
#[test]
fn backtracking_shapes_are_answered() {
    let host = format!("{}x", "a.".repeat(20_000));
    let mut init = Init::default();
    init.components[3] = Some("**.*.*.*.*.*.*.*.*.*.example.com".into());
    let pattern = Pattern::from_init(init, Options::default()).unwrap();
    let mut url = Components::default();
    url.0[3] = &host;
    assert!(!pattern.test(&url));
    assert!(pattern.exec(&url).is_none());
    let nested = pathname("/((?:a+)+)b").unwrap();
    let path = format!("/{}c", "a".repeat(100_000));
    url.0[5] = &path;
    assert!(!nested.test(&url));
}

proptest! {
    /// `test()` is whether `exec()` finds a match, for any pattern made of the syntax's
    /// characters and any path.
    #[test]
    fn test_is_exec_found(pattern in "[/:*?+(){}a-c.\\\\]{0,12}", path in "/[a-c/.]{0,10}") {
        if let Ok(pattern) = pathname(&pattern) {
            let mut url = Components(["http", "", "", "h", "", "", "", ""]);
            url.0[5] = &path;
            prop_assert_eq!(pattern.test(&url), pattern.exec(&url).is_some());
        }
    }

    /// No pattern stops the compiler: each compiles or is refused for a reason of the
    /// standard's.
    #[test]
    fn no_pattern_faults_the_compiler(pattern in "[/:*?+(){}a\\\\\n\0.#@\\[\\]]{0,16}") {
        prop_assert_ne!(Pattern::new(&pattern, Some("http://h/"), Options::default()).err(), Some(PatternError::Compiler));
        prop_assert_ne!(pathname(&pattern).err(), Some(PatternError::Compiler));
    }
}
