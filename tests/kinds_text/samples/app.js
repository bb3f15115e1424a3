import express from "express";
import { readFile } from 'node:fs/promises';
const path = require("path");

const app = express();
const PORT = process.env.PORT || 3000;

export function listItems(req, res) {
  const items = [{ name: "a", price: 1 }];
  res.json({ items });
}

class Cache {
  constructor() {
    this.map = new Map();
  }
}

app.get("/items", listItems);
app.listen(PORT, () => console.log(`listening on ${PORT}`));
