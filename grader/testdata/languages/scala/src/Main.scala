// A correct student compiler in Scala, on the JVM: its garbage collector and JIT threads, futures on
// a pool of one thread per core for its passes, its own file read from beside it, and a child
// process, the native core that computes the language (core/uirc-core).
import java.io.File
import java.util.concurrent.Executors
import scala.concurrent.{Await, ExecutionContext, Future}
import scala.concurrent.duration.Duration
import scala.io.Source

object Main {
  /** The value of `key=value` in the student's own configuration file. */
  def setting(file: File, key: String): String = {
    val source = Source.fromFile(file)
    try source.getLines().find(_.startsWith(key + "=")).map(_.drop(key.length + 1).trim)
      .getOrElse(throw new IllegalStateException(s"$file has no $key"))
    finally source.close()
  }

  def compile(command: String, program: String, core: String): Int = {
    // The front end's passes on a pool of one thread per core; each line's tokens are garbage at once.
    val pool = Executors.newFixedThreadPool(Runtime.getRuntime.availableProcessors)
    implicit val passes: ExecutionContext = ExecutionContext.fromExecutor(pool)
    val source = Source.fromFile(program)
    val lines = try source.getLines().toList finally source.close()
    val tokens = Await.result(Future.sequence(lines.map(line => Future(line.trim.split("\\s+").length))), Duration.Inf).sum
    pool.shutdown()
    if (tokens < 0) return 3

    val builder = new ProcessBuilder(core, command, program)
      .redirectInput(ProcessBuilder.Redirect.INHERIT)
      .redirectError(ProcessBuilder.Redirect.INHERIT)
    if (command == "run") builder.redirectOutput(ProcessBuilder.Redirect.INHERIT)
    val child = builder.start()
    if (command == "render") {
      val out = child.getInputStream
      val buffer = new Array[Byte](65536)
      Iterator.continually(out.read(buffer)).takeWhile(_ > 0).foreach(n => System.out.write(buffer, 0, n))
      System.out.flush()
    }
    child.waitFor()
  }

  /** `hog`, which no grader sends: memory held without end, for the memory-limit test. */
  def hog(): Nothing = {
    val held = new java.util.ArrayList[Array[Long]]()
    while (true) held.add(new Array[Long](1 << 17))
    throw new IllegalStateException("unreachable")
  }

  def main(args: Array[String]): Unit = {
    if (args.length == 2 && args(0) == "hog") hog()
    if (args.length != 2 || (args(0) != "run" && args(0) != "render")) {
      System.err.println("usage: student-uirc run|render PROG.uir")
      sys.exit(2)
    }
    val home = new File(System.getProperty("uirc.home"))
    val core = new File(home, setting(new File(home, "uirc.conf"), "core")).getPath
    sys.exit(compile(args(0), args(1), core))
  }
}
