// A client of `rummylib batch` in another language: Node.js, standard library only.
//
// It starts `rummylib batch` (the command in RUMMYLIB_BATCH, default "rummylib batch"), deals a
// Gin hand and a Shanghai round, and plays both to the end with random legal moves. The batch
// process keeps nothing: each answer carries the whole state, and this script sends it back
// with the next request (with its signature, when the batch runs with --secret-file). It checks
// every answer and exits with status 1 on anything unexpected.
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

const batch = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
batch.on("error", (err) => fail(`cannot start ${command.join(" ")}: ${err.message}`));
batch.on("exit", (code) => {
  if (pending.size > 0) fail(`rummylib batch stopped (status ${code}) with ${pending.size} requests unanswered`);
});

const pending = new Map(); // request id -> resolve
let nextId = 1;

createInterface({ input: batch.stdout }).on("line", (line) => {
  let answer;
  try {
    answer = JSON.parse(line);
  } catch {
    fail(`an answer that is not JSON: ${line.slice(0, 200)}`);
  }
  const resolve = pending.get(answer.id);
  if (resolve === undefined) fail(`an answer to no request: ${line.slice(0, 200)}`);
  pending.delete(answer.id);
  resolve(answer);
});

function ask(request) {
  const id = nextId++;
  return new Promise((resolve) => {
    pending.set(id, resolve);
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

// --- playing ------------------------------------------------------------------------------

async function play(name, deal, maxActions) {
  let answer = checkPosition(await ask({ op: "deal", ...deal }), `${name}: deal`);
  const signed = typeof answer.signature === "string";

  // Two surprises the server must refuse, each leaving our state as it was:
  // an action by a seat whose turn it is not...
  const seats = answer.view.hand_sizes.length;
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
    const action = answer.legal[Math.floor(random() * answer.legal.length)];
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

await play("Gin hand", { game: "gin", players: 2, seed: "node gin" }, 1000);
await play(
  "Shanghai round",
  { game: "shanghai", players: 3, seed: "node shanghai", rules: { max_reshuffles: 1 } },
  5000,
);
batch.stdin.end();
