// The protocol conformance file, run by a client in another language: Node.js, standard library only.
//
// examples/conformance/batch-protocol-1.jsonl holds, one per line, a request line ("line", sent as
// it is) and the answer expected ("expect"): the whole answer ("match": "exact"), or keys that the
// answer must have with these values ("match": "subset": objects may have more keys, lists and
// other values must be equal). This script sends every line to one `rummylib batch` process (the
// command in RUMMYLIB_BATCH, default "rummylib batch"), matches the answers to the lines by order,
// and exits with status 1, naming each case that fails, if any does. The test suite runs the same
// file (tests/batch/test_batch_conformance.py).
//
//   node examples/node/conformance.mjs
//   RUMMYLIB_BATCH="python -m rummylib batch" node examples/node/conformance.mjs

import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createInterface } from "node:readline";

const command = (process.env.RUMMYLIB_BATCH ?? "rummylib batch").trim().split(/\s+/);
const file = new URL("../conformance/batch-protocol-1.jsonl", import.meta.url);
const cases = readFileSync(file, "utf8").split("\n").filter((line) => line.trim()).map((line) => JSON.parse(line));

function fail(message) {
  console.error(`conformance.mjs: ${message}`);
  process.exit(1);
}

function matches(answer, expect, exact) {
  if (Array.isArray(expect)) {
    return Array.isArray(answer) && answer.length === expect.length && expect.every((e, i) => matches(answer[i], e, exact));
  }
  if (expect !== null && typeof expect === "object") {
    if (answer === null || typeof answer !== "object" || Array.isArray(answer)) return false;
    if (exact && Object.keys(answer).length !== Object.keys(expect).length) return false;
    return Object.keys(expect).every((key) => key in answer && matches(answer[key], expect[key], exact));
  }
  return answer === expect;
}

const batch = spawn(command[0], command.slice(1), { stdio: ["pipe", "pipe", "inherit"] });
batch.on("error", (err) => fail(`cannot start ${command.join(" ")}: ${err.message}`));
batch.stdin.on("error", (err) => fail(`cannot write to ${command.join(" ")}: ${err.message}`));

const answers = [];
createInterface({ input: batch.stdout }).on("line", (line) => answers.push(line));
batch.on("close", (code) => {
  if (code !== 0) fail(`${command.join(" ")} exited with status ${code}`);
  if (answers.length !== cases.length) fail(`${cases.length} requests, ${answers.length} answers`);
  let failed = 0;
  cases.forEach((item, i) => {
    let answer;
    try {
      answer = JSON.parse(answers[i]);
    } catch {
      answer = undefined;
    }
    if (answer === undefined || !matches(answer, item.expect, item.match === "exact")) {
      failed += 1;
      console.error(`FAIL ${item.name}\n  sent     ${item.line}\n  expected ${JSON.stringify(item.expect)}\n  got      ${answers[i]}`);
    }
  });
  if (failed > 0) fail(`${failed} of ${cases.length} cases failed`);
  console.log(`${cases.length} conformance cases passed`);
});

for (const item of cases) batch.stdin.write(item.line + "\n");
batch.stdin.end();
