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
