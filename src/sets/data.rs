use super::*;

pub const RFC3986_ANY: ByteSet = encoding_all_but(rfc3986::UNRESERVED);
pub const RFC3986_USERINFO: ByteSet = encoding_all_but(rfc3986::USERINFO);
pub const RFC3986_HOST: ByteSet = encoding_all_but(rfc3986::REG_NAME);
pub const RFC3986_PATH: ByteSet = encoding_all_but(rfc3986::PATH);
pub const RFC3986_SEGMENT: ByteSet = encoding_all_but(rfc3986::SEGMENT);
pub const RFC3986_QUERY: ByteSet = encoding_all_but(rfc3986::QUERY);
pub const RFC3986_PARAM: ByteSet = encoding_all_but(rfc3986::QUERY_PARAM);
pub const RFC3986_FORM: ByteSet = encoding_form(RFC3986_ANY);
pub const RFC3986_FRAGMENT: ByteSet = encoding_all_but(rfc3986::FRAGMENT);

pub const RFC2396_ANY: ByteSet = encoding_all_but(rfc2396::UNRESERVED);
pub const RFC2396_USERINFO: ByteSet = encoding_all_but(rfc2396::USERINFO);
pub const RFC2396_HOST: ByteSet = encoding_all_but(rfc2396::REG_NAME);
pub const RFC2396_PATH: ByteSet = encoding_all_but(rfc2396::ABS_PATH);
pub const RFC2396_SEGMENT: ByteSet = encoding_all_but(rfc2396::SEGMENT);
pub const RFC2396_QUERY: ByteSet = encoding_all_but(rfc2396::QUERY);
/// §3.4: "Within a query component, the characters ";", "/", "?", ":", "@", "&", "=",
/// "+", ",", and "$" are reserved", which leaves `unreserved`.
pub const RFC2396_PARAM: ByteSet = encoding_all_but(rfc2396::QUERY.minus(rfc2396::RESERVED));
pub const RFC2396_FORM: ByteSet = encoding_form(RFC2396_ANY);
pub const RFC2396_FRAGMENT: ByteSet = encoding_all_but(rfc2396::FRAGMENT);

pub const RFC1738_ANY: ByteSet = encoding_all_but(rfc1738::UCHAR);
pub const RFC1738_USERINFO: ByteSet = encoding_all_but(rfc1738::USER);
pub const RFC1738_PATH: ByteSet = encoding_all_but(rfc1738::HPATH);
pub const RFC1738_SEGMENT: ByteSet = encoding_all_but(rfc1738::HSEGMENT);
pub const RFC1738_QUERY: ByteSet = encoding_all_but(rfc1738::SEARCH);
pub const RFC1738_PARAM: ByteSet = encoding_all_but(rfc1738::SEARCH_PARAM);
pub const RFC1738_FORM: ByteSet = encoding_form(RFC1738_ANY);

pub const WHATWG_ANY: ByteSet = encoding_whatwg(whatwg::COMPONENT_PERCENT_ENCODE_SET);
pub const WHATWG_USERINFO: ByteSet = encoding_whatwg(whatwg::USERINFO_PERCENT_ENCODE_SET);
/// An opaque host (the host of a non-special URL) is encoded with the C0 control set.
pub const WHATWG_HOST: ByteSet = encoding_whatwg(whatwg::C0_CONTROL_PERCENT_ENCODE_SET);
pub const WHATWG_PATH: ByteSet = encoding_whatwg(whatwg::PATH_PERCENT_ENCODE_SET);
/// One segment: the path set, and `/` because within a segment it is data.
pub const WHATWG_SEGMENT: ByteSet = encoding_whatwg(whatwg::PATH_PERCENT_ENCODE_SET.add(b'/'));
/// The query of a special URL (http, https, ws, wss, ftp, file), the common case.
pub const WHATWG_QUERY: ByteSet = encoding_whatwg(whatwg::SPECIAL_QUERY_PERCENT_ENCODE_SET);
pub const WHATWG_PARAM: ByteSet = encoding_whatwg(whatwg::COMPONENT_PERCENT_ENCODE_SET);
pub const WHATWG_FORM: ByteSet =
    encoding_whatwg(whatwg::APPLICATION_X_WWW_FORM_URLENCODED_PERCENT_ENCODE_SET);
pub const WHATWG_FRAGMENT: ByteSet = encoding_whatwg(whatwg::FRAGMENT_PERCENT_ENCODE_SET);
