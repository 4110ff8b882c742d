#!/usr/bin/env bash
# Builds Aalina (joansalasoler/oware on joansalasoler/samurai, Java) into a
# runnable directory, as the sparring partner of docs/STRENGTH.md.
#
#   tools/build-aalina.sh SRC [OUT]
#
# SRC holds the two source trees side by side: SRC/samurai (the framework)
# and SRC/oware (the engine module, without pgo/oware.iprof, which the
# build does not need). OUT (default SRC/build) receives aalina.jar, the
# resource files it reads from its own directory (oware-leaves.bin,
# oware-roots.bin, oware.properties) and `aalina`, the command that runs
# it as a UCI engine:
#
#   wari match --engine1 wari --engine2 "uci:OUT/aalina" ...
#
# Needs Debian's default-jdk-headless, libguice-java, libpicocli-java,
# libjline3-java and libdb-je-java (Maven's registry is not reachable from
# here, and Debian's older Guice, picocli and JLine compile it unchanged).
set -euo pipefail

if [ $# -lt 1 ] || [ ! -d "$1/samurai/src" ] || [ ! -d "$1/oware/src" ]; then
    echo "usage: $0 SRC [OUT]   (SRC/samurai and SRC/oware are the source trees)" >&2
    exit 2
fi
src=$(cd "$1" && pwd)
out=${2:-$src/build}
mkdir -p "$out"
out=$(cd "$out" && pwd)

jars=/usr/share/java
classpath=""
for jar in guice aopalliance atinject-jsr330-api guava picocli \
    jline3-reader jline3-terminal jline3-builtins db-je; do
    [ -f "$jars/$jar.jar" ] || { echo "missing $jars/$jar.jar (apt-get install the packages above)" >&2; exit 1; }
    classpath="$classpath:$jars/$jar.jar"
done
classpath=${classpath#:}

classes=$(mktemp -d)
trap 'rm -rf "$classes"' EXIT
find "$src/samurai/src/main/java" "$src/oware/src/main/java" -name '*.java' > "$classes/sources"
javac -nowarn -encoding UTF-8 -d "$classes" -cp "$classpath" @"$classes/sources"
rm "$classes/sources"
# The properties file is a Maven-filtered template: fill in the names.
sed -e 's/\${project.name}/Aalina/' -e 's/\${project.version}/source/' \
    -e 's/\${project.organization.name}/Joan Sala Soler/' \
    "$src/oware/src/main/resources/oware.properties" > "$out/oware.properties"
cp "$src/oware/src/main/resources/oware-leaves.bin" "$src/oware/src/main/resources/oware-roots.bin" "$out/"
cp "$out/oware.properties" "$classes/"
jar --create --file "$out/aalina.jar" -C "$classes" .

cat > "$out/aalina" <<RUN
#!/bin/sh
# Aalina as a UCI engine (2 GB heap: 1 GB runs out at Hash=256).
cd "$out" && exec java -Xmx2g --add-opens java.base/java.lang=ALL-UNNAMED \\
    -cp "$out/aalina.jar:$classpath" com.joansala.game.oware.OwareModule service "\$@"
RUN
chmod +x "$out/aalina"
echo "built $out/aalina"
