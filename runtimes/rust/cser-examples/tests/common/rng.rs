//! Xorshift64*: a tiny deterministic generator for the random tests, no crates.

pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }

    /// Mostly small numbers and the zero value, sometimes any.
    pub fn number(&mut self) -> u64 {
        match self.below(4) {
            0 => 0,
            1 => self.below(3),
            2 => self.below(300),
            _ => self.next(),
        }
    }

    /// Up to `max_len - 1` characters of one, two, three and four UTF-8 bytes.
    pub fn string(&mut self, max_len: u64) -> String {
        let len = self.below(max_len) as usize;
        (0..len)
            .map(|_| ['a', 'é', '😀', 'z'][self.below(4) as usize])
            .collect()
    }

    pub fn maybe<T>(&mut self, f: impl FnOnce(&mut Self) -> T) -> Option<T> {
        (self.below(2) == 0).then(|| f(self))
    }
}
