package i18n

import (
	"strconv"
	"strings"
)

// Decimal writes x with digits places as language l writes numbers: a
// decimal point in English, a comma in German and Czech (56,7), as the
// web pages' decimal() does through Intl.NumberFormat.
func Decimal(l Lang, x float64, digits int) string {
	s := strconv.FormatFloat(x, 'f', digits, 64)
	if s == "-0" || strings.HasPrefix(s, "-0.") && strings.Trim(s[3:], "0") == "" {
		s = s[1:] // a rounded -0.0 reads as 0.0
	}
	if l == EN {
		return s
	}
	return strings.Replace(s, ".", ",", 1)
}

// Signed is Decimal with its sign always written (+0.125, −0,031), for
// differences.
func Signed(l Lang, x float64, digits int) string {
	s := Decimal(l, x, digits)
	if !strings.HasPrefix(s, "-") {
		return "+" + s
	}
	return Minus(l, s)
}

// Minus writes the leading minus of a number written in ASCII ("-3,5")
// as language l typesets it: German and Czech set the minus sign
// (U+2212), English keeps the hyphen-minus.
func Minus(l Lang, s string) string {
	if l == EN || !strings.HasPrefix(s, "-") {
		return s
	}
	return "−" + s[1:]
}

// Percent writes a share (0.567) as a percentage with digits places:
// "56.7%" in English, "56,7 %" in German and Czech, whose percent sign
// stands apart (by a no-break space, so that a line never breaks there).
func Percent(l Lang, share float64, digits int) string {
	n := Decimal(l, 100*share, digits)
	if l == EN {
		return n + "%"
	}
	return n + "\u00a0%"
}

// SignedPercent writes a difference of shares (0.139) in percentage
// points with its sign: "+13.9%" in English, "+13,9 %" in German and
// Czech, as Percent writes a share.
func SignedPercent(l Lang, diff float64, digits int) string {
	n := Signed(l, 100*diff, digits)
	if l == EN {
		return n + "%"
	}
	return n + "\u00a0%"
}

// PercentRange writes an interval of shares as its bounds in percent
// with digits places, joined by an en dash: "55.7–57.7".
func PercentRange(l Lang, low, high float64, digits int) string {
	return Decimal(l, 100*low, digits) + "–" + Decimal(l, 100*high, digits)
}

// Bounds writes an interval of written numbers in brackets: "[-0.04,
// +0.13]" in English, "[−0,04; +0,13]" in German and Czech, where a comma
// inside the numbers would make a comma between them ambiguous.
func Bounds(l Lang, low, high string) string {
	if l == EN {
		return "[" + low + ", " + high + "]"
	}
	return "[" + low + "; " + high + "]"
}

// Int writes a whole number with language l's digit grouping, as the web
// pages' toLocaleString() does: 20,000 in English, 20.000 in German and
// 20 000 in Czech (a no-break space, so that a line never breaks inside
// a number).
func Int(l Lang, n int) string {
	digits := strconv.Itoa(n)
	var b strings.Builder
	if n < 0 {
		b.WriteByte('-')
		digits = digits[1:]
	}
	for i := range len(digits) {
		if i > 0 && (len(digits)-i)%3 == 0 {
			b.WriteString(groupSeparator(l))
		}
		b.WriteByte(digits[i])
	}
	return Minus(l, b.String())
}

// groupSeparator parts the groups of three digits in language l.
func groupSeparator(l Lang) string {
	switch l {
	case DE:
		return "."
	case CS:
		return "\u00a0"
	}
	return ","
}

// Grouped is a count that a message writes as Int does, in the message's
// language, and that still chooses the message's plural form: pass
// i18n.Grouped(n) where a report counts games, and n where the number is
// a name to type back, such as a seed.
type Grouped int

// written is kv with each Grouped value written out in language l; kv
// itself when it holds none.
func written(l Lang, kv []any) []any {
	return replaced(kv, func(v any) (any, bool) {
		g, ok := v.(Grouped)
		if !ok {
			return nil, false
		}
		return Int(l, int(g)), true
	})
}

// Counts is kv with each int made Grouped: for a message whose whole
// numbers are all counts, as a simulation report's are. Seeds, names to
// type back, are uint64 and stay as they are.
func Counts(kv []any) []any {
	return replaced(kv, func(v any) (any, bool) {
		n, ok := v.(int)
		if !ok {
			return nil, false
		}
		return Grouped(n), true
	})
}
