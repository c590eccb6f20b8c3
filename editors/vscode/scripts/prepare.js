// Before packaging: copy in the files the extension ships but the repository keeps once, elsewhere:
// the TextMate grammar (editors/puz.tmLanguage.json, also read by other editors and the tests) and
// the licence. The copies are git-ignored.
"use strict";

const fs = require("fs");
const path = require("path");

const here = path.join(__dirname, "..");
const copies = [
  [path.join(here, "..", "puz.tmLanguage.json"), path.join(here, "syntaxes", "puz.tmLanguage.json")],
  [path.join(here, "..", "..", "LICENSE"), path.join(here, "LICENSE")],
];

for (const [from, to] of copies) {
  fs.mkdirSync(path.dirname(to), { recursive: true });
  fs.copyFileSync(from, to);
}
