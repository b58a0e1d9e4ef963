// Package codes makes and reads the registration codes printed on physical
// cards. Athernum's rulebook puts a unique QR code under a scratch-off layer
// on every card; registered once in the companion app, it adds that card to
// the owner's digital collection. A revealed code can be copied, so the
// server must catch a second registration: it keeps only a keyed hash of
// every printed code (see Pepper.Hash) and registers each hash at most once.
//
// # Format
//
// A code has 20 characters written in four groups of five:
//
//	7KQ2M-XP0AH-3VTBD-9RW4F
//
// The first 19 are drawn uniformly from crypto/rand, the last is a check
// character. The alphabet is Crockford's base32 (digits and letters without
// I, L, O and U, which read as 1, 1, 0 and V) less Z, which reads as 2:
//
//	0123456789ABCDEFGHJKMNPQRSTVWXY
//
// That leaves 31 characters, a prime number, which the check character
// needs (below). 19 random characters carry 19·log2(31) ≈ 94.1 bits.
//
// Parsing forgives what people do when they type a code from a card: lower
// case, spaces, hyphens, dashes or zero-width characters in any place, and the look-alikes the
// alphabet leaves out (O→0, I→1, L→1, U→V, Z→2). Anything else is refused
// with an error that names the character or the count that is wrong; a
// code whose check character does not match is refused as mistyped.
//
// # Check character
//
// With the characters' values v₁…v₂₀ (the check last), every code satisfies
//
//	1·v₁ + 2·v₂ + … + 20·v₂₀ ≡ 0 (mod 31)
//
// Because 31 is prime, the product of two numbers that are not multiples
// of 31 is never a multiple of 31. Changing the character at position i
// from a to b changes the sum by i·(b−a): 0 < i < 31 and 0 < |b−a| < 31, so
// the sum is no longer 0 and every single-character error is caught.
// Swapping the characters a and b at positions i < j changes it by
// (j−i)·(a−b), again a product of two factors below 31: every swap is
// caught, of neighbours or not. Both hold only because the alphabet's size
// is the prime modulus: over 32 characters a weighted sum mod 32 misses a
// change of 16 at any even weight, and Luhn mod N misses the swap of the
// alphabet's first and last characters (as Luhn mod 10 misses 09 ↔ 90).
//
// # Storage
//
// Only Pepper.Hash(code) is ever stored: HMAC-SHA-256 keyed with a secret pepper
// that the caller supplies (and keeps out of the database). A fast hash is
// enough here. Slow password hashes exist because passwords carry perhaps
// 30 to 40 bits that an attacker who steals the table can search; a code
// carries 94 random bits. An attacker who stole both the table and the
// pepper, computing 10¹² hashes a second against ten million stored
// hashes at once, would wait about 70 years for the first hit, which
// registers one card. A deterministic hash also lets the server find a
// code by a unique index on its hash, which per-row salts would rule out. Compare hashes with
// Hash.Equal, which takes the same time wherever they differ.
//
// # QR payload
//
// A code's QR image holds a link the companion app recognises, made by
// Link: by default "kartenwerk:code/7KQ2M-XP0AH-3VTBD-9RW4F", or, with a
// base URL such as https://cards.example, the web address
// "https://cards.example/register?code=7KQ2M-XP0AH-3VTBD-9RW4F" that a
// phone without the app opens in its browser. FromPayload reads either.
// Symbols use error correction level Q (25 % of the symbol may be lost),
// because scratch-off residue can cover part of it.
//
// # Print runs
//
// NewRun makes N distinct codes for one printing of one card; Run.WriteDir
// writes codes.csv and qr/*.png and qr/*.svg for the printer, and
// hashes.csv (hash, game, card, printing), which the server imports with
// ReadHashes.
package codes
