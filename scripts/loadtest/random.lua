-- wrk script: every request asks for a random league (ids 1..LEAGUES) at PATTERN, a format
-- with one %d; a RANDOM in it becomes a random number, which makes every URL new.
math.randomseed(os.time())
local n = tonumber(os.getenv("LEAGUES") or "1000")
local pattern = os.getenv("PATTERN") or "/leagues/%d"
request = function()
  local path = string.format(pattern, math.random(1, n))
  path = path:gsub("RANDOM", tostring(math.random(1, 1000000000)))
  return wrk.format("GET", path)
end
