package cardpool

import (
	"slices"

	"kartenwerk/engine"
)

// A card renamed in a copy of its file is renamed in the presets of
// earlier layers too: a designer who renames a card means the game's
// presets to play it under its new name, and a preset naming the old one
// would otherwise become illegal, with a deck list to write for every
// preset that holds the card (in Mystic Elements, every preset of its
// colour). A card removed and another added are no rename: the presets
// naming the removed one stay illegal, and the error says how to mend
// them.

// rename is a card renamed in a file of layer: the presets of earlier
// layers name it as to.
type rename struct {
	from, to string
	layer    int
}

// renamesIn lists the cards renamed by newer files that replace files of
// the pool: at the same place in both files, a name the older file has
// and the newer one does not, for one the newer has and the older does
// not. Files whose card counts differ rename nothing.
func (p *Pool[F, E, P]) renamesIn(newer []File) []rename {
	var out []rename
	for _, n := range newer {
		if i := p.replacedBy(n); i >= 0 {
			out = append(out, renamedBetween(p.files[i].Data, n.Data, n.Layer)...)
		}
	}
	return out
}

// renamedBetween pairs the card names of an older file's text and a
// newer one's, as renamesIn says.
func renamedBetween(older, newer []byte, layer int) []rename {
	was, is := cardNames(older), cardNames(newer)
	if was == nil || is == nil || len(was) != len(is) {
		return nil
	}
	var out []rename
	for i := range was {
		if key(was[i]) != key(is[i]) && !slices.ContainsFunc(is, sameName(was[i])) && !slices.ContainsFunc(was, sameName(is[i])) {
			out = append(out, rename{from: was[i], to: is[i], layer: layer})
		}
	}
	return out
}

// cardNames lists the names of a card file's cards, in order, or nil if
// it does not read as one.
func cardNames(data []byte) []string {
	var loose struct {
		Cards []struct {
			Name string `yaml:"name"`
		} `yaml:"cards"`
	}
	if engine.YAMLUnmarshal(data, &loose) != nil {
		return nil
	}
	names := make([]string, len(loose.Cards))
	for i, c := range loose.Cards {
		names[i] = c.Name
	}
	return names
}

// sameName matches names equal to name but for case and spaces around.
func sameName(name string) func(string) bool {
	return func(s string) bool { return key(s) == key(name) }
}

// renamed gives the cards of d, a preset of layer just read, that later
// layers renamed their new names.
func renamed(d engine.DeckList, layer int, renames []rename) engine.DeckList {
	for _, r := range renames {
		for i, e := range d.Entries {
			if r.layer > layer && key(e.Card) == key(r.from) {
				d.Entries[i].Card = r.to
			}
		}
	}
	return d
}
