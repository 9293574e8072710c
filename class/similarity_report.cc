#include "class/similarity_report.h"

#include <algorithm>
#include <ostream>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "base/csv.h"
#include "grader/feedback/display_text.h"
#include "reports/html_text.h"
#include "reports/json_writer.h"

namespace uirgrade {
namespace {

// The side-by-side evidence of the first pairs (unfolded for the first, folded for the others): the
// page opens on the list and what to look at first.
constexpr size_t kPairsWithEvidence = 20;
constexpr size_t kMaxShownLines = 400;  // per side; the kept file has all of it

constexpr size_t kFailuresInTheList = 3;  // in the table's cell; the pair's evidence lists them all

std::string describe_failures(const SimilarPair& pair, size_t at_most) {
  std::vector<std::string> parts;
  for (const SharedFailure& failure : pair.shared_failures) {
    if (parts.size() == at_most) {
      parts.push_back(fmt::format("and {} more", pair.shared_failures.size() - at_most));
      break;
    }
    parts.push_back(fmt::format("{} ({}, {} of the class)", failure.signature.test, failure.signature.verdict,
                                failure.students));
  }
  return fmt::format("{}", fmt::join(parts, "; "));
}

/// `c` as lines in a <pre>, the lines in `shared` marked, from two lines before the first marked
/// one (what comes before is the same for every student who writes its helpers like the oracle).
std::string marked_c(const std::string& c, const std::set<int>& shared) {
  const int first = shared.empty() ? 1 : std::max(1, *shared.begin() - 2);
  std::string html = "<pre class=\"sbs\">";
  if (first > 1) html += fmt::format("<i>({} lines before)</i>\n", first - 1);
  size_t start = 0;
  int line = 1;
  for (; start < c.size() && line < first + static_cast<int>(kMaxShownLines); ++line) {
    size_t end = c.find('\n', start);
    if (end == std::string::npos) end = c.size();
    if (line >= first) {
      std::string text = html_text(std::string_view(c).substr(start, end - start));
      html += shared.contains(line) ? "<mark>" + text + "</mark>\n" : text + "\n";
    }
    start = end + 1;
  }
  if (start < c.size()) html += "…\n";
  return html + "</pre>";
}

/// "87% of ann's tokens are found in bob's (sim_c++; parse.cc in parser.cc, ...)": the share of the
/// smaller side, which is what the score measures.
std::string describe_source(const SourcePair& source) {
  const bool a_smaller = source.tokens_a <= source.tokens_b;
  const std::string& smaller = a_smaller ? source.a : source.b;
  const std::string& other = a_smaller ? source.b : source.a;
  const double tokens = a_smaller ? source.tokens_a : source.tokens_b;
  std::vector<std::string> files;
  for (const auto& [file_a, file_b, shared] : source.files)
    files.push_back(fmt::format("{} and {}: {:.0f} tokens", shown_line(file_a), shown_line(file_b), shared));
  return fmt::format("{:.0f}% of {}'s source tokens ({:.0f} of {:.0f}) are found in {}'s, by {}{}{}",
                     tokens > 0 ? 100 * source.shared_tokens / tokens : 0.0, smaller, source.shared_tokens, tokens,
                     other, source.tools, files.empty() ? "" : "; most in ", fmt::join(files, "; "));
}

std::string student_link(const std::string& id) {
  return fmt::format("<a href=\"{}\">{}</a>", html_text(url_path("students/" + id + ".txt")), html_text(id));
}

}  // namespace

std::string similarity_method(const SimilarityOptions& options) {
  return fmt::format(
      "The score ranks pairs of students by how alike their compilers behave, so that an instructor knows "
      "which submissions to read first; it is not a finding of copying. Behaviour: the C each student rendered "
      "for each render test is tokenised as the C compiler reads it, names and literals replaced by placeholders "
      "(layout and comments are gone), and fingerprinted (winnowed hashes of {} tokens in a row, windows of {}); "
      "fingerprints of the oracle's own C for the test are dropped. Failures: each failed test with its verdict "
      "and a digest of what the student printed. Every fingerprint or failure weighs ln(1 + n/df), n the students "
      "who rendered the test (or were graded), df those who share it; one that more than half of them share "
      "weighs nothing, so what every correct student writes is no evidence. Each kind's similarity is the shared "
      "weight over the union's weight plus a prior ({} fingerprints, {} failures no one else has), and the score "
      "is 1 - (1 - behaviour)(1 - failures). Pairs at or above {:.2f} are linked into clusters.",
      kSimilarityKgram, kSimilarityWindow, options.behaviour_prior, options.failure_prior, options.cluster_threshold);
}

std::string source_method(const SimilarityReport& report) {
  if (!report.source) return "";
  return fmt::format(
      " Source: where submissions carry their source files, Debian's similarity-tester compares them, one run "
      "per language (sim_c, sim_c++, sim_java, sim_pasc, sim_m2, sim_lisp; sim_text for languages it has no "
      "lexer for), each file against every other in percentages (sim -p: names, literals, layout and comments do "
      "not count). {}A pair's source score is the tokens their files share over the tokens of the smaller of the "
      "two plus {:.0f}. Pairs are ranked, and linked into clusters, by the larger of the behaviour score and the "
      "source score: either alone is a reason to read a pair first, and a pair that copied its source behaves "
      "alike too, so adding them would count one copy twice.",
      report.source->handout ? "Text found in the instructor's handout (sim -S against it) is blanked first: it "
                               "is no evidence. "
                             : "No handout was given: text every student was handed counts as shared. ",
      kSourcePriorTokens);
}

namespace {

/// How many students and pairs were compared, and (with sources) what sim read and noted.
std::string similarity_summary_html(const SimilarityReport& report) {
  const SimilarityRanking& ranking = report.ranking;
  std::string html;
  html += fmt::format(
      "<p>{} students with kept evidence, {} render tests; of the {} pairs, {} share at least one weighted "
      "fingerprint or failure. The pairs below are what to look at first, not a finding.</p>\n",
      ranking.students, report.render_tests, ranking.pairs_in_class, ranking.pairs_scored);
  if (report.source) {
    const SourceSimilarity& source = *report.source;
    html += fmt::format("<p id=\"similar-sources\">Source: {} students with source files ({} files){}; {}.{}</p>\n",
                        source.students_with_sources, source.files,
                        report.handout_dir.empty() ? ", no handout excluded"
                                                   : ", the handout " + html_text(shown_line(report.handout_dir)) + " excluded",
                        source.runs.empty() ? "no sim run" : html_text(fmt::format("{}", fmt::join(source.runs, "; "))),
                        source.notes.empty() ? "" : " Notes:");
    if (!source.notes.empty()) {
      html += "<ul id=\"similar-source-notes\">\n";
      for (const std::string& note : source.notes) html += "<li>" + html_text(note) + "</li>\n";
      html += "</ul>\n";
    }
  }
  return html;
}

/// The ranked pairs, one row each.
std::string pairs_table_html(const SimilarityReport& report) {
  const SimilarityRanking& ranking = report.ranking;
  std::string html;
  html += fmt::format("<table id=\"similar-pairs\">\n<tr><th>#</th><th>students</th><th>score</th><th>behaviour</th>"
                      "<th>failures</th>{}<th>the render test whose C they share most</th><th>rare failures they share</th></tr>\n",
                      report.source ? "<th>source</th>" : "");
  for (size_t k = 0; k < ranking.pairs.size(); ++k) {
    const SimilarPair& pair = ranking.pairs[k];
    std::string rank = k < kPairsWithEvidence ? fmt::format("<a href=\"#pair-{}\">{}</a>", k + 1, k + 1)
                                              : std::to_string(k + 1);
    html += fmt::format(
        "<tr><td class=\"num\">{}</td><td>{} and {}</td><td class=\"num\">{:.2f}</td>"
        "<td class=\"num\">{:.2f}</td><td class=\"num\">{:.2f}</td>{}<td>{}</td><td>{}</td></tr>\n",
        rank, student_link(pair.a), student_link(pair.b), pair.score, pair.behaviour, pair.failures,
        report.source ? fmt::format("<td class=\"num\">{:.2f}</td>", pair.source) : "",
        html_text(pair.best_test), html_text(describe_failures(pair, kFailuresInTheList)));
  }
  if (ranking.pairs.empty())
    html += fmt::format("<tr><td colspan=\"{}\">No pair scores {:.2f} or more.</td></tr>\n", report.source ? 8 : 7,
                        report.options.min_score);
  html += "</table>\n";
  return html;
}

/// The clusters of more than two students linked by pairs.
std::string clusters_html(const SimilarityReport& report) {
  const SimilarityRanking& ranking = report.ranking;
  std::string html;
  html += "<h3>Clusters of more than two</h3>\n";
  if (ranking.clusters.empty()) {
    html += fmt::format("<p>None: no three students are linked by pairs scoring {:.2f} or more.</p>\n",
                        report.options.cluster_threshold);
  } else {
    html += "<ul id=\"similar-clusters\">\n";
    for (const std::vector<std::string>& cluster : ranking.clusters) {
      std::vector<std::string> links;
      for (const std::string& id : cluster) links.push_back(student_link(id));
      html += fmt::format("<li>{} ({})</li>\n", fmt::join(links, ", "), cluster.size());
    }
    html += "</ul>\n";
  }
  return html;
}

/// The evidence of the first kPairsWithEvidence pairs: their C side by side, the failures they share.
std::string evidence_html(const SimilarityReport& report) {
  const SimilarityRanking& ranking = report.ranking;
  std::string html;
  html += "<h3>The evidence, pair by pair</h3>\n";
  for (size_t k = 0; k < ranking.pairs.size() && k < kPairsWithEvidence; ++k) {
    const SimilarPair& pair = ranking.pairs[k];
    const SideBySide& shown = report.side_by_side[k];
    html += fmt::format("<details id=\"pair-{}\"{}><summary>{}. {} and {}: score {:.2f}{}</summary>\n", k + 1,
                        k == 0 ? " open" : "", k + 1, html_text(pair.a), html_text(pair.b), pair.score,
                        report.source ? fmt::format(", source {:.2f}", pair.source) : "");
    if (k < report.source_pairs.size() && report.source_pairs[k])
      html += "<p class=\"source-evidence\">Source: " + html_text(describe_source(*report.source_pairs[k])) + ".</p>\n";
    if (!pair.best_test.empty())
      html += fmt::format("<p>Their C for {} (marked: lines both have, beyond the oracle's C and what most share):</p>\n"
                          "<table class=\"sbs\"><tr><th>{}</th><th>{}</th></tr><tr><td>{}</td><td>{}</td></tr></table>\n",
                          html_text(pair.best_test), html_text(pair.a), html_text(pair.b),
                          marked_c(shown.c_a, shown.shared_a), marked_c(shown.c_b, shown.shared_b));
    if (!pair.shared_failures.empty()) {
      html += "<p>Failures they share (the same verdict and the same output), rarest first:</p>\n<ul>\n";
      for (const SharedFailure& failure : pair.shared_failures)
        html += fmt::format("<li>{}: {}, shared by {} of the class</li>\n", html_text(failure.signature.test),
                            html_text(failure.signature.verdict), failure.students);
      html += "</ul>\n";
    }
    html += "</details>\n";
  }
  return html;
}

}  // namespace

std::string similarity_section_html(const SimilarityReport& report) {
  std::string html =
      "<style>pre.sbs{max-height:30em;font-size:12px}pre.sbs mark{background:#ffe08a}table.sbs td{width:50%}</style>\n"
      "<h2 id=\"similarity-title\">Similar submissions (instructor only)</h2>\n";
  html += similarity_summary_html(report);
  html += pairs_table_html(report);
  html += clusters_html(report);
  html += evidence_html(report);
  html += "<p>How the score is computed: " + html_text(similarity_method(report.options) + source_method(report)) +
          "</p>\n";
  return html;
}

void write_similarity_csv(const SimilarityReport& report, std::ostream& out) {
  out << csv_row({"rank", "student_a", "student_b", "score", "behaviour", "failures", "best_test", "shared_failures",
                  "source", "source_evidence"});
  for (size_t k = 0; k < report.ranking.pairs.size(); ++k) {
    const SimilarPair& pair = report.ranking.pairs[k];
    const bool has_source = k < report.source_pairs.size() && report.source_pairs[k];
    out << csv_row({std::to_string(k + 1), csv_field(pair.a), csv_field(pair.b),
                    fmt::format("{:.4f}", pair.score), fmt::format("{:.4f}", pair.behaviour),
                    fmt::format("{:.4f}", pair.failures), csv_field(pair.best_test), csv_field(describe_failures(pair, pair.shared_failures.size())),
                    report.source ? fmt::format("{:.4f}", pair.source) : "",
                    has_source ? csv_field(describe_source(*report.source_pairs[k])) : ""});
  }
}

void write_similarity_json(const SimilarityReport& report, std::ostream& out) {
  const SimilarityRanking& ranking = report.ranking;
  JsonWriter json(out);
  json.begin_object();
  json.key("method").string(similarity_method(report.options) + source_method(report));
  json.key("students").integer(static_cast<int64_t>(ranking.students));
  json.key("render_tests").integer(static_cast<int64_t>(report.render_tests));
  json.key("pairs_in_class").integer(static_cast<int64_t>(ranking.pairs_in_class));
  json.key("pairs_scored").integer(static_cast<int64_t>(ranking.pairs_scored));
  if (report.source) {
    json.key("source").begin_object();
    json.key("tool").string("similarity-tester (sim_*)");
    json.key("handout").string(report.handout_dir);
    json.key("students_with_sources").integer(static_cast<int64_t>(report.source->students_with_sources));
    json.key("files").integer(static_cast<int64_t>(report.source->files));
    json.key("runs").begin_array();
    for (const std::string& run : report.source->runs) json.string(run);
    json.end_array();
    json.key("notes").begin_array();
    for (const std::string& note : report.source->notes) json.string(note);
    json.end_array();
    json.end_object();
  }
  json.key("pairs").begin_array();
  for (size_t k = 0; k < ranking.pairs.size(); ++k) {
    const SimilarPair& pair = ranking.pairs[k];
    json.begin_object();
    json.key("a").string(pair.a);
    json.key("b").string(pair.b);
    json.key("score").number(pair.score);
    json.key("behaviour").number(pair.behaviour);
    json.key("failures").number(pair.failures);
    json.key("best_test").string(pair.best_test);
    if (report.source) {
      json.key("source").number(pair.source);
      const bool has_source = k < report.source_pairs.size() && report.source_pairs[k];
      json.key("source_evidence").string(has_source ? describe_source(*report.source_pairs[k]) : "");
    }
    json.key("shared_failures").begin_array();
    for (const SharedFailure& failure : pair.shared_failures) {
      json.begin_object();
      json.key("test").string(failure.signature.test);
      json.key("verdict").string(failure.signature.verdict);
      json.key("students").integer(failure.students);
      json.end_object();
    }
    json.end_array();
    json.end_object();
  }
  json.end_array();
  json.key("clusters").begin_array();
  for (const std::vector<std::string>& cluster : ranking.clusters) {
    json.begin_array();
    for (const std::string& id : cluster) json.string(id);
    json.end_array();
  }
  json.end_array();
  json.end_object();
  json.finish();
}

}  // namespace uirgrade
