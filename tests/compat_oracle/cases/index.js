const express = require('express');
import { a } from "./a.js";

export function handler(req, res) {
  res.send('ok');
}
function helper() {}
