-- busted's helper (--helper=spec/helper.lua): the module just built first
-- on package.cpath (HERD_LUA_DIR, set by CTest), and a runner for the
-- protocol program (HERD_PROGRAM) that the specs compare against.
local dir = os.getenv("HERD_LUA_DIR")
if dir then
  package.cpath = dir .. "/?.so;" .. package.cpath
end

local protocol = {}

-- Runs the commands through the herd program in one session and returns its
-- answers, one a command: { ok = true|false, text = payload or message }.
function protocol.run(commands)
  local program = assert(os.getenv("HERD_PROGRAM"), "HERD_PROGRAM names the herd program")
  local path = os.tmpname()
  local f = assert(io.open(path, "w"))
  f:write(table.concat(commands, "\n"), "\n")
  f:close()
  local p = assert(io.popen("'" .. program .. "' < '" .. path .. "'"))
  local out = p:read("*a")
  p:close()
  os.remove(path)
  local answers = {}
  for block in (out .. "\n"):gmatch("(.-)\n\n") do
    local mark, text = block:match("^([=?]) ?(.*)$")
    answers[#answers + 1] = { ok = mark == "=", text = text }
  end
  assert(#answers == #commands, "the herd program answered " .. #answers .. " of "
         .. #commands .. " commands")
  return answers
end

package.loaded["protocol"] = protocol
