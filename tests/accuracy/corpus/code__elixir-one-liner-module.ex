defmodule Hello do
  def world, do: IO.puts("hi")
end
