# uirgrade CI / Gradescope image. The build steps are the README's setup scripts (install-deps.sh,
# build.sh), so what CI tests is what this image runs; grader/shipping_test.cc checks they stay so.
FROM debian:12

ENV DEBIAN_FRONTEND=noninteractive
COPY scripts/install-deps.sh /opt/uirgrade/src/scripts/install-deps.sh
RUN /opt/uirgrade/src/scripts/install-deps.sh && apt-get install -y --no-install-recommends tini \
    && rm -rf /var/lib/apt/lists/*

COPY . /opt/uirgrade/src
RUN cd /opt/uirgrade/src && BUILD_DIR=/opt/uirgrade/build ./scripts/build.sh \
    && ln -s /opt/uirgrade/build/grade /usr/local/bin/grade \
    && ln -s /opt/uirgrade/build/uir-oracle /usr/local/bin/uir-oracle \
    && ln -s /opt/uirgrade/build/uirgen /usr/local/bin/uirgen \
    && install -m 0755 docker/run_autograder /autograder/run_autograder -D

# The grader runs as root (no USER line): it runs each student process under a borrowed
# unprivileged uid, so a default container (GitHub Actions, GitLab, Gradescope) gets the uid tier
# and a privileged or rootless one the namespaces tier (docs/instructors.md, "What a student can
# and cannot do"). As a non-root user without namespaces it would refuse to grade. The uid tier
# needs the grader's own files private to root, so the suites and binaries are made so here.
RUN chmod -R go-rwx /opt/uirgrade
WORKDIR /root
# tini reaps orphans: PID 1 must, or killed students' children linger as zombies.
ENTRYPOINT ["/usr/bin/tini", "--", "/opt/uirgrade/build/grade"]
CMD ["--help"]
