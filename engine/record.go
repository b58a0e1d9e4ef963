package engine

import "fmt"

// Record is a whole game as data: the setup and every action taken, in
// text form. Replaying it gives the same state, so it is how games are
// stored, resumed and watched again.
type Record struct {
	Setup   Setup    `json:"setup"`
	Actions []string `json:"actions"`
	// Hash is the state's Hash after the last action, to check replays.
	Hash uint64 `json:"hash,omitempty"`
}

// Append plays a on s and, if it was legal, adds it to the record.
func (r *Record) Append(g Game, s State, a Action) error {
	if err := s.Apply(a); err != nil {
		return err
	}
	r.Actions = append(r.Actions, g.Info().Actions.Format(a))
	r.Hash = s.Hash()
	return nil
}

// Replay rebuilds the state a record describes. If the record has a Hash,
// the final state must match it.
func Replay(g Game, r Record) (State, error) {
	s, err := NewAt(g, r.Setup)
	if err != nil {
		return nil, err
	}
	codec := g.Info().Actions
	for i, text := range r.Actions {
		a, err := codec.Parse(text)
		if err != nil {
			return nil, fmt.Errorf("record action %d %q: %w", i+1, text, err)
		}
		if err := s.Apply(a); err != nil {
			return nil, fmt.Errorf("record action %d %q: %w", i+1, text, err)
		}
	}
	if r.Hash != 0 && s.Hash() != r.Hash {
		return nil, fmt.Errorf("replay ended at hash %016x, the record says %016x: the rules or cards have changed since it was recorded", s.Hash(), r.Hash)
	}
	return s, nil
}

// NewGame looks up the setup's game and starts it.
func NewGame(setup Setup) (Game, State, error) {
	g, err := Lookup(setup.Game)
	if err != nil {
		return nil, nil, err
	}
	s, err := NewAt(g, setup)
	return g, s, err
}
