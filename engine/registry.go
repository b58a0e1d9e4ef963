package engine

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

var registry struct {
	sync.RWMutex
	games map[string]Game
}

// Register makes a game available by its Info().ID. Game packages call it
// from init; registering one id twice panics.
func Register(g Game) {
	registry.Lock()
	defer registry.Unlock()
	if registry.games == nil {
		registry.games = map[string]Game{}
	}
	id := g.Info().ID
	if _, dup := registry.games[id]; dup {
		panic("engine: game " + id + " registered twice")
	}
	registry.games[id] = g
}

// Lookup finds a registered game by id.
func Lookup(id string) (Game, error) {
	registry.RLock()
	defer registry.RUnlock()
	if g, ok := registry.games[strings.ToLower(id)]; ok {
		return g, nil
	}
	return nil, fmt.Errorf("unknown game %q: the games are %s", id, strings.Join(gameIDs(), ", "))
}

// NameOf is the name of the game with id ("Mystic Elements"), or the id
// itself for a game that is not registered.
func NameOf(id string) string {
	if g, err := Lookup(id); err == nil {
		return g.Info().Name
	}
	return id
}

// Games lists the registered games by id.
func Games() []Game {
	registry.RLock()
	defer registry.RUnlock()
	out := make([]Game, 0, len(registry.games))
	for _, id := range gameIDs() {
		out = append(out, registry.games[id])
	}
	return out
}

func gameIDs() []string {
	ids := make([]string, 0, len(registry.games))
	for id := range registry.games {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	return ids
}
