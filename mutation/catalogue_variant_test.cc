// The catalogue as OracleVariants (catalogue_variant.h): no bug is the reference itself, and a set of
// bugs is one variant for the whole process, so programs compiled with it may be kept and copied.
// What each bug does to a program is tested in catalogue_test.cc (each mutant against the oracle on
// its own program) and catalogue_case_test.cc.
#include "mutation/catalogue_variant.h"

#include <gtest/gtest.h>

#include "oracle/oracle.h"

namespace uirgrade {
namespace {

TEST(CatalogueVariant, NoBugIsTheReferenceItself) {
  EXPECT_EQ(&mutant_variant(Mutants()), &uir::OracleVariant::reference());
}

TEST(CatalogueVariant, TheSameBugsAreOneVariantForTheProcessAndOtherBugsAnother) {
  const Mutants loads = Mutants::of(Mutant::LoadsNeverMove);
  const uir::OracleVariant& first = mutant_variant(loads);
  EXPECT_EQ(&first, &mutant_variant(Mutants::of(Mutant::LoadsNeverMove)));
  EXPECT_NE(&first, &uir::OracleVariant::reference());
  EXPECT_NE(&first, &mutant_variant(Mutants::of(Mutant::SubsetScope)));
  EXPECT_NE(&first, &mutant_variant(loads.with(Mutant::SubsetScope)));
}

TEST(CatalogueVariant, AProgramCompiledWithABugKeepsItsVariant) {
  const std::string text = "%s = add 40 2\n%c = cmpeq %s 42\nassert %c\n";
  uir::Compiled compiled = uir::compile("t.uir", text, mutant_variant(Mutants::of(Mutant::LoadsNeverMove)));
  ASSERT_FALSE(compiled.error) << compiled.error->message;
  EXPECT_EQ(compiled.variant, &mutant_variant(Mutants::of(Mutant::LoadsNeverMove)));
}

}  // namespace
}  // namespace uirgrade
