#!/usr/bin/env bash
# Checks every documented deployment in real containers, as the platforms start them
# (docs/instructors.md): builds a debian:12 base with debootstrap, the uirgrade image and the
# Gradescope image (the autograder zip built by its setup.sh) with podman, then runs
#   - Gradescope's flow: `run_autograder` in both images, as Gradescope's local test starts it;
#   - each CI recipe of docs/ci/, its commands read from the file, in a container started as the
#     platform starts it (GitHub Actions `container:`, GitLab's docker executor, Kubernetes pods
#     with a read-only submissions volume), four shards then the merge;
#   - two graders at once in two containers plus one on the host; a memory-limited container;
#   - a student in every language of grader/testdata/languages, built from its sources and graded on
#     the whole week, and the same student as a memory hog, in an image that adds the toolchains
#     (FROM uirgrade, apt-get);
# in Docker's default settings (its capabilities and a seccomp profile with Docker's rules) and
# privileged, and checks the scores. Prints one PASS/FAIL line per check and a summary with the
# image's size, the build times and the seconds per student; exits 0 when every check passed.
# Checks marked "pending" need grader work not yet landed (they are reported, not counted).
#
#   scripts/container-check.sh            everything (about 45 minutes on 2 cores)
#   SKIP_BUILD=1 scripts/container-check.sh   reuse the images built by an earlier run (IMAGE and
#                                             GS_IMAGE name others)
# Runs as root on a Debian 12 machine; installs podman and the rest with apt when missing. The
# package mirror is read from this machine's apt sources at run time. Too slow for .ci/run.
set -uo pipefail
# (With pipefail, `producer | grep -q` fails when grep's early exit kills the producer with SIGPIPE:
# a `! ... | grep -q LEAKED` would then pass on a leak. Matches are read whole: `grep ... > /dev/null`.)
cd "${CHECK_REPO:-$(dirname "$0")/..}"  # CHECK_REPO: run a copy of this script on a checkout
repo=$(pwd)
work=${CHECK_DIR:-/tmp/uirgrade-container-check}
image=${IMAGE:-localhost/uirgrade:check}
gs_image=${GS_IMAGE:-localhost/uirgrade-gradescope:check}
seed=20261203
week=3
mkdir -p "$work"
chmod 0755 "$work"  # as /tmp is: the namespaces tier checks a student's file from its path
want() { [ -z "${ONLY:-}" ] || [[ " $ONLY " == *" $1 "* ]]; }  # ONLY="gradescope ci concurrent memory languages" (jvm: languages, Java and Scala only)
passes=0 failures=0 pending_failures=0
summary=()
started=$(date +%s)

say() { echo "--- $*"; }
# check NAME CONDITION-STATUS [DETAIL]: records a result line.
check() {
  local name=$1 status=$2 detail=${3:-}
  if [ "$status" -eq 0 ]; then
    passes=$((passes + 1)); summary+=("PASS  $name${detail:+  ($detail)}")
  elif [[ $name == pending:* ]]; then
    pending_failures=$((pending_failures + 1)); summary+=("FAIL  $name${detail:+  ($detail)}")
  else
    failures=$((failures + 1)); summary+=("FAIL  $name${detail:+  ($detail)}")
  fi
  echo "${summary[-1]}"
}
figures=()
figure() { figures+=("$*"); echo "FIGURE $*"; }

# ---------------------------------------------------------------------------------------------
say "tools"
need=(podman buildah runc debootstrap newuidmap fuse-overlayfs slirp4netns zip unzip)
missing=()
for tool in "${need[@]}"; do command -v "$tool" > /dev/null || missing+=("$tool"); done
python3 -c 'import yaml' 2> /dev/null || missing+=(python3-yaml)
if [ ${#missing[@]} -gt 0 ]; then
  apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q podman buildah runc debootstrap \
    uidmap fuse-overlayfs slirp4netns zip unzip python3-yaml > "$work/apt.log" 2>&1 \
    || { echo "container-check: cannot install ${missing[*]} (see $work/apt.log)"; exit 2; }
fi
# This kind of VM: crun refuses its cgroup layout, and the root session cannot raise the open-file
# and process limits to podman's defaults: the runtime is runc, the limits this shell's own (the
# process limit lowered until the runtime accepts it).
nofile=$(ulimit -Hn)
[ "$nofile" = unlimited ] && nofile=1048576
nproc=$(ulimit -Hu)
[ "$nproc" = unlimited ] && nproc=1048576
podman_=(podman --runtime runc)
if ! podman image exists localhost/debian:12 && ! podman image exists docker.io/library/debian:12; then
  base_missing=1
else
  base_missing=0
fi
limits_ok() { "${podman_[@]}" run --rm --ulimit "nofile=$nofile:$nofile" --ulimit "nproc=$1:$1" "$2" true > /dev/null 2>&1; }

# ---------------------------------------------------------------------------------------------
if [ "$base_missing" -eq 1 ]; then
  say "debian:12 base with debootstrap"
  mirror=$(grep -h '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2> /dev/null | awk '{print $2; exit}')
  [ -z "$mirror" ] && mirror=$(grep -h '^URIs:' /etc/apt/sources.list.d/*.sources 2> /dev/null | awk '{print $2; exit}')
  [ -z "$mirror" ] && { echo "container-check: no Debian mirror in /etc/apt/sources.list*"; exit 2; }
  rm -rf "$work/rootfs"
  t0=$(date +%s)
  if ! debootstrap --variant=minbase bookworm "$work/rootfs" "$mirror" > "$work/debootstrap.log" 2>&1; then
    echo "container-check: debootstrap failed (see $work/debootstrap.log)"; exit 2
  fi
  # The downloaded packages and lists are not part of a base image (debian:12 on Docker Hub has neither).
  rm -rf "$work/rootfs/var/cache/apt/archives/"*.deb "$work/rootfs/var/lib/apt/lists/"*
  tar -C "$work/rootfs" --numeric-owner -c . | podman import --change 'CMD ["bash"]' - docker.io/library/debian:12 > /dev/null
  podman tag docker.io/library/debian:12 localhost/debian:12
  rm -rf "$work/rootfs"
  figure "debootstrap base: $(( $(date +%s) - t0 )) s"
fi
while [ "$nproc" -gt 1024 ] && ! limits_ok "$nproc" debian:12; do nproc=$((nproc / 2)); done
run_=("${podman_[@]}" run --rm --ulimit "nofile=$nofile:$nofile" --ulimit "nproc=$nproc:$nproc")
build_=("${podman_[@]}" build --pull=never --ulimit "nofile=$nofile:$nofile" --ulimit "nproc=$nproc:$nproc")

# Docker's default seccomp rules, from podman's profile: namespaces, mounts, setns and the key
# calls only with CAP_SYS_ADMIN (which a default container lacks), clone only without namespace
# flags, clone3 answered ENOSYS, everything else refused with EPERM.
python3 - "$work/docker-seccomp.json" <<'PY'
import json, sys
profile = json.load(open('/usr/share/containers/seccomp.json'))
admin_only = {'unshare', 'mount', 'umount', 'umount2', 'setns', 'pivot_root', 'keyctl', 'add_key', 'request_key',
              'fsopen', 'fsmount', 'fsconfig', 'fspick', 'move_mount', 'open_tree', 'mount_setattr', 'clone', 'clone3'}
for rule in profile['syscalls']:
    if rule['action'] == 'SCMP_ACT_ALLOW' and not rule.get('includes', {}).get('caps'):
        rule['names'] = [n for n in rule['names'] if n not in admin_only]
namespace_flags = 0x7E020000  # CLONE_NEWNS|NEWCGROUP|NEWUTS|NEWIPC|NEWUSER|NEWPID|NEWNET
profile['syscalls'] += [
    {'names': ['clone'], 'action': 'SCMP_ACT_ALLOW', 'excludes': {'caps': ['CAP_SYS_ADMIN']},
     'args': [{'index': 0, 'value': namespace_flags, 'valueTwo': 0, 'op': 'SCMP_CMP_MASKED_EQ'}]},
    {'names': ['clone3'], 'action': 'SCMP_ACT_ERRNO', 'errnoRet': 38, 'excludes': {'caps': ['CAP_SYS_ADMIN']}},
    {'names': sorted(admin_only), 'action': 'SCMP_ACT_ALLOW', 'includes': {'caps': ['CAP_SYS_ADMIN']}},
]
profile['defaultErrnoRet'] = 1
json.dump(profile, open(sys.argv[1], 'w'), indent=1)
PY
docker_caps=(--cap-add NET_RAW --cap-add MKNOD --cap-add AUDIT_WRITE)
mode_default=(--security-opt "seccomp=$work/docker-seccomp.json" "${docker_caps[@]}")
mode_privileged=(--privileged)
mode_kubernetes=(--security-opt seccomp=unconfined "${docker_caps[@]}")  # pods: no seccomp by default
mode_args() { case $1 in default) echo "${mode_default[@]}" ;; privileged) echo "${mode_privileged[@]}" ;; kubernetes) echo "${mode_kubernetes[@]}" ;; esac; }

# ---------------------------------------------------------------------------------------------
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  say "the uirgrade image (podman build of the Dockerfile)"
  t0=$(date +%s)
  "${build_[@]}" -t "$image" . > "$work/build-image.log" 2>&1
  check "image builds" $? "log: $work/build-image.log"
  figure "image build: $(( $(date +%s) - t0 )) s"
fi
size=$(podman image inspect "$image" --format '{{.Size}}' 2> /dev/null || echo 0)
figure "image size: $((size / 1000000)) MB"
[ "$size" -gt 0 ] && [ "$size" -le 600000000 ]
check "image is at most 600 MB" $? "$((size / 1000000)) MB"
# What the image's files say about themselves: tools private to root, no USER, tini only.
inspect=$(podman image inspect "$image" --format '{{json .Config.Entrypoint}} {{json .Config.Cmd}} {{.Config.User}}')
[ "$inspect" = '["/usr/bin/tini","--"] ["grade","--help"] ' ]
check "entrypoint is tini alone, default command grade --help, runs as root" $? "$inspect"
"${run_[@]}" "$image" sh -c 'stat -c %a /opt/uirgrade /opt/uirgrade/build/grade /opt/uirgrade/src/suites /grading' > "$work/modes.txt" 2>&1
[ "$(tr '\n' ' ' < "$work/modes.txt")" = "700 700 700 700 " ]
check "/opt/uirgrade and /grading are root's only" $? "$(tr '\n' ' ' < "$work/modes.txt")"
"${run_[@]}" --user 1000 "$image" grade --help > "$work/user1000.txt" 2>&1
[ $? -eq 126 ]
check "as a non-root user grade cannot start (as the Dockerfile says)" $? "$(head -c 120 "$work/user1000.txt")"

# The image with the toolchains of the languages students write in (the languages check, below),
# FROM the one just built: started now, its apt-get (mostly download and unpacking) alongside the
# reference grading, waited for in that check.
langs=$work/languages
lang_image=${LANG_IMAGE:-localhost/uirgrade-languages:check}
lang_build_pid=
if { want languages || want jvm; } && { [ "${SKIP_BUILD:-0}" != 1 ] || ! podman image exists "$lang_image"; }; then
  rm -rf "$langs" && mkdir -p "$langs"
  # The toolchains: those scripts/install-deps.sh --tests installs for these students (all but chromium).
  toolchains=$(sed -n 's/^ *packages+=(\(.*\))/\1/p' scripts/install-deps.sh | tr ' ' '\n' | grep -v '^chromium$' | tr '\n' ' ')
  # docs/instructors.md §8.0, "Adding a language": this Dockerfile, as a course writes it.
  printf 'FROM %s\nRUN apt-get update && apt-get install -y --no-install-recommends %s\\\n    && rm -rf /var/lib/apt/lists/*\n' \
    "$image" "$toolchains" > "$langs/Dockerfile"
  lang_t0=$(date +%s)
  ( "${build_[@]}" -t "$lang_image" -f "$langs/Dockerfile" "$langs" > "$langs/build.log" 2>&1; echo $? > "$langs/build.status" ) &
  lang_build_pid=$!
fi

# The host's copy of the tools (same Debian 12 libraries) for the reference and host-side grading.
host=$work/host
rm -rf "$host" && mkdir -p "$host"
chmod 0700 "$host"  # the host's grader in the uid tier refuses suites a student uid could read
cid=$(podman create "$image")
podman cp "$cid:/opt/uirgrade/build/." "$host/" && podman cp "$cid:/opt/uirgrade/src/suites" "$host/suites"
podman rm "$cid" > /dev/null

# ---------------------------------------------------------------------------------------------
say "the students"
students=$work/students
rm -rf "$students" && mkdir -p "$students"
make_student() {  # make_student DIR KIND
  local dir=$1 kind=$2
  mkdir -p "$dir"
  case $kind in
    oracle) install -m 0755 "$host/uir-oracle" "$dir/student-uirc" ;;
    buggy) install -m 0755 "$repo/scripts/example-students/loads-never-move" "$dir/student-uirc"
           install -m 0755 "$host/uir-oracle" "$dir/uir-oracle" ;;
    missing) ;;
    not-executable) install -m 0644 "$host/uir-oracle" "$dir/student-uirc" ;;
    hostile) cat > "$dir/student-uirc" <<'SH'
#!/bin/sh
# Looks for other students' work, Gradescope's metadata and the hidden suites, prints whatever it
# finds (which fails the test, showing it), kills what it can, leaves a file for later students; then
# compiles honestly (the uir-oracle beside it), so that a student who found nothing scores full marks.
for f in /autograder/submission_metadata.json /autograder/source/suites/weeks.yaml /autograder/results/results.json \
         /opt/uirgrade/src/suites/weeks.yaml ../*/student-uirc ../../*/*/student-uirc /grading/submissions/*/student-uirc \
         /__w/*/*/submissions/*/student-uirc /builds/*/*/submissions/*/student-uirc /__w/*/*/.git/config \
         /builds/*/*/.git/config /proc/1/environ; do
  cmp -s "$f" "$0" && continue  # its own submission (its private copy) is its to read
  [ -r "$f" ] && { echo "LEAKED $f"; head -c 300 "$f" | tr -dc '[:print:]\n'; echo; }
done
[ "$(id -u)" -ne 0 ] && kill -9 -1 2> /dev/null  # (as root, with no sandbox, it would end the check itself)
{ echo "planted" > /tmp/planted-by-hostile; } 2> /dev/null  # (sh reports a failed > before 2> applies)
exec "$(dirname "$0")/uir-oracle" "$@"
SH
    chmod 0755 "$dir/student-uirc"
    install -m 0755 "$host/uir-oracle" "$dir/uir-oracle" ;;
    source) cat > "$dir/main.cc" <<'CC'
// A compiler "written in C++": a wrapper around the uir-oracle beside it, built by the Makefile.
#include <unistd.h>
#include <string>
#include <vector>
int main(int argc, char** argv) {
  std::string self = argv[0];
  std::string dir = self.substr(0, self.find_last_of('/') + 1);
  std::string oracle = dir + "uir-oracle";
  std::vector<char*> args{oracle.data()};
  for (int i = 1; i < argc; i++) args.push_back(argv[i]);
  args.push_back(nullptr);
  execv(oracle.c_str(), args.data());
  return 127;
}
CC
            printf 'student-uirc: main.cc\n\tg++ -O1 -o student-uirc main.cc\n' > "$dir/Makefile"
            install -m 0755 "$host/uir-oracle" "$dir/uir-oracle" ;;
    build-fails) printf 'int main( { return 0; }\n' > "$dir/main.cc"
                 printf 'student-uirc: main.cc\n\tg++ -o student-uirc main.cc\n' > "$dir/Makefile" ;;
    lost-exec-bits) printf '#!/bin/sh\nexec "$(dirname "$0")/helper" "$@"\n' > "$dir/student-uirc"
                    cp "$host/uir-oracle" "$dir/helper"; chmod 0644 "$dir/student-uirc" "$dir/helper" ;;
  esac
}
for kind in oracle buggy missing hostile source build-fails lost-exec-bits; do make_student "$students/$kind" "$kind"; done
# The class of five, as a course's repository holds it (readable by everyone, as a checkout is).
class=$work/class-repo
rm -rf "$class" && mkdir -p "$class/submissions"
for kind in oracle buggy missing not-executable hostile; do make_student "$class/submissions/$kind" "$kind"; done
mkdir -p "$class/.git" && echo "every submission is in .git too" > "$class/.git/config"
chmod -R a+rX "$class"

# The known scores: the host grades (namespaces tier) with the checks' seed.
score_of() {  # score_of RESULTS.json -> "points/max"
  python3 -c '
import json, sys
r = json.load(open(sys.argv[1]))
tests = r.get("tests", [])
print("%g/%g" % (sum(t.get("score", 0) for t in tests), sum(t.get("max_score", 0) for t in tests)) if tests else "%g/0" % r.get("score", 0))' "$1" 2> /dev/null || echo "none"
}
rm -f "$work"/reference-*.json
ref_kinds=oracle
want gradescope && ref_kinds="oracle buggy"  # (only the Gradescope checks compare loads-never-move's score)
for kind in $ref_kinds; do
  "$host/grade" --week "$week" --seed "$seed" --suites "$host/suites" --quiet --format gradescope \
    --output "$work/reference-$kind.json" "$students/$kind/student-uirc" > /dev/null 2>&1
done
oracle_score=$(score_of "$work/reference-oracle.json")
buggy_score=$(score_of "$work/reference-buggy.json")
figure "reference (host, seed $seed, week $week): oracle $oracle_score, loads-never-move $buggy_score"
[ "${oracle_score%/*}" = "${oracle_score#*/}" ] && [ "${oracle_score#*/}" != 0 ]
check "reference: the oracle CLI scores 100% on the host" $? "$oracle_score"

# ---------------------------------------------------------------------------------------------
if want gradescope; then
say "Gradescope: the autograder zip, built by its setup.sh on a base image"
scripts/make-gradescope-zip.sh --week "$week" --out "$work/autograder.zip" > "$work/zip.log" 2>&1
check "make-gradescope-zip.sh makes the zip" $? "$(tail -1 "$work/zip.log")"
rm -rf "$work/zip-context" && mkdir -p "$work/zip-context" && unzip -q "$work/autograder.zip" -d "$work/zip-context"
[ -x "$work/zip-context/setup.sh" ] && [ -x "$work/zip-context/run_autograder" ]
check "the zip has setup.sh and run_autograder at its root, executable" $?
if [ "${SKIP_BUILD:-0}" != 1 ]; then
  t0=$(date +%s)
  "${build_[@]}" -f docker/gradescope/Dockerfile --build-arg BASE=localhost/debian:12 -t "$gs_image" \
    "$work/zip-context" > "$work/build-gradescope.log" 2>&1
  check "setup.sh builds the zip on debian:12 (docker/gradescope/Dockerfile)" $? "log: $work/build-gradescope.log"
  figure "Gradescope zip build (setup.sh): $(( $(date +%s) - t0 )) s"
fi

# run_gradescope IMAGE MODE STUDENT-DIR OUT-DIR: Gradescope's local test, with a metadata file
# holding a secret the student must not see.
run_gradescope() {
  local img=$1 mode=$2 sub=$3 out=$4 sandbox=${5:-auto}
  rm -rf "$out" && mkdir -p "$out/results" "$out/submission"
  cp -a "$sub/." "$out/submission/"
  echo '{"previous_submissions": [{"results": {"output": "SECRET-METADATA-7f3a"}}]}' > "$out/metadata.json"
  chmod 0644 "$out/metadata.json"
  local t0 t1
  t0=$(date +%s.%N)
  # shellcheck disable=SC2046
  "${run_[@]}" $(mode_args "$mode") -e UIRGRADE_SEED="$seed" -e UIRGRADE_WEEK="$week" -e UIRGRADE_SANDBOX="$sandbox" \
    -v "$out/submission:/autograder/submission" -v "$out/results:/autograder/results" \
    -v "$out/metadata.json:/autograder/submission_metadata.json" \
    "$img" /autograder/run_autograder > "$out/stdout.txt" 2>&1
  echo $? > "$out/status"
  t1=$(date +%s.%N)
  python3 -c "print(round($t1 - $t0, 1))" > "$out/seconds"
}
gs_output() { python3 -c 'import json,sys; r=json.load(open(sys.argv[1])); print(r.get("output","")); [print(t.get("output","")) for t in r.get("tests",[])]' "$1" 2> /dev/null; }
# What run_autograder protects: before it runs, an unprivileged uid reads Gradescope's metadata (as
# the harness leaves it, 0644); after it, not.
demo=$work/gs-metadata-demo
rm -rf "$demo" && mkdir -p "$demo/submission" "$demo/results"
echo '{"previous_submissions": [{"results": {"output": "SECRET-METADATA-7f3a"}}]}' > "$demo/metadata.json"
chmod 0644 "$demo/metadata.json"
as_student='setpriv --reuid=1600009999 --regid=1600009999 --clear-groups cat /autograder/submission_metadata.json'
# shellcheck disable=SC2046
"${run_[@]}" $(mode_args default) -v "$demo/submission:/autograder/submission" -v "$demo/results:/autograder/results" \
  -v "$demo/metadata.json:/autograder/submission_metadata.json" "$image" sh -c \
  "echo before:; $as_student; /autograder/run_autograder > /dev/null; echo after:; $as_student" > "$demo/log.txt" 2>&1
grep -A1 '^before:' "$demo/log.txt" | grep SECRET-METADATA > /dev/null && ! grep -A1 '^after:' "$demo/log.txt" | grep SECRET-METADATA > /dev/null
check "submission_metadata.json: a student uid reads it before run_autograder, not after" $? "$(tr '\n' ' ' < "$demo/log.txt" | cut -c1-200)"
for img in "$image" "$gs_image"; do
  label=$([ "$img" = "$image" ] && echo image || echo zip)
  podman image exists "$img" || { check "Gradescope $label: image exists" 1; continue; }
  for mode in default privileged; do
    tier=$([ "$mode" = default ] && echo uid || echo namespaces)
    out=$work/gs-$label-$mode
    run_gradescope "$img" "$mode" "$students/oracle" "$out-oracle"
    got=$(score_of "$out-oracle/results/results.json")
    [ "$got" = "$oracle_score" ] && grep -q "Sandbox: $tier" "$out-oracle/results/results.json"
    check "Gradescope $label, $mode: the oracle CLI scores 100% ($tier tier)" $? "$got, $(cat "$out-oracle/seconds") s"
    figure "seconds per student, Gradescope $label $mode: $(cat "$out-oracle/seconds")"
    run_gradescope "$img" "$mode" "$students/missing" "$out-missing"
    grep -q "No file named student-uirc" "$out-missing/results/results.json" 2> /dev/null
    check "Gradescope $label, $mode: an empty submission gets the friendly message" $?
    [ "$mode" = privileged ] && continue  # the rest in the default container only (2 cores)
    run_gradescope "$img" "$mode" "$students/buggy" "$out-buggy"
    got=$(score_of "$out-buggy/results/results.json")
    [ "$got" = "$buggy_score" ]
    check "Gradescope $label, $mode: loads-never-move scores its known $buggy_score" $? "$got"
    run_gradescope "$img" "$mode" "$students/hostile" "$out-hostile"
    got=$(score_of "$out-hostile/results/results.json")
    ! gs_output "$out-hostile/results/results.json" | grep "LEAKED\|SECRET-METADATA" > /dev/null && [ "$got" = "$oracle_score" ] \
      && [ "$(stat -c %a "$out-hostile/metadata.json")" = 600 ]
    check "Gradescope $label, $mode: a hostile student finds nothing (metadata, suites, results), then scores as the oracle" $? \
      "$got; $(gs_output "$out-hostile/results/results.json" | grep -o 'LEAKED [^ ]*' | sort -u | tr '\n' ' ')"
    grep -q "uirgrade-submission-" "$out-buggy/results/results.json"
    [ $? -ne 0 ] && grep -q "student-uirc run" "$out-buggy/results/results.json"
    check "Gradescope $label, $mode: reproduce lines name the submission, not a temporary path" $?
    for kind in source build-fails lost-exec-bits; do run_gradescope "$img" "$mode" "$students/$kind" "$out-$kind"; done
    [ "$(score_of "$out-source/results/results.json")" = "$oracle_score" ]
    check "Gradescope $label: a C++ source submission is built by its Makefile and scores 100%" $? \
      "$(score_of "$out-source/results/results.json")"
    got=$(score_of "$out-build-fails/results/results.json")
    [ "${got%/*}" = 0 ] && gs_output "$out-build-fails/results/results.json" | grep "expected" > /dev/null
    check "Gradescope $label: a failing build scores 0 and shows the compiler's message" $? "$got"
    [ "$(score_of "$out-lost-exec-bits/results/results.json")" = "$oracle_score" ]
    check "Gradescope $label: a helper that lost its exec bit in the upload still runs" $? \
      "$(score_of "$out-lost-exec-bits/results/results.json")"
  done
done

fi

# ---------------------------------------------------------------------------------------------
if want ci; then
say "CI recipes, their commands read from docs/ci/"
# The recipes' commands, as files: python3 reads the YAML the way each platform does.
python3 - "$repo/docs/ci" "$work/recipes" <<'PY'
import os, sys, yaml
src, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
def write(name, text):
    open(os.path.join(out, name), 'w').write(text)
gh = yaml.safe_load(open(os.path.join(src, 'github-actions.yml')))
runs = lambda job: [s['run'] for s in gh['jobs'][job]['steps'] if 'run' in s]
write('github-grade.sh', '\n'.join(runs('grade')))
write('github-merge.sh', '\n'.join(runs('merge')))
write('github-env.sh', ''.join('export %s=%s\n' % (k, v) for k, v in gh['env'].items()))
write('github-shards', ' '.join(str(s) for s in gh['jobs']['grade']['strategy']['matrix']['shard']))
gl = yaml.safe_load(open(os.path.join(src, 'gitlab-ci.yml')))
write('gitlab-grade.sh', '\n'.join(gl['grade']['script']))
write('gitlab-merge.sh', '\n'.join(gl['merge']['script']))
write('gitlab-env.sh', ''.join('export %s=%s\n' % (k, v) for k, v in gl['variables'].items()))
write('gitlab-parallel', str(gl['grade']['parallel']))
for name in ('kubernetes-job', 'kubernetes-merge-job'):
    job = yaml.safe_load(open(os.path.join(src, name + '.yml')))
    c = job['spec']['template']['spec']['containers'][0]
    write(name + '.sh', c['args'][0])
    write(name + '-env.sh', ''.join('export %s=%s\n' % (e['name'], e['value']) for e in c.get('env', [])))
    if 'completions' in job['spec']:
        write('kubernetes-completions', str(job['spec']['completions']))
cl = yaml.safe_load(open(os.path.join(src, 'github-classroom.yml')))
write('classroom.sh', '\n'.join(s['run'] for s in cl['jobs']['grade']['steps'] if 'run' in s))
write('classroom-env.sh', ''.join('export %s=%s\n' % (k, v) for k, v in cl['env'].items()))
PY
recipes=$work/recipes
# The week of the class runs is a run's parameter in every recipe (GitHub's input, GitLab's and the
# Jobs' WEEK); week 1 keeps the check within the 2 cores' hour. The reference uses the same.
ci_week=${CI_WEEK:-1}
gh_week=$ci_week
sed -e "s/\${{ inputs.week }}/$gh_week/g" "$recipes/github-grade.sh" > "$recipes/github-grade.tmpl"

# The reference: one `grade class` over the whole class, in a default container.
ref=$work/class-reference
rm -rf "$ref" && mkdir -p "$ref"
recipe_seed=$(sed -n 's/^export SEED=//p' "$recipes/github-env.sh" | tr -d '"')
t0=$(date +%s)
# shellcheck disable=SC2046
"${run_[@]}" $(mode_args default) -v "$class/submissions:/grading/submissions:ro" -v "$ref:/grading/out" "$image" \
  grade class --week "$ci_week" --seed "$recipe_seed" --student-budget 900 --out /grading/out/class /grading/submissions \
  > "$ref/log.txt" 2>&1
check "reference: one grade class of the five in a default container" $? "$(grep -c graded "$ref/log.txt") graded"
figure "seconds per student, grade class (default container, 5 students): $(( ($(date +%s) - t0) / 5 ))"
gradebook_same() {  # gradebook_same FILE: the same students, statuses and scores as the reference
  [ -f "$1" ] && diff <(cut -d, -f1-5 "$ref/class/gradebook.csv") <(cut -d, -f1-5 "$1") > "$1.diff" 2>&1
}
grep -q '^oracle,graded,' "$ref/class/gradebook.csv" && grep -q '^missing,missing,0,' "$ref/class/gradebook.csv" \
  && grep -q '^not-executable,not-executable,0,' "$ref/class/gradebook.csv" \
  && [ "$(grep '^hostile,' "$ref/class/gradebook.csv" | cut -d, -f3-4)" = "$(grep '^oracle,' "$ref/class/gradebook.csv" | cut -d, -f3-4)" ]
check "reference gradebook: oracle graded, missing and not-executable with their reasons, hostile found nothing" $? \
  "$(cut -d, -f1-4 "$ref/class/gradebook.csv" 2> /dev/null | tr -d '\r' | tail -n +2 | tr '\n' ' ')"
! grep -rq "LEAKED" "$ref/class/students" 2> /dev/null
check "reference: the hostile student read no other student's work" $? "$(grep -rho 'LEAKED [^ ]*' "$ref/class/students" 2> /dev/null | sort -u | tr '\n' ' ')"

# GitHub Actions: `container:` with --init, the entrypoint replaced by tail, steps run by exec with
# sh -e in the checkout at /__w/REPO/REPO; each matrix job on its own runner (container).
gh=$work/github
rm -rf "$gh" && mkdir -p "$gh/shards"
t0=$(date +%s)
gh_ok=0
for k in $(cat "$recipes/github-shards"); do
  ws=$gh/runner-$k/grading
  mkdir -p "$ws" && cp -a "$class/." "$ws/"
  chmod -R a+rX "$gh/runner-$k"
  name=uirgrade-check-gh-$k
  # shellcheck disable=SC2046
  "${podman_[@]}" run -d --name "$name" --init --entrypoint tail --ulimit "nofile=$nofile:$nofile" \
    --ulimit "nproc=$nproc:$nproc" $(mode_args default) -v "$gh/runner-$k:/__w/grading" -w /__w/grading/grading \
    "$image" -f /dev/null > /dev/null
  # Actions runs the steps once the job container is up: under load `run -d` can return first.
  for _ in $(seq 60); do [ "$("${podman_[@]}" inspect -f '{{.State.Running}}' "$name" 2> /dev/null)" = true ] && break; sleep 1; done
  sed -e "s/\${{ matrix.shard }}/$k/g" "$recipes/github-grade.tmpl" > "$gh/step-$k.sh"
  { cat "$recipes/github-env.sh"; cat "$gh/step-$k.sh"; } > "$gh/runner-$k/step.sh"
  "${podman_[@]}" exec -w /__w/grading/grading "$name" sh -e /__w/grading/step.sh > "$gh/shard-$k.log" 2>&1 &
done
wait
for k in $(cat "$recipes/github-shards"); do
  "${podman_[@]}" rm -f "uirgrade-check-gh-$k" > /dev/null
  grep -E "[0-9]+ students?;" "$gh/shard-$k.log" > /dev/null || gh_ok=1
  cp -r "$gh/runner-$k/grading/class-$k" "$gh/shards/class-$k" 2> /dev/null || gh_ok=1  # download-artifact
done
check "GitHub Actions: four shards grade in default containers" "$gh_ok" "$(grep -h "could read\|grade class: [a-z]" "$gh"/shard-*.log | head -2 | tr '\n' ' ')"
figure "seconds per student, GitHub Actions recipe (4 shards at once, 5 students): $(( ($(date +%s) - t0) / 5 ))"
mkdir -p "$gh/merge/grading" && cp -r "$gh/shards" "$gh/merge/grading/"
{ cat "$recipes/github-env.sh"; cat "$recipes/github-merge.sh"; } > "$gh/merge/step.sh"
# shellcheck disable=SC2046
"${run_[@]}" --init $(mode_args default) -v "$gh/merge:/__w/grading" -w /__w/grading/grading --entrypoint sh \
  "$image" -e /__w/grading/step.sh > "$gh/merge.log" 2>&1
gradebook_same "$gh/merge/grading/class/gradebook.csv"
check "GitHub Actions: the merge gives the reference's gradebook" $? "$(head -c 300 "$gh/merge/grading/class/gradebook.csv.diff" 2> /dev/null)"

# GitLab's docker executor: entrypoint "", the job's script in one shell, the checkout under
# /builds/GROUP/PROJECT made with umask 0000; `parallel: N` jobs at once.
gl=$work/gitlab
rm -rf "$gl" && mkdir -p "$gl"
gl_ok=0
total=$(cat "$recipes/gitlab-parallel")
for k in $(seq 1 "$total"); do
  mkdir -p "$gl/job-$k/course/grading" && cp -a "$class/." "$gl/job-$k/course/grading/"
  chmod -R a+rwX "$gl/job-$k"
  { cat "$recipes/gitlab-env.sh"; echo "export WEEK=$ci_week CI_NODE_INDEX=$k CI_NODE_TOTAL=$total"; cat "$recipes/gitlab-grade.sh"; } > "$gl/job-$k/job.sh"
  # shellcheck disable=SC2046
  "${run_[@]}" --entrypoint "" $(mode_args default) -v "$gl/job-$k:/builds" -w /builds/course/grading "$image" \
    sh -e /builds/job.sh > "$gl/job-$k.log" 2>&1 &
done
wait
mkdir -p "$gl/merge/course/grading"
for k in $(seq 1 "$total"); do
  grep -E "[0-9]+ students?;" "$gl/job-$k.log" > /dev/null || gl_ok=1
  cp -r "$gl/job-$k/course/grading/class-$k" "$gl/merge/course/grading/" 2> /dev/null || gl_ok=1  # artifacts
done
check "GitLab: $total parallel jobs grade in default containers" "$gl_ok" "$(grep -h "could read\|grade class: [a-z]" "$gl"/job-*.log | head -2 | tr '\n' ' ')"
{ cat "$recipes/gitlab-env.sh"; cat "$recipes/gitlab-merge.sh"; } > "$gl/merge/job.sh"
# shellcheck disable=SC2046
"${run_[@]}" --entrypoint "" $(mode_args default) -v "$gl/merge:/builds" -w /builds/course/grading "$image" \
  sh -e /builds/job.sh > "$gl/merge.log" 2>&1
gradebook_same "$gl/merge/course/grading/class/gradebook.csv"
check "GitLab: the merge gives the reference's gradebook" $? "$(head -c 300 "$gl/merge/course/grading/class/gradebook.csv.diff" 2> /dev/null)"

# Kubernetes: the Indexed Job's pods and the merge Job's pod, all applied at once: the merge pod
# waits for the shards. Pods: Docker's capabilities, no seccomp, submissions mounted read-only.
kube=$work/kubernetes
rm -rf "$kube" && mkdir -p "$kube/results"
kube_ok=0
completions=$(cat "$recipes/kubernetes-completions")
# shellcheck disable=SC2046
"${run_[@]}" $(mode_args kubernetes) -v "$kube/results:/grading/results" --entrypoint /bin/sh \
  -e WEEK="$ci_week" \
  -e "$(sed -n 's/^export SEED=//p' "$recipes/kubernetes-merge-job-env.sh" | sed 's/^/SEED=/')" \
  "$image" -c "$(cat "$recipes/kubernetes-merge-job.sh")" > "$kube/merge.log" 2>&1 &
merge_pid=$!
for index in $(seq 0 $((completions - 1))); do
  # shellcheck disable=SC2046
  "${run_[@]}" $(mode_args kubernetes) -v "$class/submissions:/grading/submissions:ro" -v "$kube/results:/grading/results" \
    -e JOB_COMPLETION_INDEX="$index" \
    -e WEEK="$ci_week" \
    -e "$(sed -n 's/^export SEED=//p' "$recipes/kubernetes-job-env.sh" | sed 's/^/SEED=/')" \
    --entrypoint /bin/sh "$image" -c "$(cat "$recipes/kubernetes-job.sh")" > "$kube/pod-$index.log" 2>&1 &
done
pods_status=0
for job in $(jobs -p); do [ "$job" = "$merge_pid" ] || wait "$job" || pods_status=1; done
check "Kubernetes: $completions pods grade from a read-only volume" "$pods_status" "$(grep -h "could read\|grade class: [a-z]" "$kube"/pod-*.log | head -2 | tr '\n' ' ')"
( sleep 120; kill "$merge_pid" 2> /dev/null ) &
watchdog=$!
wait "$merge_pid"
kube_ok=$?
kill "$watchdog" 2> /dev/null
gradebook_same "$kube/results/class/gradebook.csv" || kube_ok=1
check "Kubernetes: the merge Job waits for the shards and gives the reference's gradebook" "$kube_ok" \
  "$(head -c 300 "$kube/results/class/gradebook.csv.diff" 2> /dev/null)"

# GitHub Classroom: a student's own repository, graded on push with the visible tests.
room=$work/classroom
rm -rf "$room"
for kind in oracle buggy; do
  mkdir -p "$room/$kind/repo/repo" && cp -a "$students/$kind/." "$room/$kind/repo/repo/"
  chmod -R a+rX "$room/$kind"
  { cat "$recipes/classroom-env.sh"; echo "export GITHUB_STEP_SUMMARY=/__w/summary.md"; cat "$recipes/classroom.sh"; } > "$room/$kind/repo/step.sh"
  # shellcheck disable=SC2046
  "${run_[@]}" --init $(mode_args default) -v "$room/$kind/repo:/__w" -w /__w/repo --entrypoint sh "$image" \
    -e /__w/step.sh > "$room/$kind.log" 2>&1
  echo $? > "$room/$kind.status"
done
[ "$(cat "$room/oracle.status")" = 0 ] && [ "$(cat "$room/buggy.status")" = 1 ] && grep -q "passed" "$room/oracle/repo/summary.md"
check "GitHub Classroom: the oracle's push is green, loads-never-move's red, the report on the summary" $? \
  "exit $(cat "$room/oracle.status") and $(cat "$room/buggy.status")"

fi

# ---------------------------------------------------------------------------------------------
if want concurrent; then
say "two graders at once in two containers, and one on the host"
# (Reports go to /grading, root's only: in the uid tier grade refuses a report a student could write, as in /tmp.)
both=$work/concurrent
rm -rf "$both" && mkdir -p "$both"
for c in 1 2; do
  mkdir -p "$both/c$c" && cp -a "$students/oracle/." "$both/c$c/"
  # shellcheck disable=SC2046
  "${run_[@]}" $(mode_args default) -v "$both/c$c:/student:ro" "$image" sh -c \
    "mkdir /tmp/s && cp /student/student-uirc /tmp/s/ && grade --week $week --seed $seed --quiet --format gradescope --output /grading/r.json /tmp/s/student-uirc > /dev/null; cat /grading/r.json" \
    > "$both/c$c.json" 2> "$both/c$c.err" &
done
"$host/grade" --week "$week" --seed "$seed" --suites "$host/suites" --sandbox uid --quiet --format gradescope \
  --output "$both/host.json" "$students/oracle/student-uirc" > /dev/null 2> "$both/host.err" &
wait
all=0
for r in c1 c2 host; do [ "$(score_of "$both/$r.json")" = "$oracle_score" ] || all=1; done
check "three graders at once (two containers, the host in the uid tier): no honest point lost" "$all" \
  "$(for r in c1 c2 host; do echo -n "$r $(score_of "$both/$r.json") "; done)"

fi

if want memory; then
say "a memory-limited container"
mem=$work/memory
rm -rf "$mem" && mkdir -p "$mem" && cp -a "$students/oracle/." "$mem/"
# shellcheck disable=SC2046
"${run_[@]}" $(mode_args default) --memory 1g --memory-swap 1g -v "$mem:/student:ro" "$image" sh -c \
  "mkdir /tmp/s && cp /student/student-uirc /tmp/s/ && grade --week $week --seed $seed --quiet --format gradescope --output /grading/r.json /tmp/s/student-uirc > /dev/null; cat /grading/r.json" \
  > "$mem/r.json" 2> "$mem/err.txt"
[ "$(score_of "$mem/r.json")" = "$oracle_score" ]
check "a 1 GiB container: the oracle CLI scores 100%" $? "$(score_of "$mem/r.json")"
fi

# The languages a compilers course allows (issue 35): an image FROM uirgrade's with one apt-get install
# of the toolchains (docs/instructors.md §8.0, as a course writes it), each student of
# grader/testdata/languages handed in as sources, built by `grade` itself and graded on the whole of
# week 3, in Docker's default settings (the uid tier) and privileged (the namespaces tier). The
# containers have no network (--network none; the sandbox gives the build none either): a student
# builds from what it handed in and what the image holds. Full marks are the host's reference score
# with the same seed. LANGUAGES picks and orders them (ONLY=jvm: Java and Scala), LANGUAGE_MODES the
# settings: every language in the default container first, the JVM ones first, then privileged.
if want languages || want jvm; then
say "students in every language, in an image that adds their toolchains to uirgrade's (a FROM line and an apt-get install)"
mkdir -p "$langs"
if want languages; then
  lang_list=${LANGUAGES:-java scala go haskell cpp cpp-sanitized ocaml rust node}
else
  lang_list=${LANGUAGES:-java scala}
fi
if [ -n "$lang_build_pid" ]; then
  [[ $toolchains == *default-jdk-headless* ]]
  check "the toolchains, read from scripts/install-deps.sh --tests" $? "$toolchains"
  wait "$lang_build_pid"
  [ "$(cat "$langs/build.status" 2> /dev/null)" = 0 ]
  check "an image FROM uirgrade's with the toolchains added builds" $? "log: $langs/build.log"
  figure "image with the toolchains ($toolchains): build $(( $(date +%s) - lang_t0 )) s (alongside the reference grading)"
fi
lang_size=$(podman image inspect "$lang_image" --format '{{.Size}}' 2> /dev/null || echo 0)
figure "image with the toolchains: $((lang_size / 1000000)) MB (uirgrade's: $((size / 1000000)) MB)"
for language in $lang_list; do
  sub=$langs/$language/student
  rm -rf "$langs/$language" && mkdir -p "$sub"
  [ -d "$repo/grader/testdata/languages/$language" ] || continue
  # As the tests hand it in: sources, recipe, and the native core (the uir-oracle) beside them.
  cp -a "$repo/grader/testdata/languages/$language/." "$sub/"
  [ "$language" = cpp-sanitized ] && cp "$repo/grader/testdata/languages/cpp/main.cc" "$sub/"
  mkdir -p "$sub/core" && install -m 0755 "$host/uir-oracle" "$sub/core/uirc-core"
  chmod -R a+rX "$sub"
  # The same student as a memory hog: its build, then a student-uirc that runs the built compiler's
  # `hog` command (memory held without end in the language's own way; no grader sends it) for every
  # program, so that grading sends the hog through the real grader on week3/accumulator.
  hog=$langs/$language/hog-student
  cp -a "$sub/." "$hog/"
  [ -f "$hog/build.sh" ] && mv "$hog/build.sh" "$hog/build-student.sh"
  { echo '#!/bin/sh'; echo 'set -e'
    if [ -f "$hog/build-student.sh" ]; then echo 'sh ./build-student.sh'; elif [ -f "$hog/Makefile" ]; then echo 'make'; fi
    echo 'mv student-uirc student-uirc.real'
    printf '%s\n' "printf '#!/bin/sh\\nexec \"\$(dirname \"\$0\")/student-uirc.real\" hog \"\$2\"\\n' > student-uirc" 'chmod +x student-uirc'
  } > "$hog/build.sh"
  chmod -R a+rX "$hog"
done
# Every language in Docker's default settings first (what the platforms give), then privileged.
for mode in ${LANGUAGE_MODES:-default privileged}; do
  tier=$([ "$mode" = default ] && echo uid || echo namespaces)
  for language in $lang_list; do
    sub=$langs/$language/student
    if [ ! -d "$repo/grader/testdata/languages/$language" ]; then
      check "$language: a student in grader/testdata/languages" 1 "no folder $language"; continue
    fi
    out=$langs/$language/$mode
    rm -rf "$out" && mkdir -p "$out" && chmod 0700 "$out"
    t0=$(date +%s)
    # shellcheck disable=SC2046
    "${run_[@]}" $(mode_args "$mode") --network none -v "$sub:/student:ro" -v "$out:/grading/out" "$lang_image" sh -c \
      "cp -r /student /tmp/s && grade --week $week --seed $seed --format gradescope --output /grading/out/r.json /tmp/s/student-uirc > /grading/out/log.txt 2>&1; echo \$? > /grading/out/status" \
      > "$out/container.txt" 2>&1
    seconds=$(( $(date +%s) - t0 ))
    got=$(score_of "$out/r.json")
    built=$(grep -o 'built from [^ ]* in the sandbox: student-uirc ([0-9.]* s)' "$out/log.txt" 2> /dev/null | head -1 | grep -o '[0-9.][0-9.]* s')
    [ "$got" = "$oracle_score" ] && grep -q "Sandbox: $tier" "$out/r.json"
    check "$language, $mode container ($tier tier): built from its sources with no network, full marks on week $week" $? \
      "$got in $seconds s${built:+, build $built}; $(grep -o 'Sandbox: [a-z]*' "$out/r.json" 2> /dev/null | head -1)"
    figure "seconds per student, $language, $mode container: $seconds (score $got${built:+, build $built}, load average $(cut -d' ' -f1 /proc/loadavg))"
    # The hog: whatever bounds memory in this tier (the cgroup; in a default container, which has
    # none the grader may write, the sampled memory of the student's processes) ends it as memory-limit.
    # The week's limits with 512 MiB of memory and 60 s of wall and CPU time (the built-in suites,
    # copied and edited: `grade --timeout` only lowers a test's time): on 2 busy cores a hog fills
    # memory at some 60 MB/s, and would reach the week's 2 GiB only after its 10 s (a time-out).
    t0=$(date +%s)
    # shellcheck disable=SC2046
    "${run_[@]}" $(mode_args "$mode") --network none -v "$langs/$language/hog-student:/student:ro" -v "$out:/grading/out" "$lang_image" sh -c \
      "cp -r /student /tmp/s && cp -r /opt/uirgrade/src/suites /grading/hog-suites \
       && sed -i -e 's/^  memory_mb: .*/  memory_mb: 512/' -e 's/^  wall_seconds: .*/  wall_seconds: 60/' -e 's/^  cpu_seconds: .*/  cpu_seconds: 60/' /grading/hog-suites/weeks.yaml \
       && sed -i 's/^  timeout: .*/  timeout: 60/' /grading/hog-suites/week3/suite.yaml \
       && grade --week $week --seed $seed --suites /grading/hog-suites --only week3/accumulator --format json --output /grading/out/hog.json /tmp/s/student-uirc > /grading/out/hog-log.txt 2>&1" \
      > "$out/hog-container.txt" 2>&1
    verdicts=$(python3 -c 'import json, sys; print(" ".join(sorted(set(t["verdict"] for t in json.load(open(sys.argv[1]))["tests"]))))' "$out/hog.json" 2> /dev/null)
    [ "$verdicts" = memory-limit ]
    check "$language hog, $mode container ($tier tier): memory-limit on week3/accumulator" $? \
      "${verdicts:-no report}; $(( $(date +%s) - t0 )) s with its build; $(python3 -c 'import json, sys; print(json.load(open(sys.argv[1]))["tests"][0]["message"][:160])' "$out/hog.json" 2> /dev/null)"
  done
done
fi

# ---------------------------------------------------------------------------------------------
echo
echo "=== container-check summary ($(( ($(date +%s) - started) / 60 )) min; work files in $work)"
printf '%s\n' "${summary[@]}"
echo "--- figures"
printf '%s\n' "${figures[@]}"
echo "--- $passes passed, $failures failed, $pending_failures pending checks failed (need grader work not yet landed)"
[ "$failures" -eq 0 ]
