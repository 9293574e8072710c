// A small pool of threads for independent items (tests, a class's students and tests, or mutants): each
// thread takes the next item from a shared counter, so a slow item holds up only its own thread.
#pragma once

#include <cstddef>
#include <functional>

namespace uirgrade {

/// Calls work(k) for k = 0..count-1 on up to `jobs` threads (the calling thread is one of them) and
/// returns when all are done. Before taking an item a thread asks `keep_going` (empty: always yes);
/// once it says no, the items not yet taken are not worked on.
void run_on_pool(size_t count, int jobs, const std::function<bool()>& keep_going,
                 const std::function<void(size_t)>& work);

}  // namespace uirgrade
