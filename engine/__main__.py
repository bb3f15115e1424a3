"""``python -m toolstub``: the same as the ``toolstub`` command."""

from toolstub.launch import main

main(prog_name="toolstub")
