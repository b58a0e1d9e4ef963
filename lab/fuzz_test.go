package lab

import (
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// FuzzCheck: whatever JSON a client sends as a run's inputs, checking it
// never panics, and a refusal is a catalogue message (never a ⟦key⟧ left
// unsaid) in every language. The seeds are the kinds of run the page
// sends: plain, precise, swept, tuned, with decks and lists.
func FuzzCheck(f *testing.F) {
	for _, seed := range []string{
		`{"game":"mysticelements","games":10,"agents":["random"]}`,
		`{"game":"mysticelements","games":10,"until_ci":2}`,
		`{"game":"athernum","games":10,"seats":3,"decks":["Ember Assault"],"mirror":true}`,
		`{"game":"mysticelements","games":10,"sweep":{"card":"Fireball","field":"cost","from":1,"to":3,"field2":"power","from2":1,"to2":2,"figure":"deck:Deepwood"}}`,
		`{"game":"mysticelements","games":10,"tune":{"params":[{"card":"Fireball","field":"cost","from":1,"to":5}],"target":50,"budget":3,"confirm":100}}`,
		`{"game":"mysticelements","games":10,"tune":{"variants":[{"key":"colours","options":["exclusive","shared"]}],"figure":"deck:Deepwood","target":50,"budget":3,"confirm":100}}`,
		`{"game":"zynalith","games":5,"lists":["1 Sumpfratte"],"variant":{"side-actions":"capped"}}`,
		`{"game":"microlife","games":5,"card_file":"market.yaml","cards":"cards: []"}`,
		// A tag before a list, on which the YAML library panics.
		`{"game":"mysticelements","games":5,"card_file":"red.yaml","cards":"cards: !000000000000\n0000000 0000"}`,
	} {
		f.Add([]byte(seed))
	}
	// A card renamed, and one removed, in copies of shipped files.
	for _, edit := range []struct{ game, file, from, to string }{
		{"mysticelements", "red.yaml", "{name: Fireball,", "{name: Firebolt,"},
		{"athernum", "ember.yaml", "  - name: Cinder Scout\n", "  - name: Cinder Scout\n    vp: 1\n"},
	} {
		text := shippedText(f, edit.game, edit.file)
		seed, _ := json.Marshal(Spec{Game: edit.game, Games: 10, CardFile: edit.file, Cards: strings.Replace(text, edit.from, edit.to, 1)})
		f.Add(seed)
	}
	l, err := New(Config{Games: engine.Games(), Who: func(http.ResponseWriter, *http.Request) (string, string) { return "", "192.0.2.1" }})
	if err != nil {
		f.Fatal(err)
	}
	f.Cleanup(l.Close)
	f.Fuzz(func(t *testing.T, body []byte) {
		var s Spec
		if json.Unmarshal(body, &s) != nil {
			return
		}
		_, err := l.check(s)
		var e *Error
		if err == nil {
			return
		}
		if !errors.As(err, &e) {
			t.Fatalf("%s: a refusal that is no catalogue message: %v", body, err)
		}
		for _, lang := range i18n.Langs {
			if msg := e.In(lang); msg == "" || strings.Contains(msg, "⟦") {
				t.Fatalf("%s: the refusal %s reads %q in %s", body, e.Key, msg, lang)
			}
		}
	})
}

// shippedText is one of a game's shipped card files, as the editor
// starts from it.
func shippedText(f *testing.F, game, file string) string {
	g, err := engine.Lookup(game)
	if err != nil {
		f.Fatal(err)
	}
	for _, c := range cardFiles(g) {
		if c.Name == file {
			return c.YAML
		}
	}
	f.Fatalf("%s has no card file %s", game, file)
	return ""
}
