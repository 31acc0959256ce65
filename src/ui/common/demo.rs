//! A level's demonstrations (saved games under `levels/demos/` beside the level file) and
//! the one being shown: the files window starts and steps it, the panels show its captions,
//! the computer leaves it to people, and the window keeps drawing while it plays by itself.

use super::level::LevelSource;
use crate::record::save;
use bevy::prelude::*;
use std::path::PathBuf;

/// A demonstration being shown.
#[derive(Resource, Debug, Default)]
pub struct Demo {
    /// The demonstrations of this level: name and file.
    pub list: Vec<(String, PathBuf)>,
    /// The one shown, if any.
    pub showing: Option<String>,
    /// Whether it plays by itself.
    pub autoplay: bool,
    /// Moves per second when playing by itself.
    pub speed: f32,
    /// The time towards the next move while it plays by itself, in moves.
    pub clock: f32,
    /// The captions of the one shown, by move number.
    pub captions: std::collections::BTreeMap<usize, String>,
}

impl Demo {
    /// Whether a demonstration is being shown.
    pub fn showing(&self) -> bool {
        self.showing.is_some()
    }

    /// The caption for the position after `moves` moves of the demonstration shown.
    pub fn caption(&self, moves: usize) -> Option<&str> {
        self.showing.as_ref()?;
        self.captions.get(&moves).map(String::as_str)
    }

    /// Whether a demonstration is playing by itself.
    pub fn playing(&self) -> bool {
        self.showing.is_some() && self.autoplay
    }

    /// A demonstration named `name` playing by itself at one move a second (for tests).
    #[cfg(test)]
    pub fn autoplaying(name: &str) -> Demo {
        Demo {
            showing: Some(name.to_string()),
            autoplay: true,
            speed: 1.0,
            ..Demo::default()
        }
    }
}

/// Finds the demonstrations of the level: saved games in `levels/demos/` (beside the level
/// file) whose saved level is this one.
pub fn find_demos(source: &LevelSource) -> Demo {
    let wanted = save::hash(&source.text);
    let list = save::demos_beside(&source.path)
        .into_iter()
        .filter(|demo| demo.hash == wanted)
        .map(|demo| {
            let name = demo
                .path
                .file_stem()
                .map(|s| s.to_string_lossy().replace('-', " "))
                .unwrap_or_default();
            (name, demo.path)
        })
        .collect();
    Demo {
        list,
        speed: 1.0,
        ..Demo::default()
    }
}
