package scenario

import (
	"errors"
	"fmt"

	"kartenwerk/engine"
)

// deal starts the game with Game.New, as a real game starts.
func (f *File) deal(g engine.Game) (engine.State, error) {
	seats := f.Seats
	if seats == 0 {
		seats = max(len(f.Start.Decks), g.Info().MinSeats)
	}
	setup := engine.Setup{Game: g.Info().ID, Seats: seats, Seed: f.Seed, Variant: f.Variant, First: f.Start.First}
	for k, d := range f.Start.Decks {
		list, err := f.deckList(g, d, fmt.Sprintf("$.start.decks[%d]", k))
		if err != nil {
			return nil, err
		}
		setup.Decks = append(setup.Decks, list)
	}
	s, err := g.New(setup)
	if err != nil {
		var p engine.Problem
		if errors.As(err, &p) && p.File == "" {
			p.File, p.Line = f.src.Name, f.src.Line("$.start")
			return nil, p
		}
		return nil, f.src.Problem("$.start", "start", err.Error(), "")
	}
	return s, nil
}

// formatProblem points an unknown field at the scenario format rather
// than the card schema that engine.DecodeYAML suggests.
func formatProblem(err error) error {
	var p engine.Problem
	if errors.As(err, &p) && containsFold(p.Msg, "unknown field") {
		p.Msg += " in the scenario"
		p.Fix = "check the spelling against the scenario format in docs/scenarios.md (go doc kartenwerk/engine/scenario)"
		return p
	}
	return err
}
