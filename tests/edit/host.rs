//! `--set host=VALUE`: an IP literal, an IPv4 address and a registered name set as a host holds
//! them (RFC 3986 §3.2.2, url.bs "host setter"), and a refusal that names `NAME:=` where the
//! value as written would have been taken.

use crate::util::{fails, ok_str};

/// `uriesc edit ARGS URL`'s output, which must succeed.
fn edited(args: &[&str], url: &str) -> String {
    let mut all = vec!["edit"];
    all.extend_from_slice(args);
    all.push(url);
    ok_str(&all, "")
}

#[test]
fn a_host_is_set_as_rfc_3986_3_2_2_holds_it() {
    // host = IP-literal / IPv4address / reg-name; IP-literal = "[" ( IPv6address / IPvFuture )
    // "]": the brackets are how the host holds the address, not data.
    let cases = [
        ("host=[::1]", "http://[::1]/"),
        // No normalization of the address: §6.2.2 leaves IPv6 text as it is.
        ("host=[0:0::1]", "http://[0:0::1]/"),
        ("host=[v7.a:b]", "http://[v7.a:b]/"),
        ("host=192.0.2.1", "http://192.0.2.1/"),
        // reg-name = *( unreserved / pct-encoded / sub-delims ): a space and a ":" are data.
        ("host=a b:c", "http://a%20b%3Ac/"),
        ("host=ex!$&'()*+,;=ample", "http://ex!$&'()*+,;=ample/"),
    ];
    for (set, expected) in cases {
        assert_eq!(
            edited(&["--set", set], "http://a/"),
            format!("{expected}\n"),
            "{set}"
        );
    }
    // RFC 3987 §2.2: `ihost` has RFC 3986's IP literals; RFC 2396 has RFC 2732 §3's
    // `IPv6reference = "[" IPv6address "]"`.
    for rfc in ["3987", "2396"] {
        let got = edited(&["--rfc", rfc, "--set", "host=[::1]"], "http://a/");
        assert_eq!(got, "http://[::1]/\n", "RFC {rfc}");
    }
}

#[test]
fn a_host_in_brackets_that_is_no_ip_literal_is_a_usage_error() {
    // `[zz`: no "]" closes it; `[zz]`: "zz" is no IPv6address (RFC 3986 §3.2.2). A registered
    // name holds "[" only percent-encoded, which `host:=` gives as written.
    let cases = [
        ("host=[zz", "--set host:=%5Bzz"),
        ("host=[zz]", "--set host:=%5Bzz%5D"),
    ];
    for (set, written) in cases {
        let (code, stdout, stderr) = fails(&["edit", "--set", set, "http://a/"], b"");
        assert_eq!((code, stdout.len()), (2, 0), "{set}");
        assert!(stderr.contains("RFC 3986 §3.2.2"), "{set}: {stderr}");
        assert!(stderr.contains(written), "{set}: {stderr}");
    }
    // RFC 2396's registered name in a server has no escapes (§3.2.2 `hostname`): no `host:=`
    // would do, and none is offered.
    let args = ["edit", "--rfc", "2396", "--set", "host=[zz]", "http://a/"];
    let (code, _, stderr) = fails(&args, b"");
    assert_eq!(code, 2);
    assert!(stderr.contains("RFC 2732 §3"), "{stderr}");
    assert!(!stderr.contains("host:="), "{stderr}");
}

#[test]
fn the_url_standard_s_host_setters_take_an_ipv6_address_in_brackets() {
    // url.bs "host parsing": input that begins with "[" is an IPv6 address, parsed and
    // serialized (url.bs "IPv6 serializer": the longest run of zeros compressed to "::").
    let got = edited(&["--whatwg", "--set", "host=[0:0::1]"], "http://a/");
    assert_eq!(got, "http://[::1]/\n");
    // The hostname setter keeps the port (url.bs "hostname setter").
    let got = edited(&["--whatwg", "--set", "hostname=[::1]"], "http://a:8/");
    assert_eq!(got, "http://[::1]:8/\n");
    // "[zz]" is no IPv6 address: the setter returns, the URL is as it was (url.bs "host
    // setter"), and as written it would be refused alike, so no `host:=` is offered.
    let (code, stdout, stderr) = fails(
        &["edit", "--whatwg", "--set", "host=[zz]", "http://a/"],
        b"",
    );
    assert_eq!((code, &stdout[..]), (1, &b"http://a/\n"[..]));
    assert!(stderr.contains("host setter refuses '[zz]'"), "{stderr}");
    assert!(!stderr.contains("host:="), "{stderr}");
}

#[test]
fn a_refused_value_names_the_form_as_written_where_it_would_have_been_taken() {
    // `u = new URL("http://a/"); u.host = "example.com:8080"` gives "http://example.com:8080/"
    // (url.bs "host setter": the host state with a state override reads a port after ":").
    let got = edited(
        &["--whatwg", "--set", "host:=example.com:8080"],
        "http://a/",
    );
    assert_eq!(got, "http://example.com:8080/\n");
    // As data, the ":" is encoded, and "%3A" decodes to a forbidden host code point (url.bs
    // "host parsing"): refused, and the refusal says the form that is taken.
    let cases = [
        ("host=example.com:8080", "--set host:=example.com:8080"),
        ("host=[::1]:8080", "--set host:=[::1]:8080"),
    ];
    for (set, written) in cases {
        let (code, stdout, stderr) = fails(&["edit", "--whatwg", "--set", set, "http://a/"], b"");
        assert_eq!((code, &stdout[..]), (1, &b"http://a/\n"[..]), "{set}");
        assert!(stderr.contains("host setter refuses"), "{set}: {stderr}");
        assert!(stderr.contains(written), "{set}: {stderr}");
    }
    // The hostname setter takes no port (url.bs "hostname setter": the hostname state stops
    // with failure at ":"): written or not, it is refused, and no `hostname:=` is offered.
    let args = [
        "edit",
        "--whatwg",
        "--set",
        "hostname=example.com:8080",
        "http://a/",
    ];
    let (code, _, stderr) = fails(&args, b"");
    assert_eq!(code, 1);
    assert!(stderr.contains("hostname setter refuses"), "{stderr}");
    assert!(!stderr.contains("hostname:="), "{stderr}");
}
