//! A level being edited: the level file's contents as a TOML table that the editor reads
//! and changes key by key, keeping every key it does not edit as it was, and checks by
//! reading its text as `check` does.
//!
//! | rule | decision |
//! | --- | --- |
//! | what is kept | every key of the file, in its order; comments are not (a saved level is written afresh) |
//! | what the editor changes | name, description, the board, each piece's letter, name, moves, royal, promotion and picture, the setup, and the rules' keys; the rest (values, labels, a continuous board's lengths, URC files) rides along |
//! | a check | the draft's text read by the level reader: the same words as `check`, placed in the draft's text |
//! | a new level | a grid board with a king each (K, royal), or the continuous classic set |

use super::error::LevelErrors;
use super::load;
use super::modes::Level;
use crate::continuous::geometry::{Obstacle, Point};
use toml::{Table, Value};

/// A level being edited.
#[derive(Clone, Debug, PartialEq)]
pub struct Draft {
    table: Table,
}

/// One piece type as the editor shows it.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DraftPiece {
    /// Its letter, upper case.
    pub letter: char,
    /// Its name.
    pub name: String,
    /// How its moves are written.
    pub moves: Moves,
    /// Whether losing it loses the game.
    pub royal: bool,
    /// What it promotes to, if it does.
    pub promotion: Option<DraftPromotion>,
    /// Its picture: a shipped picture's name or an SVG file beside the level.
    pub image: String,
    /// The radius of its disc, in R (continuous); `None` for the default.
    pub radius: Option<f64>,
}

/// A piece's moves in one of the notations a level takes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Moves {
    /// Betza (`mfW|cefF|imfnD`).
    Betza(String),
    /// Ħasínū.
    Hasinu(String),
    /// A URC piece (`file.yaml#pawn`, or the piece written in the level): shown, not
    /// edited.
    Urc(String),
    /// None given (a continuous level's classic piece).
    Classic,
}

impl Default for Moves {
    fn default() -> Moves {
        Moves::Betza(String::new())
    }
}

/// A piece's promotion as the editor shows it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct DraftPromotion {
    /// The letters it may become, in order.
    pub to: String,
    /// How many ranks at the far edge promote.
    pub zone: i64,
    /// Whether it may decline before the last rank.
    pub optional: bool,
    /// Whether it may become only a captured type.
    pub captured_only: bool,
}

/// Why a text does not open in the editor.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("not a level's TOML: {0}")]
pub struct NotToml(pub String);

impl Draft {
    /// The draft of a level file's text.
    pub fn from_text(text: &str) -> Result<Draft, NotToml> {
        let table: Table = text
            .parse()
            .map_err(|e: toml::de::Error| NotToml(e.message().trim().to_string()))?;
        Ok(Draft { table })
    }

    /// A new grid level: `files` × `ranks` (at least 3 ranks, so the kings are not
    /// neighbours) with a king each on the middle files of the first and last ranks.
    pub fn new_grid(files: u8, ranks: u8) -> Draft {
        let files = files.clamp(1, 26);
        let ranks = ranks.clamp(3, 26);
        let king = files / 2;
        let rank = |letter: char| {
            let before = if king > 0 {
                king.to_string()
            } else {
                String::new()
            };
            let after = files - king - 1;
            let after = if after > 0 {
                after.to_string()
            } else {
                String::new()
            };
            format!("{before}{letter}{after}")
        };
        let mut rows = vec![rank('k')];
        rows.extend((0..ranks - 2).map(|_| files.to_string()));
        rows.push(rank('K'));
        let text = format!(
            "name = \"New level\"\nmode = \"grid\"\ndescription = \"A level made in the editor.\"\n\n\
             [board]\nfiles = {files}\nranks = {ranks}\n\n[pieces.K]\nname = \"King\"\nbetza = \"K\"\nroyal = true\n\n\
             [rules]\nsetup = \"{} w - - 0 1\"\n",
            rows.join("/")
        );
        Draft::from_text(&text).unwrap_or_else(|_| Draft {
            table: Table::new(),
        })
    }

    /// A new continuous level of `files` × `ranks` squares: the same two kings, as discs
    /// on the continuous board with its default lengths.
    pub fn new_continuous(files: u8, ranks: u8) -> Draft {
        let mut draft = Draft::new_grid(files, ranks);
        draft
            .table
            .insert("mode".into(), Value::String("continuous".into()));
        draft
    }

    /// The draft's text, as it would be saved.
    pub fn to_text(&self) -> String {
        toml::to_string(&self.table).unwrap_or_default()
    }

    /// The draft read as a level, named `file` in errors: the level, or every problem
    /// `check` would find, placed in [`Draft::to_text`].
    pub fn check(&self, file: &str) -> Result<Level, LevelErrors> {
        load::parse(file, &self.to_text())
    }

    /// A string at the top of the file.
    fn text_at(&self, key: &str) -> String {
        self.table
            .get(key)
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    }

    /// The level's name.
    pub fn name(&self) -> String {
        self.text_at("name")
    }

    /// Names the level.
    pub fn set_name(&mut self, name: &str) {
        self.table.insert("name".into(), Value::String(name.into()));
    }

    /// Its description.
    pub fn description(&self) -> String {
        self.text_at("description")
    }

    /// Describes the level.
    pub fn set_description(&mut self, text: &str) {
        self.table
            .insert("description".into(), Value::String(text.into()));
    }

    /// Whether the level is continuous.
    pub fn is_continuous(&self) -> bool {
        self.text_at("mode") == "continuous"
    }

    /// A table in the file, made if it is not there.
    fn section(&mut self, key: &str) -> &mut Table {
        let entry = self
            .table
            .entry(key.to_string())
            .or_insert_with(|| Value::Table(Table::new()));
        if !entry.is_table() {
            *entry = Value::Table(Table::new());
        }
        match entry {
            Value::Table(t) => t,
            _ => unreachable!("made a table above"),
        }
    }

    /// The board's files and ranks (0 where not given).
    pub fn board(&self) -> (i64, i64) {
        let board = self.table.get("board").and_then(Value::as_table);
        let get = |k: &str| board.and_then(|b| b.get(k)).and_then(Value::as_integer);
        (get("files").unwrap_or(0), get("ranks").unwrap_or(0))
    }

    /// Sets the board's size.
    pub fn set_board(&mut self, files: i64, ranks: i64) {
        let board = self.section("board");
        board.insert("files".into(), Value::Integer(files));
        board.insert("ranks".into(), Value::Integer(ranks));
    }

    /// Writes into the draft, as tables, the URC pieces it takes from files beside the
    /// level file `level` (`urc = "pieces.yaml#knight"`), so that the draft no longer needs
    /// those files: a shipped level's copy saved elsewhere still reads. A reference that
    /// does not read is left as it is, for the check to name.
    pub fn embed_urc_files(&mut self, level: &std::path::Path) {
        let Some(Value::Table(pieces)) = self.table.get_mut("pieces") else {
            return;
        };
        for (_, section) in pieces.iter_mut() {
            let Some(section) = section.as_table_mut() else {
                continue;
            };
            let Some((file, id)) = section
                .get("urc")
                .and_then(Value::as_str)
                .and_then(|r| r.split_once('#'))
            else {
                continue;
            };
            let read = crate::reading::beside(level, file)
                .and_then(|path| crate::reading::text(&path, crate::reading::URC_BYTES));
            let definition = read.ok().and_then(|text| {
                let mut file: Table = serde_saphyr::from_str(&text).ok()?;
                file.remove(id)
            });
            if let Some(definition @ Value::Table(_)) = definition {
                section.insert("urc".into(), definition);
            }
        }
    }

    /// The piece types, in the file's order.
    pub fn pieces(&self) -> Vec<DraftPiece> {
        let Some(pieces) = self.table.get("pieces").and_then(Value::as_table) else {
            return Vec::new();
        };
        pieces
            .iter()
            .filter_map(|(letter, section)| {
                let letter = letter.chars().next()?;
                let section = section.as_table()?;
                let text = |k: &str| {
                    section
                        .get(k)
                        .and_then(Value::as_str)
                        .unwrap_or_default()
                        .to_string()
                };
                let moves = if section.contains_key("betza") {
                    Moves::Betza(text("betza"))
                } else if section.contains_key("hasinu") {
                    Moves::Hasinu(text("hasinu"))
                } else if let Some(urc) = section.get("urc") {
                    Moves::Urc(urc.as_str().map_or_else(|| urc.to_string(), str::to_string))
                } else {
                    Moves::Classic
                };
                let promotion =
                    section
                        .get("promotion")
                        .and_then(Value::as_table)
                        .map(|p| DraftPromotion {
                            to: p
                                .get("to")
                                .and_then(Value::as_array)
                                .map(|to| to.iter().filter_map(Value::as_str).collect())
                                .unwrap_or_default(),
                            zone: p.get("zone").and_then(Value::as_integer).unwrap_or(1),
                            optional: p.get("optional").and_then(Value::as_bool).unwrap_or(false),
                            captured_only: p
                                .get("captured_only")
                                .and_then(Value::as_bool)
                                .unwrap_or(false),
                        });
                Some(DraftPiece {
                    letter,
                    name: text("name"),
                    moves,
                    royal: section
                        .get("royal")
                        .and_then(Value::as_bool)
                        .unwrap_or(false),
                    promotion,
                    image: text("image"),
                    radius: section
                        .get("radius")
                        .and_then(|v| v.as_float().or_else(|| v.as_integer().map(|i| i as f64))),
                })
            })
            .collect()
    }

    /// Writes `piece` over the piece type with the letter `was` (or adds it), keeping the
    /// keys the editor does not show (its value, its label).
    pub fn set_piece(&mut self, was: Option<char>, piece: &DraftPiece) {
        let continuous = self.is_continuous();
        let pieces = self.section("pieces");
        let mut section = was
            .and_then(|w| pieces.get(&w.to_string()))
            .and_then(|v| v.as_table().cloned())
            .unwrap_or_default();
        section.insert("name".into(), Value::String(piece.name.clone()));
        // A URC piece's moves stay as the file gives them (the editor shows them only).
        if !matches!(piece.moves, Moves::Urc(_)) {
            for key in ["betza", "hasinu", "urc"] {
                section.remove(key);
            }
        }
        match &piece.moves {
            Moves::Betza(text) => {
                section.insert("betza".into(), Value::String(text.clone()));
            }
            Moves::Hasinu(text) => {
                section.insert("hasinu".into(), Value::String(text.clone()));
            }
            Moves::Urc(_) | Moves::Classic => {}
        }
        if piece.royal {
            section.insert("royal".into(), Value::Boolean(true));
        } else {
            section.remove("royal");
        }
        match &piece.promotion {
            Some(p) => {
                // Keys the editor does not show (from_zone) stay as they were.
                let mut t = section
                    .get("promotion")
                    .and_then(Value::as_table)
                    .cloned()
                    .unwrap_or_default();
                t.insert(
                    "to".into(),
                    Value::Array(
                        p.to.chars()
                            .map(|c| Value::String(c.to_ascii_uppercase().to_string()))
                            .collect(),
                    ),
                );
                // A continuous piece promotes on the board's promotion line: the zone and
                // the choice not to promote are grid keys.
                if !continuous {
                    t.insert("zone".into(), Value::Integer(p.zone));
                    t.insert("optional".into(), Value::Boolean(p.optional));
                    if p.captured_only {
                        t.insert("captured_only".into(), Value::Boolean(true));
                    } else {
                        t.remove("captured_only");
                    }
                }
                section.insert("promotion".into(), Value::Table(t));
            }
            None => {
                section.remove("promotion");
            }
        }
        match piece.radius {
            Some(r) if continuous => {
                section.insert("radius".into(), Value::Float(r));
            }
            _ => {
                section.remove("radius");
            }
        }
        if piece.image.trim().is_empty() {
            section.remove("image");
        } else {
            section.insert(
                "image".into(),
                Value::String(piece.image.trim().to_string()),
            );
        }
        // The piece keeps its place in the file, under its new letter if it has one.
        let letter = piece.letter.to_string();
        let old = was
            .map(|w| w.to_string())
            .filter(|w| pieces.contains_key(w));
        match old {
            Some(old) if old != letter => {
                let entries = std::mem::take(pieces);
                for (key, value) in entries {
                    if key == old {
                        pieces.insert(letter.clone(), Value::Table(section.clone()));
                    } else if key != letter {
                        pieces.insert(key, value);
                    }
                }
            }
            _ => {
                pieces.insert(letter, Value::Table(section));
            }
        }
    }

    /// Removes the piece type with this letter.
    pub fn remove_piece(&mut self, letter: char) {
        self.section("pieces").remove(&letter.to_string());
    }

    /// A key of `[rules]`.
    pub fn rule(&self, key: &str) -> Option<&Value> {
        self.table
            .get("rules")
            .and_then(Value::as_table)
            .and_then(|r| r.get(key))
    }

    /// Sets a key of `[rules]`, or removes it (`None`: the default).
    pub fn set_rule(&mut self, key: &str, value: Option<Value>) {
        let rules = self.section("rules");
        match value {
            Some(v) => {
                rules.insert(key.to_string(), v);
            }
            None => {
                rules.remove(key);
            }
        }
    }

    /// A length of a continuous level's `[continuous]` table, in R, if the file gives one.
    pub fn length(&self, key: &str) -> Option<f64> {
        number(self.table.get("continuous")?.as_table()?.get(key)?)
    }

    /// Sets a length of the `[continuous]` table, or removes it (the default then holds).
    pub fn set_length(&mut self, key: &str, value: Option<f64>) {
        let lengths = self.section("continuous");
        match value {
            Some(v) => {
                lengths.insert(key.to_string(), Value::Float(v));
            }
            None => {
                lengths.remove(key);
            }
        }
    }

    /// Whether a continuous level's board is round.
    pub fn round(&self) -> bool {
        self.table
            .get("continuous")
            .and_then(Value::as_table)
            .and_then(|c| c.get("shape"))
            .and_then(Value::as_str)
            == Some("round")
    }

    /// Makes a continuous level's board round, or a rectangle again (the default).
    pub fn set_round(&mut self, round: bool) {
        let c = self.section("continuous");
        if round {
            c.insert("shape".into(), Value::String("round".into()));
        } else {
            c.remove("shape");
        }
    }

    /// The walls or the holes (`key`) of a continuous level; `None` if some entry does not
    /// read (the check says which), so that the editor leaves the list as written.
    pub fn obstacles(&self, key: &str) -> Option<Vec<Obstacle>> {
        let list = self
            .table
            .get("continuous")
            .and_then(Value::as_table)
            .and_then(|c| c.get(key))
            .and_then(Value::as_array);
        list.into_iter()
            .flatten()
            .map(|v| {
                let t = v.as_table()?;
                match (t.get("polygon"), t.get("centre"), t.get("radius")) {
                    (Some(corners), None, None) => {
                        let corners = corners.as_array()?;
                        let corners = corners.iter().map(point).collect::<Option<Vec<_>>>()?;
                        Some(Obstacle::Polygon { corners })
                    }
                    (None, Some(centre), Some(radius)) => Some(Obstacle::Disc {
                        centre: point(centre)?,
                        radius: number(radius)?,
                    }),
                    _ => None,
                }
            })
            .collect()
    }

    /// Sets the walls or the holes (`key`) of a continuous level; none removes the key.
    pub fn set_obstacles(&mut self, key: &str, list: &[Obstacle]) {
        let c = self.section("continuous");
        if list.is_empty() {
            c.remove(key);
            return;
        }
        let xy = |p: &Point| Value::Array(vec![Value::Float(p.x), Value::Float(p.y)]);
        let items = list
            .iter()
            .map(|o| {
                let mut t = Table::new();
                match o {
                    Obstacle::Disc { centre, radius } => {
                        t.insert("centre".into(), xy(centre));
                        t.insert("radius".into(), Value::Float(*radius));
                    }
                    Obstacle::Polygon { corners } => {
                        t.insert(
                            "polygon".into(),
                            Value::Array(corners.iter().map(xy).collect()),
                        );
                    }
                }
                Value::Table(t)
            })
            .collect();
        c.insert(key.to_string(), Value::Array(items));
    }

    /// The setup: a FEN, or a continuous POS.
    pub fn setup(&self) -> String {
        self.rule("setup")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_string()
    }

    /// Sets the setup.
    pub fn set_setup(&mut self, text: &str) {
        self.set_rule("setup", Some(Value::String(text.trim().to_string())));
    }
}

/// A TOML number, integer or float.
fn number(v: &Value) -> Option<f64> {
    v.as_float().or_else(|| v.as_integer().map(|n| n as f64))
}

/// A TOML `[x, y]`.
fn point(v: &Value) -> Option<Point> {
    match v.as_array()?.as_slice() {
        [x, y] => Some(Point::new(number(x)?, number(y)?)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::level::LevelKind;

    #[test]
    fn a_new_grid_level_checks_and_has_a_king_each() {
        for (files, ranks) in [(8, 8), (1, 2), (1, 3), (26, 26), (5, 3)] {
            let draft = Draft::new_grid(files, ranks);
            let level = draft
                .check("new.toml")
                .unwrap_or_else(|e| panic!("{files}×{ranks}: {e}\n{}", draft.to_text()));
            assert_eq!(level.name, "New level");
            assert_eq!(draft.pieces().len(), 1);
        }
    }

    #[test]
    fn a_new_continuous_level_checks_as_continuous() {
        for (files, ranks) in [(8, 8), (6, 6), (12, 5)] {
            let draft = Draft::new_continuous(files, ranks);
            assert!(draft.is_continuous());
            let level = draft
                .check("new.toml")
                .unwrap_or_else(|e| panic!("{files}×{ranks}: {e}\n{}", draft.to_text()));
            assert!(
                matches!(level.kind, LevelKind::Continuous(_)),
                "{}",
                draft.to_text()
            );
        }
    }

    #[test]
    fn a_piece_edited_keeps_what_the_editor_does_not_show() {
        let mut draft = Draft::from_text(
            "name = \"T\"\nmode = \"grid\"\n[board]\nfiles = 8\nranks = 8\n\
             [pieces.K]\nbetza = \"K\"\nroyal = true\n\
             [pieces.A]\nname = \"Archer\"\nbetza = \"B\"\nvalue = 350\nlabel = \"AR\"\n\
             [rules]\nsetup = \"4k3/8/8/8/8/8/8/A3K3 w - - 0 1\"\n",
        )
        .expect("TOML");
        let mut archer = draft
            .pieces()
            .into_iter()
            .find(|p| p.letter == 'A')
            .expect("the archer");
        archer.letter = 'X';
        archer.moves = Moves::Betza("BN".into());
        archer.promotion = None;
        draft.set_piece(Some('A'), &archer);
        draft.set_setup("4k3/8/8/8/8/8/8/X3K3 w - - 0 1");
        let text = draft.to_text();
        assert!(
            text.contains("value = 350") && text.contains("label = \"AR\""),
            "{text}"
        );
        assert!(!text.contains("[pieces.A]"), "{text}");
        let letters: String = draft.pieces().iter().map(|p| p.letter).collect();
        assert_eq!(letters, "KX", "the renamed piece keeps its place");
        let level = draft
            .check("t.toml")
            .unwrap_or_else(|e| panic!("{e}\n{text}"));
        let grid = level.into_grid().expect("grid");
        let x = grid.variant.role_of_letter('X').expect("X");
        assert_eq!(grid.variant[x].betza.to_string(), "BN");
    }

    #[test]
    fn a_continuous_piece_keeps_its_radius_and_checks() {
        let mut draft = Draft::new_continuous(8, 8);
        let queen = DraftPiece {
            letter: 'Q',
            name: "Queen".into(),
            moves: Moves::Betza("Q".into()),
            radius: Some(1.4),
            ..DraftPiece::default()
        };
        draft.set_piece(None, &queen);
        assert!(
            draft.to_text().contains("radius = 1.4"),
            "{}",
            draft.to_text()
        );
        let level = draft
            .check("new.toml")
            .unwrap_or_else(|e| panic!("{e}\n{}", draft.to_text()));
        let board = &level.into_continuous().expect("continuous").board;
        assert_eq!(board.radius(crate::continuous::Kind::QUEEN), 1.4);
        let back = draft.pieces().into_iter().find(|p| p.letter == 'Q');
        assert_eq!(back.and_then(|p| p.radius), Some(1.4));
        // Back to the default: the key goes.
        draft.set_piece(
            Some('Q'),
            &DraftPiece {
                radius: None,
                ..queen
            },
        );
        assert!(!draft.to_text().contains("radius"), "{}", draft.to_text());
    }

    #[test]
    fn a_continuous_piece_given_a_promotion_still_checks() {
        let mut draft = Draft::new_continuous(8, 8);
        let pawn = DraftPiece {
            letter: 'P',
            name: "Pawn".into(),
            moves: Moves::Betza("fmWfcF".into()),
            promotion: Some(DraftPromotion {
                to: "Q".into(),
                zone: 1,
                optional: false,
                captured_only: false,
            }),
            ..DraftPiece::default()
        };
        let queen = DraftPiece {
            letter: 'Q',
            name: "Queen".into(),
            moves: Moves::Betza("Q".into()),
            ..DraftPiece::default()
        };
        draft.set_piece(None, &queen);
        draft.set_piece(None, &pawn);
        draft
            .check("new.toml")
            .unwrap_or_else(|e| panic!("{e}\n{}", draft.to_text()));
        let back = draft.pieces().into_iter().find(|p| p.letter == 'P');
        assert_eq!(
            back.and_then(|p| p.promotion).map(|p| p.to),
            Some("Q".into())
        );
    }

    #[test]
    fn a_round_board_walls_and_holes_set_in_the_editor_check_as_the_level_reads_them() {
        let mut draft = Draft::new_continuous(8, 8);
        assert!(!draft.round() && draft.obstacles("walls") == Some(vec![]));
        let wall = Obstacle::Disc {
            centre: Point::new(11.3, 11.3),
            radius: 1.5,
        };
        let hole = Obstacle::Polygon {
            corners: vec![
                Point::new(3.0, 10.0),
                Point::new(5.0, 10.0),
                Point::new(4.0, 12.0),
            ],
        };
        draft.set_round(true);
        draft.set_obstacles("walls", std::slice::from_ref(&wall));
        draft.set_obstacles("holes", std::slice::from_ref(&hole));
        assert!(draft.round());
        assert_eq!(draft.obstacles("walls"), Some(vec![wall.clone()]));
        assert_eq!(draft.obstacles("holes"), Some(vec![hole.clone()]));
        let board = |draft: &Draft| match draft.check("new.toml").expect("checks").kind {
            LevelKind::Continuous(c) => c.board,
            LevelKind::Grid(_) => panic!("continuous"),
        };
        let round = board(&draft);
        assert!(round.round);
        assert_eq!(round.walls, vec![wall]);
        assert_eq!(round.holes, vec![hole]);
        draft.set_round(false);
        assert!(!board(&draft).round);
        // An entry that does not read leaves the list to the file.
        let mut odd = draft.clone();
        let mut radiusless = Table::new();
        radiusless.insert(
            "centre".into(),
            Value::Array(vec![Value::Integer(1), Value::Integer(2)]),
        );
        odd.section("continuous")
            .insert("walls".into(), Value::Array(vec![Value::Table(radiusless)]));
        assert_eq!(odd.obstacles("walls"), None);
        // None left: the keys go.
        draft.set_obstacles("walls", &[]);
        draft.set_obstacles("holes", &[]);
        assert!(!draft.to_text().contains("walls") && !draft.to_text().contains("holes"));
    }

    #[test]
    fn a_continuous_length_set_and_removed_reads_back() {
        let mut draft = Draft::new_continuous(8, 8);
        assert_eq!(draft.length("king_reach"), None);
        draft.set_length("king_reach", Some(3.5));
        let level = draft.check("new.toml").expect("a level");
        let LevelKind::Continuous(c) = level.kind else {
            panic!("continuous")
        };
        assert_eq!(c.board.king_reach, 3.5);
        assert_eq!(draft.length("king_reach"), Some(3.5));
        draft.set_length("king_reach", None);
        assert_eq!(draft.length("king_reach"), None);
        draft.check("new.toml").expect("still a level");
    }

    #[test]
    fn a_bad_draft_says_what_check_says() {
        let mut draft = Draft::new_grid(8, 8);
        let mut king = draft.pieces()[0].clone();
        king.moves = Moves::Betza("fK-!".into());
        draft.set_piece(Some('K'), &king);
        let e = draft
            .check("new.toml")
            .expect_err("a bad Betza")
            .to_string();
        assert!(e.starts_with("new.toml:"), "{e}");
        assert!(e.contains("betza \"fK-!\""), "{e}");
    }
}
