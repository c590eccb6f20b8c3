// The page of `cspdsl serve`. Everything that comes from a model (its text, names, answers, errors) is
// put into the page as text (textContent, option values), never as HTML; pictures are shown as images
// (an SVG in an <img> runs no script).
"use strict";

const $ = (id) => document.getElementById(id);
const CHECK_DELAY = 400; // ms after the last key before the model is checked
let checkTimer = null;
let checkSeq = 0;
let running = null; // {job, controller} of the task under way
let modelName = "model.puz";
let clueRanges = []; // the clues an explanation points at, marked until the text changes

function post(path, body, signal) {
  return fetch(path, {method: "POST", headers: {"Content-Type": "application/json"},
                      body: JSON.stringify(body), signal});
}

// The editor's marks: ranges of the text (1-based lines and columns, end exclusive) drawn under it.
function offsetOf(text, line, column) {
  const lines = text.split("\n");
  let offset = 0;
  for (let i = 0; i < Math.min(line - 1, lines.length); i++) offset += lines[i].length + 1;
  return Math.min(offset + column - 1, text.length);
}

function showMarks(ranges) {
  const overlay = $("overlay");
  const text = $("model").value;
  overlay.replaceChildren();
  let at = 0;
  const spans = ranges.map((r) => {
    const start = offsetOf(text, r.line, r.column);
    const end = Math.max(start + 1, offsetOf(text, r.end_line || r.line, r.end_column || r.column + 1));
    return {start, end, kind: r.kind};
  }).sort((a, b) => a.start - b.start);
  for (const span of spans) {
    if (span.start < at) continue;
    overlay.append(document.createTextNode(text.slice(at, span.start)));
    const mark = document.createElement("mark");
    mark.className = span.kind;
    mark.textContent = text.slice(span.start, span.end) || " ";
    overlay.append(mark);
    at = span.end;
  }
  overlay.append(document.createTextNode(text.slice(at) + "\n"));
  syncScroll();
}

function syncScroll() {
  $("overlay").scrollTop = $("model").scrollTop;
  $("overlay").scrollLeft = $("model").scrollLeft;
}

function showProblem(error) {
  if (!error) {
    $("problem").hidden = true;
    showMarks(clueRanges);
    return;
  }
  $("problem").hidden = false;
  $("problem-message").textContent = (error.line ? `line ${error.line}, column ${error.column}: ` : "") + error.message;
  $("problem-hint").textContent = error.hint ? `hint: ${error.hint}` : "";
  $("problem-text").textContent = error.text || "";
  showMarks(error.line ? [{...error, kind: "error"}, ...clueRanges] : clueRanges);
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
  return {action, model: $("model").value, name: modelName, params: params(),
          backend: $("backend").value || null, timeout: Number.isFinite(timeout) ? timeout : null};
}

async function check() {
  const seq = ++checkSeq;
  const response = await post("/api/check", request("check"));
  const answer = await response.json();
  if (seq !== checkSeq) return; // the text changed since
  showProblem(answer.type === "error" || !response.ok ? answer.error : null);
}

function scheduleCheck() {
  clearTimeout(checkTimer);
  checkTimer = setTimeout(check, CHECK_DELAY);
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
    gave_up: "the local search gave up", ok: "ok",
  };
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
    $("status").textContent = `running… ${event.found} found`;
  } else if (event.type === "explanation") {
    $("explanation").hidden = false;
    $("explanation").textContent = event.text;
    const clues = event.data.conflict || event.data.minimal || [];
    clueRanges = clues.filter((clue) => clue.line).map((clue) => ({...clue, kind: "clue"}));
    showMarks(clueRanges);
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
  $("model").value = answer.text;
  clearResults();
  clueRanges = [];
  $("status").textContent = "";
  showProblem(null);
  check();
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
  $("examples").addEventListener("change", (e) => openExample(e.target.value));
  $("model").addEventListener("input", () => {
    modelName = "model.puz";
    clueRanges = [];
    showMarks([]);
    scheduleCheck();
  });
  $("model").addEventListener("scroll", syncScroll);
  for (const button of document.querySelectorAll("#buttons button[data-action]")) {
    button.addEventListener("click", () => run(button.dataset.action));
  }
  $("stop").addEventListener("click", stop);
  document.body.dataset.ready = "yes";
}

start();
