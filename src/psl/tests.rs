//! The lookup against the examples of the list's format (publicsuffix.org "List format",
//! "Example Of Use") and of the URL Standard (url.bs §3.2, the table of host public suffixes
//! and registrable domains); the parser's errors.

use super::{Domain, List, Section};

/// publicsuffix.org's example section, rules numbered 1 to 6 there, split over both sections
/// here to see each reported.
const EXAMPLE: &str = "\
// ===BEGIN ICANN DOMAINS===
com
*.jp
*.hokkaido.jp
*.tokyo.jp
!pref.hokkaido.jp
// ===END ICANN DOMAINS===
// ===BEGIN PRIVATE DOMAINS===
!metro.tokyo.jp
// ===END PRIVATE DOMAINS===
";

fn answer(list: &List, domain: &str) -> (String, Option<String>, Section) {
    let Domain {
        public_suffix,
        registrable_domain,
        section,
    } = list.domain(domain).unwrap();
    (
        public_suffix.to_owned(),
        registrable_domain.map(str::to_owned),
        section,
    )
}

fn check(list: &List, domain: &str, suffix: &str, registrable: Option<&str>, section: Section) {
    assert_eq!(
        answer(list, domain),
        (suffix.to_owned(), registrable.map(str::to_owned), section),
        "{domain}"
    );
}

/// "Cookies may be set for foo.bar.jp. Cookies may not be set for bar.jp." and the same for
/// the `*.hokkaido.jp` and `*.tokyo.jp` rules: a wildcard makes any one label a public suffix.
#[test]
fn wildcard() {
    let list = List::parse(EXAMPLE).unwrap();
    check(&list, "bar.jp", "bar.jp", None, Section::Icann);
    check(
        &list,
        "foo.bar.jp",
        "bar.jp",
        Some("foo.bar.jp"),
        Section::Icann,
    );
    check(
        &list,
        "bar.hokkaido.jp",
        "bar.hokkaido.jp",
        None,
        Section::Icann,
    );
    check(
        &list,
        "a.foo.bar.hokkaido.jp",
        "bar.hokkaido.jp",
        Some("foo.bar.hokkaido.jp"),
        Section::Icann,
    );
    check(
        &list,
        "foo.bar.tokyo.jp",
        "bar.tokyo.jp",
        Some("foo.bar.tokyo.jp"),
        Section::Icann,
    );
}

/// "Cookies may be set for pref.hokkaido.jp because the exception overrides the previous
/// rule", and metro.tokyo.jp; the exception less its leftmost label is the public suffix.
#[test]
fn exception() {
    let list = List::parse(EXAMPLE).unwrap();
    check(
        &list,
        "pref.hokkaido.jp",
        "hokkaido.jp",
        Some("pref.hokkaido.jp"),
        Section::Icann,
    );
    check(
        &list,
        "www.pref.hokkaido.jp",
        "hokkaido.jp",
        Some("pref.hokkaido.jp"),
        Section::Icann,
    );
    check(
        &list,
        "metro.tokyo.jp",
        "tokyo.jp",
        Some("metro.tokyo.jp"),
        Section::Private,
    );
}

/// The section reported is the prevailing rule's: url.bs §3.2's `github.io` rows (a PRIVATE
/// rule), its `com` rows (ICANN).
#[test]
fn private_and_icann() {
    let list = List::builtin();
    check(list, "github.io", "github.io", None, Section::Private);
    check(
        list,
        "whatwg.github.io",
        "github.io",
        Some("whatwg.github.io"),
        Section::Private,
    );
    check(list, "com", "com", None, Section::Icann);
    check(
        list,
        "sub.www.example.com",
        "com",
        Some("example.com"),
        Section::Icann,
    );
    check(
        list,
        "example.com.",
        "com.",
        Some("example.com."),
        Section::Icann,
    );
}

/// url.bs §3.2's `إختبار` rows (`xn--kgbechtv`, not a TLD): the default rule `*`.
#[test]
fn not_listed() {
    let list = List::builtin();
    check(
        list,
        "xn--kgbechtv",
        "xn--kgbechtv",
        None,
        Section::NotListed,
    );
    check(
        list,
        "example.xn--kgbechtv",
        "xn--kgbechtv",
        Some("example.xn--kgbechtv"),
        Section::NotListed,
    );
    check(
        list,
        "sub.example.xn--kgbechtv",
        "xn--kgbechtv",
        Some("example.xn--kgbechtv"),
        Section::NotListed,
    );
    let example = List::parse(EXAMPLE).unwrap();
    check(
        &example,
        "foo.org.",
        "org.",
        Some("foo.org."),
        Section::NotListed,
    );
}

/// A rule reached only through a `*` where an exact label leads nowhere further: the list has
/// `*.run.app` and `*.mtls.run.app` (PRIVATE) and no `mtls.run.app`, so `*.run.app` prevails
/// for `mtls.run.app` (the formal algorithm's step 4: the matching rule with the most labels).
#[test]
fn wildcard_beside_a_longer_rule() {
    let list = List::builtin();
    check(list, "mtls.run.app", "mtls.run.app", None, Section::Private);
    check(
        list,
        "a.mtls.run.app",
        "a.mtls.run.app",
        None,
        Section::Private,
    );
    check(
        list,
        "b.a.mtls.run.app",
        "a.mtls.run.app",
        Some("b.a.mtls.run.app"),
        Section::Private,
    );
    check(list, "x.run.app", "x.run.app", None, Section::Private);
}

/// The empty labels the algorithm cannot split (publicsuffix.org "Definitions": labels are
/// what the dots separate), and one trailing dot at most.
#[test]
fn no_answer() {
    let list = List::builtin();
    for domain in ["", ".", "..", ".com", "a..com", "com..", ".example.com."] {
        assert_eq!(list.domain(domain), None, "{domain:?}");
    }
}

#[test]
fn version_from_the_header() {
    let text = format!("// VERSION: 2025-06-01_00-00-00_UTC\n// COMMIT: 0123abc\n{EXAMPLE}");
    let list = List::parse(&text).unwrap();
    assert_eq!(list.version(), Some("2025-06-01_00-00-00_UTC"));
    assert_eq!(list.commit(), Some("0123abc"));
    assert_eq!(List::parse(EXAMPLE).unwrap().version(), None);
    assert_eq!(List::builtin().version(), Some(super::BUILTIN_VERSION));
    assert_eq!(List::builtin().commit(), Some(super::BUILTIN_COMMIT));
}

/// A rule in Unicode is put in ASCII; a comment after a rule, whitespace and CR are not read.
#[test]
fn rules_in_unicode_and_trailing_text() {
    let text = "// ===BEGIN ICANN DOMAINS===\r\n中国\r\n  公司.cn   // a comment\r\nCN\n\
                // ===END ICANN DOMAINS===\n";
    let list = List::parse(text).unwrap();
    check(
        &list,
        "a.xn--fiqs8s",
        "xn--fiqs8s",
        Some("a.xn--fiqs8s"),
        Section::Icann,
    );
    check(
        &list,
        "a.xn--55qx5d.cn",
        "xn--55qx5d.cn",
        Some("a.xn--55qx5d.cn"),
        Section::Icann,
    );
    check(&list, "cn", "cn", None, Section::Icann);
}

fn error(text: &str) -> String {
    List::parse(text).unwrap_err().to_string()
}

#[test]
fn errors_say_the_line() {
    let open = "// ===BEGIN ICANN DOMAINS===\n";
    let cases = [
        (
            format!("// prose\ncom\n{open}"),
            "line 2: the rule `com` is outside",
        ),
        (
            format!("{open}com\nco..uk\n"),
            "line 3: the rule `co..uk` has an empty label",
        ),
        (
            format!("{open}\n\na.*.b\n"),
            "line 4: the rule `a.*.b` has a `*` that is not",
        ),
        (
            format!("{open}*\n"),
            "line 2: the rule `*` is the default rule",
        ),
        (
            format!("{open}!uk\n"),
            "line 2: the rule `!uk` is an exception of one label",
        ),
        (
            format!("{open}!*.uk\n"),
            "line 2: the rule `!*.uk` is both an exception",
        ),
        (
            format!("{open}a\u{1b}b\n"),
            "line 2: the rule `a<U+001B>b` is not a domain",
        ),
        (
            format!("\n{open}com\n"),
            "line 2: the ICANN section is not closed",
        ),
        (
            format!("{open}// ===BEGIN PRIVATE DOMAINS===\n"),
            "line 2: the PRIVATE section begins inside the ICANN section begun on line 1",
        ),
        (
            "// ===END PRIVATE DOMAINS===\n".to_owned(),
            "line 1: the PRIVATE section ends but",
        ),
        (
            format!("{open}// ===END ICANN DOMAINS===\n"),
            "the list has no rules",
        ),
        (String::new(), "the list has no rules"),
    ];
    for (text, expected) in cases {
        let got = error(&text);
        assert!(got.starts_with(expected), "{text:?}: {got}");
    }
}

/// A rule's domain is a domain name, 253 bytes at most in ASCII (UTS #46 VerifyDnsLength):
/// one of 253 is taken and matched, one of 254 refused with its line and length.
#[test]
fn a_rule_is_at_most_a_domain_name_long() {
    let open = "// ===BEGIN ICANN DOMAINS===\n";
    let longest = format!("{}com", "a.".repeat(125));
    assert_eq!(longest.len(), 253);
    let list = List::parse(&format!("{open}{longest}\n// ===END ICANN DOMAINS===\n")).unwrap();
    let host = format!("x.{longest}");
    assert_eq!(list.domain(&host).unwrap().public_suffix, longest);
    let got = error(&format!("{open}{longest}x\n// ===END ICANN DOMAINS===\n"));
    assert!(got.starts_with("line 2: the rule `a.a."), "{got}");
    assert!(
        got.contains("is 254 bytes in ASCII, longer than a domain name can be (253"),
        "{got}"
    );
    // A rule of 20,000 labels (it took 400 MB when each of its suffixes was a key) is refused,
    // and quoted cut.
    let got = error(&format!(
        "{open}{}com\n// ===END ICANN DOMAINS===\n",
        "a.".repeat(20_000)
    ));
    assert!(
        got.contains("bytes cut)") && got.contains("is 40003 bytes"),
        "{got}"
    );
    assert!(got.len() < 1000, "{} bytes", got.len());
}

/// The first section a rule is given in is kept.
#[test]
fn a_rule_twice_keeps_its_first_section() {
    let text = "// ===BEGIN ICANN DOMAINS===\nuk\n// ===END ICANN DOMAINS===\n\
                // ===BEGIN PRIVATE DOMAINS===\nuk\nco.uk\n// ===END PRIVATE DOMAINS===\n";
    let list = List::parse(text).unwrap();
    check(&list, "a.uk", "uk", Some("a.uk"), Section::Icann);
    check(&list, "a.co.uk", "co.uk", Some("a.co.uk"), Section::Private);
}

#[cfg(feature = "json")]
#[test]
fn section_serializes_in_lower_case() {
    let names = [Section::Icann, Section::Private, Section::NotListed]
        .map(|section| serde_json::to_string(&section).unwrap());
    assert_eq!(names, ["\"icann\"", "\"private\"", "\"not_listed\""]);
}

/// A rule of more labels than a long name's [`Labels`] keeps from one pass (a list read at run time may have
/// one): the labels beyond are found when the walk asks for them.
#[test]
fn a_rule_longer_than_the_labels_kept() {
    let rule = "q.p.o.n.m.l.k.j.i.h.g.f.e.d.c.b.a";
    let text =
        format!("// ===BEGIN ICANN DOMAINS===\n{rule}\n*.x.{rule}\n// ===END ICANN DOMAINS===\n");
    let list = List::parse(&text).unwrap();
    let domain = format!("w.v.{rule}");
    check(
        &list,
        &domain,
        rule,
        Some(&format!("v.{rule}")),
        Section::Icann,
    );
    let wild = format!("v.u.x.{rule}");
    check(
        &list,
        &wild,
        &format!("u.x.{rule}"),
        Some(&wild),
        Section::Icann,
    );
}

/// The labels found from a word of dots are those a byte-by-byte reading finds, for names of
/// up to 64 bytes and a little more, with dots anywhere (empty labels too), and each label's
/// start asked for past the sixteen kept.
#[test]
fn labels_are_found_as_byte_by_byte() {
    let starts = |name: &[u8]| -> Option<Vec<usize>> {
        let empty = name.is_empty()
            || name[0] == b'.'
            || name[name.len() - 1] == b'.'
            || name.windows(2).any(|pair| pair == b"..");
        let mut all: Vec<usize> = (0..name.len())
            .rev()
            .filter(|&i| name[i] == b'.')
            .map(|i| i + 1)
            .collect();
        all.push(0);
        (!empty).then_some(all)
    };
    for len in 0..=70 {
        for step in 1..=5 {
            for offset in 0..step {
                let name: Vec<u8> = (0..len)
                    .map(|i| if i % step == offset { b'.' } else { b'a' })
                    .collect();
                let want = starts(&name);
                let labels = super::Labels::of(&name);
                assert_eq!(labels.is_some(), want.is_some(), "{len} {step} {offset}");
                if let (Some(labels), Some(want)) = (labels, want) {
                    for (k, start) in want.iter().enumerate() {
                        assert_eq!(labels.start(k), Some(*start), "{len} {step} {offset} {k}");
                    }
                    assert_eq!(labels.start(want.len()), None);
                }
            }
        }
    }
}
