defmodule Shop.Cart do
  @moduledoc "A shopping cart."

  alias Shop.Item

  def new, do: %{items: []}

  def add(cart, %Item{} = item) do
    %{cart | items: [item | cart.items]}
  end

  defp total(items), do: Enum.reduce(items, 0, &(&1.price + &2))
end
