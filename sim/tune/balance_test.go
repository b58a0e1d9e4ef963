package tune

import (
	"context"
	"strings"
	"testing"

	"kartenwerk/engine"
	_ "kartenwerk/games/athernum"
	"kartenwerk/sim"
)

func TestParseParamAndTarget(t *testing.T) {
	p, err := ParseParam("Ember Warlord.cost=2..4")
	if err != nil || p.Card != "Ember Warlord" || p.Field != "cost" || len(p.Values) != 3 || p.Values[2] != 4 {
		t.Errorf("card param: %+v, %v", p, err)
	}
	v, err := ParseParam("variant:turn-limit=20,40")
	if err != nil || v.Variant != "turn-limit" || len(v.Values) != 2 {
		t.Errorf("variant param: %+v, %v", v, err)
	}
	for _, bad := range []string{"cost=2..4", "Ember Warlord.cost", "X.cost=5..2", "X.cost=1,,2"} {
		if _, err := ParseParam(bad); err == nil {
			t.Errorf("%q was accepted", bad)
		}
	}
	if tg, err := ParseTarget("first=50"); err != nil || tg.Value != 0.5 {
		t.Errorf("target: %+v, %v", tg, err)
	}
	for _, bad := range []string{"first", "first=150", "length=20", "nonsense=50"} {
		if _, err := ParseTarget(bad); err == nil {
			t.Errorf("target %q was accepted", bad)
		}
	}
}

func TestApplySetsCardsAndVariants(t *testing.T) {
	g, _ := engine.Lookup("athernum")
	params := []Param{
		{Card: "Ember Tyrant", Field: "cost", Values: []any{3, 7}},
		{Card: "Ember Tyrant", Field: "vp", Values: []any{2, 8}},
		{Card: "Root Keeper", Field: "cost", Values: []any{2, 9}},
		{Variant: "turn-limit", Values: []any{30, 60}},
	}
	cfg, set, err := Apply(g, sim.Config{Variant: map[string]string{"x": "y"}}, params, []int{1, 0, 1, 0})
	if err != nil {
		t.Fatal(err)
	}
	if set["Ember Tyrant.cost"] != 7 || set["variant:turn-limit"] != 30 || cfg.Variant["turn-limit"] != "30" || cfg.Variant["x"] != "y" {
		t.Errorf("setting %v, variant %v", set, cfg.Variant)
	}
	found := 0
	for _, c := range cfg.Game.Cards() {
		switch {
		case c.Name == "Ember Tyrant" && c.Cost == "7" && hasStat(c, "vp", 2):
			found++
		case c.Name == "Root Keeper" && c.Cost == "9":
			found++
		}
	}
	if found != 2 {
		t.Error("the edited cards are not in the setting's game")
	}
}

func hasStat(c engine.CardInfo, name string, v int) bool {
	for _, s := range c.Stats {
		if s.Name == name && s.Value == v {
			return true
		}
	}
	return false
}

func TestRunTunesAndConfirmsOnFreshGames(t *testing.T) {
	g, _ := engine.Lookup("athernum")
	params := []Param{{Card: "Ember Tyrant", Field: "cost", Values: []any{3, 5, 7}}}
	target, _ := ParseTarget("first=50")
	steps := 0
	b, err := Run(context.Background(), g, sim.Config{Games: 10, Seed: 4, Agents: []string{"random"}}, params, target, 0.02, 30,
		Options{Budget: 4, Seed: 1}, func(int, Setting, float64) { steps++ })
	if err != nil {
		t.Fatal(err)
	}
	if steps != 4 || b.Evaluations != 4 || b.ConfirmGames != 30 || b.Best["Ember Tyrant.cost"] == nil {
		t.Errorf("outcome %+v after %d steps", b, steps)
	}
	var text strings.Builder
	b.WriteText(&text)
	if !strings.Contains(text.String(), "measured again on 30 fresh games") {
		t.Errorf("text: %s", text.String())
	}
}
