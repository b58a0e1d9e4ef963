package mystimons

import "testing"

// MM-5.2 thresholds 3/5/7/10 and MM-9.3's Evolution Stone.
func TestCompanionThresholdMM52(t *testing.T) {
	for _, c := range []struct{ stage, evo, want int }{
		{2, 0, 3}, {3, 0, 5}, {4, 0, 7}, {5, 0, 10}, {2, -1, 2}, {5, -1, 9}, {1, 0, 0}, {6, 0, 0},
	} {
		if got := Threshold(c.stage, c.evo); got != c.want {
			t.Errorf("Threshold(%d, %d) = %d, want %d", c.stage, c.evo, got, c.want)
		}
	}
}

// MM-5.8 step 4 and MM-10.16: max(1, ATK-DEF) x chart, at least 1.
func TestCompanionDamageMM58(t *testing.T) {
	g := New()
	for _, c := range []struct {
		atk, def int
		a, d     string
		want     int
	}{
		{12, 4, "fire", "fire", 8}, {12, 4, "water", "fire", 16}, {12, 4, "fire", "water", 4},
		{3, 9, "fire", "fire", 1}, {3, 9, "fire", "water", 1}, {10, 0, "ice", "fire", 10},
	} {
		if got := g.Damage(c.atk, c.def, c.a, c.d); got != c.want {
			t.Errorf("Damage(%d, %d, %s, %s) = %d, want %d", c.atk, c.def, c.a, c.d, got, c.want)
		}
	}
}

// The companion's card list carries the evolution line, the drain of
// ★★★★ and ★★★★★ forms (MM-6.4) and the Evolution Stone (MM-9.3).
func TestCompanionCards(t *testing.T) {
	g := New()
	by := map[string]MonCard{}
	for _, m := range g.MonCards() {
		by[m.Name] = m
	}
	if f := by["Flaru"]; f.From != "Embrix" || f.Stage != 2 || f.HP != 60 || f.Element != "fire" {
		t.Errorf("Flaru: %+v", f)
	}
	if p := by["Pyrathor"]; p.Grade != 4 || p.Drain != 5 || p.Warning == "" {
		t.Errorf("Pyrathor (★★★★): %+v", p)
	}
	if c := by["Flamrion"]; c.Drain != 10 || c.Stage != 5 {
		t.Errorf("Flamrion (★★★★★): %+v", c)
	}
	stone := false
	for _, r := range g.RelicCards() {
		if r.Name == "Evolution Stone" {
			stone = r.Evo == -1 && r.Attach
		}
	}
	if !stone {
		t.Error("no attachable Evolution Stone with evo -1 among the relics")
	}
}
