use super::{ByteSet, ascii};
use super::{DataSets, StandardSets, encoding_all_but, encoding_form};

/// `mark = "-" | "_" | "." | "!" | "~" | "*" | "'" | "(" | ")"` (§2.3).
pub const MARK: ByteSet = ByteSet::of(b"-_.!~*'()");
/// `unreserved = alphanum | mark` (§2.3).
pub const UNRESERVED: ByteSet = ascii::ALPHANUM.union(MARK);
/// `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "=" | "+" | "$" | ","` (§2.2), as in
/// Appendix A. RFC 2732 adds `[` `]`, but only so an IPv6 reference can be written in a
/// host (RFC 2732 §3 item 3); as data they stay escaped, so this set leaves them out.
pub const RESERVED: ByteSet = ByteSet::of(b";/?:@&=+$,");
/// `uric = reserved | unreserved | escaped` (§2).
pub const URIC: ByteSet = RESERVED.union(UNRESERVED);
/// `userinfo = *( unreserved | escaped | ";" | ":" | "&" | "=" | "+" | "$" | "," )`
/// (§3.2.2).
pub const USERINFO: ByteSet = UNRESERVED.union(ByteSet::of(b";:&=+$,"));
/// `reg_name = 1*( unreserved | escaped | "$" | "," | ";" | ":" | "@" | "&" | "=" | "+" )`
/// (§3.2.1).
pub const REG_NAME: ByteSet = UNRESERVED.union(ByteSet::of(b"$,;:@&=+"));
/// `pchar = unreserved | escaped | ":" | "@" | "&" | "=" | "+" | "$" | ","` (§3.3).
pub const PCHAR: ByteSet = UNRESERVED.union(ByteSet::of(b":@&=+$,"));
/// `segment = *pchar *( ";" param )`, `param = *pchar` (§3.3): a segment with its
/// parameters.
pub const SEGMENT: ByteSet = PCHAR.add(b';');
/// `abs_path = "/" path_segments`, `path_segments = segment *( "/" segment )` (§3.3).
pub const ABS_PATH: ByteSet = SEGMENT.add(b'/');
/// `uric` with RFC 2732's `reserved`, which adds `[` `]` (RFC 2732 §3 item 3): what the
/// amended grammar allows in a query, a fragment or an opaque part. `encode` still escapes
/// data `[` `]` there ([`QUERY`]).
pub const URIC_RFC2732: ByteSet = URIC.add(b'[').add(b']');
/// The characters reserved "within the authority component" (§3.2): `; : @ ? /`.
pub const AUTHORITY_RESERVED: ByteSet = ByteSet::of(b";:@?/");
/// `uric_no_slash = unreserved | escaped | ";" | "?" | ":" | "@" | "&" | "=" | "+" | "$" |
/// ","` (§3): the first character of an `opaque_part`.
pub const URIC_NO_SLASH: ByteSet = UNRESERVED.union(ByteSet::of(b";?:@&=+$,"));
/// `rel_segment = 1*( unreserved | escaped | ";" | "@" | "&" | "=" | "+" | "$" | "," )`
/// (§5): the first segment of a relative path, which may not hold a `:`.
pub const REL_SEGMENT: ByteSet = UNRESERVED.union(ByteSet::of(b";@&=+$,"));
/// `query = *uric` (§3.4).
pub const QUERY: ByteSet = URIC;
/// `fragment = *uric` (§4.1).
pub const FRAGMENT: ByteSet = URIC;

/// RFC 2396's tables (with RFC 2732), registered in [`Standard::sets`](super::Standard::sets).
pub const SETS: StandardSets = StandardSets {
    data: DataSets {
        any: encoding_all_but(UNRESERVED),
        userinfo: encoding_all_but(USERINFO),
        // §3.2: "Within the authority component, the characters ";", ":", "@", "?", and "/"
        // are reserved", and §2.2: data that "would conflict with the reserved purpose ...
        // must be escaped". `reg_name` allows `; : @` (a registry-based authority takes
        // the whole of it), but a server-based reading splits `userinfo@host:port` there.
        host: Ok(encoding_all_but(REG_NAME.minus(AUTHORITY_RESERVED))),
        path: encoding_all_but(ABS_PATH),
        segment: encoding_all_but(SEGMENT),
        query: encoding_all_but(QUERY),
        // §3.4: "Within a query component, the characters ";", "/", "?", ":", "@", "&", "=",
        // "+", ",", and "$" are reserved", which leaves `unreserved`.
        param: encoding_all_but(QUERY.minus(RESERVED)),
        form: encoding_form(encoding_all_but(UNRESERVED)),
        fragment: Ok(encoding_all_but(FRAGMENT)),
    },
    class,
    // `uric` with RFC 2732's brackets, and `#`, the delimiter of the fragment, not in it.
    literal: URIC_RFC2732.add(b'#'),
};

/// The class of a byte in §2's words (and RFC 2732's).
fn class(b: u8) -> &'static str {
    match b {
        _ if UNRESERVED.contains(b) => "unreserved",
        _ if RESERVED.contains(b) => "reserved",
        b'[' | b']' => "reserved (2732)",
        0x80.. => "not ASCII",
        0..=0x1F | 0x7F => "control",
        b' ' => "space",
        b'<' | b'>' | b'#' | b'%' | b'"' => "delims",
        _ => "unwise",
    }
}
