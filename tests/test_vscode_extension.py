"""The VS Code extension (editors/vscode/): build.sh makes a .vsix whose manifest contributes the
`puz` language, the repository's own TextMate grammar, the two commands and the settings, and whose
code starts `cspdsl lsp`; the extension's node tests pass; and the CLI's located errors are read by
the extension's parser at the place the CLI names."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from helpers import ROOT

EXTENSION = ROOT / "editors" / "vscode"
NODE = shutil.which("node")
NPM = shutil.which("npm")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed (CI has it)")
needs_npm = pytest.mark.skipif(NODE is None or NPM is None, reason="node and npm are not installed (CI has them)")

MISSPELT = 'puzzle "Three houses"\npositions house = 1..3\nattribute pet: cat, dog, fish\ncat same dgo\n'


def build(out: Path) -> Path:
    """Run build.sh into `out` and return the .vsix it names on its last line."""
    done = subprocess.run(["bash", str(EXTENSION / "build.sh"), str(out)], capture_output=True, text=True,
                          timeout=1800)
    assert done.returncode == 0, done.stdout + done.stderr
    vsix = Path(done.stdout.strip().splitlines()[-1])
    assert vsix.parent == out and vsix.name.startswith("cspdsl-") and vsix.suffix == ".vsix"
    return vsix


def check_contributions(manifest: dict) -> None:
    """The language, its extension and configuration, the grammar, the commands and the settings."""
    contributes = manifest["contributes"]
    [language] = contributes["languages"]
    assert language["id"] == "puz" and language["extensions"] == [".puz"]
    [grammar] = contributes["grammars"]
    assert grammar["language"] == "puz" and grammar["scopeName"] == "source.puz"
    titles = {(c["command"], c.get("category"), c["title"]) for c in contributes["commands"]}
    assert ("cspdsl.solve", "cspdsl", "Solve this puzzle") in titles
    assert ("cspdsl.explain", "cspdsl", "Explain") in titles
    settings = contributes["configuration"]["properties"]
    assert settings["cspdsl.path"]["default"] == "cspdsl"
    assert manifest["main"] == "./extension.js"


def check_language_configuration(text: str) -> None:
    """Comments are the grammar's `#` line comments; the brackets are the grammar's three pairs."""
    configuration = json.loads(text)
    assert configuration["comments"] == {"lineComment": "#"}
    assert configuration["brackets"] == [["(", ")"], ["[", "]"], ["{", "}"]]


def packaged_server_command(vsix: zipfile.ZipFile, where: Path) -> dict:
    """What the packaged lib/cli.js starts as the language server for the command `cspdsl`."""
    where.mkdir()
    (where / "cli.js").write_bytes(vsix.read("extension/lib/cli.js"))
    script = "console.log(JSON.stringify(require(process.argv[1]).serverCommand({command: 'cspdsl', args: []})))"
    done = subprocess.run([NODE or "node", "-e", script, str(where / "cli.js")], capture_output=True, text=True,
                          timeout=120, check=True)
    return json.loads(done.stdout)


@needs_npm
def test_the_vsix_carries_the_language_the_grammar_the_commands_and_the_client(tmp_path: Path) -> None:
    vsix_path = build(tmp_path / "dist")
    with zipfile.ZipFile(vsix_path) as vsix:
        names = set(vsix.namelist())
        manifest = json.loads(vsix.read("extension/package.json"))
        check_contributions(manifest)
        grammar = manifest["contributes"]["grammars"][0]["path"].removeprefix("./")
        assert vsix.read(f"extension/{grammar}") == (ROOT / "editors" / "puz.tmLanguage.json").read_bytes()
        configuration = manifest["contributes"]["languages"][0]["configuration"].removeprefix("./")
        check_language_configuration(vsix.read(f"extension/{configuration}").decode())
        extension = vsix.read("extension/extension.js").decode()
        assert 'require("vscode-languageclient/node")' in extension
        assert "cli.serverCommand(" in extension
        assert "extension/node_modules/vscode-languageclient/node.js" in names
        assert packaged_server_command(vsix, tmp_path / "lib") == {"command": "cspdsl", "args": ["lsp"]}
        assert not any(name.startswith(("extension/test/", "extension/scripts/")) for name in names)


@needs_node
def test_the_extensions_node_tests_pass() -> None:
    done = subprocess.run([NODE or "node", "--test", "test/"], cwd=EXTENSION, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "# fail 0" in done.stdout


@needs_node
def test_the_extension_reads_the_clis_located_error_at_its_place(tmp_path: Path) -> None:
    model = tmp_path / "houses.puz"
    model.write_text(MISSPELT, encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    solved = subprocess.run([sys.executable, "-m", "cspdsl", "solve", str(model)], capture_output=True, text=True,
                            env=env, timeout=300)
    assert solved.returncode == 2
    script = ("let s = ''; process.stdin.on('data', d => s += d).on('end', () => "
              "console.log(JSON.stringify(require(process.argv[1]).locatedMessages(s))))")
    read = subprocess.run([NODE or "node", "-e", script, str(EXTENSION / "lib" / "cli.js")], input=solved.stderr,
                          capture_output=True, text=True, timeout=120, check=True)
    [message] = json.loads(read.stdout)
    assert Path(message["file"]) == model
    assert (message["line"], message["column"]) == (3, 9)  # "dgo" on the fourth line, counted from 0
    assert message["severity"] == "error"
    assert message["message"] == "unknown value 'dgo'"
    assert message["hint"] == "did you mean 'dog'?"
