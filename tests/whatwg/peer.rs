//! `check --whatwg` against a peer: the `url` crate's parser, whose validation errors ("syntax
//! violations") a valid URL string never raises, with the strict domain check a valid host
//! string adds (UTS #46 through `idna` with beStrict's flags, and the ends in a number
//! checker), and with the validation errors of 2026 that url 2.5.8 does not raise yet.

use std::cell::RefCell;
use std::collections::BTreeMap;

use idna::uts46::{AsciiDenyList, DnsLength, Hyphens, Uts46};
use proptest::prelude::*;
use serde_json::Value;
use uriesc::check::Problem;
use uriesc::check::Target;
use uriesc::check::whatwg::{self, Base};
use url::{Host, Url};

/// Where the host is written in `text`: after `scheme:` (or nothing, in a reference that
/// begins with `//`) and the slashes, past credentials, up
/// to the port or the path, cut as the parser cuts (it reads `\` as `/`).
fn host_span(text: &str) -> Option<(usize, usize)> {
    let scheme_relative = text.starts_with("//");
    let after_colon = if scheme_relative {
        0
    } else {
        text.find(':')? + 1
    };
    let after = &text[after_colon..];
    let slashes = after.len() - after.trim_start_matches(['/', '\\']).len();
    if slashes < 2 {
        return None;
    }
    let start = after_colon + slashes;
    let end = text[start..]
        .find(['/', '\\', '?', '#'])
        .map_or(text.len(), |p| start + p);
    let start = text[start..end].rfind('@').map_or(start, |p| start + p + 1);
    let host = &text[start..end];
    let host_end = if host.starts_with('[') {
        host.find(']').map_or(host.len(), |p| p + 1)
    } else {
        host.find(':').unwrap_or(host.len())
    };
    Some((start, start + host_end))
}

/// Whether the parser raises a validation error on `text`, or fails.
fn raises(text: &str, base: Option<&Url>) -> Option<Url> {
    let violations = RefCell::new(Vec::new());
    let report = |v| violations.borrow_mut().push(v);
    let url = Url::options()
        .base_url(base)
        .syntax_violation_callback(Some(&report))
        .parse(text)
        .ok()?;
    violations.into_inner().is_empty().then_some(url)
}

/// The peer's verdict on `text` as a valid URL string.
fn peer(text: &str) -> bool {
    peer_against(text, None)
}

/// The peer's verdict on `text` as a valid URL string against `base`, if given.
fn peer_against(text: &str, base: Option<&Url>) -> bool {
    // url 2.5.8 counts U+E0000–U+E0FFF as non-URL code points; url.bs's URL code points run to
    // U+10FFFD. Ask about the text with them written as a plain letter instead.
    let plain: String = text
        .chars()
        .map(|c| {
            if ('\u{E0000}'..='\u{E0FFF}').contains(&c) {
                'a'
            } else {
                c
            }
        })
        .collect();
    let Some(url) = raises(&plain, base) else {
        return false;
    };
    // A host taken from the base is the base's business.
    let Some((start, end)) = host_span(text) else {
        return true;
    };
    let written = &text[start..end];
    match url.host() {
        // A domain in a special URL: a valid domain string, strictly (url 2.5.8 does not run
        // ToASCII with beStrict), written without escapes (domain-percent-encoded, whatwg/url
        // 2026-06-30).
        Some(Host::Domain(domain)) if url.scheme() != "file" || !domain.is_empty() => {
            let special = ["http", "https", "ws", "wss", "ftp", "file"].contains(&url.scheme());
            !special
                || !written.contains('%')
                    && Uts46::new()
                        .to_ascii(
                            domain.as_bytes(),
                            AsciiDenyList::STD3,
                            Hyphens::Check,
                            DnsLength::Verify,
                        )
                        .is_ok_and(|ascii| !whatwg::ends_in_a_number(ascii.as_bytes()))
        }
        // IPv4 in its shortest form (IPv4-too-few-parts, IPv4-non-decimal-part: url 2.5.8
        // accepts 1.2.3 and 0x7f.1 silently).
        Some(Host::Ipv4(address)) => written == address.to_string(),
        // No IPv6 piece with a leading zero (IPv6-piece-leading-zero, 2026-07-01).
        Some(Host::Ipv6(_)) => !written
            .trim_matches(['[', ']'])
            .split(':')
            .any(|piece| piece.len() > 1 && piece.starts_with('0') && !piece.contains('.')),
        _ => true,
    }
}

/// Where `check --whatwg` and the peer part, and why: `ours` is `check --whatwg`'s verdict on
/// `input`, which the peer does not share. In each, `check --whatwg` follows url.bs (6ae84860)
/// and url 2.5.8 lags it.
fn lag(input: &str, ours: &Result<(), Problem>) -> Option<&'static str> {
    let lower = input.to_ascii_lowercase();
    let special = ["http:", "https:", "ws:", "wss:", "ftp:", "file:"];
    let in_host =
        |offset| host_span(input).is_some_and(|(start, end)| (start..end).contains(&offset));
    match ours {
        // The opaque-host parser: "If c is not the EOF code point, not a URL code point, and
        // not U+0025 (%), invalid-URL-unit validation error", and the same for a '%' that
        // begins no escape; url 2.5.8 raises neither in an opaque host.
        Err(p)
            if p.rule == "invalid-URL-unit"
                && !special.iter().any(|s| lower.starts_with(s))
                && in_host(p.offset) =>
        {
            Some("invalid-URL-unit in an opaque host")
        }
        // The file host state: a host that is a Windows drive letter is
        // file-invalid-Windows-drive-letter-host; url 2.5.8 raises nothing.
        Err(p) if p.rule == "file-invalid-Windows-drive-letter-host" => {
            Some("file-invalid-Windows-drive-letter-host")
        }
        // url 2.5.8 keeps a parser step url.bs no longer has: a validation error (and an
        // emptied host) for a file URL whose path begins with a drive letter after a host.
        // The path state now only writes a drive letter's '|' as ':', and the URL-writing
        // grammar takes a valid host string followed by any path-absolute-URL string.
        Ok(())
            if lower
                .strip_prefix("file://")
                .is_some_and(drive_letter_after_host) =>
        {
            Some("a drive letter after a file host")
        }
        _ => None,
    }
}

/// Whether `rest` (a file URL after `file://`) is a host and a path whose first segment is a
/// Windows drive letter.
fn drive_letter_after_host(rest: &str) -> bool {
    let slash = rest.find('/').unwrap_or(rest.len());
    let path = &rest.as_bytes()[slash..];
    slash > 0
        && path.len() >= 3
        && path[1].is_ascii_alphabetic()
        && matches!(path[2], b':' | b'|')
        && path.get(3).is_none_or(|b| b"/?#".contains(b))
}

/// The inputs where `check --whatwg` and the peer agree, and the reasons where they part.
fn compare<'a>(
    inputs: impl Iterator<Item = &'a str>,
) -> (usize, BTreeMap<&'static str, usize>, Vec<String>) {
    let (mut agree, mut lags, mut wrong) = (0, BTreeMap::new(), Vec::new());
    for input in inputs {
        let ours = whatwg::check(input.as_bytes(), Target::Uri);
        if ours.is_ok() == peer(input) {
            agree += 1;
        } else if let Some(why) = lag(input, &ours) {
            *lags.entry(why).or_insert(0) += 1;
        } else {
            wrong.push(format!(
                "{input:?}: ours {ours:?}, the peer's {}",
                peer(input)
            ));
        }
    }
    (agree, lags, wrong)
}

/// Every line of the permissive slice of real URLs: all 3000 agree.
#[test]
fn the_peer_agrees_on_real_urls() {
    let (agree, lags, wrong) = compare(include_str!("../data/urls-permissive-slice.txt").lines());
    crate::util::assert_none_wrong(&wrong);
    assert_eq!((agree, lags.len()), (3000, 0), "{lags:?}");
}

/// Every WPT urltestdata input, read as a URL without a base: 884 of 891 agree, and the peer
/// lags url.bs on the other 7.
#[test]
fn the_peer_agrees_on_wpt_inputs() {
    let data: Value = serde_json::from_str(include_str!("../data/wpt/urltestdata.json")).unwrap();
    let inputs = data
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|c| c["input"].as_str());
    let (agree, lags, wrong) = compare(inputs);
    crate::util::assert_none_wrong(&wrong);
    assert_eq!(agree, 884);
    let lags: Vec<_> = lags.into_iter().collect();
    assert_eq!(
        lags,
        [
            ("a drive letter after a file host", 3),
            ("file-invalid-Windows-drive-letter-host", 1),
            ("invalid-URL-unit in an opaque host", 3),
        ]
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    /// On URL-shaped strings, the peer agrees but where it lags url.bs by the reasons of
    /// [`lag`].
    #[test]
    fn the_peer_agrees_on_url_shaped_strings(
        s in prop_oneof![super::url_shaped(), crate::check::uri_shaped()],
    ) {
        let ours = whatwg::check(s.as_bytes(), Target::Uri);
        if lag(&s, &ours).is_none() {
            prop_assert_eq!(ours.is_ok(), peer(&s), "{:?}: {:?}", s, ours);
        }
    }
}

/// Where `check_reference` and the peer part on a reference against a base, and why: the
/// reasons of [`lag`], asked of the reference made absolute (`abs`, with the base's scheme
/// before a `//`, `shift` bytes longer), and one more.
fn reference_lag(
    reference: &str,
    base: Base,
    abs: &str,
    shift: usize,
    ours: &Result<(), Problem>,
) -> Option<&'static str> {
    // Against a base that is not special, "//" and an empty opaque host then a path ("///x")
    // is a scheme-relative-URL string (an opaque-host-and-port string may be empty), and
    // url.bs's authority and host states take the empty host without a validation error;
    // url 2.5.8 reports "expected //" (ExpectedDoubleSlash) for it.
    if base == Base::NonSpecial && reference.starts_with("///") {
        return Some("'///' against a base that is not special");
    }
    // url.bs's relative state reads a first '\\' as '/' with invalid-reverse-solidus when the
    // base is special, and the path state finds it no URL code point (invalid-URL-unit) when
    // not; url 2.5.8 raises neither for a reference that begins with one.
    if reference.starts_with('\\') {
        return Some("a reference that begins with '\\'");
    }
    let shifted = ours.clone().map_err(|p| Problem {
        offset: p.offset + shift,
        ..p
    });
    lag(abs, &shifted)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(5000))]

    /// On URL-shaped strings against a base of each kind, the peer agrees but where it lags
    /// url.bs by the reasons of [`reference_lag`].
    #[test]
    fn the_peer_agrees_on_references(
        s in prop_oneof![super::url_shaped(), crate::check::uri_shaped(), crate::check::uri_like()],
        which in 0..4usize,
    ) {
        let (base, kind) = [
            ("https://b.example/p/q", Base::Special),
            ("file:///C:/p", Base::File),
            ("foo://b/p/q", Base::NonSpecial),
            ("mailto:x", Base::OpaquePath),
        ][which];
        let base = Url::parse(base).unwrap();
        let ours = whatwg::check_reference(s.as_bytes(), kind);
        let (abs, shift) = if s.starts_with("//") {
            (format!("{}:{s}", base.scheme()), base.scheme().len() + 1)
        } else {
            (s.clone(), 0)
        };
        if reference_lag(&s, kind, &abs, shift, &ours).is_none() {
            let peer = peer_against(&s, Some(&base));
            prop_assert_eq!(ours.is_ok(), peer, "{:?} against {}: {:?}", s, base, ours);
        }
    }
}
