// The "Try it" page: the fields and the tile palette, the link, and the verdict from rummylib
// running in a Web Worker (web/rummylib.mjs, the example of examples/web/, copied here by the
// documentation build together with the Pyodide runtime and the wheels).

import { startReferee } from "./web/rummylib.mjs";

const $ = (id) => document.getElementById(id);
const fields = { before: $("before"), rack: $("rack"), after: $("after") };
const verdict = $("verdict");
const picture = $("picture");
const timing = $("timing");
const rulesBox = $("rules");
const opened = $("opened");
const round = $("round");
const BUNDLE = new URL("bundle.json", import.meta.url);
const COLOURS = [
  ["r", "red"],
  ["b", "blue"],
  ["y", "yellow"],
  ["k", "black"],
];

let presets = [{ name: "rummikub", title: "Rummikub", family: "tiles", rounds: 0 }];
let lastField = fields.after;
let firstShown = null;
let editedAt = null;

function preset() {
  return presets.find((p) => p.name === rulesBox.value) || presets[0];
}

// --- the position and the link ---------------------------------------------------------------

function readLink() {
  const query = new URLSearchParams(location.search);
  for (const [name, input] of Object.entries(fields)) input.value = query.get(name) || "";
  const rules = query.get("rules") || "rummikub";
  if (![...rulesBox.options].some((o) => o.value === rules)) {
    rulesBox.add(new Option(rules, rules)); // an unknown preset is kept, and the verdict says so
  }
  rulesBox.value = rules;
  opened.checked = query.get("opened") !== "0";
  round.value = query.get("round") || "1";
}

function request() {
  const game = preset();
  const ask = { rules: rulesBox.value, rack: fields.rack.value, after: fields.after.value };
  if (game.family === "tiles") Object.assign(ask, { before: fields.before.value, opened: opened.checked });
  if (game.rounds) ask.round = Number(round.value) || 1;
  return ask;
}

function writeLink() {
  const query = new URLSearchParams();
  const game = preset();
  if (rulesBox.value !== "rummikub") query.set("rules", rulesBox.value);
  for (const [name, input] of Object.entries(fields)) {
    if (input.value.trim() && !(name === "before" && game.family !== "tiles")) query.set(name, input.value.trim());
  }
  if (game.family === "tiles" && !opened.checked) query.set("opened", "0");
  if (game.rounds && round.value !== "1") query.set("round", round.value);
  const link = `${location.pathname}${query.size ? "?" + query : ""}`;
  history.replaceState(null, "", link);
  $("share").href = link;
}

// --- the form adapts to the game ------------------------------------------------------------

function adapt() {
  const game = preset();
  const tiles = game.family === "tiles";
  for (const id of ["before", "before-label", "opened-box", "palette", "hint"]) $(id).hidden = !tiles;
  $("round-box").hidden = !game.rounds;
  round.max = String(game.rounds || 1);
  $("rack-label").textContent = tiles ? "Rack" : "Hand (optional)";
  $("after-label").textContent = tiles ? "Table after" : "Melds laid down";
  fields.rack.placeholder = tiles ? "r7 r8 b1" : "7h 7s 7d 8c 8s 8h 2d";
  fields.after.placeholder = tiles ? "r3 r4 r5 | r6 r7 r8 | k9 b9 y9" : "7h 7s 7d | 8c 8s 8h";
}

function buildPalette() {
  const palette = $("palette");
  const add = (label, token, title, className) => {
    const button = document.createElement("button");
    button.type = "button";
    button.className = className;
    button.textContent = label;
    button.title = title;
    button.dataset.token = token;
    palette.append(button);
    return button;
  };
  for (const [letter, colour] of COLOURS) {
    const row = document.createElement("div");
    row.className = "rl-tiles";
    palette.append(row);
    for (let n = 1; n <= 13; n += 1) {
      const b = add(String(n), `${letter}${n}`, `${colour} ${n} (${letter}${n})`, `rl-tile rl-${colour}`);
      row.append(b);
    }
  }
  const tools = document.createElement("div");
  tools.className = "rl-tools";
  palette.append(tools);
  tools.append(add("☺", "*", "a joker (*)", "rl-tile rl-joker"));
  tools.append(add("| new set", "|", "start a new set", "rl-tool"));
  tools.append(add("⌫ undo", "undo", "take back the last piece", "rl-tool"));
  tools.append(add("clear", "clear", "empty the field", "rl-tool"));
  palette.addEventListener("mousedown", (event) => event.preventDefault()); // keep the field's focus
  palette.addEventListener("click", (event) => {
    const token = event.target.dataset && event.target.dataset.token;
    if (!token) return;
    const input = lastField;
    const words = input.value.trim() ? input.value.trim().split(/\s+/) : [];
    if (token === "undo") words.pop();
    else if (token === "clear") words.length = 0;
    else if (token !== "|" || (words.length && words[words.length - 1] !== "|")) words.push(token);
    input.value = words.join(" ");
    changed();
  });
}

// --- the verdict ------------------------------------------------------------------------------

function isEmpty() {
  return Object.values(fields).every((input) => !input.value.trim());
}

// Nothing laid out yet (the page opened with no position): a prompt, not a verdict on an empty turn.
function prompt() {
  const tiles = preset().family === "tiles";
  verdict.className = "rl-verdict rl-idle";
  verdict.textContent = tiles
    ? "Nothing to judge yet: type a turn in the fields above, or click a field and then the tiles. Or start from one of the examples."
    : "Nothing to judge yet: type the melds laid down above (and the hand, if you like). Or start from one of the examples.";
  picture.replaceChildren();
  verdict.dataset.position = location.search;
}

function show(answer) {
  verdict.className = `rl-verdict rl-${answer.verdict}`;
  verdict.replaceChildren();
  const word = document.createElement("strong");
  word.textContent = answer.verdict;
  const tiles = preset().family === "tiles";
  const what = answer.error ? "input" : tiles ? "turn" : "meld-down";
  verdict.append(word, ` ${what}: ${answer.summary}`);
  if (answer.problems.length) {
    const list = document.createElement("ul");
    for (const problem of answer.problems) {
      const item = document.createElement("li");
      const code = document.createElement("code");
      code.textContent = problem.code;
      item.append(`${problem.text} `, code);
      list.append(item);
    }
    verdict.append(list);
  }
  picture.innerHTML = answer.picture;
}

function showTiming(ms) {
  const first = `first verdict ${(firstShown / 1000).toFixed(1)} s after opening the page`;
  timing.textContent = `${first} · last check ${Math.round(ms)} ms`;
  timing.dataset.firstVerdictMs = String(Math.round(firstShown));
  timing.dataset.lastCheckMs = ms.toFixed(1);
}

let referee = null;
let unavailable = false; // the runtime is missing or could not start: the verdict box says why, for good

async function changed() {
  writeLink();
  if (unavailable) return;
  if (isEmpty()) {
    editedAt = performance.now(); // a check still on its way is for an older position
    prompt();
    return;
  }
  if (referee === null) {
    verdict.className = "rl-verdict";
    verdict.textContent = "loading: starting Python in your browser…";
    return;
  }
  editedAt = performance.now();
  const started = editedAt;
  const position = location.search; // the position this verdict is for
  let done;
  try {
    done = await referee.check(request());
  } catch (error) {
    verdict.className = "rl-verdict rl-broken";
    verdict.textContent = `error: ${error.message}`;
    return;
  }
  if (done === null || started !== editedAt) return; // a newer edit is on its way
  show(done.answer);
  verdict.dataset.position = position;
  if (firstShown === null) firstShown = performance.now();
  showTiming(performance.now() - started);
  timing.dataset.lastPythonMs = done.pythonMs.toFixed(1);
}

async function main() {
  buildPalette();
  for (const input of Object.values(fields)) {
    input.addEventListener("focus", () => (lastField = input));
    input.addEventListener("input", changed);
  }
  rulesBox.addEventListener("change", () => {
    adapt();
    changed();
  });
  opened.addEventListener("change", changed);
  round.addEventListener("input", changed);
  readLink();
  adapt();
  changed(); // the link and, with no position yet, the prompt: neither waits for Python
  const starting = startReferee(BUNDLE); // the worker starts while the page reads the bundle
  let bundle;
  try {
    bundle = await (await fetch(BUNDLE)).json();
  } catch (error) {
    bundle = { bundled: false, reason: `bundle.json could not be read (${error.message})` };
  }
  if (bundle.presets) {
    const chosen = rulesBox.value;
    presets = bundle.presets;
    rulesBox.replaceChildren(...presets.map((p) => new Option(p.title, p.name)));
    if (!presets.some((p) => p.name === chosen)) rulesBox.add(new Option(chosen, chosen));
    rulesBox.value = chosen;
    adapt();
  }
  if (!bundle.bundled) {
    unavailable = true;
    verdict.className = "rl-verdict rl-broken";
    verdict.textContent = `not available: the Python runtime was not bundled with this build of the documentation (${bundle.reason}).`;
    starting.close();
    return;
  }
  try {
    const ms = await starting.ready;
    referee = starting;
    timing.dataset.started = ms.started;
    timing.dataset.runtimeMs = ms.runtime.toFixed(0);
    timing.dataset.pythonMs = ms.python.toFixed(0);
  } catch (error) {
    unavailable = true;
    verdict.className = "rl-verdict rl-broken";
    verdict.textContent = `not available: Python could not start in this browser (${error.message}).`;
    return;
  }
  changed();
}

main();
