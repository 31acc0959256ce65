//! The system sets the rules run in: [`RulesSystems`] and its steps, and
//! [`EnterModeSystems`], where a new match enters its mode. The plugin orders them.

use bevy::prelude::*;

/// The rules' systems: the moves, commands and loaded games asked for this frame, then the
/// piece mirrors.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct RulesSystems;

/// Where a newly inserted match enters its mode, in `PreUpdate`, so that the state
/// changes in the same frame's `StateTransition`, before any mode's systems run. Swap a
/// match before this set and no system sees a match of the other mode's state.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub struct EnterModeSystems;

/// The steps inside [`RulesSystems`]: the moves and commands asked for, then the clock,
/// then the computer's turn, then the piece mirrors.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub(super) enum RuleStep {
    Apply,
    Clock,
    Think,
    Mirror,
}
