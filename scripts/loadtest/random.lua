-- wrk script: every request asks for a random league (ids 1..LEAGUES) at PATTERN, a format
-- with one %d. FRESH=1 sends "Cache-Control: no-cache", so the server computes every answer;
-- GZIP=1 sends "Accept-Encoding: gzip", as browsers do.
math.randomseed(os.time())
local n = tonumber(os.getenv("LEAGUES") or "1000")
local pattern = os.getenv("PATTERN") or "/leagues/%d"
local headers = {}
if os.getenv("FRESH") == "1" then headers["Cache-Control"] = "no-cache" end
if os.getenv("GZIP") == "1" then headers["Accept-Encoding"] = "gzip" end
request = function()
  return wrk.format("GET", string.format(pattern, math.random(1, n)), headers)
end
