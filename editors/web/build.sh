#!/bin/sh
# Builds the editor of the page of `cspdsl serve` (CodeMirror 6 and the .puz mode of src/) into one
# minified file, cspdsl/serve/static/editor.js, which is committed and shipped in the wheel: the page
# needs no network and no npm at run time, and CI needs neither.
#
# To rebuild it (after changing src/ or the versions in package.json), from any folder:
#
#     editors/web/build.sh
#
# It needs node (20 or later) and npm, and installs exactly the versions of package-lock.json
# (`npm ci`, into editors/web/node_modules, which git ignores). The same sources and lock give the
# same bytes: commit the rebuilt editor.js with the change that made it.
set -eu
cd "$(dirname "$0")"
npm ci --no-audit --no-fund --silent
OUT=../../cspdsl/serve/static/editor.js
./node_modules/.bin/esbuild src/editor.js --bundle --minify --format=iife --global-name=cspdslEditor \
    --target=es2020 --charset=utf8 --legal-comments=none \
    --banner:js="/* cspdsl's editor: built by editors/web/build.sh from editors/web/src. Includes CodeMirror 6 (MIT, (c) Marijn Haverbeke and others) and its dependencies (MIT). */" \
    --outfile="$OUT"
wc -c "$OUT"
