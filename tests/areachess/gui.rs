//! The real app in a real window: run under Xvfb with a software renderer, screenshots
//! taken through Bevy and checked pixel by pixel. `#[ignore]`d in a plain `cargo test`;
//! `.ci/run` runs them with `xvfb-run cargo test -- --ignored`.

use std::path::{Path, PathBuf};
use std::process::Command;

/// An RGB image read from a PNG.
pub struct Shot {
    pub width: usize,
    pub height: usize,
    pixels: Vec<u8>,
}

impl Shot {
    fn read(path: &Path) -> Shot {
        let file = std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let decoder = png::Decoder::new(std::io::BufReader::new(file));
        let mut reader = decoder.read_info().expect("a PNG");
        let mut pixels = vec![0; reader.output_buffer_size().expect("a size")];
        let info = reader.next_frame(&mut pixels).expect("a frame");
        assert_eq!(info.color_type, png::ColorType::Rgb, "the app saves RGB");
        pixels.truncate(info.buffer_size());
        Shot {
            width: info.width as usize,
            height: info.height as usize,
            pixels,
        }
    }

    pub fn at(&self, x: usize, y: usize) -> [u8; 3] {
        let i = (y * self.width + x) * 3;
        [self.pixels[i], self.pixels[i + 1], self.pixels[i + 2]]
    }

    /// The smallest box holding every pixel `keep` accepts.
    pub fn bounds(&self, keep: impl Fn([u8; 3]) -> bool) -> Option<(usize, usize, usize, usize)> {
        let mut b: Option<(usize, usize, usize, usize)> = None;
        for y in 0..self.height {
            for x in 0..self.width {
                if keep(self.at(x, y)) {
                    b = Some(match b {
                        None => (x, y, x, y),
                        Some((x0, y0, x1, y1)) => (x0.min(x), y0.min(y), x1.max(x), y1.max(y)),
                    });
                }
            }
        }
        b
    }

    /// The share of pixels in a ring around (x, y) that `keep` accepts.
    pub fn ring_share(
        &self,
        x: f32,
        y: f32,
        r0: f32,
        r1: f32,
        keep: impl Fn([u8; 3]) -> bool,
    ) -> f32 {
        let (mut n, mut yes) = (0, 0);
        for k in 0..72 {
            let a = k as f32 * std::f32::consts::TAU / 72.0;
            for r in [r0, (r0 + r1) / 2.0, r1] {
                let (px, py) = ((x + r * a.cos()).round(), (y + r * a.sin()).round());
                if px >= 0.0
                    && py >= 0.0
                    && (px as usize) < self.width
                    && (py as usize) < self.height
                {
                    n += 1;
                    yes += usize::from(keep(self.at(px as usize, py as usize)));
                }
            }
        }
        yes as f32 / n.max(1) as f32
    }
}

/// Whether a colour is within `tolerance` of `target` on every channel.
pub fn near(c: [u8; 3], target: [u8; 3], tolerance: u8) -> bool {
    c.iter()
        .zip(target)
        .all(|(&a, b)| a.abs_diff(b) <= tolerance)
}

/// The board's two square colours (sRGB of the app's light and dark squares).
pub fn board_colour(c: [u8; 3]) -> bool {
    near(c, [237, 227, 204], 6) || near(c, [214, 199, 168], 6)
}

/// Runs the app with `args`, then `--screenshot` into a fresh file; returns the image.
pub fn screenshot(name: &str, args: &[&str]) -> Shot {
    let path: PathBuf =
        std::env::temp_dir().join(format!("areachess-gui-{}-{name}.png", std::process::id()));
    let _ = std::fs::remove_file(&path);
    let out = Command::new(env!("CARGO_BIN_EXE_areachess"))
        .args(args)
        .arg("--screenshot")
        .arg(&path)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the app runs");
    assert!(
        out.status.success(),
        "{args:?} exited {:?}:\n{}",
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
    let shot = Shot::read(&path);
    let _ = std::fs::remove_file(&path);
    shot
}

#[test]
#[ignore = "needs a display: run under xvfb-run (see .ci/run)"]
fn the_continuous_board_shows_its_squares_and_both_armies() {
    let shot = screenshot("continuous", &["play", "levels/area-of-competence.toml"]);
    assert_eq!((shot.width, shot.height), (1100, 760), "the window's size");
    // The board: a square of board colours left of the panel.
    let (x0, y0, x1, y1) = shot.bounds(board_colour).expect("board colours on screen");
    let (w, h) = ((x1 - x0 + 1) as f32, (y1 - y0 + 1) as f32);
    assert!((w - h).abs() <= 2.0, "an 8×8 board is square: {w}×{h}");
    assert!(
        w > 500.0 && (x1 as f32) < 1100.0 - 290.0,
        "left of the panel: {x0}..{x1}"
    );
    let square = w / 8.0;
    // A disc's radius is R, a square 2√2 R.
    let r = square / (2.0 * std::f32::consts::SQRT_2);
    let centre = |file: usize, rank: usize| {
        (
            x0 as f32 + (file as f32 + 0.5) * square,
            y1 as f32 + 1.0 - (rank as f32 + 0.5) * square,
        )
    };
    let white = |c: [u8; 3]| near(c, [248, 248, 243], 12);
    let black = |c: [u8; 3]| near(c, [31, 31, 36], 12);
    for file in 0..8 {
        for (rank, side) in [
            (0, white as fn([u8; 3]) -> bool),
            (1, white),
            (6, black),
            (7, black),
        ] {
            let (x, y) = centre(file, rank);
            let share = shot.ring_share(x, y, 0.72 * r, 0.9 * r, side);
            assert!(
                share > 0.9,
                "a disc of its side on file {file} rank {rank}: {share}"
            );
        }
        for rank in 2..6 {
            let (x, y) = centre(file, rank);
            let share = shot.ring_share(x, y, 0.2 * r, 0.9 * r, board_colour);
            assert!(
                share > 0.95,
                "an empty square on file {file} rank {rank}: {share}"
            );
        }
    }
}
