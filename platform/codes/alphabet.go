package codes

// alphabet is Crockford's base32 without Z: 31 characters, a prime, so the
// weighted check sum mod 31 catches every substitution and every swap.
const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXY"

// radix is the alphabet's size and the check sum's modulus.
const radix = len(alphabet)

const (
	// Length is the number of characters in a code, the check included.
	Length = 20
	// groupSize is how many characters a written group holds.
	groupSize = 5
	// randomChars is how many characters come from crypto/rand.
	randomChars = Length - 1
)

// noValue marks a byte that is neither a code character nor a look-alike.
const noValue = 0xff

// values maps an upper-case byte to its value, look-alikes included.
var values = func() [256]uint8 {
	var t [256]uint8
	for i := range t {
		t[i] = noValue
	}
	for v := range radix {
		t[alphabet[v]] = uint8(v)
	}
	// Characters the alphabet leaves out because they read as another one.
	for lookAlike, meant := range map[byte]byte{'O': '0', 'I': '1', 'L': '1', 'U': 'V', 'Z': '2'} {
		t[lookAlike] = t[meant]
	}
	return t
}()

// checkWeightInverse is the inverse of the check's weight, Length, mod radix:
// 20·14 = 280 = 9·31 + 1.
const checkWeightInverse = 14

// checkValue returns the value of the check character that makes
// Σ (i+1)·v[i] ≡ 0 (mod 31) over all Length characters.
func checkValue(random []uint8) uint8 {
	sum := weightedSum(random)
	return uint8((radix - sum) * checkWeightInverse % radix)
}

// weightedSum is Σ (i+1)·v[i] mod radix.
func weightedSum(v []uint8) int {
	sum := 0
	for i, x := range v {
		sum += (i + 1) * int(x)
	}
	return sum % radix
}
