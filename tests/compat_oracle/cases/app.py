"""A small module."""
import os, sys
from collections import Counter
import numpy as np


class Runner:
    def __init__(self, n):
        self.n = n

    async def go(self):
        return self.n


def main(argv=None):
    return Runner(len(argv or sys.argv))
