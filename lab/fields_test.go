package lab

import (
	"net/http"
	"strings"
	"testing"

	"kartenwerk/engine"
)

// Every game's page starts from a sweep that plays: the server offers it
// as sweep_default, and a run of it, a few games a value, finishes.
func TestEveryGamesDefaultSweepRuns(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	c.lang = "de"
	for _, g := range engine.Games() {
		id := g.Info().ID
		var setup GameSetup
		if status, eb := c.do("GET", "/api/lab/games/"+id, nil, &setup); status != http.StatusOK {
			t.Fatalf("%s: %d %s", id, status, eb.Error)
		}
		d := setup.SweepDefault
		if d == nil {
			t.Errorf("%s offers no sweep to start from", id)
			continue
		}
		t.Logf("%s starts from %+v", id, *d)
		s := Spec{Game: id, Games: 2, Agents: []string{"random"}, Seed: 3,
			Sweep: &SweepSpec{Card: d.Card, Field: d.Field, From: d.From, To: d.To}}
		games := 2 * (d.To - d.From + 1)
		run, status, eb := c.submit(s)
		if status != http.StatusAccepted || run.Planned != games {
			t.Errorf("%s: the default sweep %+v was refused: %d %s", id, *d, status, eb.Error)
			continue
		}
		if done := c.wait(run.ID); done.Status != Done || done.Played != games {
			t.Errorf("%s: the default sweep %+v ended %s after %d games (%s)", id, *d, done.Status, done.Played, done.Error)
		}
	}
}

// Every field offered is bounded as the game's card schema bounds it, so
// that the page's sliders offer only values the card may take.
func TestSweepFieldsCarryTheSchemasBounds(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	var setup GameSetup
	c.do("GET", "/api/lab/games/mystimons", nil, &setup)
	for _, card := range setup.Sweepable {
		if card.Name != "Terrix" {
			continue
		}
		for _, f := range card.Fields {
			if f.Field == "stage" && (f.Min == nil || f.Max == nil || *f.Min != 1 || *f.Max != 5) {
				t.Errorf("Terrix's stage is bounded %v..%v, want 1..5", f.Min, f.Max)
			}
		}
		return
	}
	t.Fatal("Terrix is not offered")
}

// A sweep to a value the card may not take is refused in the page's
// language, naming the card, the field and the value; so is a value the
// schema allows but the game's other cards do not.
func TestASweepToAValueTheCardCannotTakeIsRefusedInThePagesWords(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	for _, tc := range []struct {
		lang     string
		from, to int
		key      string
		want     []string
	}{
		{"de", 0, 3, "lab.err_field_range", []string{"Terrix", "Stufe", "0", "1 bis 5"}},
		{"en", 0, 3, "lab.err_field_range", []string{"Terrix", "Stage", "0", "1 to 5"}},
		{"cs", 0, 3, "lab.err_field_range", []string{"Terrix", "0", "1 až 5"}},
		{"de", 1, 3, "lab.err_setting", []string{"Terrix mit Stufe 2", "lässt sich nicht spielen"}},
	} {
		c.lang = tc.lang
		s := Spec{Game: "mystimons", Games: 2, Agents: []string{"random"}, Sweep: &SweepSpec{Card: "Terrix", Field: "stage", From: tc.from, To: tc.to}}
		_, status, eb := c.submit(s)
		if status != http.StatusBadRequest || eb.Key != tc.key {
			t.Errorf("%s %d..%d: %d %s (%s), want %s", tc.lang, tc.from, tc.to, status, eb.Key, eb.Error, tc.key)
			continue
		}
		t.Logf("%s: %s %+v", tc.lang, eb.Error, eb.Problems)
		if tc.key == "lab.err_setting" && (len(eb.Problems) == 0 || eb.Problems[0].Line != 0) {
			t.Errorf("%s: the game's reasons %+v, want them listed without lines of its own files", tc.lang, eb.Problems)
		}
		for _, w := range tc.want {
			if !strings.Contains(eb.Error, w) {
				t.Errorf("%s: %q lacks %q", tc.lang, eb.Error, w)
			}
		}
		if tc.lang != "en" && strings.Contains(eb.Error, "setting ") {
			t.Errorf("%s: %q is the engine's English", tc.lang, eb.Error)
		}
	}
}
