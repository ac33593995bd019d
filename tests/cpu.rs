//! The choice of block loops (`src/cpu.rs`): a `Blocks` exists only for a level the CPU has,
//! and `URIESC_FORCE_IMPLEMENTATION` changes how the binary computes, never what it writes.
//! Which levels this CPU has comes from the standard library's feature detection, asked for
//! the instructions each level's block loops use (listed in `cpu_has`).

use uriesc::cpu::{Blocks, Level};

use crate::util::run_env;

const VARIABLE: &str = "URIESC_FORCE_IMPLEMENTATION";

/// Whether this CPU has what `level` needs, asked of the standard library directly.
fn cpu_has(level: Level) -> bool {
    #[cfg(target_arch = "x86_64")]
    {
        use std::is_x86_feature_detected as has;
        let ssse3 = has!("ssse3");
        let avx2 = ssse3 && has!("avx2") && has!("popcnt") && has!("pclmulqdq");
        let avx512 = avx2
            && has!("avx512f")
            && has!("avx512bw")
            && has!("avx512vbmi")
            && has!("avx512vbmi2")
            && has!("bmi2")
            && has!("vpclmulqdq");
        match level {
            Level::Portable => true,
            Level::Ssse3 => ssse3,
            Level::Avx2 => avx2,
            Level::Avx512 => avx512,
        }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        level == Level::Portable
    }
}

/// The environments that force each level this CPU has (and none, for the default), for
/// tests elsewhere that run a command at every level.
pub(crate) fn forced_levels() -> Vec<Vec<(&'static str, &'static str)>> {
    let mut forced = vec![vec![]];
    forced.extend(
        NAMES
            .iter()
            .filter(|(_, l)| cpu_has(*l))
            .map(|(n, _)| vec![(VARIABLE, *n)]),
    );
    forced
}

const NAMES: [(&str, Level); 4] = [
    ("portable", Level::Portable),
    ("ssse3", Level::Ssse3),
    ("avx2", Level::Avx2),
    ("avx512", Level::Avx512),
];

#[test]
fn blocks_exist_exactly_for_the_levels_the_cpu_has() {
    for (_, level) in NAMES {
        let blocks = Blocks::new(level);
        assert_eq!(blocks.is_some(), cpu_has(level), "{level:?}");
        if let Some(blocks) = blocks {
            assert_eq!(blocks.level(), level);
        }
    }
    let expected: Vec<Level> = NAMES
        .map(|(_, l)| l)
        .into_iter()
        .filter(|&l| cpu_has(l))
        .collect();
    let available: Vec<Level> = Blocks::available().iter().map(|b| b.level()).collect();
    assert_eq!(available, expected);
    assert_eq!(Blocks::portable().level(), Level::Portable);
    assert_eq!(Blocks::new(Level::Portable), Some(Blocks::portable()));
    // This process's choice: the best level, unless whoever runs the tests forces one.
    if std::env::var_os(VARIABLE).is_none_or(|v| v.is_empty()) {
        assert_eq!(Some(&Blocks::selected().level()), expected.last());
    }
}

#[test]
fn names_are_the_variables_values() {
    for (name, level) in NAMES {
        assert_eq!(level.name(), name);
        assert_eq!(Level::named(name), Some(level));
    }
    assert_eq!(Level::named("neon2"), None);
    assert_eq!(Level::named("AVX2"), None);
}

/// Records that cross the 16-, 32- and 64-byte blocks of every loop, with escapes good and
/// bad, non-ASCII text, bytes that are not UTF-8, and real URLs.
fn inputs() -> Vec<u8> {
    let mut input = std::fs::read("tests/data/urls-permissive-slice.txt").expect("test data");
    let long_ascii = format!(
        "https://example.com/{}?q={}&r=%41%zz%#frag{}\n",
        "path/".repeat(30),
        "a b+c".repeat(20),
        "x".repeat(70)
    );
    input.extend_from_slice(long_ascii.as_bytes());
    let unicode = "http://例え.テスト/パス/ğüşıöç/путь?クエリ=値#フラグメント".repeat(4);
    input.extend_from_slice(unicode.as_bytes());
    input.push(b'\n');
    for len in [15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128, 129] {
        let body = "b".repeat(len - 12);
        input.extend_from_slice(format!("http://a/{body}%2F\n").as_bytes());
        input.extend_from_slice(format!("http://a/{body} é\n").as_bytes());
    }
    input.extend_from_slice(b"%E3%81%82%2B+%%41%4\n\xFF\xFE%C3%28 tail\r\n\n%%%%%%%%%%%%%%%%%%%\n");
    input.extend_from_slice(&b"%41".repeat(50));
    input.extend_from_slice(b"\nnot a uri\twith tabs and <brackets>\n");
    // Hosts that arrive as escapes or raw Unicode after text beyond ASCII and bare `%`s.
    input.extend_from_slice(
        "é\nhttp://%HOST%D0%B0pple.com/é%41\nhttp://u%zz@\u{430}.com/\n".as_bytes(),
    );
    input
}

/// A run of every command that reads records, with the options whose loops differ: the URL
/// Standard's `clean`, `parse` and `edit` (ada's, and the fast paths beside it) as well as the
/// RFCs'.
const COMMANDS: &[&[&str]] = &[
    &["encode"],
    &["encode", "-c", "path"],
    &["encode", "-c", "form", "--lower"],
    &["encode", "--whole"],
    &["decode"],
    &["decode", "--plus", "--utf8", "lossy"],
    &["decode", "--strict"],
    &["check"],
    &["check", "--whatwg", "--format", "json"],
    &["check", "-c", "reference", "--valid"],
    &["clean"],
    &["clean", "-c", "reference"],
    &["pretty-print"],
    &["pretty-print", "--idna", "--explain"],
    &["clean", "--whatwg"],
    &["parse"],
    &["parse", "--whatwg", "--format", "json"],
    &["parse", "--get", "{host|decoded} {query}"],
    &["edit", "--set", "path=/a b", "--remove-param", "utm_*"],
    &["edit", "--whatwg", "--set", "host=example.com"],
    &["edit", "--whatwg", "--set", "hash=x y", "--sort-params"],
    &["key", "--profile", "whatwg", "--with-key"],
    &[
        "key",
        "--profile",
        "safebrowsing",
        "--expressions",
        "--hash",
    ],
    &["key", "--profile", "signature", "--unique"],
    &["match", "https://*.example.com/*"],
    &["match", "--get", "{version}", "-e", "*://*/api/:version/*"],
    &["match", "-v", "--pathname", "/:a(\\d+)/*"],
    &["extract", "--emails", "-n"],
    &["extract", "--from", "markdown", "--format", "json"],
    &["extract", "--from", "html"],
];

/// Every command that reads records is in [`COMMANDS`].
#[test]
fn every_command_is_run_at_every_level() {
    let none = "reads no records";
    let exempt = [("table", none), ("completions", none), ("man", none)];
    crate::commands::assert_every_command("COMMANDS", COMMANDS.iter().copied(), &exempt);
}

#[test]
fn every_level_writes_what_the_default_writes() {
    let input = inputs();
    let mut forced: Vec<&str> = vec![""];
    forced.extend(NAMES.iter().filter(|(_, l)| cpu_has(*l)).map(|(n, _)| *n));
    for &args in COMMANDS {
        let default = run_env(&[], args, &input);
        for &name in &forced {
            let out = run_env(&[(VARIABLE, name)], args, &input);
            let what = format!("{VARIABLE}={name} uriesc {args:?}");
            assert_eq!(out.status.code(), default.status.code(), "{what}");
            assert!(out.stdout == default.stdout, "{what}: stdout differs");
            assert!(out.stderr == default.stderr, "{what}: stderr differs");
        }
        // Each status says what kind of input this was; none says the run broke.
        assert!(
            matches!(default.status.code(), Some(0 | 1)),
            "uriesc {args:?}"
        );
    }
}

/// The variable's value is refused before anything runs: status 2, a message that names it.
#[track_caller]
fn refused(value: &str) -> String {
    let out = run_env(&[(VARIABLE, value)], &["encode", "a b"], b"");
    let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
    assert_eq!(out.status.code(), Some(2), "{VARIABLE}={value}: {stderr}");
    assert!(out.stdout.is_empty(), "{VARIABLE}={value}");
    assert!(
        stderr.contains(&format!("{VARIABLE}={value}")),
        "{VARIABLE}={value}: {stderr}"
    );
    assert!(stderr.contains("portable"), "the choices: {stderr}");
    stderr
}

#[test]
fn a_level_the_cpu_lacks_is_refused() {
    let lacking: Vec<&str> = NAMES
        .iter()
        .filter(|(_, l)| !cpu_has(*l))
        .map(|(n, _)| *n)
        .collect();
    if lacking.is_empty() {
        eprintln!("skipped: this CPU has every level, so none can be refused for lack of it");
    }
    for name in lacking {
        let stderr = refused(name);
        assert!(stderr.contains("lacks"), "{stderr}");
        let choices = stderr.split("choose one of:").nth(1).expect("the choices");
        let choices: Vec<&str> = choices.split(',').map(str::trim).collect();
        assert!(!choices.contains(&name), "{name} is no choice: {stderr}");
    }
}

#[test]
fn an_unknown_name_is_refused() {
    refused("neon2");
    refused("AVX2");
}
