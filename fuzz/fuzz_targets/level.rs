//! Fuzzes the level loader and the saved-game reader: any text either loads or fails with
//! errors placed inside it (line and column within the text), never a panic.
#![no_main]

use areachess::level;
use areachess::record::save;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let lines = text.split('\n').count();
    if let Err(errors) = level::parse("fuzz.toml", text) {
        assert!(!errors.0.is_empty());
        for e in &errors.0 {
            assert!(e.span.line >= 1 && e.span.line <= lines, "{e}");
            assert!(e.span.column >= 1, "{e}");
        }
    }
    let _ = save::parse("fuzz.save.toml", text);
});
