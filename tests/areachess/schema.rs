//! The level format's schema: the published JSON Schema is the one the loader checks
//! with, every shipped level passes it, and an independent validator agrees on bad ones.

use crate::support::{root, shipped_levels};
use areachess::level::{self, schema};

/// `levels/schema.json` is what the code writes (run with `AREACHESS_BLESS=1` to rewrite it).
#[test]
fn the_published_schema_is_the_one_the_loader_uses() {
    let path = root().join("levels/schema.json");
    let written = schema::json_schema();
    if std::env::var_os("AREACHESS_BLESS").is_some() {
        std::fs::write(&path, &written).expect("write the schema");
    }
    let on_disk = std::fs::read_to_string(&path).expect("levels/schema.json");
    assert_eq!(
        on_disk, written,
        "levels/schema.json is stale: run AREACHESS_BLESS=1 cargo test schema"
    );
    serde_json::from_str::<serde_json::Value>(&written).expect("the schema is JSON");
}

/// docs/levels.md's reference table is the one the code writes (`AREACHESS_BLESS=1`
/// rewrites the table that starts with the same header).
#[test]
fn the_reference_table_is_the_schemas() {
    let path = root().join("docs/levels.md");
    let mut readme = std::fs::read_to_string(&path).expect("docs/levels.md");
    let table = schema::reference();
    let header = table.lines().next().expect("a header line");
    if std::env::var_os("AREACHESS_BLESS").is_some()
        && let Some(start) = readme.find(header)
    {
        let end = readme[start..]
            .find("\n\n")
            .map_or(readme.len(), |k| start + k + 1);
        readme.replace_range(start..end, &table);
        std::fs::write(&path, &readme).expect("write docs/levels.md");
    }
    assert!(
        readme.contains(&table),
        "docs/levels.md should contain the reference table (AREACHESS_BLESS=1 cargo test schema):\n{table}"
    );
}

struct Validator {
    schemas: boon::Schemas,
    index: boon::SchemaIndex,
}

impl Validator {
    fn new() -> Validator {
        let json: serde_json::Value =
            serde_json::from_str(&schema::json_schema()).expect("the schema is JSON");
        let mut schemas = boon::Schemas::new();
        let mut compiler = boon::Compiler::new();
        compiler
            .add_resource("file:///levels/schema.json", json)
            .expect("a resource");
        let index = compiler
            .compile("file:///levels/schema.json", &mut schemas)
            .expect("the schema compiles");
        Validator { schemas, index }
    }

    /// Whether a level's TOML text passes the JSON Schema.
    fn passes(&self, text: &str) -> Result<(), String> {
        let value: toml::Value = toml::from_str(text).map_err(|e| e.to_string())?;
        let json = serde_json::to_value(&value).map_err(|e| e.to_string())?;
        self.schemas
            .validate(&json, self.index)
            .map_err(|e| format!("{e:#}"))
    }
}

#[test]
fn every_shipped_level_passes_the_json_schema_and_the_loader() {
    let v = Validator::new();
    let levels = shipped_levels();
    assert!(levels.len() >= 15, "{levels:?}");
    for path in levels {
        let text = std::fs::read_to_string(&path).expect("readable");
        v.passes(&text)
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        level::load(&path).unwrap_or_else(|e| panic!("{e}"));
    }
}

const GRID: &str = "name = \"g\"\nmode = \"grid\"\n[board]\nfiles = 8\nranks = 8\n[pieces.K]\nbetza = \"K\"\nroyal = true\n[rules]\nsetup = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n";

#[test]
fn the_json_schema_and_the_loader_refuse_the_same_shapes() {
    let bad = [
        // An unknown key.
        GRID.replace("files = 8", "files = 8\nfile = 8"),
        // A key of the other mode.
        GRID.replace("[rules]", "[continuous]\nking_reach = 3\n[rules]"),
        // A board too large.
        GRID.replace("files = 8", "files = 27"),
        // A wrong type.
        GRID.replace("royal = true", "royal = \"yes\""),
        // No moves for a piece.
        GRID.replace("betza = \"K\"\n", ""),
        // Two ways to give moves.
        GRID.replace("betza = \"K\"", "betza = \"K\"\nhasinu = \"1x8d\""),
        // A piece key that is not a letter.
        GRID.replace("[pieces.K]", "[pieces.KK]"),
        // A grid level without pieces.
        GRID.replace("[pieces.K]\nbetza = \"K\"\nroyal = true\n", ""),
        // A mode that does not exist.
        GRID.replace("\"grid\"", "\"hex\""),
        // A stalemate rule that does not exist.
        GRID.replace("[rules]\n", "[rules]\nstalemate = \"maybe\"\n"),
        // A label that is not letters.
        GRID.replace("royal = true", "royal = true\nlabel = \"K2\""),
    ];
    both_refuse("g.toml", GRID, &bad);
}

/// The JSON Schema and the loader both pass `good` and both refuse each of `bad`.
fn both_refuse(name: &str, good: &str, bad: &[String]) {
    let v = Validator::new();
    assert_eq!(v.passes(good), Ok(()));
    assert!(level::parse(name, good).is_ok());
    for text in bad {
        assert!(v.passes(text).is_err(), "the JSON Schema passes:\n{text}");
        assert!(
            level::parse(name, text).is_err(),
            "the loader passes:\n{text}"
        );
    }
}

const CONTINUOUS: &str = "name = \"c\"\nmode = \"continuous\"\n[board]\nfiles = 8\nranks = 8\n[pieces.A]\nbetza = \"BN\"\npromotion = { to = [\"Q\"] }\n[continuous]\npromotion = [\"A\", \"Q\"]\n[rules]\nsetup = \"4k3/8/8/8/8/8/8/A3K3 w - - 0 1\"\ncastling = { king = \"K\", rook = \"R\" }\n";

#[test]
fn continuous_pieces_pass_both_and_their_grid_only_keys_fail_both() {
    let bad = [
        // A value for the grid's computer opponent.
        CONTINUOUS.replace("betza = \"BN\"", "betza = \"BN\"\nvalue = 800"),
        // Moves in Ħasínū or URC.
        CONTINUOUS.replace("betza = \"BN\"", "hasinu = \"1x8d\""),
        CONTINUOUS.replace("betza = \"BN\"", "urc = \"urc-pieces.yaml#knight\""),
        // A promotion zone, or an optional promotion.
        CONTINUOUS.replace("to = [\"Q\"]", "to = [\"Q\"], zone = 2"),
        CONTINUOUS.replace("to = [\"Q\"]", "to = [\"Q\"], optional = true"),
        // Castling in king steps.
        CONTINUOUS.replace("rook = \"R\"", "rook = \"R\", king_steps = 3"),
        // A piece without moves.
        CONTINUOUS.replace("betza = \"BN\"\n", ""),
    ];
    both_refuse("c.toml", CONTINUOUS, &bad);
}

/// The loader's shape messages take their words from the schema: the keys a table takes in
/// the level's mode, a pattern's words, a union's types, the one way a continuous piece gives
/// its moves.
#[test]
fn shape_problems_are_worded_from_the_schema() {
    let errors = |text: &str| match level::parse("t.toml", text) {
        Ok(_) => Vec::new(),
        Err(e) => e.0.iter().map(ToString::to_string).collect(),
    };
    let cases = [
        (
            GRID.replace("[rules]\n", "[rules]\ncolour = 1\n"),
            vec![
                "t.toml:10:1: unknown key `colour` in [rules]: expected one of setup, castling, stalemate, royal, repetition, move_rule, insufficient_material, bare_king, counting, drops, shogi_drops, captures_to_hand, hand_keeps_promotion, first_rank_drops, pawn_drop_mate, perpetual_check_loses, shuffle, checks, checkmate, flag, extinction, must_capture, no_checks, royal_stays_in_check, draw_odds, double_step, en_passant, explosions, walls, wall_squares, drop_squares, flying_royals, must_drop, bishops_apart, shogi_pawn, pawns_per_file, petrify, san_check_marks, drop_checks, shatar_mate, repetition_loses, first_move_gates",
            ],
        ),
        (
            CONTINUOUS.replace("[rules]\n", "[rules]\ncolour = 1\n"),
            vec!["t.toml:12:1: unknown key `colour` in [rules]: expected one of setup, castling"],
        ),
        (
            CONTINUOUS.replace("[\"A\", \"Q\"]", "[\"A\", \"QQ\"]"),
            vec!["t.toml:10:19: `continuous.promotion[1]` = \"QQ\": expected one piece letter"],
        ),
        (
            GRID.replace("royal = true", "royal = true\nimage = \"Royal King\""),
            vec![
                "t.toml:9:9: `pieces.K.image` = \"Royal King\": expected a shipped picture's name (lower case, words joined by '-') or an .svg file",
            ],
        ),
        (
            GRID.replace("betza = \"K\"", "urc = 3"),
            vec![
                "t.toml:7:7: `pieces.K.urc`: expected a string or a table, found integer",
                "t.toml:6:1: [pieces.K] needs its moves: one of `betza`, `hasinu` or `urc`",
            ],
        ),
        (
            CONTINUOUS.replace("betza = \"BN\"\n", ""),
            vec!["t.toml:6:1: [pieces.A] needs its moves: `betza`"],
        ),
        (
            GRID.replace(
                "betza = \"K\"",
                "betza = \"K\"\nhasinu = \"1x8d\"\nurc = \"x.yaml#k\"",
            ),
            vec!["t.toml:6:1: [pieces.K] gives its moves 3 ways (betza, hasinu, urc): keep one"],
        ),
        (
            GRID.replace("[rules]\nsetup = \"4k3/8/8/8/8/8/8/4K3 w - - 0 1\"\n", ""),
            vec!["t.toml:1:1: the level needs a [rules] table: The setup and rules."],
        ),
    ];
    for (text, expected) in cases {
        assert_eq!(errors(&text), expected, "{text}");
    }
}

/// One random edit of a text: delete, insert, duplicate or swap lines.
#[derive(Clone, Debug)]
enum Edit {
    Delete(usize, usize),
    Insert(usize, String),
    DuplicateLine(usize),
    SwapLines(usize, usize),
}

fn edit() -> impl proptest::strategy::Strategy<Value = Edit> {
    use proptest::prelude::*;
    let pieces = prop::sample::select(vec![
        "[",
        "]",
        "=",
        "\n",
        "{",
        "}",
        "#",
        ",",
        ".",
        "-",
        "0",
        "9",
        "27",
        "-1",
        "1e309",
        "\"",
        "'",
        "×",
        "é",
        "K",
        "q",
        "n",
        "(",
        ")",
        "|",
        "true",
        "[pieces.Z]\n",
        "[rules]\n",
        "betza = \"",
        "hasinu = \"",
        "urc = \"",
        "setup = \"8/8 w",
        "mode = \"grid\"\n",
        "zone = 0",
        "to = []",
        "king_steps = 99",
        "files = 26",
        "\\u0000",
    ]);
    prop_oneof![
        (any::<usize>(), 0usize..12).prop_map(|(at, n)| Edit::Delete(at, n)),
        (any::<usize>(), pieces).prop_map(|(at, s)| Edit::Insert(at, s.to_string())),
        any::<usize>().prop_map(Edit::DuplicateLine),
        (any::<usize>(), any::<usize>()).prop_map(|(a, b)| Edit::SwapLines(a, b)),
    ]
}

fn apply(text: &str, e: &Edit) -> String {
    let boundary = |at: usize| {
        let mut at = at % (text.len() + 1);
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        at
    };
    match e {
        Edit::Delete(at, n) => {
            let a = boundary(*at);
            let b = boundary((a + n).min(text.len()));
            format!("{}{}", &text[..a], &text[b.max(a)..])
        }
        Edit::Insert(at, s) => {
            let a = boundary(*at);
            format!("{}{s}{}", &text[..a], &text[a..])
        }
        Edit::DuplicateLine(n) => {
            let mut lines: Vec<&str> = text.lines().collect();
            if !lines.is_empty() {
                let k = n % lines.len();
                lines.insert(k, lines[k]);
            }
            lines.join("\n")
        }
        Edit::SwapLines(a, b) => {
            let mut lines: Vec<&str> = text.lines().collect();
            if !lines.is_empty() {
                let (a, b) = (a % lines.len(), b % lines.len());
                lines.swap(a, b);
            }
            lines.join("\n")
        }
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig {
        cases: 256,
        ..proptest::prelude::ProptestConfig::default()
    })]

    /// Random edits of shipped levels never panic the loader, and every error it reports
    /// lies inside the text.
    #[test]
    fn mutated_levels_never_panic_the_loader(
        which in proptest::prelude::any::<usize>(),
        edits in proptest::collection::vec(edit(), 1..6),
    ) {
        let levels = shipped_levels();
        let path = &levels[which % levels.len()];
        let mut text = std::fs::read_to_string(path).expect("readable");
        for e in &edits {
            text = apply(&text, e);
        }
        let lines = text.split('\n').count();
        if let Err(errors) = level::parse("m.toml", &text) {
            proptest::prop_assert!(!errors.0.is_empty());
            for e in &errors.0 {
                proptest::prop_assert!(e.span.line >= 1 && e.span.line <= lines, "{}", e);
                proptest::prop_assert!(e.span.column >= 1, "{}", e);
            }
        }
    }
}

/// The saved-game format's schema (`levels/saved-game.schema.json`, written by hand): every
/// shipped demonstration passes it, and it refuses what the loader refuses in shape.
#[test]
fn every_demonstration_passes_the_saved_game_schema() {
    let path = root().join("levels/saved-game.schema.json");
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).expect("the schema")).expect("JSON");
    let mut schemas = boon::Schemas::new();
    let mut compiler = boon::Compiler::new();
    compiler
        .add_resource("file:///levels/saved-game.schema.json", json)
        .expect("a resource");
    let index = compiler
        .compile("file:///levels/saved-game.schema.json", &mut schemas)
        .expect("the schema compiles");
    let passes = |text: &str| -> Result<(), String> {
        let value: toml::Value = toml::from_str(text).map_err(|e| e.to_string())?;
        let json = serde_json::to_value(&value).map_err(|e| e.to_string())?;
        schemas.validate(&json, index).map_err(|e| format!("{e:#}"))
    };
    let mut demos: Vec<_> = std::fs::read_dir(root().join("levels/demos"))
        .expect("levels/demos")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "toml"))
        .collect();
    demos.sort();
    assert!(demos.len() >= 20, "{demos:?}");
    let mut sample = String::new();
    for demo in &demos {
        let text = std::fs::read_to_string(demo).expect("readable");
        passes(&text).unwrap_or_else(|e| panic!("{}: {e}", demo.display()));
        if text.contains("[game.captions]") && sample.is_empty() {
            sample = text;
        }
    }
    let with_players = format!("{sample}\n[players]\nwhite = \"human\"\nblack = \"computer:3\"\n");
    assert_eq!(passes(&with_players), Ok(()));
    for bad in [
        sample.replace("[game.captions]\n0 = ", "[game.captions]\nstart = "),
        format!("{sample}\n[players]\nwhite = \"computer:7\"\n"),
        format!("{sample}\n[players]\ngreen = \"human\"\n"),
        sample.replace("format = 1", "format = 2"),
    ] {
        assert!(passes(&bad).is_err(), "passed:\n{bad}");
        assert!(
            areachess::record::save::parse("bad.toml", &bad).is_err(),
            "the loader refuses it too"
        );
    }
}
