-- Drives `cudavet lsp` through Neovim's built-in LSP client (nvim 0.7+,
-- no plugin), as cmd/cudavet's TestNeovim runs it:
--
--   nvim --headless --clean -u nvim_test.lua
--
-- with CUDAVET_CMD (the server command, words separated by tabs),
-- CUDAVET_FILE (a copy of reduce.cu) and CUDAVET_RESULT (where the
-- transcript goes: "PASS" on its last line when every step held).
--
-- Steps: open the buggy kernel, wait for its diagnostic and check it
-- through vim.diagnostic.get(); hover and code action on the flagged line;
-- edit the buffer (unsaved) to fix the bug and wait for the diagnostic to
-- go; stop the client.

local cmd = vim.split(os.getenv('CUDAVET_CMD'), '\t')
local file = os.getenv('CUDAVET_FILE')
local result = os.getenv('CUDAVET_RESULT')
local WAIT = 120000 -- ms: generous, for a loaded CI machine

local transcript = {}
local function say(fmt, ...)
  table.insert(transcript, string.format(fmt, ...))
end

local function check(cond, fmt, ...)
  if not cond then
    error(string.format(fmt, ...), 0)
  end
end

local function finish(ok)
  table.insert(transcript, ok and 'PASS' or 'FAIL')
  local f = assert(io.open(result, 'w'))
  f:write(table.concat(transcript, '\n'), '\n')
  f:close()
  vim.cmd(ok and 'qall!' or 'cquit! 1')
end

-- The flagged line of reduce.cu and its fix (one line, not saved).
local BUG_LINE = 17 -- 0-based: line 18 of the file
local FIX = '  /* Σ of the warps */ __syncthreads();'

local function run()
  vim.cmd('edit ' .. vim.fn.fnameescape(file))
  local buf = vim.api.nvim_get_current_buf()
  local client_id = vim.lsp.start_client({
    name = 'cudavet',
    cmd = cmd,
    root_dir = vim.fn.fnamemodify(file, ':p:h'),
    init_options = { checks = 'barrierdiv' },
  })
  check(client_id, 'vim.lsp.start_client failed')
  check(vim.lsp.buf_attach_client(buf, client_id), 'buf_attach_client failed')

  -- 1. The diagnostic of the buggy kernel.
  local got = vim.wait(WAIT, function() return #vim.diagnostic.get(buf) > 0 end, 50)
  check(got, 'no diagnostics within %d ms', WAIT)
  local diags = vim.diagnostic.get(buf)
  check(#diags == 1, 'want 1 diagnostic, got %d: %s', #diags, vim.inspect(diags))
  local d = diags[1]
  say('diagnostic %d:%d %s [%s] %s', d.lnum, d.col, d.source, d.user_data.lsp.code, d.message)
  check(d.lnum == BUG_LINE, 'diagnostic on line %d, want %d', d.lnum, BUG_LINE)
  -- Byte column 38 although the line has a two-byte character before it:
  -- the server's UTF-16 column came through the client's conversion.
  check(d.col == 38, 'diagnostic at byte column %d, want 38', d.col)
  check(d.severity == vim.diagnostic.severity.ERROR, 'severity %s, want ERROR', d.severity)
  check(d.source == 'cudavet', 'source %s', tostring(d.source))
  check(d.user_data.lsp.code == 'barrierdiv', 'code %s', tostring(d.user_data.lsp.code))
  check(d.message:find('__syncthreads() is reached only by threads with tid < 32', 1, true), 'message %q', d.message)
  local related = d.user_data.lsp.relatedInformation or {}
  check(#related >= 1, 'no relatedInformation: %s', vim.inspect(d.user_data.lsp))

  -- 2. Hover on the flagged line shows the finding and its witness.
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = BUG_LINE, character = 4 } }
  local hover = vim.lsp.buf_request_sync(buf, 'textDocument/hover', params, WAIT)
  local h = hover and hover[client_id] and hover[client_id].result
  check(h and h.contents.value:find('Witness', 1, true), 'hover: %s', vim.inspect(hover))
  say('hover ok')

  -- 3. The code action inserts the suppression comment above the line. The
  -- context is what vim.lsp.buf.code_action() sends on that line.
  local range = { start = { line = BUG_LINE, character = 0 }, ['end'] = { line = BUG_LINE, character = 0 } }
  local ca = vim.lsp.buf_request_sync(buf, 'textDocument/codeAction', {
    textDocument = params.textDocument,
    range = range,
    context = { diagnostics = vim.lsp.diagnostic.get_line_diagnostics(buf, BUG_LINE) },
  }, WAIT)
  local actions = ca and ca[client_id] and ca[client_id].result or {}
  check(#actions == 1, 'want 1 code action, got %s', vim.inspect(ca))
  local edit = actions[1].edit.changes[params.textDocument.uri][1]
  check(edit.newText == '  // cudavet:ignore[barrierdiv] \n', 'code action inserts %q', edit.newText)
  say('code action ok: %s', actions[1].title)

  -- 4. Fix the bug in the buffer (unsaved): the diagnostic goes.
  vim.api.nvim_buf_set_lines(buf, BUG_LINE, BUG_LINE + 1, false, { FIX })
  got = vim.wait(WAIT, function() return #vim.diagnostic.get(buf) == 0 end, 50)
  check(got, 'diagnostic still there %d ms after the fix: %s', WAIT, vim.inspect(vim.diagnostic.get(buf)))
  check(vim.bo[buf].modified, 'the buffer was saved: the test must analyse unsaved text')
  say('fixed: no diagnostics')

  -- 5. Break it again: the diagnostic comes back (incremental edits keep
  -- the server's copy in step with the buffer).
  vim.api.nvim_buf_set_lines(buf, BUG_LINE, BUG_LINE + 1, false, { '  /* Σ of the warps */ if (tid < 32) __syncthreads();' })
  got = vim.wait(WAIT, function() return #vim.diagnostic.get(buf) == 1 end, 50)
  check(got, 'no diagnostic after reintroducing the bug')
  say('broken again: 1 diagnostic')

  vim.lsp.stop_client(client_id)
  vim.wait(WAIT, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
end

vim.api.nvim_create_autocmd('VimEnter', {
  once = true,
  callback = function()
    local ok, err = pcall(run)
    if not ok then
      say('error: %s', tostring(err))
    end
    finish(ok)
  end,
})
