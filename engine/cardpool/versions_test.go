package cardpool_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
)

// tyrantVersions change Ember Tyrant from 2026-12-01 and again from
// 2027-03-01, written out of date order.
var tyrantVersions = []any{
	map[string]any{"from": "2027-03-01", "vp": 3, "errata": "VP lowered to 3."},
	map[string]any{"from": "2026-12-01", "cost": 6, "ofv": 7, "errata": "Cost raised from 5 to 6, ofv from 5 to 7.",
		"clarification": "Its Objective may be used the turn it enters."},
}

// versioned is Athernum with Ember Tyrant's shipped entry given versions.
func versioned(t *testing.T, versions any) (engine.Versioned, error) {
	t.Helper()
	g, _ := engine.Lookup("athernum")
	f, err := cardpool.EditCard(g.(engine.CardSource).CardFiles(), "Ember Tyrant", map[string]any{"versions": versions})
	if err != nil {
		t.Fatal(err)
	}
	changed, err := g.(engine.CardOverrider).WithCards(fstest.MapFS{f.Name: {Data: f.Data}})
	if err != nil {
		return nil, err
	}
	return changed.(engine.Versioned), nil
}

func TestCardsInForceOnEachDay(t *testing.T) {
	v, err := versioned(t, tyrantVersions)
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		date, cost string
		vp         int
	}{
		{"2026-11-30", "5", 4},
		{"2026-12-01", "6", 4},
		{"2027-02-28", "6", 4},
		{"2027-03-01", "6", 3},
	}
	for _, c := range cases {
		g, err := v.At(c.date)
		if err != nil {
			t.Fatal(err)
		}
		card := cardNamed(g.Cards(), "Ember Tyrant")
		if card.Cost != c.cost || !strings.Contains(statText(card), fmt.Sprintf("vp %d;", c.vp)) {
			t.Errorf("%s: %+v, want cost %s and vp %d", c.date, card, c.cost, c.vp)
		}
		if g.(engine.Versioned).CardsDate() != c.date {
			t.Errorf("At(%s) plays the texts of %s", c.date, g.(engine.Versioned).CardsDate())
		}
	}
	errata := v.Errata()
	if len(errata) != 2 || errata[0].From != "2026-12-01" || errata[0].Clarification == "" || errata[1].Changes["vp"] == nil {
		t.Errorf("errata: %+v, want both versions, oldest first", errata)
	}
	if _, err := v.At("1 December"); err == nil || !strings.Contains(err.Error(), "YYYY-MM-DD") {
		t.Errorf("a badly written day: %v", err)
	}
}

func TestBadVersionsAreProblems(t *testing.T) {
	bad := []any{map[string]any{"from": "someday", "cost": 6}}
	if _, err := versioned(t, bad); err == nil || !strings.Contains(err.Error(), "no valid from: date") {
		t.Errorf("a version without a day: %v", err)
	}
	if _, err := versioned(t, "soon"); err == nil || !strings.Contains(err.Error(), "versions must be a list") {
		t.Errorf("versions that are not a list: %v", err)
	}
}
