"""Serving stored tool results: the HTTP API (FastAPI) and the MCP server.

Both are stateless over the store: every answer comes from the store, so any
number of processes over one store give the same answers.

- :func:`toolstub.server.http.create_app` builds the ASGI app (``toolstub serve http``).
- :func:`toolstub.server.mcp_server.build_mcp_server` builds the MCP server
  (``toolstub serve mcp``).
- :mod:`toolstub.server.auth` loads API keys scoped to sessions.

These need the ``server`` extra (``pip install 'toolstub[server]'``).
"""
