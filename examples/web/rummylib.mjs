// rummylib in a web page, off the main thread: an ES module that starts a Pyodide Web Worker
// (worker.mjs) and asks it for the verdict on a table, as often as the player changes it.
//
//   import { startReferee } from "./rummylib.mjs";
//   const referee = startReferee(new URL("../bundle.json", import.meta.url));
//   await referee.ready;                       // Pyodide started, rummylib imported
//   const { answer, ms } = await referee.check({ before: "r3 r4 r5 r6", rack: "r7 r8",
//                                                after: "r3 r4 r5 | r6 r7 r8" });
//   answer.verdict;                            // "legal" or "illegal"; answer.problems, answer.picture
//
// Checks are answered in order. While one is being judged, a newer check replaces any check still
// waiting (the older one resolves to null): a player typing fast gets the verdict on what they
// see, never a queue of stale ones.

export function startReferee(bundleURL) {
  const worker = new Worker(new URL("./worker.mjs", import.meta.url), { type: "module" });
  let nextId = 1;
  let inFlight = null; // {id, resolve, reject, sent}
  let waiting = null; // {request, resolve, reject}
  let onReady;
  let onFailed;
  const ready = new Promise((resolve, reject) => {
    onReady = resolve;
    onFailed = reject;
  });
  ready.catch(() => {}); // a page that never awaits `ready` is not told of an unhandled rejection

  function send(job) {
    const sent = { ...job, id: nextId++, sent: performance.now() };
    inFlight = sent;
    ready.then(
      () => {
        sent.sent = performance.now();
        worker.postMessage({ type: "check", id: sent.id, request: job.request });
      },
      (error) => {
        inFlight = null;
        job.reject(error);
      },
    );
  }

  worker.onmessage = (event) => {
    const message = event.data;
    if (message.type === "ready") onReady(message.ms);
    else if (message.type === "failed") onFailed(new Error(message.message));
    else if (message.type === "verdict" && inFlight && message.id === inFlight.id) {
      const job = inFlight;
      inFlight = null;
      if (message.error) job.reject(new Error(message.error));
      else job.resolve({ answer: message.answer, ms: performance.now() - job.sent, pythonMs: message.ms });
      if (waiting) {
        const next = waiting;
        waiting = null;
        send(next);
      }
    }
  };
  worker.onerror = (event) => onFailed(new Error(event.message || "the referee worker could not start"));
  worker.postMessage({ type: "start", bundle: new URL(bundleURL, location.href).href });

  return {
    ready,
    check(request) {
      return new Promise((resolve, reject) => {
        const job = { request, resolve, reject };
        if (inFlight === null) send(job);
        else {
          if (waiting) waiting.resolve(null);
          waiting = job;
        }
      });
    },
    close() {
      worker.terminate();
    },
  };
}
