// Users: each live statement listed once under every distinct statement it names, in file order.
// Programs come from compile(); the expected user lists are read off the program text by hand.
#include "oracle/users.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "oracle/oracle.h"

namespace uir {
namespace {

// The spec §1 example plus a value nothing uses (so it is not live, spec §5.3).
constexpr std::string_view kSquares =
    "%b  = buffer 4 dtype=i32 slot=0\n"  // 0
    "%i  = range 4\n"                    // 1
    "%sq = mul %i %i\n"                  // 2
    "%v  = shrink %b %i shape=[]\n"      // 3
    "%s  = store %v %sq\n"               // 4
    "%e  = end %s %i\n"                  // 5
    "%b1 = after %b %e\n"                // 6
    "%unused = add %i 1\n";              // 7

Compiled compiled_squares() {
  Compiled compiled = compile("t.uir", kSquares);
  EXPECT_FALSE(compiled.error.has_value());
  EXPECT_EQ(compiled.program.stmts.size(), 8u);
  return compiled;
}

std::vector<int32_t> users_of(const Users& users, int32_t s) {
  auto span = users.of(s);
  return {span.begin(), span.end()};
}

TEST(Users, LiveUsersInFileOrderEachOnceEvenWhenNamedTwice) {
  Compiled compiled = compiled_squares();
  Users users(compiled.program, compiled.linear.live);
  // %sq names %i twice and is listed once; %unused is not live and is not listed.
  EXPECT_EQ(users_of(users, 1), (std::vector<int32_t>{2, 3, 5}));
  EXPECT_EQ(users_of(users, 0), (std::vector<int32_t>{3, 6}));
  EXPECT_EQ(users_of(users, 2), (std::vector<int32_t>{4}));
  EXPECT_EQ(users_of(users, 4), (std::vector<int32_t>{5}));
  EXPECT_EQ(users_of(users, 5), (std::vector<int32_t>{6}));
}

TEST(Users, StatementsNobodyUsesHaveNoUsers) {
  Compiled compiled = compiled_squares();
  Users users(compiled.program, compiled.linear.live);
  EXPECT_TRUE(users_of(users, 6).empty());  // the output version: a root
  EXPECT_TRUE(users_of(users, 7).empty());  // the unused value
}

TEST(Users, TheLiveMaskDecidesWhoIsListed) {
  Compiled compiled = compiled_squares();
  std::vector<bool> all(compiled.program.stmts.size(), true);
  EXPECT_EQ(users_of(Users(compiled.program, all), 1), (std::vector<int32_t>{2, 3, 5, 7}));

  std::vector<bool> none(compiled.program.stmts.size(), false);
  Users nobody(compiled.program, none);
  for (int32_t s = 0; s < 8; ++s) EXPECT_TRUE(users_of(nobody, s).empty()) << s;
}

TEST(Users, LiteralOperandsAreNotUses) {
  // `add %c 1` names %c once; the literal 1 names nothing. The assert keeps everything live.
  Compiled compiled = compile("t.uir",
                              "%c = const 2\n"          // 0
                              "%d = add %c 1\n"         // 1
                              "%ok = cmplt %c %d\n"     // 2
                              "assert %ok\n");          // 3
  ASSERT_FALSE(compiled.error.has_value());
  Users users(compiled.program, compiled.linear.live);
  EXPECT_EQ(users_of(users, 0), (std::vector<int32_t>{1, 2}));
  EXPECT_EQ(users_of(users, 1), (std::vector<int32_t>{2}));
  EXPECT_EQ(users_of(users, 2), (std::vector<int32_t>{3}));
  EXPECT_TRUE(users_of(users, 3).empty());
}

}  // namespace
}  // namespace uir
