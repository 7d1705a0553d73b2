-- Herd of Horses in LÖVE 11, played with the mouse against the computer
-- (you are Green), over the Lua module herd (bindings/lua, LuaJIT build).
--
--   LUA_CPATH="BUILD/bindings/lua/luajit/?.so;;" love examples/love [OPTIONS]
--
--   --options "w=10 h=8 n=6 seed=7"   the game's options (protocol.md's `new`)
--   --level N                         the computer's level (1: a random horse)
--   --demo                            the computer on both sides; prints the
--                                     result (`win red corner`) and exits 0
--   --screenshot FILE                 with --demo: the final board as PNG
--   --clicks                          with --demo: Green's first move made by
--                                     mouse clicks, as a player makes it
--
-- Click one of your horses to select it (a yellow ring): the dotted circles
-- are where it can jump; click one to move there. Digits select a horse by
-- its number, letters pick a dotted circle. Faded horses cannot move.
local dir = os.getenv("HERD_LUA_DIR")  -- the tests' way; LUA_CPATH works as well
if dir then package.cpath = dir .. "/?.so;" .. package.cpath end
local herd = require "herd"

local GREEN, RED = "green", "red"
local COLORS = {
  green = { 0.20, 0.62, 0.25 }, red = { 0.82, 0.22, 0.20 }, yellow = { 1.00, 0.85, 0.10 },
  light = { 0.93, 0.89, 0.80 }, dark = { 0.73, 0.63, 0.50 }, ink = { 0.12, 0.12, 0.12 },
  paper = { 0.97, 0.96, 0.93 },
}

local settings = { options = "w=10 h=8 seed=" .. os.time(), level = 1, demo = false }
local game, view, selected, log, number, wait

-- ------------------------------------------------------------ the game

local function cell_name(row, col) return string.char(97 + row) .. (col + 1) end

local function parse_cell(name)
  local r, c = name:match("^(%l)(%d+)$")
  return r:byte() - 97, tonumber(c) - 1
end

-- The horse on a cell, from the library's view.
local function square(row, col)
  for _, s in ipairs(view.cells) do
    if s.row == row and s.col == col then return s end
  end
end

local function horse_cell(side, n)
  for _, s in ipairs(view.cells) do
    if s.side == side and s.number == n then return s end
  end
end

-- The legal actions from a cell, sorted top to bottom, left to right.
local function targets_from(row, col)
  local from, out = cell_name(row, col), {}
  for _, action in ipairs(game:legal()) do
    local a, b = action:match("^(%w+)-(%w+)$")
    if a == from then
      local r, c = parse_cell(b)
      out[#out + 1] = { row = r, col = c, action = action }
    end
  end
  table.sort(out, function(x, y) return x.row < y.row or (x.row == y.row and x.col < y.col) end)
  return out
end

local function refresh() view = game:view() end

-- After an action: the moves log's line (the library's), newest first.
local function played(side, action)
  number = number + 1
  table.insert(log, 1, { side = side, text = game:log_line(number, action) })
  selected = nil
  refresh()
end

local function play(action)
  local _, side = game:status()
  game:play(action)
  played(side, action)
end

-- The first game has the options given; each new game after it a new seed.
local function new_game()
  if game then
    game:close()
    settings.options = settings.options:gsub("%s*seed=%d+", "") .. " seed=" .. os.time()
  end
  game = herd.new("horses", settings.options)
  selected, log, number, wait = nil, {}, 0, 0
  refresh()
end

-- The computer's move: the library's choice at the level, played.
local function computer_moves()
  local _, side = game:status()
  played(side, game:genmove(settings.level))
end

-- ------------------------------------------------------------- drawing

local layout = {}

local function measure()
  local w, h = love.graphics.getDimensions()
  layout.size = math.floor(math.min((w - 640) / view.cols, (h - 80) / view.rows))
  layout.x, layout.y = 40, 40
  layout.bars = layout.x + view.cols * layout.size + 24
  layout.log = layout.bars + 70
end

local function center(row, col)
  local s = layout.size
  return layout.x + col * s + s / 2, layout.y + row * s + s / 2
end

local function dotted_circle(x, y, r)
  for i = 0, 23 do
    local a = i * math.pi / 12
    love.graphics.circle("fill", x + r * math.cos(a), y + r * math.sin(a), 1.6)
  end
end

local function dashed_circle(x, y, r)
  for i = 0, 11 do
    love.graphics.arc("line", "open", x, y, r, i * math.pi / 6, i * math.pi / 6 + math.pi / 10)
  end
end

local function draw_board()
  local s = layout.size
  for row = 0, view.rows - 1 do
    for col = 0, view.cols - 1 do
      love.graphics.setColor((row + col) % 2 == 0 and COLORS.light or COLORS.dark)
      love.graphics.rectangle("fill", layout.x + col * s, layout.y + row * s, s, s)
    end
    love.graphics.setColor(COLORS.ink)
    love.graphics.print(string.char(97 + row), layout.x - 22, layout.y + row * s + s / 2 - 7)
  end
  for col = 0, view.cols - 1 do
    love.graphics.print(tostring(col + 1), layout.x + col * s + s / 2 - 6, layout.y - 24)
  end
  -- The target corners: Green's is the bottom-right cell, Red's a1.
  love.graphics.setLineWidth(4)
  love.graphics.setColor(COLORS.green)
  love.graphics.rectangle("line", layout.x + (view.cols - 1) * s + 2, layout.y + (view.rows - 1) * s + 2, s - 4, s - 4)
  love.graphics.setColor(COLORS.red)
  love.graphics.rectangle("line", layout.x + 2, layout.y + 2, s - 4, s - 4)
  love.graphics.setLineWidth(1)
end

local function draw_horses()
  local s, r = layout.size, layout.size * 0.36
  love.graphics.setLineWidth(2)
  for _, l in ipairs(view.lines) do  -- connected horses: a thin line in their color
    local a, b = horse_cell(l.side, l.a), horse_cell(l.side, l.b)
    love.graphics.setColor(COLORS[l.side])
    local ax, ay = center(a.row, a.col)
    local bx, by = center(b.row, b.col)
    love.graphics.line(ax, ay, bx, by)
  end
  local result, to_move = game:status()
  local font = love.graphics.getFont()
  for _, c in ipairs(view.cells) do
    if c.side then
      local x, y = center(c.row, c.col)
      local color = COLORS[c.side]
      local stuck = result == "ongoing" and c.side == to_move and #targets_from(c.row, c.col) == 0
      if stuck then  -- faded, over the lines rather than through them
        love.graphics.setColor(COLORS.paper)
        love.graphics.circle("fill", x, y, r)
      end
      love.graphics.setColor(color[1], color[2], color[3], stuck and 0.35 or 1)
      love.graphics.circle("fill", x, y, r)
      love.graphics.setColor(COLORS.ink)
      if stuck then dashed_circle(x, y, r) else love.graphics.circle("line", x, y, r) end
      love.graphics.setColor(1, 1, 1, stuck and 0.6 or 1)
      local label = tostring(c.number % 10)
      love.graphics.print(label, x - font:getWidth(label) / 2, y - font:getHeight() / 2)
    end
  end
  if selected then
    local x, y = center(selected.row, selected.col)
    love.graphics.setColor(COLORS.yellow)
    love.graphics.setLineWidth(4)
    love.graphics.circle("line", x, y, r + 4)
    for i, t in ipairs(selected.targets) do
      local tx, ty = center(t.row, t.col)
      love.graphics.setColor(COLORS.ink)
      dotted_circle(tx, ty, r)
      love.graphics.print(string.char(96 + i), tx - 4, ty - 8)
    end
  end
  love.graphics.setLineWidth(1)
  return s
end

-- The progress bars: as many parts as a knight needs from a1 to the far
-- corner; the filled part is what the side's closest horse still needs.
local function draw_bars()
  local height = view.rows * layout.size
  for i, side in ipairs({ GREEN, RED }) do
    local p = view.progress[side]
    local x = layout.bars + (i - 1) * 26
    local part = height / p.parts
    love.graphics.setColor(COLORS[side])
    love.graphics.rectangle("fill", x, layout.y + height - p.distance * part, 18, p.distance * part)
    love.graphics.setColor(COLORS.ink)
    for k = 0, p.parts do
      love.graphics.line(x, layout.y + k * part, x + 18, layout.y + k * part)
    end
    love.graphics.rectangle("line", x, layout.y, 18, height)
  end
end

-- The board text's last line: who is to move ("Green to move") or how the
-- game ended, in the library's words (herd_show()).
local function headline()
  return (game:show():match("[^\n]*$"))
end

local button = { w = 120, h = 32 }

local function draw_log()
  local x, y = layout.log, layout.y
  love.graphics.setColor(COLORS.ink)
  love.graphics.print(headline(), x, y)
  button.x, button.y = x + 200, y - 6
  love.graphics.rectangle("line", button.x, button.y, button.w, button.h)
  local over = game:status() ~= "ongoing"
  love.graphics.print(over and "New game" or "Cancel", button.x + 18, button.y + 8)
  for i, entry in ipairs(log) do
    local ly = y + 20 + i * 20
    if ly > love.graphics.getHeight() - 20 then break end
    love.graphics.setColor(COLORS[entry.side])
    love.graphics.print(entry.text, x + (entry.side == RED and 250 or 0), ly)
  end
end

-- -------------------------------------------------------------- events

-- In the tests: an error ends the program with its message, status 1.
local function fail(message)
  io.stderr:write("Error: ", tostring(message), "\n", debug.traceback(), "\n")
  os.exit(1)
end

function love.load(args)
  for i = 1, #args do
    local a = args[i]
    if a == "--options" then settings.options = args[i + 1]
    elseif a == "--level" then settings.level = tonumber(args[i + 1])
    elseif a == "--demo" then settings.demo = true
    elseif a == "--screenshot" then settings.screenshot = args[i + 1]
    elseif a == "--clicks" then settings.clicks = true end
  end
  if settings.demo then love.errorhandler = fail end
  love.graphics.setBackgroundColor(COLORS.paper)
  love.graphics.setFont(love.graphics.newFont(14))
  new_game()
end

local finished = false

-- --clicks: Green's first move by the mouse, with the demo's computer out of
-- the way: a click on the first horse that can move, then on its first
-- dotted circle.
local function click_first_move()
  settings.demo = false
  assert(headline() == "Green to move", headline())
  for _, c in ipairs(view.cells) do
    if c.side == GREEN and #targets_from(c.row, c.col) > 0 then
      love.mousepressed(center(c.row, c.col))
      assert(selected and selected.number == c.number, "a click selects the horse")
      local t = selected.targets[1]
      love.mousepressed(center(t.row, t.col))
      assert(number == 1 and log[1].side == GREEN and not selected, "a click moves it")
      assert(headline() == "Red to move", headline())
      print(log[1].text)
      break
    end
  end
  settings.demo, settings.clicks = true, false
end

function love.update(dt)
  if settings.clicks then  -- once the board is drawn (the layout known)
    if layout.size then click_first_move() end
    return
  end
  if game:status() == "ongoing" then
    local _, side = game:status()
    wait = wait + dt
    if settings.demo then  -- a few actions a frame, every frame drawn
      for _ = 1, 8 do
        if game:status() == "ongoing" then computer_moves() end
      end
    elseif side == RED and wait > 0.4 then  -- a moment to see the human's move
      computer_moves()
      wait = 0
    end
  elseif settings.demo and not finished then
    finished = true
    print(table.concat({ game:status() }, " ") .. " after " .. number .. " moves")
    print(headline())
    if settings.screenshot then
      love.graphics.captureScreenshot(function(image)
        local f = assert(io.open(settings.screenshot, "wb"))
        f:write(image:encode("png"):getString())
        f:close()
        love.event.quit(0)
      end)
    else
      love.event.quit(0)
    end
  end
end

function love.draw()
  measure()
  draw_board()
  draw_horses()
  draw_bars()
  draw_log()
end

local function human_turn()
  local result, side = game:status()
  return not settings.demo and result == "ongoing" and side == GREEN
end

-- Selects a horse of Green's (again: unselects it); a horse without a move
-- cannot be selected.
local function select_horse(s)
  if selected and selected.row == s.row and selected.col == s.col then
    selected = nil
    return
  end
  local targets = targets_from(s.row, s.col)
  if #targets > 0 then
    selected = { row = s.row, col = s.col, number = s.number, targets = targets }
  end
end

function love.mousepressed(x, y)
  if button.x and x >= button.x and x <= button.x + button.w and y >= button.y and y <= button.y + button.h then
    new_game()
    return
  end
  if not human_turn() then return end
  local col = math.floor((x - layout.x) / layout.size)
  local row = math.floor((y - layout.y) / layout.size)
  if row < 0 or col < 0 or row >= view.rows or col >= view.cols then return end
  local s = square(row, col)
  if s and s.side == GREEN then
    select_horse(s)
  elseif selected then
    for _, t in ipairs(selected.targets) do
      if t.row == row and t.col == col then
        play(t.action)
        wait = 0
        return
      end
    end
  end
end

function love.keypressed(key)
  if not human_turn() then return end
  if key:match("^%d$") then
    local n = tonumber(key)
    local s = horse_cell(GREEN, n == 0 and 10 or n)
    if s then select_horse(s) end
  elseif selected and key:match("^%l$") then
    local t = selected.targets[key:byte() - 96]
    if t then
      play(t.action)
      wait = 0
    end
  end
end
