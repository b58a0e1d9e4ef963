package sim

import (
	"encoding/json"
	"maps"
	"slices"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	_ "kartenwerk/games/microlife"
	_ "kartenwerk/games/zynalith"
)

// Every field a game's card file can set, and so an erratum change, has a
// name in every language: an erratum of abilities or keywords is not
// printed with the YAML key.
func TestEveryCardFieldHasAName(t *testing.T) {
	for _, id := range []string{"athernum", "mysticelements", "mystimons", "microlife", "zynalith"} {
		g, err := engine.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		var schema struct {
			Properties struct {
				Cards struct {
					Items struct {
						Properties map[string]any `json:"properties"`
					} `json:"items"`
				} `json:"cards"`
			} `json:"properties"`
		}
		if err := json.Unmarshal(g.(engine.SchemaProvider).CardSchema(), &schema); err != nil {
			t.Fatal(err)
		}
		fields := slices.Sorted(maps.Keys(schema.Properties.Cards.Items.Properties))
		if len(fields) < 5 {
			t.Fatalf("%s: the schema lists only %v", id, fields)
		}
		for _, f := range fields {
			if f == "versions" {
				continue // the errata themselves, not a field they change
			}
			for _, l := range []i18n.Lang{i18n.DE, i18n.CS} {
				if got := FieldIn(l, id, f); got == f {
					t.Errorf("%s: field %q has no %s name", id, f, l)
				}
			}
		}
	}
}
