//! The byte sets `encode` uses, against the standards: every (standard, component) cell of the
//! `uriesc table` chart, all 256 bytes, against the characters each standard's grammar does not
//! allow literally in that component (RFC 3986 §2 and Appendix A, RFC 2396 Appendix A with RFC
//! 2732, RFC 1738 §5, url.bs's percent-encode sets), transcribed here by hand from the standards'
//! text (not computed by the code under test). Each row of [`CELLS`] is one cell.

use uriesc::sets::{self, ByteSet, Context, Standard, rfc1738, rfc2396, rfc3986, whatwg};

/// Every row of [`CELLS`] also encodes the C0 controls, DEL and 0x80–0xFF (no grammar allows them
/// literally: RFC 3986 §2, RFC 2396 §2.4.3, RFC 1738 §2.2; url.bs's C0 control percent-encode set).
fn always_encoded(b: u8) -> bool {
    !(0x20..0x7F).contains(&b)
}

/// The printable ASCII characters `encode` writes as `%XX` (space included, even where form writes
/// it as `+`), per cell. `%` is in every row: data `%` is always encoded, so that the output
/// decodes back to the input.
pub(crate) const CELLS: &[(Standard, Context, &str)] = {
    use Context as C;
    use Standard as S;
    &[
        // RFC 3986 rows: unreserved-only, userinfo, reg-name, path, segment, query, fragment.
        (S::Rfc3986, C::Any, r##" !"#$%&'()*+,/:;<=>?@[\]^`{|}"##),
        (S::Rfc3986, C::Userinfo, r##" "#%/<>?@[\]^`{|}"##),
        (S::Rfc3986, C::Host, r##" "#%/:<>?@[\]^`{|}"##),
        (S::Rfc3986, C::Path, r##" "#%<>?[\]^`{|}"##),
        (S::Rfc3986, C::Segment, r##" "#%/<>?[\]^`{|}"##),
        (S::Rfc3986, C::Query, r##" "#%<>[\]^`{|}"##),
        // query + `& = + ;`, the delimiters of `k=v&k=v` (application/x-www-form-urlencoded).
        (S::Rfc3986, C::Param, r##" "#%&+;<=>[\]^`{|}"##),
        (S::Rfc3986, C::Form, r##" !"#$%&'()*+,/:;<=>?@[\]^`{|}"##),
        (S::Rfc3986, C::Fragment, r##" "#%<>[\]^`{|}"##),
        // RFC 3987 §2.2: each i-rule is its RFC 3986 rule with ucschar (and iprivate in
        // iquery) added, all above ASCII, so the ASCII rows are RFC 3986's. As byte sets they
        // encode every byte 0x80–0xFF; `encode` keeps the characters by their own rule.
        (S::Rfc3987, C::Any, r##" !"#$%&'()*+,/:;<=>?@[\]^`{|}"##),
        (S::Rfc3987, C::Userinfo, r##" "#%/<>?@[\]^`{|}"##),
        (S::Rfc3987, C::Host, r##" "#%/:<>?@[\]^`{|}"##),
        (S::Rfc3987, C::Path, r##" "#%<>?[\]^`{|}"##),
        (S::Rfc3987, C::Segment, r##" "#%/<>?[\]^`{|}"##),
        (S::Rfc3987, C::Query, r##" "#%<>[\]^`{|}"##),
        (S::Rfc3987, C::Param, r##" "#%&+;<=>[\]^`{|}"##),
        (S::Rfc3987, C::Form, r##" !"#$%&'()*+,/:;<=>?@[\]^`{|}"##),
        (S::Rfc3987, C::Fragment, r##" "#%<>[\]^`{|}"##),
        // RFC 2396 rows: unreserved-only, userinfo (grammar), reg_name (grammar), abs_path,
        // segment incl. ;params, query / fragment (uric, grammar), query strict (param).
        (S::Rfc2396, C::Any, r##" "#$%&+,/:;<=>?@[\]^`{|}"##),
        (S::Rfc2396, C::Userinfo, r##" "#%/<>?@[\]^`{|}"##),
        // reg_name less `; : @`, which §3.2 reserves "within the authority component".
        (S::Rfc2396, C::Host, r##" "#%/:;<>?@[\]^`{|}"##),
        (S::Rfc2396, C::Path, r##" "#%<>?[\]^`{|}"##),
        (S::Rfc2396, C::Segment, r##" "#%/<>?[\]^`{|}"##),
        (S::Rfc2396, C::Query, r##" "#%<>[\]^`{|}"##),
        (S::Rfc2396, C::Param, r##" "#$%&+,/:;<=>?@[\]^`{|}"##),
        (S::Rfc2396, C::Form, r##" "#$%&+,/:;<=>?@[\]^`{|}"##),
        (S::Rfc2396, C::Fragment, r##" "#%<>[\]^`{|}"##),
        // RFC 1738 rows: unreserved-only (uchar), user / password, HTTP hsegment with `/`
        // kept, hsegment, search; param = search + `; : @ & =` (§3.3's reserved in a search) and `+` (form data);
        // form = uchar and `+`, because space is written `+`. `any` encodes `+` too (form data
        // reads it as a space), and userinfo `?`, which ends the authority (RFC 2396 §3.2).
        (S::Rfc1738, C::Any, r##" "#%&+/:;<=>?@[\]^`{|}~"##),
        (S::Rfc1738, C::Userinfo, r##" "#%/:<>?@[\]^`{|}~"##),
        (S::Rfc1738, C::Path, r##" "#%<>?[\]^`{|}~"##),
        (S::Rfc1738, C::Segment, r##" "#%/<>?[\]^`{|}~"##),
        (S::Rfc1738, C::Query, r##" "#%/<>?[\]^`{|}~"##),
        (S::Rfc1738, C::Param, r##" "#%&+/:;<=>?@[\]^`{|}~"##),
        (S::Rfc1738, C::Form, r##" "#%&+/:;<=>?@[\]^`{|}~"##),
        // WHATWG rows, plus `%`: component, userinfo, C0 control (opaque host), path,
        // path + `/` (segment), special-query, component (param), form-urlencoded, fragment.
        // The host adds the forbidden host code points (space # / : < > ? @ [ \ ] ^ |), on
        // which the opaque-host parser fails; path and segment add `\`, which a special URL's
        // path state reads as `/`.
        (S::Whatwg, C::Any, r##" "#$%&+,/:;<=>?@[\]^`{|}"##),
        (S::Whatwg, C::Userinfo, r##" "#%/:;<=>?@[\]^`{|}"##),
        (S::Whatwg, C::Host, r##" #%/:<>?@[\]^|"##),
        (S::Whatwg, C::Path, r##" "#%<>?\^`{}"##),
        (S::Whatwg, C::Segment, r##" "#%/<>?\^`{}"##),
        (S::Whatwg, C::Query, r##" "#%'<>"##),
        (S::Whatwg, C::Param, r##" "#$%&+,/:;<=>?@[\]^`{|}"##),
        (S::Whatwg, C::Form, r##" !"#$%&'()+,/:;<=>?@[\]^`{|}~"##),
        (S::Whatwg, C::Fragment, r##" "%<>`"##),
    ]
};

/// The "error" cells of the CLI table.
pub(crate) const ERROR_CELLS: &[(Standard, Context)] = &[
    (Standard::Rfc1738, Context::Host),
    (Standard::Rfc1738, Context::Fragment),
];

fn check_all_bytes(what: &str, set: &ByteSet, encoded_printable: &str) {
    let mut wrong = Vec::new();
    for b in 0..=255u8 {
        let expected = always_encoded(b) || encoded_printable.as_bytes().contains(&b);
        if set.contains(b) != expected {
            wrong.push(format!("{:?} (0x{b:02X}) expected {expected}", b as char));
        }
    }
    assert!(wrong.is_empty(), "{what}: {}", wrong.join(", "));
}

#[test]
fn every_cell_encodes_exactly_the_bytes_of_the_standard() {
    for &(standard, component, encoded) in CELLS {
        let set = sets::data_set(standard, component)
            .unwrap_or_else(|e| panic!("{standard} {component:?}: {e}"));
        check_all_bytes(&format!("{standard} {component:?}"), set, encoded);
    }
}

#[test]
fn every_cell_of_the_cli_table_is_covered() {
    for standard in Standard::ALL {
        for component in Context::ALL {
            let listed = CELLS
                .iter()
                .any(|&(s, c, _)| (s, c) == (standard, component));
            let error = ERROR_CELLS.contains(&(standard, component));
            assert!(listed != error, "{standard} {component:?}");
        }
    }
}

#[test]
fn error_cells_say_why() {
    // A scheme, a port and a whole URI are no `Context`, so they cannot be asked for here; the
    // command line refuses their names with the reason (the `encode` tests).
    let cases: &[(Standard, Context, &str)] = &[
        (Standard::Rfc1738, Context::Host, "takes no escapes"),
        (Standard::Rfc1738, Context::Fragment, "has no fragment"),
    ];
    for &(standard, component, why) in cases {
        let err = sets::data_set(standard, component).unwrap_err();
        assert!(err.to_string().contains(why), "{err}");
    }
}

/// The WHATWG sets as the standard defines them (without the `%` that `encode` adds), against
/// the code points url.bs lists for each set ("percent-encode sets"), by hex value.
#[test]
fn whatwg_percent_encode_sets() {
    let rows: &[(&ByteSet, &str)] = &[
        (&whatwg::C0_CONTROL_PERCENT_ENCODE_SET, ""),
        (&whatwg::FRAGMENT_PERCENT_ENCODE_SET, "20 22 3C 3E 60"),
        (&whatwg::QUERY_PERCENT_ENCODE_SET, "20 22 23 3C 3E"),
        (
            &whatwg::SPECIAL_QUERY_PERCENT_ENCODE_SET,
            "20 22 23 27 3C 3E",
        ),
        (
            &whatwg::PATH_PERCENT_ENCODE_SET,
            "20 22 23 3C 3E 3F 5E 60 7B 7D",
        ),
        (
            &whatwg::USERINFO_PERCENT_ENCODE_SET,
            "20 22 23 2F 3A 3B 3C 3D 3E 3F 40 5B 5C 5D 5E 60 7B 7C 7D",
        ),
        (
            &whatwg::COMPONENT_PERCENT_ENCODE_SET,
            "20 22 23 24 25 26 2B 2C 2F 3A 3B 3C 3D 3E 3F 40 5B 5C 5D 5E 60 7B 7C 7D",
        ),
        (
            &whatwg::APPLICATION_X_WWW_FORM_URLENCODED_PERCENT_ENCODE_SET,
            "20 21 22 23 24 25 26 27 28 29 2B 2C 2F 3A 3B 3C 3D 3E 3F 40 5B 5C 5D 5E 60 7B 7C 7D 7E",
        ),
    ];
    for (set, hex) in rows {
        let printable: String = hex
            .split_whitespace()
            .map(|h| u8::from_str_radix(h, 16).unwrap() as char)
            .collect();
        check_all_bytes(&format!("{set:?}"), set, &printable);
    }
}

/// The grammar pieces, against the character classes of RFC 3986 §2 (and Appendix A), RFC
/// 2396 §2 and RFC 1738 §5.
#[test]
fn grammar_pieces() {
    let alnum = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let exactly = |set: &ByteSet, members: &str| {
        let expected = ByteSet::of(members.as_bytes());
        assert_eq!(*set, expected, "expected exactly {members:?}");
    };
    exactly(&rfc3986::UNRESERVED, &format!("{alnum}-._~"));
    exactly(&rfc3986::GEN_DELIMS, ":/?#[]@");
    exactly(&rfc3986::SUB_DELIMS, "!$&'()*+,;=");
    exactly(&rfc3986::PCHAR, &format!("{alnum}-._~!$&'()*+,;=:@"));
    exactly(&rfc3986::SEGMENT_NZ_NC, &format!("{alnum}-._~!$&'()*+,;=@"));
    exactly(&rfc2396::UNRESERVED, &format!("{alnum}-_.!~*'()"));
    exactly(&rfc2396::RESERVED, ";/?:@&=+$,");
    exactly(&rfc2396::URIC, &format!("{alnum}-_.!~*'();/?:@&=+$,"));
    exactly(&rfc1738::UNRESERVED, &format!("{alnum}$-_.+!*'(),"));
    exactly(&rfc1738::XCHAR, &format!("{alnum}$-_.+!*'(),;/?:@&="));
    exactly(&rfc1738::NATIONAL, "{}|\\^~[]`");
    exactly(&rfc1738::PUNCTUATION, "<>#%\"");
    // Printable ASCII (95) = unreserved (66) + reserved (18) + '%' + 10 never allowed (§2.1).
    assert_eq!(rfc3986::UNRESERVED.len(), 66);
    assert_eq!(rfc3986::RESERVED.len(), 18);
}

#[test]
fn byte_set_algebra() {
    let ab = ByteSet::of(b"ab");
    assert!(ab.contains(b'a') && ab.contains(b'b') && !ab.contains(b'c'));
    assert_eq!(ab.len(), 2);
    assert_eq!(ab.complement().len(), 254);
    assert_eq!(ab.union(ByteSet::of(b"bc")), ByteSet::of(b"abc"));
    assert_eq!(ab.minus(ByteSet::of(b"b")), ByteSet::of(b"a"));
    assert_eq!(ab.intersection(ByteSet::of(b"bc")), ByteSet::of(b"b"));
    assert_eq!(ByteSet::range(0xFE, 0xFF), ByteSet::of(&[0xFE, 0xFF]));
    assert!(ByteSet::EMPTY.is_empty());
    assert_eq!(
        ByteSet::of(&[0, 63, 64, 127, 128, 255])
            .bytes()
            .collect::<Vec<_>>(),
        [0, 63, 64, 127, 128, 255]
    );
}
