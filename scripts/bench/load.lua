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
  wrk.headers["Content-Type"] = "application/json"
  auth = {}
  for i = tid, #tokens, nthreads do auth[#auth + 1] = "Bearer " .. tokens[i] end
  if #auth == 0 then auth[1] = "Bearer " .. tokens[(tid - 1) % #tokens + 1] end
  wrk.headers["Authorization"] = auth[1]
  next_auth = 0
  ids = {}
  if args[4] then
    for line in io.lines(args[4]) do
      if #line > 0 then ids[#ids + 1] = line end
    end
  end
  cursor = tid
  c2, c4, c5, c429, c409 = 0, 0, 0, 0, 0
end

local function next_session()
  local id = ids[(cursor - 1) % #ids + 1]
  cursor = cursor + nthreads
  return id
end

function request()
  if #auth > 1 then
    next_auth = next_auth % #auth + 1
    wrk.headers["Authorization"] = auth[next_auth]
  end
  if mode == "create" then
    return wrk.format("POST", "/api/v1/sessions", nil, CREATE_BODY)
  elseif mode == "get" then
    return wrk.format("GET", "/api/v1/sessions/" .. next_session())
  elseif mode == "list" then
    return wrk.format("GET", "/api/v1/sessions?limit=20")
  elseif mode == "types" then
    return wrk.format("GET", "/api/v1/assessments/types")
  elseif mode == "submit" then
    return wrk.format("POST", "/api/v1/sessions/" .. next_session() .. "/submit", nil, SUBMIT_BODY)
  end
end

function response(status, headers, body)
  if status == 429 then c429 = c429 + 1 end
  if status == 409 then c409 = c409 + 1 end
  if status >= 500 then c5 = c5 + 1 elseif status >= 400 then c4 = c4 + 1 elseif status >= 200 and status < 300 then c2 = c2 + 1 end
end

function done(summary, latency, requests)
  local t2, t4, t5, t429, t409 = 0, 0, 0, 0, 0
  for _, t in ipairs(threads) do
    t2 = t2 + t:get("c2"); t4 = t4 + t:get("c4"); t5 = t5 + t:get("c5")
    t429 = t429 + t:get("c429"); t409 = t409 + t:get("c409")
  end
  io.write(string.format("STATUS 2xx=%d 4xx=%d 5xx=%d 429=%d 409=%d\n", t2, t4, t5, t429, t409))
  io.write(string.format("LATENCY p50_ms=%.2f p99_ms=%.2f\n", latency:percentile(50) / 1000, latency:percentile(99) / 1000))
end
