package lab

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

// maxListBytes bounds one pasted deck list, as the deck builder bounds a
// saved one.
const maxListBytes = 16 << 10

// SavedDeck is a deck an account keeps in the deck builder, as the
// workbench reads it.
type SavedDeck struct {
	Game string
	Name string
	List string
}

// ErrNoDeck is Config.SavedDeck's answer for an id the account does not
// own (another's deck is as good as none).
var ErrNoDeck = errors.New("no such deck")

// resolveSaved reads the saved decks a spec names into its pasted lists,
// so that the run keeps the lists it played (a repeat plays them again,
// whatever the deck builder holds by then). Only a logged-in account's
// own decks of the run's game are read.
func (l *Lab) resolveSaved(ctx context.Context, account string, s *Spec) error {
	if !anySet(s.Saved) {
		s.Saved = nil
		return nil
	}
	if account == "" || l.cfg.SavedDeck == nil {
		return refuse(http.StatusUnauthorized, "lab.err_saved_login")
	}
	if len(s.Saved) > l.maxSeats { // read no more decks than a table seats
		return badInput("lab.err_per_seat", "seats", max(s.Seats, 1))
	}
	// Lists and Saved each hold one for all seats or one per seat; the
	// table's check refuses other counts.
	lists := make([]string, max(len(s.Lists), len(s.Saved)))
	for i := range lists {
		lists[i] = at(s.Lists, i)
	}
	for i, id := range s.Saved {
		if id == "" {
			continue
		}
		d, err := l.cfg.SavedDeck(ctx, account, id)
		switch {
		case errors.Is(err, ErrNoDeck):
			return refuse(http.StatusNotFound, "lab.err_saved_deck", "seat", i+1)
		case err != nil:
			return err
		case d.Game != s.Game:
			return badInput("lab.err_saved_game", "seat", i+1, "deck", d.Name, "game", l.gameName(d.Game))
		}
		// The name goes last, so that the list's lines keep their numbers.
		lists[i] = strings.TrimRight(d.List, "\n") + "\nname: " + d.Name + "\n"
	}
	s.Lists, s.Saved = lists, nil
	return nil
}

func (l *Lab) gameName(id string) string {
	if g, ok := l.games[id]; ok {
		return g.Info().Name
	}
	return id
}

func anySet(xs []string) bool {
	for _, x := range xs {
		if x != "" {
			return true
		}
	}
	return false
}

// seatDecks are the decks of a run's seats: for each seat its pasted
// list, else its preset; one for all seats when one is given; none when
// the game chooses. Every list is read and checked against g, the run's
// cards (the edited ones included), and the first list with problems is
// refused with each problem at its line.
func seatDecks(g engine.Game, s Spec) ([]engine.DeckList, error) {
	if !anySet(s.Lists) {
		return presets(g, s.Decks)
	}
	n := max(len(s.Lists), len(s.Decks))
	out := make([]engine.DeckList, n)
	for seat := range n {
		d, err := seatDeck(g, s, seat)
		if err != nil {
			return nil, err
		}
		out[seat] = d
	}
	return out, nil
}

// seatDeck is one seat's deck: its pasted list, else its preset.
func seatDeck(g engine.Game, s Spec, seat int) (engine.DeckList, error) {
	list := at(s.Lists, seat)
	if list == "" {
		name := at(s.Decks, seat)
		if name == "" {
			return engine.DeckList{}, badInput("lab.err_deck_missing", "seat", seat+1)
		}
		ds, err := presets(g, []string{name})
		if err != nil {
			return engine.DeckList{}, err
		}
		return ds[0], nil
	}
	if len(list) > maxListBytes {
		return engine.DeckList{}, refuse(http.StatusRequestEntityTooLarge, "lab.err_list_size", "seat", seat+1, "max", maxListBytes>>10)
	}
	source := "seat " + itoa(seat+1)
	d, err := engine.ParseDeckList(source, "list of player "+itoa(seat+1), strings.NewReader(list))
	ps, err := engine.CheckDeck(g, d, err)
	if err != nil {
		return d, asError(err)
	}
	if len(ps) > 0 {
		e := badInput("lab.err_list", "seat", seat+1, "n", len(ps))
		e.deck = ps
		e.seat = seat + 1
		e.words = catalogOf(g)
		return d, e
	}
	return d, nil
}

// at is xs[i], the one x for all when there is one, or "".
func at(xs []string, i int) string {
	switch {
	case len(xs) == 1:
		return xs[0]
	case i < len(xs):
		return xs[i]
	}
	return ""
}

// catalogOf is the catalogue g words its deck problems in, or nil for
// the shared words.
func catalogOf(g engine.Game) *i18n.Catalog {
	if sp, ok := g.(engine.Speaker); ok {
		return sp.Catalog()
	}
	return nil
}
