//! The views of the fields held to the table: each view is generated from [`FIELDS`], and
//! these fail where one says otherwise (the point of comparing a view with the table).

use super::*;
use crate::parse::{Options, Output, Parser, Template};
use crate::report::Messages;
use crate::stream::{Place, RecordFilter};

const PLACE: Place = Place {
    source: "<test>",
    file: false,
    line: 1,
};

/// `record`'s line under `standard`, written as `output` says.
fn line(record: &[u8], standard: Standard, output: Output) -> String {
    let mut parser = Parser::new(Options::new(standard, output), Messages::none());
    let mut out = Vec::new();
    let parsed = parser.record(record, PLACE, &mut out);
    assert!(matches!(parsed, Ok(true)), "{record:?}");
    String::from_utf8(out).expect("UTF-8")
}

/// The standards whose readings differ: an RFC's and the URL Standard's.
const STANDARDS: [Standard; 2] = [Standard::Rfc3986, Standard::Whatwg];

/// Those of [`STANDARDS`] a record can be read under in this build: the URL Standard's needs
/// its parser (the `whatwg` feature).
fn readable() -> impl Iterator<Item = Standard> {
    STANDARDS
        .into_iter()
        .filter(|&standard| cfg!(feature = "whatwg") || standard != Standard::Whatwg)
}

#[test]
fn no_two_fields_of_a_reading_share_a_name() {
    for standard in STANDARDS {
        let names: Vec<_> = under(standard).map(|row| row.name).collect();
        let mut unique = names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(names.len(), unique.len(), "{names:?}");
        assert_eq!(names.len(), count(standard));
    }
}

/// The JSON's keys are the reading's fields, in the table's order, for a URL the common
/// layout takes, one the general writer takes, and each RFC reading.
#[test]
fn json_keys_are_the_fields_in_order() {
    let records: [&[u8]; 4] = [
        b"https://www.example.co.uk:8080/a/b?c=d&e#f",
        b"https://b%C3%BCcher.example/%41?a+b=%22%FF",
        b"mailto:a@example.com",
        b"file:///etc/hosts",
    ];
    for standard in readable() {
        for record in records {
            let json = line(record, standard, Output::Json);
            let object: serde_json::Map<String, serde_json::Value> =
                serde_json::from_str(&json).expect("a JSON object");
            assert_eq!(object.len(), count(standard), "{json}");
            // In order: each key after the one before (no value here holds a key's text).
            let mut at = 0;
            for (i, row) in under(standard).enumerate() {
                let key = format!("{}\"{}\":", if i == 0 { '{' } else { ',' }, row.name);
                let found = json[at..].find(&key).map(|k| at + k);
                assert!(found.is_some(), "{key} after {at} in {json}");
                at = found.unwrap_or(at);
            }
        }
    }
}

/// A common URL's object laid out by hand is the one the general writer makes from the table
/// (the layout's keys and order are the table's; this holds its values to the getters').
#[cfg(feature = "whatwg")]
#[test]
fn the_common_layout_is_the_general_writers_object() {
    use crate::parse::json::{Layout, write};
    use crate::parse::{Common, Url};
    for record in [
        &b"https://www.example.co.uk:8080/a/b?c=d&e#f"[..],
        b"http://example.com",
        b"http://localhost/a//b/?&&x=&=y#",
        b"https://foo.blogspot.com/",
        b"http://unlisted-tld-zz/x?q",
        b"HTTP://EXAMPLE.com:80/a",
    ] {
        let mut scratch = Vec::new();
        let common = Common::read(record, &mut scratch).expect("a common URL");
        assert!(Layout::takes(&common), "{record:?}");
        let url = Url::Common(common);
        let mut derive = Derive::new(&Options::new(Standard::Whatwg, Output::Json));
        let mut laid_out = Vec::new();
        write(&url, &mut derive, &mut laid_out);
        let mut general = Vec::new();
        let mut first = true;
        derive.begin();
        for (i, row) in FIELDS.iter().enumerate() {
            if row.readings.under(Standard::Whatwg) {
                let first = std::mem::take(&mut first);
                crate::parse::json::member(first, i, true, &url, &mut derive, &mut general);
            }
        }
        general.push(b'}');
        assert_eq!(
            String::from_utf8_lossy(&laid_out),
            String::from_utf8_lossy(&general)
        );
    }
}

/// Every field is a template's name under its readings, and no other's.
#[test]
fn every_field_is_a_template_name() {
    for row in FIELDS.iter() {
        for standard in STANDARDS {
            let parsed = Template::parse(&format!("{{{}}}", row.name), standard);
            let other = FIELDS
                .iter()
                .any(|r| r.name == row.name && r.readings.under(standard));
            assert_eq!(parsed.is_ok(), other, "{} {standard:?}", row.name);
        }
    }
}

/// The text line's names are [`LINE`]'s, in its order: those present of a URL with every
/// field, under each reading.
#[test]
fn the_text_line_follows_the_table() {
    let record = b"https://user:pw@b%C3%BCcher.example.co.uk:8080/a?b=c#d";
    for standard in readable() {
        let text = line(record, standard, Output::Text);
        let names: Vec<_> = text
            .split(' ')
            .filter_map(|pair| pair.split_once('=').map(|(name, _)| name))
            .filter(|name| !matches!(*name, "rfc3986" | "whatwg"))
            .collect();
        let on_line: Vec<_> = LINE
            .iter()
            .map(|&i| &FIELDS[i])
            .filter(|row| row.readings.under(standard))
            .map(|row| row.name)
            .collect();
        assert_eq!(names, on_line, "{text}");
    }
    assert!(
        FIELDS
            .iter()
            .all(|row| row.kind == Kind::Single || row.line == Line::Off)
    );
}

/// `--help` names every field, with its line of help.
#[test]
fn the_help_lists_every_field() {
    let help = fields_help();
    for row in FIELDS.iter() {
        let listed = help
            .lines()
            .any(|line| line.trim_start().starts_with(row.name) && line.ends_with(row.about));
        assert!(listed, "{} in {help}", row.name);
    }
}
