"""Built-in kind summarizers. Each module is a pluggy plugin registered exactly as a third-party one."""
