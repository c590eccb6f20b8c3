// The page of `cspdsl serve`. Everything that comes from a model (its text, names, answers, errors) is
// put into the page as text (textContent, option values), never as HTML; pictures are shown as images
// (an SVG in an <img> runs no script).
"use strict";

const $ = (id) => document.getElementById(id);
let checkSeq = 0;
let running = null; // {job, controller} of the task under way
let modelName = "model.puz";
let editor = null; // the CodeMirror editor (editor.js, built from editors/web/)
let steps = []; // the steps of an explanation, as they came
let shownStep = 0; // the step on the board (1-based), 0 for none
let stepPicture = null; // the object URL of the board shown

function post(path, body, signal) {
  return fetch(path, {method: "POST", headers: {"Content-Type": "application/json"},
                      body: JSON.stringify(body), signal});
}

function showProblem(error) {
  if (!error) {
    $("problem").hidden = true;
    return;
  }
  $("problem").hidden = false;
  $("problem-message").textContent = (error.line ? `line ${error.line}, column ${error.column}: ` : "") + error.message;
  $("problem-hint").textContent = error.hint ? `hint: ${error.hint}` : "";
  $("problem-text").textContent = error.text || "";
}

function params() {
  const found = {};
  for (const pair of $("params").value.split(/[\s,]+/).filter(Boolean)) {
    const [name, ...rest] = pair.split("=");
    const value = rest.join("=");
    found[name] = /^-?\d+$/.test(value) ? Number(value) : value;
  }
  return found;
}

function request(action) {
  const timeout = parseFloat($("timeout").value);
  return {action, model: editor.text(), name: modelName, params: params(),
          backend: $("backend").value || null, timeout: Number.isFinite(timeout) ? timeout : null};
}

// The model checked as it is typed (the editor asks, a moment after the last key): its error in the
// panel under the editor, and with its warnings handed back for the editor to underline.
async function check(text) {
  const seq = ++checkSeq;
  let response, answer;
  try {
    response = await post("/api/check", {...request("check"), model: text});
    answer = await response.json();
  } catch (error) {
    return {error: null, warnings: []};
  }
  const error = answer.type === "error" || !response.ok ? answer.error : null;
  if (seq === checkSeq) showProblem(error); // else the text changed since
  return {error, warnings: answer.warnings || []};
}

// A task's events, one JSON object a line, as they come.
async function* events(response) {
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    const {value, done} = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, {stream: true});
    let newline;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const line = buffered.slice(0, newline);
      buffered = buffered.slice(newline + 1);
      if (line.trim()) yield JSON.parse(line);
    }
  }
}

function clearResults() {
  for (const img of document.querySelectorAll("#pictures img")) URL.revokeObjectURL(img.src);
  $("answers").replaceChildren();
  $("pictures").replaceChildren();
  $("explanation").hidden = true;
  $("explanation").textContent = "";
  steps = [];
  showStep(0);
  $("comparison").hidden = true;
  $("comparison-title").textContent = "";
  $("comparison").querySelector("thead tr").replaceChildren();
  $("comparison").querySelector("tbody").replaceChildren();
}

// An explanation's steps, played one at a time: the board after the step, the values it found set
// apart, and its clues marked in the editor (their lines too).
function showStep(number) {
  if (stepPicture) URL.revokeObjectURL(stepPicture);
  stepPicture = null;
  shownStep = number;
  $("stepper").hidden = number === 0;
  if (number === 0) return;
  const step = steps[number - 1];
  $("step-count").textContent = `step ${number} of ${step.of}`;
  $("previous").disabled = number <= 1;
  $("next").disabled = number >= steps.length;
  const clues = step.clues.length === 1 ? "the clue" : "the clues";
  const words = [
    step.givens ? "The givens:" : `From ${clues} on ${lines(step.clues)}${step.used.length ? `, with ${step.used.join(", ")}` : ""}:`,
    step.derived.join(", "),
    step.found.length ? `Now known: ${step.found.join(", ")}` : "",
  ];
  $("step-words").replaceChildren(...words.filter(Boolean).map((line) => {
    const div = document.createElement("div");
    div.textContent = line;
    return div;
  }));
  const board = $("step-board");
  board.dataset.known = step.known;
  board.dataset.step = number;
  if (step.svg) {
    stepPicture = URL.createObjectURL(new Blob([step.svg], {type: "image/svg+xml"}));
    board.src = stepPicture;
    board.hidden = false;
  } else {
    board.removeAttribute("src");
    board.hidden = true;
  }
  editor.mark(step.clues, "step");
}

function lines(clues) {
  const numbers = [...new Set(clues.filter((clue) => clue.line).map((clue) => clue.line))];
  if (numbers.length === 0) return "the model";
  return (numbers.length === 1 ? "line " : "lines ") + numbers.join(", ");
}

function showComparison(event) {
  $("comparison").hidden = false;
  $("comparison-title").textContent = event.title;
  $("comparison").querySelector("thead tr").replaceChildren(...event.headers.map((header) => cell("th", header)));
  $("comparison").querySelector("tbody").replaceChildren(...event.rows.map((cells) => {
    const row = document.createElement("tr");
    row.append(...cells.map((words) => cell("td", words)));
    return row;
  }));
}

function cell(kind, words) {
  const found = document.createElement(kind);
  found.textContent = words;
  return found;
}

function addSolution(event) {
  for (const words of event.answers) {
    const item = document.createElement("li");
    item.textContent = words;
    $("answers").append(item);
  }
  const figure = document.createElement("figure");
  const img = document.createElement("img");
  img.alt = `solution ${event.index}`;
  img.src = URL.createObjectURL(new Blob([event.svg], {type: "image/svg+xml"}));
  const caption = document.createElement("figcaption");
  caption.textContent = `solution ${event.index}`;
  figure.append(img, caption);
  $("pictures").append(figure);
}

function statusLine(event, action) {
  const found = event.found ?? 0;
  const noun = found === 1 ? "solution" : "solutions";
  const words = {
    solved: action === "solve" ? (event.unique ? "solved: the solution is unique" : event.unique === false
      ? "solved: more than one solution" : "solved") : `${event.count ?? found} ${noun}`,
    optimal: "optimal", feasible: "the best found (not proved optimal)", unsatisfiable: "no solution",
    timeout: `time limit reached: ${found} ${noun} found`, stopped: `stopped: ${found} ${noun} found`,
    gave_up: "the local search gave up", ok: "ok", unique: "explained: the solution is unique",
    not_unique: "explained: more than one solution", declarations: "no solution: the declarations contradict each other",
  };
  if (action === "compare" && event.status === "ok") return "compared: the backends agree";
  const text = event.timed_out ? `time limit reached: ${found} ${noun} found` : words[event.status] ?? event.status;
  return event.backend ? `${text} (backend ${event.backend})` : text;
}

async function run(action) {
  if (running) return;
  clearResults();
  const controller = new AbortController();
  running = {job: null, controller};
  setRunning(true);
  $("status").textContent = "running…";
  try {
    const response = await post("/api/run", request(action), controller.signal);
    if (!response.ok) {
      const answer = await response.json();
      $("status").textContent = answer.error.message;
      return;
    }
    for await (const event of events(response)) handle(event, action);
  } catch (error) {
    if (error.name !== "AbortError") $("status").textContent = `the server did not answer: ${error.message}`;
  } finally {
    running = null;
    setRunning(false);
  }
}

function handle(event, action) {
  if (event.type === "started") {
    running.job = event.job;
  } else if (event.type === "solution") {
    addSolution(event);
    $("status").textContent = `running… ${event.index} found`;
  } else if (event.type === "progress") {
    $("status").textContent = event.text ? `running… ${event.text}` : `running… ${event.found} found`;
  } else if (event.type === "explanation") {
    $("explanation").hidden = false;
    $("explanation").textContent = event.text;
    const clues = event.data.conflict || event.data.minimal;
    if (clues) editor.mark(clues, "clue");
  } else if (event.type === "step") {
    steps.push(event);
    if (shownStep === 0) showStep(1);
    else $("next").disabled = shownStep >= steps.length;
  } else if (event.type === "comparison") {
    showComparison(event);
  } else if (event.type === "error") {
    $("status").textContent = "error";
    showProblem(event.error);
  } else if (event.type === "done") {
    $("status").textContent = statusLine(event, action) + (event.message ? ` (${event.message})` : "");
  }
}

function setRunning(on) {
  for (const button of document.querySelectorAll("#buttons button[data-action]")) button.disabled = on;
  $("stop").disabled = !on;
}

async function stop() {
  if (!running) return;
  if (running.job) {
    await post("/api/stop", {job: running.job});
  } else {
    running.controller.abort();
  }
}

async function openExample(name) {
  if (!name) return;
  const response = await fetch(`/api/example?name=${encodeURIComponent(name)}`);
  const answer = await response.json();
  if (!response.ok) {
    $("status").textContent = answer.error.message;
    return;
  }
  modelName = `${answer.name}.puz`;
  $("what").textContent = answer.what;
  editor.setText(answer.text); // the editor checks it
  clearResults();
  $("status").textContent = "";
}

async function start() {
  const examples = await (await fetch("/api/examples")).json();
  for (const example of examples) {
    const option = document.createElement("option");
    option.value = example.name;
    option.textContent = `${example.name}: ${example.what}`;
    $("examples").append(option);
  }
  const backends = await (await fetch("/api/backends")).json();
  for (const backend of backends) {
    const option = document.createElement("option");
    option.value = option.textContent = backend.name;
    $("backend").append(option);
  }
  const words = await (await fetch("/api/words")).json();
  editor = cspdslEditor.create($("editor"), {words, check, onChange: () => {
    modelName = "model.puz";
  }});
  $("examples").addEventListener("change", (e) => openExample(e.target.value));
  $("previous").addEventListener("click", () => showStep(shownStep - 1));
  $("next").addEventListener("click", () => showStep(shownStep + 1));
  for (const button of document.querySelectorAll("#buttons button[data-action]")) {
    button.addEventListener("click", () => run(button.dataset.action));
  }
  $("stop").addEventListener("click", stop);
  document.body.dataset.ready = "yes";
}

start();
