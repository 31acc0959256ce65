//! What a command or the window reports when it cannot go on: a message for stderr and the
//! process's exit code. The layers above turn their errors into one (a level's errors:
//! `impl From<LevelErrors> for Failure` in `level`).

/// A failure: what to print on stderr and the exit code.
#[derive(Debug, PartialEq, Eq)]
pub struct Failure {
    /// Exit code: 1 for invalid levels (`check`), 2 for unreadable input.
    pub code: u8,
    /// The message.
    pub message: String,
}

impl Failure {
    /// Input that cannot be used (exit code 2).
    pub fn input(message: impl Into<String>) -> Self {
        Failure {
            code: 2,
            message: message.into(),
        }
    }

    /// Output that cannot be written.
    pub fn write(error: std::io::Error) -> Self {
        Failure::input(format!("cannot write: {error}"))
    }
}
