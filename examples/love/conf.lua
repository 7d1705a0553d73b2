-- LÖVE 11's configuration: one window, no sound.
function love.conf(t)
  t.identity = "herd-of-horses"
  t.version = "11.4"
  t.window.title = "Herd of Horses"
  t.window.width = 1280
  t.window.height = 720
  t.modules.audio = false
  t.modules.sound = false
  t.modules.joystick = false
  t.modules.physics = false
  t.modules.video = false
end
