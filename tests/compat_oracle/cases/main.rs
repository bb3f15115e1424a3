use std::io;

pub fn parse(s: &str) -> u32 {
    s.len() as u32
}

fn main() {
    let x = parse("abc");
    println!("{}", x);
}
