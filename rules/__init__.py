"""Bundled rule files (YAML) and their JSON Schema, read through importlib.resources."""
