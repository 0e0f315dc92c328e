"""For scripts/benchmark.sh: waits until the receiver (receiver.py) got QUEUED deliveries or SECONDS have passed
since the first one (at most SECONDS + 30 s); prints "<received> <seconds first to last> <per second>".
Usage: await-deliveries.py RECEIVER_PORT QUEUED SECONDS"""
import sys
import time
import urllib.request

port, queued, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])


def count():
    return [float(x) for x in urllib.request.urlopen(f"http://127.0.0.1:{port}/count").read().split()]


deadline = time.time() + seconds + 30  # the workers poll every 5 s, and a busy machine is slow
while time.time() < deadline:
    time.sleep(0.5)
    n, first, last = count()
    if n >= queued or (n > 0 and time.time() - first >= seconds):
        break
n, first, last = count()
span = max(0.001, last - first)
print(int(n), f"{span:.1f}", f"{n / span:.0f}")
