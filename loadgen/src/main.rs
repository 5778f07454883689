//! Load generator for senet-server (being written).

fn main() {}
