use super::ByteSet;
use super::{DataSets, StandardSets, encoding_whatwg};

/// "The C0 control percent-encode set are the C0 controls and all code points greater than
/// U+007E (~)."
pub const C0_CONTROL_PERCENT_ENCODE_SET: ByteSet =
    ByteSet::range(0x00, 0x1F).union(ByteSet::range(0x7F, 0xFF));
/// "The fragment percent-encode set is the C0 control percent-encode set and U+0020 SPACE,
/// U+0022 ("), U+003C (<), U+003E (>), and U+0060 (`)."
pub const FRAGMENT_PERCENT_ENCODE_SET: ByteSet =
    C0_CONTROL_PERCENT_ENCODE_SET.union(ByteSet::of(b" \"<>`"));
/// "The query percent-encode set is the C0 control percent-encode set and U+0020 SPACE,
/// U+0022 ("), U+0023 (#), U+003C (<), and U+003E (>)."
pub const QUERY_PERCENT_ENCODE_SET: ByteSet =
    C0_CONTROL_PERCENT_ENCODE_SET.union(ByteSet::of(b" \"#<>"));
/// "The special-query percent-encode set is the query percent-encode set and U+0027 (')."
pub const SPECIAL_QUERY_PERCENT_ENCODE_SET: ByteSet = QUERY_PERCENT_ENCODE_SET.add(b'\'');
/// "The path percent-encode set is the query percent-encode set and U+003F (?), U+005E (^),
/// U+0060 (`), U+007B ({), and U+007D (})." (`^` since whatwg/url 9bc33c3, 2025-03-05.)
pub const PATH_PERCENT_ENCODE_SET: ByteSet = QUERY_PERCENT_ENCODE_SET.union(ByteSet::of(b"?^`{}"));
/// "The userinfo percent-encode set is the path percent-encode set and U+002F (/), U+003A
/// (:), U+003B (;), U+003D (=), U+0040 (@), U+005B ([) to U+005D (]), inclusive, and U+007C
/// (|)."
pub const USERINFO_PERCENT_ENCODE_SET: ByteSet = PATH_PERCENT_ENCODE_SET
    .union(ByteSet::of(b"/:;=@|"))
    .union(ByteSet::range(b'[', b']'));
/// "The component percent-encode set is the userinfo percent-encode set and U+0024 ($) to
/// U+0026 (&), inclusive, U+002B (+), and U+002C (,)." The same as `encodeURIComponent()`.
pub const COMPONENT_PERCENT_ENCODE_SET: ByteSet = USERINFO_PERCENT_ENCODE_SET
    .union(ByteSet::range(b'$', b'&'))
    .union(ByteSet::of(b"+,"));
/// "The application/x-www-form-urlencoded percent-encode set is the component
/// percent-encode set and U+0021 (!), U+0027 (') to U+0029 RIGHT PARENTHESIS, inclusive,
/// and U+007E (~)."
pub const APPLICATION_X_WWW_FORM_URLENCODED_PERCENT_ENCODE_SET: ByteSet =
    COMPONENT_PERCENT_ENCODE_SET
        .union(ByteSet::of(b"!~"))
        .union(ByteSet::range(b'\'', b')'));
/// `\`, which the parser reads as `/` in a special URL's path: the path start state and the
/// path state take "url is special and c is U+005C (\\)" as they take U+002F (/), with a
/// validation error. The path percent-encode set leaves it literal (a non-special URL's path
/// keeps it as data), so data `\` in a path or a segment, meant for any URL, is encoded as
/// well; rust-url's segment setter does the same (its `SPECIAL_PATH_SEGMENT`).
pub const SPECIAL_PATH_SEPARATOR: ByteSet = ByteSet::of(b"\\");
/// Host miscellaneous: "A forbidden host code point is U+0000 NULL, U+0009 TAB,
/// U+000A LF, U+000D CR, U+0020 SPACE, U+0023 (#), U+002F (/), U+003A (:), U+003C (<),
/// U+003E (>), U+003F (?), U+0040 (@), U+005B ([), U+005C (\\), U+005D (]), U+005E (^), or
/// U+007C (|)." The opaque-host parser: "If input contains a forbidden host code
/// point, host-invalid-code-point validation error, return failure."
pub const FORBIDDEN_HOST_CODE_POINT: ByteSet = ByteSet::of(b"\0\t\n\r #/:<>?@[\\]^|");
/// Host miscellaneous: "A forbidden domain code point is a forbidden host code point, a
/// C0 control, U+0025 (%), or U+007F DELETE."
pub const FORBIDDEN_DOMAIN_CODE_POINT: ByteSet = FORBIDDEN_HOST_CODE_POINT
    .union(ByteSet::range(0x00, 0x1F))
    .add(b'%')
    .add(0x7F);

/// The ASCII URL code points (URL writing): "ASCII alphanumeric, U+0021 (!), U+0024 ($),
/// U+0026 (&), U+0027 ('), U+0028 LEFT PARENTHESIS, U+0029 RIGHT PARENTHESIS, U+002A (*),
/// U+002B (+), U+002C (,), U+002D (-), U+002E (.), U+002F (/), U+003A (:), U+003B (;),
/// U+003D (=), U+003F (?), U+0040 (@), U+005F (_), U+007E (~)"; the others are U+00A0 and up.
pub const ASCII_URL_CODE_POINT: ByteSet =
    super::ascii::ALPHANUM.union(ByteSet::of(b"!$&'()*+,-./:;=?@_~"));

/// The URL Standard's tables, registered in [`Standard::sets`](super::Standard::sets).
pub const SETS: StandardSets = StandardSets {
    data: DataSets {
        any: encoding_whatwg(COMPONENT_PERCENT_ENCODE_SET),
        userinfo: encoding_whatwg(USERINFO_PERCENT_ENCODE_SET),
        // An opaque host (the host of a non-special URL: a special URL's host is a domain,
        // which is not percent-encoded data but IDNA's business) is encoded with the C0
        // control set, and the forbidden host code points, on which the opaque-host parser
        // returns failure: written as `%XX` they are data it keeps (it "UTF-8
        // percent-encode[s] input using the C0 control percent-encode set" and leaves escapes).
        host: Ok(encoding_whatwg(
            C0_CONTROL_PERCENT_ENCODE_SET.union(FORBIDDEN_HOST_CODE_POINT),
        )),
        path: encoding_whatwg(PATH_PERCENT_ENCODE_SET.union(SPECIAL_PATH_SEPARATOR)),
        // One segment: the path set, and `/` because within a segment it is data.
        segment: encoding_whatwg(
            PATH_PERCENT_ENCODE_SET
                .add(b'/')
                .union(SPECIAL_PATH_SEPARATOR),
        ),
        // The query of a special URL (http, https, ws, wss, ftp, file), the common case.
        query: encoding_whatwg(SPECIAL_QUERY_PERCENT_ENCODE_SET),
        param: encoding_whatwg(COMPONENT_PERCENT_ENCODE_SET),
        form: encoding_whatwg(APPLICATION_X_WWW_FORM_URLENCODED_PERCENT_ENCODE_SET),
        fragment: Ok(encoding_whatwg(FRAGMENT_PERCENT_ENCODE_SET)),
    },
    class,
    // A valid URL string (url.bs "URL writing") writes no other byte literally than RFC 3986
    // does: the parser percent-encodes the rest.
    literal: super::rfc3986::SETS.literal,
};

/// The first percent-encode set that holds a byte, from the smallest (url.bs §1.3 defines
/// each as the one before it and more).
fn class(b: u8) -> &'static str {
    let sets: [(&ByteSet, &'static str); 8] = [
        (&C0_CONTROL_PERCENT_ENCODE_SET, "C0 control set"),
        (&FRAGMENT_PERCENT_ENCODE_SET, "fragment set"),
        (&QUERY_PERCENT_ENCODE_SET, "query set"),
        (&SPECIAL_QUERY_PERCENT_ENCODE_SET, "special-query set"),
        (&PATH_PERCENT_ENCODE_SET, "path set"),
        (&USERINFO_PERCENT_ENCODE_SET, "userinfo set"),
        (&COMPONENT_PERCENT_ENCODE_SET, "component set"),
        (
            &APPLICATION_X_WWW_FORM_URLENCODED_PERCENT_ENCODE_SET,
            "form set",
        ),
    ];
    sets.iter()
        .find(|(set, _)| set.contains(b))
        .map_or("in no set", |&(_, name)| name)
}
