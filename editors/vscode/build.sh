#!/usr/bin/env bash
# Build the VS Code extension: its dependencies from package-lock.json (npm ci), then the .vsix
# (vsce package, whose prepublish step copies in the grammar and the licence). The .vsix goes into
# the folder given as $1, or editors/vscode/dist/; its path is the last line printed.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
out="${1:-$here/dist}"
mkdir -p "$out"
out="$(cd "$out" && pwd)"
cd "$here"
npm ci --no-audit --no-fund --loglevel=error
version="$(node -p 'require("./package.json").version')"
vsix="$out/cspdsl-$version.vsix"
npx --no-install vsce package --out "$vsix" > /dev/null
echo "$vsix"
