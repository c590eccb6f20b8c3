// The .puz language for CodeMirror: a stream parser (no grammar of its own to keep in step) that reads
// the words of the language from the server (`/api/words`, from grammars/puz.lark's tables), so a
// word added to the grammar is coloured here without a rebuild. It reads tokens as the Pygments lexer
// (cspdsl/tools/highlight.py) does: comments, """boards""", "strings" with their {answers}, members
// (`.rows`), the reserved words by kind, calls, names, numbers, operators.
import {HighlightStyle, StreamLanguage, syntaxHighlighting} from "@codemirror/language";
import {tags} from "@lezer/highlight";

const OPERATOR = /^(\.\.|\/\/|==|!=|<=|>=|[<>=+\-*%|])/;
const PUNCTUATION = /^[()[\]{},:.]/;
const NAME = /^[A-Za-z_][A-Za-z0-9_]*/;

function kinds(words) {
  const kind = new Map();
  for (const word of words.keywords) kind.set(word, "keyword");
  for (const word of words.logic) kind.set(word, "logic");
  for (const word of words.constants) kind.set(word, "bool");
  for (const word of words.relations) kind.set(word, "relation");
  return kind;
}

function inString(stream, state) {
  if (stream.match(/^\{[^{}"]*\}/)) return "placeholder";
  while (!stream.eol()) {
    const next = stream.peek();
    if (next === '"') {
      stream.next();
      state.string = false;
      return "string";
    }
    if (next === "{" && stream.match(/^\{[^{}"]*\}/, false)) return "string";
    stream.next();
  }
  state.string = false; // a string ends at its line's end (as the grammar reads one)
  return "string";
}

function inBlock(stream, state) {
  if (stream.skipTo('"""')) {
    stream.match('"""');
    state.block = false;
  } else {
    stream.skipToEnd();
  }
  return "string";
}

function tokenizer(kind) {
  return (stream, state) => {
    if (state.block) return inBlock(stream, state);
    if (state.string) return inString(stream, state);
    if (stream.eatSpace()) return null;
    if (stream.match("#")) {
      stream.skipToEnd();
      return "comment";
    }
    if (stream.match('"""')) {
      state.block = true;
      return inBlock(stream, state);
    }
    if (stream.match('"')) {
      state.string = true;
      return "string";
    }
    if (state.member && stream.match(/^([A-Za-z_][A-Za-z0-9_]*|[0-9]+)/)) {
      state.member = false;
      return "member";
    }
    state.member = false;
    const word = stream.match(NAME);
    if (word) {
      const found = kind.get(word[0]);
      if (found) return found;
      return stream.match(/^\s*\(/, false) ? "call" : "name";
    }
    if (stream.match(/^[0-9]+/)) return "number";
    if (stream.match(OPERATOR)) return "operator";
    if (stream.match(PUNCTUATION)) {
      state.member = stream.current() === ".";
      return "punctuation";
    }
    stream.next();
    return null;
  };
}

export function puzLanguage(words) {
  return StreamLanguage.define({
    name: "puz",
    startState: () => ({block: false, string: false, member: false}),
    copyState: (state) => ({...state}),
    token: tokenizer(kinds(words)),
    languageData: {commentTokens: {line: "#"}},
    tokenTable: {
      keyword: tags.keyword, logic: tags.logicOperator, bool: tags.bool, relation: tags.operatorKeyword,
      placeholder: tags.special(tags.string), member: tags.propertyName, call: tags.function(tags.variableName),
      name: tags.variableName,
    },
  });
}

// The colours: the keywords and the relation words stand out, each in a colour of its own.
export const puzColours = syntaxHighlighting(HighlightStyle.define([
  {tag: tags.keyword, color: "#1d3fa8", fontWeight: "bold"},
  {tag: tags.operatorKeyword, color: "#a3158f", fontWeight: "bold"},
  {tag: tags.logicOperator, color: "#8a4b00", fontWeight: "bold"},
  {tag: tags.bool, color: "#8a4b00"},
  {tag: tags.comment, color: "#6a737d", fontStyle: "italic"},
  {tag: tags.string, color: "#19703a"},
  {tag: tags.special(tags.string), color: "#0b6e80", fontWeight: "bold"},
  {tag: tags.number, color: "#b3261e"},
  {tag: tags.function(tags.variableName), color: "#6f42c1"},
  {tag: tags.propertyName, color: "#0b6e80"},
  {tag: tags.operator, color: "#555"},
]));
