//! The command's one error type: bad input (exit status 2), output that
//! could not be written or a failed check (exit status 1).

use std::fmt;
use std::io;

/// Why a subcommand failed. Displayed after `wari: error: ` as one line.
#[derive(Debug)]
pub enum Error {
    /// The input (a rules string, position, move or number) is wrong.
    Input(String),
    /// Writing to stdout failed.
    Output(io::Error),
    /// A check found a fault (`wari egdb verify`): exit status 1.
    Check(String),
}

impl Error {
    /// An input error; line breaks are flattened so the message stays one
    /// line.
    pub fn input(message: impl fmt::Display) -> Error {
        Error::Input(message.to_string().replace(['\n', '\r'], " "))
    }

    /// The exit status: 2 for bad input, as clap uses for usage errors.
    pub fn status(&self) -> u8 {
        match self {
            Error::Input(_) => 2,
            Error::Output(_) | Error::Check(_) => 1,
        }
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Input(message) => f.write_str(message),
            Error::Output(e) => write!(f, "cannot write the output: {e}"),
            Error::Check(message) => f.write_str(message),
        }
    }
}

impl From<io::Error> for Error {
    fn from(e: io::Error) -> Error {
        Error::Output(e)
    }
}
