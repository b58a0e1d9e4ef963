package lab

import (
	"errors"
	"fmt"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/sim"
	"kartenwerk/sim/tune"
)

// sliderRange is the range the page's sliders offer for a field whose
// value is now value (web/lab.js rangeAround): ten either side, below zero
// only for a field that is, within the field's bounds.
func sliderRange(value int, lim fieldLimit) (lo, hi int) {
	lo, hi = value-10, value+10
	if value >= 0 {
		lo = max(lo, 0)
	}
	if lim.Min != nil {
		lo = max(lo, *lim.Min)
	}
	if lim.Max != nil {
		hi = min(hi, *lim.Max)
	}
	return lo, hi
}

// fieldPhrase names field of game in the reader's language.
func fieldPhrase(game, field string) i18n.Phrase {
	return i18n.Phrase(func(l i18n.Lang) string { return sim.FieldIn(l, game, field) })
}

// checkBounds refuses a value of a card's field outside the bounds of
// g's card schema, naming the card, the field and the value.
func checkBounds(g engine.Game, card string, params []tune.Param) error {
	sch := schemaOf(g)
	for _, p := range params {
		if p.Field == "" {
			continue
		}
		lim := sch.limit(p.Field)
		for _, v := range p.Values {
			n, ok := v.(int)
			if !ok || (lim.Min == nil || n >= *lim.Min) && (lim.Max == nil || n <= *lim.Max) {
				continue
			}
			lo, hi := "…", "…"
			if lim.Min != nil {
				lo = fmt.Sprint(*lim.Min)
			}
			if lim.Max != nil {
				hi = fmt.Sprint(*lim.Max)
			}
			return badInput("lab.err_field_range", "card", card, "field", fieldPhrase(g.Info().ID, p.Field), "value", n, "min", lo, "max", hi)
		}
	}
	return nil
}

// grid is tune.Grid, the game of every combination of the params' values
// (the first changing fastest), refusing a setting the game's cards do
// not allow with the card, its fields and values named in the reader's
// language.
func grid(g engine.Game, card string, params []tune.Param) ([]sim.Setting, error) {
	if _, ok := g.(engine.CardOverrider); !ok {
		return nil, badInput("lab.err_no_card_files", "game", g.Info().Name)
	}
	if err := checkBounds(g, card, params); err != nil {
		return nil, err
	}
	out, err := tune.Grid(g, params)
	if err != nil {
		failing := params
		if se, ok := errors.AsType[*tune.SettingError](err); ok {
			failing = se.Params
		}
		return nil, settingError(g, card, failing, err)
	}
	return out, nil
}

// settingError is err, met building g with the single values of params,
// as a refusal naming the card and each field with its value in the
// reader's language, with the game's problems listed under it (in that
// language where the game words them), without the lines of the game's
// own files, which the designer did not write.
func settingError(g engine.Game, card string, params []tune.Param, err error) *Error {
	var ps engine.Problems
	if !errors.As(err, &ps) {
		return asError(err)
	}
	id := g.Info().ID
	setting := i18n.Phrase(func(l i18n.Lang) string {
		var parts []string
		for _, p := range params {
			parts = append(parts, fmt.Sprintf("%s %v", sim.FieldIn(l, id, p.Field), p.Values[0]))
		}
		return strings.Join(parts, ", ")
	})
	e := badInput("lab.err_setting", "card", card, "setting", setting)
	for _, p := range ps {
		p.File, p.Line = "", 0
		e.deck = append(e.deck, p)
	}
	e.words = catalogOf(g)
	return e
}

// SweepChoice is the sweep the page starts from: a card's field and the
// values around its value now that the game's cards allow.
type SweepChoice struct {
	Card  string `json:"card"`
	Field string `json:"field"`
	From  int    `json:"from"`
	To    int    `json:"to"`
}

// defaultSweep is the first field of the cards offered, in their order,
// whose values two either side of its value now (within its bounds) all
// make a game that plays; nil if none does. It is kept by game and
// language (the order of the cards is the language's), since the lab's
// games do not change.
func (lb *Lab) defaultSweep(g engine.Game, l i18n.Lang, cards []SweepCard) *SweepChoice {
	key := fmt.Sprintf("%s/%d", g.Info().ID, l)
	if v, ok := lb.sweeps.Load(key); ok {
		return v.(*SweepChoice)
	}
	var out *SweepChoice
	sch := schemaOf(g)
	for _, c := range cards {
		for _, f := range c.Fields {
			lo, hi := sliderRange(f.Value, sch.limit(f.Field))
			from, to := max(lo, f.Value-2), min(hi, f.Value+2)
			if to-from < 1 {
				continue
			}
			if _, err := grid(g, c.Name, []tune.Param{{Card: c.Name, Field: f.Field, Values: valuesFrom(from, to)}}); err != nil {
				continue
			}
			out = &SweepChoice{Card: c.Name, Field: f.Field, From: from, To: to}
			break
		}
		if out != nil {
			break
		}
	}
	lb.sweeps.Store(key, out)
	return out
}
