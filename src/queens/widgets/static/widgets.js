// queens.widgets: Search, Compare and Puzzle (queens/widgets/search.py, compare.py,
// puzzle.py), one module for the three (anywidget loads a widget's module as one file).
// Every step, move, check and hint is Python's: a click or key sends a message, and the
// model's new state is drawn. While playing, one batch of steps is asked for at a time,
// the next only once Python has answered ("ticked"), so a busy kernel slows the play down
// instead of queueing steps.

// Tell Python the state of "version" is drawn: a change from the page, which notebooks
// that rerun cells on a widget's changes from the page alone (marimo) need to see Python's.
function acknowledge(model) {
  const version = model.get("version");
  if (version !== model.get("shown")) {
    model.set("shown", version);
    model.save_changes();
  }
}

function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

function button(label, title, onClick) {
  const made = element("button", "", label);
  made.type = "button";
  made.title = title;  // the name read out is the label; the title, a tooltip, has the key
  made.addEventListener("click", onClick);
  return made;
}

// A board of width x height squares; draw(columns, row) puts the queens (columns[r]: the
// column of row r's queen, -1 for none), outlines the current row, and marks the squares
// the queens attack (dots) and the queens attacked by another (red), so the reason for
// each dead end is on the board.
function chessboard(width, height, queenSvg, reserved = [], fixed = []) {
  const board = element("div", "qw-board");
  board.setAttribute("role", "grid");
  board.style.setProperty("--w", String(width));
  board.style.setProperty("--h", String(height));
  const cells = [];
  for (let r = 0; r < height; r++) {
    for (let c = 0; c < width; c++) {
      const cell = element("div", "qw-cell " + ((r + c) % 2 ? "dark" : "light"));
      cell.dataset.row = String(r);
      cell.dataset.col = String(c);
      cell.setAttribute("role", "gridcell");
      board.append(cell);
      cells.push(cell);
    }
  }
  for (const [r, c] of reserved) cells[r * width + c].classList.add("reserved");
  for (const [r, c] of fixed) cells[r * width + c].classList.add("fixed");
  function draw(columns, row) {
    const placed = [];
    columns.forEach((col, r) => { if (col >= 0) placed.push([r, col]); });
    const hit = (r, c) => placed.some(([qr, qc]) => (qr !== r || qc !== c)
      && (qr === r || qc === c || Math.abs(qr - r) === Math.abs(qc - c)));
    cells.forEach((cell, index) => {
      const r = Math.floor(index / width), c = index % width, queen = columns[r] === c;
      const attacked = hit(r, c);
      if (cell.classList.contains("queen") !== queen) cell.innerHTML = queen ? queenSvg : "";
      cell.classList.toggle("queen", queen);
      cell.classList.toggle("clash", queen && attacked);
      cell.classList.toggle("attacked", !queen && attacked);
      cell.classList.toggle("current", r === row);
      cell.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}${queen ? ", queen" : ""}`);
    });
  }
  return { board, draw };
}

// Play and pause, a speed slider, and the ticks of a playing model.
function player(model, send) {
  const speeds = model.get("speeds");
  const playButton = button("▶ play", "play (space)", () => toggle());
  const label = element("label", "qw-speed", "speed ");
  const slider = element("input");
  slider.type = "range";
  slider.min = "0";
  slider.max = String(speeds.length - 1);
  slider.setAttribute("aria-label", "speed");
  const text = element("span");
  label.append(slider, text);
  slider.addEventListener("input", () => {
    model.set("speed", speeds[Number(slider.value)]);
    model.save_changes();
  });
  let timer = null;
  // A batch asked for before a pause is still stepped (Python reads the pause after it),
  // so the button says "pausing" until its answer is back, and "paused" only then.
  let asked = false;
  function schedule() {
    clearTimeout(timer);
    timer = null;
    if (!model.get("playing")) return;
    const rate = model.get("speed"), wait = Math.max(50, 1000 / rate);
    const count = Math.max(1, Math.min(100, Math.round((rate * wait) / 1000)));
    timer = setTimeout(() => {
      timer = null;
      asked = true;
      draw();
      send("tick", { count });
    }, wait);
  }
  function pause() {
    if (model.get("playing")) { model.set("playing", false); model.save_changes(); }
  }
  function toggle() {
    model.set("playing", !model.get("playing") && !model.get("finished"));
    model.save_changes();
    if (!asked) schedule();
  }
  function draw() {
    const at = Math.max(0, speeds.indexOf(model.get("speed")));
    slider.value = String(at);
    text.textContent = ` ${speeds[at]} steps/s`;
    const playing = model.get("playing");
    playButton.textContent = playing ? "❚❚ pause" : "▶ play";
    playButton.setAttribute("aria-pressed", String(playing));
    playButton.dataset.state = playing ? "playing" : asked ? "pausing" : "paused";
  }
  const onMessage = (message) => {
    if (!message || message.type !== "ticked") return;
    asked = false;
    draw();
    schedule();
  };
  const onPlaying = () => {
    if (!model.get("playing")) { clearTimeout(timer); timer = null; }
    draw();
    if (model.get("playing") && timer === null && !asked) schedule();
  };
  const onSpeed = () => draw();
  model.on("msg:custom", onMessage);
  model.on("change:playing", onPlaying);
  model.on("change:speed", onSpeed);
  draw();
  schedule();
  const stop = () => {
    clearTimeout(timer);
    model.off("msg:custom", onMessage);
    model.off("change:playing", onPlaying);
    model.off("change:speed", onSpeed);
  };
  return { playButton, label, pause, toggle, stop };
}

// Keys on a focused widget: a table of key -> action.
function keys(root, actions) {
  root.addEventListener("keydown", (event) => {
    if (event.target instanceof HTMLInputElement || event.altKey || event.ctrlKey || event.metaKey) return;
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  });
}

function watch(model, names, callback) {
  for (const name of names) model.on(`change:${name}`, callback);
  return () => { for (const name of names) model.off(`change:${name}`, callback); };
}

function counter(name, value) {
  const item = element("span", "qw-counter");
  item.dataset.name = name;
  item.append(`${name} `, element("b", "", Number(value).toLocaleString("en")));
  return item;
}

function renderSearch(model, root) {
  root.classList.add("queens-search");
  const send = (type, extra = {}) => model.send({ type, ...extra });
  const width = model.get("width"), height = model.get("height");
  const title = element("div", "qw-title");
  const { board, draw: drawBoard } = chessboard(width, height, model.get("queen"),
    model.get("reserved"), model.get("fixed"));
  const summary = element("pre", "qw-summary");
  const counters = element("div", "qw-counters");
  counters.setAttribute("aria-live", "polite");
  const status = element("div", "qw-status");
  const lines = element("pre", "qw-lines");
  const play = player(model, send);
  const then = (type) => () => { play.pause(); send(type); };
  const controls = element("div", "qw-controls");
  controls.append(
    button("restart", "restart (Home)", then("restart")),
    button("◀ back", "step back (←)", then("back")),
    play.playButton,
    button("step ▶", "step (→)", then("step")),
    button("next solution", "to the next solution (s)", then("solution")),
    play.label,
  );
  root.append(title, board, summary, controls, counters, status, lines);
  keys(root, { ArrowRight: then("step"), ArrowLeft: then("back"), " ": play.toggle,
    s: then("solution"), Home: then("restart") });

  function draw() {
    const columns = model.get("columns"), row = model.get("row"), drawn = model.get("drawn");
    title.textContent = `${model.get("algorithm")} on a ${width} x ${height} board`;
    board.hidden = !drawn;
    summary.hidden = drawn;
    if (drawn) drawBoard(columns, row);
    else {
      const shown = columns.map((c) => (c < 0 ? "-" : String(c + 1))).join(", ");
      summary.textContent = `too big to draw: the queens by row (1-based)\n[${shown}]`
        + (row >= 0 ? `\nrow ${row + 1}` : "");
    }
    counters.replaceChildren(counter("steps", model.get("position")),
      counter("nodes", model.get("nodes")), counter("solutions", model.get("solutions")));
    status.textContent = model.get("status");
    lines.textContent = model.get("lines").join("\n");
    root.dataset.finished = String(model.get("finished"));
    root.dataset.position = String(model.get("position"));
  }
  const unwatch = watch(model, ["columns", "row", "position", "nodes", "solutions", "lines",
    "status", "finished"], draw);
  draw();
  return () => { play.stop(); unwatch(); };
}

function renderCompare(model, root) {
  root.classList.add("queens-compare");
  const send = (type, extra = {}) => model.send({ type, ...extra });
  const n = model.get("size");
  const title = element("div", "qw-title",
    `The textbook algorithms on a ${n} x ${n} board, an event each a step`);
  const boxes = element("div", "qw-boards");
  const views = model.get("runs").map((run) => {
    const box = element("div", "qw-small");
    box.dataset.name = run.name;
    const { board, draw } = chessboard(n, n, model.get("queen"));
    const counts = element("div", "qw-counters");
    box.append(element("div", "qw-name", run.name), element("div", "qw-about", run.summary),
      board, counts);
    boxes.append(box);
    return { box, draw, counts };
  });
  const play = player(model, send);
  const then = (type) => () => { play.pause(); send(type); };
  const controls = element("div", "qw-controls");
  controls.append(button("restart", "restart (Home)", then("restart")), play.playButton,
    button("step ▶", "step (→)", then("step")),
    button("run to the end", "every algorithm to the end, timed (t)", then("table")),
    play.label);
  const table = element("table");
  const note = element("div", "qw-status");
  root.append(title, boxes, controls, table, note);
  keys(root, { ArrowRight: then("step"), " ": play.toggle, t: then("table"),
    Home: then("restart") });

  function draw() {
    model.get("runs").forEach((run, i) => {
      const view = views[i];
      view.draw(run.columns, run.row);
      view.counts.replaceChildren(counter("nodes", run.nodes), counter("solutions", run.solutions));
      view.box.dataset.finished = String(run.finished);
    });
    const rows = model.get("rows");
    table.hidden = !rows.length;
    const head = element("tr");
    for (const name of ["algorithm", "solutions", "nodes", "time"]) head.append(element("th", "", name));
    table.replaceChildren(head, ...rows.map((row) => {
      const line = element("tr");
      const dash = (value) => (value === null ? "—" : Number(value).toLocaleString("en"));
      line.append(element("td", "", row.name), element("td", "", dash(row.solutions)),
        element("td", "", dash(row.nodes)), element("td", "", row.skipped || row.time || "—"));
      return line;
    }));
    note.textContent = model.get("note");
    root.dataset.finished = String(model.get("finished"));
    root.dataset.position = String(Math.max(...model.get("runs").map((run) => run.position)));
  }
  const unwatch = watch(model, ["runs", "rows", "note", "finished"], draw);
  draw();
  return () => { play.stop(); unwatch(); };
}

// -- Puzzle: the region grid, played with the web page's gestures and keys ---------------
// Tap: empty -> cross -> queen; press and drag: crosses (or erase, starting on a cross).
// Keys: arrows move, Space or x cross, Enter or q queen, Delete clear, Ctrl+Z / Ctrl+Y.

const EMPTY = 0, CROSS = 1, QUEEN = 2;
const MARK_NAME = ["empty", "crossed", "queen"];
const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

function renderPuzzle(model, root) {
  root.classList.add("queens-puzzle");
  const title = document.createElement("div");
  title.className = "qw-title";
  const grid = document.createElement("div");
  grid.className = "qw-grid";
  grid.setAttribute("role", "grid");
  const message = document.createElement("div");
  message.className = "qw-message";
  message.setAttribute("aria-live", "polite");
  const send = (type, extra = {}) => model.send({ type, ...extra });
  const undo = button("↶ undo", "undo (Ctrl+Z)", () => send("undo"));
  const redo = button("↷ redo", "redo (Ctrl+Y)", () => send("redo"));
  const hint = button("hint", "the next deduction", () => send("hint"));
  const apply = button("apply hint", "make the hint's move", () => send("apply-hint"));
  const check = button("check", "compare the queens with the solution", () => send("check"));
  const reset = button("reset", "every mark off", () => send("reset"));
  const autoLabel = document.createElement("label");
  const auto = document.createElement("input");
  auto.type = "checkbox";
  autoLabel.append(auto, " auto-cross");
  auto.addEventListener("change", () => { model.set("autocross", auto.checked); model.save_changes(); });
  const controls = document.createElement("div");
  controls.className = "qw-controls";
  controls.append(undo, redo, hint, apply, check, reset, autoLabel);
  const keys = document.createElement("div");
  keys.className = "qw-keys";
  keys.textContent = "Tap: cross, then queen. Drag: crosses. Keys: arrows, Space/x cross, "
    + "Enter/q queen, Delete clear, Ctrl+Z undo, Ctrl+Y redo.";
  // With K stars: each row's, column's and region's queens out of K (as the page shows).
  const counts = element("div", "qw-counts");
  root.append(title, grid, counts, controls, message, keys);

  let cells = [], focus = 0, drag = null;
  const n = () => model.get("n");

  function build() {
    const size = n(), regions = model.get("cells"), names = model.get("names");
    const colors = model.get("colors");
    grid.replaceChildren();
    grid.style.setProperty("--n", String(size));
    cells = [];
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) {
        const index = row * size + col, region = regions[index];
        const cell = document.createElement("div");
        cell.className = "qw-region-cell";
        cell.setAttribute("role", "gridcell");
        cell.tabIndex = -1;
        cell.dataset.row = String(row);
        cell.dataset.col = String(col);
        cell.dataset.index = String(index);
        cell.dataset.label = `row ${row + 1}, column ${col + 1}, region ${names[region]}`;
        cell.style.backgroundColor = colors[region];
        if (col + 1 < size && regions[index + 1] !== region) cell.classList.add("edge-right");
        if (row + 1 < size && regions[index + size] !== region) cell.classList.add("edge-bottom");
        grid.append(cell);
        cells.push(cell);
      }
    }
    setFocus(0, false);
  }

  function setFocus(index, move = true) {
    if (cells[focus]) cells[focus].tabIndex = -1;
    focus = index;
    cells[index].tabIndex = 0;
    if (move) cells[index].focus();
  }

  function draw() {
    const marks = model.get("board"), clashes = new Set(model.get("clashes"));
    const wrong = new Set(model.get("wrong")), flags = model.get("hint_cells") || {};
    const k = model.get("stars"), size = n();
    title.textContent = `${size} x ${size} region puzzle` + (k > 1 ? `, ${k} stars` : "");
    const flagged = (name) => new Set(flags[name] || []);
    const focusSet = flagged("focus"), place = flagged("place"), clear = flagged("clear");
    cells.forEach((cell, index) => {
      const mark = marks[index];
      cell.classList.toggle("queen", mark === QUEEN);
      cell.classList.toggle("cross", mark === CROSS);
      cell.classList.toggle("clash", clashes.has(index));
      cell.classList.toggle("wrong", wrong.has(index));
      cell.classList.toggle("hint-focus", focusSet.has(index));
      cell.classList.toggle("hint-place", place.has(index));
      cell.classList.toggle("hint-clear", clear.has(index));
      cell.innerHTML = mark === QUEEN ? model.get("queen") : "";
      cell.setAttribute("aria-label", `${cell.dataset.label}, ${MARK_NAME[mark]}`
        + (clashes.has(index) ? ", breaks a rule" : ""));
    });
    const solved = model.get("solved");
    root.dataset.solved = String(solved);
    message.textContent = model.get("message");
    undo.disabled = !model.get("can_undo") || solved;
    redo.disabled = !model.get("can_redo") || solved;
    apply.hidden = !(flags.place && (flags.place.length || (flags.clear || []).length));
    hint.disabled = solved;
    auto.checked = model.get("autocross");
    drawCounts(k, size);
  }

  // Pointer: a tap cycles; press and drag paints crosses (or erases them), sent on release.
  // In a shadow root (marimo), the document's elementFromPoint stops at its host.
  const cellAt = (event) => {
    const scope = grid.getRootNode().elementFromPoint ? grid.getRootNode() : document;
    const hit = scope.elementFromPoint(event.clientX, event.clientY);
    const cell = hit && hit.closest(".qw-region-cell");
    return cell && grid.contains(cell) ? Number(cell.dataset.index) : null;
  };
  grid.addEventListener("pointerdown", (event) => {
    if (event.button !== 0) return;
    const index = cellAt(event);
    if (index === null) return;
    event.preventDefault();
    setFocus(index, grid.contains(document.activeElement));
    drag = { start: index, cells: [index], erase: model.get("board")[index] === CROSS };
  });
  grid.addEventListener("pointermove", (event) => {
    if (!drag) return;
    const index = cellAt(event);
    if (index === null || drag.cells.includes(index)) return;
    drag.cells.push(index);
    cells[index].classList.toggle("cross", !drag.erase);
  });
  const release = () => {
    const done = drag;
    drag = null;
    if (!done) return;
    if (done.cells.length > 1) send("paint", { cells: done.cells, erase: done.erase });
    else send("cycle", { cell: done.start });
  };
  grid.addEventListener("pointerup", release);
  grid.addEventListener("pointerleave", () => { if (drag && drag.cells.length > 1) release(); });

  grid.addEventListener("keydown", (event) => {
    const index = Number(event.target.dataset.index), size = n(), key = event.key;
    if (Number.isNaN(index)) return;
    if ((event.ctrlKey || event.metaKey) && !event.altKey) {
      const lower = key.toLowerCase();
      if (lower === "z" && !event.shiftKey) send("undo");
      else if (lower === "y" || (lower === "z" && event.shiftKey)) send("redo");
      else return;
      event.preventDefault();
      return;
    }
    let target = null;
    if (STEPS[key]) {
      const [dr, dc] = STEPS[key];
      const row = Math.min(size - 1, Math.max(0, Math.floor(index / size) + dr));
      const col = Math.min(size - 1, Math.max(0, (index % size) + dc));
      target = row * size + col;
    } else if (key === "Home") target = Math.floor(index / size) * size;
    else if (key === "End") target = Math.floor(index / size) * size + size - 1;
    else if (key === " " || key === "x" || key === "X") send("toggle", { cell: index, mark: "cross" });
    else if (key === "Enter" || key === "q" || key === "Q") send("toggle", { cell: index, mark: "queen" });
    else if (key === "Delete" || key === "Backspace") send("clear", { cell: index });
    else return;
    event.preventDefault();
    if (target !== null) setFocus(target);
  });

  function drawCounts(k, size) {
    counts.hidden = k === 1;
    if (k === 1) return;
    const held = model.get("counts"), names = model.get("names");
    const line = (kind, first, name) => {
      const row = element("p", "", "");
      row.append(element("span", "qw-count-kind", kind));
      for (let i = 0; i < size; i++) {
        const have = held[first + i] || 0;
        const chip = element("span", "qw-count" + (have > k ? " over" : have === k ? " full" : ""),
          `${name(i)} ${have}/${k}`);
        chip.dataset.unit = String(first + i);
        row.append(chip);
      }
      return row;
    };
    counts.replaceChildren(line("rows", 0, (i) => String(i + 1)),
      line("columns", size, (i) => String(i + 1)), line("regions", 2 * size, (i) => names[i]));
  }

  const names = ["board", "clashes", "wrong", "hint_cells", "message", "solved", "can_undo",
    "can_redo", "autocross", "stars", "counts"];
  const redraw = () => draw();
  for (const name of names) model.on(`change:${name}`, redraw);
  const rebuild = () => { build(); draw(); };
  model.on("change:cells", rebuild);
  build();
  draw();
  return () => {
    for (const name of names) model.off(`change:${name}`, redraw);
    model.off("change:cells", rebuild);
  };
}

const RENDER = { search: renderSearch, compare: renderCompare, puzzle: renderPuzzle };

function render({ model, el }) {
  const root = element("div", "queens-widget");
  root.tabIndex = 0;
  root.setAttribute("role", "group");
  el.append(root);
  const stop = RENDER[model.get("kind")](model, root);
  const onVersion = () => acknowledge(model);
  model.on("change:version", onVersion);
  acknowledge(model);
  return () => { stop(); model.off("change:version", onVersion); };
}

export default { render };
