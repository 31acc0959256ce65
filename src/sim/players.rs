//! Who plays each side: the [`Players`] resource, a [`Seat`] for White and one for Black.

use crate::play::{Color, Play, Seat};
use bevy::prelude::*;

/// Who plays each side. The window takes a person's moves only for a side whose seat is
/// [`Seat::Human`]; the computer plays the others.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Players {
    /// White's player.
    pub white: Seat,
    /// Black's player.
    pub black: Seat,
}

impl Players {
    /// The player of `side`.
    pub fn of(&self, side: Color) -> Seat {
        match side {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// The player of `side`, to change.
    pub fn of_mut(&mut self, side: Color) -> &mut Seat {
        match side {
            Color::White => &mut self.white,
            Color::Black => &mut self.black,
        }
    }

    /// Whether a person plays the side to move in `game`.
    pub fn human_to_move(&self, game: &(impl Play + ?Sized)) -> bool {
        self.of(game.to_move()) == Seat::Human
    }

    /// Seats each side given (White's, then Black's); a side given none keeps its player.
    pub fn seat(&mut self, seats: [Option<Seat>; 2]) {
        for (side, seat) in Color::BOTH.into_iter().zip(seats) {
            if let Some(seat) = seat {
                *self.of_mut(side) = seat;
            }
        }
    }

    /// Whether a person plays either side.
    pub fn any_human(&self) -> bool {
        self.white == Seat::Human || self.black == Seat::Human
    }
}
