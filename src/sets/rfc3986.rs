use super::{ByteSet, ascii};
use super::{DataSets, StandardSets, encoding_all_but, encoding_form};

/// `unreserved = ALPHA / DIGIT / "-" / "." / "_" / "~"` (§2.3).
pub const UNRESERVED: ByteSet = ascii::ALPHANUM.union(ByteSet::of(b"-._~"));
/// `gen-delims = ":" / "/" / "?" / "#" / "[" / "]" / "@"` (§2.2).
pub const GEN_DELIMS: ByteSet = ByteSet::of(b":/?#[]@");
/// `sub-delims = "!" / "$" / "&" / "'" / "(" / ")" / "*" / "+" / "," / ";" / "="` (§2.2).
pub const SUB_DELIMS: ByteSet = ByteSet::of(b"!$&'()*+,;=");
/// `reserved = gen-delims / sub-delims` (§2.2).
pub const RESERVED: ByteSet = GEN_DELIMS.union(SUB_DELIMS);
/// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (§3.1): the characters after the
/// first; no escapes are allowed.
pub const SCHEME: ByteSet = ascii::ALPHANUM.union(ByteSet::of(b"+-."));
/// `userinfo = *( unreserved / pct-encoded / sub-delims / ":" )` (§3.2.1).
pub const USERINFO: ByteSet = UNRESERVED.union(SUB_DELIMS).add(b':');
/// `reg-name = *( unreserved / pct-encoded / sub-delims )` (§3.2.2).
pub const REG_NAME: ByteSet = UNRESERVED.union(SUB_DELIMS);
/// `pchar = unreserved / pct-encoded / sub-delims / ":" / "@"` (§3.3).
pub const PCHAR: ByteSet = UNRESERVED.union(SUB_DELIMS).add(b':').add(b'@');
/// `segment = *pchar` (§3.3).
pub const SEGMENT: ByteSet = PCHAR;
/// `segment-nz-nc = 1*( unreserved / pct-encoded / sub-delims / "@" )` (§3.3): the first
/// segment of a relative reference, which may not hold a `:`.
pub const SEGMENT_NZ_NC: ByteSet = PCHAR.remove(b':');
/// `path-abempty = *( "/" segment )` and the other path forms of §3.3: segments joined by
/// `/`.
pub const PATH: ByteSet = SEGMENT.add(b'/');
/// `query = *( pchar / "/" / "?" )` (§3.4).
pub const QUERY: ByteSet = PCHAR.add(b'/').add(b'?');
/// `fragment = *( pchar / "/" / "?" )` (§3.5).
pub const FRAGMENT: ByteSet = PCHAR.add(b'/').add(b'?');
/// A key or value inside a `k=v&k=v` query: the query set less the delimiters such a query
/// gives meaning to (`&` `=` between pairs, `+` for space in form data, `;` as the older
/// pair separator), which §2.2 says to encode when they are data.
pub const QUERY_PARAM: ByteSet = QUERY.minus(ByteSet::of(b"&=+;"));

/// Whether `s[i..]` is `path-abempty [ "?" query ] [ "#" fragment ]` (§3.3-§3.5), the rest of
/// a URI after its authority (§3: `hier-part = "//" authority path-abempty`): a grammar piece
/// over [`QUERY`] and `pct-encoded`, with which the fast path ends a common URI and a common
/// URL alike.
pub(crate) fn after_authority(s: &[u8], mut i: usize) -> bool {
    if !matches!(s.get(i), None | Some(b'/' | b'?' | b'#')) {
        return false;
    }
    let mut fragment = false;
    loop {
        match s.get(i) {
            None => return true,
            Some(b'/' | b'?') => i += 1,
            Some(b'#') if !fragment => {
                fragment = true;
                i += 1;
            }
            Some(b'%') if super::pct_encoded(s, i).is_some() => i += 3,
            Some(_) => return false,
        }
        i += QUERY.prefix_len(&s[i..]);
    }
}

/// RFC 3986's tables, registered in [`Standard::sets`](super::Standard::sets).
pub const SETS: StandardSets = StandardSets {
    data: DataSets {
        any: encoding_all_but(UNRESERVED),
        userinfo: encoding_all_but(USERINFO),
        host: Ok(encoding_all_but(REG_NAME)),
        path: encoding_all_but(PATH),
        segment: encoding_all_but(SEGMENT),
        query: encoding_all_but(QUERY),
        param: encoding_all_but(QUERY_PARAM),
        form: encoding_form(encoding_all_but(UNRESERVED)),
        fragment: Ok(encoding_all_but(FRAGMENT)),
    },
    class,
    literal: RESERVED.union(UNRESERVED),
};

/// The class of a byte in §2's words.
fn class(b: u8) -> &'static str {
    match b {
        _ if UNRESERVED.contains(b) => "unreserved",
        _ if GEN_DELIMS.contains(b) => "gen-delim",
        _ if SUB_DELIMS.contains(b) => "sub-delim",
        b'%' => "pct-encoded",
        0x80.. => "not ASCII",
        _ => "illegal",
    }
}
