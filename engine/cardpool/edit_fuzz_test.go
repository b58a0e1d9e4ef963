package cardpool_test

import (
	"regexp"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/cardpool"
)

var fieldName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*$`)

// FuzzEditCards edits the first card of any text, a field named in two
// cases among the edits: the edit never panics, and an edited file that
// comes back reads with the edited value.
func FuzzEditCards(f *testing.F) {
	f.Add("# c\ncards:\n  - name: Imp\n    cost: 1\n", "cost", 3)
	f.Add("cards:\n  - {name: Imp, cost: 1}  # x\n", "power", 2)
	f.Add("cards:\n  - name: \"Imp\"\n    cost: '1'\n", "cost", -4)
	f.Fuzz(func(t *testing.T, text, field string, value int) {
		files := []engine.CardFile{{Name: "x.yaml", Data: []byte(text)}}
		if _, err := cardpool.NumberFields(files, "Imp"); err != nil || !fieldName.MatchString(field) {
			return // a field is a card file's key, as the schema names them
		}
		out, err := cardpool.EditCards(files, map[string]map[string]any{"Imp": {field: value, strings.ToUpper(field): value}})
		if err != nil {
			return
		}
		got, err := cardpool.NumberFields([]engine.CardFile{{Name: "x.yaml", Data: out[0].Data}}, "Imp")
		if err != nil {
			t.Fatalf("the edited file does not read: %v\n%s", err, out[0].Data)
		}
		for _, s := range got {
			if strings.EqualFold(s.Name, field) && s.Value != value {
				t.Fatalf("%s reads %d, want %d:\n%s", s.Name, s.Value, value, out[0].Data)
			}
		}
	})
}
