// A value computed once per key and shared by every caller, concurrent ones included: the first
// caller computes it while the others wait for it (the C compiler's compiled kernels, the work
// counter's counts of the oracle's kernels). A value `keep` refuses (a failure of ours) is given
// to those waiting and computed again by the next caller.
#pragma once

#include <functional>
#include <future>
#include <mutex>
#include <string>
#include <unordered_map>

namespace uirgrade {

template <class Value>
class OnceByKey {
 public:
  struct Got {
    Value value;
    bool computed_here = false;  // false: another caller's (the caller says "from cache")
  };

  /// The value for `key`, from `make` when no caller has made it yet. Thread-safe.
  Got get(const std::string& key, const std::function<Value()>& make,
          const std::function<bool(const Value&)>& keep = nullptr) {
    std::promise<Value> promise;
    std::shared_future<Value> future;
    bool ours = false;
    {
      std::lock_guard lock(mutex_);
      auto [it, inserted] = values_.try_emplace(key);
      if (inserted) {
        it->second = promise.get_future().share();
        ours = true;
      }
      future = it->second;
    }
    if (!ours) return {future.get(), false};
    Value value = make();
    promise.set_value(value);
    if (keep && !keep(value)) {
      std::lock_guard lock(mutex_);
      values_.erase(key);
    }
    return {std::move(value), true};
  }

 private:
  std::mutex mutex_;
  std::unordered_map<std::string, std::shared_future<Value>> values_;
};

}  // namespace uirgrade
