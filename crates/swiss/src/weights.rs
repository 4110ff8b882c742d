//! Edge weights that hold many criteria side by side: each criterion gets a
//! field of bits wide enough that its sum over a whole matching never
//! carries into the field above, so the heaviest matching is the best by
//! the first criterion, then the second, and so on.

use ethnum::I256;

/// A weight built field by field, most important first.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Weight(I256);

impl Weight {
    /// Appends a field `bits` wide holding `value`.
    pub fn push(&mut self, bits: u32, value: u64) {
        debug_assert!(
            bits >= 64 || value < (1u64 << bits),
            "{value} does not fit in {bits} bits"
        );
        self.0 = (self.0 << bits) | I256::from(value);
    }

    /// Appends a field `bits` wide holding a value wider than 64 bits.
    pub fn push_wide(&mut self, bits: u32, value: I256) {
        self.0 = (self.0 << bits) | value;
    }

    /// The weight as a number.
    pub fn value(self) -> I256 {
        self.0
    }
}

/// The number of bits that hold every value up to `max`.
pub(crate) fn bits_for(max: u64) -> u32 {
    64 - max.leading_zeros()
}
