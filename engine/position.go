package engine

import (
	"fmt"
	"strings"
)

// Positioner is a Game that can start from an explicit position rather
// than a fresh deal: scenario files and rule tests set up the exact table
// they need with it.
type Positioner interface {
	// FromPosition builds a state from the setup (game, seats, seed,
	// variant; decks may be empty) and the position. Unknown zone, counter
	// or card names are Problems naming the position's line.
	FromPosition(setup Setup, p Position) (State, error)
}

// Position describes a table explicitly. Zone, counter, status and
// property names are each game's own (the names its View uses).
type Position struct {
	// Active is whose turn it is; Turn and Round the game's counters.
	Active Seat           `yaml:"active" json:"active"`
	Turn   int            `yaml:"turn" json:"turn,omitempty"`
	Round  int            `yaml:"round" json:"round,omitempty"`
	Phase  string         `yaml:"phase" json:"phase,omitempty"`
	Seats  []SeatPosition `yaml:"seats" json:"seats"`
	// Shared zones: a market, a stack, a gene pool.
	Shared map[string][]CardSpec `yaml:"shared" json:"shared,omitempty"`
	// Props are game-specific settings of the whole table.
	Props map[string]string `yaml:"props" json:"props,omitempty"`
}

// SeatPosition is one seat's part of a Position.
type SeatPosition struct {
	// Zones lists each zone's cards in the order its View shows them (the
	// top of a pile first).
	Zones    map[string][]CardSpec `yaml:"zones" json:"zones,omitempty"`
	Counters map[string]int        `yaml:"counters" json:"counters,omitempty"`
	// Props are game-specific settings ("colours: red,blue,green").
	Props map[string]string `yaml:"props" json:"props,omitempty"`
}

// CardSpec is one card of a Position. In YAML it is either the card's
// name alone or a mapping with its state.
type CardSpec struct {
	Card string `yaml:"card" json:"card"`
	// ID fixes the card's id; 0 lets the game number it (ids given this
	// way start at 1, so a fixed id must be positive).
	ID       int            `yaml:"id" json:"id,omitempty"`
	Status   []string       `yaml:"status" json:"status,omitempty"`
	Counters map[string]int `yaml:"counters" json:"counters,omitempty"`
	Attached []CardSpec     `yaml:"attached" json:"attached,omitempty"`
	// Owner, for a card held by a seat that does not own it (stolen);
	// p1, p2...; empty means the zone's seat.
	Owner string `yaml:"owner" json:"owner,omitempty"`
}

// UnmarshalYAML accepts a bare card name as well as a full mapping.
func (c *CardSpec) UnmarshalYAML(unmarshal func(any) error) error {
	var name string
	if err := unmarshal(&name); err == nil {
		*c = CardSpec{Card: name}
		return nil
	}
	type plain CardSpec
	var p plain
	if err := unmarshal(&p); err != nil {
		return err
	}
	if strings.TrimSpace(p.Card) == "" {
		return fmt.Errorf("a card needs a name: write `card: NAME`")
	}
	*c = CardSpec(p)
	return nil
}

// HasStatus reports whether the spec lists the flag.
func (c CardSpec) HasStatus(flag string) bool {
	for _, s := range c.Status {
		if s == flag {
			return true
		}
	}
	return false
}
