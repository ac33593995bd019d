use super::{ByteSet, ascii};
use super::{Component, StandardSets, encoding_all_but, encoding_form};

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

/// RFC 3986's tables, registered in [`Standard::sets`](super::Standard::sets).
pub const SETS: StandardSets = StandardSets {
    data_set,
    class,
    literal: RESERVED.union(UNRESERVED),
};

/// The bytes to encode for data in each component: all but what the component's rule allows
/// literally.
fn data_set(component: Component) -> Result<&'static ByteSet, &'static str> {
    const ANY: ByteSet = encoding_all_but(UNRESERVED);
    const USERINFO_DATA: ByteSet = encoding_all_but(USERINFO);
    const HOST: ByteSet = encoding_all_but(REG_NAME);
    const PATH_DATA: ByteSet = encoding_all_but(PATH);
    const SEGMENT_DATA: ByteSet = encoding_all_but(SEGMENT);
    const QUERY_DATA: ByteSet = encoding_all_but(QUERY);
    const PARAM: ByteSet = encoding_all_but(QUERY_PARAM);
    const FORM: ByteSet = encoding_form(ANY);
    const FRAGMENT_DATA: ByteSet = encoding_all_but(FRAGMENT);
    Ok(match component {
        Component::Any => &ANY,
        Component::Userinfo => &USERINFO_DATA,
        Component::Host => &HOST,
        Component::Path => &PATH_DATA,
        Component::Segment => &SEGMENT_DATA,
        Component::Query => &QUERY_DATA,
        Component::Param => &PARAM,
        Component::Form => &FORM,
        Component::Fragment => &FRAGMENT_DATA,
        Component::Scheme | Component::Port | Component::Uri | Component::Reference => {
            return Err(super::NOT_DATA);
        }
    })
}

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
