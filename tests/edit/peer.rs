//! `edit --whatwg` held to ada, the URL Standard's parser it calls, where it does not call it:
//! a common URL whose host is set to a plain domain is edited in place (`src/edit/whatwg.rs`),
//! and must come out as ada's `set_host` then `href` make it.

use proptest::prelude::*;
use uriesc::edit::Part;

/// The hosts set: plain domains, which common URLs take without the parser, and others.
const HOSTS: [&str; 10] = [
    "example.org",
    "a-b.c0m",
    "x.y1",
    "a.b.",
    "EXAMPLE.org",
    "xn--bcher-kva.de",
    "1.2.3.4",
    "a..b",
    "ex:81",
    "a.0x1",
];

/// What ada makes of `record` with its host (or hostname) set to `host`: its `href`, the
/// unedited `href` where the setter refuses, the record where it does not parse.
fn peer(record: &str, part: Part, host: &str) -> String {
    let Ok(mut url) = ada_url::Url::parse(record, None) else {
        return record.to_string();
    };
    let before = url.href().to_string();
    let set = match part {
        Part::Host => url.set_host(Some(host)),
        _ => url.set_hostname(Some(host)),
    };
    match set {
        Ok(()) => url.href().to_string(),
        Err(()) => before,
    }
}

/// `record` through `edit` with the host set to `host`, as it is (`host:=`).
fn ours(record: &str, part: Part, host: &str) -> String {
    let (_, out) = super::set_whatwg(record.as_bytes(), part, host.as_bytes());
    if out.is_empty() {
        return record.to_string();
    }
    String::from_utf8(out).unwrap()
}

fn disagreements(records: &[&str]) -> Vec<String> {
    let mut wrong = Vec::new();
    for record in records {
        for host in HOSTS {
            for part in [Part::Host, Part::Hostname] {
                let (got, want) = (ours(record, part, host), peer(record, part, host));
                if got != want {
                    wrong.push(format!(
                        "{record:?} {} {host:?}: {got:?}, ada {want:?}",
                        part.name()
                    ));
                }
            }
        }
    }
    wrong
}

#[test]
fn set_host_is_adas_on_real_urls() {
    let slice = std::fs::read_to_string("tests/data/urls-permissive-slice.txt").unwrap();
    let records: Vec<&str> = slice.lines().collect();
    crate::util::assert_none_wrong(&disagreements(&records));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]

    #[test]
    fn set_host_is_adas_near_the_common_shape(
        records in prop::collection::vec(crate::parse::peer::common_shaped(), 1..32)
    ) {
        let records: Vec<&str> = records.iter().map(String::as_str).collect();
        let wrong = disagreements(&records);
        prop_assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    }
}
