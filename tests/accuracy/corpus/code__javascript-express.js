const express = require("express");
const morgan = require("morgan");

const app = express();
app.use(express.json());
app.use(morgan("tiny"));

const items = new Map();

app.get("/items/:id", (req, res) => {
  const item = items.get(req.params.id);
  if (!item) {
    return res.status(404).json({ error: "not found" });
  }
  res.json(item);
});

app.post("/items", (req, res) => {
  const id = String(items.size + 1);
  items.set(id, { id, ...req.body });
  res.status(201).json(items.get(id));
});

app.listen(3000, () => console.log("listening on :3000"));
