"""Rate limiting for the login endpoint.

This module keeps, for each client address, the times of its recent attempts,
and refuses an attempt when there were too many in the window. It is meant for
a single process; a shared limiter needs Redis or another store, which a later
version will add.
"""

import time

WINDOW = 60.0


def allow(hits, now=None):
    now = time.monotonic() if now is None else now
    return len([t for t in hits if now - t < WINDOW]) < 5
