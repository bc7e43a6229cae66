-- Drives `nibscript lsp` from Neovim's built-in LSP client, headless (NeovimClientTests):
-- opens the script, waits for the diagnostics of its run, edits it (a misspelt class) and
-- waits for the error, fixes it, then asks a hover and a definition. Each check writes
-- "ok <what>" or "FAIL <what>: <why>" to $NIBSCRIPT_RESULT; the last line is "done".
-- Works with Neovim 0.7 and later (vim.lsp.start_client, vim.diagnostic).
local bin = os.getenv("NIBSCRIPT_BIN")
local file = os.getenv("NIBSCRIPT_FILE")
local result = io.open(os.getenv("NIBSCRIPT_RESULT"), "w")
local failed = false

local function say(line)
  result:write(line .. "\n")
  result:flush()
end
local function check(what, ok, why)
  if ok then say("ok " .. what) else failed = true; say("FAIL " .. what .. ": " .. tostring(why)) end
  return ok
end
local function finish()
  say("done")
  result:close()
  vim.cmd(failed and "cquit 1" or "qall!")
end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local buf = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({ name = "nibscript", cmd = { bin, "lsp" }, root_dir = vim.fn.fnamemodify(file, ":h") })
if not check("client started", client_id ~= nil, "start_client returned nil") then return finish() end
vim.lsp.buf_attach_client(buf, client_id)
local client = vim.lsp.get_client_by_id(client_id)

local function lines_of(pattern)
  for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    local s = l:find(pattern, 1, true)
    if s then return i - 1, s - 1 end
  end
  return nil
end
local function diagnostics(severity)
  return vim.diagnostic.get(buf, { severity = severity })
end

-- 1. The run's failed expectation arrives as a warning on its line.
local warned = vim.wait(20000, function()
  for _, d in ipairs(diagnostics(vim.diagnostic.severity.WARN)) do
    if d.message:find("expectation failed: expect count p == 2", 1, true) then return true end
  end
  return false
end, 50)
local expect_line = lines_of("expect count p == 2")
check("run diagnostics", warned and diagnostics(vim.diagnostic.severity.WARN)[1].lnum == expect_line,
  vim.inspect(vim.diagnostic.get(buf)))

-- 2. An edit: `new Owner` becomes `new Ownr`; the checker's error comes back with its range.
local line, col = lines_of("o = new Owner")
vim.api.nvim_buf_set_text(buf, line, col + 8, line, col + 13, { "Ownr" })
local errored = vim.wait(10000, function() return #diagnostics(vim.diagnostic.severity.ERROR) > 0 end, 20)
local err = diagnostics(vim.diagnostic.severity.ERROR)[1]
check("error as you type", errored and err.message == "unknown class 'Ownr'\nnote: did you mean 'Owner'?"
  and err.lnum == line and err.col == col + 8 and err.end_col == col + 12, vim.inspect(err))

-- 3. The fix clears it.
vim.api.nvim_buf_set_text(buf, line, col + 8, line, col + 12, { "Owner" })
local cleared = vim.wait(10000, function() return #diagnostics(vim.diagnostic.severity.ERROR) == 0 end, 20)
check("error cleared", cleared, vim.inspect(vim.diagnostic.get(buf)))

-- 4. Hover on the outlet in `connect owner.label -> title`.
local hl, hc = lines_of("owner.label")
local hover = client.request_sync("textDocument/hover",
  { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = hl, character = hc + 8 } }, 10000, buf)
local value = hover and hover.result and hover.result.contents and hover.result.contents.value or ""
check("hover", value:find("outlet label : UILabel retain", 1, true) ~= nil, vim.inspect(hover))

-- 5. Definition of `title` in the scenario: the nib object's declaration.
local dl, dc = lines_of("count title")
local def = client.request_sync("textDocument/definition",
  { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = dl, character = dc + 7 } }, 10000, buf)
local target = def and def.result and (def.result.range or (def.result[1] and def.result[1].range))
local tl, tc = lines_of("title : UILabel")
check("definition", target ~= nil and target.start.line == tl and target.start.character == tc, vim.inspect(def))

client.stop()
finish()
