package codes

import (
	"crypto/rand"
	"errors"
	"io"
	"strconv"
	"strings"
	"testing"
)

// docExample is the code the package doc shows; its check character was
// worked out by hand from the weighted sum.
const docExample = "7KQ2M-XP0AH-3VTBD-9RW4F"

// withCheck completes 19 characters with their check character.
func withCheck(t *testing.T, random string) Code {
	t.Helper()
	var c Code
	if len(random) != randomChars {
		t.Fatalf("withCheck needs %d characters, got %q", randomChars, random)
	}
	for i := range random {
		v := values[random[i]]
		if v == noValue || alphabet[v] != random[i] {
			t.Fatalf("withCheck: %q is not in the alphabet", random[i])
		}
		c.v[i] = v
	}
	c.v[Length-1] = checkValue(c.v[:randomChars])
	return c
}

func TestAlphabetIsPrimeAndUnambiguous(t *testing.T) {
	if radix != 31 {
		t.Fatalf("the alphabet has %d characters; the check proof needs the prime 31", radix)
	}
	if strings.ContainsAny(alphabet, "ILOUZ") {
		t.Fatalf("the alphabet %q holds a look-alike", alphabet)
	}
	if Length > radix-1 {
		t.Fatalf("weights 1..%d must stay below the modulus %d", Length, radix)
	}
	if Length*checkWeightInverse%radix != 1 {
		t.Fatalf("%d is not the inverse of %d mod %d", checkWeightInverse, Length, radix)
	}
}

func TestDocExampleIsWellFormed(t *testing.T) {
	c, err := Parse(docExample)
	if err != nil || c.String() != docExample {
		t.Fatalf("Parse(%q) = %v, %v", docExample, c, err)
	}
}

// The 200,000 codes of a large run are all distinct, and every position's
// characters, the check included, are spread evenly over the alphabet.
func TestNewIsUniqueAndSpread(t *testing.T) {
	const n = 200_000
	seen := make(map[Code]bool, n)
	var counts [Length][radix]int
	for range n {
		c, err := New()
		if err != nil {
			t.Fatal(err)
		}
		if seen[c] {
			t.Fatalf("code %s came twice", c)
		}
		seen[c] = true
		if _, err := Parse(c.String()); err != nil {
			t.Fatalf("a new code does not parse: %v", err)
		}
		for i, v := range c.v {
			counts[i][v]++
		}
	}
	var all [radix]int
	for i := range counts {
		if x := chiSquare(counts[i][:]); x > chiSquareLimit {
			t.Errorf("position %d: chi-square %.1f over %d degrees of freedom: the characters are not uniform", i+1, x, radix-1)
		}
		for v, k := range counts[i] {
			all[v] += k
		}
	}
	if x := chiSquare(all[:]); x > chiSquareLimit {
		t.Errorf("all positions: chi-square %.1f: the characters are not uniform", x)
	}
}

// chiSquareLimit is the chi-square value over 30 degrees of freedom that a
// uniform source exceeds with probability 2·10⁻⁹, so the test above fails
// by chance about once in 20 million runs.
const chiSquareLimit = 100

func chiSquare(counts []int) float64 {
	total := 0
	for _, k := range counts {
		total += k
	}
	want := float64(total) / float64(len(counts))
	x := 0.0
	for _, k := range counts {
		d := float64(k) - want
		x += d * d / want
	}
	return x
}

// modThirtyTwo reads random bytes as values 0 to 31, as a base32 source
// would: newFrom then folds 31 onto 0, which doubles the zeros.
type modThirtyTwo struct{}

func (modThirtyTwo) Read(p []byte) (int, error) {
	n, err := io.ReadFull(rand.Reader, p)
	for i := range p[:n] {
		p[i] %= 32
	}
	return n, err
}

// The spread test can fail: the statistic flags a source that favours one
// character.
func TestChiSquareFlagsABiasedSource(t *testing.T) {
	var counts [radix]int
	for range 200_000 {
		c, err := newFrom(modThirtyTwo{})
		if err != nil {
			t.Fatal(err)
		}
		counts[c.v[0]]++
	}
	if x := chiSquare(counts[:]); x <= chiSquareLimit {
		t.Fatalf("chi-square %.1f does not flag a source with zero twice as likely", x)
	}
}

func TestNewReportsAFailingSource(t *testing.T) {
	_, err := newFrom(strings.NewReader("short"))
	if err == nil || !strings.Contains(err.Error(), "reading random bytes") {
		t.Fatalf("err = %v", err)
	}
}

// sampleCodes draws n codes for the exhaustive checks.
func sampleCodes(t *testing.T, n int) []Code {
	t.Helper()
	out := make([]Code, n)
	for i := range out {
		c, err := New()
		if err != nil {
			t.Fatal(err)
		}
		out[i] = c
	}
	return out
}

func wantCheckError(t *testing.T, s, what string) {
	t.Helper()
	_, err := Parse(s)
	if !errors.Is(err, ErrCheck) {
		t.Fatalf("%s: Parse(%q) = %v, want the check character error", what, s, err)
	}
}

// Every single-character substitution, at every position of 300 codes
// (the check character's included) and to every other character, is
// refused.
func TestCheckCatchesEverySubstitution(t *testing.T) {
	for _, c := range sampleCodes(t, 300) {
		good := []byte(c.Compact())
		for i := range good {
			for j := range radix {
				if alphabet[j] == good[i] {
					continue
				}
				bad := []byte(c.Compact())
				bad[i] = alphabet[j]
				wantCheckError(t, string(bad), "substitution")
			}
		}
	}
}

// Every swap of two different characters is refused: the adjacent ones the
// check is built for, and any other pair as well.
func TestCheckCatchesEverySwap(t *testing.T) {
	adjacent := 0
	for _, c := range sampleCodes(t, 300) {
		good := c.Compact()
		for i := range good {
			for j := i + 1; j < len(good); j++ {
				if good[i] == good[j] {
					continue
				}
				bad := []byte(good)
				bad[i], bad[j] = bad[j], bad[i]
				wantCheckError(t, string(bad), "swap")
				if j == i+1 {
					adjacent++
				}
			}
		}
	}
	if adjacent < 300*(Length-1)*9/10 {
		t.Fatalf("only %d adjacent swaps tried", adjacent)
	}
}

func TestParseForgives(t *testing.T) {
	// A code with 0, 1, V and 2 in it, which the look-alikes stand for.
	c := withCheck(t, "01V2ABCDEFGHJKMNPQR")
	written := c.String()
	if written[:4] != "01V2" {
		t.Fatalf("written %q", written)
	}
	forms := map[string]string{
		"grouped":          written,
		"lower case":       strings.ToLower(written),
		"no hyphens":       c.Compact(),
		"spaces":           strings.ReplaceAll(written, "-", " "),
		"anywhere":         " " + strings.Join(strings.Split(c.Compact(), ""), " - ") + "\t\n",
		"en dashes":        strings.ReplaceAll(written, "-", "–"),
		"zero-width space": strings.ReplaceAll(written, "-", "\u200b"),
		"O for 0":          "O" + written[1:],
		"I for 1":          written[:1] + "I" + written[2:],
		"lower l for 1":    written[:1] + "l" + written[2:],
		"U for V":          written[:2] + "U" + written[3:],
		"Z for 2":          written[:3] + "z" + written[4:],
		"all look-alikes":  "oluZ" + strings.ToLower(written[4:]),
		"hyphens doubled":  strings.ReplaceAll(written, "-", "--"),
		"uneven groups":    c.Compact()[:3] + "-" + c.Compact()[3:11] + " " + c.Compact()[11:],
		"surrounding tabs": "\t" + written + "\t",
	}
	for name, s := range forms {
		got, err := Parse(s)
		if err != nil || got != c {
			t.Errorf("%s: Parse(%q) = %v, %v; want %v", name, s, got, err, c)
		}
	}
}

func TestParseRefuses(t *testing.T) {
	good := withCheck(t, "0123456789ABCDEFGHJ").String()
	flipped := good[:21] + string(good[22]) + string(good[21]) // last two swapped
	tests := []struct {
		name, in string
		err      error
		says     string
	}{
		{"empty", "", ErrEmpty, "the code is empty"},
		{"only separators", " - -\t", ErrEmpty, "codes look like XXXXX-XXXXX-XXXXX-XXXXX"},
		{"one short", good[:len(good)-1], ErrLength, "it has 19 letters and digits where a code has 20: 1 missing"},
		{"five short", good[:17], ErrLength, "15 letters and digits where a code has 20: 5 missing"},
		{"one too many", good + "7", ErrLength, "21 letters and digits where a code has 20: 1 too many"},
		{"a symbol", good[:5] + "#" + good[6:], ErrCharacter, `character 6, '#', is neither a digit nor a letter A-Z`},
		{"an umlaut", "Ä" + good[1:], ErrCharacter, `character 1, 'Ä'`},
		{"a mistyped character", good[:2] + "X" + good[3:], ErrCheck, "the check character does not match: a character was mistyped or two were swapped"},
		{"a swap", flipped, ErrCheck, "mistyped or two were swapped"},
	}
	for _, tt := range tests {
		_, err := Parse(tt.in)
		if !errors.Is(err, tt.err) || !strings.Contains(err.Error(), tt.says) || !strings.Contains(err.Error(), strconv.Quote(tt.in)) {
			t.Errorf("%s: Parse(%q) = %v; want %v saying %q and quoting the input", tt.name, tt.in, err, tt.err, tt.says)
		}
	}
}

func TestStringAndCompact(t *testing.T) {
	c := withCheck(t, "0123456789ABCDEFGHJ")
	if got := c.String(); got != "01234-56789-ABCDE-FGHJ"+string(c.Compact()[19]) {
		t.Fatalf("String() = %q", got)
	}
	if got := c.Compact(); len(got) != Length || strings.Contains(got, "-") {
		t.Fatalf("Compact() = %q", got)
	}
	if zero, err := Parse("00000 00000 00000 00000"); err != nil || zero != (Code{}) {
		t.Fatalf("the zero Code: %v, %v", zero, err)
	}
}

// Whatever Parse accepts reads back as itself once written, and anything it
// refuses is refused with one of its errors.
func FuzzParse(f *testing.F) {
	for _, s := range []string{docExample, "oluz-", "", "7KQ2M XP0AH 3VTBD 9RW4", "Ä\u200b-–"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		c, err := Parse(s)
		if err != nil {
			var pe *ParseError
			if !errors.As(err, &pe) || !(errors.Is(err, ErrEmpty) || errors.Is(err, ErrCharacter) || errors.Is(err, ErrLength) || errors.Is(err, ErrCheck)) {
				t.Fatalf("Parse(%q): an error of no known kind: %v", s, err)
			}
			return
		}
		if back, err := Parse(c.String()); err != nil || back != c {
			t.Fatalf("Parse(%q) = %v, which reads back as %v, %v", s, c, back, err)
		}
	})
}
