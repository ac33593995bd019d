use super::{ByteSet, ascii};
use super::{DataSets, StandardSets, encoding_all_but, encoding_form};

/// `safe = "$" | "-" | "_" | "." | "+"`.
pub const SAFE: ByteSet = ByteSet::of(b"$-_.+");
/// `extra = "!" | "*" | "'" | "(" | ")" | ","`.
pub const EXTRA: ByteSet = ByteSet::of(b"!*'(),");
/// `national = "{" | "}" | "|" | "\" | "^" | "~" | "[" | "]" | "`"`: unsafe (§2.2).
pub const NATIONAL: ByteSet = ByteSet::of(b"{}|\\^~[]`");
/// `punctuation = "<" | ">" | "#" | "%" | <">`: unsafe (§2.2).
pub const PUNCTUATION: ByteSet = ByteSet::of(b"<>#%\"");
/// `reserved = ";" | "/" | "?" | ":" | "@" | "&" | "="`.
pub const RESERVED: ByteSet = ByteSet::of(b";/?:@&=");
/// `unreserved = alpha | digit | safe | extra`.
pub const UNRESERVED: ByteSet = ascii::ALPHANUM.union(SAFE).union(EXTRA);
/// `uchar = unreserved | escape`.
pub const UCHAR: ByteSet = UNRESERVED;
/// `xchar = unreserved | reserved | escape`.
pub const XCHAR: ByteSet = UNRESERVED.union(RESERVED);
/// `user = *[ uchar | ";" | "?" | "&" | "=" ]`; `password` is the same rule.
pub const USER: ByteSet = UCHAR.union(ByteSet::of(b";?&="));
/// `hsegment = *[ uchar | ";" | ":" | "@" | "&" | "=" ]` (HTTP).
pub const HSEGMENT: ByteSet = UCHAR.union(ByteSet::of(b";:@&="));
/// `hpath = hsegment *[ "/" hsegment ]` (HTTP).
pub const HPATH: ByteSet = HSEGMENT.add(b'/');
/// `search = *[ uchar | ";" | ":" | "@" | "&" | "=" ]` (HTTP, WAIS).
pub const SEARCH: ByteSet = UCHAR.union(ByteSet::of(b";:@&="));
/// `fsegment = *[ uchar | "?" | ":" | "@" | "&" | "=" ]` (FTP, FILE); Prospero's
/// `psegment` is the same rule.
pub const FSEGMENT: ByteSet = UCHAR.union(ByteSet::of(b"?:@&="));
/// `fieldname = *[ uchar | "?" | ":" | "@" | "&" ]` (Prospero); `fieldvalue` is the same.
pub const FIELDNAME: ByteSet = UCHAR.union(ByteSet::of(b"?:@&"));
/// `article = 1*[ uchar | ";" | "/" | "?" | ":" | "&" | "=" ] "@" host` (NEWS), before the
/// `@`.
pub const ARTICLE: ByteSet = UCHAR.union(ByteSet::of(b";/?:&="));
/// `group = alpha *[ alpha | digit | "-" | "." | "+" | "_" ]` (NEWS, NNTP), after the
/// first letter.
pub const GROUP: ByteSet = ascii::ALPHANUM.union(ByteSet::of(b"-.+_"));
/// `scheme = 1*[ lowalpha | digit | "+" | "-" | "." ]`; §2.1 asks interpreters to accept
/// upper case too, so this set holds both.
pub const SCHEME: ByteSet = ascii::ALPHANUM.union(ByteSet::of(b"+-."));
/// A key or value inside a `k=v&k=v` search: `search` less its reserved characters
/// (§2.2: "reserved characters used as data must be encoded") and less `+`, which form
/// data reads as a space.
pub const SEARCH_PARAM: ByteSet = SEARCH.minus(RESERVED).remove(b'+');

/// RFC 1738's tables, registered in [`Standard::sets`](super::Standard::sets).
pub const SETS: StandardSets = StandardSets {
    data: DataSets {
        // `uchar` less `+`, which form data reads as a space (HTML 2.0, RFC 1866 §8.2.1; the
        // URL Standard's application/x-www-form-urlencoded parser): data `+` kept there would
        // come back as a space in a query's `k=v` pair, the one place `any` could not go.
        any: encoding_all_but(UCHAR.remove(b'+')),
        // `user` less `?`: RFC 2396 §3.2, which updates this RFC's generic syntax, ends the
        // authority at "the next slash "/", question-mark "?", or ... the end of the URI"
        // (RFC 3986 §3.2 likewise), so a literal `?` would end the user there.
        userinfo: encoding_all_but(USER.remove(b'?')),
        host: Err("an RFC 1738 host is a domain name or an IP number and takes no escapes"),
        path: encoding_all_but(HPATH),
        segment: encoding_all_but(HSEGMENT),
        query: encoding_all_but(SEARCH),
        param: encoding_all_but(SEARCH_PARAM),
        form: encoding_form(encoding_all_but(UCHAR)),
        fragment: Err("RFC 1738 has no fragment component"),
    },
    class,
    // `xchar`, and the fragment delimiter `#` that RFC 1738 keeps out of it (§2.2).
    literal: XCHAR.add(b'#'),
};

/// The class of a byte in §2.2's and §5's words.
fn class(b: u8) -> &'static str {
    match b {
        _ if SAFE.contains(b) || b.is_ascii_alphanumeric() => "unreserved",
        _ if EXTRA.contains(b) => "extra",
        _ if RESERVED.contains(b) => "reserved",
        _ if NATIONAL.contains(b) => "national",
        _ if PUNCTUATION.contains(b) => "punctuation",
        0x80.. => "not ASCII",
        _ => "unsafe",
    }
}
