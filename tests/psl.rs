//! The Public Suffix List's own test file (`tests/test_psl.txt` of the list's repository, at
//! the built-in list's commit) through the built-in list: every `checkPublicSuffix(DOMAIN,
//! EXPECTED)`, EXPECTED being the registrable domain or `null`.

use uriesc::psl::List;

/// A domain of the test file as the URL Standard's host parser would give it to the lookup:
/// "domain to ASCII" (UTS #46 ToASCII: lower case, labels in punycode) with the forbidden
/// domain code points refused (url.bs §3.3).
fn to_ascii(domain: &str) -> String {
    idna::domain_to_ascii_cow(domain.as_bytes(), idna::AsciiDenyList::URL)
        .unwrap_or_else(|_| panic!("{domain}: not a domain for the URL Standard"))
        .into_owned()
}

/// `'text'` to `Some("text")`, `null` to `None`.
fn argument(text: &str) -> Option<&str> {
    let text = text.trim();
    if text == "null" {
        return None;
    }
    let quoted = text.strip_prefix('\'').and_then(|t| t.strip_suffix('\''));
    Some(quoted.unwrap_or_else(|| panic!("not an argument: {text}")))
}

/// The test file's cases, in order: (line number, DOMAIN, EXPECTED). Lines commented out are
/// not tests.
fn cases() -> Vec<(usize, Option<&'static str>, Option<&'static str>)> {
    let text = include_str!("data/psl/test_psl.txt");
    let mut cases = Vec::new();
    for (index, line) in text.lines().enumerate() {
        let Some(call) = line.strip_prefix("checkPublicSuffix(") else {
            assert!(
                line.is_empty() || line.starts_with("//"),
                "line {}: {line}",
                index + 1
            );
            continue;
        };
        let arguments = call.strip_suffix(");").expect("a call ends in `);`");
        let (domain, expected) = arguments.split_once(',').expect("two arguments");
        cases.push((index + 1, argument(domain), argument(expected)));
    }
    cases
}

#[test]
fn every_case_of_the_list_test_file() {
    let list = List::builtin();
    let mut wrong = Vec::new();
    let (mut run, mut null_input) = (0, 0);
    for (line, domain, expected) in cases() {
        // The lookup takes a string: the `null` input of a JavaScript API has no counterpart.
        let Some(domain) = domain else {
            null_input += 1;
            continue;
        };
        let ascii = to_ascii(domain);
        let expected = expected.map(to_ascii);
        let got = list
            .domain(&ascii)
            .and_then(|found| found.registrable_domain);
        if got != expected.as_deref() {
            wrong.push(format!(
                "line {line}: {domain} ({ascii}): {got:?}, expected {expected:?}"
            ));
        }
        run += 1;
    }
    assert_eq!(wrong, Vec::<String>::new());
    // 78 calls: 77 run, and the one `checkPublicSuffix(null, null)`.
    assert_eq!((run, null_input), (77, 1));
}

/// The same cases through the command line, as the URL `http://DOMAIN/` (DOMAIN in ASCII), in
/// both readings: `parse --get '{registrable_domain}'` gives EXPECTED, or an empty line for
/// `null`.
#[test]
fn every_case_through_parse_get() {
    let cases: Vec<(usize, String, String)> = cases()
        .into_iter()
        .filter_map(|(line, domain, expected)| {
            let expected = expected.map(to_ascii).unwrap_or_default();
            Some((line, to_ascii(domain?), expected))
        })
        .collect();
    let input: String = cases
        .iter()
        .map(|(_, d, _)| format!("http://{d}/\n"))
        .collect();
    for reading in [&[][..], &["--whatwg"]] {
        let mut args = vec!["parse", "--get", "{registrable_domain}"];
        args.extend(reading);
        let out = crate::util::ok_str(&args, &input);
        let got: Vec<&str> = out.lines().collect();
        assert_eq!(got.len(), cases.len(), "{reading:?}");
        let wrong: Vec<String> = cases
            .iter()
            .zip(&got)
            .filter(|((_, _, want), got)| want != *got)
            .map(|((line, domain, want), got)| {
                format!("line {line}: {domain}: {got:?}, expected {want:?}")
            })
            .collect();
        assert_eq!(wrong, Vec::<String>::new(), "{reading:?}");
    }
}

/// `--psl FILE` reads another list (the wiki's format), and a bad one is refused with its line.
#[test]
fn parse_reads_another_list() {
    let dir = crate::util::TempDir::new("psl");
    let list = dir.file(
        "list.dat",
        b"// ===BEGIN ICANN DOMAINS===\nexample\n// ===END ICANN DOMAINS===\n\
          // ===BEGIN PRIVATE DOMAINS===\n*.hosting.example\n// ===END PRIVATE DOMAINS===\n",
    );
    let template = "{registrable_domain} {public_suffix} {public_suffix_section}";
    let out = crate::util::ok_str(
        &["parse", "--psl", &list, "--get", template],
        "http://a.b.example/\nhttp://a.b.hosting.example/\nhttp://a.b.com/\n",
    );
    assert_eq!(
        out,
        "b.example example icann\na.b.hosting.example b.hosting.example private\nb.com com \
         not_listed\n"
    );
    let bad = dir.file("bad.dat", b"// ===BEGIN ICANN DOMAINS===\na..b\n");
    let (code, _, stderr) = crate::util::fails(&["parse", "--psl", &bad, "http://h/"], b"");
    assert_eq!(code, 2);
    assert!(stderr.contains("line 2"), "{stderr}");
}
