#!/usr/bin/env bash
# Prints the path of async-profiler's agent for this machine (Linux x64 or arm64), fetching it first if needed:
# Maven Central serves it as tools.profiler:async-profiler (the jar holds the native agents), so a machine that can
# build the project can profile it too. Exits non-zero, printing nothing, when it cannot. For PROFILER= in
# scripts/benchmark.sh (take the path first: an assignment before a command ignores a failing substitution, and the
# run would go on unprofiled), or by hand:
#
#   agent=$(scripts/bench/async-profiler.sh) && PROFILER=$agent START_ONLY=1 AOT=1 scripts/benchmark.sh
#   java "-agentpath:$agent=start,event=cpu,interval=1ms,file=out.collapsed,collapsed,threads" ...
#
# The agent writes its file when the JVM exits normally (a kill -9 leaves none). Unlike a flight recording started
# with the JVM (-XX:StartFlightRecording), it leaves the AOT cache in use: that option adds the jdk.jfr module, and
# the JVM then refuses a cache built without it ("Mismatched values for property jdk.module.addmods"), so the start
# it profiles is not the one the service makes. VERSION=4.1 (the default) picks the release, as Maven names it.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
VERSION=${VERSION:-4.1}
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) arch=linux-x64 ;;
  Linux-aarch64) arch=linux-arm64 ;;
  *) echo "no async-profiler agent here for $(uname -s) $(uname -m)" >&2; exit 2 ;;
esac
dir=$ROOT/target/async-profiler-$VERSION
agent=$dir/$arch/libasyncProfiler.so
if [[ ! -f "$agent" ]]; then
  # copied into target/ by Maven (from its repository, fetched there first when missing), then unpacked through a
  # temporary directory, so an interrupted run never leaves a partial agent behind
  "$ROOT/mvnw" -q -B dependency:copy -Dartifact="tools.profiler:async-profiler:$VERSION" -DoutputDirectory="$dir" >&2
  tmp=$(mktemp -d "$dir/unpack.XXXXXX")
  python3 -c 'import sys, zipfile; zipfile.ZipFile(sys.argv[1]).extract(sys.argv[2], sys.argv[3])' \
    "$dir/async-profiler-$VERSION.jar" "$arch/libasyncProfiler.so" "$tmp"
  mkdir -p "$(dirname "$agent")"
  mv "$tmp/$arch/libasyncProfiler.so" "$agent"
  rm -rf "$tmp"
fi
echo "$agent"
