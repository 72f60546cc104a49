// Shared by the browser modules' unit tests: where the modules are, and the saved views of real
// tables (fixtures/, made by tests/web/js_fixtures.py from the server's own code).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
export const STATIC = join(here, "..", "..", "..", "src", "bones", "web", "static");

export const load = (path) => import(join(STATIC, path));

export function fixture(name) {
  return JSON.parse(readFileSync(join(here, "fixtures", `${name}.json`), "utf8"));
}
