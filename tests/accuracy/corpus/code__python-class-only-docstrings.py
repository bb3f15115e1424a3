class Config:
    """Settings read from the environment."""

    debug = False
    workers = 4

    @classmethod
    def from_env(cls, env):
        self = cls()
        self.debug = env.get("DEBUG") == "1"
        return self
