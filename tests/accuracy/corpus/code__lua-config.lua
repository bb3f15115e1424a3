local M = {}

function M.setup(opts)
  opts = opts or {}
  vim.opt.number = true
  vim.opt.tabstop = opts.tabstop or 4
  vim.keymap.set("n", "<leader>w", ":w<CR>")
end

return M
