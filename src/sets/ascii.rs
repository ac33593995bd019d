use super::ByteSet;

/// `ALPHA = %x41-5A / %x61-7A` (RFC 5234 B.1).
pub const ALPHA: ByteSet = ByteSet::range(b'A', b'Z').union(ByteSet::range(b'a', b'z'));
/// `DIGIT = %x30-39` (RFC 5234 B.1).
pub const DIGIT: ByteSet = ByteSet::range(b'0', b'9');
/// `HEXDIG = DIGIT / "A" / "B" / "C" / "D" / "E" / "F"`, case-insensitive as every ABNF
/// string literal is (RFC 5234 §2.3); the WHATWG "ASCII hex digit" is the same set.
pub const HEXDIG: ByteSet = DIGIT
    .union(ByteSet::range(b'A', b'F'))
    .union(ByteSet::range(b'a', b'f'));
/// The value of each `HEXDIG` byte, and 0xFF for every other byte: one lookup decides
/// both whether a byte is a hex digit and what it is worth.
pub const HEX_VALUE: [u8; 256] = {
    let mut table = [0xFF; 256];
    let mut b = 0;
    while b < 256 {
        if HEXDIG.contains(b as u8) {
            table[b] = match b as u8 {
                d @ b'0'..=b'9' => d - b'0',
                d @ b'A'..=b'F' => d - b'A' + 10,
                d => d - b'a' + 10,
            };
        }
        b += 1;
    }
    table
};
/// ALPHA and DIGIT: RFC 2396's `alphanum`, WHATWG's "ASCII alphanumeric".
pub const ALPHANUM: ByteSet = ALPHA.union(DIGIT);
/// `CTL = %x00-1F / %x7F` (RFC 5234 B.1): the C0 controls and DEL, never literal in a URI
/// (RFC 3986 §2, RFC 2396 §2.4.3 `control`, RFC 1738 §2.2).
pub const CTL: ByteSet = ByteSet::range(0x00, 0x1F).add(0x7F);
/// Bytes 0x80–0xFF: outside US-ASCII, so outside every RFC grammar; they are always
/// percent-encoded (RFC 3986 §2.5, RFC 2396 §2.1, RFC 1738 §2.2).
pub const NON_ASCII: ByteSet = ByteSet::range(0x80, 0xFF);
