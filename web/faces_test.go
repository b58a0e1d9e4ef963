package web_test

import (
	"io/fs"
	"regexp"
	"strings"
	"testing"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	_ "kartenwerk/games/all"
	"kartenwerk/web"
)

// looksBlock is faces.js's table of looks, one game a line group.
var (
	looksBlock = regexp.MustCompile(`(?s)\nconst looks = \{\n(.*?)\n\};`)
	gameLooks  = regexp.MustCompile(`(?s)(\w+): \{(.*?)\n  \},`)
	lookEntry  = regexp.MustCompile(`(\w+): \["(\w+)", "(\w+)"\]`)
)

// faceLooks reads faces.js's looks: by game, a key's frame and icon.
func faceLooks(t *testing.T) map[string]map[string]string {
	t.Helper()
	src, err := fs.ReadFile(web.FS, "faces.js")
	if err != nil {
		t.Fatal(err)
	}
	block := looksBlock.FindSubmatch(src)
	if block == nil {
		t.Fatal("faces.js has no table of looks")
	}
	out := map[string]map[string]string{}
	for _, g := range gameLooks.FindAllSubmatch(block[1], -1) {
		keys := map[string]string{}
		for _, e := range lookEntry.FindAllSubmatch(g[2], -1) {
			keys[string(e[1])] = string(e[2]) + " " + string(e[3])
		}
		out[string(g[1])] = keys
	}
	return out
}

// lookOf is the look faces.js's look() finds for a card: by its group,
// else by its kind's first word; "" for the neutral frame.
func lookOf(table map[string]string, c engine.CardInfo) string {
	if l, ok := table[strings.ToLower(c.Group)]; ok {
		return l
	}
	return table[strings.ToLower(strings.Fields(c.Kind + " ")[0])]
}

// TestEveryCardHasItsFace: every card of every game with a table of looks
// in faces.js finds its frame and icon by its kind's or group's id, and
// the English words the table page reads its cards in (a Micro-Life kind
// "Pathogen – Bacterium") find the same one.
func TestEveryCardHasItsFace(t *testing.T) {
	looks := faceLooks(t)
	if len(looks) < 5 {
		t.Fatalf("faces.js has looks for %d games: %v", len(looks), looks)
	}
	for _, g := range engine.Games() {
		table, ok := looks[g.Info().ID]
		sp, speaks := g.(engine.Speaker)
		if !ok || !speaks {
			continue
		}
		english := sp.CardsIn(i18n.EN)
		for i, c := range g.Cards() {
			byID := lookOf(table, c)
			if byID == "" {
				t.Errorf("%s %s: kind %q, group %q have no look in faces.js", g.Info().ID, c.Name, c.Kind, c.Group)
			} else if said := lookOf(table, english[i]); said != byID {
				t.Errorf("%s %s: the page reads it as %q/%q, which looks %q, not %q as its ids", g.Info().ID, c.Name, english[i].Kind, english[i].Group, said, byID)
			}
		}
	}
}
