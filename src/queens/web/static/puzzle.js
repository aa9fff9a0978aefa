// The region puzzle page as a game: today's puzzle, levels, generated or pasted grids
// (text or a JSON level, or a picture pasted, dropped or opened, which the server reads); marks, auto-crosses, drag, undo, timer, clashes by the rules,
// a win screen with a share text; progress kept in localStorage, the puzzle in the URL.
// Solving, checking against the solution and hints are the server's (queens.web.puzzle).
// With K stars (Star Battle, state.about.stars) K queens go in every row, column and region.
"use strict";

const EMPTY = 0, CROSS = 1, QUEEN = 2;
const MARK_CLASS = ["", "cross", "queen"];
const MARK_NAME = ["empty", "crossed", "queen"];
const MARK_CHAR = ".xq";
const FLAG_CLASSES = ["wrong", "hint-focus", "hint-place", "hint-clear"];
const SAVE_PREFIX = "queens-game:";
const BEST_PREFIX = "queens-best:level:";
const SETTINGS_KEY = "queens-settings";
const STATS_KEY = "queens-stats";
const TUTORIAL_KEY = "queens-tutorial-seen";
const MAX_STARS = 6;
const RULES_ONE = "Place one queen in every row, every column and every coloured region; no two queens may touch, not even diagonally.";

// version: bumped by every action, so a late answer to an earlier one is dropped.
const state = {
  grid: null, about: {}, marks: [], owner: [], undo: [], redo: [], hints: 0, checks: 0, hint: null,
  elapsed: 0, started: null, paused: false, solved: false, revealed: false, peeked: false, focus: 0,
  drag: null, version: 0, busy: 0, levels: [], cellEls: [], tapping: false, ghost: -Infinity,
  takes: null, undecided: null, generating: { seconds: 10, sizes: new Map([
    [1, { stars: 1, low: 5, high: 16, graded: true, difficulties: everyDifficulty(5, 16) }],
    [2, { stars: 2, low: 8, high: 12, graded: true, difficulties: everyDifficulty(8, 12) }]]) },
};
// A win by a tap: the click that follows the tap is dropped if it lands on the win dialog
// (opened under the finger) within this many milliseconds.
const GHOST_MS = 1000;
const $ = (id) => document.getElementById(id);

// -- requests: body[data-busy] counts those under way (tests wait for 0) ----------------

// body: undefined (a GET), a Blob (posted as it is: a picture) or a value posted as JSON.
async function request(path, body) {
  document.body.dataset.busy = String(++state.busy);
  try {
    const options = body === undefined ? {} : body instanceof Blob ? {
      method: "POST", headers: { "content-type": body.type || "application/octet-stream" }, body,
    } : {
      method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body),
    };
    let response;
    try {
      response = await fetch(path, options);
    } catch {  // no answer at all: the server stopped (or restarting); the game is saved here
      throw new Error("The server does not answer (is queens serve running?); your game is kept in this browser.");
    }
    const data = await response.json();
    if (!response.ok) throw new Error(data.error || `HTTP ${response.status}`);
    return data;
  } finally {
    document.body.dataset.busy = String(--state.busy);
  }
}

async function run(action) {
  try {
    await action();
  } catch (error) {
    say(error.message);
  }
}

function say(text) { $("message").textContent = text; }

function showGridError(text) {
  const box = $("grid-error");
  box.textContent = text || "";
  box.hidden = !text;
}

// -- the grid's geometry and the rules ---------------------------------------------------

const rowOf = (index) => Math.floor(index / state.grid.n);
const colOf = (index) => index % state.grid.n;
const regionOf = (index) => state.grid.cells[index];
const cellEl = (index) => state.cellEls[index];

// The queens a row, column and region take: K, the game's stars.
const starsOf = () => state.about.stars || 1;

// Whether a grid of n rows can take K stars at all: a 2 x 2 block holds at most one.
const starsFit = (n, k) => k === 1 || (n <= 25 && Math.ceil(n / 2) ** 2 >= n * k);

const touching = (a, b) => a !== b
  && Math.abs(rowOf(a) - rowOf(b)) <= 1 && Math.abs(colOf(a) - colOf(b)) <= 1;

// A cell's units: its row, its column (n + col) and its region (2n + region).
const unitsOf = (index) => [rowOf(index), state.grid.n + colOf(index), 2 * state.grid.n + regionOf(index)];

// How many queens each unit holds.
function unitCounts() {
  const counts = new Array(3 * state.grid.n).fill(0);
  for (const q of queens()) for (const unit of unitsOf(q)) counts[unit]++;
  return counts;
}

// Whether a queen on a forbids a queen on b: touching, or (one star) the same row, column
// or region; with K stars, a unit of both that holds its K queens (counts: unitCounts()).
function attacks(a, b, counts = null) {
  if (a === b) return false;
  if (touching(a, b)) return true;
  const k = starsOf(), mine = unitsOf(a), theirs = unitsOf(b);
  if (k === 1) return mine.some((unit, i) => unit === theirs[i]);
  const held = counts || unitCounts();
  return mine.some((unit, i) => unit === theirs[i] && held[unit] >= k);
}

function queens() {
  const found = [];
  state.marks.forEach((mark, index) => { if (mark === QUEEN) found.push(index); });
  return found;
}

// The queens that break a rule: both of two touching queens (one star: of two in a row,
// column or region), and with K stars every queen of a unit holding more than K.
function clashes() {
  const placed = queens(), bad = new Set(), k = starsOf();
  for (let i = 0; i < placed.length; i++) {
    for (let j = i + 1; j < placed.length; j++) {
      const clash = k === 1 ? attacks(placed[i], placed[j]) : touching(placed[i], placed[j]);
      if (clash) { bad.add(placed[i]); bad.add(placed[j]); }
    }
  }
  if (k > 1) {
    const counts = unitCounts();
    for (const q of placed) if (unitsOf(q).some((unit) => counts[unit] > k)) bad.add(q);
  }
  return bad;
}

const asCells = (indices) => indices.map((index) => [rowOf(index), colOf(index)]);

function position() {
  const crosses = [];
  state.marks.forEach((mark, index) => { if (mark === CROSS) crosses.push(index); });
  const asked = { grid: state.grid.text, queens: asCells(queens()), crosses: asCells(crosses) };
  if (starsOf() > 1) asked.stars = starsOf();
  return asked;
}

// -- drawing ------------------------------------------------------------------------------

// The rows, columns and regions (units) holding more queens than K.
function brokenUnits() {
  const counts = unitCounts(), k = starsOf(), broken = new Set();
  counts.forEach((held, unit) => { if (held > k) broken.add(unit); });
  return broken;
}

function unitName(unit) {
  const n = state.grid.n;
  return unit < n ? `row ${unit + 1}` : unit < 2 * n ? `column ${unit - n + 1}` : `region ${state.grid.names[unit - 2 * n]}`;
}

// What the clashes break, in words (announced when a move breaks a rule): "" if nothing.
function clashText(bad) {
  if (!bad.size) return "";
  const parts = [...brokenUnits()].map((unit) => `too many queens in ${unitName(unit)}`);
  const placed = [...bad];
  if (placed.some((a) => placed.some((b) => touching(a, b)))) parts.push("queens touching");
  return `A rule is broken: ${parts.join(", ")}.`;
}

function drawCell(index, clashing, units) {
  const cell = cellEl(index), mark = state.marks[index];
  cell.classList.remove("cross", "queen", "clash", "clash-unit");
  if (mark) cell.classList.add(MARK_CLASS[mark]);
  if (clashing) cell.classList.add("clash");
  if (unitsOf(index).some((unit) => units.has(unit))) cell.classList.add("clash-unit");
  cell.setAttribute("aria-label",
    `${cell.dataset.label}, ${MARK_NAME[mark]}${clashing ? ", breaks a rule" : ""}`);
}

// With K stars: each row's, column's and region's queens out of K.
function drawCounts() {
  const k = starsOf(), n = state.grid.n, box = $("counts");
  box.hidden = k === 1;
  if (k === 1) return;
  const counts = unitCounts();
  const show = (id, first, name) => {
    $(id).replaceChildren(...Array.from({ length: n }, (_, i) => {
      const chip = document.createElement("span"), held = counts[first + i];
      chip.className = "count" + (held > k ? " over" : held === k ? " full" : "");
      chip.textContent = `${name(i)} ${held}/${k}`;
      chip.dataset.unit = String(first + i);
      return chip;
    }));
  };
  show("count-rows", 0, (i) => String(i + 1));
  show("count-columns", n, (i) => String(i + 1));
  show("count-regions", 2 * n, (i) => state.grid.names[i]);
}

function draw() {
  const bad = clashes(), units = brokenUnits();
  state.marks.forEach((_, index) => drawCell(index, bad.has(index), units));
  drawCounts();
  $("undo").disabled = !state.undo.length || state.solved;
  $("redo").disabled = !state.redo.length || state.solved;
  return bad;
}

function clearFlags() {
  for (const cell of state.cellEls) cell.classList.remove(...FLAG_CLASSES);
  state.hint = null;
  $("apply-hint").hidden = true;
}

function buildBoard() {
  const grid = state.grid, n = grid.n, board = $("grid");
  board.replaceChildren();
  $("play-area").style.setProperty("--n", String(n));  // the board's size follows n too
  state.cellEls = [];
  for (let row = 0; row < n; row++) {
    const line = document.createElement("div");
    line.setAttribute("role", "row");
    for (let col = 0; col < n; col++) {
      const index = row * n + col, region = grid.cells[index];
      const cell = document.createElement("div");
      cell.className = "cell";
      cell.setAttribute("role", "gridcell");
      cell.tabIndex = -1;
      cell.dataset.row = row;
      cell.dataset.col = col;
      cell.dataset.index = index;
      cell.style.setProperty("--wave", String(row + col));  // the win animation's delay
      cell.dataset.label = `row ${row + 1}, column ${col + 1}, region ${grid.names[region]}`;
      cell.style.backgroundColor = grid.colors[region];
      if (col + 1 < n && grid.cells[index + 1] !== region) cell.classList.add("edge-right");
      if (row + 1 < n && grid.cells[index + n] !== region) cell.classList.add("edge-bottom");
      const name = document.createElement("span");
      name.className = "name";
      name.setAttribute("aria-hidden", "true");
      name.textContent = grid.names[region];
      cell.append(name);
      line.append(cell);
      state.cellEls.push(cell);
    }
    board.append(line);
  }
  setFocus(0, false);
}

// Roving tabindex: the focused cell alone is in the tab order.
function setFocus(index, move = true) {
  const previous = cellEl(state.focus);
  if (previous) previous.tabIndex = -1;
  state.focus = index;
  cellEl(index).tabIndex = 0;
  if (move) cellEl(index).focus();
}

// -- moves, auto-crosses, undo -----------------------------------------------------------

function snapshot() { return { marks: state.marks.slice(), owner: state.owner.slice() }; }

function remember() {
  state.undo.push(snapshot());
  if (state.undo.length > 500) state.undo.shift();
  state.redo = [];
}

// A queen placed on q crosses the empty cells it rules out; they belong to it.
function autoCross(q) {
  if (!$("autocross").checked) return;
  const counts = unitCounts();
  state.marks.forEach((mark, index) => {
    if (mark === EMPTY && attacks(q, index, counts)) { state.marks[index] = CROSS; state.owner[index] = q; }
  });
}

// A queen lifted from q takes its crosses with it (unless another of its queens rules them out).
function liftCrosses(q) {
  state.marks[q] = EMPTY;  // the counts without it (setMark marks it next)
  const others = queens(), counts = unitCounts();
  state.owner.forEach((owner, index) => {
    if (owner !== q) return;
    const keeper = others.find((other) => attacks(other, index, counts));
    if (state.marks[index] === CROSS && keeper === undefined) state.marks[index] = EMPTY;
    state.owner[index] = keeper === undefined ? -1 : keeper;
  });
}

function setMark(index, mark) {
  const before = state.marks[index];
  if (before === mark) return;
  if (before === QUEEN) liftCrosses(index);
  state.marks[index] = mark;
  state.owner[index] = -1;
  if (mark === QUEEN) autoCross(index);
}

// One move (a click, a key, a drag, a hint applied): remembered for undo, drawn, saved.
function move(change) {
  if (!state.grid || state.solved || state.paused) return;
  if (state.fresh) {  // a game's first move: one more played
    state.fresh = false;
    updateStats((stats) => { stats.played++; });
  }
  remember();
  change();
  state.version++;
  clearFlags();
  say("");
  settle();
}

function settle() {
  const bad = draw(), broken = clashText(bad);
  if (broken) say(broken);  // announced: #message is aria-live
  save();
  if (queens().length === state.grid.n * starsOf() && bad.size === 0 && !state.revealed) win();
}

function cycle(index) { move(() => setMark(index, (state.marks[index] + 1) % 3)); }

function toggle(index, mark) {
  move(() => setMark(index, state.marks[index] === mark ? EMPTY : mark));
}

// Undo and redo: the marks move from one stack to the other.
function travel(from, to) {
  if (!from.length || state.solved || state.paused) return;
  to.push(snapshot());
  Object.assign(state, from.pop());
  if (state.revealed) {  // the solution taken back: the game goes on (its win says it was shown)
    state.revealed = false;
    startClock();
  }
  state.version++;
  clearFlags();
  settle();
}

function undo() { travel(state.undo, state.redo); }

function redo() { travel(state.redo, state.undo); }

// -- pointer: tap cycles; press and drag paints crosses (or erases, starting on a cross) -----

function cellUnder(event) {
  const hit = document.elementFromPoint(event.clientX, event.clientY);
  const cell = hit && hit.closest("#grid .cell");
  return cell ? Number(cell.dataset.index) : null;
}

function paint(index) {
  const { erase } = state.drag;
  if (erase && state.marks[index] === CROSS) setMark(index, EMPTY);
  if (!erase && state.marks[index] === EMPTY) setMark(index, CROSS);
}

function onPointerDown(event) {
  if (event.button !== 0 || !state.grid) return;
  const index = cellUnder(event);
  if (index === null) return;
  event.preventDefault();  // no text selection, no scrolling: a drag paints
  setFocus(index, $("grid").contains(document.activeElement));  // the keyboard's cell follows
  state.drag = { start: index, last: index, moved: false, erase: state.marks[index] === CROSS };
}

function onPointerMove(event) {
  const drag = state.drag;
  if (!drag) return;
  const index = cellUnder(event);
  if (index === null || index === drag.last) return;
  drag.last = index;
  if (!drag.moved) {
    if (state.solved || state.paused) return;
    drag.moved = true;
    remember();
    paint(drag.start);
  }
  paint(index);
  clearFlags();
  draw();
}

function onPointerUp() {
  const drag = state.drag;
  state.drag = null;
  if (!drag) return;
  state.tapping = true;  // a win now is a tap's: its click comes next (see GHOST_MS)
  try {
    if (drag.moved) {
      state.version++;
      say("");
      settle();
    } else {
      cycle(drag.start);
    }
  } finally {
    state.tapping = false;
  }
}

// The click of the winning tap, landing on the dialog opened under the finger: dropped.
function onGhostClick(event) {
  if (performance.now() - state.ghost > GHOST_MS) return;
  state.ghost = -Infinity;
  if (!$("win").contains(event.target)) return;
  event.stopPropagation();
  event.preventDefault();
}

// -- keyboard ----------------------------------------------------------------------------

const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

function onCellKey(event) {
  const index = Number(event.target.dataset.index), n = state.grid.n;
  const key = event.key;
  let target = null;
  if (STEPS[key]) {
    const [dr, dc] = STEPS[key];
    const row = Math.min(n - 1, Math.max(0, rowOf(index) + dr));
    const col = Math.min(n - 1, Math.max(0, colOf(index) + dc));
    target = row * n + col;
  } else if (key === "Home") target = rowOf(index) * n;
  else if (key === "End") target = rowOf(index) * n + n - 1;
  else if (key === " " || key === "x" || key === "X") toggle(index, CROSS);
  else if (key === "Enter" || key === "q" || key === "Q") toggle(index, QUEEN);
  else if (key === "Delete" || key === "Backspace") move(() => setMark(index, EMPTY));
  else return;
  event.preventDefault();
  if (target !== null) setFocus(target);
}

function onDocumentKey(event) {
  if (event.key === "Escape" && state.hint && !$("win").open) {  // the hint's outlines away
    clearFlags();
    return;
  }
  if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
  if (event.target.closest && event.target.closest("input, textarea, select")) return;
  const key = event.key.toLowerCase();
  if (key === "z" && !event.shiftKey) undo();
  else if (key === "y" || (key === "z" && event.shiftKey)) redo();
  else return;
  event.preventDefault();
}

// -- the timer ---------------------------------------------------------------------------

function elapsed() {
  return state.elapsed + (state.started === null ? 0 : Date.now() - state.started);
}

function clock(ms) {
  const seconds = Math.floor(ms / 1000), h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60), s = String(seconds % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

function tick() { $("timer").textContent = clock(elapsed()); }

function stopClock() {
  state.elapsed = elapsed();
  state.started = null;
  tick();
}

function startClock() {
  if (state.started === null && !state.solved && !state.revealed && !state.paused) {
    state.started = Date.now();
  }
  tick();
}

function setPaused(paused) {
  if (!state.grid || state.solved) return;
  state.paused = paused;
  if (paused) stopClock(); else startClock();
  $("paused").hidden = !paused;
  $("pause").textContent = paused ? "Resume" : "Pause";
  $("pause").setAttribute("aria-pressed", String(paused));
  save();
  if (paused) $("resume").focus(); else setFocus(state.focus);
}

// -- the win screen and its share text -----------------------------------------------------

const hintsUsed = () => (state.hints === 1 ? "1 hint" : `${state.hints || "no"} hints`);
const checksUsed = () => (state.checks === 1 ? "1 check" : `${state.checks || "no"} checks`);

// The share text: which puzzle, its size, the time, the hints and checks used; never a
// position (a grid of the queens would give the solution away).
function shareText() {
  const n = state.grid.n, k = starsOf();
  const size = `${n} x ${n}${k > 1 ? `, ${k} stars` : ""}`;
  const lines = [`queens ${describe(false)}`,
    `${size} \u00b7 ${clock(state.elapsed)} \u00b7 ${hintsUsed()} \u00b7 ${checksUsed()}`];
  if (state.peeked) lines.push("(the solution was shown)");
  return lines.join("\n");
}

function win() {
  state.solved = true;
  stopClock();
  draw();
  const level = state.about.level;
  if (level && !state.peeked) {
    const key = BEST_PREFIX + level, best = Number(localStorage.getItem(key)) || Infinity;
    if (state.elapsed < best) localStorage.setItem(key, String(state.elapsed));
    showLevels();
  }
  if (!state.peeked) countWin();
  save();
  say("Solved!");
  document.body.dataset.solved = "true";
  if (state.tapping) state.ghost = performance.now();
  showWin();
}

function showWin() {
  const shown = state.peeked ? ", the solution shown" : "";
  $("win-summary").textContent =
    `${describe(true)} in ${clock(state.elapsed)}, ${hintsUsed()}, ${checksUsed()}${shown}.`;
  $("share-text").textContent = shareText();
  $("share-note").textContent = "";
  $("stats").textContent = statsText();
  $("next-level").hidden = state.about.kind !== "level" || state.about.level >= state.levels.length;
  $("grid").classList.add("won");  // the win animation (none under prefers-reduced-motion)
  if (!$("win").open) $("win").showModal();
}

// -- statistics and streaks, kept in the browser ---------------------------------------------

function readStats() {
  let stats = {};
  try { stats = JSON.parse(localStorage.getItem(STATS_KEY) || "{}") || {}; } catch { stats = {}; }
  const count = (value) => (Number.isInteger(value) && value >= 0 ? value : 0);
  const best = stats.best && typeof stats.best === "object" ? stats.best : {};
  return { played: count(stats.played), solved: count(stats.solved), streak: count(stats.streak),
    bestStreak: count(stats.bestStreak), lastDaily: typeof stats.lastDaily === "string" ? stats.lastDaily : "", best };
}

function updateStats(change) {
  const stats = readStats();
  change(stats);
  try { localStorage.setItem(STATS_KEY, JSON.stringify(stats)); } catch { /* unsaved */ }
}

const dayBefore = (date) => {
  const day = new Date(`${date}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
};

// A win (the solution not shown): solved, the best time of its size, and for a 1-star daily
// the streak of days in a row.
function countWin() {
  const { kind, date } = state.about, size = `${state.grid.n}${starsOf() > 1 ? `*${starsOf()}` : ""}`;
  updateStats((stats) => {
    stats.solved++;
    stats.played = Math.max(stats.played, stats.solved);
    if (!(stats.best[size] <= state.elapsed)) stats.best[size] = state.elapsed;
    if (kind === "daily" && starsOf() === 1 && date !== stats.lastDaily) {
      stats.streak = stats.lastDaily === dayBefore(date) ? stats.streak + 1 : 1;
      stats.lastDaily = date;
      stats.bestStreak = Math.max(stats.bestStreak, stats.streak);
    }
  });
}

function statsText() {
  const stats = readStats(), n = state.grid.n, k = starsOf();
  const best = stats.best[`${n}${k > 1 ? `*${k}` : ""}`];
  const parts = [`Played ${stats.played}, solved ${stats.solved}`,
    `daily streak ${stats.streak} (best ${stats.bestStreak})`];
  if (best !== undefined) parts.push(`best ${n} x ${n}${k > 1 ? ` ${k} stars` : ""} ${clock(best)}`);
  return parts.join(" \u00b7 ") + ".";
}

async function copy(text, field) {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    field.hidden = false;  // no clipboard (not allowed, or not a secure page): select it
    if (field.value !== undefined) field.value = text;
    const range = document.createRange();
    range.selectNodeContents(field);
    getSelection().removeAllRanges();
    getSelection().addRange(range);
    if (field.select) field.select();
    return document.execCommand && document.execCommand("copy");
  }
}

// -- what the puzzle is, saved progress, the URL --------------------------------------------

function describe(long) {
  const { kind, date, level, seed, difficulty } = state.about, n = state.grid.n, k = starsOf();
  const size = `${n} x ${n}`, hard = difficulty ? ` ${difficulty}` : "";
  const stars = k > 1 ? `${k} stars, ` : "";
  if (kind === "daily") {
    const which = level ? `level ${level}, ` : stars;
    return long ? `The daily puzzle of ${date} (${which}${size}${hard})` : `daily ${date}`;
  }
  if (kind === "level") return long ? `Level ${level} (${size}${hard})` : `level ${level}`;
  if (kind === "generated") return long ? `${stars}${size}${hard}, seed ${seed}` : `seed ${seed}${hard}`;
  return long ? `Your grid (${stars}${size})` : "your grid";
}

const rowsOf = (grid) => grid.text.trimEnd().split("\n");
const saveKey = () => SAVE_PREFIX + (starsOf() > 1 ? `${starsOf()}*` : "") + rowsOf(state.grid).join("/");

function save() {
  if (!state.grid) return;
  const record = {
    marks: state.marks.map((mark) => MARK_CHAR[mark]).join(""), owner: state.owner,
    elapsed: elapsed(), hints: state.hints, checks: state.checks, solved: state.solved,
    revealed: state.revealed, peeked: state.peeked,
  };
  try {
    localStorage.setItem(saveKey(), JSON.stringify(record));
  } catch { /* storage full or refused: the game goes on unsaved */ }
}

function readMarks(text, n) {
  if (typeof text !== "string" || text.length !== n * n || /[^.xq]/.test(text)) return null;
  return [...text].map((char) => MARK_CHAR.indexOf(char));
}

function restore() {
  let record = null;
  try { record = JSON.parse(localStorage.getItem(saveKey()) || "null"); } catch { record = null; }
  const n = state.grid.n, marks = record && readMarks(record.marks, n);
  if (!marks) return false;
  state.marks = marks;
  const owner = Array.isArray(record.owner) && record.owner.length === n * n ? record.owner : null;
  state.owner = owner && owner.every((v) => Number.isInteger(v) && v >= -1 && v < n * n)
    ? owner : new Array(n * n).fill(-1);
  state.elapsed = Number.isFinite(record.elapsed) && record.elapsed >= 0 ? record.elapsed : 0;
  state.hints = Number.isInteger(record.hints) && record.hints >= 0 ? record.hints : 0;
  state.checks = Number.isInteger(record.checks) && record.checks >= 0 ? record.checks : 0;
  state.peeked = record.peeked === true || record.revealed === true;
  state.solved = record.solved === true;
  state.revealed = record.revealed === true;
  return true;
}

function hashFor(withGrid, withMarks) {
  const { kind, date, level, seed, difficulty } = state.about;
  const params = new URLSearchParams();
  if (withGrid || !["daily", "level"].includes(kind)) params.set("grid", rowsOf(state.grid).join("-"));
  if (kind === "daily") params.set("daily", date);
  if (kind === "level") params.set("level", level);
  if (kind === "generated") { params.set("seed", seed); if (difficulty) params.set("difficulty", difficulty); }
  if (starsOf() > 1) params.set("stars", starsOf());
  if (withMarks) params.set("marks", state.marks.map((mark) => MARK_CHAR[mark]).join(""));
  return "#" + params.toString();
}

function inProgress() {
  return state.grid && !state.solved && !state.revealed && state.marks.some((mark) => mark);
}

function leaveGame() {
  return !inProgress() || window.confirm(
    "Leave the game in progress? Its marks stay saved in this browser for this grid.");
}

// A link's marks (or null) over what restore() found: taken unless they would replace a
// saved game (in progress or solved) the player chooses to keep. Whether they are shown.
function takeLinkMarks(marks, restored) {
  if (!marks) return false;
  if (marks.every((mark, index) => mark === state.marks[index])) return true;
  if (restored && (state.solved || state.marks.some((mark) => mark))) {
    const what = state.solved ? "solved" : "in progress";
    const ask = `You have a game of this puzzle ${what} in this browser. Replace it with the `
      + "link's marks? (Cancel keeps your game.)";
    if (!window.confirm(ask)) return false;
    Object.assign(state, { elapsed: 0, hints: 0, checks: 0, peeked: false });
  }
  state.marks = marks;
  state.owner.fill(-1);
  state.solved = false;
  state.revealed = false;
  return true;
}

// Show a grid (from the server: n, cells, names, colors, text) as the game now played; a
// link's marks are shown unless the player keeps a saved game (returns whether they are).
function play(grid, about, marks = null) {
  if (state.grid) save();
  state.grid = grid;
  state.about = about;
  const n = grid.n, k = starsOf();
  showStars();
  state.marks = new Array(n * n).fill(EMPTY);
  state.owner = new Array(n * n).fill(-1);
  Object.assign(state, { undo: [], redo: [], hints: 0, checks: 0, elapsed: 0, started: null,
    paused: false, solved: false, revealed: false, peeked: false, version: state.version + 1 });
  const restored = restore();
  const linked = takeLinkMarks(marks, restored);
  state.fresh = !restored && !state.marks.some((mark) => mark);
  $("grid").classList.remove("won");
  buildBoard();
  clearFlags();
  $("grid-text").value = grid.text;
  showGridError("");
  $("paused").hidden = true;
  $("pause").textContent = "Pause";
  $("title").textContent = describe(true);
  document.body.dataset.solved = String(state.solved);
  document.body.dataset.date = about.date || "";
  history.replaceState(null, "", hashFor(false, false));
  showLevels();
  if ($("win").open) $("win").close();
  draw();
  save();
  askStars();
  if (state.solved) {
    say("Solved!");
    tick();
    return linked;
  }
  const task = k === 1 ? `Place ${n} queens.` : `Place ${n * k} queens, ${k} in every row, column and region.`;
  say(restored || linked ? "Welcome back: your marks are restored." : task);
  if (!state.revealed) startClock();
  settle();  // a link's marks may be a whole solution
  return linked;
}

// A link pasted or the hash changed in this tab (the page's own changes replace the state,
// firing no hashchange): that puzzle, once the game in progress may be left.
function onHashChange() {
  if (state.grid && location.hash === hashFor(false, false)) return;
  if (!leaveGame()) {
    history.replaceState(null, "", hashFor(false, false));
    return;
  }
  run(openFromUrl);
}

function localDate() {
  const now = new Date();
  const pad = (value) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const dailyPath = (date, k) => `/api/puzzle/daily?date=${encodeURIComponent(date)}${k > 1 ? `&stars=${k}` : ""}`;

// The day's puzzle with the stars chosen (one star: the level archive's; 2 and 3: made from
// the date, 3 stars in seconds).
async function openDaily(date, k = 1) {
  if (k > 2) say(`Making the ${k}-star puzzle of the day (some seconds)\u2026`);
  const data = await request(dailyPath(date, k));
  play(data, { kind: "daily", date: data.date, level: data.level, difficulty: data.difficulty, stars: k });
}

async function openLevel(number) {
  const data = await request(`/api/puzzle/levels/${encodeURIComponent(number)}`);
  play(data, { kind: "level", level: data.level, difficulty: data.difficulty, stars: 1 });
}

async function generate() {
  const body = { n: Number($("size").value) }, k = Number($("new-stars").value) || 1;
  if ($("difficulty").value && !$("difficulty").disabled) body.difficulty = $("difficulty").value;
  if (k === 1 && $("look").value !== "even") body.look = $("look").value;
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  if (k > 1) body.stars = k;
  if (!leaveGame()) return;
  say(k > 2 ? `Generating (up to ${state.generating.seconds} s)\u2026` : "Generating\u2026");
  const grid = await request("/api/puzzle/generate", body);
  play(grid, { kind: "generated", seed: grid.seed, difficulty: body.difficulty, stars: k });
  say(`Generated with seed ${grid.seed}: place ${grid.n * k} queens${k > 1 ? `, ${k} in every row, column and region` : ""}.`);
}

// source: grid text (or a JSON level), or a picture (a Blob) the server reads the grid from.
async function load(source) {
  let grid;
  try {
    grid = source instanceof Blob ? await request("/api/puzzle/read", source)
      : await request("/api/puzzle/grid", { grid: source });
  } catch (error) {
    showGridError(error.message);
    return;
  }
  if (leaveGame()) play(grid, { kind: "text", stars: 1 });
}

const isPicture = (file) => file.type.startsWith("image/");

async function loadFile(file) { await load(isPicture(file) ? file : await file.text()); }

// Ctrl+V of a picture anywhere but in a text field (where a paste is the field's).
function onPaste(event) {
  if (event.target.closest("input, textarea, [contenteditable]")) return;
  const item = [...event.clipboardData.items].find((i) => i.kind === "file" && i.type.startsWith("image/"));
  if (!item) return;
  event.preventDefault();
  load(item.getAsFile());
}

// A file dropped anywhere on the page (a picture, or a text or JSON file), not opened by the browser.
function onDrop(event) {
  const file = event.dataTransfer.files[0];
  if (!file) return;
  event.preventDefault();
  loadFile(file);
}

// The puzzle the URL names (#grid=ROWS, #daily=DATE or #level=K; marks=...), else today's.
async function openFromUrl() {
  const params = new URLSearchParams(location.hash.slice(1));
  const linked = Number(params.get("stars") || "1");
  const about = { kind: "text", stars: Number.isInteger(linked) && linked >= 1 && linked <= MAX_STARS ? linked : 1 };
  $("stars").value = String(about.stars);
  if (params.has("daily")) Object.assign(about, { kind: "daily", date: params.get("daily") });
  else if (params.has("level")) Object.assign(about, { kind: "level", level: Number(params.get("level")) });
  else if (params.has("seed")) {
    Object.assign(about, { kind: "generated", seed: params.get("seed"), difficulty: params.get("difficulty") || "" });
  }
  if (params.has("grid")) {
    let grid;
    try {
      grid = await request("/api/puzzle/grid", { grid: params.get("grid").split("-").join("\n") });
    } catch (error) {  // a damaged link: today's puzzle instead, and why
      await openDaily(localDate());
      showGridError(`The link's grid: ${error.message}`);
      return;
    }
    if (about.kind === "daily" || about.kind === "level") {
      const known = await request(about.kind === "daily"
        ? dailyPath(about.date, about.stars) : `/api/puzzle/levels/${about.level}`)
        .catch(() => null);
      if (known && known.text === grid.text) {
        Object.assign(about, { level: known.level, difficulty: known.difficulty });
      } else {
        about.kind = "text";  // not that day's or level's grid (another version's archive)
      }
    }
    if (!starsFit(grid.n, about.stars)) about.stars = 1;
    const linked = play(grid, about, readMarks(params.get("marks"), grid.n));
    if (params.has("marks")) {
      say(linked ? "The marks of the link are shown." : "Your saved game is kept; the link's marks are not shown.");
    }
  } else if (about.kind === "daily") await openDaily(about.date, about.stars);
  else if (about.kind === "level") await openLevel(about.level);
  else await openDaily(localDate());
}

// -- hints, check, solution ----------------------------------------------------------------

function cellsOf(pairs) { return pairs.map(([row, col]) => row * state.grid.n + col); }

async function hint() {
  const version = state.version;
  const result = await request("/api/puzzle/hint", position());
  if (version !== state.version) return;
  clearFlags();
  // A mistake blocks the hint: wrong queens are outlined, wrong crosses only counted (a
  // cross named would say where a queen goes). Either answer is a hint used.
  for (const index of cellsOf(result.wrong)) {
    if (state.marks[index] === QUEEN) cellEl(index).classList.add("wrong");
  }
  say(result.message);
  if (result.step || result.wrong.length || result.wrongCrosses) {
    state.hints++;
    save();
  }
  if (!result.step) return;
  const step = result.step;
  for (const index of cellsOf(step.focus)) cellEl(index).classList.add("hint-focus");
  for (const index of cellsOf(step.place)) cellEl(index).classList.add("hint-place");
  for (const index of cellsOf(step.clear)) cellEl(index).classList.add("hint-clear");
  state.hint = step;
  $("apply-hint").hidden = false;
}

function applyHint() {
  const step = state.hint;
  if (!step) return;
  move(() => {
    for (const index of cellsOf(step.place)) setMark(index, QUEEN);
    for (const index of cellsOf(step.clear)) if (state.marks[index] === EMPTY) setMark(index, CROSS);
  });
}

// Check judges the queens alone (a cross judged would say where a queen goes, or where
// none does), and each check of a queen or more is counted in the result and share text.
async function check() {
  const placed = queens();
  if (!placed.length) {
    say("No queen to check yet (Check judges queens, never crosses).");
    return;
  }
  const version = state.version;
  const result = await request("/api/puzzle/check", { ...position(), crosses: [] });
  if (version !== state.version) return;
  clearFlags();
  state.checks++;
  save();
  const bad = cellsOf(result.wrong);
  for (const index of bad) cellEl(index).classList.add("wrong");
  const counted = ` (${checksUsed()} used)`;
  if (bad.length) {
    say(`${bad.length} queen${bad.length > 1 ? "s are" : " is"} not where the solution has one (outlined)${counted}.`);
  } else {
    say(`${placed.length === 1 ? "Your queen is" : `All ${placed.length} queens are`} right so far${counted}.`);
  }
}

async function showSolution() {
  const ask = "Show the solution? The game then counts as shown, not solved; Undo takes it back.";
  if (!window.confirm(ask)) return;
  const version = state.version;
  const asked = { grid: state.grid.text };
  if (starsOf() > 1) asked.stars = starsOf();
  const result = await request("/api/puzzle/solution", asked);
  if (version !== state.version) return;
  say(result.message);
  const rows = result.rows || (result.columns && result.columns.map((col) => [col]));
  if (!rows) return;
  remember();
  clearFlags();
  state.revealed = true;
  state.peeked = true;
  stopClock();
  state.marks.fill(CROSS);
  state.owner.fill(-1);
  rows.forEach((cols, row) => cols.forEach((col) => { state.marks[row * state.grid.n + col] = QUEEN; }));
  draw();
  save();
}

function restart() {
  if (!state.grid) return;
  const ask = inProgress() || state.solved || state.revealed;
  if (ask && !window.confirm("Start this puzzle again? Its marks and time are cleared.")) return;
  const grid = state.grid;
  localStorage.removeItem(saveKey());
  state.grid = null;  // nothing left to save
  play(grid, state.about);
}

// -- levels ------------------------------------------------------------------------------

async function loadLevels() {
  state.levels = (await request("/api/puzzle/levels")).levels;
  showLevels();
}

// The level list: a listbox, one tab stop (the active option followed by
// aria-activedescendant), arrow keys, Home and End inside, Enter or a click opens; a
// tick on the levels solved in this browser, their best times; filtered by number, size
// ("8" or "8x8") and difficulty.
function showLevels() {
  const list = $("levels");
  if (!state.levels.length) return;
  if (list.children.length !== state.levels.length) {
    list.replaceChildren(...state.levels.map(({ level, n, difficulty }) => {
      const item = document.createElement("li");
      item.id = `level-${level}`;
      item.setAttribute("role", "option");
      item.dataset.level = level;
      item.dataset.search = `${level} ${n} ${n}x${n} ${n} x ${n}`;
      item.dataset.difficulty = difficulty;
      const tick = document.createElement("span");
      tick.className = "tick";
      tick.setAttribute("aria-hidden", "true");
      const best = document.createElement("span");
      best.className = "best";
      item.append(tick, `${level} \u00b7 ${n} x ${n} ${difficulty}`, best);
      return item;
    }));
  }
  for (const item of list.children) {
    const best = localStorage.getItem(BEST_PREFIX + item.dataset.level);
    item.querySelector(".best").textContent = best ? ` best ${clock(Number(best))}` : "";
    item.querySelector(".tick").textContent = best ? "\u2713 " : "";
    item.classList.toggle("done", Boolean(best));
    const current = Number(item.dataset.level) === state.about.level;
    item.setAttribute("aria-selected", String(current));
    if (current) activateLevel(item, false);
  }
  filterLevels();
}

const shownLevels = () => [...$("levels").children].filter((item) => !item.hidden);

function filterLevels() {
  const words = $("level-filter").value.trim().toLowerCase().replace(/\s+/g, " ");
  const difficulty = $("level-difficulty").value;
  for (const item of $("levels").children) {
    const fits = (!words || ` ${item.dataset.search} `.includes(` ${words} `)
      || item.dataset.level.startsWith(words)) && (!difficulty || item.dataset.difficulty === difficulty);
    item.hidden = !fits;
  }
  const active = $(($("levels").getAttribute("aria-activedescendant")) || "");
  if (!active || active.hidden) activateLevel(shownLevels()[0] || null, false);
}

function activateLevel(item, scroll = true) {
  const list = $("levels");
  for (const other of list.querySelectorAll(".active")) other.classList.remove("active");
  if (!item) {
    list.removeAttribute("aria-activedescendant");
    return;
  }
  item.classList.add("active");
  list.setAttribute("aria-activedescendant", item.id);
  if (scroll) item.scrollIntoView({ block: "nearest" });
}

function chooseLevel(item) {
  if (!item) return;
  activateLevel(item);
  const level = Number(item.dataset.level);
  if (state.about.kind === "level" && state.about.level === level) return;
  if (leaveGame()) run(() => openLevel(level));
}

function onLevelKey(event) {
  const shown = shownLevels(), list = $("levels");
  if (!shown.length) return;
  const at = shown.indexOf($(list.getAttribute("aria-activedescendant") || ""));
  const page = 8, last = shown.length - 1;
  const to = { ArrowDown: at + 1, ArrowUp: at - 1, Home: 0, End: last, PageDown: at + page, PageUp: at - page }[event.key];
  if (to !== undefined) activateLevel(shown[Math.max(0, Math.min(last, to))]);
  else if (event.key === "Enter" || event.key === " ") chooseLevel(shown[Math.max(at, 0)]);
  else return;
  event.preventDefault();
}

// -- the stars selector ---------------------------------------------------------------------

const chosenStars = () => Number($("stars").value) || 1;

// The selector shows the game's stars; it offers the star counts this grid has a solution
// with (the server's answer, /api/puzzle/stars; until it comes, none but the game's), and on
// today's daily the 1-, 2- and 3-star dailies. The rules line says K.
function showStars() {
  const k = starsOf();
  $("stars").value = String(k);
  offerStars();
  $("rules").textContent = k === 1 ? RULES_ONE : `Place ${k} queens in every row, every column `
    + "and every coloured region; no two queens may touch, not even diagonally.";
}

// A star count the server could not decide in its time is shown, greyed and marked, so that
// a player knows it was not ruled out: it may have a solution.
function offerStars() {
  const k = starsOf(), daily = state.about.kind === "daily";
  for (const option of $("stars").options) {
    const value = Number(option.value);
    const taken = value === k || (daily ? value <= 3 : (state.takes || []).includes(value));
    const undecided = !taken && !daily && (state.undecided || []).includes(value);
    option.disabled = !taken;
    option.hidden = !taken && !undecided;
    option.textContent = undecided ? `${value} (not decided in time)` : String(value);
  }
}

async function askStars() {
  state.takes = null;
  state.undecided = null;
  if (state.about.kind === "daily") return;
  const grid = state.grid;
  const answer = await request("/api/puzzle/stars", { grid: grid.text }).catch(() => null);
  if (state.grid !== grid || !answer) return;
  state.takes = answer.stars;
  state.undecided = answer.undecided;
  offerStars();
}

// The stars and sizes the server generates within its time (GET /api/puzzle/generate; until
// it answers, one and two stars as the page ships). A K it cannot make here (4 to 6 stars
// without python-sat) is still listed: chosen, it says why and nothing is generated.
async function loadGenerated() {
  const offered = await request("/api/puzzle/generate");
  state.generating = { seconds: offered.seconds, sizes: new Map(offered.sizes.map((size) => [size.stars, size])) };
  const select = $("new-stars"), was = select.value;
  select.replaceChildren(...offered.sizes.map(({ stars, reason }) => {
    const chosen = String(stars) === was;
    return new Option(reason ? `${stars} (not here)` : String(stars), String(stars), chosen, chosen);
  }));
  showSizes();
}

function everyDifficulty(low, high) {
  return ["easy", "medium", "hard"].map((difficulty) => ({ difficulty, low, high }));
}

// Sizes offered for a new puzzle: those generated with the stars chosen there, or why none;
// each difficulty where the server grades within its time (the note says where it does not).
function showSizes() {
  const k = Number($("new-stars").value), offer = state.generating.sizes.get(k) || { reason: "not offered" };
  const select = $("size"), note = $("new-stars-note"), was = Number(select.value) || 8;
  note.textContent = offer.reason ? `Not generated here: ${offer.reason}` : gradedNote(k, offer);
  note.hidden = !note.textContent;
  select.disabled = $("generate").disabled = Boolean(offer.reason);
  if (offer.reason) {
    select.replaceChildren();
    showDifficulties();
    return;
  }
  const { low, high } = offer, options = select.options;
  if (!options.length || Number(options[0].value) !== low || Number(options[options.length - 1].value) !== high) {
    select.replaceChildren();
    for (let n = low; n <= high; n++) {
      const chosen = n === Math.min(high, Math.max(low, was));
      select.append(new Option(`${n} x ${n}`, String(n), chosen, chosen));
    }
  }
  showDifficulties();
}

// What the difficulty menu leaves out with these stars: "3 stars: hard not offered (why)",
// or a difficulty offered at some sizes only.
function gradedNote(k, offer) {
  const parts = (offer.difficulties || []).flatMap(({ difficulty, low, high, reason }) => {
    if (reason) return [`${difficulty} not offered (${reason})`];
    if (low === offer.low && high === offer.high) return [];
    return [`${difficulty} only ${low === high ? `at ${low} x ${low}` : `from ${low} x ${low} to ${high} x ${high}`}`];
  });
  return parts.length ? `${k} stars: ${parts.join("; ")}.` : "";
}

// The difficulties generated at the stars and size chosen; the others disabled, "(not here)".
function showDifficulties() {
  const k = Number($("new-stars").value), n = Number($("size").value), menu = $("difficulty");
  const offer = state.generating.sizes.get(k) || {};
  const listed = new Map((offer.difficulties || []).map((item) => [item.difficulty, item]));
  for (const option of menu.options) {
    if (!option.value) continue;
    const item = listed.get(option.value);
    const here = Boolean(item && !item.reason && item.low <= n && n <= item.high);
    option.disabled = !here;
    option.textContent = here ? option.value : `${option.value} (not here)`;
  }
  if (menu.selectedOptions[0] && menu.selectedOptions[0].disabled) menu.value = "";
  menu.disabled = !offer.graded;
}

// Other stars for this grid: on today's daily that many stars' daily, else the same grid.
function changeStars() {
  const k = chosenStars();
  if (!state.grid || k === starsOf()) return;
  if (!leaveGame()) {
    $("stars").value = String(starsOf());
    return;
  }
  if (state.about.kind === "daily") {
    run(() => openDaily(state.about.date, k));
    return;
  }
  play(state.grid, { kind: "text", stars: k });
}

// -- the tutorial: three steps over a 4 x 4 example, shown on a first visit ------------------

const EXAMPLE = { rows: ["AAAB", "CAAB", "CCDB", "CCDD"], queens: [1, 3, 0, 2],
  colors: ["#a5f0d2", "#ffd2a5", "#1ec3ff", "#f096c3"] };

function buildExample() {
  const board = $("tutorial-board");
  board.replaceChildren(...EXAMPLE.rows.map((line, row) => {
    const tr = document.createElement("div");
    tr.setAttribute("role", "row");
    tr.append(...[...line].map((name, col) => {
      const cell = document.createElement("button");
      cell.type = "button";
      cell.setAttribute("role", "gridcell");
      cell.className = "example";
      cell.dataset.mark = "0";
      cell.style.backgroundColor = EXAMPLE.colors[name.charCodeAt(0) - 65];
      cell.setAttribute("aria-label", `row ${row + 1}, column ${col + 1}, region ${name}, empty`);
      cell.addEventListener("click", () => markExample(cell, row, col, name));
      return cell;
    }));
    return tr;
  }));
}

function markExample(cell, row, col, name) {
  const mark = (Number(cell.dataset.mark) + 1) % 3;
  cell.dataset.mark = String(mark);
  cell.textContent = ["", "\u00d7", "\u265b"][mark];
  cell.setAttribute("aria-label", `row ${row + 1}, column ${col + 1}, region ${name}, ${MARK_NAME[mark]}`);
  const placed = [...$("tutorial-board").querySelectorAll(".example")]
    .map((c, i) => (c.dataset.mark === "2" ? i : -1)).filter((i) => i >= 0);
  const right = placed.length === 4 && placed.every((i) => EXAMPLE.queens[Math.floor(i / 4)] === i % 4);
  $("tutorial-note").textContent = right ? "Solved: that is the whole game." : "";
}

function tutorialStep(step) {
  $("tutorial").dataset.step = String(step);
  for (const part of $("tutorial").querySelectorAll(".step")) part.hidden = Number(part.dataset.step) !== step;
  $("tutorial-step").textContent = `${step} of 3`;
  $("tutorial-back").disabled = step === 1;
  $("tutorial-next").hidden = step === 3;
}

function openTutorial() {
  buildExample();
  $("tutorial-note").textContent = "";
  tutorialStep(1);
  if (!$("tutorial").open) $("tutorial").showModal();
}

function closeTutorial() {
  try { localStorage.setItem(TUTORIAL_KEY, "1"); } catch { /* shown again next time */ }
  if ($("tutorial").open) $("tutorial").close();
}

// -- settings and setup -------------------------------------------------------------------

function saveSettings() {
  const settings = { autocross: $("autocross").checked, timer: $("show-timer").checked, theme: $("theme").value };
  try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch { /* unsaved */ }
  document.body.classList.toggle("timer-hidden", !settings.timer);
  // Light or dark as chosen; "as the system" leaves it to prefers-color-scheme.
  if (settings.theme === "system") delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = settings.theme;
}

function loadSettings() {
  let settings = {};
  try { settings = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") || {}; } catch { settings = {}; }
  if (typeof settings.autocross === "boolean") $("autocross").checked = settings.autocross;
  if (typeof settings.timer === "boolean") $("show-timer").checked = settings.timer;
  if (["system", "light", "dark"].includes(settings.theme)) $("theme").value = settings.theme;
  saveSettings();
}

async function copyLink() {
  if (!state.grid) return;
  const link = location.origin + location.pathname + hashFor(true, $("link-marks").checked);
  $("link-text").value = link;
  $("link-text").hidden = false;
  say(await copy(link, $("link-text")) ? "The link is copied." : "Copy the link below.");
}

function setUp() {
  for (let k = 1; k <= MAX_STARS; k++) $("stars").append(new Option(String(k), String(k), k === 1, k === 1));
  showSizes();
  $("new-stars").addEventListener("change", showSizes);
  $("size").addEventListener("change", showDifficulties);
  document.addEventListener("click", onGhostClick, true);
  window.addEventListener("hashchange", onHashChange);
  $("stars").addEventListener("change", changeStars);
  const grid = $("grid");
  grid.addEventListener("pointerdown", onPointerDown);
  document.addEventListener("pointermove", onPointerMove);
  document.addEventListener("pointerup", onPointerUp);
  document.addEventListener("pointercancel", () => {
    const dragged = state.drag && state.drag.moved;
    state.drag = null;
    if (dragged) settle();
  });
  grid.addEventListener("keydown", (event) => event.target.matches(".cell") && onCellKey(event));
  document.addEventListener("keydown", onDocumentKey);
  $("undo").addEventListener("click", undo);
  $("redo").addEventListener("click", redo);
  $("pause").addEventListener("click", () => setPaused(!state.paused));
  $("resume").addEventListener("click", () => setPaused(false));
  $("hint").addEventListener("click", () => state.grid && !state.solved && run(hint));
  $("apply-hint").addEventListener("click", applyHint);
  $("check").addEventListener("click", () => state.grid && run(check));
  $("solution").addEventListener("click", () => state.grid && !state.solved && run(showSolution));
  $("reset").addEventListener("click", restart);
  for (const k of [1, 2, 3]) {
    $(k === 1 ? "daily" : `daily-${k}`).addEventListener("click", () => {
      if (state.about.kind === "daily" && state.about.date === localDate() && starsOf() === k) return;
      if (leaveGame()) run(() => openDaily(localDate(), k));
    });
  }
  $("generate").addEventListener("click", () => run(generate));
  $("levels").addEventListener("keydown", onLevelKey);
  $("levels").addEventListener("click", (event) => chooseLevel(event.target.closest("[role=option]")));
  $("level-filter").addEventListener("input", filterLevels);
  $("level-difficulty").addEventListener("change", filterLevels);
  $("copy-link").addEventListener("click", () => run(copyLink));
  $("copy-share").addEventListener("click", async () => {
    const done = await copy($("share-text").textContent, $("share-text"));
    $("share-note").textContent = done ? "Copied to the clipboard." : "Select the text and copy it.";
  });
  $("close-win").addEventListener("click", () => $("win").close());
  $("tutorial-open").addEventListener("click", openTutorial);
  $("tutorial-back").addEventListener("click", () => tutorialStep(Number($("tutorial").dataset.step) - 1));
  $("tutorial-next").addEventListener("click", () => tutorialStep(Number($("tutorial").dataset.step) + 1));
  $("tutorial-close").addEventListener("click", closeTutorial);
  $("tutorial").addEventListener("close", closeTutorial);
  $("next-level").addEventListener("click", () => {
    $("win").close();
    run(() => openLevel(state.about.level + 1));
  });
  $("random-level").addEventListener("click", () => {
    $("win").close();
    const others = state.levels.filter(({ level }) => level !== state.about.level);
    if (others.length) run(() => openLevel(others[Math.floor(Math.random() * others.length)].level));
  });
  $("autocross").addEventListener("change", saveSettings);
  $("show-timer").addEventListener("change", saveSettings);
  $("theme").addEventListener("change", saveSettings);
  $("load").addEventListener("click", () => load($("grid-text").value));
  $("file").addEventListener("change", async (event) => {
    const file = event.target.files[0];
    if (file) await loadFile(file);
  });
  document.addEventListener("paste", onPaste);
  document.addEventListener("dragover", (event) => {
    if (event.dataTransfer.types.includes("Files")) event.preventDefault();  // allows the drop
  });
  document.addEventListener("drop", onDrop);
  document.addEventListener("visibilitychange", () => {
    if (document.hidden && state.started !== null) setPaused(true);  // no time while away
    if (state.grid) save();
  });
  window.addEventListener("pagehide", save);
  setInterval(() => { if (state.started !== null) tick(); }, 250);
  loadSettings();
  document.body.dataset.busy = "0";
  Promise.all([run(loadLevels), run(openFromUrl), run(loadGenerated)]).finally(() => {
    let seen = true;
    try { seen = Boolean(localStorage.getItem(TUTORIAL_KEY)); } catch { seen = true; }
    if (!seen) openTutorial();  // a first visit
    document.body.dataset.ready = "true";
  });
}

setUp();
