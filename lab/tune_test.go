package lab

import (
	"fmt"
	"strings"
	"testing"
)

// A tuning run plays its evaluations and then measures the best setting
// again on fresh games, and keeps that setting with the run.
func TestTuningRunFindsASettingAndMeasuresItAgain(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	s := quick(20)
	s.Tune = &TuneSpec{Params: []TuneParam{{Card: "Fireball", Field: "cost", From: 1, To: 5}, {Card: "Wolf Pack", Field: "power", From: 1, To: 3}},
		Target: 50, Budget: 3, Confirm: 100}
	done := c.play(s, 160)
	b := done.Tune
	if b == nil {
		t.Fatal("the run ended without its best setting")
	}
	cost, ok := b.Best["Fireball.cost"].(float64) // as JSON brings it back
	if !ok || cost < 1 || cost > 5 || b.Evaluations != 3 || b.ConfirmGames != 100 || b.Tolerance != 0.02 {
		t.Errorf("best %v after %d evaluations, confirmed on %d games within %v", b.Best, b.Evaluations, b.ConfirmGames, b.Tolerance)
	}
	if status, eb := c.do("GET", "/api/lab/compare?a="+done.ID+"&b="+done.ID, nil, nil); status != 400 || eb.Key != "lab.err_compare_tune" {
		t.Errorf("comparing tuning runs: %d %s", status, eb.Key)
	}
}

func TestTuningRunsAreCheckedBeforeTheyQueue(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	cost := TuneParam{Card: "Fireball", Field: "cost", From: 1, To: 5}
	for _, bad := range []struct {
		name  string
		tune  TuneSpec
		games int
		key   string
	}{
		{"no parameter", TuneSpec{Target: 50, Budget: 3, Confirm: 100}, 10, "lab.err_tune_params"},
		{"five parameters", TuneSpec{Params: []TuneParam{cost, cost, cost, cost, cost}, Target: 50, Budget: 3, Confirm: 100}, 10, "lab.err_tune_params"},
		{"one value", TuneSpec{Params: []TuneParam{{Card: "Fireball", Field: "cost", From: 3, To: 3}}, Target: 50, Budget: 3, Confirm: 100}, 10, "lab.err_tune_values"},
		{"a huge range", TuneSpec{Params: []TuneParam{{Card: "Fireball", Field: "cost", From: 0, To: 1 << 40}}, Target: 50, Budget: 3, Confirm: 100}, 10, "lab.err_tune_values"},
		{"one field twice", TuneSpec{Params: []TuneParam{cost, {Card: "fireball", Field: "cost", From: 2, To: 4}}, Target: 50, Budget: 3, Confirm: 100}, 10, "lab.err_tune_twice"},
		{"no evaluation", TuneSpec{Params: []TuneParam{cost}, Target: 50, Confirm: 100}, 10, "lab.err_tune_budget"},
		{"too many evaluations", TuneSpec{Params: []TuneParam{cost}, Target: 50, Budget: 201, Confirm: 100}, 10, "lab.err_tune_budget"},
		{"a tiny check", TuneSpec{Params: []TuneParam{cost}, Target: 50, Budget: 3, Confirm: 10}, 10, "lab.err_tune_confirm"},
		{"too many games", TuneSpec{Params: []TuneParam{cost}, Target: 50, Budget: 200, Confirm: 100}, 1000, "lab.err_tune_games"},
		{"a target over 100", TuneSpec{Params: []TuneParam{cost}, Target: 120, Budget: 3, Confirm: 100}, 10, "lab.err_tune_target"},
		{"no tolerance left", TuneSpec{Params: []TuneParam{cost}, Target: 50, Tolerance: -1, Budget: 3, Confirm: 100}, 10, "lab.err_tune_target"},
		{"the game length", TuneSpec{Params: []TuneParam{cost}, Figure: "length", Target: 50, Budget: 3, Confirm: 100}, 10, "lab.err_sweep_figure"},
		{"a deck no seat plays", TuneSpec{Params: []TuneParam{cost}, Figure: "deck:Deepwood", Target: 50, Budget: 3, Confirm: 100}, 10, "lab.err_sweep_deck"},
		{"a field the card file refuses", TuneSpec{Params: []TuneParam{{Card: "Fireball", Field: "colour", From: 1, To: 2}}, Target: 50, Budget: 3, Confirm: 100}, 10, "lab.err_setting"},
		{"an unknown card", TuneSpec{Params: []TuneParam{{Card: "Nonesuch", Field: "cost", From: 1, To: 2}}, Target: 50, Budget: 3, Confirm: 100}, 10, "lab.err_input"},
	} {
		s := quick(bad.games)
		s.Tune = &bad.tune
		if _, status, eb := c.submit(s); status != 400 || eb.Key != bad.key {
			t.Errorf("%s: %d %s (%s), want %s", bad.name, status, eb.Key, eb.Error, bad.key)
		}
	}
	s := quick(10)
	s.Tune = &TuneSpec{Params: []TuneParam{cost}, Target: 50, Budget: 3, Confirm: 100}
	s.Sweep = &SweepSpec{Card: "Fireball", Field: "cost", From: 1, To: 3}
	if _, status, eb := c.submit(s); status != 400 || eb.Key != "lab.err_tune_alone" {
		t.Errorf("a sweep and a tuning run at once: %d %s, want lab.err_tune_alone", status, eb.Key)
	}
	var list map[string][]Run
	c.do("GET", "/api/lab/runs", nil, &list)
	if len(list["runs"]) != 0 {
		t.Errorf("%d refused runs were queued", len(list["runs"]))
	}
}

// A tuning run whose cards lie in one file gives that file with the best
// setting, the run's own edits and comments kept, for the card editor; one whose cards
// lie in two files gives none, as the editor holds one file; a list of
// runs leaves the file out.
func TestTuningRunGivesTheCardFileOfItsBestSetting(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	red := c.shippedFile("mysticelements", "red.yaml")
	s := quick(10)
	s.CardFile, s.Cards = "red.yaml", strings.Replace(red, `"play: damage 3 to any"`, `"play: damage 5 to any"`, 1)
	s.Tune = &TuneSpec{Params: []TuneParam{{Card: "Fireball", Field: "cost", From: 1, To: 5}}, Target: 50, Budget: 2, Confirm: 100}
	done := c.play(s, 120)
	f := done.TunedFile
	if f == nil || f.Name != "red.yaml" {
		t.Fatalf("tuned file %+v, want red.yaml", f)
	}
	cost := fmt.Sprintf("cost: %v", done.Tune.Best["Fireball.cost"])
	fireball := f.YAML[strings.Index(f.YAML, "name: Fireball"):]
	if fireball = fireball[:strings.Index(fireball, "abilities")+40]; !strings.Contains(fireball, cost) || !strings.Contains(f.YAML, "damage 5 to any") {
		t.Errorf("the tuned file's Fireball reads %q, want %q and the run's damage 5", fireball, cost)
	}
	for _, line := range strings.Split(s.Cards, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "#") && !strings.Contains(f.YAML, line) {
			t.Errorf("the tuned file lost the designer's comment %q", line)
		}
	}
	var list map[string][]Run
	c.do("GET", "/api/lab/runs", nil, &list)
	if len(list["runs"]) != 1 || list["runs"][0].TunedFile != nil {
		t.Errorf("the list of runs carries the tuned file")
	}
	s = quick(10)
	s.Tune = &TuneSpec{Params: []TuneParam{{Card: "Fireball", Field: "cost", From: 1, To: 5}, {Card: "Wolf Pack", Field: "power", From: 1, To: 3}},
		Target: 50, Budget: 2, Confirm: 100}
	if done := c.play(s, 120); done.TunedFile != nil {
		t.Errorf("cards of two files gave the file %s", done.TunedFile.Name)
	}
}

// A tuning run may try a rule variant's options beside the cards'
// numbers, or alone; each variant is checked against the game's.
func TestTuningRunTriesRuleVariants(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	colours := TuneVariant{Key: "colours", Options: []string{"exclusive", "shared"}}
	s := quick(10)
	s.Tune = &TuneSpec{Params: []TuneParam{{Card: "Fireball", Field: "cost", From: 1, To: 5}}, Variants: []TuneVariant{colours},
		Target: 50, Budget: 3, Confirm: 100}
	done := c.play(s, 130)
	if v := done.Tune.Best["variant:colours"]; v != "exclusive" && v != "shared" {
		t.Errorf("the best setting's colours: %v", v)
	}
	s.Tune = &TuneSpec{Variants: []TuneVariant{colours}, Target: 50, Budget: 2, Confirm: 100}
	if done := c.play(s, 120); done.TunedFile != nil {
		t.Errorf("a run tuning only a variant gave the card file %s", done.TunedFile.Name)
	}
	for _, bad := range []struct {
		name     string
		variants []TuneVariant
		key      string
	}{
		{"an unknown variant", []TuneVariant{{Key: "gravity", Options: []string{"on", "off"}}}, "lab.err_tune_variant"},
		{"one variant twice", []TuneVariant{colours, colours}, "lab.err_tune_variant_twice"},
		{"one option", []TuneVariant{{Key: "colours", Options: []string{"shared"}}}, "lab.err_tune_variant_options"},
		{"an option twice", []TuneVariant{{Key: "colours", Options: []string{"shared", "shared"}}}, "lab.err_tune_variant_options"},
		{"an unknown option", []TuneVariant{{Key: "colours", Options: []string{"shared", "plaid"}}}, "lab.err_tune_variant_options"},
		{"five numbers in all", []TuneVariant{colours, {Key: "hand-redraw", Options: []string{"any-card", "wonders"}}, {Key: "antiracist", Options: []string{"on", "off"}}, {Key: "charm-targets", Options: []string{"any-unit", "as-printed"}}, {Key: "full-recycling", Options: []string{"on", "off"}}}, "lab.err_tune_params"},
	} {
		s := quick(10)
		s.Tune = &TuneSpec{Variants: bad.variants, Target: 50, Budget: 2, Confirm: 100}
		if _, status, eb := c.submit(s); status != 400 || eb.Key != bad.key {
			t.Errorf("%s: %d %s (%s), want %s", bad.name, status, eb.Key, eb.Error, bad.key)
		}
	}
}
