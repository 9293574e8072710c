# uirgrade CI / Gradescope image. The build steps are the README's setup scripts (install-deps.sh,
# build.sh), so what CI tests is what this image runs; grader/docker_test.cc checks they stay so.
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

# Grade as an unprivileged user: RLIMIT_NPROC then bounds fork bombs. (Gradescope runs
# /autograder/run_autograder itself, as root; the grader then drops each student process to its own
# unprivileged uid.)
RUN useradd --create-home --shell /usr/sbin/nologin grader
USER grader
WORKDIR /home/grader
# tini reaps orphans: PID 1 must, or killed students' children linger as zombies.
ENTRYPOINT ["/usr/bin/tini", "--", "/opt/uirgrade/build/grade"]
CMD ["--help"]
