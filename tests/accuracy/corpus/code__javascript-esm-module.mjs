import fs from "node:fs/promises";
import path from "node:path";

export async function listMarkdown(dir) {
  const entries = await fs.readdir(dir, { withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith(".md"))
    .map((e) => path.join(dir, e.name));
}

export default listMarkdown;
