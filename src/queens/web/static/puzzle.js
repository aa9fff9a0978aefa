// The region puzzle page: load, paste or generate a grid, play it, check, hint, solve.
// All the reasoning is the server's (queens.web.puzzle); the page keeps the marks.
"use strict";

const EMPTY = 0, CROSS = 1, QUEEN = 2;
const MARK_CLASS = ["", "cross", "queen"];
const HINT_CLASSES = ["hint-focus", "hint-place", "hint-clear"];

// version: bumped by every action, so a late answer to an earlier one is dropped.
const state = { grid: null, marks: [], version: 0, busy: 0 };
const $ = (id) => document.getElementById(id);

// body[data-busy] counts the requests under way (tests wait for 0).
async function post(path, body) {
  document.body.dataset.busy = String(++state.busy);
  try {
    const response = await fetch(path, {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    });
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
    return data;
  } finally {
    document.body.dataset.busy = String(--state.busy);
  }
}

function begin() { return ++state.version; }

function say(text) { $("message").textContent = text; }

function showGridError(text) {
  const box = $("grid-error");
  box.textContent = text || "";
  box.hidden = !text;
}

function cellAt(row, col) { return $("grid").children[row * state.grid.n + col]; }

function cells(kind) {
  const found = [];
  state.marks.forEach((mark, index) => {
    if (mark === kind) found.push([Math.floor(index / state.grid.n), index % state.grid.n]);
  });
  return found;
}

function position() {
  return { grid: state.grid.text, queens: cells(QUEEN), crosses: cells(CROSS) };
}

function clearFlags() {
  for (const cell of $("grid").children) cell.classList.remove("wrong", ...HINT_CLASSES);
  document.body.dataset.solved = "false";
}

function drawMark(index) {
  const cell = $("grid").children[index];
  cell.classList.remove("cross", "queen");
  if (state.marks[index]) cell.classList.add(MARK_CLASS[state.marks[index]]);
  cell.setAttribute("aria-label", cell.dataset.label + (state.marks[index] === QUEEN ? ", queen" : state.marks[index] === CROSS ? ", crossed" : ""));
}

function setGrid(grid) {
  state.grid = grid;
  state.marks = new Array(grid.n * grid.n).fill(EMPTY);
  const board = $("grid");
  board.replaceChildren();
  board.style.gridTemplateColumns = `repeat(${grid.n}, 1fr)`;
  board.style.setProperty("--glyph", `${Math.max(0.8, 16 / grid.n)}rem`);
  for (let row = 0; row < grid.n; row++) {
    for (let col = 0; col < grid.n; col++) {
      const index = row * grid.n + col;
      const region = grid.cells[index];
      const cell = document.createElement("div");
      cell.className = "cell";
      cell.setAttribute("role", "gridcell");
      cell.dataset.row = row;
      cell.dataset.col = col;
      cell.dataset.label = `row ${row + 1}, column ${col + 1}, region ${grid.names[region]}`;
      cell.setAttribute("aria-label", cell.dataset.label);
      cell.style.background = grid.colors[region];
      if (col + 1 < grid.n && grid.cells[index + 1] !== region) cell.classList.add("edge-right");
      if (row + 1 < grid.n && grid.cells[index + grid.n] !== region) cell.classList.add("edge-bottom");
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = grid.names[region];
      cell.append(name);
      cell.addEventListener("click", () => cycle(index));
      board.append(cell);
    }
  }
  $("grid-text").value = grid.text;
  showGridError("");
  clearFlags();
  say(`A ${grid.n} x ${grid.n} grid: place ${grid.n} queens.`);
}

function flag(wrong) {
  for (const [row, col] of wrong) cellAt(row, col).classList.add("wrong");
}

async function check(quiet) {
  const version = begin();
  const result = await post("/api/puzzle/check", position());
  if (version !== state.version) return;
  clearFlags();
  flag(result.wrong);
  document.body.dataset.solved = String(result.solved);
  if (!quiet || result.wrong.length || result.solved) say(result.message);
  return result;
}

async function cycle(index) {
  if (!state.grid) return;
  begin();
  state.marks[index] = (state.marks[index] + 1) % 3;
  drawMark(index);
  clearFlags();
  say("");
  if ($("autocheck").checked) await run(() => check(true));
}

async function hint() {
  const version = begin();
  const result = await post("/api/puzzle/hint", position());
  if (version !== state.version) return;
  clearFlags();
  flag(result.wrong);
  say(result.message);
  if (!result.step) return;
  for (const [row, col] of result.step.focus) cellAt(row, col).classList.add("hint-focus");
  for (const [row, col] of result.step.place) cellAt(row, col).classList.add("hint-place");
  for (const [row, col] of result.step.clear) cellAt(row, col).classList.add("hint-clear");
}

async function showSolution() {
  const version = begin();
  const result = await post("/api/puzzle/solution", { grid: state.grid.text });
  if (version !== state.version) return;
  clearFlags();
  say(result.message);
  if (!result.columns) return;
  state.marks.fill(CROSS);
  result.columns.forEach((col, row) => { state.marks[row * state.grid.n + col] = QUEEN; });
  state.marks.forEach((_, index) => drawMark(index));
}

async function generate() {
  const body = { n: Number($("size").value) };
  if ($("difficulty").value) body.difficulty = $("difficulty").value;
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  say("Generating\u2026");
  const grid = await post("/api/puzzle/generate", body);
  setGrid(grid);
  say(`Generated with seed ${grid.seed}: place ${grid.n} queens.`);
}

async function load(text) {
  try {
    setGrid(await post("/api/puzzle/grid", { grid: text }));
  } catch (error) {
    showGridError(error.message);
  }
}

async function run(action) {
  try {
    await action();
  } catch (error) {
    say(error.message);
  }
}

function setUp() {
  for (let n = 5; n <= 12; n++) $("size").append(new Option(`${n} x ${n}`, String(n), n === 8, n === 8));
  $("generate").addEventListener("click", () => run(generate));
  $("check").addEventListener("click", () => state.grid && run(() => check(false)));
  $("hint").addEventListener("click", () => state.grid && run(hint));
  $("solution").addEventListener("click", () => state.grid && run(showSolution));
  $("reset").addEventListener("click", () => {
    if (!state.grid) return;
    state.marks.fill(EMPTY);
    state.marks.forEach((_, index) => drawMark(index));
    clearFlags();
    say("");
  });
  $("load").addEventListener("click", () => load($("grid-text").value));
  $("file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (file) await load(await file.text());
  });
  document.body.dataset.busy = "0";
  document.body.dataset.ready = "true";
}

setUp();
