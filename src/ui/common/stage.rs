//! The order of each mode's per-frame systems after the rules ([`Stage`]), and the rule
//! that a position browsed back to is looked at, not played.

use crate::sim::analysis::Browse;
use bevy::prelude::*;

/// The order of each mode's per-frame systems, after the rules: the view (camera, piece
/// visuals), then input, then the overlays drawn from the result.
#[derive(SystemSet, Debug, Clone, PartialEq, Eq, Hash)]
pub enum Stage {
    View,
    Input,
    Overlays,
}

/// The stages in their order after the rules; input and overlays only while the board shows
/// the game as it stands.
pub fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (Stage::View, Stage::Input, Stage::Overlays)
            .chain()
            .after(crate::sim::RulesSystems),
    )
    // A position browsed back to is looked at, not played: no picks, no overlays.
    .configure_sets(Update, (Stage::Input, Stage::Overlays).run_if(not_browsing));
}

/// Whether the board shows the game as it stands (not a position browsed back to): the
/// board's input and overlays run only then.
pub fn not_browsing(browse: Res<Browse>) -> bool {
    browse.ply.is_none()
}
