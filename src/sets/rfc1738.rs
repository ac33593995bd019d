use super::{ByteSet, ascii};

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
