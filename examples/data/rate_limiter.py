"""A token-bucket rate limiter shared by the API workers."""

from __future__ import annotations

import threading
import time
from dataclasses import dataclass, field


@dataclass
class Bucket:
    capacity: int
    refill_per_second: float
    tokens: float = field(init=False)
    updated: float = field(default_factory=time.monotonic)

    def __post_init__(self) -> None:
        self.tokens = float(self.capacity)

    def refill(self, now: float) -> None:
        elapsed = max(0.0, now - self.updated)
        self.tokens = min(self.capacity, self.tokens + elapsed * self.refill_per_second)
        self.updated = now


class RateLimiter:
    """One bucket per key; ``allow(key)`` takes a token if there is one."""

    def __init__(self, capacity: int = 10, refill_per_second: float = 5.0) -> None:
        self._buckets: dict[str, Bucket] = {}
        self._lock = threading.Lock()
        self.capacity = capacity
        self.refill_per_second = refill_per_second

    def allow(self, key: str, cost: float = 1.0) -> bool:
        with self._lock:
            bucket = self._buckets.setdefault(key, Bucket(self.capacity, self.refill_per_second))
            bucket.refill(time.monotonic())
            if bucket.tokens >= cost:
                bucket.tokens -= cost
                return True
            return False

    def reset(self, key: str) -> None:
        with self._lock:
            self._buckets.pop(key, None)


def main() -> None:
    limiter = RateLimiter(capacity=3, refill_per_second=1.0)
    print([limiter.allow("client-a") for _ in range(5)])


if __name__ == "__main__":
    main()
