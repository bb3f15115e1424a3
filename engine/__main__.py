"""``python -m toolstub``: the same as the ``toolstub`` command."""

from toolstub.cli import main

main(prog_name="toolstub")
