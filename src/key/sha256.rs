//! SHA-256, FIPS 180-4 §6.2: the hash the Safe Browsing API ("URLs and Hashing", "Hash
//! computations") takes of each suffix/prefix expression, from RustCrypto's `sha2`.

use sha2::{Digest, Sha256};

/// The SHA-256 digest of `message`.
///
/// ```
/// let digest = uriesc::key::sha256(b"abc");
/// assert_eq!(digest[..4], [0xba, 0x78, 0x16, 0xbf]);
/// ```
pub fn sha256(message: &[u8]) -> [u8; 32] {
    Sha256::digest(message).into()
}

#[cfg(test)]
mod tests {
    use super::sha256;

    fn hex(digest: [u8; 32]) -> String {
        digest.iter().map(|b| format!("{b:02x}")).collect()
    }

    /// FIPS 180-4's two examples (NIST CSRC "Examples with Intermediate Values": SHA256.pdf,
    /// SHA256_2.pdf, whose 56 bytes push the padding into a second block), and the empty
    /// message and a thousand `a`s, as Python's `hashlib.sha256` digests them.
    #[test]
    fn nist_examples() {
        let cases: [(&[u8], &str); 4] = [
            (
                b"abc",
                "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad",
            ),
            (
                b"abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq",
                "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1",
            ),
            (
                b"",
                "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
            ),
            (
                &[b'a'; 1_000],
                "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3",
            ),
        ];
        for (message, expected) in cases {
            assert_eq!(hex(sha256(message)), expected, "{}", message.len());
        }
    }
}
