//! The setup as the position editor shows it: a board of letters (a piece or nothing on
//! each square), the side to move and the castling rights, read from and written to the
//! draft's FEN or POS; drawn in the window, where a click places the palette's piece and a
//! piece is dragged from the palette or from a square.

use crate::level::draft::Draft;
use crate::ui::common::look::square_shade;
use bevy_egui::egui;

/// A piece on its way to the setup board: its letter and the square it was lifted from
/// (`None` when it comes from the palette).
pub(super) type Carried = (char, Option<(usize, usize)>);

/// The setup as the position editor shows it: a letter or nothing on each square, the
/// side to move and the castling rights.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SetupBoard {
    files: usize,
    ranks: usize,
    /// By rank from the first, then file: the piece's letter.
    cells: Vec<Option<char>>,
    /// Whether White is to move.
    pub(super) white_to_move: bool,
    /// K Q k q.
    pub(super) castling: [bool; 4],
    /// Whether the draft's setup is a continuous POS (written as one).
    continuous: bool,
    /// A continuous position's pieces that stand off square centres (`N@3.1,4.7`), kept
    /// as written: the board of squares cannot show them, and nothing is lost.
    between: Vec<String>,
}

impl SetupBoard {
    /// The draft's setup on its board; pieces off square centres (a POS) are left out.
    pub fn read(draft: &Draft) -> SetupBoard {
        let (files, ranks) = draft.board();
        let (files, ranks) = (files.clamp(1, 26) as usize, ranks.clamp(1, 26) as usize);
        let mut board = SetupBoard {
            files,
            ranks,
            cells: vec![None; files * ranks],
            white_to_move: true,
            castling: [false; 4],
            continuous: draft.is_continuous(),
            between: Vec::new(),
        };
        let setup = draft.setup();
        if board.continuous && !setup.contains('/') {
            // POS: w;K@e1;...
            let mut parts = setup.split(';');
            board.white_to_move = parts.next().is_none_or(|s| s.trim() != "b");
            for part in parts {
                let part = part.trim();
                if let Some((letter, at)) = part.split_once('@')
                    && let (Some(c), Ok(sq)) = (
                        letter.chars().next(),
                        at.parse::<crate::square::SquareName>(),
                    )
                {
                    board.set(sq.file as usize, sq.rank as usize, Some(c));
                } else if !part.is_empty() {
                    board.between.push(part.to_string());
                }
            }
            return board;
        }
        let fields: Vec<&str> = setup.split_whitespace().collect();
        for (row, rank_text) in fields.first().unwrap_or(&"").split('/').enumerate() {
            let rank = ranks.saturating_sub(row + 1);
            let mut file = 0;
            let mut digits = String::new();
            for c in rank_text.chars() {
                if c.is_ascii_digit() {
                    digits.push(c);
                    continue;
                }
                file += digits.parse::<usize>().unwrap_or(0);
                digits.clear();
                // A piece, or a neutral obstacle: `*` a boulder, `@` a bomb.
                if c.is_ascii_alphabetic() || c == '*' || c == '@' {
                    board.set(file, rank, Some(c));
                }
                file += 1;
            }
        }
        board.white_to_move = fields.get(1).is_none_or(|s| *s != "b");
        let rights = fields.get(2).copied().unwrap_or("-");
        for (k, c) in ['K', 'Q', 'k', 'q'].into_iter().enumerate() {
            board.castling[k] = rights.contains(c);
        }
        board
    }

    fn set(&mut self, file: usize, rank: usize, piece: Option<char>) {
        if file < self.files && rank < self.ranks {
            self.cells[rank * self.files + file] = piece;
        }
    }

    fn get(&self, file: usize, rank: usize) -> Option<char> {
        self.cells.get(rank * self.files + file).copied().flatten()
    }

    /// A board of another size, keeping what fits.
    pub fn resize(&mut self, files: usize, ranks: usize) {
        let old = self.clone();
        self.files = files.clamp(1, 26);
        self.ranks = ranks.clamp(1, 26);
        self.cells = vec![None; self.files * self.ranks];
        for rank in 0..old.ranks.min(self.ranks) {
            for file in 0..old.files.min(self.files) {
                self.set(file, rank, old.get(file, rank));
            }
        }
    }

    /// Empties the board.
    pub fn clear(&mut self) {
        self.cells.iter_mut().for_each(|c| *c = None);
        self.between.clear();
    }

    /// How many pieces stand between square centres (a continuous position).
    pub fn between(&self) -> usize {
        self.between.len()
    }

    /// Turns the position round: each piece to the mirrored square, of the other side.
    pub fn flip(&mut self) {
        let old = self.clone();
        for rank in 0..self.ranks {
            for file in 0..self.files {
                let piece = old
                    .get(self.files - 1 - file, self.ranks - 1 - rank)
                    .map(|c| {
                        if c.is_ascii_uppercase() {
                            c.to_ascii_lowercase()
                        } else {
                            c.to_ascii_uppercase()
                        }
                    });
                self.set(file, rank, piece);
            }
        }
        self.white_to_move = !self.white_to_move;
        // Turned round, Black's queen side becomes White's king side, and so on.
        self.castling = [
            old.castling[3],
            old.castling[2],
            old.castling[1],
            old.castling[0],
        ];
    }

    /// The board as the setup's text: a FEN, or a POS for a continuous level.
    pub fn text(&self) -> String {
        if self.continuous {
            let mut parts = vec![if self.white_to_move { "w" } else { "b" }.to_string()];
            for rank in 0..self.ranks {
                for file in 0..self.files {
                    if let Some(c) = self.get(file, rank) {
                        let name = crate::square::SquareName {
                            file: file as u32,
                            rank: rank as u32,
                        };
                        parts.push(format!("{c}@{name}"));
                    }
                }
            }
            parts.extend(self.between.iter().cloned());
            return parts.join(";");
        }
        let rows: Vec<String> = (0..self.ranks)
            .rev()
            .map(|rank| {
                let mut row = String::new();
                let mut empty = 0;
                for file in 0..self.files {
                    match self.get(file, rank) {
                        Some(c) => {
                            if empty > 0 {
                                row.push_str(&empty.to_string());
                                empty = 0;
                            }
                            row.push(c);
                        }
                        None => empty += 1,
                    }
                }
                if empty > 0 {
                    row.push_str(&empty.to_string());
                }
                row
            })
            .collect();
        let rights: String = ['K', 'Q', 'k', 'q']
            .into_iter()
            .zip(self.castling)
            .filter_map(|(c, on)| on.then_some(c))
            .collect();
        format!(
            "{} {} {} - 0 1",
            rows.join("/"),
            if self.white_to_move { "w" } else { "b" },
            if rights.is_empty() { "-" } else { &rights }
        )
    }

    /// Writes the board into the draft's setup.
    pub fn write(&self, draft: &mut Draft) {
        draft.set_setup(&self.text());
    }

    /// Puts `palette`'s piece on square (file, rank) (' ': empties it).
    pub fn place(&mut self, file: usize, rank: usize, palette: char) {
        self.set(file, rank, (palette != ' ').then_some(palette));
    }

    /// Draws the board; a click places the palette's piece, a right click empties a
    /// square, a piece dragged from the palette or from a square lands where it is let go
    /// (off the board, a lifted piece is removed). True if the board changed.
    pub(super) fn ui(
        &mut self,
        ui: &mut egui::Ui,
        palette: char,
        carried: &mut Option<Carried>,
    ) -> bool {
        let cell = (360.0 / self.files.max(self.ranks) as f32).clamp(12.0, 40.0);
        let size = egui::vec2(cell * self.files as f32, cell * self.ranks as f32);
        let (rect, response) = ui.allocate_exact_size(size, egui::Sense::click_and_drag());
        let painter = ui.painter_at(rect);
        for rank in 0..self.ranks {
            for file in 0..self.files {
                let min = rect.min
                    + egui::vec2(file as f32 * cell, (self.ranks - 1 - rank) as f32 * cell);
                let square = egui::Rect::from_min_size(min, egui::vec2(cell, cell));
                let shade = square_shade((file + rank) % 2 == 0);
                painter.rect_filled(square, 0.0, shade);
                let lifted = carried.is_some_and(|(_, from)| from == Some((file, rank)));
                if let Some(c) = self.get(file, rank)
                    && !lifted
                {
                    draw_token(&painter, square.center(), cell, c);
                }
            }
        }
        // A point on the board's edge (or a hair past it) counts as the square inside.
        let square_at = |pos: egui::Pos2| {
            let file = (((pos.x - rect.min.x) / cell).max(0.0) as usize).min(self.files - 1);
            let row = (((pos.y - rect.min.y) / cell).max(0.0) as usize).min(self.ranks - 1);
            (file, self.ranks - 1 - row)
        };
        if response.drag_started()
            && let Some(origin) = ui.input(|i| i.pointer.press_origin())
            && rect.contains(origin)
        {
            let (file, rank) = square_at(origin);
            if let Some(c) = self.get(file, rank) {
                *carried = Some((c, Some((file, rank))));
            }
        }
        if let Some((c, from)) = *carried {
            let (pointer, released) =
                ui.input(|i| (i.pointer.latest_pos(), i.pointer.any_released()));
            if let Some(at) = pointer {
                let layer = egui::LayerId::new(egui::Order::Tooltip, ui.id().with("carried"));
                draw_token(&ui.ctx().layer_painter(layer), at, cell, c);
            }
            if released {
                *carried = None;
                let target = pointer.filter(|p| rect.contains(*p)).map(square_at);
                if target == from {
                    return false;
                }
                if let Some((file, rank)) = from {
                    self.place(file, rank, ' ');
                }
                if let Some((file, rank)) = target {
                    self.place(file, rank, c);
                }
                return from.is_some() || target.is_some();
            }
            return false;
        }
        if let Some(pos) = response.interact_pointer_pos() {
            let (file, rank) = square_at(pos);
            if response.clicked() {
                self.place(file, rank, palette);
                return true;
            }
            if response.secondary_clicked() {
                self.place(file, rank, ' ');
                return true;
            }
        }
        false
    }
}

/// A piece on the setup board: a disc in its side's colours with its letter.
fn draw_token(painter: &egui::Painter, centre: egui::Pos2, cell: f32, c: char) {
    if !c.is_ascii_alphabetic() {
        // An obstacle: a grey block with its sign.
        let block = egui::Rect::from_center_size(centre, egui::vec2(cell * 0.8, cell * 0.8));
        painter.rect_filled(block, cell * 0.1, egui::Color32::from_rgb(110, 106, 98));
        painter.text(
            centre,
            egui::Align2::CENTER_CENTER,
            c,
            egui::FontId::monospace(cell * 0.5),
            egui::Color32::from_rgb(240, 236, 228),
        );
        return;
    }
    let (face, ink) = if c.is_ascii_uppercase() {
        (
            egui::Color32::from_rgb(247, 247, 242),
            egui::Color32::from_rgb(30, 30, 34),
        )
    } else {
        (
            egui::Color32::from_rgb(31, 31, 36),
            egui::Color32::from_rgb(216, 216, 210),
        )
    };
    painter.circle(centre, cell * 0.42, face, egui::Stroke::new(1.0, ink));
    painter.text(
        centre,
        egui::Align2::CENTER_CENTER,
        c.to_ascii_uppercase(),
        egui::FontId::proportional(cell * 0.5),
        ink,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_setup_board_reads_and_writes_a_fen() {
        let draft = Draft::from_text(
            "name = \"T\"\nmode = \"grid\"\n[board]\nfiles = 10\nranks = 8\n[pieces.K]\nbetza = \"K\"\nroyal = true\n\
             [rules]\nsetup = \"r8r/10/10/10/10/10/10/R3K4R w KQq - 0 1\"\n",
        )
        .expect("a draft");
        let mut board = SetupBoard::read(&draft);
        assert_eq!(board.text(), "r8r/10/10/10/10/10/10/R3K4R w KQq - 0 1");
        board.place(4, 7, 'k');
        board.place(0, 0, ' ');
        assert_eq!(board.text(), "r3k4r/10/10/10/10/10/10/4K4R w KQq - 0 1");
        board.flip();
        assert_eq!(board.text(), "r4k4/10/10/10/10/10/10/R4K3R b Kkq - 0 1");
        board.resize(4, 4);
        assert_eq!(board.text(), "4/4/4/R3 b Kkq - 0 1");
    }

    #[test]
    fn obstacles_stay_on_the_setup_board() {
        let mut draft = Draft::new_grid(8, 8);
        draft.set_setup("4k3/8/2*5/8/8/5@2/8/4K3 w - - 0 1");
        let mut board = SetupBoard::read(&draft);
        assert_eq!(board.text(), "4k3/8/2*5/8/8/5@2/8/4K3 w - - 0 1");
        board.flip();
        assert_eq!(board.text(), "3k4/8/2@5/8/8/5*2/8/3K4 b - - 0 1");
    }

    #[test]
    fn a_continuous_setup_keeps_the_pieces_between_square_centres() {
        let mut draft = Draft::new_continuous(8, 8);
        draft.set_setup("w;K@e1;N@3.25,4.5;k@e8");
        let mut board = SetupBoard::read(&draft);
        assert_eq!(board.between(), 1);
        board.place(0, 0, 'R');
        board.write(&mut draft);
        assert_eq!(draft.setup(), "w;R@a1;K@e1;k@e8;N@3.25,4.5");
        board.clear();
        assert_eq!(board.text(), "w");
    }

    #[test]
    fn a_continuous_setup_reads_and_writes_a_pos() {
        let mut draft = Draft::new_grid(8, 8);
        draft.set_setup("b;K@e1;k@e8;N@g1");
        let text = draft
            .to_text()
            .replace("mode = \"grid\"", "mode = \"continuous\"");
        let draft = Draft::from_text(&text).expect("a draft");
        let board = SetupBoard::read(&draft);
        assert_eq!(board.text(), "b;K@e1;N@g1;k@e8");
    }
}
