"""JSON Schema files for toolstub rule files."""
