-- wrk script (tests/bench/support/wrk.ts): each thread (one connection) bets for its own players,
-- one player after another, every request under a fresh Idempotency-Key as the shell sends it.
-- Arguments: tokens file (one bearer token per line), thread count, run id, method, path, body.
local threads = 0

function setup(thread)
  thread:set("thread_id", threads)
  threads = threads + 1
end

function init(args)
  local all = {}
  for line in io.lines(args[1]) do
    if line ~= "" then all[#all + 1] = line end
  end
  local count = tonumber(args[2])
  tokens = {}
  for i = 1, #all do
    if (i - 1) % count == thread_id then tokens[#tokens + 1] = all[i] end
  end
  run_id, method, path, body = args[3], args[4], args[5], args[6]
  sent = 0
end

function request()
  sent = sent + 1
  return wrk.format(method, path, {
    ["content-type"] = "application/json",
    ["authorization"] = "Bearer " .. tokens[(sent - 1) % #tokens + 1],
    ["idempotency-key"] = "bench-" .. run_id .. "-" .. thread_id .. "-" .. sent,
  }, body)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"non2xx":%d,"errors":%d,"p50_us":%d,"p99_us":%d}\n',
    summary.requests, e.status, e.connect + e.read + e.write + e.timeout,
    latency:percentile(50), latency:percentile(99)))
end
