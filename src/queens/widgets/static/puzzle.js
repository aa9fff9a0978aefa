// queens.widgets.Puzzle: the region grid of queens/widgets/puzzle.py, played with the web
// page's gestures and keys. The marks, the rules (clashes, auto-cross, undo) and the hints
// are Python's: each click or key is sent as a move, and the model's new state is drawn.
// Tap: empty -> cross -> queen; press and drag: crosses (or erase, starting on a cross).
// Keys: arrows move, Space or x cross, Enter or q queen, Delete clear, Ctrl+Z / Ctrl+Y.

const EMPTY = 0, CROSS = 1, QUEEN = 2;
const MARK_NAME = ["empty", "crossed", "queen"];
const STEPS = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };

// Tell Python the state of "version" is drawn: a change from the page, which notebooks
// that rerun cells on a widget's changes from the page alone (marimo) need to see Python's.
function acknowledge(model) {
  const version = model.get("version");
  if (version !== model.get("shown")) {
    model.set("shown", version);
    model.save_changes();
  }
}

function button(label, title, onClick) {
  const b = document.createElement("button");
  b.type = "button";
  b.textContent = label;
  b.title = title;
  b.addEventListener("click", onClick);
  return b;
}

function render({ model, el }) {
  const root = document.createElement("div");
  root.className = "queens-widget queens-puzzle";
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
  root.append(title, grid, controls, message, keys);
  el.append(root);

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

  const names = ["board", "clashes", "wrong", "hint_cells", "message", "solved", "can_undo",
    "can_redo", "autocross", "stars"];
  const redraw = () => draw();
  for (const name of names) model.on(`change:${name}`, redraw);
  const rebuild = () => { build(); draw(); };
  model.on("change:cells", rebuild);
  const onVersion = () => acknowledge(model);
  model.on("change:version", onVersion);
  build();
  draw();
  acknowledge(model);
  return () => {
    for (const name of names) model.off(`change:${name}`, redraw);
    model.off("change:cells", rebuild);
    model.off("change:version", onVersion);
  };
}

export default { render };
