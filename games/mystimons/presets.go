package mystimons

import (
	"bytes"
	"embed"
	"fmt"
	"path"
	"slices"
	"strings"

	"kartenwerk/engine"
)

//go:embed decks/*.txt
var deckFiles embed.FS

// shippedDecks are the shipped presets' deck lists. A package variable, so
// that it is read before the init that registers the game uses it.
var shippedDecks = func() []source {
	s, err := readSources(deckFiles, "decks", "*.txt", 0)
	if err != nil {
		panic("mystimons: shipped presets: " + err.Error())
	}
	return s
}()

// newGame makes the game of a card pool and the preset deck lists. Every
// preset is checked against the pool, since changed cards can make one
// illegal.
func newGame(p *Pool, files, decks []source) (*Game, error) {
	g := &Game{pool: p, files: files, decks: decks}
	layers, probs := g.readPresets()
	for i, d := range g.presets {
		ps := g.ValidateDeck(d)
		if layers[i] == 0 {
			ps = illegalPreset(d, ps)
		}
		probs = append(probs, ps...)
	}
	if len(probs) > 0 {
		return nil, probs
	}
	slices.SortFunc(g.presets, func(a, b engine.DeckList) int { return strings.Compare(a.Name, b.Name) })
	for _, d := range g.presets {
		var defs []uint8
		for _, name := range d.Cards("") {
			defs = append(defs, uint8(p.byName[strings.ToLower(name)]))
		}
		g.presetDefs = append(g.presetDefs, defs)
	}
	g.priors = priorsOf(g.presetDefs, len(p.defs))
	return g, nil
}

// readPresets parses g.decks into g.presets and returns the layer each
// preset comes from. A list of a later layer replaces the preset of its
// name (the `name:` line, else the file name), so that a designer can fix
// a shipped preset that changed cards break; one name twice in a layer is
// an error.
func (g *Game) readPresets() ([]int, engine.Problems) {
	var probs engine.Problems
	var layers []int
	for _, src := range g.decks {
		d, err := engine.ParseDeckList(src.name, strings.TrimSuffix(path.Base(src.name), ".txt"), bytes.NewReader(src.data))
		if err != nil {
			probs = append(probs, asProblems(err)...)
			continue
		}
		i := slices.IndexFunc(g.presets, func(p engine.DeckList) bool { return strings.EqualFold(p.Name, d.Name) })
		switch {
		case i < 0:
			g.presets = append(g.presets, d)
			layers = append(layers, src.layer)
		case layers[i] < src.layer:
			g.presets[i], layers[i] = d, src.layer
		default:
			probs = append(probs, engine.Problem{File: src.name, Subject: d.Name,
				Msg: "a preset of this name is already given in " + g.presets[i].Source, Fix: "give each deck list its own `name:`"})
		}
	}
	return layers, probs
}

// illegalPreset explains the problems of a shipped preset under changed
// cards. The shipped list is not the designer's to edit, so the fix says
// how to change the cards or replace the list.
func illegalPreset(d engine.DeckList, ps []engine.Problem) []engine.Problem {
	for i := range ps {
		ps[i].Msg = "the shipped preset " + d.Name + " becomes illegal: " + ps[i].Msg
		ps[i].Fix = fmt.Sprintf("keep the cards this preset uses legal in it, give your card a new name so that it is added rather than replacing the shipped one, or put a deck list with `name: %s` beside your cards to replace the preset", d.Name)
	}
	return ps
}

// Presets lists the preset decks: the shipped ones and those added by
// WithCards, by name.
func (g *Game) Presets() []engine.DeckList { return g.presets }
