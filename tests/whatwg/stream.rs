//! `clean --whatwg` and `check --whatwg` as streams: the runs of records their fast paths take
//! at once, and the record a run stops at, held record by record to the parser's way.

use uriesc::clean::Options;
use uriesc::internals;
use uriesc::sets::Standard;

/// The corpus slice as one stream (LF, CRLF and NUL), walked as the streamer walks it: a run
/// taken at once, then the record that ended it alone; the runs of `check --whatwg` and `clean
/// --whatwg` end where record by record they would, at the CPU's own level.
#[test]
fn whatwg_runs_on_the_corpus_slice() {
    type Runs = [fn(&[u8], u8) -> (usize, u64); 2];
    let pairs: [Runs; 2] = [
        [
            internals::whatwg_common_run,
            internals::whatwg_common_run_bytewise,
        ],
        [
            internals::whatwg_own_run,
            internals::whatwg_own_run_bytewise,
        ],
    ];
    let lines: Vec<&str> = include_str!("../data/urls-permissive-slice.txt")
        .lines()
        .collect();
    for (end, terminator) in [(b'\n', "\n"), (b'\n', "\r\n"), (0, "\0")] {
        let stream: String = lines
            .iter()
            .map(|line| format!("{line}{terminator}"))
            .collect();
        for [run, bytewise] in pairs {
            let (mut at, mut runs) = (0, 0);
            while at < stream.len() {
                let rest = &stream.as_bytes()[at..];
                let taken = run(rest, end);
                assert_eq!(taken, bytewise(rest, end), "at byte {at} of {terminator:?}");
                runs += u64::from(taken.1 > 0);
                let after = &rest[taken.0..];
                at += taken.0
                    + after
                        .iter()
                        .position(|&b| b == end)
                        .map_or(after.len(), |i| i + 1);
            }
            // Runs of more than one record: the way is exercised, not only its first record.
            assert!(runs > 100, "{runs} runs");
        }
    }
}

/// The corpus slice as one stream through the command (LF, CRLF and NUL), at every level of
/// SIMD this CPU runs: each line is what the parser's way (`clean_by_rules`, through ada)
/// makes of it alone, or the line as it came where that fails with nothing to pass on. The
/// stream takes runs of lines that are their own serialization, and writes the line a run
/// stopped at from what the run found of it: both are held here to the parser, on real URLs.
#[test]
fn clean_whatwg_stream_of_the_corpus_slice() {
    let options = Options::new(Standard::Whatwg);
    let lines: Vec<&str> = include_str!("../data/urls-permissive-slice.txt")
        .lines()
        .collect();
    let expected: Vec<Vec<u8>> = lines
        .iter()
        .map(|line| {
            let mut out = Vec::new();
            match internals::clean_by_rules(line.as_bytes(), &options, &mut out) {
                Err(_) if out.is_empty() => line.as_bytes().to_vec(),
                _ => out,
            }
        })
        .collect();
    for levels in crate::cpu::forced_levels() {
        for (terminator, end) in [("\n", b'\n'), ("\r\n", b'\n'), ("\0", 0)] {
            let input: String = lines
                .iter()
                .map(|line| format!("{line}{terminator}"))
                .collect();
            let mut args = vec!["clean", "--whatwg"];
            if terminator == "\0" {
                args.push("-z");
            }
            let output = crate::util::run_env(&levels, &args, input.as_bytes());
            let mut want = Vec::new();
            for line in &expected {
                want.extend_from_slice(line);
                want.extend_from_slice(terminator.as_bytes());
            }
            // Line by line, so that a failure names the line.
            let got: Vec<&[u8]> = output.stdout.split_inclusive(|&b| b == end).collect();
            let want: Vec<&[u8]> = want.split_inclusive(|&b| b == end).collect();
            for (k, (got, want)) in got.iter().zip(&want).enumerate() {
                assert_eq!(
                    String::from_utf8_lossy(got),
                    String::from_utf8_lossy(want),
                    "{levels:?}, {terminator:?}, line {}",
                    k + 1
                );
            }
            assert_eq!(got.len(), want.len(), "{levels:?}, {terminator:?}");
        }
    }
}

/// A stream of common URLs, some their own serialization (passed on uncopied) and some not,
/// with an invalid one among them: each record is its serialization as url.bs "URL
/// serializing" writes it (the scheme and host lowercased, the default port dropped, an empty
/// path written `/`, dot segments removed, `'` in a special URL's query encoded), its terminator
/// kept, LF, CRLF or NUL, at every level of SIMD this CPU runs.
#[test]
fn clean_whatwg_stream_of_common_urls() {
    let records = [
        ("http://example.com/a?b#c", "http://example.com/a?b#c"),
        ("HTTP://Example.COM/a", "http://example.com/a"),
        ("https://example.com:443/a", "https://example.com/a"),
        ("https://example.com:444/a", "https://example.com:444/a"),
        ("ws://example.com", "ws://example.com/"),
        ("http://example.com/a/../b", "http://example.com/b"),
        ("https://a.example/c?d'e", "https://a.example/c?d%27e"),
        ("http://a b/", "http://a b/"),
        ("ftp://example.com/%2e/x", "ftp://example.com/x"),
    ];
    for levels in crate::cpu::forced_levels() {
        for terminator in ["\n", "\r\n", "\0"] {
            let input: String = records
                .iter()
                .map(|(r, _)| format!("{r}{terminator}"))
                .collect();
            let expected: String = records
                .iter()
                .map(|(_, c)| format!("{c}{terminator}"))
                .collect();
            let mut args = vec!["clean", "--whatwg"];
            if terminator == "\0" {
                args.push("-z");
            }
            let output = crate::util::run_env(&levels, &args, input.as_bytes());
            assert_eq!(
                String::from_utf8_lossy(&output.stdout),
                expected,
                "{levels:?}"
            );
            assert_eq!(
                output.status.code(),
                Some(1),
                "{levels:?}: the one with a space"
            );
        }
    }
}
