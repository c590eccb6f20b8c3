// The editor of the page of `cspdsl serve`: CodeMirror 6 with the .puz colours (puz.js), the model's
// errors underlined as it is typed (CodeMirror's lint, fed by the page's check of the model), and
// marks the page sets on the text: the clues of a conflict, the clues of an explanation's step (their
// lines too). Marks go when the text changes. The bundle defines one global, `cspdslEditor`.
//
// The editor lives in a shadow root of its element: there CodeMirror adds its styles as constructed
// style sheets, which the page's Content-Security-Policy (style-src 'self': no <style> element)
// allows; its looks are therefore set here (`looks`), not in the page's style.css.
import {defaultKeymap, history, historyKeymap, indentWithTab} from "@codemirror/commands";
import {bracketMatching} from "@codemirror/language";
import {linter} from "@codemirror/lint";
import {EditorState, StateEffect, StateField} from "@codemirror/state";
import {
  Decoration, EditorView, drawSelection, highlightActiveLine, highlightSpecialChars, keymap, lineNumbers, placeholder,
} from "@codemirror/view";
import {puzColours, puzLanguage} from "./puz.js";

const CHECK_DELAY = 400; // ms after the last key before the model is checked

// A range of the text as the server gives one (1-based line and column, the end exclusive) as offsets.
function offsets(doc, range) {
  const at = (line, column) => {
    const found = doc.line(Math.min(Math.max(line, 1), doc.lines));
    return Math.min(found.from + Math.max(column, 1) - 1, found.to);
  };
  const from = at(range.line, range.column);
  const to = at(range.end_line || range.line, range.end_column || range.column + 1);
  return to > from ? {from, to} : {from, to: Math.min(from + 1, doc.length)};
}

const setMarks = StateEffect.define();

const marks = StateField.define({
  create: () => Decoration.none,
  update(value, transaction) {
    if (transaction.docChanged) value = Decoration.none;
    for (const effect of transaction.effects) if (effect.is(setMarks)) value = effect.value;
    return value;
  },
  provide: (field) => EditorView.decorations.from(field),
});

function decorations(doc, ranges, kind) {
  const found = [];
  const lines = new Set();
  for (const range of ranges) {
    if (!range.line) continue;
    const {from, to} = offsets(doc, range);
    for (let n = doc.lineAt(from).number; n <= doc.lineAt(to).number; n++) lines.add(n);
    if (to > from) found.push(Decoration.mark({class: `cm-${kind}`}).range(from, to));
  }
  if (kind === "step") {
    for (const n of lines) found.push(Decoration.line({class: "cm-step-line"}).range(doc.line(n).from));
  }
  return Decoration.set(found, true);
}

function diagnostic(doc, problem, severity) {
  const {from, to} = offsets(doc, problem);
  return {
    from, to, severity, message: problem.message,
    renderMessage() {
      const box = document.createElement("div");
      const message = document.createElement("div");
      message.className = "cm-problem-message";
      message.textContent = problem.message;
      box.append(message);
      if (problem.hint) {
        const hint = document.createElement("div");
        hint.className = "cm-problem-hint";
        hint.textContent = `hint: ${problem.hint}`;
        box.append(hint);
      }
      return box;
    },
  };
}

// `check(text)` answers {error, warnings}: the model's error and warnings, each with its place when it has one.
function checking(check) {
  return linter(async (view) => {
    const doc = view.state.doc;
    const {error, warnings} = await check(doc.toString());
    const placed = (problem) => problem && problem.line;
    return [
      ...(placed(error) ? [diagnostic(doc, error, "error")] : []),
      ...(warnings || []).filter(placed).map((warning) => diagnostic(doc, warning, "warning")),
    ];
  }, {delay: CHECK_DELAY});
}

const looks = EditorView.theme({
  "&": {height: "100%", backgroundColor: "#fff"},
  "&.cm-focused": {outline: "2px solid #7aa7e0"},
  ".cm-scroller": {fontFamily: "ui-monospace, Menlo, Consolas, monospace", fontSize: "14px", lineHeight: "1.45"},
  ".cm-clue": {backgroundColor: "#fff1b8", textDecoration: "underline #b80"},
  ".cm-step": {backgroundColor: "#ffe38a"},
  ".cm-step-line": {backgroundColor: "#fff8dc"},
  // The underlines as text decorations: lint's own are data: images, which the page's policy refuses.
  ".cm-lintRange-error": {backgroundImage: "none", textDecoration: "underline wavy #d00", backgroundColor: "#ffe4e4"},
  ".cm-lintRange-warning": {backgroundImage: "none", textDecoration: "underline wavy #c80"},
  ".cm-problem-message": {fontWeight: "bold"},
  ".cm-problem-hint": {color: "#054"},
});

export function create(parent, {words, check, onChange}) {
  const root = parent.attachShadow({mode: "open"});
  const view = new EditorView({
    root,
    parent: root,
    state: EditorState.create({
      extensions: [
        lineNumbers(), highlightSpecialChars(), history(), drawSelection(), highlightActiveLine(), bracketMatching(),
        keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
        puzLanguage(words), puzColours, looks, marks, checking(check), placeholder("Write a model, or open an example"),
        EditorView.contentAttributes.of({"aria-label": "the model", spellcheck: "false"}),
        EditorView.updateListener.of((update) => {
          if (update.docChanged && !update.transactions.some((t) => t.isUserEvent("page"))) onChange();
        }),
      ],
    }),
  });
  return {
    view,
    text: () => view.state.doc.toString(),
    setText(text) {
      view.dispatch({changes: {from: 0, to: view.state.doc.length, insert: text}, userEvent: "page"});
    },
    // The clues to mark ("clue": a conflict's; "step": a step's, their lines shown and scrolled to).
    mark(ranges, kind) {
      const set = decorations(view.state.doc, ranges, kind);
      const first = ranges.find((range) => range.line);
      const effects = [setMarks.of(set)];
      if (first && kind === "step") {
        effects.push(EditorView.scrollIntoView(offsets(view.state.doc, first).from, {y: "center"}));
      }
      view.dispatch({effects});
    },
  };
}
