#include "grader/feedback/headline.h"

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

TEST(Headline, CompilerErrorIsTheFirstErrorLineNotTheContext) {
  EXPECT_EQ(compiler_error_headline("kernel.c: In function 'kernel':\n"
                                    "kernel.c:5:3: error: 'x' undeclared (first use in this function)\n"
                                    "    5 |   x = 1;\n"
                                    "kernel.c:6:1: error: expected ';'\n"),
            "kernel.c:5:3: error: 'x' undeclared (first use in this function)");
  EXPECT_EQ(compiler_error_headline("/usr/bin/ld: /tmp/cc.o: in function `main':\n"
                                    "driver.c:(.text+0x1c): undefined reference to `kernel'\n"
                                    "collect2: error: ld returned 1 exit status\n"),
            "driver.c:(.text+0x1c): undefined reference to `kernel'");
  EXPECT_EQ(compiler_error_headline("kernel.c: In function 'kernel':\nsomething odd\n"), "something odd");
}

// A process in its own words: stderr's headline; a JVM that cannot start writes nothing on stderr
// and two lines on stdout, the second of which says why.
TEST(Headline, OwnWordsAreStderrsHeadlineElseTheFirstLinesOfStdout) {
  EXPECT_EQ(own_words("Error: Could not find or load main class Main\nCaused by: ...\n", "ignored\n"),
            "stderr: Error: Could not find or load main class Main");
  EXPECT_EQ(own_words("", "Error occurred during initialization of VM\n\nCould not allocate compressed class "
                          "space: 1073741824 bytes\nthird line\n"),
            "stdout: Error occurred during initialization of VM | Could not allocate compressed class space: "
            "1073741824 bytes");
  EXPECT_EQ(own_words(" \n", "one line only"), "stdout: one line only");
  EXPECT_EQ(own_words("", "\n\n"), "");
  EXPECT_EQ(own_words("", std::string(1000, 'x'), 40), "stdout: " + std::string(40, 'x') + "...");
  EXPECT_EQ(own_words(std::string(1000, 'y'), "", 40), "stderr: " + std::string(40, 'y') + "...");
}

TEST(Headline, TracebackIsTheExceptionLine) {
  EXPECT_EQ(stderr_headline("Traceback (most recent call last):\n"
                            "  File \"uirc.py\", line 12, in <module>\n"
                            "    main()\n"
                            "  File \"uirc.py\", line 9, in main\n"
                            "    raise ValueError(\"bad op\")\n"
                            "ValueError: bad op\n"),
            "ValueError: bad op");
  // Chained exceptions: the last one is what ended the program.
  EXPECT_EQ(stderr_headline("Traceback (most recent call last):\n  File \"a.py\", line 1\nKeyError: 'x'\n\n"
                            "During handling of the above exception, another exception occurred:\n\n"
                            "Traceback (most recent call last):\n  File \"a.py\", line 3\nTypeError: no\n"),
            "TypeError: no");
  EXPECT_EQ(stderr_headline("\n  \nthread 'main' panicked at src/main.rs:3:5\n"), "thread 'main' panicked at src/main.rs:3:5");
  EXPECT_EQ(stderr_headline(""), "");
}

TEST(Headline, MemoryExhaustionInEachLanguage) {
  EXPECT_TRUE(reports_memory_exhaustion("Traceback (most recent call last):\n  File \"u.py\", line 3\nMemoryError\n"));
  EXPECT_TRUE(reports_memory_exhaustion("terminate called after throwing an instance of 'std::bad_alloc'\n"
                                        "  what():  std::bad_alloc\n"));
  EXPECT_TRUE(reports_memory_exhaustion("Exception in thread \"main\" java.lang.OutOfMemoryError: Java heap space\n"));
  EXPECT_TRUE(reports_memory_exhaustion("memory allocation of 4294967296 bytes failed\n"));
  EXPECT_TRUE(reports_memory_exhaustion("fatal error: runtime: out of memory\n"));
  EXPECT_FALSE(reports_memory_exhaustion("Traceback (most recent call last):\n  File \"u.py\", line 3\nKeyError: 3\n"));
  EXPECT_FALSE(reports_memory_exhaustion("prog.uir:4: error: E-BOUNDS: index out of memory bounds\n"))
      << "the contract's error line is never a crash";
  EXPECT_FALSE(reports_memory_exhaustion(""));
}

}  // namespace
}  // namespace uirgrade
