-- wrk script: every request asks for a random league (ids 1..LEAGUES) at PATTERN, a format
-- with one %d. FRESH=1 sends "Cache-Control: no-cache", so the server computes every answer.
math.randomseed(os.time())
local n = tonumber(os.getenv("LEAGUES") or "1000")
local pattern = os.getenv("PATTERN") or "/leagues/%d"
request = function()
  local path = string.format(pattern, math.random(1, n))
  if os.getenv("FRESH") == "1" then
    return wrk.format("GET", path, {["Cache-Control"] = "no-cache"})
  end
  return wrk.format("GET", path)
end
