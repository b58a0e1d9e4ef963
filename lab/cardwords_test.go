package lab

import (
	"net/http"
	"strings"
	"testing"
)

// A mistake in the edited card file is said in the page's language: the
// card and its field in the game's words, what is expected, and a fix
// the page lets one make; no YAML path, no command, no English.
func TestCardFileMistakesAreSaidInThePagesLanguage(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	for _, tc := range []struct {
		lang, game, file, old, new string
		line                       int
		want                       []string // in subject, message and fix, in order
	}{
		{"de", "mystimons", "earth.yaml", "hp: 40,", "hp: vierzig,", 4,
			[]string{"Terrix · HP", "HP muss eine ganze Zahl sein, nicht Text", "von 1 bis 999"}},
		{"cs", "mystimons", "earth.yaml", "hp: 40,", "hp: vierzig,", 4,
			[]string{"Terrix", "očekává se celé číslo", "od 1 do 999"}},
		{"de", "mystimons", "earth.yaml", "spd: 4, basic: Pebble", "spd: 4, spde: 3, basic: Pebble", 4,
			[]string{"Terrix", "„spde“ gibt es nicht", "meintest du spd?", "hp (HP)"}},
		{"de", "mystimons", "earth.yaml", `abilities: ["Rock Throw (1): power +3"]}`, `abilities: ["Rock Throw (1): power +3"]`, 6,
			[]string{"nicht lesen", "Komma"}},
		{"de", "athernum", "ember.yaml", "    faction: ember", "      faction: ember", 4,
			[]string{"nicht lesen", "eingerückt"}},
		{"de", "athernum", "ember.yaml", "    cost: 3", "    cost: -5", 6,
			[]string{"Ember Warlord · Kosten", "kann nicht -5 sein", "von 0 bis 9"}},
		{"cs", "microlife", "market.yaml", "cost: 2, stats: 2/1, copies: 2, keywords: [Schnell]}", "cost: -5, stats: 2/1, copies: 2, keywords: [Schnell]}", 5,
			[]string{"Streptokokken", "nemůže být -5", "od 0 do 20"}},
		{"de", "zynalith", "creatures.yaml", "{name: Sumpfratte, kind: creature", "{name: Sumpfratte, kind: wesen", 4,
			[]string{"Sumpfratte", "„wesen“", "creature, property, spell"}},
		{"de", "mysticelements", "red.yaml", "{name: Ember Imp, type: unit, cost: 1", "{name: Ember Imp, type: unit, cost: eins", 6,
			[]string{"Ember Imp · Kosten", "ganze Zahl", "von 0 bis 9"}},
	} {
		c.lang = tc.lang
		edited := strings.Replace(c.shippedFile(tc.game, tc.file), tc.old, tc.new, 1)
		status, eb := c.do("POST", "/api/lab/check", CheckRequest{Game: tc.game, CardFile: tc.file, Cards: edited}, nil)
		if status != http.StatusBadRequest || len(eb.Problems) != 1 {
			t.Errorf("%s %s: %d %+v, want one problem", tc.game, tc.new, status, eb.Problems)
			continue
		}
		p := eb.Problems[0]
		said := p.Subject + " | " + p.Message + " | " + p.Fix
		if p.Line != tc.line {
			t.Errorf("%s %s: at line %d, want %d", tc.game, tc.new, p.Line, tc.line)
		}
		rest := said
		for _, w := range tc.want {
			i := strings.Index(rest, w)
			if i < 0 {
				t.Errorf("%s %s (%s): %q lacks %q", tc.game, tc.new, tc.lang, said, w)
				break
			}
			rest = rest[i+len(w):]
		}
		for _, bad := range []string{"$.", "kartenwerk", "got ", "want ", "unknown", "out of range", "must be", "is not allowed", "use one of"} {
			if strings.Contains(said, bad) {
				t.Errorf("%s %s (%s): %q says %q", tc.game, tc.new, tc.lang, said, bad)
			}
		}
	}
}

// A file that does not decode is all that is said: neither that it
// leaves out the cards of the game's file of its name, nor what the
// game then lacks (a colour's cards, the market's).
func TestAFileThatDoesNotReadMakesNoOtherProblems(t *testing.T) {
	_, srv := testLab(t, Limits{})
	c := newClient(t, srv, "")
	for _, tc := range []struct{ game, file, old, new string }{
		{"athernum", "ember.yaml", "    faction: ember", "      faction: ember"},
		{"mystimons", "earth.yaml", `abilities: ["Rock Throw (1): power +3"]}`, `abilities: ["Rock Throw (1): power +3"]`},
		{"zynalith", "creatures.yaml", "init: 5, atk: 1", "init: 5, atk: 1]"},
		{"mysticelements", "red.yaml", "{name: Ember Imp, type: unit, cost: 1", "{name: Ember Imp, type: unit, cost: eins"},
		{"microlife", "market.yaml", "cost: 2, stats: 2/1, copies: 2, keywords: [Schnell]}", "cost: zwei, stats: 2/1, copies: 2, keywords: [Schnell]}"},
	} {
		edited := strings.Replace(c.shippedFile(tc.game, tc.file), tc.old, tc.new, 1)
		_, eb := c.do("POST", "/api/lab/check", CheckRequest{Game: tc.game, CardFile: tc.file, Cards: edited}, nil)
		if len(eb.Problems) != 1 || eb.Problems[0].Line == 0 {
			t.Errorf("%s %s: %+v, want only the file's own problem, at its line", tc.game, tc.new, eb.Problems)
		}
	}
}

// A changed number shows as its field with old and new value, in the
// reader's words, and the rules text once; a card without rules text
// shows its change too.
func TestChangedCardsShowEachChangedField(t *testing.T) {
	for _, tc := range []struct {
		game, file, old, new string
		card, word, was, now string
	}{
		{"mystimons", "earth.yaml", "hp: 40,", "hp: 43,", "Terrix", "HP", "40", "43"},
		{"athernum", "ember.yaml", "    cost: 3\n    vp: 5", "    cost: 6\n    vp: 5", "Ember Warlord", "Kosten", "3", "6"},
		{"zynalith", "creatures.yaml", "{name: Sumpfratte, kind: creature, cost: 2", "{name: Sumpfratte, kind: creature, cost: 4", "Sumpfratte", "Kosten", "2", "4"},
	} {
		_, srv := testLab(t, Limits{})
		c := newClient(t, srv, "")
		c.lang = "de"
		edited := strings.Replace(c.shippedFile(tc.game, tc.file), tc.old, tc.new, 1)
		var res CheckResponse
		if status, eb := c.do("POST", "/api/lab/check", CheckRequest{Game: tc.game, CardFile: tc.file, Cards: edited}, &res); status != 200 {
			t.Fatalf("%s: %d %s %+v", tc.game, status, eb.Error, eb.Problems)
		}
		if len(res.Cards) != 1 || res.Cards[0].Name != tc.card || len(res.Cards[0].Changes) != 1 {
			t.Errorf("%s: edited cards %+v, want %s with one change", tc.game, res.Cards, tc.card)
			continue
		}
		if ch := res.Cards[0].Changes[0]; ch.Word != tc.word || ch.Was != tc.was || ch.Now != tc.now {
			t.Errorf("%s: change %+v, want %s %s → %s", tc.game, ch, tc.word, tc.was, tc.now)
		}
	}
}
