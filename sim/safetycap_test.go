package sim

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	_ "kartenwerk/games/athernum"
	_ "kartenwerk/games/zynalith"
)

// A report states no turn limit that the run's rules did not have: the
// simulation's own cap, which stops a stalled game, is called a safety
// cap of the simulation, not a turn limit, in the HTML report and the
// text alike. Athernum with its turn limit off and Zynalith, whose rules
// have none, are the cases a designer met.
func TestReportsCallTheSimulationsCapASafetyCapNotATurnLimit(t *testing.T) {
	rules := map[i18n.Lang][]string{ // words that read as a rule's turn limit
		i18n.EN: {"turn cap"},
		i18n.DE: {"Zuggrenze"},
		i18n.CS: {"limit tahů", "limitu tahů"},
	}
	safety := map[i18n.Lang]string{i18n.EN: "safety cap", i18n.DE: "Sicherheitsgrenze", i18n.CS: "bezpečnostní"}
	for _, c := range []struct {
		game    string
		variant map[string]string
	}{{"athernum", map[string]string{"turn-limit": "none"}}, {"zynalith", nil}} {
		g, err := engine.Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		rep, err := Run(context.Background(), Config{Game: g, Games: 2, Seed: 1, Agents: []string{"random"}, Variant: c.variant})
		if err != nil {
			t.Fatal(err)
		}
		for l, words := range rules {
			var page, text bytes.Buffer
			if err := WriteHTML(&page, Document{Title: c.game, Report: rep, Lang: l}); err != nil {
				t.Fatal(err)
			}
			rep.WriteTextIn(&text, l, nil)
			for name, out := range map[string]string{"HTML": visibleText(page.String()), "text": text.String()} {
				for _, w := range words {
					if strings.Contains(out, w) {
						t.Errorf("%s %s report in %s says %q, a turn limit its rules did not have", c.game, name, l, w)
					}
				}
				if !strings.Contains(out, safety[l]) {
					t.Errorf("%s %s report in %s does not call the simulation's cap a %q", c.game, name, l, safety[l])
				}
			}
		}
	}
}
