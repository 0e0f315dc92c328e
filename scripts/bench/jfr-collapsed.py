# Execution samples of a JDK Flight Recorder file as collapsed stacks, one line per distinct stack: the thread name (digits
# as N) first, then the frames from the root to the leaf, then the sample count (scripts/benchmark.sh, PROFILE_PHASE).
#   python3 scripts/bench/jfr-collapsed.py target/profiles/get.jfr > get.collapsed   (needs the JDK's jfr on the PATH)
import collections
import re
import subprocess
import sys

out = subprocess.run(['jfr', 'print', '--events', 'jdk.ExecutionSample', '--stack-depth', '256', sys.argv[1]],
                     capture_output=True, text=True).stdout
c = collections.Counter(); thread = None; frames = None
for line in out.splitlines():
    s = line.strip()
    m = re.match(r'sampledThread = "(.*?)"', s)
    if m: thread = re.sub(r'\d+', 'N', m.group(1)); continue
    if s.startswith('stackTrace = ['): frames = []; continue
    if frames is not None:
        if s.startswith(']') or s == '...':
            if s.startswith(']'):
                c[';'.join([thread or '?'] + frames[::-1])] += 1; frames = None
            continue
        frames.append(re.sub(r'\s+line:.*', '', s).replace(' ', ''))
for k, v in c.items(): print(k, v)
