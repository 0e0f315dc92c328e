#!/usr/bin/env bash
# Prints the path of async-profiler's agent for this machine (linux-x64 or linux-arm64), fetching it first if needed:
# Maven Central serves it as tools.profiler:async-profiler (the jar holds the native agents), so a machine that can
# build the project can profile it too. For PROFILER= in scripts/benchmark.sh, or by hand:
#
#   PROFILER=$(scripts/bench/async-profiler.sh) START_ONLY=1 AOT=1 scripts/benchmark.sh
#   java -agentpath:$(scripts/bench/async-profiler.sh)=start,event=cpu,interval=1ms,file=out.collapsed,collapsed,threads ...
#
# The agent writes its file when the JVM exits normally (a kill -9 leaves none). Unlike a flight recording started
# with the JVM (-XX:StartFlightRecording), it leaves the AOT cache in use: that option adds the jdk.jfr module, and
# the JVM then refuses a cache built without it ("Mismatched values for property jdk.module.addmods"), so the start
# it profiles is not the one the service makes. VERSION=x.y picks another release.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
VERSION=${VERSION:-4.1}
case "$(uname -m)" in
  x86_64) arch=linux-x64 ;;
  aarch64) arch=linux-arm64 ;;
  *) echo "no async-profiler agent for $(uname -m)" >&2; exit 2 ;;
esac
agent=$ROOT/target/async-profiler-$VERSION/$arch/libasyncProfiler.so
if [[ ! -f "$agent" ]]; then
  jar=${MAVEN_REPO:-$HOME/.m2/repository}/tools/profiler/async-profiler/$VERSION/async-profiler-$VERSION.jar
  if [[ ! -f "$jar" ]]; then
    "$ROOT/mvnw" -q -B dependency:get -Dartifact="tools.profiler:async-profiler:$VERSION" -Dtransitive=false >&2
  fi
  mkdir -p "$(dirname "$agent")"
  unzip -o -q "$jar" "$arch/libasyncProfiler.so" -d "$ROOT/target/async-profiler-$VERSION"
fi
echo "$agent"
