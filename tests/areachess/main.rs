//! The integration tests, in one binary so Bevy is linked once.

mod betza;
mod cli;
mod demos;
mod grid;
mod gui;
mod hasinu;
mod levels;
mod obento;
mod perft;
mod pictures;
mod properties;
mod regions;
mod rules;
mod save;
mod schema;
mod support;
mod urc;
