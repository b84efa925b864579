// A client of `rummylib batch` in another language: Node.js, standard library only.
//
// It starts `rummylib batch` (the command in RUMMYLIB_BATCH, default "rummylib batch") and referees
// a whole game of each of the five games, from the deal to the final scores: Rummikub, Contract
// Rummy, Shanghai, Gin Rummy and Indian Rummy. The players pick legal moves at random, with a
// little sense so that games end: they go down, lay off, knock and declare when they can, seldom
// drop, and in Rummikub they ask the `solve` op for a play. The batch process keeps nothing: each
// answer carries the whole state, and this script sends it back with the next request (with its
// signature, when the batch runs with --secret-file). It checks every answer and exits with
// status 1 on anything unexpected.
//
//   node examples/node/play.mjs
//   RUMMYLIB_BATCH="python -m rummylib batch --secret-file secret.txt" RUMMYLIB_SEED=7 node examples/node/play.mjs

import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

const command = (process.env.RUMMYLIB_BATCH ?? "rummylib batch").trim().split(/\s+/);
const random = seeded(Number(process.env.RUMMYLIB_SEED ?? "1"));

function seeded(seed) {
  // mulberry32: a small generator, so that a run can be repeated
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function fail(message) {
  console.error(`play.mjs: ${message}`);
  process.exit(1);
}

// --- one request line, one answer line ----------------------------------------------------

// Answers come in the order of the requests, one line each (the protocol promises it), so the
// client matches them by order: a queue of the requests in flight. The id is only a check (an
// answer to a line that could not be read as a JSON object has no id, and must not break the client).
const batch = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
batch.on("error", (err) => fail(`cannot start ${command.join(" ")}: ${err.message}`));
batch.stdin.on("error", (err) => fail(`cannot write to ${command.join(" ")}: ${err.message}`));
batch.on("exit", (code) => {
  if (pending.length > 0) fail(`rummylib batch stopped (status ${code}) with ${pending.length} requests unanswered`);
});

const pending = []; // [id, resolve] of each request in flight, oldest first
let nextId = 1;

createInterface({ input: batch.stdout }).on("line", (line) => {
  let answer;
  try {
    answer = JSON.parse(line);
  } catch {
    fail(`an answer that is not JSON: ${line.slice(0, 200)}`);
  }
  const next = pending.shift();
  if (next === undefined) fail(`an answer to no request: ${line.slice(0, 200)}`);
  const [id, resolve] = next;
  if (answer.id !== undefined && answer.id !== id) fail(`the answer to request ${id} says it is for ${answer.id}`);
  resolve(answer);
});

function ask(request) {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.push([id, resolve]);
    batch.stdin.write(JSON.stringify({ id, ...request }) + "\n");
  });
}

// --- checking the answers -----------------------------------------------------------------

function checkPosition(answer, what) {
  if (answer.error) fail(`${what}: ${answer.error.code}: ${answer.error.message}`);
  if (typeof answer.state !== "object" || answer.state === null) fail(`${what}: no state in the answer`);
  if (!Array.isArray(answer.legal)) fail(`${what}: no legal list`);
  if (answer.is_over) {
    if (answer.legal.length !== 0 || answer.to_move !== null) fail(`${what}: over, yet someone may move`);
    if (!answer.result || !Array.isArray(answer.result.scores)) fail(`${what}: over without a result`);
  } else {
    if (answer.legal.length === 0) fail(`${what}: the game goes on but no action is legal`);
    if (answer.view?.viewer !== answer.to_move) fail(`${what}: the view is not the view of the seat to move`);
    if (answer.legal.some((a) => a.player !== answer.to_move)) fail(`${what}: a legal action of another seat`);
  }
  return answer;
}

function expectError(answer, code, what) {
  if (!answer.error || answer.error.code !== code) {
    fail(`${what}: expected the error ${code}, got ${JSON.stringify(answer).slice(0, 300)}`);
  }
  return answer.error;
}

// --- choosing a move ----------------------------------------------------------------------

const FORWARD = new Set(["lay-down", "lay-off", "swap-joker", "knock"]);

function arranged(action) {
  // an Indian Rummy declaration that is valid: `legal` marks each one "valid": true or false
  return action.action === "declare" && action.valid === true;
}

function pick(list) {
  return list[Math.floor(random() * list.length)];
}

async function choose(answer) {
  const legal = answer.legal;
  const view = answer.view;
  if (view.rack !== undefined && legal.some((a) => a.action === "draw")) {
    // Rummikub: the legal list holds drawing and passing; a play is a new table, which `solve` finds.
    const best = await ask({
      op: "solve",
      game: "rummikub",
      table: view.table,
      rack: view.rack,
      initial_meld_done: view.initial_meld_done[view.viewer],
    });
    if (best.error) fail(`solve: ${best.error.code}: ${best.error.message}`);
    if (best.tiles_placed > 0) {
      return { action: "play", player: view.viewer, table: { melds: best.table_after }, elapsed: null };
    }
  }
  const forward = legal.filter((a) => FORWARD.has(a.action) || arranged(a));
  if (forward.length > 0 && random() < 0.7) return pick(forward);
  const buyWindow = legal.find((a) => a.action === "decline-buy");
  if (buyWindow && random() < 0.7) return buyWindow;
  const careful = legal.filter((a) => a.action !== "drop" && (a.action !== "declare" || arranged(a)));
  if (careful.length > 0 && random() < 0.97) return pick(careful);
  return pick(legal);
}

// --- playing ------------------------------------------------------------------------------

async function play(name, deal, maxActions) {
  let answer = checkPosition(await ask({ op: "deal", ...deal }), `${name}: deal`);
  const signed = typeof answer.signature === "string";

  // Two surprises the server must refuse, each leaving our state as it was:
  // an action by a seat whose turn it is not...
  const seats = deal.players;
  const wrong = { ...answer.legal[0], player: (answer.to_move + 1) % seats };
  const refused = expectError(
    await ask({ op: "apply", state: answer.state, signature: answer.signature, action: wrong }),
    "illegal-action",
    `${name}: an action out of turn`,
  );
  if (!refused.problems.some((p) => p.code === "not-your-turn")) fail(`${name}: the refusal names no rule`);
  // ...and a state changed on the way.
  const tampered = { ...answer.state, version: 2 };
  expectError(
    await ask({ op: "view", state: tampered, signature: answer.signature, player: 0 }),
    signed ? "bad-signature" : "bad-save",
    `${name}: a changed state`,
  );

  let actions = 0;
  while (!answer.is_over) {
    const action = await choose(answer);
    answer = checkPosition(
      await ask({ op: "apply", state: answer.state, signature: answer.signature, action }),
      `${name}: action ${actions + 1}`,
    );
    if (answer.action?.action !== action.action) fail(`${name}: another action was applied`);
    if (signed && typeof answer.signature !== "string") fail(`${name}: a state came back unsigned`);
    if (++actions > maxActions) fail(`${name}: still not over after ${maxActions} actions`);
  }

  // every seat's view of the end
  for (let seat = 0; seat < seats; seat++) {
    const view = await ask({ op: "view", state: answer.state, signature: answer.signature, player: seat });
    if (view.error || view.view.viewer !== seat) fail(`${name}: no view for seat ${seat}`);
  }
  console.log(`${name}: ${actions} actions; ${answer.result.reason}; scores ${answer.result.scores.join(", ")}`);
}

const games = [
  ["Rummikub game", { game: "rummikub", players: 3, seed: "node rummikub" }, 2000],
  [
    "Contract Rummy game",
    { game: "contract_rummy", state_type: "contract-game", players: 3, seed: "node contract", rules: { max_reshuffles: 1 } },
    20000,
  ],
  [
    "Shanghai game",
    { game: "shanghai", state_type: "contract-game", players: 3, seed: "node shanghai", rules: { max_reshuffles: 1 } },
    30000,
  ],
  ["Gin Rummy game", { game: "gin", state_type: "gin-game", players: 2, seed: "node gin" }, 20000],
  ["Indian Rummy game (pool 101)", {
    game: "indian",
    state_type: "indian-game",
    players: 3,
    seed: "node indian",
    rules: { indian_format: "pool" },
  }, 20000],
];
const only = process.env.RUMMYLIB_GAMES?.split(",");
for (const [name, deal, maxActions] of games) {
  if (only === undefined || only.some((word) => name.toLowerCase().includes(word.trim().toLowerCase()))) {
    await play(name, deal, maxActions);
  }
}
batch.stdin.end();
