-- wrk script of scripts/benchmark.sh. Arguments after "--": MODE TOKEN[,TOKEN...] THREADS [IDS_FILE] (THREADS = wrk -t)
--   create  POST /api/v1/sessions (a DISC session, no Idempotency-Key)
--   get     GET  /api/v1/sessions/{id}, cycling over the ids of IDS_FILE
--   list    GET  /api/v1/sessions?limit=20
--   types   GET  /api/v1/assessments/types (authenticated, rate-limited, no database read: the stack's own floor)
--   submit  POST /api/v1/sessions/{id}/submit with 15 DISC answers; each id of IDS_FILE once (threads take every
--           n-th), so every submit scores a fresh session; when the ids run out they wrap (and answer 409)
-- Prints the responses by status class at the end (wrk itself only counts "non-2xx").

local threads = {}
local next_id = 1

function setup(thread)
  thread:set("tid", next_id)
  next_id = next_id + 1
  table.insert(threads, thread)
end

-- the DISC bank's items in order (bank 2.0.0: the eighth statement is disc_16); dimensions cycle D, I, S, C
local SUBMIT_BODY = '{"responses":['
for i = 1, 15 do
  local dims = { "D", "I", "S", "C" }
  SUBMIT_BODY = SUBMIT_BODY .. string.format('{"questionId":"disc_%02d","dimension":"%s","response":%d}%s',
    i == 8 and 16 or i, dims[(i - 1) % 4 + 1], (i * 7) % 5 + 1, i < 15 and "," or "")
end
SUBMIT_BODY = SUBMIT_BODY .. ']}'

local CREATE_BODY = '{"assessmentType":"disc","candidate":{"externalId":"bench-candidate","email":"bench@example.com",'
  .. '"name":"Bench Candidate"},"metadata":{"source":"benchmark"}}'

function init(args)
  mode = args[1]
  -- TOKEN may be several keys separated by commas: thread n takes the n-th, the (n + THREADS)-th, ... and cycles over
  -- them request by request (a key's rate limit is per minute, at most 100,000, and the floor and get phases make
  -- more requests than one key, or one per thread, may)
  nthreads = tonumber(args[3])
  local tokens = {}
  for t in string.gmatch(args[2], "[^,]+") do tokens[#tokens + 1] = t end
  local auth = {}
  for i = tid, #tokens, nthreads do auth[#auth + 1] = "Bearer " .. tokens[i] end
  if #auth == 0 then auth[1] = "Bearer " .. tokens[(tid - 1) % #tokens + 1] end
  local ids = {}
  if args[4] then
    for line in io.lines(args[4]) do
      if #line > 0 then ids[#ids + 1] = line end
    end
  end
  -- Every request this thread sends is formatted here, once: request() then only hands out the next string. wrk
  -- shares the cores with the service and PostgreSQL, and formatting each request in Lua (the header table walked
  -- and concatenated every time) cost it CPU the service then did not get.
  local function format(key, method, path, body)
    wrk.headers["Content-Type"] = "application/json"
    wrk.headers["Authorization"] = auth[(key - 1) % #auth + 1]
    return wrk.format(method, path, nil, body)
  end
  requests = {}
  if mode == "get" or mode == "submit" then
    -- the thread's share of the ids (ids[tid], ids[tid + THREADS], ...), in order; the keys cycle request by request.
    -- Submits take each id once, then wrap (and answer 409)
    local mine = {}
    for i = tid, #ids, nthreads do mine[#mine + 1] = ids[i] end
    -- as many passes over them as keep the keys' turns even when the list wraps (one, unless its length and the
    -- number of keys do not divide)
    local passes = (#mine % #auth == 0) and 1 or #auth
    for n = 1, #mine * passes do
      local id = mine[(n - 1) % #mine + 1]
      if mode == "get" then
        requests[n] = format(n, "GET", "/api/v1/sessions/" .. id)
      else
        requests[n] = format(n, "POST", "/api/v1/sessions/" .. id .. "/submit", SUBMIT_BODY)
      end
    end
  else
    for key = 1, #auth do
      if mode == "create" then
        requests[key] = format(key, "POST", "/api/v1/sessions", CREATE_BODY)
      elseif mode == "list" then
        requests[key] = format(key, "GET", "/api/v1/sessions?limit=20")
      elseif mode == "types" then
        requests[key] = format(key, "GET", "/api/v1/assessments/types")
      end
    end
  end
  cursor = 0
  c2, c4, c5, c429, c409 = 0, 0, 0, 0, 0
  -- Statuses one by one only where a phase may meet 409 or 429 on purpose: a script with a response() function makes
  -- wrk collect every answer's headers and body for it. The get and the floor count from wrk's own summary instead
  -- (2xx = answers - those of status 400 and above; none of these routes answers 1xx or 3xx).
  if mode == "create" or mode == "list" or mode == "submit" then
    response = count_status
  end
end

function request()
  cursor = cursor % #requests + 1
  return requests[cursor]
end

function count_status(status, headers, body)
  if status == 429 then c429 = c429 + 1 end
  if status == 409 then c409 = c409 + 1 end
  if status >= 500 then c5 = c5 + 1 elseif status >= 400 then c4 = c4 + 1 elseif status >= 200 and status < 300 then c2 = c2 + 1 end
end

function done(summary, latency, requests)
  local m = threads[1]:get("mode") -- done() runs in wrk's own Lua state, not a thread's
  if m == "get" or m == "types" then
    io.write(string.format("STATUS 2xx=%d 4xx-5xx=%d\n", summary.requests - summary.errors.status, summary.errors.status))
  else
    local t2, t4, t5, t429, t409 = 0, 0, 0, 0, 0
    for _, t in ipairs(threads) do
      t2 = t2 + t:get("c2"); t4 = t4 + t:get("c4"); t5 = t5 + t:get("c5")
      t429 = t429 + t:get("c429"); t409 = t409 + t:get("c409")
    end
    io.write(string.format("STATUS 2xx=%d 4xx=%d 5xx=%d 429=%d 409=%d\n", t2, t4, t5, t429, t409))
  end
  io.write(string.format("LATENCY p50_ms=%.2f p99_ms=%.2f\n", latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
