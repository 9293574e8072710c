#!/bin/sh
# Builds the Scala student: its classes, the Scala library beside them (as a fat jar would carry
# it), and the launcher that starts the JVM on both.
set -e
mkdir -p classes lib
scalac -d classes src/*.scala
cp "$(dirname "$(readlink -f "$(command -v scalac)")")/../lib/scala-library.jar" lib/
cat > student-uirc <<'LAUNCHER'
#!/bin/sh
here=$(dirname "$0")
exec java -Duirc.home="$here" -cp "$here/classes:$here/lib/scala-library.jar" Main "$@"
LAUNCHER
chmod +x student-uirc
