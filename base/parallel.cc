#include "base/parallel.h"

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace uirgrade {

void run_on_pool(size_t count, int jobs, const std::function<bool()>& keep_going,
                 const std::function<void(size_t)>& work) {
  std::atomic<size_t> next{0};
  auto worker = [&] {
    while (!keep_going || keep_going()) {
      size_t k = next.fetch_add(1);
      if (k >= count) return;
      work(k);
    }
  };
  size_t threads = std::min<size_t>(static_cast<size_t>(std::max(jobs, 1)), count);
  std::vector<std::thread> pool;
  for (size_t t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();  // the calling thread works too
  for (std::thread& thread : pool) thread.join();
}

}  // namespace uirgrade
