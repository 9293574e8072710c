#!/bin/sh
# Builds the Java student: its classes, and the launcher that starts the JVM on them.
set -e
javac -d classes src/*.java
cat > student-uirc <<'LAUNCHER'
#!/bin/sh
here=$(dirname "$0")
exec java -Duirc.home="$here" -cp "$here/classes" Main "$@"
LAUNCHER
chmod +x student-uirc
