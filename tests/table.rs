//! `uriesc table`: the chart and the explanations, checked against the sets transcribed from
//! the standards in `tests/encode/sets.rs` (`CELLS`, not the code that prints them).

use serde_json::Value;
use uriesc::sets::{Context, Standard};

use crate::encode::sets::{CELLS, ERROR_CELLS};
use crate::util::{fails, ok, ok_str};

fn flags(standard: Standard) -> Vec<&'static str> {
    match standard {
        Standard::Rfc3986 => vec!["--rfc", "3986"],
        Standard::Rfc2396 => vec!["--rfc", "2396"],
        Standard::Rfc1738 => vec!["--rfc", "1738"],
        Standard::Whatwg => vec!["--whatwg"],
        Standard::Rfc3987 => vec!["--rfc", "3987"],
    }
}

/// What a cell must say for one printable character, from the transcribed sets.
fn expected_cell(standard: Standard, component: Context, c: u8) -> Option<String> {
    if ERROR_CELLS.contains(&(standard, component)) {
        return None;
    }
    let (_, _, encoded) = CELLS
        .iter()
        .find(|&&(s, k, _)| (s, k) == (standard, component))
        .expect("every data cell is transcribed");
    Some(if component == Context::Form && c == b' ' {
        "+".into()
    } else if encoded.as_bytes().contains(&c) {
        format!("%{c:02X}")
    } else {
        (c as char).to_string()
    })
}

#[test]
fn every_chart_matches_the_standards() {
    for standard in Standard::ALL {
        let mut args = vec!["table", "--format", "json"];
        args.extend(flags(standard));
        let chart: Value = serde_json::from_slice(&ok(&args, b"")).expect("JSON");
        let rows = chart["rows"].as_array().unwrap();
        assert_eq!(rows.len(), 95 + 2, "printable ASCII, controls, non-ASCII");
        for row in rows {
            let byte = row["byte"].as_u64().unwrap() as u8;
            for component in Context::ALL {
                let cell = &row["cells"][component.name()];
                let expected = match byte {
                    0x20..=0x7E => expected_cell(standard, component, byte),
                    _ => expected_cell(standard, component, b'A').map(|_| format!("%{byte:02X}")),
                };
                assert_eq!(
                    cell.as_str().map(String::from),
                    expected,
                    "{standard} {component:?} {byte:#x}"
                );
            }
        }
    }
}

/// The RFC 3986 chart follows the grammar: `[ ] #` are encoded as data in path, query and
/// fragment. The seed chart "URL percent-encoding chart (per RFC-3986)" marks them as encoded
/// only when they would delimit; the grammar allows them literally nowhere there (`[ ]` only
/// around an IP literal host, `#` only to begin the fragment), so there the chart differs.
#[test]
fn brackets_and_hash_are_encoded_where_the_grammar_says() {
    let chart: Value = serde_json::from_slice(&ok(&["table", "--format", "json"], b"")).unwrap();
    for row in chart["rows"].as_array().unwrap() {
        if ["[", "]", "#"].contains(&row["char"].as_str().unwrap()) {
            for component in ["path", "query", "fragment"] {
                assert!(
                    row["cells"][component].as_str().unwrap().starts_with('%'),
                    "{row}"
                );
            }
        }
    }
}

#[test]
fn explaining_hash() {
    assert_eq!(
        ok_str(&["table", "#"], ""),
        "'#' U+0023, UTF-8 bytes 23
          class             any    userinfo host   path   segment query  param  form   fragment
RFC 3986  gen-delim         %23    %23      %23    %23    %23     %23    %23    %23    %23
RFC 2396  delims            %23    %23      %23    %23    %23     %23    %23    %23    %23
RFC 1738  punctuation       %23    %23      -      %23    %23     %23    %23    %23    -
WHATWG    query set         %23    %23      %23    %23    %23     %23    %23    %23    #*
RFC 3987  gen-delim         %23    %23      %23    %23    %23     %23    %23    %23    %23
* differs from RFC 3986
"
    );
}

#[test]
fn explaining_non_ascii_and_several_characters() {
    let out: Vec<Value> = ok_str(&["table", "é~", "--format", "json"], "")
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(out.len(), 2);
    assert_eq!(out[0]["utf8"], "C3A9");
    assert_eq!(out[0]["standards"]["WHATWG"]["cells"]["path"], "%C3%A9");
    assert_eq!(out[1]["standards"]["RFC 3986"]["cells"]["any"], "~");
    assert_eq!(out[1]["standards"]["RFC 1738"]["cells"]["any"], "%7E");
    assert_eq!(out[1]["standards"]["WHATWG"]["cells"]["form"], "%7E");
    assert_eq!(
        out[1]["standards"]["RFC 1738"]["cells"]["host"],
        Value::Null
    );
}

/// Several CHARS are explained as one run of characters, as `grep -e a -e b` takes several
/// patterns: `table a b` explains 'a' and then 'b', as `table ab` does.
#[test]
fn several_chars_arguments_explain_each_character() {
    let heading = |text: &str| -> Vec<String> {
        text.lines()
            .filter(|l| l.starts_with('\''))
            .map(str::to_string)
            .collect()
    };
    let apart = ok_str(&["table", "a", "b", "é~"], "");
    // Unicode: 'a' U+0061, 'b' U+0062, 'é' U+00E9 (UTF-8 C3 A9), '~' U+007E.
    assert_eq!(
        heading(&apart),
        [
            "'a' U+0061, UTF-8 bytes 61",
            "'b' U+0062, UTF-8 bytes 62",
            "'é' U+00E9, UTF-8 bytes C3 A9",
            "'~' U+007E, UTF-8 bytes 7E",
        ]
    );
    assert_eq!(apart, ok_str(&["table", "abé~"], ""));
    let json = ok_str(&["table", "--format", "json", "a", "b"], "");
    assert_eq!(json, ok_str(&["table", "--format", "json", "ab"], ""));
    assert_eq!(json.lines().count(), 2);
}

#[test]
fn fits_in_100_columns_and_colours_only_when_asked() {
    for standard in Standard::ALL {
        let mut args = vec!["table"];
        args.extend(flags(standard));
        let text = ok_str(&args, "");
        assert!(!text.contains('\x1b'), "no colour when piped");
        let widest = text.lines().map(|l| l.chars().count()).max().unwrap();
        assert!(widest <= 100, "{standard}: {widest} columns");
    }
    let coloured = ok_str(&["table", "--color", "always", "a%"], "");
    assert!(
        coloured.contains("\x1b[32ma") && coloured.contains("\x1b[33m%25"),
        "{coloured}"
    );
}

/// The URL Standard, host miscellaneous: "A forbidden host code point is U+0000 NULL, U+0009
/// TAB, U+000A LF, U+000D CR, U+0020 SPACE, U+0023 (#), U+002F (/), U+003A (:), U+003C (<),
/// U+003E (>), U+003F (?), U+0040 (@), U+005B ([), U+005C (\\), U+005D (]), U+005E (^), or
/// U+007C (|)"; the opaque-host parser returns failure on them as they stand, and keeps them
/// percent-encoded. So a WHATWG host cell encodes them: a space was once a blank cell, then a
/// refused one (`-`), while `encode` wrote it as it is, which no parser takes.
#[test]
fn a_space_in_a_whatwg_host_is_encoded() {
    assert_eq!(
        ok_str(&["table", " "], ""),
        "SP U+0020, UTF-8 bytes 20
          class             any    userinfo host   path   segment query  param  form   fragment
RFC 3986  illegal           %20    %20      %20    %20    %20     %20    %20    +      %20
RFC 2396  space             %20    %20      %20    %20    %20     %20    %20    +      %20
RFC 1738  unsafe            %20    %20      -      %20    %20     %20    %20    +      -
WHATWG    fragment set      %20    %20      %20    %20    %20     %20    %20    +      %20
RFC 3987  illegal           %20    %20      %20    %20    %20     %20    %20    +      %20
"
    );
    for c in r" #/:<>?@[\]^|".chars() {
        let json: Value =
            serde_json::from_str(&ok_str(&["table", "--format", "json", &c.to_string()], ""))
                .unwrap();
        assert_eq!(
            json["standards"]["WHATWG"]["cells"]["host"],
            format!("%{:02X}", c as u32),
            "{c:?}"
        );
    }
    let chart = ok_str(&["table", "--whatwg"], "");
    let sp = chart.lines().find(|l| l.starts_with("SP ")).unwrap();
    assert_eq!(
        sp,
        "SP        fragment set      %20    %20      %20    %20    %20     %20    %20    +      %20"
    );
    // Letters, digits and what is not forbidden stay as they are.
    for c in ["a", "!", "*", "$"] {
        let json: Value =
            serde_json::from_str(&ok_str(&["table", "--format", "json", c], "")).unwrap();
        assert_eq!(json["standards"]["WHATWG"]["cells"]["host"], c);
    }
}

/// `table ''` (no characters to explain) is a usage error that says why, not an empty success.
#[test]
fn no_characters_to_explain_is_a_usage_error() {
    let (code, stdout, stderr) = fails(&["table", ""], b"");
    assert_eq!(code, 2);
    assert!(stdout.is_empty());
    assert!(
        stderr.contains("no characters to explain") && stderr.contains("none at all for the chart"),
        "{stderr}"
    );
}

/// A control's heading names the character once (not `U+0009 U+0009`), by its abbreviation in the
/// code table of RFC 20 §2 (HT, SP, DEL, ...), then its code point; a control without one (C1,
/// U+0080 to U+009F) by its code point alone.
#[test]
fn headings_name_controls_and_space_once() {
    let cases = [
        ("\t", "HT U+0009, UTF-8 bytes 09"),
        ("\x01", "SOH U+0001, UTF-8 bytes 01"),
        ("\n", "LF U+000A, UTF-8 bytes 0A"),
        ("\r", "CR U+000D, UTF-8 bytes 0D"),
        ("\x1B", "ESC U+001B, UTF-8 bytes 1B"),
        ("\x1F", "US U+001F, UTF-8 bytes 1F"),
        (" ", "SP U+0020, UTF-8 bytes 20"),
        ("\x7F", "DEL U+007F, UTF-8 bytes 7F"),
        ("\u{85}", "U+0085, UTF-8 bytes C2 85"),
        ("#", "'#' U+0023, UTF-8 bytes 23"),
        ("é", "'é' U+00E9, UTF-8 bytes C3 A9"),
    ];
    for (c, heading) in cases {
        let text = ok_str(&["table", c], "");
        assert_eq!(text.lines().next(), Some(heading), "{c:?}");
    }
}

/// `--format json` writes JSON Lines, one object per line; the help says so, and the
/// output is that: each line parses on its own.
#[test]
fn json_is_json_lines_and_the_help_says_so() {
    let help = ok_str(&["table", "--help"], "");
    assert!(help.contains("JSON Lines"), "{help}");
    let out = ok_str(&["table", "--format", "json", "a/%"], "");
    assert_eq!(out.lines().count(), 3);
    for line in out.lines() {
        let _: Value = serde_json::from_str(line).expect("one JSON object per line");
    }
    assert_eq!(
        ok_str(&["table", "--format", "json"], "").lines().count(),
        1
    );
}
