// A value computed once per key and shared by every caller, concurrent ones included: the first
// caller computes it while the others wait for it (the C compiler's driver objects, the work
// counter's counts of the oracle's kernels). A value `keep` refuses (a failure of ours) is given
// to those waiting and computed again by the next caller.
//
// Keys are held as their SHA-256, never as given: a key is often a whole C text or a test's data
// (megabytes), and a run holds many. With a capacity, the least recently used value is dropped
// when one more would exceed it, so what the cache holds does not grow with the number of
// students graded (issue 39); a caller still waiting for a dropped value gets it all the same.
#pragma once

#include <cstddef>
#include <functional>
#include <future>
#include <list>
#include <mutex>
#include <string>
#include <unordered_map>

#include "base/sha256.h"

namespace uirgrade {

template <class Value>
class OnceByKey {
 public:
  struct Got {
    Value value;
    bool computed_here = false;  // false: another caller's (the caller says "from cache")
  };

  /// `capacity` 0: every value is kept for the cache's lifetime.
  explicit OnceByKey(size_t capacity = 0) : capacity_(capacity) {}

  /// The value for `key`, from `make` when no caller has made it yet (or it was dropped since).
  /// Thread-safe.
  Got get(const std::string& key, const std::function<Value()>& make,
          const std::function<bool(const Value&)>& keep = nullptr) {
    const std::string hash = sha256_hex(key);
    std::promise<Value> promise;
    std::shared_future<Value> future;
    bool ours = false;
    {
      std::lock_guard lock(mutex_);
      auto it = values_.find(hash);
      if (it == values_.end()) {
        used_.push_front(hash);
        it = values_.emplace(hash, Entry{promise.get_future().share(), used_.begin()}).first;
        ours = true;
        drop_least_recently_used();
      } else {
        used_.splice(used_.begin(), used_, it->second.use);
      }
      future = it->second.future;
    }
    if (!ours) return {future.get(), false};
    Value value = make();
    promise.set_value(value);
    if (keep && !keep(value)) {
      std::lock_guard lock(mutex_);
      erase(hash);
    }
    return {std::move(value), true};
  }

  /// How many values are held now.
  size_t size() const {
    std::lock_guard lock(mutex_);
    return values_.size();
  }

 private:
  struct Entry {
    std::shared_future<Value> future;
    std::list<std::string>::iterator use;  // its place in used_
  };

  void drop_least_recently_used() {
    while (capacity_ > 0 && values_.size() > capacity_) erase(used_.back());
  }
  void erase(const std::string& hash) {
    auto it = values_.find(hash);
    if (it == values_.end()) return;  // dropped meanwhile
    used_.erase(it->second.use);
    values_.erase(it);
  }

  const size_t capacity_;
  mutable std::mutex mutex_;
  std::list<std::string> used_;  // hashes, most recently used first
  std::unordered_map<std::string, Entry> values_;
};

}  // namespace uirgrade
