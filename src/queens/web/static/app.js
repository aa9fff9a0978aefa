// The queens page: draws what the Python search engine streams.
// No search happens here: the board, counters and solutions all come from
// server events; this file only keeps the picture of them and sends controls.
"use strict";

const FREE = 0, RESERVED = 1, QUEEN = 2;
const GALLERY_MAX = 300;  // solutions drawn in the gallery; the counter shows them all

const $ = (id) => document.getElementById(id);

const S = {
  limits: null,
  width: 8,             // columns
  height: 8,            // rows
  k: null,              // queens to place; null: as many as fit
  rule: "queen",        // the attack rule (queens.rules): queen, toroidal or superqueen
  solved: false,        // S.placed holds the server's solution (Solve), not a search's queens
  cells: [],            // the board being edited: FREE / RESERVED / QUEEN per square, row by row
  placed: [],           // the search's queens: column per row, -1 for none
  empty: [],            // per row, true while the search has left it empty
  current: -1,          // the row the search is trying, -1 for none
  deadEnd: -1,          // the row where the search found no square, -1 for none
  counters: {steps: 0, depth: 0, nodes: 0, solutions: 0},
  solutions: [],        // columns of the solutions found so far (up to GALLERY_MAX)
  viewing: -1,          // the gallery solution shown on the board, -1 for the search
  playing: false,
  pausing: null,        // a pause asked for: {steps}, the server's count once it has it
  run: null,            // {id, source, finished}
  starting: null,       // the promise of a run being created
  count: null,          // {id, source}
};

// ---- talking to the server --------------------------------------------------

async function api(method, path, body) {
  const options = {method, headers: {}};
  if (body !== undefined) {
    options.headers["content-type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, options);
  } catch (e) {
    return {ok: false, error: "the queens server cannot be reached (is `queens serve` running?)"};
  }
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  if (!response.ok) {
    const error = data && data.error ? data.error : `${response.status} ${response.statusText}`;
    return {ok: false, status: response.status, error};
  }
  return {ok: true, data};
}

// ---- messages -----------------------------------------------------------------

function showMessage(text, kind) {
  const box = $("message");
  box.textContent = text;
  box.className = kind;
  box.hidden = false;
}
const showError = (text) => showMessage(`error: ${text}`, "error");
function clearMessage() { $("message").hidden = true; $("message").textContent = ""; }

// ---- the board being edited ---------------------------------------------------

// The board as the server sent it (the JSON of /api/board): its shape, squares and queens.
function setBoard(shape, reserved, queens) {
  S.width = shape.width;
  S.height = shape.height;
  S.k = shape.k === Math.min(shape.width, shape.height) ? null : shape.k;
  if (shape.rule) S.rule = shape.rule;
  $("rule").value = S.rule;
  showRuleNote();
  S.cells = new Array(S.width * S.height).fill(FREE);
  for (const [r, c] of reserved) S.cells[r * S.width + c] = RESERVED;
  for (const [r, c] of queens) S.cells[r * S.width + c] = QUEEN;
  $("n").value = sizeText();
  $("queens").value = S.k === null ? "" : String(S.k);
  $("queens").max = String(Math.min(S.width, S.height));
  buildBoard();
  $("board-text").value = boardText();
}

const sizeText = () => S.width === S.height ? String(S.width) : `${S.width}x${S.height}`;

// The board's fields of a request: its text, its rule, and the queen count when not the default.
function boardRequest() {
  return withQueens({board: boardText(), rule: S.rule}, S.k);
}

const withQueens = (request, k) => k === null ? request : {...request, k};

function boardText() {
  const marks = [".", "*", "Q"];
  let text = "";
  for (let r = 0; r < S.height; r++) {
    for (let c = 0; c < S.width; c++) text += marks[S.cells[r * S.width + c]];
    text += "\n";
  }
  return text;
}

function buildBoard() {
  const board = $("board");
  board.replaceChildren();
  board.style.gridTemplateColumns = `repeat(${S.width}, 1fr)`;
  board.style.gridTemplateRows = `repeat(${S.height}, 1fr)`;
  board.style.setProperty("--aspect", `${S.width} / ${S.height}`);
  board.style.setProperty("--across", String(S.width / Math.max(S.width, S.height)));
  board.style.setProperty("--glyph", `${Math.max(0.7, 20 / Math.max(S.width, S.height))}rem`);
  for (let r = 0; r < S.height; r++) {
    for (let c = 0; c < S.width; c++) {
      const cell = document.createElement("div");
      cell.dataset.row = String(r);
      cell.dataset.col = String(c);
      cell.setAttribute("role", "gridcell");
      cell.addEventListener("click", () => editSquare(r, c));
      board.append(cell);
    }
  }
  clearSearch();
}

function editSquare(r, c) {
  const i = r * S.width + c;
  S.cells[i] = (S.cells[i] + 1) % 3;
  boardChanged();
}

function boardChanged() {
  $("board-text").value = boardText();
  stopRun();
  stopCount();
  clearSearch();
  clearMessage();
}

// ---- drawing --------------------------------------------------------------------

let drawPending = false;
function draw() {
  if (drawPending) return;
  drawPending = true;
  requestAnimationFrame(() => { drawPending = false; drawNow(); });
}

// The squares a queen on (row, col) attacks under the board's rule, added to `attacked`
// (the rules of queens.rules.attack_kind: the torus wraps its diagonals around, the
// superqueen also jumps like a knight).
function addAttacks(row, col, attacked) {
  const width = S.width, height = S.height, torus = S.rule === "toroidal";
  const add = (r, c) => {
    if (torus) c = ((c % width) + width) % width;
    if (c >= 0 && c < width && !(r === row && c === col)) attacked.add(r * width + c);
  };
  for (let r = 0; r < height; r++) {
    const d = r - row;
    if (d === 0) continue;
    for (const c of [col, col + d, col - d]) add(r, c);
    const jump = Math.abs(d) === 1 ? 2 : Math.abs(d) === 2 ? 1 : 0;
    if (S.rule === "superqueen" && jump) { add(r, col + jump); add(r, col - jump); }
  }
  for (let c = 0; c < width; c++) add(row, c);
}

function drawNow() {
  const width = S.width, height = S.height;
  const shown = S.viewing >= 0 ? S.solutions[S.viewing] : S.placed;
  const attacked = new Set();
  if (S.viewing < 0) {
    // The search's queens, and the board's fixed queens in rows it has not filled.
    shown.forEach((col, row) => {
      if (col >= 0) addAttacks(row, col, attacked);
      else for (let c = 0; c < width; c++) if (S.cells[row * width + c] === QUEEN) addAttacks(row, c, attacked);
    });
  }
  for (const cell of $("board").children) {
    const r = Number(cell.dataset.row), c = Number(cell.dataset.col), i = r * width + c;
    const kind = S.cells[i];
    const queen = shown[r] === c;
    const classes = ["cell", (r + c) % 2 ? "dark" : "light"];
    if (kind === RESERVED) classes.push("reserved");
    if (kind === QUEEN) classes.push("fixed");
    if (queen) classes.push("queen");
    else if (attacked.has(i)) classes.push("attacked");
    if (S.viewing < 0 && r === S.deadEnd) classes.push("deadend");
    else if (S.viewing < 0 && r === S.current) classes.push("current");
    else if (S.viewing < 0 && S.empty[r]) classes.push("empty");
    cell.className = classes.join(" ");
    // A fixed queen stays drawn while the search has no queen of its own in that row.
    const glyph = queen || (kind === QUEEN && shown[r] < 0) ? "\u265B" : "";
    if (cell.textContent !== glyph) {
      cell.replaceChildren();
      if (glyph) {
        const q = document.createElement("span");
        q.className = "q";
        q.textContent = glyph;
        cell.append(q);
      }
    }
    cell.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}` +
      (queen ? ", queen" : "") + (kind === RESERVED ? ", reserved" : "") + (kind === QUEEN ? ", fixed queen" : ""));
  }
  for (const key of ["steps", "depth", "nodes", "solutions"]) $(key).textContent = String(S.counters[key]);
  $("play").textContent = S.playing ? "Pause" : "Play";
  $("gallery-count").textContent = S.counters.solutions ? `(${S.counters.solutions})` : "";
  drawStatus();
}

// A pause is done when the server has it and every step it sent before has arrived.
function pausing() {
  return S.pausing !== null && (S.pausing.steps === null || S.counters.steps < S.pausing.steps);
}

function drawStatus() {
  let text;
  if (S.viewing >= 0) text = `Showing solution ${S.viewing + 1}: press step or play to go back to the search.`;
  else if (S.solved) text = `A solution under the ${S.rule} rule, found by the server's search.`;
  else if (!S.run && S.rule !== "queen") text = "Ready: press solve or count.";
  else if (!S.run) text = "Ready: press play or step to start the search.";
  else if (S.run.finished) text = `Search finished after ${S.counters.steps} steps: ${S.counters.solutions} solutions.`;
  else if (S.playing) text = `Playing at ${speed()} steps per second.`;
  else if (pausing()) text = "Pausing…";  // the server's steps are still arriving
  else text = "Paused.";
  $("status").textContent = text;
}

// ---- the search -------------------------------------------------------------------

function clearSearch() {
  S.solved = false;
  S.placed = new Array(S.height).fill(-1);
  S.empty = new Array(S.height).fill(false);
  S.current = -1;
  S.deadEnd = -1;
  S.counters = {steps: 0, depth: 0, nodes: 0, solutions: 0};
  S.solutions = [];
  S.viewing = -1;
  S.playing = false;
  S.pausing = null;
  $("gallery").replaceChildren();
  clearTree();
  draw();
}

function stopRun() {
  const run = S.run;
  S.run = null;
  S.starting = null;
  S.playing = false;
  S.pausing = null;
  if (run) {
    run.source.close();
    if (!run.finished) api("DELETE", `/api/runs/${run.id}`);
  }
}

async function ensureRun() {
  if (S.run && !S.run.finished) return S.run;
  if (S.starting) return S.starting;
  S.starting = startRun();
  try { return await S.starting; } finally { S.starting = null; }
}

async function startRun() {
  stopRun();
  clearSearch();
  clearMessage();
  const answer = await api("POST", "/api/runs",
    {...boardRequest(), algorithm: $("algorithm").value, speed: speed()});
  if (!answer.ok) { showError(answer.error); return null; }
  const run = {id: answer.data.id, finished: false, source: null};
  run.source = new EventSource(`/api/runs/${run.id}/events`);
  run.source.onmessage = (event) => onSearchMessage(run, JSON.parse(event.data));
  run.source.onerror = () => {
    if (S.run === run && !run.finished) {
      stopRun();
      showError("the search stream was lost (the server stopped, or the run was ended)");
      draw();
    }
  };
  S.run = run;
  return run;
}

function onSearchMessage(run, message) {
  if (S.run !== run) return;
  if (message.type === "batch") {
    for (const event of message.events) applyEvent(event);
    S.counters = message.counters;
    if ("tree" in message) showTree(message.tree, message.tree_note);
  } else if (message.type === "done") {
    S.counters = message.counters;
    run.finished = true;
    run.source.close();
    S.playing = false;
    S.current = -1;  // the search has left the board: no row is being tried
    S.deadEnd = -1;
    if (message.message) showMessage(message.message, "info");
  }
  draw();
}

function applyEvent(event) {
  // Every event names its row: the rows from it down are undecided again, so a
  // row left empty (which no event takes back) stops being marked.
  if ("row" in event) S.empty.fill(false, event.row);
  switch (event.event) {  // the shape of queens.events.event_json, as `queens trace --json` prints
    case "skip":
      S.empty[event.row] = true;
      S.current = event.row + 1;
      S.deadEnd = -1;
      break;
    case "place":
      S.placed[event.row] = event.col;
      S.current = event.row + 1;
      S.deadEnd = -1;
      break;
    case "remove":
      S.placed[event.row] = -1;
      S.current = event.row;
      S.deadEnd = -1;
      break;
    case "dead-end":
      S.current = event.row;
      S.deadEnd = event.row;
      break;
    case "solution":
      if (S.solutions.length < GALLERY_MAX) {
        S.solutions.push(event.columns);
        addToGallery(event.columns, S.solutions.length - 1);
      } else if (S.solutions.length === GALLERY_MAX && !$("gallery").querySelector(".more")) {
        const more = document.createElement("span");
        more.className = "more";
        more.textContent = `only the first ${GALLERY_MAX} are shown`;
        $("gallery").append(more);
      }
      break;
  }
}

async function control(action) {
  if (S.rule !== "queen") { showRuleNote(); return; }  // the note says why
  const run = await ensureRun();
  if (!run) return;
  S.playing = action === "play";
  // "Paused." only once the server has stopped and its last steps are in (pausing()).
  const pause = action === "pause" ? {steps: null} : null;
  S.pausing = pause;
  S.viewing = -1;
  draw();
  const answer = await api("POST", `/api/runs/${run.id}/control`, {action, speed: speed()});
  if (!answer.ok && S.run === run && !run.finished) showError(answer.error);
  if (pause && S.pausing === pause) {
    if (answer.ok) pause.steps = answer.data.steps;
    else S.pausing = null;
    drawStatus();
  }
}

function togglePlay() {
  if (S.playing) control("pause");
  else control("play");
}

function step() { control("step"); }

// ---- the rule, and one solution under it ------------------------------------------------

// Stepping follows the queen rule only: under another rule the play and step buttons
// rest, and one line says why (the words of the command line).
function showRuleNote() {
  const queen = S.rule === "queen";
  $("rule-note").hidden = queen;
  $("rule-note").textContent = queen ? ""
    : `queens trace supports the queen rule only: solve and count follow the ${S.rule} rule.`;
  $("play").disabled = !queen;
  $("step").disabled = !queen;
}

// A new rule for the board being edited, read and checked by the server (a torus is square).
async function newRule() {
  const wanted = $("rule").value;
  $("rule").value = S.rule;  // until the server agrees
  await loadBoard({...boardRequest(), rule: wanted});
}

async function solveBoard() {
  stopRun();
  clearSearch();
  clearMessage();
  const answer = await api("POST", "/api/solve", boardRequest());
  if (!answer.ok) { showError(answer.error); return; }
  if (answer.data.columns) {
    S.placed = answer.data.columns;
    S.solved = true;
  } else {
    showMessage(answer.data.message, "info");
  }
  draw();
}

// ---- speed --------------------------------------------------------------------------

function speed() {
  const low = S.limits ? S.limits.min_speed : 1, high = S.limits ? S.limits.max_speed : 5000;
  const t = Number($("speed").value) / 100;
  return Math.max(low, Math.min(high, Math.round(low * Math.pow(high / low, t))));
}

function speedChanged() {
  $("speed-value").textContent = `${speed()} steps/s`;
  if (S.playing && S.run && !S.run.finished) {
    api("POST", `/api/runs/${S.run.id}/control`, {action: "play", speed: speed()});
  }
  drawStatus();
}

function nudgeSpeed(delta) {
  const slider = $("speed");
  slider.value = String(Math.max(0, Math.min(100, Number(slider.value) + delta)));
  speedChanged();
}

// ---- gallery and tree ----------------------------------------------------------------

function addToGallery(columns, index) {
  const width = S.width, height = S.height, square = 64 / Math.max(width, height);
  const canvas = document.createElement("canvas");
  canvas.width = Math.round(width * square);
  canvas.height = Math.round(height * square);
  canvas.title = `solution ${index + 1}`;
  canvas.dataset.index = String(index);
  const g = canvas.getContext("2d");
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      g.fillStyle = (r + c) % 2 ? "#b58863" : "#f0d9b5";
      g.fillRect(c * square, r * square, square, square);
    }
    if (columns[r] < 0) continue;  // a row left empty
    g.fillStyle = "#1d1d1d";
    g.beginPath();
    g.arc((columns[r] + 0.5) * square, (r + 0.5) * square, square * 0.35, 0, 2 * Math.PI);
    g.fill();
  }
  canvas.addEventListener("click", () => {
    S.viewing = S.viewing === index ? -1 : index;
    for (const other of $("gallery").querySelectorAll("canvas")) {
      other.classList.toggle("selected", Number(other.dataset.index) === S.viewing);
    }
    draw();
  });
  $("gallery").append(canvas);
}

let treeUrl = null;
function clearTree() {
  if (treeUrl) URL.revokeObjectURL(treeUrl);
  treeUrl = null;
  $("tree-img").hidden = true;
  $("tree-img").removeAttribute("src");
  const max = S.limits ? S.limits.tree_max_n : 6;
  $("tree-note").textContent = Math.max(S.width, S.height) > max
    ? `The recursion tree is drawn for boards up to ${max} x ${max}.`
    : "The recursion tree grows here as the search runs.";
}

function showTree(svg, note) {
  if (typeof svg !== "string") {
    $("tree-img").hidden = true;
    $("tree-note").textContent = note || "";
    return;
  }
  if (treeUrl) URL.revokeObjectURL(treeUrl);
  treeUrl = URL.createObjectURL(new Blob([svg], {type: "image/svg+xml"}));
  $("tree-img").src = treeUrl;
  $("tree-img").hidden = false;
  $("tree-note").textContent = "";
}

// ---- counting ---------------------------------------------------------------------------

function stopCount() {
  const count = S.count;
  S.count = null;
  if (count) {
    count.source.close();
    if (!count.finished) api("DELETE", `/api/count/${count.id}`);
  }
  $("count-progress").hidden = true;
  $("count-total").textContent = "";
  $("count-unique").textContent = "";
}

async function startCount() {
  stopCount();
  clearMessage();
  const answer = await api("POST", "/api/count", boardRequest());
  if (!answer.ok) { showError(answer.error); return; }
  const count = {id: answer.data.id, finished: false, source: null};
  const progress = $("count-progress");
  progress.hidden = false;
  progress.value = 0;
  $("count-total").textContent = "counting\u2026";
  count.source = new EventSource(`/api/count/${count.id}/events`);
  count.source.onmessage = (event) => {
    if (S.count !== count) return;
    const message = JSON.parse(event.data);
    if (message.type === "start") {
      progress.max = Math.max(1, message.parts);
    } else if (message.type === "progress") {
      progress.value = message.done;
    } else if (message.type === "done") {
      count.finished = true;
      count.source.close();
      progress.hidden = true;
      $("count-total").textContent = `${message.total} solutions`;
      $("count-unique").textContent = `(fundamental: ${message.unique})`;
      if (message.message) showMessage(message.message, "info");
    }
  };
  count.source.onerror = () => {
    if (S.count === count && !count.finished) {
      stopCount();
      showError("the count stream was lost (the server stopped, or the count was ended)");
    }
  };
  S.count = count;
}

// ---- board text: load and save ----------------------------------------------------------

// Asks the server to read a board (text or a size, and a queen count), then shows it.
async function loadBoard(request) {
  const answer = await api("POST", "/api/board", request);
  if (!answer.ok) { showError(answer.error); return; }
  stopRun();
  stopCount();
  setBoard(answer.data, answer.data.reserved, answer.data.queens);
  clearMessage();
}

function loadText() {
  // The queen count and the rule stay (the server says so if the new board cannot take them).
  return loadBoard(withQueens({board: $("board-text").value, rule: S.rule}, S.k));
}

// The queen count box: empty for as many as fit.
function queensWanted() {
  const text = $("queens").value.trim();
  return text === "" ? null : Number(text);
}

function saveText() {
  // A download made in the page: the server never touches files.
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([boardText()], {type: "text/plain"}));
  link.download = `board-${sizeText()}.txt`;
  link.click();
  setTimeout(() => URL.revokeObjectURL(link.href), 1000);
}

function openFile() {
  const file = $("file").files[0];
  if (!file) return;
  const max = S.limits ? S.limits.max_board_text : 4096;
  if (file.size > 4 * max) { showError(`the file is too large for a board (${file.size} bytes)`); return; }
  const reader = new FileReader();
  reader.onload = () => { $("board-text").value = String(reader.result); loadText(); };
  reader.readAsText(file);
  $("file").value = "";
}

// ---- set-up --------------------------------------------------------------------------------

// A new size (N or WxH): an empty board, read and checked by the server.
function newSize() {
  loadBoard(withQueens({size: $("n").value, rule: S.rule}, queensWanted()));
}

// A new queen count for the board being edited (its squares stay).
function newQueens() {
  loadBoard(withQueens({board: boardText(), rule: S.rule}, queensWanted()));
}

function onKey(event) {
  const target = event.target;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement
      || target instanceof HTMLSelectElement) {
    if (!(target instanceof HTMLInputElement && target.type === "range")) return;
  }
  if (event.key === " ") { event.preventDefault(); togglePlay(); }
  else if (event.key === "ArrowRight") { event.preventDefault(); step(); }
  else if (event.key === "+" || event.key === "=") { event.preventDefault(); nudgeSpeed(10); }
  else if (event.key === "-") { event.preventDefault(); nudgeSpeed(-10); }
}

function addOptions(select, names) {
  for (const name of names) {
    const option = document.createElement("option");
    option.value = option.textContent = name;
    select.append(option);
  }
}

async function init() {
  const answer = await api("GET", "/api/info");
  if (!answer.ok) { showError(answer.error); return; }
  S.limits = answer.data.limits;
  addOptions($("algorithm"), answer.data.algorithms);
  addOptions($("rule"), answer.data.rules);
  const low = S.limits.min_speed, high = S.limits.max_speed;
  $("speed").value = String(Math.round(100 * Math.log(S.limits.default_speed / low) / Math.log(high / low)));
  $("speed-value").textContent = `${speed()} steps/s`;

  $("n").addEventListener("change", newSize);
  $("queens").addEventListener("change", newQueens);
  $("algorithm").addEventListener("change", () => { stopRun(); clearSearch(); });
  $("clear").addEventListener("click", () => {
    setBoard({width: S.width, height: S.height, k: S.k ?? Math.min(S.width, S.height)}, [], []);
    boardChanged();
  });
  $("play").addEventListener("click", togglePlay);
  $("step").addEventListener("click", step);
  $("restart").addEventListener("click", () => { stopRun(); clearSearch(); clearMessage(); });
  $("speed").addEventListener("input", speedChanged);
  $("count").addEventListener("click", startCount);
  $("solve").addEventListener("click", solveBoard);
  $("rule").addEventListener("change", newRule);
  $("load").addEventListener("click", loadText);
  $("save").addEventListener("click", saveText);
  $("file").addEventListener("change", openFile);
  document.addEventListener("keydown", onKey);
  $("tree-img").addEventListener("click", () => $("tree-img").classList.toggle("full"));
  window.addEventListener("pagehide", () => { stopRun(); stopCount(); });

  setBoard({width: 8, height: 8, k: 8, rule: "queen"}, [], []);
  document.body.dataset.ready = "true";
}

document.addEventListener("DOMContentLoaded", init);
