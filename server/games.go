package server

import (
	"fmt"
	"net/http"
	"strings"

	"kartenwerk/engine"
)

// gameSet is the games a server offers, by id. A server looks every game
// up here, never in the global registry, so a server built with a game
// whose cards were changed (kartenwerk --cards DIR serve --game ID) plays,
// resumes and replays that game with those cards.
type gameSet struct {
	list []engine.Game
	byID map[string]engine.Game
}

func newGameSet(games []engine.Game) (gameSet, error) {
	if len(games) == 0 {
		return gameSet{}, fmt.Errorf("server: Config.Games is empty: list at least one game, or leave it nil for every registered game")
	}
	gs := gameSet{list: games, byID: map[string]engine.Game{}}
	for i, g := range games {
		if g == nil {
			return gameSet{}, fmt.Errorf("server: Config.Games[%d] is nil", i)
		}
		id := g.Info().ID
		if _, dup := gs.byID[id]; dup {
			return gameSet{}, fmt.Errorf("server: Config.Games lists game %s twice: give each game once", id)
		}
		gs.byID[id] = g
	}
	return gs, nil
}

// lookup finds an offered game by its id, in any case; an unknown id is
// a 404 refusal that lists the games offered.
func (gs gameSet) lookup(id string) (engine.Game, error) {
	if g, ok := gs.byID[strings.ToLower(strings.TrimSpace(id))]; ok {
		return g, nil
	}
	return nil, refuse(http.StatusNotFound, "unknown_game", "game", id, "offers", gs.ids())
}

// stored finds the game of a stored record, or says how to serve it.
func (gs gameSet) stored(id, game string) (engine.Game, error) {
	if g, ok := gs.byID[game]; ok {
		return g, nil
	}
	return nil, &unofferedError{fmt.Sprintf("game %s is a game of %s, which this server does not offer (it offers %s): serve it with --game %s, or without --game, to open it",
		id, game, gs.ids(), game)}
}

func (gs gameSet) ids() string {
	ids := make([]string, len(gs.list))
	for i, g := range gs.list {
		ids[i] = g.Info().ID
	}
	return strings.Join(ids, ", ")
}

// unofferedError is a stored game of a game this server does not offer:
// HTTP 404, as the game cannot be opened here.
type unofferedError struct{ msg string }

func (e *unofferedError) Error() string { return e.msg }
