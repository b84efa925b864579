"""A tiny web service that validates a posted Rummikub turn, with the standard library only.

POST a JSON body with the fields of the batch ``turn`` op to ``/turn``; the answer is the batch
answer (``valid``, ``played``, ``problems``, ``changes``) with status 200, or an ``error`` object
with status 400 for bad input. Add ``?picture=1`` to get the turn drawn as SVG instead.

Run as a script, it starts the server on 127.0.0.1 (a free port), posts one legal and one
illegal turn to itself, prints the answers, and stops. ``python examples/web_handler.py serve``
keeps it running on port 8000.
"""

from __future__ import annotations

import json
import sys
import threading
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlparse

from rummylib import svg
from rummylib.batch import Request, handle_request
from rummylib.errors import RummyError
from rummylib.table import Table

MAX_BODY = 1_000_000


def answer_turn(body: bytes, *, picture: bool = False) -> tuple[int, str, str]:
    """Judge one posted turn: ``(status, content type, body)``. Pure: no sockets involved."""
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as exc:
        return _json(400, {"error": {"code": "bad-json", "message": f"not valid JSON: {exc}"}})
    if not isinstance(data, dict):
        return _json(400, {"error": {"code": "bad-request", "message": "the body must be a JSON object"}})
    request = {"game": "rummikub", **data, "op": "turn"}
    try:
        answer = handle_request(request)
    except Exception as exc:  # a server answers 500 rather than dropping the connection
        return _json(500, {"error": {"code": "internal-error", "message": f"{type(exc).__name__}: {exc}"}})
    if "error" in answer:
        return _json(400, answer)
    if picture:
        try:
            req = Request.from_json(request)
            before = Table.of(request.get("table_before", []), rules=req.rules)
            after = Table.of(request.get("table_after", []), rules=req.rules)
            drawing = svg.turn(
                before,
                str(request.get("rack", "")),
                after,
                rules=req.rules,
                initial_meld_done=bool(request.get("initial_meld_done", False)),
            )
        except RummyError as exc:  # pragma: no cover - the same input was just judged without error
            return _json(400, {"error": {"code": exc.code, "message": exc.message}})
        return 200, "image/svg+xml", drawing
    return _json(200, answer)


def _json(status: int, data: dict[str, Any]) -> tuple[int, str, str]:
    return status, "application/json", json.dumps(data, ensure_ascii=False)


class TurnHandler(BaseHTTPRequestHandler):
    """Routes ``POST /turn`` to `answer_turn`; everything else is 404."""

    def do_POST(self) -> None:
        url = urlparse(self.path)
        if url.path != "/turn":
            self._send(404, "application/json", '{"error": {"code": "not-found", "message": "POST /turn"}}')
            return
        length = int(self.headers.get("Content-Length") or 0)
        if length > MAX_BODY:
            self._send(413, "application/json", '{"error": {"code": "too-large", "message": "body too large"}}')
            return
        picture = parse_qs(url.query).get("picture") == ["1"]
        self._send(*answer_turn(self.rfile.read(length), picture=picture))

    def _send(self, status: int, content_type: str, body: str) -> None:
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", f"{content_type}; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: Any) -> None:
        """Keep the demo's output quiet."""


def post(url: str, payload: dict[str, Any]) -> tuple[int, dict[str, Any]]:
    """POST JSON and decode the JSON answer (also for 4xx answers)."""
    request = urllib.request.Request(
        url, data=json.dumps(payload).encode(), headers={"Content-Type": "application/json"}, method="POST"
    )
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, json.loads(response.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def main(argv: list[str]) -> int:
    if argv[1:] == ["serve"]:  # pragma: no cover - runs until interrupted
        print("validating turns on http://127.0.0.1:8000/turn")
        ThreadingHTTPServer(("127.0.0.1", 8000), TurnHandler).serve_forever()
    server = ThreadingHTTPServer(("127.0.0.1", 0), TurnHandler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    url = f"http://127.0.0.1:{server.server_address[1]}/turn"
    try:
        legal = {"table_before": ["r3 r4 r5 r6"], "rack": "r7 r8 b1", "table_after": ["r3 r4 r5", "r6 r7 r8"],
                 "initial_meld_done": True}  # fmt: skip
        status, answer = post(url, legal)
        print(status, "valid" if answer["valid"] else "invalid", "played", answer["played"])
        illegal = {**legal, "table_after": ["r3 r4 r5", "r6 r7"]}
        status, answer = post(url, illegal)
        print(status, "valid" if answer["valid"] else "invalid", [p["code"] for p in answer["problems"]])
        status, answer = post(url, {"table_before": [], "rack": "r1 r99", "table_after": ["r1"]})
        print(status, answer["error"]["code"])
    finally:
        server.shutdown()
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
