//! Chromium's IDN display table (`data/chromium/`, with its provenance): every host that
//! Chromium keeps in punycode stays in ASCII through `pretty-print`, whichever form it comes in
//! (`xn--` with `--idna`; percent-encoded UTF-8 and raw Unicode, with and without `--idna`);
//! each host that Chromium shows in Unicode is shown so too, as Chromium shows it, but for those
//! docs/fine-print.md lists with the reason this policy is stricter. As Chromium's test does, the
//! top domains are the test's own list (`--top-domains`).

use std::collections::BTreeSet;

const TABLE: &str = include_str!("../data/chromium/idn_spoof_checker_cases.txt");
const TOP_DOMAINS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/chromium/test_domains.list"
);

/// The rows noted `extra`, in each of their forms: hosts tested against Chromium's real list of
/// top domains. Each is run on its own.
const EXTRA: [&str; 9] = [
    "xn--googl-fsa.com",
    "googlé.com",
    "googl%C3%A9.com",
    "xn--80ak6aa92e.com",
    "аррӏе.com",
    "%D0%B0%D1%80%D1%80%D3%8F%D0%B5.com",
    "xn--o-o-oai-26a223aia177a7ab7649d.com",
    "ɴoτ-τoρ-ďoᛖaiɴ.com",
    "%C9%B4o%CF%84-%CF%84o%CF%81-%C4%8Fo%E1%9B%96ai%C9%B4.com",
];

struct Row {
    input: &'static str,
    /// `S` (shown in Unicode), `U` (kept in punycode) or `I` (invalid punycode).
    result: &'static str,
    note: &'static str,
}

/// The rows that hold on Linux (the table's `apple` and `thai-other` rows are for other
/// platforms).
fn rows() -> Vec<Row> {
    TABLE
        .lines()
        .filter(|l| !l.starts_with('#') && !l.is_empty())
        .map(|l| {
            let mut fields = l.split('\t');
            let (input, result) = (fields.next().unwrap(), fields.next().unwrap());
            Row {
                input,
                result,
                note: fields.next().unwrap_or(""),
            }
        })
        .filter(|r| r.note != "apple" && r.note != "thai-other")
        .collect()
}

/// The hosts as `pretty-print` shows them in `http://HOST/`, one a line, with `args`; and the
/// lines (1-based) it explains.
fn shown(hosts: &[String], args: &[&str]) -> (Vec<String>, BTreeSet<usize>) {
    let (mut shown, mut explained) = (Vec::new(), BTreeSet::new());
    let mut start = 0;
    while start < hosts.len() {
        // The `extra` rows are Chromium's tests against its real list, built in here too.
        let extra = |h: &String| EXTRA.contains(&h.as_str());
        let end = match extra(&hosts[start]) {
            true => start + 1,
            false => hosts[start..]
                .iter()
                .position(extra)
                .map_or(hosts.len(), |n| start + n),
        };
        let (batch, why) = shown_in_one_run(&hosts[start..end], args, !extra(&hosts[start]));
        shown.extend(batch);
        explained.extend(why.into_iter().map(|n| n + start));
        start = end;
    }
    (shown, explained)
}

/// [`shown`] in one run, with the test's top domains (`test_list`) or those built in.
fn shown_in_one_run(
    hosts: &[String],
    args: &[&str],
    test_list: bool,
) -> (Vec<String>, BTreeSet<usize>) {
    let input: String = hosts.iter().map(|h| format!("http://{h}/\n")).collect();
    let mut all = vec!["pretty-print", "--explain"];
    if test_list {
        all.extend(["--top-domains", TOP_DOMAINS]);
    }
    all.extend_from_slice(args);
    let output = crate::util::run(&all, input.as_bytes());
    assert_eq!(
        output.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    let shown: Vec<String> = stdout
        .lines()
        .map(|l| {
            l.strip_prefix("http://")
                .and_then(|l| l.strip_suffix('/'))
                .unwrap()
                .to_owned()
        })
        .collect();
    assert_eq!(shown.len(), hosts.len());
    let explained = String::from_utf8_lossy(&output.stderr)
        .lines()
        .map(|l| l.split(':').nth(1).unwrap().parse().unwrap())
        .collect();
    (shown, explained)
}

/// `host`'s bytes beyond ASCII percent-encoded (RFC 3986 §2.1).
fn percent_encoded(host: &str) -> String {
    host.bytes()
        .map(|b| match b.is_ascii() {
            true => (b as char).to_string(),
            false => format!("%{b:02X}"),
        })
        .collect()
}

/// Every host Chromium keeps in punycode stays ASCII, in every form, and is explained.
#[test]
fn hosts_chromium_keeps_in_punycode_stay_ascii() {
    let kept: Vec<Row> = rows().into_iter().filter(|r| r.result != "S").collect();
    let mut wrong = Vec::new();
    let ace: Vec<String> = kept.iter().map(|r| r.input.to_owned()).collect();
    let (shown_ace, explained) = shown(&ace, &["--idna"]);
    for (n, (row, host)) in kept.iter().zip(&shown_ace).enumerate() {
        if !host.is_ascii() {
            wrong.push(format!("{} shown {host} with --idna", row.input));
        }
        if row.result == "U" && !explained.contains(&(n + 1)) {
            wrong.push(format!("{} kept with no reason given", row.input));
        }
    }
    // The Unicode of the `U` rows (the `I` rows have none): raw and percent-encoded.
    let unicode: Vec<String> = kept
        .iter()
        .filter(|r| r.result == "U")
        .map(|r| idna::domain_to_unicode(r.input).0)
        .collect();
    let encoded: Vec<String> = unicode.iter().map(|h| percent_encoded(h)).collect();
    for (form, hosts) in [("raw", &unicode), ("percent-encoded", &encoded)] {
        for args in [&[][..], &["--idna"]] {
            let (shown, explained) = shown(hosts, args);
            for (n, (host, sent)) in shown.iter().zip(hosts.iter()).enumerate() {
                if !host.is_ascii() {
                    wrong.push(format!("{form} {sent} shown {host} with {args:?}"));
                }
                if !sent.is_ascii() && !explained.contains(&(n + 1)) {
                    wrong.push(format!("{form} {sent} kept with no reason given"));
                }
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} of {} hosts:\n{}",
        wrong.len(),
        kept.len(),
        wrong.join("\n")
    );
    assert!(kept.len() > 300, "{}", kept.len());
}

/// The hosts Chromium shows in Unicode are shown as Chromium shows them, in every form, but
/// for those docs/fine-print.md lists (its table under "Hosts that Chromium shows in Unicode").
#[test]
fn hosts_chromium_shows_are_shown_or_listed() {
    let contributing = include_str!("../../docs/fine-print.md");
    let section = contributing
        .split("### Hosts that Chromium shows in Unicode")
        .nth(1)
        .expect("docs/fine-print.md's list");
    let listed: BTreeSet<&str> = section
        .lines()
        .skip_while(|l| !l.starts_with('|'))
        .take_while(|l| l.starts_with('|'))
        .filter_map(|l| l.split('`').nth(1))
        .collect();
    let shown_rows: Vec<Row> = rows().into_iter().filter(|r| r.result == "S").collect();
    let ace: Vec<String> = shown_rows.iter().map(|r| r.input.to_owned()).collect();
    let unicode: Vec<String> = ace.iter().map(|h| idna::domain_to_unicode(h).0).collect();
    let encoded: Vec<String> = unicode.iter().map(|h| percent_encoded(h)).collect();
    let (by_ace, _) = shown(&ace, &["--idna"]);
    let (by_raw, _) = shown(&unicode, &[]);
    let (by_encoded, _) = shown(&encoded, &[]);
    let mut kept = BTreeSet::new();
    let mut wrong = Vec::new();
    for (n, row) in shown_rows.iter().enumerate() {
        // Chromium's display: the whole host in Unicode, or as the row says for a partial one.
        let expected = match row.note.strip_prefix("partial=") {
            Some(partial) => partial.to_owned(),
            None => unicode[n].clone(),
        };
        // A host shown otherwise than Chromium shows it is listed; it too is shown one way
        // whichever form it comes in.
        let expected = match by_ace[n] != expected {
            true => {
                kept.insert(row.input);
                by_ace[n].clone()
            }
            false => expected,
        };
        for (form, got) in [("raw", &by_raw[n]), ("percent-encoded", &by_encoded[n])] {
            if *got != expected {
                wrong.push(format!(
                    "{} ({form}) shown {got}, Chromium shows {expected}",
                    row.input
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    let unlisted: Vec<_> = kept.difference(&listed).collect();
    let stale: Vec<_> = listed.difference(&kept).collect();
    assert!(
        unlisted.is_empty() && stale.is_empty(),
        "kept but not in docs/fine-print.md: {unlisted:?}; listed but shown: {stale:?}"
    );
    assert!(shown_rows.len() > 90, "{}", shown_rows.len());
}
