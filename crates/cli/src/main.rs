//! The `wari` command.

fn main() {}
