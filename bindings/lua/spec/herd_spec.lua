-- The Lua module against the library's contracts: protocol.md's texts and
-- words, and the herd program's answers for the same commands.
local herd = require "herd"
local protocol = require "protocol"

-- The message of the error that f raises.
local function error_of(f, ...)
  local ok, err = pcall(f, ...)
  assert.is_false(ok)
  return err
end

describe("herd.games()", function()
  it("lists the games of the protocol's `games`, in its order, with their options", function()
    local answer = protocol.run({ "games" })[1]
    local lines = {}
    for line in answer.text:gmatch("[^\n]+") do lines[#lines + 1] = line end
    local games = herd.games()
    assert.are.equal(#lines, #games)
    for i, d in ipairs(games) do
      local words = { d.name }
      for _, o in ipairs(d.options) do
        local values
        if o.kind == "range" then values = o.min .. ".." .. o.max
        elseif o.kind == "choice" then values = table.concat(o.choices, "|")
        else values = "point" end
        words[#words + 1] = o.key .. "=" .. values .. ":" .. o.default
      end
      assert.are.equal(lines[i], table.concat(words, " "))
      assert.are.equal(2, #d.sides)
      assert.is_true(#d.levels >= 1)
      assert.is_string(d.levels[1].name)
    end
    assert.are.equal("horses", games[1].name)
    assert.are.equal("Herd of Horses", games[1].title)
    assert.is_true(games[2].chance)
  end)
end)

describe("a game", function()
  it("gives the protocol's position, legal actions and status", function()
    local g = herd.new("horses", "w=10 h=8 seed=7")
    local a = protocol.run({ "new horses w=10 h=8 seed=7", "legal", "status" })
    assert.are.equal(a[1].text, g:position())
    assert.are.equal(a[2].text, table.concat(g:legal(), " "))
    local result, side, reason = g:status()
    assert.are.same({ "ongoing", "green" }, { result, side })
    assert.is_nil(reason)
    assert.are.equal(a[3].text, result .. " " .. side)
    assert.are.equal("horses", g:name())
    assert.are.equal(g:position(), tostring(g))
  end)

  it("plays, undoes, hints and saves", function()
    local g = herd.new("flock", "seed=3")
    local start = g:position()
    local hint = g:hint(1)
    local copy = g:clone()
    assert.are.equal(hint, copy:genmove(1))   -- the hint is what genmove plays
    assert.are.equal(start, g:position())     -- and the hint changed nothing
    assert.are_not.equal(start, copy:position())
    g:play(g:legal()[1])
    g:undo()
    assert.are.equal(start, g:position())
    local saved = copy:save()
    local loaded = herd.load(saved)
    assert.are.equal(copy:position(), loaded:position())
    assert.are.equal(copy:genmove(), loaded:genmove())  -- the generator came along
  end)

  it("raises the library's messages, as the protocol's `?` lines, and changes nothing", function()
    local a = protocol.run({ "new nope", "new horses w=99", "new horses seed=7", "play a1-a2",
                             "play zz", "undo", "hint 9", "load junk" })
    assert.are.equal(a[1].text, error_of(herd.new, "nope"))
    assert.are.equal(a[2].text, error_of(herd.new, "horses", "w=99"))
    local g = herd.new("horses", "seed=7")
    local before = g:position()
    assert.are.equal(a[4].text, error_of(g.play, g, "a1-a2"))
    assert.are.equal(a[5].text, error_of(g.play, g, "zz"))
    assert.are.equal(a[6].text, error_of(g.undo, g))
    assert.are.equal(a[7].text, error_of(g.hint, g, 9))
    assert.are.equal(a[8].text, error_of(herd.load, "junk"))
    assert.are.equal("the text has a NUL character", error_of(g.play, g, g:legal()[1] .. "\0junk"))
    assert.are.equal("the text has a NUL character", error_of(herd.new, "horses", "seed=7\0 w=99"))
    assert.are.equal(before, g:position())
    assert.are.equal("a chance event waits: roll first", error_of(herd.new("hex").hint, herd.new("hex")))
  end)

  it("shows the board as the protocol's `show`, however large", function()
    local a = protocol.run({ "new horses w=30 h=20 seed=1", "show" })
    local g = herd.new("horses", "w=30 h=20 seed=1")
    assert.is_true(#g:show() > 1024)                 -- past the first buffer
    -- the program's `show` names the game on its first line
    assert.are.equal(a[2].text, "horses\n" .. (g:show():gsub("\n$", "")))
  end)

  it("frees its handle on close, and a closed game refuses", function()
    local g = herd.new("hare")
    g:close()
    g:close()
    assert.are.equal("the game is closed", error_of(g.legal, g))
    assert.are.equal("herd game (closed)", tostring(g))
    if _VERSION == "Lua 5.4" then
      local closed = load([[
        local herd = ...
        local g <close> = herd.new("fox")
        return g
      ]])(herd)
      assert.are.equal("the game is closed", error_of(closed.position, closed))
    end
    collectgarbage()
  end)

  it("gives a Herd of Horses board to draw: cells, numbered horses, lines, progress", function()
    local g = herd.new("horses", "w=10 h=8 n=6 seed=7")
    local v = g:view()
    assert.are.same({ "horses", 8, 10, 80 }, { v.game, v.rows, v.cols, #v.cells })
    local horses = {}
    for _, c in ipairs(v.cells) do
      if c.side then horses[#horses + 1] = c end
    end
    assert.are.equal(12, #horses)
    assert.are.same({ row = 0, col = 0, side = "green", number = 1 }, v.cells[1])
    assert.are.same({ row = 7, col = 9, side = "red", number = 1 }, v.cells[80])
    assert.is_true(#v.lines >= 10)                 -- two herds of 6, each together
    for _, l in ipairs(v.lines) do assert.is_true(l.a < l.b) end
    assert.are.equal(v.progress.green.parts, v.progress.red.parts)
    local action = g:legal()[1]
    g:play(action)
    local from, to = action:match("^(%w+)-(%w+)$")
    assert.matches("^1%. Green moved horse %d: " .. from .. " %-> " .. to .. "$", g:log_line(1, action))
    assert.has_error(function() g:log_line(0, action) end)
    local reply = g:legal()[1]
    g:play(reply)
    assert.are.equal(g:log_line(1 + 1, reply), g:history_line(2))
    assert.matches("^1%. Green moved horse %d: " .. from .. " %-> " .. to .. "$", g:history_line(1))
    g:undo()
    assert.has_error(function() g:history_line(2) end)
    assert.has_error(function() g:history_line(0) end)
    local hare = herd.new("hare")
    hare:genmove(1)
    assert.has_error(function() hare:history_line(1) end) -- not horses
    -- A const call leaves no message: its error is its own code's, not the
    -- message an earlier failed call left on the handle.
    local _, played = pcall(hare.play, hare, "zz9")
    local _, err = pcall(hare.history_line, hare, 1)
    assert.is_truthy(played:find("FROM-TO", 1, true), played)
    assert.is_nil(err:find("FROM-TO", 1, true), err)
    for _, name in ipairs({ "hex", "hare", "fox", "flock" }) do
      local w = herd.new(name):view()
      local pieces = 0
      for _, c in ipairs(w.cells) do if c.side then pieces = pieces + 1 end end
      assert.is_true(#w.cells > 0 and (pieces > 0 or name == "hex"), name)
    end
  end)
end)

-- Every game to its end, the computer on both sides: after every action the
-- binding's position is the protocol program's for the same actions.
describe("every game, played to its end", function()
  local setups = { horses = "w=8 h=8 seed=7", hex = "size=3 seed=2", hare = "seed=1",
                   fox = "seed=4", flock = "seed=3" }
  for _, d in ipairs(herd.games()) do
    it(d.name .. " gives the protocol program's positions", function()
      local g = herd.new(d.name, setups[d.name])
      local commands = { "new " .. d.name .. " " .. setups[d.name] }
      local positions = { g:position() }
      local plies = 0
      while g:status() == "ongoing" do
        local action = g:is_chance() and g:roll() or g:genmove(1)
        commands[#commands + 1] = "play " .. action
        commands[#commands + 1] = "position"
        positions[#positions + 1] = g:position()
        plies = plies + 1
        assert.is_true(plies < 5000, "the game ends")
      end
      commands[#commands + 1] = "status"
      local answers = protocol.run(commands)
      assert.are.equal(positions[1], answers[1].text)
      for i = 2, #positions do
        assert.is_true(answers[2 * i - 2].ok, commands[2 * i - 2])
        assert.are.equal(positions[i], answers[2 * i - 1].text)
      end
      local result, side, reason = g:status()
      local words = result == "win" and (result .. " " .. side .. " " .. reason)
                    or (result .. " " .. reason)
      assert.are.equal(answers[#answers].text, words)
      -- The ending in the library's words, the board's last line too.
      local sentence = g:result_text()
      assert.matches("^%u[^\n]*: [^\n]*", sentence)
      assert.are.equal(sentence, g:show():match("[^\n]*$"))
      g:undo()
      assert.are.equal("", g:result_text())
    end)
  end
end)

-- docs/lua.md's first example, as the page has it: it runs and prints
-- what its `-->` comment says.
describe("docs/lua.md", function()
  it("has a first example that prints what it says", function()
    local f = assert(io.open("../../docs/lua.md"))
    local page = f:read("*a")
    f:close()
    local code = assert(page:match("```lua\n(.-)```"))
    local expected = assert(code:match("%-%->%s*([^\n]+)"))
    local printed = {}
    local print_ = _G.print  -- the chunk's global print, not busted's
    _G.print = function(...)
      local words = {}
      for i = 1, select("#", ...) do words[i] = tostring((select(i, ...))) end
      printed[#printed + 1] = table.concat(words, " ")
    end
    local ok, err = pcall(assert((loadstring or load)(code)))
    _G.print = print_
    assert(ok, err)
    assert.are.same({ expected }, printed)
  end)
end)
