//! The integration tests, in one binary so Bevy is linked once. Those of the window
//! (`gui`, and pictures drawn into pixels) need the `gui` feature.

mod analysis;
mod betza;
mod cli;
mod clocks;
mod computer;
mod demos;
mod demos_grid;
mod fairy;
mod fuzz_replay;
mod goals;
mod grid;
#[cfg(feature = "gui")]
mod gui;
mod hardening_files;
mod hardening_notation;
mod hardening_pgn;
mod hardening_protocol;
mod hardening_search;
mod hardening_values;
mod hasinu;
mod layout;
mod levels;
mod library;
mod obento;
mod outlines;
mod perft;
mod pictures;
mod properties;
mod protocol;
mod radii;
mod records;
mod regions;
mod rule_tests;
mod rules;
mod save;
mod schema;
mod support;
mod tactics;
mod urc;
mod values;
