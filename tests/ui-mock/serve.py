#!/usr/bin/env python3
"""DEVELOPMENT ONLY: serves the repository root on 127.0.0.1 with the app window's CSP, so a
look at tests/ui-mock/ also catches anything the real window would block.

    python3 tests/ui-mock/serve.py [PORT]     # default 8765
    open http://127.0.0.1:8765/tests/ui-mock/?scenario=chat
"""
import functools
import http.server
import pathlib
import sys

CSP = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self' ipc: http://ipc.localhost; object-src 'none'; base-uri 'self'; form-action 'none'"
)


class Handler(http.server.SimpleHTTPRequestHandler):
    def end_headers(self):
        self.send_header("Content-Security-Policy", CSP)
        self.send_header("Cache-Control", "no-store")
        super().end_headers()

    def log_message(self, *args):
        pass


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8765
    root = pathlib.Path(__file__).resolve().parents[2]
    handler = functools.partial(Handler, directory=str(root))
    http.server.ThreadingHTTPServer(("127.0.0.1", port), handler).serve_forever()


if __name__ == "__main__":
    main()
