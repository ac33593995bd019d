//! The laws of `edit`, as property tests over the library (the command line is the same code,
//! tested in `mod.rs`): what `--set C=V` puts in, `parse` reads back as V; what comes out passes
//! `check`; no option changes no valid reference; removing and sorting pairs are idempotent.

use proptest::prelude::*;
use uriesc::check::{self, Target};
use uriesc::edit::{self, Glob, Options, Pair, ParamScratch, Part, Set};
use uriesc::parse::{self, Output};
use uriesc::sets::Standard;

/// `record` edited, or why not.
fn edited(record: &[u8], options: &Options) -> Result<Vec<u8>, edit::Failure> {
    let mut out = Vec::new();
    edit::edit(record, options, &mut ParamScratch::default(), &mut out)?;
    Ok(out)
}

/// The value `parse` reads for the field `name` of `url`, as it stands.
fn field(url: &[u8], standard: Standard, name: &str) -> Option<Vec<u8>> {
    let options = parse::Options::new(standard, Output::Json);
    let mut scratch = Vec::new();
    let read = parse::read(url, &options, &mut scratch).ok()?;
    read.field(name)
}

/// A record valid under every RFC, for each part, with what `parse` names the part.
fn rfc_record(standard: Standard, part: Part) -> &'static str {
    match (standard, part) {
        // RFC 1738 §3.2: ftp has user and password, http (§3.3) neither.
        (Standard::Rfc1738, Part::Userinfo) => "ftp://u:p@example.com:21/p/q",
        (Standard::Rfc1738, _) => "http://example.com:8080/p/q?x=1",
        _ => "http://u:p@example.com:8080/p/q?x=1#f",
    }
}

/// Data for `part`: any bytes where the part takes escapes; a path begins with `/` (with an
/// authority, §3.3, `Reference` gives it one).
fn rfc_value(part: Part) -> BoxedStrategy<Vec<u8>> {
    match part {
        Part::Scheme => "[a-zA-Z][a-zA-Z0-9+.-]{0,8}"
            .prop_map(String::into_bytes)
            .boxed(),
        Part::Port => "[0-9]{0,6}".prop_map(String::into_bytes).boxed(),
        Part::Path => prop::collection::vec(any::<u8>(), 0..24)
            .prop_map(|v| [&b"/"[..], &v].concat())
            .boxed(),
        _ => prop::collection::vec(any::<u8>(), 0..24).boxed(),
    }
}

/// A standard, one of its parts, and data for it.
fn rfc_case() -> impl Strategy<Value = (Standard, Part, Vec<u8>)> {
    let standards = vec![
        Standard::Rfc3986,
        Standard::Rfc3987,
        Standard::Rfc2396,
        Standard::Rfc1738,
    ];
    (
        prop::sample::select(standards),
        prop::sample::select(Part::all(Standard::Rfc3986)),
    )
        .prop_flat_map(|(standard, part)| rfc_value(part).prop_map(move |v| (standard, part, v)))
}

/// A part of the URL Standard's API, data for it, and how its getter shows the value: a
/// pathname from `/`, a host that is its own ASCII form (a domain the host parser keeps, url.bs
/// "domain to ASCII", whose last label is no number, "ends in a number checker"), a port that
/// is not http's default (url.bs "port setter" would drop it), text for the rest.
fn whatwg_case() -> impl Strategy<Value = (Part, String)> {
    let label = "[a-z0-9]([a-z0-9-]{0,6}[a-z0-9])?";
    let domain = format!("({label}\\.){{0,3}}[a-z][a-z0-9]{{0,5}}");
    let domain = proptest::string::string_regex(&domain).unwrap();
    // No `--` third and fourth (UTS #46 CheckHyphens, which a valid domain meets, url.bs
    // "valid domain"; `xn--` labels are IDNA's own to check).
    let domain = domain.prop_filter("no -- third and fourth", |d| {
        !d.split('.').any(|l| l.get(2..4) == Some("--"))
    });
    let port = (1u16..=65535).prop_filter("not http's default", |&p| p != 80);
    let path = "(/[^/]{0,6}){1,4}"
        .prop_filter("no dot segment: the path parser's to remove", |p| {
            !p.split('/').any(|s| s == "." || s == "..")
        });
    prop_oneof![
        (
            prop::sample::select(&[Part::Host, Part::Hostname][..]),
            domain
        )
            .prop_map(|(part, d)| (part, d)),
        port.prop_map(|p| (Part::Port, p.to_string())),
        path.prop_map(|p| (Part::Pathname, p)),
        (
            prop::sample::select(&[Part::Username, Part::Password, Part::Search, Part::Hash][..]),
            any::<String>()
        ),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Under every RFC, for every part: `parse` of `edit --set C=V` gives V, decoded, in C, and
    /// the result passes `check`.
    #[test]
    fn what_set_puts_in_parse_reads_back_under_an_rfc((standard, part, value) in rfc_case()) {
        let spec = [part.name().as_bytes(), b"=", &value].concat();
        if standard == Standard::Rfc1738 && part == Part::Port && value.is_empty() {
            // RFC 1738 §3.1: `port = digits`, one at least; the edit is refused.
            let mut options = Options::new(standard);
            options.sets.push(Set::parse(&spec, standard).map_err(|e| TestCaseError::fail(e.to_string()))?);
            let result = edited(rfc_record(standard, part).as_bytes(), &options);
            prop_assert!(matches!(result, Err(edit::Failure::Result(..))));
            return Ok(());
        }
        let Ok(set) = Set::parse(&spec, standard) else {
            // RFC 1738 has no data in a host or a fragment: only `:=` sets them. A host that
            // begins with "[" is an IP literal (RFC 3986 §3.2.2), and refused if it is none.
            let no_data = standard == Standard::Rfc1738 && matches!(part, Part::Host | Part::Fragment);
            let no_literal = part == Part::Host && value.first() == Some(&b'[');
            prop_assert!(no_data || no_literal);
            return Ok(());
        };
        let mut options = Options::new(standard);
        options.sets.push(set);
        let record = rfc_record(standard, part);
        let result = edited(record.as_bytes(), &options);
        let result = result.map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        prop_assert!(check::check(&result, standard, parse::target(standard)).is_ok());
        let read = field(&result, standard, part.name());
        let decoded = read.as_deref().map(|r| parse::decoded(r, false).into_owned());
        prop_assert_eq!(decoded, Some(value), "{}", String::from_utf8_lossy(&result));
    }

    /// Under the URL Standard, for every part that holds data: the getter of `edit --set C=V`
    /// gives V, decoded (without `search`'s `?` and `hash`'s `#`), and the result is a valid URL
    /// string (url.bs "URL writing") unless it has credentials, which no valid one has.
    #[test]
    fn what_set_puts_in_parse_reads_back_under_the_url_standard((part, value) in whatwg_case()) {
        let spec = format!("{}={value}", part.name());
        let mut options = Options::new(Standard::Whatwg);
        options.sets.push(Set::parse(spec.as_bytes(), Standard::Whatwg).map_err(|e| TestCaseError::fail(e.to_string()))?);
        let record = b"http://example.com:8080/p/q?x=1#f";
        let result = edited(record, &options).map_err(|e| TestCaseError::fail(format!("{e:?}")))?;
        // A valid URL string has no credentials (url.bs "URL writing"; "invalid-credentials"):
        // with a username or password, no URL passes.
        if !matches!(part, Part::Username | Part::Password) {
            prop_assert!(check::check(&result, Standard::Whatwg, Target::Uri).is_ok());
        }
        // The `host` getter adds the port: the host set is the `hostname`.
        let getter = if part == Part::Host { "hostname" } else { part.name() };
        let read = field(&result, Standard::Whatwg, getter).unwrap_or_default();
        let read = match part {
            Part::Search | Part::Hash => read.get(1..).unwrap_or_default().to_vec(),
            _ => read,
        };
        let decoded = parse::decoded(&read, false);
        prop_assert_eq!(&decoded[..], value.as_bytes(), "{}", String::from_utf8_lossy(&result));
    }

    /// With no option, every valid reference comes out as it came, under every RFC.
    #[test]
    fn no_option_is_the_identity_on_valid_references(record in crate::check::uri_shaped()) {
        for standard in [Standard::Rfc3986, Standard::Rfc3987, Standard::Rfc2396, Standard::Rfc1738] {
            if check::check(record.as_bytes(), standard, parse::target(standard)).is_ok() {
                let result = edited(record.as_bytes(), &Options::new(standard));
                prop_assert_eq!(result.ok(), Some(record.as_bytes().to_vec()));
            }
        }
    }

    /// Removing, keeping and sorting pairs, done twice, is done once.
    #[test]
    fn removing_and_sorting_are_idempotent(
        pairs in prop::collection::vec(("[a-c%+?]{0,3}", "[a-c=%2B?]{0,3}"), 0..8),
        remove in "[a-c*?]{0,3}",
        keep in prop::option::of("[a-c*?]{0,3}"),
        sort in any::<bool>(),
        whatwg in any::<bool>(),
    ) {
        let query: Vec<String> = pairs.iter().map(|(n, v)| format!("{n}={v}")).collect();
        let record = format!("http://h/?{}#f", query.join("&"));
        let standard = if whatwg { Standard::Whatwg } else { Standard::Rfc3986 };
        let mut options = Options::new(standard);
        options.params.remove.push(Glob::new(remove.as_bytes()));
        options.params.keep.extend(keep.map(|k| Glob::new(k.as_bytes())));
        options.params.sort = sort;
        let Ok(once) = edited(record.as_bytes(), &options) else {
            // Not valid to begin with (a stray `%`): nothing to edit.
            return Ok(());
        };
        prop_assert_eq!(edited(&once, &options).ok(), Some(once.clone()));
        // What the edits left, `parse` reads as pairs that match no removal.
        let query = field(&once, standard, if whatwg { "search" } else { "query" });
        let query = query.unwrap_or_default();
        // The `search` getter begins with its `?`; RFC 3986's query is without it.
        let query = match whatwg {
            true => query.strip_prefix(b"?").unwrap_or(&query),
            false => &query[..],
        };
        for (name, _) in parse::params(query) {
            let name = parse::decoded(name, whatwg);
            prop_assert!(!Glob::new(remove.as_bytes()).matches(&name));
        }
    }
}

/// `set-param` and `append` of data: `parse` reads the pair back, decoded.
#[test]
fn appended_and_set_pairs_read_back() {
    for standard in [Standard::Rfc3986, Standard::Whatwg] {
        let form = standard == Standard::Whatwg;
        let mut options = Options::new(standard);
        let value = "a b&c=d+é#";
        let spec = format!("k={value}");
        options
            .params
            .append
            .push(Pair::parse(spec.as_bytes(), standard, form).unwrap());
        let result = edited(b"http://h/?k0=1", &options).unwrap();
        let name = if form { "search" } else { "query" };
        let query = field(&result, standard, name).unwrap();
        let query = query.strip_prefix(b"?").unwrap_or(&query);
        let pairs: Vec<_> = parse::params(query)
            .map(|(n, v)| {
                (
                    parse::decoded(n, form).into_owned(),
                    parse::decoded(v, form).into_owned(),
                )
            })
            .collect();
        assert_eq!(
            pairs[1],
            (b"k".to_vec(), value.as_bytes().to_vec()),
            "{standard}"
        );
    }
}
