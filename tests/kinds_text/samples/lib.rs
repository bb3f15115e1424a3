use std::collections::HashMap;
use std::io::{self, Read};

pub const MAX_ITEMS: usize = 100;

pub struct Store {
    items: HashMap<String, f64>,
}

impl Store {
    pub fn new() -> Self {
        Store { items: HashMap::new() }
    }

    pub fn insert(&mut self, name: &str, price: f64) {
        self.items.insert(name.to_string(), price);
    }
}

fn read_all() -> io::Result<String> {
    let mut buf = String::new();
    io::stdin().read_to_string(&mut buf)?;
    Ok(buf)
}
