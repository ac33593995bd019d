//! RFC 2396 (with RFC 2732's IPv6 references) and RFC 1738: their rules and messages.

use uriesc::check::{self, Target};
use uriesc::sets::{Component, Standard};

use super::{problem, valid};
use crate::util::{fails, run};

#[test]
fn rfc2396_rules() {
    let s = Standard::Rfc2396;
    let (uri, reference) = (Target::Uri, Target::Reference);
    // absoluteURI = scheme ":" ( hier_part | opaque_part )
    assert!(valid(s, uri, "http://www.ietf.org/rfc/rfc2396.txt"));
    assert!(valid(s, uri, "mailto:John.Doe@example.com")); // opaque_part
    assert!(valid(s, uri, "news:comp.infosystems.www.servers.unix"));
    assert!(!valid(s, uri, "foo:")); // opaque_part = uric_no_slash *uric: one at least
    assert!(valid(s, uri, "ftp://ftp.is.co.za/rfc/rfc1808.txt#frag"));
    // authority = server | reg_name: '_' is no hostname character, but a reg_name one.
    assert!(valid(s, uri, "http://exa_mple.com/"));
    assert!(!valid(s, uri, "http://exa mple.com/"));
    // RFC 2732: IPv6reference, and [ ] in uric (query, fragment).
    assert!(valid(
        s,
        uri,
        "http://[FEDC:BA98:7654:3210:FEDC:BA98:7654:3210]:80/index.html"
    ));
    assert!(valid(s, uri, "http://[::192.9.5.5]/ipng"));
    assert!(!valid(s, uri, "http://[::1/"));
    assert!(valid(s, uri, "http://h/p?a[0]=1"));
    assert!(!valid(s, uri, "http://h/a[0]")); // pchar has no [ ]
    // segment = *pchar *( ";" param )
    assert!(valid(s, uri, "http://h/a;p=1/b;q"));
    // relativeURI = ( net_path | abs_path | rel_path ) [ "?" query ]
    assert!(valid(s, reference, "../a/b?c"));
    assert!(valid(s, reference, "#f")); // an empty reference with a fragment
    assert!(valid(s, reference, ""));
    assert!(!valid(s, reference, "?q")); // no path: not a relativeURI in 2396
    assert!(!valid(s, reference, "1a:b")); // rel_segment has no ':'
    // excluded: delims and unwise
    for bad in [
        "http://h/a b",
        "http://h/a<b",
        "http://h/a{b",
        "http://h/a|b",
        "http://h/%zz",
    ] {
        assert!(!valid(s, uri, bad), "{bad}");
    }
    // hostname = *( domainlabel "." ) toplabel [ "." ]
    assert!(valid(s, Component::Host, "www.example.com."));
    assert!(!valid(s, Component::Host, "www.-example.com"));
    assert!(!valid(s, Component::Host, "a.1com")); // toplabel starts with a letter
    assert!(valid(s, Component::Host, "10.0.0.1"));
    assert!(!valid(s, Component::Host, "1000.0.0.1")); // RFC 2373's 1*3DIGIT
}

/// RFC 2732 §3 takes RFC 2373's IPv6 text form, whose trailing part is
/// `IPv4address = 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT "." 1*3DIGIT` (RFC 2373 Appendix B): one
/// to three digits, no range check, so `256` and `01` are allowed where RFC 3986's `dec-octet`
/// refuses them. RFC 2373 §2.2 counts eight 16-bit pieces, the IPv4 part as two. A rejected
/// reference is reported as an IPv6 address, not as a host name.
#[test]
fn rfc2396_ipv6_references_take_rfc2373_ipv4_parts() {
    let accepted = [
        "http://[::1.2.3.4]/",
        "http://[::1.2.3.256]/",
        "http://[::01.2.3.4]/",
        "http://[::999.999.999.999]/",
        "http://[1:2:3:4:5:6:7:8]/",
        "http://[1:2:3:4:5:6:1.2.3.4]/",
        "http://[::FFFF:129.144.52.38]/", // RFC 2373 §2.2's own example
        "http://[::13.1.68.3]/",          // RFC 2373 §2.2's own example
        "http://[1080::8:800:200C:417A]/",
    ];
    let out = run(
        &["check", "-r", "2396", "-q"],
        accepted.join("\n").as_bytes(),
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    // Under RFC 3986 the ones outside dec-octet stay invalid.
    for uri in ["http://[::1.2.3.256]/", "http://[::01.2.3.4]/"] {
        let (code, _, _) = fails(&["check", "-q", uri], b"");
        assert_eq!(code, 1, "{uri}");
    }
    let rejected = [
        (
            "http://[::1.2.3.1234]/",
            "'::1.2.3.1234' is not an IPv6 address",
        ), // 4 digits
        ("http://[::1.2.3]/", "'::1.2.3' is not an IPv6 address"), // 3 parts
        (
            "http://[1:2:3:4:5:6:7:1.2.3.4]/", // 7 pieces and an IPv4 part: 9
            "'1:2:3:4:5:6:7:1.2.3.4' is not an IPv6 address",
        ),
        (
            "http://[1:2:3:4:5:6:7:8:9]/",
            "'1:2:3:4:5:6:7:8:9' is not an IPv6 address",
        ),
        ("http://[::1.2.3.a]/", "'::1.2.3.a' is not an IPv6 address"),
        ("http://[::1/", "no ']' closes"),
    ];
    for (uri, message) in rejected {
        let (code, report, _) = fails(&["check", "-r", "2396", uri], b"");
        let report = String::from_utf8(report).unwrap();
        assert_eq!(code, 1, "{uri}");
        assert!(report.contains(message), "{uri}: {report}");
        assert!(!report.contains("not a host name"), "{uri}: {report}");
    }
    // The column is that of the address, after the '['.
    let (_, report, _) = fails(&["check", "-r", "2396", "http://[::1.2.3]/"], b"");
    assert!(report.starts_with(b"<arg 1>:1:9: error: "));
    let (_, report, _) = fails(&["check", "-r", "2396", "-c", "host", "[::1]x"], b"");
    let report = String::from_utf8(report).unwrap();
    assert!(
        report.contains("<arg 1>:1:6: error: 'x' cannot follow an IPv6 reference"),
        "{report}"
    );
}

#[test]
fn rfc1738_rules() {
    let s = Standard::Rfc1738;
    let uri = Target::Uri;
    // The examples of RFC 1738 and its schemes (§3).
    for good in [
        "ftp://ftp.is.co.za/rfc/rfc1808.txt",
        "ftp://@host.com/",
        "ftp://foo:@host.com/",
        "ftp://myname@host.dom/%2Fetc/motd",
        "ftp://host.dom/a/b;type=d",
        "file://vms.host.edu/disk$user/my/notes/note12345.txt",
        "file:///etc/passwd",
        "mailto:mjb@nowhere.edu",
        "news:comp.infosystems.www.misc",
        "news:*",
        "news:1234@host.edu",
        "nntp://news.example.com/comp.lang.c/42",
        "telnet://user:secret@host.example.com:23/",
        "gopher://spinaltap.micro.umn.edu/00/Weather/California/Los%20Angeles",
        "wais://quake.think.com/directory-of-servers?weather",
        "prospero://host.dom//pros/name;field=value",
        "http://www.w3.org/hypertext/WWW/TheProject.html",
        "http://host.com:8080/a?b=c",
        "x-custom:anything;goes?here",
    ] {
        assert!(
            valid(s, uri, good),
            "{good}: {:?}",
            check::check(good.as_bytes(), s, uri)
        );
    }
    for (bad, why) in [
        ("http://host.com/a#frag", "'#' is not allowed"),
        ("http://host.com?q", "needs a '/' before the '?'"),
        ("http://host.com/~user", "'~' is not allowed"),
        (
            "http://host.com/a?b/c",
            "'/' is not allowed in a search part",
        ),
        ("ftp://host.dom/a;type=x", "';type=' takes one of A, I, D"),
        ("ftp://host.dom/a;b", "';' is not allowed"),
        ("news:1comp", "a newsgroup name begins with a letter"),
        ("nntp://host/group/12a", "must be digits"),
        ("telnet://host/x", "ends after the host"),
        ("http://host.com:/", "port must be digits, found ''"),
        ("http://host.com./", "is not a host name"),
        ("http:x", "expected '//'"),
        ("mailto:", "missing an address"),
        ("noscheme", "missing scheme"),
    ] {
        let p = problem(s, uri, bad);
        assert!(p.message.contains(why), "{bad}: {}", p.message);
    }
}
