"""A large output (past the prefilter's 65,536 chars) is redacted exactly as its pieces are: the
grouped prefilter that skips detectors with nothing to find never skips one that has."""

from __future__ import annotations

import random
import string

import pytest

from toolstub.redact import PREFILTER_MIN_CHARS, redact_text, redactor_for
from toolstub.rule_files import load_rules

RULES = load_rules("default")
RNG = random.Random(1414)
A = string.ascii_letters + string.digits


def r(n: int) -> str:
    return "".join(RNG.choice(A) for _ in range(n))


SECRETS = [
    f"token ghp_{r(36)}",
    f"AKIA{''.join(RNG.choice(string.ascii_uppercase + string.digits) for _ in range(16))}",
    f"export OPENAI_API_KEY=sk-proj-{r(20)}T3BlbkFJ{r(20)}",
    f"xoxb-123456789012-1234567890123-{r(24)}",
    f"mysql -u root -pS{r(11)} -h db",
    f'{{"password": "{r(14)}"}}',
    f"client_secret = \"{r(30)}9\"",  # the entropy scan (the last prefilter group)
    f"DATABASE_URL=postgres://app:{r(12)}@db:5432/shop",
]
FILLER = "".join(f"2026-12-03 10:00:{i % 60:02d} INFO request {i} served in {i % 97} ms\n" for i in range(3000))


@pytest.mark.parametrize("secret", SECRETS)
def test_a_secret_deep_in_a_large_output_is_found(secret: str) -> None:
    small, count = redact_text(secret, RULES)
    assert count >= 1, small
    big = FILLER + secret + "\n" + FILLER
    assert len(big) >= PREFILTER_MIN_CHARS
    out, big_count = redact_text(big, RULES)
    assert big_count == count
    assert out == FILLER + small + "\n" + FILLER


def test_a_large_secret_free_output_runs_no_detector() -> None:
    redactor = redactor_for(RULES)
    assert redactor._candidates(FILLER * 3) == []
    assert redact_text(FILLER * 3, RULES) == (FILLER * 3, 0)
