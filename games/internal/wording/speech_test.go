package wording

import (
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

func TestSeries(t *testing.T) {
	if got := Series(i18n.DE, []string{"a", "b", "c"}); got != "a, b, c" {
		t.Errorf("Series = %q", got)
	}
}

func TestResult(t *testing.T) {
	w := engine.Words{Lang: i18n.DE, Names: []string{"Anna", "Ben"}}
	if got := Result(i18n.Shared, w, []engine.Seat{1}); got != "Ben gewinnt." {
		t.Errorf("one winner: %q", got)
	}
	if got := Result(i18n.Shared, w, []engine.Seat{0, 1}); got != "Das Spiel endet unentschieden." {
		t.Errorf("two winners: %q", got)
	}
}
