//! `uriesc match` reads a group's regular expression as ECMAScript with the `v` flag does
//! (urlpattern.spec "compile a component": `RegExpCreate(source, "v")`), issue 54. Valid or not
//! as V8's `new RegExp(source, "v")` says (node v20.20.2); what matches as the standard says.

use crate::util::{fails, ok_str, run};

/// What V8's `new RegExp(_, "v")` throws a SyntaxError on, a browser's URLPattern a TypeError:
/// refused with exit status 2 and the reason, where the regex crate took them (`\A` as its
/// anchor).
#[test]
fn what_ecmascript_refuses_is_refused_with_the_reason() {
    for (pattern, reason) in [
        (r"https://h/:x(\A)", "not an escape ECMAScript has"),
        ("https://h/:x(a++)", "nothing to repeat"),
        (r"https://h/:x(\-)", "not an escape ECMAScript has"),
        ("https://h/:x([|])", "must be escaped in a class"),
    ] {
        let (status, out, err) = fails(&["match", pattern, "https://h/A"], b"");
        assert_eq!((status, out.len()), (2, 0), "{pattern}");
        assert!(
            err.contains("is not an ECMAScript regular expression (v flag)"),
            "{pattern}: {err}"
        );
        assert!(err.contains(reason), "{pattern}: {err}");
    }
}

/// What V8 accepts, and the regex crate did not: compiled, and matching as ECMA-262 says.
#[test]
fn what_ecmascript_accepts_is_taken() {
    // `[^]`: any character (ECMA-262 CharacterComplement of the empty set), `/` among them.
    assert_eq!(
        ok_str(&["match", "https://h/:x([^]+)", "https://h/a/b"], ""),
        "https://h/a/b\n"
    );
    // `\0` is NUL and `\cA` U+0001: no path holds either unencoded, so nothing matches (1).
    for pattern in [
        r"https://h/:x(\0)",
        r"https://h/:x(\cA)",
        "https://h/:x([])",
    ] {
        let out = run(&["match", pattern, "https://h/a"], b"");
        assert_eq!(
            out.status.code(),
            Some(1),
            "{pattern}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
    // `[[:alpha:]]` under `v` is a class of `:`, `a`, `l`, `p`, `h`, not POSIX's letters.
    assert_eq!(
        ok_str(
            &[
                "match",
                "https://h/:x([[:alpha:]]+)",
                "https://h/alpha",
                "https://h/b"
            ],
            ""
        ),
        "https://h/alpha\n"
    );
}

/// Look-around and backreferences are ECMAScript's, and need backtracking: the message says so.
#[test]
fn what_needs_backtracking_is_refused_as_such() {
    for pattern in ["https://h/:x((?=a)a)", "https://h/:x((?<n>a)\\k<n>)"] {
        let (status, _, err) = fails(&["match", pattern, "https://h/a"], b"");
        assert_eq!(status, 2, "{pattern}");
        assert!(
            err.contains("needs a backtracking engine"),
            "{pattern}: {err}"
        );
    }
}

/// deno#29935: the urlpattern crate wrote the `/` of `{/:x}?` as `%2F` for a protocol that is
/// not special. urlpattern.spec "canonicalize an opaque pathname" keeps it (url.bs "opaque path
/// state" encodes the C0 control percent-encode set only), as the polyfill does.
#[test]
fn a_non_special_pathname_keeps_its_slash() {
    let args = [
        "match",
        "--protocol",
        "foo",
        "--pathname",
        "{/:x}?",
        "foo://bar/x",
    ];
    assert_eq!(ok_str(&args, ""), "foo://bar/x\n");
    // The standard compiles it with the default options: no delimiter, `:x` takes `/` too.
    let args = [
        "match",
        "--protocol",
        "foo",
        "--pathname",
        "/:x",
        "foo://bar/a/b",
    ];
    assert_eq!(ok_str(&args, ""), "foo://bar/a/b\n");
}
