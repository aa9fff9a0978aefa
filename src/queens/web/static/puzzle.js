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
const MAX_STARS = 6;
const RULES_ONE = "Place one queen in every row, every column and every coloured region; no two queens may touch, not even diagonally.";

// version: bumped by every action, so a late answer to an earlier one is dropped.
const state = {
  grid: null, about: {}, marks: [], owner: [], undo: [], redo: [], hints: 0, hint: null,
  elapsed: 0, started: null, paused: false, solved: false, revealed: false, focus: 0,
  drag: null, version: 0, busy: 0, levels: [], cellEls: [],
};
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
    const response = await fetch(path, options);
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

function drawCell(index, clashing) {
  const cell = cellEl(index), mark = state.marks[index];
  cell.classList.remove("cross", "queen", "clash");
  if (mark) cell.classList.add(MARK_CLASS[mark]);
  if (clashing) cell.classList.add("clash");
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
  const bad = clashes();
  state.marks.forEach((_, index) => drawCell(index, bad.has(index)));
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
  board.style.setProperty("--n", String(n));
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
  remember();
  change();
  state.version++;
  clearFlags();
  say("");
  settle();
}

function settle() {
  const bad = draw();
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
  if (drag.moved) {
    state.version++;
    say("");
    settle();
  } else {
    cycle(drag.start);
  }
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

// The coloured squares of the emoji set, and the colour each is drawn in.
const EMOJI = [
  ["\u{1F7E5}", [221, 46, 68]], ["\u{1F7E7}", [244, 144, 12]], ["\u{1F7E8}", [253, 203, 88]],
  ["\u{1F7E9}", [120, 177, 89]], ["\u{1F7E6}", [85, 172, 238]], ["\u{1F7EA}", [170, 142, 214]],
  ["\u{1F7EB}", [193, 105, 79]], ["\u2B1C", [230, 231, 232]], ["\u2B1B", [49, 55, 61]],
];
const QUEEN_EMOJI = "\u{1F451}";

function rgb(color) {
  const probe = document.createElement("div");
  probe.style.color = color;
  document.body.append(probe);
  const parts = getComputedStyle(probe).color.match(/\d+/g).map(Number);
  probe.remove();
  return parts.slice(0, 3);
}

function hue(r, g, b) {
  const max = Math.max(r, g, b), min = Math.min(r, g, b), d = max - min;
  if (!d) return null;
  const h = max === r ? ((g - b) / d) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4;
  return (h * 60 + 360) % 360;
}

// How far a region's colour is from an emoji's: hue around the circle, with greys (little
// saturation) near the white square and far from the rest (the page's colours are pastel).
function distance([r, g, b], [er, eg, eb]) {
  const grey = Math.max(r, g, b) - Math.min(r, g, b) < 25, emojiGrey = hue(er, eg, eb) === null
    || Math.max(er, eg, eb) - Math.min(er, eg, eb) < 25;
  if (grey || emojiGrey) return grey === emojiGrey ? 0 : 360;
  const d = Math.abs(hue(er, eg, eb) - hue(r, g, b));
  return Math.min(d, 360 - d);
}

// Each region's emoji: the nearest one no earlier region took (while some are left), so
// neighbouring colours stay apart in the share text.
function regionEmoji(colors) {
  const used = new Set();
  return colors.map((color) => {
    const rgbColor = rgb(color);
    const free = EMOJI.filter(([emoji]) => !used.has(emoji));
    const [emoji] = (free.length ? free : EMOJI).reduce((best, candidate) =>
      distance(rgbColor, candidate[1]) < distance(rgbColor, best[1]) ? candidate : best);
    used.add(emoji);
    return emoji;
  });
}

const hintsUsed = () => (state.hints === 1 ? "1 hint" : `${state.hints || "no"} hints`);

function shareText() {
  const n = state.grid.n, colours = regionEmoji(state.grid.colors), lines = [];
  lines.push(`queens ${describe(false)} \u00b7 ${clock(state.elapsed)} \u00b7 ${hintsUsed()}`);
  for (let row = 0; row < n; row++) {
    let line = "";
    for (let col = 0; col < n; col++) {
      const index = row * n + col;
      line += state.marks[index] === QUEEN ? QUEEN_EMOJI : colours[regionOf(index)];
    }
    lines.push(line);
  }
  return lines.join("\n");
}

function win() {
  state.solved = true;
  stopClock();
  draw();
  const level = state.about.level;
  if (level) {
    const key = BEST_PREFIX + level, best = Number(localStorage.getItem(key)) || Infinity;
    if (state.elapsed < best) localStorage.setItem(key, String(state.elapsed));
    showLevels();
  }
  save();
  say("Solved!");
  document.body.dataset.solved = "true";
  showWin();
}

function showWin() {
  $("win-summary").textContent = `${describe(true)} in ${clock(state.elapsed)}, ${hintsUsed()}.`;
  $("share-text").textContent = shareText();
  $("share-note").textContent = "";
  if (!$("win").open) $("win").showModal();
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
  const stars = k > 1 ? `${k} stars, ` : "", starsShort = k > 1 ? ` ${k} stars` : "";
  if (kind === "daily") {
    const which = level ? `level ${level}, ` : stars;
    return long ? `The daily puzzle of ${date} (${which}${size}${hard})` : `daily ${date}${starsShort}`;
  }
  if (kind === "level") return long ? `Level ${level} (${size}${hard})` : `level ${level}`;
  if (kind === "generated") return `${stars}${size}${hard}, seed ${seed}`;
  return long ? `Your grid (${stars}${size})` : `${size}${starsShort}`;
}

const rowsOf = (grid) => grid.text.trimEnd().split("\n");
const saveKey = () => SAVE_PREFIX + (starsOf() > 1 ? `${starsOf()}*` : "") + rowsOf(state.grid).join("/");

function save() {
  if (!state.grid) return;
  const record = {
    marks: state.marks.map((mark) => MARK_CHAR[mark]).join(""), owner: state.owner,
    elapsed: elapsed(), hints: state.hints, solved: state.solved, revealed: state.revealed,
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

// Show a grid (from the server: n, cells, names, colors, text) as the game now played.
function play(grid, about, marks = null) {
  if (state.grid) save();
  state.grid = grid;
  state.about = about;
  const n = grid.n, k = starsOf();
  showStars();
  state.marks = new Array(n * n).fill(EMPTY);
  state.owner = new Array(n * n).fill(-1);
  Object.assign(state, { undo: [], redo: [], hints: 0, elapsed: 0, started: null, paused: false,
    solved: false, revealed: false, version: state.version + 1 });
  const restored = restore();
  if (marks) { state.marks = marks; state.owner.fill(-1); state.solved = false; }
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
  if (state.solved) {
    say("Solved!");
    tick();
    return;
  }
  const task = k === 1 ? `Place ${n} queens.` : `Place ${n * k} queens, ${k} in every row, column and region.`;
  say(restored || marks ? "Welcome back: your marks are restored." : task);
  startClock();
  settle();  // a link's marks may be a whole solution
}

function localDate() {
  const now = new Date();
  const pad = (value) => String(value).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

const dailyPath = (date, k) => `/api/puzzle/daily?date=${encodeURIComponent(date)}${k > 1 ? `&stars=${k}` : ""}`;

// The day's puzzle with the stars chosen (one star: the level archive's; 2 and 3: made from
// the date, 3 stars in seconds).
async function openDaily(date, k = chosenStars()) {
  if (k > 2) say(`Making the ${k}-star puzzle of the day (some seconds)\u2026`);
  const data = await request(dailyPath(date, k));
  play(data, { kind: "daily", date: data.date, level: data.level, difficulty: data.difficulty, stars: k });
}

async function openLevel(number) {
  const data = await request(`/api/puzzle/levels/${encodeURIComponent(number)}`);
  play(data, { kind: "level", level: data.level, difficulty: data.difficulty, stars: 1 });
}

async function generate() {
  const body = { n: Number($("size").value) }, k = chosenStars();
  if ($("difficulty").value) body.difficulty = $("difficulty").value;
  if ($("seed").value !== "") body.seed = Number($("seed").value);
  if (k > 1) body.stars = k;
  if (!leaveGame()) return;
  say("Generating\u2026");
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
  if (leaveGame()) play(grid, { kind: "text", stars: fitStars(grid.n) });
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
    play(grid, about, readMarks(params.get("marks"), grid.n));
    if (params.has("marks")) say("The marks of the link are shown.");
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
  // A mistake blocks the hint: the message names it; only a queen is outlined (a cross
  // outlined would say where a queen goes).
  for (const index of cellsOf(result.wrong)) {
    if (state.marks[index] === QUEEN) cellEl(index).classList.add("wrong");
  }
  say(result.message);
  if (!result.step) return;
  state.hints++;
  save();
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

// Check compares the queens with the solution; crosses are only counted, never pointed at.
async function check() {
  const version = state.version;
  const result = await request("/api/puzzle/check", position());
  if (version !== state.version) return;
  clearFlags();
  const wrong = cellsOf(result.wrong);
  const badQueens = wrong.filter((index) => state.marks[index] === QUEEN);
  const badCrosses = wrong.length - badQueens.length;
  for (const index of badQueens) cellEl(index).classList.add("wrong");
  const parts = [];
  if (badQueens.length) parts.push(`${badQueens.length} queen${badQueens.length > 1 ? "s are" : " is"} not where the solution has one (outlined)`);
  if (badCrosses) parts.push(`${badCrosses} cross${badCrosses > 1 ? "es cover" : " covers"} a queen's cell`);
  say(parts.length ? parts.join("; ") + "." : "No mistake so far.");
}

async function showSolution() {
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

function showLevels() {
  const list = $("levels");
  if (!state.levels.length) return;
  if (list.children.length !== state.levels.length) {
    list.replaceChildren(...state.levels.map(({ level, n, difficulty }) => {
      const item = document.createElement("li"), button = document.createElement("button");
      button.type = "button";
      button.dataset.level = level;
      button.append(`${level} \u00b7 ${n} x ${n} ${difficulty}`);
      const best = document.createElement("span");
      best.className = "best";
      button.append(best);
      button.addEventListener("click", () => leaveGame() && run(() => openLevel(level)));
      item.append(button);
      return item;
    }));
  }
  for (const button of list.querySelectorAll("button")) {
    const best = localStorage.getItem(BEST_PREFIX + button.dataset.level);
    button.querySelector(".best").textContent = best ? `best ${clock(Number(best))}` : "";
    button.setAttribute("aria-current", String(Number(button.dataset.level) === state.about.level));
  }
}

// -- the stars selector ---------------------------------------------------------------------

const chosenStars = () => Number($("stars").value) || 1;

// The stars chosen, or the most this grid can take.
function fitStars(n) {
  let k = chosenStars();
  while (!starsFit(n, k)) k--;
  return k;
}

// The selector shows the game's stars, each choice enabled when the grid can take it; the
// sizes offered are those generated with the stars chosen; the rules line says K.
function showStars() {
  const k = starsOf();
  $("stars").value = String(k);
  for (const option of $("stars").options) option.disabled = !starsFit(state.grid.n, Number(option.value));
  showSizes();
  $("rules").textContent = k === 1 ? RULES_ONE : `Place ${k} queens in every row, every column `
    + "and every coloured region; no two queens may touch, not even diagonally.";
}

function showSizes() {
  const several = chosenStars() > 1, select = $("size"), was = Number(select.value) || 8;
  const low = several ? 8 : 5, high = several ? 12 : 16; // as the server's GENERATE_*MAX_N
  if (select.options.length && Number(select.options[0].value) === low) return;
  select.replaceChildren();
  for (let n = low; n <= high; n++) {
    const chosen = n === Math.max(low, was);
    select.append(new Option(`${n} x ${n}`, String(n), chosen, chosen));
  }
}

// A new number of stars: today's puzzle with them (when today's is played), else this grid.
function changeStars() {
  const k = chosenStars();
  showSizes();
  if (!state.grid || k === starsOf()) return;
  if (!starsFit(state.grid.n, k) || !leaveGame()) {
    $("stars").value = String(starsOf());
    showSizes();
    return;
  }
  if (state.about.kind === "daily" && k <= 3) {
    run(() => openDaily(state.about.date, k));
    return;
  }
  const grid = state.grid;
  play(grid, { kind: "text", stars: k });
}

// -- settings and setup -------------------------------------------------------------------

function saveSettings() {
  const settings = { autocross: $("autocross").checked, timer: $("show-timer").checked };
  try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch { /* unsaved */ }
  document.body.classList.toggle("timer-hidden", !settings.timer);
}

function loadSettings() {
  let settings = {};
  try { settings = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") || {}; } catch { settings = {}; }
  if (typeof settings.autocross === "boolean") $("autocross").checked = settings.autocross;
  if (typeof settings.timer === "boolean") $("show-timer").checked = settings.timer;
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
  $("daily").addEventListener("click", () => {
    if (state.about.kind === "daily" && state.about.date === localDate() && starsOf() === chosenStars()) return;
    if (leaveGame()) run(() => openDaily(localDate()));
  });
  $("generate").addEventListener("click", () => run(generate));
  $("copy-link").addEventListener("click", () => run(copyLink));
  $("copy-share").addEventListener("click", async () => {
    const done = await copy($("share-text").textContent, $("share-text"));
    $("share-note").textContent = done ? "Copied to the clipboard." : "Select the text and copy it.";
  });
  $("close-win").addEventListener("click", () => $("win").close());
  $("autocross").addEventListener("change", saveSettings);
  $("show-timer").addEventListener("change", saveSettings);
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
  Promise.all([run(loadLevels), run(openFromUrl)]).finally(() => {
    document.body.dataset.ready = "true";
  });
}

setUp();
