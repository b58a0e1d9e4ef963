package i18n_test

import (
	"testing"

	"kartenwerk/engine/i18n"
)

func TestNumbersAreWrittenAsTheReaderWritesThem(t *testing.T) {
	for _, c := range []struct {
		name string
		got  string
		want string
	}{
		{"en decimal", i18n.Decimal(i18n.EN, 3.14159, 2), "3.14"},
		{"de decimal", i18n.Decimal(i18n.DE, 3.14159, 2), "3,14"},
		{"cs decimal", i18n.Decimal(i18n.CS, 12.5, 1), "12,5"},
		{"whole number", i18n.Decimal(i18n.DE, 12, 0), "12"},
		{"negative zero", i18n.Decimal(i18n.DE, -0.0001, 1), "0,0"},
		{"en percent", i18n.Percent(i18n.EN, 0.567, 1), "56.7%"},
		{"de percent", i18n.Percent(i18n.DE, 0.567, 1), "56,7\u00a0%"},
		{"cs percent", i18n.Percent(i18n.CS, 0.5, 1), "50,0\u00a0%"},
		{"en signed", i18n.Signed(i18n.EN, -0.031, 3), "-0.031"},
		{"de signed", i18n.Signed(i18n.DE, -0.031, 3), "−0,031"},
		{"cs signed positive", i18n.Signed(i18n.CS, 0.125, 3), "+0,125"},
		{"de range", i18n.PercentRange(i18n.DE, 0.557, 0.577, 1), "55,7–57,7"},
		{"en range", i18n.PercentRange(i18n.EN, 0.557, 0.577, 1), "55.7–57.7"},
		{"en bounds", i18n.Bounds(i18n.EN, "-0.04", "+0.13"), "[-0.04, +0.13]"},
		{"de bounds", i18n.Bounds(i18n.DE, "−0,04", "+0,13"), "[−0,04; +0,13]"},
		{"cs bounds", i18n.Bounds(i18n.CS, "1,5", "2"), "[1,5; 2]"},
	} {
		if c.got != c.want {
			t.Errorf("%s: got %q, want %q", c.name, c.got, c.want)
		}
	}
}

func TestIntGroupsDigitsByLanguage(t *testing.T) {
	for _, tc := range []struct {
		lang i18n.Lang
		n    int
		want string
	}{
		{i18n.EN, 0, "0"}, {i18n.EN, 999, "999"}, {i18n.EN, 1000, "1,000"}, {i18n.EN, 123456, "123,456"}, {i18n.EN, -1234567, "-1,234,567"},
		{i18n.DE, 4000, "4.000"}, {i18n.DE, -20000, "−20.000"},
		{i18n.CS, 4000, "4\u00a0000"}, {i18n.CS, 100000, "100\u00a0000"},
	} {
		if got := i18n.Int(tc.lang, tc.n); got != tc.want {
			t.Errorf("Int(%s, %d) = %q, want %q", tc.lang, tc.n, got, tc.want)
		}
	}
}
