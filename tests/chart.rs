//! `uriesc table`: the chart and the explanations, checked against the sets transcribed from
//! the standards in `tables.rs` (not against the code that prints them).

use serde_json::Value;
use uriesc::table::{Component, Standard};

use crate::tables::{CELLS, ERROR_CELLS};
use crate::util::{ok, ok_str};

fn flags(standard: Standard) -> Vec<&'static str> {
    match standard {
        Standard::Rfc3986 => vec!["--rfc", "3986"],
        Standard::Rfc2396 => vec!["--rfc", "2396"],
        Standard::Rfc1738 => vec!["--rfc", "1738"],
        Standard::Whatwg => vec!["--whatwg"],
    }
}

/// What a cell must say for one printable character, from the transcribed sets.
fn expected_cell(standard: Standard, component: Component, c: u8) -> Option<String> {
    if ERROR_CELLS.contains(&(standard, component)) {
        return None;
    }
    let (_, _, encoded) = CELLS
        .iter()
        .find(|&&(s, k, _)| (s, k) == (standard, component))
        .expect("every data cell is transcribed");
    Some(if component == Component::Form && c == b' ' {
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
            for component in Component::DATA {
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
WHATWG    query set         %23    %23      #*     %23    %23     %23    %23    %23    #*
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
