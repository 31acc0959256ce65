//! [`RulesPlugin`]: the rules of both modes added to an app. The mode state, the
//! resources, the messages and the system sets, then each mode's systems (the rules', the
//! clock's, the computer's, the analysis board's) and its piece mirrors.

use super::apply::{
    LastTried, LoadGame, MatchCommand, MovesAccepted, apply_commands, apply_loads, apply_requests,
    enter_mode,
};
use super::continuous::{self, ContinuousMatch};
use super::grid::{self, GridMatch};
use super::matches::{GameMode, Match, MatchGame};
use super::players::Players;
use super::sets::{EnterModeSystems, RuleStep, RulesSystems};
use super::{analysis, computer, match_clock, timekeeper};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;

/// Adds the rules for both modes: the state, the messages, the systems that apply them,
/// and the piece mirrors.
pub struct RulesPlugin;

impl Plugin for RulesPlugin {
    fn build(&self, app: &mut App) {
        if !app.is_plugin_added::<StatesPlugin>() {
            app.add_plugins(StatesPlugin);
        }
        app.init_state::<GameMode>()
            .init_resource::<Players>()
            .init_resource::<computer::Computer>()
            .init_resource::<match_clock::MatchClock>()
            .init_resource::<MovesAccepted>()
            .init_resource::<LastTried>()
            .init_resource::<analysis::Analysis>()
            .init_resource::<analysis::Browse>()
            .add_message::<MatchCommand>()
            .add_message::<LoadGame>()
            .configure_sets(
                Update,
                (
                    RuleStep::Apply,
                    RuleStep::Clock,
                    RuleStep::Think,
                    RuleStep::Mirror,
                )
                    .chain()
                    .in_set(RulesSystems),
            );
        rules_for::<crate::continuous::Game>(app);
        rules_for::<crate::grid::game::Game>(app);
        // A grid move may be asked for as a `GridMoveRequest` too (no wall).
        app.add_message::<grid::GridMoveRequest>().add_systems(
            Update,
            grid::take_requests
                .in_set(RuleStep::Apply)
                .before(apply_requests::<crate::grid::game::Game>),
        );
        app.add_systems(
            Update,
            (
                continuous::mirror_pieces.run_if(resource_exists::<ContinuousMatch>),
                grid::mirror_pieces.run_if(resource_exists::<GridMatch>),
            )
                .in_set(RuleStep::Mirror),
        );
    }
}

/// The systems of one mode's game, the same for both.
fn rules_for<G: MatchGame>(app: &mut App) {
    app.add_message::<G::Request>()
        .add_message::<G::Answer>()
        .add_systems(
            PreUpdate,
            enter_mode::<G>
                .run_if(resource_added::<Match<G>>)
                .in_set(EnterModeSystems),
        )
        .add_systems(
            Update,
            (apply_loads::<G>, apply_requests::<G>, apply_commands::<G>)
                .chain()
                .in_set(RuleStep::Apply)
                .run_if(resource_exists::<Match<G>>),
        );
    timekeeper::for_mode::<G>(app);
    computer::for_mode::<G>(app);
    analysis::for_mode::<G>(app);
}
