package cardpool

import (
	"bytes"
	"fmt"
	"io/fs"
	"path"
	"strings"

	"kartenwerk/engine"
)

// readPresets parses the deck lists into p.presets, a list of a later
// layer replacing the preset of its name in place, and checks every
// preset against the pool.
func (p *Pool[F, E, P]) readPresets() engine.Problems {
	var probs engine.Problems
	var layers []int // the layer of each preset
	byName := map[string]int{}
	for _, f := range p.decks {
		d, err := engine.ParseDeckList(f.Name, strings.TrimSuffix(path.Base(f.Name), ".txt"), bytes.NewReader(f.Data))
		if err != nil {
			probs = append(probs, AsProblems(err)...)
			continue
		}
		d = renamed(d, f.Layer, p.renames)
		i, seen := byName[key(d.Name)]
		switch {
		case !seen:
			byName[key(d.Name)] = len(p.presets)
			p.presets = append(p.presets, d)
			layers = append(layers, f.Layer)
		case layers[i] < f.Layer:
			p.presets[i], layers[i] = d, f.Layer
		default:
			probs = append(probs, engine.Problem{File: f.Name, Subject: d.Name,
				Msg: "a preset of this name is already given in " + p.presets[i].Source, Fix: "give each deck list its own `name:`"})
		}
	}
	top := p.topLayer()
	kept := p.presets[:0]
	for i, d := range p.presets {
		ps := p.rules.Validate(p.pool, d)
		switch {
		case len(ps) > 0 && layers[i] < top && p.leaveOut:
			continue
		case layers[i] < top:
			ps = illegalPreset(d, ps)
		}
		probs = append(probs, ps...)
		kept = append(kept, d)
	}
	p.presets = kept
	if len(probs) == 0 && p.rules.Ready != nil {
		probs = p.rules.Ready(p.pool, p.presets)
	}
	return probs
}

// illegalPreset explains the problems of a preset that changed cards make
// illegal. The list is not in the designer's directory, so the fix says
// how to change the cards or replace the list.
func illegalPreset(d engine.DeckList, ps []engine.Problem) []engine.Problem {
	for i := range ps {
		ps[i].Msg = "the preset " + d.Name + " becomes illegal with these cards: " + ps[i].Msg
		ps[i].Fix = fmt.Sprintf("keep the cards this preset uses in your files and legal in it, give a changed card a new name so that it is added rather than replacing one, or put a deck list with `name: %s` beside your cards to replace the preset", d.Name)
	}
	return ps
}

// leavingOut is a directory of card files whose presets made illegal
// are left out (LeavingOutIllegal).
type leavingOut struct{ fs.FS }

// LeavingOutIllegal wraps a directory of card files so that a game's
// WithCards leaves out the presets of earlier layers that its cards make
// illegal, where it otherwise refuses the files and says how to mend
// each. The lab uses it: its editor holds one card file and no deck list
// to mend a preset with, and a designer who removes a card plays on
// without the presets that held it. Compare the game's presets before
// and after to say which were left out, and why (ValidateDeck).
func LeavingOutIllegal(fsys fs.FS) fs.FS { return leavingOut{fsys} }
