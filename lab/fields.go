package lab

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"sync"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
	"kartenwerk/sim"
	"kartenwerk/sim/tune"
)

// fieldLimit is the least and the most a card's number field may be, as
// the game's card schema says (nil: no bound on that side).
type fieldLimit struct {
	Min, Max *int
}

// schemaLimits caches fieldLimits by game id: a game's schema is fixed,
// whatever cards are laid over it.
var schemaLimits sync.Map // game id -> map[string]fieldLimit

// fieldLimits reads the bounds of each number field of g's cards from
// its card schema (engine.SchemaProvider): "minimum" and "maximum" of
// the properties of a card. A game without a schema has no bounds.
func fieldLimits(g engine.Game) map[string]fieldLimit {
	id := g.Info().ID
	if v, ok := schemaLimits.Load(id); ok {
		return v.(map[string]fieldLimit)
	}
	out := map[string]fieldLimit{}
	if sp, ok := g.(engine.SchemaProvider); ok {
		var schema struct {
			Properties struct {
				Cards struct {
					Items struct {
						Properties map[string]struct {
							Minimum *float64 `json:"minimum"`
							Maximum *float64 `json:"maximum"`
						} `json:"properties"`
					} `json:"items"`
				} `json:"cards"`
			} `json:"properties"`
		}
		if err := json.Unmarshal(sp.CardSchema(), &schema); err == nil {
			for field, p := range schema.Properties.Cards.Items.Properties {
				var lim fieldLimit
				if p.Minimum != nil {
					lim.Min = ptr(int(*p.Minimum))
				}
				if p.Maximum != nil {
					lim.Max = ptr(int(*p.Maximum))
				}
				if lim.Min != nil || lim.Max != nil {
					out[field] = lim
				}
			}
		}
	}
	schemaLimits.Store(id, out)
	return out
}

func ptr(n int) *int { return &n }

// limitOf is the bound of field in limits, by its key in any case.
func limitOf(limits map[string]fieldLimit, field string) fieldLimit {
	if lim, ok := limits[field]; ok {
		return lim
	}
	for k, lim := range limits {
		if strings.EqualFold(k, field) {
			return lim
		}
	}
	return fieldLimit{}
}

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
	limits := fieldLimits(g)
	for _, p := range params {
		if p.Field == "" {
			continue
		}
		lim := limitOf(limits, p.Field)
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
	points := [][]any{{}}
	for i := len(params) - 1; i >= 0; i-- {
		var next [][]any
		for _, rest := range points {
			for _, v := range params[i].Values {
				next = append(next, append([]any{v}, rest...))
			}
		}
		points = next
	}
	var out []sim.Setting
	for _, point := range points {
		one := make([]tune.Param, len(params))
		for i, p := range params {
			one[i] = p
			one[i].Values = []any{point[i]}
		}
		s, err := tune.Grid(g, one)
		if err != nil {
			return nil, settingError(g, card, one, err)
		}
		out = append(out, s...)
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
	limits := fieldLimits(g)
	for _, c := range cards {
		for _, f := range c.Fields {
			lo, hi := sliderRange(f.Value, limitOf(limits, f.Field))
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
