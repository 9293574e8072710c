// How late the process runner notices a time-out under full parallel load, and how many short runs
// it makes per second. Run by hand (after building the students: `cmake --build B --target
// bench_process_timeouts student_sleep_forever student_exit_silently`):
//
//   build/bench_process_timeouts [none|auto] [sleepers=200] [threads=2*cores] [wall_limit_s=0.5]
//
// Every sleeper is killed at its wall-clock deadline; "detected" is how long after the deadline
// the runner noticed (ProcessResult::wall_seconds minus the limit), "returned" how long after the
// deadline run() came back (killing, reaping and removing the run directory included).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "sandbox/process.h"
#include "uirgrade_paths.h"

namespace {

using namespace uirgrade;
using Clock = std::chrono::steady_clock;

struct Figures {
  std::vector<double> values;
  double quantile(double q) {
    std::sort(values.begin(), values.end());
    return values.empty() ? 0 : values[std::min(values.size() - 1, static_cast<size_t>(q * values.size()))];
  }
};

// Runs `count` copies of `request` on `threads` threads; calls `record(result, seconds_in_run)`.
template <class Record>
double run_all(CommandRunner& runner, const ProcessRequest& request, int count, int threads, Record record) {
  std::atomic<int> next{0};
  std::vector<std::thread> pool;
  Clock::time_point start = Clock::now();
  for (int t = 0; t < threads; t++)
    pool.emplace_back([&] {
      while (next.fetch_add(1) < count) {
        Clock::time_point begin = Clock::now();
        ProcessResult result = runner.run(request);
        record(result, std::chrono::duration<double>(Clock::now() - begin).count());
      }
    });
  for (std::thread& thread : pool) thread.join();
  return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

int main(int argc, char** argv) {
  Sandbox sandbox = argc > 1 && std::string(argv[1]) == "none" ? Sandbox::None : Sandbox::Auto;
  int sleepers = argc > 2 ? std::atoi(argv[2]) : 200;
  int threads = argc > 3 ? std::atoi(argv[3]) : 2 * static_cast<int>(std::thread::hardware_concurrency());
  double limit = argc > 4 ? std::atof(argv[4]) : 0.5;

  std::string error;
  std::unique_ptr<ProcessRunner> runner = make_process_runner(sandbox, &error);
  if (!runner) {
    std::fprintf(stderr, "no runner: %s\n", error.c_str());
    return 1;
  }

  ProcessRequest sleeper;
  sleeper.argv = {UIRGRADE_BINARY_DIR "/students/student_sleep_forever"};
  sleeper.limits.wall_seconds = limit;
  Figures detected, returned;
  std::mutex figures_mutex;
  int failures = 0;
  double elapsed = run_all(*runner, sleeper, sleepers, threads, [&](const ProcessResult& result, double seconds) {
    std::lock_guard lock(figures_mutex);
    if (!result.started || !result.timed_out) {
      failures++;
      std::fprintf(stderr, "unexpected: started=%d timed_out=%d %s\n", result.started, result.timed_out,
                   result.internal_error.c_str());
      return;
    }
    detected.values.push_back(result.wall_seconds - limit);
    returned.values.push_back(seconds - limit);
  });
  std::printf("isolation: %s\n", runner->isolation().c_str());
  std::printf("%d sleepers, wall limit %.2f s, %d threads, %.1f s in all, %d failures\n", sleepers, limit, threads,
              elapsed, failures);
  std::printf("time-out detected after the deadline: median %.1f ms, p95 %.1f ms, worst %.1f ms\n",
              1e3 * detected.quantile(0.5), 1e3 * detected.quantile(0.95), 1e3 * detected.quantile(1.0));
  std::printf("run() returned after the deadline:    median %.1f ms, p95 %.1f ms, worst %.1f ms\n",
              1e3 * returned.quantile(0.5), 1e3 * returned.quantile(0.95), 1e3 * returned.quantile(1.0));

  ProcessRequest quick;
  quick.argv = {UIRGRADE_BINARY_DIR "/students/student_exit_silently"};
  const int quick_runs = 400;
  Figures run_seconds;
  double quick_elapsed = run_all(*runner, quick, quick_runs, threads, [&](const ProcessResult& result, double seconds) {
    std::lock_guard lock(figures_mutex);
    if (!result.started || result.exit_code != 0) failures++;
    run_seconds.values.push_back(seconds);
  });
  std::printf("%d runs of a program that exits at once: %.0f runs/s, median run() %.1f ms, worst %.1f ms\n",
              quick_runs, quick_runs / quick_elapsed, 1e3 * run_seconds.quantile(0.5), 1e3 * run_seconds.quantile(1.0));

  // The kernel keeps the peak RSS across exec, so a process forked from a big grader starts with the
  // grader's own; bwrap's init (forked from bwrap) does not. Show what a tiny program reports.
  std::vector<char> ballast(256u << 20, 1);
  ProcessResult tiny = runner->run(quick);
  std::printf("peak RSS reported for a program that exits at once, the grader holding %zu MiB: %.1f MiB\n",
              ballast.size() >> 20, static_cast<double>(tiny.peak_rss_bytes) / (1 << 20));
  return failures == 0 ? 0 : 1;
}
