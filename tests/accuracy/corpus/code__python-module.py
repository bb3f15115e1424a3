"""Small HTTP client with retries."""
from __future__ import annotations

import logging
import time
from dataclasses import dataclass

import httpx

log = logging.getLogger(__name__)


@dataclass
class RetryPolicy:
    attempts: int = 3
    backoff: float = 0.5


class Client:
    def __init__(self, base_url: str, policy: RetryPolicy | None = None) -> None:
        self._http = httpx.Client(base_url=base_url, timeout=10)
        self._policy = policy or RetryPolicy()

    def get(self, path: str) -> dict:
        for attempt in range(1, self._policy.attempts + 1):
            try:
                resp = self._http.get(path)
                resp.raise_for_status()
                return resp.json()
            except httpx.HTTPError as exc:
                log.warning("attempt %d failed: %s", attempt, exc)
                time.sleep(self._policy.backoff * attempt)
        raise RuntimeError(f"GET {path} failed after retries")
