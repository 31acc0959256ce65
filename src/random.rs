//! The one source of seeded random numbers: SplitMix64, from the `rand_xoshiro` crate.
//!
//! Everything random in areachess draws from here: the random and noisy players, the
//! Zobrist keys of grid positions, the keys of continuous positions and the engine's
//! strength noise. The same seed gives the same numbers on every machine, so the same
//! seed gives the same games.

use rand_xoshiro::SplitMix64;
use rand_xoshiro::rand_core::{Rng as _, SeedableRng};

/// SplitMix64's increment: a seed and the state it is hashed from differ by this.
const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// A seeded random source: the same seed, the same numbers.
#[derive(Clone, Debug)]
pub struct Rng(SplitMix64);

impl Rng {
    /// A source started from `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(SplitMix64::seed_from_u64(seed))
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0.next_u64()
    }

    /// A number below `n` (0 when `n` is 0), without the bias of a remainder.
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
        }
    }
}

/// 64 well-mixed bits from `z`: the first number of a source seeded with `z`. Equal
/// inputs give equal outputs; nearby inputs give unrelated ones (a hash for keys).
pub fn mix(z: u64) -> u64 {
    Rng::new(z).next_u64()
}

/// [`mix`] without SplitMix64's first step: the output function alone applied to `z`.
pub fn finalize(z: u64) -> u64 {
    mix(z.wrapping_sub(GOLDEN_GAMMA))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The reference implementation's first outputs (splitmix64.c) for one seed.
    #[test]
    fn the_source_is_splitmix64() {
        let mut rng = Rng::new(1_477_776_061_723_855_037);
        let first: Vec<u64> = (0..3).map(|_| rng.next_u64()).collect();
        assert_eq!(
            first,
            [
                1_985_237_415_132_408_290,
                2_979_275_885_539_914_483,
                13_511_426_838_097_143_398
            ]
        );
        // The hash of a seed is that source's first output.
        assert_eq!(mix(1_477_776_061_723_855_037), 1_985_237_415_132_408_290);
    }

    #[test]
    fn below_stays_below_and_reaches_every_value() {
        let mut rng = Rng::new(9);
        let mut seen = [false; 7];
        for _ in 0..200 {
            let k = rng.below(7);
            assert!(k < 7);
            seen[k] = true;
        }
        assert!(seen.iter().all(|&s| s));
        assert_eq!(rng.below(0), 0);
    }
}
