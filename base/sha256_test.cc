// The one SHA-256 against FIPS 180-4's published examples (an independent source of the expected
// digests), a message longer than one 64-byte block, and the digest made piece by piece.
#include "base/sha256.h"

#include <string>

#include <gtest/gtest.h>

namespace uirgrade {
namespace {

TEST(Sha256, MatchesThePublishedExamples) {
  EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  EXPECT_EQ(sha256_hex("abc"), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
            "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
}

TEST(Sha256, ANulByteIsPartOfTheKey) {
  // The cache key joins C text, flags and compiler with NULs: they must not be dropped.
  EXPECT_NE(sha256_hex(std::string("a\0b", 3)), sha256_hex("ab"));
}

TEST(Sha256, PieceByPieceIsTheDigestOfTheWhole) {
  Sha256 pieces;
  pieces.raw("ab");
  pieces.raw("c");
  EXPECT_EQ(pieces.hex(), sha256_hex("abc"));
  Sha256 fields;
  fields.field("abc");
  EXPECT_EQ(fields.hex(), sha256_hex("3:abc"));
}

TEST(Sha256, FieldsKeepTheirBoundaries) {
  Sha256 ab_c, a_bc;
  ab_c.field("ab");
  ab_c.field("c");
  a_bc.field("a");
  a_bc.field("bc");
  EXPECT_NE(ab_c.hex(), a_bc.hex());
}

}  // namespace
}  // namespace uirgrade
