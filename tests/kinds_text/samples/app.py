"""A tiny web service."""

from __future__ import annotations

import json
import os, sys
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, HTTPServer

PORT = int(os.environ.get("PORT", "8080"))


@dataclass
class Item:
    name: str
    price: float


class Handler(BaseHTTPRequestHandler):
    def do_GET(self):
        body = json.dumps({"items": [Item("a", 1.0).__dict__]}).encode()
        self.send_response(200)
        self.end_headers()
        self.wfile.write(body)


async def warm_up(cache):
    for key in ("a", "b"):
        await cache.get(key)


def main(argv=None):
    server = HTTPServer(("", PORT), Handler)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
