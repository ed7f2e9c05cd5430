//! Randomness as an injected source.
//!
//! Rules never create random numbers themselves: they ask a [`Chance`]. The
//! server hands them a [`SeededChance`] derived from the room's secret seed
//! and the number of the step being played, so replaying the same actions
//! from the same seed draws the same numbers, and a refused action (which
//! may have drawn numbers before failing) cannot disturb later ones.

use rand_chacha::ChaCha20Rng;
use rand_core::{Rng, SeedableRng};

/// A source of uniformly distributed integers.
pub trait Chance {
    /// A uniformly random integer in `0..n`. Panics if `n` is 0.
    fn below(&mut self, n: u32) -> u32;
}

impl dyn Chance + '_ {
    /// Fisher-Yates shuffle: every order equally likely.
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }

    /// A roll of a die with `sides` faces: 1 to `sides`.
    pub fn roll(&mut self, sides: u8) -> u8 {
        self.below(u32::from(sides)) as u8 + 1
    }

    /// A uniformly chosen element, or `None` for an empty slice.
    pub fn pick<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            Some(&items[self.below(items.len() as u32) as usize])
        }
    }
}

/// The room's secret seed: 32 bytes that never leave the server.
pub type Seed = [u8; 32];

/// ChaCha20 keyed by the room seed, on a stream chosen by the step number:
/// step 0 is the game's start, step `n` the `n`-th action.
pub struct SeededChance(ChaCha20Rng);

impl SeededChance {
    pub fn new(seed: &Seed, step: u64) -> Self {
        let mut rng = ChaCha20Rng::from_seed(*seed);
        rng.set_stream(step);
        Self(rng)
    }
}

impl Chance for SeededChance {
    fn below(&mut self, n: u32) -> u32 {
        assert!(n > 0, "Chance::below(0)");
        // Rejection sampling keeps the result unbiased and, unlike a
        // library's range sampler, fixed forever: replays stay exact.
        let zone = u32::MAX - (u32::MAX % n);
        loop {
            let x = self.0.next_u32();
            if x < zone {
                return x % n;
            }
        }
    }
}

/// A source that must not be used: for steps whose rules need no
/// randomness in tests. Panics when asked for a number.
pub struct NoChance;

impl Chance for NoChance {
    fn below(&mut self, n: u32) -> u32 {
        panic!("this step was not expected to need randomness (asked below({n}))")
    }
}

/// Plays back a fixed list of numbers, for tests that script a die roll or a
/// shuffle. Panics when the script runs out or a number is out of range.
pub struct ScriptedChance(std::collections::VecDeque<u32>);

impl ScriptedChance {
    pub fn new(numbers: impl IntoIterator<Item = u32>) -> Self {
        Self(numbers.into_iter().collect())
    }
}

impl Chance for ScriptedChance {
    fn below(&mut self, n: u32) -> u32 {
        let x = self
            .0
            .pop_front()
            .expect("ScriptedChance ran out of numbers");
        assert!(x < n, "scripted {x} is not below {n}");
        x
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_and_step_draw_the_same_numbers() {
        let draw = |step| {
            let mut c = SeededChance::new(&[9; 32], step);
            (0..8).map(|_| c.below(6)).collect::<Vec<_>>()
        };
        assert_eq!(draw(3), draw(3));
        assert_ne!(draw(3), draw(4), "steps use separate streams");
    }

    #[test]
    fn below_covers_its_range_evenly() {
        let mut c = SeededChance::new(&[1; 32], 0);
        let mut counts = [0u32; 6];
        for _ in 0..60_000 {
            counts[c.below(6) as usize] += 1;
        }
        for n in counts {
            assert!((9_000..11_000).contains(&n), "uneven: {counts:?}");
        }
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut c = SeededChance::new(&[2; 32], 0);
        let chance: &mut dyn Chance = &mut c;
        let mut v: Vec<u32> = (0..44).collect();
        chance.shuffle(&mut v);
        let mut sorted = v.clone();
        sorted.sort();
        assert_eq!(sorted, (0..44).collect::<Vec<_>>());
        assert_ne!(v, sorted);
    }
}
