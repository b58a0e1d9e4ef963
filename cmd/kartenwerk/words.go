package main

import (
	"embed"
	"fmt"
	"strings"

	"kartenwerk/engine"
	"kartenwerk/engine/i18n"
)

//go:embed messages/*.yaml
var cliFiles embed.FS

// cliWords are the terminal's own words.
var cliWords = i18n.MustLoad("terminal words", cliFiles, "messages", i18n.Shared)

// langFlag is the --lang flag: the language of everything printed for
// people (card texts, the table, prompts, actions).
var langFlag string

// speech is how the terminal speaks: in one language, with a game's
// words where the game has them.
type speech struct {
	l    i18n.Lang
	game *i18n.Catalog // nil for a game that speaks only English
	// players names the seats as a player does ("Spieler 2"), where the
	// tools for designers name them as actions and flags do ("p2").
	players bool
}

// flagLang is the --lang language, English when not given.
func flagLang() (i18n.Lang, error) {
	if langFlag == "" {
		return i18n.EN, nil
	}
	l, err := i18n.Parse(langFlag)
	if err != nil {
		return l, fmt.Errorf("--lang: %w", err)
	}
	return l, nil
}

// speechFor is the --lang language with g's words.
func speechFor(g engine.Game) (speech, error) {
	sp := speech{}
	l, err := flagLang()
	if err != nil {
		return sp, err
	}
	sp.l = l
	if s, ok := g.(engine.Speaker); ok {
		sp.game = s.Catalog()
	}
	return sp, nil
}

// T is a terminal message.
func (sp speech) T(key string, kv ...any) string { return cliWords.T(sp.l, key, kv...) }

// word is a name a view carries (kind "zone", "stat", "status" ...) in
// the game's words, or the name itself where the game has none.
func (sp speech) word(kind, name string) string {
	if sp.game != nil && sp.game.Has(kind+"."+name) {
		return sp.game.T(sp.l, kind+"."+name)
	}
	return name
}

// seatNames name the seats as actions typed at the terminal do (p1, p2).
var seatNames = func() []string {
	out := make([]string, engine.MaxSeats)
	for i := range out {
		out[i] = engine.Seat(i).String()
	}
	return out
}()

// words is the engine.Words of this speech: seats are named as the
// actions name them, so "p2" in a line is the p2 one types, unless the
// speech is a player's (players): then "Player 2" in their language.
func (sp speech) words() engine.Words {
	if sp.players {
		return engine.Words{Lang: sp.l}
	}
	return engine.Words{Lang: sp.l, Names: seatNames}
}

// cards is g's card list in the speech's language.
func (sp speech) cards(g engine.Game) []engine.CardInfo {
	if s, ok := g.(engine.Speaker); ok {
		return s.CardsIn(sp.l)
	}
	return g.Cards()
}

// seat names a seat as the speech's words do: "p1", or "Player 1".
func (sp speech) seat(s engine.Seat) string { return sp.words().SeatName(s) }

// list joins names with the language's "and".
func (sp speech) list(names []string) string {
	if len(names) < 2 {
		return strings.Join(names, "")
	}
	head := strings.Join(names[:len(names)-1], ", ")
	return i18n.Shared.T(sp.l, "list.pair", "a", head, "b", names[len(names)-1])
}
