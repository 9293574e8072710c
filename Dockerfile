# uirgrade's grading image, for CI (GitHub Actions, GitLab, Kubernetes) and for trying the Gradescope
# autograder locally (docs/instructors.md). Two stages: the first builds the tools with the README's
# setup scripts (install-deps.sh, build.sh; grader/shipping_test.cc checks they stay so); the second
# holds only what grading needs (the tools, the suites, the compilers and runtimes students' work
# needs: docs/instructors.md §8.0).
FROM debian:12 AS build
ENV DEBIAN_FRONTEND=noninteractive
COPY scripts/install-deps.sh /opt/uirgrade/src/scripts/install-deps.sh
RUN /opt/uirgrade/src/scripts/install-deps.sh && rm -rf /var/lib/apt/lists/*
# Only what the build reads, so that a change to the suites, the docs or docker/ rebuilds nothing
# (.dockerignore leaves the tests out too: UIRGRADE_BUILD_TESTS=OFF does not read them).
COPY CMakeLists.txt /opt/uirgrade/src/
COPY cmake /opt/uirgrade/src/cmake
COPY scripts/build.sh /opt/uirgrade/src/scripts/build.sh
# Every folder CMakeLists.txt reads sources from (grader/shipping_test.cc checks the list).
COPY base /opt/uirgrade/src/base
COPY sandbox /opt/uirgrade/src/sandbox
COPY oracle /opt/uirgrade/src/oracle
COPY testcase /opt/uirgrade/src/testcase
COPY mutation /opt/uirgrade/src/mutation
COPY generators /opt/uirgrade/src/generators
COPY grader /opt/uirgrade/src/grader
COPY reports /opt/uirgrade/src/reports
COPY class /opt/uirgrade/src/class
COPY cli /opt/uirgrade/src/cli
COPY oracle_faults /opt/uirgrade/src/oracle_faults
COPY bench /opt/uirgrade/src/bench
# The grader finds its built-in suites at the source path it was configured with
# (/opt/uirgrade/src/suites), so the final stage keeps that path. Binaries are stripped (the debug
# information is 80% of their size). /opt/uirgrade is made root's only HERE, in the build stage,
# because the uid tier refuses to grade when a student uid can read the suites or the grader, and a
# chmod in the final stage would copy every file into a second layer. /grading, root's only too, is
# where a course mounts what students must not reach (docs/ci/kubernetes-job.yml). uir-mutant, which
# grading does not run, is there for an instructor's demo class of catalogued bugs (docs/mutants.md).
RUN cd /opt/uirgrade/src \
    && BUILD_DIR=/opt/uirgrade/build BUILD_TARGETS="grade uir-oracle uirgen uir-mutant" ./scripts/build.sh -DUIRGRADE_BUILD_TESTS=OFF \
    && mkdir -p /stage/opt/uirgrade/build /stage/opt/uirgrade/src /stage/autograder \
    && mkdir -m 0700 /stage/grading \
    && for tool in grade uir-oracle uirgen uir-mutant; do strip -o /stage/opt/uirgrade/build/$tool /opt/uirgrade/build/$tool; done
COPY suites /stage/opt/uirgrade/src/suites
COPY docker/run_autograder /stage/autograder/run_autograder
# /autograder as run_autograder leaves it (searchable, nothing in it for others): the CI recipes grade
# in the uid tier with this image, and grade refuses an /autograder others can list or read.
RUN chmod -R go-rwx /stage/opt/uirgrade && chmod 0711 /stage/autograder && chmod 0700 /stage/autograder/run_autograder

FROM debian:12
ENV DEBIAN_FRONTEND=noninteractive
# What grading runs, besides our three tools and their shared libraries:
#   gcc, libc6-dev (and, through gcc, libasan/libubsan): the render tests compile students' C with
#     -fsanitize=address,undefined;
#   g++, make, python3: what students' compilers are built and run with (docs/students.md; other
#     languages: an image FROM this one adds their packages, docs/instructors.md §8.0);
#   bubblewrap: the namespaces tier; tini: PID 1 that reaps killed students' children;
#   valgrind: counting a kernel's instructions.
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev g++ make python3 bubblewrap tini valgrind \
       libfmt9 libyaml-cpp0.7 libboost-filesystem1.74.0 libssl3 \
    && apt-get clean \
    && rm -rf /var/lib/apt/lists/* /usr/share/doc/* /usr/share/man/* \
    && find /usr/share/locale -name '*.mo' -delete
COPY --from=build /stage/ /
RUN ln -s /opt/uirgrade/build/grade /usr/local/bin/grade \
    && ln -s /opt/uirgrade/build/uir-oracle /usr/local/bin/uir-oracle \
    && ln -s /opt/uirgrade/build/uirgen /usr/local/bin/uirgen \
    && ln -s /opt/uirgrade/build/uir-mutant /usr/local/bin/uir-mutant

# The grader runs as root (no USER line): it runs each student process under a borrowed
# unprivileged uid, so a default container (GitHub Actions, GitLab, Gradescope, Kubernetes) gets the
# uid tier and a privileged one the namespaces tier (docs/instructors.md, "What a student can and
# cannot do"). /opt/uirgrade is root's only, so any other user (`--user 1000`) cannot even start
# `grade` ("Permission denied", exit 126): run the image as root.
WORKDIR /root
# tini reaps orphans: PID 1 must, or killed students' children linger as zombies. Only tini is the
# entrypoint, so `docker run IMAGE /autograder/run_autograder` (Gradescope's local test) and
# `docker run IMAGE grade --week 3 ...` both run what they name.
ENTRYPOINT ["/usr/bin/tini", "--"]
CMD ["grade", "--help"]
