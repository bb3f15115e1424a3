import { readFile } from "node:fs/promises";

export interface Options {
  path: string;
  strict?: boolean;
}

export async function load({ path, strict = false }: Options): Promise<string[]> {
  const text = await readFile(path, "utf8");
  const lines = text.split(/\r?\n/);
  if (strict && lines.some((l) => l.includes("\t"))) {
    throw new Error("tabs are not allowed");
  }
  return lines;
}
