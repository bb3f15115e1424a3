import os
import sys


def main():
    print(os.getcwd())
    return 0


if __name__ == '__main__':
    sys.exit(main())
