// A correct student compiler in Java, started as one is: a JVM with its garbage collector and JIT
// threads, a thread pool as wide as the machine for its passes, its own file read from beside it,
// and a child process, the native core that computes the language (core/uirc-core).
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

public class Main {
  public static void main(String[] args) throws Exception {
    if (args.length == 2 && args[0].equals("hog")) hog();
    if (args.length != 2 || !(args[0].equals("run") || args[0].equals("render"))) {
      System.err.println("usage: student-uirc run|render PROG.uir");
      System.exit(2);
    }
    Path home = Path.of(System.getProperty("uirc.home"));
    String core = home.resolve(setting(home.resolve("uirc.conf"), "core")).toString();
    System.exit(compile(args[0], args[1], core));
  }

  /// `hog`, which no grader sends: memory held without end, as a runaway compiler holds it, for the
  /// test that the memory limit still ends it (grader/testdata/languages/README.md).
  static void hog() {
    List<long[]> held = new ArrayList<>();
    for (;;) held.add(new long[1 << 17]);
  }

  /// The value of `key=value` in the student's own configuration file.
  static String setting(Path file, String key) throws IOException {
    for (String line : Files.readAllLines(file))
      if (line.startsWith(key + "=")) return line.substring(key.length() + 1).trim();
    throw new IOException(file + " has no " + key);
  }

  static int compile(String command, String program, String core) throws Exception {
    // The front end's passes on a pool of one thread per core: each line tokenised into objects
    // that become garbage at once, as a real parser's do.
    ExecutorService passes = Executors.newFixedThreadPool(Runtime.getRuntime().availableProcessors());
    List<Future<Integer>> tokens = new ArrayList<>();
    for (String line : Files.readAllLines(Path.of(program)))
      tokens.add(passes.submit(() -> List.of(line.trim().split("\\s+")).size()));
    int counted = 0;
    for (Future<Integer> count : tokens) counted += count.get();
    passes.shutdown();
    if (counted < 0) return 3;

    ProcessBuilder builder = new ProcessBuilder(core, command, program);
    builder.redirectInput(ProcessBuilder.Redirect.INHERIT);
    builder.redirectError(ProcessBuilder.Redirect.INHERIT);
    if (command.equals("run")) builder.redirectOutput(ProcessBuilder.Redirect.INHERIT);
    Process child = builder.start();
    if (command.equals("render")) {
      ByteArrayOutputStream c = new ByteArrayOutputStream();
      try (InputStream out = child.getInputStream()) {
        out.transferTo(c);
      }
      System.out.write(c.toByteArray());
      System.out.flush();
    }
    return child.waitFor();
  }
}
