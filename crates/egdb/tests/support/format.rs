//! The table file format as `docs/ENDGAME.md` describes it ("File
//! format"), written from that text and not from the library: the tests
//! that damage a file and make its checksum match again use this, so the
//! documented format and the library are checked against each other.

/// The header's length, as the file itself says (bytes 12..16).
pub fn header_len(file: &[u8]) -> usize {
    u32::from_le_bytes(file[12..16].try_into().unwrap()) as usize
}

/// The payload checksum of ENDGAME.md: `h` starts at
/// `0x5741_5249_4547_4442`; each 8-byte little-endian word `w` of the
/// payload, the last one padded with zeros (a whole extra zero word when
/// the length is a multiple of 8), gives `h = rotl((h ^ w) * K, 29)`
/// with `K = 0x9e37_79b9_7f4a_7c15`; then `(h ^ length) * K`, all
/// modulo 2^64.
pub fn checksum(payload: &[u8]) -> u64 {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;
    let step = |h: u64, w: u64| (h ^ w).wrapping_mul(K).rotate_left(29);
    let whole = payload.len() / 8 * 8;
    let mut h = 0x5741_5249_4547_4442_u64;
    for word in payload[..whole].chunks(8) {
        h = step(h, u64::from_le_bytes(word.try_into().unwrap()));
    }
    let mut last = [0u8; 8];
    last[..payload.len() - whole].copy_from_slice(&payload[whole..]);
    h = step(h, u64::from_le_bytes(last));
    (h ^ payload.len() as u64).wrapping_mul(K)
}

/// Writes the checksum of `file`'s payload into its header (bytes
/// 32..40), as a build that wrote a wrong value would have.
pub fn reseal(file: &mut [u8]) {
    let sum = checksum(&file[header_len(file)..]);
    file[32..40].copy_from_slice(&sum.to_le_bytes());
}
